// QCustomPlot 2.1 uses foreach, which the build disables (QT_NO_FOREACH): include it first, with the macro lifted.
#undef QT_NO_FOREACH
#include <qcustomplot.h>
#undef foreach
#define QT_NO_FOREACH

#include "widgets/lab/numberlineplot.h"

#include <QVBoxLayout>
#include <cmath>

#include "widgets/lab/numberformatstyle.h"

namespace {

constexpr double kLaneHalfHeight = 0.28;

NumberFormatStyle::Field laneField(const core::FormatDescription& f)
{
    return f.isInteger() ? NumberFormatStyle::Field::Integer : NumberFormatStyle::Field::Mantissa;
}

} // namespace

NumberLinePlot::NumberLinePlot(QWidget* parent)
    : QWidget(parent)
    , m_plot(new QCustomPlot(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);

    m_plot->xAxis->setScaleType(QCPAxis::stLogarithmic);
    QSharedPointer<QCPAxisTickerLog> ticker(new QCPAxisTickerLog);
    ticker->setLogBase(10);
    ticker->setTickCount(8);
    ticker->setSubTickCount(0);
    m_plot->xAxis->setTicker(ticker);
    m_plot->xAxis->setNumberFormat(QStringLiteral("eb")); // 10 with a superscript power
    m_plot->xAxis->setNumberPrecision(0);
    m_plot->axisRect()->setRangeDrag(Qt::Horizontal);
    m_plot->axisRect()->setRangeZoom(Qt::Horizontal);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_plot->axisRect()->setAutoMargins(QCP::msLeft | QCP::msBottom);
    m_plot->axisRect()->setMargins(QMargins(0, 6, 10, 0));

    const int n = int(core::kElementFormats.size());
    for (int i = 0; i < n; ++i) {
        Lane lane;
        lane.format = core::kElementFormats[std::size_t(i)];
        const core::FormatDescription f = core::describe(lane.format);
        const core::FormatProperties p = core::properties(lane.format);
        const double y = n - 1 - i; // first format on top
        auto makeRect = [&](double from, double to) {
            auto* r = new QCPItemRect(m_plot);
            r->topLeft->setCoords(from, y + kLaneHalfHeight);
            r->bottomRight->setCoords(to, y - kLaneHalfHeight);
            r->setClipToAxisRect(true);
            return r;
        };
        if (!f.isInteger())
            lane.subnormal = makeRect(p.minSubnormal, p.minNormal);
        lane.normal = makeRect(p.minNormal, p.maxValue);
        if (f.bits <= 8) {
            // One tick per positive finite value: zoomed in, the gaps between values show.
            QVector<double> keys, values;
            for (std::uint32_t bits = 1; bits < (1u << f.bits); ++bits) {
                const double v = core::decode(f, bits);
                if (std::isfinite(v) && v > 0 && core::encode(f, v).bits == bits) {
                    keys.push_back(v);
                    values.push_back(y);
                }
            }
            lane.ticks = m_plot->addGraph();
            lane.ticks->setLineStyle(QCPGraph::lsNone);
            lane.ticks->setData(keys, values, true);
            lane.ticks->setAdaptiveSampling(true);
        }
        m_lanes.push_back(lane);
    }
    m_plot->yAxis->setRange(-0.7, n + 0.5); // room above the top lane for the marker's label
    m_plot->yAxis->grid()->setVisible(false);
    resetZoom();

    m_marker = new QCPItemStraightLine(m_plot);
    m_marker->setVisible(false);
    m_markerLabel = new QCPItemText(m_plot);
    m_markerLabel->setPadding(QMargins(4, 1, 4, 1));
    m_markerLabel->setVisible(false);
    connect(m_plot, &QCustomPlot::mouseDoubleClick, this, [this] { resetZoom(); });

    retranslateUi();
    updateColors();
}

NumberLinePlot::~NumberLinePlot() = default;

void NumberLinePlot::resetZoom()
{
    m_plot->xAxis->setRange(1e-46, 1e40);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void NumberLinePlot::setMarker(double value)
{
    const double x = std::abs(value);
    const bool visible = std::isfinite(x) && x > 0;
    m_markerValue = x;
    m_marker->setVisible(visible);
    m_markerLabel->setVisible(visible);
    if (visible) {
        m_marker->point1->setCoords(x, 0);
        m_marker->point2->setCoords(x, 1);
        m_markerLabel->position->setType(QCPItemPosition::ptPlotCoords);
        m_markerLabel->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        m_markerLabel->position->setCoords(x, 0);
        // Label on the side with room: right of the line, or left of it near the right edge.
        const QCPRange range = m_plot->xAxis->range();
        const double at = (std::log10(x) - std::log10(range.lower)) / (std::log10(range.upper) - std::log10(range.lower));
        m_markerLabel->setPositionAlignment(Qt::AlignTop | (at > 0.7 ? Qt::AlignRight : Qt::AlignLeft));
        retranslateUi();
    }
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

bool NumberLinePlot::isMarkerVisible() const
{
    return m_marker->visible();
}

QSize NumberLinePlot::sizeHint() const
{
    const int line = fontMetrics().height();
    return {line * 30, line * int(m_lanes.size() + 3)};
}

QSize NumberLinePlot::minimumSizeHint() const
{
    const int line = fontMetrics().height();
    return {line * 16, line * int(m_lanes.size() + 2)};
}

void NumberLinePlot::retranslateUi()
{
    QSharedPointer<QCPAxisTickerText> names(new QCPAxisTickerText);
    const int n = int(m_lanes.size());
    for (int i = 0; i < n; ++i)
        names->addTick(n - 1 - i, NumberFormatStyle::formatName(m_lanes[i].format));
    m_plot->yAxis->setTicker(names);
    //: marker on the number line; %1 = the typed value's magnitude
    m_markerLabel->setText(tr("|x| = %1").arg(NumberFormatStyle::number(m_markerValue, 4)));
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void NumberLinePlot::updateColors()
{
    const QPalette pal = palette();
    const bool dark = NumberFormatStyle::isDark(pal);
    const QColor text = pal.color(QPalette::WindowText);
    const QColor base = pal.color(QPalette::Base);
    m_plot->setBackground(base);
    m_plot->axisRect()->setBackground(base);
    for (QCPAxis* axis : {m_plot->xAxis, m_plot->yAxis}) {
        axis->setBasePen(QPen(pal.color(QPalette::Mid)));
        axis->setTickPen(QPen(pal.color(QPalette::Mid)));
        axis->setSubTickPen(Qt::NoPen);
        axis->setTickLabelColor(text);
        axis->setLabelColor(text);
        axis->grid()->setPen(QPen(pal.color(QPalette::Mid), 0, Qt::DotLine));
    }
    m_plot->yAxis->setTickLength(0, 0);
    // QCustomPlot scales custom paths by size/6: this tick is ±4 px, inside its lane.
    QPainterPath tick;
    tick.moveTo(0, -4);
    tick.lineTo(0, 4);
    for (const Lane& lane : m_lanes) {
        const NumberFormatStyle::Field field = laneField(core::describe(lane.format));
        const QColor stroke = NumberFormatStyle::fieldStroke(field, dark);
        if (lane.subnormal) {
            lane.subnormal->setPen(QPen(stroke, 1, Qt::DashLine));
            lane.subnormal->setBrush(NumberFormatStyle::fieldFill(field, false, dark));
        }
        QColor band = NumberFormatStyle::fieldFill(field, true, dark);
        band.setAlpha(lane.ticks ? 70 : 150); // ticks carry the small formats; keep their band light
        lane.normal->setPen(QPen(stroke));
        lane.normal->setBrush(band);
        if (lane.ticks) {
            QCPScatterStyle style(tick, QPen(stroke, 1), Qt::NoBrush, 6);
            lane.ticks->setScatterStyle(style);
        }
    }
    const QColor alert = NumberFormatStyle::alertColor(dark);
    m_marker->setPen(QPen(alert, 1.5, Qt::DashLine));
    m_markerLabel->setColor(alert);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void NumberLinePlot::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange)
        updateColors();
    else if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}
