#include "app/scenariocommand.h"

#include "widgets/fieldtext.h"

ScenarioCommand::ScenarioCommand(ScenarioController* controller, std::optional<core::Field> field, int gesture,
                                 const core::Scenario& before, const core::Scenario& after, const QString& text)
    : m_controller(controller)
    , m_field(field)
    , m_gesture(gesture)
    , m_before(before)
    , m_after(after)
{
    if (!text.isEmpty())
        setText(text);
    else if (field)
        //: undo/redo text; %1 = the setting, e.g. "ZeRO stage"
        setText(tr("Change %1").arg(FieldText::label(*field)));
    else
        setText(tr("Change the scenario"));
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
    return m_gesture > 0 && m_field ? 1000 + int(*m_field) : -1;
}

bool ScenarioCommand::mergeWith(const QUndoCommand* other)
{
    const auto* next = static_cast<const ScenarioCommand*>(other);
    if (next->m_field != m_field || next->m_gesture != m_gesture)
        return false;
    m_after = next->m_after;
    return true;
}
