#include "core/inference.h"

#include <algorithm>
#include <cmath>
#include <span>

#include "core/fields.h"
#include "core/issues.h"
#include "core/kvcache.h"
#include "core/model/layerparameters.h"
#include "core/model/imagetokens.h"
#include "core/model/layerpattern.h"
#include "core/pipeline.h"
#include "core/serving/expertload.h"
#include "core/serving/speculative.h"
#include "core/serving/stepcost.h"
#include "core/steptime.h"
#include "core/weightformat.h"
#include "core/working.h"

namespace core {

namespace {

double& at(ComponentBytes& bytes, Component c) { return bytes[std::size_t(c)]; }

/// The speculative drafter (core/serving/speculative.h), on one GPU of the last pipeline stage:
/// the drafter runs where the target's last hidden states and LM head are.
struct Drafter
{
    bool on = false;
    int k = 0;                     ///< draft tokens per target step
    double tokensPerStep = 1;      ///< E (Leviathan et al. 2023, eq. 1)
    ServingStage step;             ///< one draft step (kvReadBytes set per load)
    double hidden = 0;
    double weights = 0;            ///< held on the GPU
    bool ownShape = false;         ///< a draft model: its own layers (else one layer of the target's shape)
    ModelArchitecture shape;       ///< a draft model's family shape
    int experts = 0, topK = 0;     ///< MTP on a MoE model: the layer's routing
};

struct ServingContext
{
    const Scenario& s;
    const ModelArchitecture& m;   ///< architecture (family shape for count-only models)
    const ParameterCounts& pc;
    bool countOnly;
    int t, p;
    double linearBytes;           ///< per linear weight, storage format incl. scales
    double otherBytes;            ///< embeddings, norms, routers: 16-bit unless quantized too
    const ResolvedLayout& layout; ///< the pipeline's stages and their layers' kinds
    ByKind<LayerParameters> kinds{}; ///< one layer of each kind (core/model/layerparameters.h)
    Drafter drafter{};
};

StageLayers stageRange(const ServingContext& c, int stage)
{
    return c.layout.contiguousStage(stage); // serving runs no virtual pipeline (resolveLayout)
}

/// Weight bytes on one GPU of `stage`; `touchedExperts` < 1 scales the routed experts (decode
/// reads only the experts some token of the batch was routed to).
double stageWeights(const ServingContext& c, int stage, double touchedExperts = 1)
{
    if (c.countOnly)
        return c.pc.total / (double(c.t) * c.p) * c.linearBytes;
    const StageLayers r = stageRange(c, stage);
    const double t = c.t;
    const double expertShards = double(c.s.parallel.expert) * c.s.parallel.effectiveExpertTensor();
    double linear = 0, other = 0, experts = 0;
    for (LayerKind kind : kModelledKinds) {
        const int n = r.kinds[kind];
        const LayerParameters& p = c.kinds[std::size_t(kind)];
        linear += n * p.linear / t;
        other += n * p.replicated;
        experts += n * p.routedExperts / expertShards;
    }
    // llama.cpp keeps the token embedding in host memory (llama-model.cpp: token_embd on the CPU buffer type).
    if (stage == 0 && c.s.inference.engine != ServingEngine::LlamaCpp)
        other += c.pc.embedding / t + c.pc.positionEmbedding;
    if (stage == c.p - 1)
        other += c.pc.finalNorm + (c.m.tiedEmbeddings ? (c.p > 1 || c.s.inference.engine == ServingEngine::LlamaCpp ? c.pc.embedding : 0)
                                                      : c.pc.outputLayer) / t;
    return (linear + experts * touchedExperts) * c.linearBytes + other * c.otherBytes;
}

/// A vision tower and its projector on one GPU of `stage` (the first): its matrices split by TP
/// (vLLM mm_encoder_tp_mode "weights", the default: the encoder's linears are tensor-parallel),
/// held as the embeddings are (16-bit unless they are quantized too). Not read by decode steps.
double stageVisionWeights(const ServingContext& c, int stage)
{
    if (stage != 0 || c.countOnly || !c.m.hasVision())
        return 0;
    const VisionTower v = visionTower(c.m);
    return (v.linear / c.t + (v.total - v.linear)) * c.otherBytes;
}

int kvBlock(const Scenario& s) { return engineKvBlockSize(s); }

double stageKv(const ServingContext& c, int stage, double context, double batch)
{
    const StageLayers r = stageRange(c, stage);
    return kvCacheBytes(c.m, c.s.inference.kvCacheDtype, c.t, r.first, r.first + r.count, context, batch, kvBlock(c.s));
}

/// The recurrent state of `batch` sequences in the stage's linear layers (0 without any).
double stageState(const ServingContext& c, int stage, double batch)
{
    if (!c.m.isHybrid() || c.countOnly)
        return 0;
    const StageLayers r = stageRange(c, stage);
    return stateBytesPerSequence(c.m, c.s.inference.engine, c.t, r.first, r.first + r.count) * batch;
}

/// The drafter's KV cache of one sequence at `context` on one GPU (0 without a drafter): a draft
/// model's own layers, or the one layer of an EAGLE head or MTP module, of the target's shape.
double drafterKv(const ServingContext& c, double context)
{
    const Drafter& d = c.drafter;
    if (!d.on)
        return 0;
    const KvCacheDtype dtype = c.s.inference.kvCacheDtype;
    if (d.ownShape)
        return kvCacheBytes(d.shape, dtype, c.t, 0, d.shape.numLayers, context, 1, kvBlock(c.s));
    return kvBytesPerTokenPerLayer(c.m, dtype, c.t) * cachedTokens(context, 0, kvBlock(c.s));
}

Drafter makeDrafter(const ServingContext& c)
{
    Drafter d;
    const InferenceSetup& in = c.s.inference;
    if (!speculates(in))
        return d;
    d.on = true;
    d.k = in.speculativeTokens;
    d.tokensPerStep = expectedTokensPerStep(in.acceptanceRate, d.k);
    const ModelArchitecture& m = c.m;
    const double t = c.t;
    const double h = m.hiddenSize;
    // The target's LM head, which an EAGLE head and an MTP module share and read at every draft
    // step (SGLang speculative/eagle_worker.py: "Share the embedding and lm_head").
    const double headParameters = m.tiedEmbeddings ? c.pc.embedding : c.pc.outputLayer;
    const double head = headParameters / t * c.otherBytes;
    if (in.speculativeMethod == SpeculativeMethod::DraftModel) {
        // A draft model of `draftParameters`, shaped as the "model size" slider's family (core/model.h),
        // held in the target's weight format and split over the same TP (vLLM V1 runs the drafter
        // at the target's tensor-parallel size).
        d.ownShape = true;
        d.shape = familyShape(in.draftParameters);
        const ParameterCounts pc = countParameters(d.shape, c.t);
        const LayerParameters layer = layerParameters(d.shape, pc, LayerKind::Dense);
        const double L = d.shape.numLayers;
        const double dHead = d.shape.tiedEmbeddings ? 0.0 : pc.outputLayer;
        d.weights = L * layer.linear / t * c.linearBytes + (L * layer.replicated + pc.finalNorm) * c.otherBytes
            + (pc.embedding + dHead) / t * c.otherBytes;
        d.step.layers = d.shape.numLayers;
        // A step looks its rows up in the embedding; it reads the table whole only as a tied head.
        d.step.denseWeightBytes = d.weights - (d.shape.tiedEmbeddings ? 0.0 : pc.embedding / t * c.otherBytes);
        d.step.flopsPerToken = 2 * pc.active / t;
        d.step.attentionWidth = double(d.shape.numAttentionHeads) * d.shape.effectiveHeadDim() / t;
        d.hidden = d.shape.hiddenSize;
        return d;
    }
    // EAGLE: one decoder layer of the target's shape and an FC layer 2h → h, in 16 bits (Li et al.
    // 2024 §4); MTP: one block of the model's own kind (its MoE layer on a MoE model) in the
    // checkpoint's format and the projection 2h → h (DeepSeek-V3 §2.2).
    const bool mtp = in.speculativeMethod == SpeculativeMethod::Mtp;
    const LayerKind kind = mtp && m.isMoE() ? LayerKind::Moe : LayerKind::Dense;
    const LayerParameters& layer = c.kinds[std::size_t(kind)];
    const double linearBytes = mtp ? c.linearBytes : 2.0;
    const double otherBytes = mtp ? c.otherBytes : 2.0;
    const double expertShards = double(c.s.parallel.expert) * c.s.parallel.effectiveExpertTensor();
    const double projection = 2 * h * h * otherBytes; // replicated on every TP rank (vLLM: a plain nn.Linear)
    const double dense = layer.linear / t * linearBytes + layer.replicated * otherBytes + projection;
    d.step.expertWeightBytes = kind == LayerKind::Moe ? layer.routedExperts / expertShards * linearBytes : 0;
    d.step.moeLayers = kind == LayerKind::Moe ? 1 : 0;
    d.weights = dense + d.step.expertWeightBytes;
    d.step.layers = 1;
    d.step.denseWeightBytes = dense + head;
    const double routedShare = kind == LayerKind::Moe && m.numExperts > 0 ? double(m.moeTopK) / m.numExperts : 0;
    d.step.flopsPerToken = 2 * ((layer.linear + layer.routedExperts * routedShare + headParameters) / t + layer.replicated + 2 * h * h);
    d.step.attentionWidth = (m.isMla() ? double(m.numAttentionHeads) * (double(m.qkNopeHeadDim) + m.qkRopeHeadDim + m.vHeadDim) / 2
                                       : double(m.numAttentionHeads) * m.effectiveHeadDim()) / t;
    d.hidden = h;
    d.experts = kind == LayerKind::Moe ? m.numExperts : 0;
    d.topK = kind == LayerKind::Moe ? m.moeTopK : 0;
    return d;
}

/// The transient memory of one forward and of the logits, as the engine runs them. They are
/// live at different times, so the workspace is the larger, not their sum.
struct Workspace
{
    double forward = 0;  ///< one chunk through one layer (+ attention scores without flash)
    double logits = 0;   ///< the logits and what sampling makes of them (last stage)
    double peak() const { return std::max(forward, logits); }
};

Workspace stageWorkspace(const ServingContext& c, int stage, double batch)
{
    const InferenceSetup& in = c.s.inference;
    const ServingEngine engine = in.engine;
    const double prompt = batch * double(in.promptLength);
    // HF generate() runs the whole prompt at once; the others a chunk of max_batched_tokens.
    const double chunk = engine == ServingEngine::HfTransformers ? prompt : std::min(double(in.maxBatchedTokens), prompt);
    const double h = c.m.hiddenSize, t = c.t, e = 2;
    const double heads = double(c.m.numAttentionHeads) / t;
    const double q = double(c.m.numAttentionHeads) * c.m.effectiveHeadDim();
    const double k = double(c.m.numQueryGroups) * c.m.effectiveHeadDim();
    const double F = c.m.isMoE() ? std::max(double(c.m.ffnHiddenSize), double(c.m.moeTopK) * c.m.moeFfnHiddenSize) : c.m.ffnHiddenSize;
    const double V = c.pc.paddedVocab;
    const bool last = stage == c.p - 1;
    const double context = double(in.context());
    Workspace w;
    if (engine == ServingEngine::LlamaCpp) {
        // ggml-alloc reserves the worst case of one ubatch against the whole cache and reuses
        // the buffer layer by layer (llama-context.cpp graph_reserve): the largest of the
        // attention (fp32 KQ n_kv × n_ub × n_head, softmaxed in place, its mask and four
        // n_ub × h fp32 tensors), the MLP (gate and up, fp32) and the output (fp32 logits of
        // every ubatch token). Pipeline parallelism keeps 4 copies (GGML_SCHED_MAX_COPIES).
        const double ub = std::min(double(in.maxBatchedTokens), context);
        const double kq = in.flashAttention ? 0 : 4 * heads * context * ub;
        const double mask = (in.flashAttention ? 2 : 4) * context * ub;
        const double attention = kq + mask + 4 * 4 * ub * h;
        const double mlp = 4 * ub * ((c.m.gatedMlp ? 2 : 1) * F / t) + 2 * 4 * ub * h;
        w.forward = std::max(attention, mlp);
        w.logits = last ? 4 * V / t * ub + 4 * ub * h : 0;
        if (c.p > 1) {
            w.forward *= 4;
            w.logits *= 4;
        }
        return w;
    }
    // A few tensors of one layer at once: the residual and the normalised input, the QKV
    // output and the MLP's gate/up and activation (vLLM profile_run at max_num_batched_tokens).
    w.forward = e * chunk * (2 * h + (q + 2 * k) / t + (c.m.gatedMlp ? 3 : 2) * F / t);
    if (c.m.isMoE())
        w.forward += 2 * e * chunk * c.m.moeTopK * h; // dispatch buffers
    if (engine == ServingEngine::HfTransformers && !in.flashAttention) {
        // eager_attention_forward (modeling_llama.py): bf16 scores, the mask added out of place,
        // the fp32 softmax and its bf16 cast, of one layer: 6 B per score at the peak.
        w.forward += 6 * batch * heads * double(in.promptLength) * double(in.promptLength);
    }
    if (!last)
        return w;
    switch (engine) {
    case ServingEngine::Vllm:
        // V1 profiles the sampler on max_num_seqs rows: fp32 logits, probabilities, exponential
        // noise and their quotient (sample/ops/topk_topp_sampler.py random_sample).
        w.logits = 16 * double(in.maxNumSeqs) * V;
        break;
    case ServingEngine::Sglang:
        w.logits = 8 * batch * V; // fp32 logits and probabilities of the running batch
        break;
    case ServingEngine::TensorRtLlm:
        w.logits = 4 * batch * V; // fp32 logits of the last token of each sequence
        break;
    case ServingEngine::HfTransformers:
        // Before transformers 4.45 (logits_to_keep) the prefill computed the logits of every
        // prompt position and upcast them: bf16 + fp32 = 6 B each; since, the last position's.
        w.logits = e * prompt * h + 6 * V * (in.fullPromptLogits ? prompt : batch);
        break;
    case ServingEngine::LlamaCpp:
        break;
    }
    // The logits are gathered to the whole vocabulary before sampling (vLLM LogitsProcessor).
    return w;
}

/// What the engine reserves up front for weights + KV cache (0: it allocates what it needs).
/// vLLM: gpu_memory_utilization × total, less the weights, the profiled peak and what is
/// allocated outside torch (gpu_worker.py determine_available_memory); SGLang:
/// mem_fraction_static × what was free after the distributed init, less the weights
/// (model_runner.py profile_max_num_token);
/// TensorRT-LLM: free_gpu_memory_fraction of what is free after everything else
/// (kvCacheManager.cpp).
double kvPool(const ServingContext& c, double weights, double workspace, double libraries, double nccl)
{
    const InferenceSetup& in = c.s.inference;
    const double capacity = c.s.hardware.gpu.memoryBytes;
    const double f = in.gpuMemoryUtilization;
    switch (in.engine) {
    case ServingEngine::Vllm: return std::max(0.0, f * capacity - weights - workspace - libraries - nccl);
    case ServingEngine::Sglang:
        // rest = free after loading − total × (1 − mem_fraction_static), where `total` is what
        // was free after the distributed init, the CUDA context and NCCL already taken (SGLang
        // @ 001ccef python/sglang/srt/model_executor/model_runner_kv_cache_mixin.py
        // profile_max_num_token: rest_memory = available_gpu_memory − total_gpu_memory ×
        // (1 − mem_fraction_static); model_runner.py passes the memory free after
        // init_torch_distributed as total_gpu_memory): the pool is
        // f × (capacity − context − NCCL) − weights. The QwQ-32B log of the memory corpus
        // (llms-in-clouds docs/sglang.md @ b001c86): 0.85 × 21.63 GB free − 15.54 GB of weights =
        // 2.85 GB against the 2.84 GB pool it printed.
        return std::max(0.0, f * (capacity - c.s.runtime.cudaContextBytes - nccl) - weights);
    case ServingEngine::TensorRtLlm:
        return std::max(0.0, f * (capacity - c.s.runtime.cudaContextBytes - weights - workspace - libraries - nccl));
    case ServingEngine::HfTransformers:
    case ServingEngine::LlamaCpp: return 0;
    }
    return 0;
}

/// The NCCL communicators a serving GPU connects during the forward its engine profiles. vLLM's
/// TP group runs collectives on two: its PyNcclCommunicator (the all-reduce of activations
/// too large for the custom all-reduce; vllm-project/vllm
/// vllm/distributed/device_communicators/cuda_communicator.py @ 00b5a01, CudaCommunicator.__init__
/// "self.pynccl_comm = PyNcclCommunicator(group=self.cpu_group ...)" and all_reduce) and
/// torch.distributed's own communicator of the group's device_group (the logits' gather and
/// all-gather, base_device_communicator.py @ 00a18bc "torch.distributed.gather(input_, gather_list,
/// dst=self.ranks[dst], group=self.device_group)"). Its PP group only sends and receives through
/// the PyNccl one. Other engines: one communicator per parallel dimension.
int servingCommunicators(ServingEngine engine, int t, int p)
{
    const int tp = t > 1 ? (engine == ServingEngine::Vllm ? 2 : 1) : 0;
    return tp + (p > 1 ? 1 : 0);
}

/// One GPU of a stage at a batch: what it holds and whether it fits. The one rule for "fits"
/// (issue 27 item 5): the estimate's rank groups and the largest batch both ask it, so the batch
/// the estimate reports as the largest is one it accepts, and one more is one it refuses.
struct StageMemory
{
    Workspace ws;
    double weights = 0, needed = 0, pool = 0, reserve = 0, dynamic = 0, fragmentation = 0, graphPool = 0;
    double draftWeights = 0, draftKv = 0; ///< the speculative drafter's, on the last stage (its KV from the same pool)
    double allocated = 0, reserved = 0, total = 0;
    bool reserving = false, poolHolds = true, fits = true;
};

struct Runtime
{
    double libraries = 0, nccl = 0;
    bool graphs = false, torchEngine = true;
};

StageMemory stageMemory(const ServingContext& c, const Runtime& r, int stage, double context, double batch)
{
    const InferenceSetup& in = c.s.inference;
    const RuntimeOverheads& rt = c.s.runtime;
    const ServingEngine engine = in.engine;
    StageMemory m;
    m.ws = stageWorkspace(c, stage, batch);
    m.weights = stageWeights(c, stage) + stageVisionWeights(c, stage);
    // A hybrid's recurrent states share the engine's pool with the KV blocks (vLLM's hybrid KV
    // cache manager allocates one mamba block per sequence from the same pool, vLLM recipes PR #831;
    // SGLang's mamba pool comes out of mem_fraction_static).
    m.needed = stageKv(c, stage, context, batch) + stageState(c, stage, batch);
    // The drafter's weights are loaded before the engine sizes its pool, and its KV blocks come
    // from the same pool (vLLM V1: one KV cache spec for the target's and the drafter's layers).
    if (c.drafter.on && stage == c.p - 1) {
        m.draftWeights = c.drafter.weights;
        m.draftKv = drafterKv(c, context) * batch;
    }
    m.pool = kvPool(c, m.weights + m.draftWeights, m.ws.peak(), r.libraries, r.nccl);
    m.reserving = engine == ServingEngine::Vllm || engine == ServingEngine::Sglang || engine == ServingEngine::TensorRtLlm;
    m.reserve = m.reserving ? std::max(0.0, m.pool - m.needed - m.draftKv) : 0;
    // Weights and the KV pool are allocated once and not fragmented; the workspace (and HF's
    // growing DynamicCache) is. ggml allocates exact buffers.
    m.dynamic = m.ws.peak() + (engine == ServingEngine::HfTransformers ? m.needed + m.draftKv : 0);
    m.fragmentation = r.torchEngine ? (rt.expandableSegments ? 0 : rt.fragmentationFraction * m.dynamic) : 0;
    m.graphPool = r.graphs ? in.cudaGraphBytes : 0;
    m.allocated = m.weights + m.needed + m.reserve + m.ws.peak() + r.libraries + m.draftWeights + m.draftKv;
    m.reserved = m.allocated + m.fragmentation + m.graphPool;
    m.total = m.reserved + rt.cudaContextBytes + r.nccl;
    // A reserving engine fits a batch whose KV cache fits its pool.
    m.poolHolds = !m.reserving || m.needed + m.draftKv <= m.pool;
    m.fits = m.total <= c.s.hardware.gpu.memoryBytes && m.poolHolds;
    return m;
}

bool everyStageFits(const ServingContext& c, const Runtime& r, double context, double batch)
{
    for (int i = 0; i < c.p; ++i)
        if (!stageMemory(c, r, i, context, batch).fits)
            return false;
    return true;
}

/// The largest batch every stage fits at `context` by stageMemory's rule (0: not one sequence).
/// `guess` (free memory over one sequence's KV cache) is usually right or one off: what grows
/// with the batch besides the KV cache (a workspace, the logits, HF's fragmented cache) is small.
/// Fitting is monotone in the batch, so a bracket and a bisection settle it otherwise.
double largestBatch(const ServingContext& c, const Runtime& r, double context, double guess)
{
    double lo = 0, hi = 0; // fits at lo (0 always "fits"), not at hi
    double b = std::max(1.0, std::floor(guess));
    if (!std::isfinite(b) || b > 1e12)
        b = 1e12;
    if (everyStageFits(c, r, context, b)) {
        lo = b;
        double step = 1;
        for (hi = b + step; everyStageFits(c, r, context, hi); hi = lo + step) {
            lo = hi;
            step *= 2;
            if (hi > 1e12)
                return lo;
        }
    } else {
        hi = b;
        double step = 1;
        for (lo = b - step; lo >= 1 && !everyStageFits(c, r, context, lo); lo = hi - step) {
            hi = lo;
            step *= 2;
        }
        lo = std::max(0.0, lo);
    }
    while (hi - lo > 1) {
        const double mid = std::floor((lo + hi) / 2);
        (everyStageFits(c, r, context, mid) ? lo : hi) = mid;
    }
    return lo;
}

double peakFor(const GpuSpec& gpu, WeightFormat format)
{
    if (format == WeightFormat::Fp8 && gpu.peakFp8Tflops > 0)
        return gpu.peakFp8Tflops * 1e12;
    if (gpu.peakBf16Tflops > 0)
        return gpu.peakBf16Tflops * 1e12;
    return gpu.peakFp16Tflops * 1e12;
}

/// NVFP4 weights — 4-bit values with one FP8 (E4M3) scale per 16, the layout a scenario writes
/// NVFP4 in — on a GPU with FP4 tensor cores: the engine quantizes each GEMM's activations to FP4
/// too and multiplies on the FP4 tensor cores (W4A4), not a weight-only kernel that dequantizes
/// as it reads (NVIDIA/TensorRT-LLM tensorrt_llm/_torch/modules/linear.py @ ed53795,
/// NVFP4LinearMethod.apply: "act_fp4, act_sf = torch.ops.trtllm.fp4_quantize(input,
/// module.input_scale, module.scaling_vector_size, False)" then "torch.ops.trtllm.nvfp4_gemm(
/// act_fp4, module.weight, ...)"). Their peak is fp4_peak_ratio × the FP8 peak (resources/steptime.json).
double nvfp4PeakRatio(const Scenario& s)
{
    const WeightQuantization& w = s.inference.weights;
    if (w.format != WeightFormat::Int4 || w.groupSize != 16 || w.scale != ScaleFormat::Fp8 || !(s.hardware.gpu.peakFp8Tflops > 0))
        return 0;
    return gpuStepFigures(s.hardware.gpu.preset).fp4PeakRatio;
}

/// The dense peak the serving GEMMs run at: FP8 weights on FP8 tensor cores, NVFP4 on FP4 ones.
double servingPeak(const Scenario& s)
{
    const double fp4 = nvfp4PeakRatio(s);
    return fp4 > 0 ? fp4 * s.hardware.gpu.peakFp8Tflops * 1e12 : peakFor(s.hardware.gpu, s.inference.weights.format);
}

bool serverEngine(ServingEngine e) { return e == ServingEngine::Vllm || e == ServingEngine::Sglang || e == ServingEngine::TensorRtLlm; }

/// The replica's hardware as a serving step reads it.
ServingHardware servingHardware(const ServingContext& c, const ModelConstants& constants)
{
    const Scenario& s = c.s;
    const GpuSpec& gpu = s.hardware.gpu;
    const InferenceSetup& in = s.inference;
    const ParallelLayout& par = s.parallel;
    ServingHardware hw;
    hw.gemm = &gpuStepFigures(gpu.preset);
    hw.bandwidth = gpu.memoryBandwidthBytesPerSecond * hbmReadFraction();
    hw.peakFlops = servingPeak(s);
    hw.peakAttentionFlops = peakFor(gpu, WeightFormat::Bf16);
    const bool nvfp4 = nvfp4PeakRatio(s) > 0;
    // NVFP4's GEMMs take the FP8 (low-precision) GEMM efficiency measured on the GPU.
    hw.fp8 = (in.weights.format == WeightFormat::Fp8 && gpu.peakFp8Tflops > 0) || nvfp4;
    const WeightFormat f = in.weights.format;
    // Weight-only integer kernels dequantise as they read (Marlin, AWQ, GGML, tinygemm): fitted.
    // NVFP4 on FP4 tensor cores reads its weights as the tensor cores take them, as FP8 does.
    hw.weightEfficiency = !nvfp4 && (f == WeightFormat::Int8 || f == WeightFormat::Int4 || f == WeightFormat::Nf4)
        ? constants[FittedConstant::ServingWeightOnlyEfficiency] : 1.0;
    hw.hidden = c.m.hiddenSize;
    hw.tensor = c.t;
    hw.expert = c.m.isMoE() ? par.expert : 1;
    hw.experts = c.m.numExperts;
    hw.topK = c.m.moeTopK;
    // An EP group of more GPUs than the replica's TP spans several replicas (attention data-parallel,
    // SGLang --enable-dp-attention, TensorRT-LLM enable_attention_dp): each sends its rows' tokens to
    // the group's experts ("Each GPU only sees tokens routed to its local experts",
    // NVIDIA/TensorRT-LLM docs/source/features/parallel-strategy.md @ 65b31db).
    hw.expertGroupReplicas = c.m.isMoE() ? std::max(1.0, double(par.expert) * par.effectiveExpertTensor() / c.t) : 1.0;
    // The engines' one-shot all-reduce needs every pair of GPUs on NVLink (vLLM
    // custom_all_reduce.py: fully connected NVLink, else NCCL); a GPU whose GPU-to-GPU figure is no
    // more than PCIe Gen5 x16's 128 GB/s (both directions) has none.
    hw.customAllReduce = serverEngine(in.engine) && gpu.interconnectBytesPerSecond > 128e9;
    const long long node = par.gpusPerNode;
    hw.tpBusBytesPerSecond = groupLink(1, c.t, node, gpu.interconnectBytesPerSecond, gpu.networkBytesPerSecond).busBytesPerSecond;
    hw.epBusBytesPerSecond = groupLink(par.effectiveExpertTensor(), par.expert, node, gpu.interconnectBytesPerSecond, gpu.networkBytesPerSecond).busBytesPerSecond;
    hw.linkBytesPerSecond = groupLink(c.t, c.p, node, gpu.interconnectBytesPerSecond, gpu.networkBytesPerSecond).busBytesPerSecond;
    hw.engineOverhead = serverEngine(in.engine);
    hw.expertLoadDispersion = expertLoadDispersion();
    return hw;
}

/// The routed experts' GEMM FLOPs per row on one GPU of a stage, the pairs spread evenly:
/// 2 · k/E · the stage's routed-expert parameters / t (the experts' share of 2 × active / t).
double routedExpertFlopsPerToken(const ServingContext& c, const StageLayers& sr)
{
    const ModelArchitecture& m = c.m;
    if (c.countOnly || !m.isMoE() || m.numExperts <= 0)
        return 0;
    double routed = 0;
    for (LayerKind kind : kModelledKinds)
        routed += sr.kinds[kind] * c.kinds[std::size_t(kind)].routedExperts;
    return 2 * routed * double(m.moeTopK) / m.numExperts / c.t;
}

struct ServingStep
{
    ServingParts parts{};
    double seconds = 0;
    double bytes = 0, flops = 0; ///< per GPU, summed over the stages
};

/// Engine steps of the replica, one per load: its stages one after another, the hand-offs between
/// them and the engine's own time. `context` is the decoding sequences' context. The loads share
/// one pass over the stages (each stage's weights and KV per sequence are worked out once).
void engineSteps(const ServingContext& c, const ServingHardware& hw, double activeParameters, double qWidth, std::span<const ServingLoad> loads,
                 double context, std::span<ServingStep> out, const ModelConstants& constants)
{
    const ModelArchitecture& m = c.m;
    const bool llamaCpp = c.s.inference.engine == ServingEngine::LlamaCpp;
    for (int i = 0; i < c.p; ++i) {
        const StageLayers sr = stageRange(c, i);
        ServingStage st;
        st.layers = sr.count;
        st.moeLayers = sr.kinds[LayerKind::Moe] + (m.isMoE() ? sr.kinds[LayerKind::LinearAttention] : 0);
        st.denseWeightBytes = stageWeights(c, i, 0);
        st.expertWeightBytes = stageWeights(c, i, 1) - st.denseWeightBytes;
        // A step looks up its rows in the token embedding; it reads the whole table only as the
        // tied LM head of a single stage (llama.cpp keeps the table on the host anyway).
        if (i == 0 && !c.countOnly && !llamaCpp && !(m.tiedEmbeddings && c.p == 1))
            st.denseWeightBytes -= c.pc.embedding / c.t * c.otherBytes;
        const double share = m.numLayers > 0 ? double(sr.count) / m.numLayers : 1.0 / c.p;
        st.flopsPerToken = 2 * activeParameters * share / c.t;
        st.expertFlopsPerToken = routedExpertFlopsPerToken(c, sr);
        st.attentionWidth = qWidth / c.t;
        const int attending = m.isHybrid() ? sr.kinds[LayerKind::Dense] + sr.kinds[LayerKind::Moe] : sr.count;
        if (m.isHybrid()) // only the attention layers attend: their share of the stage's layers
            st.attentionWidth *= sr.count > 0 ? double(attending) / sr.count : 0;
        // A decode step reads each sequence's KV cache, and reads and writes its recurrent state.
        // With sparse attention it reads every token's indexer key but only the top-k tokens' latent
        // (core/kvcache.h kvReadBytesPerSequence).
        const double kvPerSequence = (m.isSparseAttention() ? kvReadBytesPerSequence(m, c.s.inference.kvCacheDtype, c.t, sr.first, sr.first + sr.count,
                                                                                    context, kvBlock(c.s))
                                                            : stageKv(c, i, context, 1))
            + 2 * stageState(c, i, 1); // linear in the sequences (kvCacheBytes)
        // Its attention FLOPs per query: the attending layers over the context (a window's layers
        // over the window), each query head of this GPU (MLA's heads are split by TP, its latent is not).
        const int global = m.isHybrid() ? attending : m.globalLayersIn(sr.first, sr.first + sr.count);
        // Sparse attention: the top-k selected tokens (DeepSeek-V3.2-Exp index_topk), and the
        // indexer's 2 · H_I · d_I FLOPs per query over every cached token, replicated on every TP
        // rank (vLLM keeps the indexer whole) and run in FP8 (below).
        const double attendedContext = m.isSparseAttention() ? std::min(context, double(m.indexTopK)) : context;
        const double positions = global * attendedContext + (attending - global) * std::min(context, double(m.slidingWindow));
        const double indexerFlops = m.isSparseAttention() && !c.countOnly ? 2.0 * m.indexNumHeads * m.indexHeadDim * attending : 0;
        // The indexer's logits run in FP8 (vLLM deepseek_v2.py @002d6073 Indexer: q quantized by
        // per_token_group_quant_fp8 against the FP8 key cache; the reference inference/kernel.py
        // fp8_index): timed at the GPU's FP8 peak where it has one, as 16-bit-equivalent FLOPs.
        const double fp8Peak = c.s.hardware.gpu.peakFlops(ComputeDType::Fp8);
        st.indexerFlopsPerPosition = indexerFlops * (fp8Peak > hw.peakAttentionFlops && hw.peakAttentionFlops > 0 ? hw.peakAttentionFlops / fp8Peak : 1.0);
        st.decodeAttentionFlops = c.countOnly ? 0
                                              : double(m.numAttentionHeads) / c.t * decodeAttentionFlopsPerHead(m) * positions
                + st.indexerFlopsPerPosition * context;
        for (std::size_t l = 0; l < loads.size(); ++l) {
            const ServingLoad& load = loads[l];
            ServingStep& o = out[l];
            st.kvReadBytes = load.decodeSequences > 0 ? kvPerSequence * load.decodeSequences : 0;
            const ServingParts parts = stageStepParts(st, hw, load, constants);
            for (std::size_t k = 0; k < kServingPartCount; ++k) {
                o.parts[k] += parts[k];
                o.seconds += parts[k];
            }
            const double touched = st.moeLayers > 0 ? touchedExperts(load.rows() * hw.expertGroupReplicas, hw.experts, hw.topK) : 1;
            o.bytes += st.denseWeightBytes + st.expertWeightBytes * touched + st.kvReadBytes;
            o.flops += st.flopsPerToken * load.rows()
                + 4 * st.attentionWidth * (load.prefillAttended + load.decodeSequences * attendedContext + load.verifyRows * attendedContext) * st.layers
                + indexerFlops * (load.prefillIndexed + (load.decodeSequences + load.verifyRows) * context);
        }
    }
    for (std::size_t l = 0; l < loads.size(); ++l) {
        ServingStep& o = out[l];
        if (c.p > 1) {
            // Each stage boundary sends the rows' hidden states (Megatron/vLLM PP: one send per step).
            const double handOff = ncclLatencySeconds()
                + (hw.linkBytesPerSecond > 0 ? loads[l].rows() * hw.hidden * hw.activationBytes / hw.linkBytesPerSecond : 0);
            o.parts[std::size_t(ServingPart::PipelineHandOff)] = (c.p - 1) * handOff;
            o.seconds += (c.p - 1) * handOff;
        }
        if (hw.engineOverhead) {
            o.parts[std::size_t(ServingPart::EngineOverhead)] = constants[FittedConstant::ServingStepOverhead];
            o.seconds += constants[FittedConstant::ServingStepOverhead];
        }
    }
}

/// The drafter's k proposals for `sequences` decoding sequences at `context`: k steps of one
/// draft row per sequence, timed by the same step model on the last stage's GPU (no engine
/// overhead or hand-off of their own: they run inside the target's engine step).
double draftSeconds(const ServingContext& c, const ServingHardware& hw, double sequences, double context, const ModelConstants& constants)
{
    const Drafter& d = c.drafter;
    if (!d.on || sequences <= 0)
        return 0;
    ServingHardware dhw = hw;
    dhw.hidden = d.hidden;
    dhw.experts = d.experts;
    dhw.topK = d.topK;
    if (d.experts == 0)
        dhw.expert = 1;
    ServingStage st = d.step;
    st.kvReadBytes = drafterKv(c, context) * sequences;
    const ServingParts parts = stageStepParts(st, dhw, ServingLoad{sequences, 0, 0}, constants);
    double one = 0;
    for (double v : parts)
        one += v;
    return d.k * one;
}

} // namespace

void estimateInference(const Scenario& s, const ResolvedLayout& layout, Estimate& out, Working* w,
                       const ModelConstants& constants)
{
    const InferenceSetup& in = s.inference;
    const bool countOnly = layout.countOnly;
    const ModelArchitecture& m = out.shape;
    ServingContext c{s, m, out.parameters, countOnly, layout.t, layout.p, 0, 0, layout};
    for (LayerKind kind : kModelledKinds)
        c.kinds[std::size_t(kind)] = layerParameters(m, out.parameters, kind);
    c.linearBytes = bitsPerParameter(in.weights, m.hiddenSize) / 8;
    c.otherBytes = (countOnly || in.weights.quantizeEmbeddings) ? c.linearBytes : 2.0;
    c.drafter = makeDrafter(c);
    InferenceEstimate& r = out.inference;
    r = InferenceEstimate{};
    r.linearBitsPerParameter = c.linearBytes * 8;
    r.kvBytesPerTokenPerLayer = kvBytesPerTokenPerLayer(m, in.kvCacheDtype, c.t);
    r.replicas = std::max(1, s.parallel.gpus / (c.t * c.p));
    const double context = double(in.context());
    const double batch = double(in.batchSize);
    const double capacity = s.hardware.gpu.memoryBytes;
    const RuntimeOverheads& rt = s.runtime;
    const int ranksPerStage = s.parallel.gpus / c.p;
    const ServingEngine engine = in.engine;
    Runtime run;
    run.torchEngine = engine != ServingEngine::LlamaCpp;
    // One cuBLAS handle (no autograd thread) through the caching allocator; llama.cpp has none.
    run.libraries = run.torchEngine ? rt.cublasWorkspaceBytes + 1048576.0 : 0;
    run.nccl = servingCommunicators(engine, c.t, c.p) * rt.ncclBytesPerCommunicator;
    run.graphs = in.cudaGraphs && (engine == ServingEngine::Vllm || engine == ServingEngine::Sglang);
    const double libraries = run.libraries, nccl = run.nccl;
    const bool graphs = run.graphs, torchEngine = run.torchEngine;

    double minFree = capacity;
    double perSequence = 0;
    double guess = 1e12;
    for (int i = 0; i < c.p; ++i) {
        RankGroup g;
        g.phase = GroupPhase::Serving;
        g.firstStage = g.lastStage = i;
        g.firstRank = i * ranksPerStage;
        g.lastRank = (i + 1) * ranksPerStage - 1;
        g.layers = stageRange(c, i).count;
        g.inFlightMicroBatches = 1;
        const StageMemory sm = stageMemory(c, run, i, context, batch);
        const Workspace& ws = sm.ws;
        const double weights = sm.weights, needed = sm.needed, pool = sm.pool, dynamic = sm.dynamic;
        const bool reserving = sm.reserving;
        at(g.bytes, Component::Weights) = weights;
        // A hybrid's linear layers keep a fixed state per sequence beside the attention layers' KV
        // (issue 28): its own segment, the same at any context.
        const double stateNeeded = stageState(c, i, batch);
        at(g.bytes, Component::RecurrentState) = stateNeeded;
        at(g.bytes, Component::KvCache) = needed - stateNeeded;
        at(g.bytes, Component::DraftWeights) = sm.draftWeights;
        at(g.bytes, Component::DraftKvCache) = sm.draftKv;
        at(g.bytes, Component::KvCacheReserve) = sm.reserve;
        at(g.bytes, Component::InferenceWorkspace) = ws.peak();
        at(g.bytes, Component::LibraryWorkspaces) = libraries;
        g.momentBytes[std::size_t(StepMoment::Prefill)] = ws.forward;
        g.momentBytes[std::size_t(StepMoment::Sampler)] = ws.logits;
        g.peakMoment = ws.logits > ws.forward ? StepMoment::Sampler : StepMoment::Prefill;
        at(g.bytes, Component::Fragmentation) = sm.fragmentation;
        at(g.bytes, Component::CudaGraphPool) = sm.graphPool;
        at(g.bytes, Component::CudaContext) = rt.cudaContextBytes;
        at(g.bytes, Component::NcclBuffers) = nccl;
        g.allocatedBytes = sm.allocated;
        g.reservedBytes = sm.reserved;
        g.deviceBytes = g.totalBytes = sm.total;
        g.capacityBytes = capacity;
        g.fits = sm.fits;
        if (!sm.poolHolds)
            out.issues.push_back(fieldIssue(IssueCode::KvPoolTooSmall, Severity::Warning, Field::InferenceGpuMemoryUtilization, double(i), needed, pool));
        const double free = reserving ? pool : capacity - (g.totalBytes - needed - sm.draftKv);
        minFree = std::min(minFree, free);
        const double oneSequenceKv = stageKv(c, i, context, 1);
        const double oneState = stageState(c, i, 1);
        const double oneSequence = oneSequenceKv + oneState + (c.drafter.on && i == c.p - 1 ? drafterKv(c, context) : 0.0);
        perSequence = std::max(perSequence, oneSequence);
        if (oneSequence > 0) {
            // A reserving engine's total does not grow with the batch while its pool holds it; HF's
            // cache is fragmented as it grows (f × the cache on top of it).
            const double grows = engine == ServingEngine::HfTransformers && !rt.expandableSegments ? 1 + rt.fragmentationFraction : 1;
            const double room = reserving ? pool : capacity - (g.totalBytes - needed * grows);
            guess = std::min(guess, std::max(0.0, room) / (oneSequence * grows));
        }
        r.kvBytesPerSequence += oneSequenceKv;
        r.stateBytesPerSequence += oneState;
        if (!out.groups.empty() && out.groups.back().bytes == g.bytes && out.groups.back().layers == g.layers) {
            out.groups.back().lastStage = i;
            out.groups.back().lastRank = g.lastRank;
        } else {
            out.groups.push_back(g);
        }
        if (w) {
            const int group = int(out.groups.size()) - 1;
            w->add(Term::ServingWeights, group, weights,
                   {{"bits/param (linear)", r.linearBitsPerParameter, Unit::Count}, {"bytes/param (other)", c.otherBytes, Unit::BytesPerParameter},
                    {"t", double(c.t), Unit::Count}, {"p", double(c.p), Unit::Count}},
                   {}, engine == ServingEngine::LlamaCpp ? "bits/8 · linear + bytes · other (the token embedding stays in host memory)" : std::string_view{});
            if (stateNeeded > 0) {
                const ModelArchitecture& hm = m;
                const KindCounts kinds = layerPattern(hm).countsIn(stageRange(c, i).first, stageRange(c, i).first + g.layers);
                w->add(Term::RecurrentState, group, stateNeeded,
                       {{"linear layers", double(kinds[LayerKind::LinearAttention] + kinds[LayerKind::LinearMixerOnly]), Unit::Count},
                        {"K", double(hm.linearConvKernel), Unit::Count}, {"Hk", double(hm.linearNumKeyHeads), Unit::Count},
                        {"dk", double(hm.linearKeyHeadDim), Unit::Count}, {"Hv", double(hm.linearNumValueHeads), Unit::Count},
                        {"dv", double(hm.linearValueHeadDim), Unit::Count},
                        {"bytes(state)", recurrentStateElementBytes(hm, engine), Unit::Bytes}, {"t", double(c.t), Unit::Count},
                        {"batch", batch, Unit::Count}});
            }
            if (sm.draftWeights > 0) {
                const Drafter& d = c.drafter;
                w->add(Term::DraftWeights, group, sm.draftWeights,
                       {{"draft parameters", d.ownShape ? s.inference.draftParameters : 0.0, Unit::Count},
                        {"layers", double(d.step.layers), Unit::Count}, {"h", d.hidden, Unit::Count}, {"t", double(c.t), Unit::Count}});
                w->add(Term::DraftKvCache, group, sm.draftKv,
                       {{"layers", double(d.step.layers), Unit::Count}, {"context", context, Unit::Tokens}, {"batch", batch, Unit::Count}});
            }
            w->add(Term::KvCache, group, needed - stateNeeded,
                   {{"per token per layer", r.kvBytesPerTokenPerLayer, Unit::Bytes}, {"layers", double(g.layers), Unit::Count},
                    {"global layers", double(m.globalLayersIn(stageRange(c, i).first, stageRange(c, i).first + g.layers)), Unit::Count},
                    {"context", context, Unit::Tokens}, {"window", double(m.slidingWindow), Unit::Tokens}, {"batch", batch, Unit::Count},
                    {"block", double(kvBlock(s)), Unit::Tokens}});
            if (reserving)
                w->add(Term::KvPoolReserve, group, at(g.bytes, Component::KvCacheReserve),
                       {{"fraction", in.gpuMemoryUtilization, Unit::Fraction}, {"capacity", capacity, Unit::Bytes}, {"weights", weights, Unit::Bytes},
                        {"workspace", ws.peak(), Unit::Bytes}, {"pool", pool, Unit::Bytes}, {"needed", needed, Unit::Bytes}},
                       {}, engine == ServingEngine::Vllm ? "fraction × capacity − weights − profiled peak − non-torch, less this batch's KV"
                           : engine == ServingEngine::Sglang ? "mem_fraction_static × (capacity − context − NCCL) − weights, less this batch's KV"
                                                             : "free_gpu_memory_fraction × memory free after the rest, less this batch's KV");
            w->add(Term::InferenceWorkspace, group, ws.peak(),
                   {{"chunk tokens", engine == ServingEngine::HfTransformers ? batch * double(in.promptLength)
                                                                           : std::min(double(in.maxBatchedTokens), batch * double(in.promptLength)), Unit::Tokens},
                    {"forward", ws.forward, Unit::Bytes}, {"logits", ws.logits, Unit::Bytes}},
                   {}, engine == ServingEngine::LlamaCpp ? "max(attention: 4·n_head·n_kv·n_ub (no flash) + mask + 16·n_ub·h, MLP, logits 4·V·n_ub)"
                       : engine == ServingEngine::Vllm ? "max(forward of max_num_batched_tokens, sampler 16 B × max_num_seqs × V)"
                                                       : "max(forward of one chunk, the logits)");
            w->add(Term::LibraryWorkspaces, group, libraries, {{"cuBLAS", rt.cublasWorkspaceBytes, Unit::Bytes}, {"handles", 1, Unit::Count}});
            if (graphs)
                w->add(Term::CudaGraphPool, group, in.cudaGraphBytes, {});
            w->add(Term::CudaContext, group, rt.cudaContextBytes, {});
            if (nccl > 0)
                w->add(Term::NcclBuffers, group, nccl, {{"communicators", nccl / rt.ncclBytesPerCommunicator, Unit::Count},
                                                        {"per communicator", rt.ncclBytesPerCommunicator, Unit::Bytes}},
                       {}, engine == ServingEngine::Vllm ? "communicators × bytes per communicator (vLLM: 2 per TP group, PyNccl's and torch.distributed's, 1 per PP group; vllm cuda_communicator.py @ 00b5a01)" : std::string_view{});
            w->add(Term::Fragmentation, group, at(g.bytes, Component::Fragmentation), {{"f", rt.fragmentationFraction, Unit::Fraction},
                                                                                       {"allocated during serving", dynamic, Unit::Bytes}});
        }
    }
    r.freeBytesForKv = std::max(0.0, minFree);

    // Largest batch at this context (by the rule that decides whether the scenario fits) and the
    // longest context at this batch, from the tightest stage.
    r.maxBatchAtContext = perSequence > 0 ? largestBatch(c, run, context, guess) : 0;
    r.maxContextAtBatch = 1e10;
    for (int i = 0; i < c.p; ++i) {
        // The workspace at this context stands in for the longer one's (it grows with it only
        // without flash attention).
        // The drafter's weights (last stage) are loaded before the pool is sized, as in stageMemory.
        const bool drafts = c.drafter.on && i == c.p - 1;
        const double weights = stageWeights(c, i) + stageVisionWeights(c, i) + (drafts ? c.drafter.weights : 0.0), workspace = stageWorkspace(c, i, batch).peak();
        const double pool = kvPool(c, weights, workspace, libraries, nccl);
        const double outside = weights + workspace + libraries + rt.cudaContextBytes + nccl + (graphs ? in.cudaGraphBytes : 0)
            + (torchEngine && !rt.expandableSegments ? rt.fragmentationFraction * workspace : 0);
        const double free = (engine == ServingEngine::HfTransformers || engine == ServingEngine::LlamaCpp) ? capacity - outside : pool;
        const StageLayers sr = stageRange(c, i);
        double freeForKv = free - stageState(c, i, batch); // the states take their share first, whatever the context
        if (drafts) {
            // The drafter's KV grows with the context beside the target's: the target keeps its
            // share of what is free, the ratio of their bytes per token at this context.
            const double target = stageKv(c, i, context, 1), draft = drafterKv(c, context);
            if (target + draft > 0)
                freeForKv *= target / (target + draft);
        }
        r.maxContextAtBatch = std::min(r.maxContextAtBatch, maxContextThatFits(m, in.kvCacheDtype, c.t, sr.first, sr.first + sr.count,
                                                                               batch, kvBlock(s), freeForKv, 1e10));
    }

    // Prefill and decode: engine steps timed by the serving step model (core/serving/stepcost.h).
    const double prompt = double(in.promptLength);
    // Layers attending to the whole context (all of them without a window): the per-layer sum
    // of globalLayersIn(l, l + 1) telescopes to the closed form.
    // A hybrid attends only in its attention layers (no window: validation).
    const KindCounts wholeKinds = layerPattern(m).countsIn(0, m.numLayers);
    const double attentionLayers = m.isHybrid() ? double(wholeKinds[LayerKind::Dense] + wholeKinds[LayerKind::Moe]) : m.globalLayersIn(0, m.numLayers);
    const int windowed = m.isHybrid() ? 0 : m.numLayers - int(attentionLayers);
    const double qWidth = m.isMla() ? double(m.numAttentionHeads) * (double(m.qkNopeHeadDim) + m.qkRopeHeadDim + m.vHeadDim) / 2
                                    : double(m.numAttentionHeads) * m.effectiveHeadDim();
    auto attendedSum = [&](double span) { return attentionLayers * span + windowed * std::min(span, double(m.slidingWindow)); };
    const double peak = servingPeak(s);
    const double replicaGpus = double(c.t) * c.p;
    // Prefix caching: only the prompt tokens not found in the cache are computed; each of them still
    // attends to the cached positions before it (core/serving/speculative.h).
    const double computed = uncachedPromptTokens(prompt, in.prefixCacheHitRate, kvBlock(s));
    const double cached = prompt - computed;
    r.prefixCacheHitRate = in.prefixCacheHitRate;
    r.prefillTokensPerRequest = computed;
    // Sparse attention (DeepSeek-V3.2-Exp): each prompt token attends to at most index_topk positions,
    // and the indexer scores all the positions before it at 2 · H_I · d_I FLOPs each (its fp8 logits).
    const bool sparse = m.isSparseAttention();
    const double meanPosition = (prompt + cached) / 2;
    const double sparseAttended = sparse ? attentionLayers * sparseAttendedMean(m, cached, prompt) : 0; // per token, all layers
    const double indexerFlops = sparse ? 2.0 * m.indexNumHeads * m.indexHeadDim * attentionLayers : 0;  // per scored position, all layers
    r.prefillFlops = sparse ? batch * computed * (2 * out.parameters.active + 4 * qWidth * sparseAttended + indexerFlops * meanPosition)
                            : batch * computed * (2 * out.parameters.active + 2 * qWidth * attendedSum(prompt + cached));
    const ServingHardware hw = servingHardware(c, constants);
    const double averageContext = prompt + double(in.generatedTokens) / 2;
    // Prefill: the batch's prompts in chunks of max_batched_tokens (HF: all at once), each chunk
    // one engine step; the causal attention of each token spans the positions before it. A stated
    // MFU replaces the model.
    const double promptTokens = batch * computed;
    const double chunk = engine == ServingEngine::HfTransformers ? promptTokens
                                                                  : std::min(promptTokens, double(std::max<std::int64_t>(1, in.maxBatchedTokens)));
    const double chunks = chunk > 0 ? std::ceil(promptTokens / chunk - 1e-9) : 0;
    const double perTokenAttended = sparse ? sparseAttended : attendedSum((prompt + cached) / 2); // all layers
    const double perLayerAttended = m.numLayers > 0 ? batch * computed * perTokenAttended / m.numLayers : 0;
    // Speculative decoding: each decoding sequence brings q = k + 1 rows to a target step, which
    // yields E tokens on average (core/serving/speculative.h); without it q = E = 1.
    const Drafter& drafter = c.drafter;
    const double q = drafter.on ? double(drafter.k) + 1 : 1.0;
    const double E = drafter.on ? drafter.tokensPerStep : 1.0;

    // Continuous batching in the steady state: `batch` requests are running; while one decodes, the
    // others' prompts are prefilled in its steps (chunked prefill). Each engine step has a token
    // budget: the running requests' decode tokens first, then waiting prompts chunked into what is
    // left (vllm-project/vllm vllm/v1/core/sched/scheduler.py @ 00024d3, Scheduler.schedule():
    // "token_budget = self.max_num_scheduled_tokens", running requests first, then
    // "num_new_tokens = min(num_new_tokens, token_budget)" for waiting prompts; TensorRT-LLM
    // max_num_tokens; SGLang chunked_prefill_size). Over a request's OSL − 1 decode steps, each
    // other request brings ISL prompt tokens; if the budget cannot carry that, fewer requests run.
    const double osl = std::max(1.0, double(in.generatedTokens));
    const double budget = engine == ServingEngine::HfTransformers || in.maxBatchedTokens <= 0 ? 1e18 : double(in.maxBatchedTokens);
    // With speculation a request decodes in (OSL − 1) / E steps, and each running request's q rows
    // count against the budget (vLLM schedules the draft tokens as the request's new tokens).
    const double perStep = computed / std::max(1.0, (osl - 1) / E); // prompt tokens per step per other request
    double running = std::max(1.0, batch);
    double prefillRows = (running - 1) * perStep;
    if (running * q + prefillRows > budget) {
        running = std::max(1.0, std::min(running, (budget + perStep) / (q + perStep)));
        prefillRows = std::max(0.0, std::min((running - 1) * perStep, budget - running * q));
    }
    const double attendedPerToken = m.numLayers > 0 ? perTokenAttended / m.numLayers : 0;
    // The request's own prompt: chunks of what the budget leaves beside the others' decode rows.
    const double others = running - 1;
    const double room = std::max(1.0, std::min(computed, budget - others * q));
    const double ownChunks = computed > 0 ? std::ceil(computed / room - 1e-9) : 0;
    const double ownTokens = ownChunks > 0 ? computed / ownChunks : 0;

    // The four steps, timed in one pass over the stages: a decode step alone, a prefill chunk,
    // a step under load (ITL) and one of the request's own prompt chunks beside the others.
    enum StepKind { kDecodeStep, kPrefillStep, kLoadedStep, kOwnChunkStep, kStepKinds };
    const double k = q - 1; // draft rows per decoding sequence
    const ServingLoad loads[kStepKinds] = {
        ServingLoad{batch, 0, 0, batch * k},
        ServingLoad{0, chunks > 0 ? promptTokens / chunks : 0, chunks > 0 ? perLayerAttended / chunks : 0, 0,
                    sparse && chunks > 0 ? promptTokens / chunks * meanPosition : 0},
        ServingLoad{running, prefillRows, prefillRows * attendedPerToken, running * k, sparse ? prefillRows * meanPosition : 0},
        ServingLoad{others, ownTokens, ownTokens * perTokenAttended / std::max(1, m.numLayers), others * k, sparse ? ownTokens * meanPosition : 0},
    };
    ServingStep steps[kStepKinds]{};
    engineSteps(c, hw, out.parameters.active, qWidth, loads, averageContext, steps, constants);

    const ServingStep& decode = steps[kDecodeStep];
    r.decodeParts = decode.parts;
    r.decodeStepSeconds = decode.seconds;
    if (drafter.on) {
        // The time per output token: (verify step + the drafter's k steps) / E.
        r.speculative = true;
        r.speculativeTokensPerStep = E;
        r.verifyStepSeconds = decode.seconds;
        r.draftSeconds = draftSeconds(c, hw, batch, averageContext, constants);
        r.decodeStepSeconds = (r.verifyStepSeconds + r.draftSeconds) / E;
        r.draftWeightBytes = drafter.weights;
        r.draftKvBytesPerSequence = drafterKv(c, context);
    }
    r.decodeBytesPerStep = decode.bytes * c.t;
    r.decodeFlopsPerStep = decode.flops * c.t;
    if (s.hardware.mfu > 0) {
        r.prefillSeconds = r.prefillFlops / (replicaGpus * peak * s.hardware.mfu);
    } else if (chunks > 0) {
        const ServingStep& step = steps[kPrefillStep];
        r.prefillParts = step.parts;
        for (double& v : r.prefillParts)
            v *= chunks;
        r.prefillSeconds = step.seconds * chunks;
    }
    r.prefillChunks = chunks;
    // A vision-language model's images (their tokens are already in the prompt: core/model/
    // imagetokens.h): the encoder runs over a request's images before its prompt's first chunk
    // (vLLM gpu_model_runner.py _execute_mm_encoder, in the step that schedules the image's
    // placeholder tokens). Its GEMMs at the 16-bit GEMM efficiency at the tile's rows, its
    // attention at the fused kernel's forward fraction, on the replica's TP group.
    const VisionTower vision = c.countOnly ? VisionTower{} : visionTower(m);
    const double imagesPerRequest = vision.total > 0 ? double(in.imagesPerRequest) : 0;
    if (imagesPerRequest > 0) {
        const double peak16 = peakFor(s.hardware.gpu, WeightFormat::Bf16);
        const double w = m.visionHiddenSize;
        const double gemmEff = hw.gemm ? gemmEfficiency(*hw.gemm, false, std::max(vision.sequencePerTile, hw.gemm->mamfM), w, w, constants) : 0;
        const double attnEff = hw.gemm ? hw.gemm->attentionForward : 0;
        const double seconds = gemmEff > 0 && attnEff > 0 && peak16 > 0
            ? (vision.forwardGemmFlopsPerImage / gemmEff + vision.forwardAttentionFlopsPerImage / attnEff) / (c.t * peak16)
            : 0;
        r.visionSecondsPerImage = seconds;
        r.prefillFlops += batch * imagesPerRequest * vision.forwardFlopsPerImage;
        if (s.hardware.mfu > 0)
            r.prefillSeconds = r.prefillFlops / (replicaGpus * peak * s.hardware.mfu);
        else
            r.prefillSeconds += batch * imagesPerRequest * seconds;
    }
    r.imageTokensPerRequest = double(scenarioImageTokens(s));
    r.visionWeightBytes = stageVisionWeights(c, 0);

    double queueSeconds = 0;
    {
        const ServingStep& itl = steps[kLoadedStep];
        r.runningRequests = running;
        r.prefillTokensPerStep = prefillRows;
        r.itlParts = itl.parts;
        r.itlSeconds = itl.seconds;
        if (drafter.on)
            r.itlSeconds = (itl.seconds + draftSeconds(c, hw, running, averageContext, constants)) / E;
        if (s.hardware.mfu > 0 && batch <= 1)
            r.ttftSeconds = r.prefillSeconds;
        else if (ownChunks > 0)
            r.ttftSeconds = ownChunks * (steps[kOwnChunkStep].seconds + draftSeconds(c, hw, others, averageContext, constants));
        if (imagesPerRequest > 0 && !(s.hardware.mfu > 0 && batch <= 1))
            r.ttftSeconds += imagesPerRequest * r.visionSecondsPerImage; // its own images, encoded first
        r.ttftChunks = ownChunks;
        r.requestSeconds = r.ttftSeconds + (osl - 1) * r.itlSeconds;
        r.throughputPerReplica = r.requestSeconds > 0 ? running * osl / r.requestSeconds : 0;
        // Queueing: of `batch` requests kept in flight by closed-loop clients (a benchmark's
        // concurrency), those the budget does not admit wait for a slot. Requests leave at
        // running / request seconds, so the batch − running waiting ones wait (batch − running) ×
        // request seconds / running before their prompt starts (Little's law, L = λW).
        queueSeconds = running < batch && running > 0 ? (batch - running) * r.requestSeconds / running : 0;
        r.ttftSeconds += queueSeconds;
    }
    const double bandwidth = s.hardware.gpu.memoryBandwidthBytesPerSecond;
    r.tokensPerSecondPerSequence = r.decodeStepSeconds > 0 ? 1 / r.decodeStepSeconds : 0;
    r.tokensPerSecondPerReplica = batch * r.tokensPerSecondPerSequence;
    r.tokensPerSecondTotal = r.tokensPerSecondPerReplica * r.replicas;
    r.arithmeticIntensity = r.decodeBytesPerStep > 0 ? r.decodeFlopsPerStep / r.decodeBytesPerStep : 0;
    r.ridgePoint = bandwidth > 0 ? peak / bandwidth : 0;
    r.memoryBound = r.arithmeticIntensity < r.ridgePoint;

    if (w) {
        if (m.isSparseAttention()) // MLA's latent + the indexer's FP8 key and its scale (Term::SparseAttention)
            w->add(Term::KvBytesPerToken, kWholeJob, r.kvBytesPerTokenPerLayer,
                   {{"d_c", double(m.kvLoraRank), Unit::Count}, {"d_rope", double(m.qkRopeHeadDim), Unit::Count},
                    {"indexer key", indexerKeyBytesPerToken(m), Unit::Bytes}});
        else
            w->add(Term::KvBytesPerToken, kWholeJob, r.kvBytesPerTokenPerLayer,
                   m.isMla() ? std::initializer_list<Substitution>{{"d_c", double(m.kvLoraRank), Unit::Count}, {"d_rope", double(m.qkRopeHeadDim), Unit::Count}}
                             : std::initializer_list<Substitution>{{"g", double(m.numQueryGroups), Unit::Count}, {"t", double(c.t), Unit::Count},
                                                                   {"d", double(m.effectiveHeadDim()), Unit::Count}});
        if (m.isSparseAttention())
            w->add(Term::SparseAttention, kWholeJob, std::min(averageContext, double(m.indexTopK)),
                   {{"context", averageContext, Unit::Tokens}, {"k", double(m.indexTopK), Unit::Tokens},
                    {"indexer key", indexerKeyBytesPerToken(m), Unit::Bytes}, {"H_I", double(m.indexNumHeads), Unit::Count},
                    {"d_I", double(m.indexHeadDim), Unit::Count}});
        if (r.stateBytesPerSequence > 0)
            w->add(Term::MaxBatch, kWholeJob, r.maxBatchAtContext, {{"free", r.freeBytesForKv, Unit::Bytes}, {"KV + state per sequence", perSequence, Unit::Bytes}});
        else
            w->add(Term::MaxBatch, kWholeJob, r.maxBatchAtContext, {{"free", r.freeBytesForKv, Unit::Bytes}, {"KV per sequence", perSequence, Unit::Bytes}});
        w->add(Term::MaxContext, kWholeJob, r.maxContextAtBatch, {{"free", r.freeBytesForKv, Unit::Bytes}, {"batch", batch, Unit::Count}});
        auto part = [](const ServingParts& p, ServingPart k) { return p[std::size_t(k)]; };
        const ServingParts& pp = r.prefillParts;
        w->add(Term::PrefillSeconds, kWholeJob, r.prefillSeconds,
               {{"N", out.parameters.active, Unit::Count}, {"batch", batch, Unit::Count}, {"prompt", prompt, Unit::Tokens},
                {"chunks", chunks, Unit::Count}, {"n", replicaGpus, Unit::Count}, {"peak", peak, Unit::FlopsPerSecond},
                {"linear", part(pp, ServingPart::Weights) + part(pp, ServingPart::Compute), Unit::Seconds},
                {"attention", part(pp, ServingPart::Attention), Unit::Seconds}, {"layer floor", part(pp, ServingPart::LayerFloor), Unit::Seconds},
                {"TP all-reduce", part(pp, ServingPart::TensorParallel), Unit::Seconds}, {"EP", part(pp, ServingPart::ExpertParallel), Unit::Seconds},
                {"PP hand-off", part(pp, ServingPart::PipelineHandOff), Unit::Seconds}, {"engine", part(pp, ServingPart::EngineOverhead), Unit::Seconds}},
               {}, s.hardware.mfu > 0 ? "2·N·batch·prompt (+ attention) / (n · peak · MFU)" : std::string_view{});
        const ServingParts& dp = r.decodeParts;
        // The busiest EP rank's routed pairs over the mean's in the decode step (core/serving/expertload.h).
        ServingStage moe;
        moe.layers = 1;
        moe.moeLayers = m.isMoE() ? 1 : 0;
        const double decodeBusiestRank = expertLoadFactor(moe, hw, batch * q);
        if (in.prefixCacheHitRate > 0)
            w->add(Term::PrefixCacheHit, kWholeJob, computed,
                   {{"prompt", prompt, Unit::Tokens}, {"hit", in.prefixCacheHitRate, Unit::Fraction}, {"block", double(kvBlock(s)), Unit::Tokens},
                    {"cached", cached, Unit::Tokens}});
        // With speculation the step below is the target's verification of k + 1 rows per sequence.
        w->add(drafter.on ? Term::SpeculativeVerifyStep : Term::DecodeStepSeconds, kWholeJob, decode.seconds,
               {{"bytes read", r.decodeBytesPerStep, Unit::Bytes}, {"bandwidth", bandwidth, Unit::Bytes},
                {"achievable", hbmReadFraction(), Unit::Fraction}, {"FLOPs", r.decodeFlopsPerStep, Unit::Flops},
                {"attention compute share", decodeAttentionComputeFraction(), Unit::Fraction},
                {"busiest EP rank", decodeBusiestRank, Unit::Count},
                {"weights", part(dp, ServingPart::Weights), Unit::Seconds}, {"compute", part(dp, ServingPart::Compute), Unit::Seconds},
                {"KV read", part(dp, ServingPart::KvRead), Unit::Seconds}, {"layer floor", part(dp, ServingPart::LayerFloor), Unit::Seconds},
                {"TP all-reduce", part(dp, ServingPart::TensorParallel), Unit::Seconds}, {"EP", part(dp, ServingPart::ExpertParallel), Unit::Seconds},
                {"PP hand-off", part(dp, ServingPart::PipelineHandOff), Unit::Seconds}, {"engine", part(dp, ServingPart::EngineOverhead), Unit::Seconds}});
        if (drafter.on) {
            w->add(Term::SpeculativeTokensPerStep, kWholeJob, E,
                   {{"α", in.acceptanceRate, Unit::Fraction}, {"k", double(drafter.k), Unit::Count}});
            w->add(Term::SpeculativeDraftSeconds, kWholeJob, r.draftSeconds,
                   {{"k", double(drafter.k), Unit::Count}, {"drafter layers", double(drafter.step.layers), Unit::Count},
                    {"bytes read per draft step", drafter.step.denseWeightBytes, Unit::Bytes}, {"batch", batch, Unit::Count}});
            w->add(Term::SpeculativeTpot, kWholeJob, r.decodeStepSeconds,
                   {{"verify step", r.verifyStepSeconds, Unit::Seconds}, {"drafting", r.draftSeconds, Unit::Seconds},
                    {"tokens per step", E, Unit::Count}});
        }
        w->add(Term::DecodeTokensPerSecond, kWholeJob, r.tokensPerSecondPerSequence, {{"step", r.decodeStepSeconds, Unit::Seconds}});
        const ServingParts& ip = r.itlParts;
        const double shownBudget = engine == ServingEngine::HfTransformers ? 0.0 : double(in.maxBatchedTokens);
        w->add(Term::ItlSeconds, kWholeJob, r.itlSeconds,
               {{"running", r.runningRequests, Unit::Count}, {"prompt tokens/step", r.prefillTokensPerStep, Unit::Tokens},
                {"token budget", shownBudget, Unit::Tokens}, {"linear", part(ip, ServingPart::Weights) + part(ip, ServingPart::Compute), Unit::Seconds},
                {"KV read", part(ip, ServingPart::KvRead), Unit::Seconds}, {"attention", part(ip, ServingPart::Attention), Unit::Seconds},
                {"layer floor", part(ip, ServingPart::LayerFloor), Unit::Seconds}, {"TP all-reduce", part(ip, ServingPart::TensorParallel), Unit::Seconds},
                {"EP", part(ip, ServingPart::ExpertParallel), Unit::Seconds}, {"PP hand-off", part(ip, ServingPart::PipelineHandOff), Unit::Seconds},
                {"engine", part(ip, ServingPart::EngineOverhead), Unit::Seconds}});
        w->add(Term::TtftSeconds, kWholeJob, r.ttftSeconds,
               {{"prompt", prompt, Unit::Tokens}, {"running", r.runningRequests, Unit::Count}, {"token budget", shownBudget, Unit::Tokens},
                {"own chunks", r.ttftChunks, Unit::Count}, {"queue", queueSeconds, Unit::Seconds}});
        if (imagesPerRequest > 0) {
            w->add(Term::VisionEncoderSeconds, kWholeJob, r.visionSecondsPerImage,
                   {{"images", imagesPerRequest, Unit::Count}, {"GEMM", vision.forwardGemmFlopsPerImage, Unit::Flops},
                    {"attention", vision.forwardAttentionFlopsPerImage, Unit::Flops}, {"t", double(c.t), Unit::Count},
                    {"weights", r.visionWeightBytes, Unit::Bytes}, {"image tokens", r.imageTokensPerRequest, Unit::Tokens}});
        }
        w->add(Term::ArithmeticIntensity, kWholeJob, r.arithmeticIntensity, {{"ridge", r.ridgePoint, Unit::Count}}, {},
               r.memoryBound ? "FLOPs / bytes < ridge: memory-bound" : "FLOPs / bytes ≥ ridge: compute-bound");
    }
}

} // namespace core
