// Help ▸ Accuracy's view: the rows of a corpus report as a table (through Qt's model tester),
// filtered by regime and by tolerance, and the summary the view writes from the report. The
// report is made here from a small corpus with hand-set errors, not from the shipped corpora.
#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QLabel>
#include <QTableWidget>
#include <QtTest>

#include "core/accuracy/report.h"
#include "core/io/corpus_io.h"
#include "widgets/accuracy/accuracytablemodel.h"
#include "widgets/accuracy/accuracyview.h"

namespace {

/// Four step-time rows: an H100 dense run, two H100 MoE runs and an A100 run; errors set by hand.
std::shared_ptr<core::CorpusReport> report(core::Corpus& corpus)
{
    const char* text = R"({"corpus": "steptime", "sources": [{"id": "a", "title": "Source A", "where": "repo@1:f"}, {"id": "b", "title": "Source B"}],
        "rows": [
          {"id": "dense-h100", "source": "a", "quantity": "step_seconds", "value": 10, "quote": "10 s",
           "scenario": {"mode": "train", "model.preset": "llama-3-8b", "hardware.gpu": "h100-sxm", "parallel.gpus": 8}},
          {"id": "moe-1", "source": "a", "quantity": "step_seconds", "value": 10,
           "scenario": {"mode": "train", "model.preset": "mixtral-8x7b", "hardware.gpu": "h100-sxm", "parallel.gpus": 8, "parallel.expert": 8}},
          {"id": "moe-2", "source": "b", "quantity": "step_seconds", "value": 10,
           "scenario": {"mode": "train", "model.preset": "mixtral-8x7b", "hardware.gpu": "h100-sxm", "parallel.gpus": 8, "parallel.expert": 8}},
          {"id": "a100", "source": "b", "quantity": "step_seconds", "value": 10,
           "scenario": {"mode": "train", "model.preset": "llama-3-8b", "hardware.gpu": "a100-80gb", "parallel.gpus": 8}},
          {"id": "unknown-quantity", "source": "b", "quantity": "joules", "value": 1,
           "scenario": {"mode": "train", "model.preset": "llama-3-8b", "parallel.gpus": 8}}]})";
    const core::CorpusLoad load = core::loadCorpus(text);
    corpus = load.corpus;
    auto r = std::make_shared<core::CorpusReport>(core::makeReport(corpus));
    // Errors by hand: +5 %, −30 %, +40 %, −10 % (the tolerance is ±15 %).
    const double errors[] = {0.05, -0.30, 0.40, -0.10};
    for (int i = 0; i < 4; ++i) {
        r->results[std::size_t(i)].usable = true;
        r->results[std::size_t(i)].measured = 10;
        r->results[std::size_t(i)].predicted = r->results[std::size_t(i)].heldOut = 10 * (1 + errors[i]);
    }
    r->all = core::summarize(std::vector<double>(errors, errors + 4), 0.15);
    r->sources = 2;
    r->unjudged = 1;
    r->byRegime = {{core::Regime::Moe, core::summarize(std::vector<double>{-0.30, 0.40}, 0.15)}};
    return r;
}

} // namespace

class TestAccuracyView : public QObject
{
    Q_OBJECT

private slots:
    void modelPassesQtsTester()
    {
        core::Corpus corpus;
        AccuracyTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setReport(report(corpus));
        QCOMPARE(model.rowCount(), 5);
        model.setRegime(int(core::Regime::Moe));
        QCOMPARE(model.rowCount(), 2);
        model.setRegime(-1);
        model.setOutsideOnly(true);
        // Outside ±15 %: the two MoE rows; the unjudged row is not "outside".
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.data(model.index(0, AccuracyTableModel::Row)).toString(), QStringLiteral("moe-1"));
        QVERIFY(model.data(model.index(0, AccuracyTableModel::HeldOut), AccuracyTableModel::OutsideRole).toBool());
        model.setOutsideOnly(false);
        // Error column: signed, one decimal; the unjudged row says so.
        QCOMPARE(model.data(model.index(1, AccuracyTableModel::Error)).toString(), QStringLiteral("−30.0 %"));
        QCOMPARE(model.data(model.index(4, AccuracyTableModel::Error)).toString(), QStringLiteral("not judged"));
        QVERIFY(model.data(model.index(4, AccuracyTableModel::Row), Qt::ToolTipRole).toString().contains(QStringLiteral("joules")));
        // Sorting by |error|: the unjudged row last.
        QVERIFY(model.data(model.index(4, AccuracyTableModel::Error), AccuracyTableModel::SortRole).toDouble()
                > model.data(model.index(2, AccuracyTableModel::Error), AccuracyTableModel::SortRole).toDouble());
    }

    void viewSaysHowManyAndFilters()
    {
        core::Corpus corpus;
        AccuracyView view;
        std::array<std::shared_ptr<const core::CorpusReport>, core::kCorpusKindCount> reports;
        reports[std::size_t(core::CorpusKind::StepTime)] = report(corpus);
        view.setReports(reports);
        view.resize(1000, 700);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const QString headline = view.findChild<QLabel*>()->text();
        // 4 judged from 2 sources, 2 within ±15 %, 1 not judged.
        QVERIFY2(headline.startsWith(QStringLiteral("4 public measurements from 2 independent sources")), qPrintable(headline));
        QVERIFY(headline.contains(QStringLiteral("2 within ±15")));
        QVERIFY(headline.contains(QStringLiteral("Not judged: 1")));
        auto* summary = view.findChild<QTableWidget*>();
        QCOMPARE(summary->rowCount(), 2); // every regime, MoE
        // Clicking the MoE row of the summary picks that regime below.
        QTest::mouseClick(summary->viewport(), Qt::LeftButton, {}, summary->visualItemRect(summary->item(1, 0)).center());
        QCOMPARE(view.model()->rowCount(), 2);
        // Memory has no report here: said, not blank.
        view.showCorpus(core::CorpusKind::Memory);
        QVERIFY(view.findChild<QLabel*>()->text().contains(QStringLiteral("No public measurements")));
    }
};

QTEST_MAIN(TestAccuracyView)
#include "tst_accuracyview.moc"
