// Column normaliser fitted on train data: sign-log for large-magnitude columns, then
// standardisation; constant columns dropped. Plain C++, serialised to JSON with the model.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tpugraphs {

class FeatureNormalizer {
public:
    // Accumulates rows (rows x columns, row-major) before fit().
    void observe(const float* rows, int64_t count, int columns);
    // Decides per column: sign-log when max |x| > logThreshold, mean/std of the transformed
    // values, drop when std < 1e-6 (constant). When every column is constant, one column is
    // kept that normalises to 0 (a model input never has width 0).
    void fit(double logThreshold = 20.0);

    int outputColumns() const { return static_cast<int>(m_kept.size()); }
    // Normalises `count` rows into out (count x outputColumns()).
    void apply(const float* rows, int64_t count, float* out) const;
    std::vector<float> apply(const std::vector<float>& rows) const;

    std::string toJson() const;
    static FeatureNormalizer fromJson(const std::string& json);  // throws std::runtime_error

private:
    int m_columns = 0;
    std::vector<double> m_sum, m_sumSq, m_maxAbs, m_logSum, m_logSumSq;
    int64_t m_rows = 0;
    std::vector<int> m_kept;              // input column of each output column
    std::vector<uint8_t> m_log;           // per output column: sign-log first
    std::vector<float> m_mean, m_invStd;  // per output column
};

}  // namespace tpugraphs
