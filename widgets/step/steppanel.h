#pragma once

#include <QWidget>
#include <memory>

#include "core/timeline/servingtimeline.h"
#include "core/timeline/steptimeline.h"
#include "widgets/displayformat.h"
#include "widgets/step/steptimelinewidget.h"

class MemoryTimelineView;
class QComboBox;
class QLabel;
class QPushButton;
class QSlider;
class QToolButton;
class ScheduleView;
class ServingTimelineView;
class QSplitter;
class StepCursor;

/// "See a step happen": the pipeline schedule above the memory of one stage (or of every
/// stage), one cursor through both, and the controls of a live demonstration — play / pause,
/// step to the next phase, speed, the schedule (as configured, or GPipe for contrast) and the
/// stage. Takes the timeline as a value; asks its owner for another schedule by a signal.
class StepPanel : public QWidget
{
    Q_OBJECT

public:
    explicit StepPanel(QWidget* parent = nullptr);

    /// The step to show, the GPU capacity and the formula's bubble for its schedule.
    void setTimeline(const core::StepTimeline& timeline, double capacityBytes, double formulaBubble);
    /// The same without a copy: both views share it.
    void setTimeline(std::shared_ptr<const core::StepTimeline> timeline, double capacityBytes, double formulaBubble);
    void setUnit(DisplayFormat::MemoryUnit unit);

    /// The next step shown, drawn on another thread (the step dock's planner): copies of the
    /// two views' pictures are given the step there and rendered, and showFrame() puts them on
    /// screen, or, if the panel changed meanwhile, sets the step as setTimeline() does.
    struct Frame
    {
        PictureWidget::Pending schedule, memory, serving;
        bool drawable = false; ///< the panel showed these views (with this many stages)
        int stages = 0;
        std::shared_ptr<const core::StepTimeline> timeline;
        std::shared_ptr<const core::ServingTimeline> servingTimeline;
        double capacityBytes = 0, formulaBubble = -1;
        double cursorFraction = 0; ///< the cursor keeps its share of the step (stepShown)
        /// What setTimeline does to the two views, on the copies, and their pictures rendered:
        /// any one thread.
        void render(std::shared_ptr<const core::StepTimeline> step, double capacityBytes, double formulaBubble);
        /// The same for a serving run (setServingTimeline).
        void render(std::shared_ptr<const core::ServingTimeline> run);
    };
    /// Copies of the views' pictures, for a step (or a serving run) to be drawn elsewhere (GUI
    /// thread).
    Frame prepareFrame(bool serving);
    void showFrame(Frame&& frame);

    /// A serving run instead of a training step: the serving timeline replaces the schedule and
    /// the memory timeline, the same cursor moves through its engine steps.
    void setServingTimeline(const core::ServingTimeline& timeline);
    void setServingTimeline(std::shared_ptr<const core::ServingTimeline> timeline);
    bool showsServing() const;
    /// No timeline to show, and why (serving mode, too many micro-batches to draw).
    void setUnavailable(const QString& reason);
    /// The schedule the panel shows: Megatron's (1F1B / interleaved, as configured) or GPipe.
    bool showsGPipe() const;
    /// The schedule the panel asks for: Megatron's for `virtualStages` chunks (as configured),
    /// or GPipe or ZB-H1 for contrast.
    core::PipelineScheduleKind requestedSchedule(int virtualStages) const;
    /// Picks GPipe or ZB-H1 for contrast, or (any other kind) the configured schedule.
    void showSchedule(core::PipelineScheduleKind kind);

    StepCursor* stepCursor() const { return m_cursor; }
    ScheduleView* scheduleView() const { return m_schedule; }
    MemoryTimelineView* memoryView() const { return m_memory; }
    ServingTimelineView* servingView() const { return m_serving; }
    QPushButton* playButton() const { return m_play; }
    QComboBox* stageCombo() const { return m_stage; }
    QToolButton* endsButton() const { return m_ends; }

signals:
    /// The user picked another schedule (requestedSchedule): the owner recomputes the timeline
    /// and calls setTimeline.
    void scheduleRequested();
    /// "Compare with a measured run…"
    void calibrationRequested();

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();
    void showPosition(double position);
    /// After the views took a step: the cursor keeps its share of it, the stops follow.
    void stepShown(const core::StepTimeline& timeline, double cursorFraction);
    void servingShown(const core::ServingTimeline& timeline, double cursorFraction);
    void chooseStage(int index);
    void updateStops();
    void fillStages();
    void showServing(bool serving);

    StepCursor* m_cursor = nullptr;
    ScheduleView* m_schedule = nullptr;
    MemoryTimelineView* m_memory = nullptr;
    ServingTimelineView* m_serving = nullptr;
    QSplitter* m_training = nullptr; ///< the schedule above the memory timeline
    QPushButton* m_play = nullptr;
    QToolButton* m_back = nullptr;
    QToolButton* m_forward = nullptr;
    QComboBox* m_speed = nullptr;
    QComboBox* m_scheduleKind = nullptr;
    QComboBox* m_stage = nullptr;
    QSlider* m_position = nullptr;
    QPushButton* m_calibrate = nullptr;
    QToolButton* m_ends = nullptr; ///< only the first and last micro-batches (the readable window)
    QLabel* m_speedLabel = nullptr;
    QLabel* m_scheduleLabel = nullptr;
    QLabel* m_stageLabel = nullptr;
    int m_stages = 0;
    int m_chosenStage = 0; ///< the stage the user picked (−1: every stage), kept while a layout has fewer
};
