// A sweep's plan: training options searched per collection over a grid, named variants and
// seeded random samples, each trained with several seeds. Every trial is a full TrainOptions
// (the collection's defaults, the sweep's base options, the trial's own). No torch.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "train/train_options.h"

namespace tpugraphs {

using OptionChanges = std::map<std::string, std::string>;  // option key -> text

// A random search dimension: a number between low and high (on a log scale when asked).
struct SweepRange {
    std::string key;
    double low = 0, high = 0;
    bool logScale = false;
};

struct SweepSpec {
    std::string datasetRoot;
    std::vector<Collection> collections;
    OptionChanges base;                                                  // for every trial
    std::vector<std::pair<std::string, std::vector<std::string>>> grid;  // every combination
    std::vector<std::pair<std::string, OptionChanges>> variants;         // each one alone
    int randomTrials = 0;                                                // samples of `ranges`
    uint64_t searchSeed = 0;
    std::vector<SweepRange> ranges;
    int seeds = 1;  // training seeds per point: base seed, base seed + 1, ...
};

struct SweepTrial {
    std::string id;     // unique, a relative path: "layout-xla-default/dropout=0/seed-1"
    std::string point;  // what varies: "dropout=0", a variant's name, "defaults"
    Collection collection = Collection::TileXla;
    TrainOptions options;  // runDir left empty (the runner sets it)
};

// The most trials one sweep may plan (each is a training run and a folder).
constexpr int kMaxSweepTrials = 10000;

// Every trial of `spec`, collection by collection, point by point, seed by seed. Throws
// std::invalid_argument naming an unknown option, a value that does not parse, options that
// cannot train together (checkTrainOptions), or a plan of more than kMaxSweepTrials trials
// (counted before any is made).
std::vector<SweepTrial> planSweep(const SweepSpec& spec);

// "KEY=V1,V2" -> (key, values); "NAME:KEY=V;KEY=V" -> (name, changes); "KEY=LOW:HIGH[:log]"
// -> a range. Throw std::invalid_argument on a malformed text.
std::pair<std::string, std::vector<std::string>> parseGridAxis(const std::string& text);
std::pair<std::string, OptionChanges> parseVariant(const std::string& text);
SweepRange parseRange(const std::string& text);

}  // namespace tpugraphs
