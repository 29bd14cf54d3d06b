// Frame time of the step views while the step plays: the step panel (schedule Gantt above the
// memory timeline, one cursor) at 1920×1080 offscreen, one full play at 60 frames per second,
// each frame the cursor's advance and the finished repaint. Also the re-plan: a new timeline
// (what a slider move brings) to its finished repaint. Not a test: prints median and p95
// (README "Step views").
//
//   build/bench/bench_stepviews [--stages P] [--micro M] [--chunks V] [--all-stages]
//                               [--schedule gpipe|zb_h1] [--strip FILE.png] [--frames DIR]
//
// The re-plan hands the panel a shared timeline, two filled in turn, as the step dock does
// (no copy per move).
//
// --strip: six frames of the play, one under the other, as one PNG; --frames: every 12th frame.
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QElapsedTimer>
#include <QImage>
#include <QPainter>
#include <QTest>
#include <algorithm>
#include <cstdio>
#include <ctime>
#include <memory>
#include <string>
#include <vector>

#include "core/estimate.h"
#include "core/io/presets.h"
#include "core/pipeline.h"
#include "core/timeline/steptimeline.h"
#include "widgets/step/memorytimelineview.h"
#include "widgets/step/stepcursor.h"
#include "widgets/step/steppanel.h"

namespace {

struct Stats
{
    double median = 0, p95 = 0, max = 0;
};

Stats stats(std::vector<double> v)
{
    Stats s;
    if (v.empty())
        return s;
    std::sort(v.begin(), v.end());
    s.median = v[v.size() / 2];
    s.p95 = v[std::min(v.size() - 1, v.size() * 95 / 100)];
    s.max = v.back();
    return s;
}

/// CPU time of this thread, ms: what the work costs, apart from the time other processes
/// take the cores (the shared 2-core machine runs other builds).
double cpuMs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

int intArg(const QStringList& args, const char* name, int fallback)
{
    const qsizetype i = args.indexOf(QString::fromLatin1(name));
    return i >= 0 ? args.value(i + 1).toInt() : fallback;
}

} // namespace

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments();
    // Llama-2-70B on 64 H100 (the README's 3D layout): TP 8, PP 4, 16 micro-batches.
    core::Scenario s;
    if (const core::ModelPreset* p = core::findModelPreset("llama-2-70b"))
        s.model = p->model;
    if (const core::GpuSpec* g = core::findGpuPreset("h100-sxm"))
        s.hardware.gpu = *g;
    s.training.seqLength = 4096;
    s.training.microBatchSize = 1;
    s.training.recompute = core::Recompute::Selective;
    s.parallel.gpus = 64;
    s.parallel.tensor = 8;
    s.parallel.pipeline = intArg(args, "--stages", 4);
    s.parallel.virtualPipeline = intArg(args, "--chunks", 1);
    s.parallel.sequenceParallel = true;
    const int dp = s.parallel.gpus / (s.parallel.tensor * s.parallel.pipeline);
    s.training.globalBatchSize = std::int64_t(intArg(args, "--micro", 16)) * std::max(1, dp);
    const core::Estimate e = core::estimate(s);
    const QString scheduleArg = args.contains(QStringLiteral("--schedule")) ? args.value(args.indexOf(QStringLiteral("--schedule")) + 1) : QString();
    const core::PipelineScheduleKind kind = scheduleArg == QLatin1String("zb_h1") ? core::PipelineScheduleKind::ZeroBubbleH1
        : scheduleArg == QLatin1String("gpipe")                                   ? core::PipelineScheduleKind::GPipe
                                                                                  : core::megatronSchedule(s.parallel.virtualPipeline);
    core::StepTimeline t;
    core::stepTimeline(s, kind, t);
    if (!e.valid || !t.valid) {
        std::fprintf(stderr, "bench_stepviews: the scenario has no valid step timeline\n");
        return 1;
    }
    std::size_t phases = 0;
    for (const core::StageTimeline& st : t.stages)
        phases += st.phases.size();

    StepPanel panel;
    const bool strip = args.contains(QStringLiteral("--strip"));
    panel.resize(strip ? QSize(1600, 640) : QSize(1920, 1080)); // the strip: frames the width of a README
    panel.show();
    if (!QTest::qWaitForWindowExposed(&panel))
        return 1;
    const double formula = kind == core::PipelineScheduleKind::ZeroBubbleH1 ? core::zeroBubbleH1Bubble(int(t.stages.size()), t.microBatches, 1, 1, 1)
                                                                            : core::bubbleFraction(int(t.stages.size()), t.virtualStages, t.microBatches);
    panel.setTimeline(t, e.groups.front().capacityBytes, formula);
    if (args.contains(QStringLiteral("--all-stages")))
        panel.stageCombo()->setCurrentIndex(0);
    QApplication::processEvents();

    StepCursor* cursor = panel.stepCursor();
    // --replan-only: skip the play (to profile the re-plan alone)
    const int frames = args.contains(QStringLiteral("--replan-only")) ? 0 : int(cursor->playSeconds() * 1000 / StepCursor::kFrameMs);
    const QString stripFile = args.value(args.indexOf(QStringLiteral("--strip")) + 1);
    const qsizetype framesArg = args.indexOf(QStringLiteral("--frames"));
    const QString framesDir = framesArg >= 0 ? args.value(framesArg + 1) : QString();
    if (!framesDir.isEmpty())
        QDir().mkpath(framesDir);
    std::vector<QImage> shots;

    // One full play, frame by frame: the clock's advance and the repaint it causes.
    cursor->setPosition(0);
    QApplication::processEvents();
    cursor->play();
    std::vector<double> frameMs, frameCpu;
    QElapsedTimer clock;
    for (int f = 0; f < frames && cursor->isPlaying(); ++f) {
        clock.start();
        const double cpu0 = cpuMs();
        cursor->advance(1000.0 / 60);
        QApplication::sendPostedEvents();
        QApplication::processEvents();
        frameMs.push_back(double(clock.nsecsElapsed()) / 1e6);
        frameCpu.push_back(cpuMs() - cpu0);
        if ((strip && f % (frames / 4) == frames / 8) || (!framesDir.isEmpty() && f % 12 == 0)) {
            const QImage shot = panel.grab().toImage();
            if (!framesDir.isEmpty())
                shot.save(QStringLiteral("%1/frame-%2.png").arg(framesDir).arg(f, 4, 10, QLatin1Char('0')));
            if (strip)
                shots.push_back(shot);
        }
    }
    cursor->pause();

    // Re-planning: a new timeline (another micro-batch count, as a slider gives) to its repaint.
    const int shownStages = int(t.stages.size()), shownChunks = t.virtualStages, shownMicro = t.microBatches;
    const core::Scenario played = s;
    std::vector<double> replanMs, timelineMs, replanCpu;
    std::shared_ptr<core::StepTimeline> buffers[2] = {std::make_shared<core::StepTimeline>(), std::make_shared<core::StepTimeline>()};
    for (int k = 0; k < 60; ++k) {
        s.training.globalBatchSize = std::int64_t(std::max(1, shownMicro - 8 + k % 16)) * std::max(1, dp);
        const std::shared_ptr<core::StepTimeline> next = buffers[k % 2];
        clock.start();
        const double cpu0 = cpuMs();
        core::stepTimeline(s, kind, *next);
        timelineMs.push_back(double(clock.nsecsElapsed()) / 1e6);
        panel.setTimeline(std::shared_ptr<const core::StepTimeline>(next), e.groups.front().capacityBytes, formula);
        QApplication::sendPostedEvents();
        QApplication::processEvents();
        replanMs.push_back(double(clock.nsecsElapsed()) / 1e6);
        replanCpu.push_back(cpuMs() - cpu0);
    }

    (void)played;
    const Stats fs = stats(frameMs), rs = stats(replanMs), ts = stats(timelineMs), fc = stats(frameCpu), rc = stats(replanCpu);
    std::printf("Step views, %d×%d offscreen, %s, PP %d, VPP %d, %d micro-batches, %zu phases, %s\n", panel.width(), panel.height(),
                std::string(core::pipelineScheduleName(kind)).c_str(), shownStages, shownChunks, shownMicro, phases,
                args.contains(QStringLiteral("--all-stages")) ? "every stage" : "stage 0");
    std::printf("%-28s %6s %9s %9s %9s\n", "", "n", "median", "p95", "max");
    std::printf("%-28s %6zu %6.2f ms %6.2f ms %6.2f ms\n", "frame (advance + repaint)", frameMs.size(), fs.median, fs.p95, fs.max);
    std::printf("%-28s %6zu %6.2f ms %6.2f ms %6.2f ms\n", "re-plan (timeline + repaint)", replanMs.size(), rs.median, rs.p95, rs.max);
    std::printf("%-28s %6zu %6.2f ms %6.2f ms %6.2f ms\n", "  of which core::stepTimeline", timelineMs.size(), ts.median, ts.p95, ts.max);
    std::printf("%-28s %6zu %6.2f ms %6.2f ms %6.2f ms\n", "frame, CPU time", frameCpu.size(), fc.median, fc.p95, fc.max);
    std::printf("%-28s %6zu %6.2f ms %6.2f ms %6.2f ms\n", "re-plan, CPU time", replanCpu.size(), rc.median, rc.p95, rc.max);
    if (strip && !shots.empty()) {
        const int w = 1200, h = shots.front().height() * w / shots.front().width();
        QImage out(w, h * int(shots.size()), QImage::Format_RGB32);
        out.fill(Qt::white);
        QPainter p(&out);
        p.setRenderHint(QPainter::SmoothPixmapTransform);
        for (std::size_t i = 0; i < shots.size(); ++i)
            p.drawImage(QRect(0, int(i) * h, w, h), shots[i]);
        p.end();
        std::printf("%s %s\n", out.save(stripFile) ? "wrote" : "could not write", qPrintable(stripFile));
    }
    return 0;
}
