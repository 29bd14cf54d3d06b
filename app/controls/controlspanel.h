#pragma once

#include <QScrollArea>
#include <QVector>

#include "core/scenario.h"

class BatchControls;
class CollapsibleSection;
class ControlSection;
class FineTuneControls;
class HardwareControls;
class InferenceControls;
class ModeSelector;
class ModelControls;
class ParallelControls;
class PrecisionControls;
class RlControls;
class ScenarioController;

/// The left-hand panel: the mode (Training · Inference · Fine-tuning) pinned on top, then the
/// scenario's controls in collapsible sections (Model, Serving, Fine-tuning, Reinforcement
/// learning, Sequence & batch, Precision & optimizer, Parallelism, Hardware & cost), following
/// the controller. Sections that mean nothing in the scenario's mode are hidden.
class ControlsPanel : public QScrollArea
{
    Q_OBJECT

public:
    explicit ControlsPanel(ScenarioController* controller, QWidget* parent = nullptr);

    ModeSelector* modeSelector() const { return m_mode; }
    ModelControls* modelControls() const { return m_model; }
    BatchControls* batchControls() const { return m_batch; }
    PrecisionControls* precisionControls() const { return m_precision; }
    ParallelControls* parallelControls() const { return m_parallel; }
    HardwareControls* hardwareControls() const { return m_hardware; }
    InferenceControls* inferenceControls() const { return m_inference; }
    FineTuneControls* fineTuneControls() const { return m_finetune; }
    RlControls* rlControls() const { return m_rl; }
    CollapsibleSection* section(int index) const { return m_sections.value(index); }
    /// The collapsible section holding `controls` (for tests: is it shown in this mode?).
    CollapsibleSection* sectionOf(const ControlSection* controls) const;

    QSize sizeHint() const override;

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void retranslateUi();
    void updateMinimumWidth();
    void setScenario(const core::Scenario& scenario);
    void placeModeSelector();

    ScenarioController* m_controller = nullptr;
    ModeSelector* m_mode = nullptr;
    ModelControls* m_model = nullptr;
    BatchControls* m_batch = nullptr;
    PrecisionControls* m_precision = nullptr;
    ParallelControls* m_parallel = nullptr;
    HardwareControls* m_hardware = nullptr;
    InferenceControls* m_inference = nullptr;
    FineTuneControls* m_finetune = nullptr;
    RlControls* m_rl = nullptr;
    QVector<ControlSection*> m_controls;
    QVector<CollapsibleSection*> m_sections;
    QString m_shape; ///< mode and model shape the minimum width was last measured for
};
