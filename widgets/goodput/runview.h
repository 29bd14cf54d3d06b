#pragma once

#include <QWidget>
#include <vector>

#include "core/goodput/goodput.h"
#include "core/goodput/runtimeline.h"

class StepCursor;

/// A long run's wall-clock for a class (issue 29.4: "on 16k GPUs an interruption every ~3
/// hours"): work in intervals, a checkpoint stall after each, interruptions at their mean
/// spacing that turn the work since the last safe checkpoint into lost work, each followed by a
/// restart (core::runTimeline). The window holds about five interruptions, in rows of a round
/// number of hours read like lines of text; a cursor plays it, the totals so far beside the legend.
class RunView : public QWidget
{
    Q_OBJECT

public:
    explicit RunView(QWidget* parent = nullptr);

    /// The run to draw: its goodput (interval, stall, restart, interruptions) and GPU count.
    void setRun(const core::GoodputEstimate& goodput, double gpus);
    bool hasRun() const { return !m_segments.empty(); }

    /// The window drawn: rows × rowSeconds (chooseRows).
    double windowSeconds() const { return m_rows * m_rowSeconds; }
    double rowSeconds() const { return m_rowSeconds; }
    int rows() const { return m_rows; }
    const std::vector<core::RunSegment>& segments() const { return m_segments; }

    /// Rows of a round length (15 min … 14 days), at most eight, holding five mean times between
    /// interruptions (a day when nothing interrupts; at least three checkpoint intervals).
    struct Rows
    {
        double rowSeconds = 3600;
        int rows = 1;
    };
    static Rows chooseRows(double mtbiSeconds, double intervalSeconds);

    /// What the run spent its wall-clock on up to `seconds` (the played part).
    core::RunTotals totalsAt(double seconds) const;

    /// The cursor that plays the window (its length in seconds of wall-clock).
    StepCursor* cursor() const { return m_cursor; }

    QString title() const;
    /// The legend's totals: up to the cursor while played, else over the whole window.
    QString totalsText() const;

    QSize sizeHint() const override { return QSize(900, 420); }
    QSize minimumSizeHint() const override { return QSize(320, 200); }

protected:
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    /// What segment `i` shows at `seconds`: lost work is training until its interruption comes.
    core::RunActivity activityAt(std::size_t i, double seconds) const;
    static QColor colour(core::RunActivity activity, bool dark);
    static QString name(core::RunActivity activity);
    QString rowLabel(int row) const;

    StepCursor* m_cursor = nullptr;
    core::GoodputEstimate m_goodput;
    double m_gpus = 0;
    std::vector<core::RunSegment> m_segments;
    std::vector<double> m_lostAt; ///< per segment: when the interruption that loses it comes (lost work only)
    double m_rowSeconds = 3600;
    int m_rows = 0;
};
