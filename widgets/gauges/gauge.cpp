#include "widgets/gauges/gauge.h"

#include <QKeyEvent>
#include <QPaintEngine>
#include <QPainter>
#include <QPropertyAnimation>
#include <QRegularExpression>
#include <QTextLayout>
#include <cmath>

namespace {

constexpr double kStartDegrees = 210; // the arc runs clockwise from 7 o'clock to 5 o'clock
constexpr double kSweepDegrees = 240;

} // namespace

Gauge::Gauge(QWidget* parent)
    : QWidget(parent)
    , m_animation(new QPropertyAnimation(this, "value", this))
{
    m_animation->setDuration(280);
    m_animation->setEasingCurve(QEasingCurve::OutCubic);
    setFocusPolicy(Qt::TabFocus);
    setCursor(Qt::PointingHandCursor);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);
}

Gauge::~Gauge() = default;

void Gauge::setRange(double minimum, double maximum, Scale scale)
{
    m_minimum = minimum;
    m_maximum = maximum;
    m_scale = scale;
    invalidateCache();
}

void Gauge::setZones(const QVector<Zone>& zones)
{
    m_zones = zones;
    invalidateCache();
}

void Gauge::setTitle(const QString& title)
{
    if (m_title == title)
        return;
    m_title = title;
    setAccessibleName(title);
    invalidateCache();
}

void Gauge::setValueText(const QString& text)
{
    if (m_valueText == text)
        return;
    m_valueText = text;
    setAccessibleDescription(text);
    update();
}

void Gauge::setBand(double low, double high)
{
    if (!(std::isfinite(low) && std::isfinite(high) && low < high))
        low = high = 0;
    if (low == m_bandLow && high == m_bandHigh)
        return;
    m_bandLow = low;
    m_bandHigh = high;
    update();
}

void Gauge::setCaption(const QString& caption)
{
    if (m_caption == caption)
        return;
    const bool layoutChanges = m_caption.isEmpty() != caption.isEmpty(); // the arc makes room for it
    m_caption = caption;
    if (layoutChanges)
        invalidateCache();
    else
        update();
}

void Gauge::setValue(double value)
{
    if (m_value == value)
        return;
    m_value = value;
    emit valueChanged(value);
    update();
}

void Gauge::animateTo(double target)
{
    m_target = target;
    if (!m_animated || !isVisible()) {
        m_animation->stop();
        setValue(target);
        return;
    }
    if (m_animation->state() == QAbstractAnimation::Running && m_animation->endValue().toDouble() == target)
        return;
    // Restarting from where the arc is keeps a drag smooth: the arc chases the slider.
    m_animation->stop();
    m_animation->setStartValue(m_value);
    m_animation->setEndValue(target);
    m_animation->start();
}

void Gauge::setStale(bool stale)
{
    if (m_stale == stale)
        return;
    m_stale = stale;
    update(); // the cached track is drawn faded (paintEvent's opacity): it stays valid
}

void Gauge::setSelected(bool selected)
{
    if (m_selected == selected)
        return;
    m_selected = selected;
    update();
}

ComponentPalette::Level Gauge::levelAt(double value) const
{
    for (const Zone& z : m_zones)
        if (value >= z.from && value < z.to)
            return z.level;
    if (!m_zones.isEmpty()) {
        if (value < m_zones.front().from)
            return m_zones.front().level;
        if (value >= m_zones.back().to)
            return m_zones.back().level;
    }
    return ComponentPalette::Level::Neutral;
}

double Gauge::fraction(double value) const
{
    double f = 0;
    if (m_scale == Scale::Log) {
        const double lo = std::log10(std::max(m_minimum, 1e-300));
        const double hi = std::log10(std::max(m_maximum, 1e-300));
        f = value > 0 ? (std::log10(value) - lo) / (hi - lo) : 0;
    } else {
        f = (value - m_minimum) / (m_maximum - m_minimum);
    }
    return std::isfinite(f) ? std::clamp(f, 0.0, 1.0) : 0;
}

QSize Gauge::sizeHint() const
{
    const int em = fontMetrics().height();
    return QSize(em * 10, em * 8);
}

QSize Gauge::minimumSizeHint() const
{
    const int em = fontMetrics().height();
    return QSize(em * 7, em * 6);
}

Gauge::Geometry Gauge::geometry() const
{
    Geometry g;
    g.area = QRectF(rect()).adjusted(4, 4, -4, -4);
    g.titleFont = font();
    g.titleFont.setPointSizeF(font().pointSizeF() * 0.92);
    g.titleHeight = QFontMetricsF(g.titleFont).height() + 2;
    g.captionFont = font();
    g.captionFont.setPointSizeF(font().pointSizeF() * 0.85);
    // A caption wider than the dial goes on two lines rather than being cut ("free of 80 GiB
    // (85.9…", issue 31).
    const QFontMetricsF captionMetrics(g.captionFont);
    g.captionLines = m_caption.isEmpty() ? 0 : captionMetrics.horizontalAdvance(m_caption) > g.area.width() ? 2 : 1;
    g.captionHeight = g.captionLines * captionMetrics.height();
    // The arc spans 240°: from its top (centre − R) to the ends of its open lower part
    // (centre + R/2), so it takes 1.5 R between the title and the caption line.
    // The needle's tip passes the arc's outer edge by about 0.06 R (0.2 of the arc's thickness
    // plus its round cap): that much room is kept above the arc and beside it, so the needle
    // never crosses the title.
    constexpr double kOvershoot = 0.06;
    const double available = g.area.height() - g.titleHeight - g.captionHeight;
    g.outer = std::max(10.0, std::min(available / (1.5 + kOvershoot), g.area.width() / 2 / (1 + kOvershoot)));
    g.thickness = std::max(6.0, g.outer * 0.17);
    const double radius = g.outer - g.thickness / 2;
    g.centre = QPointF(g.area.center().x(),
                       g.area.top() + g.titleHeight + kOvershoot * g.outer + (available - (1.5 + kOvershoot) * g.outer) / 2 + g.outer);
    g.circle = QRectF(g.centre.x() - radius, g.centre.y() - radius, 2 * radius, 2 * radius);
    return g;
}

void Gauge::drawArc(QPainter& p, const QRectF& circle, double from, double to, const QColor& color, double width)
{
    if (to <= from)
        return;
    p.setPen(QPen(color, width, Qt::SolidLine, Qt::FlatCap));
    const double start = kStartDegrees - from * kSweepDegrees;
    const double span = -(to - from) * kSweepDegrees;
    p.drawArc(circle, int(start * 16), int(span * 16));
}

void Gauge::invalidateCache()
{
    m_cacheValid = false;
    update();
}

void Gauge::renderCache(const Geometry& g)
{
    // Track, zones and title change only with the size, palette or range: an animation frame
    // is this pixmap, two strokes and two prepared texts.
    const qreal dpr = devicePixelRatioF();
    if (m_cache.size() != size() * dpr)
        m_cache = QPixmap(size() * dpr);
    m_cache.setDevicePixelRatio(dpr);
    m_cache.fill(Qt::transparent);
    QPainter p(&m_cache);
    p.setRenderHint(QPainter::Antialiasing);
    drawStatic(p, g);
    m_cacheValid = true;
}

void Gauge::drawStatic(QPainter& p, const Geometry& g) const
{
    const QPalette pal = palette();
    const bool dark = ComponentPalette::isDark(pal);

    QColor track = pal.color(QPalette::Mid);
    track.setAlphaF(0.35f);
    drawArc(p, g.circle, 0, 1, track, g.thickness);
    for (const Zone& z : std::as_const(m_zones)) {
        QColor c = ComponentPalette::levelColor(z.level, dark);
        c.setAlphaF(dark ? 0.35f : 0.28f);
        drawArc(p, g.circle, fraction(z.from), fraction(z.to), c, g.thickness);
    }

    p.setPen(pal.color(QPalette::WindowText));
    p.setFont(g.titleFont);
    p.drawText(QRectF(g.area.left(), g.area.top(), g.area.width(), g.titleHeight), Qt::AlignHCenter | Qt::AlignTop,
               QFontMetricsF(g.titleFont).elidedText(m_title, Qt::ElideRight, g.area.width()));
}

void Gauge::drawTexts(QPainter& p, const Geometry& g)
{
    // Value in the middle, caption under the arc's ends; laid out once per text (QStaticText),
    // not once per animation frame.
    const QPalette pal = palette();
    QFont valueFont = font();
    valueFont.setBold(true);
    valueFont.setPointSizeF(std::clamp(g.outer * 0.16, font().pointSizeF(), font().pointSizeF() * 1.8));
    // The value stays inside the circle the needle's inner end sweeps, so the needle never
    // crosses it (at low readings it stood left of "44.2" as a minus sign, issue 31); a long
    // value ("4.26 hours") is set smaller, down to the caption's size, before it is shortened.
    const double inner = g.circle.width() / 2 - g.thickness * 0.9 - std::max(2.0, g.thickness * 0.28) / 2 - 1;
    const double halfHeight = QFontMetricsF(valueFont).height() / 2;
    const double valueWidth = std::min(g.area.width(), 2 * std::sqrt(std::max(0.0, inner * inner - halfHeight * halfHeight)));
    const double natural = QFontMetricsF(valueFont).horizontalAdvance(m_valueText);
    if (natural > valueWidth && natural > 0)
        valueFont.setPointSizeF(std::max(font().pointSizeF() * 0.85, valueFont.pointSizeF() * valueWidth / natural * 0.98));
    const QFontMetricsF valueMetrics(valueFont);
    QString value = valueMetrics.elidedText(m_valueText, Qt::ElideRight, valueWidth);
    // Still too wide at the caption's size ("3.09 hours", "54.4 min" in a 1280 × 720 window's
    // small dials read "3.09 ho…"): the number over its unit, each line inside the circle's
    // chord at its height, before anything is shortened.
    double lineWidth = 0;
    if (value != m_valueText && m_valueText.contains(QLatin1Char(' '))) {
        const qsizetype cut = m_valueText.indexOf(QLatin1Char(' '));
        const double h = valueMetrics.height();
        const double chord = std::min(g.area.width(), 2 * std::sqrt(std::max(0.0, inner * inner - h * h))) - 2; // the line box rounds up
        const QString number = valueMetrics.elidedText(m_valueText.left(cut), Qt::ElideRight, chord);
        const QString unit = valueMetrics.elidedText(m_valueText.mid(cut + 1), Qt::ElideRight, chord);
        value = number + QChar(QChar::LineSeparator) + unit;
        lineWidth = std::max(valueMetrics.horizontalAdvance(number), valueMetrics.horizontalAdvance(unit));
    }
    if (m_valueStatic.text() != value || m_valueFont != valueFont) {
        m_valueStatic.setText(value);
        m_valueStatic.setTextFormat(Qt::PlainText);
        // Two lines centred on each other (a line box as wide as the wider line).
        QTextOption option(Qt::AlignHCenter);
        m_valueStatic.setTextOption(option);
        m_valueStatic.setTextWidth(lineWidth > 0 ? std::ceil(lineWidth) + 1 : -1);
        m_valueStatic.prepare(QTransform(), valueFont);
        m_valueFont = valueFont;
    }
    p.setFont(valueFont);
    p.setPen(m_stale ? pal.color(QPalette::PlaceholderText) : pal.color(QPalette::WindowText));
    const QSizeF valueSize = m_valueStatic.size();
    p.drawStaticText(QPointF(g.centre.x() - valueSize.width() / 2, g.centre.y() - valueSize.height() / 2), m_valueStatic);

    if (m_caption.isEmpty())
        return;
    const QString caption = captionText(g);
    if (m_captionStatic.text() != caption || m_captionFont != g.captionFont) {
        m_captionStatic.setText(caption);
        m_captionStatic.setTextFormat(Qt::PlainText);
        m_captionStatic.prepare(QTransform(), g.captionFont);
        m_captionFont = g.captionFont;
    }
    p.setFont(g.captionFont);
    QColor muted = pal.color(QPalette::WindowText);
    muted.setAlphaF(0.7f);
    p.setPen(muted);
    p.drawStaticText(QPointF(g.centre.x() - m_captionStatic.size().width() / 2, g.centre.y() + g.outer / 2), m_captionStatic);
}

QString Gauge::captionText(const Geometry& g) const
{
    CaptionLayout& c = m_captionLayout;
    if (c.caption != m_caption || c.width != g.area.width() || c.lines != g.captionLines || c.font != g.captionFont) {
        c.caption = m_caption;
        c.width = g.area.width();
        c.lines = g.captionLines;
        c.font = g.captionFont;
        c.text = layOutCaption(g);
    }
    return c.text;
}

QString Gauge::layOutCaption(const Geometry& g) const
{
    const QFontMetricsF metrics(g.captionFont);
    const double width = g.area.width();
    if (g.captionLines < 2 || metrics.horizontalAdvance(m_caption) <= width)
        return metrics.elidedText(m_caption, Qt::ElideRight, width);
    // Two lines, broken where the script allows (QTextLayout: at spaces in English, between
    // characters in Chinese); a number keeps its unit ("80 GiB" joined by a no-break space).
    QString text = m_caption;
    static const QRegularExpression numberAndUnit(QStringLiteral("(\\d) (GB|GiB|TB|s|%)"));
    text.replace(numberAndUnit, QStringLiteral("\\1\u00a0\\2"));
    QTextLayout layout(text, g.captionFont);
    layout.beginLayout();
    QStringList lines;
    for (QTextLine line = layout.createLine(); line.isValid() && lines.size() < 2; line = layout.createLine()) {
        line.setLineWidth(width);
        lines << text.mid(line.textStart(), lines.size() == 0 ? line.textLength() : -1).trimmed();
    }
    layout.endLayout();
    if (lines.size() < 2)
        return metrics.elidedText(m_caption, Qt::ElideRight, width);
    return lines[0] + QChar(QChar::LineSeparator) + metrics.elidedText(lines[1], Qt::ElideRight, width);
}

QString Gauge::shownCaption() const
{
    return m_caption.isEmpty() ? QString() : captionText(geometry());
}

QRectF Gauge::valueRect() const
{
    const Geometry g = geometry();
    // As drawTexts sets it: the prepared text's size around the centre.
    const QSizeF size = m_valueStatic.size();
    return QRectF(g.centre.x() - size.width() / 2, g.centre.y() - size.height() / 2, size.width(), size.height());
}

double Gauge::needleInnerRadius() const
{
    const Geometry g = geometry();
    return g.circle.width() / 2 - g.thickness * 0.9 - std::max(2.0, g.thickness * 0.28) / 2;
}

void Gauge::paintEvent(QPaintEvent*)
{
    const Geometry g = geometry();
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QPalette pal = palette();
    if (m_stale)
        p.setOpacity(0.45);
    // An export (SVG, PDF, an image at another scale) paints through a shared painter: draw
    // the static parts directly there, as vectors or at its resolution, not as the pixmap.
    const QPaintDevice* target = p.paintEngine() ? p.paintEngine()->paintDevice() : nullptr;
    if (p.paintEngine() && p.paintEngine()->type() == QPaintEngine::Raster && target && target->devicePixelRatio() == devicePixelRatioF()) {
        if (!m_cacheValid || m_cache.size() != size() * devicePixelRatioF())
            renderCache(g);
        p.drawPixmap(0, 0, m_cache);
    } else {
        drawStatic(p, g);
    }

    // The band: a thin arc just inside the track, where eight in ten similar public runs
    // measured (its ends ticked, so a narrow band still reads as a range, not a dot).
    if (hasBand()) {
        const double from = fraction(m_bandLow), to = fraction(m_bandHigh);
        const double inner = g.circle.width() / 2 - g.thickness * 0.5 - std::max(2.0, g.thickness * 0.18);
        const QRectF bandCircle(g.circle.center().x() - inner, g.circle.center().y() - inner, 2 * inner, 2 * inner);
        QColor ink = pal.color(QPalette::WindowText);
        ink.setAlphaF(0.7f);
        const double width = std::max(1.5, g.thickness * 0.14);
        drawArc(p, bandCircle, from, std::max(to, from + 0.004), ink, width);
        p.setPen(QPen(ink, width, Qt::SolidLine, Qt::FlatCap));
        for (const double end : {from, to}) {
            const double a = (kStartDegrees - end * kSweepDegrees) * M_PI / 180.0;
            const QPointF c = g.circle.center();
            const double r0 = inner - g.thickness * 0.22, r1 = inner + g.thickness * 0.12;
            p.drawLine(QPointF(c.x() + r0 * std::cos(a), c.y() - r0 * std::sin(a)), QPointF(c.x() + r1 * std::cos(a), c.y() - r1 * std::sin(a)));
        }
    }

    // The value: a filled arc in the colour of the zone the target lies in, and a needle tip.
    const double f = fraction(m_value);
    drawArc(p, g.circle, 0, f, ComponentPalette::levelColor(levelAt(m_target), ComponentPalette::isDark(pal)), g.thickness * 0.62);
    const double angle = (kStartDegrees - f * kSweepDegrees) * M_PI / 180.0;
    const QPointF c = g.circle.center();
    const double r = g.circle.width() / 2;
    const QPointF from(c.x() + (r - g.thickness * 0.9) * std::cos(angle), c.y() - (r - g.thickness * 0.9) * std::sin(angle));
    const QPointF to(c.x() + (r + g.thickness * 0.7) * std::cos(angle), c.y() - (r + g.thickness * 0.7) * std::sin(angle));
    p.setPen(QPen(pal.color(QPalette::WindowText), std::max(2.0, g.thickness * 0.28), Qt::SolidLine, Qt::RoundCap));
    p.drawLine(from, to);

    drawTexts(p, g);

    if (m_selected || hasFocus()) {
        p.setOpacity(1);
        p.setPen(QPen(pal.color(QPalette::Highlight), m_selected ? 2 : 1, m_selected ? Qt::SolidLine : Qt::DotLine));
        p.setBrush(Qt::NoBrush);
        p.drawRoundedRect(QRectF(rect()).adjusted(1, 1, -1, -1), 6, 6);
    }
}

void Gauge::mousePressEvent(QMouseEvent* event)
{
    if (event->button() == Qt::LeftButton)
        emit activated();
    QWidget::mousePressEvent(event);
}

void Gauge::keyPressEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Space || event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) {
        emit activated();
        return;
    }
    QWidget::keyPressEvent(event);
}

void Gauge::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange)
        invalidateCache();
    QWidget::changeEvent(event);
}
