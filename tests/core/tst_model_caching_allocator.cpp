// The caching CPU allocator behind LibTorch: a freed large block serves the next request it fits
// (the smallest such block, at most twice the request), the cap bounds what is kept, small
// blocks are not kept, and releasing the cache empties it.
#include <QtTest>

#include <ATen/ATen.h>

#include "model/caching_cpu_allocator.h"

using namespace tpugraphs;

namespace {

constexpr int64_t kKiB = 1024;

// A float tensor of `bytes` bytes from LibTorch's CPU allocator.
at::Tensor block(int64_t bytes) {
    return at::empty({bytes / int64_t(sizeof(float))}, at::kFloat);
}

const void* address(const at::Tensor& t) {
    return t.data_ptr();
}

}  // namespace

class TestModelCachingAllocator : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init() {
        installCachingCpuAllocator(size_t(64) << 20);
        releaseCachedCpuMemory();
    }
    void cleanupTestCase() { releaseCachedCpuMemory(); }

    void reusesAFreedBlockForASmallerRequest() {
        at::Tensor big = block(1024 * kKiB);
        const void* freed = address(big);
        big.reset();
        const at::Tensor smaller = block(600 * kKiB);
        QCOMPARE(address(smaller), freed);
    }

    void keepsABlockFromARequestUnderHalfItsSize() {
        at::Tensor big = block(1024 * kKiB);
        const void* freed = address(big);
        big.reset();
        const at::Tensor small = block(300 * kKiB);
        QVERIFY(address(small) != freed);
        // The big block is still kept for a request it fits.
        const at::Tensor again = block(1024 * kKiB);
        QCOMPARE(address(again), freed);
    }

    void takesTheSmallestBlockThatFits() {
        at::Tensor large = block(1800 * kKiB), medium = block(1000 * kKiB);
        const void* mediumAddress = address(medium);
        const void* largeAddress = address(large);
        large.reset();
        medium.reset();
        const at::Tensor first = block(950 * kKiB);
        QCOMPARE(address(first), mediumAddress);
        const at::Tensor second = block(950 * kKiB);
        QCOMPARE(address(second), largeAddress);
    }

    void keepsWhatTheCapAllows() {
        at::Tensor big = block(2048 * kKiB);
        big.reset();
        QCOMPARE(cachedCpuBytes(), size_t(2048 * kKiB));
        const at::Tensor taken = block(1500 * kKiB);
        QCOMPARE(cachedCpuBytes(), size_t(0));

        installCachingCpuAllocator(size_t(1) << 20);
        at::Tensor overCap = block(2048 * kKiB);
        overCap.reset();
        QCOMPARE(cachedCpuBytes(), size_t(0));
        at::Tensor underCap = block(512 * kKiB);
        underCap.reset();
        QCOMPARE(cachedCpuBytes(), size_t(512 * kKiB));
    }

    void smallBlocksAreNotKept() {
        at::Tensor small = block(200 * kKiB);
        small.reset();
        QCOMPARE(cachedCpuBytes(), size_t(0));
    }

    void releaseEmptiesTheCache() {
        at::Tensor a = block(1024 * kKiB), b = block(3000 * kKiB);
        a.reset();
        b.reset();
        QVERIFY(cachedCpuBytes() >= size_t(4024 * kKiB));
        releaseCachedCpuMemory();
        QCOMPARE(cachedCpuBytes(), size_t(0));
    }
};

QTEST_APPLESS_MAIN(TestModelCachingAllocator)
#include "tst_model_caching_allocator.moc"
