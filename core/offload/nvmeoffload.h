#pragma once

// ZeRO-Infinity's NVMe offload (Rajbhandari et al., SC21; DeepSpeed offload_optimizer.device and
// offload_param.device = "nvme"): the offloaded states live on the node's local NVMe drives
// instead of CPU memory, and every step moves them through those drives, which the node's GPUs
// share.

#include "core/precision.h"

namespace core {

struct TrainingSetup;

/// Bytes per parameter of a GPU's shard that the training keeps on NVMe: with the optimizer
/// offloaded there, its master, moments and fp32 gradients (o + 4); with the parameters, their
/// 16-bit copy (w). 0 unless training.offload_device is nvme.
double nvmeBytesPerParameter(const TrainingSetup& training, const StateBytesPerParameter& states);

struct NvmeOffloadInputs
{
    bool optimizer = false;            ///< optimizer states (fp32 master + moments) and fp32 gradients on NVMe
    bool parameters = false;           ///< 16-bit parameters on NVMe (ZeRO-3)
    StateBytesPerParameter states;
    double parametersPerGpu = 0;       ///< the shard of trained parameters one GPU owns (P / D_z)
    double gpusOnNode = 1;             ///< GPUs sharing the node's drives
    double microBatches = 1;           ///< passes that gather the parameters: forward and backward of each
    double nvmeBytesPerSecond = 0;     ///< the node's drives, sequential; 0: unknown (no time counted)
};

struct NvmeOffload
{
    double bytesPerNode = 0;           ///< what the drives hold for the node's GPUs
    double optimizerBytesPerStep = 0;  ///< per node: the states read and written back by the optimizer step
    double parameterBytesPerStep = 0;  ///< per node: the parameters read for every pass, written once updated
    double optimizerSeconds = 0;       ///< the optimizer step's swap, exposed (it follows the backward pass)
    double parameterPassSeconds = 0;   ///< one pass's read of the parameter shards (prefetched behind compute)
    double parameterWriteSeconds = 0;  ///< the updated parameters written back, once per step
};

/// The bytes and seconds of NVMe offload for one node and one step.
NvmeOffload nvmeOffload(const NvmeOffloadInputs& in);

} // namespace core
