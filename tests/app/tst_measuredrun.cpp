// A measured run kept with the scenario, in the window: the calibration dialog's Keep stores the
// log's numbers through the controller (one undo step, the document modified; Close changes
// nothing), the file saves and reopens them, Clear takes them out (undoable), and the memory
// chart draws each measured counter beside the bar that predicts it, with the residual worked by
// hand for one case and, in words, what could not be drawn.
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include "app/documents/documentcontroller.h"
#include "app/mainwindow.h"
#include "app/scenariocontroller.h"
#include "app/step/calibrationdialog.h"
#include "app/slides/slidecontent.h"
#include "app/slides/slideoptions.h"
#include "app/slides/viewrenderer.h"
#include "app/step/stepdock.h"
#include "core/estimate.h"
#include "core/io/scenario_io.h"
#include "widgets/charts/measuredmarkers.h"
#include "widgets/charts/memorychart.h"

namespace {

constexpr double MiB = 1024.0 * 1024;

// Megatron's report_memory line (megatron/training/utils/common_utils.py L320–334 at
// NVIDIA/Megatron-LM@d98e8a64): rank 0 printed twice (the later line counts), rank 1 once.
const char* kLog = "[Rank 0] (after 1 iterations) memory (MB) | allocated: 1.00 | max allocated: 30000.00 | reserved: 31000.00 | max reserved: 31000.00\n"
                   "[Rank 0] (after 2 iterations) memory (MB) | allocated: 2.00 | max allocated: 40960.00 | reserved: 45056.00 | max reserved: 45056.00\n"
                   "[Rank 1] (after 2 iterations) memory (MB) | allocated: 2.00 | max allocated: 40000.00 | reserved: 45056.00 | max reserved: 45056.00\n";

core::Scenario fileScenario(const char* name)
{
    QFile f(QStringLiteral(SHARDSCOPE_SOURCE_DIR "/docs/") + QLatin1String(name));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QByteArray data = f.readAll();
    return core::loadScenario(std::string_view(data.constData(), std::size_t(data.size()))).scenario;
}

const MeasuredText::Mark* findMark(const MemoryChart& chart, int bar, core::MeasuredQuantity q)
{
    for (const MeasuredText::Mark& m : chart.measuredMarkers().marks())
        if (m.bar == bar && m.quantity == q)
            return &m;
    return nullptr;
}

} // namespace

class TestMeasuredRun : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
        QCoreApplication::setOrganizationName(QStringLiteral("ShardScopeTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_measuredrun"));
    }

    void keepStoresOneUndoStepAndCloseChangesNothing()
    {
        MainWindow w;
        ScenarioController* c = w.controller();
        c->flush();
        const core::Scenario before = c->scenario();
        const int steps = c->undoStack()->count();
        CalibrationDialog* d = w.stepDock()->calibrationDialog();
        d->setLogText(QString::fromLatin1(kLog));
        QVERIFY(d->keepButton()->isEnabled());
        // Close: nothing kept.
        d->show();
        d->reject();
        c->flush();
        QVERIFY(c->scenario() == before);
        QCOMPARE(c->undoStack()->count(), steps);
        // Keep: the last of each counter (rank 0's second line), the label typed, one step.
        d->show();
        d->labelEdit()->setText(QStringLiteral("8×A100, core_r0.9"));
        QVERIFY(d->keepMeasurements());
        c->flush();
        QVERIFY(!d->isVisible());
        QCOMPARE(c->undoStack()->count(), steps + 1);
        QVERIFY(w.documentController()->isModified());
        const core::MeasuredRun& run = c->scenario().measured;
        QCOMPARE(run.label, std::string("8×A100, core_r0.9"));
        QCOMPARE(run.entries.size(), std::size_t(8)); // 4 counters × ranks 0 and 1
        QCOMPARE(run.entries[1].quantity, core::MeasuredQuantity::MaxAllocated);
        QCOMPARE(run.entries[1].value, 40960 * MiB);
        QCOMPARE(run.date.size(), std::size_t(10)); // today, ISO 8601
        // Everything else is as it was.
        core::Scenario withoutRun = c->scenario();
        withoutRun.measured = {};
        QVERIFY(withoutRun == before);
        // Undo takes the run back; Keep with the same numbers again is one more step, no more.
        c->undoStack()->undo();
        c->flush();
        QVERIFY(c->scenario().measured.empty());
        c->undoStack()->redo();
        c->flush();
        QCOMPARE(c->scenario().measured.entries.size(), std::size_t(8));
        c->setMeasurements(c->scenario().measured);
        QCOMPARE(c->undoStack()->count(), steps + 1);
    }

    void clearIsUndoable()
    {
        MainWindow w;
        ScenarioController* c = w.controller();
        c->setScenario(fileScenario("measured-run.json"));
        c->flush();
        QCOMPARE(c->scenario().measured.entries.size(), std::size_t(19));
        const int steps = c->undoStack()->count();
        c->clearMeasurements();
        c->flush();
        QVERIFY(c->scenario().measured.empty());
        QCOMPARE(c->undoStack()->count(), steps + 1);
        QVERIFY(w.memoryChart()->measuredMarkers().marks().isEmpty());
        QVERIFY(w.memoryChart()->measuredMarkers().notesText().isEmpty());
        c->clearMeasurements(); // nothing to clear: no step
        QCOMPARE(c->undoStack()->count(), steps + 1);
        c->undoStack()->undo();
        c->flush();
        QCOMPARE(c->scenario().measured.entries.size(), std::size_t(19));
        QVERIFY(!w.memoryChart()->measuredMarkers().marks().isEmpty());
    }

    void theDocumentSavesAndReopensThem()
    {
        const QString path = m_dir.filePath(QStringLiteral("kept.json"));
        {
            MainWindow w;
            w.controller()->flush();
            CalibrationDialog* d = w.stepDock()->calibrationDialog();
            d->setLogText(QString::fromLatin1(kLog));
            QVERIFY(d->keepMeasurements());
            w.controller()->flush();
            QVERIFY(w.documentController()->saveToFile(path));
            QVERIFY(!w.documentController()->isModified());
        }
        MainWindow other;
        QVERIFY(other.documentController()->openFile(path));
        other.controller()->flush();
        QCOMPARE(other.controller()->scenario().measured.entries.size(), std::size_t(8));
        QCOMPARE(other.controller()->scenario().measured.entries[1].value, 40960 * MiB);
        QVERIFY(!other.documentController()->isModified());
    }

    void theChartDrawsEachCounterBesideItsBar()
    {
        // docs/measured-run.json: Llama 2 13B, TP 2 PP 4 DP 2 on two nodes of 8 A100s (a stage's
        // ranks are 4s … 4s + 3), with docs/measured-step.log's numbers kept.
        MainWindow w;
        w.resize(1280, 720);
        w.show();
        ScenarioController* c = w.controller();
        c->setScenario(fileScenario("measured-run.json"));
        c->flush();
        const MemoryChart& chart = *w.memoryChart();
        QTRY_VERIFY(!chart.measuredMarkers().marks().isEmpty());
        const core::Estimate& e = c->estimate();
        // Rank 0 is PP stage 0, the first bar. Its max allocated was 33,802.17 MiB =
        // 35,444,144,210 B (the file); the mark stands there and its label is the residual
        // (predicted − measured) / measured of the estimate's allocated peak of that stage.
        const MeasuredText::Mark* a0 = findMark(chart, 0, core::MeasuredQuantity::MaxAllocated);
        QVERIFY(a0);
        QCOMPARE(a0->measured, 35444144210.0);
        QCOMPARE(a0->bytes, 35444144210.0);
        QCOMPARE(a0->predicted, e.groups[0].allocatedBytes);
        const double percent = (e.groups[0].allocatedBytes - 35444144210.0) / 35444144210.0 * 100;
        QCOMPARE(a0->label, MeasuredText::percentText(percent));
        QVERIFY(percent < 0 && a0->label.startsWith(QStringLiteral("−"))); // the estimate is below the run
        QVERIFY2(a0->toolTip.contains(QStringLiteral("(predicted − measured) / measured = (")), qPrintable(a0->toolTip));
        QVERIFY2(a0->toolTip.contains(QStringLiteral("line 2")), qPrintable(a0->toolTip));
        // Reserved against reserved, each stage its own rank (0, 4, 8, 12 → bars 0 … 3).
        for (int stage = 0; stage < 4; ++stage) {
            const MeasuredText::Mark* r = findMark(chart, stage, core::MeasuredQuantity::MaxReserved);
            QVERIFY2(r, qPrintable(QString::number(stage)));
            QCOMPARE(r->predicted, e.groups[std::size_t(stage)].reservedBytes);
        }
        // nvidia-smi's device 0 is rank 0 on one node or rank 8 on the other, stages 0 and 2,
        // which predict different totals: not drawn, and said so.
        QVERIFY(!findMark(chart, 0, core::MeasuredQuantity::DeviceUsed));
        QVERIFY(!findMark(chart, 2, core::MeasuredQuantity::DeviceUsed));
        const QString notes = chart.measuredMarkers().notesText();
        QVERIFY2(notes.contains(QStringLiteral("Not drawn: device 0 of one node")), qPrintable(notes));
        QVERIFY2(notes.contains(QStringLiteral("(predicted − measured) / measured")), qPrintable(notes));
        // The textbook view has no allocator levels: no marks, and the notes say why.
        w.memoryChart()->setTextbook(true);
        QVERIFY(chart.measuredMarkers().marks().isEmpty());
        QVERIFY2(chart.measuredMarkers().notesText().contains(QStringLiteral("textbook view")), qPrintable(chart.measuredMarkers().notesText()));
        w.memoryChart()->setTextbook(false);
        QVERIFY(!chart.measuredMarkers().marks().isEmpty());
    }

    void theLabelIsTheResidualWorkedByHand()
    {
        // Serving Llama 2 7B in BF16 on one GPU: weights 6,738,415,616 parameters (the preset's
        // published count) × 2 bytes = 13,476,831,232 B predicted; vLLM measured "Model loading
        // took 13.0 GiB" = 13,958,643,712 B. (predicted − measured) / measured = −481,812,480 /
        // 13,958,643,712 = −3.45 %, shown to one decimal: "−3.5 %". The weights are the bottom
        // segment, so the mark stands at the measured size itself.
        MainWindow w;
        w.show();
        const core::ScenarioLoad l = core::loadScenario(R"({"schema_version": 2, "mode": "inference", "model": {"preset": "llama-2-7b"},
            "parallel": {"gpus": 1}, "measurements": {"entries": [{"format": "vllm", "quantity": "weights", "bytes": 13958643712}]}})");
        QVERIFY(l.ok);
        w.controller()->setScenario(l.scenario);
        w.controller()->flush();
        QTRY_COMPARE(w.memoryChart()->measuredMarkers().marks().size(), qsizetype(1));
        const MeasuredText::Mark& m = w.memoryChart()->measuredMarkers().marks().front();
        QCOMPARE(m.predicted, 13476831232.0);
        QCOMPARE(m.bytes, 13958643712.0);
        QCOMPARE(m.label, QStringLiteral("−3.5 %"));
        // No rank in the log: the tooltip says which group it was compared with, and why.
        QVERIFY2(m.toolTip.contains(QStringLiteral("names no rank")), qPrintable(m.toolTip));
    }

    void ranksBeyondTheLayoutAreSaidNotGuessed()
    {
        // The same log against 8 GPUs (one node, PP 4 TP 2: no DP, a stage is ranks 2s and
        // 2s + 1): Megatron's ranks 8 and 12 do not exist there.
        MainWindow w;
        w.show();
        ScenarioController* c = w.controller();
        core::Scenario s = fileScenario("measured-run.json");
        s.parallel.gpus = 8;
        s.training.globalBatchSize = 8;
        c->setScenario(s);
        c->flush();
        QTRY_VERIFY(!w.memoryChart()->measuredMarkers().notesText().isEmpty());
        const QString notes = w.memoryChart()->measuredMarkers().notesText();
        QVERIFY2(notes.contains(QStringLiteral("Not drawn: rank 8, 12 is not in this layout of 8 GPUs")), qPrintable(notes));
        // One node: nvidia-smi's index 0 is rank 0, stage 0, drawn.
        QVERIFY(findMark(*w.memoryChart(), 0, core::MeasuredQuantity::DeviceUsed));
        // A stage is 2 ranks here: rank 4 is stage 2 (its 29,520.88 MiB), stages 1 and 3 were not measured.
        const MeasuredText::Mark* a2 = findMark(*w.memoryChart(), 2, core::MeasuredQuantity::MaxAllocated);
        QVERIFY(a2);
        QCOMPARE(a2->measured, 30954886267.0);
        QVERIFY(!findMark(*w.memoryChart(), 1, core::MeasuredQuantity::MaxAllocated));
        QVERIFY2(notes.contains(QStringLiteral("Not measured: PP stage 1 · ranks 2–3; PP stage 3 · ranks 6–7")), qPrintable(notes));
    }

private:
    void slidesDrawTheMarksToo_data()
    {
        QTest::addColumn<SlideView>("view");
        QTest::newRow("memory") << SlideView::Memory;
        QTest::newRow("dashboard") << SlideView::Dashboard;
    }

    void slidesDrawTheMarksToo()
    {
        // An exported or copied slide of a scenario with a measured run shows the same marks as
        // the window: rank 0's max allocated beside stage 0's bar, its residual the label, and
        // the label in the SVG as text. Without measurements, no marks.
        QFETCH(SlideView, view);
        const core::Scenario s = fileScenario("measured-run.json");
        QVERIFY(!s.measured.entries.empty());
        SlideOptions o;
        o.view = view;
        o.size = QSize(1280, 720);
        const ViewRenderer slide(SlideContent::fromScenario(s), o);
        const QList<MemoryChart*> charts = slide.slide()->findChildren<MemoryChart*>();
        QVERIFY(!charts.isEmpty());
        const MemoryChart& chart = *charts.front();
        const MeasuredText::Mark* a0 = findMark(chart, 0, core::MeasuredQuantity::MaxAllocated);
        QVERIFY(a0);
        QCOMPARE(a0->measured, 35444144210.0);
        const core::Estimate e = core::estimate(s);
        QCOMPARE(a0->label, MeasuredText::percentText((e.groups[0].allocatedBytes - 35444144210.0) / 35444144210.0 * 100));
        if (view == SlideView::Memory) { // the dashboard's bars are too narrow for every label
            QVERIFY2(QString::fromUtf8(slide.svg()).contains(a0->label.toHtmlEscaped()), qPrintable(a0->label));
            // In large type the label reaches into the gap after its bar rather than vanish.
            QVERIFY(chart.measuredMarkers().labelShown(int(a0 - chart.measuredMarkers().marks().constData())));
            // The notes under the chart at the slide's width, wrapped; in the plot's row they
            // made the chart wider than the slide and cut its legend.
            const QLabel* notes = slide.slide()->findChild<QLabel*>(QStringLiteral("measuredNotes"));
            QVERIFY(notes);
            QVERIFY2(notes->text().contains(QStringLiteral("Not drawn: device 0 of one node")), qPrintable(notes->text()));
            QVERIFY(chart.measuredMarkers().notesText().isEmpty());
        }
        QCOMPARE_LE(chart.width(), o.size.width());
        core::Scenario without = s;
        without.measured = {};
        const ViewRenderer plain(SlideContent::fromScenario(without), o);
        for (const MemoryChart* c : plain.slide()->findChildren<MemoryChart*>())
            QVERIFY(c->measuredMarkers().marks().isEmpty());
    }

    QTemporaryDir m_dir;
};

QTEST_MAIN(TestMeasuredRun)
#include "tst_measuredrun.moc"
