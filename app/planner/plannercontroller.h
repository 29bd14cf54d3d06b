#pragma once

#include <QObject>
#include <atomic>
#include <memory>

#include "core/plan/planner.h"
#include "core/scenario.h"

class QThread;
class QTimer;

/// Runs the layout search off the GUI thread for the scenario the window shows: one search at a
/// time on a worker thread, a newer request cancels the running one, and a result that is not
/// the latest job's is dropped (Hotspot's job-id idea). Searches only while someone looks.
class PlannerController : public QObject
{
    Q_OBJECT

public:
    explicit PlannerController(QObject* parent = nullptr);
    ~PlannerController() override;

    /// The scenario to plan for; a search starts when the planner is active and anything but the
    /// layout changed (applying a layout does not start one).
    void setScenario(const core::Scenario& scenario);
    const core::Scenario& scenario() const { return m_scenario; }
    void setActive(bool active);
    bool isActive() const { return m_active; }
    void setObjective(core::PlanObjective objective);
    core::PlanObjective objective() const { return m_objective; }
    void setPins(const core::PlanPins& pins);
    /// Stops the running search (its result is dropped).
    void cancel();
    bool isBusy() const { return m_busy; }
    /// The latest finished search (null before the first).
    std::shared_ptr<const core::PlanResult> result() const { return m_result; }
    /// The scenario the latest result was searched for.
    const core::Scenario& resultScenario() const { return m_resultScenario; }
    /// Whether the latest result holds for the current scenario (all but its layout the same).
    bool resultIsCurrent() const { return m_result && samePlan(m_scenario, m_resultScenario); }
    /// Searches started and results delivered (tests).
    quint64 jobsStarted() const { return m_job; }
    quint64 resultsDelivered() const { return m_delivered; }

signals:
    void busyChanged(bool busy);
    /// Share of the running search done; only sent once it has run longer than a frame.
    void progress(double fraction);
    void resultChanged(std::shared_ptr<const core::PlanResult> result);

private:
    void schedule();
    void start();
    void deliver(quint64 job, std::shared_ptr<const core::PlanResult> result);
    static bool samePlan(const core::Scenario& a, const core::Scenario& b);

    core::Scenario m_scenario;
    core::Scenario m_resultScenario;
    core::Scenario m_searched;     ///< what the running or last search was for
    bool m_searchedValid = false;
    core::PlanObjective m_objective = core::PlanObjective::Time;
    core::PlanPins m_pins;
    bool m_active = false;
    bool m_busy = false;
    quint64 m_job = 0;
    quint64 m_delivered = 0;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    std::shared_ptr<const core::PlanResult> m_result;
    QThread* m_thread = nullptr;
    QObject* m_worker = nullptr;   ///< lives on m_thread: the context searches run in
    QTimer* m_coalesce = nullptr;  ///< a burst of changes starts one search
};
