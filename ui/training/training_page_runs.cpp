// The training page's runs: opening, following and copying run directories and sweep folders,
// the charts of the ticked runs and the live one, the HParams view, and the curves export.
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QTabWidget>

#include <algorithm>
#include <exception>

#include "common/status_line.h"
#include "item_models/run_list_model.h"
#include "training/curves_export.h"
#include "training/hparams_view.h"
#include "training/run_charts.h"
#include "training/run_copy.h"
#include "training/run_curves.h"
#include "training/run_library.h"
#include "training/runs_panel.h"
#include "training/training_page.h"

namespace tpugraphs::ui {

void TrainingPage::refreshCharts() {
    // The live run and the runs ticked for overlay.
    RunListModel* runs = m_library->model();
    QList<ShownRun> shown;
    quint64 revision = 0;
    for (int row = 0; row < runs->rowCount(); ++row) {
        const QString dir = QDir::cleanPath(runs->runDir(row));
        const RunCurves* c = curves(dir);
        const bool live = dir == runs->liveRun();
        if (!c || !(live || (runs->isChecked(row) && m_panel->isListed(row)))) continue;
        const RunInfo& info = runs->run(row);
        const int64_t total = info.totalSteps > 0 ? info.totalSteps : info.options.steps;
        shown.append(ShownRun{runs->displayName(row), runs->color(row), c,
                              collectionKind(info.options.collection) == GraphKind::Layout,
                              double(std::max<int64_t>(1, total))});
        revision += c->revision() + quint64(row) * 1000003u;
    }
    if (!m_chartsDirty && revision == m_chartRevision) return;
    m_chartRevision = revision;
    m_chartsDirty = false;
    m_charts->showRuns(shown);
}

void TrainingPage::refreshHParams() {
    RunListModel* runs = m_library->model();
    QList<HParamsRun> listed;
    for (int row = 0; row < runs->rowCount(); ++row) {
        const QString dir = QDir::cleanPath(runs->runDir(row));
        if (!runs->run(row).unreadable.empty()) continue;
        listed.append({runs->displayName(row), dir, runs->run(row).options, curves(dir)});
    }
    m_hparams->setRuns(listed);
    m_hparamsDirty = false;
}

void TrainingPage::showRunInCharts(const QString& runDir) {
    RunListModel* runs = m_library->model();
    const int row = runs->rowOf(QDir::cleanPath(runDir));
    if (row < 0) return;
    runs->setChecked(row, true);
    m_panel->selectRun(QDir::cleanPath(runDir));
    m_chartsDirty = true;
}

QString TrainingPage::exportCurvesCsv(const QStringList& runDirs, const QString& path) const {
    QList<CurveSource> sources;
    for (const QString& dir : runDirs)
        if (const RunCurves* c = curves(QDir::cleanPath(dir)))
            sources.append({runDisplayName(QDir::cleanPath(dir)), c});
    return writeCurvesCsv(path, sources);
}

void TrainingPage::exportRunCurvesDialog(const QString& runDir) {
    const QString name = QFileInfo(QDir::cleanPath(runDir)).fileName();
    const QString path = QFileDialog::getSaveFileName(this, "Export Curves", name + "-curves.csv",
                                                      "CSV files (*.csv)");
    if (path.isEmpty()) return;
    const QString error = exportCurvesCsv({runDir}, path);
    if (!error.isEmpty())
        QMessageBox::warning(this, "Export Curves", error);
    else
        showStatus("Curves of " + runDisplayName(runDir) + " written to " + path);
}

bool TrainingPage::openRun(const QString& runDir) {
    try {
        m_library->open(runDir);
        m_panel->selectRun(QDir::cleanPath(runDir));
        return true;
    } catch (const std::exception& e) {
        showStatus(QString::fromStdString(e.what()), true);
        return false;
    }
}

void TrainingPage::openRunDialog() {
    const QString dir = QFileDialog::getExistingDirectory(this, "Open Run");
    if (!dir.isEmpty() && openRun(dir)) showStatus("Opened run " + dir);
}

int TrainingPage::openSweepFolder(const QString& folder) {
    int listed = 0;
    for (const QString& dir : runDirectoriesIn(folder)) {
        try {
            m_library->open(dir);
            ++listed;
        } catch (const std::exception&) {
            // a damaged trial is listed as unreadable by open(); nothing more to do
        }
    }
    if (listed == 0) {
        showStatus(folder + ": no training runs in it (a sweep keeps them under runs/)", true);
        return 0;
    }
    m_hparamsDirty = true;
    m_views->setCurrentWidget(m_hparams);
    refreshHParams();
    showStatus(QString("Listed %1 runs of %2").arg(listed).arg(QDir::cleanPath(folder)));
    return listed;
}

void TrainingPage::openSweepDialog() {
    const QString dir = QFileDialog::getExistingDirectory(this, "Open Sweep Folder");
    if (!dir.isEmpty()) openSweepFolder(dir);
}

void TrainingPage::followRun(const QString& runDir) {
    m_library->follow(runDir);
    showStatus("Following " + QDir::cleanPath(runDir) + ": its curves grow with its files");
}

void TrainingPage::followRunDialog() {
    const QString dir = QFileDialog::getExistingDirectory(this, "Follow a Run Directory");
    if (!dir.isEmpty()) followRun(dir);
}

void TrainingPage::saveRunAsDialog() {
    const QString from = m_panel->selectedRun();
    if (from.isEmpty()) return showStatus("Select a run to save first.", true);
    if (from == runs()->liveRun()) return showStatus("Stop the run before saving a copy.", true);
    const QString to = QFileDialog::getSaveFileName(this, "Save Run As", from + "-copy");
    if (to.isEmpty()) return;
    const QString error = copyRunDirectory(from, to);
    if (!error.isEmpty()) return showStatus(error, true);
    if (openRun(to)) showStatus("Saved a copy of the run as " + to);
}

}  // namespace tpugraphs::ui
