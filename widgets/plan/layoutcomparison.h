#pragma once

#include <QWidget>

#include "core/estimate.h"
#include "widgets/displayformat.h"

class QLabel;
class QTableWidget;

/// Two layouts side by side: the fullest GPU's memory by category, the step by part, the MFU,
/// and what the second changes against the first.
class LayoutComparison : public QWidget
{
    Q_OBJECT

public:
    explicit LayoutComparison(QWidget* parent = nullptr);

    /// `a` and `b` are estimates of the two layouts (valid ones), named by `nameA`/`nameB`.
    void setLayouts(const core::Estimate& a, const QString& nameA, const core::Estimate& b, const QString& nameB);
    void clear();
    void setUnit(DisplayFormat::MemoryUnit unit);
    QTableWidget* table() const { return m_table; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void fill();

    QLabel* m_title = nullptr;
    QTableWidget* m_table = nullptr;
    core::Estimate m_a, m_b;
    QString m_nameA, m_nameB;
    bool m_has = false;
    DisplayFormat::MemoryUnit m_unit = DisplayFormat::MemoryUnit::GB;
};
