#pragma once

#include <QAbstractTableModel>
#include <memory>
#include <vector>

#include "core/plan/planner.h"
#include "widgets/displayformat.h"

/// The planner's ranked layouts as a table: one row per estimated layout in the result's order
/// (fitting first by the objective), sortable by every column through SortRole.
class PlanTableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { Rank, Layout, Fits, Peak, Headroom, Step, Mfu, Days, Cost, Pareto, WhySlower, ColumnCount };
    enum Role { SortRole = Qt::UserRole + 1, FitsRole, LayoutIndexRole };

    explicit PlanTableModel(QObject* parent = nullptr);

    /// A new search result (shared with the other plan views).
    void setResult(std::shared_ptr<const core::PlanResult> result);
    const core::PlanResult* result() const { return m_result.get(); }
    void setUnit(DisplayFormat::MemoryUnit unit);
    /// The PlanResult::layouts index of a row.
    int layoutIndex(int row) const;
    /// The row showing PlanResult::layouts[index], or −1.
    int rowOf(int layoutIndex) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// Re-reads the translated texts (after a language change).
    void retranslate();

private:
    std::shared_ptr<const core::PlanResult> m_result;
    std::vector<int> m_rows; ///< layouts that were estimated, in rank order
    DisplayFormat::MemoryUnit m_unit = DisplayFormat::MemoryUnit::GB;
};
