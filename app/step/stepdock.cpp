#include "app/step/stepdock.h"

#include <QEvent>

#include "app/scenariocontroller.h"
#include "app/step/calibrationdialog.h"
#include "app/step/stepplanner.h"
#include "widgets/issuetext.h"
#include "widgets/step/steppanel.h"

StepDock::StepDock(ScenarioController* controller, QWidget* parent)
    : QDockWidget(parent), m_controller(controller), m_panel(new StepPanel(this)), m_planner(new StepPlanner(this))
{
    setObjectName(QStringLiteral("StepDock"));
    setWidget(m_panel);
    // Off the slider's path: a new estimate re-plans the step on the planner's thread, on the
    // second core, while this thread repaints the explorer's charts; the step views take the
    // plan when it comes. A burst of estimates keeps only the latest plan.
    connect(controller, &ScenarioController::estimateChanged, this, [this] {
        if (isVisible()) // hidden: planned again when shown
            replan();
        if (m_dialog)
            m_dialog->setEstimate(m_controller->lastValidEstimate());
    });
    connect(m_planner, &StepPlanner::planned, this, [this](std::shared_ptr<StepPlanner::Job> job) {
        m_panel->showFrame(std::move(job->frame)); // drawn there: shown here
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

bool StepDock::replanPending() const { return m_planner->isBusy(); }

bool StepDock::prepare(StepPlanner::Job& job)
{
    const core::Scenario& s = m_controller->scenario();
    job.serving = s.mode == core::Mode::Inference;
    if (job.serving != m_servingShown) {
        m_servingShown = job.serving;
        retranslateUi();
    }
    if (job.serving) { // a serving run: requests filling the KV pool
        // the buffer no view and no job holds (the view shares the one on screen)
        std::shared_ptr<core::ServingTimeline>& slot = m_servings[0].use_count() <= 1 ? m_servings[0] : m_servings[1];
        if (!slot || slot.use_count() > 1)
            slot = std::make_shared<core::ServingTimeline>();
        job.serve = slot;
        return true;
    }
    // A drawn step stays readable, and re-planning it on a slider move cheap, up to this many
    // chunk-micro-batches per stage; beyond, the panel says so instead of drawing a barcode.
    constexpr std::int64_t kMaxDrawn = 1024;
    const core::Estimate& e = m_controller->estimate();
    if (!e.valid) {
        // A training layout that cannot run is not "training steps only" (issue 31): say why.
        const QStringList errors = IssueText::messages(e.issues, core::Severity::Error);
        //: step dock, over an invalid training scenario; %1 = the first reason
        m_panel->setUnavailable(tr("This layout cannot run: %1\nThe step is drawn again once the scenario is valid.").arg(errors.value(0)));
        return false;
    }
    const std::int64_t chunks = e.microBatchesPerStep * std::max(1, s.parallel.virtualPipeline);
    if (e.valid && chunks > kMaxDrawn) {
        m_panel->setUnavailable(tr("%1 micro-batches per step: too many to draw one by one (up to %2). "
                                   "Fewer micro-batches (a smaller global batch, or more data parallelism) show the step.")
                                    .arg(e.microBatchesPerStep)
                                    .arg(kMaxDrawn));
        return false;
    }
    job.kind = m_panel->requestedSchedule(s.parallel.virtualPipeline);
    // the buffer no view and no job holds (one is on screen, a job may be filling the other)
    std::shared_ptr<core::StepTimeline>& slot = m_timelines[0].use_count() <= 1 ? m_timelines[0] : m_timelines[1];
    if (!slot || slot.use_count() > 1)
        slot = std::make_shared<core::StepTimeline>();
    job.step = slot;
    job.capacityBytes = 0; // the capacity line of the estimate this plan belongs to
    for (const core::RankGroup& g : e.groups)
        job.capacityBytes = std::max(job.capacityBytes, g.capacityBytes);
    return true;
}

void StepDock::replan()
{
    StepPlanner::Job job;
    if (!prepare(job)) {
        m_planner->cancel(); // nothing to draw: a plan still running is not wanted either
        return;
    }
    job.scenario = m_controller->scenario();
    job.frame = m_panel->prepareFrame(job.serving);
    m_planner->start(std::move(job));
}

void StepDock::refresh()
{
    m_planner->cancel(); // planned here and now: a plan still running is older
    StepPlanner::Job job;
    if (!prepare(job))
        return;
    const core::Scenario& s = m_controller->scenario();
    if (job.serving) {
        core::servingTimeline(s, *job.serve);
        m_panel->setServingTimeline(std::shared_ptr<const core::ServingTimeline>(job.serve));
        return;
    }
    core::stepTimeline(s, job.kind, *job.step);
    m_panel->setTimeline(std::shared_ptr<const core::StepTimeline>(job.step), job.capacityBytes, StepPlanner::formulaBubble(*job.step));
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
