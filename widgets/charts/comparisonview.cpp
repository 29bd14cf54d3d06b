#include "widgets/charts/comparisonview.h"

#include <QEvent>
#include <QHBoxLayout>

#include "widgets/charts/memorychart.h"

ComparisonView::ComparisonView(QWidget* parent)
    : QWidget(parent)
{
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(6);
    m_slots[First].variation = core::Variation::ZeroStage;
    m_slots[Second].variation = core::Variation::Recompute;
    for (Slot slot : {First, Second}) {
        auto* chart = new MemoryChart(this);
        m_slots[slot].chart = chart;
        layout->addWidget(chart, slot == First ? 4 : 3);
        chart->setLegendVisible(false); // the main chart's legend names the colours
        chart->setCompactLabels(true);  // bars side by side: room for the total only
        connect(chart, &MemoryChart::segmentClicked, this, [this, slot](int index, core::Component) { chosen(slot, index); });
    }
    retranslateUi();
}

void ComparisonView::chosen(Slot slot, int index)
{
    emit variantChosen(m_slots[slot].variation, index);
}

QStringList ComparisonView::labels(core::Variation variation)
{
    using V = core::Variation;
    switch (variation) {
    case V::ZeroStage: return {tr("No ZeRO"), tr("ZeRO-1"), tr("ZeRO-2"), tr("ZeRO-3")};
    case V::Recompute: return {tr("None"), tr("Selective"), tr("Full")};
    case V::WeightFormat: return {tr("BF16/FP16"), tr("FP8"), tr("INT8"), tr("INT4"), tr("NF4")};
    case V::KvCacheDtype: return {tr("BF16/FP16"), tr("FP8"), tr("INT8")};
    case V::FineTuneMethod: return {tr("Full"), tr("LoRA"), tr("QLoRA")};
    }
    return {};
}

void ComparisonView::setComparisons(const core::Comparisons& comparisons)
{
    setComparison(First, comparisons[First]);
    setComparison(Second, comparisons[Second]);
}

void ComparisonView::setComparison(Slot slot, const core::Comparison& comparison)
{
    SlotState& s = m_slots[slot];
    const bool kindChanged = s.variation != comparison.variation;
    s.variation = comparison.variation;
    s.estimates = comparison.estimates;
    s.current = comparison.current;
    if (kindChanged) {
        updateTexts(s);
        // Wider charts for more bars.
        auto* box = static_cast<QBoxLayout*>(layout());
        box->setStretch(int(slot), m_stacked ? 1 : std::max(2, int(labels(comparison.variation).size())));
    }
    updateChart(s);
}

void ComparisonView::updateChart(SlotState& slot)
{
    const std::vector<core::Estimate>& estimates = slot.estimates;
    const int current = slot.current;
    MemoryChart* chart = slot.chart;
    // The scenario itself is invalid: keep the last comparison, dimmed, as the main chart does.
    if (current >= 0 && std::size_t(current) < estimates.size() && !estimates[std::size_t(current)].valid) {
        if (chart->groupCount() > 0)
            chart->setInvalid(tr("Invalid scenario:\nno comparison"));
        return;
    }
    const QStringList names = labels(slot.variation);
    // Each bar is its variant's fullest GPU at that GPU's own peak moment: without ZeRO the
    // optimizer step (activations freed, the fp32 gradients' copies alive), with it the backward.
    // Where the bars peak at different moments each says which (issue 31: the No-ZeRO bar had
    // no activations beside bars that had, and nothing said why).
    bool momentsDiffer = false;
    const core::Estimate* first = nullptr;
    const bool serving = slot.variation == core::Variation::WeightFormat || slot.variation == core::Variation::KvCacheDtype;
    for (const core::Estimate& e : estimates) {
        if (serving || !e.valid || e.groups.empty())
            continue;
        if (first && momentOf(*first) != momentOf(e))
            momentsDiffer = true;
        first = first ? first : &e;
    }
    QVector<MemoryChart::Bar> bars;
    bars.reserve(qsizetype(estimates.size()));
    for (std::size_t i = 0; i < estimates.size(); ++i) {
        const core::Estimate& e = estimates[i];
        MemoryChart::Bar bar;
        QString label = names.value(int(i));
        if (int(i) == current)
            //: comparison bar label of the scenario as it is; %1 = e.g. "ZeRO-1"
            label = tr("%1 · (now)").arg(label);
        else if (!e.valid)
            //: comparison bar label of a variant that is not a valid scenario; %1 = e.g. "No ZeRO"
            label = tr("%1 · (n/a)").arg(label);
        bar.label = label;
        if (momentsDiffer && e.valid && !e.groups.empty())
            bar.detail = momentText(momentOf(e));
        bar.current = int(i) == current;
        if (e.valid) {
            const core::RankGroup& g = e.fullest();
            bar.bytes = g.bytes;
            bar.totalBytes = g.totalBytes;
            bar.capacityBytes = g.capacityBytes;
        }
        bars.push_back(bar);
    }
    chart->setBars(bars);
}

core::StepMoment ComparisonView::momentOf(const core::Estimate& estimate)
{
    return estimate.fullest().peakMoment;
}

QString ComparisonView::momentText(core::StepMoment moment)
{
    using M = core::StepMoment;
    switch (moment) {
    case M::LayerForward:
    case M::LossForward: return tr("forward peak");
    case M::LossBackward:
    case M::LayerBackward: return tr("backward peak");
    case M::Optimizer: return tr("optimizer-step peak");
    case M::Rollout: return tr("rollout peak");
    case M::Prefill:
    case M::Sampler:
    case M::Count: break;
    }
    return {}; // serving bars do not say it: the serving comparisons leave the moment out
}

void ComparisonView::setStacked(bool stacked)
{
    static_cast<QBoxLayout*>(layout())->setDirection(stacked ? QBoxLayout::TopToBottom : QBoxLayout::LeftToRight);
    // Stacked, both charts get the full width: equal heights, whatever their bar counts.
    for (int i = 0; i < 2; ++i)
        static_cast<QBoxLayout*>(layout())->setStretch(i, stacked ? 1 : std::max(2, int(labels(m_slots[std::size_t(i)].variation).size())));
    m_stacked = stacked;
}

void ComparisonView::setUnit(DisplayFormat::MemoryUnit unit)
{
    for (SlotState& s : m_slots)
        s.chart->setUnit(unit);
}

void ComparisonView::setTextbook(bool textbook)
{
    for (SlotState& s : m_slots)
        s.chart->setTextbook(textbook);
}

void ComparisonView::updateTexts(SlotState& slot)
{
    MemoryChart* chart = slot.chart;
    // What ZeRO and the fine-tuning method change is the model states: every bar says them
    // ("states 38.5 GB") under its height; the others name the height alone.
    const bool states = slot.variation == core::Variation::ZeroStage || slot.variation == core::Variation::FineTuneMethod;
    chart->setLabelStyle(states ? MemoryChart::LabelStyle::TotalAndStates : MemoryChart::LabelStyle::Total);
    switch (slot.variation) {
    case core::Variation::ZeroStage:
        chart->setTitle(tr("ZeRO stage · fullest GPU"));
        chart->setClickHint(tr("Click to switch the scenario to this ZeRO stage."));
        break;
    case core::Variation::Recompute:
        chart->setTitle(tr("Recomputation · fullest GPU"));
        chart->setClickHint(tr("Click to switch the scenario to this recomputation policy."));
        break;
    case core::Variation::WeightFormat:
        chart->setTitle(tr("Weight format · fullest GPU"));
        chart->setClickHint(tr("Click to serve the weights in this format."));
        break;
    case core::Variation::KvCacheDtype:
        chart->setTitle(tr("KV-cache type · fullest GPU"));
        chart->setClickHint(tr("Click to keep the KV cache in this type."));
        break;
    case core::Variation::FineTuneMethod:
        chart->setTitle(tr("Fine-tuning method · fullest GPU"));
        chart->setClickHint(tr("Click to fine-tune with this method."));
        break;
    }
}

void ComparisonView::retranslateUi()
{
    for (SlotState& s : m_slots) {
        updateTexts(s);
        if (!s.estimates.empty())
            updateChart(s);
    }
}

void ComparisonView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}
