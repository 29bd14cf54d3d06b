#pragma once

// How often a training job is interrupted: a rate per GPU and one per node, scaled to the job's
// GPUs and nodes. The defaults are derived (not fitted) from one published fleet figure, the
// Llama 3 report's; tests/core/tst_goodput compares an independent one (BLOOM's).

namespace core {

/// Llama 3 (Dubey et al. 2024, arXiv:2407.21783, §3.3.4 and Table 5): a 54-day snapshot of
/// pre-training on 16,384 H100 GPUs (Grand Teton: 8 per node, so 2,048 nodes) had 419
/// unexpected interruptions. Table 5 puts 268 in its GPU category (faulty GPU 148, HBM3 72,
/// SRAM 19, GPU system processor 17, silent data corruption 6, thermal interface + sensor 6)
/// and 151 elsewhere (software bug 54, network switch/cable 35, host maintenance 32, NIC 7,
/// NCCL watchdog 7, SSD 3, power supply 3, chassis 2, IO board 2, dependency 2, CPU 2,
/// system memory 2). The 47 planned interruptions are not counted.
inline constexpr double kLlama3Gpus = 16384;
inline constexpr double kLlama3GpusPerNode = 8;
inline constexpr double kLlama3Days = 54;
inline constexpr double kLlama3GpuInterruptions = 268;
inline constexpr double kLlama3OtherInterruptions = 151;

/// The default rates, derived from that figure: the GPU category per GPU, the rest per node
/// (a host, its network links, its software stack), each per 1,000 device-days.
inline constexpr double kDefaultGpuInterruptionsPer1000GpuDays = kLlama3GpuInterruptions / (kLlama3Gpus * kLlama3Days) * 1000;
inline constexpr double kDefaultNodeInterruptionsPer1000NodeDays =
    kLlama3OtherInterruptions / (kLlama3Gpus / kLlama3GpusPerNode * kLlama3Days) * 1000;

/// A job's interruption rate: every GPU and every node can stop the whole synchronous job.
struct InterruptionRate
{
    double gpuPerSecond = 0;  ///< the job's GPUs × the GPU rate
    double nodePerSecond = 0; ///< the job's nodes × the node rate
    double perSecond() const { return gpuPerSecond + nodePerSecond; }
    /// Mean time between interruptions, seconds; 0 when nothing interrupts the job.
    double mtbiSeconds() const { return perSecond() > 0 ? 1 / perSecond() : 0; }
};

/// The job's rate from its GPUs and nodes and the two rates per 1,000 device-days.
InterruptionRate interruptionRate(double gpus, double nodes, double gpuPer1000GpuDays, double nodePer1000NodeDays);

/// Nodes a job spans: ⌈GPUs / GPUs per node⌉ (at least one).
double nodesOf(double gpus, double gpusPerNode);

} // namespace core
