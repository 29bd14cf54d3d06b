// QCustomPlot 2.1 uses foreach; include it first with QT_NO_FOREACH lifted (house style §4).
#undef QT_NO_FOREACH
#include <qcustomplot.h>
#undef foreach
#define QT_NO_FOREACH

#include "widgets/memorychart.h"

#include <QToolTip>
#include <QVBoxLayout>

#include "core/estimate_io.h"
#include "widgets/componentpalette.h"

namespace {

bool isDark(const QPalette& palette)
{
    return palette.color(QPalette::Window).lightness() < 128;
}

} // namespace

MemoryChart::MemoryChart(QWidget* parent)
    : QWidget(parent)
    , m_plot(new QCustomPlot(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->setNoAntialiasingOnDrag(true);
    m_plot->legend->setVisible(true);
    m_plot->legend->setFillOrder(QCPLegend::foColumnsFirst);
    m_plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);

    QCPBars* below = nullptr;
    for (std::size_t i = 0; i < core::kComponentCount; ++i) {
        auto* bars = new QCPBars(m_plot->xAxis, m_plot->yAxis);
        bars->setWidth(0.6);
        bars->setStackingGap(0);
        if (below)
            bars->moveAbove(below);
        below = bars;
        m_bars.push_back(bars);
    }
    m_capacityLine = new QCPItemStraightLine(m_plot);
    m_capacityLine->setVisible(false);
    m_message = new QCPItemText(m_plot);
    m_message->setPositionAlignment(Qt::AlignCenter);
    m_message->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_message->position->setCoords(0.5, 0.45);
    m_message->setPadding(QMargins(10, 6, 10, 6));
    m_message->setVisible(false);

    m_plot->setMouseTracking(true);
    connect(m_plot, &QCustomPlot::mouseMove, this, &MemoryChart::showToolTip);
    connect(m_plot, &QCustomPlot::mousePress, this, [this](QMouseEvent* event) {
        int group = 0;
        core::Component component{};
        if (hitTest(event->position(), group, component))
            emit segmentClicked(group, component);
    });
    updateColors();
}

MemoryChart::~MemoryChart() = default;

void MemoryChart::setEstimate(const core::Estimate& estimate)
{
    if (!estimate.valid)
        return;
    m_estimate = estimate;
    m_invalid = false;
    rebuild();
}

void MemoryChart::setInvalid(const QString& message)
{
    m_invalid = true;
    m_message->setText(message);
    updateColors();
    m_message->setVisible(true);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void MemoryChart::setUnit(Unit unit)
{
    if (m_unit == unit)
        return;
    m_unit = unit;
    rebuild();
}

void MemoryChart::setTitle(const QString& title)
{
    m_title = title;
    rebuild();
}

double MemoryChart::barBytes(int group, core::Component component) const
{
    if (group < 0 || std::size_t(group) >= m_estimate.groups.size())
        return 0;
    return m_estimate.groups[std::size_t(group)].bytes[std::size_t(component)];
}

QString MemoryChart::groupLabel(int group) const
{
    if (group < 0 || std::size_t(group) >= m_estimate.groups.size())
        return {};
    const core::RankGroup& g = m_estimate.groups[std::size_t(group)];
    if (m_estimate.groups.size() == 1 && g.lastStage == 0)
        //: bar label when every GPU has the same memory; %1 = last rank
        return tr("all ranks 0–%1").arg(g.lastRank);
    if (g.firstStage == g.lastStage)
        //: %1 = pipeline stage, %2–%3 = rank range
        return tr("PP stage %1 · ranks %2–%3").arg(g.firstStage).arg(g.firstRank).arg(g.lastRank);
    //: %1–%2 = pipeline stages, %3–%4 = rank range
    return tr("PP stages %1–%2 · ranks %3–%4").arg(g.firstStage).arg(g.lastStage).arg(g.firstRank).arg(g.lastRank);
}

void MemoryChart::rebuild()
{
    const double scale = m_unit == Unit::GB ? 1e9 : double(1ull << 30);
    const std::size_t n = m_estimate.groups.size();
    m_groupCount = int(n);
    QVector<double> keys;
    for (std::size_t g = 0; g < n; ++g)
        keys.push_back(double(g));
    double maxTotal = 0, capacity = 0;
    for (std::size_t c = 0; c < core::kComponentCount; ++c) {
        QVector<double> values;
        bool any = false;
        for (const core::RankGroup& g : m_estimate.groups) {
            values.push_back(g.bytes[c] / scale);
            any |= g.bytes[c] > 0;
        }
        m_bars[qsizetype(c)]->setData(keys, values, true);
        m_bars[qsizetype(c)]->setName(ComponentPalette::componentName(core::Component(c)));
        // Keep the legend to what this scenario has.
        if (any)
            m_bars[qsizetype(c)]->addToLegend();
        else
            m_bars[qsizetype(c)]->removeFromLegend();
    }
    for (const core::RankGroup& g : m_estimate.groups) {
        maxTotal = std::max(maxTotal, g.totalBytes / scale);
        capacity = g.capacityBytes / scale;
    }

    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    for (std::size_t g = 0; g < n; ++g)
        ticker->addTick(double(g), groupLabel(int(g)));
    m_plot->xAxis->setTicker(ticker);
    m_plot->xAxis->setRange(-0.6, double(n) - 0.4);
    m_plot->yAxis->setLabel(m_unit == Unit::GB ? tr("Memory per GPU (GB)") : tr("Memory per GPU (GiB)"));
    m_plot->yAxis->setRange(0, std::max(maxTotal, capacity) * 1.15);

    m_capacityLine->setVisible(capacity > 0);
    m_capacityLine->point1->setCoords(-1, capacity);
    m_capacityLine->point2->setCoords(1, capacity);
    m_message->setVisible(false);
    updateColors();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void MemoryChart::updateColors()
{
    const QPalette pal = palette();
    const bool dark = isDark(pal);
    const QColor text = pal.color(QPalette::WindowText);
    const QColor base = pal.color(QPalette::Base);
    m_plot->setBackground(base);
    m_plot->axisRect()->setBackground(base);
    for (QCPAxis* axis : {m_plot->xAxis, m_plot->yAxis}) {
        axis->setBasePen(QPen(text));
        axis->setTickPen(QPen(text));
        axis->setSubTickPen(QPen(text));
        axis->setTickLabelColor(text);
        axis->setLabelColor(text);
        axis->grid()->setPen(QPen(pal.color(QPalette::Mid), 0, Qt::DotLine));
    }
    m_plot->legend->setBrush(base);
    m_plot->legend->setBorderPen(QPen(pal.color(QPalette::Mid)));
    m_plot->legend->setTextColor(text);
    for (std::size_t c = 0; c < core::kComponentCount; ++c) {
        QColor color = ComponentPalette::componentColor(core::Component(c), dark);
        if (m_invalid)
            color.setAlpha(70);
        m_bars[qsizetype(c)]->setBrush(color);
        m_bars[qsizetype(c)]->setPen(QPen(color.darker(130)));
    }
    bool over = false;
    for (const core::RankGroup& g : m_estimate.groups)
        over |= !g.fits;
    m_capacityLine->setPen(QPen(over ? QColor(0xD0, 0x10, 0x20) : text, 2, Qt::DashLine));
    m_message->setColor(text);
    m_message->setBrush(QColor(base.red(), base.green(), base.blue(), 230));
    m_message->setPen(QPen(QColor(0xD0, 0x10, 0x20)));
}

bool MemoryChart::hitTest(const QPointF& pos, int& group, core::Component& component) const
{
    if (m_estimate.groups.empty())
        return false;
    const double key = m_plot->xAxis->pixelToCoord(pos.x());
    const double value = m_plot->yAxis->pixelToCoord(pos.y());
    const int g = int(std::lround(key));
    if (g < 0 || g >= m_groupCount || std::abs(key - g) > 0.3 || value < 0)
        return false;
    const double scale = m_unit == Unit::GB ? 1e9 : double(1ull << 30);
    double top = 0;
    for (std::size_t c = 0; c < core::kComponentCount; ++c) {
        top += m_estimate.groups[std::size_t(g)].bytes[c] / scale;
        if (value <= top && m_estimate.groups[std::size_t(g)].bytes[c] > 0) {
            group = g;
            component = core::Component(c);
            return true;
        }
    }
    return false;
}

void MemoryChart::showToolTip(QMouseEvent* event)
{
    int group = 0;
    core::Component component{};
    if (!hitTest(event->position(), group, component)) {
        QToolTip::hideText();
        return;
    }
    const core::RankGroup& g = m_estimate.groups[std::size_t(group)];
    const double bytes = g.bytes[std::size_t(component)];
    const double scale = m_unit == Unit::GB ? 1e9 : double(1ull << 30);
    const QString unit = m_unit == Unit::GB ? tr("GB") : tr("GiB");
    //: tooltip: %1 = component, %2 = group label, %3 = size, %4 = unit, %5 = share of the GPU's total
    QToolTip::showText(event->globalPosition().toPoint(),
                       tr("<b>%1</b><br>%2<br>%3 %4 (%5 % of this GPU)")
                           .arg(ComponentPalette::componentName(component), groupLabel(group))
                           .arg(bytes / scale, 0, 'f', 2)
                           .arg(unit)
                           .arg(100.0 * bytes / g.totalBytes, 0, 'f', 1),
                       this);
}

QImage MemoryChart::renderImage(const QSize& size, double scale, bool transparent)
{
    QImage image(size * scale, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(scale);
    image.fill(transparent ? Qt::transparent : palette().color(QPalette::Base));
    const QBrush background = m_plot->background();
    if (transparent)
        m_plot->setBackground(Qt::NoBrush);
    QCPPainter painter(&image);
    m_plot->toPainter(&painter, size.width(), size.height());
    painter.end();
    if (transparent)
        m_plot->setBackground(background);
    return image;
}

bool MemoryChart::renderToPaintDevice(QPaintDevice* device, const QSize& size)
{
    QCPPainter painter;
    if (!painter.begin(device))
        return false;
    painter.setMode(QCPPainter::pmVectorized);
    painter.setMode(QCPPainter::pmNoCaching);
    m_plot->toPainter(&painter, size.width(), size.height());
    return painter.end();
}

void MemoryChart::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange) {
        updateColors();
        m_plot->replot(QCustomPlot::rpQueuedReplot);
    } else if (event->type() == QEvent::LanguageChange) {
        rebuild();
    }
    QWidget::changeEvent(event);
}
