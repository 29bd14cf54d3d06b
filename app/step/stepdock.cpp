#include "app/step/stepdock.h"

#include <QEvent>

#include "app/scenariocontroller.h"
#include "app/step/calibrationdialog.h"
#include "core/pipeline.h"
#include "widgets/step/steppanel.h"

StepDock::StepDock(ScenarioController* controller, QWidget* parent)
    : QDockWidget(parent), m_controller(controller), m_panel(new StepPanel(this))
{
    setObjectName(QStringLiteral("StepDock"));
    setWidget(m_panel);
    connect(controller, &ScenarioController::estimateChanged, this, [this] {
        if (isVisible())
            refresh();
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

void StepDock::refresh()
{
    const core::Scenario& s = m_controller->scenario();
    if (s.mode == core::Mode::Inference) { // a serving run: requests filling the KV pool
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
    const core::PipelineScheduleKind kind = m_panel->showsGPipe() ? core::PipelineScheduleKind::GPipe : core::megatronSchedule(s.parallel.virtualPipeline);
    core::stepTimeline(s, kind, m_timeline);
    const core::Estimate& e = m_controller->estimate();
    double capacity = 0;
    for (const core::RankGroup& g : e.groups)
        capacity = std::max(capacity, g.capacityBytes);
    // Narayanan et al. 2021 §2.2: (p − 1)/(v·m + p − 1); GPipe and 1F1B have v = 1.
    const double formula = m_timeline.valid ? core::bubbleFraction(int(m_timeline.stages.size()), m_timeline.virtualStages, m_timeline.microBatches) : -1;
    m_panel->setTimeline(m_timeline, capacity, formula);
}

void StepDock::retranslateUi() { setWindowTitle(tr("Step: Schedule and Memory")); }

void StepDock::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QDockWidget::changeEvent(event);
}
