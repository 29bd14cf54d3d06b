#pragma once

#include <QWidget>
#include <vector>

#include "core/estimate.h"
#include "widgets/displayformat.h"

class MemoryChart;

/// The scenario's fullest GPU under each ZeRO stage side by side (the seeds' 112 / 38.5 /
/// 26.25 / 14 GB table as bars), and under each recomputation policy. Clicking a bar asks
/// for that stage or policy.
class ComparisonView : public QWidget
{
    Q_OBJECT

public:
    explicit ComparisonView(QWidget* parent = nullptr);

    /// Estimates for ZeRO 0, 1, 2, 3 (invalid ones show as empty, marked n/a).
    void setZeroVariants(const std::vector<core::Estimate>& estimates, int currentStage);
    /// Estimates for recompute none, selective, full.
    void setRecomputeVariants(const std::vector<core::Estimate>& estimates, int current);
    void setUnit(DisplayFormat::MemoryUnit unit);

    MemoryChart* zeroChart() const { return m_zero; }
    MemoryChart* recomputeChart() const { return m_recompute; }

signals:
    void zeroStageChosen(int stage);
    void recomputeChosen(int policy);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();
    void updateChart(MemoryChart* chart, const std::vector<core::Estimate>& estimates, int current, const QStringList& labels);
    QStringList zeroLabels() const;
    QStringList recomputeLabels() const;

    MemoryChart* m_zero = nullptr;
    MemoryChart* m_recompute = nullptr;
    std::vector<core::Estimate> m_zeroEstimates;
    std::vector<core::Estimate> m_recomputeEstimates;
    int m_zeroCurrent = 0;
    int m_recomputeCurrent = 0;
};
