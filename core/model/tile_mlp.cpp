// Tile MLP baseline.
#include "model/tile_mlp.h"

namespace tpugraphs {

TileMlpImpl::TileMlpImpl(const CostModelOptions& options_) : options(options_) {
    encoder = register_module(
        "encoder", NodeEncoder(NodeEncoderOptions{options.nodeFeatures, options.opcodes,
                                                  options.opcodeEmbedding, options.hidden}));
    head =
        register_module("head", ScoreHead(ScoreHeadOptions{options.hidden + options.configFeatures,
                                                           options.hidden, options.dropout}));
}

torch::Tensor TileMlpImpl::forward(const ModelBatch& batch) {
    auto nodes = torch::relu(encoder(batch.nodeFeat, batch.opcode));
    auto graph = meanPerGraph(nodes, batch.topology);  // [G, H]
    auto joined =
        torch::cat({graph.unsqueeze(1).expand({-1, batch.configs, -1}), batch.configFeat}, -1);
    return head(joined);
}

}  // namespace tpugraphs
