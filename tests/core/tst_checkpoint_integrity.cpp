// What a run reads back is what it wrote, or a clear error: a checkpoint with flipped bytes (its
// zip CRC no longer matching) or a missing best.pt gives way to the checkpoint before it with a
// note; options.json with keys missing is refused naming them; a checkpoint whose shapes
// disagree with options.json is refused naming the tensor and both shapes; a run keeps its
// dataset as an absolute path.
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "base/atomic_file.h"
#include "file_bytes_test_support.h"
#include "train/predictor.h"
#include "train/torch_threads.h"
#include "train/trainer.h"
#include "train_test_support.h"

using namespace tpugraphs;
namespace fs = std::filesystem;

namespace {

using test::readBytes;
using test::writeBytes;

std::string joined(const std::vector<std::string>& lines) {
    std::string text;
    for (const std::string& line : lines) text += line + "\n";
    return text;
}

}  // namespace

class TestCheckpointIntegrity : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        initTorchThreads(1);
        QVERIFY(m_dir.isValid());
        const std::string root = test::makeDemoDataset(m_dir, {Collection::TileXla}, 6);
        // Started from the dataset's parent with a relative path: the run must keep it whole.
        const QString before = QDir::currentPath();
        QVERIFY(QDir::setCurrent(m_dir.path()));
        TrainOptions options = test::fastOptions("dataset", m_dir.path().toStdString() + "/run");
        options.steps = 6;
        options.validationInterval = 2;
        train(options);
        QVERIFY(QDir::setCurrent(before));
        m_run = options.runDir;
        m_root = root;
    }

    // A run started with a relative dataset path stores it absolute (resumable from anywhere).
    void datasetIsStoredAbsolute() {
        const RunInfo info = loadRunInfo(m_run);
        QVERIFY2(fs::path(info.options.datasetRoot).is_absolute(),
                 info.options.datasetRoot.c_str());
        QCOMPARE(fs::canonical(info.options.datasetRoot), fs::canonical(m_root));
    }

    void intactRunHasNoNote() {
        const Predictor predictor(m_run);
        QVERIFY2(predictor.notes().empty(), joined(predictor.notes()).c_str());
    }

    // 64 floats of best.pt changed in place, as the adversarial test did: the zip CRC of their
    // member no longer matches; LibTorch would load them silently.
    void damagedBestFallsBackWithANote() {
        const std::string run = copyRun("damaged-best");
        std::string bytes = readBytes(run + "/best.pt");
        for (size_t i = 0; i < 64 * 4; ++i) bytes[bytes.size() / 2 + i] ^= 0x5a;
        writeBytes(run + "/best.pt", bytes);
        const Predictor predictor(run);
        const std::string notes = joined(predictor.notes());
        // best.previous.pt when the best improved after its first validation, else last.pt.
        QVERIFY2(notes.find(run + "/best.pt: damaged checkpoint") != std::string::npos &&
                     notes.find("; predicting with " + run + "/") != std::string::npos,
                 notes.c_str());
    }

    void missingBestFallsBackWithANote() {
        const std::string run = copyRun("missing-best");
        fs::remove(run + "/best.pt");
        fs::remove(previousVersionPath(run + "/best.pt"));
        const Predictor predictor(run);
        const std::string notes = joined(predictor.notes());
        QVERIFY2(notes.find(run + "/best.pt: not found; predicting with " + run + "/last.pt") !=
                     std::string::npos,
                 notes.c_str());
    }

    // Every key of the option table is in a run's options.json; one missing is damage, never a
    // default (a missing tile_relative_features once resumed as false).
    void optionsMissingKeysAreRefusedByName() {
        const std::string run = copyRun("missing-keys");
        std::string text = readBytes(run + "/options.json");
        for (const std::string key : {"tile_relative_features", "hidden_dim"}) {
            const size_t at = text.find("\"" + key + "\"");
            QVERIFY(at != std::string::npos);
            text.erase(at, text.find('\n', at) + 1 - at);
        }
        writeBytes(run + "/options.json", text);
        try {
            loadRunInfo(run);
            QFAIL("options.json with keys missing was read");
        } catch (const RunError& e) {
            QVERIFY2(QString(e.what()).contains("options missing") &&
                         QString(e.what()).contains("hidden_dim") &&
                         QString(e.what()).contains("tile_relative_features"),
                     e.what());
        }
    }

    // options.json says hidden 16, the checkpoints hold hidden 32: a clear error naming a tensor
    // and both shapes, not a LibTorch backtrace from a forward pass.
    void shapesDisagreeingWithTheOptionsAreAClearError() {
        const std::string run = copyRun("other-shapes");
        std::string text = readBytes(run + "/options.json");
        const size_t at = text.find("\"hidden_dim\": 32");
        QVERIFY(at != std::string::npos);
        text.replace(at, std::string("\"hidden_dim\": 32").size(), "\"hidden_dim\": 16");
        writeBytes(run + "/options.json", text);
        try {
            Predictor predictor(run);
            QFAIL("checkpoints of another shape were loaded");
        } catch (const RunError& e) {
            const QString what = e.what();
            QVERIFY2(what.contains("has shape") && what.contains("options.json gives") &&
                         !what.contains("Exception raised from"),
                     e.what());
        }
    }

private:
    std::string copyRun(const std::string& name) {
        const std::string target = m_dir.path().toStdString() + "/" + name;
        fs::copy(m_run, target, fs::copy_options::recursive);
        return target;
    }

    QTemporaryDir m_dir;
    std::string m_run, m_root;
};

QTEST_GUILESS_MAIN(TestCheckpointIntegrity)
#include "tst_checkpoint_integrity.moc"
