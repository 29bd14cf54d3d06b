// Writing the step view as an animated GIF: the bytes, the time to paint the frames and the
// time to encode them (colour tables, LZW, writing), median of the runs. Offscreen. Not a test
// (README "See a step happen").
//
//   build/bench/bench_gif [FILE.json] [--size 1280x720] [--frames 60] [--fps 20] [--runs 5] [--out FILE.gif]
//   build/bench/bench_gif --present [--size 1920x1080]
//
// Without FILE.json: the built-in scenario (Llama 2 7B on 8 × A100, one stage). --present: the
// presentation window on the seed deck's played scene, one full play at 60 frames a second,
// each frame the cursor's advance and the finished repaint (median and 95th percentile).
#include <QApplication>
#include <QBuffer>
#include <QElapsedTimer>
#include <QFile>
#include <QTest>
#include <algorithm>
#include <cstdio>
#include <vector>

#include "app/slides/decknavigator.h"
#include "app/slides/presentationwindow.h"
#include "app/slides/slidecontent.h"
#include "app/slides/stepscene.h"
#include "app/slides/viewrenderer.h"
#include "app/scenariocontroller.h"
#include "widgets/step/stepcursor.h"
#include "core/io/scenario_io.h"
#include "core/scenario.h"

namespace {

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

double percentile95(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[std::min(v.size() - 1, v.size() * 95 / 100)];
}

/// The presentation on its played scene, one full play frame by frame.
int presentationPlay(QSize size)
{
    PresentationWindow w;
    w.setInteractive(false);
    w.resize(size);
    w.show();
    if (!QTest::qWaitForWindowExposed(&w))
        return 1;
    w.navigator()->goTo(w.navigator()->count() - 1);
    w.controller()->flush();
    QApplication::processEvents();
    StepScene* step = w.stepScene();
    if (!w.showsStep() || !step->hasTimeline()) {
        std::fprintf(stderr, "bench_gif: the last seed scene does not play\n");
        return 1;
    }
    StepCursor* cursor = step->cursor();
    w.toggleStepPlay();
    const int frames = int(cursor->playSeconds() * 1000 / StepCursor::kFrameMs);
    std::vector<double> ms;
    QElapsedTimer clock;
    for (int f = 0; f < frames && cursor->isPlaying(); ++f) {
        clock.start();
        cursor->advance(1000.0 / 60);
        QApplication::sendPostedEvents();
        QApplication::processEvents();
        ms.push_back(double(clock.nsecsElapsed()) / 1e6);
    }
    std::printf("presentation %dx%d, the played scene: %zu frames, frame median %.2f ms, p95 %.2f ms (60 per second: 16.7 ms)\n", size.width(),
                size.height(), ms.size(), median(ms), percentile95(ms));
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const QStringList args = app.arguments();
    auto value = [&](const char* name, const QString& fallback) {
        const qsizetype i = args.indexOf(QLatin1String(name));
        return i >= 0 && i + 1 < args.size() ? args[i + 1] : fallback;
    };
    if (args.contains(QStringLiteral("--present")))
        return presentationPlay(SlideViews::parseSize(value("--size", QStringLiteral("1920x1080"))).value_or(QSize(1920, 1080)));
    core::Scenario scenario = core::defaultScenario();
    if (args.size() > 1 && !args[1].startsWith(QLatin1String("--"))) {
        QFile f(args[1]);
        if (!f.open(QIODevice::ReadOnly))
            return 1;
        const core::ScenarioLoad load = core::loadScenario(f.readAll().toStdString());
        if (!load.ok)
            return 1;
        scenario = load.scenario;
    }
    SlideOptions o;
    o.view = SlideView::Step;
    o.size = SlideViews::parseSize(value("--size", QStringLiteral("1280x720"))).value_or(QSize(1280, 720));
    o.frames = value("--frames", QStringLiteral("60")).toInt();
    o.fps = value("--fps", QStringLiteral("20")).toDouble();
    const int runs = std::max(1, value("--runs", QStringLiteral("5")).toInt());
    const ViewRenderer renderer(SlideContent::fromScenario(scenario), o);
    if (!renderer.isAnimated()) {
        std::fprintf(stderr, "bench_gif: the scenario has no drawn step\n");
        return 1;
    }
    std::vector<double> render, encode;
    QByteArray gif;
    ViewRenderer::AnimationStats stats;
    for (int r = 0; r < runs; ++r) {
        gif.clear();
        QBuffer buffer(&gif);
        buffer.open(QIODevice::WriteOnly);
        if (!renderer.writeGif(&buffer, &stats))
            return 1;
        render.push_back(stats.renderMs);
        encode.push_back(stats.encodeMs);
    }
    std::printf("%dx%d, %d frames at %g fps: %lld bytes (%.1f KiB), %d of %d frames quantized\n", o.size.width(), o.size.height(), stats.frames, o.fps,
                static_cast<long long>(stats.bytes), double(stats.bytes) / 1024, stats.quantizedFrames, stats.frames);
    std::printf("median of %d runs: painting %.1f ms (%.2f ms a frame), encoding %.1f ms (%.2f ms a frame)\n", runs, median(render),
                median(render) / stats.frames, median(encode), median(encode) / stats.frames);
    const QString out = value("--out", QString());
    if (!out.isEmpty()) {
        QFile f(out);
        if (!f.open(QIODevice::WriteOnly) || f.write(gif) != gif.size())
            return 1;
    }
    return 0;
}
