// How long refusing hostile input takes, and how much memory the largest accepted document
// needs (README "Input limits"); and the work each size-driven path does at its bound and
// beyond it (README "Bounded work": the timeline, stages, titles, export sizes, the settings
// file), in the core and through the command line and the window. Each case runs in a child
// process so that its peak resident memory is its own; times are medians of --reps runs
// (default 5; the command rows run the executable once per rep).
//
//   bench_hostile [--reps N] [--only core|commands]
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include <QBuffer>
#include <QByteArray>
#include <QDataStream>
#include <QSettings>

#include "app/documents/settingsfile.h"
#include "core/estimate.h"
#include "core/io/deck.h"
#include "core/io/hfconfig.h"
#include "core/io/presets.h"
#include "core/io/scenario_io.h"
#include "core/plan/planner.h"
#include "core/timeline/steptimeline.h"

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

/// A scenario: the default with these keys set (a --set each).
std::string scenarioWith(std::vector<std::string> sets)
{
    return core::saveScenario(core::loadScenario(core::defaultScenarioJson(), sets).scenario);
}

const std::vector<std::string> kHugePipeline{"model.num_layers=100000", "parallel.gpus=100000", "parallel.pipeline=100000",
                                             "training.global_batch_size=100000000"};

/// A settings file with one value that is a map nested `depth` deep (issue 32.1).
std::string nestedSettings(int depth)
{
    QByteArray bytes;
    QDataStream out(&bytes, QIODevice::WriteOnly);
    for (int i = 0; i < depth; ++i)
        out << quint32(QMetaType::QVariantMap) << qint8(0) << quint32(1) << QStringLiteral("k");
    out << quint32(QMetaType::Int) << qint8(0) << qint32(1);
    return "{\"x\": {\"@variant\": \"" + bytes.toBase64().toStdString() + "\"}}";
}

bool readSettings(const std::string& text)
{
    QByteArray bytes = QByteArray::fromStdString(text);
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::ReadOnly);
    QSettings::SettingsMap map;
    return SettingsFile::read(buffer, map) && !map.value(QStringLiteral("x")).isValid();
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

#ifdef SHARDSCOPE_BINARY
/// A command of the executable (`shardscope ARGS`) run `reps` times, offscreen: the median wall
/// time, the exit code, and the largest peak RSS of its runs.
struct Command
{
    const char* name;
    std::vector<std::string> args;
};

void runCommand(const Command& c, int reps)
{
    std::vector<double> ms;
    long peak = 0;
    int code = -1;
    for (int r = 0; r < reps; ++r) {
        const auto a = std::chrono::steady_clock::now();
        const pid_t pid = fork();
        if (pid == 0) {
            std::vector<char*> argv{const_cast<char*>(SHARDSCOPE_BINARY)};
            for (const std::string& s : c.args)
                argv.push_back(const_cast<char*>(s.c_str()));
            argv.push_back(nullptr);
            if (!std::freopen("/dev/null", "w", stdout) || !std::freopen("/dev/null", "w", stderr))
                _exit(127);
            setenv("QT_QPA_PLATFORM", "offscreen", 1);
            execv(SHARDSCOPE_BINARY, argv.data());
            _exit(127);
        }
        int status = 0;
        rusage usage{};
        wait4(pid, &status, 0, &usage);
        const auto b = std::chrono::steady_clock::now();
        ms.push_back(std::chrono::duration<double, std::milli>(b - a).count());
        peak = std::max(peak, usage.ru_maxrss);
        code = WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
    }
    std::sort(ms.begin(), ms.end());
    std::printf("%-62s %10.0f ms  exit %d  peak RSS %7.1f MB\n", c.name, ms[ms.size() / 2], code, peak / 1024.0);
    std::fflush(stdout);
}
#endif

} // namespace

int main(int argc, char** argv)
{
    int reps = 5;
    std::string only;
    for (int i = 1; i + 1 < argc; ++i) {
        if (std::strcmp(argv[i], "--reps") == 0)
            reps = std::max(1, std::atoi(argv[i + 1]));
        if (std::strcmp(argv[i], "--only") == 0)
            only = argv[i + 1];
    }
    const auto timeline = [](const std::string& t) {
        core::StepTimeline s;
        core::stepTimeline(core::loadScenario(t).scenario, s);
        return s.valid;
    };
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
        // Bounded work (issue 32): what a number in the input asks for, at the bound and beyond.
        {"timeline at its bound: 64 stages x 1,024 micro-batches", [] {
             return scenarioWith({"model.num_layers=64", "parallel.gpus=64", "parallel.pipeline=64", "training.global_batch_size=1024"});
         }, timeline},
        {"timeline, global batch 1e7 (1.25 M micro-batches, listed in part)", [] { return scenarioWith({"training.global_batch_size=10000000"}); },
         timeline},
        {"timeline, 100,000 stages (not listed)", [] { return scenarioWith(kHugePipeline); }, timeline},
        {"estimate, 100,000 one-layer stages (64 rank groups)", [] { return scenarioWith(kHugePipeline); },
         [](const std::string& t) { return core::estimate(core::loadScenario(t).scenario).valid; }},
        {"plan, 100,000 one-layer stages", [] { return scenarioWith(kHugePipeline); },
         [](const std::string& t) {
             core::PlanRequest r;
             r.base = core::loadScenario(t).scenario;
             return !core::plan(r).layouts.empty();
         }},
        {"deck scene title of 1.6 M characters", [] {
             std::string title;
             for (int i = 0; i < 100000; ++i)
                 title += "{fullest_gpu_gb}";
             return R"({"scenes": [{"title": ")" + title + R"(", "scenario": {"schema_version": 1, "model": {"preset": "llama-2-7b"}}}]})";
         }, [](const std::string& t) { return core::loadDeck(t).ok; }},
        {"settings value nested 30,000 deep (read as unset)", [] { return nestedSettings(30000); }, readSettings},
    };
    if (only != "commands") {
        std::printf("median of %d runs, each case in its own process\n", reps);
        for (const Case& c : cases)
            run(c, reps);
    }
#ifdef SHARDSCOPE_BINARY
    if (only != "core") {
        const std::string dir = "/tmp/bench_hostile." + std::to_string(getpid());
        const std::string huge = dir + "/huge.json";
        std::system(("mkdir -p " + dir).c_str());
        if (FILE* f = std::fopen(huge.c_str(), "w")) {
            std::fputs(scenarioWith(kHugePipeline).c_str(), f);
            std::fclose(f);
        }
        const std::vector<Command> commands = {
            {"estimate --timeline, global batch 1e7", {"estimate", "--default", "--set", "training.global_batch_size=10000000", "--timeline"}},
            {"estimate --timeline --format json, global batch 1e7",
             {"estimate", "--default", "--set", "training.global_batch_size=10000000", "--timeline", "--format", "json"}},
            {"estimate --timeline, 100,000 stages", {"estimate", huge, "--timeline"}},
            {"plan, 100,000 stages", {"plan", huge}},
            {"export --title of 200 characters (the limit)", {"export", "--default", "--out", dir + "/t.png", "--title", std::string(200, 'W')}},
            {"export --title of 120,000 characters (refused)", {"export", "--default", "--out", dir + "/t.png", "--title", std::string(120000, 'W')}},
            {"export PNG 1920x1080", {"export", "--default", "--out", dir + "/s.png"}},
            {"export PNG 16384x8192 (134 M pixels, the limit)", {"export", "--default", "--out", dir + "/l.png", "--size", "16384x8192"}},
            {"export PNG 16384x16384 at scale 1.5 (604 M, refused)", {"export", "--default", "--out", dir + "/r.png", "--size", "16384x16384", "--scale", "1.5"}},
            {"export SVG 16384x16384", {"export", "--default", "--out", dir + "/v.svg", "--size", "16384x16384"}},
            {"window start with 100,000 stages (screenshot)", {huge, "--screenshot", dir + "/w.png", "--size", "1280x720"}},
        };
        std::printf("\nthe executable, median of %d runs (wall time: start-up included)\n", reps);
        for (const Command& c : commands)
            runCommand(c, reps);
        std::system(("rm -rf " + dir).c_str());
    }
#endif
    return 0;
}
