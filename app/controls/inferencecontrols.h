#pragma once

#include "app/controls/controlsection.h"

class QComboBox;
class QLabel;
class NoteLabel;
class ValueSlider;

/// Serving (mode = inference): the weights' storage format with its quantization group and
/// scale type, the KV cache's type, the batch, prompt and generated tokens, and the paged
/// cache's block size. Group and scale apply to INT8/INT4 only and say so otherwise. Then
/// speculative decoding (method, draft tokens k, acceptance rate α, a draft model's size; shown
/// only while speculating) and the prefix cache's hit rate.
class InferenceControls : public ControlSection
{
    Q_OBJECT

public:
    explicit InferenceControls(ScenarioController* controller, QWidget* parent = nullptr);

    QString title() const override;
    bool appliesTo(const core::Scenario& scenario) const override;
    void setScenario(const core::Scenario& scenario) override;
    void setEstimate(const core::Estimate& estimate) override;

    QComboBox* weightFormatBox() const { return m_format; }
    QComboBox* groupSizeBox() const { return m_group; }
    QComboBox* scaleFormatBox() const { return m_scale; }
    QComboBox* kvCacheBox() const { return m_kv; }
    QComboBox* blockSizeBox() const { return m_block; }
    ValueSlider* batchSlider() const { return m_batch; }
    ValueSlider* promptSlider() const { return m_prompt; }
    ValueSlider* generatedSlider() const { return m_generated; }
    QComboBox* speculativeBox() const { return m_speculative; }
    ValueSlider* draftTokensSlider() const { return m_draftTokens; }
    ValueSlider* acceptanceSlider() const { return m_acceptance; }
    ValueSlider* draftParametersSlider() const { return m_draftParameters; }
    ValueSlider* prefixHitSlider() const { return m_prefixHit; }

protected:
    void retranslateUi() override;

private:
    QComboBox* m_format = nullptr;
    QComboBox* m_group = nullptr;
    QComboBox* m_scale = nullptr;
    QComboBox* m_kv = nullptr;
    QComboBox* m_block = nullptr;
    ValueSlider* m_batch = nullptr;
    ValueSlider* m_prompt = nullptr;
    ValueSlider* m_generated = nullptr;
    NoteLabel* m_formatNote = nullptr;
    // Speculative decoding and prefix caching (issue 27 item 3).
    QComboBox* m_speculative = nullptr;
    ValueSlider* m_draftTokens = nullptr;
    ValueSlider* m_acceptance = nullptr;
    ValueSlider* m_draftParameters = nullptr;
    ValueSlider* m_prefixHit = nullptr;
    struct
    {
        QLabel* format = nullptr;
        QLabel* group = nullptr;
        QLabel* scale = nullptr;
        QLabel* kv = nullptr;
        QLabel* block = nullptr;
        QLabel* speculative = nullptr;
    } m_labels;
    int m_hiddenSize = 0;
    bool m_quantized = false;
};
