#pragma once

#include <cstdint>
#include <string>

#include "core/calibration/measuredrun.h"
#include "core/goodput/failures.h"
#include "core/gpu.h"
#include "core/model.h"
#include "core/precision.h"

namespace core {

/// What the GPUs are doing: pre-training, serving, or fine-tuning (LoRA/QLoRA/full, optionally RL).
enum class Mode { Train, Inference, FineTune };

enum class Recompute { None, Selective, Full };

/// How weights are stored: 16/32-bit floats, FP8, or integer/NF4 with per-group scales.
enum class WeightFormat { Fp32, Bf16, Fp16, Fp8, Int8, Int4, Nf4 };
enum class ScaleFormat { Fp32, Fp16, Bf16, Fp8, E8M0 };
enum class KvCacheDtype { Fp32, Bf16, Fp16, Fp8, Int8 };

struct WeightQuantization
{
    WeightFormat format = WeightFormat::Bf16;
    int groupSize = 128;              ///< values per scale (Int8/Int4); NF4 uses 64 (QLoRA)
    ScaleFormat scale = ScaleFormat::Fp16;
    bool zeroPoint = false;           ///< asymmetric: one zero point per group (4 or 8 bits)
    bool doubleQuantization = false;  ///< NF4: absmax quantized to 8 bits per 256 blocks (QLoRA §3)
    bool quantizeEmbeddings = false;  ///< embedding and output layer too (tools keep them 16-bit)

    bool operator==(const WeightQuantization&) const = default;
};

/// How model FLOPs are counted: Megatron's per-iteration formula (6ND plus attention and
/// logits, needs the architecture) or the seeds' 6·N·D approximation.
enum class FlopsFormula { Megatron, SixND };

/// The training stack whose buffers the estimate adds to the model states: each keeps its
/// gradients, reduction buckets, loss and optimizer-step temporaries its own way.
/// Megatron-LM (mcore DDP + distributed optimizer), DeepSpeed ZeRO, PyTorch FSDP2 (torchtitan),
/// PyTorch DDP (HF Trainer / Accelerate).
enum class Framework { Megatron, DeepSpeed, Fsdp2, Ddp };

/// Where offloaded states go: host memory (ZeRO-Offload) or the node's NVMe drives (ZeRO-Infinity:
/// DeepSpeed offload_optimizer.device / offload_param.device = "nvme").
enum class OffloadDevice { Cpu, Nvme };

/// Precision of the optimizer's moments: the recipe's (fp32 for mixed recipes, bf16 for pure
/// bf16), or forced.
enum class MomentDtype { Auto, Fp32, Bf16 };

/// How the training loop computes the cross entropy of the logits, which decides what of the
/// s·b·V logits exists at once (core/training/lossimplementation.h has each one's bytes and source).
/// Auto: the framework's own (Megatron: vocab-parallel; the others: eager F.cross_entropy).
enum class LossImplementation { Auto, Torch, TorchCompiled, ChunkedOutput, ChunkedOutputEager, ChunkedLoss, VocabParallel, HfModelLoss };

/// The fused attention kernel a training run uses (step time only). Auto: the framework's own
/// choice — Transformer Engine (Megatron) prefers cuDNN's fused attention on Hopper and later
/// (TransformerEngine transformer_engine/pytorch/attention/dot_product_attention/utils.py
/// @ a0b36d0, "give FusedAttention preference on Hopper+"); PyTorch's SDPA, flash_attn and the
/// trainers built on them run FlashAttention-2 (cuDNN is opt-in in SDPA: pytorch/pytorch#142132).
enum class AttentionKernel { Auto, Fa2, Fa3, Cudnn };

/// How FP8 training scales its tensors (Transformer Engine recipes; training.precision = fp8_mixed).
/// Delayed: per-tensor scales from an amax history; Current: per-tensor scales from this tensor's
/// own amax (one more read of it); Blockwise: 1×128 activation and 128×128 weight scales
/// (DeepSeek-V3 §3.3); Mxfp8: 32-element blocks with E8M0 scales (OCP MX, Blackwell); Nvfp4:
/// 4-bit E2M1 with 16-element FP8 scales and a per-tensor scale (Blackwell).
enum class Fp8Recipe { Delayed, Current, Blockwise, Mxfp8, Nvfp4 };
/// The pipeline schedule: Megatron's 1F1B (interleaved when virtual stages > 1); ZB-V (Qi et al.,
/// arXiv 2401.10241, sail-sg/zero-bubble-pipeline-parallelism); DualPipe and DualPipeV (DeepSeek-V3
/// report §3.2.1, deepseek-ai/DualPipe). The last three place two model chunks on every rank themselves.
enum class PpSchedule { OneFOneB, ZeroBubbleV, DualPipe, DualPipeV };

struct TrainingSetup
{
    std::int64_t seqLength = 4096;
    std::int64_t microBatchSize = 1;
    std::int64_t globalBatchSize = 1024;   ///< sequences per optimizer step
    double trainTokens = 1e12;
    PrecisionRecipe precision = PrecisionRecipe::Mixed16;
    Optimizer optimizer = Optimizer::AdamW;
    int zeroStage = 1;                     ///< 0..3 (FSDP FULL_SHARD = 3, SHARD_GRAD_OP = 2)
    bool offloadOptimizer = false;
    bool offloadParameters = false;        ///< ZeRO-3 only
    OffloadDevice offloadDevice = OffloadDevice::Cpu; ///< where the offloaded optimizer states and parameters live
    Recompute recompute = Recompute::Selective;
    bool flashAttention = true;
    FlopsFormula flopsFormula = FlopsFormula::Megatron;
    double moeCapacityFactor = 1.0;        ///< expert capacity / (tokens·k/E); dropless ≈ 1 on average
    bool tpCommOverlap = false;            ///< TP collectives overlapped with GEMMs (Megatron --tp-comm-overlap; needs SP)
    Framework framework = Framework::Megatron;
    MomentDtype momentDtype = MomentDtype::Auto;
    LossImplementation lossImplementation = LossImplementation::Auto;
    AttentionKernel attentionKernel = AttentionKernel::Auto; ///< step time: which fused attention kernel runs
    /// torch.compile on the model (PyTorch trainers: FSDP2, DDP, DeepSpeed): the elementwise
    /// operators of a layer fused into a few kernels instead of one kernel each in eager mode.
    bool torchCompile = false;
    Fp8Recipe fp8Recipe = Fp8Recipe::Delayed;   ///< with precision fp8_mixed (Megatron --fp8-recipe, default delayed)
    /// MoE: the all-to-all of one micro-batch overlapped with another's computation (Megatron
    /// --overlap-moe-expert-parallel-comm with its 1F1B A2A overlap schedule; DeepSeek-V3's DualPipe).
    bool moeCommOverlap = false;
    /// MoE: the dispatch sends a token once per destination node over the network and fans it
    /// out over NVLink there (DeepEP normal kernels, Megatron's flex dispatcher), instead of once
    /// per destination expert (all-to-all).
    bool moeHierarchicalDispatch = false;
    /// The optimizer steps each parameter as soon as its gradient is accumulated and frees that
    /// gradient (torchtune optimizer_in_bwd: register_optim_in_bwd_hooks, PyTorch
    /// register_post_accumulate_grad_hook): no step holds every gradient at once. Needs one
    /// micro-batch per step (torchtune refuses gradient accumulation with it).
    bool optimizerInBackward = false;
    /// Saved activations go to pinned host memory during the forward and come back during the
    /// backward (torchtune enable_activation_offloading: OffloadActivations); the GPU keeps the
    /// layers in transit and the output layer's.
    bool activationOffload = false;
    /// A vision-language model (a model with a vision tower): images per training sample, each
    /// adding the model's image tokens to the sample's text tokens (training.seq_length).
    int imagesPerSample = 0;
    /// The vision tower and its projector frozen: weights only, no gradients or optimizer states,
    /// and a forward without grad (LLaMA-Factory freeze_vision_tower, default true for fine-tuning).
    bool visionFrozen = false;

    bool operator==(const TrainingSetup&) const = default;
};

struct ParallelLayout
{
    int gpus = 8;
    int gpusPerNode = 8;
    /// GPUs joined by one NVLink domain (NVSwitch fabric): 72 in a GB200/GB300 NVL72 rack; 0: one node.
    int nvlinkDomain = 0;
    int tensor = 1;
    int pipeline = 1;
    int virtualPipeline = 1;               ///< model chunks per pipeline rank (interleaved 1F1B when > 1)
    int context = 1;
    bool sequenceParallel = false;
    int expert = 1;                        ///< EP: experts split over this many ranks
    int expertTensor = 0;                  ///< TP inside an expert; 0: same as `tensor`
    /// Transformer layers on the first / last pipeline stage (Megatron
    /// decoder_first_pipeline_num_layers / decoder_last_pipeline_num_layers); 0: automatic.
    int firstStageLayers = 0;
    int lastStageLayers = 0;
    /// The embedding / the loss counts as one layer when the layers are split over the stages
    /// (Megatron account_for_embedding_in_pipeline_split / account_for_loss_in_pipeline_split).
    bool embeddingCountsAsLayer = false;
    bool lossCountsAsLayer = false;
    /// The pipeline schedule (training): 1F1B / interleaved unless a V-shape or bidirectional one is chosen.
    PpSchedule schedule = PpSchedule::OneFOneB;
    /// Hybrid sharding: ZeRO / FSDP shards the model states over groups of this many DP × CP ranks
    /// (consecutive ranks, so inside a node where it fits) and keeps a copy per group, whose
    /// gradient shards are all-reduced across the copies: PyTorch FSDP HYBRID_SHARD and FSDP2
    /// fully_shard on a 2-D (replicate, shard) mesh, DeepSpeed MiCS mics_shard_size, Megatron
    /// num_distributed_optimizer_instances = DP·CP / this. 0: the whole DP × CP group. Must divide DP × CP.
    int shardGroup = 0;

    /// Data-parallel degree: GPUs / (TP × PP × CP); 0 if that does not divide.
    int dataParallel() const
    {
        const std::int64_t mp = std::int64_t(tensor) * pipeline * context;
        return (mp > 0 && gpus % mp == 0) ? int(gpus / mp) : 0;
    }
    int effectiveExpertTensor() const { return expertTensor > 0 ? expertTensor : tensor; }
    /// Expert-data-parallel degree: GPUs / (PP × EP × expert TP) (Megatron MoE parallel folding).
    int expertDataParallel() const
    {
        const std::int64_t mp = std::int64_t(pipeline) * expert * effectiveExpertTensor();
        return (mp > 0 && gpus % mp == 0) ? int(gpus / mp) : 0;
    }

    bool operator==(const ParallelLayout&) const = default;
};

/// The serving engine whose reservation, workspace and logits the estimate follows.
enum class ServingEngine { Vllm, Sglang, HfTransformers, LlamaCpp, TensorRtLlm };
/// Who proposes the draft tokens of speculative decoding (issue 27 item 3; core/serving/speculative.h).
enum class SpeculativeMethod { None, DraftModel, Eagle, Mtp };

/// Serving: weights in a storage format, a KV cache, a prefill chunk's workspace.
struct InferenceSetup
{
    ServingEngine engine = ServingEngine::Vllm;
    WeightQuantization weights;
    KvCacheDtype kvCacheDtype = KvCacheDtype::Bf16;
    std::int64_t batchSize = 1;            ///< concurrent sequences per model replica
    std::int64_t promptLength = 1024;
    std::int64_t generatedTokens = 1024;   ///< context = prompt + generated
    int kvBlockSize = 16;                  ///< paged KV cache block (vLLM default 16); 0: contiguous
    std::int64_t maxBatchedTokens = 2048;  ///< tokens per forward chunk (vLLM max_num_batched_tokens, SGLang chunked_prefill_size, TensorRT-LLM max_num_tokens, llama.cpp n_ubatch)
    bool flashAttention = true;            ///< HF transformers: SDPA/FA2 instead of eager; llama.cpp: -fa
    double gpuMemoryUtilization = 0.9;     ///< vLLM gpu_memory_utilization, SGLang mem_fraction_static, TensorRT-LLM free_gpu_memory_fraction
    std::int64_t maxNumSeqs = 256;         ///< vLLM max_num_seqs: rows of the profiled sampler
    bool cudaGraphs = true;                ///< vLLM/SGLang capture CUDA graphs (their private memory pool)
    double cudaGraphBytes = 1073741824.0;  ///< that pool, per GPU
    bool fullPromptLogits = false;         ///< HF transformers < 4.45: fp32 logits of every prompt position at prefill
    // Speculative decoding (core/serving/speculative.h): a drafter proposes k tokens, the target
    // verifies them in one step and keeps the accepted prefix (Leviathan et al. 2023, arXiv 2211.17192).
    SpeculativeMethod speculativeMethod = SpeculativeMethod::None;
    int speculativeTokens = 3;             ///< k (vLLM num_speculative_tokens; its docs' EAGLE example uses 3)
    double acceptanceRate = 0.75;          ///< α, per draft token: T5-XXL with a T5-small draft, EnDe, greedy (Leviathan et al. 2023, Table 3)
    double draftParameters = 0;            ///< the draft model's parameters (its shape: the family of the "model size" slider); 0: not given
    /// Share of each prompt's tokens found in the engine's prefix cache (vLLM automatic prefix
    /// caching, SGLang RadixAttention): prefill computes only the others.
    double prefixCacheHitRate = 0;
    /// Images per request of a vision-language model: each adds its image tokens to the prompt
    /// and one encoder pass to the prefill.
    int imagesPerRequest = 0;
    std::int64_t context() const { return promptLength + generatedTokens; }

    bool operator==(const InferenceSetup&) const = default;
};

enum class FineTuneMethod { Full, LoRA, QLoRA };
/// The LoRA adapters' own precision (weights and gradients; they have no separate master).
enum class AdapterDtype { Fp32, Bf16, Fp16 };
enum LoraTarget : unsigned { LoraQ = 1, LoraK = 2, LoraV = 4, LoraO = 8, LoraGate = 16, LoraUp = 32, LoraDown = 64 };
enum class RlAlgorithm { None, Grpo, Ppo };
enum class RolloutPlacement { Colocated, Separate };

/// Reinforcement learning on top of fine-tuning: the model roles that share (or not) the GPUs.
struct RlSetup
{
    RlAlgorithm algorithm = RlAlgorithm::None;
    bool reference = true;                 ///< KL reference policy (frozen)
    WeightFormat referenceFormat = WeightFormat::Bf16;
    bool referenceOffload = false;
    bool rewardModel = false;              ///< a learned reward model (GRPO often uses rules instead)
    double rewardParameters = 0;           ///< 0: same size as the policy
    WeightFormat rewardFormat = WeightFormat::Bf16;
    bool critic = false;                   ///< PPO value model, trained like the policy
    int samplesPerPrompt = 8;              ///< GRPO group size
    std::int64_t promptLength = 512;
    std::int64_t maxNewTokens = 2048;
    int promptsPerGpu = 1;                 ///< prompts each rollout engine generates for at once
    double rolloutMemoryFraction = 0.4;    ///< vLLM gpu_memory_utilization: weights + KV it reserves
    RolloutPlacement placement = RolloutPlacement::Colocated;
    bool rolloutSleeps = true;             ///< colocated: KV freed, weights offloaded while training (verl free_cache_engine, vLLM sleep mode)
    int rolloutTensor = 1;                 ///< TP of the rollout engine
    int rolloutGpus = 8;                   ///< separate placement: size of the rollout pool

    bool operator==(const RlSetup&) const = default;
};

struct FineTuneSetup
{
    FineTuneMethod method = FineTuneMethod::LoRA;
    int loraRank = 16;
    unsigned loraTargets = LoraQ | LoraK | LoraV | LoraO;
    WeightQuantization base;               ///< frozen base: bf16 (LoRA), NF4 + double quantization (QLoRA)
    AdapterDtype adapterPrecision = AdapterDtype::Fp32; ///< LoRA adapters: fp32 (PEFT autocast_adapter_dtype), bf16 (QLoRA)
    bool pagedOptimizer = false;           ///< bitsandbytes paged optimizer: states in unified memory, evicted to CPU under pressure (QLoRA)
    /// bitsandbytes before 0.43.2: MatMul4Bit keeps each 4-bit layer's input as a ctx attribute
    /// (`ctx.tensors = (A, B)`, removed by bitsandbytes 9e75374, PR #1270), which autograd does
    /// not release after the backward: the inputs live as long as the graph, i.e. while the loop
    /// keeps the model's output (LitGPT 00af8b0 pins bitsandbytes==0.42.0).
    bool bnbKeepsInputs = false;
    /// The output layer stored in the base's format too, the input embedding not (Lightning
    /// Fabric's BitsandbytesPrecision replaces every torch.nn.Linear, LitGPT's lm_head included,
    /// and no nn.Embedding); `base.quantizeEmbeddings` quantizes both.
    bool quantizeOutputLayer = false;
    RlSetup rl;

    bool operator==(const FineTuneSetup&) const = default;
};

struct HardwareSetup
{
    GpuSpec gpu;
    double mfu = 0;                        ///< model FLOPs utilization; 0: not given, the step-time model times the step
    double achievedTflops = 0;             ///< if > 0: measured per-GPU hardware TFLOP/s, replaces MFU and the model
    double pricePerGpuHour = 1.8;          ///< USD
    /// What the model still does not time: evaluation, data-pipeline stalls, tuning and ablation
    /// runs (an assumption; the seeds' 1.3–1.5 also covered failures and restarts, which the
    /// goodput section now models). Multiplies the cost only.
    double overheadFactor = 1.3;
    double nvmeBytesPerSecond = 0;         ///< one node's NVMe drives, sequential (ZeRO-Infinity offload); 0: unknown

    bool operator==(const HardwareSetup&) const = default;
};

/// Memory that is not in the papers' formulas, each an explicit, editable assumption.
struct RuntimeOverheads
{
    double cudaContextBytes = 536870912.0; ///< CUDA context alone (lazy module loading): outside PyTorch's allocator
    double commBucketBytes = 0;            ///< gradient-reduction buffers in flight; 0: the framework's own
    double zero3PrefetchModules = 2;       ///< ZeRO-3 gathers the current module + one prefetched (DeepSpeed: 4·ℓ bytes)
    double fragmentationFraction = 0.05;   ///< caching-allocator fragmentation, of what is allocated during the step
    double cpuBufferFactor = 1.5;          ///< DeepSpeed additional_buffer_factor for pinned CPU buffers
    bool expandableSegments = false;       ///< PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True
    bool gradientAsBucketView = false;     ///< PyTorch DDP gradient_as_bucket_view (default False: buckets copy the gradients)
    double reduceBucketElements = 5e8;     ///< DeepSpeed ZeRO reduce_bucket_size (elements)
    double cublasWorkspaceBytes = 33554432.0; ///< per cuBLAS handle and stream: 32 MiB on Hopper, 8.125 MiB on others (PyTorch)
    double ncclBytesPerCommunicator = 688e6; ///< NCCL buffers of one communicator on one GPU (NVIDIA/nccl #964)

    bool operator==(const RuntimeOverheads&) const = default;
};

/// Checkpoints, interruptions and restarts: what turns the step time into a long run's wall-clock
/// (core/goodput/).
struct GoodputSetup
{
    /// Interruptions per 1,000 GPU-days and per 1,000 node-days: derived from the Llama 3 report's
    /// 419 unexpected interruptions in 54 days on 16,384 H100s (268 in its GPU category, 151 else).
    double gpuInterruptionsPer1000GpuDays = kDefaultGpuInterruptionsPer1000GpuDays;
    double nodeInterruptionsPer1000NodeDays = kDefaultNodeInterruptionsPer1000NodeDays;
    std::int64_t checkpointIntervalSteps = 500; ///< torchtitan checkpoint.interval's default; 0: the optimal (Young/Daly) interval
    bool asyncCheckpoint = false;          ///< copy to host memory, write behind the steps (torchtitan async_mode, Megatron --async-save; both off by default)
    bool checkpointOptimizer = true;       ///< the optimizer's states are saved too (needed to resume exactly)
    /// One node's write bandwidth to the checkpoint store: Llama 3's Tectonic sustains 2 TB/s
    /// (§3.3.1) shared by its 2,048 nodes, 0.98 GB/s each when all write at once.
    double nodeWriteBytesPerSecond = 2e12 / 2048;
    double storeWriteBytesPerSecond = 2e12; ///< the shared store, all nodes together (Llama 3: 2 TB/s sustained); 0: no limit
    double restartSeconds = 600;           ///< re-scheduling, process start, NCCL init, warm-up: an assumption (Daly 2006's examples use 10 min)

    bool operator==(const GoodputSetup&) const = default;
};

/// Everything one estimate needs: the single source of truth the GUI edits.
struct Scenario
{
    Mode mode = Mode::Train;
    ModelArchitecture model;
    TrainingSetup training;
    ParallelLayout parallel;
    HardwareSetup hardware;
    RuntimeOverheads runtime;
    GoodputSetup goodput;
    InferenceSetup inference;
    FineTuneSetup finetune;
    /// What a real run measured (the file's "measurements" section): not read by the estimate,
    /// compared with it (core/calibration/residuals.h). Empty in a file of schema version 1.
    MeasuredRun measured;

    bool operator==(const Scenario&) const = default;
};

} // namespace core
