#pragma once

#include <QCoreApplication>
#include <QUndoCommand>

#include "app/scenariocontroller.h"

/// One undo step: the whole scenario before and after. Consecutive edits by the same control
/// within one drag merge (mergeWith), so a drag across a slider is undone at once.
class ScenarioCommand : public QUndoCommand
{
    Q_DECLARE_TR_FUNCTIONS(ScenarioCommand)

public:
    ScenarioCommand(ScenarioController* controller, ScenarioController::Control control, int gesture,
                    const core::Scenario& before, const core::Scenario& after);

    void undo() override;
    void redo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand* other) override;

private:
    ScenarioController* m_controller;
    ScenarioController::Control m_control;
    int m_gesture; ///< 0: not part of a drag, never merged
    core::Scenario m_before;
    core::Scenario m_after;
};
