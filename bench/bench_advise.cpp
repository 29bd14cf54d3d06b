// Median wall time of the advisor ("what to try first") for the scenarios its tests use
// (README "What to try first"). Not a test: run build/bench/bench_advise. The goal is under
// 50 µs per scenario; it runs one estimate per candidate change, and more for combinations.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/advice/advice.h"
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

double medianMicroseconds(const core::Scenario& s, std::size_t& remedies, std::size_t& combinations)
{
    core::Advice a;
    core::AdviceOptions options;
    options.evenIfFits = true;
    core::advise(s, a, options);
    remedies = a.remedies.size();
    combinations = a.combinations.size();
    constexpr int kInner = 200;
    std::vector<double> samples;
    volatile double sink = 0;
    for (int round = 0; round < 51; ++round) {
        const auto start = std::chrono::steady_clock::now();
        for (int i = 0; i < kInner; ++i) {
            core::advise(s, a, options);
            sink = sink + a.fullestBytes;
        }
        const auto end = std::chrono::steady_clock::now();
        samples.push_back(std::chrono::duration<double, std::micro>(end - start).count() / kInner);
    }
    std::nth_element(samples.begin(), samples.begin() + 25, samples.end());
    return samples[25];
}

} // namespace

int main()
{
    const std::string common = R"("schema_version": 1, )";
    struct Case { const char* name; std::string json; };
    const std::vector<Case> cases = {
        {"70B full fine-tuning, 8 A100, ZeRO-3",
         "{" + common + R"("mode": "finetune", "model": {"preset": "llama-2-70b"}, "training": {"seq_length": 2048,
            "global_batch_size": 8, "zero_stage": 3, "recompute": "full"}, "finetune": {"method": "full"},
            "parallel": {"gpus": 8}, "hardware": {"gpu": "a100-80gb"}})"},
        {"7B on 1 A100, micro-batch 8, no recompute/flash",
         "{" + common + R"("model": {"preset": "llama-2-7b"}, "training": {"seq_length": 4096, "micro_batch_size": 8,
            "global_batch_size": 64, "zero_stage": 0, "recompute": "none", "flash_attention": false},
            "parallel": {"gpus": 1}, "hardware": {"gpu": "a100-80gb"}})"},
        {"70B bf16 serving, 2 x 80 GB, batch 32",
         "{" + common + R"("mode": "inference", "model": {"preset": "llama-2-70b"}, "inference": {"weight_format": "bf16",
            "batch_size": 32, "prompt_length": 2048, "generated_tokens": 512}, "parallel": {"gpus": 2, "tensor": 2},
            "hardware": {"gpu": "a100-80gb"}})"},
        {"70B, TP8 PP4 DP2 (64 H100), fits", // all levers, no combinations
         "{" + common + R"("model": {"preset": "llama-2-70b"}, "training": {"seq_length": 4096, "global_batch_size": 1024,
            "zero_stage": 1, "recompute": "selective"}, "parallel": {"gpus": 64, "tensor": 8, "pipeline": 4,
            "sequence_parallel": true}, "hardware": {"gpu": "h100-sxm"}})"},
    };
    std::printf("%-52s %12s %9s %13s\n", "scenario", "median", "remedies", "combinations");
    for (const Case& c : cases) {
        std::size_t remedies = 0, combinations = 0;
        const double us = medianMicroseconds(load(c.json), remedies, combinations);
        std::printf("%-52s %9.1f µs %9zu %13zu\n", c.name, us, remedies, combinations);
    }
    return 0;
}
