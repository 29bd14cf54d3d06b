#include "widgets/lab/formattable.h"

#include <QEvent>
#include <QHeaderView>
#include <QKeyEvent>

#include "widgets/lab/numberformatstyle.h"

namespace {

QString bytesText(double bytes)
{
    return QString::number(bytes, 'g', 6);
}

} // namespace

FormatTable::FormatTable(QWidget* parent)
    : QTableWidget(int(core::kAllNumberFormats.size()), ColumnCount, parent)
{
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setSelectionMode(QAbstractItemView::SingleSelection);
    setAlternatingRowColors(true);
    setWordWrap(false);
    setShowGrid(false);
    verticalHeader()->setVisible(false);
    verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    horizontalHeader()->setHighlightSections(false);
    horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    horizontalHeader()->setStretchLastSection(true);
    setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Minimum);

    for (int row = 0; row < rowCount(); ++row) {
        for (int column = 0; column < ColumnCount; ++column) {
            auto* item = new QTableWidgetItem;
            item->setTextAlignment(column <= LayoutColumn ? Qt::AlignLeft | Qt::AlignVCenter : Qt::AlignRight | Qt::AlignVCenter);
            setItem(row, column, item);
        }
        const core::NumberFormat f = core::kAllNumberFormats[std::size_t(row)];
        item(row, FormatColumn)->setData(Qt::UserRole, int(f));
        QFont bold = font();
        bold.setBold(true);
        item(row, FormatColumn)->setFont(bold);
        if (core::describe(f).kind == core::FormatKind::BlockScaled)
            setSpan(row, MaxColumn, 1, DigitsColumn - MaxColumn + 1);
    }
    connect(this, &QTableWidget::cellDoubleClicked, this, [this](int row, int) {
        emit formatActivated(core::kAllNumberFormats[std::size_t(row)]);
    });
    connect(this, &QTableWidget::currentCellChanged, this, [this](int row, int, int previous, int) {
        if (row >= 0 && row != previous)
            emit currentFormatChanged(core::kAllNumberFormats[std::size_t(row)]);
    });
    retranslateUi();
    setCurrentFormat(core::NumberFormat::Bf16);
}

core::NumberFormat FormatTable::currentFormat() const
{
    const int row = std::max(0, currentRow());
    return core::kAllNumberFormats[std::size_t(row)];
}

void FormatTable::setCurrentFormat(core::NumberFormat format)
{
    setCurrentCell(rowOf(format), FormatColumn);
}

int FormatTable::rowOf(core::NumberFormat format) const
{
    for (std::size_t i = 0; i < core::kAllNumberFormats.size(); ++i)
        if (core::kAllNumberFormats[i] == format)
            return int(i);
    return -1;
}

QSize FormatTable::sizeHint() const
{
    int width = frameWidth() * 2;
    for (int c = 0; c < ColumnCount; ++c)
        width += horizontalHeader()->sectionSize(c);
    int height = frameWidth() * 2 + horizontalHeader()->sizeHint().height();
    for (int r = 0; r < rowCount(); ++r)
        height += rowHeight(r);
    return {width, height};
}

void FormatTable::retranslateUi()
{
    using NumberFormatStyle::number;
    setHorizontalHeaderLabels({tr("Format"), tr("Bits"), tr("Max"), tr("Min normal"), tr("Min subnormal"),
                               tr("Epsilon"), tr("Digits"), tr("Bytes")});
    horizontalHeaderItem(LayoutColumn)->setToolTip(tr("Sign · exponent · mantissa bits; block-scaled formats: element bits + scale bits / block size"));
    horizontalHeaderItem(MinSubnormalColumn)->setToolTip(tr("Smallest positive value; anything below half of it flushes to zero"));
    horizontalHeaderItem(EpsilonColumn)->setToolTip(tr("Machine epsilon: the gap between 1 and the next value, 2^−M"));
    horizontalHeaderItem(DigitsColumn)->setToolTip(tr("Significant decimal digits, (M + 1)·log₁₀2"));
    horizontalHeaderItem(BytesColumn)->setToolTip(tr("Bytes per value, block scales included: bytes per parameter when the weights use this format"));
    for (int row = 0; row < rowCount(); ++row) {
        const core::NumberFormat f = core::kAllNumberFormats[std::size_t(row)];
        const core::FormatDescription d = core::describe(f);
        const QString description = NumberFormatStyle::formatDescription(f);
        item(row, FormatColumn)->setText(NumberFormatStyle::formatName(f));
        item(row, LayoutColumn)->setText(NumberFormatStyle::layoutText(f));
        for (int c = 0; c < ColumnCount; ++c)
            item(row, c)->setToolTip(description);
        if (d.kind == core::FormatKind::BlockScaled) {
            //: block-scaled format row; %1 = element format, %2 = scale format, %3 = block size
            item(row, MaxColumn)->setText(tr("%1 values, one %2 scale per %3")
                                              .arg(NumberFormatStyle::formatName(d.element), d.scaleIsPowerOfTwo ? tr("E8M0") : tr("E4M3"))
                                              .arg(d.blockSize));
            item(row, MaxColumn)->setTextAlignment(Qt::AlignCenter);
        } else {
            const core::FormatProperties p = core::properties(f);
            item(row, MaxColumn)->setText(number(p.maxValue, 4));
            item(row, MinNormalColumn)->setText(d.isInteger() ? QStringLiteral("—") : number(p.minNormal, 3));
            item(row, MinSubnormalColumn)->setText(d.isInteger() ? number(1) : number(p.minSubnormal, 3));
            item(row, EpsilonColumn)->setText(number(p.epsilon, 3));
            item(row, DigitsColumn)->setText(QString::number(p.decimalDigits, 'f', 1));
        }
        item(row, BytesColumn)->setText(bytesText(d.bytesPerValue()));
    }
    updateGeometry();
}

void FormatTable::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QTableWidget::changeEvent(event);
}

void FormatTable::keyPressEvent(QKeyEvent* event)
{
    if ((event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) && currentRow() >= 0) {
        emit formatActivated(currentFormat());
        return;
    }
    QTableWidget::keyPressEvent(event);
}
