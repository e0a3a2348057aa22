// The LibTorch and CUDA facts About shows: the version built against, the thread count LibTorch
// uses, and CUDA facts that agree with each other (the BLAS: tst_model_blas_report).
#include <QRegularExpression>
#include <QtTest>

#include <ATen/Parallel.h>
#include <torch/version.h>

#include "model/torch_build_info.h"

class TestTorchBuildInfo : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void versionAndThreads() {
        at::set_num_threads(2);
        const tpugraphs::TorchBuildInfo info = tpugraphs::torchBuildInfo();
        QCOMPARE(QString::fromStdString(info.libtorchVersion), QString(TORCH_VERSION));
        QVERIFY(QRegularExpression("^\\d+\\.\\d+").match(info.libtorchVersion.c_str()).hasMatch());
        QCOMPARE(info.intraOpThreads, 2);
        QVERIFY(info.parallelBackend == "OpenMP" || info.parallelBackend == "native threads");
    }

    void cudaFactsAgree() {
        const tpugraphs::TorchBuildInfo info = tpugraphs::torchBuildInfo();
        if (!info.cudaBuilt) {
            QVERIFY(info.cudaRuntime.empty());
            QCOMPARE(info.cudaDevices, 0);
        } else {
            QVERIFY2(QRegularExpression("^\\d+\\.\\d+$").match(info.cudaRuntime.c_str()).hasMatch(),
                     info.cudaRuntime.c_str());
            QVERIFY(info.cudaDevices >= 0);
        }
    }
};

QTEST_GUILESS_MAIN(TestTorchBuildInfo)
#include "tst_model_torch_build_info.moc"
