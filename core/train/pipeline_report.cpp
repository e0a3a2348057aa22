// The pipeline's markdown report.
#include "train/pipeline_report.h"

#include <algorithm>
#include <cmath>

#include "base/number_text.h"
#include "train/option_table.h"

namespace tpugraphs {

std::string minutesText(double minutes) {
    return shortestText(std::round(minutes * 100) / 100);
}

std::string pipelineReport(const PipelineOptions& o, const PipelineOutcome& outcome) {
    std::string md = "# Submission pipeline report\n\nDataset `" + o.datasetRoot + "`, budget " +
                     minutesText(o.budgetMinutes) + " min (kept within " +
                     minutesText(pipelineBoundMinutes(o.budgetMinutes)) +
                     " min, probes and scoring included), " + std::to_string(o.seeds) +
                     " runs per collection (ensembled), " + std::to_string(o.workers) +
                     " at a time; this call " + fixedText(outcome.minutes, 2) +
                     " min.\n\n"
                     "| collection | steps / run (trained of planned) | s / step | budget min | "
                     "run min (mean) | "
                     "peak MiB | valid: ensemble | valid: runs | ridge | heuristic | valid scoring "
                     "min |\n"
                     "|---|---|---|---|---|---|---|---|---|---|---|\n";
    for (const CollectionOutcome& c : outcome.collections) {
        double minutes = 0, peak = 0;
        std::string runs;
        for (const TrialResult& r : c.runs) {
            minutes += r.seconds / 60 / c.runs.size();
            peak = std::max(peak, r.peakMib);
        }
        for (const EvalMetrics& run : c.runMetrics)
            runs += (runs.empty() ? "" : " / ") + fixedText(run.primary(), 3);
        std::string ridge = "-", heuristic = "-";
        for (const ReferenceScore& ref : c.references)
            if (ref.kind != ReferenceKind::Oracle)
                (ref.kind == ReferenceKind::Ridge ? ridge : heuristic) = fixedText(ref.mean);
        md +=
            "| " + std::string(collectionName(c.collection)) + " | " +
            fixedText(static_cast<double>(c.stepsDone) / std::max<size_t>(1, c.runs.size()), 0) +
            " of " + std::to_string(c.steps) + " | " + fixedText(c.secondsPerStep, 3) + " | " +
            fixedText(c.budgetMinutes, 1) + " | " + fixedText(minutes, 1) + " | " +
            fixedText(peak, 0) + " | **" +
            (c.ensemble.graphs ? fixedText(c.ensemble.primary()) : std::string("no valid graphs")) +
            "** | " + runs + " | " + ridge + " | " + heuristic + " | " +
            fixedText(c.scoringMinutes, 1) + " |\n";
    }
    md += "\nMetric: " + std::string(scoreMetric(GraphKind::Layout).label) + " (layout), " +
          scoreMetric(GraphKind::Tile).label +
          " (tile), on the valid split, the runs' "
          "last checkpoints. Layout models (ensemble and runs) are scored on a seeded subset of " +
          std::to_string(kPipelineLayoutValidConfigs) +
          " configs of each valid graph (Kaggle's test files hold about as many), the same "
          "subset for every run; the references on every config. Valid scoring: the runs, their "
          "ensemble and the references, after training.\n\n";
    double planned = 0, scored = 0;
    for (const CollectionOutcome& c : outcome.collections) {
        planned += c.plannedScoringMinutes;
        scored += c.scoringMinutes;
    }
    md += "Scoring after training took " + fixedText(scored + outcome.predictionMinutes, 1) +
          " min (valid " + fixedText(scored, 1) + ", test prediction " +
          fixedText(outcome.predictionMinutes, 1) + "); the plan estimated " +
          fixedText(planned, 1) + " min from the probes and kept it out of the training time.\n\n";
    md += outcome.submissionPath.empty()
              ? "No submission written.\n"
              : "Submission: `" + outcome.submissionPath + "`, " + std::to_string(outcome.rows) +
                    " rows, validated" +
                    (outcome.complete ? " as a complete Kaggle file.\n"
                                      : " (partial: the dataset lacks some of Kaggle's rows; "
                                        "give --template).\n");
    return md;
}

}  // namespace tpugraphs
