// Preset tables: demo (seconds to write, a minute to learn), realistic (the demo's graph sizes,
// the real dataset's proportion of training graphs) and full-scale (the real dataset's counts).
#include "synth/generator_presets.h"

namespace tpugraphs {

namespace {

// Real file counts (train, valid, test) per collection, in kCollections order.
constexpr int kFullScaleFiles[5][3] = {
    {5709, 676, 844}, {61, 7, 8}, {69, 7, 8}, {198, 20, 17}, {207, 20, 17}};

CollectionSizes demoSizes(size_t collection, Split split) {
    const int s = static_cast<int>(split);
    if (collection == 0) {
        constexpr int files[3] = {80, 12, 12};
        return {files[s], 3, 40, 20, 200};
    }
    constexpr int files[3] = {12, 4, 4};
    return {files[s], 300, 2000, 100, 500};
}

// Layout files per split like the real xla collections (61/7/8; nlp 198/20/17): with the
// demo's 12 training graphs the models fit them and stop generalising (docs/TRAINING.md).
CollectionSizes realisticSizes(size_t collection, Split split) {
    if (collection == 0) return demoSizes(collection, split);
    constexpr int files[3] = {48, 16, 16};
    CollectionSizes sizes = demoSizes(collection, split);
    sizes.files = files[static_cast<int>(split)];
    return sizes;
}

CollectionSizes fullScaleSizes(size_t collection, Split split) {
    const int files = kFullScaleFiles[collection][static_cast<int>(split)];
    if (collection == 0) return {files, 2, 1000, 2, 8000};
    // Layout: 1k-100k nodes; test files hold ~1000 configs like the real ones.
    if (split == Split::Test) return {files, 1000, 100000, 1000, 1000};
    return {files, 1000, 100000, 100, 100000};
}

}  // namespace

CollectionSizes presetSizes(const GeneratorOptions& options, size_t collectionIndex, Split split) {
    switch (options.preset) {
        case GeneratorPreset::Demo:
            return demoSizes(collectionIndex, split);
        case GeneratorPreset::Realistic:
            return realisticSizes(collectionIndex, split);
        case GeneratorPreset::FullScale:
            return fullScaleSizes(collectionIndex, split);
        default:
            return options.custom.sizes[collectionIndex][static_cast<int>(split)];
    }
}

}  // namespace tpugraphs
