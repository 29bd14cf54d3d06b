// The built-in presentation deck: every scene loads and shows what its title claims.
#include <QtTest>

#include "core/io/deck.h"
#include "core/estimate.h"

namespace {

const core::Deck& deck()
{
    static const core::DeckLoad load = core::loadDeck(core::seedDeckJson());
    return load.deck;
}

core::Estimate scene(std::size_t i)
{
    return core::estimate(deck().scenes.at(i).scenario);
}

double component(const core::Estimate& e, core::Component c)
{
    return e.groups.at(0).bytes[std::size_t(c)];
}

} // namespace

class TestDeck : public QObject
{
    Q_OBJECT

private slots:
    void loadsCompletely()
    {
        const core::DeckLoad load = core::loadDeck(core::seedDeckJson());
        QVERIFY2(load.ok, load.issues.empty() ? "" : core::describe(load.issues.front()).c_str());
        QVERIFY(load.issues.empty());
        QCOMPARE(load.deck.scenes.size(), std::size_t(19));
        for (const core::Scene& s : load.deck.scenes) {
            QVERIFY(!s.title.en.empty());
            QVERIFY2(!s.title.zhCN.empty(), s.title.en.c_str()); // both languages, every scene
            QVERIFY(!s.notes.zhCN.empty());
            QVERIFY(core::estimate(s.scenario).valid);
        }
    }

    void zeroStages_data()
    {
        QTest::addColumn<int>("index");
        QTest::addColumn<double>("gb");
        QTest::addRow("ZeRO-0") << 0 << 112.0; // 16 B × 7e9 (ZeRO §3.1)
        QTest::addRow("ZeRO-1") << 1 << 38.5;
        QTest::addRow("ZeRO-2") << 2 << 26.25;
        QTest::addRow("ZeRO-3") << 3 << 14.0;
    }
    void zeroStages()
    {
        QFETCH(int, index);
        QFETCH(double, gb);
        QCOMPARE(scene(std::size_t(index)).groups[0].modelStateBytes() / 1e9, gb);
    }

    void seventyB()
    {
        const core::Estimate threeD = scene(4);
        for (const core::RankGroup& g : threeD.groups)
            QCOMPARE_LT(std::abs(g.bytes[std::size_t(core::Component::Weights)] / 1e9 - 4.4), 0.22); // 7e9 × 2 B / (TP·PP) by hand
        QVERIFY(!scene(5).fullest().fits); // full fine-tuning on 8 × A100
        QVERIFY(scene(6).fullest().fits);  // LoRA
        QVERIFY(scene(7).fullest().fits);  // QLoRA on one GPU
        QVERIFY(scene(8).fullest().fits);  // serving
    }

    void trainingTimes_data()
    {
        QTest::addColumn<int>("index");
        QTest::addColumn<double>("days");
        QTest::addColumn<double>("tolerance");
        QTest::addRow("64 A100") << 9 << 61.0 << 0.5; // 6ND / (n · peak · MFU) by hand (Narayanan et al. 2021 §5.1)
        QTest::addRow("512 A100") << 10 << 7.6 << 0.05;
        QTest::addRow("4096 H100") << 11 << 45.0 << 0.5; // 6.3e24 / (4096 · 989e12 · 0.4) s by hand
    }
    void trainingTimes()
    {
        QFETCH(int, index);
        QFETCH(double, days);
        QFETCH(double, tolerance);
        // The by-hand figures are the steps' time; the scene's days add checkpoints and interruptions (core/goodput).
        const core::Estimate e = scene(std::size_t(index));
        const core::ComputeEstimate& c = e.compute;
        const double got = c.run.goodput.workSeconds / 86400;
        QVERIFY2(std::abs(got - days) <= tolerance, qPrintable(QString::number(got)));
        QCOMPARE_GT(c.trainingSeconds, c.run.goodput.workSeconds);
    }

    void servingWeights_data()
    {
        QTest::addColumn<int>("index");
        QTest::addColumn<double>("gb");
        QTest::addRow("fp32") << 12 << 28.0; // 4 B × 7e9
        QTest::addRow("fp16") << 13 << 14.0;
        QTest::addRow("int8") << 14 << 7.0;
        QTest::addRow("int4") << 15 << 3.5;
    }
    void servingWeights()
    {
        QFETCH(int, index);
        QFETCH(double, gb);
        const double got = component(scene(std::size_t(index)), core::Component::Weights) / 1e9;
        QVERIFY2(std::abs(got - gb) <= 0.005 * gb, qPrintable(QString::number(got)));
    }

    void grpo()
    {
        for (const core::RankGroup& g : scene(16).groups)
            QVERIFY(g.totalBytes < 60e9); // fits an 80 GB A100 with room for the rollout
        // The notes say generation "takes most of each {step_seconds:0} s step" (rollout is the
        // bottleneck, as HybridFlow/verl reports): the step quoted live, and most of it the rollout.
        const core::ComputeEstimate& c = scene(16).compute;
        QVERIFY2(std::abs(c.rolloutSeconds - 20) < 1 && std::abs(c.iterationSeconds - 25) < 1 && c.rolloutSeconds > c.iterationSeconds / 2,
                 qPrintable(QStringLiteral("%1 s of %2 s").arg(c.rolloutSeconds).arg(c.iterationSeconds)));
        QVERIFY(QString::fromStdString(deck().scenes.at(16).notes.en).contains(QStringLiteral("most of each {step_seconds:0} s step")));
    }

    void roundTrip()
    {
        const core::DeckLoad again = core::loadDeck(core::saveDeck(deck()));
        QVERIFY(again.ok);
        QCOMPARE(again.deck.scenes.size(), deck().scenes.size());
        QCOMPARE(core::saveDeck(again.deck), core::saveDeck(deck()));
    }

    void sceneViews()
    {
        // The seed deck's last but one scene plays the 70B step (PP 4, 8 micro-batches), the
        // last the 405B run's wall-clock; the others show the bars, as every deck did before
        // "view" existed.
        const std::size_t n = deck().scenes.size();
        QCOMPARE(deck().scenes[n - 2].view, core::SceneView::Step);
        QCOMPARE(deck().scenes[n - 1].view, core::SceneView::Run);
        for (std::size_t i = 0; i + 2 < n; ++i)
            QCOMPARE(deck().scenes[i].view, core::SceneView::Memory);
        const core::Estimate played = scene(n - 2);
        QVERIFY(played.valid);
        QCOMPARE(played.microBatchesPerStep, 8); // global batch 16 / (micro-batch 1 × DP 2)
        // The run on 16,384 H100 at the Llama 3 report's rate (419 unexpected interruptions in
        // 54 days on 16,384 GPUs, §3.3.4): one every 54 × 24 / 419 = 3.093 hours.
        const core::Estimate run = scene(n - 1);
        QVERIFY(run.valid);
        QCOMPARE(run.compute.run.gpus, 16384.0);
        QVERIFY(std::abs(run.compute.run.goodput.mtbiSeconds / 3600 / (54.0 * 24 / 419) - 1) < 0.01);

        const char* scenario = R"({"schema_version": 1, "model": {"preset": "llama-2-7b"}})";
        // Appended piece by piece: GCC 12 warns -Warray-bounds (falsely) on a chain of + on temporaries.
        std::string text = R"({"scenes": [{"title": "bars", "scenario": )";
        text += scenario;
        text += R"(}, {"title": "played", "view": "step", "scenario": )";
        text += scenario;
        text += "}]}";
        const core::DeckLoad l = core::loadDeck(text);
        QVERIFY(l.ok);
        QCOMPARE(l.deck.scenes.at(0).view, core::SceneView::Memory);
        QCOMPARE(l.deck.scenes.at(1).view, core::SceneView::Step);
        QCOMPARE(core::loadDeck(R"({"scenes": [{"title": "run", "view": "run", "scenario": {"schema_version": 1, "model": {"preset": "llama-2-7b"}}}]})")
                     .deck.scenes.at(0)
                     .view,
                 core::SceneView::Run);
        // Written only where it is not the bars: a deck of bars saves as it did before.
        const std::string saved = core::saveDeck(l.deck);
        QCOMPARE(QString::fromStdString(saved).count(QStringLiteral("\"view\": \"step\"")), 1);
        QVERIFY(!QString::fromStdString(core::saveDeck(deck())).contains(QStringLiteral("\"view\": \"memory\"")));
        const core::DeckLoad again = core::loadDeck(saved);
        QVERIFY(again.ok);
        QCOMPARE(again.deck.scenes.at(1).view, core::SceneView::Step);
        QCOMPARE(core::saveDeck(again.deck), saved);
    }

    void badSceneViews_data()
    {
        QTest::addColumn<QString>("view");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("nearest");
        QTest::addRow("typo") << R"("steps")" << int(core::IssueCode::UnknownValue) << "step";
        QTest::addRow("other view") << R"("gauges")" << int(core::IssueCode::UnknownValue) << "";
        QTest::addRow("number") << "3" << int(core::IssueCode::WrongType) << "";
    }
    void badSceneViews()
    {
        QFETCH(QString, view);
        QFETCH(int, code);
        QFETCH(QString, nearest);
        const std::string text = R"({"scenes": [{"title": "x", "view": )" + view.toStdString()
            + R"(, "scenario": {"schema_version": 1, "model": {"preset": "llama-2-7b"}}}]})";
        const core::DeckLoad l = core::loadDeck(text);
        QVERIFY(!l.ok); // never a silent fallback to the bars
        QCOMPARE(l.issues.size(), std::size_t(1));
        QCOMPARE(int(l.issues.front().code), code);
        QCOMPARE(QString::fromStdString(l.issues.front().path), QStringLiteral("scenes[0].view"));
        if (code == int(core::IssueCode::UnknownValue)) {
            QCOMPARE(l.issues.front().accepted, (std::vector<std::string>{"memory", "step", "run"}));
            QCOMPARE(QString::fromStdString(l.issues.front().nearest), nearest);
        }
    }

    // Issue 32.7: a scene titled "{fullest_gpu_gb}" 100,000 times (1.6 M characters) took 13.4 GB
    // to present. Titles hold core::limits::kMaxTitleCharacters (200) characters, notes
    // kMaxNotesCharacters; a longer one is an error naming the key and both counts. Characters,
    // not bytes: 200 Chinese characters (600 bytes of UTF-8) are a title.
    void overlongTextsAreRefused_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("characters");
        QTest::addRow("scene title, 1.6 M") << "title" << QString("{fullest_gpu_gb}").repeated(100000) << 1600000;
        QTest::addRow("scene title, 201") << "title" << QString(201, QLatin1Char('x')) << 201;
        QTest::addRow("notes, 20,001") << "notes" << QString(20001, QLatin1Char('x')) << 20001;
        QTest::addRow("scene title, 200 Chinese characters") << "title" << QString(200, QChar(0x4E2D)) << 0;
    }
    void overlongTextsAreRefused()
    {
        QFETCH(QString, key);
        QFETCH(QString, text);
        QFETCH(int, characters);
        const std::string deck = "{\"scenes\": [{\"" + key.toStdString() + "\": \"" + text.toStdString()
            + "\", \"scenario\": {\"schema_version\": 1, \"model\": {\"preset\": \"llama-2-7b\"}}}]}";
        const core::DeckLoad l = core::loadDeck(deck);
        if (characters == 0) {
            QVERIFY(l.ok);
            return;
        }
        QVERIFY(!l.ok);
        QCOMPARE(l.issues.size(), std::size_t(1));
        QCOMPARE(int(l.issues.front().code), int(core::IssueCode::TextTooLong));
        QCOMPARE(QString::fromStdString(l.issues.front().path), QStringLiteral("scenes[0].") + key);
        QCOMPARE(l.issues.front().a, double(characters));
        QVERIFY2(QString::fromStdString(core::describe(l.issues.front())).contains(QStringLiteral("characters, more than the")),
                 core::describe(l.issues.front()).c_str());
    }

    void badDecks()
    {
        QVERIFY(!core::loadDeck("{").ok);
        QVERIFY(!core::loadDeck(R"({"scenes": 3})").ok);
        const core::DeckLoad l = core::loadDeck(R"({"scenes": [{"title": "x", "scenario": {"schema_version": 1, "model": {"preset": "nope"}}}]})");
        QVERIFY(!l.ok);
        QCOMPARE(QString::fromStdString(l.issues.front().path), QString("scenes[0].model.preset"));
    }
};

QTEST_GUILESS_MAIN(TestDeck)
#include "tst_deck.moc"
