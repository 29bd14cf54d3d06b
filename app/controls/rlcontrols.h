#pragma once

#include "app/controls/controlsection.h"

class QCheckBox;
class QComboBox;
class QLabel;
class ValueSlider;

/// Reinforcement learning on top of fine-tuning: the algorithm (none, GRPO, PPO) and the
/// models that share the GPUs with the policy — a KL reference, a reward model, a critic, the
/// rollout engine with its reserved memory — colocated or on a separate pool of GPUs.
class RlControls : public ControlSection
{
    Q_OBJECT

public:
    explicit RlControls(ScenarioController* controller, QWidget* parent = nullptr);

    QString title() const override;
    bool appliesTo(const core::Scenario& scenario) const override;
    void setScenario(const core::Scenario& scenario) override;
    void setEstimate(const core::Estimate& estimate) override;

    QComboBox* algorithmBox() const { return m_algorithm; }
    QCheckBox* criticBox() const { return m_critic; }
    QComboBox* placementBox() const { return m_placement; }
    ValueSlider* samplesSlider() const { return m_samples; }
    ValueSlider* newTokensSlider() const { return m_newTokens; }
    ValueSlider* memoryFractionSlider() const { return m_memory; }
    ValueSlider* rolloutGpusSlider() const { return m_rolloutGpus; }
    /// The controls that only mean something with an algorithm (hidden for "none").
    QWidget* roleControls() const { return m_roles; }

protected:
    void retranslateUi() override;

private:
    QComboBox* addFormatBox();

    QComboBox* m_algorithm = nullptr;
    QLabel* m_algorithmLabel = nullptr;
    QWidget* m_roles = nullptr;
    QCheckBox* m_reference = nullptr;
    QComboBox* m_referenceFormat = nullptr;
    QCheckBox* m_referenceOffload = nullptr;
    QCheckBox* m_reward = nullptr;
    ValueSlider* m_rewardSize = nullptr;
    QComboBox* m_rewardFormat = nullptr;
    QCheckBox* m_critic = nullptr;
    ValueSlider* m_samples = nullptr;
    ValueSlider* m_prompt = nullptr;
    ValueSlider* m_newTokens = nullptr;
    ValueSlider* m_memory = nullptr;
    QComboBox* m_placement = nullptr;
    QLabel* m_placementLabel = nullptr;
    ValueSlider* m_rolloutTensor = nullptr;
    ValueSlider* m_rolloutGpus = nullptr;
    core::RlAlgorithm m_shownAlgorithm = core::RlAlgorithm::None;
};
