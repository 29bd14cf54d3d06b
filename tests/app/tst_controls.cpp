// Every control of the panel drives the scenario through its field: in each mode, each shown
// and enabled slider, spin box, check box and combo box makes one edit that reaches the
// controller (one undo step, one more estimate), and undoing it restores the scenario. A
// control that names no field (its "field" property) is reported, so none is left unbound.
#include <QtTest>

#include <QCheckBox>
#include <QComboBox>
#include <QSpinBox>
#include <QUndoStack>

#include "app/controls/controlsection.h"
#include "app/controls/controlspanel.h"
#include "app/controls/modelcontrols.h"
#include "app/mainwindow.h"
#include "app/scenariocontroller.h"
#include "core/io/scenario_io.h"
#include "core/model.h"
#include "widgets/valueslider.h"

Q_DECLARE_METATYPE(core::Scenario)

namespace {

core::Scenario load(const char* json, const std::vector<std::string>& sets = {})
{
    const core::ScenarioLoad l = core::loadScenario(json, sets);
    return l.scenario;
}

/// A value the slider offers that differs from its current one.
double otherValue(const ValueSlider* s)
{
    const QVector<double> steps = s->steps();
    for (qsizetype i = 0; i < steps.size(); ++i)
        if (steps[i] == s->value())
            return i + 1 < steps.size() ? steps[i + 1] : (i > 0 ? steps[i - 1] : s->value() + 1); // one step: a typed value
    return s->value() > 0 ? s->value() * 1.25 : 1e9; // continuous (the reward model's 0 = "as the policy")
}

} // namespace

class TestControls : public QObject
{
    Q_OBJECT

private slots:
    void everyControlDrivesTheScenario_data()
    {
        QTest::addColumn<core::Scenario>("scenario");
        QTest::addColumn<int>("expected"); // shown, enabled controls of that mode, counted by hand from the sections
        const char* train = R"({"schema_version": 1, "model": {"preset": "mixtral-8x7b"},
            "training": {"zero_stage": 1, "global_batch_size": 512, "seq_length": 4096},
            "parallel": {"gpus": 64, "tensor": 2, "pipeline": 4, "expert": 8}, "hardware": {"gpu": "h100-sxm"}})";
        // Model: preset, size and 5 architecture spins; sequence & batch 4; precision 7 (offloading
        // parameters needs ZeRO-3: disabled; the optimizer step in backward); parallelism 10 with the
        // pipeline schedule (PP 4), EP, expert TP and the capacity factor; hardware 8 (with the
        // checkpoint interval and asynchronous checkpoints) = 36.
        QTest::newRow("training a MoE model") << load(train) << 36;
        const char* serving = R"({"schema_version": 1, "mode": "inference", "model": {"preset": "llama-3-70b"},
            "inference": {"weight_format": "int4", "batch_size": 32}, "parallel": {"gpus": 8, "tensor": 8}, "hardware": {"gpu": "h100-sxm"}})";
        // Model 7; serving 10 (INT4 enables group size and scale type; speculative decoding's method
        // and the prefix cache's hit rate, k, α and the draft model hidden while it is off);
        // parallelism 3 (serving hides virtual stages, CP and SP); hardware 3 (no price, overhead or
        // network) = 23.
        QTest::newRow("serving INT4") << load(serving) << 23;
        const char* drafting = R"({"schema_version": 1, "mode": "inference", "model": {"preset": "llama-3-70b"},
            "inference": {"batch_size": 32, "speculative_method": "draft_model", "draft_parameters": 1e9},
            "parallel": {"gpus": 8, "tensor": 8}, "hardware": {"gpu": "h100-sxm"}})";
        // Serving with a draft model: model 7; serving 6 (bf16: no group size or scale type) + method,
        // k, α, draft model size, prefix hits = 11; parallelism 3; hardware 3 = 24.
        QTest::newRow("serving with a draft model") << load(drafting) << 24;
        const char* rl = R"({"schema_version": 1, "mode": "finetune", "model": {"preset": "llama-2-7b"},
            "training": {"zero_stage": 3, "global_batch_size": 64, "seq_length": 2560},
            "finetune": {"method": "lora", "rl": {"algorithm": "ppo", "reward_model": true, "placement": "separate"}},
            "parallel": {"gpus": 8}, "hardware": {"gpu": "a100-80gb"}})";
        // Model 7; fine-tuning 10 (method, rank, 7 target matrices, base format); RL 15 with the
        // reward model, the critic and the rollout pool; sequence & batch 4; precision 8 (ZeRO-3
        // enables both offloads; the optimizer step in backward); parallelism 4 (TP 1, PP 1: no SP, no
        // virtual stages, the 1F1B schedule box disabled); hardware 8 = 56.
        QTest::newRow("PPO, separate rollout pool") << load(rl) << 56;
    }

    void everyControlDrivesTheScenario()
    {
        QFETCH(core::Scenario, scenario);
        QFETCH(int, expected);
        MainWindow w;
        ScenarioController* c = w.controller();
        c->setScenario(scenario);
        c->flush();
        // The architecture editor is behind a check box of its own (not a scenario field).
        ModelControls* model = w.controlsPanel()->modelControls();
        for (QCheckBox* box : model->findChildren<QCheckBox*>())
            if (!box->property("field").isValid())
                box->setChecked(true);

        int driven = 0;
        QStringList unbound;
        for (ControlSection* section : w.controlsPanel()->findChildren<ControlSection*>()) {
            if (!section->isVisibleTo(w.controlsPanel()))
                continue;
            QList<QWidget*> controls;
            for (QWidget* widget : section->findChildren<QWidget*>())
                if (qobject_cast<ValueSlider*>(widget) || qobject_cast<QCheckBox*>(widget) || qobject_cast<QComboBox*>(widget)
                    || (qobject_cast<QSpinBox*>(widget) && !qobject_cast<ValueSlider*>(widget->parentWidget())))
                    controls << widget;
            for (QWidget* control : std::as_const(controls)) {
                if (!control->isVisibleTo(w.controlsPanel()) || !control->isEnabled())
                    continue;
                const QString field = control->property("field").toString();
                if (field.isEmpty()) {
                    if (!(qobject_cast<QCheckBox*>(control) && control->parentWidget() == model))
                        unbound << QStringLiteral("%1 %2").arg(section->metaObject()->className(), control->metaObject()->className());
                    continue;
                }
                const std::string before = core::saveScenario(c->scenario());
                const int steps = c->undoStack()->index();
                const int estimates = c->estimateCount();
                if (auto* slider = qobject_cast<ValueSlider*>(control)) {
                    emit slider->valueEdited(otherValue(slider));
                } else if (auto* box = qobject_cast<QCheckBox*>(control)) {
                    box->click();
                } else if (auto* combo = qobject_cast<QComboBox*>(control)) {
                    for (int i = 0; i < combo->count(); ++i)
                        if (!combo->itemData(i).toString().isEmpty() && combo->itemData(i) != combo->currentData()) {
                            combo->setCurrentIndex(i);
                            emit combo->activated(i);
                            break;
                        }
                } else if (auto* spin = qobject_cast<QSpinBox*>(control)) {
                    spin->setValue(spin->value() + spin->singleStep());
                }
                c->flush();
                const QByteArray what = (field + QStringLiteral(" (") + QString::fromLatin1(control->metaObject()->className())
                                         + QStringLiteral(")")).toUtf8();
                QVERIFY2(core::saveScenario(c->scenario()) != before, what.constData());
                QVERIFY2(c->undoStack()->index() == steps + 1, (what + " steps " + QByteArray::number(steps) + " -> " + QByteArray::number(c->undoStack()->index())).constData());
                QVERIFY2(c->estimateCount() > estimates, what.constData());
                c->undoStack()->undo();
                c->flush();
                QVERIFY2(core::saveScenario(c->scenario()) == before, what.constData());
                ++driven;
            }
        }
        QVERIFY2(unbound.isEmpty(), qPrintable(unbound.join(QStringLiteral(", "))));
        QCOMPARE(driven, expected);
    }

    // One limit for a model's size (10^16 parameters, model.parameters' range; README): the window
    // takes typed sizes up to it, also in scientific notation, and says when it clamps a larger one
    // instead of silently using another number (it used to stop at 10,000 B).
    void typedModelSizeUpToTheLimit_data()
    {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<double>("parameters");
        QTest::addColumn<bool>("clamped");
        QTest::addColumn<double>("tolerance");
        // The family shape is whole layers of a rounded width: within 1 % of the size asked for.
        QTest::addRow("10^15 as digits") << "1000000" << 1e15 << false << 0.01;
        QTest::addRow("10^15 as 1e6 B") << "1e6" << 1e15 << false << 0.01;
        QTest::addRow("the limit") << "10000000" << 1e16 << false << 0.01;
        QTest::addRow("beyond: clamped") << "1e8" << 1e16 << true << 0.01;
        // 0.1 B, the smallest the box takes: the family's smallest shape is 1.47e8, its
        // 128,256-token embedding alone 128,256 × 1024 = 1.31e8.
        QTest::addRow("below: clamped") << "0.001" << 1e8 << true << 0.5;
    }

    void typedModelSizeUpToTheLimit()
    {
        QFETCH(QString, typed);
        QFETCH(double, parameters);
        QFETCH(bool, clamped);
        QFETCH(double, tolerance);
        MainWindow w;
        ScenarioController* c = w.controller();
        ValueSlider* size = nullptr;
        for (ValueSlider* s : w.controlsPanel()->modelControls()->findChildren<ValueSlider*>())
            if (s->property("field").toString() == QLatin1String("model.parameters"))
                size = s;
        QVERIFY(size);
        size->spinBox()->selectAll();
        QTest::keyClicks(size->spinBox(), typed);
        QTest::keyClick(size->spinBox(), Qt::Key_Return);
        c->flush();
        const double counted = core::countParameters(c->scenario().model).total;
        QVERIFY2(std::abs(counted / parameters - 1) < tolerance, qPrintable(QStringLiteral("%1 vs %2").arg(counted).arg(parameters)));
        QCOMPARE(!size->clampNote().isEmpty(), clamped);
        if (clamped)
            QVERIFY2(size->clampNote().contains(typed.contains('e') ? QStringLiteral("1e+08") : QStringLiteral("0.001"), Qt::CaseInsensitive),
                     qPrintable(size->clampNote())); // the typed value, in the locale's notation (1E+08 in en_US)
        // The next edit in range clears the note.
        QCoreApplication::processEvents();
        size->spinBox()->selectAll();
        QTest::keyClicks(size->spinBox(), QStringLiteral("7"));
        QTest::keyClick(size->spinBox(), Qt::Key_Return);
        QCoreApplication::processEvents();
        QVERIFY2(size->clampNote().isEmpty(), qPrintable(size->clampNote()));
    }
};

QTEST_MAIN(TestControls)
#include "tst_controls.moc"
