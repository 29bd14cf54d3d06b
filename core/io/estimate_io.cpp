#include "core/io/estimate_io.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <vector>

#include "core/io/json_reader.h"
#include "core/io/presets.h"
#include "core/io/jsondocument.h"
#include "core/io/scenario_io.h"
#include "core/calibration/residuals.h"
#include "core/timeline/servingtimeline.h"
#include "core/timeline/steptimeline.h"
#include "core/working.h"
#include "core/terminaltext.h"

namespace core {

std::string groupLabel(const Estimate& e, std::size_t i)
{
    const RankGroup& g = e.groups[i];
    char buf[160];
    const char* dash = "\xE2\x80\x93"; // en dash
    const char* dot = "\xC2\xB7";       // middle dot
    if (g.phase == GroupPhase::RolloutPool) {
        std::snprintf(buf, sizeof buf, "rollout GPUs %s ranks %d%s%d", dot, g.firstRank, dash, g.lastRank);
        return buf;
    }
    bool pipeline = false;
    for (const RankGroup& other : e.groups)
        pipeline |= other.lastStage > 0;
    if (!pipeline && g.lastRank == 0)
        std::snprintf(buf, sizeof buf, "rank 0");
    else if (!pipeline)
        std::snprintf(buf, sizeof buf, "all ranks 0%s%d", dash, g.lastRank);
    else if (g.firstStage == g.lastStage)
        std::snprintf(buf, sizeof buf, "PP stage %d %s ranks %d%s%d", g.firstStage, dot, g.firstRank, dash, g.lastRank);
    else
        std::snprintf(buf, sizeof buf, "PP stages %d%s%d %s ranks %d%s%d", g.firstStage, dash, g.lastStage, dot, g.firstRank, dash, g.lastRank);
    std::string label = buf;
    if (g.shownStage >= 0) // a run of unlike stages (core::kMaxRankGroups): say whose numbers these are
        label += " (fullest: stage " + std::to_string(g.shownStage) + ")";
    if (g.phase == GroupPhase::RlTrainingPhase)
        label += std::string(" ") + dot + " training phase";
    else if (g.phase == GroupPhase::RlRolloutPhase)
        label += std::string(" ") + dot + " rollout phase";
    return label;
}

std::string_view phaseName(GroupPhase phase)
{
    switch (phase) {
    case GroupPhase::Training: return "training";
    case GroupPhase::RlTrainingPhase: return "rl_training_phase";
    case GroupPhase::RlRolloutPhase: return "rl_rollout_phase";
    case GroupPhase::RolloutPool: return "rollout_pool";
    case GroupPhase::Serving: return "serving";
    }
    return "";
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

/// The step-time model's parts as JSON: compute (GEMMs, attention, elementwise, overhead) and
/// its pieces, recomputation, bubble, exposed communication per dimension, offload, optimizer.
Json stepBreakdownJson(const StepParts& parts)
{
    auto at = [&](StepPart p) { return parts[std::size_t(p)]; };
    Json exposed = Json::object();
    for (std::size_t d = 0; d < kCommDimensionCount; ++d)
        exposed[std::string(commDimensionName(CommDimension(d)))] = parts[std::size_t(StepPart::DataParallel) + d];
    return Json{{"compute", at(StepPart::Gemm) + at(StepPart::Attention) + at(StepPart::Elementwise) + at(StepPart::Overhead)},
                {"gemm", at(StepPart::Gemm)},
                {"attention", at(StepPart::Attention)},
                {"elementwise", at(StepPart::Elementwise)},
                {"overhead", at(StepPart::Overhead)},
                {"recompute", at(StepPart::Recompute)},
                {"bubble", at(StepPart::Bubble)},
                {"exposed_communication", exposed},
                {"offload", at(StepPart::Offload)},
                {"optimizer_step", at(StepPart::OptimizerStep)},
                {"rollout", at(StepPart::Rollout)}};
}

std::string memoryText(double bytes, PrintUnit unit)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", bytes / bytesPerPrintUnit(unit));
    return buf;
}

/// Where the parameter count comes from: an explicit model.parameters always beats a preset.
std::string_view parameterSource(const Scenario& s)
{
    if (s.model.hasArchitecture)
        return s.model.preset.empty() ? "architecture" : "preset_architecture";
    const ModelPreset* p = s.model.preset.empty() ? nullptr : findModelPreset(s.model.preset);
    if (p && !p->model.hasArchitecture && p->model.parameters == s.model.parameters)
        return "preset_count";
    return "model.parameters";
}

std::string parameterSourceText(const Scenario& s, const Estimate& e)
{
    char buf[256];
    const std::string_view source = parameterSource(s);
    const char* preset = s.model.preset.c_str();
    if (source == "architecture")
        return "counted from the architecture keys";
    if (source == "preset_architecture") {
        std::snprintf(buf, sizeof buf, "counted from preset %s's architecture", preset);
        return buf;
    }
    if (source == "preset_count") {
        std::snprintf(buf, sizeof buf, "preset %s: a count, no architecture", preset);
        return buf;
    }
    if (s.model.preset.empty())
        return "model.parameters as given";
    const ModelPreset* p = findModelPreset(s.model.preset);
    std::snprintf(buf, sizeof buf, "model.parameters as given, which beats preset %s (%.4g from its architecture)", preset,
                  p ? countParameters(p->model).total : e.parameters.total);
    return buf;
}

} // namespace

Json servingTimelineJson(const ServingTimeline& timeline); // core/io/servingtimeline_io.cpp
void addBandsJson(Json& estimate, const EstimateBands& bands); // core/io/bands_io.cpp

std::string estimateToJson(const Scenario& s, const Estimate& e, const std::vector<Issue>& extra, const Working* w,
                           const StepTimeline* timeline, const Calibration* measured, const ServingTimeline* serving,
                           const EstimateBands* bands)
{
    Json j;
    j["valid"] = e.valid;
    j["mode"] = std::string(toString(s.mode));
    if (e.valid) {
        j["parameters"] = Json{{"total", e.parameters.total}, {"active", e.parameters.active},
                               {"source", std::string(parameterSource(s))}};
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
            Json roles;
            for (std::size_t r = 0; r < kRoleCount; ++r) {
                double sum = 0;
                for (std::size_t c = 0; c < kComponentCount; ++c)
                    if (roleOf(Component(c)) == Role(r))
                        sum += g.bytes[c];
                roles[std::string(roleName(Role(r)))] = sum;
            }
            // When the step peaks, and the allocated bytes at each of its moments.
            Json moments = Json::object();
            for (std::size_t m = 0; m < kStepMomentCount; ++m)
                if (g.momentBytes[m] > 0)
                    moments[std::string(stepMomentName(StepMoment(m)))] = g.momentBytes[m];
            const Json peak{{"moment", std::string(stepMomentName(g.peakMoment))}, {"micro_batch", g.peakMicroBatch},
                            {"chunk", g.peakChunk}, {"moments", moments}};
            groups.push_back(Json{{"label", groupLabel(e, i)},
                                  {"phase", std::string(phaseName(g.phase))},
                                  {"first_rank", g.firstRank},
                                  {"last_rank", g.lastRank},
                                  {"pipeline_stage", g.firstStage},
                                  {"last_pipeline_stage", g.lastStage},
                                  {"layers_per_stage", g.layers},
                                  {"in_flight_micro_batches", g.inFlightMicroBatches},
                                  {"resident_parameters", g.residentParameters},
                                  {"bytes", bytes},
                                  {"components", components},
                                  {"roles", roles},
                                  {"allocated_bytes", g.allocatedBytes},
                                  {"reserved_bytes", g.reservedBytes},
                                  {"device_bytes", g.deviceBytes},
                                  {"total_bytes", g.totalBytes},
                                  {"capacity_bytes", g.capacityBytes},
                                  {"fits", g.fits},
                                  {"peak", peak}});
            if (g.shownStage >= 0)
                groups.back()["shown_pipeline_stage"] = g.shownStage;
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
                            {"step_seconds", c.iterationSeconds},
                            {"time_source", std::string(timeSourceName(c.timeSource))},
                            {"model_step_seconds", c.modelStepSeconds},
                            {"model_mfu", c.modelMfu},
                            {"step_breakdown", stepBreakdownJson(c.stepParts)},
                            {"rollout_seconds", c.rolloutSeconds},
                            {"rollout_rounds", c.rolloutRounds},
                            {"training_seconds", c.trainingSeconds},
                            {"training_days", c.trainingSeconds / 86400.0},
                            {"gpu_hours", c.gpuHours},
                            {"cost", c.cost},
                            {"bubble_fraction", c.bubbleFraction}};
        const CommunicationEstimate& m = e.communication;
        j["communication_bytes_per_step"] = Json{{"data_parallel", m.dataParallel}, {"tensor_parallel", m.tensorParallel},
                                                 {"pipeline_parallel", m.pipelineParallel}, {"context_parallel", m.contextParallel},
                                                 {"expert_parallel", m.expertParallel}};
        // Seconds on the link each group uses, and whether that link is the network.
        Json seconds = Json::object(), network = Json::object(), links = Json::object();
        for (std::size_t d = 0; d < kCommDimensionCount; ++d) {
            const std::string name(commDimensionName(CommDimension(d)));
            seconds[name] = m.seconds[d];
            network[name] = m.overNetwork[d];
            links[name] = m.linkBytesPerSecond[d];
        }
        j["communication_seconds_per_step"] = seconds;
        j["communication_over_network"] = network;
        j["communication_link_bytes_per_second"] = links;
        if (e.mode == Mode::Inference) {
            const InferenceEstimate& r = e.inference;
            j["inference"] = Json{{"weight_bits_per_parameter", r.linearBitsPerParameter},
                                  {"kv_bytes_per_token_per_layer", r.kvBytesPerTokenPerLayer},
                                  {"kv_bytes_per_sequence", r.kvBytesPerSequence},
                                  {"free_bytes_for_kv", r.freeBytesForKv},
                                  {"max_batch_at_context", r.maxBatchAtContext},
                                  {"max_context_at_batch", r.maxContextAtBatch},
                                  {"replicas", r.replicas},
                                  {"prefill_flops", r.prefillFlops},
                                  {"prefill_seconds", r.prefillSeconds},
                                  {"decode_bytes_per_step", r.decodeBytesPerStep},
                                  {"decode_flops_per_step", r.decodeFlopsPerStep},
                                  {"decode_step_seconds", r.decodeStepSeconds},
                                  {"tokens_per_second_per_sequence", r.tokensPerSecondPerSequence},
                                  {"tokens_per_second_per_replica", r.tokensPerSecondPerReplica},
                                  {"tokens_per_second_total", r.tokensPerSecondTotal},
                                  {"arithmetic_intensity", r.arithmeticIntensity},
                                  {"ridge_point", r.ridgePoint},
                                  {"bound", r.memoryBound ? "memory" : "compute"}};
        }
        if (e.mode == Mode::FineTune)
            j["finetune"] = Json{{"trainable_parameters", e.finetune.trainableParameters},
                                 {"adapter_parameters", e.finetune.adapterParameters},
                                 {"rollout_kv_needed_bytes", e.finetune.rolloutKvNeeded},
                                 {"rollout_kv_reserved_bytes", e.finetune.rolloutKvReserved}};
    }
    if (e.valid && bands)
        addBandsJson(j, *bands);
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
    if (timeline && timeline->valid) {
        Json stages = Json::array();
        for (const StageTimeline& st : timeline->stages) {
            Json phases = Json::array();
            for (const TimelinePhase& ph : st.phases) {
                Json components = Json::object();
                for (std::size_t c = 0; c < kComponentCount; ++c)
                    if (ph.bytes[c] != 0)
                        components[std::string(componentName(Component(c)))] = ph.bytes[c];
                phases.push_back(Json{{"start", ph.start}, {"end", ph.end}, {"kind", std::string(phaseKindName(ph.kind))},
                                      {"micro_batch", ph.microBatch}, {"chunk", ph.chunk}, {"moment", std::string(stepMomentName(ph.moment))},
                                      {"in_flight_micro_batches", ph.inFlightMicroBatches}, {"allocated_bytes", ph.allocatedBytes},
                                      {"reserved_bytes", ph.reservedBytes}, {"device_bytes", ph.deviceBytes}, {"components", components}});
            }
            stages.push_back(Json{{"pipeline_stage", st.stage}, {"rank_group", st.group}, {"peak_phase", st.peakPhase}, {"phases", phases}});
        }
        j["timeline"] = Json{{"length", timeline->length}, {"unit_seconds", timeline->unitSeconds},
                             {"schedule", std::string(pipelineScheduleName(timeline->schedule))},
                             {"bubble_fraction", timeline->bubbleFraction()}, {"stages", stages}};
        if (timeline->omittedMicroBatches > 0) // the steady state's middle, not listed (kMaxTimelineChunks)
            j["timeline"]["omitted"] = Json{{"micro_batches", timeline->omittedMicroBatches},
                                            {"from", timeline->omittedFrom},
                                            {"length", timeline->omittedLength}};
    } else if (timeline && timeline->limit != TimelineLimit::None) {
        j["timeline"] = Json{{"listed", false}, {"reason", timelineLimitText(*timeline)}};
    }
    if (serving && serving->valid)
        j["serving_timeline"] = servingTimelineJson(*serving);
    if (measured) {
        Json issues = Json::array();
        for (const LogIssue& i : measured->log.issues)
            issues.push_back(Json{{"code", std::string(logIssueCodeName(i.code))}, {"line", i.line}, {"key", i.key}, {"text", i.text},
                                  {"message", describe(i)}});
        Json rows = Json::array();
        for (const Residual& r : measured->residuals) {
            Json row{{"quantity", std::string(measuredQuantityName(r.quantity))}, {"format", std::string(logFormatName(r.format))},
                     {"rank", r.rank}, {"line", r.line}, {"measured", r.measured}, {"resolution", r.resolution},
                     {"status", std::string(residualStatusName(r.status))}};
            if (r.status == ResidualStatus::Compared) {
                row["rank_group"] = r.group;
                row["predicted"] = r.predicted;
                row["residual_percent"] = r.percent;
            }
            rows.push_back(row);
        }
        Json out{{"source", measured->source == Calibration::Source::Scenario ? "scenario" : "log"}};
        if (measured->source == Calibration::Source::Scenario) {
            out["label"] = measured->label;
            out["date"] = measured->date;
            out["origin"] = measured->origin;
        }
        out["lines"] = measured->log.lines;
        out["recognised_lines"] = measured->log.recognisedLines;
        out["issues"] = issues;
        out["residuals"] = rows;
        j["measured"] = std::move(out);
    }
    return dumpJson(j, 2) + "\n";
}

namespace {

/// The step-time model's parts, largest first, with their share of the model's step.
std::string stepTimeTable(const ComputeEstimate& c)
{
    std::string out;
    char buf[160];
    const char* source = c.timeSource == TimeSource::Model ? "the step-time model (no MFU given)"
        : c.timeSource == TimeSource::Mfu                  ? "the MFU given; the model's own step below"
                                                           : "the achieved TFLOP/s given; the model's own step below";
    std::snprintf(buf, sizeof buf, "\nStep time: %.4g s from %s\n", c.iterationSeconds, source);
    out += buf;
    std::snprintf(buf, sizeof buf, "  model step %.4g s, MFU %.1f %%\n", c.modelStepSeconds, c.modelMfu * 100);
    out += buf;
    static constexpr const char* kLabels[] = {"GEMMs", "attention", "elementwise", "per-layer overhead", "recompute", "pipeline bubble",
                                              "data parallel (exposed)", "tensor parallel (exposed)", "pipeline p2p (exposed)",
                                              "context parallel (exposed)", "expert all-to-all", "offload (PCIe, CPU)", "optimizer step",
                                              "rollout"};
    static_assert(std::size(kLabels) == kStepPartCount);
    std::array<std::size_t, kStepPartCount> order{};
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return c.stepParts[a] > c.stepParts[b]; });
    for (std::size_t i : order) {
        if (c.stepParts[i] <= 0)
            continue;
        std::snprintf(buf, sizeof buf, "  %-28s %10.4g s  %5.1f %%\n", kLabels[i], c.stepParts[i],
                      c.modelStepSeconds > 0 ? 100 * c.stepParts[i] / c.modelStepSeconds : 0.0);
        out += buf;
    }
    return out;
}

} // namespace

std::string describe(const LogIssue& i)
{
    const std::string at = i.line > 0 ? "line " + std::to_string(i.line) + ": " : std::string();
    switch (i.code) {
    case LogIssueCode::Empty: return "the log is empty";
    case LogIssueCode::NothingRecognised:
        return "no line is in a known format (Megatron memory line, torch.cuda.memory_summary(), max_memory_allocated/reserved, "
               "nvidia-smi CSV with its header, vLLM or llama.cpp start-up lines)";
    case LogIssueCode::BadNumber: return at + i.key + ": '" + i.text + "' is not a number";
    case LogIssueCode::MissingField: return at + "the field '" + i.key + "' is missing";
    case LogIssueCode::NegativeValue: return at + i.key + " is negative (" + i.text + "): a memory size never is";
    case LogIssueCode::NegativeKvBudget:
        return at + i.key + " is negative (" + i.text + "): the model did not fit, nothing is left for the KV cache";
    case LogIssueCode::TooLarge: return at + i.key + ": '" + i.text + "' is beyond any memory size (more than 1.8e308 bytes)";
    case LogIssueCode::NotSupported: return at + i.key + " is '" + i.text + "': not reported by the driver";
    case LogIssueCode::CsvWithoutHeader: return at + "nvidia-smi rows without their header line: the columns are unknown";
    case LogIssueCode::CsvColumnCount: return at + "another number of columns than the nvidia-smi header";
    case LogIssueCode::UnknownUnit: return at + i.key + ": unknown unit in '" + i.text + "'";
    case LogIssueCode::Count: break;
    }
    return {};
}

std::string calibrationToTable(const Calibration& c, const Estimate& e)
{
    std::string out = "\nMeasured beside predicted (residual = (predicted - measured) / measured)\n";
    if (c.source == Calibration::Source::Scenario) {
        // The stored run's own words: which run these numbers are from.
        std::string what = c.label;
        for (const std::string* part : {&c.date, &c.origin})
            if (!part->empty())
                what += (what.empty() ? "" : ", ") + *part;
        out += "  from the scenario's measurements" + (what.empty() ? std::string() : ": " + what) + "\n";
    }
    char buf[320];
    std::snprintf(buf, sizeof buf, "%-16s %5s %-22s %12s %12s %9s\n", "quantity", "rank", "source", "measured", "predicted", "residual");
    out += buf;
    for (const Residual& r : c.residuals) {
        const bool count = isCount(r.quantity);
        auto value = [&](double v) {
            char b[40];
            if (count)
                std::snprintf(b, sizeof b, "%.0f", v);
            else
                std::snprintf(b, sizeof b, "%.2f GiB", v / (1024.0 * 1024 * 1024));
            return std::string(b);
        };
        const std::string source = std::string(logFormatName(r.format)) + ":" + std::to_string(r.line);
        const std::string rank = r.rank >= 0 ? std::to_string(r.rank) : "-";
        if (r.status == ResidualStatus::Compared)
            std::snprintf(buf, sizeof buf, "%-16s %5s %-22s %12s %12s %+8.1f%%  %s\n", std::string(measuredQuantityName(r.quantity)).c_str(),
                          rank.c_str(), source.c_str(), value(r.measured).c_str(), value(r.predicted).c_str(), r.percent,
                          groupLabel(e, std::size_t(r.group)).c_str());
        else
            std::snprintf(buf, sizeof buf, "%-16s %5s %-22s %12s %12s %9s  %s\n", std::string(measuredQuantityName(r.quantity)).c_str(),
                          rank.c_str(), source.c_str(), value(r.measured).c_str(), "-", "-",
                          std::string(residualStatusName(r.status)).c_str());
        out += buf;
    }
    for (const LogIssue& i : c.log.issues)
        out += "  " + describe(i) + "\n";
    return out;
}

std::string timelineLimitText(const StepTimeline& t)
{
    switch (t.limit) {
    case TimelineLimit::None: break;
    case TimelineLimit::TooManyStages:
        return "more than " + std::to_string(kMaxTimelineStages) + " pipeline stages (the estimate covers every stage)";
    case TimelineLimit::TooManyMicroBatches:
        return std::to_string(t.microBatches) + " micro-batches" + (t.virtualStages > 1 ? " of " + std::to_string(t.virtualStages) + " chunks" : "")
            + " per step under " + std::string(pipelineScheduleName(t.schedule)) + ": more than " + std::to_string(kMaxTimelineChunks)
            + " chunk-micro-batches per stage, and none can be left out (the estimate covers the whole step)";
    }
    return {};
}

std::string timelineToTable(const StepTimeline& t, PrintUnit unit)
{
    std::string out;
    char buf[200];
    if (!t.valid && t.limit != TimelineLimit::None)
        return "\nStep timeline: not listed: " + timelineLimitText(t) + "\n";
    if (!t.valid)
        return "\nStep timeline: only for training steps\n";
    std::snprintf(buf, sizeof buf, "\nStep timeline (1 unit = one micro-batch through one chunk%s)\n",
                  t.unitSeconds > 0 ? (", " + std::to_string(t.unitSeconds * 1e3).substr(0, 6) + " ms").c_str() : "");
    out += buf;
    if (t.omittedMicroBatches > 0) {
        std::snprintf(buf, sizeof buf,
                      "  %d of the %d micro-batches listed: the %d between %.2f and %.2f repeat the steady state's cycle "
                      "(the same phases and memory on every stage) and are left out\n",
                      t.microBatches - t.omittedMicroBatches, t.microBatches, t.omittedMicroBatches, t.omittedFrom,
                      t.omittedFrom + t.omittedLength);
        out += buf;
    }
    for (const StageTimeline& st : t.stages) {
        std::snprintf(buf, sizeof buf, "  PP stage %d (peak in phase %zu)\n", st.stage, st.peakPhase + 1);
        out += buf;
        for (const TimelinePhase& ph : st.phases) {
            const std::string what = ph.microBatch >= 0 ? std::string(phaseKindName(ph.kind)) + " mb " + std::to_string(ph.microBatch + 1)
                    + (ph.chunk > 0 ? " chunk " + std::to_string(ph.chunk + 1) : "")
                                                        : std::string(phaseKindName(ph.kind));
            std::snprintf(buf, sizeof buf, "    %8.2f-%8.2f  %-24s %-14s allocated %s %s\n", ph.start, ph.end, what.c_str(),
                          std::string(stepMomentName(ph.moment)).c_str(), memoryText(ph.allocatedBytes, unit).c_str(),
                          std::string(printUnitName(unit)).c_str());
            out += buf;
        }
    }
    return out;
}

std::string estimateToTable(const Scenario& s, const Estimate& e, const std::vector<Issue>& extra, const Working* w, PrintUnit unit)
{
    const std::string u = printUnitName(unit);
    auto gbText = [unit](double bytes) { return memoryText(bytes, unit); };
    std::string out;
    char buf[256];
    auto line = [&](const char* fmt, auto... args) {
        std::snprintf(buf, sizeof buf, fmt, args...);
        out += buf;
    };
    // Names come from files: their control characters are shown as escapes (issue 32.11).
    const std::string modelName = terminalText(!s.model.name.empty() ? s.model.name : (s.model.preset.empty() ? "custom model" : s.model.preset));
    line("ShardScope estimate: %s on %d x %s\n", modelName.c_str(), s.parallel.gpus, terminalText(s.hardware.gpu.name).c_str());
    if (e.valid) {
        if (e.mode == Mode::Inference)
            line("Serving: parameters %.4g (active %.4g), %s weights, TP %d x PP %d per replica\n", e.parameters.total, e.parameters.active,
                 std::string(toString(s.inference.weights.format)).c_str(), s.parallel.tensor, s.parallel.pipeline);
        else {
            // ZeRO-0 shards nothing: "over N ranks" would suggest it does.
            char zero[64];
            if (s.training.zeroStage > 0)
                std::snprintf(zero, sizeof zero, "ZeRO-%d over %d ranks", s.training.zeroStage, e.zeroShards);
            else
                std::snprintf(zero, sizeof zero, "ZeRO-0 (model states not sharded)");
            line("Parameters: %.4g (active %.4g)   DP = %d, %s, %d micro-batches/step, %.4g B per trainable parameter\n",
                 e.parameters.total, e.parameters.active, e.dataParallel, zero, e.microBatchesPerStep, e.stateBytes.total());
        }
        line("Parameter count: %s\n", parameterSourceText(s, e).c_str());
        out += "\nPer-GPU memory (" + u + ")\n";
        std::size_t labelWidth = 10;
        auto displayWidth = [](const std::string& text) {
            std::size_t width = 0;
            for (unsigned char ch : text)
                width += (ch & 0xC0) != 0x80; // count UTF-8 characters, not bytes
            return width;
        };
        for (std::size_t i = 0; i < e.groups.size(); ++i)
            labelWidth = std::max(labelWidth, displayWidth(groupLabel(e, i)));
        // Columns widen for absurd sizes (10^15 parameters) instead of running into each other.
        std::vector<std::array<std::string, kCategoryCount + 3>> cells(e.groups.size());
        int cellWidth = 9;
        for (std::size_t i = 0; i < e.groups.size(); ++i) {
            for (std::size_t c = 0; c < kCategoryCount; ++c)
                cells[i][c] = gbText(e.groups[i].categoryBytes(Category(c)));
            cells[i][kCategoryCount] = gbText(e.groups[i].allocatedBytes);
            cells[i][kCategoryCount + 1] = gbText(e.groups[i].reservedBytes);
            cells[i][kCategoryCount + 2] = gbText(e.groups[i].deviceBytes);
            for (const std::string& cell : cells[i])
                cellWidth = std::max(cellWidth, int(cell.size()));
        }
        out += "rank group" + std::string(labelWidth - 10, ' ');
        for (const char* head : {"params", "grads", "optim", "activ", "kv", "temp", "runtime", "alloc", "reserved", "device"})
            line(" %*s", cellWidth, head);
        out += "  fits\n";
        for (std::size_t i = 0; i < e.groups.size(); ++i) {
            const RankGroup& g = e.groups[i];
            const std::string label = groupLabel(e, i);
            out += label + std::string(labelWidth - displayWidth(label), ' ');
            for (const std::string& cell : cells[i])
                line(" %*s", cellWidth, cell.c_str());
            line("  %s of %s\n", g.fits ? "yes" : "NO ", (gbText(g.capacityBytes) + " " + u).c_str());
        }
        out += "(alloc = PyTorch max_memory_allocated, reserved = max_memory_reserved, device = nvidia-smi; the bar is the peak of the step)\n";
        for (std::size_t i = 0; i < e.groups.size(); ++i) {
            const RankGroup& g = e.groups[i];
            const bool training = g.peakMoment != StepMoment::Prefill && g.peakMoment != StepMoment::Sampler
                && g.peakMoment != StepMoment::Rollout && g.peakMoment != StepMoment::Optimizer;
            if (training)
                line("  peak of %s: %s, micro-batch %d%s\n", groupLabel(e, i).c_str(), std::string(stepMomentLabel(g.peakMoment)).c_str(),
                     g.peakMicroBatch + 1, s.parallel.virtualPipeline > 1 ? (", chunk " + std::to_string(g.peakChunk + 1)).c_str() : "");
            else
                line("  peak of %s: %s\n", groupLabel(e, i).c_str(), std::string(stepMomentLabel(g.peakMoment)).c_str());
        }
        if (e.cpuBytesPerNode > 0)
            line("CPU memory per node for offloaded states: %s %s\n", gbText(e.cpuBytesPerNode).c_str(), u.c_str());
        if (e.mode == Mode::Inference) {
            const InferenceEstimate& r = e.inference;
            out += "\nServing\n";
            line("  weights                        %.3f bits per linear parameter\n", r.linearBitsPerParameter);
            line("  KV cache per sequence          %s %s at %lld tokens\n", gbText(r.kvBytesPerSequence).c_str(), u.c_str(),
                 (long long)s.inference.context());
            line("  free for the KV cache          %s %s (tightest stage)\n", gbText(r.freeBytesForKv).c_str(), u.c_str());
            line("  largest batch at this context  %.0f\n", r.maxBatchAtContext);
            line("  longest context at this batch  %.0f tokens\n", r.maxContextAtBatch);
            line("  prefill (time to first token)  %.3f s\n", r.prefillSeconds);
            line("  decode step                    %.2f ms -> %.1f tokens/s per sequence, %.0f tokens/s per replica (%d %s)\n",
                 r.decodeStepSeconds * 1e3, r.tokensPerSecondPerSequence, r.tokensPerSecondPerReplica, r.replicas,
                 r.replicas == 1 ? "replica" : "replicas");
            line("  roofline                       %.1f FLOP/byte vs ridge %.0f: %s-bound\n", r.arithmeticIntensity, r.ridgePoint,
                 r.memoryBound ? "memory" : "compute");
        }
        if (e.mode == Mode::FineTune) {
            line("\nTrainable parameters: %.4g (adapters %.4g)\n", e.finetune.trainableParameters, e.finetune.adapterParameters);
            if (e.finetune.rolloutKvReserved > 0 || e.finetune.rolloutKvNeeded > 0)
                line("Rollout KV cache per GPU: needs %s %s, engine reserves %s %s\n", gbText(e.finetune.rolloutKvNeeded).c_str(), u.c_str(),
                     gbText(e.finetune.rolloutKvReserved).c_str(), u.c_str());
        }
        const ComputeEstimate& c = e.compute;
        if (e.mode != Mode::Inference) {
        out += "\nCompute and time\n";
        line("  model FLOPs per iteration      %.4g\n", c.modelFlopsPerIteration);
        line("  hardware FLOPs per iteration   %.4g\n", c.hardwareFlopsPerIteration);
        line("  total model FLOPs              %.4g\n", c.totalModelFlops);
        line("  MFU                            %.1f %%\n", c.effectiveMfu * 100);
        if (c.rolloutSeconds > 0)
            line("  rollout per step               %.3g s of the %.3g s step (%.0f round%s)\n", c.rolloutSeconds, c.iterationSeconds,
                 c.rolloutRounds, c.rolloutRounds == 1 ? "" : "s");
        line("  training time                  %.2f days (%.4g s)\n", c.trainingSeconds / 86400, c.trainingSeconds);
        line("  GPU-hours                      %.4g\n", c.gpuHours);
        line("  cost                           $%.4g (price %.2f/GPU-h x overhead %.2f)\n", c.cost, s.hardware.pricePerGpuHour,
             s.hardware.overheadFactor);
        line("  pipeline bubble                %.1f %%\n", c.bubbleFraction * 100);
        out += stepTimeTable(c);
        const CommunicationEstimate& m = e.communication;
        out += "\nCommunication per GPU per step (" + u + ")\n";
        line("  data parallel %s   tensor parallel %s   pipeline %s   context %s   expert %s\n", gbText(m.dataParallel).c_str(),
             gbText(m.tensorParallel).c_str(), gbText(m.pipelineParallel).c_str(), gbText(m.contextParallel).c_str(),
             gbText(m.expertParallel).c_str());
        out += "Communication time per step (s; * = over the network, else inside a node)\n";
        const char* names[] = {"data parallel", "tensor parallel", "pipeline", "context", "expert"};
        out += " ";
        for (std::size_t d = 0; d < kCommDimensionCount; ++d)
            line(" %s %.3g%s ", names[d], m.seconds[d], m.overNetwork[d] && m.bytes(CommDimension(d)) > 0 ? "*" : "");
        line("  vs computation %.3g\n", c.iterationSeconds);
        }
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
