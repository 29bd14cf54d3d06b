#pragma once

#include "app/controls/controlsection.h"

class QCheckBox;
class ValueSlider;

/// The few controls a teacher drags in front of a class: model size, GPUs, ZeRO stage,
/// micro-batch, sequence length and recomputation (serving: sequences, prompt, generated tokens
/// and the weights' format instead). Large, mouse-driven sliders; they take no
/// keyboard focus, so the arrow keys and a clicker always step the scenes. With "global batch
/// follows GPUs" (on at first) a GPU drag keeps the tokens each GPU processes per step, so the
/// layout stays valid and the training time answers the question "what if I had more GPUs?".
class PresentationControls : public ControlSection
{
    Q_OBJECT

public:
    explicit PresentationControls(ScenarioController* controller, QWidget* parent = nullptr);

    QString title() const override;
    void setScenario(const core::Scenario& scenario) override;

    ValueSlider* modelSizeSlider() const { return m_size; }
    ValueSlider* gpusSlider() const { return m_gpus; }
    ValueSlider* zeroSlider() const { return m_zero; }
    ValueSlider* microBatchSlider() const { return m_micro; }
    ValueSlider* seqLengthSlider() const { return m_seq; }
    ValueSlider* recomputeSlider() const { return m_recompute; }
    /// Serving scenes' own four (they replace ZeRO, micro-batch, sequence and recomputation):
    /// concurrent sequences, prompt, generated tokens and the weights' format.
    ValueSlider* servingBatchSlider() const { return m_batch; }
    ValueSlider* promptSlider() const { return m_prompt; }
    ValueSlider* generatedSlider() const { return m_generated; }
    ValueSlider* weightFormatSlider() const { return m_weights; }
    QCheckBox* batchFollowsGpusBox() const { return m_follow; }
    void setBatchFollowsGpus(bool follows);
    bool batchFollowsGpus() const;

protected:
    void retranslateUi() override;

private:
    static QVector<double> servingFormats();
    static QString formatName(core::WeightFormat format);

    ValueSlider* m_size = nullptr;
    ValueSlider* m_gpus = nullptr;
    ValueSlider* m_zero = nullptr;
    ValueSlider* m_micro = nullptr;
    ValueSlider* m_seq = nullptr;
    ValueSlider* m_recompute = nullptr;
    ValueSlider* m_batch = nullptr;
    ValueSlider* m_prompt = nullptr;
    ValueSlider* m_generated = nullptr;
    ValueSlider* m_weights = nullptr;
    QCheckBox* m_follow = nullptr;
};
