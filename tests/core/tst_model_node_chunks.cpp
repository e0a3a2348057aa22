// forNodeChunks, the fused kernels' work sharing: on 1, 2 and 3 threads every chunk runs once,
// each lane gets chunks l, l + lanes, ... in that order and never runs on two threads at once
// (which is what makes a run reproducible), and an exception from one chunk reaches the caller
// instead of leaving the other threads waiting for its lane.
#include <QtTest>

#include <atomic>
#include <mutex>
#include <stdexcept>
#include <vector>

#include "model/node_chunks.h"

using namespace tpugraphs;

class TestModelNodeChunks : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init() { m_threads = at::get_num_threads(); }
    void cleanup() { at::set_num_threads(m_threads); }

    void dealsEveryChunkOnceInLaneOrder_data() {
        QTest::addColumn<int>("threads");
        QTest::newRow("1 thread") << 1;
        QTest::newRow("2 threads") << 2;
        QTest::newRow("3 threads") << 3;
    }

    void dealsEveryChunkOnceInLaneOrder() {
        QFETCH(int, threads);
        at::set_num_threads(threads);
        const int lanes = chunkLanes();
        QCOMPARE(lanes, threads == 1 ? 1 : 2 * threads);
        const int64_t nodes = 1000, chunk = 7, chunks = (nodes + chunk - 1) / chunk;
        std::vector<std::vector<int64_t>> starts(lanes);  // per lane: its chunks' first nodes
        std::vector<std::atomic<int>> running(lanes);
        std::atomic<bool> overlapped{false};
        std::vector<std::atomic<int>> visits(nodes);
        forNodeChunks(nodes, chunk, [&](int64_t n0, int64_t n1, int lane) {
            if (running[lane].fetch_add(1) != 0) overlapped = true;
            starts[lane].push_back(n0);
            for (int64_t n = n0; n < n1; ++n) ++visits[n];
            running[lane].fetch_sub(1);
        });
        QVERIFY(!overlapped);
        for (int64_t n = 0; n < nodes; ++n) QCOMPARE(visits[n].load(), 1);
        for (int lane = 0; lane < lanes; ++lane) {
            std::vector<int64_t> expected;
            for (int64_t c = lane; c < chunks; c += lanes) expected.push_back(c * chunk);
            QCOMPARE(starts[lane], expected);
        }
    }

    void anExceptionReachesTheCaller() {
        at::set_num_threads(2);
        std::atomic<int> ran{0};
        bool thrown = false;
        try {
            forNodeChunks(1000, 10, [&](int64_t n0, int64_t, int) {
                ++ran;
                if (n0 == 50) throw std::runtime_error("chunk 5 failed");
            });
        } catch (const std::exception& e) {
            thrown = QString(e.what()).contains("chunk 5 failed");
        }
        QVERIFY(thrown);
        QVERIFY(ran.load() < 100);  // the others stopped instead of running every chunk
    }

private:
    int m_threads = 1;
};

QTEST_GUILESS_MAIN(TestModelNodeChunks)
#include "tst_model_node_chunks.moc"
