// QCustomPlot 2.1 uses foreach, which the build disables (QT_NO_FOREACH): include it first, with the macro lifted.
#undef QT_NO_FOREACH
#include <qcustomplot.h>
#undef foreach
#define QT_NO_FOREACH

#include "widgets/charts/chartitems.h"

#include <QStaticText>

namespace {

/// QCustomPlot's legend entry measures and shapes its text twice more on every replot.
class LegendItem : public QCPPlottableLegendItem
{
public:
    using QCPPlottableLegendItem::QCPPlottableLegendItem;

protected:
    QSize minimumOuterSizeHint() const override
    {
        prepare();
        const QSize icon = mParentLegend->iconSize();
        return QSize(icon.width() + mParentLegend->iconTextPadding() + m_size.width() + mMargins.left() + mMargins.right(),
                     std::max(m_size.height(), icon.height()) + mMargins.top() + mMargins.bottom());
    }

    void draw(QCPPainter* painter) override
    {
        if (!mPlottable)
            return;
        prepare();
        const QSize icon = mParentLegend->iconSize();
        painter->setFont(m_font);
        painter->setPen(QPen(getTextColor()));
        painter->drawStaticText(QPointF(mRect.x() + icon.width() + mParentLegend->iconTextPadding(), mRect.y()), m_text);
        // QCPBars' own icon (drawLegendIcon is QCustomPlot's item's only): two thirds of the box.
        QRectF square(0, 0, icon.width() * 0.67, icon.height() * 0.67);
        square.moveCenter(QRectF(mRect.topLeft(), icon).center());
        painter->setBrush(mPlottable->brush());
        painter->setPen(mPlottable->pen());
        painter->drawRect(square);
    }

private:
    void prepare() const
    {
        const QFont font = getFont();
        if (mPlottable && m_name == mPlottable->name() && m_font == font && !m_text.text().isEmpty())
            return;
        m_name = mPlottable ? mPlottable->name() : QString();
        m_font = font;
        m_text.setTextFormat(Qt::PlainText);
        m_text.setText(m_name);
        m_text.prepare(QTransform(), font);
        m_size = QFontMetrics(font).boundingRect(0, 0, 0, mParentLegend->iconSize().height(), Qt::TextDontClip, m_name).size();
    }

    mutable QString m_name;
    mutable QFont m_font;
    mutable QStaticText m_text;
    mutable QSize m_size;
};

/// QCPItemText::draw measures and shapes its text on every replot; this lays it out when the
/// text or font changes. Same placement (position alignment, padding, box); no rotation.
class Text : public QCPItemText
{
public:
    using QCPItemText::QCPItemText;

protected:
    void draw(QCPPainter* painter) override
    {
        const QFont font = mainFont();
        prepare(font);
        QTransform transform = painter->transform();
        const QPointF pos = position->pixelPosition();
        transform.translate(pos.x(), pos.y());
        QRect textRect(QPoint(0, 0), m_size);
        QRect boxRect = textRect.adjusted(-mPadding.left(), -mPadding.top(), mPadding.right(), mPadding.bottom());
        const QPointF at = getTextDrawPoint(QPointF(0, 0), boxRect, mPositionAlignment);
        textRect.moveTopLeft(at.toPoint() + QPoint(mPadding.left(), mPadding.top()));
        boxRect.moveTopLeft(at.toPoint());
        const int clipPad = qCeil(mainPen().widthF());
        if (!transform.mapRect(boxRect.adjusted(-clipPad, -clipPad, clipPad, clipPad)).intersects(painter->transform().mapRect(clipRect())))
            return;
        painter->setTransform(transform);
        const QBrush brush = mainBrush();
        const QPen pen = mainPen();
        if ((brush.style() != Qt::NoBrush && brush.color().alpha() != 0) || (pen.style() != Qt::NoPen && pen.color().alpha() != 0)) {
            painter->setPen(pen);
            painter->setBrush(brush);
            painter->drawRect(boxRect);
        }
        painter->setBrush(Qt::NoBrush);
        painter->setPen(QPen(mainColor()));
        painter->setFont(font);
        painter->drawStaticText(textRect.topLeft(), m_static);
    }

private:
    void prepare(const QFont& font)
    {
        if (m_text == mText && m_font == font && m_alignment == mTextAlignment)
            return;
        m_text = mText;
        m_font = font;
        m_alignment = mTextAlignment;
        const QFontMetrics metrics(font);
        m_static.setTextFormat(Qt::PlainText);
        if (!mText.contains(QLatin1Char('\n'))) {
            // One line (most labels, every move of a drag): laid out once, by QStaticText.
            m_static.setTextWidth(-1);
            m_static.setTextOption(QTextOption());
            m_static.setText(mText);
            m_static.prepare(QTransform(), font);
            m_size = QSize(qCeil(m_static.size().width()), metrics.height());
            return;
        }
        // QStaticText breaks lines at U+2028 only; centred lines need the block's width.
        int width = 0;
        for (const QString& line : mText.split(QLatin1Char('\n')))
            width = std::max(width, metrics.horizontalAdvance(line));
        QString laidOut = mText;
        laidOut.replace(QLatin1Char('\n'), QChar::LineSeparator);
        m_static.setTextWidth(width + 1);
        m_static.setTextOption(QTextOption(mTextAlignment & Qt::AlignHorizontal_Mask));
        m_static.setText(laidOut);
        m_static.prepare(QTransform(), font);
        m_size = QSize(width, int(mText.count(QLatin1Char('\n')) + 1) * metrics.height());
    }

    QString m_text;
    QFont m_font;
    Qt::Alignment m_alignment;
    QStaticText m_static;
    QSize m_size;
};

/// The part of segment a–b inside `r` (Liang–Barsky); false when none of it is.
bool clipSegment(QPointF& a, QPointF& b, const QRectF& r)
{
    double t0 = 0, t1 = 1;
    const double dx = b.x() - a.x(), dy = b.y() - a.y();
    const double p[] = {-dx, dx, -dy, dy};
    const double q[] = {a.x() - r.left(), r.right() - a.x(), a.y() - r.top(), r.bottom() - a.y()};
    for (int i = 0; i < 4; ++i) {
        if (p[i] == 0) {
            if (q[i] < 0)
                return false;
            continue;
        }
        const double t = q[i] / p[i];
        if (p[i] < 0)
            t0 = std::max(t0, t);
        else
            t1 = std::min(t1, t);
        if (t0 > t1)
            return false;
    }
    const QPointF start = a;
    a = start + QPointF(dx, dy) * t0;
    b = start + QPointF(dx, dy) * t1;
    return true;
}

/// Qt's pattern brushes blend every pixel of the area; lines every few pixels cost a fraction,
/// and stay lines in SVG and PDF. Each line is cut to the rectangle (and the plot area) by hand:
/// QSvgGenerator writes no clip paths, so a painter clip would leave a parallelogram of lines
/// in the SVG (and on the clipboard).
class HatchedRect : public QCPItemRect
{
public:
    using QCPItemRect::QCPItemRect;

protected:
    void draw(QCPPainter* painter) override
    {
        const QRectF r = QRectF(topLeft->pixelPosition(), bottomRight->pixelPosition()).normalized().intersected(QRectF(clipRect()));
        if (r.isEmpty())
            return;
        painter->setPen(QPen(mainBrush().color(), 1));
        // Hatch spacing follows the type size, so the pattern looks the same at 720p and 4K.
        const double spacing = std::max(7.0, QFontMetricsF(parentPlot()->font()).height() * 0.45);
        for (double x = r.left() - r.height(); x < r.right(); x += spacing) {
            QPointF a(x, r.bottom()), b(x + r.height(), r.top());
            if (clipSegment(a, b, r))
                painter->drawLine(a, b);
        }
        painter->setPen(mainPen());
        painter->setBrush(Qt::NoBrush);
        painter->drawRect(r);
    }
};

} // namespace

namespace ChartItems {

QCPAbstractLegendItem* legendItem(QCPLegend* legend, QCPBars* bars)
{
    return new LegendItem(legend, bars);
}

QCPItemText* text(QCustomPlot* plot)
{
    return new Text(plot);
}

QCPItemRect* hatchedRect(QCustomPlot* plot)
{
    return new HatchedRect(plot);
}

} // namespace ChartItems
