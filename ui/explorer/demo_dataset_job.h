// Background generation of the embedded demo dataset into the user's cache directory (once).
#pragma once

#include <QObject>
#include <QString>

namespace tpugraphs::ui {

class JobRunner;

class DemoDatasetJob : public QObject {
    Q_OBJECT
public:
    explicit DemoDatasetJob(QObject* parent = nullptr);
    // The demo root in the user's cache folder (common/user_data_places.h).
    static QString demoRoot();
    // Emits ready() at once (queued) when the demo exists, else generates it first.
    void start();
    void cancel();
    bool isRunning() const;

Q_SIGNALS:
    void runningChanged(bool running);
    void progress(int done, int total);
    void ready(const QString& root);
    void failed(const QString& message);

private:
    JobRunner* m_runner;
};

}  // namespace tpugraphs::ui
