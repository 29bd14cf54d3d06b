#include "app/mainwindow.h"

#include <algorithm>

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontMetrics>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QResizeEvent>
#include <QScreen>
#include <QSplitter>
#include <QStatusBar>
#include <QToolButton>
#include <QUndoStack>
#include <QVBoxLayout>

#include "app/accuracy/accuracydialog.h"
#include "app/advice/advicedock.h"
#include "app/controls/controlspanel.h"
#include "widgets/advice/advicepanel.h"
#include "app/slides/exportdialog.h"
#include "app/documents/documentcontroller.h"
#include "app/drills/drillpage.h"
#include "app/explorerpages.h"
#include "app/help/guidedialog.h"
#include "app/help/shortcutsdialog.h"
#include "app/languagemanager.h"
#include "app/modewiring.h"
#include "app/planner/plannercontroller.h"
#include "app/planner/plannerview.h"
#include "app/slides/presentationwindow.h"
#include "app/step/calibrationdialog.h"
#include "app/step/stepdock.h"
#include "app/viewoptions.h"
#include "widgets/charts/animatedmemorychart.h"
#include "app/scenariocontroller.h"
#include "core/io/scenario_io.h"
#include "widgets/charts/comparisonview.h"
#include "widgets/charts/componentpalette.h"
#include "widgets/gauges/gaugepanel.h"
#include "widgets/issuetext.h"
#include "widgets/quietlabel.h"
#include "widgets/charts/memorychart.h"
#include "widgets/working/workingpanel.h"

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_controller(new ScenarioController(this))
    , m_document(new DocumentController(m_controller, this))
    , m_language(new LanguageManager(this))
    , m_viewOptions(new ViewOptions(this))
    , m_controls(new ControlsPanel(m_controller, this))
    , m_gauges(new GaugePanel(this))
    , m_chart(new MemoryChart(this))
    , m_comparison(new ComparisonView(this))
    , m_working(new WorkingPanel(this))
    , m_splitter(new QSplitter(Qt::Vertical, this))
    , m_controlsDock(new QDockWidget(this))
    , m_workingDock(new QDockWidget(this))
    , m_adviceDock(new AdviceDock(m_controller, this))
    , m_status(new QuietLabel(this))
    , m_warnings(new QLabel(this))
{
    setObjectName(QStringLiteral("MainWindow"));
    auto* central = new QWidget(this);
    auto* layout = new QVBoxLayout(central);
    layout->setContentsMargins(6, 6, 6, 0);
    layout->setSpacing(6);
    layout->addWidget(m_gauges);
    m_splitter->addWidget(m_chart);
    m_splitter->addWidget(m_comparison);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 2);
    m_splitter->setChildrenCollapsible(true);
    layout->addWidget(m_splitter, 1);
    // The explorer and the number-format lab share the centre as tabs.
    m_pages = new ExplorerPages(central, this);
    m_drills = new DrillPage(m_controller, m_pages);
    m_pages->addTab(m_drills, QString()); // named in retranslateUi
    // The layout planner is a third page: it searches only while it is shown.
    m_planner = new PlannerController(this);
    m_plannerView = new PlannerView(m_controller, m_planner, this);
    m_pages->addTab(m_plannerView, QString());
    setCentralWidget(m_pages);

    m_controlsDock->setObjectName(QStringLiteral("ControlsDock"));
    m_controlsDock->setWidget(m_controls);
    m_controlsDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetClosable);
    addDockWidget(Qt::LeftDockWidgetArea, m_controlsDock);
    m_workingDock->setObjectName(QStringLiteral("WorkingDock"));
    m_workingDock->setWidget(m_working);
    addDockWidget(Qt::RightDockWidgetArea, m_workingDock);
    tabifyDockWidget(m_workingDock, m_adviceDock); // a tab next to the working: room for its lines
    m_adviceDock->hide(); // the status bar's "What to try first…" shows it when it does not fit
    // The step's schedule and memory timeline: below the centre, shown on request (View ▸ Step).
    m_stepDock = new StepDock(m_controller, this);
    addDockWidget(Qt::BottomDockWidgetArea, m_stepDock);
    m_stepDock->hide();

    m_status->label()->setTextFormat(Qt::PlainText);
    m_status->label()->setObjectName(QStringLiteral("statusLine")); // tests find it by name: it is not the status bar's own child
    statusBar()->addWidget(m_status, 1);
    statusBar()->addPermanentWidget(m_adviceDock->statusButton());
    statusBar()->addPermanentWidget(m_warnings);

    createActions();
    createMenus();
    wire();
    retranslateUi();
    resize(1280, 720);
}

MainWindow::~MainWindow()
{
    // The controller is a child, destroyed by ~QWidget after this class's part of the object:
    // its undo stack's clear() would then call updateUndoTexts() on what is no longer a
    // MainWindow (UBSan: "downcast … which does not point to an object of type 'MainWindow'").
    disconnect(m_controller->undoStack(), nullptr, this, nullptr);
}

void MainWindow::createActions()
{
    auto make = [this](const QKeySequence& shortcut = {}) {
        auto* a = new QAction(this);
        a->setShortcut(shortcut);
        return a;
    };
    m_actions.exportChart = make(QKeySequence(Qt::CTRL | Qt::Key_E));
    m_actions.copySlide = make(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    m_actions.presentation = make(QKeySequence(Qt::Key_F5));
    m_actions.quit = make(QKeySequence::Quit);
    m_actions.undo = m_controller->undoStack()->createUndoAction(this);
    m_actions.undo->setShortcut(QKeySequence::Undo);
    m_actions.redo = m_controller->undoStack()->createRedoAction(this);
    m_actions.redo->setShortcuts({QKeySequence::Redo, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z)});
    // QUndoStack words its actions with Qt's own catalogue, fixed when they are made: ours follow the language.
    connect(m_controller->undoStack(), &QUndoStack::undoTextChanged, this, &MainWindow::updateUndoTexts);
    connect(m_controller->undoStack(), &QUndoStack::redoTextChanged, this, &MainWindow::updateUndoTexts);
    m_actions.reset = make(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    // A measured run beside the estimate: the calibration dialog (also in the step panel), and
    // taking its numbers out of the scenario again (one undo step).
    m_actions.compareMeasured = make();
    connect(m_actions.compareMeasured, &QAction::triggered, this, [this] {
        CalibrationDialog* d = m_stepDock->calibrationDialog();
        d->show();
        d->raise();
    });
    m_actions.clearMeasurements = make();
    m_actions.clearMeasurements->setEnabled(false);
    connect(m_actions.clearMeasurements, &QAction::triggered, m_controller, &ScenarioController::clearMeasurements);
    for (int stage = 0; stage < 4; ++stage) {
        m_actions.zero[stage] = make(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_0 + stage)));
        connect(m_actions.zero[stage], &QAction::triggered, m_controller, [this, stage] { m_controller->set(core::Field::TrainingZeroStage, stage); });
    }
    const core::Recompute policies[] = {core::Recompute::None, core::Recompute::Selective, core::Recompute::Full};
    const Qt::Key keys[] = {Qt::Key_N, Qt::Key_S, Qt::Key_F};
    for (int i = 0; i < 3; ++i) {
        m_actions.recompute[i] = make(QKeySequence(Qt::ALT | Qt::SHIFT | keys[i]));
        connect(m_actions.recompute[i], &QAction::triggered, m_controller, [this, p = policies[i]] { m_controller->set(core::Field::TrainingRecompute, p); });
    }
    m_actions.comparisons = make(QKeySequence(Qt::CTRL | Qt::Key_K));
    m_actions.comparisons->setCheckable(true);
    m_actions.comparisons->setChecked(true);
    m_actions.planner = make(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    connect(m_actions.planner, &QAction::triggered, this, [this] { m_pages->setCurrentWidget(m_plannerView); });
    m_actions.fullScreen = make(QKeySequence::FullScreen);
    m_actions.fullScreen->setCheckable(true);
    m_actions.about = make();
    m_actions.accuracy = make();
    // Help had only About (issue 31): a short guide led by the seeds' questions, and the keys.
    m_actions.guide = make(QKeySequence::HelpContents);
    connect(m_actions.guide, &QAction::triggered, this, [this] {
        if (!m_guide)
            m_guide = new GuideDialog(this);
        m_guide->show();
        m_guide->raise();
    });
    m_actions.shortcuts = make();
    connect(m_actions.shortcuts, &QAction::triggered, this, [this] {
        if (!m_shortcuts)
            m_shortcuts = new ShortcutsDialog(menuBar(), this);
        m_shortcuts->show();
        m_shortcuts->raise();
    });
    m_actions.drills = make(QKeySequence(Qt::CTRL | Qt::Key_D));
    connect(m_actions.drills, &QAction::triggered, this, [this] { m_pages->setCurrentWidget(m_drills); });
    connect(m_drills, &DrillPage::openedInExplorer, this, [this] { m_pages->setCurrentIndex(0); });
    // The drill's scenario replaces the explorer's: unsaved changes are asked about first.
    m_drills->setOpenGuard([this] { return m_document->maybeSave(); });

    connect(m_actions.exportChart, &QAction::triggered, this, &MainWindow::exportDialog);
    connect(m_actions.copySlide, &QAction::triggered, this, &MainWindow::copySlide);
    connect(m_actions.presentation, &QAction::triggered, this, &MainWindow::showPresentation);
    connect(m_actions.quit, &QAction::triggered, this, &QWidget::close);
    connect(m_actions.reset, &QAction::triggered, m_controller, &ScenarioController::resetToDefault);
    connect(m_viewOptions, &ViewOptions::unitChanged, this, &MainWindow::applyUnit);
    connect(m_actions.comparisons, &QAction::toggled, m_comparison, &QWidget::setVisible);
    connect(m_actions.fullScreen, &QAction::toggled, this, [this](bool on) { on ? showFullScreen() : showNormal(); });
    connect(m_actions.accuracy, &QAction::triggered, this, [this] {
        if (!m_accuracy)
            m_accuracy = new AccuracyDialog(this);
        m_accuracy->show();
        m_accuracy->raise();
    });
    connect(m_actions.about, &QAction::triggered, this, [this] {
        QMessageBox::about(this, tr("About ShardScope"),
                           tr("<p><b>ShardScope %1</b></p><p>How much GPU memory LLM training takes per GPU under a parallel "
                              "layout, and how long it takes — with the working shown.</p><p>GPL-3.0-or-later.</p>")
                               .arg(QApplication::applicationVersion()));
    });
}

void MainWindow::createMenus()
{
    m_menus.file = menuBar()->addMenu(QString());
    m_document->addFileActions(m_menus.file);
    m_menus.file->addSeparator();
    m_menus.file->addAction(m_actions.exportChart);
    m_menus.file->addSeparator();
    m_menus.file->addAction(m_actions.quit);
    m_menus.edit = menuBar()->addMenu(QString());
    m_menus.edit->addActions({m_actions.undo, m_actions.redo});
    m_menus.edit->addSeparator();
    m_menus.edit->addAction(m_actions.copySlide);
    m_document->addEditActions(m_menus.edit);
    m_menus.scenario = menuBar()->addMenu(QString());
    for (QAction* a : m_actions.zero)
        m_menus.scenario->addAction(a);
    m_menus.scenario->addSeparator();
    for (QAction* a : m_actions.recompute)
        m_menus.scenario->addAction(a);
    m_menus.scenario->addSeparator();
    m_menus.scenario->addActions({m_actions.compareMeasured, m_actions.clearMeasurements});
    m_menus.scenario->addSeparator();
    m_menus.scenario->addAction(m_actions.reset);
    m_menus.view = menuBar()->addMenu(QString());
    // Alt+1/Alt+2 (as Qt Creator's panes): Ctrl+0–3 are the ZeRO stages, and a key bound twice
    // does nothing at all ("Ambiguous shortcut overload").
    QAction* controls = m_controlsDock->toggleViewAction();
    controls->setShortcut(QKeySequence(Qt::ALT | Qt::Key_1));
    QAction* working = m_workingDock->toggleViewAction();
    working->setShortcut(QKeySequence(Qt::ALT | Qt::Key_2));
    QAction* advice = m_adviceDock->toggleViewAction();
    advice->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A)); // Ctrl+0…3 are the ZeRO stages
    QAction* step = m_stepDock->toggleViewAction();
    step->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_T)); // T for the timeline; Ctrl+T is the Textbook View
    m_menus.view->addActions({controls, working, advice, step, m_actions.comparisons});
    m_menus.view->addActions({m_pages->labAction(), m_actions.drills, m_actions.planner, m_chart->colorByRoleAction()});
    m_menus.view->addSeparator();
    m_menus.view->addMenu(m_viewOptions->unitsMenu());
    m_menus.view->addAction(m_viewOptions->textbookAction());
    m_menus.view->addAction(m_viewOptions->darkThemeAction());
    m_menus.view->addActions({m_actions.fullScreen, m_actions.presentation});
    m_menus.view->addSeparator();
    m_menus.view->addMenu(m_language->createMenu(this));
    m_menus.help = menuBar()->addMenu(QString());
    m_menus.help->addActions({m_actions.guide, m_actions.shortcuts, m_actions.accuracy});
    m_menus.help->addSeparator();
    m_menus.help->addAction(m_actions.about);
}

void MainWindow::wire()
{
    ScenarioController* c = m_controller;
    connect(c, &ScenarioController::estimateChanged, m_chart, [this] { m_chart->setBands(m_controller->bands()); });
    connect(c, &ScenarioController::estimateChanged, m_chart, &MemoryChart::setEstimate);
    connect(c, &ScenarioController::measurementsChanged, m_chart, [this](const std::vector<core::Residual>& residuals) { m_chart->setMeasured(residuals); });
    connect(c, &ScenarioController::scenarioChanged, this, [this](const core::Scenario& s) { m_actions.clearMeasurements->setEnabled(!s.measured.empty()); });
    // The bands first: the dials draw them with the estimate they belong to.
    connect(c, &ScenarioController::estimateChanged, m_gauges, [this] { m_gauges->setBands(m_controller->bands()); });
    connect(c, &ScenarioController::estimateChanged, m_gauges, &GaugePanel::setEstimate);
    connect(c, &ScenarioController::issuesChanged, this, &MainWindow::showValidation);
    connect(c, &ScenarioController::scenarioChanged, this, &MainWindow::updateTitle);
    connect(c, &ScenarioController::scenarioChanged, m_planner, &PlannerController::setScenario);
    connect(m_document, &DocumentController::documentChanged, this, &MainWindow::updateTitle);
    // While a hand drags a slider the dials follow it directly; they glide for discrete changes.
    connect(c, &ScenarioController::draggingChanged, m_gauges, [this](bool dragging) { m_gauges->setAnimated(!dragging); });
    connect(c, &ScenarioController::comparisonsChanged, m_comparison, &ComparisonView::setComparisons);
    connect(m_comparison, &ComparisonView::variantChosen, c, &ScenarioController::chooseVariant);
    connect(c, &ScenarioController::workingChanged, m_working, [this](const core::Working& working, const core::Estimate& e) {
        QStringList labels;
        for (std::size_t g = 0; g < e.groups.size(); ++g)
            labels << MemoryChart::rankGroupLabel(e, int(g));
        m_working->setWorking(working, labels);
    });
    // The working costs allocations: record it only while its panel can be seen.
    connect(m_workingDock, &QDockWidget::visibilityChanged, c, &ScenarioController::setWorkingEnabled);
    connect(m_actions.comparisons, &QAction::toggled, c, &ScenarioController::setComparisonsEnabled);

    // Selecting a bar segment or a dial highlights the working behind it.
    connect(m_chart, &MemoryChart::segmentClicked, this, [this](int group, core::Component component) {
        m_gauges->clearSelection();
        showWorking();
        m_working->highlightComponent(group, component);
    });
    // The model-states bracket: its sum P·(w + g + o)/… in the working, one click away.
    connect(m_chart, &MemoryChart::modelStatesClicked, this, [this](int group) {
        m_chart->setSelectedSegment(-1, core::Component::Weights);
        showWorking();
        m_working->highlightTerms({core::Term::ModelStates, core::Term::Weights, core::Term::Gradients, core::Term::OptimizerStates}, group);
    });
    connect(m_viewOptions, &ViewOptions::textbookChanged, this, [this](bool on) {
        m_chart->setTextbook(on);
        m_comparison->setTextbook(on);
        if (m_presentation)
            m_presentation->chart()->chart()->setTextbook(on);
    });
    connect(m_gauges, &GaugePanel::activated, this, [this](GaugePanel::Kind kind, int group) {
        m_chart->clearSelection();
        showWorking();
        m_working->highlightTerms(GaugePanel::terms(kind), group);
    });
    wireModeViews(this); // the serving dials, the lab, colour by role
    connect(m_pages, &QTabWidget::currentChanged, this, &MainWindow::updateSideDocksForPage);
}

void MainWindow::updateSideDocksForPage()
{
    // The drills bring their own scenarios and the number-format lab its own formats: the
    // Scenario panel and the working of the explorer's scenario beside them said things about
    // another scenario and took the room the lab's comparison needed (issue 31). They step aside
    // there and come back, as they were, on the explorer and the planner.
    const bool own = m_pages->currentWidget() == m_drills || m_pages->isShowingLab();
    if (own) {
        for (QDockWidget* dock : {m_controlsDock, m_workingDock})
            if (dock->isVisible()) {
                m_docksAside.push_back(dock);
                dock->hide();
            }
    } else {
        for (QDockWidget* dock : std::as_const(m_docksAside))
            dock->show();
        m_docksAside.clear();
    }
}

void MainWindow::showWorking()
{
    if (!m_workingDock->isVisible()) {
        m_workingDock->show();
        m_controller->setWorkingEnabled(true);
    }
    m_workingDock->raise();
}

void MainWindow::showValidation(bool valid, const std::vector<core::Issue>& issues)
{
    const bool dark = ComponentPalette::isDark(palette());
    const QStringList errors = IssueText::messages(issues, core::Severity::Error);
    const QStringList warnings = IssueText::messages(issues, core::Severity::Warning);
    ComponentPalette::Level level = ComponentPalette::Level::Good;
    QString text;
    if (!valid) {
        level = ComponentPalette::Level::Bad;
        //: status bar; %1 = the first reason, %2 = how many more
        text = errors.size() > 1 ? tr("✖ Invalid scenario: %1 (and %2 more)").arg(errors.front()).arg(errors.size() - 1)
                                 : tr("✖ Invalid scenario: %1").arg(errors.value(0));
        // Opened invalid (a file, a drill), there is no last valid scenario to show: say only why.
        const bool shown = m_controller->lastValidEstimate().valid;
        m_invalidMessage = shown
            //: over the chart; %1 = the reasons, one per line
            ? tr("This layout cannot run:\n%1\n\nThe bars show the last valid scenario.").arg(errors.join(QLatin1Char('\n')))
            //: over the chart of a scenario opened invalid (nothing valid to show yet); %1 = the reasons, one per line
            : tr("This layout cannot run:\n%1").arg(errors.join(QLatin1Char('\n')));
        m_chart->setInvalid(m_invalidMessage);
        m_gauges->setStale(true);
        m_working->setStaleMessage(shown ? tr("The scenario is invalid; this is the working of the last valid one.")
                                         : tr("The scenario is invalid, and there has been no valid one to show the working of."));
    } else {
        const core::Estimate& e = m_controller->estimate();
        const core::RankGroup& f = e.fullest();
        const QString used = DisplayFormat::bytes(f.totalBytes, m_chart->unit(), 1);
        const QString capacity = DisplayFormat::capacity(f.capacityBytes, m_chart->unit());
        const QString label = MemoryChart::rankGroupLabel(e, e.fullestGroup);
        if (f.fits) {
            //: status bar; %1 = rank group, %2 = used, %3 = capacity, %4 = percentage
            text = tr("✔ Fits: the fullest GPU (%1) uses %2 of %3 (%4)").arg(label, used, capacity, DisplayFormat::percent(f.totalBytes / f.capacityBytes, 0));
        } else if (f.totalBytes <= f.capacityBytes) {
            // The device holds it, but a reserving engine's KV pool (its memory fraction) does not.
            level = ComponentPalette::Level::Bad;
            //: status bar, serving; %1 = rank group
            text = tr("⚠ Does not fit: the engine's KV cache pool on %1 is too small for this batch (see the warning)").arg(label);
        } else {
            level = ComponentPalette::Level::Bad;
            //: status bar; %1 = rank group, %2 = needed, %3 = capacity
            text = tr("⚠ Does not fit: %1 needs %2 per GPU but has %3").arg(label, used, capacity);
        }
    }
    m_status->setText(text);
    QPalette p = m_status->label()->palette();
    p.setColor(QPalette::WindowText, level == ComponentPalette::Level::Good ? palette().color(QPalette::WindowText)
                                                                            : ComponentPalette::levelColor(level, dark));
    m_status->label()->setPalette(p);
    if (m_warningTexts != warnings) {
        m_warningTexts = warnings;
        updateWarningLabel();
    }
    QPalette wp = m_warnings->palette();
    wp.setColor(QPalette::WindowText, ComponentPalette::levelColor(ComponentPalette::Level::Warning, dark));
    m_warnings->setPalette(wp);
}

void MainWindow::updateWarningLabel()
{
    if (m_warningTexts.isEmpty()) {
        m_warnings->clear();
        m_warnings->setToolTip(QString());
        return;
    }
    // The first warning itself, not just a count: "communication cannot be hidden" matters
    // as much as the memory, and a tooltip alone is easy to miss.
    const QString more = m_warningTexts.size() > 1
        //: status bar, after the first warning; %1 = how many more (hover for the list)
        ? tr(" (+%1 more)").arg(m_warningTexts.size() - 1)
        : QString();
    //: status bar; %1 = the first warning, %2 = " (+N more)" or nothing
    const QString frame = tr("⚠ %1%2");
    const QFontMetrics fm(m_warnings->font());
    const int room = std::max(160, width() * 2 / 5) - fm.horizontalAdvance(frame.arg(QString(), more));
    m_warnings->setText(frame.arg(fm.elidedText(m_warningTexts.front(), Qt::ElideRight, std::max(40, room)), more));
    m_warnings->setToolTip(m_warningTexts.join(QLatin1Char('\n')));
}

void MainWindow::resizeEvent(QResizeEvent* event)
{
    QMainWindow::resizeEvent(event);
    updateWarningLabel();
    // Grown (maximised after a first start at 1280 × 720, or a restored session on a larger
    // screen): the side panels kept their narrow widths (issue 31). They get their share again,
    // once the layout has taken the new size.
    if (m_docksSized && event->oldSize().width() > 0 && width() > event->oldSize().width())
        QMetaObject::invokeMethod(this, &MainWindow::widenDocks, Qt::QueuedConnection);
}

int MainWindow::workingDockWidth() const
{
    // The docks share what the central views leave: the working gets more on wide screens.
    const int em = fontMetrics().height();
    return std::clamp(width() * 32 / 100, em * 22, em * 40);
}

void MainWindow::widenDocks()
{
    QList<QDockWidget*> docks;
    QList<int> widths;
    if (m_workingDock->isVisible() && !m_workingDock->isFloating() && m_workingDock->width() < workingDockWidth()) {
        docks << m_workingDock;
        widths << workingDockWidth();
    }
    if (m_controlsDock->isVisible() && !m_controlsDock->isFloating() && m_controlsDock->width() < m_controls->minimumWidth()) {
        docks << m_controlsDock;
        widths << m_controls->minimumWidth();
    }
    if (!docks.isEmpty())
        resizeDocks(docks, widths, Qt::Horizontal);
}

void MainWindow::updateTitle()
{
    const core::Scenario& s = m_controller->scenario();
    //: window title; %1 = model, %2 = GPUs, %3 = GPU model
    const QString scenario = tr("%1 on %2 × %3 — ShardScope")
                                 .arg(QString::fromStdString(s.model.name))
                                 .arg(s.parallel.gpus)
                                 .arg(QString::fromStdString(s.hardware.gpu.name));
    // "[*]" is where Qt shows the modified marker.
    //: window title; %1 = file name or "Untitled", %2 = the scenario's title
    setWindowTitle(tr("%1[*] — %2").arg(m_document->displayName(), scenario));
    setWindowModified(m_document->isModified());
}

void MainWindow::updateUndoTexts()
{
    const QUndoStack* stack = m_controller->undoStack();
    //: Edit menu; %1 = what undoing reverts, e.g. "Change ZeRO stage"
    m_actions.undo->setText(stack->undoText().isEmpty() ? tr("&Undo") : tr("&Undo %1").arg(stack->undoText()));
    //: Edit menu; %1 = what redoing repeats
    m_actions.redo->setText(stack->redoText().isEmpty() ? tr("&Redo") : tr("&Redo %1").arg(stack->redoText()));
}

void MainWindow::applyUnit(DisplayFormat::MemoryUnit unit)
{
    // Views with a unit of their own; the working, warnings and control notes read
    // DisplayFormat::memoryUnit() and are redone by the refresh.
    m_chart->setUnit(unit);
    if (m_presentation)
        m_presentation->chart()->chart()->setUnit(unit);
    m_comparison->setUnit(unit);
    m_gauges->setUnit(unit);
    m_adviceDock->panel()->setUnit(unit);
    m_plannerView->setUnit(unit);
    m_stepDock->setUnit(unit);
    m_controller->refresh();
}

bool MainWindow::openScenario(const QString& path, QString* error)
{
    const bool ok = m_document->openAny(path);
    if (!ok && error)
        *error = m_document->lastError();
    return ok;
}

void MainWindow::exportDialog()
{
    if (!m_exportDialog)
        m_exportDialog = new ExportDialog(m_controller, this);
    m_exportDialog->setMemoryUnit(m_chart->unit());
    m_exportDialog->show();
    m_exportDialog->raise();
    m_exportDialog->activateWindow();
}

void MainWindow::copySlide()
{
    // The slide the Export dialog is set up for (the memory chart at 1920 × 1080 at first).
    if (!m_exportDialog)
        m_exportDialog = new ExportDialog(m_controller, this);
    m_exportDialog->setMemoryUnit(m_chart->unit());
    if (m_exportDialog->copyToClipboard())
        //: status bar, after Edit ▸ Copy Slide; %1 = the view copied
        statusBar()->showMessage(tr("Copied the %1 as an image and as SVG.").arg(SlideViews::displayName(m_exportDialog->options().view)), 4000);
    else
        statusBar()->showMessage(tr("Nothing to copy: the scenario is not valid."), 4000);
}

void MainWindow::showPresentation()
{
    if (!m_presentation) {
        // A window of its own (Qt::Window): full screen, with its own palette and type.
        // Its own controller, undo stack and deck: the explorer's scenario and file stay as they are.
        m_presentation = new PresentationWindow(this);
        m_presentation->chart()->chart()->setUnit(m_viewOptions->unit());
        m_presentation->chart()->chart()->setTextbook(m_viewOptions->textbook());
        m_presentation->addToolAction(m_viewOptions->textbookAction()); // the same toggle, full screen
        // The language, switched in front of the class without leaving (issue 31): the button
        // names the other language in its own words, short (the row is full at 720p).
        auto* language = new QAction(m_presentation);
        language->setObjectName(QStringLiteral("presentationLanguage"));
        auto other = [this] { return m_language->effectiveLanguage() == QLatin1String("zh_CN") ? QStringLiteral("en") : QStringLiteral("zh_CN"); };
        auto name = [other] { return other() == QLatin1String("en") ? QStringLiteral("EN") : QStringLiteral("中文"); };
        auto update = [language, other, name] {
            language->setText(name());
            language->setToolTip(LanguageManager::nativeName(other()));
        };
        update();
        connect(language, &QAction::triggered, this, [this, other] { m_language->setLanguage(other()); });
        connect(m_language, &LanguageManager::languageChanged, language, update);
        m_presentation->addToolAction(language);
        connect(m_presentation, &PresentationWindow::left, this, [this] {
            activateWindow();
            raise();
        });
    }
    m_presentation->start();
}

void MainWindow::retranslateUi()
{
    m_controlsDock->setWindowTitle(tr("Scenario"));
    m_workingDock->setWindowTitle(tr("Working"));
    m_menus.file->setTitle(tr("&File"));
    m_menus.edit->setTitle(tr("&Edit"));
    m_menus.scenario->setTitle(tr("&Scenario"));
    m_menus.view->setTitle(tr("&View"));
    m_menus.help->setTitle(tr("&Help"));
    m_actions.exportChart->setText(tr("&Export…"));
    m_actions.exportChart->setToolTip(tr("A view as PNG, SVG or PDF for slides, with a live preview"));
    m_actions.copySlide->setText(tr("&Copy Slide"));
    m_actions.copySlide->setToolTip(tr("The view set up in File ▸ Export, as an image and as SVG"));
    m_actions.presentation->setText(tr("&Presentation"));
    m_actions.presentation->setToolTip(tr("Full screen with scenes for teaching; arrow keys step, Esc leaves"));
    m_actions.quit->setText(tr("&Quit"));
    m_actions.reset->setText(tr("&Reset to Default"));
    m_actions.compareMeasured->setText(tr("Compare with a &Measured Run…"));
    m_actions.clearMeasurements->setText(tr("C&lear Measurements"));
    m_actions.clearMeasurements->setToolTip(tr("Remove the measured run kept with the scenario (Undo brings it back)"));
    const char* zero[] = {QT_TR_NOOP("No ZeRO"), QT_TR_NOOP("ZeRO Stage &1"), QT_TR_NOOP("ZeRO Stage &2"), QT_TR_NOOP("ZeRO Stage &3")};
    for (int i = 0; i < 4; ++i)
        m_actions.zero[i]->setText(tr(zero[i]));
    const char* recompute[] = {QT_TR_NOOP("&No Recomputation"), QT_TR_NOOP("&Selective Recomputation"), QT_TR_NOOP("&Full Recomputation")};
    for (int i = 0; i < 3; ++i)
        m_actions.recompute[i]->setText(tr(recompute[i]));
    m_viewOptions->retranslateUi();
    m_actions.comparisons->setText(tr("&Comparisons"));
    m_actions.planner->setText(tr("Layout &Planner"));
    m_actions.planner->setToolTip(tr("Every valid parallel layout of the scenario, ranked by step time (Ctrl+Shift+P)"));
    m_pages->setTabText(m_pages->indexOf(m_plannerView), tr("Layout planner"));
    m_pages->setTabToolTip(m_pages->indexOf(m_plannerView), tr("Which layout to use: every valid one ranked, with launch settings"));
    m_actions.fullScreen->setText(tr("&Full Screen"));
    m_actions.about->setText(tr("&About ShardScope"));
    m_actions.guide->setText(tr("&Guide"));
    m_actions.guide->setToolTip(tr("What each view answers, from the interview questions it was made for"));
    m_actions.shortcuts->setText(tr("&Keyboard Shortcuts"));
    m_actions.accuracy->setText(tr("A&ccuracy…"));
    m_actions.accuracy->setToolTip(tr("How far ShardScope's figures are from public measured runs, by regime, each held out from the fit"));
    m_actions.drills->setText(tr("&Drills"));
    m_actions.drills->setToolTip(tr("Interview questions: type an estimate, check it, reveal the derivation step by step"));
    m_pages->setTabText(m_pages->indexOf(m_drills), tr("Drills"));
    m_pages->setTabToolTip(m_pages->indexOf(m_drills), tr("Interview questions on memory, time and cost, each bound to a scenario"));
    m_workingDock->toggleViewAction()->setText(tr("&Working"));
    m_controlsDock->toggleViewAction()->setText(tr("&Controls"));
    updateUndoTexts();
    updateTitle();
}

void MainWindow::showEvent(QShowEvent* event)
{
    QMainWindow::showEvent(event);
    if (m_docksSized)
        return;
    m_docksSized = true;
    // A first start (no session): most of the screen, not a fixed 1280 × 720 on a 1920 one.
    if (const QScreen* s = screen(); s && !m_sizeChosen && !isMaximized() && !isFullScreen()) {
        const QRect available = s->availableGeometry();
        const QSize wanted = size().expandedTo(available.size() * 0.85); // grows, never shrinks
        if (wanted != size()) {
            resize(wanted);
            move(available.center() - rect().center());
        }
    }
    const int em = fontMetrics().height();
    resizeDocks({m_controlsDock, m_workingDock}, {m_controls->minimumWidth(), workingDockWidth()}, Qt::Horizontal);
    // The working is the product's point: shown whenever the charts and the pages keep room
    // beside it (from 100 line heights, about 1450 px: at 1280 × 720, a projector's size, the drills and the
    // planner's buttons were cut off); on a small screen a click on a bar or a dial opens it.
    if (width() < em * 100)
        m_workingDock->hide();
}

void MainWindow::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslateUi();
        m_controller->refresh(); // labels and messages are made from the estimate
    } else if (event->type() == QEvent::PaletteChange) {
        m_controller->refresh(); // the status colour
    }
    QMainWindow::changeEvent(event);
}
