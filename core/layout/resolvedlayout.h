#pragma once

// The one resolve step of an estimate (docs/HACKING.md "Data flow"): a scenario's layout turned
// into the numbers every part of the estimate reads — degrees, the shard and replica groups,
// micro-batches, tokens, the pipeline's stages with the kinds of their layers, the dtypes and
// the model-state bytes. Memory, step time, serving, the step timeline and the planner's bound
// read this value instead of deriving any of it again.

#include <vector>

#include "core/model/layerpattern.h"
#include "core/pipeline.h"
#include "core/precision.h"
#include "core/scenario.h"

namespace core {

/// The layers one pipeline stage holds: a contiguous range and its layers by kind.
struct StageLayers
{
    int first = 0;      ///< index of its first layer
    int count = 0;
    KindCounts kinds;
};

struct ResolvedLayout
{
    /// The degrees are positive and divide the GPUs (validate() guarantees it for an estimate;
    /// the planner's bound asks first). When false only the flags below are meaningful.
    bool usable = false;

    // What runs
    Framework framework = Framework::Megatron;
    bool countOnly = false;   ///< a bare parameter count: the family shape stands in for the layers
    bool adapters = false;    ///< LoRA/QLoRA fine-tuning: frozen base + trainable adapters
    bool rl = false;          ///< an RL algorithm on top of fine-tuning

    // Degrees and groups
    int t = 1, p = 1, v = 1, c = 1;
    int dp = 1;               ///< data-parallel degree: GPUs / (t·p·c)
    int shardGroup = 1;       ///< ZeRO / distributed-optimizer / FSDP shard group: DP × CP, or parallel.shard_group
    int replicas = 1;         ///< DP × CP / shardGroup: copies of each shard, which all-reduce their gradients
    int expertShards = 1;     ///< expert data parallel: ZeRO group of the routed experts
    int micro = 1;            ///< micro-batches per step per pipeline
    double tokensPerMicroBatch = 0; ///< (s / CP) · b on one GPU
    double seqShard = 1;      ///< t with sequence parallelism (what SP divides replicated activations by), else 1

    // The pipeline
    PipelineSplit split;      ///< transformer layers per stage
    LayerPattern pattern;     ///< which kind each layer is (the decoder tower)
    /// Interleaved schedule (v > 1) with the layers split evenly into p·v virtual stages (no
    /// explicit first/last stage, embedding or loss counted as a layer): the layers of each. Model
    /// chunk j of pipeline rank i is virtual stage j·p + i (Megatron _get_layer_offset:
    /// vp_rank·L/v + pp_rank·L/(p·v), megatron/core/transformer/transformer_layer.py @ 009c601),
    /// so a stage's layers are not contiguous. 0: each stage holds one contiguous range.
    int chunkLayers = 0;
    /// Interleaved schedule (v > 1) with uneven virtual stages: Megatron's first/last-stage layers
    /// (--decoder-first/last-pipeline-num-layers, each stage's layers split evenly over its v
    /// chunks) or the embedding and the loss counted as pipeline units (account_for_embedding/
    /// loss_in_pipeline_split: (L + 2)/(p·v) units a chunk, the embedding taking a layer's place
    /// in chunk 0 of stage 0 and the loss in chunk v − 1 of stage p − 1), as
    /// get_transformer_layer_offset places them (megatron/core/transformer/transformer_layer.py
    /// @ d98e8a6). The first transformer layer of virtual stage k = chunk·p + stage, and one past
    /// the last (p·v + 1 entries; filled only for such a layout, so nothing else allocates).
    std::vector<int> virtualFirst;
    /// The schedule (parallel.pipeline_schedule; 1F1B without a pipeline or when serving). ZB-V,
    /// DualPipe and DualPipeV place two chunks on every rank themselves (v = 1 in the scenario).
    PpSchedule schedule = PpSchedule::OneFOneB;
    /// Copies of the model's parameters the pipeline keeps: 2 for DualPipe, whose every rank holds
    /// a stage of each direction (DeepSeek-V3 report §3.2.1: "two copies of the model parameters";
    /// README @ 3da1bbe "Parameter Per Device 2×"), else 1.
    int parameterCopies = 1;

    // Dtypes and model states
    ComputeDType computeDType = ComputeDType::Bf16; ///< the GEMMs' format, after the GPU's fallbacks
    bool noFp8Peak = false;   ///< FP8 asked but the GPU has no FP8 peak: BF16 instead
    bool noBf16Peak = false;  ///< BF16 asked (or fallen back to) but none: FP16 instead
    double elementBytes = 2;  ///< one saved activation element
    StateBytesPerParameter state; ///< of the trainable parameters, as the framework keeps them
    double reduceBytes = 4;   ///< FSDP2: bytes of the reduce-scatter dtype (mixed_precision_reduce)
    bool ampWeights = false;  ///< DDP with a mixed recipe: fp32 weights under torch.autocast

    bool unevenChunks() const { return !virtualFirst.empty(); }
    /// Transformer layers in virtual chunk `chunk` of stage `stage` (uneven virtual stages only).
    int unevenChunkLayers(int stage, int chunk) const
    {
        const std::size_t k = std::size_t(chunk) * std::size_t(p) + std::size_t(stage);
        return virtualFirst[k + 1] - virtualFirst[k];
    }
    /// Transformer layers on pipeline stage `stage`, whatever the layout.
    int layersOn(int stage) const
    {
        if (virtualFirst.empty())
            return split.layersOn(stage);
        int n = 0;
        for (int j = 0; j < v; ++j)
            n += unevenChunkLayers(stage, j);
        return n;
    }
    /// Micro-batches whose activations stage `stage` holds at its peak, in units of its whole
    /// layer set (inFlightMicroBatches, core/pipeline.h); with uneven chunks each held
    /// chunk-micro-batch weighs its chunk's layers.
    double inFlight(int stage) const;
    /// … whatever the schedule: the two-chunk schedules' own peak (twoChunkInFlight), else the above.
    double heldMicroBatches(int stage) const
    {
        if (schedule != PpSchedule::OneFOneB)
            return twoChunkInFlight(schedule, p, micro);
        return unevenChunks() ? inFlight(stage) : inFlightMicroBatches(p, v, micro, stage);
    }

    /// The layers of virtual chunk `chunk` (0 … v − 1) of pipeline stage `stage`. Without
    /// interleaving, the stage's range split into v nearly equal parts (one part when v = 1).
    StageLayers chunk(int stage, int chunk) const;
    /// The layers of an interleaved stage: its chunks' (first: of its first chunk).
    StageLayers interleavedStage(int stage) const;
    /// … their kinds only, inline for the stage loops.
    KindCounts interleavedKinds(int stage) const
    {
        KindCounts k;
        for (int j = 0; j < v; ++j) {
            const int first = (j * p + stage) * chunkLayers;
            k += pattern.countsIn(first, first + chunkLayers);
        }
        return k;
    }
    /// The kinds of stage `stage`, whose contiguous range [first, first + count) the caller
    /// walks anyway (the stage loops): a dense model's are all dense wherever they sit; an
    /// interleaved stage's are its chunks'.
    KindCounts stageKindsAt(int stage, int first, int count) const
    {
        if (!pattern.experts && !pattern.hybrid && pattern.mtp == 0) {
            KindCounts k;
            k.layers[std::size_t(LayerKind::Dense)] = count;
            return k;
        }
        if (!virtualFirst.empty())
            return unevenKinds(stage);
        return chunkLayers > 0 ? interleavedKinds(stage) : pattern.countsIn(first, first + count);
    }
    /// The kinds of an uneven interleaved stage: its chunks'.
    KindCounts unevenKinds(int stage) const
    {
        KindCounts k;
        for (int j = 0; j < v; ++j) {
            const std::size_t i = std::size_t(j) * std::size_t(p) + std::size_t(stage);
            k += pattern.countsIn(virtualFirst[i], virtualFirst[i + 1]);
        }
        return k;
    }
    /// The layers of pipeline stage `stage`.
    StageLayers stage(int stage) const
    {
        if (!virtualFirst.empty())
            return {virtualFirst[std::size_t(stage)], layersOn(stage), unevenKinds(stage)};
        return chunkLayers > 0 ? interleavedStage(stage) : contiguousStage(stage);
    }
    /// … of a stage that holds one contiguous range (always so for serving, which interleaves nothing).
    StageLayers contiguousStage(int stage) const
    {
        const int first = split.firstLayerOf(stage);
        const int count = split.layersOn(stage);
        return {first, count, pattern.countsIn(first, first + count)};
    }
};

/// Transformer layers Megatron places in chunk `chunk` of stage `stage` with `v` > 1 virtual stages
/// and first/last-stage layers or the embedding/loss as pipeline units; −1 when the numbers do not
/// divide as Megatron requires (TransformerConfig.__post_init__ @ d98e8a6).
int unevenChunkSize(int layers, int p, int v, const ParallelLayout& pl, int stage, int chunk);

/// Resolves `scenario`'s layout; `shape` is the architecture the estimate uses (the family
/// shape for a bare parameter count).
ResolvedLayout resolveLayout(const Scenario& scenario, const ModelArchitecture& shape);

/// Model-state bytes per trainable parameter as `framework` keeps them (FSDP2 and DDP train fp32
/// parameters, moments in `moments` precision when forced): what the memory estimate uses, and
/// the planner's lower bound with it.
StateBytesPerParameter frameworkStateBytes(StateBytesPerParameter st, Framework framework, MomentDtype moments, Optimizer optimizer);

/// Whether LoRA adapters' optimizer moments are kept in the adapters' bf16 (PyTorch's optimizers:
/// zeros_like(p)) rather than fp32: bf16 adapters, moments not forced, a per-parameter optimizer
/// (Adam, AdamW, SGD with momentum, Lion) that is not bitsandbytes' paged 32-bit one.
bool adapterMomentsInAdapterDtype(const Scenario& scenario);

} // namespace core
