#pragma once

// "Why doesn't it fit? What should I try first?" Single changes to a scenario in the order the
// interview notes rank them, each measured by running the estimate on the changed scenario, and
// the smallest combination (up to three changes) that makes it fit. Codes and numbers only: the
// window translates the codes, the command line prints describe()'s English.

#include <string>
#include <string_view>
#include <vector>

#include "core/estimate.h"
#include "core/fields.h"
#include "core/rules/scenariochanges.h"
#include "core/scenario.h"

namespace core {

/// One lever. Training and fine-tuning list FlashAttention (when off: free), a smaller
/// micro-batch with accumulation, checkpointing, ZeRO, offload, adapters (fine-tuning), more
/// model parallelism or GPUs; serving lists weight and KV-cache quantization, paged KV,
/// FlashAttention, shorter or fewer sequences, TP.
enum class RemedyAction {
    MicroBatch,            ///< smaller micro-batch, more gradient-accumulation steps, global batch kept
    SelectiveRecompute,    ///< recompute the attention core in the backward pass
    FullRecompute,         ///< keep only each layer's input (activation checkpointing)
    ZeroStage,             ///< shard more model states (ZeRO 2 → 3, FSDP FULL_SHARD)
    OffloadOptimizer,      ///< optimizer states and the fp32 gradient copy in CPU memory (ZeRO-Offload)
    OffloadParameters,     ///< … and the weights too (ZeRO-3 + offload_param, ZeRO-Infinity)
    FlashAttention,        ///< no s × s score matrix
    Lora,                  ///< train low-rank adapters on a frozen 16-bit base
    Qlora,                 ///< … on an NF4 base
    TensorParallel,        ///< TP × 2 inside a node
    PipelineParallel,      ///< PP × 2
    MoreGpus,              ///< twice the GPUs (more data-parallel ranks for ZeRO to shard over)
    WeightsFp8,            ///< serve the weights in FP8
    WeightsInt8,           ///< … INT8
    WeightsInt4,           ///< … INT4 with group scales
    KvCacheFp8,            ///< keys and values in FP8
    PagedKv,               ///< paged KV cache with 16-token blocks
    ShorterContext,        ///< the longest context that fits at this batch
    FewerSequences,        ///< the largest batch that fits at this context
    ServingTensorParallel, ///< TP × 2 per replica (more GPUs where needed)
    CheckpointInterval,    ///< a checkpoint every Young/Daly-optimal number of steps (the run's wall-clock, not memory)
    AsyncCheckpoint,       ///< copy each shard to host memory and write it behind the steps
    Count
};

/// What a remedy's numbers do not say. The window translates the code; describe() is English.
enum class RemedyNote {
    None,
    SmallerKernels,      ///< smaller GEMMs may run less efficiently; the estimate keeps the MFU
    OffloadTransfers,    ///< the step waits for PCIe copies and the optimizer step on the CPU
    AdaptersQuality,     ///< adapters train fewer parameters than full fine-tuning
    QloraQuality,        ///< NF4 base: small quality loss (QLoRA reports parity on its benchmarks)
    MoreGpusCost,        ///< twice the GPUs to pay for
    QualityFp8,          ///< FP8 weights: usually within noise of BF16
    QualityInt8,         ///< INT8 weights: small loss, needs calibration
    QualityInt4,         ///< INT4 weights: measurable loss on hard tasks (GPTQ/AWQ)
    QualityKvCache,      ///< quantized keys and values: small loss, most at long contexts
    ShorterRequests,     ///< serves shorter requests than asked
    FewerConcurrent,     ///< fewer sequences at once: lower throughput
    FreeInPractice,      ///< FlashAttention: the same maths, faster (Dao et al. 2022)
    IntervalTradeoff,    ///< checkpoints more (or less) often: stalls against work lost per interruption
    AsyncHostMemory,     ///< asynchronous checkpoints stage each GPU's shard in host memory
    Count
};

/// A lever with its setting: MicroBatch 2, ZeroStage 3, TensorParallel 4, …
struct Lever
{
    RemedyAction action = RemedyAction::Count;
    double value = 0;
};

struct Remedy
{
    std::vector<Lever> levers;            ///< one for a single change, 2–3 for a combination
    Scenario scenario;                    ///< the scenario with the change applied
    std::vector<ScenarioChange> changes;  ///< the keys that differ, as --set overrides
    double bytesBefore = 0;               ///< fullest GPU of the scenario as it is
    double bytesAfter = 0;                ///< fullest GPU after the change
    double bytesSaved = 0;                ///< bytesBefore − bytesAfter
    double capacityBytes = 0;
    bool fitsAfter = false;               ///< every GPU fits after the change
    double extraFlopsFraction = 0;        ///< hardware FLOPs per step (serving: per generated token) after / before − 1
    double timeFactor = 1;                ///< step time after / before (serving: time for the same tokens)
    double extraCommunicationBytes = 0;   ///< per GPU per step, all parallel dimensions and PCIe copies
    double cpuBytes = 0;                  ///< CPU memory per node the changed scenario needs
    double gpusFactor = 1;                ///< GPUs after / before
    /// The run's remedies (Advice::runRemedies): its expected wall-clock with checkpoints,
    /// interruptions and restarts (core/goodput/) and its goodput, before and after; 0 otherwise.
    double wallSecondsBefore = 0;
    double wallSecondsAfter = 0;
    double goodputBefore = 0;
    double goodputAfter = 0;
    RemedyNote note = RemedyNote::None;

    RemedyAction action() const { return levers.empty() ? RemedyAction::Count : levers.front().action; }
    bool isCombination() const { return levers.size() > 1; }
};

struct Advice
{
    bool valid = false;                   ///< false: the scenario itself is invalid, nothing to advise
    bool fits = false;
    double fullestBytes = 0;
    double capacityBytes = 0;
    std::vector<Remedy> remedies;         ///< single changes in the seeds' order, already-applied and impossible ones left out
    std::vector<Remedy> combinations;     ///< if no single change fits: the smallest sets that do, fastest first
    /// Training: changes that shorten the run's wall-clock at the same memory (the checkpoint
    /// interval, asynchronous checkpoints, both), each worth at least kRunAdviceThreshold of
    /// goodput, the largest gain first. Listed whether or not the scenario fits.
    std::vector<Remedy> runRemedies;
};

struct AdviceOptions
{
    bool evenIfFits = false;              ///< list remedies for a scenario that already fits (the CLI's advise does)
    int maxCombinations = 3;
};

/// Everything the estimate says about each remedy. Runs ~10–50 estimates (README: the median).
Advice advise(const Scenario& scenario, const AdviceOptions& options = {});
/// The same, reusing `out` and its storage.
void advise(const Scenario& scenario, Advice& out, const AdviceOptions& options = {});

/// The scenario with the lever applied (what a remedy's change is).
void applyLever(const Lever& lever, Scenario& scenario);

/// Stable ids as the JSON output writes them: "micro_batch", "offload_transfers".
std::string_view remedyActionName(RemedyAction action);
std::string_view remedyNoteName(RemedyNote note);
/// The advisor's words, written once (core/advice/advice_text.cpp): the command line prints this
/// English, the window translates the same strings (context "AdviceText").
/// "Full activation checkpointing".
std::string_view remedyActionTitle(RemedyAction action);
/// How a lever's title shows its setting ("%1: micro-batch %2", %1 the title, %2 the number), or
/// "" for a lever whose title says it all.
std::string_view leverSettingFormat(RemedyAction action);
/// The remedy's title in English: its levers' titles with their settings, joined by " + ".
std::string remedyTitle(const Remedy& remedy);
/// What the remedy's numbers do not say, as a sentence.
std::string_view describe(RemedyNote note);

/// PCIe 4.0 ×16, one direction (PCI-SIG: 16 GT/s × 16 lanes × 128/130): the host link an
/// offloading GPU copies gradients and weights over. Gen5 hosts (H100) have twice this.
inline constexpr double kHostLinkBytesPerSecond = 31.5e9;

} // namespace core
