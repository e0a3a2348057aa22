// Tests the submission CSV: atomic write and read back, template merge, and the validator on
// hand-made files, on the official sample submission and on deliberately broken copies of it.
#include <QtTest>

#include <fstream>
#include <sstream>

#include "base/atomic_file.h"
#include "export/submission_export.h"
#include "export/submission_io.h"
#include "export/submission_merge.h"
#include "export/submission_validator.h"

using namespace tpugraphs;

namespace {

const std::string kSample = std::string(TPUGRAPHS_SHARED_DATA) + "/tpugraphs/sample_submission.csv";

SubmissionReport check(const std::string& text, const SubmissionValidationOptions& options = {}) {
    std::istringstream in(text);
    return validateSubmission(in, options);
}

// True when the report has an error on `line` whose message contains `fragment`.
bool hasError(const SubmissionReport& report, int64_t line, const std::string& fragment) {
    for (const SubmissionIssue& issue : report.errors)
        if (issue.line == line && issue.message.find(fragment) != std::string::npos) return true;
    return false;
}

std::string describe(const SubmissionReport& report) {
    std::string text = std::to_string(report.errorCount) + " errors:";
    for (const SubmissionIssue& issue : report.errors)
        text += " [" + std::to_string(issue.line) + "] " + issue.message;
    text += "; " + std::to_string(report.warningCount) + " warnings:";
    for (const SubmissionIssue& issue : report.warnings)
        text += " [" + std::to_string(issue.line) + "] " + issue.message;
    return text;
}

std::vector<std::string> readLines(const std::string& path) {
    std::ifstream in(path);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

std::string joinLines(const std::vector<std::string>& lines) {
    std::string text;
    for (const std::string& line : lines) text += line + "\n";
    return text;
}

}  // namespace

class TestSubmission : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void writeThenReadBack() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("sub.csv").toStdString();
        const std::vector<SubmissionRow> rows{{"tile:xla:a", {4, 3, 2, 1, 0}},
                                              {"layout:nlp:random:b", {2, 0, 1}}};
        writeSubmission(path, rows);
        QVERIFY(!QFile::exists(QString::fromStdString(temporaryPathFor(path))));
        QCOMPARE(readLines(path), (std::vector<std::string>{"ID,TopConfigs", "tile:xla:a,4;3;2;1;0",
                                                            "layout:nlp:random:b,2;0;1"}));
        const auto back = readSubmission(path);
        QCOMPARE(back.size(), size_t(2));
        QCOMPARE(back[1].id, rows[1].id);
        QCOMPARE(back[1].configs, rows[1].configs);
        SubmissionValidationOptions partial;
        partial.full = FullCheck::Never;
        QVERIFY(check(joinLines(readLines(path)), partial).ok());
        // Writing into a missing folder fails with the path in the message and leaves nothing.
        try {
            writeSubmission(dir.filePath("none/sub.csv").toStdString(), rows);
            QFAIL("expected an error");
        } catch (const std::runtime_error& e) {
            QVERIFY(std::string(e.what()).find("none/sub.csv") != std::string::npos);
        }
    }

    void readerNamesTheLine() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("bad.csv").toStdString();
        std::ofstream(path) << "ID,TopConfigs\ntile:xla:a,0;1;2;3;4\ntile:xla:b,0;;2\n";
        try {
            readSubmission(path);
            QFAIL("expected an error");
        } catch (const std::runtime_error& e) {
            QVERIFY2(std::string(e.what()).find("bad.csv:3: TopConfigs entry 2 is empty") !=
                         std::string::npos,
                     e.what());
        }
    }

    void mergeFillsFromTemplate() {
        const std::vector<SubmissionRow> templ{{"tile:xla:a", {0, 1, 2, 3, 4}},
                                               {"tile:xla:b", {0, 1, 2, 3, 4}},
                                               {"layout:xla:default:c", {0, 1}}};
        const std::vector<SubmissionRow> predicted{{"layout:xla:default:c", {1, 0}},
                                                   {"tile:xla:z", {4, 3, 2, 1, 0}}};
        const MergeResult merged = mergeWithTemplate(predicted, templ);
        QCOMPARE(merged.fromPredictions, size_t(1));
        QCOMPARE(merged.fromTemplate, size_t(2));
        QCOMPARE(merged.notInTemplate, size_t(1));
        QCOMPARE(merged.rows.size(), size_t(4));
        QCOMPARE(merged.rows[2].configs, (std::vector<int64_t>{1, 0}));  // template order kept
        QCOMPARE(merged.rows[3].id, std::string("tile:xla:z"));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 mergeWithTemplate({predicted[0], predicted[0]}, templ));
    }

    void exportValidatesBeforeWriting() {
        QTemporaryDir dir;
        const std::string templ = dir.filePath("template.csv").toStdString();
        writeSubmission(templ,
                        {{"tile:xla:a", {0, 1, 2, 3, 4}}, {"layout:xla:default:b", {0, 1, 2}}});
        const std::map<std::string, int64_t> counts{{"layout:xla:default:b", 3}};
        SubmissionExportOptions options;
        options.templatePath = templ;
        options.configCounts = &counts;

        const std::string good = dir.filePath("good.csv").toStdString();
        const SubmissionExportResult ok =
            exportSubmission(good, {{"layout:xla:default:b", {2, 0, 1}}}, options);
        QVERIFY2(ok.written, describe(ok.report).c_str());
        QCOMPARE(ok.merge.fromPredictions, size_t(1));
        QCOMPARE(ok.merge.fromTemplate, size_t(1));  // tile:xla:a, unknown to `counts`: allowed
        QCOMPARE(readLines(good), (std::vector<std::string>{"ID,TopConfigs", "tile:xla:a,0;1;2;3;4",
                                                            "layout:xla:default:b,2;0;1"}));

        const std::string bad = dir.filePath("bad.csv").toStdString();
        const SubmissionExportResult refused =
            exportSubmission(bad, {{"layout:xla:default:b", {2, 0, 3}}}, options);
        QVERIFY(!refused.written);
        QVERIFY(hasError(refused.report, 3, "index 3 out of range (entry 3)"));
        QVERIFY(!QFile::exists(QString::fromStdString(bad)));
        QVERIFY(!QFile::exists(QString::fromStdString(temporaryPathFor(bad))));

        // A template row listing a subset of a graph's configs is copied as it is, with a
        // warning that names it as the template's.
        writeSubmission(templ, {{"tile:xla:a", {0, 1, 2, 3, 4}}, {"layout:xla:default:b", {1, 0}}});
        const SubmissionExportResult copied =
            exportSubmission(good, {{"tile:xla:a", {4, 3, 2, 1, 0}}}, options);
        QVERIFY2(copied.written && copied.report.warningCount == 1,
                 describe(copied.report).c_str());
        QVERIFY(copied.report.warnings[0].message.rfind("row copied from the template " + templ +
                                                            ": layout row 'layout:xla:default:b' "
                                                            "lists 2 of 3 configs (missing 2)",
                                                        0) == 0);
    }

    void validatorReportsLineAndProblem_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("fragment");
        const QString head = "ID,TopConfigs\n";
        QTest::newRow("bad header") << "Id,Configs\ntile:xla:a,0;1;2;3;4\n"
                                    << 1 << "header is 'Id,Configs'";
        QTest::newRow("empty file") << "" << 1 << "empty file";
        QTest::newRow("duplicate") << head + "tile:xla:a,0;1;2;3;4\ntile:xla:a,0;1;2;3;4\n"
                                   << 3 << "duplicate ID 'tile:xla:a' (first on line 2)";
        QTest::newRow("unknown prefix") << head + "tile:nlp:a,0;1;2;3;4\n"
                                        << 2 << "no known prefix";
        QTest::newRow("no stem") << head + "tile:xla:,0;1;2;3;4\n" << 2 << "no graph name";
        QTest::newRow("one field") << head + "tile:xla:a\n" << 2 << "found 1";
        QTest::newRow("three fields") << head + "tile:xla:a,0;1;2;3;4,x\n" << 2 << "extra ','";
        QTest::newRow("empty list") << head + "tile:xla:a,\n" << 2 << "TopConfigs is empty";
        QTest::newRow("empty entry") << head + "tile:xla:a,0;1;;3;4\n" << 2 << "entry 3 is empty";
        QTest::newRow("negative") << head + "tile:xla:a,0;-1;2;3;4\n"
                                  << 2 << "'-1' is not a non-negative";
        QTest::newRow("space") << head + "tile:xla:a,0; 1;2;3;4\n" << 2 << "' 1' is not";
        QTest::newRow("tile 4") << head + "tile:xla:a,0;1;2;3\n"
                                << 2 << "tile row has 4 indices, expected 5";
        QTest::newRow("tile 6") << head + "tile:xla:a,0;1;2;3;4;5\n" << 2 << "has 6 indices";
        QTest::newRow("layout out of range") << head + "layout:nlp:default:g,0;1;3\n"
                                             << 2 << "distinct configs 0..2: index 3 out of range";
        QTest::newRow("layout twice") << head + "tile:xla:a,0;1;2;3;4\nlayout:xla:random:g,1;0;1\n"
                                      << 3 << "index 1 listed twice (entries 1 and 3)";
        QTest::newRow("inner empty line") << head + "tile:xla:a,0;1;2;3;4\n\ntile:xla:b,0;1;2;3;4\n"
                                          << 3 << "empty line";
    }
    void validatorReportsLineAndProblem() {
        QFETCH(QString, text);
        QFETCH(int, line);
        QFETCH(QString, fragment);
        SubmissionValidationOptions partial;
        partial.full = FullCheck::Never;
        const SubmissionReport report = check(text.toStdString(), partial);
        QVERIFY(!report.ok());
        QVERIFY2(hasError(report, line, fragment.toStdString()),
                 qPrintable(QString::fromStdString(describe(report))));
    }

    void validatorAcceptsGoodPartialFiles() {
        const std::string text =
            "ID,TopConfigs\r\ntile:xla:a,0;0;0;0;0\r\nlayout:xla:default:b,2;0;1\r\n\r\n";
        SubmissionValidationOptions partial;
        partial.full = FullCheck::Never;
        const SubmissionReport report = check(text, partial);
        QVERIFY2(report.ok(), describe(report).c_str());
        QCOMPARE(report.rows, int64_t(2));
        QVERIFY(!report.checkedAsFull);
        QCOMPARE(report.rowsPerCollection[0],
                 (std::pair<Collection, int64_t>(Collection::TileXla, 1)));
        // Kaggle's rules are the default: a partial file is invalid, naming what is missing.
        const SubmissionReport kaggle = check(text);
        QVERIFY(kaggle.checkedAsFull);
        QVERIFY2(hasError(kaggle, 0,
                          "Kaggle requires all 894 test graphs of the five collections, found 2 "
                          "rows: tile:xla 1 of 844, layout:xla:default 1 of 8, layout:xla:random "
                          "0 of 8"),
                 describe(kaggle).c_str());
        QCOMPARE(kaggle.missingRowsText(),
                 std::string("tile:xla 1 of 844, layout:xla:default 1 of 8, layout:xla:random 0 "
                             "of 8, layout:nlp:default 0 of 17, layout:nlp:random 0 of 17"));
    }

    void validatorWithConfigCounts() {
        const std::map<std::string, int64_t> counts{{"tile:xla:a", 3}, {"layout:xla:default:b", 4}};
        SubmissionValidationOptions options;
        options.configCounts = &counts;
        options.full = FullCheck::Never;
        QVERIFY(
            check("ID,TopConfigs\ntile:xla:a,2;1;0;0;0\nlayout:xla:default:b,3;1;0;2\n", options)
                .ok());
        const SubmissionReport bad = check(
            "ID,TopConfigs\ntile:xla:a,2;1;3;0;0\nlayout:xla:default:b,0;1;4\ntile:xla:q,0;1;2;3;"
            "4\n",
            options);
        QCOMPARE(bad.errorCount, int64_t(3));
        QVERIFY(hasError(bad, 2, "tile index 3 out of range: graph has 3 configs"));
        QVERIFY(hasError(bad, 3, "index 4 out of range (entry 3)"));
        QVERIFY(hasError(bad, 4, "no graph 'q' of tile:xla in the dataset"));
        // Listing a subset of a layout graph's configs is what Kaggle's own sample does: a
        // warning naming the row and the missing indices, not an error.
        const SubmissionReport subset =
            check("ID,TopConfigs\nlayout:xla:default:b,0;1;3\n", options);
        QVERIFY2(subset.ok() && subset.warningCount == 1, describe(subset).c_str());
        QVERIFY(subset.warnings[0].line == 2 &&
                subset.warnings[0].message.find("'layout:xla:default:b' lists 3 of 4 configs "
                                                "(missing 2)") != std::string::npos);
        options.full = FullCheck::Always;
        QVERIFY(hasError(check("ID,TopConfigs\ntile:xla:a,2;1;0;0;0\n", options), 0,
                         "no row for dataset graph 'layout:xla:default:b'"));
    }

    void errorListIsCappedButCounted() {
        std::string text = "ID,TopConfigs\n";
        for (int i = 0; i < 50; ++i) text += "tile:xla:g" + std::to_string(i) + ",0;1\n";
        SubmissionValidationOptions options;
        options.maxReportedErrors = 10;
        options.full = FullCheck::Never;
        const SubmissionReport report = check(text, options);
        QCOMPARE(report.errorCount, int64_t(50));
        QCOMPARE(report.errors.size(), size_t(10));
    }

    void officialSamplePasses() {
        if (!QFile::exists(QString::fromStdString(kSample)))
            QSKIP("../shared/data absent: no sample submission");
        const SubmissionReport report = validateSubmissionFile(kSample);
        QVERIFY2(report.ok(), describe(report).c_str());
        QVERIFY(report.checkedAsFull);  // Kaggle's rules by default
        QCOMPARE(report.rows, int64_t(894));
        QCOMPARE(report.rowsPerCollection, fullSubmissionRowCounts());
        // And it survives a write/read round trip unchanged.
        QTemporaryDir dir;
        const std::string copy = dir.filePath("copy.csv").toStdString();
        writeSubmission(copy, readSubmission(kSample));
        QCOMPARE(readLines(copy), readLines(kSample));
    }

    void brokenSampleCopiesFail() {
        if (!QFile::exists(QString::fromStdString(kSample)))
            QSKIP("../shared/data absent: no sample submission");
        const std::vector<std::string> lines = readLines(kSample);
        QCOMPARE(lines.size(), size_t(895));
        const auto idOf = [](const std::string& line) { return line.substr(0, line.find(',')); };

        std::vector<std::string> dup = lines;  // line 3 gets line 2's ID
        dup[2] = idOf(lines[1]) + dup[2].substr(dup[2].find(','));
        SubmissionReport r = check(joinLines(dup));
        QVERIFY2(r.errorCount == 1 &&
                     hasError(r, 3, "duplicate ID '" + idOf(lines[1]) + "' (first on line 2)"),
                 describe(r).c_str());

        std::vector<std::string> shorter(lines.begin(), lines.end() - 1);  // wrong count
        r = check(joinLines(shorter));
        QVERIFY2(r.errorCount == 1 && hasError(r, 0,
                                               "894 test graphs of the five collections, "
                                               "found 893 rows: layout:nlp:random 16 of 17"),
                 describe(r).c_str());

        std::vector<std::string> missing = lines;  // a tile row loses an index
        missing[9] = idOf(lines[9]) + ",0;1;2;3";
        r = check(joinLines(missing));
        QVERIFY2(r.errorCount == 1 && hasError(r, 10, "tile row has 4 indices, expected 5"),
                 describe(r).c_str());

        std::vector<std::string> notPerm = lines;  // a layout row lists 7 twice instead of 8
        const size_t layoutLine = 845;             // first layout row: 844 tile rows + header
        QVERIFY(lines[layoutLine].rfind("layout:", 0) == 0);
        const std::string& row = lines[layoutLine];
        notPerm[layoutLine] =
            row.substr(0, row.find(";8;")) + ";7" + row.substr(row.find(";8;") + 2);
        r = check(joinLines(notPerm));
        QVERIFY2(r.errorCount == 1 && hasError(r, 846, "index 7 listed twice (entries 8 and 9)"),
                 describe(r).c_str());

        std::vector<std::string> badHeader = lines;
        badHeader[0] = "id,TopConfigs";
        r = check(joinLines(badHeader));
        QVERIFY2(r.errorCount == 1 && hasError(r, 1, "expected 'ID,TopConfigs'"),
                 describe(r).c_str());
    }

    void sampleAgainstSampleDataset() {
        const std::string root = std::string(TPUGRAPHS_SHARED_DATA) + "/tpugraphs";
        if (!QFile::exists(QString::fromStdString(kSample)))
            QSKIP("../shared/data absent: no sample dataset");
        const auto counts = configCountsFromDataset(root, Split::Test);
        QCOMPARE(counts.size(), size_t(5));
        QCOMPARE(counts.at("layout:nlp:default:3a0c5517a87df8d82fd637b83298a3ba"), int64_t(1001));
        QCOMPARE(counts.at("tile:xla:d6f5f54247bd1e58a10b9e7062c636ab"), int64_t(25));
        // The sample's rows for these graphs: the nlp:default graph has 1001 configs but the
        // official sample lists 0..999 only, which Kaggle accepted: a warning.
        std::string text = "ID,TopConfigs\n";
        for (const std::string& line : readLines(kSample))
            if (counts.count(line.substr(0, line.find(',')))) text += line + "\n";
        SubmissionValidationOptions options;
        options.configCounts = &counts;
        options.full = FullCheck::Never;  // five rows, not a full file
        const SubmissionReport r = check(text, options);
        QCOMPARE(r.rows, int64_t(5));
        QVERIFY2(r.ok() && r.warningCount == 1 && r.warnings[0].line == 5 &&
                     r.warnings[0].message.find("lists 1000 of 1001 configs (missing 1000)") !=
                         std::string::npos,
                 describe(r).c_str());
    }
};

QTEST_GUILESS_MAIN(TestSubmission)
#include "tst_export_submission.moc"
