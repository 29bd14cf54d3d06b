#include "widgets/lab/bitlayoutview.h"

#include <QFontDatabase>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>
#include <algorithm>
#include <cmath>

using NumberFormatStyle::Field;

namespace {

QFont smallFont(const QFont& base)
{
    QFont f(base);
    f.setPointSizeF(std::max(6.5, base.pointSizeF() * 0.78));
    return f;
}

QFont boldFont(const QFont& base)
{
    QFont f(base);
    f.setBold(true);
    return f;
}

QFont monoFont(const QFont& base)
{
    QFont f = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    f.setPointSizeF(smallFont(base).pointSizeF());
    return f;
}

} // namespace

BitLayoutView::BitLayoutView(core::NumberFormat format, QWidget* parent)
    : QWidget(parent)
    , m_format(core::describe(format))
{
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    relayout();
    updateColors();
}

double BitLayoutView::value() const
{
    return core::decode(m_format, m_bits);
}

void BitLayoutView::setValue(double value)
{
    const core::Encoding e = core::encode(m_format, value);
    applyBits(e.bits, value, e.conversion, false);
}

void BitLayoutView::setBits(quint32 bits)
{
    bits &= core::patternMask(m_format);
    applyBits(bits, core::decode(m_format, bits), core::Conversion::Exact, false);
}

void BitLayoutView::flipBit(int index)
{
    if (index < 0 || index >= m_format.bits)
        return;
    const quint32 bits = m_bits ^ (1u << index);
    applyBits(bits, core::decode(m_format, bits), core::Conversion::Exact, true);
}

void BitLayoutView::applyBits(quint32 bits, double requested, core::Conversion conversion, bool byUser)
{
    const bool bitsChanged = bits != m_bits;
    const bool sameRequest = requested == m_requested || (std::isnan(requested) && std::isnan(m_requested));
    if (!bitsChanged && sameRequest && conversion == m_conversion)
        return;
    m_bits = bits;
    m_requested = requested;
    m_conversion = conversion;
    update();
    emit valueChanged(value());
    if (bitsChanged)
        emit this->bitsChanged(m_bits);
    if (byUser)
        emit bitsEdited(m_bits);
}

QRect BitLayoutView::bitRect(int index) const
{
    for (const Slot& s : m_geometry.boxes)
        if (s.bit == index && index >= 0)
            return s.rect;
    return {};
}

int BitLayoutView::bitAt(const QPoint& pos) const
{
    for (const Slot& s : m_geometry.boxes)
        if (s.bit >= 0 && s.rect.adjusted(-1, -1, 1, 1).contains(pos))
            return s.bit;
    return -1;
}

QSize BitLayoutView::sizeHint() const
{
    return {m_geometry.width, m_geometry.height};
}

QSize BitLayoutView::minimumSizeHint() const
{
    return {m_geometry.labelWidth + int(m_geometry.boxes.size()) * m_geometry.boxWidth, m_geometry.height};
}

void BitLayoutView::relayout()
{
    const QFontMetrics fm(font());
    const QFontMetrics sm(smallFont(font()));
    const QFontMetrics bm(boldFont(font()));
    const QFontMetrics mm(monoFont(font()));

    // Every row gets the same name column and box size so the sign bits line up down the lab.
    int label = mm.horizontalAdvance(QStringLiteral("0x00000")) + 4;
    for (core::NumberFormat f : core::kElementFormats)
        label = std::max(label, bm.horizontalAdvance(NumberFormatStyle::formatName(f)));
    label += fm.averageCharWidth() * 2;
    const int box = std::max(fm.horizontalAdvance(QLatin1Char('0')) + 8, sm.horizontalAdvance(QStringLiteral("31")) + 5);
    const int boxHeight = fm.height() + 5;
    const int gap = std::max(5, box / 3);
    const int pointGap = std::max(4, box / 4);

    auto& g = m_geometry;
    g.labelWidth = label;
    g.boxWidth = box;
    g.boxHeight = boxHeight;
    g.indexBaseline = 2 + sm.ascent();
    g.boxTop = 2 + sm.height() + 1;
    g.line1Baseline = g.boxTop + boxHeight + 4 + fm.ascent();
    g.line2Baseline = g.line1Baseline + fm.height() + 3;
    g.height = g.line2Baseline + fm.descent() + 6;

    g.boxes.clear();
    int x = label;
    auto add = [&](int bit, Field field, int gapAfter) {
        g.boxes.push_back({QRect(x, g.boxTop, box, boxHeight), bit, field});
        x += box + gapAfter;
    };
    const int n = m_format.bits;
    if (m_format.isInteger()) {
        if (m_format.kind == core::FormatKind::SignedInt) {
            add(n - 1, Field::Sign, gap);
            for (int b = n - 2; b >= 0; --b)
                add(b, Field::Integer, 0);
        } else {
            for (int b = n - 1; b >= 0; --b)
                add(b, Field::Integer, 0);
        }
    } else {
        const int m = m_format.mantissaBits;
        add(n - 1, Field::Sign, gap);
        for (int b = n - 2; b >= m; --b)
            add(b, Field::Exponent, b == m ? gap : 0);
        add(-1, Field::Implicit, pointGap);
        for (int b = m - 1; b >= 0; --b)
            add(b, Field::Mantissa, 0);
    }
    // Preferred width: the widest layout (FP32's 33 boxes) plus room for the text lines.
    g.width = label + 33 * box + 2 * gap + pointGap + box;
    updateGeometry();
    update();
}

void BitLayoutView::updateColors()
{
    const QPalette pal = palette();
    m_colors.dark = NumberFormatStyle::isDark(pal);
    m_colors.text = pal.color(QPalette::WindowText);
    m_colors.muted = pal.color(QPalette::PlaceholderText);
    m_colors.alert = NumberFormatStyle::alertColor(m_colors.dark);
    m_colors.good = NumberFormatStyle::goodColor(m_colors.dark);
    m_colors.highlight = pal.color(QPalette::Highlight);
    update();
}

void BitLayoutView::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const auto& g = m_geometry;
    const bool dark = m_colors.dark;
    const QFont small = smallFont(font());
    const QFontMetrics fm(font());

    // Name and hex pattern.
    p.setFont(boldFont(font()));
    p.setPen(m_colors.text);
    const QFontMetrics bm(p.font());
    p.drawText(0, g.boxTop + (g.boxHeight + bm.ascent() - bm.descent()) / 2, NumberFormatStyle::formatName(format()));
    p.setFont(monoFont(font()));
    p.setPen(m_colors.muted);
    const int hexDigits = (m_format.bits + 3) / 4;
    p.drawText(0, g.line1Baseline, QStringLiteral("0x") + QStringLiteral("%1").arg(m_bits, hexDigits, 16, QLatin1Char('0')).toUpper());

    // Bit indices.
    p.setFont(small);
    const QFontMetrics sm(small);
    for (const Slot& s : g.boxes) {
        if (s.bit < 0)
            continue;
        const QString index = QString::number(s.bit);
        p.setPen(s.bit == m_hoverBit ? m_colors.text : m_colors.muted);
        p.drawText(s.rect.center().x() - sm.horizontalAdvance(index) / 2 + 1, g.indexBaseline, index);
    }

    // Boxes.
    const core::FloatFields parts = core::fields(m_format, m_bits);
    const bool implicitOne = parts.exponent != 0;
    p.setFont(font());
    for (const Slot& s : g.boxes) {
        const QRectF r = QRectF(s.rect).adjusted(0.5, 0.5, -0.5, -0.5);
        const QColor stroke = NumberFormatStyle::fieldStroke(s.field, dark);
        bool set = false;
        if (s.field == Field::Implicit) {
            QColor ghost = stroke;
            ghost.setAlpha(150);
            p.setPen(QPen(ghost, 1, Qt::DashLine));
            p.setBrush(Qt::NoBrush);
            p.drawRoundedRect(r, 3, 3);
            p.setPen(ghost);
            p.drawText(s.rect, Qt::AlignCenter, implicitOne ? QStringLiteral("1") : QStringLiteral("0"));
            // The binary point between the implicit bit and the mantissa.
            p.setPen(Qt::NoPen);
            p.setBrush(m_colors.muted);
            const double dotX = s.rect.right() + (g.boxes.back().rect.left() - s.rect.right()) / 2.0;
            p.drawEllipse(QPointF(std::min(dotX, s.rect.right() + 3.5), s.rect.bottom() - 3.0), 1.4, 1.4);
            continue;
        }
        set = (m_bits >> s.bit) & 1u;
        p.setPen(QPen(stroke, 1));
        p.setBrush(NumberFormatStyle::fieldFill(s.field, set, dark));
        p.drawRoundedRect(r, 3, 3);
        if (s.bit == m_hoverBit) {
            p.setPen(QPen(m_colors.highlight, 2));
            p.setBrush(Qt::NoBrush);
            p.drawRoundedRect(r.adjusted(0.5, 0.5, -0.5, -0.5), 3, 3);
        }
        if (hasFocus() && s.bit == m_focusBit) {
            p.setPen(QPen(m_colors.text, 1, Qt::DotLine));
            p.setBrush(Qt::NoBrush);
            p.drawRoundedRect(r.adjusted(-2, -2, 2, 2), 4, 4);
        }
        p.setPen(set ? (dark ? QColor(0x12, 0x12, 0x12) : QColor(Qt::white)) : stroke);
        p.drawText(s.rect, Qt::AlignCenter, set ? QStringLiteral("1") : QStringLiteral("0"));
    }

    // Line 1: stored value, class, what happened to the requested value.
    const int left = g.labelWidth;
    int x = left;
    p.setFont(boldFont(font()));
    p.setPen(m_colors.text);
    const QString valueText = NumberFormatStyle::number(value());
    p.drawText(x, g.line1Baseline, valueText);
    x += QFontMetrics(p.font()).horizontalAdvance(valueText) + fm.averageCharWidth() * 2;

    const core::ValueClass cls = core::classify(m_format, m_bits);
    if (!m_format.isInteger()) {
        const QString name = NumberFormatStyle::className(cls);
        QColor pill = m_colors.muted;
        if (cls == core::ValueClass::Subnormal)
            pill = NumberFormatStyle::fieldStroke(Field::Integer, dark);
        else if (cls == core::ValueClass::Infinity || cls == core::ValueClass::NaN)
            pill = m_colors.alert;
        p.setFont(small);
        const QRect pillRect(x, g.line1Baseline - fm.ascent() + 1, sm.horizontalAdvance(name) + 12, fm.height() - 2);
        QColor fill = pill;
        fill.setAlpha(dark ? 60 : 34);
        p.setPen(QPen(pill, 1));
        p.setBrush(fill);
        p.drawRoundedRect(QRectF(pillRect).adjusted(0.5, 0.5, -0.5, -0.5), pillRect.height() / 2.0, pillRect.height() / 2.0);
        p.setPen(pill);
        p.drawText(pillRect, Qt::AlignCenter, name);
        x = pillRect.right() + fm.averageCharWidth() * 2;
    }
    drawRuns(p, x, g.line1Baseline, statusRuns(), width());

    // Line 2: the formula with the fields substituted, neighbours on the right.
    const QString neighbours = neighboursText();
    p.setFont(font());
    const int neighboursWidth = fm.horizontalAdvance(neighbours);
    const int formulaRight = drawRuns(p, left, g.line2Baseline, formulaRuns(), width() - neighboursWidth - 16);
    if (formulaRight + 16 + neighboursWidth <= width()) {
        p.setFont(font());
        p.setPen(m_colors.muted);
        p.drawText(width() - neighboursWidth - 2, g.line2Baseline, neighbours);
    }
}

QVector<BitLayoutView::Run> BitLayoutView::formulaRuns() const
{
    using NumberFormatStyle::fieldStroke;
    const bool dark = m_colors.dark;
    QVector<Run> runs;
    const QString minus = QString(QChar(0x2212));
    if (m_format.isInteger()) {
        // Two's complement: the top bit weighs −2^(n−1); sum the weights of the set bits.
        const int n = m_format.bits;
        bool first = true;
        for (int b = n - 1; b >= 0; --b) {
            if (!((m_bits >> b) & 1u))
                continue;
            const bool negative = b == n - 1 && m_format.kind == core::FormatKind::SignedInt;
            const QColor c = fieldStroke(negative ? Field::Sign : Field::Integer, dark);
            if (!first)
                runs.push_back({negative ? QStringLiteral(" − ") : QStringLiteral(" + "), false, {}});
            else if (negative)
                runs.push_back({minus, false, c});
            runs.push_back({QString::number(1 << b), false, c});
            first = false;
        }
        if (first)
            runs.push_back({QStringLiteral("0"), false, {}});
        runs.push_back({QStringLiteral(" = ") + NumberFormatStyle::number(value()), false, {}});
        return runs;
    }
    const core::FloatFields f = core::fields(m_format, m_bits);
    const core::ValueClass cls = core::classify(m_format, m_bits);
    const QColor sc = fieldStroke(Field::Sign, dark);
    const QColor ec = fieldStroke(Field::Exponent, dark);
    const QColor mc = fieldStroke(Field::Mantissa, dark);
    if (cls == core::ValueClass::Infinity) {
        runs.push_back({tr("exponent all ones, mantissa 0 → ±∞"), false, {}});
        return runs;
    }
    if (cls == core::ValueClass::NaN) {
        runs.push_back({m_format.specials == core::SpecialEncoding::NanOnly
                            ? tr("S.1111.111 is this format's only NaN (it has no infinity)")
                            : tr("exponent all ones, mantissa ≠ 0 → NaN"),
                        false, {}});
        return runs;
    }
    // (−1)^s × 2^(e−bias) × (1 + m/2^M); subnormals and zero: 2^(1−bias) × (0 + m/2^M).
    const bool normal = cls == core::ValueClass::Normal;
    runs.push_back({QStringLiteral("(") + minus + QStringLiteral("1)"), false, {}});
    runs.push_back({QString::number(f.sign), true, sc});
    runs.push_back({QStringLiteral(" × 2"), false, {}});
    runs.push_back({normal ? QString::number(f.exponent) : QStringLiteral("1"), true, normal ? ec : QColor()});
    runs.push_back({minus + QString::number(m_format.bias), true, {}});
    runs.push_back({normal ? QStringLiteral(" × (1 + ") : QStringLiteral(" × (0 + "), false, {}});
    runs.push_back({QString::number(f.mantissa), false, mc});
    runs.push_back({QStringLiteral(" / 2"), false, {}});
    runs.push_back({QString::number(m_format.mantissaBits), true, {}});
    runs.push_back({QStringLiteral(")"), false, {}});
    return runs;
}

QVector<BitLayoutView::Run> BitLayoutView::statusRuns() const
{
    using core::Conversion;
    QVector<Run> runs;
    const double stored = value();
    const int digits = NumberFormatStyle::distinguishingDigits(m_format);
    const core::FormatProperties props = core::properties(m_format.format);
    switch (m_conversion) {
    case Conversion::Exact:
        if (!std::isnan(stored))
            runs.push_back({tr("exact"), false, m_colors.good});
        break;
    case Conversion::Rounded: {
        const double error = stored - m_requested;
        runs.push_back({tr("rounded"), false, m_colors.text});
        //: %1 = absolute rounding error, %2 = relative error in percent
        runs.push_back({tr(" · error %1 (%2)")
                            .arg(NumberFormatStyle::signedNumber(error, 3), NumberFormatStyle::percent(error / m_requested)),
                        false, m_colors.muted});
        break;
    }
    case Conversion::Underflow:
        if (m_format.isInteger()) {
            runs.push_back({tr("rounds to 0"), false, m_colors.alert, true});
            break;
        }
        //: %1 = smallest positive value of the format
        runs.push_back({tr("flushes to zero: below half of the smallest value, %1")
                            .arg(NumberFormatStyle::number(props.minSubnormal, digits)),
                        false, m_colors.alert, true});
        break;
    case Conversion::Overflow: {
        const QString max = NumberFormatStyle::number(props.maxValue, 17);
        QString text;
        if (m_format.isInteger())
            //: integer clamping; %1 = the value stored
            text = tr("out of range: clamps to %1").arg(NumberFormatStyle::number(stored));
        else if (std::isinf(stored))
            //: %1 = +∞ or −∞, %2 = largest finite value
            text = tr("overflows to %1 (max %2)").arg(NumberFormatStyle::number(stored), max);
        else if (std::isnan(stored))
            //: %1 = largest finite value
            text = tr("overflows to NaN (max %1)").arg(max);
        else
            //: %1 = the largest finite value, with its sign
            text = tr("saturates at %1").arg(NumberFormatStyle::number(stored));
        runs.push_back({text, false, m_colors.alert, true});
        break;
    }
    case Conversion::Invalid:
        runs.push_back({tr("NaN has no pattern in this format"), false, m_colors.alert, true});
        break;
    }
    return runs;
}

QString BitLayoutView::neighboursText() const
{
    const int digits = NumberFormatStyle::distinguishingDigits(m_format);
    const auto down = core::nextDown(m_format, m_bits);
    const auto up = core::nextUp(m_format, m_bits);
    const QString none = QStringLiteral("—");
    //: neighbouring representable values: %1 = next below, %2 = next above
    return tr("↓ %1   ↑ %2")
        .arg(down ? NumberFormatStyle::number(core::decode(m_format, *down), digits) : none,
             up ? NumberFormatStyle::number(core::decode(m_format, *up), digits) : none);
}

int BitLayoutView::drawRuns(QPainter& p, int x, int baseline, const QVector<Run>& runs, int maxRight) const
{
    const QFont normal = font();
    const QFont sup = smallFont(font());
    const int raise = QFontMetrics(normal).ascent() * 2 / 5;
    for (const Run& r : runs) {
        QFont f = r.superscript ? sup : normal;
        f.setBold(r.bold);
        const QFontMetrics m(f);
        const int w = m.horizontalAdvance(r.text);
        if (x + w > maxRight) {
            p.setFont(f);
            p.setPen(r.color.isValid() ? r.color : m_colors.text);
            p.drawText(x, baseline, m.elidedText(r.text, Qt::ElideRight, std::max(0, maxRight - x)));
            return maxRight;
        }
        p.setFont(f);
        p.setPen(r.color.isValid() ? r.color : m_colors.text);
        p.drawText(x, r.superscript ? baseline - raise : baseline, r.text);
        x += w;
    }
    return x;
}

QString BitLayoutView::bitToolTip(int index) const
{
    const int n = m_format.bits;
    if (m_format.isInteger()) {
        if (index == n - 1 && m_format.kind == core::FormatKind::SignedInt)
            //: %1 = bit index, %2 = its (negative) weight
            return tr("Bit %1: the two's-complement sign bit, worth %2").arg(index).arg(-(1 << index));
        //: %1 = bit index, %2 = its weight
        return tr("Bit %1: worth %2").arg(index).arg(1 << index);
    }
    const int m = m_format.mantissaBits;
    if (index == n - 1)
        //: %1 = bit index
        return tr("Bit %1: sign — 0 positive, 1 negative").arg(index);
    if (index >= m)
        //: %1 = bit index, %2 = weight within the exponent field, %3 = exponent bias
        return tr("Bit %1: exponent bit worth %2 in e (bias %3)").arg(index).arg(1 << (index - m)).arg(m_format.bias);
    //: %1 = bit index, %2 = fraction this bit adds to the significand, e.g. 2⁻³
    return tr("Bit %1: mantissa bit worth %2 of the significand")
        .arg(index)
        .arg(NumberFormatStyle::powerOfTwo(index - m));
}

void BitLayoutView::mousePressEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton) {
        QWidget::mousePressEvent(event);
        return;
    }
    const int bit = bitAt(event->position().toPoint());
    if (bit >= 0) {
        m_focusBit = bit;
        flipBit(bit);
    }
}

void BitLayoutView::mouseMoveEvent(QMouseEvent* event)
{
    const int bit = bitAt(event->position().toPoint());
    if (bit != m_hoverBit) {
        m_hoverBit = bit;
        setCursor(bit >= 0 ? Qt::PointingHandCursor : Qt::ArrowCursor);
        update();
    }
    QWidget::mouseMoveEvent(event);
}

void BitLayoutView::leaveEvent(QEvent* event)
{
    m_hoverBit = -2;
    update();
    QWidget::leaveEvent(event);
}

void BitLayoutView::keyPressEvent(QKeyEvent* event)
{
    switch (event->key()) {
    case Qt::Key_Left:
        m_focusBit = std::min(m_format.bits - 1, m_focusBit + 1);
        update();
        return;
    case Qt::Key_Right:
        m_focusBit = std::max(0, m_focusBit - 1);
        update();
        return;
    case Qt::Key_Space:
        flipBit(m_focusBit);
        return;
    case Qt::Key_Up:
    case Qt::Key_Down: {
        const auto next = event->key() == Qt::Key_Up ? core::nextUp(m_format, m_bits) : core::nextDown(m_format, m_bits);
        if (next)
            applyBits(*next, core::decode(m_format, *next), core::Conversion::Exact, true);
        return;
    }
    default:
        QWidget::keyPressEvent(event);
    }
}

void BitLayoutView::changeEvent(QEvent* event)
{
    switch (event->type()) {
    case QEvent::PaletteChange:
        updateColors();
        break;
    case QEvent::FontChange:
    case QEvent::LanguageChange: // names are painted, and their widths set the name column
        relayout();
        break;
    default:
        break;
    }
    QWidget::changeEvent(event);
}

bool BitLayoutView::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QPoint pos = help->pos();
        QString text;
        if (const int bit = bitAt(pos); bit >= 0) {
            text = bitToolTip(bit);
        } else if (pos.x() < m_geometry.labelWidth) {
            text = NumberFormatStyle::formatDescription(format());
        } else {
            for (const Slot& s : m_geometry.boxes)
                if (s.bit < 0 && s.rect.contains(pos))
                    text = tr("The implicit leading bit: 1 for normal numbers, 0 for zero and subnormals. Not stored.");
        }
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(event);
}
