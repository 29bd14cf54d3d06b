#pragma once

#include <QImage>
#include <QStringList>
#include <vector>

#include "widgets/step/timelinepicture.h"

/// What ScheduleView draws (see there), as a picture that can be copied and rendered on
/// another thread: the blocks, the sends between stages, the title with the bubble read off the
/// blocks and the formula's, the legend.
class SchedulePicture : public TimelinePicture
{
    Q_DECLARE_TR_FUNCTIONS(ScheduleView)

public:
    SchedulePicture() = default;
    std::unique_ptr<ViewPicture> clone() const override { return std::unique_ptr<ViewPicture>(new SchedulePicture(*this)); }

    /// The schedule's formula bubble: (p − 1)/(v·m + p − 1) (Narayanan et al. 2021), for ZB-H1
    /// (p − 1)/(3m + p − 1) (Qi et al. 2024); shown beside what the blocks give (< 0: not shown).
    void setFormulaBubble(double fraction);
    /// The stage whose row is emphasised (the memory timeline's), −1: none. Returns whether it changed.
    bool setSelectedStage(int stage);
    /// Draws the point-to-point sends (default on; off above 800 blocks either way).
    void setSendsVisible(bool visible) { m_sendsVisible = visible; }

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
    /// The stage whose row is at y (−1: none).
    int stageAt(double y) const;

    QSize sizeHint() const;
    QSize minimumSizeHint() const;
    /// Whether the colours' legend was drawn at the last paint (beside the title or under it).
    bool legendShown() const { return m_legendWidth > 0; }

    void paintCursor(QPainter& painter) override;

protected:
    SchedulePicture(const SchedulePicture&) = default;

    void paintStatic(QPainter& painter) override;
    void timelineChanged() override;
    void retranslate() override;
    void styleChanged() override { m_legend = QImage(); }
    void relayout() override;
    int labelWidth() const override { return m_labelWidth; }
    int topMargin() const override { return rowHeight() * (int(std::max<qsizetype>(1, m_titleRows.size())) + (m_legendOwnRow ? 1 : 0)); }

private:
    QRectF rowRect(int stage) const;
    /// The colours' legend in the title row (or its own row); returns the width it took in the
    /// title row (0: none there).
    int paintLegend(QPainter& painter);
    std::vector<std::pair<core::PhaseKind, QString>> legendItems(int& total) const;
    int legendTop() const;
    void updateTitle();
    /// Breaks the title into rows that fit beside a legend `legendWidth` wide.
    void splitTitle(int legendWidth);

    std::vector<Send> m_sends;
    QImage m_legend;           ///< the legend as drawn, while its kinds, room and colours are the same
    unsigned m_legendKinds = 0;
    bool m_legendSplit = false;
    bool m_legendDark = false;
    int m_legendRoom = 0;
    int m_legendWidth = 0;
    bool m_legendOwnRow = false; ///< wider than half the view: a row of its own under the title
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
