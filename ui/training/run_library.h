// The runs the app knows: trained here, opened, followed (trained elsewhere, read as their files
// grow) or restored from the last session. Owns their rows (RunListModel), their curves, their
// followers, the liveness check that marks killed runs as interrupted, and the settings that
// remember them and which are ticked. The training page shows it; the predictions page and export
// dialogs read its rows.
#pragma once

#include <QHash>
#include <QObject>
#include <QString>
#include <QTimer>

#include <memory>

#include "training/training_metatypes.h"

namespace tpugraphs::ui {

class RunCurves;
class RunFollower;
class RunListModel;

class RunLibrary : public QObject {
    Q_OBJECT
public:
    explicit RunLibrary(QObject* parent = nullptr);
    ~RunLibrary() override;

    RunListModel* model() const { return m_model; }
    // The curves of a listed run (nullptr when unknown).
    const RunCurves* curves(const QString& runDir) const;

    // Lists a run or refreshes its row, and rebuilds its curves from its history; `checked`:
    // overlaid on the charts.
    void list(const RunInfo& info, bool checked);
    // Reads and lists a run directory; throws RunError when it is not a readable run.
    void open(const QString& runDir);
    // Lists a run directory and keeps reading its files as they grow.
    void follow(const QString& runDir);
    void remove(const QString& runDir);

    // The run trained in this program: listed as running, ticked, its curves fed by its
    // reports; runs of other collections are unticked.
    void startLive(const RunInfo& info);
    void appendLive(const TrainProgress& progress);
    // Reloads the live run from its directory once it has ended; a run that wrote nothing is
    // dropped. Returns its record (runDir empty when dropped).
    RunInfo endLive(const QString& runDir);

    // Lists the runs remembered from the last session, those ticked then ticked again.
    void restore();

Q_SIGNALS:
    void runsChanged();    // a run was listed or removed
    void curvesChanged();  // curves or ticks changed: charts to redraw
    void followProblem(const QString& message);
    // A followed run stopped being trained: it ended (its status) or its process died
    // (info.interrupted; it resumes from info.step).
    void followedRunEnded(const QString& runDir, const tpugraphs::RunInfo& info);

private:
    void remember() const;
    void checkLiveness();
    void onFollowed(const RunFollower& follower, int from, bool rewritten);

    RunListModel* m_model;
    QHash<QString, std::shared_ptr<RunCurves>> m_curves;
    QHash<QString, RunFollower*> m_followers;
    QTimer m_liveness;
};

}  // namespace tpugraphs::ui
