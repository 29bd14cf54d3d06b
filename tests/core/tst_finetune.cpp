// Fine-tuning: LoRA/QLoRA adapters and frozen bases, and RL with several model roles on the
// same GPUs (the seeds' "7B GRPO on 8 × A100" and "can 8 × A100 train 70B?").
#include <QtTest>

#include "core/estimate.h"
#include "core/fields.h"
#include "core/finetune.h"
#include "core/working.h"
#include "core/io/presets.h"
#include "core/io/scenario_io.h"
#include "core/rules/rules.h"
#include "testscenarios.h"

using namespace testscenarios;

namespace {

double bytesOf(const core::RankGroup& g, core::Component c)
{
    return g.bytes[std::size_t(c)];
}

core::Scenario lora(const char* modelId, int gpus, int zeroStage)
{
    core::Scenario s = preset(modelId, gpus);
    s.mode = core::Mode::FineTune;
    s.finetune.method = core::FineTuneMethod::LoRA;
    s.finetune.loraRank = 16;
    s.training.zeroStage = zeroStage;
    s.training.globalBatchSize = gpus;
    s.training.recompute = core::Recompute::Full;
    s.training.seqLength = 2048;
    return s;
}

/// Seed 1 §7.3: LoRA r=16 on q,k,v,o, ZeRO-3, gradient checkpointing, micro-batch 1, 8 samples
/// per prompt, 2048 new tokens; vLLM rollout colocated.
core::Scenario grpo7b()
{
    const core::ScenarioLoad l = core::loadScenario(R"({"schema_version": 1, "mode": "finetune",
        "model": {"preset": "llama-2-7b"},
        "training": {"seq_length": 2560, "micro_batch_size": 1, "global_batch_size": 64, "precision": "mixed_16",
                     "optimizer": "adamw", "zero_stage": 3, "recompute": "full"},
        "finetune": {"method": "lora", "lora_rank": 16, "lora_targets": ["q", "k", "v", "o"],
                     "rl": {"algorithm": "grpo", "samples_per_prompt": 8, "prompt_length": 512, "max_new_tokens": 2048}},
        "parallel": {"gpus": 8}, "hardware": {"gpu": "a100-80gb", "mfu": 0.4}})");
    return l.scenario;
}

} // namespace

class TestFineTune : public QObject
{
    Q_OBJECT

private slots:
    void adapterCounts_data()
    {
        QTest::addColumn<int>("rank");
        QTest::addColumn<unsigned>("targets");
        QTest::addColumn<double>("expected");
        // Llama-2-7B: q,k,v,o are 4096×4096 → r·(4096 + 4096) each, 32 layers.
        QTest::addRow("r16 qkvo") << 16 << unsigned(core::LoraQ | core::LoraK | core::LoraV | core::LoraO) << 32 * 4 * 16 * 8192.0;
        // All linear layers, r 8: + gate/up 4096→11008 and down 11008→4096 → 19,988,480 (PEFT's
        // print_trainable_parameters for Llama-2-7B, r=8, all-linear).
        QTest::addRow("r8 all linear") << 8 << unsigned(0x7F) << 19988480.0;
    }
    void adapterCounts()
    {
        QFETCH(int, rank);
        QFETCH(unsigned, targets);
        QFETCH(double, expected);
        QCOMPARE(core::countAdapters(core::findModelPreset("llama-2-7b")->model, rank, targets).total, expected);
    }

    void loraStates()
    {
        // Frozen bf16 base: 2 B per parameter, no gradients or optimizer for it; adapters carry
        // 16 B each: PEFT keeps them in fp32 (autocast_adapter_dtype=True), so 4 B weight, 4 B
        // gradient and Adam's two fp32 moments (8 B), no separate master copy.
        core::Scenario s = lora("llama-2-7b", 1, 0);
        const core::Estimate e = core::estimate(s);
        QVERIFY(e.valid);
        const core::RankGroup& g = e.groups[0];
        const double adapters = 32 * 4 * 16 * 8192.0;
        QCOMPARE(bytesOf(g, core::Component::Weights), 2 * 6738415616.0);
        QCOMPARE(bytesOf(g, core::Component::AdapterWeights), 4 * adapters);
        QCOMPARE(bytesOf(g, core::Component::Gradients), 4 * adapters);
        QCOMPARE(bytesOf(g, core::Component::OptimizerStates), 8 * adapters);
        QCOMPARE(e.finetune.trainableParameters, adapters);
    }

    void bf16AdapterMoments_data()
    {
        QTest::addColumn<bool>("paged");
        QTest::addColumn<int>("momentDtype");
        QTest::addColumn<double>("momentBytes");
        QTest::addColumn<double>("pagedBytes");
        // bf16 adapters stepped by torch.optim.AdamW: both moments are zeros_like(p), bf16
        // (torch/optim/adam.py @ dc80ccd, Adam._init_group): 2 × 2 B per adapter parameter.
        QTest::newRow("torch AdamW: bf16 moments") << false << int(core::MomentDtype::Auto) << 4.0 << 0.0;
        // bitsandbytes' paged 32-bit AdamW keeps fp32 states in managed memory
        // (bitsandbytes/optim/optimizer.py @ 95f9af3, Optimizer2State.init_state): 2 × 4 B, paged.
        QTest::newRow("paged 32-bit AdamW: fp32 moments, paged") << true << int(core::MomentDtype::Auto) << 0.0 << 8.0;
        // training.moment_dtype = fp32 forces fp32 moments on the device.
        QTest::newRow("forced fp32 moments") << false << int(core::MomentDtype::Fp32) << 8.0 << 0.0;
    }
    void bf16AdapterMoments()
    {
        QFETCH(bool, paged);
        QFETCH(int, momentDtype);
        QFETCH(double, momentBytes);
        QFETCH(double, pagedBytes);
        core::Scenario s = lora("llama-2-7b", 1, 0);
        s.finetune.adapterPrecision = core::AdapterDtype::Bf16;
        s.finetune.pagedOptimizer = paged;
        s.training.optimizer = core::Optimizer::AdamW;
        s.training.momentDtype = core::MomentDtype(momentDtype);
        const core::Estimate e = core::estimate(s);
        QVERIFY(e.valid);
        const core::RankGroup& g = e.groups[0];
        // r 16 on q, k, v, o of Llama-2-7B: 32 layers × 4 × 16 × (4096 + 4096) = 16,777,216.
        const double adapters = 16777216.0;
        QCOMPARE(bytesOf(g, core::Component::AdapterWeights), 2 * adapters); // 33,554,432 B
        QCOMPARE(bytesOf(g, core::Component::OptimizerStates), momentBytes * adapters); // 67,108,864 B in bf16
        QCOMPARE(bytesOf(g, core::Component::PagedOptimizerStates), pagedBytes * adapters);
    }

    void qloraBase()
    {
        // QLoRA: linear weights in NF4 with double quantization (4.127 bits); embeddings, norms
        // and the output layer stay 16-bit. Llama-2-7B: 32 × (202,383,360 − 8192) linear.
        core::Scenario s = lora("llama-2-7b", 1, 0);
        s.finetune.method = core::FineTuneMethod::QLoRA;
        s.finetune.base.format = core::WeightFormat::Nf4;
        s.finetune.base.doubleQuantization = true;
        const core::Estimate e = core::estimate(s);
        const double linear = 32 * (202383360.0 - 8192);
        const double other = 6738415616.0 - linear;
        const double bits = 4 + 8.0 / 64 + 32.0 / (64 * 256);
        QCOMPARE_LT(std::abs(bytesOf(e.groups[0], core::Component::Weights) - (linear * bits / 8 + other * 2)), 1);
        QVERIFY(bytesOf(e.groups[0], core::Component::DequantWorkspace) > 0);
    }

    void qloraPublishedRecipe()
    {
        // QLoRA as published (Dettmers et al. 2023 §3–4, qlora.py): bf16 adapters, paged 32-bit
        // AdamW. An adapter parameter costs 2 B weight + 2 B gradient + 8 B fp32 moments, the
        // moments in unified memory (a device-level, evictable segment, not PyTorch's allocator).
        const core::ScenarioLoad l = core::loadScenario(R"({"schema_version": 1, "mode": "finetune",
            "model": {"preset": "llama-2-7b"}, "finetune": {"method": "qlora", "lora_rank": 16},
            "training": {"global_batch_size": 1, "seq_length": 2048, "recompute": "full", "framework": "ddp"},
            "parallel": {"gpus": 1}})");
        QVERIFY(l.ok);
        QCOMPARE(int(l.scenario.finetune.adapterPrecision), int(core::AdapterDtype::Bf16));
        QVERIFY(l.scenario.finetune.pagedOptimizer);
        core::Working w;
        const core::Estimate e = core::estimate(l.scenario, &w);
        QVERIFY(e.valid);
        const core::RankGroup& g = e.groups[0];
        const double adapters = 32 * 4 * 16 * 8192.0; // r·(4096 + 4096) on q, k, v, o of 32 layers
        QCOMPARE(bytesOf(g, core::Component::AdapterWeights), 2 * adapters);
        // (the gradients exist from the backward to the step: one micro-batch, so not at the peak)
        double gradients = -1;
        for (const core::WorkingLine& line : w.lines())
            if (line.term == core::Term::Gradients)
                gradients = line.value;
        QCOMPARE(gradients, 2 * adapters);
        QCOMPARE(bytesOf(g, core::Component::PagedOptimizerStates), 8 * adapters);
        QCOMPARE(bytesOf(g, core::Component::OptimizerStates), 0.0);
        QCOMPARE_GE(g.deviceBytes - g.reservedBytes, 8 * adapters);
        // The frozen base is loaded once and never freed: no fragmentation is charged on it. The
        // allocator reserve is 5 % of what the step allocates beyond it (the loss's cached block
        // comes on top for PyTorch's cross entropy).
        const double base = bytesOf(g, core::Component::Weights);
        QCOMPARE_LT(bytesOf(g, core::Component::Fragmentation), 0.05 * (g.allocatedBytes - base) + 2.0 * 2048 * 32000 + 1);
        // An explicit choice overrides the method's recipe.
        const core::ScenarioLoad fp32 = core::loadScenario(R"({"schema_version": 1, "mode": "finetune",
            "model": {"preset": "llama-2-7b"}, "finetune": {"method": "qlora", "adapter_precision": "fp32", "paged_optimizer": false}})");
        QVERIFY(fp32.ok);
        QCOMPARE(int(fp32.scenario.finetune.adapterPrecision), int(core::AdapterDtype::Fp32));
        QVERIFY(!fp32.scenario.finetune.pagedOptimizer);
    }

    void qlora65BOnOne48GbGpu()
    {
        // QLoRA's headline (Dettmers et al. 2023, abstract): a 65B model fine-tuned on one 48 GB
        // GPU. LLaMA-65B (80 layers, h 8192, SwiGLU F 22016, 64 heads, vocabulary 32000), NF4 with
        // double quantization, LoRA r = 64 on every linear layer, bf16 adapters, paged AdamW,
        // gradient checkpointing, 512-token sequences, one at a time.
        core::Scenario s = lora("llama-2-70b", 1, 0);
        core::ModelArchitecture& m = s.model;
        m.name = "LLaMA-65B";
        m.preset.clear();
        m.numLayers = 80;
        m.hiddenSize = 8192;
        m.ffnHiddenSize = 22016;
        m.numAttentionHeads = 64;
        m.numQueryGroups = 64;
        m.vocabSize = 32000;
        m.maxPositionEmbeddings = 2048;
        s.training.seqLength = 512;
        s.training.framework = core::Framework::Ddp;
        s.hardware.gpu = testscenarios::gpu("l40s");
        core::applyFineTuneMethod(s.finetune, core::FineTuneMethod::QLoRA);
        s.finetune.loraRank = 64;
        s.finetune.loraTargets = core::LoraQ | core::LoraK | core::LoraV | core::LoraO | core::LoraGate | core::LoraUp | core::LoraDown;
        const core::Estimate e = core::estimate(s);
        QVERIFY(e.valid);
        QVERIFY2(e.fullest().fits, qPrintable(QString::number(e.fullest().deviceBytes / 1e9)));
        QCOMPARE_LE(e.fullest().deviceBytes, 48305799168.0);
        // r·(d_in + d_out) per matrix: 64 · (4 · 16384 + 3 · 30208) · 80 layers = 799,539,200.
        QCOMPARE(e.finetune.adapterParameters, 799539200.0);
    }

    void canEightA100Train70B()
    {
        // Seed 1 §6.4 / Q8: full fine-tuning of 70B on 8 × 80 GB: no (≥ 140 GB per GPU even with
        // ZeRO-3); LoRA with ZeRO-3: yes (a 140 GB bf16 base / 8); QLoRA: even on one GPU.
        core::Scenario full = lora("llama-2-70b", 8, 3);
        full.finetune.method = core::FineTuneMethod::Full;
        QVERIFY(!core::estimate(full).fullest().fits);
        const core::Estimate l = core::estimate(lora("llama-2-70b", 8, 3));
        QVERIFY(l.valid);
        QVERIFY(l.fullest().fits);
        QCOMPARE_LT(std::abs(bytesOf(l.groups[0], core::Component::Weights) - 2 * 68976648192.0 / 8), 1);
        core::Scenario q = lora("llama-2-70b", 1, 0);
        q.finetune.method = core::FineTuneMethod::QLoRA;
        q.finetune.base.format = core::WeightFormat::Nf4;
        q.finetune.base.doubleQuantization = true;
        q.training.seqLength = 1024;
        QVERIFY(core::estimate(q).fullest().fits);
    }

    void grpoSeedCheck()
    {
        // Seed 1 §7.1: "单卡可控制在 60GB 内" — every phase of the step under 60 GB per GPU.
        const core::Estimate e = core::estimate(grpo7b());
        QVERIFY2(e.valid, e.issues.empty() ? "" : core::describe(e.issues.front()).c_str());
        QCOMPARE(e.groups.size(), std::size_t(2)); // training phase, rollout phase
        QVERIFY(e.groups[0].phase == core::GroupPhase::RlTrainingPhase);
        QVERIFY(e.groups[1].phase == core::GroupPhase::RlRolloutPhase);
        for (const core::RankGroup& g : e.groups)
            QVERIFY2(g.totalBytes < 60e9, qPrintable(QString::number(g.totalBytes / 1e9)));
        // The breakdown: the reference is the frozen base with adapters off (no copy); the
        // rollout engine holds a bf16 copy (2 B × Ψ) and reserves 40 % of the GPU with its KV.
        const core::RankGroup& rollout = e.groups[1];
        QCOMPARE(bytesOf(rollout, core::Component::ReferenceWeights), 0.0);
        QCOMPARE(bytesOf(rollout, core::Component::RolloutWeights), 2 * 6738415616.0);
        QCOMPARE(bytesOf(rollout, core::Component::RolloutKvCache), 0.4 * 80 * 1073741824.0 - 2 * 6738415616.0);
        QCOMPARE(bytesOf(e.groups[0], core::Component::RolloutKvCache), 0.0); // freed while training
        QVERIFY(bytesOf(e.groups[0], core::Component::LayerActivations) > 0);
        QCOMPARE(bytesOf(rollout, core::Component::LayerActivations), 0.0);
        // Base sharded by ZeRO-3 over 8: 6.738e9 × 2 B / 8.
        QCOMPARE(bytesOf(e.groups[0], core::Component::Weights), 2 * 6738415616.0 / 8);
        // The rollout needs 8 samples × 2560 tokens × 0.5 MiB = 10.7 GB of KV, less than reserved.
        QCOMPARE(e.finetune.rolloutKvNeeded, 8 * 2560 * 524288.0);
        QVERIFY(e.finetune.rolloutKvNeeded < e.finetune.rolloutKvReserved);
    }

    void grpoRolloutDominatesTheStep()
    {
        // Seed 1 §7.2: "rollout is the main bottleneck". Per GPU (rollout TP 1), 1 prompt × 8
        // samples = 8 sequences, 512 prompt + 2048 new tokens, on an A100 80GB (2,039 GB/s HBM,
        // 312 TFLOP/s bf16, MFU 40 %). Llama-2-7B: Ψ = 6,738,415,616; KV per token
        // 2·32 layers·4096·2 B = 524,288 B.
        //   decode step: bf16 weights 2Ψ = 13,476,831,232 B + KV of 8 sequences at the mean context
        //   512 + 2047/2 = 1535.5 → 8·524,288·1535.5 = 6,440,353,792 B; 19,917,185,024 B / 2.039e12
        //   = 9.768 ms (FLOPs 2Ψ·8 / 312e12 = 0.35 ms: bandwidth-bound); × 2048 = 20.005 s
        //   prefill: 2Ψ·8·512 / (312e12·0.4) = 0.4423 s           → rollout 20.45 s per step
        const core::Estimate e = core::estimate(grpo7b());
        QVERIFY(e.valid);
        const double psi = 6738415616.0;
        const double decode = 2048 * (2 * psi + 8 * 524288.0 * 1535.5) / 2.039e12;
        const double prefill = 2 * psi * 8 * 512 / (312e12 * 0.4);
        QCOMPARE(e.compute.rolloutRounds, 1.0);
        QVERIFY2(std::abs(e.compute.rolloutSeconds - (decode + prefill)) < 1e-9 * e.compute.rolloutSeconds,
                 qPrintable(QString::number(e.compute.rolloutSeconds)));
        QCOMPARE_LT(std::abs(e.compute.rolloutSeconds - 20.447), 0.001);
        // The step is rollout + training; rollout is most of it.
        QVERIFY(e.compute.rolloutSeconds > 0.75 * e.compute.iterationSeconds);
        QCOMPARE(e.compute.run.goodput.workSeconds, e.compute.iterationSeconds * e.compute.iterations);

        // 32 samples need 32·2560·524,288 B = 42.9 GB of KV but the engine reserves
        // 0.4·80 GiB − 2Ψ = 20.88 GB: vLLM runs them in 3 rounds of 32/3 sequences, reading the
        // weights once per round.
        core::Scenario s = grpo7b();
        s.finetune.rl.samplesPerPrompt = 32;
        s.training.globalBatchSize = 256;
        const core::Estimate more = core::estimate(s);
        QVERIFY(more.valid);
        QCOMPARE(more.compute.rolloutRounds, 3.0);
        const double perRound = 32.0 / 3;
        const double expected = 3 * (2048 * (2 * psi + perRound * 524288.0 * 1535.5) / 2.039e12 + 2 * psi * perRound * 512 / (312e12 * 0.4));
        QVERIFY2(std::abs(more.compute.rolloutSeconds - expected) < 1e-9 * expected, qPrintable(QString::number(more.compute.rolloutSeconds)));
    }

    void ppoRolesAndPlacement()
    {
        core::Scenario s = grpo7b();
        s.finetune.method = core::FineTuneMethod::Full;
        s.finetune.rl.algorithm = core::RlAlgorithm::Ppo;
        s.finetune.rl.critic = true;
        s.finetune.rl.rewardModel = true;
        s.finetune.rl.placement = core::RolloutPlacement::Separate;
        const core::Estimate e = core::estimate(s);
        QVERIFY(e.valid);
        // Training GPUs hold policy, reference, reward and critic; the rollout pool the engine.
        const core::RankGroup& train = e.groups.front();
        const core::RankGroup& pool = e.groups.back();
        QVERIFY(pool.phase == core::GroupPhase::RolloutPool);
        QCOMPARE(pool.firstRank, 8);
        QCOMPARE(bytesOf(train, core::Component::RolloutWeights), 0.0);
        // Full fine-tuning: the reference is a frozen bf16 copy, ZeRO-3-sharded: 2 B × Ψ / 8.
        QCOMPARE(bytesOf(train, core::Component::ReferenceWeights), 2 * 6738415616.0 / 8);
        QCOMPARE(bytesOf(train, core::Component::RewardWeights), 2 * 6738415616.0 / 8);
        // The critic is trained like the policy: the same model states.
        QCOMPARE(bytesOf(train, core::Component::CriticOptimizerStates), bytesOf(train, core::Component::OptimizerStates));
        QVERIFY(bytesOf(pool, core::Component::RolloutKvCache) > 0);
    }

    void loraFlops()
    {
        // Frozen weights get no weight-gradient GEMM: 4·N per token + 6 per adapter parameter.
        core::Scenario s = countOnly(7e9, 8, 3);
        s.mode = core::Mode::FineTune;
        s.finetune.method = core::FineTuneMethod::LoRA;
        s.training.trainTokens = 1e9;
        const core::Estimate e = core::estimate(s);
        QVERIFY(e.valid);
        QCOMPARE_LT(std::abs(e.compute.totalModelFlops - (4 * 7e9 + 6 * e.finetune.adapterParameters) * 1e9), 1e-9 * e.compute.totalModelFlops);
    }

    void roundTripsThroughFiles()
    {
        const core::Scenario s = grpo7b();
        const core::ScenarioLoad l = core::loadScenario(core::saveScenario(s));
        QVERIFY(l.ok);
        QCOMPARE(core::saveScenario(l.scenario), core::saveScenario(s));
        QCOMPARE(core::estimate(l.scenario).fullest().totalBytes, core::estimate(s).fullest().totalBytes);
    }
};

QTEST_GUILESS_MAIN(TestFineTune)
#include "tst_finetune.moc"
