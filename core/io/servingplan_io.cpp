// `shardscope plan` on a serving scenario: the serving planner's result as JSON and as a table,
// with the best layout's launch commands (core/io/servinglaunch.cpp).
#include <cstdio>

#include "core/fields.h"
#include "core/io/json_reader.h"
#include "core/io/plan_io.h"
#include "core/terminaltext.h"

namespace core {

namespace {

Json servingCandidateJson(const Scenario& base, const ServingCandidate& c)
{
    const ServingLayout& l = c.layout;
    Json x{{"tensor", l.tensor},
           {"pipeline", l.pipeline},
           {"expert_parallel", l.expertParallel},
           {"replicas", c.replicas},
           {"weight_format", std::string(choiceName(l.weights))},
           {"kv_cache_dtype", std::string(choiceName(l.kvCache))},
           {"batch", l.batch},
           {"fits", c.fits},
           {"meets_limits", c.reject == ServingReject::None},
           {"reject", std::string(servingRejectName(c.reject))},
           {"peak_bytes", c.peakBytes},
           {"capacity_bytes", c.capacityBytes},
           {"max_batch", c.maxBatch}};
    if (c.fits) {
        x["running"] = c.running;
        x["ttft_seconds"] = c.ttftSeconds;
        x["tpot_seconds"] = c.tpotSeconds;
        x["request_seconds"] = c.requestSeconds;
        x["tokens_per_second_per_gpu"] = c.tokensPerSecondPerGpu;
        x["tokens_per_second_per_user"] = c.tokensPerSecondPerUser();
        x["requests_per_second_per_replica"] = c.requestsPerSecondPerReplica;
        if (c.gpusForRate > 0)
            x["gpus_for_rate"] = c.gpusForRate;
    }
    Json changes = Json::array();
    for (const ScenarioChange& ch : servingLayoutChanges(base, l))
        changes.push_back(changeText(ch));
    x["changes"] = changes;
    return x;
}

std::string servingMs(double seconds)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.0f ms", seconds * 1e3);
    return buf;
}

} // namespace

std::string servingLayoutText(const ServingCandidate& c)
{
    const ServingLayout& l = c.layout;
    std::string out = "TP" + std::to_string(l.tensor) + " PP" + std::to_string(l.pipeline);
    if (l.expertParallel)
        out += " EP" + std::to_string(l.tensor);
    out += " x" + std::to_string(c.replicas) + " " + std::string(choiceName(l.weights)) + "/kv-" + std::string(choiceName(l.kvCache)) + " b"
        + std::to_string(l.batch);
    return out;
}

std::string servingPlanToJson(const ServingPlanRequest& q, const ServingPlanResult& r, std::size_t top, const std::vector<LaunchFramework>& engines)
{
    const Scenario& base = q.base;
    Json j;
    j["mode"] = "serving";
    j["limits"] = Json{{"ttft_seconds", q.ttftLimitSeconds}, {"tpot_seconds", q.tpotLimitSeconds}};
    j["concurrency"] = q.concurrency;
    j["request_rate"] = q.requestRate;
    j["candidates"] = r.candidates;
    j["valid"] = r.valid;
    j["fitting"] = r.fitting;
    j["meeting"] = r.meeting;
    j["seconds"] = r.seconds;
    Json issues = Json::array();
    for (const Issue& i : r.issues)
        issues.push_back(Json{{"code", std::string(issueCodeName(i.code))}, {"message", describe(i)}});
    j["issues"] = issues;
    Json layouts = Json::array();
    for (std::size_t i = 0; i < r.layouts.size() && layouts.size() < top; ++i)
        layouts.push_back(servingCandidateJson(base, r.layouts[i]));
    j["layouts"] = layouts;
    Json pareto = Json::array();
    for (const ServingCandidate& c : r.points)
        if (c.pareto)
            pareto.push_back(Json{{"tensor", c.layout.tensor},
                                  {"pipeline", c.layout.pipeline},
                                  {"expert_parallel", c.layout.expertParallel},
                                  {"weight_format", std::string(choiceName(c.layout.weights))},
                                  {"kv_cache_dtype", std::string(choiceName(c.layout.kvCache))},
                                  {"batch", c.layout.batch},
                                  {"tpot_seconds", c.tpotSeconds},
                                  {"ttft_seconds", c.ttftSeconds},
                                  {"tokens_per_second_per_gpu", c.tokensPerSecondPerGpu},
                                  {"meets_limits", c.reject == ServingReject::None}});
    j["pareto"] = pareto;
    if (r.fewestGpus >= 0)
        j["fewest_gpus"] = Json{{"gpus", r.layouts[std::size_t(r.fewestGpus)].gpusForRate},
                                {"layout", servingCandidateJson(base, r.layouts[std::size_t(r.fewestGpus)])}};
    if (r.best() >= 0) {
        Scenario best = base;
        applyServingLayout(r.layouts.front().layout, best);
        Json launch = Json::object();
        for (LaunchFramework f : engines) {
            const LaunchFile file = launchFile(best, f);
            Json notes = Json::array();
            for (const LaunchNote& n : file.notes)
                notes.push_back(describe(n));
            launch[std::string(launchFrameworkName(f))] = Json{{"command", file.text}, {"notes", notes}};
        }
        j["launch"] = launch;
    }
    return j.dump(2) + "\n";
}

std::string servingPlanToTable(const ServingPlanRequest& q, const ServingPlanResult& r, std::size_t top, const std::vector<LaunchFramework>& engines)
{
    const Scenario& base = q.base;
    std::string out;
    char buf[512];
    const std::string model = terminalText(!base.model.name.empty() ? base.model.name : base.model.preset);
    std::snprintf(buf, sizeof buf, "ShardScope serving plan: %s on %d x %s, ISL %lld / OSL %lld, %s\n", model.c_str(), base.parallel.gpus,
                  terminalText(base.hardware.gpu.name).c_str(), (long long)base.inference.promptLength, (long long)base.inference.generatedTokens,
                  std::string(choiceName(base.inference.engine)).c_str());
    out += buf;
    std::string limits = "limits: TTFT " + (q.ttftLimitSeconds > 0 ? "<= " + servingMs(q.ttftLimitSeconds) : std::string("none")) + ", TPOT "
        + (q.tpotLimitSeconds > 0 ? "<= " + servingMs(q.tpotLimitSeconds) : std::string("none"));
    if (q.concurrency > 0) {
        std::snprintf(buf, sizeof buf, "; %g requests in flight", q.concurrency);
        limits += buf;
    }
    if (q.requestRate > 0) {
        std::snprintf(buf, sizeof buf, "; %g requests/s", q.requestRate);
        limits += buf;
    }
    out += limits + "\n";
    std::snprintf(buf, sizeof buf, "%lld candidates, %lld estimated, %lld fit, %lld within the limits; %.1f ms\n", r.candidates, r.valid, r.fitting,
                  r.meeting, r.seconds * 1e3);
    out += buf;
    for (const Issue& i : r.issues)
        out += (i.severity == Severity::Error ? "error: " : "note: ") + describe(i) + "\n";
    if (r.best() < 0 && !hasErrors(r.issues))
        out += "No layout serves within the limits: the closest ones follow.\n";
    out += "\n  #  layout                              tok/s/GPU  tok/s/user   TTFT ms   TPOT ms  running  peak GB  verdict\n";
    for (std::size_t i = 0; i < r.layouts.size() && i < top; ++i) {
        const ServingCandidate& c = r.layouts[i];
        const std::string verdict = c.reject == ServingReject::None ? "ok" : std::string(servingRejectName(c.reject));
        if (c.fits)
            std::snprintf(buf, sizeof buf, "%3zu  %-34s %10.1f %11.1f %9.0f %9.1f %8.0f %8.1f  %s\n", i + 1, servingLayoutText(c).c_str(),
                          c.tokensPerSecondPerGpu, c.tokensPerSecondPerUser(), c.ttftSeconds * 1e3, c.tpotSeconds * 1e3, c.running,
                          c.peakBytes / 1e9, verdict.c_str());
        else
            std::snprintf(buf, sizeof buf, "%3zu  %-34s %10s %11s %9s %9s %8s %8.1f  %s\n", i + 1, servingLayoutText(c).c_str(), "-", "-", "-", "-", "-",
                          c.peakBytes / 1e9, verdict.c_str());
        out += buf;
    }
    std::size_t front = 0;
    for (const ServingCandidate& c : r.points)
        front += c.pareto ? 1 : 0;
    std::snprintf(buf, sizeof buf, "\nThroughput-latency front: %zu of %zu points (--format json lists them)\n", front, r.points.size());
    out += buf;
    if (r.fewestGpus >= 0) {
        const ServingCandidate& c = r.layouts[std::size_t(r.fewestGpus)];
        std::snprintf(buf, sizeof buf, "Fewest GPUs for %g requests/s: %d (%s, %.2f requests/s per replica)\n", q.requestRate, c.gpusForRate,
                      servingLayoutText(c).c_str(), c.requestsPerSecondPerReplica);
        out += buf;
    } else if (q.requestRate > 0) {
        out += "No layout serves the request rate within the limits.\n";
    }
    if (r.best() >= 0) {
        out += "\nBest:";
        for (const ScenarioChange& c : servingLayoutChanges(base, r.layouts.front().layout))
            out += " --set " + changeText(c);
        out += "\n";
        Scenario best = base;
        applyServingLayout(r.layouts.front().layout, best);
        for (LaunchFramework f : engines)
            out += "\n" + launchFile(best, f).text;
    }
    return out;
}

} // namespace core
