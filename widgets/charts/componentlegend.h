#pragma once

#include <QVector>
#include <QWidget>

#include "core/components.h"

/// The memory charts' colours named once, in rows across the width: a slide with two or three
/// charts side by side or stacked puts one of these under them instead of a legend in every
/// chart (which would take each chart's width). Colours and names come from ComponentPalette,
/// as the bars' do; the order is the caller's (the charts' stack, top first).
class ComponentLegend : public QWidget
{
    Q_OBJECT

public:
    explicit ComponentLegend(QWidget* parent = nullptr);

    void setComponents(const QVector<core::Component>& components);
    /// One column (a legend beside the charts) instead of as many as the width holds.
    void setSingleColumn(bool single);
    const QVector<core::Component>& components() const { return m_components; }

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    int cellWidth() const;
    int columnsFor(int width) const;

    QVector<core::Component> m_components;
    bool m_singleColumn = false;
};
