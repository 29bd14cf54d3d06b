// Latency of the explorer window: from a slider's value change to the end of the repaint it
// causes (estimate, every view updated, the whole window painted), over scripted drags across
// each slider's full range. Offscreen, 1920×1080. Not a test: prints median and 95th
// percentile (README "Performance"). Goal: under 8 ms, one 120 Hz frame.
//
//   build/bench/bench_latency [--working] [--no-comparisons]
#include <QApplication>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QSlider>
#include <QTest>
#include <algorithm>
#include <map>
#include <cstdio>
#include <vector>

#include "app/batchcontrols.h"
#include "app/controlspanel.h"
#include "app/hardwarecontrols.h"
#include "app/mainwindow.h"
#include "app/modelcontrols.h"
#include "app/parallelcontrols.h"
#include "app/precisioncontrols.h"
#include "app/scenariocontroller.h"
#include "core/scenario_io.h"
#include "widgets/comparisonview.h"
#include "widgets/valueslider.h"

namespace {

const char* kScenario = R"({
  "schema_version": 1,
  "model": {"preset": "llama-2-70b"},
  "training": {"seq_length": 4096, "micro_batch_size": 1, "global_batch_size": 1024, "train_tokens": 2e12,
               "precision": "mixed_bf16_fp32_grads", "optimizer": "adamw", "zero_stage": 1,
               "recompute": "selective", "flash_attention": true},
  "parallel": {"gpus": 64, "gpus_per_node": 8, "tensor": 8, "pipeline": 4, "sequence_parallel": true},
  "hardware": {"gpu": "h100-sxm", "mfu": 0.4, "price_per_gpu_hour": 2.5, "overhead_factor": 1.3}
})";

/// Counts every event the application delivers, to tell when the event loop has gone idle.
class EventCounter : public QObject
{
public:
    long long count = 0;
    bool eventFilter(QObject*, QEvent*) override
    {
        ++count;
        return false;
    }
};

/// Processes events until a pass delivers none: the estimate, the queued replots and the
/// repaint of every dirty widget have all run.
std::vector<double> g_passMs(8, 0.0); // time per event-loop pass, summed (--passes)

void settle(const EventCounter& counter)
{
    long long before = 0;
    std::size_t pass = 0;
    do {
        before = counter.count;
        QElapsedTimer t;
        t.start();
        QCoreApplication::processEvents(QEventLoop::AllEvents);
        g_passMs[std::min(pass++, g_passMs.size() - 1)] += double(t.nsecsElapsed()) / 1e6;
    } while (counter.count != before);
}

/// Times the outermost handling of each event, by type (--passes): where a move's time goes.
class TimingApplication : public QApplication
{
public:
    using QApplication::QApplication;
    std::map<int, double> msByType;
    bool notify(QObject* receiver, QEvent* event) override
    {
        if (m_depth++ > 0) {
            const bool r = QApplication::notify(receiver, event);
            --m_depth;
            return r;
        }
        QElapsedTimer t;
        t.start();
        const int type = event->type();
        const bool r = QApplication::notify(receiver, event);
        msByType[type] += double(t.nsecsElapsed()) / 1e6;
        --m_depth;
        return r;
    }

private:
    int m_depth = 0;
};

struct Stats
{
    double median = 0, p95 = 0, max = 0;
    std::size_t n = 0;
};

Stats stats(std::vector<double> v)
{
    Stats s;
    if (v.empty())
        return s;
    std::sort(v.begin(), v.end());
    s.n = v.size();
    s.median = v[v.size() / 2];
    s.p95 = v[std::min(v.size() - 1, std::size_t(double(v.size()) * 0.95))];
    s.max = v.back();
    return s;
}

/// Drags `slider` from where it is to its maximum, down to its minimum and back to where it
/// was, in `step`s, timing each move; the next drag starts from the same scenario.
std::vector<double> drag(ValueSlider* control, int step, const EventCounter& counter)
{
    QSlider* slider = control->slider();
    std::vector<double> ms;
    slider->setSliderDown(true); // sliderPressed: the controller merges the drag into one undo step
    settle(counter);
    const int start = slider->value();
    std::vector<int> positions;
    for (int p = start; p < slider->maximum(); p += step)
        positions.push_back(p);
    for (int p = slider->maximum(); p > slider->minimum(); p -= step)
        positions.push_back(p);
    for (int p = slider->minimum(); p <= start; p += step)
        positions.push_back(p);
    positions.push_back(start);
    for (int p : positions) {
        if (p == slider->value())
            continue;
        QElapsedTimer timer;
        timer.start();
        slider->setValue(p);
        settle(counter);
        ms.push_back(double(timer.nsecsElapsed()) / 1e6);
    }
    slider->setSliderDown(false);
    settle(counter);
    return ms;
}

} // namespace

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    TimingApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments();
    const bool working = args.contains(QStringLiteral("--working"));
    const bool comparisons = !args.contains(QStringLiteral("--no-comparisons"));

    MainWindow window;
    const core::ScenarioLoad load = core::loadScenario(kScenario);
    if (!load.ok)
        return 1;
    window.controller()->setScenario(load.scenario);
    window.resize(1920, 1080);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window))
        return 1;
    window.workingDock()->setVisible(working);
    window.controller()->setComparisonsEnabled(comparisons);
    if (!comparisons)
        window.comparisonView()->hide();
    EventCounter counter;
    app.installEventFilter(&counter);
    settle(counter);
    QTest::qWait(500); // first paint and the gauges' first animation out of the way
    settle(counter);

    ControlsPanel* panel = window.controlsPanel();
    struct Drag
    {
        const char* name;
        ValueSlider* slider;
        int step;
    };
    const Drag drags[] = {
        {"model size 1B…2T", panel->modelControls()->sizeSlider(), 10},
        {"sequence length", panel->batchControls()->seqLengthSlider(), 1},
        {"global batch", panel->batchControls()->globalBatchSlider(), 1},
        {"ZeRO stage", panel->precisionControls()->zeroSlider(), 1},
        {"GPUs", panel->parallelControls()->gpusSlider(), 1},
        {"MFU", panel->hardwareControls()->mfuSlider(), 25},
    };
    std::printf("Slider change → finished repaint, 1920×1080 offscreen, working panel %s, comparisons %s\n",
                working ? "shown" : "hidden", comparisons ? "shown" : "hidden");
    std::printf("%-20s %6s %9s %9s %9s\n", "drag", "moves", "median", "p95", "max");
    std::vector<double> all;
    app.msByType.clear();
    for (const Drag& d : drags) {
        const std::vector<double> ms = drag(d.slider, d.step, counter);
        const Stats s = stats(ms);
        std::printf("%-20s %6zu %7.2f ms %6.2f ms %6.2f ms\n", d.name, s.n, s.median, s.p95, s.max);
        if (qEnvironmentVariableIsSet("BENCH_DEBUG"))
            std::printf("   mfu %g seq %lld gb %lld gpus %d\n", window.controller()->scenario().hardware.mfu,
                        (long long)window.controller()->scenario().training.seqLength, (long long)window.controller()->scenario().training.globalBatchSize,
                        window.controller()->scenario().parallel.gpus);
        all.insert(all.end(), ms.begin(), ms.end());
    }
    const Stats s = stats(all);
    std::printf("%-20s %6zu %7.2f ms %6.2f ms %6.2f ms\n", "all", s.n, s.median, s.p95, s.max);
    std::printf("estimates run: %d\n", window.controller()->estimateCount());
    if (args.contains(QStringLiteral("--passes")))
        for (std::size_t i = 0; i < g_passMs.size(); ++i)
            std::printf("event-loop pass %zu: %.2f ms per move\n", i + 1, g_passMs[i] / double(s.n));
    if (args.contains(QStringLiteral("--passes")))
        for (const auto& [type, ms] : app.msByType)
            if (ms / double(s.n) > 0.02)
                std::printf("event type %4d: %.2f ms per move\n", type, ms / double(s.n));
    return 0;
}
