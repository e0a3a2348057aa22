// The one-time move of the user's data to today's places (legacy_user_data.h).
#include "base/legacy_user_data.h"

#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

namespace fs = std::filesystem;

namespace tpugraphs {

namespace {

const char* const kOldOrganization = "TpuGraphsStudio";
const char* const kOldApplication = "TpuGraphs Studio";

bool existsNoFollow(const std::string& path) {
    struct stat info {};
    return ::lstat(path.c_str(), &info) == 0;
}

// rename(2) that never replaces `to`: 0, or the errno (EEXIST when `to` exists).
int renameNoReplace(const std::string& from, const std::string& to) {
    if (::renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), RENAME_NOREPLACE) == 0) return 0;
    if (errno != EINVAL && errno != ENOSYS) return errno;
    // A file system without RENAME_NOREPLACE: check, then rename (a race only between two
    // first starts at the same instant, and rename(2) still refuses a non-empty folder).
    if (existsNoFollow(to)) return EEXIST;
    return ::rename(from.c_str(), to.c_str()) == 0 ? 0 : errno;
}

}  // namespace

std::vector<LegacyUserDataMove> legacyUserDataMoves(const XdgBaseDirs& base) {
    const std::string newName = kUserFolderName;
    const std::string oldCache = base.cache + "/" + kOldOrganization;
    const std::string oldData = base.data + "/" + kOldOrganization;
    const std::string oldConfig = base.config + "/" + kOldOrganization;
    const std::string oldPrepared = base.cache + "/tpugraphs-studio";
    return {
        {oldCache + "/" + kOldApplication + "/demo-dataset-v1",
         base.cache + "/" + newName + "/demo-dataset-v1",
         {oldCache + "/" + kOldApplication, oldCache}},
        {oldPrepared + "/prepared", base.cache + "/" + newName + "/prepared", {oldPrepared}},
        {oldConfig + "/" + kOldApplication + ".conf",
         base.config + "/" + newName + "/studio.conf",
         {oldConfig}},
        {oldData + "/" + kOldApplication + "/runs",
         base.data + "/" + newName + "/runs",
         {oldData + "/" + kOldApplication, oldData}},
    };
}

std::string LegacyMoveOutcome::text() const {
    switch (kind) {
        case Moved:
            return "moved " + move.from + " to " + move.to;
        case LeftOld:
            return "left " + move.from + ": " + move.to +
                   " exists (the old copy is safe to delete)";
        case Failed:
            break;
    }
    return "cannot move " + move.from + " to " + move.to + ": " + why;
}

std::vector<LegacyMoveOutcome> moveLegacyUserData(const std::vector<LegacyUserDataMove>& moves) {
    std::vector<LegacyMoveOutcome> outcomes;
    for (const LegacyUserDataMove& move : moves) {
        if (!existsNoFollow(move.from)) continue;
        std::error_code error;
        fs::create_directories(fs::path(move.to).parent_path(), error);
        const int failure = error ? error.value() : renameNoReplace(move.from, move.to);
        if (failure == 0) {
            outcomes.push_back({LegacyMoveOutcome::Moved, move, ""});
            for (const std::string& parent : move.oldParents) ::rmdir(parent.c_str());  // if empty
        } else if (failure == EEXIST || failure == ENOTEMPTY) {
            outcomes.push_back({LegacyMoveOutcome::LeftOld, move, ""});
        } else {
            outcomes.push_back({LegacyMoveOutcome::Failed, move, std::strerror(failure)});
        }
    }
    return outcomes;
}

}  // namespace tpugraphs
