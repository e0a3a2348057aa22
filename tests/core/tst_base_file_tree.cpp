// removeTree, the product's replacement for std::filesystem::remove_all: it removes a folder
// with everything in it and counts the entries, removes a plain file, is a no-op for a missing
// path, and removes links without following them.
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <system_error>

#include "base/file_tree.h"

using namespace tpugraphs;
namespace fs = std::filesystem;

namespace {

void touch(const fs::path& path) {
    std::ofstream(path) << "x";
}

}  // namespace

class TestBaseFileTree : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    fs::path root() const { return fs::path(m_dir.path().toStdString()); }

private Q_SLOTS:
    void removesAFolderWithItsContents() {
        const fs::path tree = root() / "tree";
        fs::create_directories(tree / "a" / "b");
        touch(tree / "one");
        touch(tree / "a" / "two");
        touch(tree / "a" / "b" / "three");
        // tree, a, b and three files
        QCOMPARE(removeTree(tree.string()), std::uintmax_t(6));
        QVERIFY(!fs::exists(tree));
        QVERIFY(fs::exists(root()));
    }

    void removesAFile() {
        const fs::path file = root() / "file";
        touch(file);
        QCOMPARE(removeTree(file.string()), std::uintmax_t(1));
        QVERIFY(!fs::exists(file));
    }

    void aMissingPathIsNoError() {
        std::error_code error = std::make_error_code(std::errc::io_error);
        QCOMPARE(removeTree((root() / "missing").string(), error), std::uintmax_t(0));
        QVERIFY(!error);
        QCOMPARE(removeTree((root() / "missing").string()), std::uintmax_t(0));
    }

    void linksAreRemovedNotFollowed() {
        const fs::path outside = root() / "outside";
        fs::create_directories(outside);
        touch(outside / "kept");
        const fs::path tree = root() / "linked";
        fs::create_directories(tree);
        fs::create_directory_symlink(outside, tree / "link");
        QCOMPARE(removeTree(tree.string()), std::uintmax_t(2));
        QVERIFY(!fs::exists(tree));
        QVERIFY(fs::exists(outside / "kept"));
    }

    void aPathThroughAFileIsAnError() {
        const fs::path file = root() / "plain";
        touch(file);
        std::error_code error;
        QCOMPARE(removeTree((file / "below").string(), error), std::uintmax_t(0));
        QCOMPARE(error, std::make_error_code(std::errc::not_a_directory));
        QVERIFY_THROWS_EXCEPTION(fs::filesystem_error, removeTree((file / "below").string()));
    }
};

QTEST_GUILESS_MAIN(TestBaseFileTree)
#include "tst_base_file_tree.moc"
