#pragma once

#include <QModelIndex>
#include <QSet>
#include <QVector>
#include <QWidget>

#include "core/components.h"
#include "core/working.h"

class QAbstractItemModel;
class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QTextBrowser;
class QTreeView;
class WorkingModel;

/// "Show the working": every number of the estimate with its formula, the values substituted
/// and its source, as a searchable tree, and the selected line in plain words underneath.
class WorkingPanel : public QWidget
{
    Q_OBJECT

public:
    explicit WorkingPanel(QWidget* parent = nullptr);

    void setWorking(const core::Working& working, const QStringList& groupLabels);
    /// Marks and reveals the lines behind a bar segment.
    void highlightComponent(int group, core::Component component);
    /// Marks and reveals the lines of some terms (a gauge's number and what it is made of).
    void highlightTerms(const QVector<core::Term>& terms, int group);
    /// The scenario is invalid: says so above the last valid working.
    void setStaleMessage(const QString& message);

    WorkingModel* model() const { return m_model; }
    QTreeView* view() const { return m_view; }
    /// The groups open now, by their place in the tree ("0/2/"): what a language switch keeps.
    QSet<QString> expandedGroups() const;
    void setExpandedGroups(const QSet<QString>& groups);

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void retranslateUi();
    void updateColors();
    void revealHighlight();
    void setViewModel(QAbstractItemModel* model);
    void setFilter(const QString& text);
    QModelIndex toSource(const QModelIndex& index) const;
    QModelIndex fromSource(const QModelIndex& index) const;
    void spanSections();
    /// Quantity and value columns as wide as their texts, the formula keeping room to be read.
    void fitColumns();
    int contentWidth(int column) const;
    void showDetails();

    WorkingModel* m_model = nullptr;
    QSortFilterProxyModel* m_proxy = nullptr;
    QLineEdit* m_filter = nullptr;
    QLabel* m_stale = nullptr;
    QTreeView* m_view = nullptr;
    QTextBrowser* m_details = nullptr;
};
