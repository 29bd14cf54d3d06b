// Golden output: every shipped scenario (the default, the documentation's scenarios, every
// scene of the seed deck, every model preset in each mode, every Hugging Face sample config)
// saved, estimated and written as the command line writes it — JSON with the working, and the
// table. A refactoring must leave every byte as it was; a change that is meant to move numbers
// regenerates the files (SHARDSCOPE_UPDATE_GOLDEN=1 build/tests/core/tst_golden) and the diff
// of tests/golden/ is reviewed with the change.
#include <QtTest>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "core/figures/figuretemplate.h"
#include "core/io/deck.h"
#include "core/estimate.h"
#include "core/io/estimate_io.h"
#include "core/io/hfconfig.h"
#include "core/io/presets.h"
#include "core/io/scenario_io.h"
#include "core/working.h"

namespace fs = std::filesystem;

namespace {

struct GoldenCase
{
    std::string name;
    core::Scenario scenario;
    std::string title;
    std::vector<core::Issue> loadIssues;
    bool withWorking = true;
};

std::string readText(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

std::string modeName(core::Mode mode) { return std::string(core::toString(mode)); }

std::vector<GoldenCase> goldenCases()
{
    std::vector<GoldenCase> cases;
    auto addLoaded = [&](const std::string& name, const std::string& text) {
        core::ScenarioLoad load = core::loadScenario(text);
        cases.push_back({name, load.scenario, load.title, load.issues, true});
    };
    addLoaded("default", std::string(core::defaultScenarioJson()));
    std::vector<fs::path> docs;
    for (const auto& entry : fs::directory_iterator(fs::path(SHARDSCOPE_SOURCE_DIR) / "docs"))
        if (entry.path().extension() == ".json")
            docs.push_back(entry.path());
    std::sort(docs.begin(), docs.end());
    for (const fs::path& p : docs)
        addLoaded("docs-" + p.stem().string(), readText(p));

    const core::DeckLoad deck = core::loadDeck(core::seedDeckJson());
    for (std::size_t i = 0; i < deck.deck.scenes.size(); ++i) {
        char name[32];
        std::snprintf(name, sizeof name, "deck-%02zu", i);
        // Scene titles quote live numbers ({model_states_gb}): recorded as filled in.
        const core::Scene& scene = deck.deck.scenes[i];
        cases.push_back({name, scene.scenario, core::fillTemplate(scene.title.en, scene.scenario, core::estimate(scene.scenario)), {}, true});
    }

    // Each model preset in the default scenario, in each mode (no working: the deck and the
    // documentation scenarios already record it; these check the numbers of every shape).
    const core::Scenario base = core::defaultScenario();
    for (const core::ModelPreset& p : core::modelPresets()) {
        for (core::Mode mode : {core::Mode::Train, core::Mode::Inference, core::Mode::FineTune}) {
            core::Scenario s = base;
            s.model = p.model;
            s.mode = mode;
            cases.push_back({"preset-" + p.model.preset + "-" + modeName(mode), s, {}, {}, false});
        }
    }

    std::vector<fs::path> hf;
    for (const auto& entry : fs::directory_iterator(fs::path(SHARDSCOPE_SOURCE_DIR) / "tests/core/data/hf"))
        if (entry.path().extension() == ".json")
            hf.push_back(entry.path());
    std::sort(hf.begin(), hf.end());
    for (const fs::path& p : hf) {
        const core::HfImport import = core::importHfConfig(readText(p));
        core::Scenario s = base;
        s.model = import.model;
        cases.push_back({"hf-" + p.stem().string(), s, {}, import.issues, false});
    }
    return cases;
}

/// What the command line would print for the case: the saved scenario, the JSON estimate
/// (with --explain's working where the case records it) and the table.
std::string render(const GoldenCase& c)
{
    core::Working working;
    const core::Estimate e = core::estimate(c.scenario, c.withWorking ? &working : nullptr);
    std::string out = "=== scenario\n" + core::saveScenario(c.scenario, c.title);
    out += "=== estimate --format json" + std::string(c.withWorking ? " --explain" : "") + "\n";
    out += core::estimateToJson(c.scenario, e, c.loadIssues, c.withWorking ? &working : nullptr);
    out += "=== estimate --format table\n";
    out += core::estimateToTable(c.scenario, e, c.loadIssues);
    return out;
}

fs::path goldenDir() { return fs::path(SHARDSCOPE_SOURCE_DIR) / "tests/golden"; }

/// "line N: expected … / got …" for the first line that differs.
std::string firstDifference(const std::string& expected, const std::string& actual)
{
    std::istringstream a(expected), b(actual);
    std::string la, lb;
    for (int line = 1;; ++line) {
        const bool ha = bool(std::getline(a, la)), hb = bool(std::getline(b, lb));
        if (!ha && !hb)
            return "identical";
        if (la != lb || ha != hb)
            return "line " + std::to_string(line) + ":\n  expected: " + (ha ? la : "<end>") + "\n  got:      " + (hb ? lb : "<end>");
    }
}

} // namespace

class TestGolden : public QObject
{
    Q_OBJECT

private slots:
    void output_data()
    {
        QTest::addColumn<int>("index");
        const std::vector<GoldenCase> cases = goldenCases();
        for (std::size_t i = 0; i < cases.size(); ++i)
            QTest::newRow(cases[i].name.c_str()) << int(i);
    }

    void output()
    {
        QFETCH(int, index);
        static const std::vector<GoldenCase> cases = goldenCases();
        const GoldenCase& c = cases.at(std::size_t(index));
        const std::string actual = render(c);
        const fs::path file = goldenDir() / (c.name + ".txt");
        if (std::getenv("SHARDSCOPE_UPDATE_GOLDEN")) {
            fs::create_directories(goldenDir());
            std::ofstream(file, std::ios::binary) << actual;
            return;
        }
        QVERIFY2(fs::exists(file), ("no golden file " + file.string() + "; run with SHARDSCOPE_UPDATE_GOLDEN=1").c_str());
        const std::string expected = readText(file);
        QVERIFY2(expected == actual, (c.name + " differs from " + file.string() + ", " + firstDifference(expected, actual)).c_str());
    }

    void workingChangesNoNumber_data() { output_data(); }
    /// The estimate without the working (every slider move, the planner's searches) is the
    /// estimate with it: the hot path skips only what the working records, never a number. Some
    /// golden cases record the working and the presets do not, so the files pin both paths too.
    void workingChangesNoNumber()
    {
        QFETCH(int, index);
        static const std::vector<GoldenCase> cases = goldenCases();
        const GoldenCase& c = cases.at(std::size_t(index));
        core::Working working;
        const core::Estimate with = core::estimate(c.scenario, &working);
        const core::Estimate without = core::estimate(c.scenario);
        const std::string a = core::estimateToJson(c.scenario, with, c.loadIssues, nullptr);
        const std::string b = core::estimateToJson(c.scenario, without, c.loadIssues, nullptr);
        QVERIFY2(a == b, (c.name + " with and without the working, " + firstDifference(a, b)).c_str());
    }

    /// An Estimate reused after another scenario's (the window and the planner reuse one) reads
    /// the same as a fresh one: the stage loop sets every field of the groups it does not zero.
    void reusedEstimateIsFresh()
    {
        const std::vector<GoldenCase> cases = goldenCases();
        core::Estimate reused;
        for (const GoldenCase& c : cases) {
            core::estimate(c.scenario, reused);
            const std::string fresh = core::estimateToJson(c.scenario, core::estimate(c.scenario), c.loadIssues, nullptr);
            const std::string again = core::estimateToJson(c.scenario, reused, c.loadIssues, nullptr);
            QVERIFY2(fresh == again, (c.name + " estimated after the previous case, " + firstDifference(fresh, again)).c_str());
        }
    }

    /// No golden file is left over from a case that no longer exists (a renamed preset, say).
    void noStaleFiles()
    {
        std::set<std::string> names;
        for (const GoldenCase& c : goldenCases())
            names.insert(c.name + ".txt");
        for (const auto& entry : fs::directory_iterator(goldenDir()))
            QVERIFY2(names.count(entry.path().filename().string()), ("stale golden file " + entry.path().string()).c_str());
    }
};

QTEST_GUILESS_MAIN(TestGolden)
#include "tst_golden.moc"
