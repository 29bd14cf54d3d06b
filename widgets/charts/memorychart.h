#pragma once

#include <QHash>
#include <QStringList>
#include <QVector>
#include <QWidget>
#include <array>
#include <bitset>
#include <memory>

#include "core/calibration/residuals.h"
#include "widgets/charts/memorychartmodel.h"

class BarStack;
class MeasuredMarkers;
class ModelStatesBracket;
class QAction;
class QCustomPlot;
class QCPBars;
class QCPAxisTickerText;
class QCPItemLine;
class QCPItemRect;
class QCPItemLine;
class QCPItemText;
class QCPLayoutGrid;
class QCPTextElement;

/// Per-GPU stacked bars: one bar per rank group (or per compared variant), stacked by component,
/// with the GPU's capacity as a line and anything above it hatched in red and labelled. Knows
/// the core's Estimate, nothing of the window or the controller.
class MemoryChart : public QWidget
{
    Q_OBJECT

public:
    /// One stacked bar: a rank group of an estimate, or one variant in a comparison.
    using Bar = MemoryBar;

    explicit MemoryChart(QWidget* parent = nullptr);
    ~MemoryChart() override;

    /// One bar per rank group of a valid estimate; an invalid one is ignored (see setInvalid).
    void setEstimate(const core::Estimate& estimate);
    /// The estimate's bands from the public runs (core/accuracy/bands.h): each rank group's
    /// device-memory band (else its allocated one), drawn as a whisker on its bar by the next
    /// setEstimate().
    void setBands(const core::EstimateBands& bands);
    /// A bar's whisker as drawn: its ends in bytes (0, 0 when none).
    std::pair<double, double> bandBytes(int group) const;
    /// What a real run measured, beside the bars of setEstimate (core::residuals of the
    /// scenario's measurements against that estimate): a mark per rank group and quantity with
    /// its residual, and under the plot what could not be drawn and why. Empty: none.
    void setMeasured(const std::vector<core::Residual>& residuals);
    /// The measured marks drawn (for tests and exports).
    const MeasuredMarkers& measuredMarkers() const { return *m_measured; }
    /// The measured run's notes (what the marks are, what was measured but not drawn), one
    /// line each; shown in a row under the plot unless a slide words them at its own width.
    const QStringList& measuredNotes() const { return m_measuredNotes; }
    void setMeasuredNotesInPlot(bool inPlot);
    /// Arbitrary bars (comparisons).
    void setBars(const QVector<Bar>& bars);
    /// Shows the message over the last valid bars, which stay, dimmed.
    void setInvalid(const QString& message);
    void setUnit(DisplayFormat::MemoryUnit unit);
    DisplayFormat::MemoryUnit unit() const { return m_unit; }
    void setTitle(const QString& title);
    /// The value axis reaches at least this many bytes (0: it fits the bars), so charts shown one
    /// after another share a scale (presentation mode's locked axis).
    void setAxisFloor(double bytes);
    /// The value axis' top, in bytes.
    double axisMaximumBytes() const;
    /// The font of the "cannot run" message over the bars.
    QFont messageFont() const;
    /// Outlines one segment (group −1: none).
    void setSelectedSegment(int group, core::Component component);
    /// No segment framed.
    void clearSelection() { setSelectedSegment(-1, core::Component::Weights); }
    /// The tooltip's last line: what clicking a segment does.
    void setClickHint(const QString& hint) { m_clickHint = hint; }
    /// Bar labels show only the total (red when over capacity), for narrow side-by-side charts.
    void setCompactLabels(bool compact) { m_compactLabels = compact; }
    /// What a bar's label says. Always its height first (the total, or for a serving engine that
    /// reserves a KV pool, what the batch needs beside the hatched pool); its model states
    /// ("states 38.5 GB") under it where its bracket cannot carry them, or on every bar
    /// (TotalAndStates: the ZeRO and fine-tuning comparisons, the textbook's 112 / 38.5 / 26.25 / 14 GB).
    enum class LabelStyle { Total, TotalAndStates };
    void setLabelStyle(LabelStyle style);
    /// The seeds' four ledgers only (parameters, gradients, optimizer states, activations; the
    /// KV cache when serving): runtime, fragmentation and temporary buffers are left out and
    /// each ledger is one segment (View ▸ Textbook View).
    void setTextbook(bool textbook);
    bool textbook() const { return m_model.textbook(); }
    /// Hides the legend (compact charts next to a main chart that has one).
    void setLegendVisible(bool visible);
    /// The plot's smallest size (240 × 180 at first, for a window; a crowded page needs less).
    void setMinimumPlotSize(const QSize& size);
    /// Colours (and stacks, and names in the legend) the segments by model role — policy,
    /// reference, reward, critic, rollout engine, shared buffers — instead of by component.
    void setColorByRole(bool byRole);
    /// Whether colouring by role is asked for (the action's check mark).
    bool colorByRole() const { return m_colorByRole; }
    /// Whether the bars are coloured by role now: asked for, the bars hold more than one model
    /// (RL), and not the textbook view (its ledgers are by component).
    bool colouredByRole() const { return m_model.colouredByRole(); }
    /// Checkable "Colour by Model Role", in the chart's context menu; a window may add it to a menu.
    QAction* colorByRoleAction() const { return m_roleAction; }

    /// Heights currently drawn, bytes per group and component (for tests and exports).
    double barBytes(int group, core::Component component) const;
    double barTotalBytes(int group) const;
    int groupCount() const { return int(m_model.size()); }
    /// What is drawn, without the plot: bars, texts, brackets, axis.
    const MemoryChartModel& model() const { return m_model; }
    QString groupLabel(int group) const;
    /// The compact name of a rank group's bar (Bar::compactLabel), or an empty string.
    static QString rankGroupCompactLabel(const core::Estimate& estimate, int group);
    QString groupDetail(int group) const;
    /// The text above bar `group` ("43.4 GB\nstates 38.5 GB", "58.7 GB", "needs 23.1 GB").
    QString barLabelText(int group) const;
    /// Where that text is drawn, in the plot's pixels (QCustomPlot's own box); empty when none.
    QRectF barLabelRect(int group) const;
    /// Parameters + gradients + optimizer states of bar `group`, as its bracket shows them.
    double modelStatesBytes(int group) const;
    /// The text along bar `group`'s bracket ("model states 38.5 GB"), empty if none is drawn.
    QString modelStatesText(int group) const;
    bool isShowingInvalid() const { return m_invalid; }
    QString invalidMessage() const;
    /// The name under bar `group` as drawn (wrapped), and the font the names are drawn in.
    QString tickLabelText(int group) const;
    QFont tickLabelFont() const;
    /// What is under bar `group`'s label: the plot's background, so no line runs through it.
    QBrush barLabelBackground(int group) const;
    /// Whether bar `group`'s bracket carries its model states along it (else its label does).
    bool modelStatesOnBracket(int group) const;
    /// How a component's segments are filled (a serving engine's reserved KV pool is hatched).
    Qt::BrushStyle segmentBrushStyle(core::Component component) const;
    /// The "cannot run" box as drawn (pixels in the plot), empty when none is shown.
    QRectF invalidMessageRect() const;

    /// "PP stage 0 · ranks 0–15" for a rank group of an estimate (translated), with the phase
    /// of an RL step ("all ranks 0–7 · rollout phase") or "rollout GPUs · ranks 8–15".
    static QString rankGroupLabel(const core::Estimate& estimate, int group);
    /// The bottom-to-top order of the segments: component order, or grouped by role.
    const std::array<core::Component, core::kComponentCount>& stackOrder() const;

    /// The chart rendered at `size` (device-independent pixels) × `scale`.
    QImage renderImage(const QSize& size, double scale = 1.0, bool transparent = false);
    /// Vector output (SVG, PDF): real text and shapes at `size` device-independent pixels.
    bool renderToPaintDevice(QPaintDevice* device, const QSize& size);
    QCustomPlot* plot() const { return m_plot; }

signals:
    /// A bar segment was clicked: bar index and component.
    void segmentClicked(int group, core::Component component);
    /// The model-states bracket of a bar was clicked: show its working.
    void modelStatesClicked(int group);

protected:
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void rebuild();
    /// Wraps the bars' labels and totals to the width each bar gets, and the legend into columns
    /// when it is taller than the plot; true when the layout must run again.
    bool fitLabels();
    /// Wraps the "cannot run" message to the chart's width; true when its text changed.
    bool fitMessage();
    void updateColors();
    /// Colours by role when asked for and the bars hold several models (the model decides); the
    /// stack and the legend follow when that changed.
    void applyRoleColouring();
    void updateNames();
    void nameLedgers();
    void updateSelection();
    void updateMeasured();
    void replot();
    void showToolTip(QMouseEvent* event);
    bool hitTest(const QPointF& pos, int& group, core::Component& component) const;
    QCPItemText* labelItem(int index);
    QCPItemRect* overItem(int index);
    QCPItemLine* markerItem(int index);

    QCustomPlot* m_plot = nullptr;
    std::unique_ptr<BarStack> m_stack; // one QCPBars per component
    std::unique_ptr<ModelStatesBracket> m_brackets;
    std::unique_ptr<MeasuredMarkers> m_measured;
    std::vector<core::Residual> m_residuals;
    QStringList m_measuredNotes;
    bool m_measuredNotesInPlot = true;
    int m_rankCount = 0; ///< GPUs of the estimate's layout (the measured notes name it)
    QSharedPointer<QCPAxisTickerText> m_ticker;
    QSharedPointer<QCPAxisTickerText> m_capacityTicker;
    QCPItemLine* m_capacityLine = nullptr;
    QCPItemText* m_message = nullptr;
    QString m_messageText; ///< the "cannot run" message as given, before fitMessage() wraps it
    QCPItemRect* m_selection = nullptr;
    QCPTextElement* m_title = nullptr;
    QString m_titleText;
    QString m_axisLabel; // the value axis' title before fitLabels wraps it
    QCPLayoutGrid* m_side = nullptr; // the legend's column right of the plot
    QVector<QCPItemText*> m_totalLabels; // pooled: reused across updates, hidden when unused
    QVector<QCPItemRect*> m_overRects;
    QVector<QString> m_totalTexts;        // the totals before fitLabels wraps them
    QVector<QString> m_statesTexts;       // "states 38.5 GB" of bars with a bracket, before fitLabels places them
    /// wrapped() and a text's width, remembered (fitLabels runs on every estimate)
    QString wrap(const QString& text, const QFont& font, double room) const;
    double textWidth(const QString& text, const QFont& font) const;
    mutable QHash<QString, QString> m_wrapped;
    mutable QHash<QString, double> m_widths;
    int m_fittedWidth = -1;              // the plot area the labels were last fitted to
    int m_fittedHeight = -1;
    QFont m_fittedFont;
    QVector<QCPItemLine*> m_markers;     // pooled: two per bar (allocated, reserved)
    QVector<QCPItemLine*> m_whiskers;    // pooled: one per bar (the device band)
    std::vector<MemoryChartModel::LevelBand> m_levelBands; // per rank group (setBands)
    QCPItemLine* whiskerItem(int index);
    QCPItemText* m_markerNote = nullptr; // names the levels beside the last bar
    double m_noteRoom = 0;               // slots kept right of the last bar for the markers' note
    bool m_noteWanted = false;           // there are markers to name; fitLabels() says whether it fits
    MemoryChartModel m_model;
    QString m_clickHint;
    QAction* m_roleAction = nullptr;
    std::bitset<64> m_inLegend;
    int m_selectedGroup = -1;
    core::Component m_selectedComponent = core::Component::Weights;
    double m_axisFloorBytes = 0;
    double m_axisTop = 1; ///< the value axis' round top, in the chart's unit
    bool m_invalid = false;
    bool m_dirty = false;
    bool m_legendVisible = true;
    bool m_compactLabels = false;
    bool m_colorByRole = false;  ///< asked for (the model says whether it is drawn)
    bool m_byRoleDrawn = false;  ///< what the stack and the legend were last coloured by
    LabelStyle m_labelStyle = LabelStyle::Total;
    DisplayFormat::MemoryUnit m_unit = DisplayFormat::MemoryUnit::GB;
};
