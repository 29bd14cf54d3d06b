// QCustomPlot 2.1 uses foreach, which the build disables (QT_NO_FOREACH): include it first, with the macro lifted.
#undef QT_NO_FOREACH
#include <qcustomplot.h>
#undef foreach
#define QT_NO_FOREACH

#include "widgets/charts/modelstatesbracket.h"

#include <QCoreApplication>
#include <QFontMetrics>


namespace {
/// Where the bracket stands: just left of the bar, in bar slots (bars are 1 apart).
constexpr double kGap = 0.04;
} // namespace

ModelStatesBracket::ModelStatesBracket(QCustomPlot* plot, double barWidth)
    : m_plot(plot)
    , m_barWidth(barWidth)
{
    m_layoutConnection = QObject::connect(plot, &QCustomPlot::afterLayout, plot, [this] { fitLabels(); });
}

ModelStatesBracket::~ModelStatesBracket()
{
    QObject::disconnect(m_layoutConnection);
}

void ModelStatesBracket::fitLabels()
{
    for (qsizetype g = 0; g < m_labels.size(); ++g) {
        QCPItemText* t = m_labels[g];
        const bool wanted = g < m_wanted.size() && m_wanted[g];
        if (!wanted) {
            t->setVisible(false);
            continue;
        }
        t->setVisible(textFits(int(g)));
    }
}

bool ModelStatesBracket::textFits(int bar) const
{
    if (bar < 0 || bar >= m_labels.size() || bar >= m_wanted.size() || !m_wanted[bar])
        return false;
    // Along a bracket shorter than the text the value would run off the axis: the bar's label
    // carries it then (MemoryChart::fitLabels).
    const double scale = m_unitBytes > 0 ? m_unitBytes : 1;
    const double height = m_plot->yAxis->coordToPixel(0) - m_plot->yAxis->coordToPixel(m_states[bar] / scale);
    const QCPItemText* t = m_labels[bar];
    return QFontMetrics(t->font()).horizontalAdvance(t->text()) + 4 <= height;
}

QCPItemBracket* ModelStatesBracket::bracket(int index)
{
    while (m_brackets.size() <= index) {
        auto* b = new QCPItemBracket(m_plot);
        b->setStyle(QCPItemBracket::bsSquare);
        b->setLength(6);
        b->setSelectable(false);
        b->setClipToAxisRect(false);
        m_brackets.push_back(b);
    }
    return m_brackets[index];
}

QCPItemText* ModelStatesBracket::label(int index)
{
    while (m_labels.size() <= index) {
        // A plain QCPItemText: ChartItems' cached text does not rotate.
        auto* t = new QCPItemText(m_plot);
        t->setRotation(-90); // along the bracket: fits the gap between bars
        t->setClipToAxisRect(false);
        t->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
        t->setPadding(QMargins(2, 0, 2, 9)); // bottom of the turned text: its distance from the bracket
        t->setSelectable(false);
        m_labels.push_back(t);
    }
    return m_labels[index];
}

void ModelStatesBracket::update(const QVector<double>& states, DisplayFormat::MemoryUnit unit, bool visible, bool withText)
{
    m_states = states;
    m_visible = visible;
    const double scale = DisplayFormat::bytesPerUnit(unit);
    m_unitBytes = scale;
    m_wanted = QVector<bool>(states.size(), false);
    for (qsizetype g = 0; g < states.size(); ++g) {
        const bool shown = visible && states[g] > 0;
        const double x = double(g) - m_barWidth / 2 - kGap;
        QCPItemBracket* b = bracket(int(g));
        b->setVisible(shown);
        // QCPItemBracket opens towards the side to the right of left → right: bottom to top
        // opens towards the bar.
        b->left->setCoords(x, 0);
        b->right->setCoords(x, states[g] / scale);
        QCPItemText* t = label(int(g));
        t->position->setCoords(x, states[g] / scale / 2);
        //: written along the bracket over a bar's model states; %1 = e.g. "38.5 GB"
        t->setText(QCoreApplication::translate("MemoryChart", "model states %1").arg(DisplayFormat::bytesExact(states[g], unit)));
        m_wanted[g] = shown && withText;
    }
    fitLabels(); // again after the next layout
    for (qsizetype i = states.size(); i < m_brackets.size(); ++i)
        m_brackets[i]->setVisible(false);
    for (qsizetype i = states.size(); i < m_labels.size(); ++i)
        m_labels[i]->setVisible(false);
}

void ModelStatesBracket::updateColors(const QColor& color, const QFont& font)
{
    for (QCPItemBracket* b : std::as_const(m_brackets))
        b->setPen(QPen(color, 1.5));
    // The chart's own font: on a slide that is the smallest size a projector shows legibly
    // (ViewRenderer::minimumSlidePoints), so the bracket's label may not be smaller.
    for (QCPItemText* t : std::as_const(m_labels)) {
        t->setColor(color);
        t->setFont(font);
    }
}

int ModelStatesBracket::hit(const QPointF& pos) const
{
    if (!m_visible)
        return -1;
    const double key = m_plot->xAxis->pixelToCoord(pos.x());
    const double value = m_plot->yAxis->pixelToCoord(pos.y());
    for (qsizetype g = 0; g < m_states.size(); ++g) {
        if (m_states[g] <= 0 || g >= m_brackets.size() || !m_brackets[g]->visible())
            continue;
        const double right = double(g) - m_barWidth / 2;
        const double top = m_brackets[g]->right->coords().y();
        // The bracket and the text left of it: a strip a fifth of a slot wide.
        if (key <= right && key >= right - 0.2 && value >= 0 && value <= top)
            return int(g);
    }
    return -1;
}

QString ModelStatesBracket::text(int bar) const
{
    // The bracket's text, also when it is too short to carry it (the tooltip does then).
    return bar >= 0 && bar < m_labels.size() && bar < m_brackets.size() && m_brackets[bar]->visible() ? m_labels[bar]->text() : QString();
}
