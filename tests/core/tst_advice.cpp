// The advisor ("what to try first"): the seeds' questions with numbers worked by hand from the
// papers' formulas, and for every remedy of every case that its bytes saved are exactly the
// difference of two estimates and that its --set overrides reproduce its scenario.
#include <QtTest>

#include <algorithm>
#include <cmath>

#include "core/advice/advice.h"
#include "core/estimate.h"
#include "core/io/scenario_io.h"

Q_DECLARE_METATYPE(core::Scenario)

namespace {

core::Scenario load(const char* json)
{
    const core::ScenarioLoad l = core::loadScenario(json);
    if (!l.ok)
        qFatal("test scenario invalid: %s", l.issues.empty() ? "?" : core::describe(l.issues.front()).c_str());
    return l.scenario;
}

/// Seed 1 §6.4, Q8: full fine-tuning of Llama 2 70B on one node of 8 × A100 80GB, ZeRO-3, full
/// checkpointing, sequence 2048, micro-batch 1.
core::Scenario fullFineTune70bScenario()
{
    return load(R"({"schema_version": 1, "mode": "finetune", "model": {"preset": "llama-2-70b"},
        "training": {"seq_length": 2048, "micro_batch_size": 1, "global_batch_size": 8, "precision": "mixed_16",
                     "optimizer": "adamw", "zero_stage": 3, "recompute": "full"},
        "finetune": {"method": "full"}, "parallel": {"gpus": 8}, "hardware": {"gpu": "a100-80gb"}})");
}

/// Llama 2 7B on one A100 at micro-batch 8, sequence 4096, nothing done about activations.
core::Scenario activationHeavy7bScenario()
{
    return load(R"({"schema_version": 1, "model": {"preset": "llama-2-7b"},
        "training": {"seq_length": 4096, "micro_batch_size": 8, "global_batch_size": 64, "precision": "mixed_16",
                     "optimizer": "adamw", "zero_stage": 0, "recompute": "none", "flash_attention": false},
        "parallel": {"gpus": 1}, "hardware": {"gpu": "a100-80gb"}})");
}

/// Serving Llama 2 70B in BF16 on 2 × 80 GB (TP 2) at batch 32, 2048-token prompts + 512 new.
core::Scenario serving70bScenario()
{
    return load(R"({"schema_version": 1, "mode": "inference", "model": {"preset": "llama-2-70b"},
        "inference": {"weight_format": "bf16", "kv_cache_dtype": "bf16", "batch_size": 32, "prompt_length": 2048,
                      "generated_tokens": 512}, "parallel": {"gpus": 2, "tensor": 2}, "hardware": {"gpu": "a100-80gb"}})");
}

const core::Remedy* find(const std::vector<core::Remedy>& list, core::RemedyAction action)
{
    for (const core::Remedy& r : list)
        if (!r.isCombination() && r.action() == action)
            return &r;
    return nullptr;
}

/// The memory the fullest GPU needs: its device bytes less a serving engine's idle KV pool
/// (vLLM reserves the pool whatever the batch needs; the batch needs its own KV cache).
double fullest(const core::Scenario& s)
{
    const core::Estimate e = core::estimate(s);
    double most = 0;
    for (const core::RankGroup& g : e.groups)
        most = std::max(most, g.totalBytes - g.bytes[std::size_t(core::Component::KvCacheReserve)]);
    return most;
}

bool near(double a, double b, double relative = 1e-9)
{
    return std::fabs(a - b) <= relative * std::max(std::fabs(a), std::fabs(b));
}

#define COMPARE_BYTES(actual, expected)                                                                                            \
    QVERIFY2(near((actual), (expected)), qPrintable(QStringLiteral("%1 vs expected %2").arg((actual), 0, 'f', 1).arg((expected), 0, 'f', 1)))

// Llama-2-70B as Hugging Face counts it, and its parts (config: h 8192, V 32000, 80 layers,
// RMSNorm scale vectors only): 68,976,648,192 parameters, 2 × 262,144,000 in the embedding and
// the output layer, 80 × 2 × 8192 + 8192 in the norms; the rest are linear weights.
constexpr double kPsi70 = 68'976'648'192.0;
constexpr double kEmbedding70 = 32000.0 * 8192;
constexpr double kNorms70 = 80 * 2 * 8192.0 + 8192;
constexpr double kLinear70 = kPsi70 - 2 * kEmbedding70 - kNorms70; // 68,451,041,280
constexpr double kFragmentation = 0.05; // runtime.fragmentation_fraction default, of everything else

} // namespace

class TestAdvice : public QObject
{
    Q_OBJECT

private slots:
    /// Every remedy, single or combined, in every case: bytes saved = fullest GPU before −
    /// after, each from its own estimate; the overrides it lists, applied to the scenario file or
    /// field by field, give the same scenario; "fits" is what the estimate says.
    void remediesAreTwoEstimates_data()
    {
        QTest::addColumn<core::Scenario>("scenario");
        QTest::addRow("70B full fine-tuning, 8 A100") << fullFineTune70bScenario();
        QTest::addRow("7B micro-batch 8, no recompute, no flash") << activationHeavy7bScenario();
        QTest::addRow("70B bf16 serving, 2 x 80 GB, batch 32") << serving70bScenario();
        QTest::addRow("default scenario (fits, listed on request)") << core::defaultScenario();
    }
    void remediesAreTwoEstimates()
    {
        QFETCH(core::Scenario, scenario);
        core::AdviceOptions options;
        options.evenIfFits = true;
        const core::Advice advice = core::advise(scenario, options);
        QVERIFY(advice.valid);
        QVERIFY(!advice.remedies.empty());
        const double before = fullest(scenario);
        COMPARE_BYTES(advice.fullestBytes, before);
        const std::string file = core::saveScenario(scenario);
        for (const auto* list : {&advice.remedies, &advice.combinations})
            for (const core::Remedy& r : *list) {
                const double after = fullest(r.scenario);
                COMPARE_BYTES(r.bytesSaved, before - after);
                QVERIFY(r.bytesSaved > 0);
                const core::Estimate e = core::estimate(r.scenario);
                QCOMPARE(r.fitsAfter, std::all_of(e.groups.begin(), e.groups.end(), [](const core::RankGroup& g) { return g.fits; }));
                std::vector<std::string> sets;
                for (const core::ScenarioChange& c : r.changes)
                    sets.push_back(core::changeText(c));
                QVERIFY(!sets.empty());
                const core::ScenarioLoad reloaded = core::loadScenario(file, sets);
                QVERIFY(reloaded.ok);
                QVERIFY2(reloaded.scenario == r.scenario, core::remedyActionName(r.action()).data());
                // The same fields set one by one through the table (what the window's controller
                // does, one set(field, value) each) give the same scenario.
                core::Scenario applied = scenario;
                core::applyChanges(r.changes, applied);
                QVERIFY2(applied == r.scenario, core::remedyActionName(r.action()).data());
                for (const core::ScenarioChange& c : r.changes)
                    QVERIFY2(core::fieldInfo(c.field).isScalar(), core::changeText(c).c_str());
            }
    }

    /// Seed 1 Q8: "70B on 8 × A100? Full parameters: no; only LoRA/QLoRA, ZeRO-3 + offload
    /// (very slow), or more GPUs." ZeRO-3 and full checkpointing are on already, so neither is
    /// offered again.
    void fullFineTuning70b()
    {
        const core::Scenario s = fullFineTune70bScenario();
        const core::Advice a = core::advise(s);
        QVERIFY(a.valid);
        QVERIFY(!a.fits);
        // Model states alone: 16 B × Ψ / 8 = 137.95 GB per GPU, more than the 80 GiB there are.
        QVERIFY(a.fullestBytes > 16 * kPsi70 / 8);
        QVERIFY(!find(a.remedies, core::RemedyAction::ZeroStage));
        QVERIFY(!find(a.remedies, core::RemedyAction::FullRecompute));
        QVERIFY(!find(a.remedies, core::RemedyAction::SelectiveRecompute));
        QVERIFY(!find(a.remedies, core::RemedyAction::MicroBatch)); // already 1

        // LoRA: the frozen BF16 base sharded by ZeRO-3, 2Ψ/8 = 17.24 GB of weights per GPU.
        const core::Remedy* lora = find(a.remedies, core::RemedyAction::Lora);
        QVERIFY(lora);
        QVERIFY(lora->fitsAfter);
        const core::Estimate le = core::estimate(lora->scenario);
        COMPARE_BYTES(le.fullest().bytes[std::size_t(core::Component::Weights)], 2 * kPsi70 / 8);
        COMPARE_BYTES(lora->bytesAfter, le.fullest().totalBytes);
        QVERIFY(lora->bytesAfter < 40e9);
        // Adapters train 4 instead of 6 FLOPs per frozen weight (Hu et al. 2021): about −1/3.
        QVERIFY(lora->extraFlopsFraction < -0.2);

        // QLoRA: linear weights in NF4 with double quantization, 4 + 8/64 + 32/(64·256) bits
        // (QLoRA §3), embeddings, output layer and norms in BF16, all over 8 ranks:
        // (68,451,041,280 × 4.126953125 / 8 + 525,606,912 × 2) / 8 = 4,545,374,208 B.
        const core::Remedy* qlora = find(a.remedies, core::RemedyAction::Qlora);
        QVERIFY(qlora);
        QVERIFY(qlora->fitsAfter);
        const core::Estimate qe = core::estimate(qlora->scenario);
        const double nf4Bits = 4 + 8.0 / 64 + 32.0 / (64 * 256);
        COMPARE_BYTES(qe.fullest().bytes[std::size_t(core::Component::Weights)], (kLinear70 * nf4Bits / 8 + (2 * kEmbedding70 + kNorms70) * 2) / 8);
        QVERIFY(qlora->bytesAfter < lora->bytesAfter);

        // ZeRO-3 + optimizer and parameter offload: DeepSpeed's estimate_zero3_model_states_mem_needs
        // with both offloaded puts 18 B per parameter in CPU memory × 1.5 for pinned buffers, per
        // node: 68,976,648,192 × 18 × 1.5 = 1,862,369,501,184 B.
        const core::Remedy* offload = find(a.remedies, core::RemedyAction::OffloadParameters);
        QVERIFY(offload);
        QVERIFY(offload->fitsAfter);
        COMPARE_BYTES(offload->cpuBytes, kPsi70 * 18 * 1.5);
        // ZeRO-Offload copies 16-bit gradients down and 16-bit weights back (4 B per parameter of
        // the shard), ZeRO-Infinity fetches the weights again for forward and backward (2 × 2 B).
        COMPARE_BYTES(offload->extraCommunicationBytes - (core::estimate(offload->scenario).communication.dataParallel
                                                          - core::estimate(s).communication.dataParallel),
                      (4 + 4) * kPsi70 / 8);
        QVERIFY(offload->timeFactor > 1);
        QCOMPARE(offload->note, core::RemedyNote::OffloadTransfers);
        // Optimizer-only offload keeps the 16-bit weights sharded on the GPUs: 16 B → 18 B − 2 B
        // = 16 B per parameter in CPU memory.
        const core::Remedy* optimizer = find(a.remedies, core::RemedyAction::OffloadOptimizer);
        QVERIFY(optimizer);
        COMPARE_BYTES(optimizer->cpuBytes, kPsi70 * 16 * 1.5);
    }

    /// Activations dominate: FlashAttention, a smaller micro-batch and checkpointing come first,
    /// each with its saving worked from Korthikanti et al. 2022's saved tensors for a Llama layer
    /// (SwiGLU, MHA, RMSNorm, no dropout): per layer 16sbh + 6sbF + 2as²b + 8sb bytes.
    void activationHeavy7b()
    {
        const core::Scenario s = activationHeavy7bScenario();
        const core::Advice a = core::advise(s);
        QVERIFY(a.valid);
        QVERIFY(!a.fits);
        QVERIFY(a.remedies.size() >= 4);
        QCOMPARE(a.remedies[0].action(), core::RemedyAction::FlashAttention);
        QCOMPARE(a.remedies[1].action(), core::RemedyAction::MicroBatch);
        QCOMPARE(a.remedies[2].action(), core::RemedyAction::SelectiveRecompute);
        QCOMPARE(a.remedies[3].action(), core::RemedyAction::FullRecompute);
        const double sb = 4096.0 * 8, h = 4096, F = 11008, heads = 32, seq = 4096, L = 32;
        const double scores = 2 * heads * seq * sb;        // softmax output, 2·a·s²·b
        const double perLayer = 16 * sb * h + 6 * sb * F + scores + 8 * sb;
        QCOMPARE(perLayer, 12'901'941'248.0);
        // The step's peak (core/timeline): transients of different moments never coexist, so a
        // change can move the peak to another moment (FlashAttention: from the first layer's
        // backward, with its activation gradients, to the loss). The saving is then the
        // difference of two estimates (remediesAreTwoEstimates); by hand here is what each
        // change does to the saved activations, the part the seeds' formulas describe.
        const core::Estimate e = core::estimate(s);
        auto layerActs = [](const core::Scenario& x) {
            return core::estimate(x).fullest().bytes[std::size_t(core::Component::LayerActivations)];
        };
        COMPARE_BYTES(e.fullest().bytes[std::size_t(core::Component::LayerActivations)], L * perLayer);
        // FlashAttention keeps no score matrix, only its fp32 log-sum-exp (4·s·b·a) per layer.
        COMPARE_BYTES(L * perLayer - layerActs(a.remedies[0].scenario), L * (scores - 4 * sb * heads));
        QVERIFY(a.remedies[0].bytesSaved >= L * (scores - 4 * sb * heads));
        QCOMPARE(a.remedies[0].extraFlopsFraction, 0.0);
        // Micro-batch 8 → 1 (no divisor of 8 fits): every saved activation is per micro-batch, 7/8 go.
        QCOMPARE(a.remedies[1].levers.front().value, 1.0);
        COMPARE_BYTES(L * perLayer - layerActs(a.remedies[1].scenario), 7.0 / 8 * L * perLayer);
        QCOMPARE(a.remedies[1].timeFactor, 1.0); // same FLOPs at the same throughput
        // Selective: the score matrices are not kept (Korthikanti et al. 2022 §5), recomputed in the backward.
        COMPARE_BYTES(L * perLayer - layerActs(a.remedies[2].scenario), L * scores);
        // Full: each layer keeps only its input (2sbh).
        COMPARE_BYTES(layerActs(a.remedies[3].scenario), L * 2 * sb * h);
        for (int i = 0; i < 4; ++i)
            QVERIFY(a.remedies[std::size_t(i)].bytesSaved > 0);
        // Full recomputation reruns the forward: +1/3 of the layers' FLOPs (Korthikanti et al. 2022: ~33 %).
        QVERIFY(a.remedies[3].extraFlopsFraction > 0.25 && a.remedies[3].extraFlopsFraction < 0.34);
        QVERIFY(a.remedies[3].timeFactor > 1.25);
        // One GPU: ZeRO has nothing to shard over, TP/PP/GPUs need a layout change: not offered.
        QVERIFY(!find(a.remedies, core::RemedyAction::ZeroStage));
        QVERIFY(!find(a.remedies, core::RemedyAction::Lora)); // pre-training: no adapters
        // Model states alone are 16 × 6.74 B = 108 GB > 80 GiB: no single change fits, and the
        // smallest fitting sets have two changes, one of them moving model states off the GPU.
        QVERIFY(std::none_of(a.remedies.begin(), a.remedies.end(), [](const core::Remedy& r) { return r.fitsAfter; }));
        QVERIFY(!a.combinations.empty());
        for (std::size_t i = 0; i < a.combinations.size(); ++i) {
            const core::Remedy& c = a.combinations[i];
            QCOMPARE(c.levers.size(), std::size_t(2));
            QVERIFY(c.fitsAfter);
            QVERIFY(c.scenario.training.offloadOptimizer);
            if (i > 0)
                QVERIFY(a.combinations[i - 1].timeFactor * a.combinations[i - 1].gpusFactor <= c.timeFactor * c.gpusFactor);
        }
    }

    /// Seed 2's serving list: weight quantization first, then the KV cache; nothing of training.
    void serving70b()
    {
        const core::Advice a = core::advise(serving70bScenario());
        QVERIFY(a.valid);
        QVERIFY(!a.fits);
        for (const core::Remedy& r : a.remedies)
            QVERIFY2(r.action() >= core::RemedyAction::WeightsFp8 || r.action() == core::RemedyAction::FlashAttention,
                     core::remedyActionName(r.action()).data());
        QCOMPARE(a.remedies.front().action(), core::RemedyAction::WeightsFp8);
        // FP8 halves the linear weights (embeddings stay 16-bit), per GPU of TP 2; weights are
        // allocated once, not fragmented: 68,451,041,280 / 2 × 1 B = 34,225,520,640 B. The
        // engine's idle KV pool (vLLM reserves it) is not counted as needed.
        const core::Remedy* fp8 = find(a.remedies, core::RemedyAction::WeightsFp8);
        COMPARE_BYTES(fp8->bytesSaved, kLinear70 / 2 * 1);
        QVERIFY(fp8->fitsAfter);
        QCOMPARE(fp8->note, core::RemedyNote::QualityFp8);
        QVERIFY(find(a.remedies, core::RemedyAction::WeightsInt8));
        const core::Remedy* int4 = find(a.remedies, core::RemedyAction::WeightsInt4);
        QVERIFY(int4);
        QCOMPARE(int4->note, core::RemedyNote::QualityInt4);
        // KV cache: 2 (K, V) × 8 KV heads / TP 2 × 128 × 2 B × 80 layers × 2560 tokens × 32
        // sequences = 13,421,772,800 B per GPU; FP8 halves it (a paged cache is not fragmented).
        const core::Remedy* kv = find(a.remedies, core::RemedyAction::KvCacheFp8);
        QVERIFY(kv);
        COMPARE_BYTES(kv->bytesSaved, 2.0 * 4 * 128 * 2 * 80 * 2560 * 32 / 2);
        QCOMPARE(kv->note, core::RemedyNote::QualityKvCache);
        // Fewer sequences or a shorter context: read off the estimate's largest batch and context.
        const core::Remedy* fewer = find(a.remedies, core::RemedyAction::FewerSequences);
        QVERIFY(fewer);
        QVERIFY(fewer->fitsAfter);
        QVERIFY(fewer->scenario.inference.batchSize < 32);
        QVERIFY(find(a.remedies, core::RemedyAction::ShorterContext));
        // Decode reads every weight per step: FP8 weights are faster, not slower.
        QVERIFY(fp8->timeFactor < 1);
    }

    /// A scenario that fits gets no advice unless asked; an invalid one gets none.
    /// Issue 29: the run's remedies for Llama 3 405B on 16,384 H100 (the seed deck's run scene),
    /// checkpointed every 500 steps, synchronously. Each figure is worked here from Daly's
    /// formulas (FGCS 22, 2006) on the run's own inputs — the checkpoint's stall δ, the restart R,
    /// the mean time between interruptions M, the step and the work T_s — not read off the code.
    void theRunsRemediesHandWorked()
    {
        const core::Scenario s = load(R"({"schema_version": 1, "model": {"preset": "llama-3.1-405b"},
            "training": {"seq_length": 8192, "micro_batch_size": 1, "global_batch_size": 2048, "train_tokens": 15.6e12,
                         "precision": "mixed_16", "optimizer": "adamw", "zero_stage": 1, "recompute": "none"},
            "parallel": {"gpus": 16384, "gpus_per_node": 8, "tensor": 8, "pipeline": 16, "sequence_parallel": true},
            "goodput": {"checkpoint_interval": 500},
            "hardware": {"gpu": "h100-sxm", "mfu": 0.4}})");
        const core::Estimate e = core::estimate(s);
        const core::GoodputInputs& in = e.compute.run.inputs;
        const double delta = in.stallSeconds, m = in.mtbiSeconds, r = in.restartSeconds, step = in.stepSeconds, work = in.workSeconds;
        QVERIFY(delta > 0 && m > 0 && step > 0 && work > 0);
        // M from the Llama 3 rates: 54 d × 86,400 / 419 (16,384 GPUs in 2,048 nodes, as derived).
        QVERIFY(near(m, 54.0 * 86400 / 419, 1e-9));
        // Daly's expected wall-clock of T_s of work checkpointed every τ.
        auto wall = [&](double tau, double stall) { return m * std::exp(r / m) * (std::exp((tau + stall) / m) - 1) * work / tau; };
        // Daly's interval: √(2δM)·[1 + ⅓·√(δ/2M) + ⅑·(δ/2M)] − δ, in whole steps.
        const double x = delta / (2 * m);
        const double dalySteps = std::max(1.0, std::round((std::sqrt(2 * delta * m) * (1 + std::sqrt(x) / 3 + x / 9) - delta) / step));
        const core::Advice a = core::advise(s);
        QVERIFY(a.valid);
        QVERIFY(!a.runRemedies.empty());
        const core::Remedy* interval = nullptr;
        for (const core::Remedy& rr : a.runRemedies)
            if (!rr.isCombination() && rr.action() == core::RemedyAction::CheckpointInterval)
                interval = &rr;
        QVERIFY(interval);
        QCOMPARE(interval->levers.front().value, dalySteps);
        QCOMPARE(interval->scenario.goodput.checkpointIntervalSteps, std::int64_t(dalySteps));
        const double before = wall(500 * step, delta), after = wall(dalySteps * step, delta);
        QVERIFY2(near(interval->wallSecondsBefore, before, 1e-9), qPrintable(QString::number(interval->wallSecondsBefore)));
        QVERIFY2(near(interval->wallSecondsAfter, after, 1e-9), qPrintable(QString::number(interval->wallSecondsAfter)));
        QVERIFY(near(interval->goodputAfter, work / after, 1e-9));
        QVERIFY(near(interval->timeFactor, after / before, 1e-9));
        // Worth the advice: at least a point of goodput (here about eleven).
        QVERIFY(interval->goodputAfter - interval->goodputBefore >= core::kRunAdviceThreshold);
        // The same memory: nothing on the GPUs moves.
        QCOMPARE(interval->bytesSaved, 0.0);
        QCOMPARE(interval->note, core::RemedyNote::IntervalTradeoff);
        // The largest gain first, each at least a point; a pair only when it beats both singles by a point.
        for (std::size_t i = 1; i < a.runRemedies.size(); ++i)
            QVERIFY(a.runRemedies[i - 1].goodputAfter >= a.runRemedies[i].goodputAfter);
        for (const core::Remedy& rr : a.runRemedies) {
            QVERIFY(rr.goodputAfter - rr.goodputBefore >= core::kRunAdviceThreshold);
            // Its overrides give its scenario (what the window applies as one undo step).
            core::Scenario applied = s;
            core::applyChanges(rr.changes, applied);
            QVERIFY(applied == rr.scenario);
            if (rr.isCombination())
                QVERIFY(rr.goodputAfter - interval->goodputAfter >= core::kRunAdviceThreshold);
            if (rr.scenario.goodput.asyncCheckpoint) {
                // Host memory for the snapshot: each GPU's shard (Ψ/(TP·PP) × 14 B for a ZeRO-1
                // Megatron checkpoint is Ψ·14/16,384 bytes per GPU in total), 8 GPUs per node.
                const core::Estimate ea = core::estimate(rr.scenario);
                QVERIFY(near(rr.cpuBytes, ea.cpuBytesPerNode + 8 * ea.compute.run.checkpoint.bytesPerGpu, 1e-9));
                QVERIFY(near(ea.compute.run.checkpoint.bytesPerGpu, ea.compute.run.checkpoint.bytes / 16384, 1e-9));
                QCOMPARE(rr.note, core::RemedyNote::AsyncHostMemory);
            }
        }
        // The optimal interval given (0), asynchronous, or nothing interrupting: no run remedies.
        core::Scenario optimal = s;
        optimal.goodput.checkpointIntervalSteps = 0;
        optimal.goodput.asyncCheckpoint = true;
        QVERIFY(core::advise(optimal).runRemedies.empty());
        core::Scenario reliable = s;
        reliable.goodput.gpuInterruptionsPer1000GpuDays = 0;
        reliable.goodput.nodeInterruptionsPer1000NodeDays = 0;
        QVERIFY(core::advise(reliable).runRemedies.empty());
        // Serving has no run.
        QVERIFY(core::advise(serving70bScenario()).runRemedies.empty());
    }

    void fitsOrInvalid()
    {
        const core::Advice quiet = core::advise(core::defaultScenario());
        QVERIFY(quiet.valid);
        QVERIFY(quiet.fits);
        QVERIFY(quiet.remedies.empty());
        core::Scenario broken = core::defaultScenario();
        broken.parallel.tensor = 3;
        const core::Advice none = core::advise(broken);
        QVERIFY(!none.valid);
        QVERIFY(none.remedies.empty());
    }
};

QTEST_GUILESS_MAIN(TestAdvice)
#include "tst_advice.moc"
