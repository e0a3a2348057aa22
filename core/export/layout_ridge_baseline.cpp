// Ridge regression on one-hot layout config features: normal equations solved by Cholesky.
#include "export/layout_ridge_baseline.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace tpugraphs {

namespace {

constexpr int kValues = 7;  // -1..5

// Solves (A + lambda x mean(diag A) x I) x = b for a symmetric positive semi-definite A (n x n,
// row-major).
std::vector<double> solveRidge(std::vector<double> a, std::vector<double> b, double lambda) {
    const size_t n = b.size();
    double trace = 0.0;
    for (size_t i = 0; i < n; ++i) trace += a[i * n + i];
    const double penalty = std::max(lambda * trace / static_cast<double>(n), 1e-12);
    for (size_t i = 0; i < n; ++i) a[i * n + i] += penalty;
    for (size_t j = 0; j < n; ++j) {  // in place: a becomes L with A = L L^T
        double d = a[j * n + j];
        for (size_t k = 0; k < j; ++k) d -= a[j * n + k] * a[j * n + k];
        if (d <= 0) throw std::runtime_error("ridge: the normal equations are not positive");
        a[j * n + j] = std::sqrt(d);
        for (size_t i = j + 1; i < n; ++i) {
            double s = a[i * n + j];
            for (size_t k = 0; k < j; ++k) s -= a[i * n + k] * a[j * n + k];
            a[i * n + j] = s / a[j * n + j];
        }
    }
    for (size_t i = 0; i < n; ++i) {  // L y = b
        for (size_t k = 0; k < i; ++k) b[i] -= a[i * n + k] * b[k];
        b[i] /= a[i * n + i];
    }
    for (size_t i = n; i-- > 0;) {  // L^T x = y
        for (size_t k = i + 1; k < n; ++k) b[i] -= a[k * n + i] * b[k];
        b[i] /= a[i * n + i];
    }
    return b;
}

}  // namespace

std::vector<double> layoutRidgeFeatures(const LayoutGraph& graph, int64_t config) {
    std::vector<double> features(kLayoutRidgeFeatures, 0.0);
    const int64_t nodes = graph.configs.nodeCount();
    if (nodes == 0) return features;
    float values[kLayoutConfigFeatureCount];
    for (int64_t j = 0; j < nodes; ++j) {
        graph.configs.unpack(config, j, values);
        for (int f = 0; f < kLayoutConfigFeatureCount; ++f)
            features[static_cast<size_t>(f * kValues + static_cast<int>(values[f]) + 1)] += 1.0;
    }
    for (double& v : features) v /= static_cast<double>(nodes);
    return features;
}

LayoutRidgeFit::LayoutRidgeFit(int64_t maxConfigsPerGraph)
    : m_maxConfigsPerGraph(std::max<int64_t>(2, maxConfigsPerGraph)),
      m_xtx(static_cast<size_t>(kLayoutRidgeFeatures) * kLayoutRidgeFeatures, 0.0),
      m_xty(kLayoutRidgeFeatures, 0.0) {}

void LayoutRidgeFit::add(const LayoutGraph& g) {
    const size_t n = kLayoutRidgeFeatures;
    const int64_t count = g.configCount();
    if (count < 2 || *std::min_element(g.configRuntime.begin(), g.configRuntime.end()) <= 0) return;
    const int64_t used = std::min(count, m_maxConfigsPerGraph);
    std::vector<std::vector<double>> rows;
    std::vector<double> targets, meanRow(n, 0.0);
    double meanTarget = 0.0;
    for (int64_t i = 0; i < used; ++i) {
        const int64_t c = i * count / used;
        rows.push_back(layoutRidgeFeatures(g, c));
        targets.push_back(std::log(static_cast<double>(g.configRuntime[c])));
        for (size_t f = 0; f < n; ++f) meanRow[f] += rows.back()[f] / double(used);
        meanTarget += targets.back() / double(used);
    }
    for (size_t r = 0; r < rows.size(); ++r) {
        std::vector<double>& x = rows[r];
        for (size_t f = 0; f < n; ++f) x[f] -= meanRow[f];
        const double y = targets[r] - meanTarget;
        for (size_t f = 0; f < n; ++f) {
            if (x[f] == 0.0) continue;
            m_xty[f] += x[f] * y;
            for (size_t h = 0; h < n; ++h) m_xtx[f * n + h] += x[f] * x[h];
        }
    }
}

LayoutRidgeModel LayoutRidgeFit::solve(double lambda) const {
    return {solveRidge(m_xtx, m_xty, lambda)};
}

LayoutRidgeModel fitLayoutRidge(const std::vector<const LayoutGraph*>& graphs, double lambda,
                                int64_t maxConfigsPerGraph) {
    LayoutRidgeFit fit(maxConfigsPerGraph);
    for (const LayoutGraph* g : graphs) fit.add(*g);
    return fit.solve(lambda);
}

std::vector<float> layoutRidgeScores(const LayoutRidgeModel& model, const LayoutGraph& graph) {
    std::vector<float> scores(static_cast<size_t>(graph.configCount()));
    for (int64_t c = 0; c < graph.configCount(); ++c) {
        const std::vector<double> x = layoutRidgeFeatures(graph, c);
        double s = 0.0;
        for (size_t f = 0; f < x.size(); ++f) s += model.weights[f] * x[f];
        scores[static_cast<size_t>(c)] = static_cast<float>(s);
    }
    return scores;
}

}  // namespace tpugraphs
