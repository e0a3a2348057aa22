// Merge of predicted rows into a template submission.
#include "export/submission_merge.h"

#include <stdexcept>
#include <unordered_map>
#include <unordered_set>

namespace tpugraphs {

MergeResult mergeWithTemplate(const std::vector<SubmissionRow>& predicted,
                              const std::vector<SubmissionRow>& templateRows) {
    std::unordered_map<std::string, const SubmissionRow*> byId;
    for (const SubmissionRow& row : predicted)
        if (!byId.emplace(row.id, &row).second)
            throw std::invalid_argument("merge: predicted ID '" + row.id + "' appears twice");

    MergeResult result;
    std::unordered_set<std::string> used;
    for (const SubmissionRow& row : templateRows) {
        const auto it = byId.find(row.id);
        if (it != byId.end() && used.insert(row.id).second) {
            result.rows.push_back(*it->second);
            result.copiedFromTemplate.push_back(false);
            ++result.fromPredictions;
        } else {
            result.rows.push_back(row);
            result.copiedFromTemplate.push_back(true);
            ++result.fromTemplate;
        }
    }
    for (const SubmissionRow& row : predicted) {
        if (used.count(row.id)) continue;
        result.rows.push_back(row);
        result.copiedFromTemplate.push_back(false);
        ++result.notInTemplate;
    }
    return result;
}

}  // namespace tpugraphs
