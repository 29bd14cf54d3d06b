// The accuracy harness (core/accuracy, core/io/corpus_io): a printed quantity turned into the
// figure ShardScope shows, errors summarised, bands taken from the regime's rows. Numbers are
// worked by hand in the comments; corpora are written here so each case states its own rows.
#include <QTest>

#include <cmath>

#include "core/accuracy/bands.h"
#include "core/accuracy/evaluation.h"
#include "core/accuracy/fit.h"
#include "core/estimate.h"
#include "core/accuracy/builtin.h"
#include "core/io/accuracy_io.h"
#include "core/io/corpus_io.h"
#include "core/io/scenario_io.h"

namespace {

/// A one-source corpus of `kind` with the given rows (JSON objects without the source key).
std::string corpus(const char* kind, const std::string& rows)
{
    return std::string(R"({"corpus": ")") + kind + R"(", "schema": 1,
        "sources": [{"id": "s1", "title": "test", "where": "here", "kind": "paper", "group": "g1"},
                    {"id": "s2", "title": "test 2", "where": "there", "kind": "paper"}],
        "rows": [)" + rows + "]}";
}

/// Llama 3 8B on 8 H100, sequence 4096, global batch 1024 (4,194,304 tokens a step).
const char* kLlama8b = R"("scenario": {"mode": "train", "model.preset": "llama-3-8b", "hardware.gpu": "h100-sxm",
    "parallel.gpus": 8, "training.seq_length": 4096, "training.global_batch_size": 1024, "training.micro_batch_size": 1})";

core::CorpusRow row(core::AccuracyFigure figure, std::uint64_t regimes)
{
    core::CorpusRow r;
    r.figure = figure;
    r.regimes = regimes;
    r.usable = true;
    return r;
}

} // namespace

class TestAccuracy : public QObject
{
    Q_OBJECT

private slots:
    void summaryPercentiles()
    {
        // Sorted errors −0.2 −0.1 0 0.1 0.3: P10 at position 0.4 → −0.2 + 0.4·0.1 = −0.16;
        // P90 at 3.6 → 0.1 + 0.6·0.2 = 0.22; |errors| 0 0.1 0.1 0.2 0.3, median 0.1;
        // within ±0.15: −0.1, 0, 0.1 (3 of 5).
        const double errors[] = {0.1, -0.2, 0.3, 0, -0.1};
        const core::ErrorSummary s = core::summarize(errors, 0.15);
        QCOMPARE(s.rows, 5);
        QCOMPARE(s.within, 3);
        QVERIFY(std::fabs(s.low - -0.16) < 1e-12);
        QVERIFY(std::fabs(s.high - 0.22) < 1e-12);
        QVERIFY(std::fabs(s.medianAbs - 0.1) < 1e-12);
        const double one[] = {-0.3};
        const core::ErrorSummary single = core::summarize(one, 0.15);
        QCOMPARE(single.low, -0.3);
        QCOMPARE(single.high, -0.3);
        QCOMPARE(single.within, 0);
        QCOMPARE(core::summarize({}, 0.1).rows, 0);
    }

    void measuredStepFromPrintedQuantity_data()
    {
        QTest::addColumn<QString>("fields");
        QTest::addColumn<double>("measuredStep");
        // 4,194,304 tokens per step over 8 GPUs.
        QTest::newRow("step seconds as printed") << R"("quantity": "step_seconds", "value": 12.5)" << 12.5;
        // 4,194,304 / (1,000 tok/s/GPU × 8) = 524.288 s.
        QTest::newRow("tokens/s per GPU") << R"("quantity": "tokens_per_second_per_gpu", "value": 1000)" << 524.288;
        // 4,194,304 / 20,000 tok/s = 209.7152 s.
        QTest::newRow("tokens/s of the job") << R"("quantity": "tokens_per_second", "value": 20000)" << 209.7152;
        // 6·N·D: 6 × 8,030,261,248 (Llama 3 8B, its published count, tst_parameters) × 4,194,304
        // = 2.020889e17 FLOP; at 400 TFLOP/s on each of 8 GPUs: 2.020889e17 / 3.2e15 = 63.1528 s.
        QTest::newRow("TFLOP/s, 6ND") << R"("quantity": "model_tflops_per_gpu", "value": 400, "flop_convention": "6nd_total")"
                                      << 6.0 * 8030261248.0 * 4194304.0 / (400e12 * 8);
        // MFU against a stated peak of 989 TFLOP/s: 2.020889e17 / (0.4 × 989e12 × 8) = 63.8552 s.
        QTest::newRow("MFU, 6ND, stated peak")
            << R"("quantity": "mfu", "value": 0.4, "peak_tflops": 989, "flop_convention": "6nd_total")"
            << 6.0 * 8030261248.0 * 4194304.0 / (0.4 * 989e12 * 8);
        // 180,000 GPU-hours per 10¹² tokens: a step's 4,194,304 tokens take
        // 180,000 × 3,600 / 8 GPUs × 4.194304e-6 = 339.738624 s on 8 GPUs.
        QTest::newRow("GPU-hours per trillion tokens") << R"("quantity": "gpu_hours_per_trillion_tokens", "value": 180000)"
                                                       << 180000.0 * 3600 / 8 * 4194304e-12;
    }
    void measuredStepFromPrintedQuantity()
    {
        QFETCH(QString, fields);
        QFETCH(double, measuredStep);
        const std::string text = corpus("steptime", R"({"id": "r", "source": "s1", )" + fields.toStdString() + ", " + kLlama8b + "}");
        const core::CorpusLoad load = core::loadCorpus(text);
        QVERIFY(load.ok);
        QCOMPARE(load.corpus.rows.size(), std::size_t(1));
        const core::CorpusRow& r = load.corpus.rows[0];
        QVERIFY2(r.usable, r.unusable.c_str());
        core::Estimate scratch;
        const core::RowResult result = core::evaluateRow(r, scratch);
        QVERIFY2(result.usable, result.why.c_str());
        QVERIFY2(std::fabs(result.measured / measuredStep - 1) < 1e-9, qPrintable(QString::number(result.measured)));
        // The prediction is the step-time model's own step, whatever the row printed.
        const core::Estimate e = core::estimate(r.scenario);
        QCOMPARE(result.predicted, e.compute.modelStepSeconds);
        QCOMPARE(result.error(), result.predicted / result.measured - 1);
    }

    void rowsThatCannotBeJudgedSayWhy_data()
    {
        QTest::addColumn<QString>("fields");
        QTest::addColumn<QString>("reason");
        QTest::newRow("unknown quantity") << R"("quantity": "joules", "value": 3)" << "no figure for the quantity 'joules'";
        QTest::newRow("rate without convention") << R"("quantity": "model_tflops_per_gpu", "value": 400)" << "without a known flop_convention";
        QTest::newRow("memory quantity in the step corpus") << R"("quantity": "max_allocated", "value": 3e10)" << "belongs to another corpus";
        QTest::newRow("no value") << R"("quantity": "step_seconds", "value": 0)" << "no positive value";
    }
    void rowsThatCannotBeJudgedSayWhy()
    {
        QFETCH(QString, fields);
        QFETCH(QString, reason);
        const core::CorpusLoad load = core::loadCorpus(corpus("steptime", R"({"id": "r", "source": "s1", )" + fields.toStdString() + ", " + kLlama8b + "}"));
        QVERIFY(load.ok);
        const core::CorpusRow& r = load.corpus.rows.at(0);
        QVERIFY(!r.usable);
        QVERIFY2(QString::fromStdString(r.unusable).contains(reason), r.unusable.c_str());
        core::Estimate scratch;
        QVERIFY(!core::evaluateRow(r, scratch).usable);
    }

    void badScenarioKeyIsNamed()
    {
        const core::CorpusLoad load = core::loadCorpus(corpus("steptime",
            R"({"id": "r", "source": "s1", "quantity": "step_seconds", "value": 3, "scenario": {"model.preset": "llama-3-8b", "parallel.tensr": 2}})"));
        QVERIFY(load.ok);
        const core::CorpusRow& r = load.corpus.rows.at(0);
        QVERIFY(!r.usable);
        QVERIFY2(QString::fromStdString(r.unusable).contains("parallel.tensr"), r.unusable.c_str());
    }

    void sourcesGroupsAndRegimes()
    {
        const std::string rows = std::string(R"({"id": "a", "source": "s1", "quantity": "step_seconds", "value": 3, )") + kLlama8b
            + R"(, "regimes": ["compiled", "not-a-regime"]}, {"id": "b", "source": "s2", "quantity": "step_seconds", "value": 3, )" + kLlama8b + "}";
        const core::CorpusLoad load = core::loadCorpus(corpus("steptime", rows));
        QVERIFY(load.ok);
        // s2 names no group: it is its own.
        QCOMPARE(load.corpus.groups, (std::vector<std::string>{"g1", "s2"}));
        QCOMPARE(load.corpus.rows[0].group, 0);
        QCOMPARE(load.corpus.rows[1].group, 1);
        // Derived from the scenario (H100, dense, Megatron, 16-bit, training) plus what the row states.
        const std::uint64_t a = load.corpus.rows[0].regimes;
        QVERIFY(core::hasRegime(a, core::Regime::Hopper));
        QVERIFY(core::hasRegime(a, core::Regime::Dense));
        QVERIFY(core::hasRegime(a, core::Regime::Megatron));
        QVERIFY(core::hasRegime(a, core::Regime::Compiled));
        QVERIFY(!core::hasRegime(a, core::Regime::Moe));
        QVERIFY(!core::hasRegime(load.corpus.rows[1].regimes, core::Regime::Compiled));
        QVERIFY(!core::hasRegime(a, core::Regime::Small)); // 8.0e9 parameters
    }

    void malformedCorpusIsRefused()
    {
        QVERIFY(!core::loadCorpus("{").ok);
        QVERIFY(!core::loadCorpus(R"({"corpus": "energy", "rows": []})").ok);
        QVERIFY(!core::loadCorpus(R"({"corpus": "memory"})").ok);
        QVERIFY(!core::loadCorpus(R"({"corpus": "memory", "sources": [], "rows": [{"id": "x", "source": "nope", "scenario": {}}]})").ok);
    }

    void bandFromTheRegimesRows()
    {
        // Six MoE rows with held-out errors −0.1 −0.05 0 0.05 0.1 0.2: P10 at 0.5 → −0.075, P90 at
        // 4.5 → 0.15. A prediction of 100 s puts the measured step between 100/1.15 = 86.957 s
        // and 100/0.925 = 108.108 s.
        core::Corpus c;
        c.kind = core::CorpusKind::StepTime;
        std::vector<core::RowResult> results;
        const std::uint64_t moe = core::regimeBit(core::Regime::Moe) | core::regimeBit(core::Regime::Hopper);
        for (double e : {-0.1, -0.05, 0.0, 0.05, 0.1, 0.2}) {
            c.rows.push_back(row(core::AccuracyFigure::StepSeconds, moe));
            core::RowResult r;
            r.usable = true;
            r.measured = 10;
            r.predicted = r.heldOut = 10 * (1 + e);
            results.push_back(r);
        }
        // Three dense rows (too few for a band of their own) at +0.3.
        const std::uint64_t dense = core::regimeBit(core::Regime::Dense) | core::regimeBit(core::Regime::Hopper);
        for (int i = 0; i < 3; ++i) {
            c.rows.push_back(row(core::AccuracyFigure::StepSeconds, dense));
            core::RowResult r;
            r.usable = true;
            r.measured = 10;
            r.predicted = r.heldOut = 13;
            results.push_back(r);
        }
        core::BandTable table;
        table.add(c, results);
        table.finish();
        const core::FigureBand b = table.band(core::AccuracyFigure::StepSeconds, moe, 100);
        QCOMPARE(b.runs, 6);
        QCOMPARE(b.regime, int(core::Regime::Moe));
        QVERIFY(std::fabs(b.low - 100 / 1.15) < 1e-9);
        QVERIFY(std::fabs(b.high - 100 / 0.925) < 1e-9);
        // A dense scenario: MoE's band does not apply and dense has 3 rows; Hopper has all 9.
        const core::FigureBand d = table.band(core::AccuracyFigure::StepSeconds, dense, 100);
        QCOMPARE(d.runs, 9);
        QCOMPARE(d.regime, int(core::Regime::Hopper));
        // A figure with no rows has no band.
        QVERIFY(!table.band(core::AccuracyFigure::Tpot, moe, 0.02).known());
        QCOMPARE(table.runs(core::AccuracyFigure::StepSeconds), 9);

        // The step's band closes its working: one StepSecondsBand line, valued at the band's
        // high end, with low 86.957 s, high 108.108 s, P10 −0.075, P90 +0.15 and 6 runs.
        core::EstimateBands bands;
        bands.stepSeconds = b;
        core::Working working;
        core::addBandWorking(bands, working);
        QCOMPARE(working.lines().size(), std::size_t(1));
        const core::WorkingLine& line = working.lines().front();
        QCOMPARE(line.term, core::Term::StepSecondsBand);
        QVERIFY(std::fabs(line.value - 100 / 0.925) < 1e-9);
        QCOMPARE(line.substitutions.size(), std::size_t(5));
        QVERIFY(std::fabs(line.substitutions[0].value - 100 / 1.15) < 1e-9);
        QVERIFY(std::fabs(line.substitutions[2].value - -0.075) < 1e-12);
        QVERIFY(std::fabs(line.substitutions[3].value - 0.15) < 1e-12);
        QCOMPARE(line.substitutions[4].value, 6.0);
        // No band (a stated MFU sets the step, or no rows): no line.
        core::Working none;
        core::addBandWorking(core::EstimateBands{}, none);
        QVERIFY(none.lines().empty());
        // The other figures close their own sections: rank group 1's allocated band (group 0 and
        // the reserved and device figures have none here) and the decode step's, each valued at
        // its high end with its runs.
        core::EstimateBands more;
        more.groups.resize(2);
        more.groups[1][0] = {.low = 40e9, .high = 44e9, .errorLow = -0.02, .errorHigh = 0.08, .runs = 9};
        more.tpot = {.low = 0.018, .high = 0.024, .errorLow = -0.1, .errorHigh = 0.2, .runs = 12};
        core::Working rest;
        core::addBandWorking(more, rest);
        QCOMPARE(rest.lines().size(), std::size_t(2));
        QCOMPARE(rest.lines()[0].term, core::Term::AllocatedBand);
        QCOMPARE(rest.lines()[0].group, 1);
        QCOMPARE(rest.lines()[0].value, 44e9);
        QCOMPARE(rest.lines()[1].term, core::Term::DecodeStepBand);
        QCOMPARE(rest.lines()[1].group, core::kWholeJob);
        QCOMPARE(rest.lines()[1].substitutions[4].value, 12.0);
        QCOMPARE(core::termSection(core::Term::AllocatedBand), core::TermSection::Peak);
        QCOMPARE(core::termSection(core::Term::DecodeStepBand), core::TermSection::Serving);
    }

    void fitRecoversTheConstantAndHoldsSourcesOut()
    {
        // Six runs in three source groups whose "measured" steps are what the model gives with a
        // sustained fraction of 0.6 instead of the shipped one: the fit on all of them finds 0.6,
        // and each group predicted with the constant fitted on the other two is exact again.
        std::string rows;
        const char* groups[] = {"s1", "s2", "s3"};
        for (int i = 0; i < 6; ++i)
            rows += std::string(i ? "," : "") + "{\"id\": \"r" + std::to_string(i) + "\", \"source\": \"" + groups[i / 2]
                + "\", \"quantity\": \"step_seconds\", \"value\": 1, \"scenario\": {\"mode\": \"train\", \"model.preset\": \"llama-3-8b\", "
                + "\"hardware.gpu\": \"h100-sxm\", \"parallel.gpus\": 8, \"training.seq_length\": " + std::to_string(2048 << (i % 3))
                + ", \"training.global_batch_size\": 64}}";
        std::string text = R"({"corpus": "steptime", "sources": [{"id": "s1", "group": "a"}, {"id": "s2", "group": "b"}, {"id": "s3", "group": "c"}], "rows": [)"
            + rows + "]}";
        core::CorpusLoad load = core::loadCorpus(text);
        QVERIFY(load.ok);
        core::ModelConstants truth = core::ModelConstants::shipped();
        truth[core::FittedConstant::SustainedFraction] = 0.6;
        core::Estimate scratch;
        for (core::CorpusRow& r : load.corpus.rows) {
            QVERIFY2(r.usable, r.unusable.c_str());
            r.value = core::evaluateRow(r, scratch, &truth).predicted;
            QVERIFY(r.value > 0);
        }
        const std::vector<bool> all(6, true);
        const core::ModelConstants fitted = core::fitConstants(load.corpus, all, core::ModelConstants::shipped());
        QVERIFY2(std::fabs(fitted[core::FittedConstant::SustainedFraction] - 0.6) < 1e-3,
                 qPrintable(QString::number(fitted[core::FittedConstant::SustainedFraction])));
        std::vector<core::RowResult> results = core::evaluateCorpus(load.corpus);
        for (const core::RowResult& r : results)
            QVERIFY(r.error() < -0.05); // the shipped 0.65 is faster than the "truth" (0.6)
        core::holdOut(load.corpus, results);
        for (const core::RowResult& r : results)
            QVERIFY2(std::fabs(r.heldOutError()) < 2e-3, qPrintable(QString::number(r.heldOutError())));
    }

    void shippedConstantsAreTheFitOnTheWholeCorpus()
    {
        // resources/steptime.json ships each fitted constant at its fit on every usable row of the
        // step-time corpus (the held-out tables refit it without each source group). Coordinate
        // descent started from the shipped values moves them by less than the tolerance.
        const core::Corpus& corpus = core::builtInCorpus(core::CorpusKind::StepTime);
        const std::vector<bool> all(corpus.rows.size(), true);
        const core::ModelConstants& shipped = core::ModelConstants::shipped();
        const core::ModelConstants fitted = core::fitConstants(corpus, all, shipped);
        for (const core::FitParameter& p : core::fitParameters(core::CorpusKind::StepTime)) {
            const double tolerance = 0.01 * (p.high - p.low);
            qInfo("%s: shipped %.6g, fitted on all rows %.6g", std::string(core::fittedConstantId(p.constant)).c_str(), shipped[p.constant],
                  fitted[p.constant]);
            QVERIFY2(std::fabs(fitted[p.constant] - shipped[p.constant]) <= tolerance, core::fittedConstantId(p.constant).data());
        }
    }

    void builtInCorporaLoad()
    {
        // Every built-in row is read: judged, or listed with why not; and each corpus has rows
        // from at least ten independent source groups (issues 25–27: ≥ 10 / ≥ 10 / ≥ 8).
        for (std::size_t k = 0; k < core::kCorpusKindCount; ++k) {
            const core::CorpusLoad load = core::loadCorpus(core::builtInCorpusJson(core::CorpusKind(k)));
            QVERIFY2(load.ok, (std::string(core::corpusKindName(core::CorpusKind(k))) + ": "
                               + (load.issues.empty() ? std::string() : core::describe(load.issues.front()))).c_str());
            const core::CorpusReport report = core::builtInReport(core::CorpusKind(k));
            QVERIFY(report.all.rows > 0);
            QCOMPARE_GE(report.sources, 10);
            for (std::size_t i = 0; i < report.results.size(); ++i)
                if (!report.results[i].usable)
                    QVERIFY2(!report.results[i].why.empty(), report.corpus->rows[i].id.c_str());
            qInfo("%s", core::reportText(report, core::ReportFormat::Table, qEnvironmentVariableIsSet("SHARDSCOPE_ACCURACY_ROWS")).c_str());
        }
    }

    void servingConstantsShippedAreTheFitOnEveryRow()
    {
        // modelling.md: a fitted constant ships as its fit on the whole corpus. Refitting the
        // serving step model's constants on every serving row from the shipped values must land
        // on the shipped values (within 3 % of each one's search range: the fit's resolution and
        // the loss's flat bottom), so resources/serving.json cannot drift from the corpus.
        const core::CorpusLoad load = core::loadCorpus(core::builtInCorpusJson(core::CorpusKind::Serving));
        QVERIFY(load.ok);
        const std::vector<bool> all(load.corpus.rows.size(), true);
        const core::ModelConstants& shipped = core::ModelConstants::shipped();
        const core::ModelConstants fitted = core::fitConstants(load.corpus, all, shipped);
        std::string drifted;
        for (const core::FitParameter& p : core::fitParameters(core::CorpusKind::Serving)) {
            const double range = p.high - p.low;
            const std::string id(core::fittedConstantId(p.constant));
            qInfo("%s: shipped %.6g, fitted on every row %.6g", id.c_str(), shipped[p.constant], fitted[p.constant]);
            if (std::fabs(fitted[p.constant] - shipped[p.constant]) > 0.03 * range)
                drifted += id + " ";
        }
        QVERIFY2(drifted.empty(), drifted.c_str());
    }

    void heldOutPredictionsOfTheBuildAreTodays()
    {
        // The held-out predictions compiled in at build time are what refitting now gives: the
        // build regenerates them when the core or a corpus changes.
        for (std::size_t k = 0; k < core::kCorpusKindCount; ++k) {
            const core::Corpus& corpus = core::builtInCorpus(core::CorpusKind(k));
            const core::CorpusReport now = core::makeReport(corpus);
            const core::CorpusReport built = core::builtInReport(core::CorpusKind(k));
            QCOMPARE(built.results.size(), now.results.size());
            for (std::size_t i = 0; i < now.results.size(); ++i) {
                QCOMPARE(built.results[i].usable, now.results[i].usable);
                if (now.results[i].usable)
                    QVERIFY2(std::fabs(built.results[i].heldOut / now.results[i].heldOut - 1) < 1e-12, corpus.rows[i].id.c_str());
            }
        }
    }

    void bandsInTheEstimatesJson()
    {
        // The built-in bands are computed and attached without error for every mode; where a
        // corpus has rows the figure's band is around the figure.
        for (const char* mode : {"train", "inference", "finetune"}) {
            core::Scenario s = core::defaultScenario();
            s.mode = mode == std::string("train") ? core::Mode::Train : mode == std::string("inference") ? core::Mode::Inference : core::Mode::FineTune;
            const core::Estimate e = core::estimate(s);
            QVERIFY(e.valid);
            core::EstimateBands bands;
            core::attachBands(s, e, core::builtInBands(), bands);
            QCOMPARE(bands.groups.size(), e.groups.size());
            for (const auto& g : bands.groups)
                for (const core::FigureBand& b : g)
                    if (b.known())
                        QVERIFY(b.low > 0 && b.low <= b.high);
        }
    }
};

QTEST_GUILESS_MAIN(TestAccuracy)
#include "tst_accuracy.moc"
