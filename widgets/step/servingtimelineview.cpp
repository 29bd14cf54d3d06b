#include "widgets/step/servingtimelineview.h"

ServingTimelineView::ServingTimelineView(QWidget* parent) : PictureWidget(std::make_unique<ServingPicture>(), parent)
{
    setObjectName(QStringLiteral("ServingTimelineView"));
}

void ServingTimelineView::setTimeline(const core::ServingTimeline& timeline) { setTimeline(std::make_shared<const core::ServingTimeline>(timeline)); }

void ServingTimelineView::setTimeline(std::shared_ptr<const core::ServingTimeline> timeline)
{
    picture().setTimeline(std::move(timeline));
    pictureChanged();
}

void ServingTimelineView::setUnit(DisplayFormat::MemoryUnit unit)
{
    picture().setUnit(unit);
    pictureChanged();
}
