// The working model through QAbstractItemModelTester: structure (sections, rank groups,
// saved tensors under their layer), in-place updates while a slider moves, highlighting.
#include <QtTest>

#include <QAbstractItemModelTester>
#include <QTreeView>

#include "core/estimate.h"
#include "core/working.h"
#include "guiscenarios.h"
#include "widgets/working/workingmodel.h"
#include "widgets/working/workingpanel.h"

Q_DECLARE_METATYPE(core::Scenario)
Q_DECLARE_METATYPE(QVector<core::Scenario>)

namespace {

core::Working workingOf(const core::Scenario& s, core::Estimate* out = nullptr)
{
    core::Working w;
    core::Estimate e = core::estimate(s, &w);
    if (out)
        *out = e;
    return w;
}

QStringList labels(int groups)
{
    QStringList l;
    for (int g = 0; g < groups; ++g)
        l << QStringLiteral("group %1").arg(g);
    return l;
}

int countLines(const QAbstractItemModel& model, const QModelIndex& parent = {})
{
    int n = 0;
    for (int row = 0; row < model.rowCount(parent); ++row) {
        const QModelIndex index = model.index(row, 0, parent);
        if (index.data(WorkingModel::TermRole).toInt() >= 0)
            ++n;
        n += countLines(model, index);
    }
    return n;
}

/// The whole tree as text: every row's quantity, value and depth, for comparing two models.
QStringList dump(const QAbstractItemModel& model, const QModelIndex& parent = {}, int depth = 0)
{
    QStringList out;
    for (int row = 0; row < model.rowCount(parent); ++row) {
        const QModelIndex index = model.index(row, 0, parent);
        out << QStringLiteral("%1%2 = %3 [%4]")
                   .arg(QString(depth * 2, QLatin1Char(' ')), index.data().toString(),
                        index.siblingAtColumn(WorkingModel::ValueColumn).data().toString(),
                        index.siblingAtColumn(WorkingModel::FormulaColumn).data().toString());
        out << dump(model, index, depth + 1);
    }
    return out;
}

} // namespace

class TestWorkingModel : public QObject
{
    Q_OBJECT

private slots:
    void structure_data()
    {
        QTest::addColumn<core::Scenario>("scenario");
        QTest::addColumn<int>("groups");
        QTest::addRow("7B DP 8") << guiscenarios::sevenBillionOnEight(1) << 1;
        QTest::addRow("70B TP8 PP4") << guiscenarios::llama70bOn64() << 4;
    }
    void structure()
    {
        QFETCH(core::Scenario, scenario);
        QFETCH(int, groups);
        core::Estimate e;
        const core::Working w = workingOf(scenario, &e);
        QCOMPARE(int(e.groups.size()), groups);
        WorkingModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setWorking(w, labels(groups));
        // Model and layout, one section per rank group, compute, communication.
        QCOMPARE(model.rowCount(), 1 + groups + 2);
        // Every line of the working appears exactly once.
        QCOMPARE(countLines(model), int(w.lines().size()));
        // Saved tensors sit under "Activations of one layer, one micro-batch".
        bool nested = false;
        const QModelIndex group0 = model.index(1, 0);
        for (int row = 0; row < model.rowCount(group0); ++row) {
            const QModelIndex line = model.index(row, 0, group0);
            if (line.data(WorkingModel::TermRole).toInt() == int(core::Term::LayerActivationsPerMicroBatch))
                nested = model.rowCount(line) > 0
                    && model.index(0, 0, line).data(WorkingModel::TermRole).toInt() == int(core::Term::SavedTensor);
        }
        QVERIFY(nested);
        // Every line says its formula or its substituted values, and its value.
        const QModelIndex first = model.index(0, 0, model.index(0, 0));
        QVERIFY(!first.siblingAtColumn(WorkingModel::ValueColumn).data().toString().isEmpty());
        QVERIFY(!first.siblingAtColumn(WorkingModel::FormulaColumn).data().toString().isEmpty());
        QVERIFY(!first.data(Qt::ToolTipRole).toString().isEmpty());
    }

    void movingASliderUpdatesInPlace()
    {
        core::Scenario s = guiscenarios::llama70bOn64();
        WorkingModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setWorking(workingOf(s), labels(4));
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        s.training.seqLength = 2048; // numbers change, lines stay
        model.setWorking(workingOf(s), labels(4));
        QCOMPARE(reset.count(), 0);
        QVERIFY(changed.count() > 0);
        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
        s.parallel.pipeline = 2; // two rank groups fewer: their sections go, the rest stays
        s.parallel.tensor = 8;
        core::Estimate e;
        const core::Working w = workingOf(s, &e);
        model.setWorking(w, labels(int(e.groups.size())));
        QCOMPARE(reset.count(), 0);
        QVERIFY(removed.count() > 0);
        QCOMPARE(model.rowCount(), 1 + 2 + 2);
        QCOMPARE(countLines(model), int(w.lines().size()));
    }

    void structuralChangesMatchAFreshModel_data()
    {
        // A walk through scenarios whose workings differ in lines, groups and labels.
        QTest::addColumn<QVector<core::Scenario>>("walk");
        core::Scenario s = guiscenarios::llama70bOn64();
        QVector<core::Scenario> walk{s};
        for (int zero : {2, 3, 0, 1}) { // ZeRO-3 adds gather buffers, ZeRO 0 drops the shard lines
            s.training.zeroStage = zero;
            walk << s;
        }
        for (int pp : {8, 1, 2, 4}) { // rank groups come and go
            s.parallel.pipeline = pp;
            walk << s;
        }
        for (int gpus : {128, 256, 64}) // the same rows, other rank ranges in the titles
            walk.push_back([&] { core::Scenario t = s; t.parallel.gpus = gpus; return t; }());
        walk << guiscenarios::sevenBillionOnEight(3) << guiscenarios::llama70bOn64();
        QTest::addRow("ZeRO, PP, GPUs, models") << walk;
    }
    void structuralChangesMatchAFreshModel()
    {
        QFETCH(QVector<core::Scenario>, walk);
        WorkingModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        for (const core::Scenario& s : std::as_const(walk)) {
            core::Estimate e;
            const core::Working w = workingOf(s, &e);
            QStringList groupLabels;
            for (std::size_t g = 0; g < e.groups.size(); ++g)
                groupLabels << QStringLiteral("ranks %1–%2").arg(e.groups[g].firstRank).arg(e.groups[g].lastRank);
            model.setWorking(w, groupLabels);
            WorkingModel fresh;
            fresh.setWorking(w, groupLabels);
            QCOMPARE(dump(model), dump(fresh));
        }
        QCOMPARE(reset.count(), 1); // only the first working
    }

    void viewKeepsItsExpansionThroughStructuralChanges()
    {
        core::Scenario s = guiscenarios::llama70bOn64();
        s.parallel.pipeline = 2; // two rank groups
        WorkingPanel panel;
        core::Estimate e;
        // The estimate first, then its group count (argument order is unspecified).
        auto show = [&] {
            const core::Working w = workingOf(s, &e);
            panel.setWorking(w, labels(int(e.groups.size())));
        };
        show();
        QCOMPARE(int(e.groups.size()), 2);
        QTreeView* view = panel.view();
        const int compute = view->model()->rowCount() - 2;
        view->collapse(view->model()->index(compute, 0)); // the user folds "Compute, time and cost"
        s.training.zeroStage = 3; // lines come: ZeRO-3's gathered parameters
        show();
        QVERIFY(!view->isExpanded(view->model()->index(compute, 0)));
        QVERIFY(view->isExpanded(view->model()->index(1, 0)));
        s.parallel.pipeline = 4; // two more rank groups: their sections open like the others
        show();
        QCOMPARE(int(e.groups.size()), 4);
        QCOMPARE(view->model()->rowCount(), 1 + 4 + 2);
        QVERIFY(view->isExpanded(view->model()->index(4, 0)));
        QVERIFY(view->isFirstColumnSpanned(4, QModelIndex()));
        QVERIFY(!view->isExpanded(view->model()->index(1 + 4, 0))); // still folded
    }

    void highlightFindsTheLinesOfASegment()
    {
        core::Estimate e;
        const core::Working w = workingOf(guiscenarios::sevenBillionOnEight(1), &e);
        WorkingModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setWorking(w, labels(1));
        QVERIFY(!model.firstHighlighted().isValid());
        model.setHighlight({}, 0, core::Component::OptimizerStates);
        const QModelIndex hit = model.firstHighlighted();
        QVERIFY(hit.isValid());
        QCOMPARE(hit.data(WorkingModel::TermRole).toInt(), int(core::Term::OptimizerStates));
        // Seed 2: 84 GB of optimizer states / 8 ranks = 10.5 GB.
        QCOMPARE(hit.siblingAtColumn(WorkingModel::ValueColumn).data().toString(), QStringLiteral("10.5 GB"));
        model.setHighlight({core::Term::Cost}, -1);
        QCOMPARE(model.firstHighlighted().data(WorkingModel::TermRole).toInt(), int(core::Term::Cost));
    }

    void panelRevealsTheHighlight()
    {
        core::Estimate e;
        const core::Working w = workingOf(guiscenarios::llama70bOn64(), &e);
        WorkingPanel panel;
        panel.setWorking(w, labels(int(e.groups.size())));
        panel.highlightComponent(2, core::Component::LayerActivations);
        const QModelIndex current = panel.view()->currentIndex();
        QVERIFY(current.isValid());
        QCOMPARE(current.data(WorkingModel::GroupRole).toInt(), 2);
        QCOMPARE(core::termInfo(core::Term(current.data(WorkingModel::TermRole).toInt())).component, core::Component::LayerActivations);
    }
};

QTEST_MAIN(TestWorkingModel)
#include "tst_workingmodel.moc"
