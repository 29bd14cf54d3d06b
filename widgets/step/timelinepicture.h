#pragma once

#include <QCoreApplication>
#include <QRect>
#include <memory>

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

    bool hasContent() const override { return m_timeline->valid; }
    double length() const override { return std::max(0.0, m_timeline->length); }
    double positionAt(double x) const override { return timeAt(x); }

    double xOf(double time) const;
    /// xOf for loops over thousands of phases: the plot's geometry read once.
    struct XMap
    {
        double left = 0, scale = 1;
        double operator()(double time) const { return left + time * scale; }
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
    QString timeText(double time) const;

    std::shared_ptr<const core::StepTimeline> m_timeline; ///< never null
};
