// Names of the graph kinds.
#include "data/tpugraphs_format.h"

#include "base/enum_names.h"

namespace tpugraphs {

namespace {
const EnumName<GraphKind> kGraphKindNames[] = {{GraphKind::Tile, "tile"},
                                               {GraphKind::Layout, "layout"}};
}  // namespace

const char* graphKindName(GraphKind kind) {
    return enumName(kGraphKindNames, kind);
}

}  // namespace tpugraphs
