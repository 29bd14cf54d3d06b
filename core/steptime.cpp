#include "core/steptime.h"

#include <algorithm>
#include <cmath>

#include "core/serving/servingconstants.h"
#include "core/steptime_data.h"

namespace core {

namespace {

using steptime_data::constant;

using steptime_data::kGemmHalf;
constexpr double kAttentionHalf = constant("attention_half_sequence");
constexpr double kNvlinkEfficiency = constant("nvlink_bus_efficiency");
constexpr double kNetworkEfficiency = constant("network_bus_efficiency");

double saturation(double d, double half) { return d > 0 ? d / (d + half) : 0; }

} // namespace

std::span<const StepConstant> stepConstants() { return steptime_data::kConstants; }

const StepConstant* findStepConstant(std::string_view id)
{
    for (const StepConstant& c : steptime_data::kConstants)
        if (c.id == id)
            return &c;
    return nullptr;
}

const GpuStepFigures& gpuStepFigures(std::string_view preset)
{
    // The "default" entry found once; the search compares the first character before the rest
    // (every estimate looks its GPU up: no memcmp call for the presets that cannot match).
    static const GpuStepFigures* const fallback = [] {
        for (const GpuStepFigures& g : steptime_data::kGpus)
            if (g.preset == "default")
                return &g;
        return &steptime_data::kGpus[0];
    }();
    if (!preset.empty())
        for (const GpuStepFigures& g : steptime_data::kGpus)
            if (g.preset.size() == preset.size() && g.preset[0] == preset[0] && g.preset == preset)
                return g;
    return *fallback;
}

std::string_view stepPartName(StepPart part)
{
    switch (part) {
    case StepPart::Gemm: return "gemm";
    case StepPart::Attention: return "attention";
    case StepPart::Elementwise: return "elementwise";
    case StepPart::Overhead: return "overhead";
    case StepPart::Recompute: return "recompute";
    case StepPart::Bubble: return "bubble";
    case StepPart::DataParallel: return "data_parallel";
    case StepPart::TensorParallel: return "tensor_parallel";
    case StepPart::PipelineParallel: return "pipeline_parallel";
    case StepPart::ContextParallel: return "context_parallel";
    case StepPart::ExpertParallel: return "expert_parallel";
    case StepPart::Offload: return "offload";
    case StepPart::OptimizerStep: return "optimizer_step";
    case StepPart::Rollout: return "rollout";
    case StepPart::Count: break;
    }
    return "";
}

std::string_view timeSourceName(TimeSource source)
{
    switch (source) {
    case TimeSource::Model: return "model";
    case TimeSource::Mfu: return "mfu";
    case TimeSource::AchievedTflops: return "achieved_tflops";
    }
    return "";
}

const ModelConstants& ModelConstants::shipped()
{
    static const ModelConstants values = [] {
        ModelConstants c;
        for (std::size_t i = 0; i < kFittedConstantCount; ++i) {
            const std::string_view id = fittedConstantId(FittedConstant(i));
            const ServingConstant* serving = findServingConstant(id); // the serving step model's live in serving.json
            c.values[i] = serving ? serving->value : steptime_data::constant(id);
        }
        return c;
    }();
    return values;
}

std::string_view fittedConstantId(FittedConstant c)
{
    switch (c) {
    case FittedConstant::SustainedFraction: return "sustained_fraction";
    case FittedConstant::ServingLayerFloor: return "serving_layer_floor_seconds";
    case FittedConstant::ServingStepOverhead: return "serving_step_overhead_seconds";
    case FittedConstant::ServingWeightOnlyEfficiency: return "serving_weight_only_efficiency";
    case FittedConstant::Count: break;
    }
    return "";
}

double gemmEfficiency(const GpuStepFigures& gpu, bool fp8, double m, double n, double k)
{
    return gemmEfficiency(gpu, fp8, m, n, k, ModelConstants::shipped());
}

double gemmEfficiency(const GpuStepFigures& gpu, bool fp8, double m, double n, double k, const ModelConstants& constants)
{
    // Π d/(d + d₀) over M, N, K relative to the measured shape, as one division.
    const double h = kGemmHalf;
    const double best = gpu.mamfM * gpu.mamfN * gpu.mamfK * ((m + h) * (n + h) * (k + h));
    const double shape = m * n * k * ((gpu.mamfM + h) * (gpu.mamfN + h) * (gpu.mamfK + h));
    const double maximum = fp8 && gpu.gemmFp8 > 0 ? gpu.gemmFp8 : gpu.gemmBf16;
    return best > 0 && m > 0 && n > 0 && k > 0 ? constants[FittedConstant::SustainedFraction] * maximum * std::min(1.0, shape / best) : 0;
}

double gemmSeconds(double m, double n, double k, double peakFlops, double efficiency, double inputBytes, double memoryBytesPerSecond)
{
    if (!(m > 0 && n > 0 && k > 0) || !(peakFlops > 0 && efficiency > 0))
        return 0;
    const double compute = 2 * m * n * k / (peakFlops * efficiency);
    const double memory = memoryBytesPerSecond > 0 ? (inputBytes * (m * k + k * n) + 2 * m * n) / memoryBytesPerSecond : 0;
    return std::max(compute, memory);
}

double attentionEfficiency(double maximum, double tokens)
{
    return attentionEfficiency(maximum, tokens, ModelConstants::shipped());
}

double attentionEfficiency(double maximum, double tokens, const ModelConstants& constants)
{
    return constants[FittedConstant::SustainedFraction] * maximum * saturation(tokens, kAttentionHalf);
}

double bubbleSeconds(int stages, int virtualStages, double microBatchSeconds)
{
    if (stages <= 1)
        return 0;
    return double(stages - 1) / std::max(1, virtualStages) * microBatchSeconds;
}

long long nvlinkIsland(long long gpusPerNode, long long nvlinkDomain)
{
    if (nvlinkDomain <= gpusPerNode)
        return gpusPerNode;
    long long island = 1;
    while (island * 2 <= nvlinkDomain)
        island *= 2;
    return std::max(island, gpusPerNode);
}

GroupLink groupLink(long long stride, long long size, long long gpusPerNode, double interconnect, double network)
{
    GroupLink link;
    // Megatron numbers ranks tp-cp-dp-pp (experts etp-ep-edp-pp): a group of `size` ranks
    // `stride` apart lies in a block of stride·size consecutive ranks.
    const double nvlink = interconnect / 2 * kNvlinkEfficiency; // datasheet NVLink/PCIe counts both directions
    const long long block = stride * size;
    link.overNetwork = size > 1 && !(block <= gpusPerNode && gpusPerNode % block == 0);
    if (!link.overNetwork) {
        link.membersPerNode = int(std::max(1LL, std::min(size, gpusPerNode)));
        link.busBytesPerSecond = nvlink;
        return link;
    }
    link.membersPerNode = int(std::clamp(gpusPerNode / std::max(1LL, stride), 1LL, std::max(1LL, size)));
    // stas00/ml-engineering network/README.md: a ring over nodes crosses each node's boundary on
    // one link per ring; NCCL's channels put a ring on every NIC, so the node's members push
    // their share through their own NICs at once.
    const double nics = double(link.membersPerNode) * network * kNetworkEfficiency;
    link.busBytesPerSecond = link.membersPerNode > 1 && nvlink > 0 ? std::min(nvlink, nics) : nics;
    return link;
}

} // namespace core
