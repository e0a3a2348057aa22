// The training options form: dataset root, collection, model, loss, main hyperparameters,
// validation split and run directory, with working defaults per collection.
#pragma once

#include <QWidget>

#include "train/train_options.h"

class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QSpinBox;

namespace tpugraphs::ui {

class TrainingForm : public QWidget {
    Q_OBJECT
public:
    explicit TrainingForm(QWidget* parent = nullptr);

    TrainOptions options() const;
    void setDatasetRoot(const QString& root);
    QString datasetRoot() const;
    // Folder under which new run directories are proposed (default: app data "runs").
    void setRunsRoot(const QString& folder);
    // Proposes a fresh, unused run directory name for the current collection.
    void proposeRunDir();
    // Sets the collection and that collection's recommended model, loss and hyperparameters.
    void applyDefaults(Collection collection);
    // Worker processes to train on: 1 = in this program; more = data-parallel local ranks.
    int workers() const;

private:
    void fillModels(GraphKind kind);

    QLineEdit* m_root;
    QComboBox* m_collection;
    QComboBox* m_model;
    QComboBox* m_loss;
    QComboBox* m_schedule;
    QDoubleSpinBox* m_learningRate;
    QSpinBox* m_steps;
    QSpinBox* m_batchGraphs;
    QSpinBox* m_configsPerGraph;
    QSpinBox* m_maxStepMb;
    QSpinBox* m_segmentNodes;
    QSpinBox* m_validationInterval;
    QComboBox* m_validation;
    QSpinBox* m_maxValidGraphs;
    QSpinBox* m_validConfigs;
    QSpinBox* m_hiddenDim;
    QSpinBox* m_layers;
    QLineEdit* m_runDir;
    QSpinBox* m_workers;
    QString m_runsRoot;
};

}  // namespace tpugraphs::ui
