// The readable window of a long step (issue 31: "with 512 micro-batches the schedule is a green
// wall — draw a readable window of it (first/last micro-batches) for slides"): which stretch of
// the time axis is cut, worked by hand on a two-stage 1F1B step.
//
// The step, p = 2, m = 8, forward 1 unit, backward 2, no transfers, in Megatron's 1F1B order
// (megatron/core/pipeline_parallel/schedules.py @ d98e8a64, forward_backward_pipelining_without_
// interleaving: stage 0 warms up p − 0 − 1 = 1 forward, stage 1 none, then one forward and one
// backward at a time). Each block starts when its stage is free and its input is done:
//   stage 0  F0 [0,1]  F1 [1,2]  B0 [4,6]  F2 [6,7]  B1 [7,9]  F3 [9,10]  B2 [10,12] …
//   stage 1  F0 [1,2]  B0 [2,4]  F1 [4,5]  B1 [5,7]  F2 [7,8]  B2 [8,10] …
// so, from micro-batch 2 on, a cycle of 3 units: stage 0 Fj [3j, 3j+1], Bj [3j+4, 3j+6];
// stage 1 Fj [3j+1, 3j+2], Bj [3j+2, 3j+4]. The step ends with stage 0's B7 at 27.
#include <QTest>

#include "core/estimate.h"
#include "core/timeline/readablewindow.h"
#include "testscenarios.h"

namespace {

core::TimelinePhase block(int stage, core::PhaseKind kind, int microBatch, double start, double end)
{
    core::TimelinePhase ph;
    ph.stage = stage;
    ph.kind = kind;
    ph.microBatch = microBatch;
    ph.start = start;
    ph.end = end;
    return ph;
}

/// The two-stage step above, with its idle phases (which carry no micro-batch).
core::StepTimeline twoStageStep()
{
    using core::PhaseKind;
    core::StepTimeline t;
    t.valid = true;
    t.microBatches = 8;
    t.stages.resize(2);
    for (int s = 0; s < 2; ++s)
        t.stages[std::size_t(s)].stage = s;
    auto& s0 = t.stages[0].phases;
    auto& s1 = t.stages[1].phases;
    s0.push_back(block(0, PhaseKind::Forward, 0, 0, 1));
    s0.push_back(block(0, PhaseKind::Forward, 1, 1, 2));
    s0.push_back(block(0, PhaseKind::Idle, -1, 2, 4));
    s0.push_back(block(0, PhaseKind::Backward, 0, 4, 6));
    for (int j = 2; j < 8; ++j) {
        s0.push_back(block(0, PhaseKind::Forward, j, 3 * j, 3 * j + 1));
        s0.push_back(block(0, PhaseKind::Backward, j - 1, 3 * j + 1, 3 * j + 3));
    }
    s0.push_back(block(0, PhaseKind::Backward, 7, 25, 27));
    s1.push_back(block(1, PhaseKind::Idle, -1, 0, 1));
    for (int j = 0; j < 8; ++j) {
        s1.push_back(block(1, PhaseKind::Forward, j, 3 * j + 1, 3 * j + 2));
        s1.push_back(block(1, PhaseKind::Backward, j, 3 * j + 2, 3 * j + 4));
    }
    s1.push_back(block(1, PhaseKind::Idle, -1, 25, 27));
    t.length = 27;
    return t;
}

} // namespace

class TestReadableWindow : public QObject
{
    Q_OBJECT

private slots:
    void cut_data()
    {
        QTest::addColumn<int>("keep");
        QTest::addColumn<double>("leastShare");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<double>("from");
        QTest::addColumn<double>("to");
        QTest::addColumn<int>("cutMicroBatches");
        // keep 2: micro-batch 2 starts first on stage 0 (F2 at 6; stage 1's at 7); micro-batch 5
        // ends last on stage 0 (B5 [19, 21]; stage 1's at 19): [6, 21], 15 of 27 units (56 %),
        // micro-batches 2…5 inside.
        QTest::newRow("keep 2") << 2 << 0.4 << true << 6.0 << 21.0 << 4;
        // keep 3: F3 at 9 (stage 0), B4 ends at 18 (stage 0; stage 1 at 16): 9 of 27 = 33 %,
        // under the 40 % worth cutting…
        QTest::newRow("keep 3, 33 % < 40 %") << 3 << 0.4 << false << 0.0 << 0.0 << 0;
        // … and cut when a third is enough.
        QTest::newRow("keep 3, at 30 %") << 3 << 0.3 << true << 9.0 << 18.0 << 2;
        // keep ≤ 0: the stages plus one = 3, as above.
        QTest::newRow("keep p + 1") << 0 << 0.3 << true << 9.0 << 18.0 << 2;
        // keep 4 of 8: nothing between the first four and the last four.
        QTest::newRow("keep 4 of 8") << 4 << 0.0 << false << 0.0 << 0.0 << 0;
    }
    void cut()
    {
        QFETCH(int, keep);
        QFETCH(double, leastShare);
        QFETCH(bool, valid);
        const core::TimelineCut c = core::readableWindow(twoStageStep(), keep, leastShare);
        QCOMPARE(c.valid, valid);
        if (!valid)
            return;
        QFETCH(double, from);
        QFETCH(double, to);
        QFETCH(int, cutMicroBatches);
        QCOMPARE(c.from, from);
        QCOMPARE(c.to, to);
        QCOMPARE(c.microBatches(), cutMicroBatches);
        QCOMPARE(c.lastMicroBatch, 8 - 1 - (keep > 0 ? keep : 3));
    }

    void realStep_data()
    {
        QTest::addColumn<int>("globalBatch");
        QTest::addColumn<int>("virtualStages");
        // Llama 3 70B, TP 8 × PP 8 on 512 GPUs: DP 8, micro-batch 1.
        QTest::newRow("512 micro-batches, 1F1B") << 4096 << 1;       // 4,096 / 8 = 512 per step
        QTest::newRow("512 micro-batches, interleaved v 2") << 4096 << 2;
        QTest::newRow("2,048: the listing omits some") << 16384 << 1; // over kMaxTimelineChunks
    }
    void realStep()
    {
        // On a real step the window keeps p + 1 = 9 micro-batches at each end and cuts the
        // 512 − 18 = 494 between.
        QFETCH(int, globalBatch);
        QFETCH(int, virtualStages);
        core::Scenario s = testscenarios::preset("llama-3-70b", 512, "h100-sxm");
        s.parallel.tensor = 8;
        s.parallel.pipeline = 8;
        s.parallel.virtualPipeline = virtualStages;
        s.training.globalBatchSize = globalBatch;
        s.training.recompute = core::Recompute::Full;
        const core::StepTimeline t = core::stepTimeline(s);
        QVERIFY(t.valid);
        QCOMPARE(t.microBatches, globalBatch / 8);
        const core::TimelineCut c = core::readableWindow(t);
        QVERIFY(c.valid);
        QCOMPARE(c.firstMicroBatch, 9);
        QCOMPARE(c.lastMicroBatch, t.microBatches - 10);
        QCOMPARE_GE(c.length(), 0.4 * t.length);
        // Each kept micro-batch has a phase outside the cut (the first ones' forwards before
        // it, the last ones' backwards after it); every phase of those between is inside.
        std::vector<bool> outside(std::size_t(t.microBatches), false);
        for (const core::StageTimeline& st : t.stages)
            for (const core::TimelinePhase& ph : st.phases) {
                if (ph.microBatch < 0)
                    continue;
                if (ph.microBatch >= c.firstMicroBatch && ph.microBatch <= c.lastMicroBatch)
                    QVERIFY(ph.start >= c.from && ph.end <= c.to);
                if (ph.start < c.from || ph.end > c.to)
                    outside[std::size_t(ph.microBatch)] = true;
            }
        for (int j = 0; j < t.microBatches; ++j)
            if (j < c.firstMicroBatch || j > c.lastMicroBatch) {
                // micro-batches the listing left out have no phases at all
                if (t.omittedMicroBatches == 0 || j < core::omittedStretch(t).firstMicroBatch || j > core::omittedStretch(t).lastMicroBatch)
                    QVERIFY2(outside[std::size_t(j)], qPrintable(QString::number(j)));
            }
        const core::TimelineCut omitted = core::omittedStretch(t);
        QCOMPARE(omitted.valid, t.omittedMicroBatches > 0);
        if (omitted.valid) // the window holds what the listing left out
            QVERIFY(c.from <= omitted.from && omitted.to <= c.to);
    }

    void invalidTimeline()
    {
        core::StepTimeline t = twoStageStep();
        t.valid = false;
        QVERIFY(!core::readableWindow(t, 2).valid);
        QVERIFY(!core::readableWindow(core::StepTimeline{}, 2).valid);
        QVERIFY(!core::omittedStretch(twoStageStep()).valid); // every micro-batch listed
    }

    void omittedStretch()
    {
        // A listing that left out 12 micro-batches at unit 6 (36 units of steady state): the
        // first forward stage 0 runs after the gap is numbered 16 as in the step, so 4…15 are the
        // omitted ones.
        core::StepTimeline t;
        t.valid = true;
        t.microBatches = 20;
        t.omittedMicroBatches = 12;
        t.omittedFrom = 6;
        t.omittedLength = 36;
        t.length = 60;
        t.stages.resize(1);
        t.stages[0].phases = {block(0, core::PhaseKind::Forward, 3, 3, 4), block(0, core::PhaseKind::Backward, 2, 4, 6),
                              block(0, core::PhaseKind::Backward, 3, 42, 44), block(0, core::PhaseKind::Forward, 16, 44, 45)};
        const core::TimelineCut c = core::omittedStretch(t);
        QVERIFY(c.valid);
        QCOMPARE(c.from, 6.0);
        QCOMPARE(c.to, 42.0);
        QCOMPARE(c.firstMicroBatch, 4);
        QCOMPARE(c.lastMicroBatch, 15);
        // A window holds the omitted stretch: keep 1 cuts from F3 (3) to the end of the last
        // listed phase of a micro-batch ≤ 18 (F16, 45), around [6, 42] …
        const core::TimelineCut w = core::readableWindow(t, 1, 0.0);
        QVERIFY(w.valid);
        QCOMPARE(w.from, 3.0);
        QCOMPARE(w.to, 45.0);
        // … and is refused when the stretch starts before it (from 2): a view would draw the
        // unlisted time as if it ran.
        t.omittedFrom = 2;
        t.omittedLength = 40;
        QVERIFY(!core::readableWindow(t, 1, 0.0).valid);
    }
};

QTEST_GUILESS_MAIN(TestReadableWindow)
#include "tst_readablewindow.moc"
