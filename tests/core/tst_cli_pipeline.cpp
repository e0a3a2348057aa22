// `tpugraphs submission` as a process, on a small generated dataset (tile and layout:xla:default,
// train, valid and test). A budget that runs out during the probes is refused before every
// collection is probed, within its bound, naming an estimate of the smallest budget; the probes
// done are kept, and a call with that budget on the same folder probes only the others. A budget
// too small for 20 steps per run and the scoring is refused before any run trains, naming the
// smallest budget that can on this folder (its probes kept); with that budget (so the test adapts
// to a busy machine), the pipeline is killed with SIGKILL while its runs train, and the same
// command resumes the recorded plan, finishes within the bound the product states (max(M x 1.1, M +
// 1) minutes, scoring included) and writes a submission that `validate-submission` accepts against
// the dataset, with a report stating the fractional budget and naming each collection's ensemble,
// each run's score and the ridge reference; the plan priced the scoring after training, and the
// runs did not validate; a call with other options in the same folder is refused. The probes are
// kept for the dataset (in the test's own TPUGRAPHS_CACHE_DIR): a call in a new folder with other
// seeds and a too-small budget is refused at once, naming the exact smallest budget, without
// probing (its output and OUT/probes.json say so), and a tiny budget that can buys a submission
// within the bound the program prints, by its own clock (pipeline_state.json).
#include <QDateTime>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QtTest>

#include <signal.h>

#include <algorithm>

#include "cli_runner.h"

class TestCliPipeline : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        if (!cliBuilt()) QSKIP("the tpugraphs CLI is not built (TPUGRAPHS_BUILD_TORCH=OFF)");
        QVERIFY(m_dir.isValid());
        qputenv("TPUGRAPHS_CACHE_DIR", (m_dir.path() + "/cache").toUtf8());  // the probes kept
        m_root = m_dir.path() + "/dataset";
        const CliRun generate =
            runCli({"generate", "--out", m_root, "--seed", "3", "--collections",
                    "tile:xla,layout:xla:default", "--splits", "train,valid,test", "--limit", "3"});
        QVERIFY2(generate.exitCode == 0, qPrintable(generate.describe()));
    }

    void budgetSpentInTheProbesKeepsThem() {
        const QString out = m_dir.path() + "/refused-while-probing";
        const auto call = [&](const QString& budget) {
            return runCli({"submission", "--dataset", m_root, "--out", out, "--budget-minutes",
                           budget, "--seeds", "1", "--parallel", "1"});
        };
        QElapsedTimer wall;
        wall.start();
        const CliRun refused = call("0.05");
        QVERIFY2(wall.elapsed() / 60000.0 <= 1.05,  // max(0.05 x 1.1, 0.05 + 1)
                 qPrintable(QString("%1 min for a budget of 0.05 min").arg(wall.elapsed() / 6e4)));
        QCOMPARE(refused.exitCode, 1);
        QVERIFY2(refused.err.contains("the probes still to do") &&
                     refused.err.contains("1 of 2 collections probed") &&
                     refused.err.contains("an estimate"),
                 qPrintable(refused.describe()));
        QCOMPARE(probedCollections(out), QStringList{"tile:xla"});
        QVERIFY(!QFile::exists(out + "/pipeline.json"));
        const QString budget = namedBudget(refused.err);
        QVERIFY2(!budget.isEmpty(), qPrintable(refused.describe()));

        // The estimate either buys the minimum (a submission) or the call, every collection now
        // probed, names the smallest budget that can; within its bound either way.
        wall.restart();
        const CliRun rerun = call(budget);
        const double minutes = wall.elapsed() / 60000.0;
        QVERIFY2(
            rerun.out.contains("probes kept for this dataset are used again (1 of 2 collections") &&
                rerun.out.contains("probing layout:xla:default") &&
                !rerun.out.contains("probing tile:xla"),
            qPrintable(rerun.describe()));
        QCOMPARE(probedCollections(out), (QStringList{"tile:xla", "layout:xla:default"}));
        if (rerun.exitCode == 0) {
            QVERIFY(QFile::exists(out + "/submission.csv"));
        } else {
            QCOMPARE(rerun.exitCode, 1);
            QVERIFY2(!namedBudget(rerun.err).isEmpty() && !rerun.err.contains("an estimate"),
                     qPrintable(rerun.describe()));
        }
        QVERIFY2(minutes <= std::max(budget.toDouble() * 1.1, budget.toDouble() + 1),
                 qPrintable(QString("%1 min for a budget of %2 min").arg(minutes).arg(budget)));
    }

    void killedPipelineResumesIntoAValidSubmission() {
        const QString out = m_dir.path() + "/pipeline";
        const QString budget = smallestBudget(out);
        QVERIFY(!budget.isEmpty());
        const QStringList arguments{"submission", "--dataset",        m_root, "--out",
                                    out,          "--budget-minutes", budget, "--seeds",
                                    "2",          "--parallel",       "2"};
        QProcess first;
        first.start(QStringLiteral(TPUGRAPHS_CLI), arguments);
        QVERIFY(first.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(
            QFile::exists(out + "/training/runs/layout-xla-default/seed-0/last.pt"), 300000);
        ::kill(static_cast<pid_t>(first.processId()), SIGKILL);
        QVERIFY(first.waitForFinished(10000));
        QVERIFY(!QFile::exists(out + "/submission.csv"));

        QElapsedTimer wall;
        wall.start();
        const CliRun second = runCli(arguments);
        const double minutes = wall.elapsed() / 60000.0;
        QVERIFY2(second.exitCode == 0, qPrintable(second.describe()));
        // The bound as the product states it: "kept within B min".
        const QRegularExpressionMatch bound =
            QRegularExpression(R"(kept within (\d+(\.\d+)?) min)").match(second.out);
        QVERIFY2(bound.hasMatch(), qPrintable(second.out));
        QCOMPARE(bound.captured(1).toDouble(),
                 std::max(budget.toDouble() * 1.1, budget.toDouble() + 1));
        QVERIFY2(minutes <= bound.captured(1).toDouble(),
                 qPrintable(QString("%1 min for a budget of %2 min").arg(minutes).arg(budget)));
        QVERIFY2(second.out.contains("resuming the plan"), qPrintable(second.out));
        QVERIFY2(
            second.out.contains("| tile:xla |") && second.out.contains("| layout:xla:default |"),
            qPrintable(second.out));
        QFile report(out + "/report.md");
        QVERIFY(report.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(report.readAll());
        QVERIFY2(text.contains("validated") && !text.contains("no valid graphs"), qPrintable(text));
        QVERIFY2(text.contains("budget " + budget + " min (kept within"), qPrintable(text));
        QVERIFY2(text.contains("Scoring after training took"), qPrintable(text));
        // Each of the 2 runs scored with the ensemble: "| **ensemble** | run / run |".
        const QRegularExpression runs(R"(\*\* \| -?\d\.\d{3} / -?\d\.\d{3} \|)");
        QCOMPARE(text.count(runs), 2);

        QFile plan(out + "/pipeline.json");
        QVERIFY(plan.open(QIODevice::ReadOnly));
        for (const QJsonValue c : QJsonDocument::fromJson(plan.readAll())["collections"].toArray())
            QVERIFY2(c["scoring_seconds"].toDouble() > 0, qPrintable(c["collection"].toString()));
        QFile history(out + "/training/runs/layout-xla-default/seed-0/history.csv");
        QVERIFY(history.open(QIODevice::ReadOnly));
        const QStringList rows = QString::fromUtf8(history.readAll()).split('\n');
        for (const QString& row : rows.mid(1))  // is_val, the 10th column, is 0 on every row
            QVERIFY2(row.isEmpty() || row.section(',', 9, 9) == "0", qPrintable(row));

        const CliRun check = runCli(
            {"validate-submission", out + "/submission.csv", "--dataset", m_root, "--partial"});
        QVERIFY2(check.exitCode == 0, qPrintable(check.describe()));

        const CliRun other =
            runCli({"submission", "--dataset", m_root, "--out", out, "--budget-minutes", "5"});
        QCOMPARE(other.exitCode, 1);
        QVERIFY2(other.err.contains("holds a pipeline of other options"),
                 qPrintable(other.describe()));
    }

    // The first test probed both collections one run at a time: their probes hold for a call in
    // a new folder with 3 seeds (seeds do not change a step's cost).
    void keptProbesRefuseAtOnceAndATinyBudgetFinishes() {
        const auto call = [&](const QString& out, const QString& budget) {
            return runCli({"submission", "--dataset", m_root, "--out", out, "--budget-minutes",
                           budget, "--seeds", "3", "--parallel", "1"});
        };
        const QString refusedOut = m_dir.path() + "/kept-refused";
        const double callStart = QDateTime::currentMSecsSinceEpoch() / 1000.0;
        const CliRun refused = call(refusedOut, "0.05");
        QCOMPARE(refused.exitCode, 1);
        QVERIFY2(refused.out.contains("are used again (2 of 2 collections") &&
                     !refused.out.contains("probing") &&
                     refused.err.contains("cannot buy 20 steps of each of the 6 runs") &&
                     !refused.err.contains("an estimate") &&
                     refused.err.contains("a call with it probes none"),
                 qPrintable(refused.describe()));
        const QJsonArray probes = probesOf(refusedOut);
        QCOMPARE(probes.size(), 2);
        for (const QJsonValue p : probes)  // kept, none measured by this call
            QVERIFY2(p["measured_at"].toDouble() < callStart,
                     qPrintable(p["collection"].toString()));
        QVERIFY(!QFile::exists(refusedOut + "/pipeline.json"));
        const QString smallest = namedBudget(refused.err);
        QVERIFY2(!smallest.isEmpty(), qPrintable(refused.describe()));

        // A tiny budget that can: the smallest, with 0.2 min for the dataset's scan to vary.
        const QString out = m_dir.path() + "/kept-tiny";
        const CliRun tiny = call(out, QString::number(smallest.toDouble() + 0.2, 'f', 1));
        QVERIFY2(tiny.exitCode == 0 && !tiny.out.contains("probing"), qPrintable(tiny.describe()));
        QVERIFY(QFile::exists(out + "/submission.csv"));
        const QRegularExpressionMatch bound =
            QRegularExpression(R"(kept within (\d+(\.\d+)?) min)").match(tiny.out);
        QVERIFY2(bound.hasMatch(), qPrintable(tiny.out));
        QFile stateFile(out + "/pipeline_state.json");
        QVERIFY(stateFile.open(QIODevice::ReadOnly));
        const QJsonObject state = QJsonDocument::fromJson(stateFile.readAll()).object();
        QCOMPARE(state["stage"].toString(), QStringLiteral("finished"));
        const double minutes = (state["ended_at"].toDouble() - state["started_at"].toDouble()) / 60;
        QVERIFY2(minutes > 0 && minutes <= bound.captured(1).toDouble(),
                 qPrintable(QString("%1 min, bound %2 min").arg(minutes).arg(bound.captured(1))));
    }

private:
    // A budget of 0.05 min is refused before any run trains; the smallest budget that can on
    // the folder `out`, as the refusal names it once every collection is probed (each call
    // probes one more), "" when it does not.
    QString smallestBudget(const QString& out) {
        for (int collections = 0; collections < 2; ++collections) {
            const CliRun refused =
                runCli({"submission", "--dataset", m_root, "--out", out, "--budget-minutes", "0.05",
                        "--seeds", "2", "--parallel", "2"});
            if (refused.exitCode != 1) qWarning("%s", qPrintable(refused.describe()));
            if (!refused.err.contains("a budget of 0.05 min cannot buy 20 steps")) return {};
            if (QFile::exists(out + "/pipeline.json") || QDir(out + "/training").exists())
                return {};
            if (!refused.err.contains("an estimate")) return namedBudget(refused.err);
        }
        return {};
    }

    // The smallest budget a refusal names ("" when none).
    static QString namedBudget(const QString& refusal) {
        return QRegularExpression(R"(the smallest budget that can is (\d+(\.\d+)?) min)")
            .match(refusal)
            .captured(1);
    }

    // The probes recorded in OUT/probes.json, in their order.
    static QJsonArray probesOf(const QString& out) {
        QFile file(out + "/probes.json");
        if (!file.open(QIODevice::ReadOnly)) return {};
        return QJsonDocument::fromJson(file.readAll())["collections"].toArray();
    }

    // The collections recorded in OUT/probes.json, in their order.
    static QStringList probedCollections(const QString& out) {
        QStringList names;
        for (const QJsonValue c : probesOf(out)) names << c["collection"].toString();
        return names;
    }

    QTemporaryDir m_dir;
    QString m_root;
};

QTEST_GUILESS_MAIN(TestCliPipeline)
#include "tst_cli_pipeline.moc"
