// Frame time of the serving timeline while it plays: the step panel showing a serving run
// (Llama 3 8B on one H100 with vLLM, 128 requests of 2,048 + 2,048 tokens, docs/screenshot-serving.json)
// at 1920×1080 offscreen, one full play at 60 frames per second, each frame the cursor's advance
// and the finished repaint (the block grid is redrawn when the cursor enters another moment).
// Also the re-plan: a new serving timeline (another batch, as a slider gives) to its repaint.
// Not a test: prints median and p95 (README "Serving: the batch filling the KV pool").
//
//   build/bench/bench_servingview [--batch B] [--strip FILE.png]
//
// --strip: four moments of the run, one under the other, as one PNG (the prefill half done, the
// batch filled, the preemption point or the middle of the decode, the peak).
#include <QApplication>
#include <QElapsedTimer>
#include <QImage>
#include <QPainter>
#include <QTest>
#include <algorithm>
#include <cstdio>
#include <ctime>
#include <vector>

#include "core/io/presets.h"
#include "core/timeline/servingtimeline.h"
#include "widgets/step/stepcursor.h"
#include "widgets/step/steppanel.h"

namespace {

struct Stats
{
    double median = 0, p95 = 0;
};

Stats stats(std::vector<double> v)
{
    Stats s;
    if (v.empty())
        return s;
    std::sort(v.begin(), v.end());
    s.median = v[v.size() / 2];
    s.p95 = v[std::min(v.size() - 1, v.size() * 95 / 100)];
    return s;
}

/// CPU time of this thread, ms (the shared machine runs other builds).
double cpuMs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

} // namespace

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments();
    const qsizetype b = args.indexOf(QStringLiteral("--batch"));
    core::Scenario s;
    s.mode = core::Mode::Inference;
    if (const core::ModelPreset* p = core::findModelPreset("llama-3-8b"))
        s.model = p->model;
    if (const core::GpuSpec* g = core::findGpuPreset("h100-sxm"))
        s.hardware.gpu = *g;
    s.parallel.gpus = 1;
    s.inference.weights.format = core::WeightFormat::Bf16;
    s.inference.kvCacheDtype = core::KvCacheDtype::Bf16;
    s.inference.batchSize = b >= 0 ? args.value(b + 1).toLongLong() : 128;
    s.inference.promptLength = 2048;
    s.inference.generatedTokens = 2048;
    core::ServingTimeline t = core::servingTimeline(s);
    if (!t.valid) {
        std::fprintf(stderr, "bench_servingview: the scenario has no serving timeline\n");
        return 1;
    }
    StepPanel panel;
    const qsizetype stripArg = args.indexOf(QStringLiteral("--strip"));
    panel.resize(stripArg >= 0 ? QSize(1600, 460) : QSize(1920, 1080));
    panel.show();
    if (!QTest::qWaitForWindowExposed(&panel))
        return 1;
    panel.setServingTimeline(t);
    QApplication::processEvents();
    StepCursor* cursor = panel.stepCursor();
    if (stripArg >= 0) {
        const double p = double(t.prefillSteps);
        const double third = t.preemptionStep >= 0 ? double(t.preemptionStep) + 0.5 : p + double(t.decodeSteps) / 2;
        std::vector<QImage> shots;
        for (double at : {p / 2, p - 0.5, third, t.length() - 0.5}) {
            cursor->setPosition(at);
            QApplication::processEvents();
            shots.push_back(panel.grab().toImage());
        }
        QImage strip(shots[0].width(), shots[0].height() * int(shots.size()), QImage::Format_RGB32);
        QPainter painter(&strip);
        for (std::size_t k = 0; k < shots.size(); ++k)
            painter.drawImage(0, int(k) * shots[0].height(), shots[k]);
        painter.end();
        const QString file = args.value(stripArg + 1);
        if (!strip.save(file)) {
            std::fprintf(stderr, "bench_servingview: cannot write %s\n", qPrintable(file));
            return 1;
        }
        std::printf("wrote %s\n", qPrintable(file));
        return 0;
    }
    const int frames = int(cursor->playSeconds() * 1000 / StepCursor::kFrameMs);
    cursor->setPosition(0);
    QApplication::processEvents();
    cursor->play();
    std::vector<double> frameMs, frameCpu, replanMs, replanCpu, timelineMs;
    QElapsedTimer clock;
    for (int f = 0; f < frames && cursor->isPlaying(); ++f) {
        clock.start();
        const double cpu0 = cpuMs();
        cursor->advance(1000.0 / 60);
        QApplication::sendPostedEvents();
        QApplication::processEvents();
        frameMs.push_back(double(clock.nsecsElapsed()) / 1e6);
        frameCpu.push_back(cpuMs() - cpu0);
    }
    cursor->pause();
    const std::int64_t shown = s.inference.batchSize;
    for (int k = 0; k < 60; ++k) {
        s.inference.batchSize = std::max<std::int64_t>(1, shown - 8 + k % 16);
        clock.start();
        const double cpu0 = cpuMs();
        core::servingTimeline(s, t);
        timelineMs.push_back(double(clock.nsecsElapsed()) / 1e6);
        panel.setServingTimeline(t);
        QApplication::sendPostedEvents();
        QApplication::processEvents();
        replanMs.push_back(double(clock.nsecsElapsed()) / 1e6);
        replanCpu.push_back(cpuMs() - cpu0);
    }
    const Stats fs = stats(frameMs), fc = stats(frameCpu), rs = stats(replanMs), rc = stats(replanCpu), ts = stats(timelineMs);
    std::printf("Serving timeline, %d×%d offscreen, batch %lld, %zu moments\n", panel.width(), panel.height(), (long long)shown, t.moments.size());
    std::printf("%-30s %6s %9s %9s\n", "", "n", "median", "p95");
    std::printf("%-30s %6zu %6.2f ms %6.2f ms\n", "frame (advance + repaint)", frameMs.size(), fs.median, fs.p95);
    std::printf("%-30s %6zu %6.2f ms %6.2f ms\n", "frame, CPU", frameCpu.size(), fc.median, fc.p95);
    std::printf("%-30s %6zu %6.2f ms %6.2f ms\n", "servingTimeline alone", timelineMs.size(), ts.median, ts.p95);
    std::printf("%-30s %6zu %6.2f ms %6.2f ms\n", "re-plan (timeline + repaint)", replanMs.size(), rs.median, rs.p95);
    std::printf("%-30s %6zu %6.2f ms %6.2f ms\n", "re-plan, CPU", replanCpu.size(), rc.median, rc.p95);
    return 0;
}
