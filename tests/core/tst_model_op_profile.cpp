// The operator profiler: it counts each LibTorch operator run between start() and stop(), sums
// their time inside the wall time, takes an operator's callees out of its own time, records
// nothing outside that stretch, reports no GPU kernels without a GPU, and says why when it
// cannot write a trace.
#include <QtTest>

#include <ATen/ATen.h>

#include <algorithm>
#include <filesystem>

#include "model/op_profile.h"

using namespace tpugraphs;

namespace {

const OpTime* find(const std::vector<OpTime>& rows, const std::string& name) {
    const auto it =
        std::find_if(rows.begin(), rows.end(), [&](const OpTime& row) { return row.name == name; });
    return it == rows.end() ? nullptr : &*it;
}

}  // namespace

class TestModelOpProfile : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void countsTheOperatorsOfTheProfiledStretch() {
        const at::Tensor a = at::randn({256, 256});
        at::Tensor b = a.mm(a);  // before start(): not counted
        OpProfiler profiler(/*withDevices=*/true);
        QVERIFY(!profiler.running());
        profiler.start();
        QVERIFY(profiler.running());
        for (int i = 0; i < 5; ++i) b = a.mm(b).tanh();
        const OpProfile profile = profiler.stop();
        QVERIFY(!profiler.running());
        b = a.mm(b);  // after stop(): not counted

        const OpTime* mm = find(profile.cpuOperators, "aten::mm");
        QVERIFY(mm != nullptr);
        QCOMPARE(mm->calls, int64_t(5));
        QVERIFY(find(profile.cpuOperators, "aten::tanh") != nullptr);
        QVERIFY(mm->totalMs > 0);
        QVERIFY(mm->totalMs <= profile.wallMs);
        QVERIFY(profile.deviceKernels.empty());  // CPU tensors only
        QCOMPARE(profile.deviceMs, 0.0);
        for (size_t i = 1; i < profile.cpuOperators.size(); ++i)
            QVERIFY(profile.cpuOperators[i - 1].selfMs >= profile.cpuOperators[i].selfMs);
        for (const OpTime& op : profile.cpuOperators) QVERIFY(op.selfMs <= op.totalMs + 1e-9);

        const std::string text = formatOpProfile(profile, 5);
        QVERIFY(text.find("profile over 5 step(s)") != std::string::npos);
        QVERIFY(text.find("aten::mm") != std::string::npos);
        QVERIFY(text.find("GPU") == std::string::npos);
    }

    void callersTimeExcludesTheirCallees() {
        const at::Tensor a = at::randn({512, 512});
        OpProfiler profiler(false);
        profiler.start();
        for (int i = 0; i < 3; ++i) a.matmul(a);  // aten::matmul calls aten::mm
        const OpProfile profile = profiler.stop();
        const OpTime* matmul = find(profile.cpuOperators, "aten::matmul");
        const OpTime* mm = find(profile.cpuOperators, "aten::mm");
        QVERIFY(matmul && mm);
        QCOMPARE(matmul->calls, int64_t(3));
        QVERIFY(matmul->totalMs >= mm->totalMs);
        // The product's time is mm's own, not matmul's: matmul only dispatches.
        QVERIFY2(matmul->selfMs < 0.5 * mm->selfMs,
                 (std::to_string(matmul->selfMs) + " vs " + std::to_string(mm->selfMs)).c_str());
        QVERIFY(profile.cpuOperators.front().name == "aten::mm");
    }

    void writesATraceOrSaysWhyNot() {
        const std::filesystem::path path =
            std::filesystem::temp_directory_path() / "tst_model_op_profile_trace.json";
        std::filesystem::remove(path);
        OpProfiler profiler(false);
        profiler.start();
        at::randn({64, 64}).sum();
        const OpProfile profile = profiler.stop(path.string());
        if (std::filesystem::exists(path)) {
            QVERIFY(profile.traceNote.find(path.string()) != std::string::npos);
            QVERIFY(std::filesystem::file_size(path) > 0);
            std::filesystem::remove(path);
        } else {
            // Debian's LibTorch has no Kineto: the note says so, and no temporary is left.
            QVERIFY2(profile.traceNote.rfind("no trace written: ", 0) == 0,
                     profile.traceNote.c_str());
            QVERIFY(!std::filesystem::exists(path.string() + ".tmp"));
        }
    }

    void refusesAStopWithoutAStart() {
        OpProfiler profiler(false);
        QVERIFY_THROWS_EXCEPTION(std::logic_error, profiler.stop());
    }
};

QTEST_GUILESS_MAIN(TestModelOpProfile)
#include "tst_model_op_profile.moc"
