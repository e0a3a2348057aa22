// Installs the training and predictions pages and the File menu actions (Export Kaggle
// Submission, Export Predictions, Open Run, Save Run As) into the main window, follows the
// explorer's dataset, and stops training cleanly when the window closes.
#pragma once

#include <QObject>
#include <QString>

namespace tpugraphs::ui {

class MainWindow;
class PredictionsPage;
class TrainingPage;

class TrainingPages : public QObject {
    Q_OBJECT
public:
    // Parented to `window`; adds its pages as tabs.
    explicit TrainingPages(MainWindow* window);

    TrainingPage* training() const { return m_training; }
    PredictionsPage* predictions() const { return m_predictions; }
    QString datasetRoot() const;

public Q_SLOTS:
    void exportSubmission();
    void exportPredictions();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void addMenuActions();

    MainWindow* m_window;
    TrainingPage* m_training;
    PredictionsPage* m_predictions;
};

}  // namespace tpugraphs::ui
