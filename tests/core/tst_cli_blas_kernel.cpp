// The start-up kernel selection, met by the CLI as a process: `--version` names the BLAS, its
// kernel and the CPU; a generic fallback (pretended with TPUGRAPHS_BLAS_ASSUME_KERNEL, since
// OpenBLAS recognises the CPUs tests run on) is replaced once, with one note; a user's
// OPENBLAS_CORETYPE, the opt-out and an inherited selection are left alone.
#include <QProcess>
#include <QtTest>

#include "base/blas_kernel_choice.h"
#include "base/cpu_features.h"
#include "cli_runner.h"

namespace {

// `tpugraphs --version` with `set` added to a clean environment (no BLAS variables).
CliRun versionWith(const QStringList& set) {
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const char* name : {"OPENBLAS_CORETYPE", "TPUGRAPHS_BLAS_SELECTED",
                             "TPUGRAPHS_BLAS_AUTOSELECT", "TPUGRAPHS_BLAS_ASSUME_KERNEL"})
        environment.remove(name);
    for (const QString& variable : set)
        environment.insert(variable.section('=', 0, 0), variable.section('=', 1));
    QProcess process;
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(TPUGRAPHS_CLI), {"--version"});
    CliRun run;
    if (!process.waitForFinished(60000)) return run;
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    run.out = QString::fromUtf8(process.readAllStandardOutput());
    run.err = QString::fromUtf8(process.readAllStandardError());
    return run;
}

// The BLAS line of `--version`.
QString blasLine(const CliRun& run) {
    for (const QString& line : run.out.split('\n'))
        if (line.startsWith("BLAS: ")) return line;
    return {};
}

}  // namespace

class TestCliBlasKernel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        if (!cliBuilt()) QSKIP("the tpugraphs CLI is not built");
        const CliRun run = versionWith({});
        QCOMPARE(run.exitCode, 0);
        if (!blasLine(run).contains("OpenBLAS") || !blasLine(run).contains("DYNAMIC_ARCH"))
            QSKIP("LibTorch does not run on a DYNAMIC_ARCH OpenBLAS here: nothing to select");
        if (!tpugraphs::cpuFeatures().avx2) QSKIP("this CPU has no AVX2: nothing to select");
    }

    void versionNamesBlasKernelAndCpu() {
        const CliRun run = versionWith({});
        QCOMPARE(run.exitCode, 0);
        const QStringList lines = run.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 3);
        QVERIFY(lines[0].startsWith("tpugraphs "));
        const QRegularExpressionMatch kernel =
            QRegularExpression("^BLAS: OpenBLAS [\\d.]+ \\(DYNAMIC_ARCH\\), kernel (\\w+)$")
                .match(lines[1]);
        QVERIFY2(kernel.hasMatch(), qPrintable(lines[1]));
        QVERIFY(tpugraphs::isOpenBlasKernelName(kernel.captured(1).toStdString()));
        QVERIFY2(lines[2].startsWith(QString::fromStdString("CPU: " + tpugraphs::cpuModel())),
                 qPrintable(lines[2]));
        QVERIFY2(!run.err.contains("note:"), qPrintable(run.describe()));
    }

    // The mechanism end to end: re-executed once with OPENBLAS_CORETYPE, OpenBLAS then runs the
    // kernel selected, and the note is printed once.
    void aFallbackIsReplacedOnce() {
        const std::string expected = tpugraphs::cpuFeatures().avx512 ? "SkylakeX" : "Haswell";
        const CliRun run = versionWith({"TPUGRAPHS_BLAS_ASSUME_KERNEL=Prescott"});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(blasLine(run).endsWith(QString::fromStdString(
                     "kernel " + expected + " (selected; OpenBLAS chose Prescott)")),
                 qPrintable(run.describe()));
        QCOMPARE(run.err.count("note:"), 1);
        QVERIFY2(run.err.contains(QRegularExpression(QString::fromStdString(
                     "^note: OpenBLAS [\\d.]+ did not recognise this CPU; using its " + expected +
                     " kernels"))),
                 qPrintable(run.err));
    }

    void theUsersSettingIsKept() {
        const CliRun run =
            versionWith({"TPUGRAPHS_BLAS_ASSUME_KERNEL=Prescott", "OPENBLAS_CORETYPE=Prescott"});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(blasLine(run).endsWith("kernel Prescott"), qPrintable(run.describe()));
        QVERIFY(!run.err.contains("note:"));
    }

    void theOptOutKeepsTheLibrarysChoice() {
        const QString own = blasLine(versionWith({}));
        const CliRun run =
            versionWith({"TPUGRAPHS_BLAS_ASSUME_KERNEL=Prescott", "TPUGRAPHS_BLAS_AUTOSELECT=0"});
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(blasLine(run), own);
        QVERIFY(!run.err.contains("note:"));
    }

    // A child of a process that selected (a distributed worker, a sweep's trial) inherits the
    // selection: it neither executes itself again nor repeats the note.
    void anInheritedSelectionIsNotRepeated() {
        const CliRun run =
            versionWith({"TPUGRAPHS_BLAS_ASSUME_KERNEL=Prescott", "OPENBLAS_CORETYPE=Haswell",
                         "TPUGRAPHS_BLAS_SELECTED=1 Haswell Prescott"});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(blasLine(run).endsWith("kernel Haswell (selected; OpenBLAS chose Prescott)"),
                 qPrintable(run.describe()));
        QVERIFY(!run.err.contains("note:"));
    }
};

QTEST_GUILESS_MAIN(TestCliBlasKernel)
#include "tst_cli_blas_kernel.moc"
