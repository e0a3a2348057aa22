// Building submission rows from predicted scores.
#include "export/submission_row.h"

#include <stdexcept>

#include "metrics/ranking.h"

namespace tpugraphs {

std::string submissionId(Collection collection, const std::string& graphName) {
    return std::string(collectionName(collection)) + ":" + graphName;
}

SubmissionRow tileSubmissionRow(const std::string& graphName, const std::vector<float>& scores) {
    if (scores.empty())
        throw std::invalid_argument("tile submission row '" + graphName + "': no configs");
    SubmissionRow row{submissionId(Collection::TileXla, graphName),
                      topKByScore(scores, kTileSubmissionConfigs)};
    row.configs.resize(kTileSubmissionConfigs, 0);  // the official baseline pads with index 0
    return row;
}

SubmissionRow layoutSubmissionRow(Collection collection, const std::string& graphName,
                                  const std::vector<float>& scores) {
    return {submissionId(collection, graphName), rankByScore(scores)};
}

bool isIndexOrder(const SubmissionRow& row) {
    if (row.configs.size() < 2) return false;
    for (size_t i = 0; i < row.configs.size(); ++i)
        if (row.configs[i] != static_cast<int64_t>(i)) return false;
    return true;
}

std::string joinConfigs(const std::vector<int64_t>& configs) {
    std::string text;
    for (size_t i = 0; i < configs.size(); ++i) {
        if (i > 0) text += ';';
        text += std::to_string(configs[i]);
    }
    return text;
}

}  // namespace tpugraphs
