// Tests the compiled-in feature names against the reference tables in ../shared/reference.
#include <QtTest>

#include <fstream>
#include <string>
#include <vector>

#include "data/feature_names.h"

using namespace tpugraphs;

namespace {
// Reads the "name" column of an "index<TAB>name" table; empty when the file is absent.
std::vector<std::string> readNames(const std::string& file) {
    std::ifstream in(std::string(TPUGRAPHS_SHARED_REFERENCE) + "/" + file);
    std::vector<std::string> names;
    std::string line;
    std::getline(in, line);  // header
    while (std::getline(in, line)) {
        const auto tab = line.find('\t');
        if (tab != std::string::npos) names.push_back(line.substr(tab + 1));
    }
    return names;
}
}  // namespace

class TestFeatureNames : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void knownNames() {
        QCOMPARE(nodeFeatureName(0), std::string_view("is_root"));
        QCOMPARE(nodeFeatureName(139), std::string_view("layout_minor_to_major_5"));
        QCOMPARE(tileConfigFeatureName(23), std::string_view("input_bounds_product"));
        QCOMPARE(layoutConfigFeatureName(0), std::string_view("output_layout_0"));
        QCOMPARE(findTileConfigFeature("kernel_bounds_sum"), 6);
        QCOMPARE(findNodeFeature("no_such_feature"), -1);
    }
    void outOfRangeIsEmpty() {
        QVERIFY(nodeFeatureName(-1).empty());
        QVERIFY(nodeFeatureName(kNodeFeatureCount).empty());
        QVERIFY(tileConfigFeatureName(kTileConfigFeatureCount).empty());
        QVERIFY(layoutConfigFeatureName(kLayoutConfigFeatureCount).empty());
    }
    void matchesReferenceTables_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("count");
        QTest::addColumn<int>("kind");
        QTest::newRow("node") << "node_features.tsv" << kNodeFeatureCount << 0;
        QTest::newRow("tile") << "tile_config_features.tsv" << kTileConfigFeatureCount << 1;
        QTest::newRow("layout") << "layout_config_features.tsv" << kLayoutConfigFeatureCount << 2;
    }
    void matchesReferenceTables() {
        QFETCH(QString, file);
        QFETCH(int, count);
        QFETCH(int, kind);
        const auto names = readNames(file.toStdString());
        if (names.empty()) QSKIP("../shared/reference absent: cannot compare with the tables");
        QCOMPARE(int(names.size()), count);
        for (int i = 0; i < count; ++i) {
            const std::string_view got = kind == 0   ? nodeFeatureName(i)
                                         : kind == 1 ? tileConfigFeatureName(i)
                                                     : layoutConfigFeatureName(i);
            QCOMPARE(std::string(got), names[size_t(i)]);
        }
    }
};

QTEST_GUILESS_MAIN(TestFeatureNames)
#include "tst_data_feature_names.moc"
