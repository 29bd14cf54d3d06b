#pragma once

#include <memory>

#include "core/timeline/servingtimeline.h"
#include "widgets/displayformat.h"
#include "widgets/step/picturewidget.h"
#include "widgets/step/servingpicture.h"

/// A serving GPU's memory over one run: engine steps on the x-axis (the prefill, given at least
/// a sixth of the width so the batch can be seen filling, then the decode steps), the components
/// stacked (weights, workspace, CUDA graphs, the runtime; the KV cache used, and the rest of the
/// pool the engine reserved), the capacity and the pool's top as lines, the peak of the used KV
/// labelled with its step, and the point where a request would be preempted. Below, the pool's
/// blocks as a grid that fills block by block with the cursor, each request in its own shade.
/// Like the training views: a cached picture (a ServingPicture), the cursor drawn over it each
/// frame.
class ServingTimelineView : public PictureWidget
{
    Q_OBJECT

public:
    explicit ServingTimelineView(QWidget* parent = nullptr);

    void setTimeline(const core::ServingTimeline& timeline);
    /// Shared, not copied (the step dock's planner fills it).
    void setTimeline(std::shared_ptr<const core::ServingTimeline> timeline);
    const core::ServingTimeline& timeline() const { return picture().timeline(); }
    void setUnit(DisplayFormat::MemoryUnit unit);

    /// "Decode step 812: 64 requests, 3,268 of 3,300 blocks" for a moment.
    QString momentText(const core::ServingMoment& moment) const { return picture().momentText(moment); }
    /// The peak's label as drawn, and where (the moment's middle, in steps).
    QString peakText() const { return picture().peakText(); }
    double peakPosition() const { return picture().peakPosition(); }
    /// The readout at the cursor.
    QString cursorText() const { return picture().cursorText(); }
    /// x of a step in widget pixels, and back (the prefill stretched, see the class comment).
    double xOf(double step) const { return picture().xOf(step); }
    double stepAt(double x) const { return picture().stepAt(x); }

    QSize sizeHint() const override { return QSize(900, 420); }
    QSize minimumSizeHint() const override { return QSize(360, 220); }

    /// The picture this view draws (a copy of it can be given a timeline elsewhere).
    ServingPicture& picture() { return static_cast<ServingPicture&>(basePicture()); }
    const ServingPicture& picture() const { return static_cast<const ServingPicture&>(basePicture()); }
};
