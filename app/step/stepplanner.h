#pragma once

#include <QObject>
#include <atomic>
#include <memory>

#include "core/scenario.h"
#include "core/timeline/servingtimeline.h"
#include "core/timeline/steptimeline.h"
#include "widgets/step/steppanel.h"

class QThread;

/// Plans the step the Step dock draws (core::stepTimeline, or core::servingTimeline for a
/// serving run) on a thread of its own, so that the re-plan after a slider move runs on the
/// second core while the GUI thread repaints the explorer's charts. One job at a time; a job
/// started while another runs makes the running one stale, and a stale job's result is
/// dropped (the job-id idea of PlannerController, after Hotspot). The timeline a job fills is
/// handed in and out: the caller keeps the storage (no allocation per slider move) and touches
/// it only when planned() has given it back. A training job also renders the step views'
/// next pictures there (StepPanel::Frame), so that the GUI thread only shows them.
class StepPlanner : public QObject
{
    Q_OBJECT

public:
    explicit StepPlanner(QObject* parent = nullptr);
    /// Waits for the job in flight (a few milliseconds at most).
    ~StepPlanner() override;

    /// What a job plans and into what.
    struct Job
    {
        core::Scenario scenario;
        core::PipelineScheduleKind kind = core::PipelineScheduleKind::OneFOneB;
        bool serving = false;                     ///< a serving run: fills `serving`, not `step`
        std::shared_ptr<core::StepTimeline> step; ///< filled in place (its storage reused)
        std::shared_ptr<core::ServingTimeline> serve;
        double capacityBytes = 0;                 ///< the capacity line the step is drawn with
        StepPanel::Frame frame;                   ///< rendered with the step or run
    };
    /// The bubble the schedule's formula gives for a planned step: Narayanan et al. 2021 §2.2
    /// (p − 1)/(v·m + p − 1) (GPipe and 1F1B: v = 1); ZB-H1, Qi et al. 2024 §2.1 with
    /// T_F = T_B = T_W, (p − 1)/(3m + p − 1) for m ≥ p; −1: none.
    static double formulaBubble(const core::StepTimeline& timeline);
    /// Starts planning `job` on the planner's thread; what is still running becomes stale.
    void start(Job job);
    /// Makes the job in flight stale (its result will be dropped), e.g. because the caller
    /// planned the same step itself.
    void cancel() { ++m_job; }
    /// A job is running (or its result has not been delivered yet).
    bool isBusy() const { return m_running > 0; }

signals:
    /// The latest job's result, on the GUI thread; stale jobs send nothing.
    void planned(std::shared_ptr<StepPlanner::Job> job);

private:
    void deliver(quint64 id, std::shared_ptr<Job> job);

    QThread* m_thread = nullptr;
    QObject* m_worker = nullptr; ///< lives on m_thread: the context jobs run in
    std::atomic<quint64> m_job{0}; ///< the latest job's id (read by the thread: skip stale jobs)
    int m_running = 0;           ///< jobs started and not yet delivered (or dropped)
};
