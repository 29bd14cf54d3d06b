#include "widgets/plan/plantablemodel.h"

#include <QLocale>

#include "widgets/plan/plantext.h"

PlanTableModel::PlanTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void PlanTableModel::setResult(std::shared_ptr<const core::PlanResult> result)
{
    beginResetModel();
    m_result = std::move(result);
    m_rows.clear();
    if (m_result)
        for (std::size_t i = 0; i < m_result->layouts.size(); ++i)
            if (!m_result->layouts[i].pruned) // pruned layouts have no estimate: the counts and the grid show them
                m_rows.push_back(int(i));
    endResetModel();
}

void PlanTableModel::setUnit(DisplayFormat::MemoryUnit unit)
{
    if (m_unit == unit)
        return;
    m_unit = unit;
    if (!m_rows.empty())
        emit dataChanged(index(0, Peak), index(rowCount() - 1, Headroom));
}

int PlanTableModel::layoutIndex(int row) const
{
    return row >= 0 && row < int(m_rows.size()) ? m_rows[std::size_t(row)] : -1;
}

int PlanTableModel::rowOf(int layoutIndex) const
{
    for (std::size_t r = 0; r < m_rows.size(); ++r)
        if (m_rows[r] == layoutIndex)
            return int(r);
    return -1;
}

int PlanTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int PlanTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant PlanTableModel::data(const QModelIndex& index, int role) const
{
    if (!m_result || !index.isValid() || index.row() >= int(m_rows.size()))
        return {};
    const int layout = m_rows[std::size_t(index.row())];
    const core::PlanCandidate& c = m_result->layouts[std::size_t(layout)];
    const bool timed = c.fits; // layouts that do not fit are not timed
    const QLocale locale;
    if (role == FitsRole)
        return c.fits;
    if (role == LayoutIndexRole)
        return layout;
    if (role == SortRole) {
        switch (Column(index.column())) {
        case Rank: return index.row();
        case Layout: return PlanText::layout(c);
        case Fits: return c.fits ? 1 : 0;
        case Peak: return c.peakBytes;
        case Headroom: return c.headroomBytes();
        case Step: return timed ? c.stepSeconds : 1e300;
        case Mfu: return timed ? c.mfu : -1.0;
        case Days: return timed ? c.trainingSeconds : 1e300;
        case Cost: return timed ? c.cost : 1e300;
        case Pareto: return c.pareto ? 1 : 0;
        case WhySlower: return index.row();
        case ColumnCount: break;
        }
        return {};
    }
    if (role == Qt::TextAlignmentRole)
        return index.column() == Layout || index.column() == WhySlower ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                                                         : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && index.column() == WhySlower && timed && m_result->best() >= 0 && layout != 0)
        return PlanText::slower(core::slowerThan(c, m_result->layouts.front(), 6));
    if (role == Qt::ToolTipRole && index.column() == Layout) // the column is narrower than its longest layouts
        return PlanText::layout(c);
    if (role != Qt::DisplayRole)
        return {};
    switch (Column(index.column())) {
    case Rank: return index.row() + 1;
    case Layout: return PlanText::layout(c);
    case Fits: return c.fits ? tr("yes") : tr("no");
    case Peak: return DisplayFormat::bytes(c.peakBytes, m_unit, 1);
    case Headroom: return DisplayFormat::bytes(c.headroomBytes(), m_unit, 1);
    case Step: return timed ? locale.toString(c.stepSeconds, 'f', c.stepSeconds < 10 ? 3 : 1) : QString();
    case Mfu: return timed ? DisplayFormat::percent(c.mfu, 1) : QString();
    case Days: return timed ? DisplayFormat::days(c.trainingSeconds / 86400) : QString();
    case Cost: return timed ? DisplayFormat::money(c.cost) : QString();
    case Pareto: return c.pareto ? QStringLiteral("◆") : QString();
    case WhySlower:
        if (!timed || m_result->best() < 0 || layout == 0)
            return QString();
        return PlanText::slower(core::slowerThan(c, m_result->layouts.front()));
    case ColumnCount: break;
    }
    return {};
}

QVariant PlanTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole) {
        switch (Column(section)) {
        case Peak: return tr("Memory of the fullest GPU");
        case Headroom: return tr("Capacity left on the fullest GPU");
        case Step: return tr("One optimizer step, from the step-time model");
        case Pareto: return tr("On the Pareto front: no other fitting layout is faster, lighter and cheaper at once");
        case WhySlower: return tr("Where this layout spends more time than the best one, as a share of the best one's step");
        default: return {};
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (Column(section)) {
    case Rank: return tr("#");
    case Layout: return tr("Layout");
    case Fits: return tr("Fits");
    case Peak: return tr("Peak");
    case Headroom: return tr("Headroom");
    case Step: return tr("Step (s)");
    case Mfu: return tr("MFU");
    case Days: return tr("Training");
    case Cost: return tr("Cost");
    case Pareto: return tr("Pareto");
    case WhySlower: return tr("Why slower than #1");
    case ColumnCount: break;
    }
    return {};
}

void PlanTableModel::retranslate()
{
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (!m_rows.empty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}
