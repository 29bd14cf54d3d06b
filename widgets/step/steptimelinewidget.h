#pragma once

#include <memory>

#include "core/timeline/steptimeline.h"
#include "widgets/step/picturewidget.h"
#include "widgets/step/timelinepicture.h"

/// What the training step views share: a time axis over one training step (a PictureWidget of
/// a TimelinePicture).
class StepTimelineWidget : public PictureWidget
{
    Q_OBJECT

public:
    void setTimeline(const core::StepTimeline& timeline);
    /// Shared, not copied: the step dock hands the same timeline to both views (thousands of
    /// phases of a few hundred bytes each; copying it twice per slider move was a third of the
    /// re-plan).
    void setTimeline(std::shared_ptr<const core::StepTimeline> timeline);
    const core::StepTimeline& timeline() const { return picture().timeline(); }
    /// Only the first and last micro-batches of a long step (TimelinePicture::setReadableWindow).
    void setReadableWindow(bool on)
    {
        picture().setReadableWindow(on);
        pictureChanged();
    }
    bool readableWindow() const { return picture().readableWindow(); }
    const core::TimelineCut& axisCut() const { return picture().axisCut(); }

    /// x of a time in widget pixels, and back.
    double xOf(double time) const { return picture().xOf(time); }
    using XMap = TimelinePicture::XMap;
    XMap xMap() const { return picture().xMap(); }
    double timeAt(double x) const { return picture().timeAt(x); }
    /// Where the rows are drawn (inside the margins, above the time axis).
    QRect plotRect() const { return picture().plotRect(); }

protected:
    StepTimelineWidget(std::unique_ptr<TimelinePicture> picture, QWidget* parent) : PictureWidget(std::move(picture), parent) {}

    TimelinePicture& picture() { return static_cast<TimelinePicture&>(basePicture()); }
    const TimelinePicture& picture() const { return static_cast<const TimelinePicture&>(basePicture()); }
};
