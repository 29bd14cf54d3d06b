// Latency of the explorer window: from a slider's value change to the end of the repaint it
// causes (estimate, every view updated, the whole window painted), over scripted drags across
// each slider's full range. Offscreen, 1920×1080. Not a test: prints median and 95th
// percentile (README "Performance"). Goal: under 8 ms, one 120 Hz frame.
//
//   build/bench/bench_latency [--mode train|inference|finetune] [--working] [--no-comparisons]
//                             [--step] [--passes] [--tail] [--only NAME]
//
// --step: with the step dock shown (the schedule and the memory timeline re-planned each move).
// Each move is then also timed to the end of the main chart's last repaint ("main chart") and
// to the end of the step views' last repaint ("step views"): the window is finished when both
// are. CPU time of the GUI thread per move is printed beside the wall time (a shared machine);
// the re-plan runs on the step planner's thread, so it is in the wall time, not the CPU time.
//
// --passes: time per event-loop pass and per event type; --tail: the same by event type for
// the slowest 5 % of moves (where the 95th percentile comes from).
// QCustomPlot 2.1 uses foreach, which the build disables (QT_NO_FOREACH): include it first, with the macro lifted.
#undef QT_NO_FOREACH
#include <qcustomplot.h>
#undef foreach
#define QT_NO_FOREACH

#include <QApplication>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QPaintEvent>
#include <QSlider>
#include <QTest>
#include <QThread>
#include <algorithm>
#include <map>
#include <string>
#include <cstdio>
#include <ctime>
#include <set>
#include <vector>

#include "app/controls/batchcontrols.h"
#include "app/controls/controlspanel.h"
#include "app/controls/finetunecontrols.h"
#include "app/controls/hardwarecontrols.h"
#include "app/controls/inferencecontrols.h"
#include "app/mainwindow.h"
#include "app/controls/modelcontrols.h"
#include "app/controls/parallelcontrols.h"
#include "app/controls/precisioncontrols.h"
#include "app/controls/rlcontrols.h"
#include "app/scenariocontroller.h"
#include "app/step/stepdock.h"
#include "core/io/scenario_io.h"
#include "widgets/charts/comparisonview.h"
#include "widgets/charts/memorychart.h"
#include "widgets/step/memorytimelineview.h"
#include "widgets/step/scheduleview.h"
#include "widgets/step/servingtimelineview.h"
#include "widgets/step/steppanel.h"
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

// --mode inference: the README's serving screenshot (Llama 3 70B, FP8, TP 8 on 8 H100).
const char* kServingScenario = R"({
  "schema_version": 1, "mode": "inference", "model": {"preset": "llama-3-70b"},
  "inference": {"weight_format": "fp8", "kv_cache_dtype": "bf16", "batch_size": 32, "prompt_length": 4096, "generated_tokens": 1024},
  "parallel": {"gpus": 8, "gpus_per_node": 8, "tensor": 8}, "hardware": {"gpu": "h100-sxm", "mfu": 0.4}
})";

// --mode finetune: the seeds' 7B GRPO on 8 × A100 (LoRA, ZeRO-3, colocated rollout).
const char* kGrpoScenario = R"({
  "schema_version": 1, "mode": "finetune", "model": {"preset": "llama-2-7b"},
  "training": {"seq_length": 2560, "micro_batch_size": 1, "global_batch_size": 64, "train_tokens": 1e8,
               "precision": "mixed_16", "optimizer": "adamw", "zero_stage": 3, "recompute": "full"},
  "finetune": {"method": "lora", "lora_rank": 16, "lora_targets": ["q", "k", "v", "o"],
               "rl": {"algorithm": "grpo", "samples_per_prompt": 8, "prompt_length": 512, "max_new_tokens": 2048}},
  "parallel": {"gpus": 8}, "hardware": {"gpu": "a100-80gb"}
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

/// Processes events until a pass delivers none and the step dock has no plan in flight on
/// its thread: the estimate, the queued replots, the re-plan and the repaint of every dirty
/// widget have all run.
std::vector<double> g_passMs(8, 0.0); // time per event-loop pass, summed (--passes)
const StepDock* g_dock = nullptr;

void settle(const EventCounter& counter)
{
    long long before = 0;
    std::size_t pass = 0;
    for (;;) {
        before = counter.count;
        QElapsedTimer t;
        t.start();
        QCoreApplication::processEvents(QEventLoop::AllEvents);
        g_passMs[std::min(pass++, g_passMs.size() - 1)] += double(t.nsecsElapsed()) / 1e6;
        if (counter.count != before)
            continue;
        if (!g_dock || !g_dock->replanPending())
            break;
        // idle here, the plan still being made on the planner's thread: wait for its result
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    }
}

/// CPU time of this thread, ms: the work itself, apart from the time other processes take the
/// cores of the shared machine.
double cpuMs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

/// Times the outermost handling of each event, by type (--passes): where a move's time goes.
class TimingApplication : public QApplication
{
public:
    using QApplication::QApplication;
    /// Widgets whose paint events end a phase of the move: when the last one ended, from the
    /// move's start (ms; < 0: not painted in this move).
    std::set<const QObject*> mainChart, stepViews;
    QElapsedTimer moveClock;
    double mainPaintedMs = -1, stepPaintedMs = -1;
    std::map<int, double> msByType;
    std::map<std::string, double> paintMsByClass; ///< paint events at any depth, by widget class
    std::map<std::string, double> paintPixelsByClass;
    std::map<std::string, int> resizesByClass; ///< resize and move events (--passes): what layouts moved
    bool notify(QObject* receiver, QEvent* event) override
    {
        // the step planner's thread delivers its own events: not the GUI thread's to time (and
        // m_depth is the GUI thread's)
        if (QThread::currentThread() != thread())
            return QApplication::notify(receiver, event);
        if (m_depth++ > 0) {
            QElapsedTimer t;
            t.start();
            const bool paint = event->type() == QEvent::Paint;
            const bool r = QApplication::notify(receiver, event);
            if (paint && moveClock.isValid()) {
                if (mainChart.count(receiver))
                    mainPaintedMs = double(moveClock.nsecsElapsed()) / 1e6;
                else if (stepViews.count(receiver))
                    stepPaintedMs = double(moveClock.nsecsElapsed()) / 1e6;
            }
            if (event->type() == QEvent::Resize || event->type() == QEvent::Move) {
                std::string name = receiver->metaObject()->className();
                if (receiver->parent())
                    name += std::string(" in ") + receiver->parent()->metaObject()->className();
                resizesByClass[name] += 1;
            }
            if (paint) {
                // A plain QWidget is named by its parent (a view's viewport, a scroll area's content).
                std::string name = receiver->metaObject()->className();
                if (name == "QWidget" && receiver->parent())
                    name += std::string(" in ") + receiver->parent()->metaObject()->className();
                if (name == "QScrollBar" && receiver->parent() && receiver->parent()->parent())
                    name += std::string(" of ") + receiver->parent()->parent()->metaObject()->className();
                paintMsByClass[name] += double(t.nsecsElapsed()) / 1e6;
                const QRect r = static_cast<QPaintEvent*>(event)->region().boundingRect();
                paintPixelsByClass[name] += double(r.width()) * r.height();
            }
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

/// One move's time per event type (--tail).
struct Move
{
    double ms = 0;
    std::map<int, double> byType;
    std::map<std::string, double> paintByClass;
};
std::vector<Move> g_moves;
TimingApplication* g_app = nullptr;
std::vector<double> g_mainMs, g_stepMs, g_cpuMs; // per move (--step: the two phases of a move)

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
        const std::map<int, double> before = g_app->msByType;
        const std::map<std::string, double> paintBefore = g_app->paintMsByClass;
        QElapsedTimer timer;
        timer.start();
        g_app->moveClock.start();
        g_app->mainPaintedMs = g_app->stepPaintedMs = -1;
        const double cpu0 = cpuMs();
        slider->setValue(p);
        settle(counter);
        ms.push_back(double(timer.nsecsElapsed()) / 1e6);
        g_cpuMs.push_back(cpuMs() - cpu0);
        if (g_app->mainPaintedMs >= 0)
            g_mainMs.push_back(g_app->mainPaintedMs);
        if (g_app->stepPaintedMs >= 0)
            g_stepMs.push_back(g_app->stepPaintedMs);
        Move move{ms.back(), {}, {}};
        for (const auto& [type, total] : g_app->msByType)
            move.byType[type] = total - (before.count(type) ? before.at(type) : 0.0);
        for (const auto& [name, total] : g_app->paintMsByClass)
            move.paintByClass[name] = total - (paintBefore.count(name) ? paintBefore.at(name) : 0.0);
        g_moves.push_back(std::move(move));
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
    g_app = &app;
    const QStringList args = QCoreApplication::arguments();
    const bool working = args.contains(QStringLiteral("--working"));
    const bool comparisons = !args.contains(QStringLiteral("--no-comparisons"));
    const bool stepShown = args.contains(QStringLiteral("--step"));

    MainWindow window;
    const qsizetype modeArg = args.indexOf(QStringLiteral("--mode"));
    const QString mode = modeArg >= 0 ? args.value(modeArg + 1) : QStringLiteral("train");
    const char* scenario = mode == QLatin1String("inference") ? kServingScenario : mode == QLatin1String("finetune") ? kGrpoScenario : kScenario;
    const core::ScenarioLoad load = core::loadScenario(scenario);
    if (!load.ok)
        return 1;
    window.controller()->setScenario(load.scenario);
    window.resize(1920, 1080);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window))
        return 1;
    window.workingDock()->setVisible(working);
    window.stepDock()->setVisible(stepShown);
    window.controller()->setComparisonsEnabled(comparisons);
    if (!comparisons)
        window.comparisonView()->hide();
    // Replot time of each chart (--passes): QCustomPlot measures its own replots.
    std::map<std::string, std::pair<double, int>> replots;
    const std::pair<const char*, MemoryChart*> charts[] = {{"main chart", window.memoryChart()},
                                                           {"first comparison", window.comparisonView()->chart(ComparisonView::First)},
                                                           {"second comparison", window.comparisonView()->chart(ComparisonView::Second)}};
    for (const auto& [name, chart] : charts)
        QObject::connect(chart->plot(), &QCustomPlot::afterReplot, chart, [&replots, name = std::string(name), plot = chart->plot()] {
            replots[name].first += plot->replotTime();
            replots[name].second += 1;
        });
    app.mainChart.insert(window.memoryChart()->plot());
    app.stepViews.insert(window.stepDock()->panel()->scheduleView());
    app.stepViews.insert(window.stepDock()->panel()->memoryView());
    app.stepViews.insert(window.stepDock()->panel()->servingView()); // --mode inference: the serving run
    g_dock = window.stepDock();
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
    std::vector<Drag> drags = {
        {"model size 1B…2T", panel->modelControls()->sizeSlider(), 10},
        {"sequence length", panel->batchControls()->seqLengthSlider(), 1},
        {"global batch", panel->batchControls()->globalBatchSlider(), 1},
        {"ZeRO stage", panel->precisionControls()->zeroSlider(), 1},
        {"GPUs", panel->parallelControls()->gpusSlider(), 1},
        {"MFU", panel->hardwareControls()->mfuSlider(), 25},
    };
    if (mode == QLatin1String("inference"))
        drags = {
            {"model size 1B…2T", panel->modelControls()->sizeSlider(), 10},
            {"batch", panel->inferenceControls()->batchSlider(), 1},
            {"prompt", panel->inferenceControls()->promptSlider(), 1},
            {"generated", panel->inferenceControls()->generatedSlider(), 1},
            {"GPUs", panel->parallelControls()->gpusSlider(), 1},
            {"MFU", panel->hardwareControls()->mfuSlider(), 25},
        };
    else if (mode == QLatin1String("finetune"))
        drags = {
            {"model size 1B…2T", panel->modelControls()->sizeSlider(), 10},
            {"LoRA rank", panel->fineTuneControls()->rankSlider(), 1},
            {"samples per prompt", panel->rlControls()->samplesSlider(), 1},
            {"new tokens", panel->rlControls()->newTokensSlider(), 1},
            {"rollout memory", panel->rlControls()->memoryFractionSlider(), 25},
            {"ZeRO stage", panel->precisionControls()->zeroSlider(), 1},
            {"GPUs", panel->parallelControls()->gpusSlider(), 1},
        };
    std::printf("Slider change → finished repaint, 1920×1080 offscreen, %s mode, working panel %s, comparisons %s, step dock %s\n",
                qPrintable(mode), working ? "shown" : "hidden", comparisons ? "shown" : "hidden", stepShown ? "shown" : "hidden");
    std::printf("%-20s %6s %9s %9s %9s\n", "drag", "moves", "median", "p95", "max");
    std::vector<double> all;
    app.msByType.clear();
    app.paintMsByClass.clear();
    app.paintPixelsByClass.clear();
    app.resizesByClass.clear();
    // --only NAME: just the drags whose name starts with NAME (to profile one of them).
    const qsizetype only = args.indexOf(QStringLiteral("--only"));
    const QString onlyName = only >= 0 ? args.value(only + 1) : QString();
    for (const Drag& d : drags) {
        if (!onlyName.isEmpty() && !QString::fromUtf8(d.name).startsWith(onlyName))
            continue;
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
    // the same moves, to the end of the main chart's repaint and of the step views' repaint
    const Stats main = stats(g_mainMs), step = stats(g_stepMs), cpu = stats(g_cpuMs);
    std::printf("%-20s %6zu %7.2f ms %6.2f ms %6.2f ms\n", "  main chart painted", main.n, main.median, main.p95, main.max);
    if (stepShown)
        std::printf("%-20s %6zu %7.2f ms %6.2f ms %6.2f ms\n", "  step views painted", step.n, step.median, step.p95, step.max);
    std::printf("%-20s %6zu %7.2f ms %6.2f ms %6.2f ms\n", "  CPU time per move", cpu.n, cpu.median, cpu.p95, cpu.max);
    std::printf("estimates run: %d\n", window.controller()->estimateCount());
    if (stepShown) { // how many of the step views' pictures were drawn on the step planner's thread
        const StepPanel* sp = window.stepDock()->panel();
        std::printf("step pictures drawn on the planner's thread and shown: schedule %llu, memory %llu, serving %llu\n",
                    (unsigned long long)sp->scheduleView()->adoptedCount(), (unsigned long long)sp->memoryView()->adoptedCount(),
                    (unsigned long long)sp->servingView()->adoptedCount());
    }
    if (args.contains(QStringLiteral("--passes")))
        for (std::size_t i = 0; i < g_passMs.size(); ++i)
            std::printf("event-loop pass %zu: %.2f ms per move\n", i + 1, g_passMs[i] / double(s.n));
    if (args.contains(QStringLiteral("--passes")))
        for (const auto& [type, ms] : app.msByType)
            if (ms / double(s.n) > 0.02)
                std::printf("event type %4d: %.2f ms per move\n", type, ms / double(s.n));
    if (args.contains(QStringLiteral("--passes")))
        for (const auto& [name, r] : replots)
            std::printf("replot %-27s %.2f ms per move (%d replots)\n", name.c_str(), r.first / double(s.n), r.second);
    if (args.contains(QStringLiteral("--passes")))
        for (const auto& [name, ms] : app.paintMsByClass)
            if (ms / double(s.n) > 0.02)
                std::printf("paint %-28s %.2f ms per move, %.0f kpixels\n", name.c_str(), ms / double(s.n),
                            app.paintPixelsByClass[name] / double(s.n) / 1e3);
    if (args.contains(QStringLiteral("--passes")))
        for (const auto& [name, n] : app.resizesByClass)
            if (n >= int(s.n) / 4)
                std::printf("moved or resized: %-40s %d times\n", name.c_str(), n);
    if (args.contains(QStringLiteral("--tail"))) {
        // Event types (QEvent::Type): 1 timer (the estimate and every view's update), 43 queued
        // calls (chart replots), 76 layout requests, 77 update requests (painting).
        std::sort(g_moves.begin(), g_moves.end(), [](const Move& a, const Move& b) { return a.ms > b.ms; });
        const std::size_t tail = std::max<std::size_t>(1, g_moves.size() / 20);
        std::map<int, double> sum;
        std::map<std::string, double> paint;
        for (std::size_t i = 0; i < tail; ++i) {
            for (const auto& [type, ms] : g_moves[i].byType)
                sum[type] += ms;
            for (const auto& [name, ms] : g_moves[i].paintByClass)
                paint[name] += ms;
        }
        std::printf("slowest %zu moves (from %.2f ms):\n", tail, g_moves[tail - 1].ms);
        for (const auto& [type, ms] : sum)
            if (ms / double(tail) > 0.05)
                std::printf("event type %4d: %.2f ms per move\n", type, ms / double(tail));
        for (const auto& [name, ms] : paint)
            if (ms / double(tail) > 0.05)
                std::printf("paint %-28s %.2f ms per move\n", name.c_str(), ms / double(tail));
    }
    return 0;
}
