#pragma once

#include <QVector>

#include "app/controls/controlsection.h"

class QCheckBox;
class QComboBox;
class QLabel;
class NoteLabel;
class ValueSlider;

/// GPUs and the parallel degrees. The sliders offer only degrees that divide what is left
/// (and the heads, layers, sequence); a typed or loaded value that does not is shown with
/// the reason under its control. Mixture-of-experts models add expert parallelism (EP),
/// expert TP and the capacity factor; serving hides what it does not use (virtual stages,
/// CP, SP).
class ParallelControls : public ControlSection
{
    Q_OBJECT

public:
    explicit ParallelControls(ScenarioController* controller, QWidget* parent = nullptr);

    QString title() const override;
    void setScenario(const core::Scenario& scenario) override;

    ValueSlider* gpusSlider() const { return m_gpus; }
    ValueSlider* tensorSlider() const { return m_tensor; }
    ValueSlider* pipelineSlider() const { return m_pipeline; }
    QComboBox* scheduleBox() const { return m_schedule; }
    ValueSlider* expertSlider() const { return m_expert; }
    ValueSlider* expertTensorSlider() const { return m_expertTensor; }
    ValueSlider* capacitySlider() const { return m_capacity; }
    QCheckBox* sequenceParallelBox() const { return m_sequenceParallel; }
    ValueSlider* virtualSlider() const { return m_virtual; }
    ValueSlider* contextSlider() const { return m_context; }

    /// Degrees d ≤ limit dividing n (ascending).
    static QVector<double> divisors(int n, int limit);

protected:
    void retranslateUi() override;

private:
    void setExpertScenario(const core::Scenario& scenario);

    ValueSlider* m_gpus = nullptr;
    ValueSlider* m_tensor = nullptr;
    ValueSlider* m_pipeline = nullptr;
    ValueSlider* m_virtual = nullptr;
    ValueSlider* m_context = nullptr;
    QCheckBox* m_sequenceParallel = nullptr;
    NoteLabel* m_dataParallel = nullptr;
    ValueSlider* m_expert = nullptr;
    ValueSlider* m_expertTensor = nullptr;
    ValueSlider* m_capacity = nullptr;
    QWidget* m_scheduleRow = nullptr; ///< label and box: hidden where the mode uses no schedule
    QLabel* m_scheduleLabel = nullptr;
    QComboBox* m_schedule = nullptr;  ///< parallel.pipeline_schedule (issue 25)
};
