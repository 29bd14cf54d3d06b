// What the memory chart draws, read from its model alone (no QCustomPlot, no widget): the axis'
// round top, the texts above the bars, the model-states brackets, the textbook's ledgers, role
// colouring and which segment a point falls in. Each expected figure is worked by hand below.
#include <QLocale>
#include <QtTest>

#include "widgets/charts/memorychartmodel.h"

using core::Component;

namespace {

constexpr double GB = 1e9;

/// The seeds' 7B with Adam in mixed precision on one GPU (ZeRO paper §3.1: 2 + 2 + 12 bytes a
/// parameter): weights 14 GB, gradients 14 GB, optimizer states 84 GB = 112 GB of model states;
/// plus 10 GB of activations, 1 GB of communication buckets (temporary), 2 GB of allocator
/// reserve and 0.5 GB of CUDA context (runtime): 127.5 GB on an 80 GB card.
MemoryBar trainingBar()
{
    MemoryBar b;
    b.label = QStringLiteral("all ranks 0–7");
    b.bytes[std::size_t(Component::Weights)] = 14 * GB;
    b.bytes[std::size_t(Component::Gradients)] = 14 * GB;
    b.bytes[std::size_t(Component::OptimizerStates)] = 84 * GB;
    b.bytes[std::size_t(Component::LayerActivations)] = 10 * GB;
    b.bytes[std::size_t(Component::CommBuckets)] = 1 * GB;
    b.bytes[std::size_t(Component::Fragmentation)] = 2 * GB;
    b.bytes[std::size_t(Component::CudaContext)] = 0.5 * GB;
    b.totalBytes = 127.5 * GB;
    b.capacityBytes = 80 * GB;
    b.allocatedBytes = 125 * GB;
    b.reservedBytes = 127 * GB;
    return b;
}

/// A serving GPU: 16 GB of weights, 4 GB of KV cache the batch needs, a 56 GB pool the engine
/// reserved beyond it, 4 GB of the rest: 80 GB, all of the card (vLLM's gpu_memory_utilization).
MemoryBar servingBar()
{
    MemoryBar b;
    b.label = QStringLiteral("all ranks 0–0");
    b.bytes[std::size_t(Component::Weights)] = 16 * GB;
    b.bytes[std::size_t(Component::KvCache)] = 4 * GB;
    b.bytes[std::size_t(Component::KvCacheReserve)] = 56 * GB;
    b.bytes[std::size_t(Component::InferenceWorkspace)] = 4 * GB;
    b.totalBytes = 80 * GB;
    b.capacityBytes = 80 * GB;
    return b;
}

std::array<Component, core::kComponentCount> componentOrder()
{
    std::array<Component, core::kComponentCount> order{};
    for (std::size_t c = 0; c < core::kComponentCount; ++c)
        order[c] = Component(c);
    return order;
}

} // namespace

class TestMemoryChartModel : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QLocale::setDefault(QLocale::c()); }

    void roundUp_data()
    {
        QTest::addColumn<double>("x");
        QTest::addColumn<double>("top");
        // The steps 1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8 × 10^k (the axis keeps its range while a drag
        // moves the bars a little).
        QTest::newRow("nothing: 1") << 0.0 << 1.0;
        QTest::newRow("a round number stays") << 80.0 << 80.0;
        QTest::newRow("78.4 → 80") << 78.4 << 80.0;
        QTest::newRow("96.2 → 100") << 96.208 << 100.0;
        QTest::newRow("101 → 120") << 101.0 << 120.0;
        QTest::newRow("0.13 → 0.15") << 0.13 << 0.15;
        QTest::newRow("8.1 → 10") << 8.1 << 10.0;
    }
    void roundUp()
    {
        QFETCH(double, x);
        QFETCH(double, top);
        QCOMPARE(MemoryChartModel::roundUp(x), top);
    }

    void axisTopClearsTheTallestOfBarBandAndCapacity()
    {
        MemoryChartModel m;
        MemoryBar b = servingBar();
        b.totalBytes = 70 * GB;
        b.bytes[std::size_t(Component::KvCacheReserve)] = 46 * GB;
        m.setBars({b});
        // max(70, capacity 80) × 1.12 = 89.6 GB → 100.
        QCOMPARE(m.axisTop(DisplayFormat::MemoryUnit::GB, 0), 100.0);
        // A band reaching 95 GB: 95 × 1.12 = 106.4 → 120.
        b.bandLow = 60 * GB;
        b.bandHigh = 95 * GB;
        b.bandRuns = 3;
        m.setBars({b});
        QCOMPARE(m.axisTop(DisplayFormat::MemoryUnit::GB, 0), 120.0);
        // Presentation mode's locked axis at 130 GB: 130 → 150.
        QCOMPARE(m.axisTop(DisplayFormat::MemoryUnit::GB, 130 * GB), 150.0);
        // In GiB: 95e9 B = 88.476 GiB; × 1.12 = 99.09 → 100.
        QCOMPARE(m.axisTop(DisplayFormat::MemoryUnit::GiB, 0), 100.0);
    }

    void textsAboveTheBars()
    {
        MemoryChartModel m;
        m.setBars({trainingBar(), servingBar(), MemoryBar{}});
        // 127.5 GB on 80: 47.5 GB over.
        QCOMPARE(m.totalText(0, DisplayFormat::MemoryUnit::GB, false), QStringLiteral("127.5 GB\nover by 47.5 GB"));
        QCOMPARE(m.totalText(0, DisplayFormat::MemoryUnit::GB, true), QStringLiteral("127.5 GB"));
        // The serving bar: 80 − 56 GB of pool = 24 GB the batch needs.
        QCOMPARE(m.totalText(1, DisplayFormat::MemoryUnit::GB, false), QStringLiteral("needs 24.0 GB\nwith pool 80.0 GB"));
        QCOMPARE(m.totalText(1, DisplayFormat::MemoryUnit::GB, true), QStringLiteral("needs 24.0 GB"));
        // A variant that does not exist says nothing.
        QCOMPARE(m.totalText(2, DisplayFormat::MemoryUnit::GB, false), QString());
        QVERIFY(m.anyOver());
        QCOMPARE(m.fullestBar(), 0);
    }

    void bracketsSpanTrainingModelStatesOnly()
    {
        MemoryChartModel m;
        m.setBars({trainingBar(), servingBar()});
        // 14 + 14 + 84 = 112 GB (the seed's 16 bytes × 7B).
        QCOMPARE(m.bracketBytes(0), 112 * GB);
        QCOMPARE(m.statesText(0, DisplayFormat::MemoryUnit::GB), QStringLiteral("states 112 GB"));
        // Serving: weights but nothing for ZeRO to shard: no bracket, no states line.
        QCOMPARE(m.bracketBytes(1), 0.0);
        QCOMPARE(m.statesText(1, DisplayFormat::MemoryUnit::GB), QString());
        QCOMPARE(m.modelStatesBytes(1), 16 * GB);
        QCOMPARE(m.bracketBytes(5), 0.0); // out of range
    }

    void textbookKeepsTheFourLedgers()
    {
        MemoryChartModel m;
        m.setBars({trainingBar()});
        m.setTextbook(true);
        // Buckets (temporary), allocator reserve and context (runtime) leave: 112 + 10 = 122 GB.
        QCOMPARE(m.bar(0).totalBytes, 122 * GB);
        QCOMPARE(m.bar(0).bytes[std::size_t(Component::CommBuckets)], 0.0);
        QCOMPARE(m.bar(0).allocatedBytes, 0.0); // tensors, not an allocator: no levels
        QVERIFY(!m.hasLevels());
        QCOMPARE(m.input().front().totalBytes, 127.5 * GB); // the bars as given stay
        m.setTextbook(false);
        QCOMPARE(m.bar(0).totalBytes, 127.5 * GB);
        QVERIFY(m.hasLevels());
    }

    void rolesColourOnlyWhereSeveralModelsShare()
    {
        MemoryChartModel m;
        m.setRoleColouring(true);
        m.setBars({trainingBar()});
        // One model (policy and shared buffers): asked for, not drawn, not offered.
        QVERIFY(!m.roleColouringOffered());
        QVERIFY(!m.colouredByRole());
        QCOMPARE(m.bracketBytes(0), 112 * GB);
        // A GRPO bar with a 14 GB reference model beside the policy.
        MemoryBar rl = trainingBar();
        rl.bytes[std::size_t(Component::ReferenceWeights)] = 14 * GB;
        m.setBars({rl});
        QVERIFY(m.colouredByRole());
        QCOMPARE(m.bracketBytes(0), 0.0); // model states are no longer one block at the bottom
        m.setTextbook(true); // the ledgers are the point there
        QVERIFY(!m.colouredByRole());
        QVERIFY(!m.roleColouringOffered());
    }

    void segmentUnderAPoint()
    {
        MemoryChartModel m;
        m.setBars({trainingBar()});
        const auto order = componentOrder();
        Component c{};
        // Weights 0–14 GB, gradients 14–28 GB, optimizer states 28–112 GB.
        QVERIFY(m.segmentAt(0, 20 * GB, order, c));
        QCOMPARE(c, Component::Gradients);
        QVERIFY(m.segmentAt(0, 100 * GB, order, c));
        QCOMPARE(c, Component::OptimizerStates);
        QVERIFY(!m.segmentAt(0, 130 * GB, order, c)); // above the bar
        QVERIFY(!m.segmentAt(0, -1, order, c));
        QVERIFY(!m.segmentAt(3, 1 * GB, order, c));
        const auto [bottom, top] = m.segmentSpan(0, Component::OptimizerStates, order);
        QCOMPARE(bottom, 28 * GB);
        QCOMPARE(top, 112 * GB);
    }

    void sameInputIgnoresTheCompactName()
    {
        MemoryChartModel m;
        m.setBars({trainingBar()});
        MemoryBar b = trainingBar();
        b.compactLabel = QStringLiteral("all 0–7");
        QVERIFY(m.sameInput({b}));
        b.bytes[std::size_t(Component::LayerActivations)] += 1;
        QVERIFY(!m.sameInput({b}));
        QVERIFY(!m.sameInput({}));
    }
};

QTEST_MAIN(TestMemoryChartModel)
#include "tst_memorychartmodel.moc"
