// The BLAS kernel decision on recorded cases (OpenBLAS's kernel, the CPU's features, the user's
// settings) and the CPU facts it reads: select only for a generic fallback on a better CPU.
#include <QtTest>

#include "base/blas_kernel_choice.h"
#include "base/cpu_features.h"

using tpugraphs::BlasKind;
using tpugraphs::CpuFeatures;

Q_DECLARE_METATYPE(BlasKind)

namespace {

CpuFeatures features(bool avx2, bool avx512, bool bf16 = false) {
    CpuFeatures cpu;
    cpu.avx2 = avx2;
    cpu.avx512 = avx512;
    cpu.avx512bf16 = bf16;
    return cpu;
}

}  // namespace

class TestBlasKernelChoice : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void decision_data() {
        QTest::addColumn<BlasKind>("kind");
        QTest::addColumn<QString>("kernel");
        QTest::addColumn<bool>("avx2");
        QTest::addColumn<bool>("avx512");
        QTest::addColumn<bool>("coreTypeSet");
        QTest::addColumn<bool>("autoSelect");
        QTest::addColumn<QString>("selected");  // empty: keep
        const auto dynamic = BlasKind::OpenBlasDynamic;
        // The case of issue 46: Debian 12's OpenBLAS on a Sapphire Rapids Xeon.
        QTest::newRow("Prescott fallback, AVX-512")
            << dynamic << "Prescott" << true << true << false << true << "SkylakeX";
        QTest::newRow("Prescott fallback, AVX2 only")
            << dynamic << "Prescott" << true << false << false << true << "Haswell";
        QTest::newRow("fallback spelled in lower case")
            << dynamic << "prescott" << true << false << false << true << "Haswell";
        QTest::newRow("Nehalem on an AVX2 CPU")
            << dynamic << "Nehalem" << true << false << false << true << "Haswell";
        QTest::newRow("user set OPENBLAS_CORETYPE")
            << dynamic << "Prescott" << true << true << true << true << "";
        QTest::newRow("turned off")
            << dynamic << "Prescott" << true << true << false << false << "";
        QTest::newRow("another BLAS")
            << BlasKind::Other << "unknown" << true << true << false << true << "";
        QTest::newRow("OpenBLAS built for one CPU")
            << BlasKind::OpenBlasOneCpu << "Prescott" << true << true << false << true << "";
        QTest::newRow("recognised: Zen on AVX2")
            << dynamic << "Zen" << true << false << false << true << "";
        QTest::newRow("recognised: Haswell on AVX-512")
            << dynamic << "Haswell" << true << true << false << true << "";
        QTest::newRow("recognised: SkylakeX")
            << dynamic << "SkylakeX" << true << true << false << true << "";
        QTest::newRow("a CPU without AVX2")
            << dynamic << "Prescott" << false << false << false << true << "";
        QTest::newRow("a kernel name not known")
            << dynamic << "FutureLake" << true << true << false << true << "";
    }

    void decision() {
        QFETCH(BlasKind, kind);
        QFETCH(QString, kernel);
        QFETCH(bool, avx2);
        QFETCH(bool, avx512);
        QFETCH(bool, coreTypeSet);
        QFETCH(bool, autoSelect);
        QFETCH(QString, selected);
        tpugraphs::BlasKernelInputs inputs;
        inputs.kind = kind;
        inputs.kernel = kernel.toStdString();
        inputs.cpu = features(avx2, avx512);
        inputs.coreTypeSet = coreTypeSet;
        inputs.autoSelect = autoSelect;
        const tpugraphs::BlasKernelDecision decision = tpugraphs::chooseBlasKernel(inputs);
        QCOMPARE(QString::fromStdString(decision.kernel), selected);
        QCOMPARE(decision.selects(), !selected.isEmpty());
        QVERIFY(!decision.reason.empty());
        if (decision.selects())
            QVERIFY2(tpugraphs::isOpenBlasKernelName(decision.kernel), decision.kernel.c_str());
    }

    void theReasonSaysWhy() {
        tpugraphs::BlasKernelInputs inputs;
        inputs.kind = BlasKind::OpenBlasDynamic;
        inputs.kernel = "Prescott";
        inputs.cpu = features(true, true, true);
        QCOMPARE(QString::fromStdString(tpugraphs::chooseBlasKernel(inputs).reason),
                 QString("generic Prescott kernels on an AVX-512 CPU"));
        inputs.coreTypeSet = true;
        QCOMPARE(QString::fromStdString(tpugraphs::chooseBlasKernel(inputs).reason),
                 QString("OPENBLAS_CORETYPE is set"));
    }

    void kernelNames() {
        for (const char* name : {"Prescott", "haswell", "SKYLAKEX", "Cooperlake", "Zen", "armv8"})
            QVERIFY2(tpugraphs::isOpenBlasKernelName(name), name);
        for (const char* name : {"", "unknown kernel", "Skylake"})
            QVERIFY2(!tpugraphs::isOpenBlasKernelName(name), name);
    }

    // This CPU's facts: a model name, and features that imply each other as the hardware does.
    void thisCpu() {
        QVERIFY(!tpugraphs::cpuModel().empty());
        const CpuFeatures cpu = tpugraphs::cpuFeatures();
        if (cpu.avx512) QVERIFY(cpu.avx2);
        if (cpu.avx512bf16) QVERIFY(cpu.avx512);
        const QString text = QString::fromStdString(tpugraphs::cpuFeaturesText(cpu));
        QCOMPARE(text.contains("AVX-512"), cpu.avx512);
        QCOMPARE(text == "no AVX2", !cpu.avx2);
        qInfo("%s: %s", tpugraphs::cpuModel().c_str(), qPrintable(text));
    }
};

QTEST_GUILESS_MAIN(TestBlasKernelChoice)
#include "tst_base_blas_kernel_choice.moc"
