#pragma once

#include "app/controls/controlsection.h"

class QCheckBox;
class QComboBox;
class QLabel;
class ValueSlider;

/// Precision recipe, optimizer, ZeRO stage, offloading, recomputation, FlashAttention and the
/// optimizer step in backward.
class PrecisionControls : public ControlSection
{
    Q_OBJECT

public:
    explicit PrecisionControls(ScenarioController* controller, QWidget* parent = nullptr);

    QString title() const override;
    bool appliesTo(const core::Scenario& scenario) const override;
    void setScenario(const core::Scenario& scenario) override;

    ValueSlider* zeroSlider() const { return m_zero; }
    QComboBox* recomputeBox() const { return m_recompute; }

protected:
    void retranslateUi() override;

private:
    QComboBox* m_precision = nullptr;
    QComboBox* m_optimizer = nullptr;
    ValueSlider* m_zero = nullptr;
    QCheckBox* m_offloadOptimizer = nullptr;
    QCheckBox* m_offloadParameters = nullptr;
    QComboBox* m_recompute = nullptr;
    QCheckBox* m_flash = nullptr;
    QCheckBox* m_inBackward = nullptr;
    QLabel* m_precisionLabel = nullptr;
    QLabel* m_optimizerLabel = nullptr;
    QLabel* m_recomputeLabel = nullptr;
    int m_zeroShards = 1;
};
