#include "core/estimate_io.h"

#include <cstdio>

#include "core/json_reader.h"
#include "core/scenario_io.h"
#include "core/working.h"

namespace core {

std::string groupLabel(const Estimate& e, std::size_t i)
{
    const RankGroup& g = e.groups[i];
    char buf[128];
    const char* dash = "\xE2\x80\x93"; // en dash
    if (e.groups.size() == 1 && g.lastStage == 0) { // no pipeline: one profile for the whole job
        std::snprintf(buf, sizeof buf, "all ranks 0%s%d", dash, g.lastRank);
        return buf;
    }
    if (g.firstStage == g.lastStage)
        std::snprintf(buf, sizeof buf, "PP stage %d \xC2\xB7 ranks %d%s%d", g.firstStage, g.firstRank, dash, g.lastRank);
    else
        std::snprintf(buf, sizeof buf, "PP stages %d%s%d \xC2\xB7 ranks %d%s%d", g.firstStage, dash, g.lastStage, g.firstRank, dash, g.lastRank);
    return buf;
}

namespace {

Json issuesJson(const std::vector<Issue>& a, const std::vector<Issue>& b)
{
    Json list = Json::array();
    for (const auto* v : {&a, &b})
        for (const Issue& i : *v)
            list.push_back(Json{{"code", std::string(issueCodeName(i.code))},
                                {"severity", i.severity == Severity::Error ? "error" : i.severity == Severity::Warning ? "warning" : "info"},
                                {"key", !i.path.empty() ? i.path : std::string(i.key)},
                                {"message", describe(i)}});
    return list;
}

std::string gbText(double bytes)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", bytes / 1e9);
    return buf;
}

} // namespace

std::string estimateToJson(const Scenario& s, const Estimate& e, const std::vector<Issue>& extra, const Working* w)
{
    Json j;
    j["valid"] = e.valid;
    if (e.valid) {
        j["parameters"] = Json{{"total", e.parameters.total}, {"active", e.parameters.active}};
        j["data_parallel"] = e.dataParallel;
        j["zero_shards"] = e.zeroShards;
        j["micro_batches_per_step"] = e.microBatchesPerStep;
        j["bytes_per_parameter"] = Json{{"weights", e.stateBytes.weights}, {"gradients", e.stateBytes.gradients},
                                        {"optimizer_states", e.stateBytes.optimizer()}, {"total", e.stateBytes.total()}};
        Json groups = Json::array();
        for (std::size_t i = 0; i < e.groups.size(); ++i) {
            const RankGroup& g = e.groups[i];
            Json bytes;
            for (std::size_t c = 0; c < kCategoryCount; ++c)
                bytes[std::string(categoryName(Category(c)))] = g.categoryBytes(Category(c));
            Json components;
            for (std::size_t c = 0; c < kComponentCount; ++c)
                components[std::string(componentName(Component(c)))] = g.bytes[c];
            groups.push_back(Json{{"label", groupLabel(e, i)},
                                  {"first_rank", g.firstRank},
                                  {"last_rank", g.lastRank},
                                  {"pipeline_stage", g.firstStage},
                                  {"last_pipeline_stage", g.lastStage},
                                  {"layers_per_stage", g.layers},
                                  {"in_flight_micro_batches", g.inFlightMicroBatches},
                                  {"resident_parameters", g.residentParameters},
                                  {"bytes", bytes},
                                  {"components", components},
                                  {"total_bytes", g.totalBytes},
                                  {"capacity_bytes", g.capacityBytes},
                                  {"fits", g.fits}});
        }
        j["rank_groups"] = groups;
        j["cpu_bytes_per_node"] = e.cpuBytesPerNode;
        const ComputeEstimate& c = e.compute;
        j["compute"] = Json{{"model_flops_per_iteration", c.modelFlopsPerIteration},
                            {"hardware_flops_per_iteration", c.hardwareFlopsPerIteration},
                            {"iterations", c.iterations},
                            {"total_model_flops", c.totalModelFlops},
                            {"total_hardware_flops", c.totalHardwareFlops},
                            {"peak_flops_per_gpu", c.peakFlopsPerGpu},
                            {"mfu", c.effectiveMfu},
                            {"iteration_seconds", c.iterationSeconds},
                            {"training_seconds", c.trainingSeconds},
                            {"training_days", c.trainingSeconds / 86400.0},
                            {"gpu_hours", c.gpuHours},
                            {"cost", c.cost},
                            {"bubble_fraction", c.bubbleFraction}};
        const CommunicationEstimate& m = e.communication;
        j["communication_bytes_per_step"] = Json{{"data_parallel", m.dataParallel}, {"tensor_parallel", m.tensorParallel},
                                                 {"pipeline_parallel", m.pipelineParallel}, {"context_parallel", m.contextParallel}};
    }
    j["warnings"] = issuesJson(e.issues, extra);
    if (w) {
        Json lines = Json::array();
        for (const WorkingLine& line : w->lines()) {
            const TermInfo& info = termInfo(line.term);
            Json subs = Json::object();
            for (const Substitution& sub : line.substitutions)
                subs[std::string(sub.symbol)] = sub.value;
            lines.push_back(Json{{"term", std::string(info.id)},
                                 {"group", line.group},
                                 {"title", std::string(line.detail.empty() ? info.title : line.detail)},
                                 {"formula", std::string(line.formula.empty() ? info.formula : line.formula)},
                                 {"values", subs},
                                 {"value", line.value},
                                 {"source", std::string(info.source)}});
        }
        j["working"] = lines;
    }
    (void)s;
    return j.dump(2) + "\n";
}

std::string estimateToTable(const Scenario& s, const Estimate& e, const std::vector<Issue>& extra, const Working* w)
{
    std::string out;
    char buf[256];
    auto line = [&](const char* fmt, auto... args) {
        std::snprintf(buf, sizeof buf, fmt, args...);
        out += buf;
    };
    const std::string modelName = !s.model.name.empty() ? s.model.name : (s.model.preset.empty() ? "custom model" : s.model.preset);
    line("ShardScope estimate: %s on %d x %s\n", modelName.c_str(), s.parallel.gpus, s.hardware.gpu.name.c_str());
    if (e.valid) {
        line("Parameters: %.4g (active %.4g)   D = %d, ZeRO-%d over %d ranks, %d micro-batches/step, %.4g B/param\n",
             e.parameters.total, e.parameters.active, e.dataParallel, s.training.zeroStage, e.zeroShards, e.microBatchesPerStep,
             e.stateBytes.total());
        out += "\nPer-GPU memory (GB)\n";
        line("%-34s %9s %9s %9s %9s %9s %9s %9s %9s  %s\n", "rank group", "params", "grads", "optim", "activ", "kv", "temp", "runtime",
             "total", "fits");
        for (std::size_t i = 0; i < e.groups.size(); ++i) {
            const RankGroup& g = e.groups[i];
            const std::string label = groupLabel(e, i);
            // Pad by display width: the label holds two multi-byte characters (· and –).
            std::string padded = label;
            std::size_t width = 0;
            for (unsigned char ch : label)
                width += (ch & 0xC0) != 0x80;
            while (width++ < 34)
                padded += ' ';
            out += padded;
            for (std::size_t c = 0; c < kCategoryCount; ++c)
                line(" %9s", gbText(g.categoryBytes(Category(c))).c_str());
            line(" %9s  %s of %s\n", gbText(g.totalBytes).c_str(), g.fits ? "yes" : "NO ", (gbText(g.capacityBytes) + " GB").c_str());
        }
        if (e.cpuBytesPerNode > 0)
            line("CPU memory per node for offloaded states: %s GB\n", gbText(e.cpuBytesPerNode).c_str());
        const ComputeEstimate& c = e.compute;
        out += "\nCompute and time\n";
        line("  model FLOPs per iteration      %.4g\n", c.modelFlopsPerIteration);
        line("  hardware FLOPs per iteration   %.4g\n", c.hardwareFlopsPerIteration);
        line("  total model FLOPs              %.4g\n", c.totalModelFlops);
        line("  MFU                            %.1f %%\n", c.effectiveMfu * 100);
        line("  training time                  %.2f days (%.4g s)\n", c.trainingSeconds / 86400, c.trainingSeconds);
        line("  GPU-hours                      %.4g\n", c.gpuHours);
        line("  cost                           $%.4g (price %.2f/GPU-h x overhead %.2f)\n", c.cost, s.hardware.pricePerGpuHour,
             s.hardware.overheadFactor);
        line("  pipeline bubble                %.1f %%\n", c.bubbleFraction * 100);
        const CommunicationEstimate& m = e.communication;
        out += "\nCommunication per GPU per step (GB)\n";
        line("  data parallel %s   tensor parallel %s   pipeline %s   context %s\n", gbText(m.dataParallel).c_str(),
             gbText(m.tensorParallel).c_str(), gbText(m.pipelineParallel).c_str(), gbText(m.contextParallel).c_str());
    }
    bool header = false;
    for (const auto* v : {&e.issues, &extra})
        for (const Issue& i : *v) {
            if (!header) {
                out += "\nNotes\n";
                header = true;
            }
            out += i.severity == Severity::Error ? "  error: " : i.severity == Severity::Warning ? "  warning: " : "  note: ";
            out += describe(i);
            out += '\n';
        }
    if (w) {
        out += "\nWorking\n";
        for (const WorkingLine& l : w->lines()) {
            out += l.group >= 0 ? "  [group " + std::to_string(l.group) + "] " : "  ";
            out += render(l);
            out += '\n';
        }
    }
    return out;
}

} // namespace core
