#pragma once

#include <QCoreApplication>
#include <QRect>
#include <limits>
#include <memory>

#include "core/timeline/readablewindow.h"
#include "core/timeline/steptimeline.h"
#include "widgets/step/viewpicture.h"

class QPainter;

/// What a training step view draws (the schedule, the memory timeline): a ViewPicture of a
/// step timeline, with the time axis they share.
class TimelinePicture : public ViewPicture
{
    Q_DECLARE_TR_FUNCTIONS(StepTimelineWidget)

public:
    TimelinePicture();

    void setTimeline(std::shared_ptr<const core::StepTimeline> timeline);
    const core::StepTimeline& timeline() const { return *m_timeline; }

    /// Draw only the first and last micro-batches of a long step, its steady state between them
    /// cut from the time axis (core::readableWindow; slides: issue 31's "green wall" of 512
    /// micro-batches). Off: the whole step, less only what the timeline did not list.
    void setReadableWindow(bool on);
    bool readableWindow() const { return m_readableWindow; }
    /// The stretch of time the axis leaves out (not valid: none): the readable window's, or the
    /// timeline's unlisted steady state (core::omittedStretch).
    const core::TimelineCut& axisCut() const { return m_cut; }
    /// Pixels the cut takes on the axis (a break mark, whatever its length in time).
    static constexpr double kCutWidth = 18;

    bool hasContent() const override { return m_timeline->valid; }
    double length() const override { return std::max(0.0, m_timeline->length); }
    double positionAt(double x) const override { return timeAt(x); }

    double xOf(double time) const;
    /// xOf for loops over thousands of phases: the plot's geometry read once. Times inside the
    /// axis cut spread over its kCutWidth pixels.
    struct XMap
    {
        double left = 0, scale = 1;
        double cutFrom = std::numeric_limits<double>::infinity(), cutTo = std::numeric_limits<double>::infinity();
        double cutScale = 0; ///< pixels per unit inside the cut
        double operator()(double time) const
        {
            if (time <= cutFrom)
                return left + time * scale;
            if (time >= cutTo)
                return left + (time - (cutTo - cutFrom)) * scale + kCutWidth;
            return left + cutFrom * scale + (time - cutFrom) * cutScale;
        }
    };
    XMap xMap() const;
    double timeAt(double x) const;
    /// Where the rows are drawn (inside the margins, above the time axis).
    QRect plotRect() const;

protected:
    TimelinePicture(const TimelinePicture&) = default;
    TimelinePicture& operator=(const TimelinePicture&) = default;

    /// The timeline changed: rebuild derived data (before the next paintStatic).
    virtual void timelineChanged() {}
    /// Left margin for row labels.
    virtual int labelWidth() const { return 76; }
    virtual int topMargin() const { return rowHeight(); }
    virtual int rightMargin() const { return 16; }
    /// Below the plot: the time axis' ticks and labels, as tall as the font needs.
    int bottomMargin() const { return std::max(26, lineHeight() + 10); }
    /// One row of the title area: 24 px in the window's font, taller on a slide.
    int rowHeight() const { return std::max(24, lineHeight() + 8); }
    void drawTimeAxis(QPainter& painter) const;
    /// The axis cut from `top` to `bottom`: a blank column over whatever a row put there (before
    /// the row's labels, which stay whole).
    void drawAxisCut(QPainter& painter, double top, double bottom) const;
    /// The broken axis' mark, "//", over the time axis' line (after drawTimeAxis).
    void drawAxisBreak(QPainter& painter) const;
    /// Phases of `stage` drawn outside the cut (the dense drawing is for thousands of them).
    std::size_t phasesDrawn(const core::StageTimeline& stage) const;
    QString timeText(double time) const;

    std::shared_ptr<const core::StepTimeline> m_timeline; ///< never null

private:
    void updateCut();

    bool m_readableWindow = false;
    core::TimelineCut m_cut;
};
