// The step views: the shared cursor's clock, the schedule's sends, the memory timeline's peak
// (the estimate's peak, labelled with its phase and micro-batch) and the panel driving both.
#include <QComboBox>
#include <QPushButton>
#include <QToolButton>
#include <QSignalSpy>
#include <QTest>
#include <cmath>
#include <thread>

#include "core/estimate.h"
#include "core/io/presets.h"
#include "core/timeline/servingtimeline.h"
#include "core/timeline/steptimeline.h"
#include "widgets/charts/componentpalette.h"
#include "widgets/step/memorytimelineview.h"
#include "widgets/step/scheduleview.h"
#include "widgets/step/servingtimelineview.h"
#include "widgets/step/stepcursor.h"
#include "widgets/step/steppanel.h"

namespace {

/// Llama-2-7B (32 layers) on 16 A100: TP 2, PP 4, DP 2, 8 micro-batches of 1, full recompute.
core::Scenario pipelined(int virtualStages = 1)
{
    core::Scenario s;
    if (const core::ModelPreset* p = core::findModelPreset("llama-2-7b"))
        s.model = p->model;
    s.training.precision = core::PrecisionRecipe::MixedBf16Fp32Grads;
    s.training.recompute = core::Recompute::Full;
    s.training.seqLength = 4096;
    s.training.microBatchSize = 1;
    s.training.globalBatchSize = 16;
    s.parallel.gpus = 16;
    s.parallel.tensor = 2;
    s.parallel.pipeline = 4;
    s.parallel.virtualPipeline = virtualStages;
    if (const core::GpuSpec* g = core::findGpuPreset("a100-80gb"))
        s.hardware.gpu = *g;
    return s;
}

} // namespace

class TestStepViews : public QObject
{
    Q_OBJECT

private slots:
    void cursorClock()
    {
        // 100 units played in 10 s at 2×: 1 s of wall time moves 20 units.
        StepCursor c;
        c.setLength(100);
        c.setPlaySeconds(10);
        c.setSpeed(2);
        QSignalSpy moved(&c, &StepCursor::positionChanged);
        c.play();
        QVERIFY(c.isPlaying());
        c.advance(1000);
        QCOMPARE(c.position(), 20.0);
        QCOMPARE(moved.size(), 1);
        c.advance(10000); // past the end: stops there
        QCOMPARE(c.position(), 100.0);
        QVERIFY(!c.isPlaying());
        c.play(); // from the end, plays again from the start
        QCOMPARE(c.position(), 0.0);
        c.pause();
    }

    void cursorSkipsTheCut()
    {
        // 100 units, [20, 80] cut from the views: 40 units drawn, played in 12 s at 1×, so 3 s
        // of wall time move 10 drawn units. From 15: 5 before the cut, 5 after it → 85.
        StepCursor c;
        c.setLength(100);
        c.setPlaySeconds(12);
        c.setSkip(20, 80);
        c.setPosition(15);
        c.play();
        c.advance(3000);
        QCOMPARE(c.position(), 85.0);
        c.advance(3000); // after the cut: as played
        QCOMPARE(c.position(), 95.0);
        c.setSkip(0, 0); // none: 100 units in 12 s, 3 s = 25 units
        c.setPosition(15);
        c.advance(3000);
        QCOMPARE(c.position(), 40.0);
        c.pause();
    }

    void cursorSteps()
    {
        StepCursor c;
        c.setLength(10);
        c.setStops({0, 2, 5, 9});
        c.stepForward();
        QCOMPARE(c.position(), 2.0);
        c.stepForward();
        QCOMPARE(c.position(), 5.0);
        c.stepBack();
        QCOMPARE(c.position(), 2.0);
        c.setPosition(9.5);
        c.stepForward(); // no stop after: the end
        QCOMPARE(c.position(), 10.0);
    }

    void peakIsTheEstimatesPeak()
    {
        const core::Scenario s = pipelined();
        const core::Estimate e = core::estimate(s);
        const core::StepTimeline t = core::stepTimeline(s);
        QVERIFY(t.valid);
        MemoryTimelineView view;
        view.setTimeline(t);
        for (const core::StageTimeline& st : t.stages) {
            const MemoryTimelineView::PeakMark m = view.peakMark(st.stage);
            QVERIFY(m.valid);
            QCOMPARE(m.bytes, e.groups[std::size_t(st.group)].allocatedBytes);
        }
        // 1F1B holds p = 4 micro-batches on stage 0 at its peak (Narayanan et al. 2021 §2.2.1);
        // with full recompute it peaks in the backward that rebuilds a layer of micro-batch 1.
        const MemoryTimelineView::PeakMark m0 = view.peakMark(0);
        QVERIFY2(m0.label.startsWith(QStringLiteral("Stage 0, ")), qPrintable(m0.label));
        QVERIFY2(m0.label.endsWith(QStringLiteral(": 4 micro-batches in flight")), qPrintable(m0.label));
        QVERIFY2(m0.label.contains(QStringLiteral("micro-batch 1")), qPrintable(m0.label));
    }

    void gpipeHoldsEveryMicroBatch()
    {
        // GPipe for contrast: all 8 forwards before the first backward, so stage 0 peaks with 8
        // micro-batches saved, above 1F1B's peak.
        const core::Scenario s = pipelined();
        core::StepTimeline g;
        core::stepTimeline(s, core::PipelineScheduleKind::GPipe, g);
        MemoryTimelineView view;
        view.setTimeline(g);
        QVERIFY2(view.peakMark(0).label.endsWith(QStringLiteral(": 8 micro-batches in flight")), qPrintable(view.peakMark(0).label));
        QCOMPARE_GT(view.peakMark(0).bytes, core::estimate(s).groups[0].allocatedBytes);
    }

    void zeroBubbleKeepsStageZerosPeak()
    {
        // ZB-H1 (Qi et al. 2024 §2.1): stage 0 runs each W right after its B, so it holds the
        // same p = 4 micro-batches as under 1F1B and peaks as high; stage 3 holds its W's back
        // three backwards and so 4 micro-batches too (1F1B: 1). The W's send nothing: the same
        // 48 point-to-point messages as 1F1B.
        const core::Scenario s = pipelined();
        core::StepTimeline zb, one;
        core::stepTimeline(s, core::PipelineScheduleKind::ZeroBubbleH1, zb);
        core::stepTimeline(s, core::PipelineScheduleKind::OneFOneB, one);
        QVERIFY(zb.valid);
        int weights = 0;
        for (const core::TimelinePhase& ph : zb.stages[0].phases)
            weights += ph.kind == core::PhaseKind::WeightGradient;
        QCOMPARE(weights, 8);
        MemoryTimelineView view;
        view.setTimeline(zb);
        QVERIFY2(view.peakMark(0).label.endsWith(QStringLiteral(": 4 micro-batches in flight")), qPrintable(view.peakMark(0).label));
        QVERIFY2(view.peakMark(3).label.endsWith(QStringLiteral(": 4 micro-batches in flight")), qPrintable(view.peakMark(3).label));
        MemoryTimelineView oneView;
        oneView.setTimeline(one);
        QCOMPARE(view.peakMark(0).bytes, oneView.peakMark(0).bytes);
        ScheduleView schedule;
        schedule.setTimeline(zb);
        QCOMPARE(int(schedule.sends().size()), 48);
        // with the loss on the last stage the drawn bubble is above the formula's 1/9, below 1F1B's
        schedule.setFormulaBubble(core::zeroBubbleH1Bubble(4, 8, 1, 1, 1));
        QVERIFY2(schedule.title().contains(QStringLiteral("11.1")), qPrintable(schedule.title()));
        QCOMPARE_GE(zb.bubbleFraction(), 1.0 / 9);
        QCOMPARE_LT(zb.bubbleFraction(), one.bubbleFraction());
        // drawn in 1F1B's seconds per unit (the estimate's step time is Megatron's schedule's):
        // the same work, so the zero-bubble step ends earlier by the idle time it fills
        QCOMPARE(zb.unitSeconds, one.unitSeconds);
        QCOMPARE_LT(zb.computeEnd(), one.computeEnd());
    }

    void sends_data()
    {
        QTest::addColumn<int>("virtualStages");
        QTest::addColumn<int>("expected");
        // 1F1B: stages 1–3 receive each of 8 forwards (24), stages 0–2 each of 8 backwards (24).
        QTest::newRow("1f1b") << 1 << 48;
        // v = 2: 3 × 16 forwards + stage 0's 8 second-chunk forwards from stage 3; the same back.
        QTest::newRow("interleaved") << 2 << 112;
    }
    void sends()
    {
        QFETCH(int, virtualStages);
        QFETCH(int, expected);
        ScheduleView view;
        view.setTimeline(core::stepTimeline(pipelined(virtualStages)));
        QCOMPARE(int(view.sends().size()), expected);
        for (const ScheduleView::Send& s : view.sends())
            QCOMPARE_LE(s.fromTime, s.toTime); // a block starts after its input arrived
    }

    void titleGivesBothBubbles()
    {
        ScheduleView view;
        view.setTimeline(core::stepTimeline(pipelined()));
        view.setFormulaBubble(3.0 / 11);
        QVERIFY2(view.title().contains(QStringLiteral("27.3")), qPrintable(view.title()));
        QVERIFY2(view.title().contains(QStringLiteral("1F1B")), qPrintable(view.title()));
    }

    void endsOnlyCutsTheSteadyState()
    {
        // 512 micro-batches (global batch 1,024 over DP 2) on PP 4: "Ends only" keeps p + 1 = 5
        // at each end, micro-batches 6…507 (1-based) go into an 18-pixel break of both views' axis.
        core::Scenario s = pipelined();
        s.training.globalBatchSize = 1024;
        const core::StepTimeline t = core::stepTimeline(s);
        QVERIFY(t.valid);
        QCOMPARE(t.microBatches, 512);
        StepPanel panel;
        panel.resize(1280, 600);
        panel.show(); // laid out: the views have their widths
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.setTimeline(t, 80e9, -1);
        QVERIFY(!panel.scheduleView()->axisCut().valid); // the whole step by default
        QTest::mouseClick(panel.endsButton(), Qt::LeftButton);
        QVERIFY(panel.endsButton()->isChecked());
        const core::TimelineCut cut = panel.scheduleView()->axisCut();
        QVERIFY(cut.valid);
        QCOMPARE(cut.firstMicroBatch, 5);
        QCOMPARE(cut.lastMicroBatch, 506);
        QCOMPARE(panel.memoryView()->axisCut().from, cut.from);
        QCOMPARE(panel.memoryView()->axisCut().to, cut.to);
        QVERIFY2(panel.scheduleView()->title().contains(QStringLiteral("(6–507 not drawn: steady state")), qPrintable(panel.scheduleView()->title()));
        // the axis: the cut is 18 px wide, the step still ends at the plot's right, and x ↔ time
        // round-trips on both sides of it
        ScheduleView* v = panel.scheduleView();
        QCOMPARE(v->xOf(cut.to) - v->xOf(cut.from), 18.0);
        QCOMPARE(v->xOf(t.length), double(v->plotRect().left() + v->plotRect().width()));
        for (double time : {cut.from / 2, cut.to + (t.length - cut.to) / 2})
            QVERIFY(std::abs(v->timeAt(v->xOf(time)) - time) < 1e-9 * t.length);
        // what each unit of drawn time gets: the plot less the break, over the time drawn
        const double scale = (v->plotRect().width() - 18.0) / (t.length - cut.length());
        QVERIFY(std::abs((v->xOf(cut.from) - v->xOf(0)) - cut.from * scale) < 1e-6);
        // drawn blank: the middle of the break, half-way down stage 0's row, is the base colour
        const QImage shot = v->grab().toImage();
        const QRect r = v->plotRect();
        const int y = r.top() + r.height() / 8;
        QCOMPARE(shot.pixelColor(int(v->xOf(cut.from)) + 9, y).rgb(), v->palette().color(QPalette::Base).rgb());
        // playing jumps the cut
        panel.stepCursor()->setPosition(cut.from - 1e-6 * t.length);
        panel.stepCursor()->play();
        panel.stepCursor()->advance(100);
        QCOMPARE_GT(panel.stepCursor()->position(), cut.to);
        panel.stepCursor()->pause();
        QTest::mouseClick(panel.endsButton(), Qt::LeftButton); // and back to the whole step
        QVERIFY(!panel.scheduleView()->axisCut().valid);
        QVERIFY(!panel.memoryView()->axisCut().valid);
    }

    void panelDrivesBothViews()
    {
        StepPanel panel;
        panel.resize(1280, 600);
        const core::StepTimeline t = core::stepTimeline(pipelined());
        panel.setTimeline(t, 80e9, 3.0 / 11);
        QCOMPARE(panel.stageCombo()->count(), 5); // every stage, stage 0 … 3
        panel.stepCursor()->setPosition(t.length / 2);
        QCOMPARE(panel.scheduleView()->cursorPosition(), t.length / 2);
        QCOMPARE(panel.memoryView()->cursorPosition(), t.length / 2);
        panel.playButton()->click();
        QVERIFY(panel.stepCursor()->isPlaying());
        panel.stepCursor()->advance(1000);
        QCOMPARE_GT(panel.memoryView()->cursorPosition(), t.length / 2);
        panel.playButton()->click();
        QVERIFY(!panel.stepCursor()->isPlaying());
        QSignalSpy asked(&panel, &StepPanel::scheduleRequested);
        panel.findChildren<QComboBox*>().at(1)->setCurrentIndex(1); // speed, schedule, stage
        QCOMPARE(asked.size(), 1);
        QVERIFY(panel.showsGPipe());
        QCOMPARE(panel.requestedSchedule(1), core::PipelineScheduleKind::GPipe);
        panel.findChildren<QComboBox*>().at(1)->setCurrentIndex(2);
        QCOMPARE(asked.size(), 2);
        QCOMPARE(panel.requestedSchedule(1), core::PipelineScheduleKind::ZeroBubbleH1);
        panel.findChildren<QComboBox*>().at(1)->setCurrentIndex(0);
        QCOMPARE(panel.requestedSchedule(2), core::PipelineScheduleKind::Interleaved); // as configured
        panel.stageCombo()->setCurrentIndex(0);
        QCOMPARE(panel.memoryView()->stage(), -1);
        QVERIFY(!panel.grab().isNull());
    }

    void stageChoiceSurvivesALayoutWithoutIt()
    {
        // Dragging the model size through sizes that do not fit (no step to draw) or through a
        // layout of fewer stages used to leave the memory view on "every stage" for good.
        StepPanel panel;
        const core::StepTimeline four = core::stepTimeline(pipelined());
        panel.setTimeline(four, 80e9, -1);
        QCOMPARE(panel.memoryView()->stage(), 0); // the first stage by default
        panel.stageCombo()->setCurrentIndex(3);    // the user picks stage 2
        QCOMPARE(panel.memoryView()->stage(), 2);
        panel.setUnavailable(QStringLiteral("nothing to draw"));
        QCOMPARE(panel.stageCombo()->count(), 1);
        panel.setTimeline(four, 80e9, -1);
        QCOMPARE(panel.stageCombo()->count(), 5);
        QCOMPARE(panel.memoryView()->stage(), 2);
        core::Scenario two = pipelined();
        two.parallel.pipeline = 2;
        two.parallel.gpus = 8;
        const core::StepTimeline fewer = core::stepTimeline(two);
        QCOMPARE(int(fewer.stages.size()), 2);
        panel.setTimeline(fewer, 80e9, -1);
        QCOMPARE(panel.memoryView()->stage(), 1); // the last there is
        panel.setTimeline(four, 80e9, -1);
        QCOMPARE(panel.memoryView()->stage(), 2); // and the chosen one again
        panel.stageCombo()->setCurrentIndex(0);   // every stage, chosen
        panel.setUnavailable(QStringLiteral("nothing to draw"));
        panel.setTimeline(four, 80e9, -1);
        QCOMPARE(panel.memoryView()->stage(), -1);
    }

    void aStepDrawnOnAnotherThreadIsTheStepDrawnHere_data()
    {
        QTest::addColumn<bool>("serving");
        QTest::addColumn<int>("stage");
        QTest::newRow("training, stage 0 large") << false << 0;
        QTest::newRow("training, every stage") << false << -1;
        QTest::newRow("serving run") << true << 0;
    }

    void aStepDrawnOnAnotherThreadIsTheStepDrawnHere()
    {
        // The step dock's planner gives copies of the views' pictures the next step and renders
        // them on its own thread; the views adopt them. What they then show must be what they
        // draw themselves from the same step: grabbed after adoption, then drawn again here.
        QFETCH(bool, serving);
        QFETCH(int, stage);
        StepPanel panel;
        panel.resize(1280, 720);
        core::Scenario before = pipelined(), after = pipelined();
        after.training.globalBatchSize = 32; // 16 micro-batches instead of 8
        core::Scenario run;
        run.mode = core::Mode::Inference;
        run.model = before.model;
        run.hardware.gpu = before.hardware.gpu;
        run.parallel.gpus = 1;
        run.inference.batchSize = 16;
        core::Scenario longer = run;
        longer.inference.promptLength = 2048;
        if (serving)
            panel.setServingTimeline(core::servingTimeline(run));
        else {
            panel.setTimeline(core::stepTimeline(before), 80e9, -1);
            panel.stageCombo()->setCurrentIndex(stage + 1);
        }
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        PictureWidget* views[] = {panel.scheduleView(), panel.memoryView(), panel.servingView()};
        quint64 adopted[3];
        for (int i = 0; i < 3; ++i)
            adopted[i] = views[i]->adoptedCount();
        StepPanel::Frame frame = panel.prepareFrame(serving);
        QVERIFY(frame.drawable);
        const auto step = std::make_shared<const core::StepTimeline>(core::stepTimeline(after));
        const auto servingRun = std::make_shared<const core::ServingTimeline>(core::servingTimeline(longer));
        std::thread elsewhere([&] {
            if (serving)
                frame.render(servingRun);
            else
                frame.render(step, 80e9, 0.25);
        });
        elsewhere.join();
        panel.showFrame(std::move(frame));
        const std::vector<int> shown = serving ? std::vector<int>{2} : std::vector<int>{0, 1};
        std::vector<QImage> adoptedImages;
        for (int i : shown) {
            QCOMPARE(views[i]->adoptedCount(), adopted[i] + 1);
            adoptedImages.push_back(views[i]->grab().toImage());
        }
        if (serving) {
            QCOMPARE(panel.servingView()->timeline(), *servingRun);
            panel.servingView()->setTimeline(servingRun); // drawn again here
        } else {
            QCOMPARE(panel.scheduleView()->timeline(), *step);
            QCOMPARE(panel.memoryView()->stage(), stage);
            panel.scheduleView()->setTimeline(step);
            panel.memoryView()->setTimeline(step);
        }
        for (std::size_t k = 0; k < shown.size(); ++k) {
            const QImage here = views[shown[k]]->grab().toImage();
            QCOMPARE(here.size(), adoptedImages[k].size());
            QVERIFY2(here == adoptedImages[k], views[shown[k]]->objectName().toUtf8());
        }
    }

    void aPictureDrawnForAViewThatChangedIsNotShown()
    {
        // The user picks another unit while the next step is drawn elsewhere: the memory view
        // draws the step itself, in the new unit; the schedule (no unit) takes its picture.
        // Another stage picked changes both (the schedule emphasises its row): both draw it.
        StepPanel panel;
        panel.resize(1280, 720);
        panel.setTimeline(core::stepTimeline(pipelined()), 80e9, -1);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        const quint64 schedule = panel.scheduleView()->adoptedCount(), memory = panel.memoryView()->adoptedCount();
        StepPanel::Frame frame = panel.prepareFrame(false);
        core::Scenario after = pipelined();
        after.training.globalBatchSize = 32;
        const auto step = std::make_shared<const core::StepTimeline>(core::stepTimeline(after));
        frame.render(step, 80e9, -1);
        panel.setUnit(DisplayFormat::MemoryUnit::GiB);
        panel.showFrame(std::move(frame));
        QCOMPARE(panel.scheduleView()->adoptedCount(), schedule + 1);
        QCOMPARE(panel.memoryView()->adoptedCount(), memory); // not its picture: in GB
        QCOMPARE(panel.memoryView()->timeline(), *step);
        QVERIFY2(panel.memoryView()->cursorText().contains(QStringLiteral("GiB")), qPrintable(panel.memoryView()->cursorText()));
        frame = panel.prepareFrame(false);
        frame.render(step, 80e9, -1);
        panel.stageCombo()->setCurrentIndex(3); // stage 2
        panel.showFrame(std::move(frame));
        QCOMPARE(panel.scheduleView()->adoptedCount(), schedule + 1);
        QCOMPARE(panel.memoryView()->adoptedCount(), memory);
        QCOMPARE(panel.memoryView()->stage(), 2);
        QVERIFY2(panel.memoryView()->cursorText().contains(QStringLiteral("stage 2")), qPrintable(panel.memoryView()->cursorText()));
        // a step of another number of stages refills the stage list here, not elsewhere
        frame = panel.prepareFrame(false);
        core::Scenario two = pipelined();
        two.parallel.pipeline = 2;
        two.parallel.gpus = 8;
        frame.render(std::make_shared<const core::StepTimeline>(core::stepTimeline(two)), 80e9, -1);
        panel.showFrame(std::move(frame));
        QCOMPARE(panel.stageCombo()->count(), 3);
        QCOMPARE(int(panel.scheduleView()->timeline().stages.size()), 2);
    }

    void memoryStackIsDrawnInPixels_data()
    {
        QTest::addColumn<qreal>("ratio");
        QTest::newRow("1x") << qreal(1);
        QTest::newRow("2x (a HiDPI screen)") << qreal(2);
    }

    void memoryStackIsDrawnInPixels()
    {
        // The stack and its step lines go straight into the cached picture's pixels: the
        // allocated line of the peak phase sits on the top of its stack, the capacity line is
        // red and dashed, and the bottom band (the weights, in every phase) has the weights'
        // colour. Read back from a grab at 1x and 2x.
        QFETCH(qreal, ratio);
        MemoryTimelineView view;
        view.resize(900, 360);
        view.setUnit(DisplayFormat::MemoryUnit::GB);
        const core::StepTimeline t = core::stepTimeline(pipelined());
        view.setTimeline(t);
        view.setCapacity(80e9);
        view.setStage(0);
        QImage image(view.size() * ratio, QImage::Format_ARGB32_Premultiplied);
        image.setDevicePixelRatio(ratio);
        image.fill(Qt::transparent);
        view.render(&image);
        const QRect plot = view.plotRect();
        const core::StageTimeline& st = t.stages[0];
        const core::TimelinePhase& peak = st.phases[st.peakPhase];
        const double top = std::max(1.0, std::max(80e9, [&] {
            double most = 0;
            for (const core::StageTimeline& s : t.stages)
                for (const core::TimelinePhase& ph : s.phases)
                    most = std::max(most, ph.deviceBytes);
            return most;
        }()) * 1.08);
        auto yOf = [&](double bytes) { return plot.top() + (1 - bytes / top) * plot.height(); };
        const int x = int((view.xOf(peak.start) + view.xOf(peak.end)) / 2 * ratio);
        // the weights' band, just above the chart's bottom, in the middle of the step
        const QColor weights = ComponentPalette::componentColor(core::Component::Weights, false);
        QCOMPARE(QColor(image.pixel(int(view.xOf(t.length / 2) * ratio), int((plot.bottom() - 2) * ratio))).rgb(), weights.rgb());
        // the allocated line over the peak: ink within a pixel of its level, nothing above it
        const QRgb ink = view.palette().color(QPalette::WindowText).rgb();
        const int y = int(std::lround(yOf(peak.allocatedBytes) * ratio));
        bool found = false;
        for (int dy = -2; dy <= 2 && !found; ++dy)
            found = QColor(image.pixel(x, y + dy)).rgb() == ink;
        QVERIFY2(found, "no allocated line at the peak's level");
        // the capacity line: red, dashed (both red and not red along its row)
        const QRgb red = ComponentPalette::levelColor(ComponentPalette::Level::Bad, false).rgb();
        const int yc = int(std::lround(yOf(80e9) * ratio));
        int redPixels = 0, other = 0;
        for (int px = int(plot.left() * ratio) + 200; px < int(plot.right() * ratio) - 10; ++px) {
            bool here = false;
            for (int dy = -1; dy <= 1; ++dy)
                here = here || QColor(image.pixel(px, yc + dy)).rgb() == red;
            (here ? redPixels : other) += 1;
        }
        QVERIFY2(redPixels > other / 2 && other > 0, qPrintable(QStringLiteral("red %1, other %2").arg(redPixels).arg(other)));
        if (ratio > 1) {
            // drawn at the image's ratio, not a 1× picture scaled up (a 2× PNG, a 4K slide)
            QImage single(view.size(), QImage::Format_ARGB32_Premultiplied);
            single.fill(Qt::transparent);
            view.render(&single);
            const QImage scaled = single.scaled(image.size(), Qt::IgnoreAspectRatio, Qt::FastTransformation)
                                      .convertToFormat(QImage::Format_ARGB32_Premultiplied);
            // the title, from the cached picture (the cursor's readout is drawn live either way)
            const QRect title(0, 0, int(200 * ratio), int(20 * ratio));
            QImage sharp = image.copy(title);
            sharp.setDevicePixelRatio(1);
            QVERIFY(sharp != scaled.copy(title));
        }
    }
};

QTEST_MAIN(TestStepViews)
#include "tst_stepviews.moc"
