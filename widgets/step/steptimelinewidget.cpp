#include "widgets/step/steptimelinewidget.h"

void StepTimelineWidget::setTimeline(const core::StepTimeline& timeline) { setTimeline(std::make_shared<const core::StepTimeline>(timeline)); }

void StepTimelineWidget::setTimeline(std::shared_ptr<const core::StepTimeline> timeline)
{
    picture().setTimeline(std::move(timeline));
    pictureChanged();
}
