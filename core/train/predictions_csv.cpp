// Export Predictions: a CSV of the predicted score of every config.
#include "train/predictions_csv.h"

#include <algorithm>
#include <cstdio>
#include <numeric>
#include <vector>

#include "base/atomic_file.h"
#include "export/submission_row.h"

namespace tpugraphs {

void writePredictionsCsv(const std::string& path, const SplitPrediction& prediction) {
    writeFileAtomically(path, [&](std::ostream& out) {
        out << "ID,config,score,predicted_rank\n";
        char number[32];
        for (const GraphPrediction& g : prediction.graphs) {
            const std::string id = submissionId(g.collection, g.name);
            std::vector<size_t> order(g.scores.size());
            std::iota(order.begin(), order.end(), size_t{0});
            std::stable_sort(order.begin(), order.end(),
                             [&](size_t a, size_t b) { return g.scores[a] < g.scores[b]; });
            std::vector<size_t> rank(order.size());
            for (size_t r = 0; r < order.size(); ++r) rank[order[r]] = r;
            for (size_t c = 0; c < g.scores.size(); ++c) {
                std::snprintf(number, sizeof number, "%.9g", double(g.scores[c]));
                out << id << ',' << c << ',' << number << ',' << rank[c] << '\n';
            }
        }
    });
}

}  // namespace tpugraphs
