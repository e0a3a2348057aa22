// GUI test, offscreen, of the runs table with real widgets: F2 renames a run and Right-click >
// Tag tags it (both written to the run's label.json, read back by a new listing); the filter
// shows the runs whose name, tags or options match its text or regular expression (text that
// is not one is matched as itself, and its tool tip says so); a run scored after training shows
// that score and its split; every run has the same colour in two models; the right-click menu
// offers open folder, rename, tag, export curves and remove; the model passes
// QAbstractItemModelTester.
#include <QAbstractItemModelTester>
#include <QAction>
#include <QLineEdit>
#include <QMenu>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QtTest>

#include "common/run_color.h"
#include "item_models/run_list_model.h"
#include "train/run_directory.h"
#include "train/run_label.h"
#include "train/trainer.h"
#include "training/run_copy.h"
#include "training/runs_panel.h"
#include "trainui_test_support.h"

using namespace tpugraphs;
using namespace tpugraphs::ui;

class TestRunsTable : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        test::isolateSettings();
        QVERIFY(m_dir.isValid());
        const std::string root = test::makeTileDemo(m_dir, 8);
        const QString first = m_dir.path() + "/runs/alpha";
        QCOMPARE(train(test::tinyTileOptions(root, first.toStdString(), 4)).status,
                 RunStatus::Completed);
        for (const char* name : {"beta", "gamma"})
            QCOMPARE(copyRunDirectory(first, m_dir.path() + "/runs/" + name), QString());
        for (const char* name : {"alpha", "beta", "gamma"})
            m_runs << m_dir.path() + "/runs/" + name;
    }

    void init() {
        m_model = std::make_unique<RunListModel>();
        new QAbstractItemModelTester(
            m_model.get(), QAbstractItemModelTester::FailureReportingMode::QtTest, m_model.get());
        for (const QString& run : m_runs)
            m_model->addOrUpdate(readRunForListing(run.toStdString()));
        m_panel = std::make_unique<RunsPanel>(m_model.get());
        m_panel->resize(900, 500);
        m_panel->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_panel.get()));
    }

    void cleanup() {
        m_panel.reset();
        m_model.reset();
    }

    void defaultNamesAndColours() {
        QCOMPARE(m_model->displayName(0), QString::fromUtf8("tile:xla \u00b7 alpha \u00b7 seed 3"));
        RunListModel other;
        other.addOrUpdate(readRunForListing(m_runs[0].toStdString()));
        QCOMPARE(other.color(0), m_model->color(0));  // from the run, not from its row
        QVERIFY(m_model->color(0) != m_model->color(1));
        QCOMPARE(
            m_model->index(0, RunListModel::NameColumn).data(Qt::DecorationRole).value<QColor>(),
            m_model->color(0));
    }

    // Runs shown together get colours apart (the review saw two ticked runs in (200,51,56) and
    // (200,63,51)); a run not shown keeps its identity colour.
    void shownRunsGetColoursApart() {
        const QColor red = QColor::fromHsv(358, 190, 200), nearRed = QColor::fromHsv(8, 190, 200);
        QVERIFY(!colorsApart(red, nearRed));
        const QColor turned = colorApartFrom(nearRed, {red});
        QVERIFY(colorsApart(turned, red));
        QCOMPARE(colorApartFrom(red, {QColor::fromHsv(120, 190, 200)}), red);
        for (int row = 0; row < m_model->rowCount(); ++row) m_model->setChecked(row, true);
        for (int a = 0; a < m_model->rowCount(); ++a)
            for (int b = a + 1; b < m_model->rowCount(); ++b)
                QVERIFY2(colorsApart(m_model->color(a), m_model->color(b)),
                         qPrintable(QStringLiteral("rows %1 and %2: %3 and %4")
                                        .arg(a)
                                        .arg(b)
                                        .arg(m_model->color(a).name(), m_model->color(b).name())));
        QCOMPARE(m_model->color(0),
                 runIdentityColor(m_model->runDir(0)));  // the first keeps its own
        m_model->setChecked(1, false);
        QCOMPARE(m_model->color(1), runIdentityColor(m_model->runDir(1)));
    }

    void f2RenamesTheRun() {
        QTableView* table = m_panel->table();
        m_panel->selectRun(m_runs[1]);
        table->setFocus();
        const QModelIndex name =
            table->model()->index(table->currentIndex().row(), RunListModel::NameColumn);
        table->setCurrentIndex(name);
        QTest::keyClick(table, Qt::Key_F2);
        auto* editor = table->findChild<QLineEdit*>();
        QVERIFY(editor);
        editor->selectAll();
        QTest::keyClicks(editor, "baseline lr 1e-3");
        QTest::keyClick(editor, Qt::Key_Return);
        const int row = m_model->rowOf(m_runs[1]);
        QTRY_COMPARE(m_model->displayName(row), QString("baseline lr 1e-3"));
        QCOMPARE(readRunLabel(m_runs[1].toStdString()).name, std::string("baseline lr 1e-3"));
        QCOMPARE(runDisplayName(readRunForListing(m_runs[1].toStdString())),
                 QString("baseline lr 1e-3"));
        // An empty name goes back to the default one.
        QCOMPARE(m_model->rename(row, ""), QString());
        QCOMPARE(m_model->displayName(row),
                 QString::fromUtf8("tile:xla \u00b7 beta \u00b7 seed 3"));
    }

    void contextMenuTagsTheRun() {
        const int row = m_model->rowOf(m_runs[2]);
        QMenu* menu = m_panel->contextMenu(row);
        QVERIFY(menu);
        QStringList texts;
        for (QAction* action : menu->actions())
            if (!action->isSeparator()) texts << action->text();
        QCOMPARE(texts, (QStringList{"Open Folder", "Rename...", "Tag...", "Export Curves...",
                                     "Remove from List"}));
        QSignalSpy exportCurves(m_panel.get(), &RunsPanel::exportCurvesRequested);
        menu->actions()[3]->trigger();
        QCOMPARE(exportCurves.count(), 1);
        QCOMPARE(exportCurves[0][0].toString(), m_runs[2]);
        m_panel->contextMenu(row)->actions()[2]->trigger();  // Tag...
        QTableView* table = m_panel->table();
        auto* editor = table->findChild<QLineEdit*>();
        QVERIFY(editor);
        editor->selectAll();
        QTest::keyClicks(editor, "best, lr sweep");
        QTest::keyClick(editor, Qt::Key_Return);
        QTRY_COMPARE(m_model->index(row, RunListModel::TagsColumn).data().toString(),
                     QString("best, lr sweep"));
        QCOMPARE(readRunLabel(m_runs[2].toStdString()).tags,
                 (std::vector<std::string>{"best", "lr sweep"}));
    }

    void filterMatchesNamesTagsAndRegularExpressions() {
        m_model->setTags(m_model->rowOf(m_runs[0]), {"keep"});
        QLineEdit* filter = m_panel->filter();
        QTableView* table = m_panel->table();
        const auto shownFolders = [table] {
            QStringList folders;
            for (int row = 0; row < table->model()->rowCount(); ++row)
                folders << runDisplayName(
                    table->model()->index(row, 0).data(RunListModel::RunDirRole).toString());
            return folders;
        };
        QTest::keyClicks(filter, "gamma");
        QCOMPARE(shownFolders(), QStringList{"gamma"});
        filter->clear();
        QTest::keyClicks(filter, "KEEP");  // tags, case-insensitive
        QCOMPARE(shownFolders(), QStringList{"alpha"});
        filter->clear();
        QTest::keyClicks(filter, "^tile.*(alpha|beta)");
        QCOMPARE(shownFolders(), (QStringList{"alpha", "beta"}));
        filter->clear();
        QTest::keyClicks(filter, "alpha (");  // not a regular expression: plain text
        QCOMPARE(shownFolders(), QStringList());
        QVERIFY2(filter->toolTip().startsWith("Not a regular expression"),
                 qPrintable(filter->toolTip()));
        filter->clear();
        QCOMPARE(table->model()->rowCount(), 3);
    }

    void scoreAfterTrainingIsShownWithItsSplit() {
        const std::string dir = m_runs[0].toStdString();
        RunInfo info = readRunForListing(dir);
        info.bestStep = -1;  // as a run that did not validate
        RunScore score;
        score.split = "valid";
        score.step = 4;
        score.metrics.graphs = 3;
        score.metrics.top5Score = 0.9123;
        score.scoredBy = "the submission pipeline";
        writeRunScore(dir, score);
        info.scoreAfterTraining = readRunScore(dir);
        const int row = m_model->addOrUpdate(info);
        const QModelIndex best = m_model->index(row, RunListModel::BestColumn);
        QCOMPARE(best.data().toString(), QString("top-5 0.9123 @4 (valid, after training)"));
        QVERIFY2(best.data(Qt::ToolTipRole).toString().contains("the submission pipeline"),
                 qPrintable(best.data(Qt::ToolTipRole).toString()));
        QVERIFY(runHasScore(info));
        QFile::remove(m_runs[0] + "/score.json");
    }

private:
    QTemporaryDir m_dir;
    QStringList m_runs;
    std::unique_ptr<RunListModel> m_model;
    std::unique_ptr<RunsPanel> m_panel;
};

QTEST_MAIN(TestRunsTable)
#include "tst_runs_table.moc"
