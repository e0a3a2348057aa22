// Fault injection at every write, in process (SQLite's practice): a short training run, a
// submission export and a generated dataset are repeated with the N-th file operation failing
// (ENOSPC or EIO), N = 1, 2, ... until every operation has failed once. Each attempt must end in
// a clear error naming the file and the reason, or complete; it leaves no temporary file; and
// after the failure the same work (a resume of the run, a new export, a new generate) completes
// with exactly the result of an uninterrupted one. Also: a damaged last.pt falls back to the
// previous checkpoint, and a damaged state.json is named.
#include <QtTest>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "base/atomic_file.h"
#include "file_bytes_test_support.h"
#include "run_weights.h"
#include "train/run_directory.h"
#include "train/submission_builder.h"
#include "train/torch_threads.h"
#include "train/trainer.h"
#include "train_test_support.h"

using namespace tpugraphs;
namespace fs = std::filesystem;

namespace {

using test::readBytes;

// Files under `root` ending in .tmp or .creating (temporaries a write left behind).
QStringList temporariesUnder(const fs::path& root) {
    QStringList left;
    std::error_code error;
    if (!fs::exists(root, error)) return left;
    for (const auto& entry : fs::recursive_directory_iterator(root, error)) {
        const std::string extension = entry.path().extension().string();
        if (extension == ".tmp" || extension == ".creating")
            left << QString::fromStdString(entry.path().string());
    }
    return left;
}

// Every file under `root` by relative path, with its bytes.
std::map<std::string, std::string> filesUnder(const fs::path& root) {
    std::map<std::string, std::string> files;
    for (const auto& entry : fs::recursive_directory_iterator(root))
        if (entry.is_regular_file())
            files[fs::relative(entry.path(), root).string()] = readBytes(entry.path());
    return files;
}

// Runs `work` with the N-th file operation failing; returns the error ("" when it completed).
std::string withFault(int64_t n, int error, const std::function<void()>& work) {
    injectFileFault(FileFault{n, FileOperation::Any, error});
    std::string message;
    try {
        work();
    } catch (const std::exception& e) {
        message = e.what();
    }
    injectFileFault(FileFault{});
    return message;
}

// The operations `work` performs.
int64_t operationsOf(const std::function<void()>& work) {
    injectFileFault(FileFault{});
    work();
    return fileOperationCount();
}

struct Tally {
    int64_t points = 0, errors = 0, completed = 0;
};

}  // namespace

class TestFaults : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        initTorchThreads(1);
        QVERIFY(m_dir.isValid());
        m_root = test::makeDemoDataset(m_dir, {Collection::TileXla}, 4);
    }

    void trainingSurvivesAFaultAtEveryWrite() {
        const TrainOptions reference = tinyRun("reference");
        train(reference);
        const std::vector<float> expected = test::lastWeights(reference.runDir);
        const int64_t operations = operationsOf([&] { train(tinyRun("counted")); });
        QVERIFY2(operations > 20, qPrintable(QString::number(operations)));
        Tally tally;
        for (int64_t n = 1; n <= operations; ++n) {
            const int error = n % 2 ? ENOSPC : EIO;
            const TrainOptions o = tinyRun("fault-" + std::to_string(n));
            const std::string message = withFault(n, error, [&] { train(o); });
            ++tally.points;
            QVERIFY2(temporariesUnder(m_dir.path().toStdString() + "/runs").isEmpty(),
                     qPrintable(temporariesUnder(m_dir.path().toStdString() + "/runs").join(", ")));
            if (message.empty()) {
                ++tally.completed;
            } else {
                ++tally.errors;
                QVERIFY2(message.find(std::strerror(error)) != std::string::npos, message.c_str());
                QVERIFY2(message.find(o.runDir) != std::string::npos, message.c_str());
                continueAfterFailure(o);
            }
            QVERIFY2(test::lastWeights(o.runDir) == expected,
                     qPrintable(QString("fault %1: other weights after %2")
                                    .arg(n)
                                    .arg(message.empty() ? "completing" : "resuming")));
        }
        qInfo(
            "training: %lld injection points, %lld clean errors then resumed to the same "
            "weights, %lld completed",
            static_cast<long long>(tally.points), static_cast<long long>(tally.errors),
            static_cast<long long>(tally.completed));
        QCOMPARE(tally.errors + tally.completed, tally.points);
        QVERIFY(tally.errors > 0);
    }

    void exportSurvivesAFaultAtEveryWrite() {
        TrainOptions run = tinyRun("export-run");
        train(run);
        SubmissionRequest request;
        request.datasetRoot = m_root;
        request.split = Split::Valid;
        request.runs = {{Collection::TileXla, {run.runDir}}};
        request.outputPath = m_dir.path().toStdString() + "/submission-reference.csv";
        buildSubmission(request);
        const std::string expected = readBytes(request.outputPath);
        const int64_t operations = operationsOf([&] { buildSubmission(request); });
        QVERIFY(operations >= 4);
        for (int64_t n = 1; n <= operations; ++n) {
            request.outputPath =
                m_dir.path().toStdString() + "/submission-" + std::to_string(n) + ".csv";
            const std::string message = withFault(n, ENOSPC, [&] { buildSubmission(request); });
            QVERIFY(temporariesUnder(m_dir.path().toStdString()).isEmpty());
            if (!message.empty()) {
                QVERIFY2(message.find(request.outputPath) != std::string::npos &&
                             message.find(std::strerror(ENOSPC)) != std::string::npos,
                         message.c_str());
                QVERIFY(!fs::exists(request.outputPath) ||
                        readBytes(request.outputPath) == expected);
                buildSubmission(request);
            }
            QVERIFY(readBytes(request.outputPath) == expected);
        }
        qInfo("export: %lld injection points, all clean", static_cast<long long>(operations));
    }

    void generateSurvivesAFaultAtEveryWrite() {
        GeneratorOptions options;
        options.preset = GeneratorPreset::Demo;
        options.collections = {Collection::TileXla, Collection::LayoutXlaDefault};
        options.limit = 1;
        options.threads = 1;
        const std::string reference = m_dir.path().toStdString() + "/generated-reference";
        generateDataset(reference, options);
        const auto expected = filesUnder(reference);
        const int64_t operations = operationsOf(
            [&] { generateDataset(m_dir.path().toStdString() + "/generated-counted", options); });
        QVERIFY(operations >= 10);
        for (int64_t n = 1; n <= operations; ++n) {
            const std::string root = m_dir.path().toStdString() + "/generated-" + std::to_string(n);
            const std::string message = withFault(n, EIO, [&] { generateDataset(root, options); });
            QVERIFY(temporariesUnder(root).isEmpty());
            if (!message.empty()) {
                QVERIFY2(message.find(root) != std::string::npos &&
                             message.find(std::strerror(EIO)) != std::string::npos,
                         message.c_str());
                QVERIFY(!isGeneratedDatasetComplete(root));
                generateDataset(root, options);
            }
            QVERIFY(filesUnder(root) == expected);
            fs::remove_all(root);
        }
        qInfo("generate: %lld injection points, all clean", static_cast<long long>(operations));
    }

    // A last.pt cut short (a crash of the machine, a bad disk) falls back to the checkpoint
    // kept before it, with a note; the run then ends where the uninterrupted one does.
    void damagedCheckpointFallsBackToThePreviousOne() {
        const TrainOptions reference = tinyRun("straight");
        train(reference);
        TrainOptions o = tinyRun("damaged");
        std::atomic<bool> cancel{false};
        train(
            o, [&](const TrainProgress& p) { cancel = p.step >= 4; }, &cancel);
        const std::string last = o.runDir + "/last.pt";
        QVERIFY(fs::exists(previousVersionPath(last)));
        fs::resize_file(last, fs::file_size(last) / 2);
        TrainOptions resumed = loadRunInfo(o.runDir).options;
        resumed.runDir = o.runDir;
        resumed.resume = true;
        std::vector<std::string> notes;
        const TrainResult result = train(resumed, [&](const TrainProgress& p) {
            if (p.note != TrainNote::None) notes.push_back(p.message);
        });
        QVERIFY(result.status == RunStatus::Completed);
        QVERIFY(!notes.empty() && notes.front().find("last.pt") != std::string::npos);
        QVERIFY(test::lastWeights(o.runDir) == test::lastWeights(reference.runDir));
    }

    void damagedStateFileIsNamed() {
        TrainOptions o = tinyRun("state");
        train(o);
        std::ofstream(o.runDir + "/state.json") << "{\"step\": 3,";
        try {
            loadRunInfo(o.runDir);
            QFAIL("a damaged state.json was read");
        } catch (const RunError& e) {
            QVERIFY2(std::string(e.what()).find(o.runDir + "/state.json") != std::string::npos,
                     e.what());
        }
        const RunInfo listed = readRunForListing(o.runDir);
        QVERIFY(listed.unreadable.find("state.json") != std::string::npos);
    }

private:
    // 6 steps of a tiny tile model, validated at 3 and 6.
    TrainOptions tinyRun(const std::string& name) const {
        TrainOptions o = test::fastOptions(m_root, m_dir.path().toStdString() + "/runs/" + name);
        o.steps = 6;
        o.validationInterval = 3;
        o.hiddenDim = 8;
        o.layers = 1;
        o.opcodeEmbedding = 4;
        o.batchGraphs = 2;
        o.configsPerGraph = 8;
        o.maxValidGraphs = 2;
        o.logInterval = 2;
        return o;
    }

    // After a failure: a run that exists resumes; one that never came to exist starts again.
    void continueAfterFailure(const TrainOptions& o) {
        if (!isRunDirectory(o.runDir)) {
            QVERIFY2(!fs::exists(o.runDir), o.runDir.c_str());  // whole or not at all
            train(o);
            return;
        }
        const RunInfo failed = loadRunInfo(o.runDir);
        QCOMPARE(failed.status, RunStatus::Failed);
        TrainOptions resumed = failed.options;
        resumed.runDir = o.runDir;
        resumed.resume = true;
        QVERIFY(train(resumed).status == RunStatus::Completed);
    }

    QTemporaryDir m_dir;
    std::string m_root;
};

QTEST_GUILESS_MAIN(TestFaults)
#include "tst_faults.moc"
