#include "app/planner/plannercontroller.h"

#include <QElapsedTimer>
#include <QThread>
#include <QTimer>

#include "core/rules/rules.h"

PlannerController::PlannerController(QObject* parent)
    : QObject(parent)
    , m_thread(new QThread(this))
    , m_worker(new QObject)
    , m_coalesce(new QTimer(this))
{
    m_thread->setObjectName(QStringLiteral("LayoutPlanner"));
    m_worker->moveToThread(m_thread);
    connect(m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    m_thread->start(QThread::LowPriority);
    m_coalesce->setSingleShot(true);
    m_coalesce->setInterval(0);
    connect(m_coalesce, &QTimer::timeout, this, &PlannerController::start);
}

PlannerController::~PlannerController()
{
    if (m_cancel)
        m_cancel->store(true);
    m_thread->quit();
    m_thread->wait();
}

bool PlannerController::samePlan(const core::Scenario& a, const core::Scenario& b)
{
    // The search does not depend on the scenario's own layout, nor on a stated MFU.
    core::Scenario x = a, y = b;
    core::applyLayout(core::PlanLayout{}, x);
    core::applyLayout(core::PlanLayout{}, y);
    core::timeWithStepModel(x);
    core::timeWithStepModel(y);
    return x == y;
}

void PlannerController::setScenario(const core::Scenario& scenario)
{
    m_scenario = scenario;
    if (!m_searchedValid || !samePlan(scenario, m_searched))
        schedule();
}

void PlannerController::setActive(bool active)
{
    if (m_active == active)
        return;
    m_active = active;
    if (active && (!m_searchedValid || !samePlan(m_scenario, m_searched)))
        schedule();
}

void PlannerController::setObjective(core::PlanObjective objective)
{
    if (m_objective == objective)
        return;
    m_objective = objective;
    m_searchedValid = false;
    schedule();
}

void PlannerController::setPins(const core::PlanPins& pins)
{
    m_pins = pins;
    m_searchedValid = false;
    schedule();
}

void PlannerController::cancel()
{
    if (m_cancel)
        m_cancel->store(true);
    ++m_job; // whatever is running now is stale
    m_searchedValid = false;
    if (m_busy) {
        m_busy = false;
        emit busyChanged(false);
    }
}

void PlannerController::schedule()
{
    if (m_active && !m_coalesce->isActive())
        m_coalesce->start();
}

void PlannerController::start()
{
    if (!m_active)
        return;
    if (m_cancel)
        m_cancel->store(true); // the running search is stale: stop it
    auto cancel = std::make_shared<std::atomic<bool>>(false);
    m_cancel = cancel;
    const quint64 job = ++m_job;
    m_searched = m_scenario;
    m_searchedValid = true;
    core::PlanRequest request;
    request.base = m_scenario;
    request.pins = m_pins;
    request.objective = m_objective;
    if (!m_busy) {
        m_busy = true;
        emit busyChanged(true);
    }
    QMetaObject::invokeMethod(m_worker, [this, job, request, cancel] {
        // Runs on the planner thread. A newer job cancelled this one: skip it early.
        if (cancel->load())
            return;
        QElapsedTimer clock;
        clock.start();
        auto result = std::make_shared<core::PlanResult>(core::plan(request, cancel.get(), [this, job, &clock](double done) {
            // Progress only for searches longer than a frame (16 ms): shorter ones just appear.
            if (clock.elapsed() > 16)
                QMetaObject::invokeMethod(this, [this, job, done] {
                    if (job == m_job)
                        emit progress(done);
                }, Qt::QueuedConnection);
        }));
        if (result->cancelled)
            return;
        QMetaObject::invokeMethod(this, [this, job, result] { deliver(job, result); }, Qt::QueuedConnection);
    }, Qt::QueuedConnection);
}

void PlannerController::deliver(quint64 job, std::shared_ptr<const core::PlanResult> result)
{
    if (job != m_job)
        return; // a newer search was started meanwhile: this result is stale
    m_result = std::move(result);
    m_resultScenario = m_searched;
    ++m_delivered;
    m_busy = false;
    emit busyChanged(false);
    emit resultChanged(m_result);
}
