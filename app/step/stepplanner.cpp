#include "app/step/stepplanner.h"

#include <QThread>

#include "core/pipeline.h"

StepPlanner::StepPlanner(QObject* parent) : QObject(parent), m_thread(new QThread(this)), m_worker(new QObject)
{
    m_thread->setObjectName(QStringLiteral("StepPlanner"));
    m_worker->moveToThread(m_thread);
    connect(m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    m_thread->start(); // normal priority: the re-plan is on the way to the repaint of a slider move
}

StepPlanner::~StepPlanner()
{
    m_thread->quit();
    m_thread->wait(); // the job in flight ends; its queued result dies with this object
}

void StepPlanner::start(Job job)
{
    const quint64 id = ++m_job;
    ++m_running;
    auto shared = std::make_shared<Job>(std::move(job));
    QMetaObject::invokeMethod(
        m_worker,
        [this, id, shared] {
            // On the planner's thread. The core is pure: the job reads its own scenario copy
            // and writes only its own timeline. A newer job has come meanwhile: skip this one.
            const bool stale = id != m_job.load();
            if (!stale && shared->serving) {
                core::servingTimeline(shared->scenario, *shared->serve);
                shared->frame.render(std::shared_ptr<const core::ServingTimeline>(shared->serve));
            }
            else if (!stale) {
                core::stepTimeline(shared->scenario, shared->kind, *shared->step);
                // the views' pictures too: each copy is this job's alone until delivered
                shared->frame.render(shared->step, shared->capacityBytes, formulaBubble(*shared->step));
            }
            QMetaObject::invokeMethod(this, [this, id, shared] { deliver(id, shared); }, Qt::QueuedConnection);
        },
        Qt::QueuedConnection);
}

void StepPlanner::deliver(quint64 id, std::shared_ptr<Job> job)
{
    --m_running;
    if (id != m_job)
        return; // a newer job was started, or the caller planned it itself: stale
    emit planned(std::move(job));
}

double StepPlanner::formulaBubble(const core::StepTimeline& t)
{
    const int p = int(t.stages.size()), m = t.microBatches;
    if (!t.valid)
        return -1;
    if (t.schedule == core::PipelineScheduleKind::ZeroBubbleH1)
        return m >= p ? core::zeroBubbleH1Bubble(p, m, 1, 1, 1) : -1;
    return core::bubbleFraction(p, t.virtualStages, m);
}
