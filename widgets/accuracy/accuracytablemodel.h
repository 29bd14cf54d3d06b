#pragma once

#include <QAbstractTableModel>
#include <memory>
#include <vector>

#include "core/accuracy/report.h"

/// A corpus's rows as a table: what was measured, what ShardScope predicts, the error with the
/// shipped constants and held out (fitted without the row's source). Rows can be limited to a
/// regime and to those outside their tolerance; rows that are not judged stay listed with why.
class AccuracyTableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { Row, Measured, Predicted, Error, HeldOut, Source, Regimes, ColumnCount };
    enum Role { SortRole = Qt::UserRole + 1, OutsideRole, CorpusRowRole };

    explicit AccuracyTableModel(QObject* parent = nullptr);

    void setReport(std::shared_ptr<const core::CorpusReport> report);
    const core::CorpusReport* report() const { return m_report.get(); }
    /// Only rows of `regime` (−1: every row).
    void setRegime(int regime);
    /// Only judged rows whose held-out error is beyond their tolerance.
    void setOutsideOnly(bool outside);
    /// The corpus row shown on table row `row`.
    int corpusRow(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    void retranslate();

private:
    void refilterRows();
    bool outside(std::size_t corpusRow) const;

    std::shared_ptr<const core::CorpusReport> m_report;
    std::vector<int> m_rows;
    int m_regime = -1;
    bool m_outsideOnly = false;
};
