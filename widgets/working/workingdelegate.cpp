#include "widgets/working/workingdelegate.h"

#include <QApplication>
#include <QPainter>

#include "widgets/working/workingmodel.h"

namespace {

constexpr qsizetype kCacheLimit = 4096; // about twenty workings' worth of distinct cells

} // namespace

const QStaticText& WorkingDelegate::prepared(const QString& text, int width, const QFont& font, bool elide) const
{
    Key key{text, elide ? width : 0, font.bold()};
    auto it = m_cache.constFind(key);
    if (it != m_cache.constEnd())
        return *it;
    if (m_cache.size() > kCacheLimit)
        m_cache.clear();
    const QFontMetrics metrics(font);
    // Shortened in the middle ("Model-state … per GPU"): the start says what, the end where;
    // the whole text is the cell's tooltip.
    QStaticText s(elide && metrics.horizontalAdvance(text) > width ? metrics.elidedText(text, Qt::ElideMiddle, width) : text);
    s.setTextFormat(Qt::PlainText);
    s.prepare(QTransform(), font);
    return *m_cache.insert(key, s);
}

void WorkingDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QString text = opt.text;
    const QStyle* style = opt.widget ? opt.widget->style() : QApplication::style();
    const bool selected = opt.state & QStyle::State_Selected;
    const QPalette::ColorGroup group = opt.state & QStyle::State_Active ? QPalette::Active : QPalette::Inactive;
    // Background, selection and focus as the common style draws them for an item without
    // check box or icon, without its sub-element layout per cell.
    if (selected)
        painter->fillRect(opt.rect, opt.palette.brush(group, QPalette::Highlight));
    else if (opt.backgroundBrush.style() != Qt::NoBrush)
        painter->fillRect(opt.rect, opt.backgroundBrush);
    if (opt.state & QStyle::State_HasFocus) {
        QStyleOptionFocusRect focus;
        focus.QStyleOption::operator=(opt);
        focus.backgroundColor = opt.palette.color(group, selected ? QPalette::Highlight : QPalette::Window);
        style->drawPrimitive(QStyle::PE_FrameFocusRect, &focus, painter, opt.widget);
    }
    if (text.isEmpty())
        return;
    // A new font (a language with other glyphs, a zoom) makes every prepared text stale.
    QFont base = opt.font;
    base.setBold(false);
    if (base != m_font) {
        m_cache.clear();
        m_font = base;
    }
    const int margin = style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, opt.widget) + 1;
    const QRect area = opt.rect.adjusted(margin, 0, -margin, 0);
    const bool number = index.column() == WorkingModel::ValueColumn;
    const QStaticText& s = prepared(text, area.width(), opt.font, !number);
    const QSizeF size = s.size();
    const double x = number ? area.right() + 1 - size.width() : area.left();
    painter->save();
    painter->setFont(opt.font);
    painter->setPen(opt.palette.color(group, selected ? QPalette::HighlightedText : QPalette::Text));
    painter->setClipRect(opt.rect, Qt::IntersectClip);
    painter->drawStaticText(QPointF(x, area.top() + (area.height() - size.height()) / 2), s);
    painter->restore();
}
