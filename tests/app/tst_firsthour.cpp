// Issue 31, "the first hour": what a student, a teacher and an engineer tripped on, each driven
// here with the same input on the real widgets (wheel, clicks, keys), each failing before its fix.
#include <QtTest>

#include <QAbstractSlider>
#include <QComboBox>
#include <QHeaderView>
#include <QMenuBar>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QTableView>
#include <QTabBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QToolButton>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QScrollBar>
#include <QSlider>
#include <QUndoStack>
#include <QWheelEvent>
#include <QTemporaryDir>
#include <QTimer>
#include <QRegularExpression>

#include <qcustomplot.h>

#include "app/advice/advicedock.h"
#include "app/controls/controlspanel.h"
#include "app/controls/modelcontrols.h"
#include "app/controls/modeselector.h"
#include "app/documents/documentcontroller.h"
#include "app/drills/drillpage.h"
#include "app/explorerpages.h"
#include "app/help/guidedialog.h"
#include "app/help/shortcutsdialog.h"
#include "app/languagemanager.h"
#include "app/mainwindow.h"
#include "app/planner/plannercontroller.h"
#include "app/planner/plannerview.h"
#include "core/plan/planner.h"
#include "widgets/plan/plantablemodel.h"
#include "app/slides/exportdialog.h"
#include "app/slides/decknavigator.h"
#include "app/slides/presentationcontrols.h"
#include "app/slides/presentationwindow.h"
#include "core/figures/figures.h"
#include "app/step/stepdock.h"
#include "app/scenariocontroller.h"
#include "app/viewoptions.h"
#include "core/comparison.h"
#include "core/io/scenario_io.h"
#include "core/rules/rules.h"
#include "widgets/advice/advicepanel.h"
#include "widgets/charts/componentpalette.h"
#include "widgets/advice/remedybutton.h"
#include "widgets/charts/comparisonview.h"
#include "widgets/charts/memorychart.h"
#include "widgets/charts/rooflineview.h"
#include "widgets/gauges/gauge.h"
#include "widgets/gauges/gaugepanel.h"
#include "widgets/lab/lossscalingview.h"
#include "widgets/lab/numberformatlab.h"
#include "widgets/plan/feasibilityheatmap.h"
#include "widgets/plan/layoutcomparison.h"
#include "widgets/step/schedulepicture.h"
#include "widgets/step/scheduleview.h"
#include "widgets/step/steppanel.h"
#include "widgets/valueslider.h"
#include "widgets/working/workingtext.h"
#include "core/io/presets.h"
#include "core/working.h"

Q_DECLARE_METATYPE(core::Scenario)

namespace {

/// The panel's slider of `key` (its "field" property).
ValueSlider* sliderOf(QWidget* panel, const char* key)
{
    for (ValueSlider* s : panel->findChildren<ValueSlider*>())
        if (s->property("field").toString() == QLatin1String(key))
            return s;
    return nullptr;
}

/// `notches` notches of the wheel rolled down with the pointer over `target`'s centre, as a mouse
/// sends them: a spontaneous event to the deepest widget under the pointer (what QWidgetWindow
/// picks), which QApplication hands on to its parents while they ignore it. (A posted or sent
/// QWheelEvent is not spontaneous, and Qt does not propagate those.)
void rollWheel(QWidget* target, int notches)
{
    QWidget* window = target->window();
    const QPoint global = target->mapToGlobal(target->rect().center());
    for (int i = 0; i < notches; ++i) {
        QWidget* under = window->childAt(window->mapFromGlobal(global));
        if (!under)
            under = window;
        const QPointF local = under->mapFromGlobal(QPointF(global));
        QWheelEvent wheel(local, QPointF(global), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
        QSpontaneKeyEvent::setSpontaneous(&wheel);
        QApplication::instance()->notify(under, &wheel);
        QCoreApplication::processEvents();
    }
}

core::Scenario load(const char* json)
{
    const core::ScenarioLoad l = core::loadScenario(json);
    if (!l.ok)
        for (const core::Issue& i : l.issues)
            qWarning("test scenario: %s", core::describe(i).c_str());
    if (!l.ok)
        qFatal("test scenario does not load");
    return l.scenario;
}

/// Seed 2's 7B on 8 A100s, ZeRO-1: 112 / 38.5 / 26.25 / 14 GB of model states by stage.
core::Scenario textbook7b()
{
    return load(R"({"schema_version": 1, "model": {"preset": "textbook-7b"},
        "training": {"seq_length": 2048, "micro_batch_size": 1, "global_batch_size": 64, "precision": "mixed_16",
                     "optimizer": "adam", "zero_stage": 1, "recompute": "full"}, "parallel": {"gpus": 8}, "hardware": {"gpu": "a100-80gb"}})");
}

/// The number a bar label's line starts with ("57.8" of "57.8 GB", of "needs 57.8 GB").
double leadingNumber(const QString& line)
{
    static const QRegularExpression number(QStringLiteral("([0-9][0-9,]*(\\.[0-9]+)?)"));
    const QRegularExpressionMatch m = number.match(line);
    return m.hasMatch() ? QLocale(QLocale::English).toDouble(m.captured(1)) : -1;
}

/// Shows the window at `size` and waits until it is on screen.
void showAt(MainWindow& w, const QSize& size)
{
    w.keepSize();
    w.resize(size);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
}

} // namespace

class TestFirstHour : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }

    // Item 1: rolling the wheel over the Scenario panel scrolls it and edits nothing; a control
    // takes the wheel once it has the focus (clicked or tabbed to).
    void theWheelScrollsThePanelInsteadOfEditing()
    {
        MainWindow w;
        w.keepSize();
        w.resize(1280, 720);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        ControlsPanel* panel = w.controlsPanel();
        const core::Scenario before = w.controller()->scenario();
        const int undoSteps = w.controller()->undoStack()->count();
        QScrollBar* bar = panel->verticalScrollBar();
        QVERIFY2(bar->maximum() > 0, "the panel must scroll at 1280 × 720 for this test to mean anything");
        // The same path as the pointer resting on the batch controls while the wheel turns: the
        // slider's groove, then the spin box's text (the widget under the pointer is its line edit).
        ValueSlider* batch = sliderOf(panel, "training.global_batch_size");
        ValueSlider* tokens = sliderOf(panel, "training.train_tokens");
        QVERIFY(batch && tokens);
        for (ValueSlider* s : {batch, tokens}) {
            panel->ensureWidgetVisible(s, 0, 0);
            QCoreApplication::processEvents();
            const int scrolled = bar->value();
            QWidget* under = w.childAt(w.mapFromGlobal(s->slider()->mapToGlobal(s->slider()->rect().center())));
            QVERIFY2(under == s->slider(), under ? under->metaObject()->className() : "nothing");
            rollWheel(s->slider(), 5);
            QVERIFY2(bar->value() > scrolled || bar->value() == bar->maximum(), "the panel scrolls");
            rollWheel(s->spinBox()->findChild<QLineEdit*>(), 5);
        }
        for (QComboBox* box : panel->findChildren<QComboBox*>())
            if (box->isVisibleTo(panel))
                rollWheel(box, 2);
        QCoreApplication::processEvents();
        w.controller()->flush();
        QCOMPARE(w.controller()->scenario(), before);
        QCOMPARE(w.controller()->undoStack()->count(), undoSteps);
        // Clicked (focused), the slider takes the wheel: one notch, one step down the batch sizes.
        panel->ensureWidgetVisible(batch, 0, 0);
        QCoreApplication::processEvents();
        batch->slider()->setFocus(Qt::MouseFocusReason);
        QVERIFY(batch->slider()->hasFocus());
        const double was = batch->value();
        rollWheel(batch->slider(), 1);
        w.controller()->flush();
        QVERIFY2(w.controller()->scenario().training.globalBatchSize != std::int64_t(was), "a focused slider still takes the wheel");
    }

    // Item 3: every bar's label is its height. The ZeRO and fine-tuning comparisons printed the
    // model states over a bar of another height ("ZeRO-1 (now) 37.06 GB" over 57.8 GB; a LoRA bar
    // of ~117 GB over capacity read "17.38" in red); now the total leads and the states say "states".
    void everyComparisonBarIsLabelledWithItsHeight_data()
    {
        QTest::addColumn<core::Scenario>("scenario");
        QTest::newRow("default training") << core::Scenario{};
        QTest::newRow("seed 2, 7B on 8 A100s") << textbook7b();
        // A full fine-tune of 7B on one A100 80GB: Full over capacity (16 B/param = 112 GB of states alone).
        QTest::newRow("fine-tuning 7B on one GPU") << load(R"({"schema_version": 1, "mode": "finetune", "model": {"preset": "llama-2-7b"},
            "training": {"seq_length": 4096, "global_batch_size": 8, "recompute": "none"}, "finetune": {"method": "lora"},
            "parallel": {"gpus": 1}, "hardware": {"gpu": "a100-80gb"}})");
    }
    void everyComparisonBarIsLabelledWithItsHeight()
    {
        QFETCH(core::Scenario, scenario);
        MainWindow w;
        showAt(w, QSize(1920, 1080));
        w.controller()->setScenario(scenario);
        w.controller()->flush();
        QCoreApplication::processEvents();
        for (const ComparisonView::Slot slot : {ComparisonView::First, ComparisonView::Second}) {
            MemoryChart* chart = w.comparisonView()->chart(slot);
            const bool statesVaried = w.comparisonView()->variation(slot) == core::Variation::ZeroStage
                || w.comparisonView()->variation(slot) == core::Variation::FineTuneMethod;
            chart->renderImage(chart->size()); // lay the labels out at the chart's size
            for (int g = 0; g < chart->groupCount(); ++g) {
                const double total = chart->barTotalBytes(g);
                if (total <= 0)
                    continue; // a variant that does not exist
                const QString label = chart->barLabelText(g);
                const QStringList lines = label.split(QLatin1Char('\n'));
                // The first figure is the bar's height, to the label's one decimal.
                QVERIFY2(std::abs(leadingNumber(lines.value(0)) - total / 1e9) < 0.051, qPrintable(QStringLiteral("%1 for %2").arg(label).arg(total / 1e9)));
                // Over capacity it is red and it is the total, never the states.
                QVERIFY2(!lines.value(0).contains(QStringLiteral("states")), qPrintable(label));
                if (statesVaried) {
                    QVERIFY2(label.contains(QStringLiteral("states")), qPrintable(label));
                    // bytesExact: two decimals, one from 100 on
                    const double states = chart->modelStatesBytes(g) / 1e9;
                    QVERIFY2(std::abs(leadingNumber(lines.mid(1).join(QLatin1Char(' '))) - states) < (states >= 100 ? 0.051 : 0.0051),
                             qPrintable(QStringLiteral("%1: states %2").arg(QString(label).replace(QLatin1Char('\n'), QStringLiteral(" | "))).arg(chart->modelStatesBytes(g) / 1e9)));
                }
            }
        }
    }

    // Item 3, the textbook view: ZeRO-2/3's model states (26.25 and 14 GB) are written where a
    // student looks, on the bracket or under the total, also when the bracket is short; and the
    // No-ZeRO bar, which peaks at the optimizer step (activations freed), says which moment it is.
    void textbookViewNamesTheStatesAndTheMoment()
    {
        MainWindow w;
        showAt(w, QSize(1280, 720));
        ScenarioController* c = w.controller();
        c->setScenario(textbook7b());
        c->flush();
        w.viewOptions()->textbookAction()->trigger();
        const char* const table[] = {"112", "38.5", "26.25", "14"};
        for (int stage = 0; stage < 4; ++stage) {
            // Ctrl+0 … Ctrl+3: Scenario ▸ ZeRO stage, as a teacher steps through them.
            QTest::keyClick(&w, Qt::Key(Qt::Key_0 + stage), Qt::ControlModifier);
            c->flush();
            QCoreApplication::processEvents();
            MemoryChart* chart = w.memoryChart();
            chart->renderImage(chart->size());
            const QString figure = QStringLiteral("states %1 GB").arg(QLatin1String(table[stage]));
            QVERIFY2(chart->modelStatesOnBracket(0) || chart->barLabelText(0).contains(figure),
                     qPrintable(QStringLiteral("stage %1: label \"%2\", bracket \"%3\"").arg(stage).arg(chart->barLabelText(0), chart->modelStatesText(0))));
        }
        MemoryChart* zero = w.comparisonView()->zeroChart();
        core::Comparisons comparisons;
        core::compare(c->scenario(), comparisons);
        const core::Estimate& noZero = comparisons[0].estimates[0];
        QCOMPARE(int(noZero.fullest().peakMoment), int(core::StepMoment::Optimizer));
        QCOMPARE(zero->groupDetail(0), QStringLiteral("optimizer-step peak"));
        // Each bar says its moment when they differ (ZeRO-1…3 peak while the activations live),
        // under its name where the chart has the height (here at 1920 × 1080).
        for (int stage = 1; stage < 4; ++stage)
            QVERIFY2(zero->groupDetail(stage).endsWith(QStringLiteral(" peak")), qPrintable(zero->groupDetail(stage)));
        w.resize(1920, 1080);
        QCoreApplication::processEvents();
        zero->renderImage(zero->size());
        QVERIFY2(zero->tickLabelText(0).contains(QStringLiteral("peak")), qPrintable(zero->tickLabelText(0)));
    }

    // Item 4: "This layout cannot run" at the first-start size with the working open: the whole box
    // inside the chart, opaque, nothing drawn through it (bar labels and level marks were).
    void theCannotRunBoxIsReadable_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::newRow("1280x720") << QSize(1280, 720);
        QTest::newRow("1920x1080") << QSize(1920, 1080);
    }
    void theCannotRunBoxIsReadable()
    {
        QFETCH(QSize, size);
        MainWindow w;
        showAt(w, size);
        w.showWorking();
        // TP 3 with 32 heads, typed into the TP spin box as a user would.
        ValueSlider* tp = sliderOf(w.controlsPanel(), "parallel.tensor");
        QVERIFY(tp);
        tp->spinBox()->setFocus();
        tp->spinBox()->selectAll();
        QTest::keyClicks(tp->spinBox(), QStringLiteral("3"));
        QTest::keyClick(tp->spinBox(), Qt::Key_Return);
        w.controller()->flush();
        QCoreApplication::processEvents();
        QCOMPARE(w.controller()->scenario().parallel.tensor, 3);
        QList<MemoryChart*> charts{w.memoryChart(), w.comparisonView()->zeroChart(), w.comparisonView()->recomputeChart()};
        for (MemoryChart* chart : charts) {
            QVERIFY(chart->isShowingInvalid());
            const QSize plotSize = chart->size();
            const QImage drawn = chart->renderImage(plotSize);
            const QRectF box = chart->invalidMessageRect();
            QVERIFY(!box.isEmpty());
            QVERIFY2(QRectF(QPointF(0, 0), QSizeF(plotSize)).contains(box),
                     qPrintable(QStringLiteral("box %1,%2 %3×%4 in a %5×%6 chart").arg(box.x()).arg(box.y()).arg(box.width()).arg(box.height()).arg(plotSize.width()).arg(plotSize.height())));
            // The same message over no bars at all: inside the box every pixel is the same, so
            // nothing of the chart shows through it.
            MemoryChart empty;
            empty.resize(chart->size());
            empty.setInvalid(chart->invalidMessage());
            empty.show();
            QVERIFY(QTest::qWaitForWindowExposed(&empty));
            const QImage alone = empty.renderImage(plotSize);
            QCOMPARE(empty.invalidMessageRect(), box);
            const QRect inner = box.toAlignedRect().adjusted(2, 2, -2, -2);
            QCOMPARE(drawn.copy(inner), alone.copy(inner));
        }
    }

    // Item 4: the box says "the bars show the last valid scenario" only when there is one: a
    // scenario opened invalid (a file, a drill) has no bars to show.
    void theCannotRunBoxPromisesOnlyBarsItShows()
    {
        MainWindow w;
        core::Scenario invalid = core::defaultScenario();
        invalid.parallel.tensor = 3; // 32 heads, 8 GPUs: neither divides
        w.controller()->setScenario(invalid);
        w.controller()->flush();
        QVERIFY(!w.controller()->estimate().valid);
        QVERIFY(!w.controller()->lastValidEstimate().valid);
        QVERIFY(w.memoryChart()->isShowingInvalid());
        QVERIFY2(!w.memoryChart()->invalidMessage().contains(QStringLiteral("last valid")), qPrintable(w.memoryChart()->invalidMessage()));
        w.controller()->setScenario(core::defaultScenario());
        w.controller()->flush();
        QVERIFY(w.controller()->estimate().valid);
        w.controller()->setScenario(invalid);
        w.controller()->flush();
        QVERIFY2(w.memoryChart()->invalidMessage().contains(QStringLiteral("The bars show the last valid scenario.")),
                 qPrintable(w.memoryChart()->invalidMessage()));
    }

    // Item 5: serving comparisons with vLLM reserving the card read 79.0 GB on every bar; they say
    // what the request needs, the reserved pool is its own hatched segment, and serving bars have
    // no "model states" bracket.
    void servingComparisonsShowWhatTheRequestNeeds()
    {
        MainWindow w;
        showAt(w, QSize(1920, 1080));
        ScenarioController* c = w.controller();
        c->setScenario(load(R"({"schema_version": 1, "mode": "inference", "model": {"preset": "llama-3-8b"},
            "inference": {"engine": "vllm", "batch_size": 16, "prompt_length": 2048, "generated_tokens": 2048, "gpu_memory_utilization": 0.9},
            "parallel": {"gpus": 1}, "hardware": {"gpu": "h100-sxm"}})"));
        c->flush();
        QCoreApplication::processEvents();
        QCOMPARE(int(w.comparisonView()->variation(ComparisonView::First)), int(core::Variation::WeightFormat));
        QCOMPARE(w.memoryChart()->segmentBrushStyle(core::Component::KvCacheReserve), Qt::BDiagPattern);
        QVERIFY(w.memoryChart()->modelStatesText(0).isEmpty());
        core::Comparisons comparisons;
        core::compare(c->scenario(), comparisons);
        for (const ComparisonView::Slot slot : {ComparisonView::First, ComparisonView::Second}) {
            MemoryChart* chart = w.comparisonView()->chart(slot);
            chart->renderImage(chart->size());
            QSet<QString> labels;
            for (int g = 0; g < chart->groupCount(); ++g) {
                if (chart->barTotalBytes(g) <= 0)
                    continue;
                const core::Estimate& e = comparisons[slot].estimates[std::size_t(g)];
                const core::RankGroup& fullest = e.fullest();
                const double pool = fullest.bytes[std::size_t(core::Component::KvCacheReserve)];
                QVERIFY(pool > 0); // vLLM reserves 0.9 of the card
                // The need: the bar less the engine's idle pool (core/advice's neededBytes).
                const QString label = chart->barLabelText(g);
                QVERIFY2(label.startsWith(QStringLiteral("needs")), qPrintable(label));
                QCOMPARE_LT(std::abs(leadingNumber(label) - (fullest.totalBytes - pool) / 1e9), 0.051);
                QVERIFY(chart->modelStatesText(g).isEmpty());
                labels.insert(label);
            }
            QCOMPARE_GT(labels.size(), 1); // the variants differ in what they need
        }
    }

    // Minor: per-mode defaults. Switching to fine-tuning kept pre-training's 1 T tokens (LoRA:
    // 249 days); a fine-tune trains on 100 M unless told, and the control says so, in millions.
    void fineTuningHasItsOwnTokenBudget()
    {
        MainWindow w;
        showAt(w, QSize(1280, 720));
        ScenarioController* c = w.controller();
        QCOMPARE(c->scenario().training.trainTokens, 1e12);
        QTest::mouseClick(w.controlsPanel()->modeSelector()->button(core::Mode::FineTune), Qt::LeftButton);
        c->flush();
        QCOMPARE(int(c->scenario().mode), int(core::Mode::FineTune));
        QCOMPARE(c->scenario().training.trainTokens, 1e8);
        ValueSlider* tokens = sliderOf(w.controlsPanel(), "training.train_tokens");
        QVERIFY(tokens->spinBox()->suffix().contains(QLatin1Char('M')));
        QCOMPARE(tokens->spinBox()->value(), 100.0);
        QVERIFY2(tokens->toolTip().contains(QStringLiteral("100 M")), qPrintable(tokens->toolTip()));
        // 7B LoRA on 8 A100 80GB with 100 M tokens: days, not most of a year.
        QVERIFY2(c->estimate().compute.trainingSeconds / 86400 < 30, qPrintable(QString::number(c->estimate().compute.trainingSeconds / 86400)));
        // Back to training: the pre-training default again; tokens the user set stay.
        QTest::mouseClick(w.controlsPanel()->modeSelector()->button(core::Mode::Train), Qt::LeftButton);
        c->flush();
        QCOMPARE(c->scenario().training.trainTokens, 1e12);
        c->set(core::Field::TrainingTrainTokens, 2e12);
        QTest::mouseClick(w.controlsPanel()->modeSelector()->button(core::Mode::FineTune), Qt::LeftButton);
        c->flush();
        QCOMPARE(c->scenario().training.trainTokens, 2e12);
        // A file's own tokens win over the mode's default (the key comes after the mode).
        QCOMPARE(load(R"({"schema_version": 1, "mode": "finetune", "model": {"preset": "llama-2-7b"}, "training": {"train_tokens": 1e12}})").training.trainTokens, 1e12);
        QCOMPARE(load(R"({"schema_version": 1, "mode": "finetune", "model": {"preset": "llama-2-7b"}})").training.trainTokens, 1e8);
    }

    // Minor: "Colour by model role" stayed on in training and in the textbook view, where every
    // part is the policy's: the four ledgers became one blue bar.
    void colourByRoleOnlyWhereThereAreRoles()
    {
        MainWindow w;
        showAt(w, QSize(1280, 720));
        ScenarioController* c = w.controller();
        c->setScenario(load(R"({"schema_version": 1, "mode": "finetune", "model": {"preset": "llama-2-7b"},
            "training": {"seq_length": 2560, "global_batch_size": 64, "zero_stage": 3},
            "finetune": {"method": "full", "rl": {"algorithm": "grpo"}}, "parallel": {"gpus": 8}, "hardware": {"gpu": "a100-80gb"}})"));
        c->flush();
        MemoryChart* chart = w.memoryChart();
        QVERIFY(chart->colorByRoleAction()->isEnabled());
        chart->colorByRoleAction()->trigger();
        QVERIFY(chart->colouredByRole());
        // Training: one model, no roles to tell apart; the stack is by component again.
        QTest::mouseClick(w.controlsPanel()->modeSelector()->button(core::Mode::Train), Qt::LeftButton);
        c->flush();
        QVERIFY(!chart->colouredByRole());
        QVERIFY(!chart->colorByRoleAction()->isEnabled());
        const auto& order = chart->stackOrder();
        for (std::size_t i = 0; i < order.size(); ++i)
            QCOMPARE(int(order[i]), int(i));
        QVERIFY(chart->barBytes(0, core::Component::Gradients) > 0 && chart->barBytes(0, core::Component::OptimizerStates) > 0);
        // The textbook view shows its ledgers even for RL.
        QTest::mouseClick(w.controlsPanel()->modeSelector()->button(core::Mode::FineTune), Qt::LeftButton);
        c->flush();
        QVERIFY(chart->colouredByRole());
        w.viewOptions()->textbookAction()->trigger();
        QVERIFY(!chart->colouredByRole());
        QVERIFY(chart->barBytes(0, core::Component::OptimizerStates) > 0); // a ledger of its own
    }

    // Minor, drills: a second try before the answer, a unit required, and "Open in the explorer"
    // asks before it replaces an unsaved scenario.
    void drillsGiveASecondTryAndAskBeforeReplacing()
    {
        MainWindow w;
        showAt(w, QSize(1280, 720));
        DrillPage* page = w.drillPage();
        w.explorerPages()->setCurrentWidget(page);
        page->setCurrentDrill(1); // ZeRO-1 on 8 GPUs: 38.5 GB
        page->check(QStringLiteral("30"));
        QVERIFY2(page->verdictText().contains(QStringLiteral("with its unit")), qPrintable(page->verdictText()));
        QCOMPARE(page->tries(), 0);
        page->check(QStringLiteral("14 GB")); // weights and gradients forgotten: 2.75× too low
        QVERIFY(page->answerText().isEmpty());
        QVERIFY2(page->verdictText().contains(QStringLiteral("One more try")), qPrintable(page->verdictText()));
        QVERIFY2(!page->verdictText().contains(QStringLiteral("38.5")), qPrintable(page->verdictText()));
        page->check(QStringLiteral("20 GB"));
        QCOMPARE(page->answerText(), QStringLiteral("The estimate: 38.5 GB"));
        // An edit in the explorer, unsaved: opening the drill asks; Cancel keeps the edit.
        w.documentController()->setInteractive(true);
        w.controller()->set(core::Field::ParallelGpus, 16);
        w.controller()->flush();
        QVERIFY(w.documentController()->isModified());
        bool asked = false;
        QTimer::singleShot(0, &w, [&asked] {
            if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
                asked = true;
                box->button(QMessageBox::Cancel)->click();
            }
        });
        page->openInExplorer();
        QVERIFY(asked);
        QCOMPARE(w.controller()->scenario().parallel.gpus, 16);
        QCOMPARE(w.explorerPages()->currentWidget(), page);
    }

    // Minor, gauges: the needle never reaches the value's text; a caption wider than the dial
    // wraps instead of being cut; the roofline's point and ridge labels do not meet.
    void dialsKeepTheirTextsClear()
    {
        Gauge gauge;
        gauge.resize(110, 120); // narrower than its caption
        gauge.setRange(0, 100);
        gauge.setValueText(QStringLiteral("44.2 GB"));
        gauge.setCaption(QStringLiteral("free of 80 GiB (85.9 GB)"));
        gauge.setValue(2); // a low reading: the needle at 7 o'clock, beside the value
        gauge.show();
        QVERIFY(QTest::qWaitForWindowExposed(&gauge));
        gauge.grab();
        const QRectF value = gauge.valueRect();
        const QPointF centre = value.center();
        const double corner = std::hypot(value.width() / 2, value.height() / 2);
        QVERIFY2(corner <= gauge.needleInnerRadius() + 0.5, qPrintable(QStringLiteral("%1 > %2").arg(corner).arg(gauge.needleInnerRadius())));
        Q_UNUSED(centre)
        QVERIFY2(!gauge.shownCaption().contains(QChar(0x2026)), qPrintable(gauge.shownCaption()));
        QVERIFY(gauge.shownCaption().contains(QChar(0x2028))); // on two lines
        // A value too long for the dial even at the caption's size ("3.09 hours" read "3.09 ho…"
        // in a 1280 × 720 window): the number over its unit, neither shortened, both clear of
        // the needle.
        Gauge small;
        small.resize(96, 110);
        small.setRange(0, 10);
        small.setValueText(QStringLiteral("3.09 hours"));
        small.setValue(3);
        small.show();
        QVERIFY(QTest::qWaitForWindowExposed(&small));
        small.grab();
        QVERIFY2(!small.shownValue().contains(QChar(0x2026)), qPrintable(small.shownValue()));
        QCOMPARE(small.shownValue(), QStringLiteral("3.09") + QChar(0x2028) + QStringLiteral("hours"));
        const QRectF two = small.valueRect();
        QVERIFY2(std::hypot(two.width() / 2, two.height() / 2) <= small.needleInnerRadius() + 0.5,
                 qPrintable(QStringLiteral("%1 × %2 in %3").arg(two.width()).arg(two.height()).arg(small.needleInnerRadius())));
        RooflineView roofline;
        roofline.resize(180, 120);
        roofline.setPoint(1.5, 295);
        roofline.show();
        QVERIFY(QTest::qWaitForWindowExposed(&roofline));
        roofline.grab();
        QVERIFY(!roofline.pointLabelRect().isEmpty() && !roofline.ridgeLabelRect().isEmpty());
        QVERIFY(!roofline.pointLabelRect().intersects(roofline.ridgeLabelRect()));
    }

    // Minor, the memory chart: "over by 59.6 GB" keeps its unit with its number, and the capacity
    // line does not run through a label that stands on it.
    void barLabelsKeepUnitsAndClearTheCapacityLine()
    {
        MemoryChart chart;
        chart.resize(260, 320);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        MemoryChart::Bar over;
        over.label = QStringLiteral("rank 0");
        over.bytes[std::size_t(core::Component::Weights)] = 139.6e9;
        over.totalBytes = 139.6e9;
        over.capacityBytes = 80e9;
        MemoryChart::Bar under = over;
        under.label = QStringLiteral("rank 1");
        under.bytes[std::size_t(core::Component::Weights)] = 79e9;
        under.totalBytes = 79e9;
        chart.setBars({over, under, under});
        chart.renderImage(chart.size());
        for (const QString& line : chart.barLabelText(0).split(QLatin1Char('\n')))
            QVERIFY2(line != QStringLiteral("GB"), qPrintable(chart.barLabelText(0)));
        QVERIFY2(chart.barLabelText(0).contains(QStringLiteral("59.6 GB")), qPrintable(chart.barLabelText(0)));
        // The label over the bar just under the line (79 of 80 GB) stands on the plot's own
        // background: the dashes stop at its box.
        QCOMPARE(chart.barLabelBackground(1).style(), Qt::SolidPattern);
        QCOMPARE(chart.barLabelBackground(1).color(), chart.palette().color(QPalette::Base));
    }

    // Minor, the planner at 1280 × 720: the ranked table shows the step, MFU, days and cost; the
    // heatmap has a colour legend; the comparison's B − A column is as wide as its numbers.
    void plannerShowsItsNumbersAtTheFirstSize()
    {
        MainWindow w;
        showAt(w, QSize(1280, 720));
        w.controller()->setScenario(load(R"({"schema_version": 1, "model": {"preset": "llama-2-70b"},
            "training": {"seq_length": 4096, "global_batch_size": 512}, "parallel": {"gpus": 64}, "hardware": {"gpu": "h100-sxm"}})"));
        w.controller()->flush();
        w.explorerPages()->setCurrentWidget(w.plannerView());
        QTRY_VERIFY_WITH_TIMEOUT(w.plannerView()->model()->rowCount() > 1, 30000);
        QCoreApplication::processEvents();
        QTableView* table = w.plannerView()->table();
        QVERIFY(table->isVisible());
        for (const int column : {int(PlanTableModel::Step), int(PlanTableModel::Mfu), int(PlanTableModel::Days), int(PlanTableModel::Cost)}) {
            const int right = table->horizontalHeader()->sectionViewportPosition(column) + table->horizontalHeader()->sectionSize(column);
            QVERIFY2(right <= table->viewport()->width(),
                     qPrintable(QStringLiteral("column %1 ends at %2 of %3").arg(column).arg(right).arg(table->viewport()->width())));
        }
        // The heatmap's legend: its first swatch, red, drawn under the cells.
        FeasibilityHeatmap* heatmap = w.plannerView()->heatmap();
        QCOMPARE(FeasibilityHeatmap::legendTexts().size(), 5);
        QVERIFY(FeasibilityHeatmap::legendTexts().front().contains(QStringLiteral("does not fit")));
        // Two rows compared: B − A no wider than its numbers need.
        table->selectRow(0);
        table->selectionModel()->select(table->model()->index(1, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
        w.plannerView()->compareSelected();
        QCoreApplication::processEvents();
        auto* comparison = w.plannerView()->comparison()->findChild<QTableWidget*>();
        QVERIFY(comparison);
        int widest = 0;
        for (int r = 0; r < comparison->rowCount(); ++r)
            widest = std::max(widest, comparison->fontMetrics().horizontalAdvance(comparison->item(r, 3)->text()));
        QVERIFY2(comparison->columnWidth(3) <= widest + 4 * comparison->fontMetrics().height(),
                 qPrintable(QStringLiteral("%1 for %2").arg(comparison->columnWidth(3)).arg(widest)));
        Q_UNUSED(heatmap)
    }

    // Minor, the planner: a top layout whose step depends on the network says so (70B, ZeRO-3,
    // no TP: terabytes between nodes every step).
    void plannerFlagsANetworkBoundTopLayout()
    {
        MainWindow w;
        showAt(w, QSize(1920, 1080));
        w.controller()->setScenario(load(R"({"schema_version": 1, "model": {"preset": "llama-2-70b"},
            "training": {"seq_length": 4096, "global_batch_size": 1024, "zero_stage": 3}, "parallel": {"gpus": 64},
            "hardware": {"gpu": "h100-sxm"}})"));
        w.controller()->flush();
        core::PlanPins pins;
        std::vector<core::Issue> ignored;
        core::parsePin("parallel.tensor=1", pins, ignored);
        core::parsePin("parallel.pipeline=1", pins, ignored);
        core::parsePin("training.zero_stage=3", pins, ignored);
        w.planner()->setPins(pins);
        w.explorerPages()->setCurrentWidget(w.plannerView());
        QTRY_VERIFY_WITH_TIMEOUT(w.plannerView()->summary()->text().contains(QStringLiteral("Best:")), 30000);
        QVERIFY2(w.plannerView()->summary()->text().contains(QStringLiteral("Sensitive to the network")), qPrintable(w.plannerView()->summary()->text()));
    }

    // Minor, 1280 × 720 with the working open: the ZeRO bars' names do not run together; the
    // side panels widen again when the window grows.
    void smallWindowKeepsNamesApartAndPanelsGrow()
    {
        MainWindow w;
        showAt(w, QSize(1280, 720));
        w.showWorking();
        QCoreApplication::processEvents();
        MemoryChart* zero = w.comparisonView()->zeroChart();
        zero->renderImage(zero->size());
        // Each name's widest line fits its slot (the axis' font, as fitted).
        const double slot = double(zero->width()) / 4; // an upper bound of a slot: four bars across the chart
        for (int g = 0; g < zero->groupCount(); ++g)
            for (const QString& line : zero->tickLabelText(g).split(QLatin1Char('\n')))
                QVERIFY2(QFontMetricsF(zero->tickLabelFont()).horizontalAdvance(line) <= slot,
                         qPrintable(QStringLiteral("\"%1\" in %2 px").arg(line).arg(slot)));
        const int before = w.workingDock()->width();
        w.resize(1920, 1080);
        QCoreApplication::processEvents();
        QTRY_VERIFY2(w.workingDock()->width() >= before + 100, qPrintable(QStringLiteral("%1 → %2").arg(before).arg(w.workingDock()->width())));
    }

    // Minor, found with the advice dock open at 1280 × 720: Llama 3 405B in 16 pipeline stages
    // gave the memory chart sixteen bars a few pixels wide, each named ("PP 15 · 15360–16383")
    // and totalled ("52.3 GB") over its neighbours, an unreadable smear. Now every k-th bar is
    // named and totalled (the fullest always), and no two texts on one row overlap.
    void manyStagesInANarrowChartKeepTheirTextsApart()
    {
        MainWindow w;
        showAt(w, QSize(1280, 720));
        w.showWorking();
        w.adviceDock()->show();
        w.controller()->setScenario(load(R"({"schema_version": 1, "model": {"preset": "llama-3.1-405b"},
            "training": {"seq_length": 8192, "micro_batch_size": 1, "global_batch_size": 2048, "precision": "mixed_16",
                         "optimizer": "adamw", "zero_stage": 1, "recompute": "none"},
            "parallel": {"gpus": 16384, "gpus_per_node": 8, "tensor": 8, "pipeline": 16, "sequence_parallel": true},
            "hardware": {"gpu": "h100-sxm"}})"));
        w.controller()->flush();
        QCoreApplication::processEvents();
        MemoryChart* chart = w.memoryChart();
        chart->renderImage(chart->size());
        QCOMPARE(chart->groupCount(), 16);
        double slot = 0;
        // Each row of texts (names under the bars, totals above them): a text's widest line
        // fits the distance to the next text on that row.
        // Names may take two rows (every other one a row lower: its leading empty lines); each
        // row is checked on its own.
        auto leading = [](const QString& t) {
            int n = 0;
            while (n < t.size() && t[n] == QLatin1Char('\n'))
                ++n;
            return n;
        };
        auto checkRow = [&](MemoryChart* c, auto text, const QFont& font, const char* row) {
            int named = 0;
            for (int lines = 0; lines <= 8; ++lines) {
                int previous = -1;
                for (int g = 0; g < c->groupCount(); ++g) {
                    const QString t = text(g);
                    if (t.isEmpty() || leading(t) != lines)
                        continue;
                    ++named;
                    if (previous >= 0) {
                        double widest = 0;
                        for (int k : {previous, g})
                            for (const QString& line : text(k).split(QLatin1Char('\n')))
                                widest = std::max(widest, QFontMetricsF(font).horizontalAdvance(line));
                        QVERIFY2(widest <= (g - previous) * slot,
                                 qPrintable(QStringLiteral("%1: \"%2\" and \"%3\" %4 px apart").arg(row, text(previous), t).arg((g - previous) * slot)));
                    }
                    previous = g;
                }
            }
            QVERIFY2(named >= 1, row);
        };
        for (MemoryChart* c : {chart, w.comparisonView()->zeroChart(), w.comparisonView()->recomputeChart()}) {
            c->renderImage(c->size());
            QCPAxis* x = c->plot()->xAxis;
            slot = std::abs(x->coordToPixel(1) - x->coordToPixel(0));
            checkRow(c, [&](int g) { return c->tickLabelText(g); }, c->tickLabelFont(), "names");
            // Totals stand at their bars' heights: no two of their boxes meet.
            for (int g = 0; g < c->groupCount(); ++g)
                for (int k = g + 1; k < c->groupCount(); ++k)
                    QVERIFY2(!c->barLabelRect(g).adjusted(1, 1, -1, -1).intersects(c->barLabelRect(k)),
                             qPrintable(QStringLiteral("\"%1\" meets \"%2\"").arg(c->barLabelText(g), c->barLabelText(k))));
        }
        QCPAxis* x = chart->plot()->xAxis;
        slot = std::abs(x->coordToPixel(1) - x->coordToPixel(0));
        QVERIFY2(slot < 40, qPrintable(QString::number(slot))); // the case this guards: narrow slots
        // A comparison's few bars keep every name (on more rows if need be); the current ZeRO
        // stage keeps its name ("ZeRO-1 (now)").
        for (MemoryChart* few : {w.comparisonView()->recomputeChart(), w.comparisonView()->zeroChart()})
            for (int g = 0; g < few->groupCount(); ++g)
                QVERIFY2(!few->tickLabelText(g).trimmed().isEmpty(), qPrintable(QString::number(g)));
        MemoryChart* zero = w.comparisonView()->zeroChart();
        bool nowNamed = false;
        for (int g = 0; g < zero->groupCount(); ++g)
            nowNamed = nowNamed || zero->tickLabelText(g).contains(QStringLiteral("now"));
        QVERIFY(nowNamed);
        // The fullest bar keeps its total: it decides whether the run fits.
        int fullest = 0;
        const core::Estimate& e = w.controller()->estimate();
        for (int g = 1; g < int(e.groups.size()); ++g)
            if (e.groups[std::size_t(g)].totalBytes > e.groups[std::size_t(fullest)].totalBytes)
                fullest = g;
        QVERIFY(!chart->barLabelText(fullest).isEmpty());
        QVERIFY(!chart->tickLabelText(0).isEmpty());
    }

    // Minor: Ctrl+Z right after typing a value in a spin box undoes it (the box's own text
    // history took the key).
    void ctrlZInASpinBoxUndoesTheEdit()
    {
        MainWindow w;
        showAt(w, QSize(1280, 720));
        ValueSlider* gpus = sliderOf(w.controlsPanel(), "parallel.gpus");
        QVERIFY(gpus);
        QDoubleSpinBox* box = gpus->spinBox();
        box->setFocus();
        box->selectAll();
        QTest::keyClicks(box, QStringLiteral("16"));
        QTest::keyClick(box, Qt::Key_Return);
        w.controller()->flush();
        QCOMPARE(w.controller()->scenario().parallel.gpus, 16);
        QVERIFY(box->hasFocus());
        QTest::keyClick(box, Qt::Key_Z, Qt::ControlModifier);
        w.controller()->flush();
        QCOMPARE(w.controller()->scenario().parallel.gpus, 8);
        QTest::keyClick(box, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        w.controller()->flush();
        QCOMPARE(w.controller()->scenario().parallel.gpus, 16);
    }

    // Minor: Export ▸ Copy and Save Deck say what they did.
    void exportAndSaveDeckConfirm()
    {
        MainWindow w;
        showAt(w, QSize(1280, 720));
        w.findChild<QMenuBar*>(); // the window is built
        QTest::keyClick(&w, Qt::Key_E, Qt::ControlModifier); // File ▸ Export…
        auto* dialog = w.findChild<ExportDialog*>();
        QVERIFY(dialog && dialog->isVisible());
        QPushButton* copy = nullptr;
        for (QPushButton* b : dialog->findChildren<QPushButton*>())
            if (b->text().remove(QLatin1Char('&')).contains(QStringLiteral("Copy")))
                copy = b;
        QVERIFY(copy);
        QVERIFY(dialog->confirmation().isEmpty());
        QTest::mouseClick(copy, Qt::LeftButton);
        QVERIFY2(dialog->confirmation().contains(QStringLiteral("Copied")), qPrintable(dialog->confirmation()));
        dialog->close();
        w.presentationAction()->trigger();
        PresentationWindow* p = w.presentationWindow();
        QTemporaryDir dir;
        p->setInteractive(false);
        QVERIFY(p->notice().isEmpty());
        QVERIFY(p->saveDeck(dir.filePath(QStringLiteral("deck.json"))));
        // the dialog path (Ctrl+S on a deck with a file) confirms
        QTest::keyClick(p, Qt::Key_S, Qt::ControlModifier);
        QVERIFY2(p->notice().contains(QStringLiteral("deck.json")), qPrintable(p->notice()));
        p->close();
    }

    // Minor, Help: a guide led by the seeds' questions and the keyboard shortcuts, read from the menus.
    void helpHasAGuideAndTheShortcuts()
    {
        MainWindow w;
        showAt(w, QSize(1280, 720));
        w.guideAction()->trigger();
        QVERIFY(w.guideDialog() && w.guideDialog()->isVisible());
        const QString guide = w.guideDialog()->html();
        for (const char* question : {"7B", "ZeRO-1, 2 and 3", "70B on 8×A100", "GRPO", "loss scaling"})
            QVERIFY2(guide.contains(QString::fromUtf8(question)), question);
        w.shortcutsAction()->trigger();
        QVERIFY(w.shortcutsDialog() && w.shortcutsDialog()->isVisible());
        QStringList keys;
        for (const auto& row : w.shortcutsDialog()->rows())
            keys << row.first + QLatin1Char('=') + row.second;
        const QString all = keys.join(QLatin1Char('\n'));
        for (const char* entry : {"Ctrl+Z", "F5", "Ctrl+T", "Ctrl+Shift+P", "Ctrl+D"})
            QVERIFY2(all.contains(QLatin1String(entry)), qPrintable(all));
        QVERIFY2(all.contains(QStringLiteral("Edit ▸ ")), qPrintable(all));
    }

    // Minor: View ▸ Dark Theme, and slider grooves that show on it.
    void darkThemeFromTheMenuWithVisibleSliders()
    {
        MainWindow w;
        showAt(w, QSize(1280, 720));
        QAction* dark = w.viewOptions()->darkThemeAction();
        QVERIFY(dark);
        bool inMenu = false;
        for (QAction* menu : w.menuBar()->actions())
            if (menu->menu() && menu->menu()->actions().contains(dark))
                inMenu = true;
        QVERIFY(inMenu);
        dark->trigger();
        QCoreApplication::processEvents();
        QVERIFY(ComponentPalette::isDark(w.palette()));
        ValueSlider* gpus = sliderOf(w.controlsPanel(), "parallel.gpus");
        const QImage image = gpus->slider()->grab().toImage();
        const QColor window = w.palette().color(QPalette::Window);
        // The groove's row: the brightest difference from the window colour across the middle line.
        int best = 0;
        for (int x = 0; x < image.width(); ++x) {
            const QColor c = image.pixelColor(x, image.height() / 2);
            best = std::max(best, std::abs(c.lightness() - window.lightness()));
        }
        QVERIFY2(best >= 40, qPrintable(QString::number(best)));
        dark->trigger();
        QCoreApplication::processEvents();
        QVERIFY(!ComponentPalette::isDark(w.palette()));
    }

    // Minor: What to Try First on TP 3 with 32 heads suggests the nearest valid layouts (TP 4 and
    // TP 2); one click applies one.
    void whatToTryFirstSuggestsTheNearestValidLayouts()
    {
        MainWindow w;
        showAt(w, QSize(1920, 1080));
        w.controller()->set(core::Field::ParallelTensor, 3);
        w.controller()->flush();
        QVERIFY(!w.controller()->estimate().valid);
        w.adviceDock()->toggleViewAction()->trigger(); // View ▸ What to Try First
        w.adviceDock()->raise();                       // its tab, beside the working's
        QCoreApplication::processEvents();
        AdvicePanel* panel = w.adviceDock()->panel();
        QVERIFY2(panel->lineCount() >= 2, qPrintable(panel->statusText()));
        QStringList titles;
        for (int i = 0; i < panel->lineCount(); ++i)
            titles << panel->lineButton(i)->title();
        QVERIFY2(titles.contains(QStringLiteral("Tensor parallel (TP): 4")) && titles.contains(QStringLiteral("Tensor parallel (TP): 2")),
                 qPrintable(titles.join(QStringLiteral(" | "))));
        QTest::mouseClick(panel->lineButton(0), Qt::LeftButton);
        w.controller()->flush();
        QVERIFY(w.controller()->estimate().valid);
        // The step dock on the invalid layout says why, not "training steps only".
        w.controller()->set(core::Field::ParallelTensor, 3);
        w.controller()->flush();
        w.stepDock()->show();
        w.stepDock()->refresh();
        const QString title = w.stepDock()->panel()->scheduleView()->title();
        QVERIFY2(title.contains(QStringLiteral("cannot run")) && !title.contains(QStringLiteral("training steps only")), qPrintable(title));
    }

    // Minor, presentation: the language switched in front of the class.
    void presentationSwitchesLanguage()
    {
        MainWindow w;
        showAt(w, QSize(1280, 720));
        w.presentationAction()->trigger();
        PresentationWindow* p = w.presentationWindow();
        QAction* language = p->findChild<QAction*>(QStringLiteral("presentationLanguage"));
        QVERIFY(language);
        QCOMPARE(language->text(), QStringLiteral("中文"));
        QCOMPARE(language->toolTip(), QStringLiteral("简体中文"));
        language->trigger();
        QCOMPARE(w.languageManager()->effectiveLanguage(), QStringLiteral("zh_CN"));
        QCOMPARE(language->text(), QStringLiteral("EN"));
        language->trigger();
        QCOMPARE(w.languageManager()->effectiveLanguage(), QStringLiteral("en"));
        p->close();
    }

    // Minor: the price is the user's (the presets carry none) and says so; an imported model is
    // named by what it is, in the picker too; Save proposes a name from the scenario.
    void priceImportAndSaveNames()
    {
        MainWindow w;
        showAt(w, QSize(1280, 720));
        ValueSlider* price = sliderOf(w.controlsPanel(), "hardware.price_per_gpu_hour");
        QVERIFY(price);
        QVERIFY2(price->findChild<QLabel*>() != nullptr, "");
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("Downloads")));
        const QString config = dir.filePath(QStringLiteral("Downloads/config.json"));
        QVERIFY(QFile::copy(QStringLiteral(SHARDSCOPE_TEST_DATA "/hf/mistral-7b-v0.1.json"), config));
        w.documentController()->setInteractive(false);
        QVERIFY(w.documentController()->importHfConfig(config));
        w.controller()->flush();
        const QString name = QString::fromStdString(w.controller()->scenario().model.name);
        QVERIFY2(name != QStringLiteral("Downloads") && name.contains(QStringLiteral("mistral")), qPrintable(name));
        auto* picker = w.controlsPanel()->findChild<ModelControls*>()->presetBox();
        QVERIFY2(picker->currentText().contains(name), qPrintable(QStringLiteral("%1 [%2 of %3, preset '%4']").arg(picker->currentText()).arg(picker->currentIndex()).arg(picker->count()).arg(QString::fromStdString(w.controller()->scenario().model.preset))));
        w.controller()->setScenario(textbook7b());
        w.controller()->flush();
        const QString suggested = w.documentController()->suggestedFileName();
        QVERIFY2(suggested.startsWith(QStringLiteral("textbook-7b-train-8x-a100")) && suggested.endsWith(QStringLiteral(".json")), qPrintable(suggested));
    }

    // Minor: the drills and the number-format lab have their own scenarios: the Scenario panel
    // and the working step aside there, and come back on the explorer.
    void sidePanelsStepAsideOnPagesOfTheirOwn()
    {
        MainWindow w;
        showAt(w, QSize(1920, 1080));
        QVERIFY(w.controlsDock()->isVisible());
        w.explorerPages()->setCurrentWidget(w.drillPage());
        QCoreApplication::processEvents();
        QVERIFY(!w.controlsDock()->isVisible());
        w.explorerPages()->showLab(true);
        QCoreApplication::processEvents();
        QVERIFY(!w.controlsDock()->isVisible());
        w.explorerPages()->showLab(false);
        QCoreApplication::processEvents();
        QVERIFY(w.controlsDock()->isVisible());
    }

    // Minor, presentation: the subtitles quote the live numbers (they said "≈ 4.4 GB" beside 4.3
    // and "140 GB" beside 138.0); serving scenes get sliders of their own; the leave dialog is in
    // the presentation's type.
    void presentationSubtitlesSlidersAndLeaveDialog()
    {
        MainWindow w;
        showAt(w, QSize(1920, 1080));
        w.presentationAction()->trigger();
        PresentationWindow* p = w.presentationWindow();
        auto* notes = p->findChild<QLabel*>(QStringLiteral("sceneNotes"));
        QVERIFY(notes);
        struct Quoted
        {
            int scene;
            core::Figure figure;
        };
        // Scene 5: 70B on 64 H100, weights per GPU; scene 6: 70B full fine-tune, model states per GPU.
        for (const Quoted q : {Quoted{4, core::Figure::WeightsGb}, Quoted{5, core::Figure::ModelStatesGb}, Quoted{6, core::Figure::WeightsGb},
                               Quoted{8, core::Figure::WeightsGb}}) {
            p->navigator()->goTo(q.scene);
            QCoreApplication::processEvents();
            const double live = core::figureValue(q.figure, p->controller()->scenario(), p->controller()->estimate());
            QString shown = QLocale().toString(live, 'f', 1); // {figure:1}: one decimal at most, a trailing zero dropped
            if (shown.endsWith(QStringLiteral(".0")))
                shown.chop(2);
            QVERIFY2(notes->text().contains(shown), qPrintable(QStringLiteral("scene %1: \"%2\" lacks %3").arg(q.scene).arg(notes->text(), shown)));
        }
        // The serving scene (9): four serving sliders shown, none disabled, the training ones hidden.
        p->navigator()->goTo(8);
        QCoreApplication::processEvents();
        PresentationControls* controls = p->controls();
        for (ValueSlider* s : {controls->servingBatchSlider(), controls->promptSlider(), controls->generatedSlider(), controls->weightFormatSlider()})
            QVERIFY(s->isVisible() && s->isEnabled());
        for (ValueSlider* s : {controls->zeroSlider(), controls->microBatchSlider(), controls->seqLengthSlider(), controls->recomputeSlider()})
            QVERIFY(!s->isVisible());
        const std::int64_t batch = p->controller()->scenario().inference.batchSize;
        controls->servingBatchSlider()->slider()->setValue(controls->servingBatchSlider()->slider()->value() + 1);
        p->controller()->flush();
        QCOMPARE(p->controller()->scenario().inference.batchSize, batch * 2);
        // Leaving with the change: the dialog in the presentation's type (21.6 px at 1080: 0.9 of 1080/45).
        p->showNormal();
        QCoreApplication::processEvents();
        p->resize(1920, 1080);
        QTRY_COMPARE(p->size(), QSize(1920, 1080));
        const int presentationPixels = QFontInfo(p->font()).pixelSize();
        QCOMPARE_GE(presentationPixels, 20);
        p->setInteractive(true);
        int pixels = 0;
        QTimer::singleShot(0, p, [&pixels] {
            if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
                pixels = QFontInfo(box->font()).pixelSize();
                box->button(QMessageBox::Cancel)->click();
            }
        });
        p->close();
        QCOMPARE(pixels, presentationPixels);
        p->setInteractive(false);
        p->close();
    }

    // Minor, the step: the two bubble figures say why they differ.
    void bubbleFiguresSayWhyTheyDiffer()
    {
        MainWindow w;
        showAt(w, QSize(1920, 1080));
        w.controller()->setScenario(load(R"({"schema_version": 1, "model": {"preset": "llama-2-70b"},
            "training": {"seq_length": 4096, "micro_batch_size": 1, "global_batch_size": 16}, "parallel": {"gpus": 64, "tensor": 8, "pipeline": 4},
            "hardware": {"gpu": "h100-sxm"}})"));
        w.controller()->flush();
        w.stepDock()->show();
        w.stepDock()->refresh();
        const QString title = w.stepDock()->panel()->scheduleView()->title();
        QVERIFY2(title.contains(QStringLiteral("read off the blocks")) && title.contains(QStringLiteral("if every stage and pass took as long")), qPrintable(title));
    }

    // Minor, zh_CN: the number-format lab's tabs in Chinese ("Loss Scaling" was left in English).
    void labTabsAreTranslated()
    {
        MainWindow w;
        showAt(w, QSize(1280, 720));
        QVERIFY(w.languageManager()->setLanguage(QStringLiteral("zh_CN")));
        QCoreApplication::processEvents();
        QTabBar* tabs = w.explorerPages()->lab()->pageTabs();
        QVERIFY(tabs);
        static const QRegularExpression english(QStringLiteral("[A-Za-z]{4,}"));
        for (int i = 0; i < tabs->count(); ++i)
            QVERIFY2(!english.match(tabs->tabText(i)).hasMatch(), qPrintable(tabs->tabText(i)));
        w.languageManager()->setLanguage(QStringLiteral("en"));
    }

    // Minor: the loss-scaling chart's legend named three lines that lie on the x-axis; they say so.
    void lossScalingLegendSaysWhichLinesLieOnTheAxis()
    {
        LossScalingView view;
        view.resize(900, 600);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const QStringList names = view.shareNames();
        QCOMPARE(names.size(), 4);
        // The defaults (10⁻¹⁰ … 10⁻¹, drifting two decades): unscaled FP16 flushes about half the
        // gradients by the end (the summary's 48.6 %); the scaled ones and BF16 next to none.
        QVERIFY2(!names[0].contains(QStringLiteral("on the axis")), qPrintable(names[0]));
        for (int k = 1; k < 4; ++k)
            QVERIFY2(names[k].contains(QStringLiteral("on the axis")), qPrintable(names[k]));
    }

    // Minor, zh_CN: the working's Formula column was partly English (the per-line formulas and
    // the step-time model's assumptions had no translation). Every formula with words, over the
    // modes, methods, RL setups, ZeRO stages with offload and frameworks, reads in Chinese.
    void workingFormulasAreTranslated()
    {
        MainWindow w;
        QVERIFY(w.languageManager()->setLanguage(QStringLiteral("zh_CN")));
        std::vector<core::Scenario> scenarios;
        for (const char* preset : {"llama-2-7b", "llama-2-70b", "mixtral-8x7b", "deepseek-v3", "gpt-3-175b"})
            for (core::Mode mode : {core::Mode::Train, core::Mode::Inference, core::Mode::FineTune}) {
                core::Scenario s = core::defaultScenario();
                s.model = core::findModelPreset(preset)->model;
                s.mode = mode;
                scenarios.push_back(s);
                for (core::FineTuneMethod m : {core::FineTuneMethod::Full, core::FineTuneMethod::QLoRA}) {
                    core::Scenario f = s;
                    f.mode = core::Mode::FineTune;
                    core::applyFineTuneMethod(f.finetune, m);
                    for (core::RlAlgorithm a : {core::RlAlgorithm::Grpo, core::RlAlgorithm::Ppo}) {
                        core::applyRlAlgorithm(f.finetune.rl, a);
                        scenarios.push_back(f);
                        f.finetune.rl.placement = core::RolloutPlacement::Separate;
                        scenarios.push_back(f);
                    }
                }
                for (int zero = 0; zero < 4; ++zero)
                    for (core::Framework fw : {core::Framework::Megatron, core::Framework::DeepSpeed, core::Framework::Fsdp2, core::Framework::Ddp}) {
                        core::Scenario t = s;
                        t.training.zeroStage = zero;
                        t.training.offloadOptimizer = zero > 0;
                        t.training.offloadParameters = zero == 3;
                        t.training.framework = fw;
                        t.parallel.gpus = 16;
                        t.parallel.pipeline = 2;
                        scenarios.push_back(t);
                    }
            }
        // Words, not identifiers (TP_rollout, kv_lora, max_num_seqs stay as the code spells them).
        static const QRegularExpression words(QStringLiteral("(?<![_A-Za-z])[A-Za-z]{4,}(?![_A-Za-z])"));
        QStringList english;
        for (const core::Scenario& s : scenarios) {
            core::Working working;
            core::estimate(s, &working);
            for (const core::WorkingLine& line : working.lines()) {
                const std::string_view f = line.formula.empty() ? core::termInfo(line.term).formula : line.formula;
                const QString original = QString::fromUtf8(f.data(), qsizetype(f.size()));
                if (words.match(original).hasMatch() && WorkingText::formula(line) == original && !english.contains(original))
                    english << original;
            }
        }
        w.languageManager()->setLanguage(QStringLiteral("en"));
        QVERIFY2(english.isEmpty(), qPrintable(english.join(QStringLiteral("\n"))));
    }

    // Minor, presentation: the English step scene at 1280 × 720 had no colour legend (wider than
    // half the view, it was left out; the Chinese one fitted). It takes a row of its own.
    void presentationStepSceneHasItsLegend()
    {
        MainWindow w;
        showAt(w, QSize(1280, 720));
        w.presentationAction()->trigger();
        PresentationWindow* p = w.presentationWindow();
        // It fits a 720p projector in both languages (the language button must not widen it).
        for (const char* language : {"zh_CN", "en"}) {
            w.languageManager()->setLanguage(QString::fromLatin1(language));
            QCoreApplication::processEvents();
            QCOMPARE_LE(p->minimumSizeHint().width(), 1280);
        }
        p->showNormal();
        QCoreApplication::processEvents();
        // A projector's 720p (the offscreen platform's fonts make it a little larger: its minimum).
        const QSize size = QSize(1280, 720).expandedTo(p->minimumSize());
        p->resize(size);
        QTRY_COMPARE(p->size(), size);
        p->navigator()->goTo(p->navigator()->count() - 2); // "The 70B step played" (the run follows it)
        QCoreApplication::processEvents();
        auto* schedule = p->findChild<ScheduleView*>();
        QVERIFY(schedule && schedule->isVisible());
        schedule->grab();
        QVERIFY2(schedule->legendShown(), qPrintable(QStringLiteral("%1 × %2 px, font %3 px, rows %4").arg(schedule->width()).arg(schedule->height())
                                                     .arg(QFontInfo(schedule->font()).pixelSize()).arg(schedule->titleRows().join(QStringLiteral(" / ")))));
        p->setInteractive(false);
        p->close();
    }
};

QTEST_MAIN(TestFirstHour)
#include "tst_firsthour.moc"
