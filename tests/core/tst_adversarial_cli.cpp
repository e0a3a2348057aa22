// The adversarial pass of issue 42 as a suite: the `tpugraphs` CLI meets seeded random
// truncations and byte flips of the real sample files and of generated ones, crafted npz
// headers, damaged run files and checkpoints, hostile CSVs, hostile numbers, symlink and FIFO
// traps. Every case must end within its deadline in a clean error naming the file (exit code as
// documented, no "terminate called", no LibTorch backtrace, no crash) or in a correct result,
// and touch nothing outside its output folder. The seed is printed; TPUGRAPHS_ADVERSARIAL_SEED
// repeats a run, TPUGRAPHS_ADVERSARIAL_CASES sets the random cases per file (default 2).
#include <QtTest>

#include <signal.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>

#include "cli_runner.h"
#include "file_bytes_test_support.h"
#include "npz_fixtures.h"

using namespace tpugraphs;
using namespace tpugraphs::test;
namespace fs = std::filesystem;

namespace {

constexpr int kDeadlineMs = 60000;

// The CLI with `arguments`, on one LibTorch thread (the default measures the idle cores first),
// killed at the deadline.
CliRun cli(const QStringList& arguments) {
    return runCli(QStringList{"--threads", "1"} + arguments, kDeadlineMs);
}

// What a folder holds, links and FIFOs included (never followed): path -> size and mtime.
using Snapshot = std::map<std::string, std::pair<uintmax_t, int64_t>>;

Snapshot snapshotOf(const std::string& folder) {
    Snapshot files;
    std::error_code error;
    for (fs::recursive_directory_iterator it(folder, error), end; !error && it != end;
         it.increment(error)) {
        struct stat info {};
        if (::lstat(it->path().c_str(), &info) != 0) continue;
        files[it->path().string()] = {
            uintmax_t(info.st_size),
            int64_t(info.st_mtim.tv_sec) * 1000000000 + info.st_mtim.tv_nsec};
    }
    return files;
}

// Why the run did not end cleanly with one of `codes` ("" when it did): a crash or a hang past
// the deadline, another exit code, an abort or backtrace in the output, an error that does not
// name `subject`, or a number of 30+ digits (DBL_MAX printed in full).
QString uncleanEnding(const CliRun& run, const QList<int>& codes, const QString& subject) {
    if (run.exitCode == -1) return "crashed, or still running after the deadline";
    if (!codes.contains(run.exitCode)) return QString("exit %1").arg(run.exitCode);
    for (const char* sign : {"terminate called", "Exception raised from", "frame #",
                             "Segmentation fault", "Aborted", "std::bad_alloc"})
        if (run.all().contains(sign)) return QString("the output holds '%1'").arg(sign);
    if (run.all().contains(QRegularExpression("[0-9]{30}"))) return "a number of 30+ digits";
    if (run.exitCode != 0 && !subject.isEmpty() && !run.all().contains(subject))
        return "the error does not name " + subject;
    return {};
}

}  // namespace

class TestAdversarialCli : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        if (!cliBuilt()) QSKIP("the tpugraphs CLI is not built");
        QVERIFY(m_dir.isValid());
        const QByteArray chosen = qgetenv("TPUGRAPHS_ADVERSARIAL_SEED");
        m_seed = chosen.isEmpty() ? std::random_device{}() : chosen.toULongLong();
        m_cases = qEnvironmentVariableIsSet("TPUGRAPHS_ADVERSARIAL_CASES")
                      ? qEnvironmentVariableIntValue("TPUGRAPHS_ADVERSARIAL_CASES")
                      : 2;
        qInfo("adversarial seed %llu (TPUGRAPHS_ADVERSARIAL_SEED=%llu repeats this run)",
              static_cast<unsigned long long>(m_seed), static_cast<unsigned long long>(m_seed));
        m_rng.seed(m_seed);
        m_in = m_dir.path().toStdString() + "/in";
        m_out = m_dir.path().toStdString() + "/out";
        fs::create_directories(m_out);
        // Caches go to the output folder: the inputs must stay as they are.
        qputenv("TPUGRAPHS_CACHE_DIR", QByteArray::fromStdString(m_out + "/cache"));
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(m_out + "/xdg"));
        m_generated = m_in + "/generated";
        const CliRun generate =
            cli({"generate", "--preset", "demo", "--out", QString::fromStdString(m_generated),
                 "--collections", "tile:xla,layout:xla:default", "--splits", "train,valid",
                 "--limit", "2", "--seed", "5"});
        QVERIFY2(generate.exitCode == 0, qPrintable(generate.describe()));
        m_real = std::string(TPUGRAPHS_SHARED_DATA) + "/tpugraphs";
        if (fs::is_directory(m_real + "/npz")) {
            m_realBefore = snapshotOf(m_real);
            fs::copy(m_real, m_in + "/real", fs::copy_options::recursive);
        } else {
            qInfo("../shared/data absent: the real files are not fuzzed");
        }
        m_run = m_out + "/run";
        const CliRun train =
            cli({"train", "--dataset", QString::fromStdString(m_generated), "--collection",
                 "tile:xla", "--run-dir", QString::fromStdString(m_run), "--steps", "4",
                 "--validation-interval", "2", "--hidden-dim", "8", "--layers", "1"});
        QVERIFY2(train.exitCode == 0, qPrintable(train.describe()));
        m_inBefore = snapshotOf(m_in);
    }

    // Nothing under the inputs or the shared data changed, whatever the cases did.
    void cleanupTestCase() {
        if (!cliBuilt()) return;
        QVERIFY(snapshotOf(m_in) == m_inBefore);
        if (!m_realBefore.empty()) QVERIFY(snapshotOf(m_real) == m_realBefore);
    }

    void cleanup() { QVERIFY2(snapshotOf(m_in) == m_inBefore, "a case wrote into its inputs"); }

    // `info` on seeded truncations and byte flips of every real and generated .npz: INVALID
    // naming the file (exit 2), or the file's description (a flip the format does not read).
    void truncatedAndFlippedGraphFiles() {
        std::vector<std::string> files;
        for (const auto& item : fs::recursive_directory_iterator(m_in))
            if (item.path().extension() == ".npz") files.push_back(item.path().string());
        std::sort(files.begin(), files.end());
        QVERIFY(files.size() >= 4);
        int tried = 0;
        for (const std::string& source : files) {
            const std::string bytes = readBytes(source);
            for (int k = 0; k < m_cases; ++k) {
                std::string damaged = bytes;
                std::string how;
                if (k % 2 == 0) {
                    damaged.resize(pick(bytes.size()));
                    how = "cut to " + std::to_string(damaged.size());
                } else {
                    for (int flips = 1 + int(pick(8)); flips > 0; --flips) {
                        const size_t at = pick(bytes.size());
                        damaged[at] = char(damaged[at] ^ (1 + pick(255)));
                        how += " flip@" + std::to_string(at);
                    }
                }
                const std::string path = m_out + "/fuzz/" + std::to_string(tried++) + "-" +
                                         fs::path(source).filename().string();
                writeBytes(path, damaged);
                const CliRun run = cli({"info", QString::fromStdString(path)});
                const QString why = uncleanEnding(run, {0, 2}, QString::fromStdString(path));
                QVERIFY2(why.isEmpty(), qPrintable(QString::fromStdString(source + " " + how) +
                                                   ": " + why + "\n" + run.describe()));
                if (run.exitCode == 2) QVERIFY2(run.out.contains("INVALID"), qPrintable(run.out));
            }
        }
        qInfo("%d damaged graph files", tried);
    }

    // Crafted files: each refused by `info` with exit 2, naming the file and the array.
    void craftedGraphFiles_data() {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("array");
        const Members tile = tileMembers();
        QTest::newRow("opcode past the table")
            << archive(with(tile, "node_opcode", npy(std::vector<uint8_t>{1, 2, 200, 4}, {4})))
            << "node_opcode";
        QTest::newRow("edge to a missing node")
            << archive(
                   with(tile, "edge_index", npy(std::vector<int64_t>{1, 0, 9, 1, 3, 2}, {3, 2})))
            << "edge_index";
        QTest::newRow("configurable id out of range")
            << archive(
                   with(layoutMembers(), "node_config_ids", npy(std::vector<int64_t>{2, 60}, {2})))
            << "node_config_ids";
        QTest::newRow("huge declared shape")
            << archive(with(tile, "node_feat",
                            npyRaw("{'descr': '<f4', 'fortran_order': False, 'shape': "
                                   "(99999999999999, 140), }",
                                   Bytes(64, 0))))
            << "node_feat";
        QTest::newRow("unknown dtype")
            << archive(with(tile, "config_runtime",
                            npyRaw("{'descr': '<c16', 'fortran_order': False, 'shape': (3,), }",
                                   Bytes(48, 0))))
            << "config_runtime";
        QTest::newRow("header not a dict")
            << archive(with(tile, "config_feat", npyRaw("hello", Bytes(8, 0)))) << "config_feat";
        // A member declaring 4 GB: refused or failing to allocate, named either way (the run
        // below is limited to 4 GB of address space).
        std::vector<ZipEntry> e = entries(tile);
        e[0].size = 4000000000u;
        e[0].payload.resize(4000000, 0);
        const Bytes zip = buildZip(e);
        QTest::newRow("member declaring 4 GB")
            << QByteArray(reinterpret_cast<const char*>(zip.data()), qsizetype(zip.size()))
            << "node_feat";
    }
    void craftedGraphFiles() {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, array);
        const std::string path =
            m_out + "/crafted/" + QTest::currentDataTag() + std::string(".npz");
        writeBytes(path, bytes.toStdString());
        const QString file = QString::fromStdString(path);
        const CliRun run = runProgram(
            "/bin/sh", {"-c", "ulimit -v 4000000; exec \"$0\" info \"$1\"", TPUGRAPHS_CLI, file},
            kDeadlineMs);
        const QString why = uncleanEnding(run, {2}, file);
        QVERIFY2(why.isEmpty(), qPrintable(why + "\n" + run.describe()));
        QVERIFY2(run.out.contains("array '" + array + "'"), qPrintable(run.describe()));
    }

    // Damaged run files and checkpoints: `evaluate` gives a result (a checkpoint passed over with
    // a note) or a clean error naming the run's file.
    void damagedRunFiles() {
        int tried = 0;
        for (const char* name :
             {"format.json", "options.json", "state.json", "history.csv", "last.pt", "best.pt"}) {
            const std::string bytes = readBytes(m_run + "/" + name);
            QVERIFY2(!bytes.empty(), name);
            for (int k = 0; k < m_cases; ++k) {
                const std::string run = m_out + "/runs/" + std::to_string(tried++);
                fs::create_directories(fs::path(run).parent_path());
                fs::copy(m_run, run, fs::copy_options::recursive);
                std::string damaged = bytes;
                if (k % 2 == 0) {
                    damaged.resize(pick(bytes.size()));
                } else {
                    const size_t at = bytes.size() / 4 + pick(bytes.size() / 2);
                    for (size_t i = at; i < std::min(bytes.size(), at + 256); ++i)
                        damaged[i] = char(damaged[i] ^ 0x5a);
                }
                writeBytes(run + "/" + name, damaged);
                const CliRun result =
                    cli({"evaluate", "--run", QString::fromStdString(run), "--split", "valid"});
                const QString why = uncleanEnding(result, {0, 1}, QString::fromStdString(run));
                QVERIFY2(why.isEmpty(),
                         qPrintable(QString(name) + ": " + why + "\n" + result.describe()));
                // A damaged best.pt is passed over with a note, never silently.
                if (result.exitCode == 0 && std::string(name) == "best.pt")
                    QVERIFY2(result.err.contains("note: " + QString::fromStdString(run)),
                             qPrintable(result.describe()));
            }
        }
        qInfo("%d damaged runs", tried);
    }

    // Hostile CSVs against validate-submission and score: a verdict with FILE:LINE, never a
    // crash; graph names with path separators refused; a 20 MB line cut, not held.
    void hostileSubmissions_data() {
        QTest::addColumn<QByteArray>("csv");
        QTest::addColumn<QString>("problem");  // a fragment the errors must hold ("" = valid)
        const QByteArray header = "ID,TopConfigs\n";
        QTest::newRow("dot-dot name") << header + "tile:xla:../../etc/passwd,0;1;2;3;4\n"
                                      << ":2: ID 'tile:xla:../../etc/passwd' has a graph name";
        QTest::newRow("slash name") << header + "layout:xla:default:a/b,0;1\n"
                                    << ":2: ID 'layout:xla:default:a/b' has a graph name";
        QTest::newRow("20 MB line") << header + QByteArray(20 << 20, '7') + "\n"
                                    << ":2: line is longer than 16 MiB";
        QTest::newRow("binary") << QByteArray("\x00\xff\x13ID,\n\x01", 8) << ":1: header is";
        QTest::newRow("huge index") << header + "tile:xla:a,999999999999999999;1;2;3;4\n"
                                    << "";
        QTest::newRow("long ID") << header + "tile:xla:" + QByteArray(1000, 'a') + ",0;1;2;3;4\n"
                                 << ":2: ID 'tile:xla:";
        QTest::newRow("CR only") << QByteArray("ID,TopConfigs\r\r\r") << ":1: header is";
    }
    void hostileSubmissions() {
        QFETCH(QByteArray, csv);
        QFETCH(QString, problem);
        const std::string path = m_out + "/csv/" + QTest::currentDataTag() + std::string(".csv");
        writeBytes(path, csv.toStdString());
        const QString file = QString::fromStdString(path);
        const QString dataset = QString::fromStdString(m_generated);
        for (const QStringList& arguments :
             {QStringList{"validate-submission", file, "--partial"},
              QStringList{"validate-submission", file, "--partial", "--dataset", dataset, "--split",
                          "valid"},
              QStringList{"score", "--predictions", file, "--dataset", dataset}}) {
            const CliRun run = cli(arguments);
            const QString why = uncleanEnding(run, {0, 1}, file);
            QVERIFY2(why.isEmpty(),
                     qPrintable(arguments.join(' ') + ": " + why + "\n" + run.describe()));
            if (!problem.isEmpty())
                QVERIFY2(run.exitCode == 1 && run.all().contains(file + problem),
                         qPrintable(run.describe()));
        }
    }

    // A layout row listing fewer configs than its graph has: validate-submission warns, and
    // score gives the same verdict (scores the listed configs) instead of refusing it.
    void oneVerdictForShortLayoutRows() {
        const std::string layout = firstFile(m_generated + "/npz/layout/xla/default/valid");
        QVERIFY(!layout.empty());
        const std::string id = "layout:xla:default:" + fs::path(layout).stem().string();
        const std::string path = m_out + "/short-layout.csv";
        writeBytes(path, "ID,TopConfigs\n" + id + ",1;0\n");
        const QString file = QString::fromStdString(path);
        const QString dataset = QString::fromStdString(m_generated);
        const CliRun validate = cli(
            {"validate-submission", file, "--partial", "--dataset", dataset, "--split", "valid"});
        QVERIFY2(validate.exitCode == 0 && validate.out.contains("warning: " + file + ":2:"),
                 qPrintable(validate.describe()));
        const CliRun score = cli({"score", "--predictions", file, "--dataset", dataset});
        QVERIFY2(score.exitCode == 0 && score.out.contains("layout:xla:default"),
                 qPrintable(score.describe()));
    }

    // Numbers that must be refused with a readable message, before any work.
    void hostileNumbers_data() {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("problem");
        const QString data = QString::fromStdString(m_generated);
        const QString out = QString::fromStdString(m_out + "/numbers");
        QTest::newRow("budget nan")
            << QStringList{"submission", "--dataset", data, "--out", out, "--budget-minutes", "nan"}
            << "'nan' is not a finite number";
        QTest::newRow("budget inf")
            << QStringList{"submission", "--dataset", data, "--out", out, "--budget-minutes", "inf"}
            << "'inf' is not a finite number";
        QTest::newRow("budget -5")
            << QStringList{"submission", "--dataset", data, "--out", out, "--budget-minutes", "-5"}
            << "must be above 0";
        QTest::newRow("noise nan") << QStringList{"generate", "--out", out, "--noise", "nan"}
                                   << "'nan' is not a finite number";
        QTest::newRow("seed -1 (unsigned flag)")
            << QStringList{"generate", "--out", out, "--seed", "-1"}
            << "'-1' is not a whole number of 0 or more";
        QTest::newRow("seed -1 (training option)")
            << QStringList{"train", "--dataset", data, "--run-dir", out, "--seed", "-1"}
            << "--seed: '-1' is not a whole number of 0 or more";
        QTest::newRow("learning rate nan")
            << QStringList{"train", "--dataset", data, "--run-dir", out, "--learning-rate", "nan"}
            << "--learning-rate: 'nan' is not a number";
        QTest::newRow("threads 10000")
            << QStringList{"--threads", "10000", "info", data} << "--threads";
        QTest::newRow("sweep random 1e8")
            << QStringList{"sweep",     "--dataset", data,
                           "--out",     out,         "--random",
                           "100000000", "--range",   "learning_rate=0.001:0.01"}
            << "--random";
        QTest::newRow("sweep grid too large")
            << QStringList{"sweep", "--dataset", data,
                           "--out", out,         "--seeds",
                           "500",   "--grid",    "dropout=0,0.1,0.2,0.3,0.4"}
            << "more than the 10000 one sweep may hold";
    }
    void hostileNumbers() {
        QFETCH(QStringList, arguments);
        QFETCH(QString, problem);
        const CliRun run = runCli(arguments, kDeadlineMs);  // without cli()'s --threads
        const QString why = uncleanEnding(run, {1}, "");
        QVERIFY2(why.isEmpty(), qPrintable(why + "\n" + run.describe()));
        QVERIFY2(run.all().contains(problem), qPrintable(run.describe()));
        QVERIFY(!fs::exists(m_out + "/numbers/results.csv"));
    }

    // FIFOs named like graph files or cache entries are never opened for reading (no hang),
    // and `cache clear` neither follows a linked cache folder nor removes what is not its own.
    void fifoAndSymlinkTraps() {
        const std::string dataset = m_out + "/trap-dataset";
        fs::copy(m_generated, dataset, fs::copy_options::recursive);
        const std::string fifo = dataset + "/npz/tile/xla/train/fifo.npz";
        QVERIFY(::mkfifo(fifo.c_str(), 0644) == 0);
        const QString root = QString::fromStdString(dataset);
        const CliRun info = cli({"info", QString::fromStdString(fifo)});
        QVERIFY2(uncleanEnding(info, {1}, "fifo.npz").isEmpty() &&
                     info.err.contains("not a regular file (a FIFO)"),
                 qPrintable(info.describe()));
        const CliRun scan = cli({"info", root});
        QVERIFY2(uncleanEnding(scan, {0}, "").isEmpty() && scan.out.contains("fifo.npz"),
                 qPrintable(scan.describe()));
        const CliRun train = cli({"train", "--dataset", root, "--collection", "tile:xla",
                                  "--run-dir", QString::fromStdString(m_out + "/trap-run"),
                                  "--steps", "2", "--hidden-dim", "8", "--layers", "1"});
        QVERIFY2(uncleanEnding(train, {0, 1}, "fifo.npz").isEmpty(), qPrintable(train.describe()));

        // The cache folder beside the dataset is a link to a folder of the user's.
        qunsetenv("TPUGRAPHS_CACHE_DIR");
        const std::string victim = m_out + "/victim";
        writeBytes(victim + "/prepared/notes.txt", "the user's");
        writeBytes(victim + "/prepared/npz/tile/xla/train/a.npz.o0.prepared", "not an entry");
        fs::create_directory_symlink(victim, dataset + "/npz/.tpugraphs-cache");
        const Snapshot victimBefore = snapshotOf(victim);
        const CliRun clear = cli({"cache", "clear", "--dataset", root});
        qputenv("TPUGRAPHS_CACHE_DIR", QByteArray::fromStdString(m_out + "/cache"));
        QVERIFY2(uncleanEnding(clear, {0}, "").isEmpty() &&
                     clear.out.contains("symbolic link, not followed"),
                 qPrintable(clear.describe()));
        QVERIFY(snapshotOf(victim) == victimBefore);
        // A FIFO where an entry would be, in the user's cache: `cache info` and `clear` pass it.
        const std::string entryFifo = m_out + "/cache/x-0123456789abcdef/y.o0.prepared";
        fs::create_directories(fs::path(entryFifo).parent_path());
        QVERIFY(::mkfifo(entryFifo.c_str(), 0644) == 0);
        for (const QStringList& arguments :
             {QStringList{"cache", "info"}, QStringList{"cache", "clear"}}) {
            const CliRun run = cli(arguments);
            QVERIFY2(uncleanEnding(run, {0}, "").isEmpty(), qPrintable(run.describe()));
        }
        QVERIFY(fs::is_fifo(entryFifo));
    }

    // A stop request while a sweep starts is honoured within the deadline.
    void stopWhileASweepStarts() {
        QProcess process;
        process.start(TPUGRAPHS_CLI,
                      {"sweep", "--dataset", QString::fromStdString(m_generated), "--out",
                       QString::fromStdString(m_out + "/sweep"), "--collections", "tile:xla",
                       "--steps", "200", "--hidden-dim", "8", "--layers", "1"});
        QVERIFY(process.waitForStarted());
        QVERIFY(process.waitForReadyRead(kDeadlineMs));
        ::kill(pid_t(process.processId()), SIGTERM);
        QVERIFY2(process.waitForFinished(kDeadlineMs), "the sweep ignored SIGTERM");
        const QString all = process.readAllStandardOutput() + process.readAllStandardError();
        QVERIFY2(process.exitStatus() == QProcess::NormalExit && !all.contains("terminate called"),
                 qPrintable(all));
    }

private:
    size_t pick(size_t below) { return below ? size_t(m_rng() % below) : 0; }

    static std::string firstFile(const std::string& folder) {
        for (const auto& item : fs::directory_iterator(folder))
            if (item.path().extension() == ".npz") return item.path().string();
        return {};
    }

    QTemporaryDir m_dir;
    uint64_t m_seed = 0;
    int m_cases = 2;
    std::mt19937_64 m_rng;
    std::string m_in, m_out, m_generated, m_real, m_run;
    Snapshot m_inBefore, m_realBefore;
};

QTEST_GUILESS_MAIN(TestAdversarialCli)
#include "tst_adversarial_cli.moc"
