// tpugraphs-bench-ui: event-loop latency of the GUI while a demo training run trains in the
// background. A 10 ms probe timer records how late each tick fires; prints p50/p99/max before
// (idle) and during training.
#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <vector>

#include "base/blas_kernel_startup.h"
#include "base/blas_report.h"
#include "program_options.h"
#include "synth/generator.h"
#include "train/torch_threads.h"
#include "training/training_form.h"
#include "training/training_page.h"

namespace {

// Records how late a periodic timer fires (ms beyond its interval).
class LatencyProbe {
public:
    explicit LatencyProbe(int intervalMs) : m_interval(intervalMs) {
        m_timer.setTimerType(Qt::PreciseTimer);
        m_timer.setInterval(intervalMs);
        QObject::connect(&m_timer, &QTimer::timeout, [this] {
            const double now = m_clock.nsecsElapsed() / 1e6;
            m_lateness.push_back(std::max(0.0, now - m_last - m_interval));
            m_last = now;
        });
    }
    void start() {
        m_lateness.clear();
        m_clock.start();
        m_last = 0;
        m_timer.start();
    }
    std::vector<double> stop() {
        m_timer.stop();
        return m_lateness;
    }

private:
    int m_interval;
    QTimer m_timer;
    QElapsedTimer m_clock;
    double m_last = 0;
    std::vector<double> m_lateness;
};

double percentile(std::vector<double> v, double q) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, size_t(q * double(v.size() - 1) + 0.5))];
}

void report(const char* phase, const std::vector<double>& lateness) {
    std::printf("%-10s samples %6zu  p50 %7.2f ms  p99 %7.2f ms  max %7.2f ms\n", phase,
                lateness.size(), percentile(lateness, 0.5), percentile(lateness, 0.99),
                lateness.empty() ? 0.0 : *std::max_element(lateness.begin(), lateness.end()));
}

}  // namespace

int main(int argc, char** argv) {
    tpugraphs::selectBlasKernelAtStartup(argv);  // may re-execute: before anything else
    tpugraphs::app::allowHelpWithoutDisplay(argc, argv);
    QApplication app(argc, argv);
    QApplication::setApplicationName("tpugraphs-bench-ui");
    tpugraphs::initTorchThreads();
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Event-loop latency of the training page while a training run trains in the background: "
        "a 10 ms probe timer measures how late each tick fires, idle for 2 s and then during "
        "training; prints p50/p99/max and exits 2 when p99 >= 50 ms.");
    parser.addOption({"steps", "training steps", "N", "300"});
    parser.addOption({"dataset", "dataset root (default: generate the tile demo)", "ROOT"});
    tpugraphs::app::processProgramOptions(parser, app, "tpugraphs-bench-ui");
    std::printf("%s\n", tpugraphs::blasReportText(tpugraphs::blasReport()).c_str());

    QTemporaryDir temp;
    QString root = parser.value("dataset");
    if (root.isEmpty()) {
        tpugraphs::GeneratorOptions options;
        options.collections = {tpugraphs::Collection::TileXla};
        root = temp.path() + "/demo";
        tpugraphs::generateDataset(root.toStdString(), options);
    }
    tpugraphs::ui::TrainingPage page;
    page.resize(1400, 900);
    page.show();
    page.form()->setRunsRoot(temp.path() + "/runs");
    page.setDatasetRoot(root);
    page.findChild<QSpinBox*>("steps")->setValue(parser.value("steps").toInt());
    page.findChild<QSpinBox*>("validation_interval")->setValue(50);

    LatencyProbe probe(10);
    std::vector<double> idle, training;
    QElapsedTimer wall;
    probe.start();
    QTimer::singleShot(2000, &app, [&] {
        idle = probe.stop();
        probe.start();
        wall.start();
        page.startTraining();
    });
    QObject::connect(&page, &tpugraphs::ui::TrainingPage::runFinished, &app,
                     [&](const QString&, const tpugraphs::ui::RunOutcome& outcome) {
                         training = probe.stop();
                         std::printf(
                             "training %s, %.1f s of %s steps, charts redrawn every 80 ms\n",
                             tpugraphs::runStatusName(outcome.status), wall.elapsed() / 1000.0,
                             qPrintable(parser.value("steps")));
                         app.quit();
                     });
    QApplication::exec();
    std::printf("event-loop latency (10 ms probe timer, lateness beyond its interval)\n");
    report("idle", idle);
    report("training", training);
    return percentile(training, 0.99) < 50.0 ? 0 : 2;
}
