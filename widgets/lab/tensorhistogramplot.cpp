// QCustomPlot 2.1 uses foreach, which the build disables (QT_NO_FOREACH): include it first, with the macro lifted.
#undef QT_NO_FOREACH
#include <qcustomplot.h>
#undef foreach
#define QT_NO_FOREACH

#include "widgets/lab/tensorhistogramplot.h"

#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "widgets/lab/numberformatstyle.h"

namespace {

constexpr int kLinearBins = 160;
constexpr std::size_t kMaxGridValues = 4096; ///< more than this in view: only the binade edges
constexpr int kMinimumLineGap = 4;           ///< pixels between drawn lines: closer is a solid block

} // namespace

TensorHistogramPlot::TensorHistogramPlot(QWidget* parent)
    : QWidget(parent)
    , m_plot(new QCustomPlot(this))
    , m_rebin(new QTimer(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_rebin->setSingleShot(true);
    m_rebin->setInterval(0);
    connect(m_rebin, &QTimer::timeout, this, &TensorHistogramPlot::rebin);

    m_counts = m_plot->addGraph();
    m_counts->setLineStyle(QCPGraph::lsStepLeft);
    // The grid: one impulse per representable value on the right axis (0 … 1, the full height).
    m_plot->yAxis2->setRange(0, 1);
    m_grid = m_plot->addGraph(m_plot->xAxis, m_plot->yAxis2);
    m_grid->setLineStyle(QCPGraph::lsImpulse);
    m_grid->setAdaptiveSampling(false);
    m_grid->setLayer(QStringLiteral("background"));

    m_plot->axisRect()->setRangeDrag(Qt::Horizontal);
    m_plot->axisRect()->setRangeZoom(Qt::Horizontal);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_plot->yAxis->setNumberFormat(QStringLiteral("gb"));
    connect(m_plot, &QCustomPlot::mouseDoubleClick, this, [this] { resetZoom(); });
    connect(m_plot->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, [this] {
        if (!m_log)
            m_rebin->start(); // linear bins follow the zoom: finer where one looks
        updateGrid();
    });
    setLogScale(false);
    retranslateUi();
    updateColors();
}

TensorHistogramPlot::~TensorHistogramPlot() = default;

void TensorHistogramPlot::setStudio(const core::TensorStudio* studio)
{
    m_studio = studio;
    tensorChanged();
}

void TensorHistogramPlot::tensorChanged()
{
    resetZoom();
}

double TensorHistogramPlot::visibleLow() const
{
    return m_plot->xAxis->range().lower;
}

double TensorHistogramPlot::visibleHigh() const
{
    return m_plot->xAxis->range().upper;
}

void TensorHistogramPlot::setLogScale(bool logMagnitude)
{
    m_log = logMagnitude;
    if (m_log) {
        m_plot->xAxis->setScaleType(QCPAxis::stLogarithmic);
        QSharedPointer<QCPAxisTickerLog> ticker(new QCPAxisTickerLog);
        ticker->setLogBase(10);
        ticker->setSubTickCount(0);
        m_plot->xAxis->setTicker(ticker);
        m_plot->xAxis->setNumberFormat(QStringLiteral("eb"));
        m_plot->xAxis->setNumberPrecision(0);
    } else {
        m_plot->xAxis->setScaleType(QCPAxis::stLinear);
        m_plot->xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
        m_plot->xAxis->setNumberFormat(QStringLiteral("gb"));
        m_plot->xAxis->setNumberPrecision(3);
    }
    retranslateUi();
    resetZoom();
}

void TensorHistogramPlot::setLogCounts(bool logCounts)
{
    m_logCounts = logCounts;
    if (logCounts) {
        m_plot->yAxis->setScaleType(QCPAxis::stLogarithmic);
        QSharedPointer<QCPAxisTickerLog> ticker(new QCPAxisTickerLog);
        ticker->setLogBase(10);
        ticker->setSubTickCount(0);
        m_plot->yAxis->setTicker(ticker);
        m_plot->yAxis->setNumberFormat(QStringLiteral("eb"));
        m_plot->yAxis->setNumberPrecision(0);
    } else {
        m_plot->yAxis->setScaleType(QCPAxis::stLinear);
        m_plot->yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
        m_plot->yAxis->setNumberFormat(QStringLiteral("gb"));
        m_plot->yAxis->setNumberPrecision(6);
    }
    rebin();
}

void TensorHistogramPlot::resetZoom()
{
    const core::TensorSummary* s = m_studio ? &m_studio->summary() : nullptr;
    if (!s || s->count == 0) {
        m_plot->xAxis->setRange(m_log ? 1e-8 : -1, 1);
    } else if (m_log) {
        const int lo = std::max(0, s->smallestMagnitudeBin), hi = std::max(lo, s->largestMagnitudeBin);
        m_plot->xAxis->setRange(core::magnitudeBinLow(lo) * 0.8, core::magnitudeBinLow(std::min(hi + 1, core::kMagnitudeBins - 1)) * 1.25);
    } else {
        const double edge = s->absMax > 0 ? s->absMax * 1.05 : 1;
        m_plot->xAxis->setRange(std::min(s->minValue, 0.0) < 0 ? -edge : -0.05 * edge, edge);
    }
    rebin();
}

void TensorHistogramPlot::setGrid(core::TensorFormat format, double scale, double zeroPoint)
{
    m_format = format;
    m_scale = scale;
    m_zeroPoint = zeroPoint;
    updateGrid();
}

void TensorHistogramPlot::rebin()
{
    QVector<double> keys, values;
    if (m_studio && !m_studio->tensor().empty()) {
        if (m_log) {
            const core::TensorSummary& s = m_studio->summary();
            for (int k = std::max(0, s.smallestMagnitudeBin); k <= s.largestMagnitudeBin + 1 && k < core::kMagnitudeBins; ++k) {
                keys.push_back(core::magnitudeBinLow(k));
                values.push_back(double(s.countByMagnitude[std::size_t(k)]));
            }
        } else {
            const QCPRange r = m_plot->xAxis->range();
            core::linearHistogram(m_studio->tensor(), r.lower, r.upper, kLinearBins, m_bins);
            const double width = (r.upper - r.lower) / kLinearBins;
            for (int k = 0; k < kLinearBins; ++k) {
                keys.push_back(r.lower + k * width);
                values.push_back(m_bins[std::size_t(k)]);
            }
            keys.push_back(r.upper);
            values.push_back(0);
        }
    }
    double top = 1;
    for (double& v : values) {
        top = std::max(top, v);
        if (m_logCounts && v < 1)
            v = 0.5; // an empty bin sits just under the axis: log(0) has no place
    }
    m_counts->setData(keys, values, true);
    if (m_logCounts)
        m_plot->yAxis->setRange(0.8, top * 2);
    else
        m_plot->yAxis->setRange(0, top * 1.08);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void TensorHistogramPlot::updateGrid()
{
    const QCPRange r = m_plot->xAxis->range();
    m_gridComplete = core::representableValues(m_format, m_scale, m_zeroPoint, r.lower, r.upper, kMaxGridValues, m_gridValues);
    if (m_log)
        m_gridValues.erase(std::remove_if(m_gridValues.begin(), m_gridValues.end(), [](double v) { return v <= 0; }), m_gridValues.end());
    // Every value would be a solid block at this zoom: draw every 2nd, 4th … value, evenly.
    const int width = std::max(100, m_plot->axisRect()->width());
    m_gridStride = 1;
    while (m_gridValues.size() / std::size_t(m_gridStride) > std::size_t(width / kMinimumLineGap))
        m_gridStride *= 2;
    QVector<double> keys, values;
    for (std::size_t i = 0; i < m_gridValues.size(); i += std::size_t(m_gridStride)) {
        keys.push_back(m_gridValues[i]);
        values.push_back(1);
    }
    m_grid->setData(keys, values, true);
    retranslateUi();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

QSize TensorHistogramPlot::sizeHint() const
{
    const int line = fontMetrics().height();
    return {line * 32, line * 14};
}

QSize TensorHistogramPlot::minimumSizeHint() const
{
    const int line = fontMetrics().height();
    return {line * 16, line * 9};
}

void TensorHistogramPlot::retranslateUi()
{
    m_plot->xAxis->setLabel(m_log ? tr("|x| (log scale)") : tr("x"));
    m_plot->yAxis->setLabel(tr("values"));
    m_grid->setName(m_gridComplete ? tr("representable values") : tr("powers of two (too many values to draw)"));
    m_counts->setName(tr("tensor"));
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void TensorHistogramPlot::updateColors()
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
        axis->setSubTickPen(QPen(pal.color(QPalette::Mid)));
        axis->setTickLabelColor(text);
        axis->setLabelColor(text);
        axis->grid()->setPen(QPen(pal.color(QPalette::Mid), 0, Qt::DotLine));
    }
    const QColor fill = NumberFormatStyle::fieldFill(NumberFormatStyle::Field::Mantissa, true, dark);
    QColor area = fill;
    area.setAlpha(110);
    m_counts->setPen(QPen(fill, 1.2));
    m_counts->setBrush(area);
    QColor grid = NumberFormatStyle::fieldStroke(NumberFormatStyle::Field::Integer, dark);
    grid.setAlpha(150);
    m_grid->setPen(QPen(grid, 1));
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void TensorHistogramPlot::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange)
        updateColors();
    else if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}
