// The training options form, built from the option table.
#include "training/training_form.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <climits>
#include <exception>

#include "base/number_text.h"
#include "common/browse_row.h"
#include "common/user_data_places.h"
#include "common/wheel_guard.h"
#include "training/form_fields.h"
#include "training/form_section.h"

namespace tpugraphs::ui {

namespace {

constexpr int kDefaultSteps = 500;  // Steps chosen over epochs: a start the user then adjusts

// The choices of a ChoiceList field: one check box each, named after the choice.
QWidget* choiceBoxes(const OptionSpec& spec) {
    auto* row = new QWidget;
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    for (const std::string& choice : spec.choices) {
        auto* box = new QCheckBox(QString::fromStdString(choice));
        box->setObjectName(QString::fromStdString(choice));
        layout->addWidget(box);
    }
    layout->addStretch(1);
    return row;
}

QWidget* numberField(const OptionSpec& spec) {
    if (spec.kind == OptionKind::Integer) return new IntegerField(spec);
    return new RealField(spec);
}

QString settingsKey(Collection collection) {
    return QString("trainingForm/") + collectionName(collection);
}

const char* const kLastCollectionKey = "trainingForm/lastCollection";

// The collection of the last run started here (tile:xla before the first).
Collection lastCollection() {
    Collection collection = Collection::TileXla;
    parseCollection(QSettings().value(kLastCollectionKey).toString().toStdString(), &collection);
    return collection;
}

}  // namespace

TrainingForm::TrainingForm(QWidget* parent)
    : QWidget(parent),
      m_lengthBy(new QComboBox),
      m_workers(new QSpinBox),
      m_grid(new QGridLayout),
      m_runsRoot(userDataFolder() + "/runs") {
    m_workers->setObjectName("workers");
    m_workers->setRange(1, 64);
    m_workers->setToolTip(
        "1: train in this program. N > 1: N local worker processes (data-parallel ranks of "
        "`tpugraphs train --ranks N`), sharing each step's graphs; no pause");
    guardAgainstWheel(m_workers);
    m_lengthBy->setObjectName("lengthBy");
    m_lengthBy->addItems({"Steps", "Epochs"});
    m_lengthBy->setToolTip(
        "How long the run trains: a number of optimiser steps, or of epochs (one epoch = every "
        "train graph once)");
    guardAgainstWheel(m_lengthBy);
    addFields();
    // The choice and the steps field agree: Epochs is steps 0 (how the option table says "by
    // epochs"); a step count set (by a resume, a fix, a test) chooses Steps.
    auto* steps = static_cast<QSpinBox*>(field("steps"));
    connect(m_lengthBy, &QComboBox::currentIndexChanged, this, [this, steps] {
        if (byEpochs())
            steps->setValue(0);
        else if (steps->value() == 0)
            steps->setValue(kDefaultSteps);
        enableLength();
    });
    connect(steps, &QSpinBox::valueChanged, this,
            [this](int value) { m_lengthBy->setCurrentIndex(value > 0 ? 0 : 1); });
    connect(m_collection, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (index < 0) return;
        applyDefaults(collection());
        proposeRunDir();
    });
    applyDefaults(lastCollection());
    proposeRunDir();
}

TrainingForm::Field TrainingForm::makeField(const OptionSpec& spec) {
    Field field{&spec, nullptr, nullptr};
    switch (spec.kind) {
        case OptionKind::Integer:
        case OptionKind::Real:
            field.widget = numberField(spec);
            break;
        case OptionKind::Flag:
            field.widget = new QCheckBox;
            break;
        case OptionKind::Choice: {
            auto* box = new QComboBox;
            guardAgainstWheel(box);
            field.widget = box;
            break;
        }
        case OptionKind::ChoiceList:
            field.widget = choiceBoxes(spec);
            break;
        case OptionKind::Text:
        case OptionKind::TextList:
        case OptionKind::Folder:
            field.widget = new QLineEdit;
            break;
    }
    field.widget->setObjectName(QString::fromStdString(spec.key));
    field.widget->setToolTip(QString::fromStdString(optionHelp(spec)));
    field.row = spec.kind == OptionKind::Folder
                    ? new BrowseRow(static_cast<QLineEdit*>(field.widget), BrowseRow::Pick::Folder,
                                    QString::fromStdString(spec.label))
                    : field.widget;
    if (spec.key == "collection") m_collection = static_cast<QComboBox*>(field.widget);
    return field;
}

void TrainingForm::addFields() {
    // One section per group, in the table's order; each holds its usual fields and its others.
    for (const OptionSpec& spec : trainOptionTable()) {
        m_fields.push_back(makeField(spec));
        FormSection* section = sectionOf(spec.group);
        QFormLayout* rows = spec.basic ? section->basicRows() : section->moreRows();
        if (spec.key == "steps") rows->addRow("Train for", m_lengthBy);
        auto* label = new QLabel(QString::fromStdString(spec.label));
        label->setToolTip(m_fields.back().widget->toolTip());
        rows->addRow(label, m_fields.back().row);
    }
    sectionOf(OptionGroup::Run)->basicRows()->addRow("Data-parallel ranks", m_workers);
    alignLabels();
    static_cast<QLineEdit*>(field("dataset"))->setPlaceholderText("dataset root (holds npz/)");
    auto* toggle = new QToolButton;
    toggle->setObjectName("moreOptionsButton");
    toggle->setText("More options");
    toggle->setToolTip("Shows every option of each group, not only the ones a run usually changes");
    toggle->setCheckable(true);
    connect(toggle, &QToolButton::toggled, this, [this](bool open) {
        for (FormSection* section : m_sections) section->setMoreShown(open);
        arrangeSections();
    });
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(toggle, 0, Qt::AlignLeft);
    layout->addLayout(m_grid);
    layout->addStretch(1);
    arrangeSections();
}

// Every section's labels as wide as the widest: the fields of all sections start at one x.
void TrainingForm::alignLabels() {
    QList<QWidget*> labels;
    int widest = 0;
    for (FormSection* section : m_sections)
        for (QFormLayout* rows : {section->basicRows(), section->moreRows()})
            for (int row = 0; row < rows->rowCount(); ++row)
                if (QLayoutItem* item = rows->itemAt(row, QFormLayout::LabelRole)) {
                    labels.append(item->widget());
                    widest = std::max(widest, item->widget()->sizeHint().width());
                }
    for (QWidget* label : labels) label->setMinimumWidth(widest);
}

FormSection* TrainingForm::sectionOf(OptionGroup group) {
    for (FormSection* section : m_sections)
        if (section->group() == group) return section;
    m_sections.push_back(new FormSection(group, this));
    return m_sections.back();
}

int TrainingForm::columnsFor(int width) const {
    return width >= 2 * kSectionWidth + m_grid->horizontalSpacing() ? 2 : 1;
}

// The shown sections in table order, down the first column and then the second (when the form
// is wide enough for two), each column about half of the rows.
void TrainingForm::arrangeSections() {
    for (FormSection* section : m_sections) m_grid->removeWidget(section);
    QList<FormSection*> shown;
    int rows = 0;
    for (FormSection* section : m_sections) {
        section->setVisible(!section->isEmpty());
        if (section->isEmpty()) continue;
        shown.append(section);
        rows += section->basicRows()->rowCount() + section->moreRows()->rowCount() + 1;
    }
    m_columns = columnsFor(width());
    int column = 0, row = 0, filled = 0;
    for (FormSection* section : shown) {
        if (m_columns > 1 && column == 0 && row > 0 && 2 * filled >= rows) {
            column = 1;
            row = 0;
        }
        m_grid->addWidget(section, row++, column, Qt::AlignTop);
        filled += section->basicRows()->rowCount() + section->moreRows()->rowCount() + 1;
    }
}

void TrainingForm::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    if (columnsFor(width()) != m_columns) arrangeSections();
}

std::string TrainingForm::text(const Field& field) const {
    QWidget* w = field.widget;
    if (auto* box = qobject_cast<RealField*>(w)) return shortestText(box->optionValue());
    if (auto* box = qobject_cast<QSpinBox*>(w)) return std::to_string(box->value());
    if (auto* box = qobject_cast<QCheckBox*>(w)) return box->isChecked() ? "true" : "false";
    if (auto* box = qobject_cast<QComboBox*>(w)) return box->currentText().toStdString();
    if (auto* edit = qobject_cast<QLineEdit*>(w)) return edit->text().trimmed().toStdString();
    std::string names;  // a ChoiceList's check boxes
    for (const std::string& choice : field.spec->choices)
        if (w->findChild<QCheckBox*>(QString::fromStdString(choice))->isChecked())
            names += (names.empty() ? "" : ",") + choice;
    return names;
}

void TrainingForm::setText(const Field& field, const std::string& value) {
    QWidget* w = field.widget;
    const QString text = QString::fromStdString(value);
    if (auto* box = qobject_cast<RealField*>(w)) return box->setOptionValue(text.toDouble());
    if (auto* box = qobject_cast<QSpinBox*>(w)) return box->setValue(text.toInt());
    if (auto* box = qobject_cast<QCheckBox*>(w)) return box->setChecked(value == "true");
    if (auto* box = qobject_cast<QComboBox*>(w)) return box->setCurrentText(text);
    if (auto* edit = qobject_cast<QLineEdit*>(w)) return edit->setText(text);
    const QStringList names = text.split(',', Qt::SkipEmptyParts);
    for (const std::string& choice : field.spec->choices)
        w->findChild<QCheckBox*>(QString::fromStdString(choice))
            ->setChecked(names.contains(QString::fromStdString(choice)));
}

void TrainingForm::fillChoices(const Field& field, Collection collection) {
    auto* box = qobject_cast<QComboBox*>(field.widget);
    if (!box) return;
    const QSignalBlocker block(box);
    const QString current = box->currentText();
    box->clear();
    for (const std::string& choice : optionChoices(*field.spec, collection))
        box->addItem(QString::fromStdString(choice));
    box->setCurrentText(current);
}

void TrainingForm::enableForKind(GraphKind kind) {
    for (const Field& field : m_fields) {
        const bool applies = !field.spec->onlyFor || *field.spec->onlyFor == kind;
        field.row->setEnabled(applies);
    }
}

Collection TrainingForm::collection() const {
    return kCollections[std::max(0, m_collection->currentIndex())];
}

void TrainingForm::setOptions(const TrainOptions& options) {
    {
        const QSignalBlocker block(m_collection);
        for (const Field& field : m_fields) fillChoices(field, options.collection);
        for (const Field& field : m_fields) setText(field, field.spec->get(options));
        const QSignalBlocker blockLength(m_lengthBy);
        m_lengthBy->setCurrentIndex(options.steps > 0 ? 0 : 1);
    }
    enableForKind(collectionKind(options.collection));
    enableLength();
}

bool TrainingForm::byEpochs() const {
    return m_lengthBy->currentIndex() == 1;
}

void TrainingForm::enableLength() {
    field("steps")->setEnabled(!byEpochs());
    field("epochs")->setEnabled(byEpochs());
}

void TrainingForm::setOption(const std::string& key, const std::string& value) {
    const OptionSpec* spec = findTrainOption(key);
    if (!spec) return;
    TrainOptions o = options();
    setTrainOption(o, *spec, value);
    setOptions(o);  // the length choice follows the steps
}

void TrainingForm::remember() const {
    TrainOptions o = options();
    QSettings settings;
    settings.setValue(settingsKey(o.collection), QString::fromStdString(trainOptionsToJson(o)));
    settings.setValue(kLastCollectionKey, collectionName(o.collection));
}

void TrainingForm::applyDefaults(Collection collection) {
    TrainOptions defaults = defaultTrainOptions(collection);
    // The values of the last run of this collection started here, when there was one.
    const QString saved = QSettings().value(settingsKey(collection)).toString();
    if (!saved.isEmpty()) {
        try {
            defaults = trainOptionsFromJson(saved.toStdString(), "the remembered form");
            defaults.resume = false;
        } catch (const std::exception&) {
            // written by another version: the defaults
        }
    }
    defaults.datasetRoot = datasetRoot().toStdString();
    defaults.runDir = static_cast<QLineEdit*>(field("run_dir"))->text().toStdString();
    setOptions(defaults);
}

TrainOptions TrainingForm::options() const {
    TrainOptions o = defaultTrainOptions(collection());
    for (const Field& field : m_fields) setTrainOption(o, *field.spec, text(field));
    if (byEpochs()) o.steps = 0;  // the choice, whatever the disabled field shows
    // Options of the other kind keep their defaults, whatever their disabled fields show.
    const TrainOptions defaults = defaultTrainOptions(o.collection);
    for (const Field& field : m_fields)
        if (field.spec->onlyFor && *field.spec->onlyFor != collectionKind(o.collection))
            setTrainOption(o, *field.spec, field.spec->get(defaults));
    return o;
}

QWidget* TrainingForm::field(const std::string& key) const {
    for (const Field& f : m_fields)
        if (f.spec->key == key) return f.widget;
    return nullptr;
}

int TrainingForm::workers() const {
    return m_workers->value();
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
    static_cast<QLineEdit*>(field("run_dir"))->setText(QDir::cleanPath(dir));
}

void TrainingForm::setDatasetRoot(const QString& root) {
    static_cast<QLineEdit*>(field("dataset"))->setText(root);
}

QString TrainingForm::datasetRoot() const {
    return static_cast<QLineEdit*>(field("dataset"))->text();
}

}  // namespace tpugraphs::ui
