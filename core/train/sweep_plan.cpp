// Planning a sweep: grid points, variants and random samples, times seeds, per collection.
#include "train/sweep_plan.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <random>
#include <sstream>
#include <stdexcept>

#include "base/number_text.h"
#include "train/option_table.h"

namespace tpugraphs {

namespace {

std::vector<std::string> split(const std::string& text, char separator) {
    std::vector<std::string> parts;
    std::stringstream in(text);
    std::string part;
    while (std::getline(in, part, separator))
        if (!part.empty()) parts.push_back(part);
    return parts;
}

const OptionSpec& optionNamed(const std::string& key) {
    const OptionSpec* spec = findTrainOption(key);
    if (!spec) throw std::invalid_argument("sweep: unknown option '" + key + "'");
    return *spec;
}

// A file-name-safe form of a point's text.
std::string slug(const std::string& text) {
    std::string out;
    for (char c : text)
        out += std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '=' || c == '-'
                   ? c
                   : '_';
    return out;
}

struct Point {
    std::string name;
    OptionChanges changes;
};

std::string describe(const OptionChanges& changes) {
    std::string text;
    for (const auto& [key, value] : changes) text += (text.empty() ? "" : " ") + key + "=" + value;
    return text;
}

std::vector<Point> gridPoints(const SweepSpec& spec) {
    std::vector<OptionChanges> points{{}};
    for (const auto& [key, values] : spec.grid) {
        optionNamed(key);
        std::vector<OptionChanges> next;
        for (const OptionChanges& point : points)
            for (const std::string& value : values) {
                OptionChanges more = point;
                more[key] = value;
                next.push_back(more);
            }
        points = next;
    }
    std::vector<Point> named;
    if (spec.grid.empty()) return named;
    for (const OptionChanges& point : points) named.push_back({describe(point), point});
    return named;
}

std::vector<Point> randomPoints(const SweepSpec& spec) {
    std::vector<Point> points;
    std::mt19937_64 rng(spec.searchSeed);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    for (int t = 0; t < spec.randomTrials; ++t) {
        OptionChanges changes;
        for (const SweepRange& r : spec.ranges) {
            const OptionSpec& option = optionNamed(r.key);
            const double u = unit(rng);
            double value =
                r.logScale ? std::exp(std::log(r.low) + u * (std::log(r.high) - std::log(r.low)))
                           : r.low + u * (r.high - r.low);
            if (option.kind == OptionKind::Integer) value = std::round(value);
            changes[r.key] = shortestText(value);
        }
        points.push_back({"random-" + std::to_string(t + 1) + " " + describe(changes), changes});
    }
    return points;
}

std::vector<Point> pointsOf(const SweepSpec& spec) {
    std::vector<Point> points = gridPoints(spec);
    for (const auto& [name, changes] : spec.variants) points.push_back({name, changes});
    for (Point& p : randomPoints(spec)) points.push_back(std::move(p));
    if (points.empty()) points.push_back({"defaults", {}});
    return points;
}

void apply(const OptionChanges& changes, TrainOptions* options) {
    for (const auto& [key, value] : changes) setTrainOption(*options, optionNamed(key), value);
}

}  // namespace

std::vector<SweepTrial> planSweep(const SweepSpec& spec) {
    if (spec.collections.empty()) throw std::invalid_argument("sweep: no collection given");
    if (spec.seeds < 1) throw std::invalid_argument("sweep: --seeds must be at least 1");
    if (spec.randomTrials < 0) throw std::invalid_argument("sweep: --random must be 0 or more");
    // Counted before any point is made: a plan too large to train is refused at once.
    double gridSize = spec.grid.empty() ? 0 : 1;
    for (const auto& axis : spec.grid) gridSize *= double(axis.second.size());
    const double pointCount =
        std::max(1.0, gridSize + double(spec.variants.size()) + spec.randomTrials);
    const double trialCount = pointCount * spec.seeds * double(spec.collections.size());
    if (trialCount > kMaxSweepTrials)
        throw std::invalid_argument(
            "sweep: the plan has " + shortestText(trialCount) + " trials (" +
            shortestText(pointCount) + " points x " + std::to_string(spec.seeds) + " seeds x " +
            std::to_string(spec.collections.size()) + " collections), more than the " +
            std::to_string(kMaxSweepTrials) +
            " one sweep may hold: narrow --grid, --variant, --random or --seeds");
    const std::vector<Point> points = pointsOf(spec);
    std::vector<SweepTrial> trials;
    for (Collection c : spec.collections) {
        std::string collection = collectionName(c);
        for (char& ch : collection)
            if (ch == ':') ch = '-';
        for (const Point& point : points) {
            TrainOptions options = defaultTrainOptions(c);
            options.datasetRoot = spec.datasetRoot;
            apply(spec.base, &options);
            apply(point.changes, &options);
            const uint64_t firstSeed = options.seed;
            for (int k = 0; k < spec.seeds; ++k) {
                SweepTrial trial;
                trial.collection = c;
                trial.point = point.name;
                trial.options = options;
                trial.options.seed = firstSeed + static_cast<uint64_t>(k);
                trial.options.runDir.clear();
                checkTrainOptions(trial.options);
                trial.id = collection + "/" + slug(point.name) + "/seed-" +
                           std::to_string(trial.options.seed);
                trials.push_back(std::move(trial));
            }
        }
    }
    return trials;
}

std::pair<std::string, std::vector<std::string>> parseGridAxis(const std::string& text) {
    const size_t at = text.find('=');
    if (at == std::string::npos || at == 0)
        throw std::invalid_argument("--grid '" + text + "': expected KEY=V1,V2,...");
    const std::vector<std::string> values = split(text.substr(at + 1), ',');
    if (values.empty()) throw std::invalid_argument("--grid '" + text + "': no values");
    return {text.substr(0, at), values};
}

std::pair<std::string, OptionChanges> parseVariant(const std::string& text) {
    const size_t colon = text.find(':');
    if (colon == std::string::npos || colon == 0)
        throw std::invalid_argument("--variant '" + text + "': expected NAME:KEY=V[;KEY=V]");
    OptionChanges changes;
    for (const std::string& assignment : split(text.substr(colon + 1), ';')) {
        const size_t at = assignment.find('=');
        if (at == std::string::npos || at == 0)
            throw std::invalid_argument("--variant '" + text + "': '" + assignment +
                                        "' is not KEY=V");
        changes[assignment.substr(0, at)] = assignment.substr(at + 1);
    }
    return {text.substr(0, colon), changes};
}

SweepRange parseRange(const std::string& text) {
    const size_t at = text.find('=');
    const std::vector<std::string> parts =
        at == std::string::npos ? std::vector<std::string>{} : split(text.substr(at + 1), ':');
    if (at == 0 || parts.size() < 2 || parts.size() > 3 || (parts.size() == 3 && parts[2] != "log"))
        throw std::invalid_argument("--range '" + text + "': expected KEY=LOW:HIGH[:log]");
    SweepRange range{text.substr(0, at), std::atof(parts[0].c_str()), std::atof(parts[1].c_str()),
                     parts.size() == 3};
    if (!(range.low < range.high) || (range.logScale && range.low <= 0))
        throw std::invalid_argument("--range '" + text +
                                    "': LOW must be below HIGH (and above 0 on a log scale)");
    return range;
}

}  // namespace tpugraphs
