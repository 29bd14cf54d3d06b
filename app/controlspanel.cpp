#include "app/controlspanel.h"

#include <QEvent>
#include <QScrollBar>
#include <QVBoxLayout>

#include "app/batchcontrols.h"
#include "app/hardwarecontrols.h"
#include "app/modelcontrols.h"
#include "app/parallelcontrols.h"
#include "app/precisioncontrols.h"
#include "app/scenariocontroller.h"
#include "widgets/collapsiblesection.h"

ControlsPanel::ControlsPanel(ScenarioController* controller, QWidget* parent)
    : QScrollArea(parent)
    , m_model(new ModelControls(controller))
    , m_batch(new BatchControls(controller))
    , m_precision(new PrecisionControls(controller))
    , m_parallel(new ParallelControls(controller))
    , m_hardware(new HardwareControls(controller))
{
    auto* content = new QWidget(this);
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(6, 4, 6, 6);
    layout->setSpacing(2);
    m_controls = {m_model, m_batch, m_precision, m_parallel, m_hardware};
    for (ControlSection* controls : std::as_const(m_controls)) {
        auto* section = new CollapsibleSection(content);
        section->contentLayout()->addWidget(controls);
        layout->addWidget(section);
        m_sections.push_back(section);
        connect(controller, &ScenarioController::scenarioChanged, controls, &ControlSection::setScenario);
        connect(controller, &ScenarioController::issuesChanged, controls,
                [controls](bool, const std::vector<core::Issue>& issues) { controls->setIssues(issues); });
        controls->setScenario(controller->scenario());
    }
    layout->addStretch(1);
    setWidget(content);
    setWidgetResizable(true);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setFrameShape(QFrame::NoFrame);
    retranslateUi();
    // No horizontal scrolling: the panel is never narrower than its controls.
    setMinimumWidth(content->minimumSizeHint().width() + verticalScrollBar()->sizeHint().width());
}

QSize ControlsPanel::sizeHint() const
{
    const int em = fontMetrics().height();
    return QSize(em * 20, em * 40);
}

void ControlsPanel::retranslateUi()
{
    for (int i = 0; i < m_controls.size(); ++i)
        m_sections[i]->setTitle(m_controls[i]->title());
}

void ControlsPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QScrollArea::changeEvent(event);
}
