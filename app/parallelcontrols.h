#pragma once

#include <QVector>

#include "app/controlsection.h"

class QCheckBox;
class NoteLabel;
class ValueSlider;

/// GPUs and the parallel degrees. The sliders offer only degrees that divide what is left
/// (and the heads, layers, sequence); a typed or loaded value that does not is shown with
/// the reason under its control.
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

    /// Degrees d ≤ limit dividing n (ascending).
    static QVector<double> divisors(int n, int limit);

protected:
    void retranslateUi() override;

private:
    ValueSlider* m_gpus = nullptr;
    ValueSlider* m_tensor = nullptr;
    ValueSlider* m_pipeline = nullptr;
    ValueSlider* m_virtual = nullptr;
    ValueSlider* m_context = nullptr;
    QCheckBox* m_sequenceParallel = nullptr;
    NoteLabel* m_dataParallel = nullptr;
};
