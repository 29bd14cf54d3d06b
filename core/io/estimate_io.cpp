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

} // namespace

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
            for (std::size_t c = 0; c < kComponentCount; ++c) {
                // The speculative drafter's components only where there is one (issue 27 item 3), so
                // the output of every scenario without speculation is as it was.
                const bool drafter = Component(c) == Component::DraftWeights || Component(c) == Component::DraftKvCache;
                if (!drafter || g.bytes[c] != 0)
                    components[std::string(componentName(Component(c)))] = g.bytes[c];
            }
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
        j["nvme_bytes_per_node"] = e.nvmeBytesPerNode;
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
        if (e.mode != Mode::Inference) {
            // The run's wall-clock (core/goodput): training_seconds above = useful_seconds / goodput.
            const RunEstimate& r = c.run;
            const GoodputEstimate& g = r.goodput;
            j["goodput"] = Json{{"goodput", g.goodput},
                                {"useful_seconds", g.workSeconds},
                                {"wall_seconds", g.wallSeconds},
                                {"gpus", r.gpus},
                                {"nodes", r.nodes},
                                {"mtbi_seconds", g.mtbiSeconds},
                                {"interruptions", g.interruptions},
                                {"checkpoint_bytes", r.checkpoint.bytes},
                                {"checkpoint_write_seconds", r.checkpoint.writeSeconds},
                                {"checkpoint_stall_seconds", g.checkpointStallSeconds},
                                {"checkpoint_load_seconds", r.checkpoint.loadSeconds},
                                {"restart_seconds", g.restartSeconds},
                                {"checkpoint_interval_steps", g.intervalSteps},
                                {"checkpoint_interval_seconds", g.intervalSeconds},
                                {"optimal_interval_steps", g.optimalSteps},
                                {"optimal_interval_seconds", g.optimalSeconds},
                                {"young_interval_seconds", g.youngSeconds},
                                {"checkpoints", g.checkpoints},
                                {"lost_work_per_interruption_seconds", g.lostPerInterruptionSeconds},
                                {"checkpoint_stall_total_seconds", g.checkpointTotalSeconds},
                                {"restart_total_seconds", g.restartTotalSeconds},
                                {"lost_work_total_seconds", g.lostTotalSeconds}};
        }
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
                                  {"state_bytes_per_sequence", r.stateBytesPerSequence},
                                  {"free_bytes_for_kv", r.freeBytesForKv},
                                  {"max_batch_at_context", r.maxBatchAtContext},
                                  {"max_context_at_batch", r.maxContextAtBatch},
                                  {"replicas", r.replicas},
                                  {"prefill_flops", r.prefillFlops},
                                  {"prefill_seconds", r.prefillSeconds},
                                  {"decode_bytes_per_step", r.decodeBytesPerStep},
                                  {"decode_flops_per_step", r.decodeFlopsPerStep},
                                  {"decode_step_seconds", r.decodeStepSeconds},
                                  {"running_requests", r.runningRequests},
                                  {"prefill_tokens_per_step", r.prefillTokensPerStep},
                                  {"itl_seconds", r.itlSeconds},
                                  {"ttft_seconds", r.ttftSeconds},
                                  {"throughput_per_replica", r.throughputPerReplica},
                                  {"tokens_per_second_per_sequence", r.tokensPerSecondPerSequence},
                                  {"tokens_per_second_per_replica", r.tokensPerSecondPerReplica},
                                  {"tokens_per_second_total", r.tokensPerSecondTotal},
                                  {"arithmetic_intensity", r.arithmeticIntensity},
                                  {"ridge_point", r.ridgePoint},
                                  {"bound", r.memoryBound ? "memory" : "compute"}};
            // Written only when used, so that the output of scenarios without them is as it was.
            if (r.speculative)
                j["inference"]["speculative"] = Json{{"tokens_per_target_step", r.speculativeTokensPerStep},
                                                     {"verify_step_seconds", r.verifyStepSeconds},
                                                     {"draft_seconds", r.draftSeconds},
                                                     {"tpot_seconds", r.decodeStepSeconds},
                                                     {"draft_weight_bytes", r.draftWeightBytes},
                                                     {"draft_kv_bytes_per_sequence", r.draftKvBytesPerSequence}};
            if (r.prefixCacheHitRate > 0)
                j["inference"]["prefix_cache"] = Json{{"hit_rate", r.prefixCacheHitRate},
                                                      {"prefill_tokens_per_request", r.prefillTokensPerRequest}};
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

} // namespace core
