// The whole window, offscreen: sliders drive the chart through the controller, ZeRO 0→3 gives
// the seeds' heights, an invalid layout shows its reason over the last valid bars, ten quick
// slider moves are one estimate, a click on a segment opens its working, undo restores.
#include <QtTest>

#include <QCheckBox>
#include <QUndoStack>

#include <QFile>
#include <QIcon>

#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QSlider>
#include <QStatusBar>
#include <QTranslator>
#include <QTreeView>
#include <QUndoStack>

#include "../widgets/guiscenarios.h"
#include "app/controls/batchcontrols.h"
#include "app/controls/controlspanel.h"
#include "app/controls/hardwarecontrols.h"
#include "app/controls/modelcontrols.h"
#include "app/languagemanager.h"
#include "app/mainwindow.h"
#include "app/slides/presentationwindow.h"
#include "app/controls/parallelcontrols.h"
#include "app/controls/precisioncontrols.h"
#include "app/scenariocontroller.h"
#include "core/io/presets.h"
#include "widgets/charts/memorychart.h"
#include "widgets/comboheaders.h"
#include "widgets/valueslider.h"
#include "widgets/working/workingmodel.h"
#include "widgets/working/workingpanel.h"

namespace {

double modelStateGB(const MemoryChart& chart)
{
    return (chart.barBytes(0, core::Component::Weights) + chart.barBytes(0, core::Component::Gradients)
            + chart.barBytes(0, core::Component::OptimizerStates)) / 1e9;
}

} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT

private slots:
    void applicationIconIsBuiltIn()
    {
        // The window and the task bar show resources/icons/shardscope.svg, compiled in.
        QVERIFY(QFile::exists(QStringLiteral(":/icons/shardscope.svg")));
        QVERIFY(!QIcon(QStringLiteral(":/icons/shardscope.svg")).pixmap(64, 64).isNull());
    }

    void zeroSliderGivesTheSeedsHeights_data()
    {
        QTest::addColumn<int>("stage");
        QTest::addColumn<double>("expectedGB");
        // Seed 2: 7B, mixed-precision Adam, 8 GPUs.
        QTest::addRow("0") << 0 << 112.0;
        QTest::addRow("1") << 1 << 38.5;
        QTest::addRow("2") << 2 << 26.25;
        QTest::addRow("3") << 3 << 14.0;
    }
    void zeroSliderGivesTheSeedsHeights()
    {
        QFETCH(int, stage);
        QFETCH(double, expectedGB);
        MainWindow w;
        w.controller()->setScenario(guiscenarios::sevenBillionOnEight(stage == 0 ? 3 : 0));
        w.controller()->flush();
        // Move the ZeRO slider as a user would.
        w.controlsPanel()->precisionControls()->zeroSlider()->slider()->setValue(stage);
        w.controller()->flush();
        QCOMPARE(w.controller()->scenario().training.zeroStage, stage);
        QVERIFY2(std::abs(modelStateGB(*w.memoryChart()) - expectedGB) < 1e-9, qPrintable(QString::number(modelStateGB(*w.memoryChart()))));
    }

    void tenSliderMovesAreOneEstimate()
    {
        MainWindow w;
        w.controller()->flush();
        QSignalSpy estimates(w.controller(), &ScenarioController::estimateChanged);
        QSlider* slider = w.controlsPanel()->batchControls()->seqLengthSlider()->slider();
        // Powers of two from 128: positions 1…10 are 256 … 131072 tokens.
        for (int position = 1; position <= 10; ++position)
            slider->setValue(position);
        QTRY_COMPARE(estimates.count(), 1);
        QTest::qWait(20);
        QCOMPARE(estimates.count(), 1);
        QCOMPARE(w.controller()->scenario().training.seqLength, std::int64_t(131072));
    }

    void invalidLayoutShowsWhyAndKeepsTheBars()
    {
        MainWindow w;
        w.controller()->setScenario(guiscenarios::sevenBillionOnEight(1));
        w.controller()->flush();
        const double total = w.memoryChart()->barTotalBytes(0);
        // Type TP = 3 into the spin box: 3 divides neither the 8 GPUs nor the layout.
        QDoubleSpinBox* tp = w.controlsPanel()->parallelControls()->tensorSlider()->spinBox();
        tp->setValue(3);
        w.controller()->flush();
        QVERIFY(!w.controller()->estimate().valid);
        QVERIFY(w.memoryChart()->isShowingInvalid());
        QVERIFY2(w.memoryChart()->invalidMessage().contains(QStringLiteral("does not divide the 8 GPUs")), qPrintable(w.memoryChart()->invalidMessage()));
        QCOMPARE(w.memoryChart()->barTotalBytes(0), total);
        // The reason is also at the control that can fix it (GPUs) and in the status bar.
        QVERIFY(!w.controlsPanel()->parallelControls()->gpusSlider()->error().isEmpty());
        const auto* status = w.statusBar()->findChild<QLabel*>(QStringLiteral("statusLine"));
        QVERIFY(status && status->text().startsWith(QStringLiteral("✖")));
        // Undo brings back the valid layout and the chart's normal state.
        w.controller()->undoStack()->undo();
        w.controller()->flush();
        QVERIFY(!w.memoryChart()->isShowingInvalid());
        QCOMPARE(w.controller()->scenario().parallel.tensor, 1);
    }

    void statusBarSaysTheFirstWarning()
    {
        // 7B, ZeRO-3 over two nodes on 10 Gb Ethernet: the gathers cannot be hidden. The status
        // bar says so in words (elided to fit), and lists every warning on hover.
        MainWindow w;
        w.resize(1600, 900);
        core::Scenario s = guiscenarios::sevenBillionOnEight(3);
        s.parallel.gpus = 16;
        s.training.globalBatchSize = 64;
        s.hardware.gpu.networkBytesPerSecond = 1.25e9;
        w.controller()->setScenario(s);
        w.controller()->flush();
        QLabel* warning = nullptr;
        for (QLabel* l : w.statusBar()->findChildren<QLabel*>())
            if (l->text().startsWith(QStringLiteral("⚠ ")))
                warning = l;
        QVERIFY(warning);
        QVERIFY2(warning->text().contains(QStringLiteral("communication")), qPrintable(warning->text()));
        QVERIFY(warning->toolTip().contains(QStringLiteral("longer than the")));
        QVERIFY(warning->fontMetrics().horizontalAdvance(warning->text()) <= 1600 * 2 / 5 + 4);
        // ZeRO-1 on the DGX A100's 25 GB/s per GPU reduces once per step (1.05 s against 2.75 s
        // of computation): the warning goes away.
        s.training.zeroStage = 1;
        s.hardware.gpu.networkBytesPerSecond = 25e9;
        w.controller()->setScenario(s);
        w.controller()->flush();
        QVERIFY(!warning->text().contains(QStringLiteral("communication")));
    }

    void statusLineChangesWithoutRelayout()
    {
        // The status line's text changes on every slider move ("uses 71.0 GB of 80 GB (89 %)");
        // a new text, as wide or not, re-lays out neither the status bar nor the window (it did:
        // LayoutRequest events through the main window on each move, bench_latency --passes).
        MainWindow w;
        w.resize(1280, 720);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        core::Scenario s = guiscenarios::sevenBillionOnEight(1);
        w.controller()->setScenario(s);
        w.controller()->flush();
        QCoreApplication::processEvents();
        auto* status = w.statusBar()->findChild<QLabel*>(QStringLiteral("statusLine"));
        QVERIFY(status && status->text().startsWith(QStringLiteral("✔")));
        const QRect before = status->geometry();
        struct LayoutRequests : QObject
        {
            int count = 0;
            bool eventFilter(QObject*, QEvent* e) override
            {
                count += e->type() == QEvent::LayoutRequest ? 1 : 0;
                return false;
            }
        } requests;
        w.statusBar()->installEventFilter(&requests);
        w.installEventFilter(&requests);
        // 7B on 8 GPUs, ZeRO-1: a longer sequence, more memory on the fullest GPU, a new text.
        const QString old = status->text();
        s.training.seqLength = 8192;
        w.controller()->setScenario(s);
        w.controller()->flush();
        QCoreApplication::processEvents();
        QVERIFY(status->text() != old);
        QVERIFY2(status->text().startsWith(QStringLiteral("✔")), qPrintable(status->text()));
        QCOMPARE(requests.count, 0);
        QCOMPARE(status->geometry(), before);
        QVERIFY(status->isVisible());
    }

    void tensorSliderOffersOnlyValidDegrees()
    {
        MainWindow w;
        w.controller()->setScenario(guiscenarios::llama70bOn64());
        w.controller()->flush();
        // 64 GPUs / (PP 4 × CP 1) = 16 left; Llama-2-70B has 64 heads and 8 KV heads: TP ∈ {1, 2, 4, 8}.
        const QVector<double> expected{1, 2, 4, 8};
        QCOMPARE(w.controlsPanel()->parallelControls()->tensorSlider()->steps(), expected);
    }

    void clickingASegmentOpensItsWorking()
    {
        MainWindow w;
        w.resize(1280, 720);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.controller()->flush();
        emit w.memoryChart()->segmentClicked(0, core::Component::Gradients);
        QVERIFY(w.workingDock()->isVisible());
        QTRY_VERIFY(w.workingPanel()->model()->lineCount() > 0);
        const QModelIndex current = w.workingPanel()->view()->currentIndex();
        QVERIFY(current.isValid());
        QCOMPARE(current.data(WorkingModel::TermRole).toInt(), int(core::Term::Gradients));
    }

    void undoShortcutRestoresTheScenario()
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.controller()->flush();
        const int stage = w.controller()->scenario().training.zeroStage;
        QTest::keyClick(&w, Qt::Key_3, Qt::ControlModifier); // ZeRO-3
        QCOMPARE(w.controller()->scenario().training.zeroStage, 3);
        QTest::keyClick(&w, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(w.controller()->scenario().training.zeroStage, stage);
    }

    void presetPickersGroupByFamily()
    {
        // The model picker lists its presets under family headers (the preset file's order);
        // headers are never selected, by click, arrow key or findData(); the GPU picker groups
        // by vendor and architecture the same way.
        MainWindow w;
        QComboBox* models = w.controlsPanel()->modelControls()->presetBox();
        QVERIFY(isComboHeader(models, 0));
        // First the textbook's bare counts (7 × 10⁹ and 7 × 10¹⁰ parameters), then the families.
        QCOMPARE(models->itemText(0), QString("Textbook (counts only)"));
        QCOMPARE(models->itemData(1).toString(), QString("textbook-7b"));
        QCOMPARE(models->itemData(2).toString(), QString("textbook-70b"));
        QVERIFY(isComboHeader(models, 3));
        QCOMPARE(models->itemText(3), QString("Llama"));
        QCOMPARE(models->model()->flags(models->model()->index(0, 0)), Qt::NoItemFlags);
        int headers = 0;
        QString family;
        for (int i = 0; i < models->count(); ++i) {
            if (isComboHeader(models, i)) {
                ++headers;
                family = i == 0 ? QString("Textbook") : models->itemText(i);
                continue;
            }
            const core::ModelPreset* p = core::findModelPreset(models->itemData(i).toString().toStdString());
            if (p) // a preset row: under its own family's header, with its source as tooltip
                QCOMPARE(QString::fromStdString(p->family), family);
            if (p)
                QCOMPARE(models->itemData(i, Qt::ToolTipRole).toString(), QString::fromStdString(p->source));
        }
        QCOMPARE(std::size_t(headers), core::modelPresetFamilies().size());
        for (const core::ModelPreset& p : core::modelPresets())
            QVERIFY2(models->findData(QString::fromStdString(p.model.preset)) >= 0, p.model.preset.c_str());

        // The arrow key steps from the last Llama over the "Qwen" header to the first Qwen.
        w.controller()->setModelPreset("llama-4-maverick");
        w.controller()->flush();
        QCOMPARE(models->currentText(), QString("Llama 4 Maverick 17B-128E (text)"));
        QTest::keyClick(models, Qt::Key_Down);
        w.controller()->flush();
        QCOMPARE(w.controller()->scenario().model.preset, std::string("qwen2.5-7b"));
        QCOMPARE(models->currentText(), QString("Qwen2.5 7B"));

        QComboBox* gpus = w.controlsPanel()->hardwareControls()->gpuBox();
        QVERIFY(isComboHeader(gpus, 0));
        QCOMPARE(gpus->itemText(0), QString("NVIDIA Blackwell"));
        int gpuHeaders = 0;
        for (int i = 0; i < gpus->count(); ++i)
            gpuHeaders += isComboHeader(gpus, i) ? 1 : 0;
        QCOMPARE(std::size_t(gpuHeaders), core::gpuPresetFamilies().size());
        w.controller()->setGpuPreset("h20"); // last Hopper: Down crosses "NVIDIA Ada Lovelace"
        w.controller()->flush();
        QTest::keyClick(gpus, Qt::Key_Down);
        w.controller()->flush();
        QCOMPARE(w.controller()->scenario().hardware.gpu.preset, std::string("l40s"));

        // Headers are drawn in the text colour, not greyed as disabled rows, and follow a
        // palette change (light/dark).
        QPalette dark = models->palette();
        dark.setColor(QPalette::Text, QColor(230, 230, 230));
        dark.setColor(QPalette::Base, QColor(30, 30, 30));
        w.controlsPanel()->modelControls()->setPalette(dark);
        QCOMPARE(models->itemData(0, Qt::ForegroundRole).value<QBrush>().color(), QColor(230, 230, 230));
    }

    void languageChangeRetranslatesInPlace()
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.controller()->flush();
        const QString dock = w.workingDock()->windowTitle();
        const int groups = w.memoryChart()->groupCount();
        // Installing a translator sends QEvent::LanguageChange to every widget: texts are set
        // again by retranslateUi(), nothing is rebuilt, the estimate is re-emitted.
        QTranslator translator;
        QCoreApplication::installTranslator(&translator);
        QTRY_COMPARE(w.workingDock()->windowTitle(), dock);
        w.controller()->flush();
        QCOMPARE(w.memoryChart()->groupCount(), groups);
        QVERIFY(!w.memoryChart()->groupLabel(0).isEmpty());
        QCoreApplication::removeTranslator(&translator);
    }

    void stepTimeFromTheModelOrAStatedMfu()
    {
        // The built-in scenario gives no MFU: the box is on, the slider off, the step-time model
        // times the step. Unticking states the MFU the model gave (rounded to a percent), so the
        // times do not jump; ticking again drops it.
        MainWindow w;
        w.show();
        w.controller()->flush();
        HardwareControls* hw = w.controlsPanel()->hardwareControls();
        QVERIFY(hw->modelTimeBox()->isChecked());
        QVERIFY(!hw->mfuSlider()->isEnabled());
        QCOMPARE(w.controller()->estimate().compute.timeSource, core::TimeSource::Model);
        const double modelMfu = w.controller()->estimate().compute.effectiveMfu;
        const int steps = w.controller()->undoStack()->count();
        hw->modelTimeBox()->click();
        w.controller()->flush();
        QCOMPARE(w.controller()->undoStack()->count(), steps + 1);
        QVERIFY2(std::abs(w.controller()->scenario().hardware.mfu - modelMfu) <= 0.005 + 1e-12,
                 qPrintable(QStringLiteral("%1 vs %2").arg(w.controller()->scenario().hardware.mfu).arg(modelMfu)));
        QCOMPARE(w.controller()->estimate().compute.timeSource, core::TimeSource::Mfu);
        QVERIFY(!hw->modelTimeBox()->isChecked());
        QVERIFY(hw->mfuSlider()->isEnabled());
        hw->modelTimeBox()->click();
        w.controller()->flush();
        QCOMPARE(w.controller()->undoStack()->count(), steps + 2);
        QCOMPARE(w.controller()->scenario().hardware.mfu, 0.0);
        QCOMPARE(w.controller()->estimate().compute.timeSource, core::TimeSource::Model);
        QVERIFY(hw->modelTimeBox()->isChecked());
    }

    void noTwoActionsShareAShortcut()
    {
        // A key bound twice does nothing ("QAction::event: Ambiguous shortcut overload"): Ctrl+1
        // and Ctrl+2 were both a dock and a ZeRO stage. Each window's actions, with Qt's standard
        // keys expanded for this platform.
        MainWindow w;
        PresentationWindow presentation;
        for (QWidget* window : {static_cast<QWidget*>(&w), static_cast<QWidget*>(&presentation)}) {
            QHash<QString, QString> owner;
            for (QAction* a : window->findChildren<QAction*>()) {
                QSet<QString> mine;
                for (const QKeySequence& k : a->shortcuts()) {
                    const QString key = k.toString(QKeySequence::PortableText);
                    if (key.isEmpty() || mine.contains(key))
                        continue;
                    mine.insert(key);
                    const QString name = a->text().isEmpty() ? a->objectName() : a->text();
                    QVERIFY2(!owner.contains(key), qPrintable(key + QStringLiteral(": ") + owner.value(key) + QStringLiteral(" and ") + name));
                    owner.insert(key, name);
                }
            }
            QVERIFY(owner.size() > 5);
        }
    }

    void dockAndZeroKeysBothWork()
    {
        MainWindow w;
        w.resize(1920, 1080);
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        w.controller()->flush();
        QTest::keyClick(&w, Qt::Key_2, Qt::ControlModifier); // ZeRO-2
        w.controller()->flush();
        QCOMPARE(w.controller()->scenario().training.zeroStage, 2);
        const bool shown = w.workingDock()->isVisible();
        QTest::keyClick(&w, Qt::Key_2, Qt::AltModifier); // the working dock
        QTRY_COMPARE(w.workingDock()->isVisible(), !shown);
    }

    void workingShownOnWideScreensWithWholeQuantities()
    {
        // The working is the product's point: open at first on a wide window, its quantities
        // whole (at 1920 px one read "Model-state byt…"), the rest elided in the middle with the
        // whole text on hover.
        MainWindow wide;
        wide.resize(1920, 1080);
        wide.show();
        QVERIFY(QTest::qWaitForWindowExposed(&wide));
        wide.controller()->flush();
        QTRY_VERIFY(wide.workingDock()->isVisible());
        QTreeView* view = wide.workingPanel()->view();
        QTRY_VERIFY(view->model()->rowCount() > 0);
        const QFontMetrics metrics(view->font());
        QFont bold = view->font();
        bold.setBold(true);
        const int column = view->columnWidth(WorkingModel::QuantityColumn);
        int checked = 0;
        for (int top = 0; top < view->model()->rowCount(); ++top) {
            const QModelIndex section = view->model()->index(top, 0);
            for (int row = 0; row < view->model()->rowCount(section); ++row) {
                const QModelIndex cell = view->model()->index(row, WorkingModel::QuantityColumn, section);
                const QString text = cell.data().toString();
                const int needed = std::max(metrics.horizontalAdvance(text), QFontMetrics(bold).horizontalAdvance(text)) + 2 * view->indentation();
                QVERIFY2(needed <= column, qPrintable(QStringLiteral("%1: %2 px in %3").arg(text).arg(needed).arg(column)));
                QVERIFY(cell.data(Qt::ToolTipRole).toString().startsWith(text));
                ++checked;
            }
        }
        QVERIFY(checked > 10);
        QCOMPARE(view->textElideMode(), Qt::ElideMiddle);
        // A small window keeps the charts' width; a click opens the working. 1280 × 720 (a
        // projector) is small: with the working beside them the drills' buttons were cut off.
        MainWindow small;
        small.resize(1280, 720);
        small.show();
        QVERIFY(QTest::qWaitForWindowExposed(&small));
        QVERIFY(!small.workingDock()->isVisible());
    }

    void languageSwitchKeepsTheWorkingOpen()
    {
        MainWindow w;
        w.resize(1920, 1080);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.controller()->flush();
        QTreeView* view = w.workingPanel()->view();
        QTRY_VERIFY(view->model()->rowCount() > 1);
        // Open a nested group and close a top-level one, as a reader would.
        view->expandAll();
        view->collapse(view->model()->index(1, 0));
        const QSet<QString> before = w.workingPanel()->expandedGroups();
        QVERIFY(before.size() > 2);
        QVERIFY(w.languageManager()->setLanguage(QStringLiteral("zh_CN")));
        w.controller()->flush();
        QCOMPARE(w.workingPanel()->expandedGroups(), before);
        QVERIFY(w.languageManager()->setLanguage(QStringLiteral("en")));
        w.controller()->flush();
        QCOMPARE(w.workingPanel()->expandedGroups(), before);
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
