#pragma once

#include <QCoreApplication>
#include <QUndoCommand>
#include <optional>

#include "app/scenariocontroller.h"

/// One undo step: the whole scenario before and after. Consecutive edits of the same field
/// within one drag merge (mergeWith), so a drag across a slider is undone at once.
class ScenarioCommand : public QUndoCommand
{
    Q_DECLARE_TR_FUNCTIONS(ScenarioCommand)

public:
    /// `field`: what changed ("Change ZeRO stage"); none for a whole new scenario, described by `text`.
    ScenarioCommand(ScenarioController* controller, std::optional<core::Field> field, int gesture, const core::Scenario& before,
                    const core::Scenario& after, const QString& text = {});

    void undo() override;
    void redo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand* other) override;

private:
    ScenarioController* m_controller;
    std::optional<core::Field> m_field;
    int m_gesture; ///< 0: not part of a drag, never merged
    core::Scenario m_before;
    core::Scenario m_after;
};
