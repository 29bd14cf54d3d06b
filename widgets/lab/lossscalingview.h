#pragma once

#include <QWidget>
#include <array>

#include "core/numerics/lossscaling.h"

class QCustomPlot;
class QCPGraph;
class QCPItemStraightLine;
class QLabel;
class QPushButton;
class QTimer;
class ValueSlider;

/// Loss scaling you can watch: gradients whose magnitudes drift over a run, stored in FP16 unscaled,
/// at a fixed scale and under PyTorch GradScaler's dynamic scale, and in BF16 unscaled. Step or
/// play the run: the scale (halved and the step skipped on overflow, doubled after N good steps),
/// the skipped steps, and the share of the gradients each choice flushes to zero.
class LossScalingView : public QWidget
{
    Q_OBJECT

public:
    explicit LossScalingView(QWidget* parent = nullptr);
    ~LossScalingView() override;

    void setDrift(const core::GradientDrift& drift);
    const core::GradientDrift& drift() const { return m_drift; }
    void setGrowthInterval(int steps);
    void setFixedScale(double scale);
    /// Gradients per step: the scenario's parameter count (the largest of them overflows first).
    /// Applied when the page is visible (at once, or when it is shown).
    void setGradientCount(double values);

    /// The step the cursor shows (0 … steps − 1); the plot shows the run up to it.
    void setCurrentStep(int step);
    int currentStep() const { return m_step; }
    void step();
    void play(bool playing);
    bool isPlaying() const;

    const core::LossScalingRun& run() const { return m_run; }
    QString summary() const;
    /// The flushed shares' legend names, in order: FP16 unscaled, fixed, dynamic, BF16.
    QStringList shareNames() const;
    QCustomPlot* plot() const { return m_plot; }
    QPushButton* stepButton() const { return m_ui.step; }
    QPushButton* playButton() const { return m_ui.play; }

protected:
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void applyGradientCount();
    void simulate();
    void showUpTo(int step);
    void retranslateUi();
    void updateColors();

    core::GradientDrift m_drift;
    core::GradScalerConfig m_config;
    double m_fixedScale = 1024;
    core::LossScalingRun m_run;
    int m_step = 0;
    double m_pendingGradients = 0;

    QCustomPlot* m_plot = nullptr;
    QCPGraph* m_scale = nullptr;
    QCPGraph* m_fixed = nullptr;
    QCPGraph* m_skipped = nullptr;
    QCPGraph* m_none = nullptr;
    QCPGraph* m_fixedShare = nullptr;
    QCPGraph* m_dynamicShare = nullptr;
    QCPGraph* m_bf16 = nullptr;
    QCPItemStraightLine* m_cursor = nullptr;
    QTimer* m_timer = nullptr;
    struct
    {
        QLabel* intro = nullptr;
        ValueSlider* low = nullptr;
        ValueSlider* high = nullptr;
        ValueSlider* drift = nullptr;
        ValueSlider* steps = nullptr;
        ValueSlider* interval = nullptr;
        ValueSlider* fixed = nullptr;
        QPushButton* step = nullptr;
        QPushButton* play = nullptr;
        QPushButton* reset = nullptr;
        QLabel* summary = nullptr;
        QLabel* source = nullptr;
    } m_ui;
    std::array<bool, 4> m_flat{}; ///< FP16 unscaled, fixed, dynamic, BF16: the share stays at ≈ 0 all run
};
