// The memory of a training step as it happens: the peak is the largest moment of the step
// (transients of different moments are never added up), the three levels the tools report,
// Megatron's pipeline schedule and the step timeline built from it.
#include <QTest>
#include <map>
#include <tuple>

#include <cmath>

#include "core/estimate.h"
#include "core/io/deck.h"
#include "core/io/presets.h"
#include "core/io/scenario_io.h"
#include "core/pipeline.h"
#include "core/timeline/schedule.h"
#include "core/timeline/steptimeline.h"
#include "testscenarios.h"

using core::Component;
using core::StepMoment;

namespace {

double bytesOf(const core::RankGroup& g, Component c) { return g.bytes[std::size_t(c)]; }
double momentOf(const core::RankGroup& g, StepMoment m) { return g.momentBytes[std::size_t(m)]; }

/// Qwen3-1.7B (huggingface.co/Qwen/Qwen3-1.7B config.json): 28 layers, h 2048, SwiGLU F 6144,
/// 16 heads of 128, 8 KV heads, vocabulary 151,936, tied.
core::ModelArchitecture qwen3_1_7b()
{
    core::ModelArchitecture m;
    m.name = "Qwen3-1.7B";
    m.numLayers = 28;
    m.hiddenSize = 2048;
    m.ffnHiddenSize = 6144;
    m.numAttentionHeads = 16;
    m.numQueryGroups = 8;
    m.headDim = 128;
    m.vocabSize = 151936;
    m.tiedEmbeddings = true;
    m.maxPositionEmbeddings = 40960;
    m.qkNorm = true;
    return m;
}

void checkLevels(const core::Estimate& e, const QString& what)
{
    QVERIFY2(e.valid, qPrintable(what));
    for (const core::RankGroup& g : e.groups) {
        QVERIFY2(g.allocatedBytes > 0, qPrintable(what));
        QCOMPARE_LE(g.allocatedBytes, g.reservedBytes);
        QCOMPARE_LE(g.reservedBytes, g.deviceBytes);
        QCOMPARE(g.totalBytes, g.deviceBytes);
        // Each level is its own components: allocated the tensors, reserved adds the
        // allocator's reserve and graph pool, device the context, NCCL and paged memory.
        QVERIFY2(std::abs(g.levelBytes(core::MemoryLevel::Allocated) - g.allocatedBytes) <= 1e-6 * g.allocatedBytes, qPrintable(what));
        QVERIFY2(std::abs(g.reservedBytes - g.allocatedBytes - g.levelBytes(core::MemoryLevel::Reserved)) <= 1e-6 * g.reservedBytes, qPrintable(what));
        QVERIFY2(std::abs(g.deviceBytes - g.reservedBytes - g.levelBytes(core::MemoryLevel::Device)) <= 1e-6 * g.deviceBytes, qPrintable(what));
    }
}

} // namespace

class TestStepPeak : public QObject
{
    Q_OBJECT

private slots:
    void peakIsTheLargestMomentNotTheSum()
    {
        // Qwen3-1.7B, DP 32, s = 4096, b = 1, full recomputation, Megatron, fp32 gradients. Two
        // transients that never coexist, T = 4096 tokens, V = 151,936:
        //  - the loss (last stage): the fp32 softmax the vocab-parallel cross entropy keeps,
        //    4·T·V = 2,489,319,424 B, the final norm and output-layer inputs 2 · 2·T·h =
        //    33,554,432 B, and the bf16 logits (forward) or bf16 gradient (backward) beside it,
        //    2·T·V = 1,244,659,712 B: 3,767,533,568 B;
        //  - the first layer's backward: the layer rebuilt by recomputation, T × 65,608 B
        //    (2·h ×6 for the norm, QKV, Q, output-projection, MLP-norm and first-MLP inputs +
        //    2·1024 ×2 for K and V + 4·16 log-sum-exp + 4·F SwiGLU + 2·F second-MLP input + 8
        //    RMSNorm statistics) = 268,730,368 B, and its gradients 2·2·T·h + 3·2·T·F =
        //    33,554,432 + 150,994,944 B: 453,279,744 B.
        // The loss frees its logits before the first layer is recomputed: the peak is the
        // first, not their sum.
        core::Scenario s = testscenarios::preset("llama-2-7b", 32);
        s.model = qwen3_1_7b();
        s.training.globalBatchSize = 32;
        s.training.recompute = core::Recompute::Full;
        s.training.precision = core::PrecisionRecipe::MixedBf16Fp32Grads;
        s.training.zeroStage = 1;
        const core::Estimate e = core::estimate(s);
        QVERIFY(e.valid);
        const core::RankGroup& g = e.groups[0];
        const double loss = 4.0 * 4096 * 151936 + 2 * 2.0 * 4096 * 2048 + 2.0 * 4096 * 151936;
        const double layerBackward = 4096.0 * 65608 + (2 * 2.0 * 4096 * 2048 + 3 * 2.0 * 4096 * 6144);
        QCOMPARE(loss, 3767533568.0);
        QCOMPARE(layerBackward, 453279744.0);
        QCOMPARE(momentOf(g, StepMoment::LossBackward) - momentOf(g, StepMoment::LayerBackward), loss - layerBackward);
        QCOMPARE(g.allocatedBytes, momentOf(g, StepMoment::LossBackward));
        // The bar shows what is alive then: the logits, not the recomputed layer.
        QCOMPARE(bytesOf(g, Component::RecomputeWorkspace), 0.0);
        QCOMPARE(bytesOf(g, Component::ActivationGradients), 0.0);
        QCOMPARE(bytesOf(g, Component::OutputActivations) + bytesOf(g, Component::LossWorkspace), loss);
        // Summing both, as a ledger without moments would, overstates the peak by the smaller.
        const double persistentAndSaved = momentOf(g, StepMoment::LossBackward) - loss;
        QCOMPARE_LT(g.allocatedBytes, persistentAndSaved + loss + layerBackward);
    }

    void optimizerStepCanBeThePeak()
    {
        // Megatron with a 16-bit grad buffer casts the gradient shard to fp32 for the step
        // (distrib_optimizer.py: shard_main_param.grad = shard_model_grad.float()): 4 B per
        // parameter with no distributed optimizer, on top of the 2 + 2 + 12 B of states, when
        // the activations are already freed. 1e9 parameters on one GPU, s = 256: the step's
        // 4e9 B outweigh the activations of one short micro-batch.
        core::Scenario s = testscenarios::countOnly(1e9, 1, 0);
        s.training.seqLength = 256;
        const core::Estimate e = core::estimate(s);
        QVERIFY(e.valid);
        const core::RankGroup& g = e.groups[0];
        QCOMPARE(g.peakMoment, StepMoment::Optimizer);
        QCOMPARE(bytesOf(g, Component::OptimizerStepTemporaries), 4e9);
        QCOMPARE(bytesOf(g, Component::LayerActivations), 0.0);
        // fp32 gradients need no copy.
        s.training.precision = core::PrecisionRecipe::MixedBf16Fp32Grads;
        QCOMPARE(core::estimate(s).groups[0].bytes[std::size_t(Component::OptimizerStepTemporaries)], 0.0);
    }

    void levelsAreOrdered_data()
    {
        QTest::addColumn<QString>("json");
        const QString base = R"({"schema_version": 1, "model": {"preset": "llama-3-8b"}, )";
        QTest::newRow("default") << QString::fromUtf8(core::defaultScenarioJson().data(), qsizetype(core::defaultScenarioJson().size()));
        QTest::newRow("Megatron TP 4 PP 2 interleaved")
            << base + R"("training": {"global_batch_size": 64}, "parallel": {"gpus": 16, "tensor": 4, "pipeline": 2, "virtual_pipeline": 2}})";
        QTest::newRow("DeepSpeed ZeRO-3") << base + R"("training": {"framework": "deepspeed", "zero_stage": 3, "global_batch_size": 16}, "parallel": {"gpus": 8}})";
        QTest::newRow("FSDP2 selective") << base + R"("training": {"framework": "fsdp2", "zero_stage": 3, "recompute": "selective", "global_batch_size": 8}, "parallel": {"gpus": 8}})";
        QTest::newRow("DDP AMP") << base + R"("training": {"framework": "ddp", "global_batch_size": 16}, "parallel": {"gpus": 8}, "hardware": {"gpu": "h200"}})";
        QTest::newRow("expandable segments") << base + R"("training": {"global_batch_size": 8}, "parallel": {"gpus": 8}, "runtime": {"expandable_segments": true}})";
        QTest::newRow("QLoRA, paged") << base + R"("mode": "finetune", "finetune": {"method": "qlora"}, "training": {"global_batch_size": 1, "framework": "ddp"}, "parallel": {"gpus": 1}})";
        QTest::newRow("GRPO colocated") << base + R"("mode": "finetune", "finetune": {"method": "lora", "rl": {"algorithm": "grpo"}}, "training": {"global_batch_size": 8, "zero_stage": 3, "framework": "deepspeed"}, "parallel": {"gpus": 8}})";
        const QString serving = base + R"("mode": "inference", "inference": {"engine": "%1", "batch_size": 8, "prompt_length": 2048}, )"
                                       R"("parallel": {"gpus": 2, "tensor": 2}})";
        for (const char* engine : {"vllm", "sglang", "hf_transformers", "llama_cpp", "tensorrt_llm"})
            QTest::newRow(engine) << serving.arg(engine);
    }

    void levelsAreOrdered()
    {
        QFETCH(QString, json);
        const core::ScenarioLoad l = core::loadScenario(json.toStdString());
        QVERIFY2(l.ok, l.issues.empty() ? "" : core::describe(l.issues.front()).c_str());
        checkLevels(core::estimate(l.scenario), json);
    }

    void levelsAreOrderedForEveryDeckScene()
    {
        const core::DeckLoad deck = core::loadDeck(core::seedDeckJson());
        QVERIFY(deck.ok);
        for (const core::Scene& scene : deck.deck.scenes)
            checkLevels(core::estimate(scene.scenario), QString::fromStdString(scene.title.en));
    }

    void expandableSegmentsLeaveOnlyPageRounding()
    {
        // Expandable segments map the large pool in 20 MiB pages and unmap free ones: reserved
        // is allocated rounded up to the page (PyTorch Note [Expandable Segments]).
        core::Scenario s = testscenarios::preset("llama-2-7b", 8);
        s.training.globalBatchSize = 8;
        s.runtime.expandableSegments = true;
        const core::RankGroup g = core::estimate(s).groups[0];
        QCOMPARE_LT(g.reservedBytes - g.allocatedBytes, 20971520.0);
        QCOMPARE(std::fmod(g.reservedBytes, 20971520.0), 0.0);
    }

    void scheduleTableIsMegatrons()
    {
        // megatron/core/pipeline_parallel/schedules.py, forward_backward_pipelining_with_interleaving:
        // "the tunable schedule table for PP2 N3M5 with VP2" (micro-batch groups of 3, 5
        // micro-batches, 2 chunks): micro-batch 0 1 2 0 1 2 3 4 3 4, chunk 0 0 0 1 1 1 0 0 1 1.
        const int microBatch[] = {0, 1, 2, 0, 1, 2, 3, 4, 3, 4};
        const int chunk[] = {0, 0, 0, 1, 1, 1, 0, 0, 1, 1};
        for (int k = 0; k < 10; ++k) {
            const core::ChunkMicroBatch op = core::forwardEntry(k, 5, 2, 3);
            QCOMPARE(op.microBatch, microBatch[k]);
            QCOMPARE(op.chunk, chunk[k]);
        }
        // get_pp_rank_microbatches: 1F1B warms up p − i − 1; interleaved 2(p − i − 1) + (v − 1)·p,
        // at most m·v. PP 4, VP 2, 8 micro-batches: stage 0 → 10, stage 3 → 4; 1F1B stage 0 → 3.
        QCOMPARE(core::warmupForwards(4, 2, 8, 0), 10);
        QCOMPARE(core::warmupForwards(4, 2, 8, 3), 4);
        QCOMPARE(core::warmupForwards(4, 1, 8, 0), 3);
        QCOMPARE(core::warmupForwards(4, 2, 2, 0), 4); // all 2·2 in warm-up
        // The rank's operations: warm-up forwards, one forward + one backward, cool-down.
        std::vector<core::ScheduleOp> ops;
        core::rankSchedule(4, 1, 6, 1, ops);
        QCOMPARE(ops.size(), std::size_t(12));
        QCOMPARE(ops[0].kind, core::PhaseKind::Forward);
        QCOMPARE(ops[1].kind, core::PhaseKind::Forward);
        QCOMPARE(ops[2].kind, core::PhaseKind::Forward);  // 2 warm-up + the first steady forward
        QCOMPARE(ops[3].kind, core::PhaseKind::Backward);
        QCOMPARE(ops[3].op.microBatch, 0);
        QCOMPARE(ops.back().kind, core::PhaseKind::Backward);
        QCOMPARE(ops.back().op.microBatch, 5);
    }

    void pipelineSplit_data()
    {
        QTest::addColumn<int>("layers");
        QTest::addColumn<int>("stages");
        QTest::addColumn<int>("first");
        QTest::addColumn<int>("last");
        QTest::addColumn<bool>("embedding");
        QTest::addColumn<bool>("loss");
        QTest::addColumn<QList<int>>("expected");
        // Llama 3 405B: 126 layers on 16 stages, one layer off the first and the last (Llama 3
        // paper §3.3.2): 7 + 14 × 8 + 7.
        QList<int> llama;
        llama << 7;
        for (int i = 0; i < 14; ++i)
            llama << 8;
        llama << 7;
        QTest::newRow("126 on 16") << 126 << 16 << 0 << 0 << false << false << llama;
        QTest::newRow("even") << 32 << 4 << 0 << 0 << false << false << QList<int>{8, 8, 8, 8};
        QTest::newRow("30 on 8: middle stages") << 30 << 8 << 0 << 0 << false << false << QList<int>{3, 4, 4, 4, 4, 4, 4, 3};
        QTest::newRow("31 on 8: centred block") << 31 << 8 << 0 << 0 << false << false << QList<int>{3, 4, 4, 4, 4, 4, 4, 4};
        QTest::newRow("9 on 2: the last stage") << 9 << 2 << 0 << 0 << false << false << QList<int>{4, 5};
        // Megatron decoder_first/last_pipeline_num_layers: the rest split evenly.
        QTest::newRow("first 6, last 6") << 32 << 4 << 6 << 6 << false << false << QList<int>{6, 10, 10, 6};
        QTest::newRow("only the last") << 30 << 4 << 0 << 3 << false << false << QList<int>{9, 9, 9, 3};
        // account_for_embedding/loss_in_pipeline_split: (30 + 2) / 4 = 8 units each.
        QTest::newRow("embedding and loss as layers") << 30 << 4 << 0 << 0 << true << true << QList<int>{7, 8, 8, 7};
        QTest::newRow("embedding as a layer") << 31 << 4 << 0 << 0 << true << false << QList<int>{7, 8, 8, 8};
    }

    void pipelineSplit()
    {
        QFETCH(int, layers);
        QFETCH(int, stages);
        QFETCH(int, first);
        QFETCH(int, last);
        QFETCH(bool, embedding);
        QFETCH(bool, loss);
        QFETCH(QList<int>, expected);
        const core::PipelineSplit split = core::pipelineSplit(layers, stages, first, last, embedding, loss);
        int start = 0;
        for (int i = 0; i < stages; ++i) {
            QCOMPARE(split.layersOn(i), expected[i]);
            QCOMPARE(split.firstLayerOf(i), start);
            start += expected[i];
        }
        QCOMPARE(start, layers);
    }

    void timelineHoldsTheSchedule()
    {
        // PP 4, 8 micro-batches, 1F1B: every stage runs 8 forwards and 8 backwards, its phases
        // tile the step, and the most allocated phase is what the estimate reports.
        core::Scenario s = testscenarios::preset("llama-2-7b", 16);
        s.parallel.tensor = 2;
        s.parallel.pipeline = 4;
        s.training.globalBatchSize = 16; // DP 2 → 8 micro-batches
        s.training.recompute = core::Recompute::Full;
        s.training.precision = core::PrecisionRecipe::MixedBf16Fp32Grads; // no fp32 grad copy at the step
        const core::Estimate e = core::estimate(s);
        const core::StepTimeline t = core::stepTimeline(s);
        QVERIFY(t.valid);
        QCOMPARE(t.stages.size(), std::size_t(4));
        QVERIFY(t.unitSeconds > 0);
        for (const core::StageTimeline& st : t.stages) {
            int forwards = 0, backwards = 0, recomputes = 0;
            double clock = 0, most = 0;
            for (const core::TimelinePhase& ph : st.phases) {
                QCOMPARE(ph.start, clock); // no gaps: waiting is an idle phase
                QCOMPARE_GE(ph.end, ph.start);
                clock = ph.end;
                most = std::max(most, ph.allocatedBytes);
                QCOMPARE_LE(ph.allocatedBytes, ph.reservedBytes);
                QCOMPARE_LE(ph.reservedBytes, ph.deviceBytes);
                forwards += ph.kind == core::PhaseKind::Forward && ph.moment == StepMoment::LayerForward;
                backwards += ph.kind == core::PhaseKind::Backward && ph.moment == StepMoment::LayerBackward;
                recomputes += ph.kind == core::PhaseKind::Recompute;
            }
            QCOMPARE(forwards, 8);
            QCOMPARE(backwards, 8);
            QCOMPARE(recomputes, 8);
            QCOMPARE(st.phases.back().kind, core::PhaseKind::Optimizer);
            const core::RankGroup& g = e.groups[std::size_t(st.group)];
            QVERIFY(g.firstStage <= st.stage && st.stage <= g.lastStage);
            QCOMPARE(most, g.allocatedBytes);
            QCOMPARE(st.phases[st.peakPhase].allocatedBytes, most);
        }
        // Stage 0 holds p = 4 micro-batches at its peak, stage 3 one (Narayanan §2.2).
        const core::TimelinePhase& peak0 = t.stages[0].phases[t.stages[0].peakPhase];
        QCOMPARE(peak0.inFlightMicroBatches, 4.0);
        const core::TimelinePhase& peak3 = t.stages[3].phases[t.stages[3].peakPhase];
        QCOMPARE(peak3.inFlightMicroBatches, 1.0);
        // The last stage starts its first forward after three stages' forwards.
        const core::TimelinePhase* firstForward = nullptr;
        for (const core::TimelinePhase& ph : t.stages[3].phases)
            if (ph.kind == core::PhaseKind::Forward) {
                firstForward = &ph;
                break;
            }
        QVERIFY(firstForward);
        QCOMPARE(firstForward->start, 3.0);
    }

    void interleavedTimelineHoldsTheWarmup()
    {
        // PP 4 × 2 chunks, 8 micro-batches: stage 1 warms up 2·2 + 4 = 8 chunk-forwards and peaks
        // with 9 of its 16 chunk-micro-batches saved, 9/2 whole-stage micro-batches.
        core::Scenario s = testscenarios::preset("llama-2-7b", 8);
        s.parallel.pipeline = 4;
        s.parallel.virtualPipeline = 2;
        s.parallel.tensor = 2;
        s.training.globalBatchSize = 8;
        const core::StepTimeline t = core::stepTimeline(s);
        QVERIFY(t.valid);
        double most = 0;
        for (const core::TimelinePhase& ph : t.stages[1].phases)
            most = std::max(most, ph.inFlightMicroBatches);
        QCOMPARE(most, 4.5);
        QCOMPARE(core::inFlightMicroBatches(4, 2, 8, 1), 4.5);
        const core::Estimate e = core::estimate(s);
        for (const core::StageTimeline& st : t.stages) {
            if (st.stage == 0)
                continue; // the embedding's few bytes ride on chunk 0 only
            const core::RankGroup& g = e.groups[std::size_t(st.group)];
            QCOMPARE(st.phases[st.peakPhase].allocatedBytes, g.allocatedBytes);
        }
    }

    void phasesAreTheirMomentsWhatEverCameBefore()
    {
        // The builder reuses a stage's components from the last phase of the same moment and
        // micro-batches in flight, and the caller's storage from the last re-plan: every phase
        // must still be its moment at its count. A timeline planned into storage that held
        // another scenario (GPipe, other stages, another model) equals one planned afresh, and
        // two phases of a stage at the same moment, count and kind of wait hold the same bytes
        // whichever came first; each phase's allocated level is the sum of its allocated-level
        // components (core/components.h levelOf).
        core::Scenario s = testscenarios::preset("llama-2-7b", 16);
        s.parallel.tensor = 2;
        s.parallel.pipeline = 4;
        s.training.globalBatchSize = 64;
        s.training.zeroStage = 3; // a forward gathers its layer's parameters; waiting holds no gather buffer
        core::Scenario other = testscenarios::preset("llama-2-13b", 32);
        other.parallel.pipeline = 8;
        other.training.globalBatchSize = 32;
        core::StepTimeline reused;
        core::stepTimeline(other, core::PipelineScheduleKind::GPipe, reused);
        QVERIFY(reused.valid);
        core::stepTimeline(s, reused);
        QVERIFY(reused == core::stepTimeline(s));
        for (const core::StageTimeline& st : reused.stages) {
            std::map<std::tuple<int, double, bool>, const core::TimelinePhase*> seen;
            for (const core::TimelinePhase& ph : st.phases) {
                double allocated = 0;
                for (std::size_t k = 0; k < core::kComponentCount; ++k)
                    if (core::levelOf(core::Component(k)) == core::MemoryLevel::Allocated)
                        allocated += ph.bytes[k];
                QCOMPARE(ph.allocatedBytes, allocated);
                const double gathered = ph.bytes[std::size_t(core::Component::Zero3GatherBuffers)];
                if (ph.kind == core::PhaseKind::Idle)
                    QCOMPARE(gathered, 0.0);
                else if (ph.kind == core::PhaseKind::Forward)
                    QCOMPARE_GT(gathered, 0.0);
                if (ph.kind == core::PhaseKind::Reduce || ph.kind == core::PhaseKind::Optimizer)
                    continue; // the reduction adds its buckets, the step its temporaries
                const auto key = std::make_tuple(int(ph.moment), ph.inFlightMicroBatches, ph.kind == core::PhaseKind::Idle);
                const auto [it, fresh] = seen.emplace(key, &ph);
                if (!fresh)
                    QVERIFY2(it->second->bytes == ph.bytes, qPrintable(QStringLiteral("stage %1, phase at %2").arg(st.stage).arg(ph.start)));
            }
        }
    }

    // Issue 32.6: a step of more chunk-micro-batches per stage than kMaxTimelineChunks lists the
    // first and the last ones; the steady-state cycles between them are left out and counted.
    // Independent check: in the steady state each micro-batch adds the same cycle, so the end of
    // the compute is linear in m; two full listings (512 and 1024 micro-batches) give its slope
    // and intercept, from which 4096 micro-batches must end where the partial listing ends.
    void aLongStepIsListedInPart_data()
    {
        QTest::addColumn<int>("virtualStages");
        QTest::addColumn<int>("kind");
        QTest::addRow("1F1B") << 1 << int(core::PipelineScheduleKind::OneFOneB);
        QTest::addRow("interleaved, 2 chunks") << 2 << int(core::PipelineScheduleKind::Interleaved);
        QTest::addRow("ZB-H1") << 1 << int(core::PipelineScheduleKind::ZeroBubbleH1);
    }
    void aLongStepIsListedInPart()
    {
        QFETCH(int, virtualStages);
        QFETCH(int, kind);
        auto step = [&](int microBatches) {
            core::Scenario s = testscenarios::preset("llama-2-7b", 8);
            s.parallel.tensor = 2;
            s.parallel.pipeline = 4; // DP 1
            s.parallel.virtualPipeline = virtualStages;
            s.training.microBatchSize = 1;
            s.training.globalBatchSize = microBatches;
            s.training.recompute = core::Recompute::Full;
            core::StepTimeline t;
            core::stepTimeline(s, core::PipelineScheduleKind(kind), t);
            return t;
        };
        auto computeEnd = [](const core::StepTimeline& t) { return t.computeEnd(); };
        const int big = 4096;
        const core::StepTimeline half = step(512 / virtualStages), full = step(1024 / virtualStages), many = step(big);
        QVERIFY(half.valid && full.valid && many.valid);
        QCOMPARE(half.omittedMicroBatches, 0);
        QCOMPARE(full.omittedMicroBatches, 0);
        QCOMPARE(many.microBatches, big);
        QCOMPARE(many.omittedMicroBatches, big - 1024 / virtualStages);
        const double slope = (computeEnd(full) - computeEnd(half)) / (full.microBatches - half.microBatches);
        const double predicted = computeEnd(full) + slope * (big - full.microBatches);
        QVERIFY2(std::abs(computeEnd(many) - predicted) <= 1e-9 * predicted, qPrintable(QStringLiteral("%1 vs %2").arg(computeEnd(many)).arg(predicted)));
        QVERIFY2(std::abs(many.omittedLength - slope * many.omittedMicroBatches) <= 1e-9 * predicted, "the gap is the omitted cycles");
        // Seconds per unit: the estimate's compute over the whole step, not over what is listed.
        QVERIFY2(std::abs(many.unitSeconds * predicted / (full.unitSeconds * computeEnd(full)) - double(big) / full.microBatches) < 0.1,
                 "the unit's seconds spread the step over its real length");
        // The bubble: idle time over the whole step, the omitted micro-batches' work included.
        double idle = 0;
        for (std::size_t i = 0; i < many.stages.size(); ++i) {
            double busyFull = 0;
            for (const core::TimelinePhase& ph : full.stages[i].phases)
                if (ph.kind == core::PhaseKind::Forward || ph.kind == core::PhaseKind::Backward || ph.kind == core::PhaseKind::Recompute
                    || ph.kind == core::PhaseKind::WeightGradient)
                    busyFull += ph.end - ph.start;
            idle += predicted - busyFull / full.microBatches * big; // every micro-batch does the same work on a stage
        }
        QVERIFY(std::abs(many.bubbleFraction() - idle / (many.stages.size() * predicted)) < 1e-9);
        for (std::size_t i = 0; i < many.stages.size(); ++i) {
            const core::StageTimeline& st = many.stages[i];
            QCOMPARE_LE(st.phases.size(), std::size_t(8 * core::kMaxTimelineChunks + 8));
            // The steady state's memory is the same at any length: the peak is the full listing's.
            QCOMPARE(st.phases[st.peakPhase].allocatedBytes, full.stages[i].phases[full.stages[i].peakPhase].allocatedBytes);
            int last = -1;
            double clock = 0;
            for (const core::TimelinePhase& ph : st.phases) {
                last = std::max(last, ph.microBatch);
                QCOMPARE_GE(ph.start, clock - 1e-9); // in time order; the one gap is the omitted cycles
                clock = ph.end;
            }
            QCOMPARE(last, big - 1); // numbered as in the step
        }
    }

    // Issue 32.6: no listing at all where none can be bounded, and the reason.
    void timelinesBeyondTheirBoundSayWhy()
    {
        core::Scenario s = testscenarios::preset("llama-2-7b", 128);
        s.model.numLayers = 128;
        s.parallel.pipeline = 128; // one layer a stage: more stages than a timeline lists
        s.training.globalBatchSize = 256;
        core::StepTimeline t = core::stepTimeline(s);
        QVERIFY(!t.valid);
        QCOMPARE(int(t.limit), int(core::TimelineLimit::TooManyStages));
        QVERIFY(t.stages.empty());
        core::Scenario g = testscenarios::preset("llama-2-7b", 8);
        g.parallel.pipeline = 4;
        g.parallel.tensor = 2;
        g.training.globalBatchSize = 4096; // GPipe holds every micro-batch at once: none can be left out
        core::stepTimeline(g, core::PipelineScheduleKind::GPipe, t);
        QVERIFY(!t.valid);
        QCOMPARE(int(t.limit), int(core::TimelineLimit::TooManyMicroBatches));
    }

    // Issue 32.3/6: a pipeline of 1,000 one-layer stages made 1,000 rank groups (100,000 hung
    // the window). At most kMaxRankGroups, covering every stage in order, each run shown by its
    // fullest stage; in 1F1B stage 0 holds the most micro-batches (p of them) and the embedding.
    void aLongPipelineIsGroupedByItsFullestStages()
    {
        core::Scenario s = testscenarios::preset("llama-2-7b", 1000);
        s.model.numLayers = 1000;
        s.parallel.pipeline = 1000;
        s.training.globalBatchSize = 2000;
        const core::Estimate e = core::estimate(s);
        QVERIFY(e.valid);
        QCOMPARE_LE(e.groups.size(), std::size_t(core::kMaxRankGroups));
        QCOMPARE_GT(e.groups.size(), std::size_t(2));
        int next = 0;
        for (const core::RankGroup& g : e.groups) {
            QCOMPARE(g.firstStage, next);
            QVERIFY(g.shownStage < 0 || (g.firstStage <= g.shownStage && g.shownStage <= g.lastStage));
            next = g.lastStage + 1;
        }
        QCOMPARE(next, 1000);
        QCOMPARE(e.groups.front().lastStage, 0);
        QCOMPARE(e.fullest().firstStage, 0);
        QCOMPARE(e.groups.front().inFlightMicroBatches, 1000.0);
        // Middle runs hold fewer micro-batches stage by stage: each shows its first stage.
        for (std::size_t i = 1; i + 1 < e.groups.size(); ++i) {
            QCOMPARE(e.groups[i].shownStage, e.groups[i].firstStage);
            QCOMPARE(e.groups[i].inFlightMicroBatches, double(1000 - e.groups[i].firstStage));
        }
    }

    void servingHasNoTimeline()
    {
        core::Scenario s = testscenarios::preset("llama-2-7b", 1);
        s.mode = core::Mode::Inference;
        QVERIFY(!core::stepTimeline(s).valid);
    }
};

QTEST_GUILESS_MAIN(TestStepPeak)
#include "tst_steppeak.moc"
