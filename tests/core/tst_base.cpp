// The helpers every core room uses: parallelFor, the atomic file writer, enum name tables,
// background priority, the CSV writer.
#include <QTemporaryDir>
#include <QtTest>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <fstream>
#include <mutex>
#include <set>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "base/atomic_file.h"
#include "base/background_priority.h"
#include "base/csv_table.h"
#include "base/enum_names.h"
#include "base/error_text.h"
#include "base/parallel_for.h"

using namespace tpugraphs;

namespace {

std::string readFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

enum class Colour { Red, Green, Blue };
const EnumName<Colour> kColours[] = {{Colour::Red, "red"}, {Colour::Green, "green"}};

}  // namespace

class TestBase : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void parallelForRunsEveryItemOnce_data() {
        QTest::addColumn<int>("count");
        QTest::addColumn<int>("threads");
        QTest::newRow("empty") << 0 << 4;
        QTest::newRow("one thread") << 100 << 1;
        QTest::newRow("more threads than items") << 3 << 8;
        QTest::newRow("all cores") << 1000 << 0;
    }
    void parallelForRunsEveryItemOnce() {
        QFETCH(int, count);
        QFETCH(int, threads);
        std::vector<std::atomic<int>> runs(static_cast<size_t>(count));
        const size_t ran = parallelFor(size_t(count), threads, [&](size_t i) { ++runs[i]; });
        QCOMPARE(ran, size_t(count));
        for (const auto& r : runs) QCOMPARE(r.load(), 1);
    }

    void parallelForRethrowsTheLowestFailure() {
        // Items are handed out in order, so every item below a failure has started: the
        // lowest failing item is the one reported, whatever the timing.
        for (int attempt = 0; attempt < 20; ++attempt) {
            try {
                parallelFor(200, 4, [](size_t i) {
                    if (i == 37 || i == 38 || i == 150) throw std::runtime_error(std::to_string(i));
                });
                QFAIL("no exception");
            } catch (const std::runtime_error& e) {
                QCOMPARE(std::string(e.what()), std::string("37"));
            }
        }
    }

    void parallelForStopsWhenCancelled() {
        std::atomic<bool> cancel{false};
        std::atomic<int> started{0};
        const size_t ran = parallelFor(
            1000, 2,
            [&](size_t) {
                if (++started == 10) cancel = true;
            },
            &cancel);
        QVERIFY(ran < 1000);
        QVERIFY(ran >= 10);
        QCOMPARE(size_t(started.load()), ran);
    }

    void resolvedThreadCount() {
        QCOMPARE(resolveThreadCount(3), 3);
        QVERIFY(resolveThreadCount(0) >= 1);
        QVERIFY(resolveThreadCount(-1) >= 1);
    }

    void atomicWriteReplacesWholeFiles() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("a.txt").toStdString();
        writeFileAtomically(path, std::string("first\n"));
        QCOMPARE(readFile(path), std::string("first\n"));
        writeFileAtomically(path, [](std::ostream& out) { out << "second " << 2 << "\n"; });
        QCOMPARE(readFile(path), std::string("second 2\n"));
        QVERIFY(!QFile::exists(QString::fromStdString(temporaryPathFor(path))));
    }

    void csvQuotesOnlyWhatNeedsIt() {
        QCOMPARE(csvCell("plain"), std::string("plain"));
        QCOMPARE(csvCell("a,b"), std::string("\"a,b\""));
        QCOMPARE(csvCell("say \"hi\""), std::string("\"say \"\"hi\"\"\""));
        QCOMPARE(csvCell("two\nlines"), std::string("\"two\nlines\""));
        QTemporaryDir dir;
        const std::string path = dir.filePath("t.csv").toStdString();
        writeCsvTable(path, {{"run", "value"}, {{"a", "1"}, {"b,c", ""}}});
        QCOMPARE(readFile(path), std::string("run,value\na,1\n\"b,c\",\n"));
    }

    void failedWriteKeepsTheOldFile() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("a.txt").toStdString();
        writeFileAtomically(path, std::string("old"));
        QVERIFY_THROWS_EXCEPTION(std::logic_error, writeFileAtomically(path, [](std::ostream& out) {
                                     out << "half";
                                     throw std::logic_error("stop");
                                 }));
        QCOMPARE(readFile(path), std::string("old"));
        QVERIFY(!QFile::exists(QString::fromStdString(temporaryPathFor(path))));
    }

    // Each step of a write (open, write, sync, keeping the previous version, rename, folder
    // sync) failing in turn: a FileWriteError naming the file, the step and the system's
    // reason; the old file (or, once renamed, the new one) whole; no temporary left.
    void everyFailingStepIsReported() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("last.pt").toStdString();
        writeFileAtomically(path, std::string("old"));
        const char* steps[] = {
            "cannot create the temporary file", "cannot write",  "cannot flush",
            "cannot keep the previous version", "cannot rename", "could not be flushed"};
        for (int64_t n = 1; n <= 6; ++n) {
            injectFileFault(FileFault{n, FileOperation::Any, ENOSPC});
            try {
                writeFileAtomically(path, std::string("new"), WriteOptions{true});
                QFAIL("an injected fault was not reported");
            } catch (const FileWriteError& e) {
                const std::string what = e.what();
                QVERIFY2(what.find(path) == 0 && what.find(steps[n - 1]) != std::string::npos &&
                             what.find("No space left on device") != std::string::npos,
                         what.c_str());
            }
            injectFileFault(FileFault{});
            QCOMPARE(readFile(path), std::string(n < 6 ? "old" : "new"));
            QVERIFY(!QFile::exists(QString::fromStdString(temporaryPathFor(path))));
            writeFileAtomically(path, std::string("old"));
        }
        QCOMPARE(fileOperationCount(), int64_t(5));  // the last write: no previous kept
    }

    void previousVersionIsKeptBeside() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("last.pt").toStdString();
        QCOMPARE(previousVersionPath(path), dir.filePath("last.previous.pt").toStdString());
        writeFileAtomically(path, std::string("one"), WriteOptions{true});
        QVERIFY(!QFile::exists(QString::fromStdString(previousVersionPath(path))));
        writeFileAtomically(path, std::string("two"), WriteOptions{true});
        writeFileAtomically(path, std::string("three"), WriteOptions{true});
        QCOMPARE(readFile(path), std::string("three"));
        QCOMPARE(readFile(previousVersionPath(path)), std::string("two"));
    }

    void unwritableFolderIsAFileWriteError() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("missing/a.txt").toStdString();
        try {
            writeFileAtomically(path, std::string("x"));
            QFAIL("no error for a missing folder");
        } catch (const FileWriteError& e) {
            QCOMPARE(e.path(), path);
            QVERIFY2(std::string(e.what()).find(path) == 0, e.what());
        }
    }

    void errorHeadlineIsTheFirstLine() {
        const std::string torch =
            "from is out of bounds for float\nException raised from check at x.cpp:12 (most "
            "recent call first):\nframe #0: c10::Error::Error() + 0x8c\n";
        QCOMPARE(errorHeadline(torch), std::string("from is out of bounds for float"));
        QVERIFY(errorHasDetails(torch));
        QCOMPARE(errorHeadline("  a.npz: node_feat: 3 columns, expected 140 \n"),
                 std::string("a.npz: node_feat: 3 columns, expected 140"));
        QVERIFY(!errorHasDetails("one line\n\n"));
        QCOMPARE(errorHeadline(""), std::string());
    }

    void enumNamesBothWays() {
        QCOMPARE(std::string(enumName(kColours, Colour::Green)), std::string("green"));
        QCOMPARE(std::string(enumName(kColours, Colour::Blue)), std::string("?"));
        QCOMPARE(std::string(enumName(kColours, Colour::Blue, "none")), std::string("none"));
        Colour c = Colour::Blue;
        QVERIFY(parseEnumName(kColours, "red", &c));
        QVERIFY(c == Colour::Red);
        QVERIFY(!parseEnumName(kColours, "Red", &c));
        QVERIFY(c == Colour::Red);
    }

    // The training thread of the app lowers itself: its own threads and child processes follow,
    // the rest of the process (the UI thread) keeps its priority.
    void backgroundPriorityIsPerThreadAndInherited() {
        const int before = callingThreadNiceness();
        QVERIFY(before < kBackgroundNiceness);
        int lowered = -100, startedAfter = -100, childExit = -100;
        std::thread background([&] {
            QVERIFY(lowerCallingThreadToBackground());
            lowered = callingThreadNiceness();
            std::thread([&] { startedAfter = callingThreadNiceness(); }).join();
            const pid_t child = fork();
            if (child == 0) _exit(getpriority(PRIO_PROCESS, 0));
            int status = 0;
            waitpid(child, &status, 0);
            childExit = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
            QVERIFY(lowerCallingThreadToBackground());  // again: no change, no error
        });
        background.join();
        QCOMPARE(lowered, kBackgroundNiceness);
        QCOMPARE(startedAfter, kBackgroundNiceness);
        QCOMPARE(childExit, kBackgroundNiceness);
        QCOMPARE(callingThreadNiceness(), before);
    }
};

QTEST_GUILESS_MAIN(TestBase)
#include "tst_base.moc"
