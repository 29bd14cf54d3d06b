#pragma once

#include "widgets/step/schedulepicture.h"
#include "widgets/step/steptimelinewidget.h"

/// The pipeline schedule as a Gantt chart: one row per pipeline stage, each forward, recompute
/// and backward block of a micro-batch (and model chunk, interleaved) where the step-time model
/// puts it, waiting shaded as the bubble, the point-to-point sends between stages drawn as
/// lines, the gradient reduction and the optimizer step at the end. The title gives the bubble
/// read off the drawn blocks beside the formula's. What it draws is a SchedulePicture.
class ScheduleView : public StepTimelineWidget
{
    Q_OBJECT

public:
    explicit ScheduleView(QWidget* parent = nullptr);

    /// The schedule's formula bubble: (p − 1)/(v·m + p − 1) (Narayanan et al. 2021), for ZB-H1
    /// (p − 1)/(3m + p − 1) (Qi et al. 2024); shown beside what the blocks give (< 0: not shown).
    void setFormulaBubble(double fraction);
    /// The stage whose row is emphasised (the memory timeline's), −1: none.
    void setSelectedStage(int stage);
    /// Draws the point-to-point sends (default on; off above 800 blocks either way).
    void setSendsVisible(bool visible);

    using Send = SchedulePicture::Send;
    /// Sends drawn: each is a (stage, phase) that waited for another stage's block.
    const std::vector<Send>& sends() const { return picture().sends(); }
    QString title() const { return picture().title(); }
    bool legendShown() const { return picture().legendShown(); }
    /// The title as drawn: one row, or two when it is wider than the view (a slide's type).
    const QStringList& titleRows() const { return picture().titleRows(); }

    QSize sizeHint() const override { return picture().sizeHint(); }
    QSize minimumSizeHint() const override { return picture().minimumSizeHint(); }

    /// The picture this view draws (a copy of it can be given a timeline elsewhere).
    SchedulePicture& picture() { return static_cast<SchedulePicture&>(basePicture()); }
    const SchedulePicture& picture() const { return static_cast<const SchedulePicture&>(basePicture()); }

signals:
    void stageClicked(int stage);

protected:
    void mousePressEvent(QMouseEvent* event) override;
};
