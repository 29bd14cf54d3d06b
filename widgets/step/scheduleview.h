#pragma once

#include <QHash>
#include <QPixmap>
#include <QStringList>
#include <vector>

#include "widgets/step/steptimelinewidget.h"

/// The pipeline schedule as a Gantt chart: one row per pipeline stage, each forward, recompute
/// and backward block of a micro-batch (and model chunk, interleaved) where the step-time model
/// puts it, waiting shaded as the bubble, the point-to-point sends between stages drawn as
/// lines, the gradient reduction and the optimizer step at the end. The title gives the bubble
/// read off the drawn blocks beside the formula's.
class ScheduleView : public StepTimelineWidget
{
    Q_OBJECT

public:
    explicit ScheduleView(QWidget* parent = nullptr);

    /// The schedule's formula bubble: (p − 1)/(v·m + p − 1) (Narayanan et al. 2021), for ZB-H1
    /// (p − 1)/(3m + p − 1) (Qi et al. 2024); shown beside what the blocks give (< 0: not shown).
    void setFormulaBubble(double fraction);
    /// The stage whose row is emphasised (the memory timeline's), −1: none.
    void setSelectedStage(int stage);
    /// Draws the point-to-point sends (default on; off above 800 blocks either way).
    void setSendsVisible(bool visible);

    /// Sends drawn: each is a (stage, phase) that waited for another stage's block.
    struct Send
    {
        int fromStage = 0;
        double fromTime = 0;
        int toStage = 0;
        double toTime = 0;
    };
    const std::vector<Send>& sends() const { return m_sends; }
    QString title() const { return m_title; }
    /// The title as drawn: one row, or two when it is wider than the view (a slide's type).
    const QStringList& titleRows() const { return m_titleRows; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void stageClicked(int stage);

protected:
    void paintStatic(QPainter& painter) override;
    void paintCursor(QPainter& painter) override;
    void timelineChanged() override;
    void retranslateUi() override;
    void changeEvent(QEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void relayout() override;
    int labelWidth() const override { return m_labelWidth; }
    int topMargin() const override { return rowHeight() * int(std::max<qsizetype>(1, m_titleRows.size())); }

private:
    QRectF rowRect(int stage) const;
    /// The colours' legend in the title row; returns the width it took (0: no room).
    int paintLegend(QPainter& painter);
    void updateTitle();
    /// Breaks the title into rows that fit beside a legend `legendWidth` wide.
    void splitTitle(int legendWidth);

    std::vector<Send> m_sends;
    QPixmap m_legend;          ///< the legend as drawn, while its kinds, room and colours are the same
    unsigned m_legendKinds = 0;
    bool m_legendSplit = false;
    bool m_legendDark = false;
    int m_legendRoom = 0;
    int m_legendWidth = 0;
    QString m_title;
    QStringList m_titleRows;
    int m_titleLegendWidth = 0; ///< the legend's width the rows were split for
    int m_labelWidth = 76;      ///< "Stage N" in the view's font
    int m_rowsWanted = 1;       ///< title rows the size hint was last given for
    double m_formula = -1;
    double m_drawnBubble = 0;  ///< read off the blocks
    int m_selected = -1;
    int m_rows = 0;
    bool m_sendsVisible = true;
};
