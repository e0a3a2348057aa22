// Tests the training commands of the `tpugraphs` CLI end to end on a small generated dataset:
// train, resume, evaluate and predict (a validated submission whose rows are checked against the
// test graphs), and the errors of a missing run and an unwritable output.
#include <QtTest>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include "cli_runner.h"
#include "data/graph_io.h"

namespace {

// Reads a submission CSV into ID -> config indices.
std::map<std::string, std::vector<int64_t>> readSubmission(const QString& path) {
    std::map<std::string, std::vector<int64_t>> rows;
    std::ifstream in(path.toStdString());
    std::string line;
    std::getline(in, line);  // header
    while (std::getline(in, line)) {
        const auto comma = line.find(',');
        std::vector<int64_t> configs;
        std::stringstream list(line.substr(comma + 1));
        for (std::string index; std::getline(list, index, ';');)
            configs.push_back(std::stoll(index));
        rows[line.substr(0, comma)] = configs;
    }
    return rows;
}

std::vector<std::filesystem::path> testFiles(const QString& root, const char* collectionDir) {
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(root.toStdString() + "/npz/" +
                                                                 collectionDir + "/test"))
        files.push_back(entry.path());
    return files;
}

}  // namespace

class TestCliTrain : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        if (!cliBuilt()) QSKIP("the tpugraphs CLI is not built (TPUGRAPHS_BUILD_TORCH=OFF)");
        QVERIFY(m_dir.isValid());
        m_root = m_dir.filePath("dataset");
        const CliRun run = runCli({"generate", "--preset", "demo", "--collections", "tile:xla",
                                   "layout:xla:default", "--limit", "3", "--out", m_root});
        QVERIFY2(run.exitCode == 0, qPrintable(run.describe()));
    }

    void trainResumeEvaluate() {
        const QString dir = m_dir.filePath("tile-run");
        CliRun run = runCli({"train", "--dataset", m_root, "--collection", "tile:xla", "--model",
                             "late-join-sage", "--steps", "12", "--validate-every", "6", "--hidden",
                             "32", "--out", dir});
        QVERIFY2(run.exitCode == 0, qPrintable(run.describe()));
        QVERIFY2(run.out.contains("finished (completed) at step 12/12"), qPrintable(run.out));
        QVERIFY(run.out.contains("valid step 12: top5-score"));

        run = runCli({"train", "--resume", dir, "--steps", "18"});
        QVERIFY2(run.exitCode == 0, qPrintable(run.describe()));
        QVERIFY2(run.out.contains("finished (completed) at step 18/18"), qPrintable(run.out));

        run = runCli({"evaluate", "--run", dir, "--split", "valid"});
        QVERIFY2(run.exitCode == 0, qPrintable(run.describe()));
        QVERIFY2(run.out.contains("top5-score") && run.out.contains("(3 graphs)"),
                 qPrintable(run.out));
    }

    void predictWritesAValidatedSubmission_data() {
        QTest::addColumn<QString>("collection");
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("collectionDir");
        QTest::newRow("tile") << "tile:xla"
                              << "late-join-sage"
                              << "tile/xla";
        QTest::newRow("layout") << "layout:xla:default"
                                << "layout-sage"
                                << "layout/xla/default";
    }

    void predictWritesAValidatedSubmission() {
        QFETCH(QString, collection);
        QFETCH(QString, model);
        QFETCH(QString, collectionDir);
        const QString dir = m_dir.filePath(QString(QTest::currentDataTag()) + "-predict-run");
        CliRun run = runCli({"train", "--dataset", m_root, "--collection", collection, "--model",
                             model, "--steps", "4", "--hidden", "16", "--quiet", "--out", dir});
        QVERIFY2(run.exitCode == 0, qPrintable(run.describe()));
        const QString csv = m_dir.filePath(QString(QTest::currentDataTag()) + ".csv");
        run = runCli({"predict", "--run", dir, "--split", "test", "--tta", "2", "--out", csv});
        QVERIFY2(run.exitCode == 0, qPrintable(run.describe()));
        QVERIFY2(run.out.contains("3 rows predicted") && run.out.contains("validated"),
                 qPrintable(run.out));

        const auto rows = readSubmission(csv);
        const bool tile = collection == "tile:xla";
        const auto files = testFiles(m_root, collectionDir.toUtf8().constData());
        QCOMPARE(rows.size(), files.size());
        for (const auto& file : files) {
            const std::string id = collection.toStdString() + ":" + file.stem().string();
            QVERIFY2(rows.count(id), id.c_str());
            const auto& configs = rows.at(id);
            const int64_t count = tile ? tpugraphs::readTileGraph(file.string()).configCount()
                                       : tpugraphs::readLayoutGraph(file.string()).configCount();
            const std::set<int64_t> distinct(configs.begin(), configs.end());
            QVERIFY(*std::min_element(configs.begin(), configs.end()) >= 0);
            QVERIFY(*std::max_element(configs.begin(), configs.end()) < count);
            if (tile) {  // the 5 best-predicted configs
                QCOMPARE(configs.size(), size_t(5));
                QCOMPARE(distinct.size(), size_t(std::min<int64_t>(5, count)));
            } else {  // a permutation of every config
                QCOMPARE(int64_t(configs.size()), count);
                QCOMPARE(int64_t(distinct.size()), count);
            }
        }
        run = runCli(
            {"validate-submission", csv, "--dataset", m_root, "--split", "test", "--partial"});
        QVERIFY2(run.exitCode == 0, qPrintable(run.describe()));
    }

    void predictErrorsNameTheProblem() {
        const QString missing = m_dir.filePath("no-such-run");
        CliRun run = runCli({"predict", "--run", missing, "--out", m_dir.filePath("x.csv")});
        QVERIFY2(run.exitCode != 0 && run.err.contains(missing), qPrintable(run.describe()));
        QVERIFY(!QFile::exists(m_dir.filePath("x.csv")));

        const QString out = m_dir.filePath("no-such-folder/sub.csv");
        run = runCli({"predict", "--run", m_dir.filePath("tile-run"), "--out", out});
        QVERIFY2(run.exitCode != 0 && run.err.contains("no-such-folder"),
                 qPrintable(run.describe()));
        QVERIFY(!QFile::exists(out));
    }

private:
    QTemporaryDir m_dir;
    QString m_root;
};

QTEST_GUILESS_MAIN(TestCliTrain)
#include "tst_cli_train.moc"
