// A run's options as its components read them.
#include "train/component_options.h"

namespace tpugraphs {

PrepareOptions prepareOptionsOf(const TrainOptions& options) {
    return {options.pruneLayout, options.markLayoutPadding, options.tileRelativeFeatures};
}

CostModelOptions costModelOptions(const TrainOptions& options, int64_t nodeFeatures,
                                  int64_t configFeatures) {
    CostModelOptions m;
    m.type = options.model;
    m.nodeFeatures = nodeFeatures;
    m.configFeatures = configFeatures;
    m.opcodeEmbedding = options.opcodeEmbedding;
    m.hidden = options.hiddenDim;
    m.layers = options.layers;
    m.dropout = options.dropout;
    m.bidirectional = options.bidirectional;
    m.selfChannelAttention = options.selfChannelAttention;
    m.crossConfigAttention = options.crossConfigAttention;
    m.readout = options.readout;
    m.attentionForm = options.attentionForm;
    return m;
}

}  // namespace tpugraphs
