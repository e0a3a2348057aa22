// Column normaliser (sign-log + standardisation, constant columns dropped).
#include "prepare/feature_normalizer.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <stdexcept>

namespace tpugraphs {

namespace {
inline double signLog(double x) {
    return x < 0 ? -std::log1p(-x) : std::log1p(x);
}
}  // namespace

void FeatureNormalizer::observe(const float* rows, int64_t count, int columns) {
    if (m_columns == 0) {
        m_columns = columns;
        m_sum.assign(columns, 0);
        m_sumSq.assign(columns, 0);
        m_maxAbs.assign(columns, 0);
        m_logSum.assign(columns, 0);
        m_logSumSq.assign(columns, 0);
    }
    if (columns != m_columns) throw std::invalid_argument("normaliser: column count changed");
    for (int64_t r = 0; r < count; ++r) {
        const float* row = rows + r * columns;
        for (int c = 0; c < columns; ++c) {
            const double x = row[c];
            const double l = signLog(x);
            m_sum[c] += x;
            m_sumSq[c] += x * x;
            m_logSum[c] += l;
            m_logSumSq[c] += l * l;
            m_maxAbs[c] = std::max(m_maxAbs[c], std::fabs(x));
        }
    }
    m_rows += count;
}

void FeatureNormalizer::fit(double logThreshold) {
    m_kept.clear();
    m_log.clear();
    m_mean.clear();
    m_invStd.clear();
    const double n = std::max<int64_t>(1, m_rows);
    for (int c = 0; c < m_columns; ++c) {
        const bool useLog = m_maxAbs[c] > logThreshold;
        const double mean = (useLog ? m_logSum[c] : m_sum[c]) / n;
        const double var = std::max(0.0, (useLog ? m_logSumSq[c] : m_sumSq[c]) / n - mean * mean);
        const double sd = std::sqrt(var);
        if (sd < 1e-6) continue;
        m_kept.push_back(c);
        m_log.push_back(useLog ? 1 : 0);
        m_mean.push_back(static_cast<float>(mean));
        m_invStd.push_back(static_cast<float>(1.0 / sd));
    }
    if (m_kept.empty() && m_columns > 0) {
        // Every column is constant on the train data (e.g. one tiny train graph): keep one
        // column that always normalises to 0, so the models' input layers keep a width.
        m_kept.push_back(0);
        m_log.push_back(0);
        m_mean.push_back(0.0f);
        m_invStd.push_back(0.0f);
    }
}

void FeatureNormalizer::apply(const float* rows, int64_t count, float* out) const {
    const int outColumns = outputColumns();
    for (int64_t r = 0; r < count; ++r) {
        const float* row = rows + r * m_columns;
        float* dst = out + r * outColumns;
        for (int k = 0; k < outColumns; ++k) {
            double x = row[m_kept[k]];
            if (m_log[k]) x = signLog(x);
            dst[k] = static_cast<float>((x - m_mean[k]) * m_invStd[k]);
        }
    }
}

std::vector<float> FeatureNormalizer::apply(const std::vector<float>& rows) const {
    const int64_t count = m_columns ? static_cast<int64_t>(rows.size()) / m_columns : 0;
    std::vector<float> out(static_cast<size_t>(count * outputColumns()));
    apply(rows.data(), count, out.data());
    return out;
}

std::string FeatureNormalizer::toJson() const {
    nlohmann::json j = {{"columns", m_columns},
                        {"kept", m_kept},
                        {"log", m_log},
                        {"mean", m_mean},
                        {"inv_std", m_invStd}};
    return j.dump();
}

FeatureNormalizer FeatureNormalizer::fromJson(const std::string& text) {
    FeatureNormalizer n;
    try {
        const auto j = nlohmann::json::parse(text);
        n.m_columns = j.at("columns").get<int>();
        n.m_kept = j.at("kept").get<std::vector<int>>();
        n.m_log = j.at("log").get<std::vector<uint8_t>>();
        n.m_mean = j.at("mean").get<std::vector<float>>();
        n.m_invStd = j.at("inv_std").get<std::vector<float>>();
    } catch (const nlohmann::json::exception& e) {
        throw std::runtime_error(std::string("normaliser statistics: ") + e.what());
    }
    const size_t k = n.m_kept.size();
    if (n.m_log.size() != k || n.m_mean.size() != k || n.m_invStd.size() != k)
        throw std::runtime_error("normaliser statistics: inconsistent column counts");
    for (int c : n.m_kept)
        if (c < 0 || c >= n.m_columns)
            throw std::runtime_error("normaliser statistics: bad column");
    return n;
}

}  // namespace tpugraphs
