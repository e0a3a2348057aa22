// The one-time move of the user's data from where versions up to 0.1.0 kept it (three
// differently named folders, one with a space) to today's places (base/user_dirs.h):
//   <cache>/TpuGraphsStudio/TpuGraphs Studio/demo-dataset-v1  ->  <cache>/tpugraphs/demo-dataset-v1
//   <cache>/tpugraphs-studio/prepared                         ->  <cache>/tpugraphs/prepared
//   <config>/TpuGraphsStudio/TpuGraphs Studio.conf            ->  <config>/tpugraphs/studio.conf
//   <data>/TpuGraphsStudio/TpuGraphs Studio/runs              ->  <data>/tpugraphs/runs
// Each is one rename: nothing is copied, nothing already at the new place is replaced.
#pragma once

#include <string>
#include <vector>

#include "base/user_dirs.h"

namespace tpugraphs {

struct LegacyUserDataMove {
    std::string from, to;
    // The old folders that held `from`, innermost first: removed when the move leaves them empty.
    std::vector<std::string> oldParents;
};

// The moves for a user whose base directories are `base`.
std::vector<LegacyUserDataMove> legacyUserDataMoves(const XdgBaseDirs& base);

struct LegacyMoveOutcome {
    enum Kind {
        Moved,    // `from` is now at `to`
        LeftOld,  // both existed: `to` kept, `from` left as it was (safe to delete)
        Failed,   // `from` could not be moved (another file system, no permission): left as it was
    };
    Kind kind;
    LegacyUserDataMove move;
    std::string why;  // for Failed: the system's reason
    // "moved A to B", "left A: B exists", "cannot move A to B: why".
    std::string text() const;
};

// Performs the moves whose old place exists (a symbolic link is moved as a link) and returns what
// happened to each of them; moves with nothing at the old place are skipped silently. Safe to
// run on every start and by several processes at once.
std::vector<LegacyMoveOutcome> moveLegacyUserData(const std::vector<LegacyUserDataMove>& moves);

}  // namespace tpugraphs
