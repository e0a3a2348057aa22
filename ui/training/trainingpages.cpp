// Installs the training and predictions pages into the main window.
#include "training/trainingpages.h"

#include <QAction>
#include <QEvent>
#include <QFileInfo>
#include <QMenu>
#include <QMenuBar>

#include "explorer/explorerpage.h"
#include "export/exportpredictionsdialog.h"
#include "export/exportsubmissiondialog.h"
#include "mainwindow.h"
#include "predictions/predictionspage.h"
#include "training/trainingform.h"
#include "training/trainingpage.h"

namespace tpugraphs::ui {

TrainingPages::TrainingPages(MainWindow* window)
    : QObject(window),
      m_window(window),
      m_training(new TrainingPage),
      m_predictions(new PredictionsPage(m_training->runs())) {
    m_training->setObjectName("trainingPage");
    m_predictions->setObjectName("predictionsPage");
    window->addPage(m_training, tr("Training"));
    window->addPage(m_predictions, tr("Predictions"));
    addMenuActions();
    connect(window->explorer(), &ExplorerPage::datasetOpened, this, [this](const QString& path) {
        if (!QFileInfo(path).isDir()) return;  // a single .npz: not a dataset root
        m_training->setDatasetRoot(path);
        m_predictions->setDatasetRoot(path);
    });
    window->installEventFilter(this);
}

QString TrainingPages::datasetRoot() const {
    return m_training->form()->datasetRoot();
}

void TrainingPages::addMenuActions() {
    QMenu* file = nullptr;
    for (QAction* action : m_window->menuBar()->actions())
        if (action->menu() && action->text().remove('&') == tr("File")) file = action->menu();
    if (!file) return;
    // Before the separator that precedes Quit.
    QAction* before =
        file->actions().size() >= 2 ? file->actions().at(file->actions().size() - 2) : nullptr;
    auto add = [&](const QString& text, auto slot) {
        auto* action = new QAction(text, file);
        connect(action, &QAction::triggered, this, slot);
        file->insertAction(before, action);
        return action;
    };
    file->insertSeparator(before);
    add(tr("Export &Kaggle Submission…"), &TrainingPages::exportSubmission);
    add(tr("Export &Predictions…"), &TrainingPages::exportPredictions);
    file->insertSeparator(before);
    add(tr("Open R&un…"), [this] { m_training->openRunDialog(); });
    add(tr("&Follow a Run Directory…"), [this] { m_training->followRunDialog(); });
    add(tr("&Save Run As…"), [this] { m_training->saveRunAsDialog(); });
}

void TrainingPages::exportSubmission() {
    auto* dialog = new ExportSubmissionDialog(m_training->runs(), datasetRoot(), m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
}

void TrainingPages::exportPredictions() {
    auto* dialog = new ExportPredictionsDialog(m_training->runs(), datasetRoot(), m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
}

bool TrainingPages::eventFilter(QObject* watched, QEvent* event) {
    // Closing the window while training: stop the worker and wait for its last checkpoint.
    if (watched == m_window && event->type() == QEvent::Close && m_training->isTraining())
        m_training->shutdown();
    return QObject::eventFilter(watched, event);
}

}  // namespace tpugraphs::ui
