#pragma once

#include "app/controls/controlsection.h"

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QSpinBox;
class ValueSlider;

/// Model preset, the size slider along the core's family of shapes, and the architecture of a
/// custom model (layers, hidden size, heads, KV heads, FFN size).
class ModelControls : public ControlSection
{
    Q_OBJECT

public:
    explicit ModelControls(ScenarioController* controller, QWidget* parent = nullptr);

    QString title() const override;
    void setScenario(const core::Scenario& scenario) override;

    QComboBox* presetBox() const { return m_preset; }
    ValueSlider* sizeSlider() const { return m_size; }

protected:
    void retranslateUi() override;
    void changeEvent(QEvent* event) override;

private:
    QSpinBox* addSpin(int minimum, int maximum, int step, core::Field field);
    /// The picker's last entry: "Custom (size slider or edited)", or the custom model's name.
    void nameCustomEntry();

    QComboBox* m_preset = nullptr;
    QString m_customName; ///< the model's name when it is no preset (imported, edited)
    ValueSlider* m_size = nullptr;
    QCheckBox* m_edit = nullptr;
    QWidget* m_architecture = nullptr;
    QFormLayout* m_form = nullptr;
    QSpinBox* m_layers = nullptr;
    QSpinBox* m_hidden = nullptr;
    QSpinBox* m_heads = nullptr;
    QSpinBox* m_kvHeads = nullptr;
    QSpinBox* m_ffn = nullptr;
};
