// Cost model factory.
#include "model/cost_model.h"

#include <stdexcept>

#include "model/layout_sage.h"
#include "model/tile_early_join_sage.h"
#include "model/tile_late_join_sage.h"
#include "model/tile_mlp.h"

namespace tpugraphs {

std::shared_ptr<CostModelImpl> makeCostModel(const CostModelOptions& options) {
    if (options.nodeFeatures <= 0 || options.hidden <= 0 || options.layers < 0)
        throw std::invalid_argument(
            "cost model: node features, hidden width and layers must be positive");
    switch (options.type) {
        case ModelType::TileMlp:
            return std::make_shared<TileMlpImpl>(options);
        case ModelType::TileLateJoinSage:
            return std::make_shared<TileLateJoinSageImpl>(options);
        case ModelType::TileEarlyJoinSage:
            return std::make_shared<TileEarlyJoinSageImpl>(options);
        case ModelType::LayoutSage:
            return std::make_shared<LayoutSageImpl>(options);
    }
    throw std::invalid_argument("cost model: unknown model type");
}

}  // namespace tpugraphs
