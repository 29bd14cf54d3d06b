// The Step dock on a serving scenario: the serving timeline replaces the schedule and the
// training memory, the one cursor moves through its engine steps, and the peak is labelled with
// its step, its requests and its blocks.
#include <QComboBox>
#include <QLocale>
#include <QTest>

#include "app/mainwindow.h"
#include "app/scenariocontroller.h"
#include "app/step/stepdock.h"
#include "core/fields.h"
#include "core/io/presets.h"
#include "widgets/step/memorytimelineview.h"
#include "widgets/step/servingtimelineview.h"
#include "widgets/step/stepcursor.h"
#include "widgets/step/steppanel.h"

namespace {

core::Scenario servingScenario(std::int64_t batch, std::int64_t prompt, std::int64_t generated)
{
    core::Scenario s;
    s.mode = core::Mode::Inference;
    if (const core::ModelPreset* p = core::findModelPreset("llama-3-8b"))
        s.model = p->model;
    if (const core::GpuSpec* g = core::findGpuPreset("h100-sxm"))
        s.hardware.gpu = *g;
    s.parallel.gpus = 1;
    s.inference.weights.format = core::WeightFormat::Bf16;
    s.inference.kvCacheDtype = core::KvCacheDtype::Bf16;
    s.inference.batchSize = batch;
    s.inference.promptLength = prompt;
    s.inference.generatedTokens = generated;
    s.inference.kvBlockSize = 16;
    s.inference.maxBatchedTokens = 2048;
    return s;
}

} // namespace

class TestServingStep : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }

    void theDockShowsTheServingRun()
    {
        MainWindow w;
        ScenarioController* c = w.controller();
        c->setScenario(servingScenario(64, 1024, 1024));
        c->flush();
        w.show();
        w.stepDock()->show();
        StepPanel* panel = w.stepDock()->panel();
        QTRY_VERIFY(panel->servingView()->timeline().valid);
        QVERIFY(panel->showsServing());
        QVERIFY(panel->servingView()->isVisible());
        QVERIFY(!panel->memoryView()->isVisible());
        QVERIFY(!panel->stageCombo()->isVisible());
        const core::ServingTimeline& t = panel->servingView()->timeline();
        // ⌈64 × 1,024 / 2,048⌉ = 32 prefill steps, then 1,024 decode steps
        QCOMPARE(t.prefillSteps, qint64(32));
        QCOMPARE(panel->stepCursor()->length(), 32.0 + 1024.0);
        // the peak: the last decode step, 64 requests of 2,048 tokens = 128 blocks each
        const QString expected = QStringLiteral("Decode step 1,024: 64 requests, 8,192 of %1 blocks").arg(QLocale().toString(qlonglong(t.poolBlocks)));
        QCOMPARE(panel->servingView()->peakText(), expected);
        // The cursor steps moment by moment: the first prefill chunk, then the next.
        panel->stepCursor()->setPosition(0);
        panel->stepCursor()->stepForward();
        QCOMPARE(panel->stepCursor()->position(), 1.0);
        QCOMPARE(panel->servingView()->cursorPosition(), 1.0);
        QVERIFY2(panel->servingView()->cursorText().startsWith(QStringLiteral("Prefill step 2: 4 requests, 256 of")),
                 qPrintable(panel->servingView()->cursorText()));
        // Back to training: the training views return.
        c->set(core::Field::Mode, int(core::Mode::Train));
        c->flush();
        QTRY_VERIFY(!panel->showsServing());
        QVERIFY(panel->memoryView()->isVisible());
    }

    void theAxisGivesThePrefillRoom_data()
    {
        QTest::addColumn<qint64>("batch");
        QTest::addColumn<qint64>("prompt");
        QTest::addColumn<qint64>("generated");
        // 32 prefill steps of 1,056: 3 % of the run, drawn on a sixth of the width
        QTest::newRow("short prefill") << qint64(64) << qint64(1024) << qint64(1024);
        // 512 prefill steps of 528: 97 %, the decode keeps a sixth
        QTest::newRow("long prefill") << qint64(512) << qint64(2048) << qint64(16);
        QTest::newRow("no decode") << qint64(8) << qint64(1000) << qint64(0);
    }

    void theAxisGivesThePrefillRoom()
    {
        QFETCH(qint64, batch);
        QFETCH(qint64, prompt);
        QFETCH(qint64, generated);
        ServingTimelineView view;
        view.resize(1200, 500);
        view.setTimeline(core::servingTimeline(servingScenario(batch, prompt, generated)));
        const core::ServingTimeline& t = view.timeline();
        QVERIFY(t.valid);
        const double left = view.xOf(0), right = view.xOf(t.length()), split = view.xOf(double(t.prefillSteps));
        QCOMPARE_GT(right, left);
        if (generated > 0) {
            QCOMPARE_GE((split - left) / (right - left), 1.0 / 6 - 1e-9);
            QCOMPARE_LE((split - left) / (right - left), 5.0 / 6 + 1e-9);
        } else {
            QCOMPARE(split, right);
        }
        // x and back
        for (double step : {0.0, double(t.prefillSteps) / 2, double(t.prefillSteps), t.length() * 0.9, t.length()})
            QCOMPARE(std::round(view.stepAt(view.xOf(step)) * 1e6) / 1e6, std::round(step * 1e6) / 1e6);
        // it paints: the peak label, the grid, the cursor (a grab runs every paint path)
        view.setCursorPosition(t.length() / 2);
        const QImage image = view.grab().toImage();
        QCOMPARE(image.width(), 1200);
    }
};

QTEST_MAIN(TestServingStep)
#include "tst_servingstep.moc"
