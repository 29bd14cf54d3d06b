#pragma once

#include <QVector>
#include <QWidget>
#include <array>
#include <cstdint>

#include "core/accuracy/bands.h"
#include "core/estimate.h"
#include "core/working.h"
#include "widgets/displayformat.h"

class Gauge;
class QGridLayout;
class RooflineView;

/// The row of dials under the controls' reach, built from one table of dial descriptions
/// (gaugepanel.cpp: title, tooltip, range, colour zones, the number it shows, its texts, the
/// working terms behind it). A training or fine-tuning estimate shows the training set (days,
/// GPU-hours, cost, MFU, pipeline bubble, headroom of the fullest GPU, goodput, the mean time
/// between interruptions, the checkpoint interval against the optimal one); an inference estimate
/// the serving set (headroom with the weights, largest batch, longest context, time to first
/// token, decode speed per sequence and per replica, and a decode roofline). Each dial is
/// coloured by what its value means.
class GaugePanel : public QWidget
{
    Q_OBJECT

public:
    /// One entry per row of the table: the training set, then the serving set.
    enum class Kind {
        TrainingTime, GpuHours, Cost, Mfu, Bubble, Headroom, Goodput, Interruptions, CheckpointInterval,
        ServingHeadroom, MaxBatch, MaxContext, TimeToFirstToken, TokensPerSequence, TokensPerReplica, Roofline,
        Count
    };

    explicit GaugePanel(QWidget* parent = nullptr);

    /// Training and fine-tuning estimates show the training dials, inference ones the serving dials.
    void setEstimate(const core::Estimate& estimate);
    /// The corpus's bands of the estimate's figures (core/accuracy/bands.h), drawn as a thin arc
    /// in the dials made of them and said in their tooltips; set before setEstimate().
    void setBands(const core::EstimateBands& bands);
    /// The scenario's serving request (batch, prompt, prompt + generated), for the serving dials' zones.
    void setServingRequest(std::int64_t batch, std::int64_t prompt, std::int64_t context);
    bool isServing() const { return m_servingShown; }
    /// The scenario is invalid: the dials keep the last valid numbers, faded.
    void setStale(bool stale);
    void setUnit(DisplayFormat::MemoryUnit unit);
    void setAnimated(bool animated);
    /// Frames one dial (of either set).
    void setSelected(Kind kind);
    /// No dial framed, training or serving.
    void clearSelection();
    /// A dial (nullptr for the roofline, which is a chart: roofline()).
    Gauge* gauge(Kind kind) const;
    RooflineView* roofline() const { return m_roofline; }
    /// The training or the serving set's widgets in row order (a slide lays them out in a grid of its own).
    QVector<QWidget*> widgets(bool serving) const;

    /// The estimate's terms behind a dial (its number first, then what it is made of), for
    /// the working panel.
    static QVector<core::Term> terms(Kind kind);

    /// Columns the shown set takes at `width`: all of them in one row, or two rows when one row
    /// would make each dial narrower than its title and caption need.
    int columnsAt(int width) const;
    int columns() const { return m_columns; }
    /// A dashboard's row: the shown set on one row whatever the width, and without the long
    /// run's dials (goodput, interruptions, checkpoint interval), which a dashboard has no room
    /// for beside the charts (its gauges slide shows all nine).
    void setDashboardRow(bool dashboard);
    /// At its narrowest the shown set takes two rows.
    QSize minimumSizeHint() const override;

signals:
    /// A dial was clicked; `group` is the rank group it concerns (core::kWholeJob: the whole job).
    void activated(GaugePanel::Kind kind, int group);

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    QWidget* widget(Kind kind) const;
    void retranslateUi();
    void updateTexts();
    void updateZones();
    void showServing(bool serving);
    void select(int index); ///< −1: none
    void arrange(); ///< the shown set into the grid, one row or two (columnsAt)

    std::array<Gauge*, std::size_t(Kind::Count)> m_dials{}; ///< nullptr at Kind::Roofline
    RooflineView* m_roofline = nullptr;
    QGridLayout* m_grid = nullptr;
    int m_columns = 0;            ///< as arranged; 0 before the first arrangement
    bool m_arrangedServing = false;
    bool m_dashboardRow = false;
    bool shownNow(Kind kind, bool serving) const; ///< in the shown set, and not left out of a dashboard row
    bool m_servingShown = false;
    core::Estimate m_estimate;
    core::EstimateBands m_bands;
    DisplayFormat::MemoryUnit m_unit = DisplayFormat::MemoryUnit::GB;
    std::int64_t m_batch = 1;
    std::int64_t m_prompt = 1024;
    std::int64_t m_context = 2048;
    std::int64_t m_zoneBatch = 0; ///< the batch and context the relative zones were set for
    std::int64_t m_zoneContext = 0;
};
