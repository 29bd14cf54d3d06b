#pragma once

#include <QWidget>
#include <array>
#include <memory>

#include "core/accuracy/report.h"

class AccuracyTableModel;
class QComboBox;
class QCheckBox;
class QLabel;
class QSortFilterProxyModel;
class QTableView;
class QTableWidget;
class QTextBrowser;

/// How far to trust ShardScope (Help ▸ Accuracy): for step time, memory and serving, the public
/// measurements it is judged on, each predicted with the constants fitted without its source;
/// the summary by regime, every row with its quote and source, filterable by regime.
class AccuracyView : public QWidget
{
    Q_OBJECT

public:
    explicit AccuracyView(QWidget* parent = nullptr);

    /// The evaluated corpora, by core::CorpusKind.
    void setReports(std::array<std::shared_ptr<const core::CorpusReport>, core::kCorpusKindCount> reports);
    /// Shows the corpus of `kind`.
    void showCorpus(core::CorpusKind kind);
    core::CorpusKind corpus() const;
    AccuracyTableModel* model() const { return m_model; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();
    void corpusChosen();
    void regimeChosen();
    void rowChosen();
    void fillSummary();

    std::array<std::shared_ptr<const core::CorpusReport>, core::kCorpusKindCount> m_reports;
    QComboBox* m_corpus;
    QComboBox* m_regime;
    QCheckBox* m_outside;
    QLabel* m_headline;
    QTableWidget* m_summary;
    QTableView* m_table;
    QTextBrowser* m_detail;
    AccuracyTableModel* m_model;
    QSortFilterProxyModel* m_proxy;
};
