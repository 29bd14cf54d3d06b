#pragma once

#include <QColor>
#include <QFont>
#include <QMetaObject>
#include <QPointF>
#include <QStringList>
#include <QVector>

#include "widgets/charts/measuredtext.h"
#include "widgets/displayformat.h"

class QCPItemLine;
class QCPItemText;
class QCPTextElement;
class QCustomPlot;

/// What a real run measured, drawn on the memory chart: a mark across the right half of each bar
/// at the measured level, a diamond at its end and the residual above it ("−4.5 %"), and lines
/// of notes under the plot saying what the marks are and what was measured but not drawn.
class MeasuredMarkers
{
public:
    MeasuredMarkers(QCustomPlot* plot, double barWidth);
    ~MeasuredMarkers();
    MeasuredMarkers(const MeasuredMarkers&) = delete;
    MeasuredMarkers& operator=(const MeasuredMarkers&) = delete;

    /// Replaces the marks and the notes (none: nothing drawn, the notes' row removed).
    void update(const QVector<MeasuredText::Mark>& marks, const QStringList& notes, DisplayFormat::MemoryUnit unit);
    void updateColors(bool dark, const QColor& text, const QColor& base, const QFont& font);
    /// The tooltip of the mark under `pos` (pixels), or "" when none is there.
    QString toolTipAt(const QPointF& pos) const;
    const QVector<MeasuredText::Mark>& marks() const { return m_marks; }
    /// The notes as shown under the plot ("" when none).
    QString notesText() const;
    /// Whether mark `index`'s label is drawn (a label with no room beside its bar is left to the tooltip).
    bool labelShown(int index) const;
    static QColor color(bool dark);

private:
    QCPItemLine* line(int index);
    QCPItemText* label(int index);
    /// After the layout: labels of one bar pushed apart so that none covers another, and hidden
    /// where the gap right of the bar is narrower than the text.
    void fitLabels();

    QCustomPlot* m_plot = nullptr;
    double m_barWidth = 0.6;
    QVector<QCPItemLine*> m_lines; // pooled, hidden when unused
    QVector<QCPItemText*> m_labels;
    QCPTextElement* m_notes = nullptr; // a row under the plot while there are notes
    QVector<MeasuredText::Mark> m_marks;
    double m_unitBytes = 1;
    QFont m_font; ///< the chart's, which its bars' totals are written in
    QMetaObject::Connection m_layoutConnection;
};
