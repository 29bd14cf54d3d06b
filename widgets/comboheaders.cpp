#include "widgets/comboheaders.h"

#include <QComboBox>
#include <QStandardItemModel>

namespace {
constexpr int kHeaderRole = Qt::UserRole + 100; // beside the item data (Qt::UserRole) the pickers use
}

void addComboHeader(QComboBox* box, const QString& text)
{
    // QComboBox's own model is a QStandardItemModel; a header is one more row of it.
    auto* model = qobject_cast<QStandardItemModel*>(box->model());
    if (!model)
        return;
    auto* item = new QStandardItem(text);
    item->setFlags(Qt::NoItemFlags);
    QFont bold = box->font();
    bold.setBold(true);
    item->setFont(bold);
    item->setData(true, kHeaderRole);
    item->setForeground(box->palette().brush(QPalette::Active, QPalette::Text));
    model->appendRow(item);
}

bool isComboHeader(const QComboBox* box, int index)
{
    return box->itemData(index, kHeaderRole).toBool();
}

void colourComboHeaders(QComboBox* box, const QPalette& palette)
{
    auto* model = qobject_cast<QStandardItemModel*>(box->model());
    if (!model)
        return;
    const QBrush text = palette.brush(QPalette::Active, QPalette::Text);
    for (int row = 0; row < model->rowCount(); ++row)
        if (isComboHeader(box, row))
            model->item(row)->setForeground(text);
}
