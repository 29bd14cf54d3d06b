#pragma once

#include <QTableWidget>

#include "core/numerics/numberformat.h"

/// Ranges, precision and memory of every format, one row each (block-scaled formats included
/// with their effective bits per value). Double-click or Enter on a row activates its format.
class FormatTable : public QTableWidget
{
    Q_OBJECT

public:
    enum Column { FormatColumn, LayoutColumn, MaxColumn, MinNormalColumn, MinSubnormalColumn, EpsilonColumn,
                  DigitsColumn, BytesColumn, ColumnCount };

    explicit FormatTable(QWidget* parent = nullptr);

    core::NumberFormat currentFormat() const;
    void setCurrentFormat(core::NumberFormat format);
    int rowOf(core::NumberFormat format) const;

    QSize sizeHint() const override;

signals:
    void formatActivated(core::NumberFormat format);
    void currentFormatChanged(core::NumberFormat format);

protected:
    void changeEvent(QEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    void retranslateUi();
};
