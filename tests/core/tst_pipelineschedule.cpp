// The pipeline schedule as data: each rank's block order under GPipe, 1F1B and interleaved 1F1B,
// the times that follow from the dependencies, and the bubble read off the blocks.
//
// Block orders are worked by hand from Megatron-LM megatron/core/pipeline_parallel/schedules.py
// at d98e8a64ddf34856e74b24714e3bedb2f5a39553: warm-up counts get_pp_rank_microbatches L957
// (p − rank − 1) and L964–965 (2(p − rank − 1) + (v − 1)·group), the forward order
// get_schedule_table L989 (groups of `microbatch_group_size_per_vp_stage` = p micro-batches,
// every chunk of a group before the next group; backwards run chunk v − 1 − c), then one
// forward and one backward at a time (forward_backward_pipelining_with_interleaving L1019,
// _without_interleaving L2147, warm-up L2277–2279), then the cool-down backwards.
//
// ZB-H1 from Qi et al., "Zero Bubble Pipeline Parallelism", ICLR 2024 (arXiv 2401.10241) §2.1 and
// fig. 3 (top): 1F1B's warm-up and F/B order, the backward split into B (input gradient) and W
// (weight gradient), rank i starting its W's i backwards late ("delay W by rank",
// sail-sg/zero-bubble-pipeline-parallelism megatron/core/pipeline_parallel/schedules.py @ 95212f70)
// so that every rank holds p micro-batches, the held W's filling the cool-down.
#include <QTest>

#include "core/pipeline.h"
#include "core/timeline/pipelineschedule.h"

using core::PipelineScheduleKind;

Q_DECLARE_METATYPE(core::PipelineScheduleKind)

namespace {

/// "F0 F1 B0 …" (1F1B, GPipe) or "F0.1 B0.1 …" (micro-batch.chunk, interleaved).
QString orderOf(const core::PipelineSchedule& s, int stage)
{
    QStringList out;
    for (const core::ScheduleBlock& b : s.ranks[std::size_t(stage)]) {
        QString t = QString(b.kind == core::PhaseKind::Forward ? "F" : b.kind == core::PhaseKind::WeightGradient ? "W" : "B")
            + QString::number(b.microBatch);
        if (s.virtualStages > 1)
            t += "." + QString::number(b.chunk);
        out << t;
    }
    return out.join(' ');
}

} // namespace

class TestPipelineSchedule : public QObject
{
    Q_OBJECT

private slots:
    void blockOrder_data()
    {
        QTest::addColumn<PipelineScheduleKind>("kind");
        QTest::addColumn<int>("virtualStages");
        QTest::addColumn<int>("stage");
        QTest::addColumn<QString>("order");
        // p = 4, m = 8. GPipe (Huang et al. 2019 fig. 2): every forward, then every backward.
        QTest::newRow("gpipe stage 0") << PipelineScheduleKind::GPipe << 1 << 0 << "F0 F1 F2 F3 F4 F5 F6 F7 B0 B1 B2 B3 B4 B5 B6 B7";
        // 1F1B: stage 0 warms up 3 forwards, 5 F/B pairs, cools down 3 backwards.
        QTest::newRow("1f1b stage 0") << PipelineScheduleKind::OneFOneB << 1 << 0 << "F0 F1 F2 F3 B0 F4 B1 F5 B2 F6 B3 F7 B4 B5 B6 B7";
        // stage 1: 2 warm-up forwards, 6 pairs, 2 cool-down backwards.
        QTest::newRow("1f1b stage 1") << PipelineScheduleKind::OneFOneB << 1 << 1 << "F0 F1 F2 B0 F3 B1 F4 B2 F5 B3 F6 B4 F7 B5 B6 B7";
        // the last stage: no warm-up, 8 pairs.
        QTest::newRow("1f1b stage 3") << PipelineScheduleKind::OneFOneB << 1 << 3 << "F0 B0 F1 B1 F2 B2 F3 B3 F4 B4 F5 B5 F6 B6 F7 B7";
        // Interleaved, v = 2: forward order (0,0)(1,0)(2,0)(3,0)(0,1)…(3,1)(4,0)…(7,0)(4,1)…(7,1).
        // Stage 0 warms up 2·3 + 1·4 = 10, then 6 pairs, then 10 backwards.
        QTest::newRow("interleaved stage 0") << PipelineScheduleKind::Interleaved << 2 << 0
            << "F0.0 F1.0 F2.0 F3.0 F0.1 F1.1 F2.1 F3.1 F4.0 F5.0 "
               "F6.0 B0.1 F7.0 B1.1 F4.1 B2.1 F5.1 B3.1 F6.1 B0.0 F7.1 B1.0 "
               "B2.0 B3.0 B4.1 B5.1 B6.1 B7.1 B4.0 B5.0 B6.0 B7.0";
        // Stage 3 warms up 0 + 4 = 4, then 12 pairs, then 4 backwards.
        QTest::newRow("interleaved stage 3") << PipelineScheduleKind::Interleaved << 2 << 3
            << "F0.0 F1.0 F2.0 F3.0 "
               "F0.1 B0.1 F1.1 B1.1 F2.1 B2.1 F3.1 B3.1 F4.0 B0.0 F5.0 B1.0 F6.0 B2.0 F7.0 B3.0 "
               "F4.1 B4.1 F5.1 B5.1 F6.1 B6.1 F7.1 B7.1 "
               "B4.0 B5.0 B6.0 B7.0";
        // 1F1B ignores a chunk count: one chunk per rank.
        QTest::newRow("1f1b ignores v") << PipelineScheduleKind::OneFOneB << 2 << 0 << "F0 F1 F2 F3 B0 F4 B1 F5 B2 F6 B3 F7 B4 B5 B6 B7";
        // ZB-H1, worked by hand from the 1F1B rows above: each B is followed by the W of the
        // B `stage` places before it (stage 0: its own; stage 3: three back), the held W's last.
        QTest::newRow("zb-h1 stage 0") << PipelineScheduleKind::ZeroBubbleH1 << 1 << 0
            << "F0 F1 F2 F3 B0 W0 F4 B1 W1 F5 B2 W2 F6 B3 W3 F7 B4 W4 B5 W5 B6 W6 B7 W7";
        QTest::newRow("zb-h1 stage 1") << PipelineScheduleKind::ZeroBubbleH1 << 1 << 1
            << "F0 F1 F2 B0 F3 B1 W0 F4 B2 W1 F5 B3 W2 F6 B4 W3 F7 B5 W4 B6 W5 B7 W6 W7";
        QTest::newRow("zb-h1 stage 2") << PipelineScheduleKind::ZeroBubbleH1 << 1 << 2
            << "F0 F1 B0 F2 B1 F3 B2 W0 F4 B3 W1 F5 B4 W2 F6 B5 W3 F7 B6 W4 B7 W5 W6 W7";
        QTest::newRow("zb-h1 stage 3") << PipelineScheduleKind::ZeroBubbleH1 << 1 << 3
            << "F0 B0 F1 B1 F2 B2 F3 B3 W0 F4 B4 W1 F5 B5 W2 F6 B6 W3 F7 B7 W4 W5 W6 W7";
        QTest::newRow("zb-h1 ignores v") << PipelineScheduleKind::ZeroBubbleH1 << 2 << 3
            << "F0 B0 F1 B1 F2 B2 F3 B3 W0 F4 B4 W1 F5 B5 W2 F6 B6 W3 F7 B7 W4 W5 W6 W7";
    }
    void blockOrder()
    {
        QFETCH(PipelineScheduleKind, kind);
        QFETCH(int, virtualStages);
        QFETCH(int, stage);
        QFETCH(QString, order);
        const core::PipelineSchedule s = core::pipelineSchedule(kind, 4, virtualStages, 8);
        QVERIFY(s.complete);
        QCOMPARE(orderOf(s, stage), order);
    }

    void timesFromTheDependencies()
    {
        // 1F1B, p 4, m 8, forward 1, backward 2. The last stage's first forward waits for three
        // forwards (starts at 3); its backward ends at 6; the gradient comes back through three
        // stages' backwards: stage 0's first backward starts at 4·1 + 3·2 = 10. Every stage is
        // busy 8·3 = 24, the step is (m + p − 1)(1 + 2) = 33 long (Narayanan et al. 2021 §2.2.1).
        const core::PipelineSchedule s = core::pipelineSchedule(PipelineScheduleKind::OneFOneB, 4, 1, 8);
        QCOMPARE(s.ranks[3][0].start, 3.0);
        QCOMPARE(s.ranks[3][1].end, 6.0);
        QCOMPARE(s.ranks[0][4].kind, core::PhaseKind::Backward);
        QCOMPARE(s.ranks[0][4].start, 10.0);
        QCOMPARE(s.length, 33.0);
        for (int i = 0; i < 4; ++i)
            QCOMPARE(s.busyTime(i), 24.0);
        // GPipe: the last forward leaves stage 3 at 11; 8 backwards there (16) and three more
        // stages' backwards (6) end the step at 33, the same length as 1F1B.
        const core::PipelineSchedule g = core::pipelineSchedule(PipelineScheduleKind::GPipe, 4, 1, 8);
        QCOMPARE(g.ranks[3][7].end, 11.0);
        QCOMPARE(g.length, 33.0);
    }

    void zeroBubbleTimes()
    {
        // ZB-H1, p 4, m 8, F = B = W = 1. The last stage's B0 runs 4–5 and the gradient reaches
        // stage 0 after three more B's: B0 there starts at 7, three units before 1F1B's 10 (its
        // B's wait for no W). Every rank is busy 8·3 = 24 of a step 3·8 + 3 = 27: 3 units of
        // bubble per rank against 1F1B's 9, a third (Qi et al. 2024 §2.1).
        const core::PipelineSchedule s = core::pipelineSchedule(PipelineScheduleKind::ZeroBubbleH1, 4, 1, 8);
        QVERIFY(s.complete);
        QCOMPARE(s.ranks[3][1].kind, core::PhaseKind::Backward);
        QCOMPARE(s.ranks[3][1].start, 4.0);
        QCOMPARE(s.ranks[0][4].kind, core::PhaseKind::Backward);
        QCOMPARE(s.ranks[0][4].start, 7.0);
        QCOMPARE(s.ranks[0][5].kind, core::PhaseKind::WeightGradient);
        QCOMPARE(s.ranks[0][5].inputStage, -1); // W follows its own B: no message
        QCOMPARE(s.length, 27.0);
        for (int i = 0; i < 4; ++i)
            QCOMPARE(s.busyTime(i), 24.0);
        // stage 1's B0 takes stage 2's B0 output, not a W
        const core::ScheduleBlock& b0 = s.ranks[1][3];
        QCOMPARE(b0.kind, core::PhaseKind::Backward);
        QCOMPARE(b0.inputStage, 2);
        QCOMPARE(s.ranks[2][std::size_t(b0.inputBlock)].kind, core::PhaseKind::Backward);
    }

    void zeroBubbleBubble_data()
    {
        QTest::addColumn<int>("stages");
        QTest::addColumn<int>("microBatches");
        QTest::addColumn<double>("forward");
        QTest::addColumn<double>("backward");
        QTest::addColumn<double>("weight");
        QTest::addColumn<double>("expected");
        // Qi et al. 2024 §2.1 (table 2): bubble (p − 1)(T_F + T_B − T_W) per rank, the step
        // m(T_F + T_B + T_W) + that. `backward` is B + W, so T_B = backward − weight.
        // 4 × 8, all 1: 3/(24 + 3) = 1/9 (1F1B: 3/11).
        QTest::newRow("4x8 F=B=W: 1/9") << 4 << 8 << 1.0 << 2.0 << 1.0 << 1.0 / 9;
        // 8 × 16: 7/(48 + 7) = 7/55.
        QTest::newRow("8x16 F=B=W: 7/55") << 8 << 16 << 1.0 << 2.0 << 1.0 << 7.0 / 55;
        // T_B 1.2, T_W 0.8: 3·1.4 = 4.2 of 24 + 4.2 = 28.2.
        QTest::newRow("4x8 B 1.2 W 0.8") << 4 << 8 << 1.0 << 2.0 << 0.8 << 4.2 / 28.2;
        // T_F 2: 3·2 = 6 of 32 + 6 = 38.
        QTest::newRow("4x8 F 2") << 4 << 8 << 2.0 << 2.0 << 1.0 << 6.0 / 38;
        // m = p: 3/(12 + 3) = 1/5.
        QTest::newRow("4x4 F=B=W: 1/5") << 4 << 4 << 1.0 << 2.0 << 1.0 << 1.0 / 5;
    }
    void zeroBubbleBubble()
    {
        QFETCH(int, stages);
        QFETCH(int, microBatches);
        QFETCH(double, forward);
        QFETCH(double, backward);
        QFETCH(double, weight);
        QFETCH(double, expected);
        const core::PipelineSchedule s
            = core::pipelineSchedule(PipelineScheduleKind::ZeroBubbleH1, stages, 1, microBatches, core::BlockDurations{forward, backward, weight});
        QVERIFY(s.complete);
        QCOMPARE(s.bubbleFraction(), expected); // read off the blocks
        QCOMPARE(core::zeroBubbleH1Bubble(stages, microBatches, forward, backward - weight, weight), expected);
        // and a third of 1F1B's bubble time with equal passes
        if (forward == 1 && weight == 1) {
            const core::PipelineSchedule one = core::pipelineSchedule(PipelineScheduleKind::OneFOneB, stages, 1, microBatches);
            QCOMPARE((s.length - s.busyTime(0)) * 3, one.length - one.busyTime(0));
        }
    }

    void pointToPointInputs()
    {
        const core::PipelineSchedule s = core::pipelineSchedule(PipelineScheduleKind::Interleaved, 4, 2, 8);
        // Stage 1's first forward takes stage 0's first block's output.
        QCOMPARE(s.ranks[1][0].inputStage, 0);
        QCOMPARE(s.ranks[1][0].inputBlock, 0);
        // Stage 0's fifth forward (F0.1) takes chunk 0 of micro-batch 0 from the last stage.
        QCOMPARE(s.ranks[0][4].chunk, 1);
        QCOMPARE(s.ranks[0][4].inputStage, 3);
        const core::ScheduleBlock& from = s.ranks[3][std::size_t(s.ranks[0][4].inputBlock)];
        QCOMPARE(from.microBatch, 0);
        QCOMPARE(from.chunk, 0);
        QCOMPARE(from.kind, core::PhaseKind::Forward);
        QCOMPARE_LE(from.end, s.ranks[0][4].start);
        // The last stage's backward of its last chunk follows its own forward: no message.
        QCOMPARE(s.ranks[3][5].kind, core::PhaseKind::Backward);
        QCOMPARE(s.ranks[3][5].inputStage, -1);
    }

    void bubble_data()
    {
        QTest::addColumn<PipelineScheduleKind>("kind");
        QTest::addColumn<int>("stages");
        QTest::addColumn<int>("virtualStages");
        QTest::addColumn<int>("microBatches");
        QTest::addColumn<double>("expected");
        // Narayanan et al. 2021 §2.2.1: bubble time (p − 1)(tf + tb) of a step (m + p − 1)(tf + tb);
        // §2.2.2: interleaving divides the bubble time by v: (p − 1)/(v·m + p − 1) of the step.
        QTest::newRow("1f1b 4x8: 3/11") << PipelineScheduleKind::OneFOneB << 4 << 1 << 8 << 3.0 / 11;
        QTest::newRow("gpipe 4x8: 3/11") << PipelineScheduleKind::GPipe << 4 << 1 << 8 << 3.0 / 11;
        QTest::newRow("1f1b 2x4: 1/5") << PipelineScheduleKind::OneFOneB << 2 << 1 << 4 << 1.0 / 5;
        QTest::newRow("1f1b 8x16: 7/23") << PipelineScheduleKind::OneFOneB << 8 << 1 << 16 << 7.0 / 23;
        QTest::newRow("1f1b 8x2 (m < p): 7/9") << PipelineScheduleKind::OneFOneB << 8 << 1 << 2 << 7.0 / 9;
        QTest::newRow("interleaved 4x8 v2: 3/19") << PipelineScheduleKind::Interleaved << 4 << 2 << 8 << 3.0 / 19;
        QTest::newRow("interleaved 4x16 v4: 3/67") << PipelineScheduleKind::Interleaved << 4 << 4 << 16 << 3.0 / 67;
        QTest::newRow("interleaved 2x4 v2: 1/9") << PipelineScheduleKind::Interleaved << 2 << 2 << 4 << 1.0 / 9;
        QTest::newRow("no pipeline: 0") << PipelineScheduleKind::OneFOneB << 1 << 1 << 8 << 0.0;
    }
    void bubble()
    {
        QFETCH(PipelineScheduleKind, kind);
        QFETCH(int, stages);
        QFETCH(int, virtualStages);
        QFETCH(int, microBatches);
        QFETCH(double, expected);
        const core::PipelineSchedule s = core::pipelineSchedule(kind, stages, virtualStages, microBatches);
        QVERIFY(s.complete);
        QCOMPARE(s.bubbleFraction(), expected);
        const int v = kind == PipelineScheduleKind::Interleaved ? virtualStages : 1;
        QCOMPARE(s.bubbleFraction(), core::bubbleFraction(stages, v, microBatches)); // the estimate's formula
    }

    void inFlight_data()
    {
        QTest::addColumn<PipelineScheduleKind>("kind");
        QTest::addColumn<int>("stage");
        QTest::addColumn<int>("expected");
        // GPipe holds all m = 8; 1F1B at most p − rank (Narayanan §2.2.1); interleaved
        // 2(p − rank − 1) + (v − 1)p + 1 chunk-micro-batches (warm-up plus the pair's forward).
        QTest::newRow("gpipe") << PipelineScheduleKind::GPipe << 0 << 8;
        QTest::newRow("1f1b stage 0") << PipelineScheduleKind::OneFOneB << 0 << 4;
        QTest::newRow("1f1b stage 3") << PipelineScheduleKind::OneFOneB << 3 << 1;
        QTest::newRow("interleaved stage 0") << PipelineScheduleKind::Interleaved << 0 << 11;
        QTest::newRow("interleaved stage 3") << PipelineScheduleKind::Interleaved << 3 << 5;
        // ZB-H1: every rank p = 4 (rank i's 3 − i warm-up forwards, its pair's forward and i
        // held W's), rank 0's 1F1B peak (Qi et al. 2024 §2.1: "the same number of in-flight micro-batches").
        QTest::newRow("zb-h1 stage 0") << PipelineScheduleKind::ZeroBubbleH1 << 0 << 4;
        QTest::newRow("zb-h1 stage 3") << PipelineScheduleKind::ZeroBubbleH1 << 3 << 4;
    }
    void inFlight()
    {
        QFETCH(PipelineScheduleKind, kind);
        QFETCH(int, stage);
        QFETCH(int, expected);
        QCOMPARE(core::pipelineSchedule(kind, 4, 2, 8).peakInFlight(stage), expected);
    }

    void badSizesGiveAnEmptySchedule()
    {
        const core::PipelineSchedule s = core::pipelineSchedule(PipelineScheduleKind::OneFOneB, 0, 1, 8);
        QVERIFY(!s.complete);
        QVERIFY(s.ranks.empty());
        QCOMPARE(s.bubbleFraction(), 0.0);
        QVERIFY(!core::pipelineSchedule(PipelineScheduleKind::GPipe, 4, 1, 0).complete);
    }
};

QTEST_GUILESS_MAIN(TestPipelineSchedule)
#include "tst_pipelineschedule.moc"
