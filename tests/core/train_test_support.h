// Shared helpers of the trainer tests: a small generated demo dataset and fast train options.
#pragma once

#include <QTemporaryDir>

#include <string>
#include <vector>

#include "synth/generator.h"
#include "train/train_options.h"

namespace tpugraphs::test {

// Writes the demo preset's train and valid splits of `collections` under dir (test split skipped).
inline std::string makeDemoDataset(const QTemporaryDir& dir,
                                   const std::vector<Collection>& collections, int limit = -1) {
    GeneratorOptions options;
    options.preset = GeneratorPreset::Demo;
    options.seed = 7;
    options.collections = collections;
    options.splits = {Split::Train, Split::Valid};
    options.limit = limit;
    const std::string root = dir.path().toStdString() + "/dataset";
    generateDataset(root, options);
    return root;
}

// Small, fast options on `collection` (its default model): the caller sets the length.
inline TrainOptions fastOptions(const std::string& root, const std::string& runDir,
                                Collection collection = Collection::TileXla) {
    TrainOptions options = defaultTrainOptions(collection);
    options.datasetRoot = root;
    options.runDir = runDir;
    options.hiddenDim = 32;
    options.layers = 2;
    options.opcodeEmbedding = 16;
    options.batchGraphs = 4;
    options.logInterval = 5;
    options.learningRate = 3e-3;
    options.seed = 3;
    return options;
}

// 4 train and 2 valid layout:xla graphs of nearly one size (500-520 nodes, 80-120 configs).
inline std::string makeEvenLayoutDataset(const QTemporaryDir& dir, uint64_t seed) {
    GeneratorOptions options;
    options.preset = GeneratorPreset::Custom;
    options.seed = seed;
    options.collections = {Collection::LayoutXlaDefault};
    options.splits = {Split::Train, Split::Valid};
    options.custom.sizes[1][0] = {4, 500, 520, 80, 120};
    options.custom.sizes[1][1] = {2, 500, 520, 80, 120};
    const std::string root = dir.path().toStdString() + "/dataset";
    generateDataset(root, options);
    return root;
}

// fastOptions for layout-sage on layout:xla:default, a report every step.
inline TrainOptions layoutSageOptions(const std::string& root, const std::string& runDir) {
    TrainOptions options = fastOptions(root, runDir, Collection::LayoutXlaDefault);
    options.logInterval = 1;
    return options;
}

}  // namespace tpugraphs::test
