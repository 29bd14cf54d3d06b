#pragma once

#include "app/controls/controlsection.h"

class QComboBox;
class QLabel;
class NoteLabel;
class ValueSlider;

/// Serving (mode = inference): the weights' storage format with its quantization group and
/// scale type, the KV cache's type, the batch, prompt and generated tokens, and the paged
/// cache's block size. Group and scale apply to INT8/INT4 only and say so otherwise.
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
    struct
    {
        QLabel* format = nullptr;
        QLabel* group = nullptr;
        QLabel* scale = nullptr;
        QLabel* kv = nullptr;
        QLabel* block = nullptr;
    } m_labels;
    int m_hiddenSize = 0;
    bool m_quantized = false;
};
