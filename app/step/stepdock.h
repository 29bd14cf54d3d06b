#pragma once

#include <QDockWidget>
#include <memory>

#include "app/step/stepplanner.h"
#include "core/timeline/servingtimeline.h"
#include "core/timeline/steptimeline.h"
#include "widgets/displayformat.h"

class CalibrationDialog;
class ScenarioController;
class StepPanel;

/// The "Step" dock: the step panel (schedule, memory timeline, one cursor) observing the
/// controller. It computes the step timeline only while it can be seen: after an estimate on
/// the planner's thread (StepPlanner: the explorer repaints meanwhile; of a burst of estimates
/// only the latest plan is drawn), and here and now when it is shown and when the panel asks
/// for another schedule.
class StepDock : public QDockWidget
{
    Q_OBJECT

public:
    StepDock(ScenarioController* controller, QWidget* parent = nullptr);

    StepPanel* panel() const { return m_panel; }
    /// The calibration dialog, made on first use.
    CalibrationDialog* calibrationDialog();
    void setUnit(DisplayFormat::MemoryUnit unit);
    /// Recomputes the timeline now, on this thread (also when hidden: tests and the benchmark).
    void refresh();
    /// An estimate came and its plan has not been drawn yet (or dropped as stale).
    bool replanPending() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();
    /// What the next plan is (false: nothing to plan, the panel says why); the storage it fills.
    bool prepare(StepPlanner::Job& job);
    /// Plans on the planner's thread; the panel takes the plan when it comes.
    void replan();

    ScenarioController* m_controller = nullptr;
    StepPanel* m_panel = nullptr;
    CalibrationDialog* m_dialog = nullptr;
    StepPlanner* m_planner = nullptr;
    /// Two timelines, filled in turn: the views share the one shown while the next is planned
    /// into the other's storage (no copy, no fresh allocation per slider move).
    std::shared_ptr<core::StepTimeline> m_timelines[2];
    std::shared_ptr<core::ServingTimeline> m_servings[2]; ///< the same for serving runs
    bool m_servingShown = false; ///< the last refresh drew a serving run (the title says so)
    DisplayFormat::MemoryUnit m_unit = DisplayFormat::MemoryUnit::GB;
};
