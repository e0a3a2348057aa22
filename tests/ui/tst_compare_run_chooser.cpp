// The config comparison ranked by a trained run, with real widgets: a tiny layout run trained in
// the test's folder is offered for a graph of its collection, choosing it in the combo predicts
// off the UI thread and the table's order and sensitivities follow the run's predicted node
// sensitivity (as config-diff --run computes it); a folder that is not a run and a graph of
// another collection are refused with a reason, and the measured ranking comes back.
#include <QComboBox>
#include <QLabel>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

#include "analysis/config_diff.h"
#include "analysis/loaded_graph.h"
#include "data/dataset.h"
#include "explorer/compare_run_chooser.h"
#include "explorer/config_compare_panel.h"
#include "item_models/run_list_model.h"
#include "train/predictor.h"
#include "trainui_test_support.h"

using namespace tpugraphs;
using namespace tpugraphs::ui;

class TestCompareRunChooser : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        test::isolateSettings();
        QVERIFY(m_dir.isValid());
        // Small layout graphs: 4 train and 2 valid of layout:xla:default, 1 of :random.
        GeneratorOptions generate;
        generate.preset = GeneratorPreset::Custom;
        generate.seed = 11;
        generate.collections = {Collection::LayoutXlaDefault, Collection::LayoutXlaRandom};
        generate.splits = {Split::Train, Split::Valid};
        const int xlaDefault = collectionIndex(Collection::LayoutXlaDefault);
        generate.custom.sizes[xlaDefault][0] = {4, 150, 180, 40, 60};
        generate.custom.sizes[xlaDefault][1] = {2, 150, 180, 40, 60};
        generate.custom.sizes[collectionIndex(Collection::LayoutXlaRandom)][0] = {1, 150, 180, 40,
                                                                                  60};
        const std::string root = m_dir.path().toStdString() + "/dataset";
        generateDataset(root, generate);
        TrainOptions o = test::tinyRunOptions(Collection::LayoutXlaDefault, root,
                                              (m_dir.path() + "/run").toStdString(), 6);
        QCOMPARE(train(o).status, RunStatus::Completed);
        m_run = QString::fromStdString(o.runDir);
        const DatasetIndex index = scanDataset(root);
        for (const GraphEntry& entry : index.graphs) {
            if (entry.collection == Collection::LayoutXlaDefault && entry.split == Split::Train &&
                !m_graph)
                m_graph = std::make_shared<const LoadedGraph>(loadGraph(entry));
            if (entry.collection == Collection::LayoutXlaRandom && !m_randomGraph)
                m_randomGraph = std::make_shared<const LoadedGraph>(loadGraph(entry));
        }
        QVERIFY(m_graph && m_graph->layout && m_graph->measured);
        QVERIFY(m_randomGraph && m_randomGraph->layout);
    }

    void tableFollowsTheChosenRunsSensitivity() {
        RunListModel runs;
        runs.addOrUpdate(loadRunInfo(m_run.toStdString()));
        ConfigComparePanel panel;
        panel.resize(700, 600);
        panel.show();
        panel.runChooser()->setRunList(&runs);
        panel.setGraph(m_graph);
        QComboBox* combo = panel.findChild<QComboBox*>(QStringLiteral("compareRun"));
        QVERIFY(combo);
        QCOMPARE(combo->count(), 3);  // measured, the run, Choose folder…
        QCOMPARE(combo->currentIndex(), 0);
        QCOMPARE(combo->itemData(1).toString(), m_run);
        QVERIFY(panel.summaryLabel()->text().contains(QStringLiteral("measured runtimes")));

        // The user picks the run with the keyboard: the prediction runs in the background.
        QTest::keyClick(combo, Qt::Key_Down);
        QCOMPARE(combo->currentIndex(), 1);
        QCOMPARE(panel.runChooser()->currentRun(), m_run);
        QTRY_VERIFY_WITH_TIMEOUT(!panel.runChooser()->isPredicting(), 60000);
        QTRY_VERIFY(panel.summaryLabel()->text().contains(QStringLiteral("from the run run")));

        // The expected order: the run's scores, ranked as config-diff --run ranks them.
        const std::vector<float> predicted =
            Predictor(m_run.toStdString()).predict(*m_graph->layout);
        const std::vector<NodeLayoutDifference> expected =
            layoutDifferences(*m_graph->layout, panel.configA(), panel.configB(),
                              std::vector<double>(predicted.begin(), predicted.end()));
        QTableWidget* table = panel.table();
        QVERIFY(!expected.empty());
        QCOMPARE(table->rowCount(), int(expected.size()));
        const int sensitivityColumn = 2;
        QCOMPARE(table->horizontalHeaderItem(sensitivityColumn)->text(),
                 QStringLiteral("Sensitivity"));
        double previous = INFINITY;
        bool anyPositive = false;
        for (int r = 0; r < table->rowCount(); ++r) {
            QCOMPARE(table->item(r, 0)->text().toLongLong(), expected[size_t(r)].node);
            const double shown = table->item(r, sensitivityColumn)->text().toDouble();
            QCOMPARE(table->item(r, sensitivityColumn)->text(),
                     QString::number(expected[size_t(r)].sensitivity, 'f', 3));
            QVERIFY2(shown <= previous + 1e-12, qPrintable(QString::number(r)));
            previous = shown;
            anyPositive = anyPositive || shown > 0.0;
        }
        QVERIFY(anyPositive);
        // The differing group is readable in the table: "output (..) → (..)" and the like.
        QVERIFY(table->item(0, 4)->text().contains(QStringLiteral(" \u2192 ")));
        QVERIFY(table->item(0, 4)->toolTip().contains(QStringLiteral("A: output (")));

        // Back to the measured runtimes: the measured ranking returns.
        QTest::keyClick(combo, Qt::Key_Up);
        QCOMPARE(panel.runChooser()->currentRun(), QString());
        QVERIFY(panel.summaryLabel()->text().contains(QStringLiteral("measured runtimes")));
    }

    void refusesWhatCannotRankThisGraph() {
        ConfigComparePanel panel;
        panel.show();
        panel.setGraph(m_graph);
        CompareRunChooser* chooser = panel.runChooser();
        QLabel* status = chooser->statusLabel();
        // A folder that is not a run.
        QTemporaryDir empty;
        QVERIFY(!chooser->chooseRun(empty.path()).isEmpty());
        QVERIFY(status->isVisible());
        QVERIFY2(status->text().startsWith(QStringLiteral("Not a run for this graph: ")),
                 qPrintable(status->text()));
        QCOMPARE(chooser->currentRun(), QString());
        // Chosen as a folder (no run list): listed, and it ranks.
        QCOMPARE(chooser->chooseRun(m_run), QString());
        QCOMPARE(chooser->combo()->findData(m_run), 1);
        QTRY_VERIFY_WITH_TIMEOUT(!chooser->isPredicting(), 60000);
        QTRY_VERIFY(panel.summaryLabel()->text().contains(QStringLiteral("from the run run")));
        // A graph of another collection: the run is not offered and refused, by name.
        panel.setGraph(m_randomGraph);
        QCOMPARE(chooser->currentRun(), QString());
        QCOMPARE(chooser->combo()->findData(m_run), -1);
        const QString problem = chooser->chooseRun(m_run);
        QVERIFY2(problem.contains(QStringLiteral("was trained on layout:xla:default")),
                 qPrintable(problem));
        QVERIFY(!panel.summaryLabel()->text().contains(QStringLiteral("from the run")));
        // Back on a graph of its collection the folder chosen before is offered again.
        panel.setGraph(m_graph);
        QCOMPARE(chooser->combo()->findData(m_run), 1);
    }

private:
    QTemporaryDir m_dir;
    QString m_run;
    std::shared_ptr<const LoadedGraph> m_graph, m_randomGraph;
};

QTEST_MAIN(TestCompareRunChooser)
#include "tst_compare_run_chooser.moc"
