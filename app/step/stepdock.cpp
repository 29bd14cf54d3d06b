#include "app/step/stepdock.h"

#include <QEvent>
#include <QTimer>

#include "app/scenariocontroller.h"
#include "app/step/calibrationdialog.h"
#include "core/pipeline.h"
#include "widgets/step/steppanel.h"

StepDock::StepDock(ScenarioController* controller, QWidget* parent)
    : QDockWidget(parent), m_controller(controller), m_panel(new StepPanel(this)), m_replan(new QTimer(this))
{
    setObjectName(QStringLiteral("StepDock"));
    setWidget(m_panel);
    // Off the slider's path: a new estimate re-plans the step on the next pass of the event
    // loop, so the explorer's charts repaint first and the step views a frame later; a burst
    // of estimates before then is one re-plan.
    m_replan->setSingleShot(true);
    m_replan->setInterval(0);
    connect(m_replan, &QTimer::timeout, this, [this] {
        if (isVisible()) // closed in between: planned again when shown
            refresh();
    });
    connect(controller, &ScenarioController::estimateChanged, this, [this] {
        if (isVisible())
            m_replan->start();
        if (m_dialog)
            m_dialog->setEstimate(m_controller->lastValidEstimate());
    });
    connect(this, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (visible)
            refresh();
    });
    connect(m_panel, &StepPanel::scheduleRequested, this, &StepDock::refresh);
    connect(m_panel, &StepPanel::calibrationRequested, this, [this] {
        CalibrationDialog* d = calibrationDialog();
        d->show();
        d->raise();
    });
    retranslateUi();
}

CalibrationDialog* StepDock::calibrationDialog()
{
    if (!m_dialog) {
        m_dialog = new CalibrationDialog(window());
        m_dialog->setUnit(m_unit);
        m_dialog->setController(m_controller); // Keep / Clear go through the controller
        m_dialog->setEstimate(m_controller->lastValidEstimate());
    }
    return m_dialog;
}

void StepDock::setUnit(DisplayFormat::MemoryUnit unit)
{
    m_unit = unit;
    m_panel->setUnit(unit);
    if (m_dialog)
        m_dialog->setUnit(unit);
}

bool StepDock::replanPending() const { return m_replan->isActive(); }

void StepDock::refresh()
{
    m_replan->stop();
    const core::Scenario& s = m_controller->scenario();
    const bool serving = s.mode == core::Mode::Inference;
    if (serving != m_servingShown) {
        m_servingShown = serving;
        retranslateUi();
    }
    if (serving) { // a serving run: requests filling the KV pool
        core::servingTimeline(s, m_serving);
        m_panel->setServingTimeline(m_serving);
        return;
    }
    // A drawn step stays readable, and re-planning it on a slider move cheap, up to this many
    // chunk-micro-batches per stage; beyond, the panel says so instead of drawing a barcode.
    constexpr std::int64_t kMaxDrawn = 1024;
    const std::int64_t chunks = m_controller->estimate().microBatchesPerStep * std::max(1, s.parallel.virtualPipeline);
    if (s.mode != core::Mode::Inference && m_controller->estimate().valid && chunks > kMaxDrawn) {
        m_panel->setUnavailable(tr("%1 micro-batches per step: too many to draw one by one (up to %2). "
                                   "Fewer micro-batches (a smaller global batch, or more data parallelism) show the step.")
                                    .arg(m_controller->estimate().microBatchesPerStep)
                                    .arg(kMaxDrawn));
        return;
    }
    const core::PipelineScheduleKind kind = m_panel->requestedSchedule(s.parallel.virtualPipeline);
    // the buffer no view holds any more (the other is on screen)
    std::shared_ptr<core::StepTimeline>& slot = m_timelines[0].use_count() <= 1 ? m_timelines[0] : m_timelines[1];
    if (!slot || slot.use_count() > 1)
        slot = std::make_shared<core::StepTimeline>();
    const std::shared_ptr<core::StepTimeline> timeline = slot;
    core::StepTimeline& t = *timeline;
    core::stepTimeline(s, kind, t);
    const core::Estimate& e = m_controller->estimate();
    double capacity = 0;
    for (const core::RankGroup& g : e.groups)
        capacity = std::max(capacity, g.capacityBytes);
    // Narayanan et al. 2021 §2.2: (p − 1)/(v·m + p − 1); GPipe and 1F1B have v = 1. ZB-H1:
    // Qi et al. 2024 §2.1 with T_F = T_B = T_W, (p − 1)/(3m + p − 1), for m ≥ p only.
    const int p = int(t.stages.size()), m = t.microBatches;
    double formula = -1;
    if (t.valid && kind == core::PipelineScheduleKind::ZeroBubbleH1)
        formula = m >= p ? core::zeroBubbleH1Bubble(p, m, 1, 1, 1) : -1;
    else if (t.valid)
        formula = core::bubbleFraction(p, t.virtualStages, m);
    m_panel->setTimeline(std::shared_ptr<const core::StepTimeline>(timeline), capacity, formula);
}

void StepDock::retranslateUi()
{
    // A serving run has no pipeline schedule to show: the dock is named after what it draws.
    setWindowTitle(m_servingShown ? tr("Step: Serving Memory as the Batch Fills") : tr("Step: Schedule and Memory"));
}

void StepDock::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QDockWidget::changeEvent(event);
}
