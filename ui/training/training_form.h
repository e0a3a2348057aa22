// The training options form, built from the option table (train/option_table.h): one field per
// option, named after its key, with its range, help and per-collection default, in collapsible
// sections by group (two columns when the form is wide enough); in each the options a run
// usually changes, the others shown by "More options". Layout-only and tile-only options are
// disabled for the other kind. The number of local worker processes comes last.
#pragma once

#include <QString>
#include <QWidget>

#include <string>
#include <vector>

#include "train/option_table.h"

class QComboBox;
class QGridLayout;
class QSpinBox;

namespace tpugraphs::ui {

class FormSection;

class TrainingForm : public QWidget {
    Q_OBJECT
public:
    explicit TrainingForm(QWidget* parent = nullptr);

    // Every field read into options (the collection's defaults under them).
    TrainOptions options() const;
    // Every field set from `options` (a run to train again, say).
    void setOptions(const TrainOptions& options);
    // Sets the collection and every other field but the dataset and run directory to that
    // collection's defaults.
    void applyDefaults(Collection collection);

    void setDatasetRoot(const QString& root);
    QString datasetRoot() const;
    // Folder under which new run directories are proposed (default: app data "runs").
    void setRunsRoot(const QString& folder);
    // Proposes a fresh, unused run directory name for the current collection.
    void proposeRunDir();
    // Worker processes to train on: 1 = in this program; more = data-parallel local ranks.
    int workers() const;
    // The field of option `key` (its widget's object name is the key); nullptr when none.
    QWidget* field(const std::string& key) const;
    // Sets one option's field from its text (as options.json writes it).
    void setOption(const std::string& key, const std::string& value);
    // Whether the run's length is given in epochs (the Steps field is then off) or in steps.
    bool byEpochs() const;
    // Remembers the form's values for its collection (QSettings): the next time this
    // collection is chosen, or the app starts, the form shows them instead of the defaults.
    void remember() const;
    // The narrowest a section is laid out; two of them side by side make two columns.
    static constexpr int kSectionWidth = 360;

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    struct Field {
        const OptionSpec* spec;
        QWidget* widget;  // the editor (a spin box, combo box, check box, line edit)
        QWidget* row;     // what the form lays out (the editor, or a row around it)
    };
    void addFields();
    FormSection* sectionOf(OptionGroup group);  // made on first use
    void alignLabels();
    int columnsFor(int width) const;
    void arrangeSections();
    Field makeField(const OptionSpec& spec);
    std::string text(const Field& field) const;
    void setText(const Field& field, const std::string& text);
    void fillChoices(const Field& field, Collection collection);
    void enableForKind(GraphKind kind);
    void enableLength();
    Collection collection() const;

    std::vector<Field> m_fields;
    QComboBox* m_collection = nullptr;
    QComboBox* m_lengthBy;  // Steps or Epochs
    QSpinBox* m_workers;
    QGridLayout* m_grid;
    std::vector<FormSection*> m_sections;
    int m_columns = 0;
    QString m_runsRoot;
};

}  // namespace tpugraphs::ui
