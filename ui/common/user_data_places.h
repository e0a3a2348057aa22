// The desktop app's places for the user's data (core/base/user_dirs.h: ~/.cache/tpugraphs,
// ~/.config/tpugraphs, ~/.local/share/tpugraphs), found through QStandardPaths so that tests in
// its test mode stay out of the user's home; and the one-time move from the old places.
#pragma once

#include <QString>

namespace tpugraphs::ui {

// <generic cache location>/tpugraphs: the demo dataset.
QString userCacheFolder();
// <generic data location>/tpugraphs: training runs (runs/).
QString userDataFolder();

// Moves the user's data from where versions up to 0.1.0 kept it (core/base/legacy_user_data.h),
// then points the settings that named a moved place (recent datasets, listed runs) at the new
// one. Logs what moved and what could not be. Called once at start, before the settings are
// read; cheap when there is nothing to move.
void moveLegacyUserData();

}  // namespace tpugraphs::ui
