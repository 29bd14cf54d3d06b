#include "widgets/step/scheduleview.h"

#include <QMouseEvent>

ScheduleView::ScheduleView(QWidget* parent) : StepTimelineWidget(std::make_unique<SchedulePicture>(), parent)
{
    setObjectName(QStringLiteral("ScheduleView"));
}

void ScheduleView::setFormulaBubble(double fraction)
{
    picture().setFormulaBubble(fraction);
    pictureChanged();
}

void ScheduleView::setSelectedStage(int stage)
{
    if (picture().setSelectedStage(stage))
        pictureChanged();
}

void ScheduleView::setSendsVisible(bool visible)
{
    picture().setSendsVisible(visible);
    pictureChanged();
}

void ScheduleView::mousePressEvent(QMouseEvent* event)
{
    if (event->button() == Qt::LeftButton) {
        const int stage = picture().stageAt(event->position().y());
        if (stage >= 0)
            emit stageClicked(stage);
    }
    StepTimelineWidget::mousePressEvent(event);
}
