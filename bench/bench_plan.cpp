// Median time of the whole layout search (README "Performance"), one thread: wall clock and
// the thread's CPU time (on a shared VM the wall clock also counts the waits for a core).
// Not a test: run build/bench/bench_plan [RUNS [CASE]]. The goal is ≤ 50 ms for each case (case 3: the serving planner).
// `bench_plan dump` prints every layout of each case's search (and of its cost, headroom, pinned and
// unbounded variants) with its numbers as hexadecimal doubles: a change to the search that must
// not change its answers diffs to nothing.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <vector>

#include "core/io/scenario_io.h"
#include "core/plan/planner.h"
#include "core/plan/serving/servingplanner.h"

namespace {

double threadCpuMilliseconds()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

double median(std::vector<double> v)
{
    std::nth_element(v.begin(), v.begin() + v.size() / 2, v.end());
    return v[v.size() / 2];
}

core::Scenario load(const std::string& json)
{
    core::ScenarioLoad l = core::loadScenario(json);
    if (!l.ok) {
        std::fprintf(stderr, "bench scenario invalid\n");
        std::exit(1);
    }
    return l.scenario;
}

} // namespace

/// Every counter and every layout of a result, doubles bit for bit (%a).
void dump(const char* name, const core::PlanResult& r)
{
    std::printf("== %s\ncandidates %lld valid %lld fitting %lld pruned %lld dominated %lld bounded %lld cancelled %d layouts %zu issues %zu\n", name,
                r.candidates, r.valid, r.fitting, r.pruned, r.dominated, r.bounded, int(r.cancelled), r.layouts.size(), r.issues.size());
    for (const core::Issue& i : r.issues)
        std::printf("issue %d %d\n", int(i.code), int(i.severity));
    for (const core::PlanCandidate& c : r.layouts) {
        const core::PlanLayout& l = c.layout;
        std::printf("%d %d %d %d %d %d %d %d %d %d %d %d dp%d fits%d pruned%d pareto%d %a %a %a %a %a %a |", l.tensor, l.pipeline, l.virtualPipeline,
                    l.context, l.expert, l.expertTensor, int(l.sequenceParallel), l.zeroStage, int(l.recompute), l.microBatch,
                    int(l.offloadOptimizer), int(l.offloadParameters), c.dataParallel, int(c.fits), int(c.pruned), int(c.pareto), c.peakBytes,
                    c.capacityBytes, c.stepSeconds, c.mfu, c.trainingSeconds, c.cost);
        for (double part : c.parts)
            std::printf(" %a", part);
        for (bool o : c.overNetwork)
            std::printf(" %d", int(o));
        std::printf("\n");
    }
}

int main(int argc, char** argv)
{
    const bool dumping = argc > 1 && std::string(argv[1]) == "dump";
    // `bench_plan RUNS CASE` runs only case CASE (for instruction counts under callgrind).
    const int runs = argc > 1 ? std::max(1, std::atoi(argv[1])) : 21;
    const int only = argc > 2 ? std::atoi(argv[2]) : -1;
    struct Case { const char* name; std::string json; };
    const std::vector<Case> cases = {
        {"Llama 3.1 405B on 16,384 H100 (s 8192, B 2048)",
         R"({"schema_version": 1, "model": {"preset": "llama-3.1-405b"}, "training": {"seq_length": 8192, "global_batch_size": 2048,
             "precision": "mixed_bf16_fp32_grads"}, "parallel": {"gpus": 16384}, "hardware": {"gpu": "h100-sxm"}})"},
        {"DeepSeek-V3 on 2,048 H100 with EP (s 4096, B 15360)",
         R"({"schema_version": 1, "model": {"preset": "deepseek-v3"}, "training": {"seq_length": 4096, "global_batch_size": 15360,
             "precision": "fp8_mixed"}, "parallel": {"gpus": 2048}, "hardware": {"gpu": "h100-sxm"}})"},
        {"Llama 2 70B on 64 H100 (s 4096, B 1024)",
         R"({"schema_version": 1, "model": {"preset": "llama-2-70b"}, "training": {"seq_length": 4096, "global_batch_size": 1024},
             "parallel": {"gpus": 64}, "hardware": {"gpu": "h100-sxm"}})"},
    };
    if (dumping) {
        for (std::size_t ci = 0; ci < cases.size(); ++ci) {
            core::PlanRequest request;
            request.base = load(cases[ci].json);
            const std::string name = cases[ci].name;
            dump(name.c_str(), core::plan(request));
            request.objective = core::PlanObjective::Cost;
            dump((name + ", cost").c_str(), core::plan(request));
            request.objective = core::PlanObjective::Headroom;
            dump((name + ", headroom").c_str(), core::plan(request));
            request.objective = core::PlanObjective::Time;
            request.bound = 0;
            if (ci != 1) // DeepSeek-V3 unbounded: minutes under a sanitizer
                dump((name + ", unbounded").c_str(), core::plan(request));
            request.bound = 2;
            std::vector<core::Issue> issues;
            core::parsePin("training.zero_stage<=1", request.pins, issues);
            core::parsePin("parallel.tensor<=4", request.pins, issues);
            core::parsePin("training.offload_optimizer=false", request.pins, issues);
            dump((name + ", pinned").c_str(), core::plan(request));
            request.pins = core::PlanPins{};
            core::parsePin("training.recompute=full", request.pins, issues);
            core::parsePin("training.micro_batch_size>=2", request.pins, issues);
            dump((name + ", pinned full recompute").c_str(), core::plan(request));
        }
        return 0;
    }
    std::printf("%-52s %10s %10s %10s %9s %9s %9s %9s %9s %9s\n", "search", "wall", "CPU", "candidates", "valid", "fitting",
                "estimated", "pruned", "dominated", "bounded");
    for (std::size_t ci = 0; ci < cases.size(); ++ci) {
        const Case& c = cases[ci];
        if (only >= 0 && std::size_t(only) != ci)
            continue;
        core::PlanRequest request;
        request.base = load(c.json);
        std::vector<double> wall, cpu;
        core::PlanResult result;
        for (int i = 0; i < runs; ++i) {
            const auto start = std::chrono::steady_clock::now();
            const double cpuStart = threadCpuMilliseconds();
            result = core::plan(request);
            cpu.push_back(threadCpuMilliseconds() - cpuStart);
            wall.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
        }
        long long estimated = 0;
        for (const core::PlanCandidate& l : result.layouts)
            estimated += l.pruned ? 0 : 1;
        std::printf("%-52s %7.2f ms %7.2f ms %10lld %9lld %9lld %9lld %9lld %9lld %9lld\n", c.name, median(wall), median(cpu),
                    result.candidates, result.valid, result.fitting, estimated, result.pruned, result.dominated, result.bounded);
    }
    // The serving planner (issue 27 item 4): every serving layout of Llama 3.1 70B on 8 × H100,
    // ISL 2048 / OSL 512, TTFT ≤ 500 ms, TPOT ≤ 50 ms, bf16 and fp8 weights and KV cache (what
    // `shardscope plan` tries by default on an FP8 GPU). Case index 3.
    if (only < 0 || only == 3) {
        core::ServingPlanRequest request;
        request.base = load(R"({"schema_version": 1, "mode": "inference", "model": {"preset": "llama-3.1-70b"},
            "inference": {"prompt_length": 2048, "generated_tokens": 512}, "parallel": {"gpus": 8}, "hardware": {"gpu": "h100-sxm"}})");
        request.ttftLimitSeconds = 0.5;
        request.tpotLimitSeconds = 0.05;
        core::defaultServingFormats(request.base, request.weightFormats, request.kvDtypes);
        std::vector<double> wall, cpu;
        core::ServingPlanResult result;
        for (int i = 0; i < runs; ++i) {
            const auto start = std::chrono::steady_clock::now();
            const double cpuStart = threadCpuMilliseconds();
            result = core::planServing(request);
            cpu.push_back(threadCpuMilliseconds() - cpuStart);
            wall.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
        }
        std::printf("%-52s %7.2f ms %7.2f ms %10lld %9lld %9lld %9s %9s %9s %9s\n", "serving: Llama 3.1 70B on 8 H100, 2048/512, 500/50 ms",
                    median(wall), median(cpu), result.candidates, result.valid, result.fitting, "-", "-", "-", "-");
        std::printf("  %lld within the limits; best: TP%d PP%d x%d %s weights, %s KV, batch %d: %.1f tok/s/GPU, TTFT %.0f ms, TPOT %.1f ms\n",
                    result.meeting, result.best() >= 0 ? result.layouts[0].layout.tensor : 0, result.best() >= 0 ? result.layouts[0].layout.pipeline : 0,
                    result.best() >= 0 ? result.layouts[0].replicas : 0,
                    result.best() >= 0 ? std::string(core::choiceName(result.layouts[0].layout.weights)).c_str() : "-",
                    result.best() >= 0 ? std::string(core::choiceName(result.layouts[0].layout.kvCache)).c_str() : "-",
                    result.best() >= 0 ? result.layouts[0].layout.batch : 0, result.best() >= 0 ? result.layouts[0].tokensPerSecondPerGpu : 0.0,
                    result.best() >= 0 ? result.layouts[0].ttftSeconds * 1e3 : 0.0, result.best() >= 0 ? result.layouts[0].tpotSeconds * 1e3 : 0.0);
    }
    return 0;
}
