#pragma once

#include <QWidget>
#include <array>
#include <vector>

#include "core/estimate.h"
#include "widgets/displayformat.h"

class MemoryChart;

/// The scenario's fullest GPU under each variant of one setting, side by side, in two charts:
/// in training ZeRO 0/1/2/3 (the seeds' 112 / 38.5 / 26.25 / 14 GB table as bars) and the
/// recomputation policies; in serving the weight formats and KV-cache types; in fine-tuning
/// Full / LoRA / QLoRA and the ZeRO stages. Clicking a bar asks for that variant.
class ComparisonView : public QWidget
{
    Q_OBJECT

public:
    /// What a chart's bars vary. The order of the bars is the caller's (ScenarioController).
    enum class Variant { ZeroStage, Recompute, WeightFormat, KvCacheDtype, FineTuneMethod };
    /// The two charts, left and right.
    enum Slot { First = 0, Second = 1 };

    explicit ComparisonView(QWidget* parent = nullptr);

    /// Estimates for ZeRO 0, 1, 2, 3 (invalid ones show as empty, marked n/a), in the first chart.
    void setZeroVariants(const std::vector<core::Estimate>& estimates, int currentStage);
    /// Estimates for recompute none, selective, full, in the second chart.
    void setRecomputeVariants(const std::vector<core::Estimate>& estimates, int current);
    /// Any variant in either chart; `current` is the scenario's own bar (−1: none of them).
    /// Weight formats are 16-bit, FP8, INT8, INT4, NF4; KV types 16-bit, FP8, INT8; methods
    /// Full, LoRA, QLoRA.
    void setVariants(Slot slot, Variant variant, const std::vector<core::Estimate>& estimates, int current);
    Variant variant(Slot slot) const { return m_slots[slot].variant; }
    void setUnit(DisplayFormat::MemoryUnit unit);
    /// The two charts one above the other, each the full width (slides with large type), or
    /// side by side (the window).
    void setStacked(bool stacked);

    MemoryChart* chart(Slot slot) const { return m_slots[slot].chart; }
    MemoryChart* zeroChart() const { return chart(First); }
    MemoryChart* recomputeChart() const { return chart(Second); }

signals:
    void zeroStageChosen(int stage);
    void recomputeChosen(int policy);
    /// Any bar clicked: the variant and its index in the order above.
    void variantChosen(ComparisonView::Variant variant, int index);

protected:
    void changeEvent(QEvent* event) override;

private:
    struct SlotState
    {
        MemoryChart* chart = nullptr;
        Variant variant = Variant::ZeroStage;
        std::vector<core::Estimate> estimates;
        int current = 0;
    };

    void retranslateUi();
    void updateTexts(SlotState& slot);
    void updateChart(SlotState& slot);
    void chosen(Slot slot, int index);
    static QStringList labels(Variant variant);

    std::array<SlotState, 2> m_slots;
    bool m_stacked = false;
};
