#pragma once

#include "app/controls/controlsection.h"

class ValueSlider;

/// Sequence length (powers of two), micro-batch, global batch (multiples of micro-batch × DP)
/// and the number of training tokens.
class BatchControls : public ControlSection
{
    Q_OBJECT

public:
    explicit BatchControls(ScenarioController* controller, QWidget* parent = nullptr);

    QString title() const override;
    bool appliesTo(const core::Scenario& scenario) const override;
    void setScenario(const core::Scenario& scenario) override;

    ValueSlider* seqLengthSlider() const { return m_seq; }
    ValueSlider* microBatchSlider() const { return m_micro; }
    ValueSlider* globalBatchSlider() const { return m_global; }

protected:
    void retranslateUi() override;

private:
    /// Tokens in billions (pre-training) or millions (fine-tuning: 100 M by default).
    void scaleTokens(bool millions);

    bool m_millions = false;
    ValueSlider* m_seq = nullptr;
    ValueSlider* m_micro = nullptr;
    ValueSlider* m_global = nullptr;
    ValueSlider* m_tokens = nullptr;
};
