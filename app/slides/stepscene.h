#pragma once

#include <QWidget>

#include "core/estimate.h"
#include "core/scenario.h"
#include "core/timeline/servingtimeline.h"
#include "core/timeline/steptimeline.h"
#include "widgets/displayformat.h"

class MemoryTimelineView;
class ScheduleView;
class ServingTimelineView;
class StepCursor;

/// The animated scene of a slide: the pipeline schedule above stage 0's memory through the
/// step, one cursor through both, played by a StepCursor (60 frames a second); for a serving
/// scenario the serving run instead (memory as the batch fills and the context grows, the KV
/// blocks appearing). The same widgets the window's step dock shows, without its controls: a
/// presentation plays it (P), an export renders its frames. Takes a scenario and its
/// estimate; plans the timeline itself.
class StepScene : public QWidget
{
    Q_OBJECT

public:
    explicit StepScene(QWidget* parent = nullptr);

    /// Re-plans the step for `scenario` (the cursor keeps its share of the step). A serving
    /// scenario, an invalid one or one of too many micro-batches to draw shows why instead.
    void setScenario(const core::Scenario& scenario, const core::Estimate& estimate);
    void setUnit(DisplayFormat::MemoryUnit unit);

    /// A step or a serving run is drawn (valid, drawable).
    bool hasTimeline() const { return m_timeline.valid || m_servingTimeline.valid; }
    /// The serving run is shown (a serving scenario), not the training step.
    bool showsServing() const { return m_servingShown; }
    const core::StepTimeline& timeline() const { return m_timeline; }
    /// The step's length in timeline units (0: nothing drawn).
    double length() const;
    double position() const;
    /// Moves the cursor of both views (clamped to the step).
    void setPosition(double position);
    /// The cursor at stage 0's peak, as the still slide and the step dock's screenshot show it.
    void showPeak();

    StepCursor* cursor() const { return m_cursor; }
    ScheduleView* scheduleView() const { return m_schedule; }
    MemoryTimelineView* memoryView() const { return m_memory; }
    ServingTimelineView* servingView() const { return m_serving; }

    /// Above this many micro-batches × chunks per stage a step is not drawn (as in the dock).
    static constexpr std::int64_t kMaxDrawn = 1024;

protected:
    void changeEvent(QEvent* event) override;

private:
    void showPosition(double position);
    void updateReason();

    StepCursor* m_cursor = nullptr;
    ScheduleView* m_schedule = nullptr;
    MemoryTimelineView* m_memory = nullptr;
    ServingTimelineView* m_serving = nullptr;
    core::StepTimeline m_timeline;
    core::ServingTimeline m_servingTimeline;
    bool m_servingShown = false;
    std::int64_t m_tooMany = 0; ///< micro-batches per step of a step too long to draw, or 0
    int m_tooManyStages = 0; ///< pipeline stages, when more than core::kMaxTimelineStages (no step is listed)
};
