// Median wall and CPU time of one full estimate for six scenarios (README "Performance").
// Not a test: run build/bench/bench_estimate. The goal is well under 1 µs per estimate.
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstdio>
#include <ctime>
#include <string>
#include <vector>

#include "core/estimate.h"
#include "core/io/scenario_io.h"

namespace {

core::Scenario load(const std::string& json)
{
    core::ScenarioLoad l = core::loadScenario(json);
    if (!l.ok) {
        std::fprintf(stderr, "bench scenario invalid\n");
        std::exit(1);
    }
    return l.scenario;
}

double threadCpuNanoseconds()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e9 + double(ts.tv_nsec);
}

struct Timing { double wall, cpu; };

/// Medians over 101 rounds of 2000 estimates: the wall clock, and the thread's CPU time, which
/// on a loaded VM leaves out the waits for a core that the wall clock counts.
Timing medianNanoseconds(const core::Scenario& s)
{
    core::Estimate e;
    core::estimate(s, e); // warm: sizes the reusable storage
    constexpr int kInner = 2000;
    std::vector<double> wall, cpu;
    volatile double sink = 0;
    for (int round = 0; round < 101; ++round) {
        const auto start = std::chrono::steady_clock::now();
        const double cpuStart = threadCpuNanoseconds();
        for (int i = 0; i < kInner; ++i) {
            core::estimate(s, e);
            sink = sink + e.groups.front().totalBytes;
        }
        cpu.push_back((threadCpuNanoseconds() - cpuStart) / kInner);
        const auto end = std::chrono::steady_clock::now();
        wall.push_back(std::chrono::duration<double, std::nano>(end - start).count() / kInner);
    }
    std::nth_element(wall.begin(), wall.begin() + 50, wall.end());
    std::nth_element(cpu.begin(), cpu.begin() + 50, cpu.end());
    return {wall[50], cpu[50]};
}

} // namespace

int main(int argc, char** argv)
{
    // `bench_estimate N ITER` runs only scenario N, ITER times, for instruction counting
    // under valgrind --tool=callgrind (repeatable where wall time on a shared VM is not).
    const int only = argc > 1 ? std::atoi(argv[1]) : -1;
    const int iterations = argc > 2 ? std::atoi(argv[2]) : 0;
    const std::string common = R"("schema_version": 1, )";
    struct Case { const char* name; std::string json; };
    const std::vector<Case> cases = {
        {"7B, DP 8 (A100 80GB, ZeRO-1)",
         "{" + common + R"("model": {"preset": "llama-2-7b"}, "training": {"seq_length": 4096, "global_batch_size": 1024, "zero_stage": 1},
            "parallel": {"gpus": 8}, "hardware": {"gpu": "a100-80gb"}})"},
        {"70B, TP8 PP4 DP2 (64 H100)",
         "{" + common + R"("model": {"preset": "llama-2-70b"}, "training": {"seq_length": 4096, "global_batch_size": 1024, "zero_stage": 1,
            "recompute": "selective"}, "parallel": {"gpus": 64, "tensor": 8, "pipeline": 4, "sequence_parallel": true},
            "hardware": {"gpu": "h100-sxm"}})"},
        {"405B, TP8 PP16 CP2 DP64 (16384 H100)",
         "{" + common + R"("model": {"preset": "llama-3.1-405b"}, "training": {"seq_length": 8192, "global_batch_size": 2048,
            "zero_stage": 1, "precision": "mixed_bf16_fp32_grads"},
            "parallel": {"gpus": 16384, "tensor": 8, "pipeline": 16, "context": 2, "sequence_parallel": true},
            "hardware": {"gpu": "h100-sxm"}})"},
        {"MoE: Mixtral 8x7B, TP2 PP4 EP8 (64 H100)",
         "{" + common + R"("model": {"preset": "mixtral-8x7b"}, "training": {"seq_length": 4096, "global_batch_size": 512,
            "zero_stage": 1, "recompute": "selective"}, "parallel": {"gpus": 64, "tensor": 2, "pipeline": 4, "expert": 8,
            "expert_tensor": 1, "sequence_parallel": true}, "hardware": {"gpu": "h100-sxm"}})"},
        {"Serving: Llama 3 70B fp8, TP8, max batch",
         "{" + common + R"("mode": "inference", "model": {"preset": "llama-3-70b"}, "inference": {"weight_format": "fp8",
            "kv_cache_dtype": "fp8", "batch_size": 32, "prompt_length": 4096, "generated_tokens": 1024},
            "parallel": {"gpus": 8, "tensor": 8}, "hardware": {"gpu": "h100-sxm"}})"},
        {"RL: 7B GRPO, LoRA, ZeRO-3 (8 A100)",
         "{" + common + R"("mode": "finetune", "model": {"preset": "llama-2-7b"}, "training": {"seq_length": 2560,
            "global_batch_size": 64, "zero_stage": 3, "recompute": "full"}, "finetune": {"method": "lora",
            "rl": {"algorithm": "grpo"}}, "parallel": {"gpus": 8}, "hardware": {"gpu": "a100-80gb"}})"},
    };
    if (only >= 0 && only < int(cases.size())) {
        const core::Scenario s = load(cases[std::size_t(only)].json);
        core::Estimate e;
        for (int i = 0; i < iterations; ++i)
            core::estimate(s, e);
        std::printf("%s: %d estimates, %zu rank groups\n", cases[std::size_t(only)].name, iterations, e.groups.size());
        return 0;
    }
    std::printf("%-46s %12s %12s\n", "scenario", "wall", "CPU");
    for (const Case& c : cases) {
        const Timing t = medianNanoseconds(load(c.json));
        std::printf("%-46s %9.0f ns %9.0f ns\n", c.name, t.wall, t.cpu);
    }
    return 0;
}
