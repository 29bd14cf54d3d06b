#include <algorithm>
#include <cmath>

#include "core/fields.h"
#include "core/estimate_context.h"
#include "core/kvcache.h"
#include "core/model/layerparameters.h"
#include "core/model/linearmixer.h"
#include "core/model/visiontower.h"
#include "core/layout/sharding.h"
#include "core/pipeline.h"
#include "core/steptime.h"
#include "core/working.h"

namespace core {

namespace {

/// Model FLOPs per token, split so that recomputation can add the right parts.
struct FlopsPerToken
{
    double layers = 0;        ///< GEMMs of the transformer layers (fwd + bwd)
    double attentionCore = 0; ///< QKᵀ and ·V (fwd + bwd), causal
    double logits = 0;        ///< output layer
    double forwardLayers = 0; ///< one forward pass of the layers (what full recomputation reruns)
    double total() const { return layers + attentionCore + logits; }
};

FlopsPerToken flopsPerToken(const EstimateContext& ctx)
{
    FlopsPerToken f;
    const TrainingSetup& tr = ctx.scenario.training;
    if (ctx.layout.countOnly || tr.flopsFormula == FlopsFormula::SixND) {
        // Seed 1 §2.1: 2N forward + 4N backward per token, N the active parameters.
        f.layers = 6 * ctx.params.active;
    } else {
        // Megatron num_floating_point_operations (Narayanan appendix), per token:
        // 12·L·h·(q + k) attention projections, 6·ε·h·F·L MLP (ε = 3 gated, 2 GELU; MoE layers
        // use k routed experts + the shared ones), 6·s·q·L causal attention core, 6·h·V logits.
        const ModelArchitecture& m = ctx.shape;
        const double h = m.hiddenSize, s = double(tr.seqLength);
        const double eps = m.gatedMlp ? 3 : 2;
        // Σ over kinds of (layers of the kind × the MLP width a token goes through in one).
        const KindCounts layers = ctx.layout.pattern.countsIn(0, m.numLayers);
        double width = 0;
        for (LayerKind kind : kModelledKinds)
            width += double(layers[kind]) * activeMlpWidth(m, kind);
        const double mlp = 2 * eps * h * width;
        // A hybrid (issue 28): attention only in its attention layers; its linear layers run the
        // mixer (Megatron-Bridge flop_utils.py @067f987d, core/model/linearmixer.h), ×3 for
        // forward and backward.
        const int mtp = ctx.layout.pattern.mtp; // multi-token-prediction blocks (training), among `layers`
        const int attending = m.isHybrid() || mtp > 0 ? layers[LayerKind::Dense] + layers[LayerKind::Moe] : m.numLayers;
        if (m.isMla()) {
            // Megatron MLA: projections as counted in the parameters, core attention with
            // (qk_nope + qk_rope) for QKᵀ and v_head_dim for ·V, causal.
            const double a = m.numAttentionHeads;
            // DeepSeek Sparse Attention's indexer: its projections, as counted in the parameters.
            f.layers = 6 * attending * (ctx.params.attentionPerLayer + ctx.params.indexerPerLayer) + 3 * mlp;
            f.attentionCore = 3 * s * a * (double(m.qkNopeHeadDim) + m.qkRopeHeadDim + m.vHeadDim) * attending;
        } else {
            const double q = double(m.numAttentionHeads) * m.effectiveHeadDim();
            const double k = double(m.numQueryGroups) * m.effectiveHeadDim();
            f.layers = 12 * attending * h * (q + k) + 3 * mlp;
            f.attentionCore = 6 * s * q * attending;
            if (m.attentionOutputGate) // the output gate's half of q_proj: 2·h·q forward
                f.layers += 6 * attending * h * q;
        }
        if (m.isHybrid()) {
            double scan = 0;
            const double mixer = linearMixerFlopsPerToken(m, &scan);
            const double linear = layers[LayerKind::LinearAttention] + layers[LayerKind::LinearMixerOnly];
            f.layers += 3 * linear * (mixer - scan);
            f.attentionCore += 3 * linear * scan;
        }
        f.logits = 6 * h * ctx.params.paddedVocab;
        if (mtp > 0) {
            // Each MTP module: its block (in `layers` above), eh_proj and norms 3·2·(2h² + 3h), and
            // one more logits GEMM (Megatron-Bridge flop_utils.py @067f987d, MTP terms).
            f.layers += 6 * mtp * (2 * h * h + 3 * h);
            f.logits *= 1 + mtp;
        }
    }
    f.forwardLayers = f.layers / 3;
    if (ctx.layout.adapters) {
        // LoRA: frozen weights need no weight-gradient GEMM: 4 instead of 6 FLOPs per weight
        // (Hu et al. 2021), plus 6 per adapter parameter.
        f.layers = f.layers * 2 / 3 + 6 * ctx.adapterParameters;
        f.logits = f.logits * 2 / 3;
    }
    return f;
}

/// The peak of the compute dtype the layout resolved, with a warning for each fallback.
double peakFor(const EstimateContext& ctx, ComputeDType& dtype, std::vector<Issue>& issues)
{
    if (ctx.layout.noFp8Peak)
        issues.push_back(fieldIssue(IssueCode::NoFp8FallbackBf16, Severity::Warning, Field::HardwareGpu));
    if (ctx.layout.noBf16Peak)
        issues.push_back(fieldIssue(IssueCode::NoBf16FallbackFp16, Severity::Warning, Field::HardwareGpu));
    dtype = ctx.layout.computeDType;
    return ctx.scenario.hardware.gpu.peakFlops(dtype);
}

} // namespace

void communicationLinks(const EstimateContext& ctx, CommunicationEstimate& out)
{
    const ParallelLayout& par = ctx.scenario.parallel;
    const GpuSpec& gpu = ctx.scenario.hardware.gpu;
    // A GPU's NVLink reaches its node, or its NVL72 rack (core/steptime.h nvlinkIsland).
    const long long node = nvlinkIsland(par.gpusPerNode, par.nvlinkDomain), t = ctx.layout.t, c = ctx.layout.c, dp = ctx.layout.dp;
    // Megatron numbers ranks tp-cp-dp-pp (experts: etp-ep-edp): stride and size of each group.
    // The ZeRO group is DP × CP, TP apart; with hybrid sharding its first shardGroup ranks (the
    // inner dimension of FSDP2's (replicate, shard) mesh), whose replicas replicaLink() joins.
    const GroupLink links[] = {
        groupLink(t, ctx.layout.shardGroup, node, gpu.interconnectBytesPerSecond, gpu.networkBytesPerSecond), // ZeRO/DP shard group
        groupLink(1, t, node, gpu.interconnectBytesPerSecond, gpu.networkBytesPerSecond),            // TP: neighbours
        groupLink(t * c * dp, ctx.layout.p, node, gpu.interconnectBytesPerSecond, gpu.networkBytesPerSecond), // PP: one model replica apart
        groupLink(t, c, node, gpu.interconnectBytesPerSecond, gpu.networkBytesPerSecond),            // CP: TP apart
        groupLink(par.effectiveExpertTensor(), par.expert, node, gpu.interconnectBytesPerSecond, gpu.networkBytesPerSecond), // EP
    };
    for (std::size_t d = 0; d < kCommDimensionCount; ++d) {
        out.overNetwork[d] = links[d].overNetwork;
        out.linkBytesPerSecond[d] = links[d].busBytesPerSecond;
        out.membersPerNode[d] = links[d].membersPerNode;
    }
}

GroupLink replicaLink(const EstimateContext& ctx)
{
    const ParallelLayout& par = ctx.scenario.parallel;
    const GpuSpec& gpu = ctx.scenario.hardware.gpu;
    // The copies of one shard are a shard group apart (stride t·S), one per shard group.
    return groupLink((long long)ctx.layout.t * ctx.layout.shardGroup, ctx.layout.replicas, par.gpusPerNode, gpu.interconnectBytesPerSecond,
                     gpu.networkBytesPerSecond);
}

namespace {

/// RL: the rollout engine generates the step's sequences before training on them (synchronous
/// GRPO/PPO, as verl and TRL run by default). Prefill is compute-bound at the MFU; each decode
/// step reads the engine's weights and every cached key and value once and is bound by HBM
/// bandwidth (the serving roofline):
///   rollout = r · [2·N·S_r·prompt / (t·peak·MFU) + new · max(bytes_r / HBM, 2·N·S_r / (t·peak))]
/// per GPU of an engine of t GPUs, with S_r = S / r sequences per round, bytes_r = weights +
/// KV of S_r sequences at the mean context prompt + (new − 1)/2, and r rounds when the reserved
/// KV cache holds fewer sequences than asked (vLLM then runs them in turn). Seed 1 §7.2:
/// "rollout is the main bottleneck".
void rolloutTime(const EstimateContext& ctx, ComputeEstimate& out)
{
    const Scenario& s = ctx.scenario;
    const RlSetup& rl = s.finetune.rl;
    const double bandwidth = s.hardware.gpu.memoryBandwidthBytesPerSecond;
    const double peak = out.peakFlopsPerGpu;
    if (!(bandwidth > 0) || !(peak > 0))
        return; // validation requires both for RL: nothing to add
    const int t = std::max(1, rl.rolloutTensor);
    const int layers = ctx.shape.numLayers;
    const double sequences = double(rl.promptsPerGpu) * rl.samplesPerPrompt * t; // per engine
    const double prompt = double(rl.promptLength), newTokens = double(rl.maxNewTokens);
    const double needed = ctx.rlRoles.rolloutKvNeeded; // kvCacheBytes(shape, bf16, t, 0, layers, prompt + new, sequences, 16)
    out.rolloutRounds = ctx.rlRoles.rolloutKvBytes > 0 && needed > ctx.rlRoles.rolloutKvBytes ? std::ceil(needed / ctx.rlRoles.rolloutKvBytes) : 1;
    const double perRound = sequences / out.rolloutRounds;
    // The mean of the first and last decode steps' KV reads: exact where the cache grows
    // linearly, close where sliding windows cap it.
    const double kvMean = (kvCacheBytes(ctx.shape, KvCacheDtype::Bf16, t, 0, layers, prompt, perRound, 0)
                           + kvCacheBytes(ctx.shape, KvCacheDtype::Bf16, t, 0, layers, prompt + newTokens - 1, perRound, 0)) / 2;
    const double bytesPerStep = ctx.rlRoles.rolloutWeightBytes + kvMean;
    const double flopsPerStep = 2 * ctx.params.active * perRound / t;
    const double step = std::max(bytesPerStep / bandwidth, flopsPerStep / peak);
    // Prefill at the MFU given (or implied by achieved TFLOP/s), else at the GEMM efficiency of
    // the prompt tokens' h × h products (the step-time model's roofline).
    const double h = ctx.shape.hiddenSize;
    const double efficiency = out.timeSource != TimeSource::Model
        ? out.effectiveMfu
        : gemmEfficiency(ctx.gpuFigures, out.computeDType == ComputeDType::Fp8, perRound * prompt, h, h, *ctx.constants);
    const double prefill = efficiency > 0 ? 2 * ctx.params.active * perRound * prompt / (t * peak * efficiency) : 0;
    out.rolloutSeconds = out.rolloutRounds * (prefill + newTokens * step);
}

} // namespace

void computeTime(const EstimateContext& ctx, ComputeEstimate& out, std::vector<Issue>& issues, Working* w)
{
    const Scenario& s = ctx.scenario;
    const TrainingSetup& tr = s.training;
    const HardwareSetup& hw = s.hardware;
    const double n = s.parallel.gpus;
    out = ComputeEstimate{};

    const FlopsPerToken f = flopsPerToken(ctx);
    out.tokensPerIteration = double(tr.globalBatchSize) * double(tr.seqLength);
    out.modelFlopsPerIteration = f.total() * out.tokensPerIteration;
    // A vision tower over each sample's images (core/model/visiontower.h): forward, and backward
    // (twice the forward) when trained; a frozen tower runs only its forward.
    double visionFlops = 0;
    if (!ctx.layout.countOnly && ctx.shape.hasVision() && tr.imagesPerSample > 0) {
        const bool trained = !ctx.layout.adapters && !tr.visionFrozen;
        visionFlops = double(tr.globalBatchSize) * tr.imagesPerSample * visionTower(ctx.shape).forwardFlopsPerImage * (trained ? 3 : 1);
        out.modelFlopsPerIteration += visionFlops;
    }
    out.visionFlopsPerIteration = visionFlops;
    // Recomputation: full reruns each layer's forward (1/3 of its fwd+bwd), selective only
    // the attention core's forward (Korthikanti §5; Narayanan's 96 = 4 × 24 with recompute).
    double extra = 0;
    if (tr.recompute == Recompute::Full)
        extra = f.forwardLayers + f.attentionCore / 3;
    else if (tr.recompute == Recompute::Selective)
        extra = f.attentionCore / 3;
    out.hardwareFlopsPerIteration = (f.total() + extra) * out.tokensPerIteration + visionFlops;
    out.iterations = tr.trainTokens / out.tokensPerIteration;
    out.totalModelFlops = f.total() * tr.trainTokens + visionFlops * out.iterations;
    out.totalHardwareFlops = (f.total() + extra) * tr.trainTokens + visionFlops * out.iterations;

    out.peakFlopsPerGpu = peakFor(ctx, out.computeDType, issues);
    if (out.peakFlopsPerGpu <= 0) {
        issues.push_back(fieldIssue(IssueCode::NoPeakThroughput, Severity::Error, Field::HardwareGpu));
        return;
    }
    if (hw.achievedTflops > 0) {
        // Measured hardware throughput (as Narayanan reports it: recomputation included).
        out.timeSource = TimeSource::AchievedTflops;
        out.iterationSeconds = out.hardwareFlopsPerIteration / (n * hw.achievedTflops * 1e12);
        out.effectiveMfu = out.modelFlopsPerIteration / (out.iterationSeconds * n * out.peakFlopsPerGpu);
    } else if (hw.mfu > 0) {
        out.timeSource = TimeSource::Mfu;
        out.effectiveMfu = hw.mfu;
        out.iterationSeconds = out.modelFlopsPerIteration / (n * out.peakFlopsPerGpu * hw.mfu);
    } else {
        out.timeSource = TimeSource::Model; // finishTime() takes the step-time model's step
    }
    if (ctx.layout.rl)
        rolloutTime(ctx, out);
    if (out.timeSource != TimeSource::Model)
        out.iterationSeconds += out.rolloutSeconds;
    out.bubbleFraction = bubbleFraction(ctx.layout.p, ctx.layout.v, ctx.layout.micro);
    const bool twoChunks = ctx.layout.schedule != PpSchedule::OneFOneB;
    if (twoChunks) {
        // The schedule's bubble at balanced times (F = W = 1, B = F + W = 2: each backward GEMM
        // pair, Qi et al. 2024 §2) against m micro-batches of F + B = 3 (core/pipeline.h).
        const double bubble = twoChunkBubbleSeconds(ctx.layout.schedule, ctx.layout.p, 1, 2, 1);
        out.bubbleFraction = bubble / (3.0 * ctx.layout.micro + bubble);
    }

    if (w) {
        const bool six = ctx.layout.countOnly || tr.flopsFormula == FlopsFormula::SixND;
        w->add(Term::ModelFlopsPerIteration, kWholeJob, out.modelFlopsPerIteration,
               six ? std::initializer_list<Substitution>{{"N", ctx.params.active, Unit::Count}, {"B·s", out.tokensPerIteration, Unit::Tokens}}
                   : std::initializer_list<Substitution>{{"B·s", out.tokensPerIteration, Unit::Tokens},
                                                         {"layer GEMMs/token", f.layers, Unit::Flops},
                                                         {"attention core/token", f.attentionCore, Unit::Flops},
                                                         {"logits/token", f.logits, Unit::Flops}},
               {}, six ? "6·N·B·s  (Kaplan et al. 2020 §2.1)" : std::string_view{});
        if (visionFlops > 0) {
            const ModelArchitecture& m = ctx.shape;
            const VisionTower v = visionTower(m);
            w->add(Term::VisionFlops, kWholeJob, visionFlops,
                   {{"B", double(tr.globalBatchSize), Unit::Count}, {"images", double(tr.imagesPerSample), Unit::Count},
                    {"S", v.sequencePerTile, Unit::Tokens}, {"forward/image", v.forwardFlopsPerImage, Unit::Flops},
                    {"passes", ctx.layout.adapters || tr.visionFrozen ? 1.0 : 3.0, Unit::Count}});
        }
        w->add(Term::HardwareFlopsPerIteration, kWholeJob, out.hardwareFlopsPerIteration,
               {{"model", out.modelFlopsPerIteration, Unit::Flops}, {"recompute", extra * out.tokensPerIteration, Unit::Flops}},
               {}, tr.recompute == Recompute::Full ? "model + (layers + core)/3 · B·s  (one more forward)"
                   : tr.recompute == Recompute::Selective ? "model + core/3 · B·s  (attention core forward again)"
                                                          : "= model FLOPs (no recomputation)");
        w->add(Term::Iterations, kWholeJob, out.iterations, {{"D", tr.trainTokens, Unit::Tokens}, {"B·s", out.tokensPerIteration, Unit::Tokens}});
        w->add(Term::TotalModelFlops, kWholeJob, out.totalModelFlops, {{"per token", f.total(), Unit::Flops}, {"D", tr.trainTokens, Unit::Tokens}});
        w->add(Term::PeakFlops, kWholeJob, out.peakFlopsPerGpu, {});
        if (ctx.layout.rl) {
            const RlSetup& rl = s.finetune.rl;
            const double sequences = double(rl.promptsPerGpu) * rl.samplesPerPrompt * std::max(1, rl.rolloutTensor);
            w->add(Term::RolloutSeconds, kWholeJob, out.rolloutSeconds,
                   {{"rounds", out.rolloutRounds, Unit::Count}, {"sequences", sequences, Unit::Count},
                    {"prompt", double(rl.promptLength), Unit::Tokens}, {"new tokens", double(rl.maxNewTokens), Unit::Tokens},
                    {"HBM bandwidth", hw.gpu.memoryBandwidthBytesPerSecond, Unit::BytesPerSecond}});
        }
        w->add(Term::BubbleFraction, kWholeJob, out.bubbleFraction,
               {{"p", double(ctx.layout.p), Unit::Count}, {"m", double(ctx.layout.micro), Unit::Count}, {"v", double(ctx.layout.v), Unit::Count}},
               {}, twoChunks ? "bubble(F = 1, B = 2, W = 1) / (3m + bubble)  (the schedule's own bubble, DualPipe / ZB-V READMEs)"
                   : ctx.layout.v > 1 ? "(p − 1) / (v·m + p − 1)" : "(p − 1) / (m + p − 1)");
    }
}

void finishTime(const EstimateContext& ctx, ComputeEstimate& out, Working* w)
{
    const Scenario& s = ctx.scenario;
    const HardwareSetup& hw = s.hardware;
    const double n = s.parallel.gpus;
    if (out.timeSource == TimeSource::Model) {
        out.iterationSeconds = out.modelStepSeconds;
        out.effectiveMfu = out.modelMfu;
    }
    // A separate rollout pool is billed too (it waits while the trainers work, and vice versa).
    const RlSetup& rl = s.finetune.rl;
    const double billed = n + (ctx.layout.rl && rl.placement == RolloutPlacement::Separate ? rl.rolloutGpus : 0);
    // Checkpoints, interruptions and restarts turn the steps into the run's wall-clock (core/goodput).
    out.run = estimateRun(s, ctx.gpuFigures, ctx.layout.state, ctx.layout.adapters ? ctx.adapterParameters : ctx.params.total, billed, out.iterationSeconds,
                          out.iterations);
    out.trainingSeconds = out.run.goodput.wallSeconds;
    out.gpuHours = out.trainingSeconds * billed / 3600.0;
    out.cost = out.gpuHours * hw.pricePerGpuHour * hw.overheadFactor;
    if (!w)
        return;
    if (out.timeSource == TimeSource::AchievedTflops)
        w->add(Term::IterationSeconds, kWholeJob, out.iterationSeconds,
               {{"C_hw", out.hardwareFlopsPerIteration, Unit::Flops}, {"n", n, Unit::Count}, {"X", hw.achievedTflops * 1e12, Unit::FlopsPerSecond},
                {"rollout", out.rolloutSeconds, Unit::Seconds}},
               {}, ctx.layout.rl ? "C_hw / (n · X) + rollout" : "C_hw / (n · X)  (Narayanan: achieved throughput counts recomputation)");
    else if (out.timeSource == TimeSource::Mfu)
        w->add(Term::IterationSeconds, kWholeJob, out.iterationSeconds,
               {{"C", out.modelFlopsPerIteration, Unit::Flops}, {"n", n, Unit::Count}, {"peak", out.peakFlopsPerGpu, Unit::FlopsPerSecond},
                {"MFU", hw.mfu, Unit::Fraction}, {"rollout", out.rolloutSeconds, Unit::Seconds}},
               {}, ctx.layout.rl ? "C_iter / (n · peak · MFU) + rollout" : std::string_view{});
    else
        w->add(Term::IterationSeconds, kWholeJob, out.iterationSeconds,
               {{"model step", out.modelStepSeconds, Unit::Seconds}, {"MFU", out.modelMfu, Unit::Fraction}},
               {}, "the step-time model's step (no MFU given)");
    addRunWorking(*w, s, out.run);
    w->add(Term::TrainingSeconds, kWholeJob, out.trainingSeconds, {{"T_s", out.run.goodput.workSeconds, Unit::Seconds}, {"goodput", out.run.goodput.goodput, Unit::Fraction}});
    w->add(Term::GpuHours, kWholeJob, out.gpuHours, {{"T", out.trainingSeconds, Unit::Seconds}, {"n", billed, Unit::Count}});
    w->add(Term::Cost, kWholeJob, out.cost, {{"GPU-hours", out.gpuHours, Unit::Hours}, {"price", hw.pricePerGpuHour, Unit::Money},
                                      {"overhead", hw.overheadFactor, Unit::Count}});
}

void communication(const EstimateContext& ctx, int maxLayers, int maxMoeLayers, double P, double expertP, CommunicationEstimate& out,
                   Working* w)
{
    const Scenario& s = ctx.scenario;
    const TrainingSetup& tr = s.training;
    const StateBytesPerParameter& st = ctx.layout.state;
    const double m = ctx.layout.micro;
    const double e = ctx.layout.elementBytes;
    const double T = ctx.layout.tokensPerMicroBatch;
    const double h = ctx.shape.hiddenSize;
    const double t = ctx.layout.t;
    out = CommunicationEstimate{};

    // Data parallel (ring): all-reduce 2(D−1)/D·bytes; reduce-scatter or all-gather (D−1)/D.
    // Only trainable parameters are reduced (LoRA: the adapters); experts over their own group.
    auto dataParallelBytes = [&](double shards, double params) {
        const double r = (shards - 1) / shards;
        switch (tr.zeroStage) {
        case 0: return 2 * r * st.gradients * params;
        case 1: return r * (st.gradients + st.weights) * params;
        case 2: return r * (m * st.gradients + st.weights) * params;
        default: return r * m * (2 * st.weights + st.gradients) * params;
        }
    };
    const char* dpFormula = tr.zeroStage == 0 ? "2·(D−1)/D · g·P  (gradient all-reduce once per step)"
        : tr.zeroStage == 1                   ? "(D−1)/D · (g + w)·P  (reduce-scatter grads, all-gather weights)"
        : tr.zeroStage == 2                   ? "(D−1)/D · (m·g + w)·P  (grads reduce-scattered every micro-batch)"
                                              : "(D−1)/D · m·(2w + g)·P  (weights gathered in fwd and bwd, every micro-batch)";
    const double trainable = ctx.layout.adapters ? ctx.adapterParameters / (t * ctx.layout.p) : P;
    out.dataParallel = dataParallelBytes(ctx.layout.shardGroup, trainable) + (ctx.layout.adapters ? 0 : dataParallelBytes(ctx.layout.expertShards, expertP));
    // Hybrid sharding: each replica's reduced gradient shard (g·P/S) is all-reduced across the R
    // replicas, 2(R−1)/R of it, as often as the framework does it (replicaAllReducesPerStep).
    const double R = ctx.layout.replicas, S = ctx.layout.shardGroup;
    const double replicaReduces = replicaAllReducesPerStep(ctx.layout.framework, tr.zeroStage, ctx.layout.micro);
    if (R > 1)
        out.dataParallel += replicaReduces * 2 * (R - 1) / R * st.gradients * trainable / S;

    // Tensor parallel: 4 all-reduces (or all-gather + reduce-scatter with SP) of s·b·h per
    // layer per micro-batch, 2 more with full recomputation (Korthikanti §4.2.2).
    const double collectives = 4 + (tr.recompute == Recompute::Full ? 2 : 0);
    if (ctx.layout.t > 1)
        out.tensorParallel = m * maxLayers * collectives * 2 * (t - 1) / t * e * T * h;

    // Pipeline: activations forward and gradients backward at each stage boundary, per
    // micro-batch and model chunk; scattered over TP ranks with SP.
    const double seqShard = ctx.layout.seqShard;
    if (ctx.layout.p > 1)
        out.pipelineParallel = 2 * m * ctx.layout.v * e * T * h / seqShard;

    // Context parallel (ring attention): each rank passes its K,V chunk c−1 times forward,
    // K,V and dK,dV backward (Liu et al. 2023; Megatron/TE CP).
    if (ctx.layout.c > 1) {
        const double kvChunk = 2 * e * T * double(ctx.shape.numQueryGroups) * ctx.shape.effectiveHeadDim() / t;
        out.contextParallel = m * maxLayers * (ctx.layout.c - 1) * (3 + (tr.recompute == Recompute::Full ? 1 : 0)) * kvChunk;
    }

    // Expert parallel: dispatch and combine all-to-alls of the routed tokens, forward and
    // backward (+ forward again under full recomputation).
    const double ep = s.parallel.expert;
    if (ep > 1 && maxMoeLayers > 0) {
        const double routed = T / seqShard * ctx.shape.moeTopK * tr.moeCapacityFactor;
        out.expertParallel = m * maxMoeLayers * (4 + (tr.recompute == Recompute::Full ? 2 : 0)) * (ep - 1) / ep * e * routed * h;
    }

    communicationLinks(ctx, out);

    if (w) {
        if (R > 1)
            w->add(Term::CommDataParallel, kWholeJob, out.dataParallel,
                   {{"S", S, Unit::Count}, {"R", R, Unit::Count}, {"g", st.gradients, Unit::BytesPerParameter},
                    {"w", st.weights, Unit::BytesPerParameter}, {"P", trainable, Unit::Count}, {"m", m, Unit::Count},
                    {"all-reduces", replicaReduces, Unit::Count}},
                   {}, "the shard group's (above, with D = S) + all-reduces · 2(R−1)/R · g·P/S  (hybrid sharding: gradient shards all-reduced across the R replicas)");
        else
            w->add(Term::CommDataParallel, kWholeJob, out.dataParallel,
                   {{"D", double(ctx.layout.shardGroup), Unit::Count}, {"g", st.gradients, Unit::BytesPerParameter}, {"w", st.weights, Unit::BytesPerParameter},
                    {"P", trainable, Unit::Count}, {"m", m, Unit::Count}},
                   {}, dpFormula);
        w->add(Term::CommTensorParallel, kWholeJob, out.tensorParallel,
               {{"m", m, Unit::Count}, {"n_layers", double(maxLayers), Unit::Count}, {"collectives", collectives, Unit::Count},
                {"t", t, Unit::Count}, {"s·b", T, Unit::Tokens}, {"h", h, Unit::Count}});
        w->add(Term::CommPipelineParallel, kWholeJob, out.pipelineParallel,
               {{"m", m, Unit::Count}, {"v", double(ctx.layout.v), Unit::Count}, {"s·b", T, Unit::Tokens}, {"h", h, Unit::Count}, {"t_sp", seqShard, Unit::Count}});
        w->add(Term::CommContextParallel, kWholeJob, out.contextParallel,
               {{"c", double(ctx.layout.c), Unit::Count}, {"m", m, Unit::Count}, {"n_layers", double(maxLayers), Unit::Count}});
        if (out.expertParallel > 0)
            w->add(Term::CommExpertParallel, kWholeJob, out.expertParallel,
                   {{"m", m, Unit::Count}, {"MoE layers", double(maxMoeLayers), Unit::Count}, {"EP", ep, Unit::Count},
                    {"k", double(ctx.shape.moeTopK), Unit::Count}, {"CF", tr.moeCapacityFactor, Unit::Count}});
    }
}

std::string_view commDimensionName(CommDimension d)
{
    switch (d) {
    case CommDimension::DataParallel: return "data_parallel";
    case CommDimension::TensorParallel: return "tensor_parallel";
    case CommDimension::PipelineParallel: return "pipeline_parallel";
    case CommDimension::ContextParallel: return "context_parallel";
    case CommDimension::ExpertParallel: return "expert_parallel";
    case CommDimension::Count: break;
    }
    return "";
}

} // namespace core
