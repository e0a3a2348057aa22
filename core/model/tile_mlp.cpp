// Tile MLP baseline.
#include "model/tile_mlp.h"

namespace tpugraphs {

TileMlpImpl::TileMlpImpl(const CostModelOptions& options_) : options(options_) {
    encoder = register_module(
        "encoder", NodeEncoder(NodeEncoderOptions{options.nodeFeatures, options.opcodes,
                                                  options.opcodeEmbedding, options.hidden}));
    head =
        register_module("head", ScoreHead(ScoreHeadOptions{options.configFeatures, options.hidden,
                                                           options.dropout, options.hidden}));
}

torch::Tensor TileMlpImpl::forward(const ModelBatch& batch) {
    auto nodes = torch::relu(encoder(batch.nodeFeat, batch.opcode));
    auto graph = meanPerGraph(nodes, batch.topology);  // [G, H]
    return head->forwardJoined(batch.configFeat, graph);
}

}  // namespace tpugraphs
