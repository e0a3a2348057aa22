// GUI test, offscreen: the training form. Steps and Epochs are one choice (the other field off);
// a fraction is shown and typed as a percent; a value typed out of range is refused out loud
// (red, the range in the tool tip), never silently reverted; the values of the last run are
// remembered per collection; the pre-start check warns about a run too short to learn or that
// can never validate, and its fix is the default button; the groups of options fold by a click
// on their title (remembered) and stand in two columns when the form is wide (real clicks and
// keys throughout).
#include <QComboBox>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QToolButton>
#include <QtTest>

#include "item_models/run_list_model.h"
#include "training/form_fields.h"
#include "training/form_section.h"
#include "training/prestart_check.h"
#include "training/training_form.h"
#include "training/training_page.h"
#include "trainui_test_support.h"

using namespace tpugraphs;
using namespace tpugraphs::ui;

namespace {

// Replaces a spin box's text by typing, as a user would.
void typeInto(QAbstractSpinBox* box, const QString& text) {
    box->setFocus();
    QLineEdit* edit = box->findChild<QLineEdit*>();
    edit->selectAll();
    QTest::keyClick(edit, Qt::Key_Delete);
    QTest::keyClicks(edit, text);
}

// The columns the form's shown sections stand in (their distinct x).
int columns(const TrainingForm& form) {
    QSet<int> xs;
    for (const FormSection* section : form.findChildren<FormSection*>())
        if (section->isVisible()) xs.insert(section->x());
    return int(xs.size());
}

}  // namespace

class TestTrainingForm : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        test::isolateSettings();
        QVERIFY(m_dir.isValid());
        m_root = test::makeTileDemo(m_dir, 12);
    }

    void stepsAndEpochsAreOneChoice() {
        TrainingForm form;
        form.show();
        auto* by = form.findChild<QComboBox*>("lengthBy");
        auto* steps = qobject_cast<QSpinBox*>(form.field("steps"));
        auto* epochs = qobject_cast<QSpinBox*>(form.field("epochs"));
        by->setFocus();
        QTest::keyClick(by, Qt::Key_Up);  // Steps
        QVERIFY(!form.byEpochs());
        QVERIFY(steps->isEnabled() && !epochs->isEnabled());
        QVERIFY(form.options().steps > 0);
        QTest::keyClick(by, Qt::Key_Down);  // Epochs
        QVERIFY(form.byEpochs());
        QVERIFY(!steps->isEnabled() && epochs->isEnabled());
        QCOMPARE(form.options().steps, int64_t{0});  // by epochs: the trainer counts them
        QCOMPARE(form.options().epochs, epochs->value());
    }

    void fractionsArePercents() {
        TrainingForm form;
        form.show();
        auto* holdout = qobject_cast<RealField*>(form.field("holdout_configs"));
        QVERIFY(holdout && holdout->isPercent());
        QVERIFY(!qobject_cast<RealField*>(form.field("learning_rate"))->isPercent());
        typeInto(holdout, "20");
        QTest::keyClick(holdout, Qt::Key_Tab);
        QCOMPARE(form.options().holdoutConfigs, 0.2);
        QCOMPARE(holdout->text(), QString("20 %"));
        QVERIFY(holdout->refusal().isEmpty());
    }

    void outOfRangeIsRefusedWithTheRange() {
        TrainingForm form;
        form.show();
        auto* holdout = qobject_cast<RealField*>(form.field("holdout_configs"));
        typeInto(holdout, "95");  // the range ends at 90 %
        QVERIFY2(holdout->refusal().contains("0 % (the valid split) to 90 %"),
                 qPrintable(holdout->refusal()));
        QTRY_VERIFY(holdout->toolTip().contains("to 90 %"));  // said where the user looks
        QVERIFY(holdout->styleSheet().contains("border"));
        typeInto(holdout, "30");
        QVERIFY(holdout->refusal().isEmpty());
        QTRY_VERIFY(!holdout->toolTip().contains("out of range"));
        QCOMPARE(form.options().holdoutConfigs, 0.3);
        // Integers too: the keystroke is kept and refused, not dropped.
        auto* layers = qobject_cast<IntegerField*>(form.field("layers"));
        QVERIFY(layers);
        typeInto(layers, "5000");
        QCOMPARE(layers->findChild<QLineEdit*>()->text(), QString("5000"));
        QVERIFY2(layers->refusal().contains("out of range"), qPrintable(layers->refusal()));
    }

    void lastValuesAreRememberedPerCollection() {
        {
            TrainingForm form;
            form.setOption("learning_rate", "0.005");
            form.remember();
        }
        TrainingForm again;  // a restart
        QCOMPARE(again.options().learningRate, 0.005);
        again.findChild<QComboBox*>("collection")->setCurrentText("layout:xla:default");
        QCOMPARE(again.options().learningRate,
                 defaultTrainOptions(Collection::LayoutXlaDefault).learningRate);
        again.findChild<QComboBox*>("collection")->setCurrentText("tile:xla");
        QCOMPARE(again.options().learningRate, 0.005);
    }

    void aRestartOpensOnTheLastRunsCollection() {
        {
            TrainingForm form;
            form.findChild<QComboBox*>("collection")->setCurrentText("layout:xla:random");
            form.setOption("epochs", "15");
            form.remember();
        }
        {
            TrainingForm again;  // a restart: the layout form, with its values
            QCOMPARE(again.options().collection, Collection::LayoutXlaRandom);
            QCOMPARE(again.options().epochs, 15);
            again.findChild<QComboBox*>("collection")->setCurrentText("tile:xla");
            again.remember();
        }
        QCOMPARE(TrainingForm().options().collection, Collection::TileXla);
    }

    void sectionsFoldAndFillTwoColumnsWhenWide() {
        {
            TrainingForm form;
            form.resize(TrainingForm::kSectionWidth, 900);
            form.show();
            QVERIFY(QTest::qWaitForWindowExposed(&form));
            QWidget* rate = form.field("learning_rate");
            QTRY_VERIFY(rate->isVisible());
            auto* title = form.findChild<QToolButton*>("sectionLoss and optimiser");
            QVERIFY(title);
            QTest::mouseClick(title, Qt::LeftButton);
            QVERIFY(!rate->isVisible());
            QVERIFY(form.field("model")->isVisible());  // another group stays open
            QCOMPARE(columns(form), 1);                 // narrow: every section at one x
            form.resize(2 * TrainingForm::kSectionWidth + 60, 900);
            QTRY_COMPARE(columns(form), 2);
        }
        TrainingForm again;  // a restart: the group stays folded
        again.show();
        QVERIFY(QTest::qWaitForWindowExposed(&again));
        QVERIFY(!again.field("learning_rate")->isVisible());
        QTest::mouseClick(again.findChild<QToolButton*>("sectionLoss and optimiser"),
                          Qt::LeftButton);
        QVERIFY(again.field("learning_rate")->isVisible());
    }

    void startCheckFindsShortAndUnscoredRuns() {
        TrainOptions o = defaultTrainOptions(Collection::TileXla);
        o.steps = 10;
        QList<StartProblem> problems = startProblems(o, 24, 6);
        QCOMPARE(problems.size(), 1);
        QCOMPARE(problems[0].key, std::string("steps"));
        o.steps = 0;  // by epochs: 2 epochs of 24 graphs, 8 a step: 6 steps
        o.epochs = 2;
        o.batchGraphs = 8;
        QVERIFY(startProblems(o, 24, 6).front().text.contains("only 6 optimiser steps"));
        o.steps = 500;
        QVERIFY(startProblems(o, 24, 6).isEmpty());
        problems = startProblems(o, 24, 0);  // no valid graph, nothing held out
        QCOMPARE(problems.size(), 1);
        QCOMPARE(problems[0].key, std::string("holdout_configs"));
        o.holdoutConfigs = 0.1;
        QVERIFY(startProblems(o, 24, 0).isEmpty());
    }

    // Start on a 10-step run: the check asks; its default button applies the fix and starts.
    void startCheckFixIsOneClickAway() {
        TrainingPage page;
        page.show();
        page.form()->setRunsRoot(m_dir.path() + "/runs");
        page.setDatasetRoot(QString::fromStdString(m_root));
        qobject_cast<QSpinBox*>(page.form()->field("steps"))->setValue(10);
        test::acceptNextDialog();  // Enter: the default button, "Train for 200 steps, then Start"
        QTest::mouseClick(page.findChild<QPushButton*>("startButton"), Qt::LeftButton);
        QVERIFY(page.isTraining());
        const QString live = page.runs()->liveRun();
        QCOMPARE(page.runs()->run(page.runs()->rowOf(live)).options.steps, int64_t{200});
        page.stopTraining();
        QTRY_VERIFY_WITH_TIMEOUT(!page.isTraining(), 60000);
    }

private:
    QTemporaryDir m_dir;
    std::string m_root;
};

QTEST_MAIN(TestTrainingForm)
#include "tst_training_form.moc"
