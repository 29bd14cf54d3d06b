#pragma once

#include "app/controls/controlsection.h"

class QCheckBox;
class QComboBox;
class QLabel;
class ValueSlider;

/// GPU type, GPUs per node, the network between nodes, MFU (or the step-time model), price per
/// GPU-hour, the other overhead, and the checkpoint interval and mode (goodput).
class HardwareControls : public ControlSection
{
    Q_OBJECT

public:
    explicit HardwareControls(ScenarioController* controller, QWidget* parent = nullptr);

    QString title() const override;
    void setScenario(const core::Scenario& scenario) override;

    QComboBox* gpuBox() const { return m_gpu; }
    ValueSlider* mfuSlider() const { return m_mfu; }
    /// Checked: no MFU is given and the step-time model times the step.
    QCheckBox* modelTimeBox() const { return m_modelTime; }
    ValueSlider* priceSlider() const { return m_price; }
    ValueSlider* networkSlider() const { return m_network; }
    ValueSlider* checkpointIntervalSlider() const { return m_checkpointInterval; }

protected:
    void retranslateUi() override;
    void changeEvent(QEvent* event) override;

private:
    QComboBox* m_gpu = nullptr;
    QLabel* m_gpuLabel = nullptr;
    QLabel* m_gpuNote = nullptr;
    ValueSlider* m_perNode = nullptr;
    ValueSlider* m_mfu = nullptr;
    QCheckBox* m_modelTime = nullptr;
    ValueSlider* m_price = nullptr;
    ValueSlider* m_overhead = nullptr;
    ValueSlider* m_network = nullptr;
    ValueSlider* m_checkpointInterval = nullptr;
    QCheckBox* m_asyncCheckpoint = nullptr;
};
