// The trained run a config comparison ranks its nodes by: a combo of "Measured runtimes", the
// listed runs (with a checkpoint) of the open graph's collection, runs chosen from a folder, and
// "Choose folder…". A chosen run predicts every config of the graph off the UI thread; its
// scores come back by scoresReady, and again for each graph opened while it stays chosen.
#pragma once

#include <QString>
#include <QWidget>

#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "data/collection.h"

class QComboBox;
class QLabel;

namespace tpugraphs {
struct LoadedGraph;
}

namespace tpugraphs::ui {

class JobRunner;
class RunListModel;

class CompareRunChooser : public QWidget {
    Q_OBJECT
public:
    explicit CompareRunChooser(QWidget* parent = nullptr);

    // The runs the app knows (the Training page's list); followed as it changes. May be null.
    void setRunList(const RunListModel* runs);
    // Lists the runs of the graph's collection; predicts with the chosen run when it fits,
    // else goes back to the measured runtimes.
    void setGraph(std::shared_ptr<const LoadedGraph> graph);
    // Chooses the run in `runDir` (listed or not) and predicts with it. Returns why it was
    // refused (not a run, no checkpoint, another collection), "" when chosen; a refusal is also
    // shown under the combo and keeps the previous choice.
    QString chooseRun(const QString& runDir);
    // The chosen run's folder; empty for the measured runtimes.
    QString currentRun() const;
    bool isPredicting() const;
    QComboBox* combo() const { return m_combo; }
    QLabel* statusLabel() const { return m_status; }

Q_SIGNALS:
    // Per config: the chosen run's predicted score and a name for it ("the run NAME"), or both
    // empty for the measured runtimes (also when a prediction failed).
    void scoresReady(const std::vector<double>& scores, const QString& source);
    void predictingChanged(bool predicting);

private:
    void refreshRuns();
    void onActivated(int index);
    void predict();

    const RunListModel* m_runs = nullptr;
    std::shared_ptr<const LoadedGraph> m_graph;
    // Folders chosen with "Choose folder…" and their collections, listed with the known runs.
    std::vector<std::pair<QString, Collection>> m_chosen;
    QString m_current;  // the chosen run; empty: measured runtimes
    QComboBox* m_combo;
    QLabel* m_status;
    JobRunner* m_job;
};

}  // namespace tpugraphs::ui
