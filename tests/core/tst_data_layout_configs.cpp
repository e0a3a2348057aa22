// Tests base-7 packing of layout config features (exact round trip of every value in -1..5) and
// their per-node tables of distinct layouts (code widths, equal rows for equal configs).
#include <QtTest>

#include <algorithm>
#include <cstring>
#include <map>
#include <stdexcept>

#include "data/layout_configs.h"

using namespace tpugraphs;

class TestLayoutConfigs : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void everyDigitRoundTrips() {
        for (int v = -1; v <= 5; ++v) {
            for (int pos = 0; pos < 6; ++pos) {
                float six[6] = {-1, -1, -1, -1, -1, -1};
                six[pos] = static_cast<float>(v);
                float back[6];
                unpackLayoutGroup(packLayoutGroup(six), back);
                for (int i = 0; i < 6; ++i) QCOMPARE(back[i], six[i]);
            }
        }
    }
    void allGroupsRoundTrip() {
        // Every one of the 7^6 groups maps to a distinct integer and back.
        std::vector<bool> seen(117649, false);
        for (uint32_t code = 0; code < 117649; ++code) {
            float six[6];
            unpackLayoutGroup(code, six);
            for (float x : six) QVERIFY(x >= -1 && x <= 5);
            const uint32_t again = packLayoutGroup(six);
            QCOMPARE(again, code);
            QVERIFY(!seen[again]);
            seen[again] = true;
        }
    }
    void configsRoundTrip() {
        const int64_t C = 5, nc = 3;
        std::vector<float> values(C * nc * 18);
        for (size_t i = 0; i < values.size(); ++i)
            values[i] = static_cast<float>(int(i * 7919 % 7) - 1);
        const auto packed = PackedLayoutConfigs::fromFloats(values.data(), C, nc);
        QCOMPARE(packed.configCount(), C);
        QCOMPARE(packed.nodeCount(), nc);
        QCOMPARE(packed.toFloats(), values);
        const auto config2 = packed.unpackConfig(2);
        QCOMPARE(config2,
                 std::vector<float>(values.begin() + 2 * nc * 18, values.begin() + 3 * nc * 18));
    }
    void fewLayoutsCostOneBytePerCell() {
        // 1000 configs x 50 nodes, each node taking one of 4 layouts: 1-byte codes, 4-entry tables.
        const int64_t C = 1000, nc = 50;
        PackedLayoutConfigsBuilder builder(nc, C);
        float values[18];
        for (int64_t c = 0; c < C; ++c)
            for (int64_t j = 0; j < nc; ++j) {
                std::fill(values, values + 18, -1.0f);
                values[(c * 7 + j) % 4] = 0.0f;
                builder.appendFloats(values);
            }
        const PackedLayoutConfigs packed = builder.finish();
        QCOMPARE(packed.codeBytes(), 1);
        QCOMPARE(packed.rowBytes(), size_t(nc));
        for (int64_t j = 0; j < nc; ++j) QCOMPARE(packed.distinctLayouts(j).size(), size_t(4));
        QVERIFY(packed.memoryBytes() < size_t(C * nc) + 8192);
        packed.unpack(123, 45, values);
        QCOMPARE(values[(123 * 7 + 45) % 4], 0.0f);
        QCOMPARE(std::count(values, values + 18, -1.0f), 17);
    }
    void manyLayoutsWidenTheCodes() {
        // Node 1 takes 300 distinct layouts: codes need 2 bytes; node 0 keeps one layout.
        PackedLayoutConfigsBuilder builder(2);
        for (uint32_t c = 0; c < 300; ++c) {
            const uint32_t groups[6] = {5, 5, 5, c, c / 7, 0};
            builder.appendConfig(groups);
        }
        const PackedLayoutConfigs packed = builder.finish();
        QCOMPARE(packed.codeBytes(), 2);
        QCOMPARE(packed.distinctLayouts(0).size(), size_t(1));
        QCOMPARE(packed.distinctLayouts(1).size(), size_t(300));
        QCOMPARE(packed.code(299, 1), uint32_t(299));
        QCOMPARE(packed.layout(299, 1).groups[0], uint32_t(299));
        QCOMPARE(packed.layout(299, 1).groups[1], uint32_t(299 / 7));
    }
    void equalConfigsHaveEqualRows() {
        PackedLayoutConfigsBuilder builder(3);
        const uint32_t a[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9}, b[9] = {1, 2, 3, 4, 5, 6, 7, 8, 10};
        for (const uint32_t* config : {a, b, a}) builder.appendConfig(config);
        const PackedLayoutConfigs packed = builder.finish();
        QCOMPARE(packed.row(1), packed.row(0) + packed.rowBytes());  // rows are contiguous
        QVERIFY(std::memcmp(packed.row(0), packed.row(2), packed.rowBytes()) == 0);
        QVERIFY(std::memcmp(packed.row(0), packed.row(1), packed.rowBytes()) != 0);
    }
    void noConfigurableNodesKeepTheConfigCount() {
        const PackedLayoutConfigs packed = PackedLayoutConfigs::fromFloats(nullptr, 3, 0);
        QCOMPARE(packed.configCount(), int64_t(3));
        QCOMPARE(packed.rowBytes(), size_t(0));
        QVERIFY(packed.toFloats().empty());
    }
    // Codes follow first appearance: for short tables (searched in order), across their growth
    // into an indexed table (past 16 layouts) and when a node returns to an earlier layout.
    void codesFollowFirstAppearance() {
        PackedLayoutConfigsBuilder builder(2);
        std::map<uint32_t, uint32_t> firstSeen;
        std::vector<uint32_t> expected;
        for (uint32_t c = 0; c < 400; ++c) {
            const uint32_t g = (c * 2654435761u >> 7) % 60;  // 60 layouts, in a scrambled order
            const uint32_t groups[6] = {g, 0, 0, 1, 2, 3};   // node 1 keeps one layout
            builder.appendConfig(groups);
            expected.push_back(firstSeen.emplace(g, uint32_t(firstSeen.size())).first->second);
        }
        const PackedLayoutConfigs packed = builder.finish();
        QCOMPARE(packed.distinctLayouts(0).size(), firstSeen.size());
        QVERIFY(firstSeen.size() > 16);
        for (int64_t c = 0; c < packed.configCount(); ++c) {
            QCOMPARE(packed.code(c, 0), expected[size_t(c)]);
            QCOMPARE(packed.code(c, 1), uint32_t(0));
        }
    }
    // Stored configs come back from their parts only when every code is inside its table.
    void fromPartsChecksTheCodes() {
        PackedLayoutConfigsBuilder builder(2);
        const uint32_t a[6] = {1, 2, 3, 4, 5, 6}, b[6] = {1, 2, 3, 7, 8, 9};
        for (const uint32_t* config : {a, b, a}) builder.appendConfig(config);
        const PackedLayoutConfigs packed = builder.finish();
        const auto parts = [&](uint8_t lastCode) {
            std::vector<uint8_t> codes(packed.row(0), packed.row(0) + 3 * packed.rowBytes());
            codes.back() = lastCode;
            return PackedLayoutConfigs::fromParts(
                3, 2, 1, codes, {packed.distinctLayouts(0), packed.distinctLayouts(1)});
        };
        QVERIFY(parts(0) == packed);
        QVERIFY_EXCEPTION_THROWN(parts(2), std::invalid_argument);  // node 1 has 2 layouts
        QVERIFY_EXCEPTION_THROWN(PackedLayoutConfigs::fromParts(3, 2, 1, {}, {}),
                                 std::invalid_argument);
    }
    void partialConfigIsRefused() {
        PackedLayoutConfigsBuilder builder(3);
        builder.append(NodeLayout{});
        QVERIFY_EXCEPTION_THROWN(builder.finish(), std::logic_error);
    }
};

QTEST_GUILESS_MAIN(TestLayoutConfigs)
#include "tst_data_layout_configs.moc"
