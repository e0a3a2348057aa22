// Shared set-up of the main window tests (tst_main_window_*): settings and caches in Qt's test
// locations under each test's own application name, cleared first.
#pragma once

#include <QCoreApplication>
#include <QSettings>
#include <QStandardPaths>

#include "explorer_test_support.h"

namespace tpugraphs::ui::test {

// Puts settings and caches in a test location of `application` (one per test executable, so
// that tests run in parallel do not share them) and clears the settings; returns whether the
// sample dataset (../shared/data) is there to exercise the window on.
inline bool prepareMainWindowTest(const char* application) {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName("TpuGraphsStudioTest");
    QCoreApplication::setApplicationName(application);
    QSettings().clear();
    return haveSharedDataset();
}

}  // namespace tpugraphs::ui::test
