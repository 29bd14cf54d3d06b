// Live figures and title templates (core/figures): "{model_states_gb}" filled from an estimate,
// numbers rounded as people round, unknown names kept and reported, decks carrying a strip.
#include <QtTest>

#include <cmath>

#include "core/estimate.h"
#include "core/figures/figuretemplate.h"
#include "core/io/deck.h"
#include "core/layoutchoices.h"

namespace {

/// Seed 2's 7B example: count-only 7e9 parameters, mixed-precision Adam, 8 GPUs, ZeRO `stage`.
core::Scenario sevenB(int stage)
{
    const core::DeckLoad load = core::loadDeck(core::seedDeckJson());
    core::Scenario s = load.deck.scenes.at(0).scenario;
    s.training.zeroStage = stage;
    return s;
}

} // namespace

class TestFigures : public QObject
{
    Q_OBJECT

private slots:
    void names()
    {
        for (std::size_t i = 0; i < core::kFigureCount; ++i) {
            const core::Figure f = core::Figure(i);
            QVERIFY(!core::figureName(f).empty());
            QCOMPARE(core::figureFromName(core::figureName(f)), std::optional<core::Figure>(f));
        }
        QVERIFY(!core::figureFromName("model_state_gb")); // a typo names nothing
    }

    void format_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<int>("decimals");
        QTest::addColumn<QString>("text");
        QTest::addRow("integer, automatic") << 112.0 << -1 << "112";
        QTest::addRow("three digits") << 38.5 << -1 << "38.5";
        QTest::addRow("half rounds up") << 33.25 << -1 << "33.3"; // 14 + 14 + 84/16 (ZeRO-1 on 16 GPUs)
        QTest::addRow("two decimals asked") << 26.25 << 2 << "26.25";
        QTest::addRow("trailing zeros dropped") << 7.0034 << -1 << "7";
        QTest::addRow("no decimals asked") << 60.86 << 0 << "61";
        QTest::addRow("one decimal asked") << 7.6078 << 1 << "7.6";
        QTest::addRow("negative") << -2.5 << 0 << "-3";
        QTest::addRow("no value") << std::nan("") << -1 << "\u2014";
    }
    void format()
    {
        QFETCH(double, value);
        QFETCH(int, decimals);
        QFETCH(QString, text);
        QCOMPARE(QString::fromStdString(core::formatFigure(value, decimals)), text);
    }

    void parse()
    {
        const core::ParsedTemplate t = core::parseTemplate("ZeRO-{{n}}: {model_states_gb:2} GB on {gpus} GPUs, {nope}");
        QCOMPARE(t.parts.size(), std::size_t(5));
        QCOMPARE(QString::fromStdString(t.parts[0].literal), QStringLiteral("ZeRO-{n}: "));
        QVERIFY(t.parts[1].figure == core::Figure::ModelStatesGb);
        QCOMPARE(t.parts[1].decimals, 2);
        QCOMPARE(QString::fromStdString(t.parts[2].literal), QStringLiteral(" GB on "));
        QVERIFY(t.parts[3].figure == core::Figure::Gpus);
        QCOMPARE(QString::fromStdString(t.parts[4].literal), QStringLiteral(" GPUs, {nope}"));
        QCOMPARE(t.unknown, std::vector<std::string>{"{nope}"});
        QVERIFY((core::templateFigures("{gpus} {dp} {gpus}") == std::vector<core::Figure>{core::Figure::Gpus, core::Figure::DataParallel}));
        // An unclosed brace and UTF-8 text pass through as they are.
        QCOMPARE(core::fillTemplate("约 {training_days", {}, {}), std::string("约 {training_days"));
    }

    void fillFollowsTheScenario_data()
    {
        QTest::addColumn<int>("stage");
        QTest::addColumn<QString>("title");
        // ZeRO (Rajbhandari et al. 2020, §5.1), 7B mixed-precision Adam over 8 ranks: 2Ψ + 2Ψ + 12Ψ.
        QTest::addRow("ZeRO-0") << 0 << "112 GB";   // 16 × 7
        QTest::addRow("ZeRO-1") << 1 << "38.5 GB";  // 14 + 14 + 84/8
        QTest::addRow("ZeRO-2") << 2 << "26.25 GB"; // 14 + 98/8
        QTest::addRow("ZeRO-3") << 3 << "14 GB";    // 112/8
    }
    void fillFollowsTheScenario()
    {
        QFETCH(int, stage);
        QFETCH(QString, title);
        const core::Scenario s = sevenB(stage);
        const std::string filled = core::fillTemplate("{model_states_gb:2} GB", s, core::estimate(s));
        QCOMPARE(QString::fromStdString(filled), title);
    }

    void invalidEstimateHasNoNumbers()
    {
        core::Scenario s = sevenB(1);
        s.parallel.tensor = 3; // does not divide 8 GPUs
        const core::Estimate e = core::estimate(s);
        QVERIFY(!e.valid);
        QCOMPARE(core::fillTemplate("{model_states_gb} GB on {gpus}", s, e), std::string("\u2014 GB on 8"));
        // Training figures do not apply to serving.
        core::Scenario serving = sevenB(0);
        serving.mode = core::Mode::Inference;
        QVERIFY(std::isnan(core::figureValue(core::Figure::TrainingDays, serving, core::estimate(serving))));
    }

    void decksCarryStripsAndReportUnknownNames()
    {
        const char* text = R"({"scenes": [{"title": "{model_states_gb} GB and {modelstates}", "figures": ["gpu_hours", "cost_usd"],
            "scenario": {"schema_version": 1, "model": {"parameters": 7e9}}}]})";
        const core::DeckLoad load = core::loadDeck(text);
        QVERIFY(load.ok); // a typo in a title is a warning, not a broken deck
        QCOMPARE(load.issues.size(), std::size_t(1));
        QVERIFY(load.issues[0].severity == core::Severity::Warning);
        QVERIFY(load.issues[0].path.find("scenes[0].title") == 0);
        const std::vector<core::Figure> strip{core::Figure::GpuHours, core::Figure::CostUsd};
        QVERIFY(load.deck.scenes[0].figures == strip);
        const core::DeckLoad again = core::loadDeck(core::saveDeck(load.deck));
        QVERIFY(again.deck.scenes[0].figures == strip);
        // No list: the mode's question (training: memory, model states, days, GPU-hours, cost).
        core::Scene bare;
        QCOMPARE(bare.stripFigures().size(), std::size_t(5));
        const core::DeckLoad bad = core::loadDeck(R"({"scenes": [{"figures": ["gpu_hour"], "scenario": {"schema_version": 1}}]})");
        QVERIFY(!bad.ok);
        QCOMPARE(QString::fromStdString(bad.issues.at(0).path), QStringLiteral("scenes[0].figures[0]"));
    }

    void keepingTokensPerGpu()
    {
        core::Scenario s = sevenB(1);
        s.training.globalBatchSize = 64; // micro 1 × DP 8 × 8 accumulation steps
        core::setGpusKeepingTokensPerGpu(s, 64);
        QCOMPARE(s.parallel.gpus, 64);
        QCOMPARE(s.training.globalBatchSize, 512LL); // still 8 steps, now over DP 64
        s.parallel.tensor = 2; // DP 32: 512 / 32 = 16 accumulation steps now
        core::setGpusKeepingTokensPerGpu(s, 16); // DP 8, still 16 steps of micro-batch 1
        QCOMPARE(s.training.globalBatchSize, 128LL);
    }
};

QTEST_GUILESS_MAIN(TestFigures)
#include "tst_figures.moc"
