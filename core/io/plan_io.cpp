#include "core/io/plan_io.h"

#include <cstdio>

#include "core/estimate.h"
#include "core/io/json_reader.h"
#include "core/io/scenario_io.h"
#include "core/model.h"
#include "core/pipeline.h"

namespace core {

std::string_view objectiveName(PlanObjective o)
{
    switch (o) {
    case PlanObjective::Time: return "time";
    case PlanObjective::Cost: return "cost";
    case PlanObjective::Headroom: return "headroom";
    }
    return "";
}

bool parseObjective(std::string_view text, PlanObjective& o)
{
    for (PlanObjective v : {PlanObjective::Time, PlanObjective::Cost, PlanObjective::Headroom})
        if (text == objectiveName(v)) {
            o = v;
            return true;
        }
    return false;
}

std::string_view stepPartLabel(StepPart part)
{
    switch (part) {
    case StepPart::Gemm: return "GEMMs";
    case StepPart::Attention: return "attention";
    case StepPart::Elementwise: return "elementwise";
    case StepPart::Overhead: return "per-layer overhead";
    case StepPart::Recompute: return "recompute";
    case StepPart::Bubble: return "pipeline bubble";
    case StepPart::DataParallel: return "data parallel (exposed)";
    case StepPart::TensorParallel: return "tensor parallel (exposed)";
    case StepPart::PipelineParallel: return "pipeline p2p (exposed)";
    case StepPart::ContextParallel: return "context parallel (exposed)";
    case StepPart::ExpertParallel: return "expert all-to-all";
    case StepPart::Offload: return "offload (PCIe, CPU)";
    case StepPart::OptimizerStep: return "optimizer step";
    case StepPart::Rollout: return "rollout";
    case StepPart::Count: break;
    }
    return "";
}

std::string describeSlower(const std::vector<SlowerReason>& reasons)
{
    std::string out;
    char buf[96];
    for (const SlowerReason& r : reasons) {
        std::snprintf(buf, sizeof buf, "%s+%.0f %% %s%s", out.empty() ? "" : ", ", 100 * r.fraction, std::string(stepPartLabel(r.part)).c_str(),
                      r.overNetwork ? " across nodes" : "");
        out += buf;
    }
    return out;
}

namespace {

std::string_view recomputeName(Recompute r)
{
    return r == Recompute::Full ? "full" : r == Recompute::Selective ? "selective" : "none";
}

Json breakdownJson(const StepParts& parts)
{
    auto at = [&](StepPart p) { return parts[std::size_t(p)]; };
    Json exposed = Json::object();
    for (std::size_t d = 0; d < kCommDimensionCount; ++d)
        exposed[std::string(commDimensionName(CommDimension(d)))] = parts[std::size_t(StepPart::DataParallel) + d];
    return Json{{"compute", at(StepPart::Gemm) + at(StepPart::Attention) + at(StepPart::Elementwise) + at(StepPart::Overhead)},
                {"bubble", at(StepPart::Bubble)},
                {"recompute", at(StepPart::Recompute)},
                {"exposed_communication", exposed},
                {"offload", at(StepPart::Offload)},
                {"optimizer_step", at(StepPart::OptimizerStep)}};
}

std::string layoutText(const PlanCandidate& c)
{
    const PlanLayout& l = c.layout;
    std::string out = "TP" + std::to_string(l.tensor) + " PP" + std::to_string(l.pipeline);
    if (l.virtualPipeline > 1)
        out += " v" + std::to_string(l.virtualPipeline); // ASCII: printf pads by bytes
    if (l.context > 1)
        out += " CP" + std::to_string(l.context);
    if (l.expert > 1)
        out += " EP" + std::to_string(l.expert);
    if (l.expertTensor > 0 && l.expertTensor != l.tensor)
        out += " ETP" + std::to_string(l.expertTensor);
    out += " DP" + std::to_string(c.dataParallel);
    if (l.sequenceParallel)
        out += " SP";
    out += " Z" + std::to_string(l.zeroStage) + " b" + std::to_string(l.microBatch);
    if (l.recompute != Recompute::None)
        out += l.recompute == Recompute::Full ? " full-rc" : " sel-rc";
    if (l.offloadOptimizer)
        out += " off-opt";
    if (l.offloadParameters)
        out += " off-par";
    return out;
}

} // namespace

std::string planToJson(const Scenario& base, const PlanResult& r, std::size_t top)
{
    Json j;
    j["candidates"] = r.candidates;
    j["valid"] = r.valid;
    j["fitting"] = r.fitting;
    j["estimated"] = r.valid - r.pruned - r.dominated - r.bounded;
    j["pruned"] = r.pruned;
    j["dominated"] = r.dominated;
    j["bounded"] = r.bounded;
    j["seconds"] = r.seconds;
    j["objective"] = std::string(objectiveName(r.objective));
    Json issues = Json::array();
    for (const Issue& i : r.issues)
        issues.push_back(Json{{"code", std::string(issueCodeName(i.code))}, {"message", describe(i)}});
    j["issues"] = issues;
    Json layouts = Json::array();
    const PlanCandidate* best = r.best() >= 0 ? &r.layouts.front() : nullptr;
    const int layers = base.model.hasArchitecture ? base.model.numLayers : familyShape(base.model.parameters).numLayers;
    // Uneven: the stages do not all hold the same number of layers, split as the memory
    // estimate splits them (core/pipeline.h: remainder on the middle stages, explicit ends kept).
    const ParallelLayout& bp = base.parallel;
    auto uneven = [&](int stages) {
        const PipelineSplit split = pipelineSplit(layers, stages, bp.firstStageLayers, bp.lastStageLayers, bp.embeddingCountsAsLayer,
                                                  bp.lossCountsAsLayer);
        for (int i = 1; i < split.stages; ++i)
            if (split.layersOn(i) != split.layersOn(0))
                return true;
        return false;
    };
    for (std::size_t i = 0; i < r.layouts.size() && layouts.size() < top; ++i) {
        const PlanCandidate& c = r.layouts[i];
        const PlanLayout& l = c.layout;
        Json x{{"tensor", l.tensor},
               {"pipeline", l.pipeline},
               {"virtual_pipeline", l.virtualPipeline},
               {"context", l.context},
               {"expert", l.expert},
               {"expert_tensor", l.expertTensor > 0 ? l.expertTensor : l.tensor},
               {"data_parallel", c.dataParallel},
               {"sequence_parallel", l.sequenceParallel},
               {"zero_stage", l.zeroStage},
               {"recompute", std::string(recomputeName(l.recompute))},
               {"micro_batch_size", l.microBatch},
               {"offload_optimizer", l.offloadOptimizer},
               {"offload_parameters", l.offloadParameters},
               {"uneven_pipeline", layers > 0 && uneven(l.pipeline)},
               {"fits", c.fits},
               {"estimated", !c.pruned},
               {"peak_bytes", c.peakBytes},
               {"capacity_bytes", c.capacityBytes}};
        if (!c.pruned && c.fits) {
            x["step_seconds"] = c.stepSeconds;
            x["mfu"] = c.mfu;
            x["training_days"] = c.trainingSeconds / 86400.0;
            x["cost"] = c.cost;
            x["pareto"] = c.pareto;
            x["breakdown"] = breakdownJson(c.parts);
            Json why = Json::array();
            if (best && &c != best)
                for (const SlowerReason& s : slowerThan(c, *best))
                    why.push_back(Json{{"part", std::string(stepPartName(s.part))}, {"fraction", s.fraction}, {"over_network", s.overNetwork}});
            x["why_slower"] = why;
        } else {
            x["pareto"] = false;
        }
        Json changes = Json::array();
        for (const ScenarioChange& c : layoutChanges(base, l))
            changes.push_back(changeText(c));
        x["changes"] = changes;
        layouts.push_back(x);
    }
    j["layouts"] = layouts;
    return j.dump(2) + "\n";
}

std::string planToTable(const Scenario& base, const PlanResult& r, std::size_t top)
{
    std::string out;
    char buf[512];
    const std::string model = !base.model.name.empty() ? base.model.name : base.model.preset;
    std::snprintf(buf, sizeof buf, "ShardScope plan: %s on %d x %s, sequence %lld, global batch %lld, by %s\n", model.c_str(), base.parallel.gpus,
                  base.hardware.gpu.name.c_str(), (long long)base.training.seqLength, (long long)base.training.globalBatchSize,
                  std::string(objectiveName(r.objective)).c_str());
    out += buf;
    std::snprintf(buf, sizeof buf,
                  "%lld candidates, %lld valid, %lld fit; %lld estimated, %lld pruned (cannot fit), %lld dominated (fit with less "
                  "recomputation or offload), %lld bounded (more than the bound × the fastest); %.1f ms\n",
                  r.candidates, r.valid, r.fitting, r.valid - r.pruned - r.dominated - r.bounded, r.pruned, r.dominated, r.bounded,
                  r.seconds * 1e3);
    out += buf;
    for (const Issue& i : r.issues)
        out += (i.severity == Severity::Error ? "error: " : "note: ") + describe(i) + "\n";
    if (r.best() < 0 && r.issues.empty())
        out += "No layout fits: the closest ones follow.\n";
    out += "\n  #  layout                                          fits  peak GB   step s   MFU    days        cost  P  why slower\n";
    const PlanCandidate* best = r.best() >= 0 ? &r.layouts.front() : nullptr;
    for (std::size_t i = 0; i < r.layouts.size() && i < top; ++i) {
        const PlanCandidate& c = r.layouts[i];
        if (c.fits)
            std::snprintf(buf, sizeof buf, "%3zu  %-46s  yes  %7.1f %8.3f %5.1f%% %7.1f %11.4g  %s  %s\n", i + 1, layoutText(c).c_str(),
                          c.peakBytes / 1e9, c.stepSeconds, 100 * c.mfu, c.trainingSeconds / 86400, c.cost, c.pareto ? "*" : " ",
                          best && &c != best ? describeSlower(slowerThan(c, *best)).c_str() : "");
        else
            std::snprintf(buf, sizeof buf, "%3zu  %-46s  NO   %7.1f %s\n", i + 1, layoutText(c).c_str(), c.peakBytes / 1e9,
                          c.pruned ? " (model states alone)" : "");
        out += buf;
    }
    if (best) {
        out += "\nBest:";
        for (const ScenarioChange& c : layoutChanges(base, best->layout))
            out += " --set " + changeText(c);
        out += "\n(* = on the Pareto front of step time, peak memory and cost)\n";
    }
    return out;
}

} // namespace core
