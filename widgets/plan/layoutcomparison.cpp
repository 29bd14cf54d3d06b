#include "widgets/plan/layoutcomparison.h"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

#include "widgets/charts/componentpalette.h"
#include "widgets/plan/plantext.h"

LayoutComparison::LayoutComparison(QWidget* parent)
    : QWidget(parent)
    , m_title(new QLabel(this))
    , m_table(new QTableWidget(this))
{
    m_title->setWordWrap(true);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->verticalHeader()->setVisible(false);
    // The names take the spare width; the numbers as wide as they are (the stretched "B − A"
    // column was ~900 px wide, its figures far from the others, issue 31).
    m_table->horizontalHeader()->setStretchLastSection(false);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_title);
    layout->addWidget(m_table, 1);
    fill();
}

void LayoutComparison::setLayouts(const core::Estimate& a, const QString& nameA, const core::Estimate& b, const QString& nameB)
{
    m_a = a;
    m_b = b;
    m_nameA = nameA;
    m_nameB = nameB;
    m_has = a.valid && b.valid;
    fill();
}

void LayoutComparison::clear()
{
    m_has = false;
    fill();
}

void LayoutComparison::setUnit(DisplayFormat::MemoryUnit unit)
{
    m_unit = unit;
    fill();
}

void LayoutComparison::fill()
{
    m_table->clear();
    m_table->setColumnCount(4);
    m_table->setHorizontalHeaderLabels({tr("Quantity"), tr("A"), tr("B"), tr("B − A")});
    if (!m_has) {
        m_title->setText(tr("Select two layouts in the table (Ctrl+click) to compare them."));
        m_table->setRowCount(0);
        return;
    }
    //: comparison title; %1 = first layout, %2 = second layout
    m_title->setText(tr("A: %1\nB: %2").arg(m_nameA, m_nameB));
    struct Row { QString name; double a, b; bool bytes; };
    std::vector<Row> rows;
    const core::RankGroup &fa = m_a.fullest(), &fb = m_b.fullest();
    for (std::size_t c = 0; c < core::kCategoryCount; ++c) {
        const double x = fa.categoryBytes(core::Category(c)), y = fb.categoryBytes(core::Category(c));
        if (x > 0 || y > 0)
            rows.push_back({ComponentPalette::categoryName(core::Category(c)), x, y, true});
    }
    rows.push_back({tr("Fullest GPU in all"), fa.totalBytes, fb.totalBytes, true});
    for (std::size_t i = 0; i < core::kStepPartCount; ++i) {
        const double x = m_a.compute.stepParts[i], y = m_b.compute.stepParts[i];
        if (x > 0 || y > 0)
            rows.push_back({PlanText::partName(core::StepPart(i)), x, y, false});
    }
    rows.push_back({tr("Step"), m_a.compute.modelStepSeconds, m_b.compute.modelStepSeconds, false});
    m_table->setRowCount(int(rows.size()));
    for (int r = 0; r < int(rows.size()); ++r) {
        const Row& row = rows[std::size_t(r)];
        auto show = [&](double v) { return row.bytes ? DisplayFormat::bytes(v, m_unit, 2) : DisplayFormat::duration(v); };
        const double d = row.b - row.a;
        const QString delta = d == 0 ? QStringLiteral("0") : (d > 0 ? QStringLiteral("+") : QStringLiteral("−")) + show(std::abs(d));
        const QString cells[] = {row.name, show(row.a), show(row.b), delta};
        for (int c = 0; c < 4; ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            if (c > 0)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_table->setItem(r, c, item);
        }
    }
    m_table->resizeColumnsToContents();
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
}

void LayoutComparison::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        fill();
    QWidget::changeEvent(event);
}
