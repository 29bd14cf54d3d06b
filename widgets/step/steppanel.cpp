#include "widgets/step/steppanel.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QShortcut>
#include <QSignalBlocker>
#include <QSlider>
#include <QSplitter>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>
#include <cmath>

#include "widgets/step/memorytimelineview.h"
#include "widgets/step/scheduleview.h"
#include "widgets/step/servingtimelineview.h"
#include "widgets/step/stepcursor.h"

namespace {
constexpr int kSliderSteps = 1000;
constexpr double kSpeeds[] = {0.25, 0.5, 1, 2, 4};
} // namespace

StepPanel::StepPanel(QWidget* parent)
    : QWidget(parent)
    , m_cursor(new StepCursor(this))
    , m_schedule(new ScheduleView(this))
    , m_memory(new MemoryTimelineView(this))
    , m_serving(new ServingTimelineView(this))
    , m_play(new QPushButton(this))
    , m_back(new QToolButton(this))
    , m_forward(new QToolButton(this))
    , m_speed(new QComboBox(this))
    , m_scheduleKind(new QComboBox(this))
    , m_stage(new QComboBox(this))
    , m_position(new QSlider(Qt::Horizontal, this))
    , m_calibrate(new QPushButton(this))
    , m_ends(new QToolButton(this))
    , m_speedLabel(new QLabel(this))
    , m_scheduleLabel(new QLabel(this))
    , m_stageLabel(new QLabel(this))
{
    setObjectName(QStringLiteral("StepPanel"));
    m_play->setObjectName(QStringLiteral("StepPlay"));
    m_back->setIcon(style()->standardIcon(QStyle::SP_MediaSeekBackward));
    m_forward->setIcon(style()->standardIcon(QStyle::SP_MediaSeekForward));
    for (double s : kSpeeds)
        m_speed->addItem(QString(), s);
    m_speed->setCurrentIndex(2);
    m_scheduleKind->addItem(QString());
    m_scheduleKind->addItem(QString());
    m_scheduleKind->addItem(QString());
    m_ends->setObjectName(QStringLiteral("StepEnds"));
    m_ends->setCheckable(true);
    m_ends->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_position->setRange(0, kSliderSteps);
    m_position->setMinimumWidth(160);

    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(6, 4, 6, 0);
    bar->addWidget(m_play);
    bar->addWidget(m_back);
    bar->addWidget(m_forward);
    bar->addWidget(m_position, 1);
    bar->addWidget(m_speedLabel);
    bar->addWidget(m_speed);
    bar->addSpacing(8);
    bar->addWidget(m_scheduleLabel);
    bar->addWidget(m_scheduleKind);
    bar->addSpacing(8);
    bar->addWidget(m_stageLabel);
    bar->addWidget(m_stage);
    bar->addWidget(m_ends);
    bar->addSpacing(8);
    bar->addWidget(m_calibrate);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_schedule);
    split->addWidget(m_memory);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setChildrenCollapsible(false);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(bar);
    layout->addWidget(split, 1);
    layout->addWidget(m_serving, 1);
    m_training = split;
    m_serving->hide();

    connect(m_play, &QPushButton::clicked, m_cursor, &StepCursor::togglePlay);
    connect(m_back, &QToolButton::clicked, m_cursor, &StepCursor::stepBack);
    connect(m_forward, &QToolButton::clicked, m_cursor, &StepCursor::stepForward);
    auto* space = new QShortcut(QKeySequence(Qt::Key_Space), this, nullptr, nullptr, Qt::WidgetWithChildrenShortcut);
    connect(space, &QShortcut::activated, m_cursor, &StepCursor::togglePlay);
    connect(m_speed, &QComboBox::currentIndexChanged, this, [this](int i) { m_cursor->setSpeed(m_speed->itemData(i).toDouble()); });
    connect(m_cursor, &StepCursor::positionChanged, this, &StepPanel::showPosition);
    connect(m_cursor, &StepCursor::playingChanged, this, [this] { retranslateUi(); });
    connect(m_position, &QSlider::valueChanged, this, [this](int v) { m_cursor->setPosition(m_cursor->length() * v / kSliderSteps); });
    connect(m_schedule, &StepTimelineWidget::cursorDragged, m_cursor, &StepCursor::setPosition);
    connect(m_memory, &StepTimelineWidget::cursorDragged, m_cursor, &StepCursor::setPosition);
    connect(m_serving, &ServingTimelineView::cursorDragged, m_cursor, &StepCursor::setPosition);
    connect(m_schedule, &ScheduleView::stageClicked, this, [this](int stage) {
        if (m_stage->currentIndex() != stage + 1 && m_stage->currentIndex() != 0)
            m_stage->setCurrentIndex(stage + 1);
    });
    connect(m_stage, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_chosenStage = index <= 0 ? -1 : index - 1; // the user's choice (fillStages blocks the signal)
        chooseStage(index);
    });
    connect(m_scheduleKind, &QComboBox::currentIndexChanged, this, [this] { emit scheduleRequested(); });
    connect(m_calibrate, &QPushButton::clicked, this, &StepPanel::calibrationRequested);
    connect(m_ends, &QToolButton::toggled, this, [this](bool on) {
        const double fraction = m_cursor->length() > 0 ? m_cursor->position() / m_cursor->length() : 0;
        m_schedule->setReadableWindow(on);
        m_memory->setReadableWindow(on);
        stepShown(m_schedule->timeline(), fraction);
    });
    retranslateUi();
}

bool StepPanel::showsGPipe() const { return m_scheduleKind->currentIndex() == 1; }

void StepPanel::showSchedule(core::PipelineScheduleKind kind)
{
    m_scheduleKind->setCurrentIndex(kind == core::PipelineScheduleKind::GPipe ? 1 : kind == core::PipelineScheduleKind::ZeroBubbleH1 ? 2 : 0);
}

core::PipelineScheduleKind StepPanel::requestedSchedule(int virtualStages) const
{
    switch (m_scheduleKind->currentIndex()) {
    case 1: return core::PipelineScheduleKind::GPipe;
    case 2: return core::PipelineScheduleKind::ZeroBubbleH1;
    default: return core::megatronSchedule(virtualStages);
    }
}

void StepPanel::setTimeline(const core::StepTimeline& timeline, double capacityBytes, double formulaBubble)
{
    setTimeline(std::make_shared<const core::StepTimeline>(timeline), capacityBytes, formulaBubble);
}

void StepPanel::setTimeline(std::shared_ptr<const core::StepTimeline> shared, double capacityBytes, double formulaBubble)
{
    if (!shared)
        shared = std::make_shared<const core::StepTimeline>();
    const core::StepTimeline& timeline = *shared;
    showServing(false);
    if (timeline.valid) {
        m_schedule->setEmptyText({});
        m_memory->setEmptyText({});
    }
    const double fraction = m_cursor->length() > 0 ? m_cursor->position() / m_cursor->length() : 0;
    m_schedule->setTimeline(shared);
    m_schedule->setFormulaBubble(formulaBubble);
    m_memory->setTimeline(shared);
    m_memory->setCapacity(capacityBytes);
    if (int(timeline.stages.size()) != m_stages) {
        m_stages = int(timeline.stages.size());
        fillStages();
    }
    stepShown(timeline, fraction);
}

void StepPanel::stepShown(const core::StepTimeline& timeline, double fraction)
{
    m_cursor->setLength(timeline.valid ? timeline.length : 0);
    const core::TimelineCut& cut = m_schedule->axisCut();
    m_cursor->setSkip(cut.valid ? cut.from : 0, cut.valid ? cut.to : 0);
    // keep the cursor at the same share of the step when the step changes length
    m_cursor->setPosition(fraction * m_cursor->length());
    showPosition(m_cursor->position());
    updateStops();
}

StepPanel::Frame StepPanel::prepareFrame(bool serving)
{
    Frame f;
    f.cursorFraction = m_cursor->length() > 0 ? m_cursor->position() / m_cursor->length() : 0;
    if (serving) { // the serving view as it is on screen
        f.drawable = showsServing() && m_serving->isVisible();
        if (f.drawable)
            f.serving = m_serving->snapshot();
        return f;
    }
    // Only the views as they are on screen, with the stages they list: a step with another
    // number of stages refills the stage picker first (setTimeline, here).
    f.drawable = !showsServing() && m_training->isVisible();
    f.stages = m_stages;
    if (f.drawable) {
        f.schedule = m_schedule->snapshot();
        f.memory = m_memory->snapshot();
    }
    return f;
}

void StepPanel::Frame::render(std::shared_ptr<const core::StepTimeline> step, double capacity, double formula)
{
    timeline = step ? std::move(step) : std::make_shared<const core::StepTimeline>();
    capacityBytes = capacity;
    formulaBubble = formula;
    if (!drawable || int(timeline->stages.size()) != stages)
        return;
    SchedulePicture& s = static_cast<SchedulePicture&>(*schedule.picture);
    MemoryTimelinePicture& m = static_cast<MemoryTimelinePicture&>(*memory.picture);
    if (timeline->valid) {
        s.setEmptyText({});
        m.setEmptyText({});
    }
    s.setTimeline(timeline);
    s.setFormulaBubble(formula);
    m.setTimeline(timeline);
    m.setCapacity(capacity);
    s.setCursor(cursorFraction * s.length());
    m.setCursor(cursorFraction * m.length());
    schedule.render();
    memory.render();
}

void StepPanel::Frame::render(std::shared_ptr<const core::ServingTimeline> run)
{
    servingTimeline = run ? std::move(run) : std::make_shared<const core::ServingTimeline>();
    if (!drawable)
        return;
    ServingPicture& s = static_cast<ServingPicture&>(*serving.picture);
    if (servingTimeline->valid)
        s.setEmptyText({});
    s.setTimeline(servingTimeline);
    s.setCursor(cursorFraction * s.length()); // where the panel will put it
    serving.render();
}

void StepPanel::showFrame(Frame&& f)
{
    if (f.servingTimeline) {
        if (!f.drawable || !showsServing()) {
            setServingTimeline(f.servingTimeline);
            return;
        }
        const double fraction = m_cursor->length() > 0 ? m_cursor->position() / m_cursor->length() : 0;
        if (!m_serving->adopt(std::move(f.serving))) {
            if (f.servingTimeline->valid)
                m_serving->setEmptyText({});
            m_serving->setTimeline(f.servingTimeline);
        }
        servingShown(*f.servingTimeline, fraction);
        return;
    }
    if (!f.timeline)
        return;
    const core::StepTimeline& timeline = *f.timeline;
    if (!f.drawable || showsServing() || int(timeline.stages.size()) != m_stages) {
        setTimeline(f.timeline, f.capacityBytes, f.formulaBubble);
        return;
    }
    const double fraction = m_cursor->length() > 0 ? m_cursor->position() / m_cursor->length() : 0;
    // each view takes its picture if it is as it was when copied, else draws the step itself
    if (!m_schedule->adopt(std::move(f.schedule))) {
        if (timeline.valid)
            m_schedule->setEmptyText({});
        m_schedule->setTimeline(f.timeline);
        m_schedule->setFormulaBubble(f.formulaBubble);
    }
    if (!m_memory->adopt(std::move(f.memory))) {
        if (timeline.valid)
            m_memory->setEmptyText({});
        m_memory->setTimeline(f.timeline);
        m_memory->setCapacity(f.capacityBytes);
    }
    stepShown(timeline, fraction);
}

void StepPanel::setServingTimeline(const core::ServingTimeline& timeline)
{
    setServingTimeline(std::make_shared<const core::ServingTimeline>(timeline));
}

void StepPanel::setServingTimeline(std::shared_ptr<const core::ServingTimeline> shared)
{
    if (!shared)
        shared = std::make_shared<const core::ServingTimeline>();
    showServing(true);
    const double fraction = m_cursor->length() > 0 ? m_cursor->position() / m_cursor->length() : 0;
    if (shared->valid)
        m_serving->setEmptyText({});
    m_serving->setTimeline(shared);
    servingShown(*shared, fraction);
}

void StepPanel::servingShown(const core::ServingTimeline& timeline, double fraction)
{
    m_cursor->setLength(timeline.valid ? timeline.length() : 0);
    m_cursor->setSkip(0, 0);
    m_cursor->setPosition(fraction * m_cursor->length());
    showPosition(m_cursor->position());
    updateStops();
}

bool StepPanel::showsServing() const { return !m_serving->isHidden(); }

void StepPanel::showServing(bool serving)
{
    // the schedule and the stage mean nothing to a serving run
    m_serving->setVisible(serving);
    m_training->setVisible(!serving);
    for (QWidget* w : {static_cast<QWidget*>(m_scheduleKind), static_cast<QWidget*>(m_scheduleLabel), static_cast<QWidget*>(m_stage),
                       static_cast<QWidget*>(m_stageLabel)})
        w->setVisible(!serving);
}

void StepPanel::setUnit(DisplayFormat::MemoryUnit unit)
{
    m_memory->setUnit(unit);
    m_serving->setUnit(unit);
}

void StepPanel::setUnavailable(const QString& reason)
{
    m_cursor->pause();
    m_schedule->setEmptyText(reason);
    m_memory->setEmptyText(reason);
    m_serving->setEmptyText(reason);
    m_serving->setTimeline(core::ServingTimeline{});
    setTimeline(core::StepTimeline{}, 0, -1);
}

void StepPanel::fillStages()
{
    const QSignalBlocker block(m_stage);
    m_stage->clear();
    m_stage->addItem(QString()); // every stage
    for (int i = 0; i < m_stages; ++i)
        m_stage->addItem(QString());
    // The stage the user chose, not whatever the list held last: a drag through a layout with
    // no step to draw (zero stages) or with fewer stages must not leave the view on "every
    // stage" or on the last one when the stages come back.
    m_stage->setCurrentIndex(m_stages == 0 ? 0 : m_chosenStage < 0 ? 0 : std::min(m_chosenStage, m_stages - 1) + 1);
    chooseStage(m_stage->currentIndex());
    retranslateUi();
}

void StepPanel::chooseStage(int index)
{
    const int stage = index <= 0 ? -1 : index - 1;
    m_memory->setStage(stage);
    m_schedule->setSelectedStage(stage);
    updateStops();
}

void StepPanel::updateStops()
{
    std::vector<double> stops;
    if (showsServing()) { // a moment is a prefill chunk or a block's worth of decode steps
        const core::ServingTimeline& st = m_serving->timeline();
        for (const core::ServingMoment& m : st.moments)
            stops.push_back(m.start());
        if (st.valid)
            stops.push_back(st.length());
        m_cursor->setStops(std::move(stops));
        return;
    }
    const core::StepTimeline& t = m_memory->timeline();
    const int stage = std::max(0, m_memory->stage());
    if (t.valid && stage < int(t.stages.size()))
        for (const core::TimelinePhase& ph : t.stages[std::size_t(stage)].phases)
            stops.push_back(ph.start);
    if (t.valid)
        stops.push_back(t.length);
    m_cursor->setStops(std::move(stops));
}

void StepPanel::showPosition(double position)
{
    m_schedule->setCursorPosition(position);
    m_memory->setCursorPosition(position);
    m_serving->setCursorPosition(position);
    const QSignalBlocker block(m_position);
    m_position->setValue(m_cursor->length() > 0 ? int(std::lround(position / m_cursor->length() * kSliderSteps)) : 0);
}

void StepPanel::retranslateUi()
{
    m_play->setText(m_cursor->isPlaying() ? tr("Pause") : tr("Play"));
    m_play->setIcon(style()->standardIcon(m_cursor->isPlaying() ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
    m_play->setToolTip(tr("Play the step (Space)"));
    m_back->setToolTip(tr("Back to the previous phase"));
    m_forward->setToolTip(tr("On to the next phase"));
    m_position->setToolTip(tr("Where in the step"));
    m_speedLabel->setText(tr("Speed"));
    for (int i = 0; i < m_speed->count(); ++i)
        m_speed->setItemText(i, tr("%1×").arg(QLocale().toString(m_speed->itemData(i).toDouble())));
    m_scheduleLabel->setText(tr("Schedule"));
    m_scheduleKind->setItemText(0, tr("As configured (1F1B / interleaved)"));
    m_scheduleKind->setItemText(1, tr("GPipe, for contrast"));
    m_scheduleKind->setItemText(2, tr("Zero bubble ZB-H1, for contrast"));
    m_stageLabel->setText(tr("Memory of"));
    if (m_stage->count() > 0)
        m_stage->setItemText(0, tr("Every stage"));
    for (int i = 1; i < m_stage->count(); ++i)
        m_stage->setItemText(i, tr("Stage %1").arg(i - 1));
    m_calibrate->setText(tr("Compare with a measured run…"));
    m_ends->setText(tr("Ends only"));
    m_ends->setToolTip(tr("Draw the first and last micro-batches only, the steady state between them cut from the time axis "
                          "(for steps of hundreds of micro-batches: slides and the presentation do so)"));
}

void StepPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}
