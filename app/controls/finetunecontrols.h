#pragma once

#include <QVector>

#include "app/controls/controlsection.h"

class QCheckBox;
class QComboBox;
class QLabel;
class NoteLabel;
class ValueSlider;

/// Fine-tuning (mode = finetune): full, LoRA or QLoRA; the adapters' rank and the matrices
/// they adapt; the frozen base's format. Adapter controls hide for full fine-tuning.
class FineTuneControls : public ControlSection
{
    Q_OBJECT

public:
    explicit FineTuneControls(ScenarioController* controller, QWidget* parent = nullptr);

    QString title() const override;
    bool appliesTo(const core::Scenario& scenario) const override;
    void setScenario(const core::Scenario& scenario) override;
    void setEstimate(const core::Estimate& estimate) override;

    QComboBox* methodBox() const { return m_method; }
    ValueSlider* rankSlider() const { return m_rank; }
    QComboBox* baseFormatBox() const { return m_base; }
    /// The q, k, v, o, gate, up, down boxes, in core::LoraTarget bit order.
    const QVector<QCheckBox*>& targetBoxes() const { return m_targets; }

protected:
    void retranslateUi() override;

private:
    QComboBox* m_method = nullptr;
    QLabel* m_methodLabel = nullptr;
    QWidget* m_adapters = nullptr; ///< everything that belongs to LoRA/QLoRA
    ValueSlider* m_rank = nullptr;
    QLabel* m_targetsLabel = nullptr;
    QVector<QCheckBox*> m_targets;
    QComboBox* m_base = nullptr;
    QLabel* m_baseLabel = nullptr;
    NoteLabel* m_trainable = nullptr;
};
