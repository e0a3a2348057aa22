// The training options form.
#include "training/training_form.h"

#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QStandardPaths>

#include <algorithm>

#include "common/browse_row.h"
#include "data/dataset.h"

namespace tpugraphs::ui {

namespace {

QSpinBox* spin(const char* name, int lo, int hi, int step = 1) {
    auto* box = new QSpinBox;
    box->setObjectName(name);
    box->setRange(lo, hi);
    box->setSingleStep(step);
    return box;
}

}  // namespace

TrainingForm::TrainingForm(QWidget* parent)
    : QWidget(parent),
      m_root(new QLineEdit),
      m_collection(new QComboBox),
      m_model(new QComboBox),
      m_loss(new QComboBox),
      m_schedule(new QComboBox),
      m_learningRate(new QDoubleSpinBox),
      m_steps(spin("steps", 1, 10000000, 50)),
      m_batchGraphs(spin("batchGraphs", 1, 256)),
      m_configsPerGraph(spin("configsPerGraph", 2, 4096, 16)),
      m_maxStepMb(spin("maxStepMb", 0, 1024 * 1024, 256)),
      m_segmentNodes(spin("segmentNodes", 0, 100000000, 1000)),
      m_validationInterval(spin("validationInterval", 1, 1000000, 10)),
      m_validation(new QComboBox),
      m_maxValidGraphs(spin("maxValidGraphs", 0, 100000)),
      m_validConfigs(spin("validConfigs", 0, 1000000, 100)),
      m_hiddenDim(spin("hiddenDim", 8, 1024, 8)),
      m_layers(spin("layers", 1, 16)),
      m_runDir(new QLineEdit),
      m_workers(spin("workers", 1, 64)) {
    m_runsRoot = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + "/runs";
    m_root->setObjectName("datasetRoot");
    m_root->setPlaceholderText("dataset root (holds npz/)");
    m_collection->setObjectName("collection");
    for (const Collection c : kCollections) m_collection->addItem(collectionName(c));
    m_model->setObjectName("model");
    m_loss->setObjectName("loss");
    for (LossType t :
         {LossType::PairwiseHinge, LossType::ListMle, LossType::MarginRanking, LossType::Mse})
        m_loss->addItem(lossTypeName(t));
    m_schedule->setObjectName("schedule");
    for (ScheduleType t : {ScheduleType::Cosine, ScheduleType::OneCycle, ScheduleType::Constant})
        m_schedule->addItem(scheduleTypeName(t));
    m_learningRate->setObjectName("learningRate");
    m_learningRate->setDecimals(5);
    m_learningRate->setRange(1e-5, 1.0);
    m_learningRate->setSingleStep(1e-4);
    m_validation->setObjectName("validation");
    m_validation->addItem("valid split");
    m_validation->addItem("10% held-out configs of train graphs");
    m_maxValidGraphs->setSpecialValueText("all");
    m_validConfigs->setSpecialValueText("all");
    m_validConfigs->setToolTip(
        "--valid-configs: periodic validations score a fixed, seeded subset of at most this "
        "many configs per graph (the random layout collections hold up to ~100k), so they stay "
        "quick; the final validation scores them all. 0 = all configs every time");
    m_maxStepMb->setSpecialValueText("no budget");
    m_maxStepMb->setSuffix(" MiB");
    m_maxStepMb->setToolTip(
        "--max-step-mb: memory budget of one training step. The step's graphs run in "
        "micro-batches whose estimated memory fits it (gradients accumulated: the same update); "
        "a graph too large alone trains on fewer configs. 0 = no budget");
    m_segmentNodes->setSpecialValueText("whole graphs");
    m_segmentNodes->setSuffix(" nodes");
    m_segmentNodes->setToolTip(
        "--segment-nodes: graph segment training for layout graphs too large for one step. A "
        "graph of more pruned nodes is cut into segments of at most this many; a step "
        "backpropagates through one and adds the others' last scores. 0 = whole graphs");
    m_runDir->setObjectName("runDir");
    m_workers->setToolTip(
        "1: train in this program. N > 1: N local worker processes (data-parallel ranks of "
        "`tpugraphs train --workers N`), sharing each step's graphs; no pause");

    auto* form = new QFormLayout(this);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->addRow("Dataset", new BrowseRow(m_root, BrowseRow::Pick::Folder, "Dataset root"));
    form->addRow("Collection", m_collection);
    form->addRow("Model", m_model);
    form->addRow("Loss", m_loss);
    form->addRow("Schedule", m_schedule);
    form->addRow("Learning rate", m_learningRate);
    form->addRow("Steps", m_steps);
    form->addRow("Graphs per step", m_batchGraphs);
    form->addRow("Configs per graph", m_configsPerGraph);
    form->addRow("Step memory budget", m_maxStepMb);
    form->addRow("Segments (layout)", m_segmentNodes);
    form->addRow("Hidden width", m_hiddenDim);
    form->addRow("Layers", m_layers);
    form->addRow("Train on", new QLabel("train split"));
    form->addRow("Validate on", m_validation);
    form->addRow("Validate every", m_validationInterval);
    form->addRow("Max valid graphs", m_maxValidGraphs);
    form->addRow("Valid configs per graph", m_validConfigs);
    form->addRow("Run directory",
                 new BrowseRow(m_runDir, BrowseRow::Pick::Folder, "Run directory"));
    form->addRow("Worker processes", m_workers);

    connect(m_collection, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (index < 0) return;
        applyDefaults(kCollections[index]);
        proposeRunDir();
    });
    applyDefaults(kCollections[0]);
    proposeRunDir();
}

int TrainingForm::workers() const {
    return m_workers->value();
}

void TrainingForm::fillModels(GraphKind kind) {
    m_model->clear();
    for (ModelType t : modelTypesFor(kind)) m_model->addItem(modelTypeName(t));
}

void TrainingForm::applyDefaults(Collection collection) {
    {
        const QSignalBlocker block(m_collection);
        m_collection->setCurrentIndex(collectionIndex(collection));
    }
    const GraphKind kind = collectionKind(collection);
    const bool tile = kind == GraphKind::Tile;
    fillModels(kind);
    m_model->setCurrentText(modelTypeName(defaultModelFor(kind)));
    m_loss->setCurrentText(lossTypeName(LossType::PairwiseHinge));
    m_schedule->setCurrentText(scheduleTypeName(ScheduleType::Cosine));
    m_learningRate->setValue(1e-3);
    m_steps->setValue(tile ? 600 : 300);
    m_batchGraphs->setValue(tile ? 8 : 2);
    m_configsPerGraph->setValue(defaultConfigsPerGraph(collection));
    m_validationInterval->setValue(tile ? 100 : 50);
    m_hiddenDim->setValue(64);
    m_layers->setValue(3);
    m_validation->setCurrentIndex(0);
    m_maxValidGraphs->setValue(0);
    m_validConfigs->setValue(0);
    m_maxStepMb->setValue(kDefaultMaxStepMb);
    m_segmentNodes->setValue(0);
    m_segmentNodes->setEnabled(!tile);
}

void TrainingForm::setRunsRoot(const QString& folder) {
    m_runsRoot = folder;
    proposeRunDir();
}

void TrainingForm::proposeRunDir() {
    QString base = m_collection->currentText();
    base.replace(':', '-');
    base += "-" + QDateTime::currentDateTime().toString("yyyyMMdd-HHmmss");
    QString dir = m_runsRoot + "/" + base;
    for (int i = 2; QDir(dir).exists(); ++i)
        dir = m_runsRoot + "/" + base + "-" + QString::number(i);
    m_runDir->setText(QDir::cleanPath(dir));
}

void TrainingForm::setDatasetRoot(const QString& root) {
    m_root->setText(root);
}

QString TrainingForm::datasetRoot() const {
    return m_root->text();
}

TrainOptions TrainingForm::options() const {
    TrainOptions o;
    o.datasetRoot = m_root->text().toStdString();
    o.collection = kCollections[std::max(0, m_collection->currentIndex())];
    parseModelType(m_model->currentText().toStdString(), &o.model);
    parseLossType(m_loss->currentText().toStdString(), &o.loss);
    parseScheduleType(m_schedule->currentText().toStdString(), &o.schedule);
    o.learningRate = m_learningRate->value();
    o.steps = m_steps->value();
    o.batchGraphs = m_batchGraphs->value();
    o.configsPerGraph = m_configsPerGraph->value();
    o.hiddenDim = m_hiddenDim->value();
    o.layers = m_layers->value();
    o.holdoutConfigs = m_validation->currentIndex() == 1 ? 0.1 : 0.0;
    o.validationInterval = m_validationInterval->value();
    o.maxValidGraphs = m_maxValidGraphs->value();
    o.validConfigs = m_validConfigs->value();
    o.maxStepMb = m_maxStepMb->value();
    o.segmentNodes = o.model == ModelType::LayoutSage ? m_segmentNodes->value() : 0;
    // Report often enough for live curves and a responsive pause, at most ~2000 rows a run.
    o.logInterval = static_cast<int>(std::max<int64_t>(1, o.steps / 2000));
    o.runDir = m_runDir->text().toStdString();
    return o;
}

}  // namespace tpugraphs::ui
