#pragma once

#include <QCoreApplication>
#include <QString>
#include <QVector>
#include <array>
#include <utility>
#include <vector>

#include "core/accuracy/bands.h"
#include "core/components.h"
#include "core/estimate.h"
#include "widgets/displayformat.h"

/// One stacked bar of the memory chart: a rank group of an estimate, or one variant in a comparison.
struct MemoryBar
{
    QString label;
    core::ComponentBytes bytes{};
    double totalBytes = 0;
    double capacityBytes = 0;
    bool current = false; ///< drawn emphasised (the scenario as it is, among variants)
    /// The levels the tools report (0: no marker): PyTorch max_memory_allocated and
    /// max_memory_reserved; the bar's top is what nvidia-smi shows.
    double allocatedBytes = 0;
    double reservedBytes = 0;
    /// More to say under the name (the moment a compared variant peaks at): shown where the
    /// plot has the height for another line, else in the tooltip only.
    QString detail;
    /// Where a measured level is expected (the corpus's band for runs like this one,
    /// core/accuracy/bands.h): nvidia-smi's device figure where the corpus has such rows,
    /// else max_memory_allocated's; a whisker at that level. runs 0: none.
    double bandLow = 0;
    double bandHigh = 0;
    int bandRuns = 0;
    core::MemoryLevel bandLevel = core::MemoryLevel::Device;
    /// A shorter name for a slot narrower than one of the label's words ("PP 3 · 192–255"
    /// for "PP stage 3 · ranks 192–255": eight stages at 1280 × 720 ran "stagestagestage"
    /// together). Empty: the label only.
    QString compactLabel{};

    /// Every field but the compact name alike (a slider that moves no byte needs no replot).
    bool sameAs(const MemoryBar& o) const;
    bool over() const { return capacityBytes > 0 && totalBytes > capacityBytes; }
    /// A whisker is drawn: a band with width, on a bar that has the level it stands for.
    bool banded() const;
};

/// What the memory chart draws, in bytes and words, without QCustomPlot: the bars as given and as
/// drawn (the textbook's four ledgers), their labels' texts, the model-states brackets, the value
/// axis' top and which segment a point falls in. MemoryChart binds it to the plot; tests read it
/// alone (tst_memorychartmodel).
class MemoryChartModel
{
    // Its words are the chart's, translated in the "MemoryChart" context where they have always been.
    Q_DECLARE_TR_FUNCTIONS(MemoryChart)

public:
    /// A device band per rank group (core/accuracy/bands.h): nvidia-smi's where the corpus has
    /// such rows, else max_memory_allocated's.
    using LevelBand = std::pair<core::FigureBand, core::MemoryLevel>;
    static std::vector<LevelBand> levelBands(const core::EstimateBands& bands);
    /// One bar per rank group of a valid estimate, named and banded.
    static QVector<MemoryBar> barsOf(const core::Estimate& estimate, const std::vector<LevelBand>& bands);

    /// Whether `bars` are the bars held already (a slider that moves no byte needs no replot).
    bool sameInput(const QVector<MemoryBar>& bars) const;
    void setBars(const QVector<MemoryBar>& bars);
    /// The seeds' four ledgers (View ▸ Textbook View) instead of the components.
    void setTextbook(bool textbook);
    bool textbook() const { return m_textbook; }
    /// Colour by model role, as asked for; drawn only where the bars hold several models and not
    /// in the textbook view (colouredByRole).
    void setRoleColouring(bool asked);
    bool colouredByRole() const { return m_byRole; }
    /// Colouring by role would mean something here (the choice is offered).
    bool roleColouringOffered() const { return severalRoles() && !m_textbook; }
    /// The bars hold parts of more than one model (RL: reference, reward, critic, rollout engine).
    bool severalRoles() const;

    const QVector<MemoryBar>& input() const { return m_input; }
    const QVector<MemoryBar>& bars() const { return m_bars; }
    qsizetype size() const { return m_bars.size(); }
    /// A bar as drawn (a default one out of range).
    const MemoryBar& bar(qsizetype g) const;

    /// The model states a bar's bracket spans: parameters + gradients + optimizer states of a
    /// training bar; 0 for a serving bar (nothing for ZeRO to shard) and when coloured by role.
    double bracketBytes(qsizetype g) const;
    /// Parameters + gradients + optimizer states of a bar, whatever is drawn.
    double modelStatesBytes(qsizetype g) const;
    /// The text above a bar: its total, "needs … / with pool …" where a serving engine reserves
    /// its KV pool, "… / over by …" over the capacity; empty for a variant that does not exist.
    QString totalText(qsizetype g, DisplayFormat::MemoryUnit unit, bool compact) const;
    /// "states 38.5 GB" of a bar with a bracket, else empty.
    QString statesText(qsizetype g, DisplayFormat::MemoryUnit unit) const;

    /// The value axis' top in `unit`: the next round number (roundUp) above 1.12 × the tallest
    /// bar, band or capacity, at least 1 and at least `floorBytes`.
    double axisTop(DisplayFormat::MemoryUnit unit, double floorBytes) const;
    /// The largest capacity among the bars, in bytes.
    double capacityBytes() const;
    bool anyOver() const;
    /// Some bar has PyTorch's level markers.
    bool hasLevels() const;
    /// The fullest bar, and the current one (0 when none is marked).
    int fullestBar() const;
    int currentBar() const;

    /// The segment at `value` bytes up bar `g`, stacked in `order` (false: above the bar or on
    /// an empty part).
    bool segmentAt(qsizetype g, double valueBytes, const std::array<core::Component, core::kComponentCount>& order,
                   core::Component& component) const;
    /// A segment's bottom and top in bytes, stacked in `order`.
    std::pair<double, double> segmentSpan(qsizetype g, core::Component component,
                                          const std::array<core::Component, core::kComponentCount>& order) const;

    /// The next "round" number at or above x (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8 × 10^k): the axis
    /// keeps its range, and its cached tick labels, while a drag moves the bars a little.
    static double roundUp(double x);

private:
    /// The bars as drawn, from those given, the textbook choice and the colouring.
    void derive();

    QVector<MemoryBar> m_input; ///< as given
    QVector<MemoryBar> m_bars;  ///< as drawn (the textbook's ledgers when m_textbook)
    bool m_textbook = false;
    bool m_roleAsked = false;
    bool m_byRole = false; ///< asked for and meaningful
};
