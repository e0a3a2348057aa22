// The GEMM reference rate: a positive, finite GFLOP/s; `rounds` rounds of about `seconds` each
// are timed (so more rounds take proportionally longer), and an unknown device is an error.
#include <QtTest>

#include <chrono>
#include <cmath>
#include <stdexcept>

#include "model/gemm_rate.h"

using namespace tpugraphs;

class TestModelGemmRate : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void measuresAPositiveRate() {
        const double rate = measureGemmGflops(4096, 64, 64, 0.02);
        QVERIFY(std::isfinite(rate));
        QVERIFY(rate > 0.1);  // any machine multiplies faster than 100 MFLOP/s
    }

    void timesTheRoundsAskedFor() {
        using Clock = std::chrono::steady_clock;
        const auto start = Clock::now();
        measureGemmGflops(1024, 64, 64, 0.05, "cpu", 6);
        const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
        QVERIFY2(seconds >= 6 * 0.05, qPrintable(QString::number(seconds)));
    }

    void rejectsAnUnknownDevice() {
        QVERIFY_THROWS_EXCEPTION(std::exception, measureGemmGflops(64, 8, 8, 0.01, "tpu"));
    }
};

QTEST_APPLESS_MAIN(TestModelGemmRate)
#include "tst_model_gemm_rate.moc"
