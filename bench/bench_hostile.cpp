// How long refusing hostile input takes, and how much memory the largest accepted document
// needs (README "Input limits"). Each case runs in a child process so that its peak resident
// memory is its own; times are medians of --reps runs (default 5).
//
//   bench_hostile [--reps N]
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "core/io/deck.h"
#include "core/io/hfconfig.h"
#include "core/io/presets.h"
#include "core/io/scenario_io.h"

namespace {

std::string manyKeys(int n)
{
    std::string s = R"({"schema_version": 1, "model": {"preset": "llama-2-7b"})";
    for (int i = 0; i < n; ++i)
        s += ",\"k" + std::to_string(i) + "\":0";
    return s + "}";
}

std::string zeros(std::size_t count)
{
    std::string s = R"({"schema_version": 1, "model": {"preset": "llama-2-7b"}, "x": [0)";
    s.reserve(count * 2 + 100);
    for (std::size_t i = 1; i < count; ++i)
        s += ",0";
    return s + "]}";
}

struct Case
{
    const char* name;
    std::function<std::string()> text;
    std::function<bool(const std::string&)> parse; // true: accepted
};

/// Runs `c` reps times in a child; prints the median milliseconds and the child's peak RSS.
void run(const Case& c, int reps)
{
    std::fflush(stdout);
    const pid_t pid = fork();
    if (pid == 0) {
        const std::string text = c.text();
        std::vector<double> ms;
        bool accepted = false;
        for (int r = 0; r < reps; ++r) {
            const auto a = std::chrono::steady_clock::now();
            accepted = c.parse(text);
            const auto b = std::chrono::steady_clock::now();
            ms.push_back(std::chrono::duration<double, std::milli>(b - a).count());
        }
        std::sort(ms.begin(), ms.end());
        std::printf("%-52s %9.1f KB  %10.2f ms  %s", c.name, text.size() / 1024.0, ms[ms.size() / 2], accepted ? "accepted" : "refused ");
        std::fflush(stdout);
        _exit(0);
    }
    int status = 0;
    rusage usage{};
    wait4(pid, &status, 0, &usage);
    std::printf("  peak RSS %7.1f MB\n", usage.ru_maxrss / 1024.0);
}

} // namespace

int main(int argc, char** argv)
{
    int reps = 5;
    for (int i = 1; i + 1 < argc; ++i)
        if (std::strcmp(argv[i], "--reps") == 0)
            reps = std::max(1, std::atoi(argv[i + 1]));
    const auto scenario = [](const std::string& t) { return core::loadScenario(t).ok; };
    const std::vector<Case> cases = {
        {"default scenario", [] { return std::string(core::defaultScenarioJson()); }, scenario},
        {"seed deck (18 scenes)", [] { return std::string(core::seedDeckJson()); }, [](const std::string& t) { return core::loadDeck(t).ok; }},
        {"1,022 unknown keys (at the 1,024-key limit)", [] { return manyKeys(1022); }, scenario},
        {"100,000 keys in one object", [] { return manyKeys(100000); }, scenario},
        {"100,000 nested arrays", [] { return std::string(R"({"x": )") + std::string(100000, '[') + std::string(100000, ']') + "}"; }, scenario},
        {"999,990 values (under the 1,000,000-value limit)", [] { return zeros(999990); }, scenario},
        {"8,000,000 values in 16 MB", [] { return zeros(8000000); }, scenario},
        {"16 MiB + 1 byte", [] { return std::string(16 * 1024 * 1024 + 1, ' '); }, scenario},
        {"config.json with 100,000 keys", [] { return manyKeys(100000); }, [](const std::string& t) { return core::importHfConfig(t).ok; }},
    };
    std::printf("median of %d runs, each case in its own process\n", reps);
    for (const Case& c : cases)
        run(c, reps);
    return 0;
}
