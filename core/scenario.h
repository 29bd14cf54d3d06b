#pragma once

#include <cstdint>
#include <string>

#include "core/gpu.h"
#include "core/model.h"
#include "core/precision.h"

namespace core {

enum class Recompute { None, Selective, Full };

/// How model FLOPs are counted: Megatron's per-iteration formula (6ND plus attention and
/// logits, needs the architecture) or the seeds' 6·N·D approximation.
enum class FlopsFormula { Megatron, SixND };

struct TrainingSetup
{
    std::int64_t seqLength = 4096;
    std::int64_t microBatchSize = 1;
    std::int64_t globalBatchSize = 1024;   ///< sequences per optimizer step
    double trainTokens = 1e12;
    PrecisionRecipe precision = PrecisionRecipe::Mixed16;
    Optimizer optimizer = Optimizer::AdamW;
    int zeroStage = 0;                     ///< 0..3 (FSDP FULL_SHARD = 3, SHARD_GRAD_OP = 2)
    bool offloadOptimizer = false;
    bool offloadParameters = false;        ///< ZeRO-3 only
    Recompute recompute = Recompute::None;
    bool flashAttention = true;
    FlopsFormula flopsFormula = FlopsFormula::Megatron;
};

struct ParallelLayout
{
    int gpus = 8;
    int gpusPerNode = 8;
    int tensor = 1;
    int pipeline = 1;
    int virtualPipeline = 1;               ///< model chunks per pipeline rank (interleaved 1F1B when > 1)
    int context = 1;
    bool sequenceParallel = false;

    /// Data-parallel degree: GPUs / (TP × PP × CP); 0 if that does not divide.
    int dataParallel() const
    {
        const std::int64_t mp = std::int64_t(tensor) * pipeline * context;
        return (mp > 0 && gpus % mp == 0) ? int(gpus / mp) : 0;
    }
};

struct HardwareSetup
{
    GpuSpec gpu;
    double mfu = 0.4;                      ///< model FLOPs utilization
    double achievedTflops = 0;             ///< if > 0: measured per-GPU hardware TFLOP/s, replaces MFU
    double pricePerGpuHour = 2.0;          ///< USD
    double overheadFactor = 1.0;           ///< failures, restarts, tuning (seed 1 Q10: 1.3–1.5)
};

/// Memory that is not in the papers' formulas, each an explicit, editable assumption.
struct RuntimeOverheads
{
    double cudaContextBytes = 1.0e9;       ///< CUDA context + cuBLAS/NCCL workspaces (~0.5–1.5 GB)
    double commBucketBytes = 2 * 25 * 1024.0 * 1024.0; ///< PyTorch DDP bucket_cap_mb = 25, two in flight
    double zero3PrefetchModules = 2;       ///< ZeRO-3 gathers the current module + one prefetched (DeepSpeed: 4·ℓ bytes)
    double fragmentationFraction = 0.05;   ///< caching-allocator fragmentation, of everything else
    double cpuBufferFactor = 1.5;          ///< DeepSpeed additional_buffer_factor for pinned CPU buffers
};

/// Everything one estimate needs: the single source of truth the GUI edits.
struct Scenario
{
    ModelArchitecture model;
    TrainingSetup training;
    ParallelLayout parallel;
    HardwareSetup hardware;
    RuntimeOverheads runtime;
};

} // namespace core
