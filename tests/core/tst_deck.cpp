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
        QCOMPARE(load.deck.scenes.size(), std::size_t(17));
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
        const double got = scene(std::size_t(index)).compute.trainingSeconds / 86400;
        QVERIFY2(std::abs(got - days) <= tolerance, qPrintable(QString::number(got)));
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
        // The notes say "about 20 s of each 25 s step" (rollout is the bottleneck, as HybridFlow/verl reports).
        const core::ComputeEstimate& c = scene(16).compute;
        QVERIFY2(std::abs(c.rolloutSeconds - 20) < 1 && std::abs(c.iterationSeconds - 25) < 1,
                 qPrintable(QStringLiteral("%1 s of %2 s").arg(c.rolloutSeconds).arg(c.iterationSeconds)));
        QVERIFY(QString::fromStdString(deck().scenes.at(16).notes.en).contains(QStringLiteral("20 s of each 25 s step")));
    }

    void roundTrip()
    {
        const core::DeckLoad again = core::loadDeck(core::saveDeck(deck()));
        QVERIFY(again.ok);
        QCOMPARE(again.deck.scenes.size(), deck().scenes.size());
        QCOMPARE(core::saveDeck(again.deck), core::saveDeck(deck()));
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
