// The layout planner: it never recommends a layout that does not fit, its numbers are the
// estimate's, it respects pins, its pruning and bound lose nothing, and its Pareto front is one.
#include <QtTest>

#include <cmath>

#include "core/estimate.h"
#include "core/io/scenario_io.h"
#include "core/plan/planner.h"
#include "testscenarios.h"

namespace {

core::Scenario load(const std::string& json)
{
    core::ScenarioLoad l = core::loadScenario(json);
    if (!l.ok)
        qFatal("test scenario does not load: %s", json.c_str());
    return l.scenario;
}

core::PlanResult planOf(const core::Scenario& s, const std::vector<std::string>& pins = {}, double bound = 2.0,
                        core::PlanObjective objective = core::PlanObjective::Time)
{
    core::PlanRequest r;
    r.base = s;
    r.bound = bound;
    r.objective = objective;
    std::vector<core::Issue> issues;
    for (const std::string& p : pins)
        if (!core::parsePin(p, r.pins, issues))
            qFatal("pin does not parse: %s", p.c_str());
    return core::plan(r);
}

const std::string k70b = R"({"schema_version": 1, "model": {"preset": "llama-2-70b"},
    "training": {"seq_length": 4096, "global_batch_size": 256}, "parallel": {"gpus": 64}, "hardware": {"gpu": "h100-sxm"}})";

} // namespace

class TestPlanner : public QObject
{
    Q_OBJECT

private slots:
    void bestAlwaysFits_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addRow("Llama 2 70B on 64 H100") << QString::fromStdString(k70b);
        // Tight: 70B on 16 A100 40GB only fits with heavy sharding and recomputation.
        QTest::addRow("70B on 16 A100 40GB") << R"({"schema_version": 1, "model": {"preset": "llama-2-70b"},
            "training": {"seq_length": 4096, "global_batch_size": 64}, "parallel": {"gpus": 16}, "hardware": {"gpu": "a100-40gb"}})";
        QTest::addRow("Mixtral on 32 H100") << R"({"schema_version": 1, "model": {"preset": "mixtral-8x7b"},
            "training": {"seq_length": 4096, "global_batch_size": 256}, "parallel": {"gpus": 32}, "hardware": {"gpu": "h100-sxm"}})";
        QTest::addRow("7B on one RTX 4090") << R"({"schema_version": 1, "model": {"preset": "llama-2-7b"},
            "training": {"seq_length": 2048, "global_batch_size": 16}, "parallel": {"gpus": 1, "gpus_per_node": 1}, "hardware": {"gpu": "rtx-4090"}})";
    }
    void bestAlwaysFits()
    {
        QFETCH(QString, json);
        const core::Scenario s = load(json.toStdString());
        for (core::PlanObjective objective : {core::PlanObjective::Time, core::PlanObjective::Cost, core::PlanObjective::Headroom}) {
            const core::PlanResult r = planOf(s, {}, 2.0, objective);
            QVERIFY(!hasErrors(r.issues));
            QVERIFY2(r.candidates > 0, "something was considered");
            if (r.fitting == 0) {
                QCOMPARE(r.best(), -1); // nothing fits: no recommendation, never a layout that does not fit
                continue;
            }
            QCOMPARE(r.best(), 0);
            const core::PlanCandidate& best = r.layouts.front();
            QVERIFY(best.fits);
            QVERIFY(best.peakBytes <= best.capacityBytes);
            // And the estimate of the applied layout agrees: it fits, with the same peak and step.
            core::Scenario applied = s;
            core::applyLayout(best.layout, applied);
            const core::Estimate e = core::estimate(applied);
            QVERIFY(e.valid);
            for (const core::RankGroup& g : e.groups)
                QVERIFY(g.fits);
            QCOMPARE(e.fullest().totalBytes, best.peakBytes);
            QCOMPARE(e.compute.modelStepSeconds, best.stepSeconds);
        }
    }

    void everyListedLayoutIsWhatItSays_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::newRow("Llama 2 70B on 64 H100") << QString::fromStdString(k70b);
        // MoE: the search's parameter counts (EstimateOptions::counts, one per TP) and expert
        // layouts, each listed figure the same double as the scenario's own estimate.
        QTest::newRow("Mixtral 8x7B on 32 H100") << QStringLiteral(R"({"schema_version": 1, "model": {"preset": "mixtral-8x7b"},
            "training": {"seq_length": 4096, "global_batch_size": 128}, "parallel": {"gpus": 32}, "hardware": {"gpu": "h100-sxm"}})");
    }

    void everyListedLayoutIsWhatItSays()
    {
        QFETCH(QString, scenario);
        const core::Scenario s = load(scenario.toStdString());
        const core::PlanResult r = planOf(s);
        int checked = 0;
        for (const core::PlanCandidate& c : r.layouts) {
            if (c.pruned || checked > 40)
                continue;
            ++checked;
            core::Scenario applied = s;
            core::applyLayout(c.layout, applied);
            const core::Estimate e = core::estimate(applied);
            QVERIFY(e.valid);
            QCOMPARE(e.fullest().totalBytes, c.peakBytes);
            bool fits = true;
            for (const core::RankGroup& g : e.groups)
                fits = fits && g.fits;
            QCOMPARE(fits, c.fits);
            if (c.fits)
                QCOMPARE(e.compute.modelStepSeconds, c.stepSeconds);
            // The bound the search sorted by is a lower bound of the step.
            if (c.fits) {
                core::Scenario lightest = applied;
                lightest.training.recompute = core::Recompute::None;
                const double bound = core::stepLowerBound(lightest);
                QVERIFY2(bound <= c.stepSeconds * (1 + 1e-12), qPrintable(QStringLiteral("bound %1 > step %2").arg(bound).arg(c.stepSeconds)));
                // … and a real one: it holds at least the slowest stage's GEMMs.
                QVERIFY2(bound >= c.parts[std::size_t(core::StepPart::Gemm)] * (1 - 1e-9),
                         qPrintable(QStringLiteral("bound %1 < GEMMs %2").arg(bound).arg(c.parts[std::size_t(core::StepPart::Gemm)])));
            }
        }
        QVERIFY(checked > 10);
    }

    void rankedByTheObjective()
    {
        const core::Scenario s = load(k70b);
        const core::PlanResult time = planOf(s);
        const core::PlanResult headroom = planOf(s, {}, 2.0, core::PlanObjective::Headroom);
        bool seenNotFitting = false;
        for (std::size_t i = 1; i < time.layouts.size(); ++i) {
            const core::PlanCandidate &a = time.layouts[i - 1], &b = time.layouts[i];
            seenNotFitting = seenNotFitting || !a.fits;
            QVERIFY2(!(seenNotFitting && b.fits), "fitting layouts come first");
            if (a.fits && b.fits)
                QVERIFY(a.stepSeconds <= b.stepSeconds);
        }
        for (std::size_t i = 1; i < headroom.layouts.size(); ++i) {
            const core::PlanCandidate &a = headroom.layouts[i - 1], &b = headroom.layouts[i];
            if (a.fits && b.fits)
                QVERIFY(a.headroomBytes() >= b.headroomBytes());
        }
        // Cost is the step × GPUs × price at a fixed GPU count: the same order as time.
        const core::PlanResult cost = planOf(s, {}, 2.0, core::PlanObjective::Cost);
        QCOMPARE(cost.layouts.front().layout, time.layouts.front().layout);
    }

    void pinsAreRespected_data()
    {
        QTest::addColumn<QString>("pin");
        QTest::addColumn<int>("knob");
        QTest::addColumn<int>("min");
        QTest::addColumn<int>("max");
        QTest::addRow("ZeRO-1 only") << "training.zero_stage=1" << int(core::PlanKnob::ZeroStage) << 1 << 1;
        QTest::addRow("TP at most 4") << "parallel.tensor<=4" << int(core::PlanKnob::Tensor) << 1 << 4;
        QTest::addRow("no optimizer offload") << "training.offload_optimizer=false" << int(core::PlanKnob::OffloadOptimizer) << 0 << 0;
        QTest::addRow("selective recomputation") << "training.recompute=selective" << int(core::PlanKnob::Recompute) << 1 << 1;
        QTest::addRow("PP above 2") << "parallel.pipeline>2" << int(core::PlanKnob::Pipeline) << 3 << 80;
    }
    void pinsAreRespected()
    {
        QFETCH(QString, pin);
        QFETCH(int, knob);
        QFETCH(int, min);
        QFETCH(int, max);
        const core::PlanResult r = planOf(load(k70b), {pin.toStdString()});
        QVERIFY(r.fitting > 0);
        for (const core::PlanCandidate& c : r.layouts) {
            const int v = core::knobValue(c.layout, core::PlanKnob(knob));
            QVERIFY2(v >= min && v <= max, qPrintable(QStringLiteral("%1 = %2").arg(pin).arg(v)));
        }
    }

    void badPins_data()
    {
        QTest::addColumn<QString>("pin");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("message"); // the command line's English, from the message table
        using C = core::IssueCode;
        QTest::addRow("no operator") << "parallel.tensor" << int(C::MalformedOverride) << "--pin: expected section.key=value, got 'parallel.tensor'";
        QTest::addRow("not a knob") << "hardware.mfu=0.5" << int(C::UnknownPinKey)
                                    << "--pin hardware.mfu: the planner has no such knob; it can pin parallel.tensor, parallel.pipeline, "
                                       "parallel.virtual_pipeline, parallel.context, parallel.expert, parallel.expert_tensor, "
                                       "parallel.sequence_parallel, training.zero_stage, training.recompute, training.micro_batch_size, "
                                       "training.offload_optimizer, training.offload_parameters";
        QTest::addRow("a knob misspelt") << "parallel.tensr=8" << int(C::UnknownPinKey)
                                         << "--pin parallel.tensr: the planner has no such knob (did you mean 'parallel.tensor'?)";
        QTest::addRow("not a number") << "parallel.tensor=eight" << int(C::WrongType) << "parallel.tensor: expected a whole number, got 'eight'";
        QTest::addRow("not a policy") << "training.recompute=some" << int(C::UnknownValue)
                                      << "training.recompute: expected one of none, selective, full, 0–2, got 'some' (did you mean 'none'?)";
        QTest::addRow("not a boolean") << "training.offload_optimizer=maybe" << int(C::UnknownValue)
                                       << "training.offload_optimizer: expected one of true, false, 1, 0, got 'maybe'";
    }
    void badPins()
    {
        QFETCH(QString, pin);
        QFETCH(int, code);
        QFETCH(QString, message);
        core::PlanPins pins;
        std::vector<core::Issue> issues;
        QVERIFY(!core::parsePin(pin.toStdString(), pins, issues));
        QCOMPARE(issues.size(), std::size_t(1));
        QCOMPARE(int(issues.front().code), code);
        QCOMPARE(QString::fromStdString(core::describe(issues.front())), message);
    }

    void pinsThatLeaveNoRecomputationAreRefused()
    {
        // "< 0" excludes none (0), selective (1) and full (2): nothing to search, its own code
        // naming the knob and what it can be, not an UnknownValue with a made-up "given".
        const core::PlanResult r = planOf(load(k70b), {"training.recompute<0"});
        QCOMPARE(r.issues.size(), std::size_t(1));
        const core::Issue& i = r.issues.front();
        QCOMPARE(int(i.code), int(core::IssueCode::PinsLeaveNoValue));
        QCOMPARE(QString::fromUtf8(i.key), QStringLiteral("training.recompute"));
        QVERIFY(i.given.empty());
        QCOMPARE(QString::fromStdString(core::describe(i)),
                 QStringLiteral("training.recompute: the --pin bounds leave no value to try (it can be none, selective, full)"));
        QCOMPARE(QString::fromUtf8(core::issueCodeName(i.code).data()), QStringLiteral("pins_leave_no_value"));
        QVERIFY(r.layouts.empty());
    }

    /// A pin typed by its field is the pin `--pin` reads (the window pins this way), and a field
    /// that is no knob pins nothing.
    void pinsByField()
    {
        using B = core::PinBound;
        const std::pair<const char*, std::tuple<core::Field, B, int>> rows[] = {
            {"training.zero_stage=1", {core::Field::TrainingZeroStage, B::Equal, 1}},
            {"parallel.tensor<=4", {core::Field::ParallelTensor, B::AtMost, 4}},
            {"parallel.pipeline<4", {core::Field::ParallelPipeline, B::Below, 4}},
            {"training.micro_batch_size>=2", {core::Field::TrainingMicroBatchSize, B::AtLeast, 2}},
            {"parallel.context>1", {core::Field::ParallelContext, B::Above, 1}},
            {"training.offload_optimizer=false", {core::Field::TrainingOffloadOptimizer, B::Equal, 0}},
            {"training.recompute=selective", {core::Field::TrainingRecompute, B::Equal, int(core::Recompute::Selective)}},
        };
        for (const auto& [text, typed] : rows) {
            core::PlanPins parsed, byField;
            std::vector<core::Issue> issues;
            QVERIFY(core::parsePin(text, parsed, issues));
            QVERIFY(byField.pin(std::get<0>(typed), std::get<1>(typed), std::get<2>(typed)));
            QVERIFY2(parsed.min == byField.min && parsed.max == byField.max && parsed.pinned == byField.pinned, text);
        }
        core::PlanPins none;
        QVERIFY(!none.pin(core::Field::ParallelGpus, B::Equal, 8));
        QVERIFY(std::none_of(none.pinned.begin(), none.pinned.end(), [](bool p) { return p; }));
    }

    /// The planner tries only the ZeRO stages the framework has (core/rules:
    /// frameworkHasZeroStage): FSDP has no ZeRO-1 (PyTorch ShardingStrategy), DDP nothing past the
    /// optimizer (ZeroRedundancyOptimizer); pinning a stage the framework lacks leaves nothing.
    void onlyTheFrameworksStages()
    {
        core::Scenario s = load(k70b);
        s.training.framework = core::Framework::Fsdp2;
        const core::PlanResult r = planOf(s);
        QVERIFY(r.best() >= 0);
        for (const core::PlanCandidate& c : r.layouts)
            QVERIFY(c.layout.zeroStage != 1);
        const core::PlanResult pinned = planOf(s, {"training.zero_stage=1"});
        QVERIFY(core::hasErrors(pinned.issues));
        QCOMPARE(int(pinned.issues.front().code), int(core::IssueCode::PinsLeaveNoValue));
        QCOMPARE(pinned.issues.front().field, std::optional<core::Field>(core::Field::TrainingZeroStage));
        QVERIFY(pinned.layouts.empty());
    }

    void pruningLosesNoFittingLayout_data()
    {
        QTest::addColumn<QString>("json");
        // The states bound must follow the memory estimate's own state bytes: bf16 moments are
        // 2 + 2 + 4 + 2·2 = 12 B per parameter with Adam, not 16 (Megatron --use-precision-aware-optimizer,
        // exp_avg_dtype bf16), and a paged optimizer's states never decide a fit (bitsandbytes).
        QTest::addRow("70B on 16 A100 40GB, bf16 moments") << R"({"schema_version": 1, "model": {"preset": "llama-2-70b"},
            "training": {"seq_length": 4096, "global_batch_size": 64, "moment_dtype": "bf16"}, "parallel": {"gpus": 16},
            "hardware": {"gpu": "a100-40gb"}})";
        QTest::addRow("13B full fine-tune on 4 A100 40GB, paged optimizer") << R"({"schema_version": 1, "mode": "finetune",
            "model": {"preset": "llama-2-13b"}, "training": {"seq_length": 2048, "global_batch_size": 16},
            "finetune": {"method": "full", "paged_optimizer": true}, "parallel": {"gpus": 4, "gpus_per_node": 4},
            "hardware": {"gpu": "a100-40gb"}})";
        QTest::addRow("70B on 16 A100 40GB, FSDP2") << R"({"schema_version": 1, "model": {"preset": "llama-2-70b"},
            "training": {"seq_length": 4096, "global_batch_size": 64, "framework": "fsdp2"}, "parallel": {"gpus": 16},
            "hardware": {"gpu": "a100-40gb"}})";
    }
    void pruningLosesNoFittingLayout()
    {
        // Every layout the search set aside without an estimate (its model states alone exceed
        // the GPU) really does not fit when estimated.
        QFETCH(QString, json);
        const core::Scenario s = load(json.toStdString());
        const core::PlanResult r = planOf(s, {}, 0);
        QVERIFY(!hasErrors(r.issues));
        int checked = 0;
        for (const core::PlanCandidate& c : r.layouts) {
            if (!c.pruned)
                continue;
            ++checked;
            core::Scenario applied = s;
            core::applyLayout(c.layout, applied);
            const core::Estimate e = core::estimate(applied);
            if (!e.valid)
                continue;
            bool fits = true;
            for (const core::RankGroup& g : e.groups)
                fits = fits && g.fits;
            QVERIFY2(!fits, qPrintable(QStringLiteral("pruned layout fits: TP %1 PP %2 ZeRO %3, %4 of %5 GB")
                                           .arg(c.layout.tensor).arg(c.layout.pipeline).arg(c.layout.zeroStage)
                                           .arg(e.fullest().totalBytes / 1e9).arg(e.fullest().capacityBytes / 1e9)));
        }
        QVERIFY2(checked > 0, "the case prunes something");
    }

    void boundLosesNothing()
    {
        // The bound only skips layouts that cannot come within 2× of the fastest: the full search
        // finds the same fastest layout, and every layout the bounded search lists it lists too.
        const core::Scenario s = load(k70b);
        const core::PlanResult bounded = planOf(s, {}, 2.0);
        const core::PlanResult full = planOf(s, {}, 0);
        QCOMPARE(full.bounded, 0LL);
        QVERIFY2(bounded.bounded > 0, "the bound skips the layouts far slower than the fastest");
        QCOMPARE(bounded.layouts.front().layout, full.layouts.front().layout);
        QCOMPARE(bounded.layouts.front().stepSeconds, full.layouts.front().stepSeconds);
        QCOMPARE(bounded.candidates, full.candidates);
        const double fastest = full.layouts.front().stepSeconds;
        long long within = 0;
        for (const core::PlanCandidate& c : full.layouts)
            within += c.fits && c.stepSeconds <= 2 * fastest ? 1 : 0;
        long long listed = 0;
        for (const core::PlanCandidate& c : bounded.layouts)
            listed += c.fits && c.stepSeconds <= 2 * fastest ? 1 : 0;
        QCOMPARE(listed, within);
    }

    void paretoFront()
    {
        const core::PlanResult r = planOf(load(k70b));
        auto dominates = [](const core::PlanCandidate& a, const core::PlanCandidate& b) {
            return a.stepSeconds <= b.stepSeconds && a.peakBytes <= b.peakBytes && a.cost <= b.cost
                && (a.stepSeconds < b.stepSeconds || a.peakBytes < b.peakBytes || a.cost < b.cost);
        };
        int front = 0;
        for (const core::PlanCandidate& c : r.layouts) {
            if (!c.fits) {
                QVERIFY(!c.pareto);
                continue;
            }
            bool dominated = false;
            for (const core::PlanCandidate& d : r.layouts)
                dominated = dominated || (d.fits && dominates(d, c));
            QCOMPARE(c.pareto, !dominated);
            front += c.pareto ? 1 : 0;
        }
        QVERIFY(front >= 2); // time and memory pull apart
        QVERIFY(r.layouts.front().pareto); // the fastest is on it
    }

    void whySlower()
    {
        const core::PlanResult r = planOf(load(k70b));
        const core::PlanCandidate& best = r.layouts.front();
        // A fitting layout with a pipeline where the best has less of one: its bubble shows.
        bool named = false;
        for (const core::PlanCandidate& c : r.layouts) {
            if (!c.fits || c.stepSeconds <= best.stepSeconds)
                continue;
            const std::vector<core::SlowerReason> why = core::slowerThan(c, best);
            if (why.empty()) {
                // Slower by a little spread over several parts (a layout 1 % slower with no part
                // 0.5 % of the best's step, as the 70B case has once the sustained fraction is
                // 0.65): no part is worth naming, which is slowerThan's contract.
                for (std::size_t p = 0; p < core::kStepPartCount; ++p)
                    QVERIFY((c.parts[p] - best.parts[p]) / best.stepSeconds < 0.005);
                continue;
            }
            double explained = 0;
            for (std::size_t i = 0; i < why.size(); ++i) {
                QVERIFY(why[i].fraction >= 0.005);
                if (i > 0)
                    QVERIFY(why[i - 1].fraction >= why[i].fraction);
                explained += why[i].fraction;
                // Each reason is the part's own extra time over the best's step.
                const std::size_t p = std::size_t(why[i].part);
                QVERIFY(std::abs(why[i].fraction - (c.parts[p] - best.parts[p]) / best.stepSeconds) < 1e-12);
            }
            QVERIFY(explained > 0);
            named = true;
            break;
        }
        QVERIFY(named); // some slower layout has a reason worth naming
    }

    void gridMarksTheFastestFittingCell()
    {
        const core::PlanResult r = planOf(load(k70b));
        const core::PlanGrid g = core::planGrid(r, core::PlanKnob::Pipeline, core::PlanKnob::Tensor);
        QVERIFY(!g.rows.empty() && !g.columns.empty());
        QVERIFY(g.fastest >= 0);
        const core::PlanCandidate& c = r.layouts[std::size_t(g.cells[std::size_t(g.fastest)])];
        QVERIFY(c.fits);
        QCOMPARE(c.layout.tensor, r.layouts.front().layout.tensor);
        QCOMPARE(c.layout.pipeline, r.layouts.front().layout.pipeline);
    }

    void countsAddUp()
    {
        const core::PlanResult r = planOf(load(k70b));
        QVERIFY(r.valid <= r.candidates);
        QVERIFY(r.fitting <= r.valid);
        // Every valid candidate was estimated, or skipped for one stated reason.
        long long estimated = 0, fitting = 0;
        for (const core::PlanCandidate& c : r.layouts) {
            estimated += c.pruned ? 0 : 1;
            fitting += c.fits ? 1 : 0;
        }
        QCOMPARE(estimated + r.pruned + r.dominated + r.bounded, r.valid);
        QCOMPARE(fitting + r.dominated, r.fitting);
        QVERIFY(r.seconds > 0);
    }

    void servingIsNotPlanned()
    {
        core::Scenario s = load(k70b);
        s.mode = core::Mode::Inference;
        const core::PlanResult r = planOf(s);
        QVERIFY(hasErrors(r.issues));
        QVERIFY(r.layouts.empty());
    }

    void cancelStopsTheSearch()
    {
        core::PlanRequest r;
        r.base = load(k70b);
        std::atomic<bool> cancel{true};
        const core::PlanResult out = core::plan(r, &cancel);
        QVERIFY(out.cancelled);
        QVERIFY(out.layouts.empty());
    }

    void changesTurnTheScenarioIntoTheLayout()
    {
        const core::Scenario s = load(k70b);
        const core::PlanResult r = planOf(s);
        const core::PlanLayout& best = r.layouts.front().layout;
        std::vector<std::string> changes;
        for (const core::ScenarioChange& c : core::layoutChanges(s, best)) {
            QVERIFY(core::planKnobOf(c.field)); // only the knobs change
            changes.push_back(core::changeText(c));
        }
        QVERIFY(!changes.empty());
        const core::ScenarioLoad applied = core::loadScenario(k70b, changes);
        QVERIFY(applied.ok);
        QCOMPARE(core::layoutOf(applied.scenario), best);
        // Nothing is written for a knob that stays as it is.
        QVERIFY(core::layoutChanges(applied.scenario, best).empty());
    }
};

QTEST_GUILESS_MAIN(TestPlanner)
#include "tst_planner.moc"
