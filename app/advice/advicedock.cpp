#include "app/advice/advicedock.h"

#include <QEvent>
#include <algorithm>
#include <QToolButton>

#include "app/scenariocontroller.h"
#include "core/advice/nearestlayouts.h"
#include "widgets/advice/advicepanel.h"
#include "widgets/advice/advicetext.h"

AdviceDock::AdviceDock(ScenarioController* controller, QWidget* parent)
    : QDockWidget(parent)
    , m_controller(controller)
    , m_panel(new AdvicePanel(this))
    , m_button(new QToolButton(parent))
{
    setObjectName(QStringLiteral("AdviceDock"));
    setWidget(m_panel);
    m_button->setAutoRaise(true);
    m_button->setVisible(false);
    connect(m_button, &QToolButton::clicked, this, [this] {
        show();
        raise();
        update();
    });
    // The advisor runs ~10–50 estimates (bench_advise: under 50 µs): only while it is shown.
    connect(controller, &ScenarioController::estimateChanged, this, [this](const core::Estimate& e) {
        bool fits = true;
        for (const core::RankGroup& g : e.groups)
            fits = fits && g.fits;
        m_fits = fits;
        updateButton();
        if (isVisible())
            update();
    });
    connect(controller, &ScenarioController::issuesChanged, this, [this](bool valid, const std::vector<core::Issue>& issues) {
        m_valid = valid;
        // The goodput's own suggestions (core/goodput/run.cpp, a point of goodput or more): the
        // advisor would list the run's remedies, without running it on every estimate here.
        m_runAdvice = std::any_of(issues.begin(), issues.end(), [](const core::Issue& i) {
            return i.code == core::IssueCode::CheckpointIntervalNotOptimal || i.code == core::IssueCode::AsyncCheckpointWouldHelp;
        });
        updateButton();
        if (!valid && isVisible())
            update();
    });
    connect(this, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (visible)
            update();
    });
    connect(m_panel, &AdvicePanel::evenIfFitsChanged, this, &AdviceDock::update);
    connect(m_panel, &AdvicePanel::remedyChosen, this, &AdviceDock::apply);
    retranslateUi();
}

void AdviceDock::update()
{
    core::AdviceOptions options;
    options.evenIfFits = m_panel->evenIfFits();
    core::advise(m_controller->scenario(), m_advice, options);
    m_panel->setAdvice(m_advice);
    m_panel->setNearestLayouts(m_advice.valid ? std::vector<core::Remedy>{} : core::nearestValidLayouts(m_controller->scenario()));
}

void AdviceDock::apply(int index)
{
    const core::Remedy* r = m_panel->remedy(index);
    if (!r)
        return;
    // The fields the advisor changed, each through the controller's set(field, value), as one
    // undo step: the scenario it estimated (tst_advice checks the fields give that scenario).
    std::vector<std::pair<core::Field, core::FieldValue>> values;
    values.reserve(r->changes.size());
    for (const core::ScenarioChange& c : r->changes)
        values.emplace_back(c.field, c.value);
    //: undo text; %1 = the remedy ("Full activation checkpointing")
    m_controller->setFields(values, tr("Apply “%1”").arg(AdviceText::title(*r)));
}

void AdviceDock::updateButton()
{
    m_button->setVisible(m_valid && (!m_fits || m_runAdvice));
    if (!m_fits) {
        m_button->setText(tr("What to try first…"));
        m_button->setToolTip(tr("It does not fit: the changes to try, in order, each with what it saves and costs"));
    } else {
        m_button->setText(tr("A shorter run…"));
        m_button->setToolTip(tr("It fits, and a checkpoint change would shorten the run by at least a point of goodput: "
                                "what each change gains"));
    }
}

void AdviceDock::retranslateUi()
{
    setWindowTitle(tr("What to Try First"));
    toggleViewAction()->setText(tr("What to Try &First"));
    updateButton();
}

void AdviceDock::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QDockWidget::changeEvent(event);
}
