#pragma once

#include <QScrollArea>
#include <QVector>

class BatchControls;
class CollapsibleSection;
class ControlSection;
class HardwareControls;
class ModelControls;
class ParallelControls;
class PrecisionControls;
class ScenarioController;

/// The left-hand panel: the scenario's controls in collapsible sections (Model, Sequence &
/// batch, Precision & optimizer, Parallelism, Hardware & cost), following the controller.
class ControlsPanel : public QScrollArea
{
    Q_OBJECT

public:
    explicit ControlsPanel(ScenarioController* controller, QWidget* parent = nullptr);

    ModelControls* modelControls() const { return m_model; }
    BatchControls* batchControls() const { return m_batch; }
    PrecisionControls* precisionControls() const { return m_precision; }
    ParallelControls* parallelControls() const { return m_parallel; }
    HardwareControls* hardwareControls() const { return m_hardware; }
    CollapsibleSection* section(int index) const { return m_sections.value(index); }

    QSize sizeHint() const override;

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();

    ModelControls* m_model = nullptr;
    BatchControls* m_batch = nullptr;
    PrecisionControls* m_precision = nullptr;
    ParallelControls* m_parallel = nullptr;
    HardwareControls* m_hardware = nullptr;
    QVector<ControlSection*> m_controls;
    QVector<CollapsibleSection*> m_sections;
};
