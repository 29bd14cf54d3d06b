#pragma once

#include <QFont>
#include <QHash>
#include <QStaticText>
#include <QStyledItemDelegate>

/// Paints the working's lines with text laid out once: the style would shape (and elide) every
/// cell on every repaint, and a slider drag repaints every visible number, and every visible row
/// when lines come or go. Texts are kept as prepared QStaticText by text, width and weight;
/// numbers are right-aligned, the rest elided on the right.
class WorkingDelegate : public QStyledItemDelegate
{
    Q_OBJECT

public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;

private:
    struct Key
    {
        QString text;
        int width = 0;
        bool bold = false;
        bool operator==(const Key& other) const = default;
        friend size_t qHash(const Key& key, size_t seed = 0) { return qHashMulti(seed, key.text, key.width, key.bold); }
    };
    const QStaticText& prepared(const QString& text, int width, const QFont& font, bool elide) const;

    mutable QHash<Key, QStaticText> m_cache;
    mutable QFont m_font; ///< the view's font the cache was made for
};
