#pragma once

#include <string>
#include <vector>

#include "core/calibration/measurement.h"
#include "core/estimate.h"

namespace core {

/// Why a measured number has or has no residual.
enum class ResidualStatus {
    Compared,       ///< measured beside the prediction of the same counter
    NoPrediction,   ///< the estimate has no figure for this quantity (a count, or nothing of the kind)
    HostMemory,     ///< llama.cpp CPU / CUDA_Host buffer: not on the GPU
    RankNotInLayout,///< a rank the scenario's layout does not have
    /// A device index of one node (nvidia-smi, memory_summary, llama.cpp) in a scenario of
    /// several nodes whose rank groups on that index predict different numbers: which node
    /// was measured is not in the log, so nothing is compared rather than a node guessed
    NodeUnknown,
    Count
};

/// One measured number beside the predicted number of the same counter: allocated with
/// allocated, reserved with reserved, nvidia-smi with the device level; never across levels.
struct Residual
{
    MeasuredQuantity quantity = MeasuredQuantity::MaxAllocated;
    LogFormat format = LogFormat::Megatron;
    int rank = -1;            ///< from the log; -1: none (compared with the group that predicts most)
    int group = -1;           ///< index in Estimate::groups, -1: none
    double measured = 0;
    double predicted = 0;
    double resolution = 0;    ///< the measured figure's last printed unit (bytes)
    double percent = 0;       ///< (predicted − measured) / measured × 100: + means the estimate is above
    ResidualStatus status = ResidualStatus::NoPrediction;
    int line = 0;
    bool operator==(const Residual&) const = default;
};

/// The prediction of the counter `quantity` measures, for one rank group; `known` false when
/// there is none. MaxAllocated: allocatedBytes; MaxReserved and Reserved: reservedBytes (the
/// caching allocator keeps its segments between steps); Allocated (between steps): the model
/// states and the gradient buffers; DeviceUsed: deviceBytes; DeviceTotal: capacityBytes;
/// Weights, KvCache (+ the reserved pool), CudaGraphs, ActivationPeak, OutputBuffer: their
/// components.
double predictedFor(const RankGroup& group, MeasuredQuantity quantity, bool& known);

/// One residual per measured (quantity, rank, format, device), from the last such line of the
/// log (the counters only grow; Megatron's later lines include the optimizer state). A rank
/// picks the rank group holding it: Megatron's, vLLM's and a script's ranks are global (Megatron
/// order tp-cp-dp-pp); nvidia-smi, memory_summary and llama.cpp give device indices of one node.
/// With `gpusPerNode` > 0 and a layout of several nodes, index i stands for rank i of every
/// node: compared when the rank groups holding those ranks predict the same number (the
/// fullest group among them is named), NodeUnknown when they differ. `gpusPerNode` 0 reads
/// indices as ranks of the first node.
std::vector<Residual> residuals(const Estimate& estimate, const std::vector<Measurement>& measurements, int gpusPerNode = 0);
std::vector<Residual> residuals(const Estimate& estimate, const ParsedLog& log, int gpusPerNode = 0);

/// True for the formats whose "rank" is a device index of one node (not a global rank).
bool namesDeviceIndex(LogFormat format);

std::string_view residualStatusName(ResidualStatus status);

/// Measurements and their residuals against one estimate: a log given with --measured, or the
/// scenario's own "measurements" section (then `log` holds its entries and no lines).
struct Calibration
{
    enum class Source { Log, Scenario };
    ParsedLog log;
    std::vector<Residual> residuals;
    Source source = Source::Log;
    std::string label, date, origin; ///< the scenario's section's texts (Source::Scenario)
};

} // namespace core
