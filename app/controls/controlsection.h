#pragma once

#include <QVector>
#include <QWidget>
#include <vector>

#include "app/scenariocontroller.h"
#include "core/estimate.h"
#include "core/fields.h"
#include "core/issues.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QVBoxLayout;
class ValueSlider;

/// One group of the controls panel (Model, Sequence & batch, …). Each control is bound to a
/// scenario field (core::Field): its edits go to the controller's set(), the controller's
/// scenario comes back through setScenario, which updates the controls without emitting, and
/// validation errors are shown at the control of the field they name.
class ControlSection : public QWidget
{
    Q_OBJECT

public:
    ControlSection(ScenarioController* controller, QWidget* parent = nullptr);

    virtual QString title() const = 0;
    /// Shows the scenario's values (signals blocked: this is not an edit).
    virtual void setScenario(const core::Scenario& scenario) = 0;
    /// Errors (and notable warnings) at the controls of their keys, the rest at the section's end.
    void setIssues(const std::vector<core::Issue>& issues);
    /// Whether the section means anything for the scenario (its mode, its model); the panel hides it if not.
    virtual bool appliesTo(const core::Scenario& scenario) const;
    /// A valid estimate, for notes that show a derived number (bits per parameter, trainable parameters).
    virtual void setEstimate(const core::Estimate& estimate);

protected:
    /// Shows a value without emitting (setScenario is not an edit).
    static void selectData(QComboBox* box, int value);
    static void setCheckedQuietly(QCheckBox* box, bool on);

    virtual void retranslateUi() = 0;
    void changeEvent(QEvent* event) override;
    /// The slider edits `field`: its drag is one undo step, the field's errors show under it.
    void bind(ValueSlider* slider, core::Field field);
    /// The slider's drag and errors, for a slider whose edits are not one scalar (the model size).
    void track(ValueSlider* slider, core::Field field);
    /// The check box edits the boolean `field`; its errors show in the section's issue line.
    void bind(QCheckBox* box, core::Field field);
    /// The combo box edits `field`, its items' data being the field's values (enum values, sizes);
    /// its errors show in the section's issue line.
    void bind(QComboBox* box, core::Field field);
    /// Errors of `field` show in the section's issue line.
    void showErrorsOf(core::Field field);
    /// Names the field a control edits in its "field" property (the key): for tests and tools.
    static void tag(QWidget* control, core::Field field);
    /// Adds the issue line under the section's controls.
    void addIssueLine(QVBoxLayout* layout);

    ScenarioController* m_controller;

private:
    struct SliderField
    {
        core::Field field;
        ValueSlider* slider;
    };
    QVector<SliderField> m_sliders;
    QVector<core::Field> m_fields;
    QLabel* m_issueLine = nullptr;
};
