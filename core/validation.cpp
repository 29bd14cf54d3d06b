#include <cmath>

#include "core/estimate.h"

namespace core {

namespace {

// Beyond these the inputs are typos, not models: 10^16 parameters is ten thousand times GPT-4
// class models, and keeps every byte count far below double's exact-integer range.
constexpr double kMaxParameters = 1e16;
constexpr double kMaxDimension = 1e7;     // hidden, FFN, vocabulary
constexpr double kMaxLayers = 1e5;
constexpr double kMaxGpus = 1e8;
constexpr double kMaxSequence = 1e9;
// Custom GPU figures: a PB of memory, 1 kB/s … 1 PB/s links and 0.001 … 10^6 TFLOP/s are far
// outside any device and keep every time and rate finite.
constexpr double kMaxGpuMemory = 1e15;
constexpr double kMinBandwidth = 1e3, kMaxBandwidth = 1e15;
constexpr double kMinTflops = 1e-3, kMaxTflops = 1e6;

struct Checker
{
    std::vector<Issue>& issues;

    // Reporting is the rare path; keeping it out of line keeps the checks cheap (this runs on
    // every slider move).
    [[gnu::cold, gnu::noinline]] void error(IssueCode code, const char* key, double a = 0, double b = 0, double c = 0)
    {
        issues.push_back(Issue{code, Severity::Error, key, a, b, c});
    }
    [[gnu::cold, gnu::noinline]] void warning(IssueCode code, const char* key, double a = 0, double b = 0, double c = 0)
    {
        issues.push_back(Issue{code, Severity::Warning, key, a, b, c});
    }
    [[gnu::cold, gnu::noinline]] void info(IssueCode code, const char* key, double a = 0, double b = 0, double c = 0)
    {
        issues.push_back(Issue{code, Severity::Info, key, a, b, c});
    }
    /// value ≥ 1 and ≤ limit; NaN fails.
    bool positive(const char* key, double value, double limit)
    {
        if (value >= 1 && value <= limit) [[likely]]
            return true;
        if (!(value >= 1)) {
            error(value < 0 ? IssueCode::Negative : IssueCode::NotPositive, key, value);
            return false;
        }
        if (value > limit) {
            error(IssueCode::TooLarge, key, value, limit);
            return false;
        }
        return true;
    }
    bool range(const char* key, double value, double lo, double hi)
    {
        if (!(value >= lo && value <= hi)) {
            error(IssueCode::OutOfRange, key, value, lo, hi);
            return false;
        }
        return true;
    }
};

} // namespace

void validate(const Scenario& s, std::vector<Issue>& issues)
{
    Checker c{issues};
    const ModelArchitecture& m = s.model;
    const TrainingSetup& tr = s.training;
    const ParallelLayout& p = s.parallel;
    const HardwareSetup& hw = s.hardware;
    const bool serving = s.mode == Mode::Inference;

    // --- model
    bool modelOk = true;
    if (m.hasArchitecture) {
        modelOk &= c.positive("model.num_layers", m.numLayers, kMaxLayers);
        modelOk &= c.positive("model.hidden_size", m.hiddenSize, kMaxDimension);
        modelOk &= c.positive("model.ffn_hidden_size", m.ffnHiddenSize, kMaxDimension * 8);
        modelOk &= c.positive("model.num_attention_heads", m.numAttentionHeads, kMaxDimension);
        modelOk &= c.positive("model.num_query_groups", m.numQueryGroups, kMaxDimension);
        modelOk &= c.positive("model.vocab_size", m.vocabSize, kMaxDimension);
        if (m.headDim != 0)
            modelOk &= c.positive("model.head_dim", m.headDim, kMaxDimension);
        if (m.padVocabMultiple < 0)
            c.error(IssueCode::Negative, "model.pad_vocab_multiple", m.padVocabMultiple);
        if (m.positionEmbedding == PositionEmbedding::Learned)
            modelOk &= c.positive("model.max_position_embeddings", m.maxPositionEmbeddings, kMaxSequence);
        if (modelOk) {
            if (m.headDim == 0 && m.hiddenSize % m.numAttentionHeads != 0)
                c.error(IssueCode::HiddenNotDividingHeads, "model.num_attention_heads", m.hiddenSize, m.numAttentionHeads);
            if (m.numAttentionHeads % m.numQueryGroups != 0)
                c.error(IssueCode::KvHeadsNotDividingHeads, "model.num_query_groups", m.numQueryGroups, m.numAttentionHeads);
            const double total = countParameters(m).total;
            if (!(total <= kMaxParameters))
                c.error(IssueCode::TooLarge, "model.parameters", total, kMaxParameters);
            if (m.parameters > 0 && std::abs(m.parameters - total) > 0.01 * total)
                c.warning(IssueCode::ArchitectureCountMismatch, "model.parameters", m.parameters, total);
        }
    } else {
        if (!(m.parameters >= 1))
            c.error(m.parameters < 0 ? IssueCode::Negative : IssueCode::NotPositive, "model.parameters", m.parameters);
        else if (m.parameters > kMaxParameters)
            c.error(IssueCode::TooLarge, "model.parameters", m.parameters, kMaxParameters);
    }

    // --- training
    const bool seqOk = c.positive("training.seq_length", double(tr.seqLength), kMaxSequence);
    const bool mbOk = c.positive("training.micro_batch_size", double(tr.microBatchSize), 1e6);
    const bool gbOk = c.positive("training.global_batch_size", double(tr.globalBatchSize), 1e9);
    if (!(tr.trainTokens >= 0))
        c.error(tr.trainTokens < 0 ? IssueCode::Negative : IssueCode::NotPositive, "training.train_tokens", tr.trainTokens);
    else if (tr.trainTokens > 1e18)
        c.error(IssueCode::TooLarge, "training.train_tokens", tr.trainTokens, 1e18);
    else if (tr.trainTokens == 0)
        c.info(IssueCode::TrainTokensZero, "training.train_tokens");
    c.range("training.zero_stage", tr.zeroStage, 0, 3);
    if (tr.offloadParameters && tr.zeroStage != 3)
        c.error(IssueCode::OffloadParametersNeedsZero3, "training.offload_parameters", tr.zeroStage);
    if (tr.offloadOptimizer && tr.zeroStage == 0)
        c.error(IssueCode::OffloadNeedsZero, "training.offload_optimizer");
    if (m.hasArchitecture && modelOk && m.maxPositionEmbeddings > 0 && seqOk && tr.seqLength > m.maxPositionEmbeddings)
        c.warning(IssueCode::SequenceLongerThanPositions, "training.seq_length", double(tr.seqLength), m.maxPositionEmbeddings);

    // --- parallel layout
    bool layoutOk = true;
    layoutOk &= c.positive("parallel.gpus", p.gpus, kMaxGpus);
    layoutOk &= c.positive("parallel.gpus_per_node", p.gpusPerNode, 1024);
    layoutOk &= c.positive("parallel.tensor", p.tensor, kMaxGpus);
    layoutOk &= c.positive("parallel.pipeline", p.pipeline, kMaxGpus);
    layoutOk &= c.positive("parallel.virtual_pipeline", p.virtualPipeline, 1024);
    layoutOk &= c.positive("parallel.context", p.context, kMaxGpus);
    if (layoutOk) {
        const long long mp = (long long)p.tensor * p.pipeline * p.context;
        if (mp > p.gpus || p.gpus % mp != 0) {
            c.error(IssueCode::ModelParallelNotDividingGpus, "parallel.gpus", mp, p.gpus);
            layoutOk = false;
        }
        if (p.tensor > p.gpusPerNode)
            c.warning(IssueCode::TensorAcrossNodes, "parallel.tensor", p.tensor, p.gpusPerNode);
        if (p.sequenceParallel && p.tensor == 1)
            c.warning(IssueCode::SequenceParallelWithoutTensor, "parallel.sequence_parallel");
        if (p.virtualPipeline > 1 && p.pipeline == 1)
            c.error(IssueCode::VirtualPipelineNeedsPipeline, "parallel.virtual_pipeline", p.virtualPipeline);
        if (m.hasArchitecture && modelOk) {
            if (m.numAttentionHeads % p.tensor != 0)
                c.error(IssueCode::TensorNotDividingHeads, "parallel.tensor", p.tensor, m.numAttentionHeads);
            else if (m.isMla())
                ; // MLA: every head has its own K and V after the up-projection
            else if (!serving && m.numQueryGroups % p.tensor != 0)
                c.error(IssueCode::TensorNotDividingKvHeads, "parallel.tensor", p.tensor, m.numQueryGroups);
            else if (serving && m.numQueryGroups < p.tensor && p.tensor % m.numQueryGroups != 0)
                c.error(IssueCode::KvHeadsNotDividingTensor, "parallel.tensor", p.tensor, m.numQueryGroups);
            else if (serving && m.numQueryGroups >= p.tensor && m.numQueryGroups % p.tensor != 0)
                c.error(IssueCode::KvHeadsNotDividingTensor, "parallel.tensor", p.tensor, m.numQueryGroups);
            else if (serving && m.numQueryGroups < p.tensor)
                c.info(IssueCode::KvHeadsReplicated, "parallel.tensor", m.numQueryGroups, p.tensor);
            if (p.pipeline > m.numLayers)
                c.error(IssueCode::PipelineDeeperThanLayers, "parallel.pipeline", p.pipeline, m.numLayers);
            else if (p.virtualPipeline > 1 && m.numLayers % (p.pipeline * p.virtualPipeline) != 0)
                c.error(IssueCode::VirtualStagesNotDividingLayers, "parallel.virtual_pipeline",
                        double(p.pipeline) * p.virtualPipeline, m.numLayers);
            else if (m.numLayers % p.pipeline != 0)
                c.warning(IssueCode::UnevenPipelineSplit, "parallel.pipeline", m.numLayers, p.pipeline, m.numLayers % p.pipeline);
        }
        if (seqOk && tr.seqLength % p.context != 0)
            c.error(IssueCode::ContextNotDividingSequence, "parallel.context", p.context, double(tr.seqLength));
        else if (seqOk && p.context > 1 && tr.seqLength % (2 * p.context) != 0)
            c.warning(IssueCode::ContextParallelImbalance, "parallel.context", p.context, double(tr.seqLength));
        if (p.context > 1 && !tr.flashAttention)
            c.warning(IssueCode::ContextParallelWithoutFlash, "training.flash_attention");
        if (layoutOk && mbOk && gbOk && !serving) {
            const long long perStep = tr.microBatchSize * (long long)p.dataParallel();
            if (tr.globalBatchSize % perStep != 0) {
                c.error(IssueCode::GlobalBatchNotDivisible, "training.global_batch_size", double(tr.globalBatchSize), double(perStep));
            } else {
                const long long micro = tr.globalBatchSize / perStep;
                if (p.pipeline > 1 && micro < p.pipeline)
                    c.warning(IssueCode::FewMicroBatches, "training.global_batch_size", double(micro), p.pipeline);
                if (p.virtualPipeline > 1 && micro % p.pipeline != 0)
                    c.warning(IssueCode::InterleavedMicroBatches, "parallel.virtual_pipeline", double(micro), p.pipeline);
            }
        }
    }

    // --- mixture of experts
    if (layoutOk && c.positive("parallel.expert", p.expert, kMaxGpus) && (p.expertTensor == 0 || c.positive("parallel.expert_tensor", p.expertTensor, kMaxGpus))) {
        if (m.hasArchitecture && modelOk && m.isMoE()) {
            if (c.positive("model.moe_top_k", m.moeTopK, 1e6) && m.moeTopK > m.numExperts)
                c.error(IssueCode::TopKExceedsExperts, "model.moe_top_k", m.moeTopK, m.numExperts);
            c.positive("model.moe_ffn_hidden_size", m.moeFfnHiddenSize, kMaxDimension * 8);
            c.positive("model.moe_layer_frequency", m.moeLayerFrequency, kMaxLayers);
            if (m.numExperts % p.expert != 0)
                c.error(IssueCode::ExpertNotDividingExperts, "parallel.expert", p.expert, m.numExperts);
            const long long folded = (long long)p.pipeline * p.expert * p.effectiveExpertTensor();
            if (folded > p.gpus || p.gpus % folded != 0)
                c.error(IssueCode::ExpertLayoutNotDividingGpus, "parallel.expert", double(folded), p.gpus);
            c.range("training.moe_capacity_factor", tr.moeCapacityFactor, 0.1, 64);
        } else if (p.expert > 1) {
            c.warning(IssueCode::ExpertParallelWithoutExperts, "parallel.expert", p.expert);
        }
    }

    // --- serving
    if (serving) {
        const InferenceSetup& in = s.inference;
        c.positive("inference.batch_size", double(in.batchSize), 1e9);
        c.positive("inference.prompt_length", double(in.promptLength), kMaxSequence);
        if (in.generatedTokens < 0)
            c.error(IssueCode::Negative, "inference.generated_tokens", double(in.generatedTokens));
        if (in.kvBlockSize < 0)
            c.error(IssueCode::Negative, "inference.kv_block_size", in.kvBlockSize);
        c.positive("inference.max_batched_tokens", double(in.maxBatchedTokens), 1e9);
        if (m.hasArchitecture && modelOk) {
            const WeightFormat f = in.weights.format;
            if ((f == WeightFormat::Int4 || f == WeightFormat::Int8) && in.weights.groupSize > m.hiddenSize)
                c.error(IssueCode::QuantGroupLargerThanRow, "inference.quant_group_size", in.weights.groupSize, m.hiddenSize);
            if (m.maxPositionEmbeddings > 0 && in.context() > m.maxPositionEmbeddings)
                c.warning(IssueCode::ContextLongerThanModel, "inference.prompt_length", double(in.context()), m.maxPositionEmbeddings);
        }
        if (in.weights.groupSize < 0)
            c.error(IssueCode::Negative, "inference.quant_group_size", in.weights.groupSize);
        if (p.context > 1)
            c.warning(IssueCode::ContextParallelInServing, "parallel.context");
    }

    // --- fine-tuning and RL
    if (s.mode == Mode::FineTune) {
        const FineTuneSetup& f = s.finetune;
        if (f.method != FineTuneMethod::Full)
            c.positive("finetune.lora_rank", f.loraRank, 1e6);
        if (f.base.groupSize < 0)
            c.error(IssueCode::Negative, "finetune.base_quant_group_size", f.base.groupSize);
        if (f.rl.algorithm != RlAlgorithm::None) {
            c.positive("finetune.rl.samples_per_prompt", f.rl.samplesPerPrompt, 1e6);
            c.positive("finetune.rl.prompt_length", double(f.rl.promptLength), kMaxSequence);
            if (f.rl.maxNewTokens < 0)
                c.error(IssueCode::Negative, "finetune.rl.max_new_tokens", double(f.rl.maxNewTokens));
            c.positive("finetune.rl.prompts_per_gpu", f.rl.promptsPerGpu, 1e6);
            c.range("finetune.rl.rollout_memory_fraction", f.rl.rolloutMemoryFraction, 0.01, 0.98);
            c.positive("finetune.rl.rollout_tensor", f.rl.rolloutTensor, 1024);
            c.positive("finetune.rl.rollout_gpus", f.rl.rolloutGpus, kMaxGpus);
            if (f.rl.rewardParameters < 0)
                c.error(IssueCode::Negative, "finetune.rl.reward_parameters", f.rl.rewardParameters);
            else if (f.rl.rewardParameters > kMaxParameters)
                c.error(IssueCode::TooLarge, "finetune.rl.reward_parameters", f.rl.rewardParameters, kMaxParameters);
            if (tr.seqLength < f.rl.promptLength + f.rl.maxNewTokens)
                c.warning(IssueCode::SequenceShorterThanRollout, "training.seq_length", double(tr.seqLength),
                          double(f.rl.promptLength + f.rl.maxNewTokens));
        }
    }

    // --- hardware
    if (!(hw.gpu.memoryBytes > 0))
        c.error(IssueCode::NoGpuMemory, "hardware.gpu");
    if (hw.achievedTflops > 0 && s.mode != Mode::Inference) {
        // measured throughput replaces MFU (serving times its prefill with the MFU)
    } else if (hw.mfu == 0) {
        // not given: the step-time model times the step
    } else if (c.range("hardware.mfu", hw.mfu, 1e-4, 1.0) && hw.mfu > 0.75) {
        c.warning(IssueCode::MfuUnrealistic, "hardware.mfu", hw.mfu);
    }
    // A custom GPU's figures: 0 means unknown (the estimate says what it cannot compute);
    // otherwise within physical reason, so that no time or rate overflows or divides by ~0.
    const GpuSpec& g = hw.gpu;
    if (g.memoryBytes > kMaxGpuMemory)
        c.error(IssueCode::TooLarge, "hardware.gpu.memory_bytes", g.memoryBytes, kMaxGpuMemory);
    auto rate = [&c](const char* key, double value, double lo, double hi) {
        if (value < 0)
            c.error(IssueCode::Negative, key, value);
        else if (value != 0)
            c.range(key, value, lo, hi);
    };
    rate("hardware.achieved_tflops", hw.achievedTflops, kMinTflops, kMaxTflops); // 0: use the MFU
    rate("hardware.gpu.network_bytes_per_second", g.networkBytesPerSecond, kMinBandwidth, kMaxBandwidth);
    rate("hardware.gpu.interconnect_bytes_per_second", g.interconnectBytesPerSecond, kMinBandwidth, kMaxBandwidth);
    const bool generates = s.mode == Mode::Inference || (s.mode == Mode::FineTune && s.finetune.rl.algorithm != RlAlgorithm::None);
    if (generates) // decoding is bandwidth-bound: serving and RL rollouts cannot be timed without it
        c.range("hardware.gpu.memory_bandwidth_bytes_per_second", g.memoryBandwidthBytesPerSecond, kMinBandwidth, kMaxBandwidth);
    else
        rate("hardware.gpu.memory_bandwidth_bytes_per_second", g.memoryBandwidthBytesPerSecond, kMinBandwidth, kMaxBandwidth);
    rate("hardware.gpu.peak_tflops.fp32", g.peakFp32Tflops, kMinTflops, kMaxTflops);
    rate("hardware.gpu.peak_tflops.tf32", g.peakTf32Tflops, kMinTflops, kMaxTflops);
    rate("hardware.gpu.peak_tflops.bf16", g.peakBf16Tflops, kMinTflops, kMaxTflops);
    rate("hardware.gpu.peak_tflops.fp16", g.peakFp16Tflops, kMinTflops, kMaxTflops);
    rate("hardware.gpu.peak_tflops.fp8", g.peakFp8Tflops, kMinTflops, kMaxTflops);
    rate("hardware.gpu.peak_tflops.int8", g.peakInt8Tops, kMinTflops, kMaxTflops);
    if (!(hw.pricePerGpuHour >= 0))
        c.error(IssueCode::Negative, "hardware.price_per_gpu_hour", hw.pricePerGpuHour);
    else if (hw.pricePerGpuHour > 1e6) // dollars per GPU-hour: beyond any price, still finite
        c.error(IssueCode::TooLarge, "hardware.price_per_gpu_hour", hw.pricePerGpuHour, 1e6);
    if (!(hw.overheadFactor > 0))
        c.error(IssueCode::NotPositive, "hardware.overhead_factor", hw.overheadFactor);
    else if (hw.overheadFactor > 100)
        c.error(IssueCode::TooLarge, "hardware.overhead_factor", hw.overheadFactor, 100);
    else if (hw.overheadFactor < 1)
        c.warning(IssueCode::OverheadBelowOne, "hardware.overhead_factor", hw.overheadFactor);

    // --- runtime assumptions
    const RuntimeOverheads& r = s.runtime;
    // Up to a PB of buffers and a million prefetched modules: beyond any GPU, still finite.
    c.range("runtime.cuda_context_bytes", r.cudaContextBytes, 0, kMaxGpuMemory);
    c.range("runtime.comm_bucket_bytes", r.commBucketBytes, 0, kMaxGpuMemory);
    c.range("runtime.zero3_prefetch_modules", r.zero3PrefetchModules, 0, 1e6);
    c.range("runtime.fragmentation_fraction", r.fragmentationFraction, 0, 0.9);
    c.range("runtime.cpu_buffer_factor", r.cpuBufferFactor, 1, 10);
}

bool hasErrors(const std::vector<Issue>& issues)
{
    for (const Issue& i : issues)
        if (i.severity == Severity::Error)
            return true;
    return false;
}

} // namespace core
