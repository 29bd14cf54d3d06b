#pragma once

#include <QByteArray>
#include <QVector>
#include <QWidget>
#include <vector>

#include "app/scenariocontroller.h"
#include "core/estimate.h"
#include "core/issues.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QVBoxLayout;
class ValueSlider;

/// One group of the controls panel (Model, Sequence & batch, …). Edits go to the controller;
/// the controller's scenario comes back through setScenario, which updates the controls
/// without emitting. Validation errors are shown at the control their key names.
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
    /// A slider's drag is one undo step; its key's errors show under it.
    void bind(ValueSlider* slider, ScenarioController::Control control, const char* key);
    /// Errors of this key show in the section's issue line.
    void addKey(const char* key);
    /// Adds the issue line under the section's controls.
    void addIssueLine(QVBoxLayout* layout);

    ScenarioController* m_controller;

private:
    struct SliderKey
    {
        QByteArray key;
        ValueSlider* slider;
    };
    QVector<SliderKey> m_sliders;
    QVector<QByteArray> m_keys;
    QLabel* m_issueLine = nullptr;
};
