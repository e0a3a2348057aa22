// Completing a partial submission with the rows of a template CSV (e.g. the official sample).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "export/submission_row.h"

namespace tpugraphs {

struct MergeResult {
    std::vector<SubmissionRow> rows;       // template order; predicted IDs unknown to it appended
    std::vector<bool> copiedFromTemplate;  // per row of `rows`: the template's own row, as is
    size_t fromPredictions = 0;            // template IDs filled from the predictions
    size_t fromTemplate = 0;   // template IDs with no prediction, copied from the template
    size_t notInTemplate = 0;  // predicted IDs absent from the template (appended)
};

// Every template ID gets the predicted row when there is one, else the template's own row.
// Throws std::invalid_argument when `predicted` holds an ID twice.
MergeResult mergeWithTemplate(const std::vector<SubmissionRow>& predicted,
                              const std::vector<SubmissionRow>& templateRows);

}  // namespace tpugraphs
