#pragma once

#include <QStyledItemDelegate>

/// Paints the working's numbers (the column that changes on every slider move) with one plain
/// drawText instead of the style's text layout and eliding: a drag repaints every visible value.
class WorkingDelegate : public QStyledItemDelegate
{
    Q_OBJECT

public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
};
