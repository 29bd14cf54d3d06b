#pragma once

#include <QVector>
#include <QWidget>

#include "core/estimate.h"
#include "widgets/charts/memorychart.h"

class QVariantAnimation;

/// A MemoryChart whose bars glide from one estimate to the next: every segment's height, each
/// bar's total and capacity, and the value axis are interpolated over about 300 ms (scene
/// changes in presentation mode). MemoryChart itself is unchanged: this feeds it the in-between
/// bars frame by frame and holds the axis still between the two ends.
class AnimatedMemoryChart : public QWidget
{
    Q_OBJECT
    Q_PROPERTY(double progress READ progress WRITE setProgress)

public:
    explicit AnimatedMemoryChart(QWidget* parent = nullptr);
    ~AnimatedMemoryChart() override;

    MemoryChart* chart() const { return m_chart; }

    /// Glides to the estimate's rank groups (an invalid estimate is ignored).
    void setEstimate(const core::Estimate& estimate);
    /// Glides to arbitrary bars; immediately when animation is off or the chart is hidden.
    void setBars(const QVector<MemoryChart::Bar>& bars);
    /// The bars the current glide ends at.
    QVector<MemoryChart::Bar> targetBars() const { return m_to; }

    /// Length of a glide in milliseconds (0: every change is immediate).
    void setDuration(int milliseconds);
    int duration() const { return m_duration; }
    /// Skips glides while true (a hand dragging a slider: the bars follow it directly).
    void setImmediate(bool immediate) { m_immediate = immediate; }
    bool isAnimating() const;

    /// Test hook for the whole process: false makes every change immediate. Also off when the
    /// SHARDSCOPE_NO_ANIMATION environment variable is set.
    static void setAnimationsEnabled(bool enabled);
    static bool animationsEnabled();

    /// Where the running glide is, 0…1 in time; setting it shows that frame (and stops the
    /// clock), so a test can look at the middle of a glide.
    double progress() const { return m_progress; }
    void setProgress(double progress);

signals:
    void animationFinished();

private:
    void showFrame(double progress);
    static MemoryChart::Bar mix(const MemoryChart::Bar& from, const MemoryChart::Bar& to, double t);

    MemoryChart* m_chart = nullptr;
    QVariantAnimation* m_animation = nullptr;
    QVector<MemoryChart::Bar> m_from;
    QVector<MemoryChart::Bar> m_to;
    QVector<MemoryChart::Bar> m_shown;
    double m_fromAxis = 0; ///< value-axis maximum at the start, in the chart's unit
    double m_toAxis = 0;
    double m_progress = 1;
    int m_duration = 300;
    bool m_immediate = false;
};
