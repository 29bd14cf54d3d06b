#include "app/controls/controlspanel.h"

#include <QEvent>
#include <QScrollBar>
#include <QVBoxLayout>

#include "app/controls/batchcontrols.h"
#include "app/controls/finetunecontrols.h"
#include "app/controls/hardwarecontrols.h"
#include "app/controls/inferencecontrols.h"
#include "app/controls/modelcontrols.h"
#include "app/controls/modeselector.h"
#include "app/controls/parallelcontrols.h"
#include "app/controls/precisioncontrols.h"
#include "app/controls/rlcontrols.h"
#include "app/scenariocontroller.h"
#include "widgets/collapsiblesection.h"
#include "widgets/spinboxundo.h"
#include "widgets/wheelguard.h"

ControlsPanel::ControlsPanel(ScenarioController* controller, QWidget* parent)
    : QScrollArea(parent)
    , m_controller(controller)
    , m_mode(new ModeSelector(this))
    , m_model(new ModelControls(controller))
    , m_batch(new BatchControls(controller))
    , m_precision(new PrecisionControls(controller))
    , m_parallel(new ParallelControls(controller))
    , m_hardware(new HardwareControls(controller))
    , m_inference(new InferenceControls(controller))
    , m_finetune(new FineTuneControls(controller))
    , m_rl(new RlControls(controller))
{
    auto* content = new QWidget(this);
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(6, 4, 6, 6);
    layout->setSpacing(2);
    // Mode-specific sections sit right under the model: what the mode is about comes first.
    m_controls = {m_model, m_inference, m_finetune, m_rl, m_batch, m_precision, m_parallel, m_hardware};
    for (ControlSection* controls : std::as_const(m_controls)) {
        auto* section = new CollapsibleSection(content);
        section->contentLayout()->addWidget(controls);
        layout->addWidget(section);
        m_sections.push_back(section);
        connect(controller, &ScenarioController::issuesChanged, controls,
                [controls](bool, const std::vector<core::Issue>& issues) { controls->setIssues(issues); });
        connect(controller, &ScenarioController::estimateChanged, controls, &ControlSection::setEstimate);
    }
    connect(controller, &ScenarioController::scenarioChanged, this, &ControlsPanel::setScenario);
    connect(m_mode, &ModeSelector::modeChosen, controller, [controller](core::Mode mode) { controller->set(core::Field::Mode, mode); });
    layout->addStretch(1);
    // The wheel scrolls the panel: a control takes it only once clicked or tabbed to (issue 31:
    // 15 notches over the panel took global batch from 1,024 to 8 and training tokens from 1 T to 785 B).
    WheelGuard::guardChildren(content);
    // Ctrl+Z after typing a value undoes it (the spin box's own text history had it).
    SpinBoxUndo::passThroughUnder(content);
    setWidget(content);
    setWidgetResizable(true);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setFrameShape(QFrame::NoFrame);
    retranslateUi();
    updateMinimumWidth();
    // The mode stays in view while the sections scroll under it.
    setViewportMargins(0, m_mode->sizeHint().height(), 0, 0);
    setScenario(controller->scenario());
}

CollapsibleSection* ControlsPanel::sectionOf(const ControlSection* controls) const
{
    const qsizetype i = m_controls.indexOf(const_cast<ControlSection*>(controls));
    return i >= 0 ? m_sections[i] : nullptr;
}

void ControlsPanel::setScenario(const core::Scenario& scenario)
{
    // Another mode or model shape shows other rows (an import brings MLA and expert rows, wider
    // in Chinese): the panel's minimum width follows once their layouts have run.
    const QString shape = QStringLiteral("%1/%2/%3/%4/%5")
                              .arg(int(scenario.mode))
                              .arg(scenario.model.hasArchitecture)
                              .arg(scenario.model.isMoE())
                              .arg(scenario.model.isMla())
                              .arg(QString::fromStdString(scenario.model.preset));
    if (shape != m_shape) {
        m_shape = shape;
        QMetaObject::invokeMethod(this, &ControlsPanel::updateMinimumWidth, Qt::QueuedConnection);
    }
    m_mode->setMode(scenario.mode);
    for (qsizetype i = 0; i < m_controls.size(); ++i) {
        // A hidden section catches up when its mode comes back: it is not shown until then.
        const bool applies = m_controls[i]->appliesTo(scenario);
        if (applies)
            m_controls[i]->setScenario(scenario);
        if (m_sections[i]->isVisibleTo(this) != applies)
            m_sections[i]->setVisible(applies);
    }
}

void ControlsPanel::placeModeSelector()
{
    const QRect r = viewport()->geometry();
    m_mode->setGeometry(r.left(), 0, r.width(), r.top());
}

void ControlsPanel::resizeEvent(QResizeEvent* event)
{
    QScrollArea::resizeEvent(event);
    placeModeSelector();
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

void ControlsPanel::updateMinimumWidth()
{
    // No horizontal scrolling: the panel is never narrower than its controls (of every mode),
    // in whichever language and font they are shown.
    if (QWidget* content = widget())
        setMinimumWidth(std::max(content->minimumSizeHint().width(), m_mode->minimumSizeHint().width())
                        + verticalScrollBar()->sizeHint().width());
}

void ControlsPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange)
        // The texts' new widths are known once the layouts have processed the change.
        QMetaObject::invokeMethod(this, &ControlsPanel::updateMinimumWidth, Qt::QueuedConnection);
    QScrollArea::changeEvent(event);
}
