// QCustomPlot 2.1 uses foreach, which the build disables (QT_NO_FOREACH): include it first, with the macro lifted.
#undef QT_NO_FOREACH
#include <qcustomplot.h>
#undef foreach
#define QT_NO_FOREACH

#include "widgets/charts/memorychart.h"

#include <QAction>
#include <QFontMetrics>
#include <QTextLayout>
#include <QToolTip>
#include <QVBoxLayout>
#include <cmath>

#include "widgets/charts/barstack.h"
#include "widgets/charts/chartitems.h"
#include "widgets/charts/componentpalette.h"
#include "widgets/charts/measuredmarkers.h"
#include "widgets/charts/memorycharttext.h"
#include "widgets/charts/modelstatesbracket.h"
#include "widgets/charts/textbookledger.h"
#include "widgets/charts/opaqueplot.h"

namespace {

constexpr double kBarWidth = 0.6;

} // namespace

MemoryChart::MemoryChart(QWidget* parent)
    : QWidget(parent)
    , m_plot(OpaquePlot::create(this))
    , m_ticker(new QCPAxisTickerText)
    , m_capacityTicker(new QCPAxisTickerText)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->setMinimumSize(240, 180);
    m_plot->setNoAntialiasingOnDrag(true);
    // A replot marks the widget dirty instead of repainting at once (the default hint), so the
    // charts paint in the window's one update pass; the opaque buffer (OpaquePlot) covers
    // every pixel.
    m_plot->setPlottingHints(QCP::phCacheLabels);
    m_plot->setAttribute(Qt::WA_OpaquePaintEvent);
    m_plot->xAxis->setTicker(m_ticker);
    m_plot->xAxis->setTickLength(0, 0);
    m_plot->xAxis->setSubTicks(false);
    m_plot->xAxis->grid()->setVisible(false);
    m_plot->yAxis->setPadding(6);

    // The legend lives in its own column right of the bars, so it never covers them.
    m_plot->legend->setVisible(true);
    m_plot->axisRect()->insetLayout()->take(m_plot->legend);
    auto* side = new QCPLayoutGrid;
    m_side = side;
    m_plot->plotLayout()->addElement(0, 1, side);
    m_plot->plotLayout()->setColumnStretchFactor(1, 0.001);
    side->addElement(0, 0, m_plot->legend);
    side->addElement(1, 0, new QCPLayoutElement(m_plot)); // pushes the legend to the top
    side->setRowStretchFactor(0, 0.001);
    m_plot->legend->setMargins(QMargins(8, 6, 8, 6));
    m_plot->legend->setRowSpacing(2);

    m_stack = std::make_unique<BarStack>(m_plot->xAxis, m_plot->yAxis, kBarWidth);
    m_brackets = std::make_unique<ModelStatesBracket>(m_plot, kBarWidth);
    m_measured = std::make_unique<MeasuredMarkers>(m_plot, kBarWidth);
    m_roleAction = new QAction(this);
    m_roleAction->setCheckable(true);
    connect(m_roleAction, &QAction::toggled, this, &MemoryChart::setColorByRole);
    m_plot->setContextMenuPolicy(Qt::ActionsContextMenu);
    m_plot->addAction(m_roleAction);
    // From the left edge of the plot area to the right one, not an infinite line clipped with
    // its pen's width to spare: SVG has no clip, so the line must end where the plot does.
    m_capacityLine = new QCPItemLine(m_plot);
    m_capacityLine->setVisible(false);
    for (QCPItemPosition* end : {m_capacityLine->start, m_capacityLine->end}) {
        end->setTypeX(QCPItemPosition::ptAxisRectRatio);
        end->setTypeY(QCPItemPosition::ptPlotCoords);
    }
    // The capacity is named on a right-hand axis, outside the bars, so no bar label covers it.
    m_plot->yAxis2->setVisible(true);
    m_plot->yAxis2->setTicker(m_capacityTicker);
    m_plot->yAxis2->setSubTicks(false);
    m_plot->yAxis2->setTickLength(0, 4);
    m_plot->yAxis2->grid()->setVisible(false);
    m_selection = new QCPItemRect(m_plot);
    m_selection->setVisible(false);
    // "This layout cannot run": an opaque box on a layer of its own above everything (bar
    // labels, level marks and the legend were drawn through it), centred on the whole chart and
    // wrapped to its width in fitLabels (it was cut on both sides at 1280 × 720 with a side panel open).
    m_plot->addLayer(QStringLiteral("message"), m_plot->layer(QStringLiteral("overlay")), QCustomPlot::limAbove);
    m_message = ChartItems::text(m_plot);
    m_message->setLayer(QStringLiteral("message"));
    m_message->setClipToAxisRect(false);
    m_message->setPositionAlignment(Qt::AlignCenter);
    m_message->position->setType(QCPItemPosition::ptViewportRatio);
    m_message->position->setCoords(0.5, 0.45);
    m_message->setPadding(QMargins(14, 10, 14, 10));
    m_message->setTextAlignment(Qt::AlignLeft);
    m_message->setVisible(false);
    m_markerNote = ChartItems::text(m_plot);
    m_markerNote->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_markerNote->setTextAlignment(Qt::AlignLeft);
    m_markerNote->setVisible(false);

    m_plot->setMouseTracking(true);
    connect(m_plot, &QCustomPlot::mouseMove, this, &MemoryChart::showToolTip);
    connect(m_plot, &QCustomPlot::mousePress, this, [this](QMouseEvent* event) {
        if (event->button() != Qt::LeftButton)
            return; // the right button opens the context menu
        if (const int bar = m_brackets->hit(event->position()); bar >= 0) {
            emit modelStatesClicked(bar);
            return;
        }
        int group = 0;
        core::Component component{};
        if (hitTest(event->position(), group, component)) {
            setSelectedSegment(group, component);
            emit segmentClicked(group, component);
        }
    });
    OpaquePlot::setLayoutHook(m_plot, [this] { return fitLabels(); });
    m_roleAction->setEnabled(false); // until bars of several models come (applyRoleColouring)
    updateNames();
    updateColors();
}

MemoryChart::~MemoryChart() = default;

QString MemoryChart::rankGroupCompactLabel(const core::Estimate& estimate, int group)
{
    return MemoryChartText::rankGroupCompactLabel(estimate, group);
}

QString MemoryChart::rankGroupLabel(const core::Estimate& estimate, int group)
{
    return MemoryChartText::rankGroupLabel(estimate, group);
}

void MemoryChart::setEstimate(const core::Estimate& estimate)
{
    if (!estimate.valid)
        return;
    m_rankCount = 0;
    for (const core::RankGroup& g : estimate.groups)
        m_rankCount = std::max(m_rankCount, g.lastRank + 1);
    setBars(MemoryChartModel::barsOf(estimate, m_levelBands));
}

void MemoryChart::setBands(const core::EstimateBands& bands)
{
    m_levelBands = MemoryChartModel::levelBands(bands);
}

std::pair<double, double> MemoryChart::bandBytes(int group) const
{
    const Bar& b = m_model.bar(group);
    if (b.bandRuns <= 0 || group >= m_whiskers.size() || !m_whiskers[group]->visible())
        return {0, 0};
    return {b.bandLow, b.bandHigh};
}

void MemoryChart::setBars(const QVector<Bar>& bars)
{
    // A slider that changes no byte (MFU, price) must not cost a replot.
    if (!m_invalid && m_model.sameInput(bars))
        return;
    const bool shapeChanged = bars.size() != m_model.size();
    m_model.setBars(bars);
    applyRoleColouring();
    m_invalid = false;
    if (shapeChanged)
        m_selectedGroup = -1;
    rebuild();
}

void MemoryChart::setTextbook(bool textbook)
{
    if (m_model.textbook() == textbook)
        return;
    m_model.setTextbook(textbook);
    applyRoleColouring();
    updateNames();
    m_plot->legend->clearItems(); // the ledgers' names replace the components'
    m_inLegend.reset();
    rebuild();
}

void MemoryChart::setLabelStyle(LabelStyle style)
{
    if (m_labelStyle == style)
        return;
    m_labelStyle = style;
    rebuild();
}

QString MemoryChart::barLabelText(int group) const
{
    return group >= 0 && group < m_totalLabels.size() && group < m_model.size() ? m_totalLabels[group]->text() : QString();
}

QRectF MemoryChart::barLabelRect(int group) const
{
    if (barLabelText(group).isEmpty())
        return {};
    const QCPItemText* label = m_totalLabels[group];
    return QRectF(label->topLeft->pixelPosition(), label->bottomRight->pixelPosition()).normalized();
}

double MemoryChart::modelStatesBytes(int group) const
{
    return m_model.modelStatesBytes(group);
}

QString MemoryChart::modelStatesText(int group) const
{
    return m_brackets->text(group);
}

QString MemoryChart::tickLabelText(int group) const
{
    return m_ticker->ticks().value(double(group));
}

QFont MemoryChart::tickLabelFont() const
{
    return m_plot->xAxis->tickLabelFont();
}

QBrush MemoryChart::barLabelBackground(int group) const
{
    return group >= 0 && group < m_totalLabels.size() ? m_totalLabels[group]->brush() : QBrush();
}

bool MemoryChart::modelStatesOnBracket(int group) const
{
    return m_brackets->textFits(group);
}

Qt::BrushStyle MemoryChart::segmentBrushStyle(core::Component component) const
{
    return m_stack->bars(component)->brush().style();
}

void MemoryChart::setInvalid(const QString& message)
{
    if (m_invalid && m_messageText == message)
        return;
    m_invalid = true;
    m_messageText = message;
    m_message->setText(message); // wrapped to the chart's width at the next layout
    m_fittedWidth = -1;
    updateColors();
    m_message->setVisible(true);
    replot();
}

QString MemoryChart::invalidMessage() const
{
    return m_invalid ? m_messageText : QString();
}

QRectF MemoryChart::invalidMessageRect() const
{
    if (!m_invalid || !m_message->visible())
        return {};
    return QRectF(m_message->topLeft->pixelPosition(), m_message->bottomRight->pixelPosition()).normalized();
}

void MemoryChart::setUnit(DisplayFormat::MemoryUnit unit)
{
    if (m_unit == unit)
        return;
    m_unit = unit;
    rebuild();
}

void MemoryChart::setTitle(const QString& title)
{
    if (!m_title && title.isEmpty())
        return;
    if (!m_title) {
        m_plot->plotLayout()->insertRow(0);
        m_title = new QCPTextElement(m_plot, title, QFont(font().family(), font().pointSize() + 1, QFont::DemiBold));
        m_plot->plotLayout()->addElement(0, 0, m_title);
    }
    m_titleText = title;
    m_title->setText(title);
    m_fittedWidth = -1;
    updateColors();
    replot();
}

void MemoryChart::setAxisFloor(double bytes)
{
    if (m_axisFloorBytes == bytes)
        return;
    m_axisFloorBytes = std::max(0.0, bytes);
    rebuild();
}

double MemoryChart::axisMaximumBytes() const
{
    return m_axisTop * DisplayFormat::bytesPerUnit(m_unit);
}

QFont MemoryChart::messageFont() const
{
    return m_message->font();
}

void MemoryChart::setLegendVisible(bool visible)
{
    if (m_legendVisible == visible)
        return;
    m_legendVisible = visible;
    // An empty legend without margins takes no width in its layout column.
    m_plot->legend->clearItems();
    m_inLegend.reset();
    m_plot->legend->setVisible(visible);
    m_plot->legend->setMargins(visible ? QMargins(8, 6, 8, 6) : QMargins());
    rebuild();
}

void MemoryChart::setMinimumPlotSize(const QSize& size)
{
    m_plot->setMinimumSize(size);
}

void MemoryChart::setColorByRole(bool byRole)
{
    if (m_colorByRole == byRole)
        return;
    m_colorByRole = byRole;
    m_roleAction->setChecked(byRole);
    applyRoleColouring();
    rebuild();
}

void MemoryChart::applyRoleColouring()
{
    m_model.setRoleColouring(m_colorByRole);
    m_roleAction->setEnabled(m_model.roleColouringOffered());
    if (m_model.colouredByRole() == m_byRoleDrawn)
        return;
    m_byRoleDrawn = m_model.colouredByRole();
    m_stack->setByRole(m_byRoleDrawn);
    m_plot->legend->clearItems();
    m_inLegend.reset();
}

const std::array<core::Component, core::kComponentCount>& MemoryChart::stackOrder() const
{
    return m_stack->order();
}

void MemoryChart::setSelectedSegment(int group, core::Component component)
{
    m_selectedGroup = group;
    m_selectedComponent = component;
    updateSelection();
    replot();
}

double MemoryChart::barBytes(int group, core::Component component) const
{
    return std::size_t(component) < core::kComponentCount ? m_model.bar(group).bytes[std::size_t(component)] : 0;
}

double MemoryChart::barTotalBytes(int group) const
{
    return m_model.bar(group).totalBytes;
}

QString MemoryChart::groupLabel(int group) const
{
    return m_model.bar(group).label;
}

QString MemoryChart::groupDetail(int group) const
{
    return m_model.bar(group).detail;
}

QCPItemText* MemoryChart::labelItem(int index)
{
    while (m_totalLabels.size() <= index) {
        QCPItemText* text = ChartItems::text(m_plot);
        text->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
        text->setTextAlignment(Qt::AlignHCenter);
        text->setPadding(QMargins(2, 1, 2, 3));
        text->setClipToAxisRect(false);
        m_totalLabels.push_back(text);
    }
    return m_totalLabels[index];
}

QCPItemRect* MemoryChart::overItem(int index)
{
    while (m_overRects.size() <= index) {
        QCPItemRect* rect = ChartItems::hatchedRect(m_plot);
        rect->setAntialiased(false);
        m_overRects.push_back(rect);
    }
    return m_overRects[index];
}

void MemoryChart::rebuild()
{
    const double scale = DisplayFormat::bytesPerUnit(m_unit);
    const QVector<Bar>& bars = m_model.bars();
    const qsizetype n = bars.size();
    // Long labels go on two lines once several bars share the width; fitLabels() wraps them
    // further when the bars are narrower than their words (large type on a slide).
    const bool twoLines = n >= 3;
    m_ticker->clear();
    QVector<double> keys(n);
    for (qsizetype g = 0; g < n; ++g) {
        keys[g] = double(g);
        QString label = bars[g].label;
        if (twoLines)
            label.replace(QStringLiteral(" · "), QStringLiteral("\n"));
        m_ticker->addTick(double(g), label);
    }
    m_fittedWidth = -1; // the labels changed: fit them again at the next layout
    std::bitset<64> present;
    QVector<double> values(n);
    for (std::size_t c = 0; c < core::kComponentCount; ++c) {
        for (qsizetype g = 0; g < n; ++g) {
            values[g] = bars[g].bytes[c] / scale;
            present[c] = present[c] || bars[g].bytes[c] > 0;
        }
        m_stack->bars(core::Component(c))->setData(keys, values, true);
    }
    m_stack->restack(present);
    // Keep the legend to what this scenario has.
    if (m_legendVisible && present != m_inLegend) {
        m_stack->fillLegend(m_plot->legend, present);
        nameLedgers(); // the legend's entries read the names as they are drawn
        m_inLegend = present;
    }
    const double capacity = m_model.capacityBytes() / scale;
    // A lone bar must not fill the width: keep at least 2.6 slots visible.
    const double visibleSlots = std::max(double(n), 2.6);
    const double centre = (double(n) - 1) / 2;
    // Room right of the last bar for the names of its level markers.
    // Measured marks replace the note (their labels stand on the bars): the room goes to the bars.
    const double noteRoom = m_model.hasLevels() && !m_compactLabels && (m_residuals.empty() || m_model.textbook()) ? 0.75 : 0;
    m_noteRoom = noteRoom;
    m_plot->xAxis->setRange(centre - visibleSlots / 2, centre + visibleSlots / 2 + noteRoom);
    m_axisLabel = m_unit == DisplayFormat::MemoryUnit::GB ? tr("Memory per GPU (GB)") : tr("Memory per GPU (GiB)");
    m_plot->yAxis->setLabel(m_axisLabel); // fitLabels wraps it again if it must
    // A hair above the round number: the ticker's top tick (100 as 5 × 20.000000000000004)
    // must not fall outside the range and vanish.
    m_axisTop = m_model.axisTop(m_unit, m_axisFloorBytes);
    m_plot->yAxis->setRange(0, m_axisTop * (1 + 1e-9));

    m_capacityLine->setVisible(capacity > 0);
    m_capacityLine->start->setCoords(0, capacity);
    m_capacityLine->end->setCoords(1, capacity);
    m_plot->yAxis2->setRange(m_plot->yAxis->range());
    m_capacityTicker->clear();
    if (capacity > 0)
        //: right-hand axis label at the capacity line; %1 = memory per GPU
        m_capacityTicker->addTick(capacity, tr("capacity\n%1").arg(DisplayFormat::capacity(capacity * scale, m_unit).replace(QStringLiteral(" ("), QStringLiteral("\n("))));

    for (qsizetype g = 0; g < n; ++g) {
        const Bar& b = bars[g];
        const double total = b.totalBytes / scale;
        const double cap = b.capacityBytes / scale;
        const bool over = b.over();
        QCPItemText* label = labelItem(int(g));
        label->setVisible(true);
        // Above the band's whisker where it reaches higher than the bar.
        const bool banded = b.banded();
        label->position->setCoords(double(g), banded ? std::max(total, b.bandHigh / scale) : total);
        // The band: where eight in ten similar public runs' measured level lay around this
        // estimate (a whisker with bar ends, at the bar's top or its allocated marker).
        QCPItemLine* whisker = whiskerItem(int(g));
        whisker->setVisible(banded);
        whisker->start->setCoords(double(g), b.bandLow / scale);
        whisker->end->setCoords(double(g), b.bandHigh / scale);
        const QString text = m_model.totalText(g, m_unit, m_compactLabels);
        if (m_statesTexts.size() <= g)
            m_statesTexts.resize(g + 1);
        m_statesTexts[g] = m_model.statesText(g, m_unit);
        // The states line as the chart asks for it; fitLabels() wraps both and adds the states
        // where a bracket turns out too short to carry them.
        const QString statesLine = m_labelStyle == LabelStyle::TotalAndStates && m_statesTexts.value(g).size() > 0 && !text.isEmpty()
            ? QLatin1Char('\n') + m_statesTexts[g]
            : QString();
        label->setText(text + statesLine);
        if (m_totalTexts.size() <= g)
            m_totalTexts.resize(g + 1);
        m_totalTexts[g] = text;
        QCPItemRect* rect = overItem(int(g));
        rect->setVisible(over);
        rect->topLeft->setCoords(double(g) - kBarWidth / 2, total);
        rect->bottomRight->setCoords(double(g) + kBarWidth / 2, cap);
    }
    // Level markers: a tick across each bar at PyTorch's allocated and reserved peaks (the bar's
    // top is the device's used memory); the last bar's are named.
    double lastAllocated = 0, lastReserved = 0, lastTotal = 0;
    for (qsizetype g = 0; g < n; ++g) {
        const Bar& b = bars[g];
        const double levels[] = {b.allocatedBytes, b.reservedBytes};
        for (int k = 0; k < 2; ++k) {
            QCPItemLine* line = markerItem(int(2 * g + k));
            const bool shown = levels[k] > 0 && b.totalBytes > 0;
            line->setVisible(shown);
            const double y = levels[k] / scale;
            line->start->setCoords(double(g) - kBarWidth / 2 - 0.05, y);
            line->end->setCoords(double(g) + kBarWidth / 2 + 0.05, y);
        }
        if (b.allocatedBytes > 0) {
            lastAllocated = b.allocatedBytes / scale;
            lastReserved = b.reservedBytes / scale;
            lastTotal = b.totalBytes / scale;
        }
    }
    for (qsizetype i = 2 * n; i < m_markers.size(); ++i)
        m_markers[i]->setVisible(false);
    for (qsizetype i = n; i < m_whiskers.size(); ++i)
        m_whiskers[i]->setVisible(false);
    m_noteWanted = lastAllocated > 0 && !m_compactLabels;
    m_markerNote->setVisible(m_noteWanted);
    if (lastAllocated > 0) {
        // Hung from the bar's top, beside its markers: the total above the bar is wider than the
        // bar in large type (a slide) and must not run into the note.
        m_markerNote->position->setCoords(double(n - 1) + kBarWidth / 2 + 0.08, std::min(lastTotal, std::max(lastAllocated, lastReserved)));
        //: beside the last bar's two level markers: PyTorch's counters (not translated) and nvidia-smi
        m_markerNote->setText(tr("━ allocated\n┅ reserved\n(top: device)"));
    }
    QVector<double> states(n);
    for (qsizetype g = 0; g < n; ++g)
        states[g] = m_model.bracketBytes(g);
    m_brackets->update(states, m_unit, !m_model.colouredByRole(), !m_compactLabels);
    updateMeasured();
    for (qsizetype i = n; i < m_totalLabels.size(); ++i)
        m_totalLabels[i]->setVisible(false);
    for (qsizetype i = n; i < m_overRects.size(); ++i)
        m_overRects[i]->setVisible(false);
    m_message->setVisible(false);
    updateSelection();
    updateColors();
    replot();
}

void MemoryChart::setMeasured(const std::vector<core::Residual>& residuals)
{
    if (residuals == m_residuals)
        return;
    m_residuals = residuals;
    rebuild(); // the level markers' note makes room for the measured marks' labels
}

void MemoryChart::setMeasuredNotesInPlot(bool inPlot)
{
    if (inPlot == m_measuredNotesInPlot)
        return;
    m_measuredNotesInPlot = inPlot;
    rebuild();
}

void MemoryChart::updateMeasured()
{
    // The textbook's ledgers have no allocator levels to measure against: the notes say so.
    QVector<MeasuredText::BarFrame> frames;
    if (!m_residuals.empty())
        for (const Bar& b : m_model.bars()) {
            MeasuredText::BarFrame f;
            f.label = b.label;
            f.total = b.totalBytes;
            double below = 0;
            for (const core::Component c : m_stack->order()) {
                f.bottom[std::size_t(c)] = below;
                below += b.bytes[std::size_t(c)];
            }
            frames.push_back(f);
        }
    const bool drawn = !m_model.textbook() && !m_invalid;
    const QVector<MeasuredText::Mark> marks = drawn ? MeasuredText::marks(m_residuals, frames, m_unit) : QVector<MeasuredText::Mark>{};
    QStringList notes = MeasuredText::notes(m_residuals, frames, m_rankCount, m_model.textbook());
    if (!marks.isEmpty() && m_model.hasLevels() && !notes.isEmpty())
        notes.front() += QStringLiteral(" · ") + tr("━ allocated\n┅ reserved\n(top: device)").replace(QLatin1Char('\n'), QLatin1Char(' '));
    m_measuredNotes = notes;
    m_measured->update(marks, m_measuredNotesInPlot ? notes : QStringList{}, m_unit);
    // The marks' labels stand right of the bars, where the last bar's level note would be.
    if (!m_measured->marks().isEmpty()) {
        m_noteWanted = false;
        m_markerNote->setVisible(false);
    }
}

void MemoryChart::updateSelection()
{
    const bool visible = m_selectedGroup >= 0 && m_selectedGroup < m_model.size()
        && m_model.bar(m_selectedGroup).bytes[std::size_t(m_selectedComponent)] > 0;
    m_selection->setVisible(visible);
    if (!visible)
        return;
    const double scale = DisplayFormat::bytesPerUnit(m_unit);
    const auto [bottom, top] = m_model.segmentSpan(m_selectedGroup, m_selectedComponent, m_stack->order());
    m_selection->topLeft->setCoords(m_selectedGroup - kBarWidth / 2, top / scale);
    m_selection->bottomRight->setCoords(m_selectedGroup + kBarWidth / 2, bottom / scale);
}

void MemoryChart::updateNames()
{
    m_roleAction->setText(tr("Colour by Model &Role"));
    m_roleAction->setToolTip(tr("Colour the bars by the model each part belongs to (policy, reference, reward model, critic,\n"
                                "rollout engine) instead of by component — where several models share the GPUs (RL),\n"
                                "and not in the textbook view, whose ledgers are by component"));
    m_stack->updateNames();
    nameLedgers();
}

void MemoryChart::nameLedgers()
{
    if (m_model.textbook() && !m_model.colouredByRole())
        for (const core::Category c : {core::Category::Parameters, core::Category::Gradients, core::Category::OptimizerStates,
                                       core::Category::Activations, core::Category::KvCache})
            m_stack->bars(TextbookLedger::segmentOf(c))->setName(TextbookLedger::categoryName(c));
}

void MemoryChart::updateColors()
{
    const QPalette pal = palette();
    const bool dark = ComponentPalette::isDark(pal);
    const QColor text = pal.color(QPalette::WindowText);
    const QColor base = pal.color(QPalette::Base);
    QColor muted = text;
    muted.setAlphaF(0.7f);
    const QColor bad = ComponentPalette::levelColor(ComponentPalette::Level::Bad, dark);
    OpaquePlot::setBackground(m_plot, base);
    m_plot->axisRect()->setBackground(Qt::NoBrush); // the buffer is cleared to the background already
    QColor grid = pal.color(QPalette::Mid);
    grid.setAlphaF(0.5f);
    for (QCPAxis* axis : {m_plot->xAxis, m_plot->yAxis}) {
        axis->setBasePen(QPen(muted));
        axis->setTickPen(QPen(muted));
        axis->setSubTickPen(QPen(muted));
        axis->setTickLabelColor(text);
        axis->setLabelColor(text);
        axis->grid()->setPen(QPen(grid, 0, Qt::SolidLine));
        // QCustomPlot copies the font once, when it is made: follow the widget's (slides and
        // presentation mode use large type).
        axis->setTickLabelFont(font());
        axis->setLabelFont(font());
    }
    // The bars' axis has labels but no tick marks: zero-length ticks with a pen become empty
    // outlines in a PDF ("h f" with no path: pdftoppm's "No current point in closepath").
    m_plot->xAxis->setTickPen(Qt::NoPen);
    m_plot->xAxis->setSubTickPen(Qt::NoPen);
    m_plot->legend->setBrush(base);
    m_plot->legend->setBorderPen(Qt::NoPen);
    m_plot->legend->setTextColor(text);
    m_plot->legend->setFont(font());
    // Swatches, gaps and pens grow with the type, so a 4K slide is the 1080p one, sharper.
    const double em = QFontMetricsF(font()).height();
    const double pen = std::max(1.0, em / 17.0);
    m_plot->legend->setIconSize(int(em * 1.3), int(em * 0.75));
    m_plot->legend->setIconTextPadding(int(em * 0.35));
    m_plot->legend->setRowSpacing(int(em * 0.12));
    m_plot->legend->setColumnSpacing(int(em * 0.8));
    if (m_legendVisible)
        m_plot->legend->setMargins(QMargins(int(em * 0.5), int(em * 0.35), int(em * 0.5), int(em * 0.35)));
    m_plot->yAxis->setPadding(int(em * 0.35));
    for (QCPAxis* axis : {m_plot->xAxis, m_plot->yAxis, m_plot->yAxis2})
        axis->setTickLabelPadding(int(em * 0.3));
    m_plot->yAxis->setTickLength(0, int(em * 0.3));
    m_plot->yAxis->setSubTickLength(0, int(em * 0.15));
    m_plot->yAxis2->setTickLength(0, int(em * 0.25));
    for (int i = 0; i < m_plot->legend->itemCount(); ++i)
        if (QCPAbstractLegendItem* item = m_plot->legend->item(i)) // an empty cell of a wrapped legend is null
            item->setFont(font());
    if (m_title)
        m_title->setTextColor(text);
    m_stack->updateColors(dark, m_invalid);
    m_brackets->updateColors(text, font());
    m_measured->updateColors(dark, text, base, font());
    const bool over = m_model.anyOver();
    const QColor capacityColor = over ? bad : text;
    // Flat ends: a square cap would reach half the pen's width past the plot area's edges.
    m_capacityLine->setPen(QPen(capacityColor, (over ? 2.5 : 1.5) * pen, Qt::DashLine, Qt::FlatCap));
    m_plot->yAxis2->setBasePen(Qt::NoPen);
    m_plot->yAxis2->setTickPen(QPen(capacityColor, 2));
    m_plot->yAxis2->setTickLabelColor(capacityColor);
    QFont bold = font();
    bold.setBold(over);
    m_plot->yAxis2->setTickLabelFont(bold);
    QColor hatch = bad;
    for (QCPItemRect* rect : std::as_const(m_overRects)) {
        rect->setPen(QPen(bad, 1.5 * pen));
        rect->setBrush(QBrush(hatch, Qt::BDiagPattern));
    }
    for (qsizetype g = 0; g < m_totalLabels.size(); ++g) {
        const bool barOver = m_model.bar(g).over();
        const bool current = m_model.bar(g).current;
        m_totalLabels[g]->setColor(barOver ? bad : text);
        // On the plot's background: the capacity line's dashes do not run through a label that
        // stands on it (issue 31: "78.9 GB" under the line of 85.9).
        m_totalLabels[g]->setBrush(base);
        QFont f = font();
        f.setBold(barOver || current);
        m_totalLabels[g]->setFont(f);
    }
    for (qsizetype i = 0; i < m_markers.size(); ++i)
        m_markers[i]->setPen(QPen(text, 2 * pen, i % 2 == 0 ? Qt::SolidLine : Qt::DotLine));
    m_markerNote->setColor(muted);
    m_markerNote->setFont(font());
    m_selection->setPen(QPen(pal.color(QPalette::Highlight), 3 * pen));
    m_selection->setBrush(Qt::NoBrush);
    m_message->setColor(text);
    m_message->setFont(font()); // as large as the axes: read from the back of a room in presentation mode
    m_message->setBrush(base); // opaque: nothing reads through it
    m_message->setPen(QPen(bad, 1.5));
}

void MemoryChart::replot()
{
    // Hidden charts (a collapsed comparison) render once when shown instead of on every change.
    if (!isVisible()) {
        m_dirty = true;
        return;
    }
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void MemoryChart::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (m_dirty) {
        m_dirty = false;
        m_plot->replot(QCustomPlot::rpQueuedReplot);
    }
}

bool MemoryChart::hitTest(const QPointF& pos, int& group, core::Component& component) const
{
    if (m_model.size() == 0 || !m_plot->axisRect()->rect().contains(pos.toPoint()))
        return false;
    const double key = m_plot->xAxis->pixelToCoord(pos.x());
    const double value = m_plot->yAxis->pixelToCoord(pos.y());
    const int g = int(std::lround(key));
    if (std::abs(key - g) > kBarWidth / 2 || !m_model.segmentAt(g, value * DisplayFormat::bytesPerUnit(m_unit), m_stack->order(), component))
        return false;
    group = g;
    return true;
}

void MemoryChart::showToolTip(QMouseEvent* event)
{
    if (const QString tip = m_measured->toolTipAt(event->position()); !tip.isEmpty()) {
        m_plot->setCursor(Qt::ArrowCursor);
        QToolTip::showText(event->globalPosition().toPoint(), tip, this);
        return;
    }
    if (const int bar = m_brackets->hit(event->position()); bar >= 0) {
        m_plot->setCursor(Qt::PointingHandCursor);
        const core::ComponentBytes& bytes = m_model.bar(bar).bytes;
        auto part = [&](std::initializer_list<core::Category> categories) {
            double sum = 0;
            for (std::size_t c = 0; c < core::kComponentCount; ++c)
                for (core::Category k : categories)
                    if (core::categoryOf(core::Component(c)) == k)
                        sum += bytes[c];
            return DisplayFormat::bytesExact(sum, m_unit);
        };
        //: tooltip of the model-states bracket; %1 = model states, %2 = parameters, %3 = gradients, %4 = optimizer states
        QToolTip::showText(event->globalPosition().toPoint(),
                           tr("<b>Model states: %1</b><br>parameters %2 + gradients %3 + optimizer states %4<br>"
                              "<i>what ZeRO shards; activations and buffers come on top</i><br>Click for the working.")
                               .arg(DisplayFormat::bytesExact(TextbookLedger::modelStateBytes(bytes), m_unit), part({core::Category::Parameters}),
                                    part({core::Category::Gradients}), part({core::Category::OptimizerStates})),
                           this);
        return;
    }
    int group = 0;
    core::Component component{};
    if (!hitTest(event->position(), group, component)) {
        QToolTip::hideText();
        m_plot->setCursor(Qt::ArrowCursor);
        return;
    }
    m_plot->setCursor(Qt::PointingHandCursor);
    const Bar& b = m_model.bar(group);
    const QString name = b.detail.isEmpty() ? b.label : b.label + QStringLiteral(" · ") + b.detail;
    QString text = MemoryChartText::segmentToolTip(component, name, b.bytes[std::size_t(component)], b.totalBytes, m_unit, m_clickHint);
    if (b.allocatedBytes > 0)
        text += QStringLiteral("<br>") + MemoryChartText::levelsToolTip(b.allocatedBytes, b.reservedBytes, b.totalBytes, m_unit);
    if (b.bandRuns > 0 && b.bandLow < b.bandHigh)
        text += QStringLiteral("<br>") + MemoryChartText::bandToolTip(b.bandLow, b.bandHigh, b.bandRuns, b.bandLevel, m_unit);
    QToolTip::showText(event->globalPosition().toPoint(), text, this);
}

QCPItemLine* MemoryChart::markerItem(int index)
{
    while (m_markers.size() <= index) {
        auto* line = new QCPItemLine(m_plot);
        line->setSelectable(false);
        m_markers.push_back(line);
        line->setPen(QPen(palette().color(QPalette::WindowText), 2, m_markers.size() % 2 == 1 ? Qt::SolidLine : Qt::DotLine));
    }
    return m_markers[index];
}

QCPItemLine* MemoryChart::whiskerItem(int index)
{
    while (m_whiskers.size() <= index) {
        auto* line = new QCPItemLine(m_plot);
        line->setSelectable(false);
        line->setHead(QCPLineEnding(QCPLineEnding::esBar, 10));
        line->setTail(QCPLineEnding(QCPLineEnding::esBar, 10));
        m_whiskers.push_back(line);
    }
    QColor ink = palette().color(QPalette::WindowText);
    ink.setAlphaF(0.75f);
    m_whiskers[index]->setPen(QPen(ink, 1.5));
    return m_whiskers[index];
}

QImage MemoryChart::renderImage(const QSize& size, double scale, bool transparent)
{
    return OpaquePlot::renderImage(m_plot, size, scale, transparent ? QColor(Qt::transparent) : palette().color(QPalette::Base));
}

bool MemoryChart::renderToPaintDevice(QPaintDevice* device, const QSize& size)
{
    return OpaquePlot::render(m_plot, device, size, palette().color(QPalette::Base));
}

void MemoryChart::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange) {
        updateColors();
        replot();
    } else if (event->type() == QEvent::LanguageChange) {
        updateNames();
        m_plot->legend->clearItems(); // role names are set as the legend is filled
        m_inLegend.reset();
        rebuild();
    }
    QWidget::changeEvent(event);
}
