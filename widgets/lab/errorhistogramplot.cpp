// QCustomPlot 2.1 uses foreach, which the build disables (QT_NO_FOREACH): include it first, with the macro lifted.
#undef QT_NO_FOREACH
#include <qcustomplot.h>
#undef foreach
#define QT_NO_FOREACH

#include "widgets/lab/errorhistogramplot.h"

#include <QVBoxLayout>
#include <algorithm>

#include "widgets/lab/numberformatstyle.h"
#include "widgets/lab/tensortext.h"

ErrorHistogramPlot::ErrorHistogramPlot(QWidget* parent)
    : QWidget(parent)
    , m_plot(new QCustomPlot(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_counts = m_plot->addGraph();
    m_counts->setLineStyle(QCPGraph::lsStepLeft);
    m_plot->xAxis->setScaleType(QCPAxis::stLogarithmic);
    QSharedPointer<QCPAxisTickerLog> ticker(new QCPAxisTickerLog);
    ticker->setLogBase(10);
    ticker->setSubTickCount(0);
    m_plot->xAxis->setTicker(ticker);
    m_plot->xAxis->setNumberFormat(QStringLiteral("eb"));
    m_plot->xAxis->setNumberPrecision(0);
    m_plot->yAxis->setNumberFormat(QStringLiteral("g"));
    m_flushLine = new QCPItemStraightLine(m_plot);
    m_flushLine->point1->setCoords(1, 0);
    m_flushLine->point2->setCoords(1, 1);
    m_note = new QCPItemText(m_plot);
    m_note->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_note->position->setCoords(0.02, 0.03);
    m_note->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_note->setTextAlignment(Qt::AlignLeft);
    m_plot->axisRect()->setRangeDrag(Qt::Horizontal);
    m_plot->axisRect()->setRangeZoom(Qt::Horizontal);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_plot->xAxis->setRange(1e-8, 2);
    retranslateUi();
    updateColors();
}

ErrorHistogramPlot::~ErrorHistogramPlot() = default;

void ErrorHistogramPlot::setAnalysis(const core::TensorAnalysis& a)
{
    int first = core::kErrorBins, last = -1;
    double total = 0;
    for (int k = 0; k < core::kErrorBins; ++k)
        if (a.relativeErrorCounts[std::size_t(k)] > 0) {
            first = std::min(first, k);
            last = std::max(last, k);
            total += a.relativeErrorCounts[std::size_t(k)];
        }
    const double nonZero = double(std::max<std::int64_t>(a.stats.nonZero, 1));
    QVector<double> keys, values;
    if (last >= 0) {
        first = std::max(0, first - 1);
        last = std::min(core::kErrorBins - 2, last + 1);
        for (int k = first; k <= last + 1; ++k) {
            keys.push_back(core::errorBinLow(k));
            values.push_back(k <= last ? 100.0 * a.relativeErrorCounts[std::size_t(k)] / nonZero : 0.0);
        }
        m_plot->xAxis->setRange(std::min(keys.front(), 0.5), std::max(keys.back(), 2.0));
    } else {
        m_plot->xAxis->setRange(1e-8, 2);
    }
    m_counts->setData(keys, values, true);
    double top = 1;
    for (double v : values)
        top = std::max(top, v);
    m_plot->yAxis->setRange(0, top * 1.15);
    m_exactShare = double(a.exactCount) / nonZero;
    m_flushedShare = a.stats.count > 0 ? a.stats.underflowFraction * double(a.stats.count) / nonZero : 0;
    retranslateUi();
}

int ErrorHistogramPlot::binCount() const
{
    return m_counts->data()->size();
}

QSize ErrorHistogramPlot::sizeHint() const
{
    const int line = fontMetrics().height();
    return {line * 24, line * 12};
}

QSize ErrorHistogramPlot::minimumSizeHint() const
{
    const int line = fontMetrics().height();
    return {line * 14, line * 8};
}

void ErrorHistogramPlot::retranslateUi()
{
    m_plot->xAxis->setLabel(tr("relative error |q − x| / |x|"));
    m_plot->yAxis->setLabel(tr("% of non-zero values"));
    //: inside the error histogram; %1 = share stored exactly, %2 = share flushed to zero
    m_note->setText(tr("exact: %1\nflushed to 0 (error 1): %2").arg(TensorText::share(m_exactShare), TensorText::share(m_flushedShare)));
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void ErrorHistogramPlot::updateColors()
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
    const QColor stroke = NumberFormatStyle::fieldFill(NumberFormatStyle::Field::Exponent, true, dark);
    QColor area = stroke;
    area.setAlpha(110);
    m_counts->setPen(QPen(stroke, 1.2));
    m_counts->setBrush(area);
    m_flushLine->setPen(QPen(NumberFormatStyle::alertColor(dark), 1.5, Qt::DashLine));
    m_note->setColor(text);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void ErrorHistogramPlot::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange)
        updateColors();
    else if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}
