#pragma once

#include "widgets/displayformat.h"
#include "widgets/step/memorytimelinepicture.h"
#include "widgets/step/steptimelinewidget.h"

/// A GPU's memory through one training step: the components stacked phase by phase (weights,
/// gradients, optimizer states, the saved activations of the micro-batches in flight, the
/// transients), the allocated / reserved / device levels as lines, the capacity, and the peak
/// marked with its phase and micro-batch. One stage large, or every stage as small multiples.
/// What it draws is a MemoryTimelinePicture.
class MemoryTimelineView : public StepTimelineWidget
{
    Q_OBJECT

public:
    explicit MemoryTimelineView(QWidget* parent = nullptr);

    /// The stage drawn large; −1: every stage, one small chart each.
    void setStage(int stage);
    int stage() const { return picture().stage(); }
    void setCapacity(double bytes);
    void setUnit(DisplayFormat::MemoryUnit unit);

    using PeakMark = MemoryTimelinePicture::PeakMark;
    /// The peak the chart marks for a stage: the phase with the most allocated bytes.
    PeakMark peakMark(int stage) const { return picture().peakMark(stage); }
    /// The phase under the cursor, as the readout says it.
    QString cursorText() const { return picture().cursorText(); }

    QSize sizeHint() const override { return QSize(900, 360); }
    QSize minimumSizeHint() const override { return QSize(320, 160); }

    /// The picture this view draws (a copy of it can be given a timeline elsewhere).
    MemoryTimelinePicture& picture() { return static_cast<MemoryTimelinePicture&>(basePicture()); }
    const MemoryTimelinePicture& picture() const { return static_cast<const MemoryTimelinePicture&>(basePicture()); }
};
