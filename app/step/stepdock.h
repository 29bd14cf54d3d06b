#pragma once

#include <QDockWidget>
#include <memory>

#include "core/timeline/servingtimeline.h"
#include "core/timeline/steptimeline.h"
#include "widgets/displayformat.h"

class CalibrationDialog;
class ScenarioController;
class StepPanel;
class QTimer;

/// The "Step" dock: the step panel (schedule, memory timeline, one cursor) observing the
/// controller. It computes the step timeline only while it can be seen: one event-loop pass
/// after an estimate (the explorer repaints first; a burst of estimates is one re-plan), when
/// it is shown, and when the panel asks for another schedule.
class StepDock : public QDockWidget
{
    Q_OBJECT

public:
    StepDock(ScenarioController* controller, QWidget* parent = nullptr);

    StepPanel* panel() const { return m_panel; }
    /// The calibration dialog, made on first use.
    CalibrationDialog* calibrationDialog();
    void setUnit(DisplayFormat::MemoryUnit unit);
    /// Recomputes the timeline now (also when hidden: tests and the benchmark).
    void refresh();
    /// An estimate came and its re-plan has not run yet.
    bool replanPending() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();

    ScenarioController* m_controller = nullptr;
    StepPanel* m_panel = nullptr;
    CalibrationDialog* m_dialog = nullptr;
    QTimer* m_replan = nullptr;
    /// Two timelines, filled in turn: the views share the one shown while the next is planned
    /// into the other's storage (no copy, no fresh allocation per slider move).
    std::shared_ptr<core::StepTimeline> m_timelines[2];
    core::ServingTimeline m_serving;
    bool m_servingShown = false; ///< the last refresh drew a serving run (the title says so)
    DisplayFormat::MemoryUnit m_unit = DisplayFormat::MemoryUnit::GB;
};
