#pragma once

#include <QMetaObject>

#include <QColor>
#include <QPointF>
#include <QVector>

#include "widgets/displayformat.h"

class QCPItemBracket;
class QCPItemText;
class QCustomPlot;

/// A bracket beside each memory bar over its model states (parameters + gradients + optimizer
/// states, the bottom of the stack) with their value written along it: the textbook's
/// "112 / 38.5 / 26.25 / 14 GB" in plain sight next to the whole-GPU total.
class ModelStatesBracket
{
public:
    ModelStatesBracket(QCustomPlot* plot, double barWidth);
    ~ModelStatesBracket();
    ModelStatesBracket(const ModelStatesBracket&) = delete;
    ModelStatesBracket& operator=(const ModelStatesBracket&) = delete;

    /// One bracket per bar: `states` bytes each (0: none), drawn when `visible`; the value is
    /// written along it when `withText` (narrow comparison charts have it in their label).
    void update(const QVector<double>& states, DisplayFormat::MemoryUnit unit, bool visible, bool withText);
    void updateColors(const QColor& color, const QFont& font);
    /// The bar whose bracket or label is under `pos` (pixels), or −1.
    int hit(const QPointF& pos) const;
    double states(int bar) const { return bar >= 0 && bar < m_states.size() ? m_states[bar] : 0; }
    /// "model states 38.5 GB": the text of bracket `bar` (empty when no bracket is drawn).
    QString text(int bar) const;
    /// Whether bracket `bar` carries its text: asked for, and the bracket (with the axis as laid
    /// out now) longer than the text.
    bool textFits(int bar) const;

private:
    QCPItemBracket* bracket(int index);
    QCPItemText* label(int index);
    /// Shows each wanted label only where the bracket is longer than its text, with the axis as
    /// this replot lays it out (a slide is laid out at its own size just before it is drawn).
    void fitLabels();

    QCustomPlot* m_plot = nullptr;
    double m_barWidth = 0.6;
    QVector<QCPItemBracket*> m_brackets; // pooled, hidden when unused
    QVector<QCPItemText*> m_labels;
    QVector<double> m_states;
    double m_unitBytes = 1;
    QVector<bool> m_wanted; // label asked for, before the room check
    QMetaObject::Connection m_layoutConnection;
    bool m_visible = true;
};
