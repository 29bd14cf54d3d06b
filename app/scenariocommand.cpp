#include "app/scenariocommand.h"

ScenarioCommand::ScenarioCommand(ScenarioController* controller, ScenarioController::Control control, int gesture,
                                 const core::Scenario& before, const core::Scenario& after)
    : m_controller(controller)
    , m_control(control)
    , m_gesture(gesture)
    , m_before(before)
    , m_after(after)
{
    //: undo/redo text; %1 = the control, e.g. "ZeRO stage"
    setText(tr("Change %1").arg(ScenarioController::controlName(control)));
}

void ScenarioCommand::undo()
{
    m_controller->restore(m_before);
}

void ScenarioCommand::redo()
{
    m_controller->restore(m_after);
}

int ScenarioCommand::id() const
{
    // Only drags merge; other edits are steps of their own.
    return m_gesture > 0 ? 1000 + int(m_control) : -1;
}

bool ScenarioCommand::mergeWith(const QUndoCommand* other)
{
    const auto* next = static_cast<const ScenarioCommand*>(other);
    if (next->m_control != m_control || next->m_gesture != m_gesture)
        return false;
    m_after = next->m_after;
    return true;
}
