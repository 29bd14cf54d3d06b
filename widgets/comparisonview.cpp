#include "widgets/comparisonview.h"

#include <QEvent>
#include <QHBoxLayout>

#include "widgets/memorychart.h"

ComparisonView::ComparisonView(QWidget* parent)
    : QWidget(parent)
    , m_zero(new MemoryChart(this))
    , m_recompute(new MemoryChart(this))
{
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(6);
    layout->addWidget(m_zero, 4);
    layout->addWidget(m_recompute, 3);
    for (MemoryChart* chart : {m_zero, m_recompute}) {
        chart->setLegendVisible(false); // the main chart's legend names the colours
        chart->setCompactLabels(true);  // bars side by side: room for the total only
    }
    connect(m_zero, &MemoryChart::segmentClicked, this, [this](int variant, core::Component) { emit zeroStageChosen(variant); });
    connect(m_recompute, &MemoryChart::segmentClicked, this, [this](int variant, core::Component) { emit recomputeChosen(variant); });
    retranslateUi();
}

QStringList ComparisonView::zeroLabels() const
{
    return {tr("No ZeRO"), tr("ZeRO-1"), tr("ZeRO-2"), tr("ZeRO-3")};
}

QStringList ComparisonView::recomputeLabels() const
{
    return {tr("None"), tr("Selective"), tr("Full")};
}

void ComparisonView::setZeroVariants(const std::vector<core::Estimate>& estimates, int currentStage)
{
    m_zeroEstimates = estimates;
    m_zeroCurrent = currentStage;
    updateChart(m_zero, m_zeroEstimates, m_zeroCurrent, zeroLabels());
}

void ComparisonView::setRecomputeVariants(const std::vector<core::Estimate>& estimates, int current)
{
    m_recomputeEstimates = estimates;
    m_recomputeCurrent = current;
    updateChart(m_recompute, m_recomputeEstimates, m_recomputeCurrent, recomputeLabels());
}

void ComparisonView::updateChart(MemoryChart* chart, const std::vector<core::Estimate>& estimates, int current, const QStringList& labels)
{
    // The scenario itself is invalid: keep the last comparison, dimmed, as the main chart does.
    if (current >= 0 && std::size_t(current) < estimates.size() && !estimates[std::size_t(current)].valid) {
        if (chart->groupCount() > 0)
            chart->setInvalid(tr("Invalid scenario:\nno comparison"));
        return;
    }
    QVector<MemoryChart::Bar> bars;
    for (std::size_t i = 0; i < estimates.size(); ++i) {
        const core::Estimate& e = estimates[i];
        MemoryChart::Bar bar;
        QString label = labels.value(int(i));
        if (int(i) == current)
            //: comparison bar label of the scenario as it is; %1 = e.g. "ZeRO-1"
            label = tr("%1 · (now)").arg(label);
        else if (!e.valid)
            //: comparison bar label of a variant that is not a valid scenario; %1 = e.g. "No ZeRO"
            label = tr("%1 · (n/a)").arg(label);
        bar.label = label;
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

void ComparisonView::setUnit(DisplayFormat::MemoryUnit unit)
{
    m_zero->setUnit(unit);
    m_recompute->setUnit(unit);
}

void ComparisonView::retranslateUi()
{
    m_zero->setTitle(tr("ZeRO stage · fullest GPU"));
    m_recompute->setTitle(tr("Recomputation · fullest GPU"));
    m_zero->setClickHint(tr("Click to switch the scenario to this ZeRO stage."));
    m_recompute->setClickHint(tr("Click to switch the scenario to this recomputation policy."));
    if (!m_zeroEstimates.empty())
        updateChart(m_zero, m_zeroEstimates, m_zeroCurrent, zeroLabels());
    if (!m_recomputeEstimates.empty())
        updateChart(m_recompute, m_recomputeEstimates, m_recomputeCurrent, recomputeLabels());
}

void ComparisonView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}
