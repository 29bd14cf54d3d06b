#pragma once

#include <QDockWidget>

#include "core/timeline/servingtimeline.h"
#include "core/timeline/steptimeline.h"
#include "widgets/displayformat.h"

class CalibrationDialog;
class ScenarioController;
class StepPanel;

/// The "Step" dock: the step panel (schedule, memory timeline, one cursor) observing the
/// controller. It computes the step timeline only while it can be seen: after each estimate,
/// when it is shown, and when the panel asks for the other schedule.
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

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();

    ScenarioController* m_controller = nullptr;
    StepPanel* m_panel = nullptr;
    CalibrationDialog* m_dialog = nullptr;
    core::StepTimeline m_timeline;
    core::ServingTimeline m_serving;
    DisplayFormat::MemoryUnit m_unit = DisplayFormat::MemoryUnit::GB;
};
