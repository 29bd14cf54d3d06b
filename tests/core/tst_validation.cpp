// Impossible layouts and bad numbers: each rule gives its code and names its key; nothing
// crashes, nothing returns a silent number.
#include <QtTest>

#include <functional>

#include "core/estimate.h"
#include "core/fields.h"
#include "core/layoutchoices.h"
#include "testscenarios.h"

using namespace testscenarios;
using Mutation = std::function<void(core::Scenario&)>;
Q_DECLARE_METATYPE(Mutation)

namespace {

bool hasIssue(const core::Estimate& e, core::IssueCode code, const char* key, core::Severity severity)
{
    for (const core::Issue& i : e.issues)
        if (i.code == code && std::string(i.key) == key && i.severity == severity)
            return i.field && core::fieldKey(*i.field) == key; // named by its Field, the key from the table
    return false;
}

} // namespace

class TestValidation : public QObject
{
    Q_OBJECT

private slots:
    void errors_data()
    {
        QTest::addColumn<Mutation>("mutate");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("key");
        using C = core::IssueCode;
        auto row = [](const char* name, Mutation m, C code, const char* key) { QTest::newRow(name) << m << int(code) << QString(key); };
        row("TP×PP×CP does not divide GPUs", [](core::Scenario& s) { s.parallel.tensor = 3; }, C::ModelParallelNotDividingGpus, "parallel.gpus");
        row("more model parallelism than GPUs", [](core::Scenario& s) { s.parallel.pipeline = 16; }, C::ModelParallelNotDividingGpus, "parallel.gpus");
        row("TP does not divide heads", [](core::Scenario& s) { s.model.numAttentionHeads = 36; s.model.numQueryGroups = 36; s.model.headDim = 128; },
            C::TensorNotDividingHeads, "parallel.tensor");
        row("TP does not divide KV heads", [](core::Scenario& s) { s.model.numQueryGroups = 4; }, C::TensorNotDividingKvHeads, "parallel.tensor");
        row("KV heads do not divide heads", [](core::Scenario& s) { s.model.numQueryGroups = 12; }, C::KvHeadsNotDividingHeads, "model.num_query_groups");
        row("PP deeper than layers", [](core::Scenario& s) { s.model.numLayers = 1; s.parallel.tensor = 1; s.parallel.pipeline = 2; s.parallel.gpus = 2; s.training.globalBatchSize = 2; },
            C::PipelineDeeperThanLayers, "parallel.pipeline");
        row("virtual stages without PP", [](core::Scenario& s) { s.parallel.virtualPipeline = 2; }, C::VirtualPipelineNeedsPipeline, "parallel.virtual_pipeline");
        row("virtual stages not dividing layers", [](core::Scenario& s) { s.parallel.tensor = 1; s.parallel.pipeline = 8; s.parallel.virtualPipeline = 3; s.training.globalBatchSize = 8; },
            C::VirtualStagesNotDividingLayers, "parallel.virtual_pipeline");
        row("CP does not divide the sequence", [](core::Scenario& s) { s.parallel.tensor = 1; s.parallel.context = 8; s.training.seqLength = 4100; },
            C::ContextNotDividingSequence, "parallel.context");
        row("global batch not divisible", [](core::Scenario& s) { s.parallel.tensor = 1; s.training.globalBatchSize = 1001; }, C::GlobalBatchNotDivisible, "training.global_batch_size");
        row("offload parameters without ZeRO-3", [](core::Scenario& s) { s.training.offloadParameters = true; }, C::OffloadParametersNeedsZero3, "training.offload_parameters");
        row("offload optimizer without ZeRO", [](core::Scenario& s) { s.training.zeroStage = 0; s.training.offloadOptimizer = true; }, C::OffloadNeedsZero, "training.offload_optimizer");
        // torchtune recipes/full_finetune_single_device.py @ 56bfafa refuses optimizer_in_bwd with
        // gradient_accumulation_steps > 1: here 1000 micro-batches per step (global 1000, b 1, DP 1).
        row("optimizer in backward with accumulation", [](core::Scenario& s) { s.training.optimizerInBackward = true; }, C::OptimizerInBackwardAccumulates,
            "training.optimizer_in_backward");
        row("zero GPUs", [](core::Scenario& s) { s.parallel.gpus = 0; }, C::NotPositive, "parallel.gpus");
        row("negative TP", [](core::Scenario& s) { s.parallel.tensor = -2; }, C::Negative, "parallel.tensor");
        row("zero layers", [](core::Scenario& s) { s.model.numLayers = 0; }, C::NotPositive, "model.num_layers");
        row("negative hidden", [](core::Scenario& s) { s.model.hiddenSize = -4096; }, C::Negative, "model.hidden_size");
        row("zero sequence", [](core::Scenario& s) { s.training.seqLength = 0; }, C::NotPositive, "training.seq_length");
        row("zero micro-batch", [](core::Scenario& s) { s.training.microBatchSize = 0; }, C::NotPositive, "training.micro_batch_size");
        row("negative tokens", [](core::Scenario& s) { s.training.trainTokens = -1; }, C::Negative, "training.train_tokens");
        row("ZeRO stage 4", [](core::Scenario& s) { s.training.zeroStage = 4; }, C::OutOfRange, "training.zero_stage");
        row("MFU above 1", [](core::Scenario& s) { s.hardware.mfu = 1.5; }, C::OutOfRange, "hardware.mfu");
        row("MFU negative", [](core::Scenario& s) { s.hardware.mfu = -0.1; }, C::Negative, "hardware.mfu"); // 0: not given, the model (orZero, as achieved_tflops)
        row("MFU NaN", [](core::Scenario& s) { s.hardware.mfu = std::nan(""); }, C::OutOfRange, "hardware.mfu");
        row("negative price", [](core::Scenario& s) { s.hardware.pricePerGpuHour = -1; }, C::Negative, "hardware.price_per_gpu_hour");
        row("negative network", [](core::Scenario& s) { s.hardware.gpu.networkBytesPerSecond = -1; }, C::Negative,
            "hardware.gpu.network_bytes_per_second");
        row("network beyond any link", [](core::Scenario& s) { s.hardware.gpu.networkBytesPerSecond = 1.8e19; }, C::OutOfRange,
            "hardware.gpu.network_bytes_per_second");
        row("NVLink of 1e-300 B/s", [](core::Scenario& s) { s.hardware.gpu.interconnectBytesPerSecond = 1e-300; }, C::OutOfRange,
            "hardware.gpu.interconnect_bytes_per_second");
        row("achieved 1e300 TFLOP/s", [](core::Scenario& s) { s.hardware.achievedTflops = 1e300; }, C::OutOfRange, "hardware.achieved_tflops");
        row("achieved 1e-300 TFLOP/s", [](core::Scenario& s) { s.hardware.achievedTflops = 1e-300; }, C::OutOfRange, "hardware.achieved_tflops");
        row("peak 1e-300 TFLOP/s", [](core::Scenario& s) { s.hardware.gpu.peakBf16Tflops = 1e-300; }, C::OutOfRange, "hardware.gpu.peak_tflops.bf16");
        row("a 10 PB GPU", [](core::Scenario& s) { s.hardware.gpu.memoryBytes = 1e16; }, C::TooLarge, "hardware.gpu.memory_bytes");
        row("negative NVLink", [](core::Scenario& s) { s.hardware.gpu.interconnectBytesPerSecond = -1; }, C::Negative,
            "hardware.gpu.interconnect_bytes_per_second");
        row("GPU without memory", [](core::Scenario& s) { s.hardware.gpu.memoryBytes = 0; }, C::NoGpuMemory, "hardware.gpu");
        row("absurd hidden size", [](core::Scenario& s) { s.model.hiddenSize = 2000000000; }, C::TooLarge, "model.hidden_size");
        row("absurd parameter count", [](core::Scenario& s) { s.model = core::ModelArchitecture{}; s.model.hasArchitecture = false; s.model.parameters = 1e30; },
            C::TooLarge, "model.parameters");
        row("GPU without any peak", [](core::Scenario& s) { s.hardware.gpu.peakBf16Tflops = s.hardware.gpu.peakFp16Tflops = 0; },
            C::NoPeakThroughput, "hardware.gpu");
        // FSDP has no optimizer-only sharding (ShardingStrategy: NO_SHARD, SHARD_GRAD_OP, FULL_SHARD).
        row("FSDP2 with ZeRO-1", [](core::Scenario& s) { s.training.framework = core::Framework::Fsdp2; s.training.zeroStage = 1; },
            C::FrameworkZeroStage, "training.framework");
        row("DDP with ZeRO-3", [](core::Scenario& s) { s.training.framework = core::Framework::Ddp; s.training.zeroStage = 3; },
            C::FrameworkZeroStage, "training.framework");
        // 32 layers on 8 stages: 20 + 10 leave 2 for 6 middle stages.
        row("first and last stage layers leave too few", [](core::Scenario& s) { s.parallel.tensor = 1; s.parallel.pipeline = 8;
            s.training.globalBatchSize = 8; s.parallel.firstStageLayers = 20; s.parallel.lastStageLayers = 10; },
            C::StageLayersInvalid, "parallel.first_stage_layers");
        row("two stages whose layers do not add up", [](core::Scenario& s) { s.parallel.tensor = 4; s.parallel.pipeline = 2;
            s.training.globalBatchSize = 8; s.parallel.firstStageLayers = 10; s.parallel.lastStageLayers = 10; },
            C::StageLayersInvalid, "parallel.first_stage_layers");
        row("negative first-stage layers", [](core::Scenario& s) { s.parallel.firstStageLayers = -1; }, C::Negative, "parallel.first_stage_layers");
        row("memory utilization above 1", [](core::Scenario& s) { s.mode = core::Mode::Inference; s.inference.gpuMemoryUtilization = 1.5; },
            C::OutOfRange, "inference.gpu_memory_utilization");
        row("no sequences to profile", [](core::Scenario& s) { s.mode = core::Mode::Inference; s.inference.maxNumSeqs = 0; },
            C::NotPositive, "inference.max_num_seqs");
    }
    void errors()
    {
        QFETCH(Mutation, mutate);
        QFETCH(int, code);
        QFETCH(QString, key);
        core::Scenario s = preset("llama-2-7b", 8);
        s.parallel.tensor = 8;
        s.training.globalBatchSize = 1000; // a multiple of micro-batch × DP (1)
        mutate(s);
        const core::Estimate e = core::estimate(s);
        QVERIFY(!e.valid);
        QVERIFY(e.groups.empty()); // no numbers from an invalid scenario
        QVERIFY2(hasIssue(e, core::IssueCode(code), key.toLatin1().constData(), core::Severity::Error),
                 qPrintable(e.issues.empty() ? QString("no issue") : QString::fromStdString(core::describe(e.issues.front()))));
        for (const core::Issue& i : e.issues)
            QVERIFY(!core::describe(i).empty());
    }

    void messagesNameKeyAndReason()
    {
        core::Scenario s = preset("llama-2-7b", 8);
        s.parallel.tensor = 3;
        const core::Estimate e = core::estimate(s);
        const std::string text = core::describe(e.issues.front());
        QCOMPARE(QString::fromStdString(text), QString("parallel.gpus: TP × PP × CP = 3 does not divide the 8 GPUs, so no whole data-parallel degree exists"));
    }

    /// The micro-batches per step the step in backward cannot accumulate, worked by hand:
    /// 8 GPUs at TP 2 leave DP = 8 / 2 = 4; a global batch of 24 at micro-batch 2 is
    /// 24 / (2 × 4) = 3 micro-batches per step (torchtune's gradient_accumulation_steps = 3).
    /// A global batch of 8 = 2 × 4 is one micro-batch: torchtune runs it, so no issue.
    void optimizerInBackwardNeedsOneMicroBatch()
    {
        core::Scenario s = preset("llama-2-7b", 8);
        s.parallel.tensor = 2;
        s.training.microBatchSize = 2;
        s.training.globalBatchSize = 24;
        s.training.optimizerInBackward = true;
        core::Estimate e = core::estimate(s);
        QVERIFY(!e.valid);
        const core::Issue* issue = nullptr;
        for (const core::Issue& i : e.issues)
            if (i.code == core::IssueCode::OptimizerInBackwardAccumulates)
                issue = &i;
        QVERIFY(issue);
        QCOMPARE(issue->a, 3.0);
        QCOMPARE(QString::fromStdString(core::describe(*issue)),
                 QString("training.optimizer_in_backward: the optimizer step in backward frees each gradient as soon as it is made, so it cannot "
                         "accumulate 3 micro-batches per step (torchtune refuses it): set the global batch to micro-batch × DP, or turn the step "
                         "in backward off"));
        s.training.globalBatchSize = 8;
        e = core::estimate(s);
        QVERIFY(e.valid);
        for (const core::Issue& i : e.issues)
            QVERIFY(i.code != core::IssueCode::OptimizerInBackwardAccumulates);
    }

    void warnings_data()
    {
        QTest::addColumn<Mutation>("mutate");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("key");
        using C = core::IssueCode;
        auto row = [](const char* name, Mutation m, C code, const char* key) { QTest::newRow(name) << m << int(code) << QString(key); };
        row("SP without TP", [](core::Scenario& s) { s.parallel.sequenceParallel = true; }, C::SequenceParallelWithoutTensor, "parallel.sequence_parallel");
        // vLLM at 20 % of 80 GiB keeps ~3.6 GB for KV after the 13 GB of weights; 64 sequences of
        // 5120 tokens need 64 · 5120 · 30 layers · 2 · 4096 · 2 B = 161 GB.
        row("vLLM pool too small for the batch", [](core::Scenario& s) { s.mode = core::Mode::Inference; s.inference.gpuMemoryUtilization = 0.2;
            s.inference.batchSize = 64; s.inference.promptLength = 4096; }, C::KvPoolTooSmall, "inference.gpu_memory_utilization");
        row("TP across nodes", [](core::Scenario& s) { s.parallel.gpusPerNode = 4; s.parallel.tensor = 8; }, C::TensorAcrossNodes, "parallel.tensor");
        row("few micro-batches", [](core::Scenario& s) { s.parallel.pipeline = 4; s.training.globalBatchSize = 4; }, C::FewMicroBatches, "training.global_batch_size");
        row("no BF16 on V100", [](core::Scenario& s) { s.hardware.gpu = gpu("v100-32gb"); }, C::NoBf16FallbackFp16, "hardware.gpu");
        row("no FP8 on A100", [](core::Scenario& s) { s.training.precision = core::PrecisionRecipe::Fp8Mixed; }, C::NoFp8FallbackBf16, "hardware.gpu");
        row("sequence beyond positions", [](core::Scenario& s) { s.training.seqLength = 8192; s.training.globalBatchSize = 8; }, C::SequenceLongerThanPositions, "training.seq_length");
        row("MFU unrealistic", [](core::Scenario& s) { s.hardware.mfu = 0.9; }, C::MfuUnrealistic, "hardware.mfu");
        // ZeRO-3 over 16 GPUs on 10 Gb Ethernet (ZeRO §7.2: 1.5× traffic): with 30 layers Ψ = 6,333,648,896,
        // (15/16)·8·6 B·Ψ = 285 GB per step at 1.25 GB/s = 228 s, against about 11 s of computation.
        row("ZeRO-3 across nodes on 10 GbE", [](core::Scenario& s) {
            s.parallel.gpus = 16; s.parallel.pipeline = 1; s.training.globalBatchSize = 128; s.training.zeroStage = 3;
            s.hardware.gpu.networkBytesPerSecond = 1.25e9; }, C::CommunicationExceedsCompute, "hardware.gpu.network_bytes_per_second");
        row("network unknown", [](core::Scenario& s) { s.parallel.gpus = 16; s.training.globalBatchSize = 128;
            s.hardware.gpu.networkBytesPerSecond = 0; }, C::LinkBandwidthUnknown, "hardware.gpu.network_bytes_per_second");
    }
    void warnings()
    {
        QFETCH(Mutation, mutate);
        QFETCH(int, code);
        QFETCH(QString, key);
        core::Scenario s = preset("llama-2-7b", 8);
        s.model.numLayers = 30; // uneven over 8 stages
        s.training.globalBatchSize = 64;
        mutate(s);
        const core::Estimate e = core::estimate(s);
        QVERIFY2(e.valid, qPrintable(e.issues.empty() ? QString() : QString::fromStdString(core::describe(e.issues.front()))));
        QVERIFY(hasIssue(e, core::IssueCode(code), key.toLatin1().constData(), core::Severity::Warning));
    }

    void unevenSplitGivesExtraLayersToMiddleStages()
    {
        // 30 layers on 8 stages: 3 each and 6 extra, on stages 1–6 (the first stage holds the
        // most micro-batches in flight, the last the logits: Llama 3 405B took one layer off
        // both ends of its 16 stages).
        core::Scenario s = preset("llama-2-7b", 8);
        s.model.numLayers = 30;
        s.parallel.pipeline = 8;
        s.training.globalBatchSize = 64;
        const core::Estimate e = core::estimate(s);
        int layers = 0;
        for (const core::RankGroup& g : e.groups)
            layers += g.layers * (g.lastStage - g.firstStage + 1);
        QCOMPARE(layers, 30);
        QCOMPARE(e.groups.front().layers, 3);
        QCOMPARE(e.groups.back().layers, 3);
        QCOMPARE(e.groups[1].layers, 4);
        QVERIFY(hasIssue(e, core::IssueCode::UnevenPipelineSplit, "parallel.pipeline", core::Severity::Info));
    }

    void layoutChoices()
    {
        // Llama-2-7B (32 heads and KV heads, 32 layers) on 64 GPUs, global batch 1024:
        // TP must divide the heads and the GPUs: 1, 2, 4, 8, 16, 32 (64 does not divide 32 heads).
        core::Scenario s = preset("llama-2-7b", 64);
        s.training.globalBatchSize = 1024;
        const core::LayoutChoices c = core::layoutChoices(s);
        QCOMPARE(c.tensor, (std::vector<int>{1, 2, 4, 8, 16, 32}));
        // PP ≤ 32 layers and dividing 64 GPUs: 1…32 powers of two (uneven splits are warnings).
        QCOMPARE(c.pipeline, (std::vector<int>{1, 2, 4, 8, 16, 32}));
        // CP must also divide the 4096-token sequence: every power of two up to 64.
        QCOMPARE(c.context, (std::vector<int>{1, 2, 4, 8, 16, 32, 64}));
        // With PP 4: virtual stages must divide the 8 layers per stage.
        s.parallel.pipeline = 4;
        QCOMPARE(core::layoutChoices(s).virtualPipeline, (std::vector<int>{1, 2, 4, 8}));
        // A global batch of 96 sequences: DP must divide it, so TP 1 (DP 64) is out.
        s.parallel.pipeline = 1;
        s.training.globalBatchSize = 96;
        QCOMPARE(core::layoutChoices(s).tensor, (std::vector<int>{2, 4, 8, 16, 32}));
    }

    void everyIssueCodeHasANameAndMessage()
    {
        for (int c = 0; c < int(core::IssueCode::Count); ++c) {
            core::Issue i{core::IssueCode(c), core::Severity::Error, "x.y", 1, 2, 3};
            QVERIFY(core::issueCodeName(i.code) != "unknown");
            QVERIFY(core::describe(i).size() > 6);
        }
    }
};

QTEST_GUILESS_MAIN(TestValidation)
#include "tst_validation.moc"
