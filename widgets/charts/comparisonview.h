#pragma once

#include <QWidget>
#include <array>
#include <vector>

#include "core/comparison.h"
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
    /// The two charts, left and right.
    enum Slot { First = 0, Second = 1 };

    explicit ComparisonView(QWidget* parent = nullptr);

    /// The two charts' comparisons (core::compare; invalid variants show as empty, marked n/a).
    void setComparisons(const core::Comparisons& comparisons);
    /// One chart's comparison; its bars in core::variantValue's order, the scenario's own marked.
    void setComparison(Slot slot, const core::Comparison& comparison);
    core::Variation variation(Slot slot) const { return m_slots[slot].variation; }
    void setUnit(DisplayFormat::MemoryUnit unit);
    /// The two charts one above the other, each the full width (slides with large type), or
    /// side by side (the window).
    void setStacked(bool stacked);
    /// Both charts show the textbook's ledgers only (MemoryChart::setTextbook).
    void setTextbook(bool textbook);

    MemoryChart* chart(Slot slot) const { return m_slots[slot].chart; }
    MemoryChart* zeroChart() const { return chart(First); }
    MemoryChart* recomputeChart() const { return chart(Second); }

signals:
    /// A bar clicked: what its chart varies and the bar's index (ScenarioController::chooseVariant).
    void variantChosen(core::Variation variation, int index);

protected:
    void changeEvent(QEvent* event) override;

private:
    struct SlotState
    {
        MemoryChart* chart = nullptr;
        core::Variation variation = core::Variation::ZeroStage;
        std::vector<core::Estimate> estimates;
        int current = 0;
    };

    void retranslateUi();
    void updateTexts(SlotState& slot);
    void updateChart(SlotState& slot);
    void chosen(Slot slot, int index);
    static QStringList labels(core::Variation variation);
    static core::StepMoment momentOf(const core::Estimate& estimate);
    /// "optimizer-step peak": when a bar's memory peaks, under its name.
    static QString momentText(core::StepMoment moment);

    std::array<SlotState, 2> m_slots;
    bool m_stacked = false;
};
