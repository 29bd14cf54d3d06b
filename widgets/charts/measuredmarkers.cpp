// QCustomPlot 2.1 uses foreach, which the build disables (QT_NO_FOREACH): include it first, with the macro lifted.
#undef QT_NO_FOREACH
#include <qcustomplot.h>
#undef foreach
#define QT_NO_FOREACH

#include "widgets/charts/measuredmarkers.h"

#include <QFontMetrics>
#include <algorithm>

namespace {
/// The mark reaches a little past the bar's right edge, where its diamond and label are.
constexpr double kOverhang = 0.07;
} // namespace

MeasuredMarkers::MeasuredMarkers(QCustomPlot* plot, double barWidth)
    : m_plot(plot)
    , m_barWidth(barWidth)
{
    m_layoutConnection = QObject::connect(plot, &QCustomPlot::afterLayout, plot, [this] { fitLabels(); });
}

MeasuredMarkers::~MeasuredMarkers()
{
    QObject::disconnect(m_layoutConnection);
}

QColor MeasuredMarkers::color(bool dark)
{
    // A magenta no component uses (ComponentPalette's hues are blues, greens, oranges, greys),
    // with ≥ 4.5:1 contrast on the light and the dark background.
    return dark ? QColor(0xf7, 0x83, 0xac) : QColor(0xa6, 0x1e, 0x4d);
}

QCPItemLine* MeasuredMarkers::line(int index)
{
    while (m_lines.size() <= index) {
        auto* l = new QCPItemLine(m_plot);
        l->setSelectable(false);
        l->setHead(QCPLineEnding(QCPLineEnding::esDiamond, 9, 9));
        m_lines.push_back(l);
    }
    return m_lines[index];
}

QCPItemText* MeasuredMarkers::label(int index)
{
    while (m_labels.size() <= index) {
        // Above the mark, ending at its diamond: inside the bar's right half, where there is
        // room for "−12.4 %" even when four bars share a 720p chart (the gap between bars is
        // not that wide, and the next bar's bracket stands in it).
        auto* t = new QCPItemText(m_plot);
        t->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
        t->setPadding(QMargins(2, 0, 2, 0));
        t->setSelectable(false);
        t->setClipToAxisRect(false);
        m_labels.push_back(t);
    }
    return m_labels[index];
}

void MeasuredMarkers::update(const QVector<MeasuredText::Mark>& marks, const QStringList& notes, DisplayFormat::MemoryUnit unit)
{
    m_marks = marks;
    m_unitBytes = DisplayFormat::bytesPerUnit(unit);
    for (qsizetype i = 0; i < marks.size(); ++i) {
        const MeasuredText::Mark& m = marks[i];
        const double y = m.bytes / m_unitBytes;
        QCPItemLine* l = line(int(i));
        l->setVisible(true);
        // Across the bar's right half only: the left half keeps the predicted levels' markers
        // in view.
        l->start->setCoords(m.bar, y);
        l->end->setCoords(m.bar + m_barWidth / 2 + kOverhang, y);
        QCPItemText* t = label(int(i));
        t->setText(m.label);
        t->position->setCoords(m.bar + m_barWidth / 2 + kOverhang, y);
        t->setVisible(true);
    }
    for (qsizetype i = marks.size(); i < m_lines.size(); ++i)
        m_lines[i]->setVisible(false);
    for (qsizetype i = marks.size(); i < m_labels.size(); ++i)
        m_labels[i]->setVisible(false);
    // The notes live in a row of their own under the plot, never over the bars.
    QCPLayoutGrid* layout = m_plot->plotLayout();
    const QString text = notes.join(QLatin1Char('\n'));
    if (text.isEmpty()) {
        if (m_notes) {
            layout->remove(m_notes);
            layout->simplify();
            m_notes = nullptr;
        }
    } else {
        if (!m_notes) {
            m_notes = new QCPTextElement(m_plot);
            m_notes->setTextFlags(Qt::AlignLeft | Qt::AlignVCenter);
            m_notes->setLayer(QStringLiteral("axes"));
            layout->addElement(layout->rowCount(), 0, m_notes);
            layout->setRowStretchFactor(layout->rowCount() - 1, 0.001);
        }
        m_notes->setText(text);
    }
    fitLabels(); // again after the next layout
}

void MeasuredMarkers::updateColors(bool dark, const QColor& text, const QColor& base, const QFont& font)
{
    const QColor c = color(dark);
    m_font = font;
    QColor box = base;
    box.setAlpha(225); // the segment under the label still shows through
    const double em = QFontMetricsF(font).height();
    for (QCPItemLine* l : std::as_const(m_lines)) {
        l->setPen(QPen(c, std::max(2.0, em / 7.0), Qt::SolidLine, Qt::FlatCap));
        l->setHead(QCPLineEnding(QCPLineEnding::esDiamond, em * 0.55, em * 0.55));
    }
    QFont bold = font;
    bold.setBold(true);
    for (QCPItemText* t : std::as_const(m_labels)) {
        t->setColor(c);
        t->setFont(bold);
        t->setBrush(box);
    }
    if (m_notes) {
        m_notes->setTextColor(text);
        m_notes->setFont(font);
    }
}

void MeasuredMarkers::fitLabels()
{
    // Per bar, top to bottom: each label at least a line below the one above it.
    const double slot = std::abs(m_plot->xAxis->coordToPixel(1) - m_plot->xAxis->coordToPixel(0));
    // A label may reach back over the whole bar: above its mark the bar is what it measures;
    // and, when that is not enough (a slide's type: "−9.8 %" in bold 18 pt on a 1280-pixel
    // slide's four bars), on into the gap before the next bar, its right end past the mark's.
    const double room = slot * (m_barWidth + kOverhang) - 2;
    const double gap = std::max(0.0, slot * (1 - m_barWidth - kOverhang) - 6);
    QVector<int> order(m_marks.size());
    for (qsizetype i = 0; i < order.size(); ++i)
        order[i] = int(i);
    std::sort(order.begin(), order.end(), [this](int a, int b) {
        return m_marks[a].bar != m_marks[b].bar ? m_marks[a].bar < m_marks[b].bar : m_marks[a].bytes > m_marks[b].bytes;
    });
    int bar = -1;
    double below = 0; // the bottom pixel of the bar's previous label
    for (int i : order) {
        QCPItemText* t = m_labels[i];
        const QFontMetricsF metrics(t->font());
        const double width = metrics.horizontalAdvance(t->text()) + 4;
        const bool fits = width <= room + gap;
        t->setVisible(fits);
        if (!fits)
            continue;
        const double shift = std::max(0.0, width - room) / std::max(1.0, slot); // in bars
        const double x = m_marks[i].bar + m_barWidth / 2 + kOverhang + shift;
        // The label's bottom sits on its mark; one that would cover the label above it moves down.
        const double height = metrics.height();
        const bool sameBar = m_marks[i].bar == bar;
        const double wanted = m_plot->yAxis->coordToPixel(m_marks[i].bytes / m_unitBytes);
        // The bar's total ("37.5 GB", a line of the chart's font right above the bar) is in
        // the way of a label near the top: the label goes above it, or into the bar below it.
        const double bandBottom = m_plot->yAxis->coordToPixel(m_marks[i].barTop / m_unitBytes);
        const double bandTop = bandBottom - QFontMetricsF(m_font).height() - 4;
        auto clashes = [&](double bottom) { return bottom > bandTop && bottom - height < bandBottom; };
        double y = wanted;
        if (clashes(y)) {
            const bool roomAbove = !sameBar || bandTop - height >= below;
            y = wanted < (bandTop + bandBottom) / 2 && roomAbove ? bandTop : bandBottom + height;
        }
        if (sameBar && y - height < below) {
            y = below + height;
            if (clashes(y))
                y = bandBottom + height;
        }
        bar = m_marks[i].bar;
        below = y;
        t->position->setCoords(x, m_plot->yAxis->pixelToCoord(y));
    }
}

QString MeasuredMarkers::toolTipAt(const QPointF& pos) const
{
    const double key = m_plot->xAxis->pixelToCoord(pos.x());
    for (qsizetype i = 0; i < m_marks.size(); ++i) {
        const MeasuredText::Mark& m = m_marks[i];
        const double y = m_plot->yAxis->coordToPixel(m.bytes / m_unitBytes);
        const bool onLine = std::abs(pos.y() - y) <= 5 && key >= m.bar && key <= m.bar + m_barWidth / 2 + kOverhang + 0.02;
        const bool onLabel = i < m_labels.size() && m_labels[i]->visible() && m_labels[i]->selectTest(pos, false) >= 0
            && m_labels[i]->selectTest(pos, false) < 1;
        if (onLine || onLabel)
            return m.toolTip;
    }
    return {};
}

QString MeasuredMarkers::notesText() const
{
    return m_notes ? m_notes->text() : QString();
}

bool MeasuredMarkers::labelShown(int index) const
{
    return index >= 0 && index < m_labels.size() && index < m_marks.size() && m_labels[index]->visible();
}
