#include "app/slides/stepscene.h"

#include <QEvent>
#include <QVBoxLayout>
#include <algorithm>

#include "core/pipeline.h"
#include "widgets/step/memorytimelineview.h"
#include "widgets/step/scheduleview.h"
#include "widgets/step/servingtimelineview.h"
#include "widgets/step/stepcursor.h"

StepScene::StepScene(QWidget* parent)
    : QWidget(parent)
    , m_cursor(new StepCursor(this))
    , m_schedule(new ScheduleView(this))
    , m_memory(new MemoryTimelineView(this))
    , m_serving(new ServingTimelineView(this))
{
    setObjectName(QStringLiteral("StepScene"));
    auto* column = new QVBoxLayout(this);
    column->setContentsMargins(0, 0, 0, 0);
    column->addWidget(m_schedule, 2);
    column->addWidget(m_memory, 3);
    column->addWidget(m_serving, 5);
    m_serving->hide();
    m_schedule->setSelectedStage(0);
    // A slide shows a long step's first and last micro-batches, not a wall of 512 (issue 31).
    m_schedule->setReadableWindow(true);
    m_memory->setReadableWindow(true);
    connect(m_cursor, &StepCursor::positionChanged, this, &StepScene::showPosition);
    connect(m_schedule, &ScheduleView::cursorDragged, m_cursor, &StepCursor::setPosition);
    connect(m_memory, &MemoryTimelineView::cursorDragged, m_cursor, &StepCursor::setPosition);
    connect(m_serving, &ServingTimelineView::cursorDragged, m_cursor, &StepCursor::setPosition);
}

void StepScene::setUnit(DisplayFormat::MemoryUnit unit)
{
    m_memory->setUnit(unit);
    m_serving->setUnit(unit);
}

void StepScene::setScenario(const core::Scenario& scenario, const core::Estimate& estimate)
{
    const double share = m_cursor->length() > 0 ? m_cursor->position() / m_cursor->length() : 0;
    const bool serving = scenario.mode == core::Mode::Inference;
    if (serving != m_servingShown) {
        m_servingShown = serving;
        m_serving->setVisible(serving);
        m_schedule->setVisible(!serving);
        m_memory->setVisible(!serving);
    }
    if (serving) {
        // The serving run: engine steps from the first prefill to the last decode.
        m_tooMany = 0;
        m_timeline = core::StepTimeline{};
        core::servingTimeline(scenario, m_servingTimeline);
        m_serving->setTimeline(m_servingTimeline);
        if (!m_servingTimeline.valid)
            m_cursor->pause();
        m_cursor->setLength(m_servingTimeline.valid ? m_servingTimeline.length() : 0);
        m_cursor->setSkip(0, 0);
        m_cursor->setPosition(share * m_cursor->length());
        showPosition(m_cursor->position());
        return;
    }
    m_servingTimeline = core::ServingTimeline{};
    const std::int64_t chunks = estimate.microBatchesPerStep * std::max(1, scenario.parallel.virtualPipeline);
    m_tooMany = estimate.valid && scenario.mode != core::Mode::Inference && chunks > kMaxDrawn ? estimate.microBatchesPerStep : 0;
    m_tooManyStages = estimate.valid && scenario.parallel.pipeline > core::kMaxTimelineStages ? scenario.parallel.pipeline : 0;
    m_timeline = m_tooMany > 0 || m_tooManyStages > 0 ? core::StepTimeline{} : core::stepTimeline(scenario);
    updateReason();
    m_schedule->setTimeline(m_timeline);
    // Narayanan et al. 2021 §2.2: (p − 1)/(v·m + p − 1), beside the bubble the blocks give.
    m_schedule->setFormulaBubble(m_timeline.valid ? core::bubbleFraction(int(m_timeline.stages.size()), m_timeline.virtualStages, m_timeline.microBatches)
                                                  : -1);
    m_memory->setTimeline(m_timeline);
    double capacity = 0;
    for (const core::RankGroup& g : estimate.groups)
        capacity = std::max(capacity, g.capacityBytes);
    m_memory->setCapacity(capacity);
    if (!m_timeline.valid)
        m_cursor->pause();
    m_cursor->setLength(m_timeline.valid ? m_timeline.length : 0);
    const core::TimelineCut& cut = m_schedule->axisCut();
    m_cursor->setSkip(cut.valid ? cut.from : 0, cut.valid ? cut.to : 0);
    m_cursor->setPosition(share * m_cursor->length());
    showPosition(m_cursor->position());
}

double StepScene::length() const
{
    return m_cursor->length();
}

double StepScene::position() const
{
    return m_cursor->position();
}

void StepScene::setPosition(double position)
{
    m_cursor->setPosition(position);
    showPosition(m_cursor->position());
}

void StepScene::showPeak()
{
    if (m_servingShown) {
        if (m_servingTimeline.valid)
            setPosition(m_serving->peakPosition());
        return;
    }
    const MemoryTimelineView::PeakMark peak = m_memory->peakMark(0);
    if (peak.valid)
        setPosition(peak.time);
}

void StepScene::updateReason()
{
    //: step scene; %1 = micro-batches per step, %2 = the most drawn
    QString reason = m_tooMany > 0 ? tr("%1 micro-batches per step: too many to draw one by one (up to %2).").arg(m_tooMany).arg(kMaxDrawn) : QString();
    if (m_tooManyStages > 0)
        //: step scene; %1 = pipeline stages, %2 = the most drawn
        reason = tr("%1 pipeline stages: too many to draw one by one (up to %2).").arg(m_tooManyStages).arg(core::kMaxTimelineStages);
    m_schedule->setEmptyText(reason);
    m_memory->setEmptyText(reason);
}

void StepScene::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        updateReason();
    QWidget::changeEvent(event);
}

void StepScene::showPosition(double position)
{
    m_schedule->setCursorPosition(position);
    m_memory->setCursorPosition(position);
    m_serving->setCursorPosition(position);
}
