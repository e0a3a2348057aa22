// The user's data places (core/base/user_dirs.h) and the one-time move from the places of
// versions up to 0.1.0 (core/base/legacy_user_data.h): XDG variables honoured (relative ones
// ignored), each old place moved by one rename with its emptied old folders removed, nothing at
// the new place replaced, a symbolic link moved as a link, a second run a no-op.
#include <QtTest>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "base/legacy_user_data.h"
#include "base/user_dirs.h"

using namespace tpugraphs;
namespace fs = std::filesystem;

namespace {

void writeText(const std::string& path, const std::string& text) {
    fs::create_directories(fs::path(path).parent_path());
    std::ofstream(path) << text;
}

std::string readText(const std::string& path) {
    std::ifstream in(path);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

}  // namespace

class TestUserDirs : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init() {
        QVERIFY(m_dir.isValid());
        m_root = m_dir.path().toStdString();
        qputenv("HOME", QByteArray::fromStdString(m_root + "/home"));
        for (const char* name : {"XDG_CACHE_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME"})
            qunsetenv(name);
    }

    void defaultsAreUnderHome() {
        const XdgBaseDirs base = xdgBaseDirsFromEnvironment();
        QCOMPARE(base.cache, m_root + "/home/.cache");
        QCOMPARE(base.config, m_root + "/home/.config");
        QCOMPARE(base.data, m_root + "/home/.local/share");
        QCOMPARE(userCacheDir(), m_root + "/home/.cache/tpugraphs");
    }

    void xdgVariablesAreHonouredWhenAbsolute() {
        qputenv("XDG_CACHE_HOME", "/elsewhere/cache");
        qputenv("XDG_CONFIG_HOME", "/elsewhere/config");
        qputenv("XDG_DATA_HOME", "relative/data");  // the specification: ignored
        const XdgBaseDirs base = xdgBaseDirsFromEnvironment();
        QCOMPARE(base.cache, std::string("/elsewhere/cache"));
        QCOMPARE(base.config, std::string("/elsewhere/config"));
        QCOMPARE(base.data, m_root + "/home/.local/share");
        QCOMPARE(userCacheDir(), std::string("/elsewhere/cache/tpugraphs"));
    }

    // The places have no spaces and are the same folder name in each base directory.
    void newPlacesAreOneFolderPerKind() {
        const XdgBaseDirs base{"/c", "/k", "/d"};
        for (const LegacyUserDataMove& move : legacyUserDataMoves(base)) {
            QVERIFY2(move.to.find(' ') == std::string::npos, move.to.c_str());
            const bool underOne = move.to.rfind("/c/tpugraphs/", 0) == 0 ||
                                  move.to.rfind("/k/tpugraphs/", 0) == 0 ||
                                  move.to.rfind("/d/tpugraphs/", 0) == 0;
            QVERIFY2(underOne, move.to.c_str());
        }
    }

    void everyOldPlaceIsMovedOnce() {
        const XdgBaseDirs base = xdgBaseDirsFromEnvironment();
        const std::string demo = base.cache + "/TpuGraphsStudio/TpuGraphs Studio/demo-dataset-v1";
        const std::string prepared = base.cache + "/tpugraphs-studio/prepared";
        const std::string settings = base.config + "/TpuGraphsStudio/TpuGraphs Studio.conf";
        const std::string runs = base.data + "/TpuGraphsStudio/TpuGraphs Studio/runs";
        writeText(demo + "/npz/tile/xla/train/a.npz", "demo");
        writeText(prepared + "/d-0123456789abcdef/a.npz.o1.prepared", "entry");
        writeText(settings, "[General]\nrecentDatasets=x\n");
        writeText(runs + "/run-1/state.json", "{}");

        const auto outcomes = moveLegacyUserData(legacyUserDataMoves(base));
        QCOMPARE(outcomes.size(), size_t(4));
        for (const LegacyMoveOutcome& outcome : outcomes)
            QVERIFY2(outcome.kind == LegacyMoveOutcome::Moved, outcome.text().c_str());
        QCOMPARE(readText(base.cache + "/tpugraphs/demo-dataset-v1/npz/tile/xla/train/a.npz"),
                 std::string("demo"));
        QCOMPARE(readText(base.cache + "/tpugraphs/prepared/d-0123456789abcdef/a.npz.o1.prepared"),
                 std::string("entry"));
        QVERIFY(readText(base.config + "/tpugraphs/studio.conf").find("recentDatasets") !=
                std::string::npos);
        QCOMPARE(readText(base.data + "/tpugraphs/runs/run-1/state.json"), std::string("{}"));
        // The old folders are gone, none is left empty.
        for (const std::string& old :
             {base.cache + "/TpuGraphsStudio", base.cache + "/tpugraphs-studio",
              base.config + "/TpuGraphsStudio", base.data + "/TpuGraphsStudio"})
            QVERIFY2(!fs::exists(old), old.c_str());

        QVERIFY(moveLegacyUserData(legacyUserDataMoves(base)).empty());  // nothing left to move
    }

    // A new place that exists already is kept; the old one is left as it was, and reported.
    void nothingNewIsReplaced() {
        const XdgBaseDirs base = xdgBaseDirsFromEnvironment();
        const std::string oldRuns = base.data + "/TpuGraphsStudio/TpuGraphs Studio/runs";
        writeText(oldRuns + "/old-run/state.json", "old");
        writeText(base.data + "/tpugraphs/runs/new-run/state.json", "new");
        const std::string oldSettings = base.config + "/TpuGraphsStudio/TpuGraphs Studio.conf";
        writeText(oldSettings, "old");
        writeText(base.config + "/tpugraphs/studio.conf", "new");
        fs::create_directories(base.cache + "/tpugraphs/prepared");  // empty: still not replaced
        fs::create_directories(base.cache + "/tpugraphs-studio/prepared/old");

        const auto outcomes = moveLegacyUserData(legacyUserDataMoves(base));
        QCOMPARE(outcomes.size(), size_t(3));
        for (const LegacyMoveOutcome& outcome : outcomes) {
            QVERIFY2(outcome.kind == LegacyMoveOutcome::LeftOld, outcome.text().c_str());
            QVERIFY(outcome.text().find("safe to delete") != std::string::npos);
        }
        QCOMPARE(readText(oldRuns + "/old-run/state.json"), std::string("old"));
        QCOMPARE(readText(base.data + "/tpugraphs/runs/new-run/state.json"), std::string("new"));
        QCOMPARE(readText(oldSettings), std::string("old"));
        QCOMPARE(readText(base.config + "/tpugraphs/studio.conf"), std::string("new"));
        QVERIFY(fs::is_directory(base.cache + "/tpugraphs-studio/prepared/old"));
        QVERIFY(fs::is_empty(base.cache + "/tpugraphs/prepared"));
    }

    // An old folder that holds more than what is moved stays, with the rest.
    void otherFilesInAnOldFolderStay() {
        const XdgBaseDirs base = xdgBaseDirsFromEnvironment();
        const std::string oldApp = base.cache + "/TpuGraphsStudio/TpuGraphs Studio";
        writeText(oldApp + "/demo-dataset-v1/npz/x", "demo");
        writeText(oldApp + "/qtpipelinecache", "other");
        const auto outcomes = moveLegacyUserData(legacyUserDataMoves(base));
        QCOMPARE(outcomes.size(), size_t(1));
        QCOMPARE(outcomes[0].kind, LegacyMoveOutcome::Moved);
        QCOMPARE(readText(oldApp + "/qtpipelinecache"), std::string("other"));
        QVERIFY(fs::exists(base.cache + "/tpugraphs/demo-dataset-v1/npz/x"));
    }

    // An old place that is a symbolic link (the cache kept on another disk) moves as the link.
    void aLinkIsMovedAsALink() {
        const XdgBaseDirs base = xdgBaseDirsFromEnvironment();
        const std::string target = m_root + "/big-disk/prepared";
        writeText(target + "/entry", "kept");
        fs::create_directories(base.cache + "/tpugraphs-studio");
        fs::create_directory_symlink(target, base.cache + "/tpugraphs-studio/prepared");
        const auto outcomes = moveLegacyUserData(legacyUserDataMoves(base));
        QCOMPARE(outcomes.size(), size_t(1));
        QCOMPARE(outcomes[0].kind, LegacyMoveOutcome::Moved);
        const std::string moved = base.cache + "/tpugraphs/prepared";
        QVERIFY(fs::is_symlink(moved));
        QCOMPARE(fs::read_symlink(moved).string(), target);
        QCOMPARE(readText(target + "/entry"), std::string("kept"));
    }

    // A new place that cannot be made: the old place stays, with the reason.
    void aFailedMoveLeavesTheOldPlace() {
        const XdgBaseDirs base = xdgBaseDirsFromEnvironment();
        writeText(base.cache + "/tpugraphs-studio/prepared/entry", "kept");
        writeText(base.cache + "/tpugraphs", "a file where the folder should be");
        const auto outcomes = moveLegacyUserData(legacyUserDataMoves(base));
        QCOMPARE(outcomes.size(), size_t(1));
        QCOMPARE(outcomes[0].kind, LegacyMoveOutcome::Failed);
        QVERIFY2(outcomes[0].text().find("cannot move") == 0, outcomes[0].text().c_str());
        QVERIFY(!outcomes[0].why.empty());
        QCOMPARE(readText(base.cache + "/tpugraphs-studio/prepared/entry"), std::string("kept"));
    }

    void cleanup() {
        fs::remove_all(m_root);
        fs::create_directories(m_root);
    }

private:
    QTemporaryDir m_dir;
    std::string m_root;
};

QTEST_GUILESS_MAIN(TestUserDirs)
#include "tst_base_user_dirs.moc"
