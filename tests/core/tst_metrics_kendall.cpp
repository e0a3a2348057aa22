// Tests Kendall tau-b: hand-checked vectors, values computed with scipy, degenerate inputs,
// randomized comparisons with an O(n^2) reference (ties, distinct values, float64 values closer
// than the radix sort's reach), and n = 10^6 without overflow.
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <random>

#include "metrics/kendall.h"

using namespace tpugraphs;

namespace {

// O(n^2) reference straight from the definition of tau-b.
double referenceTauB(const std::vector<double>& x, const std::vector<double>& y) {
    int64_t con = 0, dis = 0, tx = 0, ty = 0, n0 = 0;
    for (size_t i = 0; i < x.size(); ++i) {
        for (size_t j = i + 1; j < x.size(); ++j) {
            ++n0;
            const double dx = x[i] - x[j], dy = y[i] - y[j];
            if (dx == 0) ++tx;
            if (dy == 0) ++ty;
            if (dx * dy > 0) ++con;
            if (dx * dy < 0) ++dis;
        }
    }
    if (n0 - tx == 0 || n0 - ty == 0) return 0.0;
    return double(con - dis) / std::sqrt(double(n0 - tx)) / std::sqrt(double(n0 - ty));
}

bool near(double a, double b, double tol = 1e-12) {
    return std::fabs(a - b) <= tol;
}

}  // namespace

class TestMetricsKendall : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void handChecked() {
        // x = (1,2,3), y = (1,3,2): pairs 01 c, 02 c, 12 d -> (2-1)/3.
        QVERIFY(near(kendallTau({1, 2, 3}, {1, 3, 2}), 1.0 / 3.0));
        // Tie in x: pair 01 tied in x only; 02, 12 concordant -> 2 / sqrt(2 * 3).
        QVERIFY(near(kendallTau({1, 1, 2}, {1, 2, 3}), 2.0 / std::sqrt(6.0)));
        // Tie in y: pair 12 tied in y only; 01, 02 concordant -> 2 / sqrt(3 * 2).
        QVERIFY(near(kendallTau({1, 2, 3}, {1, 2, 2}), 2.0 / std::sqrt(6.0)));
        // Ties on both sides, joint tie 01: n0 = 6, tx = 1, ty = 1 (same pair), 02 03 12 13 c, 23
        // d.
        QVERIFY(near(kendallTau({1, 1, 2, 3}, {5, 5, 6, 5.5}), (4.0 - 1.0) / 5.0));
    }

    void identicalAndReversed() {
        std::vector<double> x(100), rev(100);
        for (int i = 0; i < 100; ++i) {
            x[i] = i * 0.5;
            rev[i] = -i;
        }
        QVERIFY(near(kendallTau(x, x), 1.0));
        QVERIFY(near(kendallTau(x, rev), -1.0));
        QVERIFY(kendallTau(x, x) <= 1.0);
        QVERIFY(kendallTau(x, rev) >= -1.0);
        // Order is all that counts: any increasing transform gives the same value.
        std::vector<double> y{3, 1, 4, 1, 5, 9, 2, 6}, xs{2, 7, 1, 8, 2, 8, 1, 8}, cubed = xs;
        for (double& v : cubed) v = v * v * v + 100;
        QCOMPARE(kendallTau(cubed, y), kendallTau(xs, y));
        // Symmetric in its arguments.
        QVERIFY(near(kendallTau(xs, y), kendallTau(y, xs)));
    }

    void matchesScipy_data() {
        QTest::addColumn<std::vector<double>>("x");
        QTest::addColumn<std::vector<double>>("y");
        QTest::addColumn<double>("expected");
        // Expected values: /usr/bin/python3 -c "from scipy.stats import kendalltau;
        //   print(repr(kendalltau(x, y).statistic))" with scipy 1.10.1 (Debian python3-scipy).
        QTest::newRow("identical") << std::vector<double>{1, 2, 3, 4, 5}
                                   << std::vector<double>{1, 2, 3, 4, 5} << 0.9999999999999999;
        QTest::newRow("reversed") << std::vector<double>{1, 2, 3, 4, 5}
                                  << std::vector<double>{5, 4, 3, 2, 1} << -0.9999999999999999;
        QTest::newRow("scipy-doc") << std::vector<double>{12, 2, 1, 12, 2}
                                   << std::vector<double>{1, 4, 7, 1, 0} << -0.4714045207910316;
        QTest::newRow("ties-both") << std::vector<double>{1, 2, 2, 3, 4}
                                   << std::vector<double>{1, 3, 2, 4, 4} << 0.8888888888888888;
        QTest::newRow("independent") << std::vector<double>{1, 1, 2, 2, 3, 3}
                                     << std::vector<double>{1, 2, 1, 2, 1, 2} << 0.0;
        QTest::newRow("mixed-signs") << std::vector<double>{3.5, -1.25, 0, 2, 2, 7, 0.5}
                                     << std::vector<double>{10, 20, 20, 5, 30, 1, 2} << -0.35;
        QTest::newRow("swapped-pairs")
            << std::vector<double>{1, 2, 3, 4, 5, 6, 7, 8}
            << std::vector<double>{2, 1, 4, 3, 6, 5, 8, 7} << 0.7142857142857142;
        QTest::newRow("ties-y") << std::vector<double>{0.1, 0.4, 0.2, 0.9, 0.3, 0.3}
                                << std::vector<double>{1, 1, 1, 2, 2, 3} << 0.3223291856101521;
        QTest::newRow("ties-x") << std::vector<double>{5, 5, 5, 1, 2}
                                << std::vector<double>{1, 2, 3, 4, 5} << -0.5976143046671968;
        QTest::newRow("near-reversed")
            << std::vector<double>{10, 9, 8, 7, 6, 5, 4, 3, 2, 1}
            << std::vector<double>{1, 3, 2, 5, 4, 7, 6, 9, 8, 10} << -0.8222222222222221;
        QTest::newRow("two") << std::vector<double>{1, 2} << std::vector<double>{2, 1} << -1.0;
        QTest::newRow("tie-groups") << std::vector<double>{4, 4, 1, 1, 9, 9, 9}
                                    << std::vector<double>{3, 3, 3, 8, 8, 0, 0} << -0.4375;
    }
    void matchesScipy() {
        QFETCH(std::vector<double>, x);
        QFETCH(std::vector<double>, y);
        QFETCH(double, expected);
        const double tau = kendallTau(x, y);
        QVERIFY2(near(tau, expected, 1e-15), qPrintable(QString::number(tau, 'g', 17)));
    }

    void degenerateInputsAreZero() {
        QCOMPARE(kendallTau({}, {}), 0.0);
        QCOMPARE(kendallTau({1}, {2}), 0.0);
        QCOMPARE(kendallTau({3, 3, 3}, {1, 2, 3}), 0.0);  // scipy: nan
        QCOMPARE(kendallTau({1, 2, 3}, {7, 7, 7}), 0.0);  // scipy: nan
        QCOMPARE(kendallTau({2, 2}, {2, 2}), 0.0);
    }

    void rejectsBadInput() {
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, kendallTau({1, 2}, {1}));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, kendallTau({1, std::nan("")}, {1, 2}));
    }

    void pairCountsAddUp() {
        const std::vector<double> x{4, 4, 1, 1, 9, 9, 9}, y{3, 3, 3, 8, 8, 0, 0};
        const PairCounts c = countPairs(x.data(), y.data(), x.size());
        QCOMPARE(c.totalPairs, int64_t(21));
        QCOMPARE(c.tiedX, int64_t(1 + 1 + 3));
        QCOMPARE(c.tiedY, int64_t(3 + 1 + 1));
        QCOMPARE(c.tiedXY, int64_t(1 + 1));  // (4,3) twice and (9,0) twice
        QCOMPARE(c.concordant + c.discordant + c.tiedX + c.tiedY - c.tiedXY, c.totalPairs);
    }

    void randomAgainstQuadraticReference() {
        std::mt19937 rng(12345);
        for (int trial = 0; trial < 400; ++trial) {
            const int n = 2 + int(rng() % 60);
            const int levelsX = 1 + int(rng() % 12), levelsY = 1 + int(rng() % 12);
            std::vector<double> x(n), y(n);
            for (int i = 0; i < n; ++i) {
                x[i] = double(rng() % levelsX) - 3;
                y[i] = (trial % 3 == 0) ? x[i] * 2 + double(rng() % 3) : double(rng() % levelsY);
            }
            const double fast = kendallTau(x, y), slow = referenceTauB(x, y);
            QVERIFY2(
                near(fast, slow, 1e-12),
                qPrintable(QStringLiteral("trial %1: %2 vs %3").arg(trial).arg(fast).arg(slow)));
        }
    }

    // Samples of distinct values (a's rank is then its place in the joint order; two such samples
    // have their low rank bits counted by bit masks) and float64 values that share the top key
    // bits the radix sort reaches (the rest sorted in full), with and without ties, against the
    // definition.
    void distinctAndCloseValuesAgainstQuadraticReference() {
        std::mt19937_64 rng(2024);
        const size_t n = 3000;
        std::vector<double> distinct(n), other(n), close(n), tied(n);
        for (size_t i = 0; i < n; ++i) {
            distinct[i] = double(i) * 0.37 - 400.0;
            other[i] = double(i);
            close[i] = 1.0 + std::ldexp(double(rng() % 2000), -50);  // ties among them too
            tied[i] = double(rng() % 7);
        }
        std::shuffle(distinct.begin(), distinct.end(), rng);
        std::shuffle(other.begin(), other.end(), rng);
        close[0] = -1e300;  // the key span is then nearly 2^64
        close[1] = 1e300;
        const std::vector<std::pair<const std::vector<double>*, const std::vector<double>*>> cases =
            {{&distinct, &other}, {&distinct, &tied},  {&tied, &distinct},
             {&close, &distinct}, {&distinct, &close}, {&close, &tied}};
        for (const auto& [x, y] : cases) {
            const double fast = kendallTau(*x, *y), slow = referenceTauB(*x, *y);
            QVERIFY2(
                near(fast, slow, 1e-13),
                qPrintable(QStringLiteral("%1 vs %2").arg(fast, 0, 'g', 17).arg(slow, 0, 'g', 17)));
        }
    }

    void typedInputsAreComparedInTheirOwnType() {
        std::mt19937 rng(99);
        const size_t n = 3000;
        std::vector<double> xd(n), yd(n);
        std::vector<float> xf(n);
        std::vector<int64_t> y64(n);
        std::vector<int32_t> y32(n);
        for (size_t i = 0; i < n; ++i) {
            xf[i] = float(int(rng() % 200) - 100) / 4;  // ties, negatives, exact in float
            xd[i] = xf[i];
            y64[i] = int64_t(rng() % 50) - 25;
            y32[i] = int32_t(y64[i]);
            yd[i] = double(y64[i]);
        }
        const double expected = kendallTau(xd, yd);
        QCOMPARE(kendallTau(xf.data(), y64.data(), n), expected);
        QCOMPARE(kendallTau(xf.data(), y32.data(), n), expected);
        QCOMPARE(kendallTau(y64.data(), xf.data(), n), expected);
        QCOMPARE(kendallTau(xd.data(), y32.data(), n), expected);
        // -0.0 and 0.0 are one value (a tie), as in numpy.
        QCOMPARE(kendallTau({-0.0, 0.0, 1.0}, {1.0, 2.0, 3.0}), kendallTau({0, 0, 1}, {1, 2, 3}));
        const float signedZeros[] = {-0.0f, 0.0f, 1.0f};
        const int32_t rising[] = {1, 2, 3};
        QCOMPARE(kendallTau(signedZeros, rising, 3), kendallTau({0, 0, 1}, {1, 2, 3}));
        // int64 values beyond 2^53 stay distinct (a double would tie them).
        const int64_t big[] = {(int64_t(1) << 60) + 1, int64_t(1) << 60, 0};
        const int64_t up[] = {3, 2, 1};
        QCOMPARE(kendallTau(big, up, 3), 1.0);
        const float withNan[] = {1.0f, std::nanf("")};
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, kendallTau(withNan, rising, 2));
    }

    void millionWithoutOverflow() {
        const size_t n = 1000000;
        std::vector<double> x(n), rev(n);
        for (size_t i = 0; i < n; ++i) {
            x[i] = double(i);
            rev[i] = double(n - i);
        }
        const PairCounts c = countPairs(x.data(), rev.data(), n);
        QCOMPARE(c.discordant, int64_t(n) * int64_t(n - 1) / 2);  // 499999500000 > 2^32
        QVERIFY(near(kendallTau(x, rev), -1.0));
        // Swapping one adjacent pair of a sorted order removes exactly one concordant pair.
        std::vector<double> y = x;
        std::swap(y[10], y[11]);
        const PairCounts s = countPairs(x.data(), y.data(), n);
        QCOMPARE(s.discordant, int64_t(1));
        QCOMPARE(s.concordant, int64_t(n) * int64_t(n - 1) / 2 - 1);
    }
};

QTEST_GUILESS_MAIN(TestMetricsKendall)
#include "tst_metrics_kendall.moc"
