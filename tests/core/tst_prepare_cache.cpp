// The prepared-graph cache (core/prepare/prepared_cache.h): a hit gives the graph preparation
// gives; a touched file, another format version and damaged entries are rebuilt with a reason;
// a dataset folder that is read-only by mode, another user's or whose cache folder is a link uses
// the user's cache; the parallel loader's notes;
// `tpugraphs cache info|clear`; training from the cache gives the weights training from the
// files gives; the real sample files round-trip (skipped visibly when absent).
#include <QtTest>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli_runner.h"
#include "data/crc32.h"
#include "data/dataset.h"
#include "data/npz_file.h"
#include "file_bytes_test_support.h"
#include "prepare/prepared_cache.h"
#include "prepare/prepared_loader.h"
#include "run_weights.h"
#include "train/torch_threads.h"
#include "train/trainer.h"
#include "train_test_support.h"

using namespace tpugraphs;
namespace fs = std::filesystem;

namespace {

using test::readBytes;
using test::writeBytes;

// Every field of two prepared graphs, or the first that differs.
QString differenceOf(const PreparedGraph& a, const PreparedGraph& b) {
    if (a.name != b.name || a.path != b.path) return "name or path";
    if (a.kind != b.kind || a.nodes != b.nodes) return "kind or nodes";
    if (a.featureColumns != b.featureColumns || a.nodeFeat != b.nodeFeat) return "nodeFeat";
    if (a.opcode != b.opcode) return "opcode";
    if (a.src != b.src || a.dst != b.dst) return "edges";
    if (a.configColumns != b.configColumns || a.configFeat != b.configFeat) return "configFeat";
    if (a.configNodeRows != b.configNodeRows) return "configNodeRows";
    if (!(a.configs == b.configs)) return "layout configs";
    if (a.configRuntime != b.configRuntime || a.normalizers != b.normalizers) return "runtimes";
    if (a.runtime != b.runtime) return "targets";
    return {};
}

PreparedGraph preparedFromFile(const std::string& path, GraphKind kind,
                               const PrepareOptions& prepare, const ReadOptions& read) {
    if (kind == GraphKind::Tile) return prepareTileGraph(readTileGraph(path, read), path, prepare);
    return prepareLayoutGraph(readLayoutGraph(path, read), path, prepare);
}

// The entry of `path` beside its dataset.
std::string besideEntry(const std::string& path, GraphKind kind, const PrepareOptions& prepare) {
    const DatasetPlace place = datasetPlaceOf(path);
    return preparedEntryPath(preparedCacheFolders(place.folder).beside, place.relative,
                             preparedOptionBits(kind, prepare));
}

}  // namespace

class TestPrepareCache : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        initTorchThreads(1);
        QVERIFY(m_dir.isValid());
        m_source =
            test::makeDemoDataset(m_dir, {Collection::TileXla, Collection::LayoutXlaDefault}, 3);
    }

    // Each test starts from the defaults: the cache on, beside the dataset, the user's cache
    // in this test's folder.
    void init() {
        qunsetenv("TPUGRAPHS_NO_CACHE");
        qunsetenv("TPUGRAPHS_CACHE_DIR");
        qputenv("XDG_CACHE_HOME", (m_dir.path() + "/xdg").toUtf8());
    }

    void hitGivesThePreparedGraph_data() {
        QTest::addColumn<int>("kind");
        QTest::newRow("tile") << int(GraphKind::Tile);
        QTest::newRow("layout") << int(GraphKind::Layout);
    }
    void hitGivesThePreparedGraph() {
        QFETCH(int, kind);
        const std::string path = fileOf(copyDataset("hit"), GraphKind(kind));
        const PrepareOptions prepare;
        const ReadOptions read;
        const PreparedGraph expected = preparedFromFile(path, GraphKind(kind), prepare, read);

        const PreparedFileLoad first = loadPreparedFile(path, GraphKind(kind), prepare, read);
        QVERIFY(!first.fromCache);
        QVERIFY2(first.writeFailure.empty(), first.writeFailure.c_str());
        QVERIFY(fs::is_regular_file(besideEntry(path, GraphKind(kind), prepare)));
        QCOMPARE(differenceOf(first.graph, expected), QString());

        const PreparedFileLoad second = loadPreparedFile(path, GraphKind(kind), prepare, read);
        QVERIFY(second.fromCache);
        QVERIFY(second.rebuiltWhy.empty());
        QCOMPARE(second.folder, first.folder);
        QCOMPARE(differenceOf(second.graph, expected), QString());

        qputenv("TPUGRAPHS_NO_CACHE", "1");
        const PreparedFileLoad off = loadPreparedFile(path, GraphKind(kind), prepare, read);
        QVERIFY(!off.fromCache);
        QVERIFY(off.folder.empty());
    }

    void touchedFileIsRebuilt() {
        const std::string path = fileOf(copyDataset("touched"), GraphKind::Layout);
        QVERIFY(!load(path).fromCache);
        fs::last_write_time(path, fs::last_write_time(path) + std::chrono::seconds(10));
        const PreparedFileLoad after = load(path);
        QVERIFY(!after.fromCache);
        QVERIFY2(after.rebuiltWhy.find("changed") != std::string::npos, after.rebuiltWhy.c_str());
        QVERIFY(load(path).fromCache);
    }

    // An entry of another format version (as an older or newer build wrote it): its header says
    // so, with a valid header checksum.
    void otherFormatVersionIsRebuilt() {
        const std::string path = fileOf(copyDataset("version"), GraphKind::Layout);
        QVERIFY(!load(path).fromCache);
        const std::string entry = besideEntry(path, GraphKind::Layout, {});
        std::string bytes = readBytes(entry);
        const uint32_t version = kPreparedFormatVersion + 1;
        std::memcpy(&bytes[8], &version, sizeof version);
        const uint32_t headerCrc = crc32Of(bytes.data(), 52);
        std::memcpy(&bytes[52], &headerCrc, sizeof headerCrc);
        writeBytes(entry, bytes);

        const PreparedFileLoad after = load(path);
        QVERIFY(!after.fromCache);
        QVERIFY2(
            after.rebuiltWhy.find("format version " + std::to_string(version)) != std::string::npos,
            after.rebuiltWhy.c_str());
        QVERIFY(load(path).fromCache);
    }

    void damagedEntryIsRebuilt_data() {
        QTest::addColumn<QString>("damage");
        QTest::addColumn<QString>("reason");
        QTest::newRow("truncated") << "truncate"
                                   << "truncated";
        QTest::newRow("cut in its header") << "header"
                                           << "shorter than its header";
        QTest::newRow("a flipped payload byte") << "flip"
                                                << "checksum mismatch";
        QTest::newRow("not an entry") << "magic"
                                      << "not a prepared-graph entry";
        QTest::newRow("empty") << "empty"
                               << "shorter than its header";
    }
    void damagedEntryIsRebuilt() {
        QFETCH(QString, damage);
        QFETCH(QString, reason);
        const std::string path = fileOf(copyDataset("damaged"), GraphKind::Layout);
        const PreparedGraph expected = load(path).graph;
        const std::string entry = besideEntry(path, GraphKind::Layout, {});
        std::string bytes = readBytes(entry);
        if (damage == "truncate") bytes.resize(bytes.size() - 100);
        if (damage == "header") bytes.resize(40);
        if (damage == "flip") bytes[bytes.size() / 2] ^= 0x10;
        if (damage == "magic") bytes[0] = 'X';
        if (damage == "empty") bytes.clear();
        writeBytes(entry, bytes);

        const PreparedFileLoad after = load(path);
        QVERIFY(!after.fromCache);
        QVERIFY2(after.rebuiltWhy.find(reason.toStdString()) != std::string::npos,
                 after.rebuiltWhy.c_str());
        QCOMPARE(differenceOf(after.graph, expected), QString());
        const PreparedFileLoad again = load(path);
        QVERIFY(again.fromCache);
        QCOMPARE(differenceOf(again.graph, expected), QString());
    }

    void otherOptionsHaveTheirOwnEntry() {
        const std::string path = fileOf(copyDataset("options"), GraphKind::Layout);
        PrepareOptions unpruned;
        unpruned.prune = false;
        const PreparedGraph pruned = load(path).graph;
        const PreparedFileLoad full = loadPreparedFile(path, GraphKind::Layout, unpruned, {});
        QVERIFY(!full.fromCache);
        QVERIFY(full.graph.nodes > pruned.nodes);
        QVERIFY(fs::is_regular_file(besideEntry(path, GraphKind::Layout, unpruned)));
        QVERIFY(fs::is_regular_file(besideEntry(path, GraphKind::Layout, {})));
        const PreparedFileLoad again = loadPreparedFile(path, GraphKind::Layout, unpruned, {});
        QVERIFY(again.fromCache);
        QCOMPARE(again.graph.nodes, full.graph.nodes);
    }

    // A dataset made read-only (chmod -R a-w): the user's cache, also for root, who could
    // write anyway (the mode bits decide, not access(2)).
    void readOnlyDatasetUsesTheUserCache() {
        const std::string root = copyDataset("read-only");
        const std::string npz = datasetNpzFolder(root);
        for (const auto& item : fs::recursive_directory_iterator(npz))
            if (item.is_directory())
                fs::permissions(item.path(), fs::perms::owner_write, fs::perm_options::remove);
        fs::permissions(npz, fs::perms::owner_write, fs::perm_options::remove);
        const std::string path = fileOf(root, GraphKind::Tile);
        const std::string user = (m_dir.path() + "/xdg/tpugraphs/prepared").toStdString();

        const PreparedFileLoad first = load(path, GraphKind::Tile);
        const PreparedFileLoad second = load(path, GraphKind::Tile);
        fs::permissions(npz, fs::perms::owner_write, fs::perm_options::add);
        for (const auto& item : fs::recursive_directory_iterator(npz))
            if (item.is_directory())
                fs::permissions(item.path(), fs::perms::owner_write, fs::perm_options::add);
        QVERIFY(!first.fromCache);
        QVERIFY2(first.writeFailure.empty(), first.writeFailure.c_str());
        QVERIFY2(first.folder.rfind(user, 0) == 0, first.folder.c_str());
        QVERIFY(second.fromCache);
        QCOMPARE(second.folder, first.folder);
        QVERIFY(!fs::is_directory(npz + "/.tpugraphs-cache"));
    }

    // Only a folder of the user's own whose mode lets its owner write takes the cache.
    void besideOnlyInTheUsersWritableFolder() {
        const uid_t me = 1000, other = 1001;
        QVERIFY(besideCacheWritable(me, S_IFDIR | 0755, me));
        QVERIFY(besideCacheWritable(me, S_IFDIR | 0700, me));
        QVERIFY(!besideCacheWritable(me, S_IFDIR | 0555, me));     // chmod a-w
        QVERIFY(!besideCacheWritable(other, S_IFDIR | 0777, me));  // another user's, even open
        QVERIFY(!besideCacheWritable(other, S_IFDIR | 0755, 0));   // root, in a user's dataset
        QVERIFY(!besideCacheWritable(me, S_IFLNK | 0777, me));     // a link, not a folder
    }

    // A dataset of another user (here: root's test gives it away) and a .tpugraphs-cache that is
    // a symbolic link: the user's cache, and nothing written beside the dataset.
    void datasetOfAnotherUserUsesTheUserCache() {
        const std::string linked = copyDataset("linked-cache");
        const std::string elsewhere = (m_dir.path() + "/elsewhere").toStdString();
        fs::create_directories(elsewhere);
        fs::create_directory_symlink(elsewhere, datasetNpzFolder(linked) + "/.tpugraphs-cache");
        const PreparedFileLoad viaLink = load(fileOf(linked, GraphKind::Tile), GraphKind::Tile);
        QVERIFY2(viaLink.folder.rfind((m_dir.path() + "/xdg/").toStdString(), 0) == 0,
                 viaLink.folder.c_str());
        QVERIFY(fs::is_empty(elsewhere));

        if (::geteuid() != 0) QSKIP("giving a dataset to another user needs root");
        const std::string root = copyDataset("another-user");
        const std::string npz = datasetNpzFolder(root);
        QCOMPARE(::chown(npz.c_str(), 65534, 65534), 0);  // nobody's, mode unchanged (writable)
        const PreparedFileLoad first = load(fileOf(root, GraphKind::Tile), GraphKind::Tile);
        QVERIFY2(
            first.folder.rfind((m_dir.path() + "/xdg/tpugraphs/prepared/").toStdString(), 0) == 0,
            first.folder.c_str());
        QVERIFY(!fs::exists(npz + "/.tpugraphs-cache"));
    }

    void cacheDirOverridesBoth() {
        const std::string path = fileOf(copyDataset("override"), GraphKind::Tile);
        const std::string chosen = (m_dir.path() + "/chosen").toStdString();
        qputenv("TPUGRAPHS_CACHE_DIR", QByteArray::fromStdString(chosen));
        const PreparedFileLoad first = load(path, GraphKind::Tile);
        QVERIFY2(first.folder.rfind(chosen + "/", 0) == 0, first.folder.c_str());
        QVERIFY(!fs::exists(datasetPlaceOf(path).folder + "/.tpugraphs-cache"));
        QVERIFY(load(path, GraphKind::Tile).fromCache);
    }

    // Many files at once: the graphs in the files' order, and notes on what the cache did.
    void parallelLoadKeepsOrderAndNotes() {
        const DatasetIndex index = scanDataset(copyDataset("parallel"));
        std::vector<const GraphEntry*> entries;
        for (const GraphEntry& entry : index.graphs)
            if (entry.kind == GraphKind::Layout && entry.split == Split::Train)
                entries.push_back(&entry);
        QCOMPARE(entries.size(), size_t(3));
        PreparedLoadOptions options;
        options.kind = GraphKind::Layout;
        options.threads = 2;
        options.memoryBudgetBytes = 1;  // one file at a time: still loads all
        const PreparedLoadResult first = loadPreparedGraphs(entries, options, {}, nullptr);
        QCOMPARE(first.graphs.size(), entries.size());
        for (size_t i = 0; i < entries.size(); ++i)
            QCOMPARE(first.graphs[i].path, entries[i]->path);
        QVERIFY2(
            first.notes.front().find("3 prepared from their .npz and cached") != std::string::npos,
            first.notes.front().c_str());

        writeBytes(besideEntry(entries[1]->path, GraphKind::Layout, {}), "damaged");
        size_t calls = 0, lastDone = 0;
        const PreparedLoadResult second = loadPreparedGraphs(
            entries, options,
            [&](size_t done, size_t) {
                ++calls;
                lastDone = done;
            },
            nullptr);
        QCOMPARE(calls, entries.size() + 1);
        QCOMPARE(lastDone, entries.size());
        QVERIFY2(second.notes.front().find("2 of 3 graphs read from") != std::string::npos,
                 second.notes.front().c_str());
        QVERIFY2(second.notes.size() > 1 &&
                     second.notes[1].find("rebuilt the entry of " +
                                          fs::path(entries[1]->path).filename().string()) !=
                         std::string::npos,
                 second.notes.back().c_str());
        for (size_t i = 0; i < entries.size(); ++i)
            QCOMPARE(differenceOf(second.graphs[i], first.graphs[i]), QString());
        QVERIFY(loadPreparedGraphs({}, options, {}, nullptr).notes.empty());  // no split, no note
    }

    void cliReportsAndClears() {
        if (!cliBuilt()) QSKIP("the tpugraphs CLI is not part of this build");
        const std::string root = copyDataset("cli");
        const QString rootArg = QString::fromStdString(root);
        const CliRun before = runCli({"cache", "info", "--dataset", rootArg});
        QVERIFY2(before.exitCode == 0, qPrintable(before.describe()));
        QVERIFY2(before.out.contains("none yet"), qPrintable(before.out));
        const DatasetIndex index = scanDataset(root);
        size_t files = 0, train = 0;
        for (const GraphEntry& entry : index.graphs) {
            if (!entry.error.empty()) continue;
            ++files;
            if (entry.split == Split::Train) train += !load(entry.path, entry.kind).fromCache;
        }
        QVERIFY(train > 0 && train < files);
        const CliRun info = runCli({"cache", "info", "--dataset", rootArg});
        QVERIFY2(info.exitCode == 0, qPrintable(info.describe()));
        QVERIFY2(info.out.contains(QString("cached       %1 of %2 files").arg(train).arg(files)),
                 qPrintable(info.out));
        const CliRun clear = runCli({"cache", "clear", "--dataset", rootArg});
        QVERIFY2(clear.exitCode == 0 && clear.out.contains("removed"),
                 qPrintable(clear.describe()));
        QVERIFY(!fs::exists(datasetNpzFolder(root) + "/.tpugraphs-cache"));
        const CliRun after = runCli({"cache", "info", "--dataset", rootArg});
        QVERIFY2(after.out.contains("none yet"), qPrintable(after.out));
        const CliRun notDataset = runCli({"cache", "clear", "--dataset", m_dir.path() + "/xdg"});
        QVERIFY2(notDataset.exitCode != 0 && notDataset.err.contains("not a TpuGraphs dataset"),
                 qPrintable(notDataset.describe()));
    }

    // `cache clear` without --dataset removes the datasets' folders of the user's cache and
    // nothing else that folder holds.
    void clearingTheUserCacheRemovesOnlyDatasets() {
        if (!cliBuilt()) QSKIP("the tpugraphs CLI is not part of this build");
        const std::string chosen = (m_dir.path() + "/user-clear").toStdString();
        qputenv("TPUGRAPHS_CACHE_DIR", QByteArray::fromStdString(chosen));
        const PreparedFileLoad loaded =
            load(fileOf(copyDataset("user-clear"), GraphKind::Tile), GraphKind::Tile);
        QVERIFY(fs::is_directory(loaded.folder));
        fs::create_directories(chosen + "/notes");
        writeBytes(chosen + "/keep.txt", "not the cache's");
        const CliRun info = runCli({"cache", "info"});
        QVERIFY2(info.exitCode == 0 && info.out.contains("1 dataset(s)") &&
                     info.out.contains(
                         QString::fromStdString(fs::path(loaded.folder).filename().string())),
                 qPrintable(info.describe()));
        const CliRun clear = runCli({"cache", "clear"});
        QVERIFY2(clear.exitCode == 0, qPrintable(clear.describe()));
        QVERIFY(!fs::exists(loaded.folder));
        QVERIFY(fs::is_regular_file(chosen + "/keep.txt"));
        QVERIFY(fs::is_directory(chosen + "/notes"));
    }

    // `cache clear --dataset` never follows a symbolic link standing for the cache folder beside
    // the dataset: what the link points at stays, even files named like entries.
    void clearNeverFollowsALinkedCacheFolder() {
        if (!cliBuilt()) QSKIP("the tpugraphs CLI is not part of this build");
        const std::string root = copyDataset("linked");
        const std::string victim = m_dir.path().toStdString() + "/victim-linked";
        fs::create_directories(victim + "/prepared/npz");
        writeBytes(victim + "/prepared/keep.txt", "the user's");
        writeBytes(victim + "/prepared/npz/x.o0.prepared", "named like an entry, but is not one");
        const std::string beside = preparedCacheFolders(datasetNpzFolder(root)).beside;
        fs::create_directory_symlink(victim, fs::path(beside).parent_path());
        const CliRun clear = runCli({"cache", "clear", "--dataset", QString::fromStdString(root)});
        QVERIFY2(clear.exitCode == 0 && clear.out.contains("symbolic link, not followed"),
                 qPrintable(clear.describe()));
        QVERIFY(fs::is_regular_file(victim + "/prepared/keep.txt"));
        QVERIFY(fs::is_regular_file(victim + "/prepared/npz/x.o0.prepared"));
        QVERIFY(fs::is_symlink(fs::path(beside).parent_path()));
    }

    // In a user's cache folder of their own choosing, `cache clear` removes only files that are
    // entries by name and header: a folder merely named like a dataset's keeps its files, a
    // link (to a folder or a file) is neither followed nor removed, and a FIFO named like an
    // entry is neither removed nor waited on.
    void clearRemovesOnlyItsOwnEntries() {
        if (!cliBuilt()) QSKIP("the tpugraphs CLI is not part of this build");
        const std::string chosen = (m_dir.path() + "/own-entries").toStdString();
        qputenv("TPUGRAPHS_CACHE_DIR", QByteArray::fromStdString(chosen));
        const PreparedFileLoad loaded =
            load(fileOf(copyDataset("own-entries"), GraphKind::Tile), GraphKind::Tile);
        QVERIFY(fs::is_directory(loaded.folder));
        const std::string victim = m_dir.path().toStdString() + "/victim-own";
        fs::create_directories(victim);
        writeBytes(victim + "/a.o0.prepared", readBytes(entryUnder(loaded.folder)));
        const std::string lookalike = chosen + "/proj-0123456789abcdef";
        fs::create_directories(lookalike);
        writeBytes(lookalike + "/file.txt", "the user's");
        writeBytes(lookalike + "/fake.o0.prepared", std::string(100, 'x'));
        QVERIFY(::mkfifo((lookalike + "/pipe.o0.prepared").c_str(), 0644) == 0);
        fs::create_directory_symlink(victim, chosen + "/link-0123456789abcdef");
        fs::create_directory_symlink(victim, loaded.folder + "/inner-link");
        fs::create_symlink(victim + "/a.o0.prepared", loaded.folder + "/b.o0.prepared");
        const CliRun clear = runCli({"cache", "clear"}, 60000);
        QVERIFY2(clear.exitCode == 0 && clear.out.contains("removed 1 entries"),
                 qPrintable(clear.describe()));
        QVERIFY(fs::is_regular_file(lookalike + "/file.txt"));
        QVERIFY(fs::is_regular_file(lookalike + "/fake.o0.prepared"));
        QVERIFY(fs::is_fifo(lookalike + "/pipe.o0.prepared"));
        QVERIFY(fs::is_regular_file(victim + "/a.o0.prepared"));
        QVERIFY(fs::is_symlink(chosen + "/link-0123456789abcdef"));
        QVERIFY(fs::is_symlink(loaded.folder + "/inner-link"));
        QVERIFY(fs::is_symlink(loaded.folder + "/b.o0.prepared"));
        QVERIFY(entryUnder(loaded.folder).empty());
    }

    // A FIFO where an entry should be is passed over with a reason (never opened for reading,
    // which would wait for a writer) and replaced by a fresh entry.
    void fifoAsAnEntryIsRebuilt() {
        const std::string path = fileOf(copyDataset("fifo-entry"), GraphKind::Layout);
        const std::string entry = besideEntry(path, GraphKind::Layout, {});
        fs::create_directories(fs::path(entry).parent_path());
        QVERIFY(::mkfifo(entry.c_str(), 0644) == 0);
        const PreparedFileLoad loaded = load(path);
        QVERIFY(!loaded.fromCache);
        QVERIFY2(loaded.rebuiltWhy.find("not a regular file (a FIFO)") != std::string::npos,
                 loaded.rebuiltWhy.c_str());
        QVERIFY(fs::is_regular_file(entry));
        QVERIFY(load(path).fromCache);
    }

    // The same weights from the files (cache off), from a first run (which writes the cache)
    // and from a second run (which reads it).
    void trainingFromTheCacheGivesTheSameWeights() {
        const std::string root = copyDataset("weights");
        const auto run = [&](const std::string& name) {
            TrainOptions o = test::layoutSageOptions(root, m_dir.path().toStdString() + "/" + name);
            o.steps = 4;
            o.validationInterval = 2;
            o.hiddenDim = 8;
            o.layers = 1;
            train(o);
            return test::lastWeights(o.runDir);
        };
        qputenv("TPUGRAPHS_NO_CACHE", "1");
        const std::vector<float> files = run("run-files");
        qunsetenv("TPUGRAPHS_NO_CACHE");
        const std::vector<float> writing = run("run-writing");
        const DatasetIndex index = scanDataset(root);
        for (const GraphEntry& entry : index.graphs)
            if (entry.kind == GraphKind::Layout && entry.error.empty())
                QVERIFY2(fs::is_regular_file(besideEntry(entry.path, GraphKind::Layout, {})),
                         entry.path.c_str());
        const std::vector<float> reading = run("run-reading");
        QVERIFY(writing == files);
        QVERIFY(reading == files);
    }

    void realSampleFilesRoundTrip() {
        const std::string root = std::string(TPUGRAPHS_SHARED_DATA) + "/tpugraphs";
        if (datasetNpzFolder(root).empty())
            QSKIP("the real sample files are absent (../shared/data/tpugraphs)");
        // Never beside the shared data: in this test's folder.
        qputenv("TPUGRAPHS_CACHE_DIR", (m_dir.path() + "/real").toUtf8());
        const DatasetIndex index = scanDataset(root);
        size_t checked = 0;
        for (const GraphEntry& entry : index.graphs) {
            if (!entry.error.empty()) continue;
            const ReadOptions read = readOptionsFor(entry.split);
            const PreparedGraph expected = preparedFromFile(entry.path, entry.kind, {}, read);
            QVERIFY(!loadPreparedFile(entry.path, entry.kind, {}, read).fromCache);
            const PreparedFileLoad cached = loadPreparedFile(entry.path, entry.kind, {}, read);
            QVERIFY2(cached.fromCache, entry.path.c_str());
            QCOMPARE(differenceOf(cached.graph, expected), QString());
            ++checked;
        }
        QVERIFY(checked >= 5);
        QVERIFY(!fs::exists(datasetNpzFolder(root) + "/.tpugraphs-cache"));
    }

private:
    // A copy of the generated dataset of its own (fresh modification times, no cache yet).
    std::string copyDataset(const std::string& name) {
        const std::string root = m_dir.path().toStdString() + "/copies/" + name;
        fs::remove_all(root);
        fs::create_directories(root);
        fs::copy(m_source, root, fs::copy_options::recursive);
        return root;
    }

    // The first train file of `kind` in the dataset at `root`.
    static std::string fileOf(const std::string& root, GraphKind kind) {
        const DatasetIndex index = scanDataset(root);
        for (const GraphEntry& entry : index.graphs)
            if (entry.kind == kind && entry.split == Split::Train && entry.error.empty())
                return entry.path;
        return {};
    }

    // The first regular file named "*.prepared" below `folder` (links not followed), or "".
    static std::string entryUnder(const std::string& folder) {
        for (const auto& item : fs::recursive_directory_iterator(folder))
            if (fs::is_regular_file(item.symlink_status()) &&
                item.path().extension() == kPreparedEntrySuffix)
                return item.path().string();
        return {};
    }

    static PreparedFileLoad load(const std::string& path, GraphKind kind = GraphKind::Layout) {
        return loadPreparedFile(path, kind, {}, {});
    }

    QTemporaryDir m_dir;
    std::string m_source;
};

QTEST_GUILESS_MAIN(TestPrepareCache)
#include "tst_prepare_cache.moc"
