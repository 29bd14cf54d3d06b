#include "widgets/step/memorytimelineview.h"

MemoryTimelineView::MemoryTimelineView(QWidget* parent) : StepTimelineWidget(std::make_unique<MemoryTimelinePicture>(), parent)
{
    setObjectName(QStringLiteral("MemoryTimelineView"));
}

void MemoryTimelineView::setStage(int stage)
{
    picture().setStage(stage);
    pictureChanged();
}

void MemoryTimelineView::setCapacity(double bytes)
{
    if (picture().setCapacity(bytes))
        pictureChanged();
}

void MemoryTimelineView::setUnit(DisplayFormat::MemoryUnit unit)
{
    picture().setUnit(unit);
    pictureChanged();
}
