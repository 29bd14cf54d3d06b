#pragma once

// The serving estimate's parts (issue 24: core/inference.cpp was two ideas in 1,000 lines): the
// context every serving function reads and the stage helpers (servingcontext.cpp), serving memory
// — what each GPU holds, the engine's pool, the largest batch and longest context
// (servingmemory.cpp) — and serving speed — the engine steps of prefill, decode and steady
// state, speculation and images (servingspeed.cpp). estimateInference (core/inference.cpp) runs
// the two passes. Internal to core/: no other layer includes it.

#include <algorithm>
#include <span>

#include "core/estimate.h"
#include "core/layout/resolvedlayout.h"
#include "core/model/layerparameters.h"
#include "core/modelconstants.h"
#include "core/serving/stepcost.h"

namespace core {

class Working;

namespace servingdetail {

inline double& at(ComponentBytes& bytes, Component c) { return bytes[std::size_t(c)]; }

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

// The stage helpers (stageRange, stageWeights, stageKv, …) are inline in servingstage.h: the
// passes call them for every stage and load, and they inline into them there.

Drafter makeDrafter(const ServingContext& c);

// ---- serving memory (servingmemory.cpp)

/// The transient memory of one forward and of the logits, as the engine runs them. They are
/// live at different times, so the workspace is the larger, not their sum.
struct Workspace
{
    double forward = 0;  ///< one chunk through one layer (+ attention scores without flash)
    double logits = 0;   ///< the logits and what sampling makes of them (last stage)
    double peak() const { return std::max(forward, logits); }
};

Workspace stageWorkspace(const ServingContext& c, int stage, double batch);

/// What the engine reserves up front for weights + KV cache (0: it allocates what it needs).
/// vLLM: gpu_memory_utilization × total, less the weights, the profiled peak and what is
/// allocated outside torch (gpu_worker.py determine_available_memory); SGLang:
/// mem_fraction_static × what was free after the distributed init, less the weights
/// (model_runner.py profile_max_num_token);
/// TensorRT-LLM: free_gpu_memory_fraction of what is free after everything else
/// (kvCacheManager.cpp).
double kvPool(const ServingContext& c, double weights, double workspace, double libraries, double nccl);

/// The NCCL communicators a serving GPU connects during the forward its engine profiles. vLLM's
/// TP group runs collectives on two: its PyNcclCommunicator (the all-reduce of activations
/// too large for the custom all-reduce; vllm-project/vllm
/// vllm/distributed/device_communicators/cuda_communicator.py @ 00b5a01, CudaCommunicator.__init__
/// "self.pynccl_comm = PyNcclCommunicator(group=self.cpu_group ...)" and all_reduce) and
/// torch.distributed's own communicator of the group's device_group (the logits' gather and
/// all-gather, base_device_communicator.py @ 00a18bc "torch.distributed.gather(input_, gather_list,
/// dst=self.ranks[dst], group=self.device_group)"). Its PP group only sends and receives through
/// the PyNccl one. Other engines: one communicator per parallel dimension.
int servingCommunicators(ServingEngine engine, int t, int p);

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

StageMemory stageMemory(const ServingContext& c, const Runtime& r, int stage, double context, double batch);

bool everyStageFits(const ServingContext& c, const Runtime& r, double context, double batch);

/// The largest batch every stage fits at `context` by stageMemory's rule (0: not one sequence).
/// `guess` (free memory over one sequence's KV cache) is usually right or one off: what grows
/// with the batch besides the KV cache (a workspace, the logits, HF's fragmented cache) is small.
/// Fitting is monotone in the batch, so a bracket and a bisection settle it otherwise.
double largestBatch(const ServingContext& c, const Runtime& r, double context, double guess);

/// What the memory pass leaves for the speed pass's working.
struct ServingMemoryPass
{
    double perSequence = 0; ///< KV (+ state, + the drafter's KV) of one sequence on the tightest stage
};

/// The memory pass: each stage's rank group, the engine's pool, the largest batch and the
/// longest context (out.groups, out.inference), with their working.
ServingMemoryPass servingMemory(const ServingContext& c, Estimate& out, Working* w);

// ---- serving speed (servingspeed.cpp)

double peakFor(const GpuSpec& gpu, WeightFormat format);

/// NVFP4 weights — 4-bit values with one FP8 (E4M3) scale per 16, the layout a scenario writes
/// NVFP4 in — on a GPU with FP4 tensor cores: the engine quantizes each GEMM's activations to FP4
/// too and multiplies on the FP4 tensor cores (W4A4), not a weight-only kernel that dequantizes
/// as it reads (NVIDIA/TensorRT-LLM tensorrt_llm/_torch/modules/linear.py @ ed53795,
/// NVFP4LinearMethod.apply: "act_fp4, act_sf = torch.ops.trtllm.fp4_quantize(input,
/// module.input_scale, module.scaling_vector_size, False)" then "torch.ops.trtllm.nvfp4_gemm(
/// act_fp4, module.weight, ...)"). Their peak is fp4_peak_ratio × the FP8 peak (resources/steptime.json).
double nvfp4PeakRatio(const Scenario& s);

/// The dense peak the serving GEMMs run at: FP8 weights on FP8 tensor cores, NVFP4 on FP4 ones.
double servingPeak(const Scenario& s);

bool serverEngine(ServingEngine e);

/// The replica's hardware as a serving step reads it.
ServingHardware servingHardware(const ServingContext& c, const ModelConstants& constants);

/// The routed experts' GEMM FLOPs per row on one GPU of a stage, the pairs spread evenly:
/// 2 · k/E · the stage's routed-expert parameters / t (the experts' share of 2 × active / t).
double routedExpertFlopsPerToken(const ServingContext& c, const StageLayers& sr);

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
                 double context, std::span<ServingStep> out, const ModelConstants& constants);

/// The drafter's k proposals for `sequences` decoding sequences at `context`: k steps of one
/// draft row per sequence, timed by the same step model on the last stage's GPU (no engine
/// overhead or hand-off of their own: they run inside the target's engine step).
double draftSeconds(const ServingContext& c, const ServingHardware& hw, double sequences, double context, const ModelConstants& constants);

/// The speed pass: prefill, decode, the steady state under load, speculation and images
/// (out.inference), with their working.
void servingSpeed(const ServingContext& c, const ServingMemoryPass& memory, Estimate& out, Working* w, const ModelConstants& constants);

} // namespace servingdetail
} // namespace core
