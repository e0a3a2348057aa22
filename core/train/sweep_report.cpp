// Sweep tables: CSV per trial, markdown per collection and point.
#include "train/sweep_report.h"

#include <cmath>
#include <cstdio>

#include "base/csv_table.h"
#include "base/number_text.h"

namespace tpugraphs {

namespace {

double mean(const std::vector<double>& values) {
    double sum = 0;
    int n = 0;
    for (double v : values)
        if (std::isfinite(v)) sum += v, ++n;
    return n ? sum / n : std::nan("");
}

std::string csvOf(const std::vector<TrialResult>& results,
                  const std::vector<SweepEvaluation>& evaluations) {
    std::string csv = "collection,point,seed,status,steps,seconds,valid_metric";
    for (const MetricSpec& spec : kMetricTable) csv += std::string(",valid_") + spec.key;
    for (const SweepEvaluation& e : evaluations)
        csv += "," + csvCell("score " + e.datasetRoot + ":" + splitName(e.split));
    csv += ",problem\n";
    for (const TrialResult& r : results) {
        csv += std::string(collectionName(r.trial.collection)) + "," + csvCell(r.trial.point) +
               "," + std::to_string(r.trial.options.seed) + "," + runStatusName(r.status) + "," +
               std::to_string(r.steps) + "," + fixedText(r.seconds, 1) + "," +
               fixedText(r.last.primary(), 6);
        for (const MetricSpec& spec : kMetricTable)
            csv += "," + fixedText(metricValue(r.last, spec), 6);
        for (double s : r.scores) csv += "," + fixedText(s, 6);
        csv += "," + csvCell(r.problem) + "\n";
    }
    return csv;
}

// The rows of one collection, grouped by point in plan order.
std::vector<std::vector<const TrialResult*>> pointsOf(const std::vector<TrialResult>& results,
                                                      Collection c) {
    std::vector<std::vector<const TrialResult*>> points;
    for (const TrialResult& r : results) {
        if (r.trial.collection != c) continue;
        if (points.empty() || points.back().front()->trial.point != r.trial.point)
            points.emplace_back();
        points.back().push_back(&r);
    }
    return points;
}

double oracleOf(const std::vector<ReferenceScore>& references) {
    for (const ReferenceScore& ref : references)
        if (ref.kind == ReferenceKind::Oracle) return ref.mean;
    return std::nan("");
}

std::string seedsCell(const std::vector<double>& values) {
    std::string text = "**" + fixedText(mean(values)) + "** (";
    for (size_t i = 0; i < values.size(); ++i) text += (i ? " / " : "") + fixedText(values[i], 3);
    return text + ")";
}

std::string tableHeader(Collection c, size_t evaluations, bool oracle) {
    std::string md = "### " + std::string(collectionName(c)) + " (" +
                     scoreMetric(collectionKind(c)).label +
                     ", last step; mean, then per seed)\n\n| point | valid |";
    for (size_t e = 0; e < evaluations; ++e) md += " held-out " + std::to_string(e + 1) + " |";
    if (evaluations > 1) md += " held-out mean |";
    md += std::string(oracle ? " ÷ oracle |" : "") + " min / trial | done |\n|---|---|";
    const size_t extra = evaluations + (evaluations > 1 ? 1 : 0) + (oracle ? 1 : 0);
    for (size_t e = 0; e < extra; ++e) md += "---|";
    return md + "---|---|\n";
}

std::string pointRow(const std::vector<const TrialResult*>& trials, size_t evaluations,
                     double oracle) {
    std::vector<double> valid, seconds;
    std::vector<std::vector<double>> scores(evaluations);
    int done = 0;
    for (const TrialResult* r : trials) {
        valid.push_back(r->last.primary());
        seconds.push_back(r->seconds);
        for (size_t e = 0; e < evaluations; ++e) scores[e].push_back(r->scores[e]);
        done += r->status == RunStatus::Completed || r->status == RunStatus::EarlyStopped;
    }
    std::string md = "| " + trials.front()->trial.point + " | " + seedsCell(valid) + " |";
    for (const auto& s : scores) md += " " + seedsCell(s) + " |";
    if (evaluations > 1) {
        std::vector<double> perSeed;  // each seed's mean over the held-out datasets
        for (size_t t = 0; t < trials.size(); ++t) {
            std::vector<double> seed;
            for (const auto& s : scores) seed.push_back(s[t]);
            perSeed.push_back(mean(seed));
        }
        md += " " + seedsCell(perSeed) + " |";
    }
    if (std::isfinite(oracle)) md += " " + fixedText(mean(valid) / oracle, 2) + " |";
    return md + " " + fixedText(mean(seconds) / 60, 1) + " | " + std::to_string(done) + "/" +
           std::to_string(trials.size()) + " |\n";
}

std::string collectionTable(Collection c,
                            const std::vector<std::vector<const TrialResult*>>& points,
                            size_t evaluations, const std::vector<ReferenceScore>& references) {
    const double oracle = oracleOf(references);
    std::string md = tableHeader(c, evaluations, std::isfinite(oracle));
    for (const auto& trials : points) md += pointRow(trials, evaluations, oracle);
    for (const ReferenceScore& ref : references) {
        md += "| reference: " + ref.method + " | **" + fixedText(ref.mean) + "** |";
        for (size_t e = 0; e < evaluations + (evaluations > 1 ? 1 : 0); ++e) md += " |";
        if (std::isfinite(oracle)) md += " " + fixedText(ref.mean / oracle, 2) + " |";
        md += " | |\n";
    }
    return md + "\n";
}

// A list of the trials that have a problem (failed process, no checkpoint, failed scoring),
// each with its reason: a table's "-" alone says nothing.
std::string problemsOf(const std::vector<TrialResult>& results) {
    std::string md;
    for (const TrialResult& r : results)
        if (!r.problem.empty()) md += "- " + r.trial.id + ": " + r.problem + "\n";
    return md.empty() ? md : "Trials with a problem:\n\n" + md + "\n";
}

}  // namespace

SweepTables sweepTables(const std::vector<TrialResult>& results,
                        const std::vector<SweepEvaluation>& evaluations,
                        const std::map<Collection, std::vector<ReferenceScore>>& references) {
    SweepTables tables;
    tables.csv = csvOf(results, evaluations);
    for (size_t e = 0; e < evaluations.size(); ++e)
        tables.markdown += "Held-out " + std::to_string(e + 1) + ": " + evaluations[e].datasetRoot +
                           " (" + splitName(evaluations[e].split) + ")\n";
    if (!evaluations.empty()) tables.markdown += "\n";
    for (Collection c : kCollections) {
        const auto points = pointsOf(results, c);
        if (points.empty()) continue;
        const auto it = references.find(c);
        tables.markdown +=
            collectionTable(c, points, evaluations.size(),
                            it == references.end() ? std::vector<ReferenceScore>{} : it->second);
    }
    tables.markdown += problemsOf(results);
    return tables;
}

}  // namespace tpugraphs
