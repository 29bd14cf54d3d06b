// Median wall time of the tensor studio's analysis of 2^20 (about 10^6) values — what runs when
// a slider moves — for each format and scaling of the comparison, and of generating the tensor.
// Not a test: run build/bench/bench_tensorstudio. The goal is one frame, 8 ms (README "Performance").
#include <algorithm>
#include <chrono>
#include <ctime>
#include <thread>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "core/numerics/distributions.h"
#include "core/numerics/tensorstudio.h"

namespace {

double threadMilliseconds()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e3 + double(t.tv_nsec) * 1e-6;
}

struct Timing
{
    double wallMs = 0; ///< median wall time
    double cpuMs = 0;  ///< median CPU time of this thread: what it costs when the machine is shared
};

template <typename F>
Timing median(int rounds, F&& f)
{
    std::vector<double> wall, cpu;
    for (int i = 0; i < rounds; ++i) {
        const double c0 = threadMilliseconds();
        const auto start = std::chrono::steady_clock::now();
        f();
        wall.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
        cpu.push_back(threadMilliseconds() - c0);
    }
    const auto mid = std::ptrdiff_t(wall.size() / 2);
    std::nth_element(wall.begin(), wall.begin() + mid, wall.end());
    std::nth_element(cpu.begin(), cpu.begin() + mid, cpu.end());
    return {wall[std::size_t(mid)], cpu[std::size_t(mid)]};
}

} // namespace

int main(int argc, char** argv)
{
    // `bench_tensorstudio N` runs only case N, once, on one thread: for counting instructions
    // under valgrind --tool=callgrind (repeatable where wall time on a shared VM is not).
    const int only = argc > 1 ? std::atoi(argv[1]) : -1;
    core::DistributionSpec spec; // 1024 × 1024 values, N(0, 0.02²)
    spec.kind = core::Distribution::Outliers;
    core::Tensor tensor;
    const Timing generate = median(21, [&] { core::generate(spec, tensor); });
    core::TensorStudio studio;
    const Timing summarize = median(21, [&] { studio.setTensor(tensor); });
    std::printf("tensor studio, %lld values (outlier weights, 1024 x 1024); medians, wall / thread CPU\n",
                static_cast<long long>(tensor.size()));
    std::printf("  %-36s %7.2f / %7.2f ms\n", "generate (once per tensor)", generate.wallMs, generate.cpuMs);
    std::printf("  %-36s %7.2f / %7.2f ms\n", "summarize (once per tensor)", summarize.wallMs, summarize.cpuMs);
    struct Case { const char* name; core::QuantRecipe recipe; };
    auto r = [](core::TensorFormat f, core::Scaling s, int group = 128, core::QuantScheme scheme = core::QuantScheme::Symmetric) {
        core::QuantRecipe q = core::defaultRecipe(f);
        q.scaling = s;
        q.groupSize = group;
        q.scheme = scheme;
        return q;
    };
    const std::vector<Case> cases = {
        {"FP16", r(core::TensorFormat::Fp16, core::Scaling::None)},
        {"BF16", r(core::TensorFormat::Bf16, core::Scaling::None)},
        {"FP8 E4M3 per tensor", r(core::TensorFormat::Fp8E4M3, core::Scaling::Tensor)},
        {"FP8 E5M2 per tensor", r(core::TensorFormat::Fp8E5M2, core::Scaling::Tensor)},
        {"MXFP8 (E4M3, 32, E8M0)", r(core::TensorFormat::MxFp8E4M3, core::Scaling::Block)},
        {"MXFP4 (E2M1, 32, E8M0)", r(core::TensorFormat::MxFp4, core::Scaling::Block)},
        {"NVFP4 (E2M1, 16, E4M3 + FP32)", r(core::TensorFormat::NvFp4, core::Scaling::Block)},
        {"INT8 per channel", r(core::TensorFormat::Int8, core::Scaling::Channel)},
        {"INT8 per tensor, asymmetric", r(core::TensorFormat::Int8, core::Scaling::Tensor, 128, core::QuantScheme::Asymmetric)},
        {"INT4 g128", r(core::TensorFormat::Int4, core::Scaling::Group, 128)},
        {"INT4 g32 asymmetric", r(core::TensorFormat::Int4, core::Scaling::Group, 32, core::QuantScheme::Asymmetric)},
    };
    core::TensorAnalysis out;
    if (only >= 0 && only < int(cases.size())) {
        core::TensorStudio one;
        one.setTensor(tensor);
        one.setMaxThreads(1);
        one.analyse(cases[std::size_t(only)].recipe, out);
        std::printf("%s: SNR %.2f dB\n", cases[std::size_t(only)].name, out.stats.snrDb);
        return 0;
    }
    std::printf("  analyse, median wall ms: %u threads (as the studio runs) / 1 thread; 1-thread CPU ms\n",
                std::min(4u, std::max(1u, std::thread::hardware_concurrency())));
    double worstThreaded = 0, worstSingle = 0;
    for (const Case& c : cases) {
        studio.setMaxThreads(4);
        studio.analyse(c.recipe, out); // warm
        const Timing threaded = median(41, [&] { studio.analyse(c.recipe, out); });
        studio.setMaxThreads(1);
        const Timing single = median(41, [&] { studio.analyse(c.recipe, out); });
        worstThreaded = std::max(worstThreaded, threaded.wallMs);
        worstSingle = std::max(worstSingle, single.wallMs);
        std::printf("  %-32s %7.2f / %7.2f / %7.2f ms  (SNR %.1f dB)\n", c.name, threaded.wallMs, single.wallMs, single.cpuMs,
                    out.stats.snrDb);
    }
    std::printf("  slowest: %.2f ms threaded, %.2f ms on one thread (one frame is 8 ms)\n", worstThreaded, worstSingle);
    return 0;
}
