// Shared helpers of the training, runs, predictions and export GUI tests: a small generated
// tile dataset (train, valid and test splits) and a tiny trained run (tile, or any collection).
#pragma once

#include <QAbstractButton>
#include <QApplication>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include <string>

#include "synth/generator.h"
#include "train/trainer.h"

namespace tpugraphs::test {

// Test-mode settings and paths, so tests never touch the user's run list.
inline void isolateSettings() {
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
}

// Presses Enter on the next modal dialog once it is shown (its default button), as a user
// accepting what it proposes.
inline void acceptNextDialog() {
    auto* poll = new QTimer;
    QObject::connect(poll, &QTimer::timeout, poll, [poll] {
        QWidget* dialog = QApplication::activeModalWidget();
        if (!dialog) return;
        QTest::keyClick(dialog, Qt::Key_Enter);
        poll->deleteLater();
    });
    poll->start(50);
}

// Clicks the button titled `text` on the next modal dialog once it is shown (e.g. "Start
// Anyway" on the training page's pre-start check of a deliberately short run).
inline void clickOnNextDialog(const QString& text) {
    auto* poll = new QTimer;
    QObject::connect(poll, &QTimer::timeout, poll, [poll, text] {
        QWidget* dialog = QApplication::activeModalWidget();
        if (!dialog) return;
        for (QAbstractButton* button : dialog->findChildren<QAbstractButton*>())
            if (button->text() == text) {
                button->click();
                poll->deleteLater();
                return;
            }
    });
    poll->start(50);
}

// The demo preset's tile collection, `limit` files per split, under dir/dataset.
inline std::string makeTileDemo(const QTemporaryDir& dir, int limit = 24) {
    GeneratorOptions options;
    options.preset = GeneratorPreset::Demo;
    options.seed = 5;
    options.collections = {Collection::TileXla};
    options.limit = limit;
    const std::string root = dir.path().toStdString() + "/dataset";
    generateDataset(root, options);
    return root;
}

// Small, fast options for a run on `collection` (its default model).
inline TrainOptions tinyRunOptions(Collection collection, const std::string& root,
                                   const std::string& runDir, int64_t steps) {
    TrainOptions o = defaultTrainOptions(collection);
    o.datasetRoot = root;
    o.runDir = runDir;
    o.hiddenDim = 32;
    o.layers = 2;
    o.opcodeEmbedding = 16;
    o.batchGraphs = 4;
    o.configsPerGraph = 32;
    o.steps = steps;
    o.validationInterval = 10;
    o.logInterval = 2;
    o.maxValidGraphs = 6;
    o.seed = 3;
    return o;
}

// Small, fast options for a tile run.
inline TrainOptions tinyTileOptions(const std::string& root, const std::string& runDir,
                                    int64_t steps) {
    return tinyRunOptions(Collection::TileXla, root, runDir, steps);
}

}  // namespace tpugraphs::test
