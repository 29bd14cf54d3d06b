#include "core/offload/nvmeoffload.h"

#include "core/scenario.h"

namespace core {

namespace {
constexpr double kNvmeFp32GradientBytes = 4;
} // namespace

double nvmeBytesPerParameter(const TrainingSetup& t, const StateBytesPerParameter& st)
{
    if (t.offloadDevice != OffloadDevice::Nvme)
        return 0;
    return (t.offloadOptimizer ? st.optimizer() + kNvmeFp32GradientBytes : 0) + (t.offloadParameters ? st.weights : 0);
}

NvmeOffload nvmeOffload(const NvmeOffloadInputs& in)
{
    NvmeOffload n;
    const double shard = in.parametersPerGpu > 0 ? in.parametersPerGpu : 0;
    const double gpus = in.gpusOnNode > 0 ? in.gpusOnNode : 1;
    // With the optimizer on NVMe the fp32 gradient partitions are swapped out there too (4 B).
    const double optimizerBytes = in.optimizer ? (in.states.optimizer() + kNvmeFp32GradientBytes) * shard * gpus : 0;
    const double parameterBytes = in.parameters ? in.states.weights * shard * gpus : 0;
    n.bytesPerNode = optimizerBytes + parameterBytes;
    // DeepSpeed's optimizer swapper writes the fp32 gradient partitions out during the backward
    // pass (swap_out_gradients), reads each sub-group's master, moments and gradients back
    // (swap_in_optimizer_state), runs CPU Adam and writes the states out again
    // (swap_out_optimizer_state): microsoft/DeepSpeed deepspeed/runtime/swap_tensor/
    // partitioned_optimizer_swapper.py at 35d7f27. Everything it holds crosses the drive twice.
    n.optimizerBytesPerStep = 2 * optimizerBytes;
    // The partitioned parameter swapper reads a module's shard before its forward and again before
    // its backward, in every micro-batch, and writes the updated shard once after the step
    // (deepspeed/runtime/swap_tensor/partitioned_param_swapper.py at e81c70f).
    n.parameterBytesPerStep = (2 * (in.microBatches > 0 ? in.microBatches : 1) + 1) * parameterBytes;
    if (in.nvmeBytesPerSecond > 0) {
        n.optimizerSeconds = n.optimizerBytesPerStep / in.nvmeBytesPerSecond;
        n.parameterPassSeconds = parameterBytes / in.nvmeBytesPerSecond;
        n.parameterWriteSeconds = parameterBytes / in.nvmeBytesPerSecond;
    }
    return n;
}

} // namespace core
