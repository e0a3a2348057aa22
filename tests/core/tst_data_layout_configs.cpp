// Tests base-7 packing of layout config features: exact round trip of every value in -1..5.
#include <QtTest>

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
        for (size_t i = 0; i < values.size(); ++i) values[i] = static_cast<float>(int(i * 7919 % 7) - 1);
        const auto packed = PackedLayoutConfigs::fromFloats(values.data(), C, nc);
        QCOMPARE(packed.groups.size(), size_t(C * nc * 3));
        QCOMPARE(packed.toFloats(), values);
        const auto config2 = packed.unpackConfig(2);
        QCOMPARE(config2, std::vector<float>(values.begin() + 2 * nc * 18, values.begin() + 3 * nc * 18));
    }
};

QTEST_GUILESS_MAIN(TestLayoutConfigs)
#include "tst_data_layout_configs.moc"
