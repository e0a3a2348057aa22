// The BLAS report of a process that runs LibTorch: the library behind its matrix products, the
// kernels OpenBLAS runs (a name from OpenBLAS's list, the one its configuration names), the CPU,
// and the two lines `--version` prints.
#include <QRegularExpression>
#include <QtTest>

#include "base/blas_report.h"
#include "model/torch_build_info.h"

class TestBlasReport : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        // LibTorch (and the BLAS it links) is part of this process.
        QVERIFY(!tpugraphs::torchBuildInfo().libtorchVersion.empty());
    }

    void theLibraryLibTorchCalls() {
        const tpugraphs::BlasReport report = tpugraphs::blasReport();
        // LibTorch links libblas.so.3, so dgemm_ is always found.
        QVERIFY2(QString::fromStdString(report.libraryPath).contains("blas"),
                 report.libraryPath.c_str());
        QVERIFY(!report.library.empty());
        if (report.libraryPath.find("openblas") == std::string::npos) {
            // Another BLAS serves the products (Debian's BLIS through the alternative).
            QCOMPARE(report.kind, tpugraphs::BlasKind::Other);
            QCOMPARE(QString::fromStdString(report.kernel), QString("unknown"));
            return;
        }
        QVERIFY(report.kind != tpugraphs::BlasKind::Other);
        QVERIFY2(QRegularExpression("^OpenBLAS \\d+\\.\\d+\\.\\d+")
                     .match(report.library.c_str())
                     .hasMatch(),
                 report.library.c_str());
        QVERIFY2(tpugraphs::isOpenBlasKernelName(report.kernel), report.kernel.c_str());
        // openblas_get_config() ends in the kernel: "... DYNAMIC_ARCH NO_AFFINITY Zen MAX_...".
        QVERIFY2(report.config.find(" " + report.kernel + " ") != std::string::npos,
                 report.config.c_str());
        QCOMPARE(report.kind == tpugraphs::BlasKind::OpenBlasDynamic,
                 report.config.find("DYNAMIC_ARCH") != std::string::npos);
    }

    // Run as a test, with no selection made: OpenBLAS's own kernels, said as such.
    void theKernelIsTheLibrarysOwn() {
        if (qEnvironmentVariableIsSet("TPUGRAPHS_BLAS_SELECTED"))
            QSKIP("run under a selection made by a parent process");
        const tpugraphs::BlasReport report = tpugraphs::blasReport();
        QVERIFY(report.chosenByLibrary.empty());
        QVERIFY(QString::fromStdString(tpugraphs::blasText(report))
                    .endsWith(QString::fromStdString("kernel " + report.kernel)));
    }

    void theCpu() {
        const tpugraphs::BlasReport report = tpugraphs::blasReport();
        QVERIFY(!report.cpuModel.empty());
        QVERIFY(report.cores >= 1);
        const QStringList lines =
            QString::fromStdString(tpugraphs::blasReportText(report)).split('\n');
        QCOMPARE(lines.size(), 2);
        QVERIFY2(lines[0].startsWith("BLAS: " + QString::fromStdString(report.library)),
                 qPrintable(lines[0]));
        QVERIFY2(lines[1].startsWith("CPU: " + QString::fromStdString(report.cpuModel) + ", " +
                                     QString::number(report.cores) + " cores"),
                 qPrintable(lines[1]));
        qInfo("%s", tpugraphs::blasReportText(report).c_str());
    }
};

QTEST_GUILESS_MAIN(TestBlasReport)
#include "tst_model_blas_report.moc"
