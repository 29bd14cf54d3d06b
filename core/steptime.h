#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <span>
#include <string_view>

#include "core/modelconstants.h"

namespace core {

/// One constant of the step-time model, as resources/steptime.json gives it.
struct StepConstant
{
    std::string_view id;
    double value;
    std::string_view source;
};

/// Measured figures of one GPU model (resources/steptime.json "gpus"); "default" for the rest.
struct GpuStepFigures
{
    std::string_view preset;
    double gemmBf16;            ///< large-GEMM efficiency, 16-bit (MAMF / peak)
    double gemmFp8;             ///< the same in FP8; 0: no FP8 path
    double attentionForward;    ///< fused attention forward, fraction of the 16-bit peak
    double attentionBackward;
    double fp4PeakRatio;        ///< FP4 tensor cores' dense peak over FP8's; 0: none
    double pcieBytesPerSecond;  ///< host link, one direction
    double mamfM, mamfN, mamfK; ///< the shape the GEMM efficiency was measured at
    double fa2Forward, fa2Backward; ///< FlashAttention-2, fraction of the 16-bit peak
    double fa3Forward, fa3Backward; ///< FlashAttention-3; 0: it does not run on this GPU
    std::string_view source;
};

/// All constants, in the JSON file's order.
std::span<const StepConstant> stepConstants();
/// The constant with this id; nullptr if there is none.
const StepConstant* findStepConstant(std::string_view id);
/// The measured figures for a GPU preset id, or the "default" entry.
const GpuStepFigures& gpuStepFigures(std::string_view preset);

/// Where a training step's time goes on the GPU of the slowest pipeline stage. The five
/// communication parts are the exposed (not overlapped) time, in CommDimension's order.
enum class StepPart {
    Gemm,          ///< linear layers and logits
    Attention,     ///< attention core (fused kernel, or scores in HBM without one)
    Elementwise,   ///< norms, activations, rotary, residuals, dropout, cross-entropy: bandwidth-bound
    Overhead,      ///< fixed time per layer and micro-batch (launches, small kernels)
    Recompute,     ///< the forward work recomputation repeats
    Bubble,        ///< pipeline fill and drain
    DataParallel, TensorParallel, PipelineParallel, ContextParallel, ExpertParallel,
    Offload,       ///< host link and the CPU optimizer step
    OptimizerStep, ///< the optimizer's update on the GPU (bandwidth-bound)
    Rollout,       ///< RL: generating the step's samples
    Count
};
inline constexpr std::size_t kStepPartCount = std::size_t(StepPart::Count);
using StepParts = std::array<double, kStepPartCount>;

/// Stable id as in the JSON output: "gemm", "bubble", "data_parallel", …
std::string_view stepPartName(StepPart part);

/// Where the step time the estimate uses comes from.
enum class TimeSource { Model, Mfu, AchievedTflops };
std::string_view timeSourceName(TimeSource source);

// --- the model's parts, as free functions so that tests can check each against hand arithmetic

/// Efficiency of an M×N×K GEMM as a fraction of peak: the GPU's measured large-GEMM efficiency
/// times Π d/(d + d₀) over the three dimensions, relative to the measured shape, at most 1.
double gemmEfficiency(const GpuStepFigures& gpu, bool fp8, double m, double n, double k);
/// The same with the fitted constants given (the accuracy harness refits them).
double gemmEfficiency(const GpuStepFigures& gpu, bool fp8, double m, double n, double k, const ModelConstants& constants);
/// Roofline time of an M×N×K GEMM: the larger of 2·M·N·K / (peak · efficiency) and the bytes
/// of A, B (`inputBytes` per element) and C (2 bytes per element) over the memory bandwidth.
double gemmSeconds(double m, double n, double k, double peakFlops, double efficiency, double inputBytes, double memoryBytesPerSecond);
/// Fused attention's efficiency at a kernel length of `tokens` (s/(s + s½) of its maximum).
double attentionEfficiency(double maximum, double tokens);
double attentionEfficiency(double maximum, double tokens, const ModelConstants& constants);
/// Ring collectives (nccl-tests PERFORMANCE.md): all-reduce moves 2(n−1)/n of the bytes over
/// each GPU's link, reduce-scatter and all-gather (n−1)/n of the full array; plus one latency.
/// (Inline, as the two below: the step-time model calls them a dozen times per estimate.)
inline double allReduceSeconds(double bytes, double ranks, double busBytesPerSecond, double latencySeconds)
{
    if (ranks <= 1 || bytes <= 0 || !(busBytesPerSecond > 0))
        return 0;
    return 2 * (ranks - 1) / ranks * bytes / busBytesPerSecond + latencySeconds;
}
inline double reduceScatterSeconds(double bytes, double ranks, double busBytesPerSecond, double latencySeconds)
{
    if (ranks <= 1 || bytes <= 0 || !(busBytesPerSecond > 0))
        return 0;
    return (ranks - 1) / ranks * bytes / busBytesPerSecond + latencySeconds;
}
/// Bubble of 1F1B (v = 1) or interleaved 1F1B: (p − 1)/v of one micro-batch's forward and
/// backward on a stage (Narayanan et al. 2021 §2.2), i.e. (p − 1)/(v·m) of the compute.
double bubbleSeconds(int stages, int virtualStages, double microBatchSeconds);
/// What a collective that overlaps `overlappable` seconds of compute leaves exposed: never less
/// than the tail that has nothing to overlap with, never more than the collective itself.
inline double exposedSeconds(double communication, double overlappable, double tail)
{
    if (communication <= 0)
        return 0;
    return std::min(communication, std::max(tail, communication - std::max(0.0, overlappable)));
}

/// The bus bandwidth of a parallel group (bytes/s each GPU moves): NVLink inside a node; a
/// group that spans nodes uses every member's NIC in the node (NCCL runs a ring per NIC), so
/// min(NVLink, members per node × NIC). Efficiencies are the step-time constants.
struct GroupLink
{
    double busBytesPerSecond = 0;
    bool overNetwork = false;
    int membersPerNode = 1;
};
GroupLink groupLink(long long stride, long long size, long long gpusPerNode, double interconnectBytesPerSecond,
                    double networkBytesPerSecond);
/// The GPUs that groupLink() treats as one NVLink island: the node, or an NVLink domain larger
/// than it (GB200/GB300 NVL72: 72 GPUs on one NVSwitch fabric), of which a job fills the
/// largest power of two (64 of 72: the 16-tray segments jobs are placed on; our placement rule),
/// so that power-of-two groups of consecutive ranks lie inside one domain.
long long nvlinkIsland(long long gpusPerNode, long long nvlinkDomain);

} // namespace core
