#include "app/slides/presentationwindow.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QFontMetrics>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QTimer>
#include <QScreen>
#include <QStackedWidget>
#include <QToolButton>
#include <QUndoStack>
#include <QVBoxLayout>
#include <algorithm>

#include "app/documents/deckdocument.h"
#include "app/scenariocontroller.h"
#include "app/slides/decknavigator.h"
#include "app/slides/figuretext.h"
#include "app/slides/presentationcontrols.h"
#include "app/slides/slidecontent.h"
#include "app/slides/stepscene.h"
#include "widgets/charts/animatedmemorychart.h"
#include "widgets/charts/componentpalette.h"
#include "widgets/charts/memorychart.h"
#include "widgets/displayformat.h"
#include "widgets/figurestrip.h"
#include "widgets/issuetext.h"
#include "widgets/goodput/runview.h"
#include "widgets/step/stepcursor.h"
#include "widgets/titletext.h"

namespace {

QLabel* label(QWidget* parent)
{
    auto* l = new QLabel(parent);
    l->setTextFormat(Qt::PlainText);
    l->setWordWrap(true);
    return l;
}

void setColor(QLabel* label, const QColor& color)
{
    QPalette p = label->palette();
    p.setColor(QPalette::WindowText, color);
    label->setPalette(p);
}

QFont pixelFont(const QFont& base, double pixels, bool bold = false)
{
    QFont f = base;
    f.setPixelSize(std::max(8, int(std::lround(pixels))));
    f.setBold(bold);
    return f;
}

} // namespace

PresentationWindow::PresentationWindow(QWidget* parent)
    : QWidget(parent, Qt::Window)
    , m_controller(new ScenarioController(this))
    , m_navigator(new DeckNavigator(this))
    , m_document(new DeckDocument(m_navigator, this))
{
    setObjectName(QStringLiteral("PresentationWindow"));
    setFocusPolicy(Qt::StrongFocus);
    setPalette(SlideTheme::palette(m_theme));
    setAutoFillBackground(true);
    // The working is not shown here; the comparisons are not either.
    m_controller->setComparisonsEnabled(false);

    m_ui.title = label(this);
    m_ui.title->setObjectName(QStringLiteral("sceneTitle"));
    // A long title wraps within the window (TitleText): its glyphs never set the width.
    m_ui.title->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_ui.counter = label(this);
    m_ui.counter->setWordWrap(false);
    m_ui.counter->setAlignment(Qt::AlignRight | Qt::AlignTop);
    m_ui.notes = label(this);
    m_ui.notes->setObjectName(QStringLiteral("sceneNotes"));
    m_strip = new FigureStrip(this);
    m_chart = new AnimatedMemoryChart(this);
    m_step = new StepScene(this);
    m_run = new RunView(this);
    m_views = new QStackedWidget(this);
    m_views->addWidget(m_chart);
    m_views->addWidget(m_step);
    m_views->addWidget(m_run);
    m_controls = new PresentationControls(m_controller, this);
    m_ui.status = label(this);
    m_ui.status->setObjectName(QStringLiteral("presentationStatus"));
    m_ui.warning = label(this);
    m_ui.warning->setObjectName(QStringLiteral("presentationWarning"));
    m_ui.caption = label(this);

    auto button = [this] {
        auto* b = new QToolButton(this);
        b->setFocusPolicy(Qt::NoFocus); // Space must step the scene, never press a button
        b->setToolButtonStyle(Qt::ToolButtonTextOnly);
        b->setAutoRaise(true);
        return b;
    };
    m_ui.previous = button();
    m_ui.next = button();
    m_ui.open = button();
    m_ui.add = button();
    m_ui.save = button();
    m_ui.undo = button();
    m_ui.lock = button();
    m_ui.theme = button();
    m_ui.play = button();
    m_ui.play->setObjectName(QStringLiteral("presentationPlay"));
    m_ui.leave = button();

    auto* layout = new QVBoxLayout(this);
    auto* head = new QHBoxLayout;
    head->addWidget(m_ui.title, 1);
    head->addWidget(m_ui.counter);
    layout->addLayout(head);
    layout->addWidget(m_ui.notes);
    layout->addWidget(m_strip);
    auto* middle = new QHBoxLayout;
    middle->addWidget(m_views, 3);
    middle->addSpacing(24);
    middle->addWidget(m_controls, 1);
    layout->addLayout(middle, 1);
    layout->addWidget(m_ui.status);
    layout->addWidget(m_ui.warning);
    layout->addWidget(m_ui.caption);
    auto* bar = new QHBoxLayout;
    m_toolRow = bar;
    for (QToolButton* b : {m_ui.play, m_ui.previous, m_ui.next, m_ui.open, m_ui.add, m_ui.save, m_ui.undo, m_ui.lock, m_ui.theme})
        bar->addWidget(b);
    bar->addStretch(1);
    bar->addWidget(m_ui.leave);
    // Save Deck said nothing when it had worked (issue 31): the caption line says so for a while
    // (the button row has no width to spare at 720p).
    m_noticeTimer = new QTimer(this);
    m_noticeTimer->setSingleShot(true);
    m_noticeTimer->setInterval(6000);
    connect(m_noticeTimer, &QTimer::timeout, this, [this] {
        m_notice.clear();
        updateSceneTexts();
    });
    layout->addLayout(bar);

    createActions();
    connect(m_ui.previous, &QToolButton::clicked, m_navigator, &DeckNavigator::previous);
    connect(m_ui.next, &QToolButton::clicked, m_navigator, &DeckNavigator::next);
    connect(m_ui.open, &QToolButton::clicked, this, &PresentationWindow::openDeckDialog);
    connect(m_ui.add, &QToolButton::clicked, this, &PresentationWindow::addSceneDialog);
    connect(m_ui.save, &QToolButton::clicked, this, [this] { saveDeckDialog(false); });
    connect(m_ui.theme, &QToolButton::clicked, this, &PresentationWindow::toggleTheme);
    connect(m_ui.play, &QToolButton::clicked, this, &PresentationWindow::toggleStepPlay);
    connect(m_step->cursor(), &StepCursor::playingChanged, this, &PresentationWindow::updatePlayButton);
    connect(m_run->cursor(), &StepCursor::playingChanged, this, &PresentationWindow::updatePlayButton);
    connect(m_ui.leave, &QToolButton::clicked, this, &QWidget::close);

    ScenarioController* c = m_controller;
    connect(m_navigator, &DeckNavigator::currentChanged, this, &PresentationWindow::applyScene);
    connect(m_navigator, &DeckNavigator::deckChanged, this, &PresentationWindow::updateSceneTexts);
    connect(m_document, &DeckDocument::changed, this, &PresentationWindow::updateWindowTitle);
    connect(c, &ScenarioController::estimateChanged, m_chart, &AnimatedMemoryChart::setEstimate);
    // a measured run kept with the scenario: its marks beside the bars, as in the window
    connect(c, &ScenarioController::measurementsChanged, m_chart,
            [this](const std::vector<core::Residual>& residuals) { m_chart->chart()->setMeasured(residuals); });
    connect(c, &ScenarioController::estimateChanged, this, &PresentationWindow::updateAxisLock);
    // Every slider re-plans the step while it is shown (the cursor keeps its share of the step).
    connect(c, &ScenarioController::estimateChanged, this, &PresentationWindow::updateStep);
    connect(c, &ScenarioController::scenarioChanged, m_controls, &ControlSection::setScenario);
    connect(c, &ScenarioController::issuesChanged, m_controls,
            [this](bool, const std::vector<core::Issue>& issues) { m_controls->setIssues(issues); });
    connect(c, &ScenarioController::issuesChanged, this, &PresentationWindow::updateStatus);
    // Titles, the strip and the caption quote the estimate: they follow every change, valid or not.
    connect(c, &ScenarioController::issuesChanged, this, [this] {
        updateSceneTexts();
        updateFigures();
    });
    // A hand on a slider: the bars follow it; a scene change: they glide.
    connect(c, &ScenarioController::draggingChanged, m_chart, &AnimatedMemoryChart::setImmediate);

    m_navigator->setLanguage(languageCode());
    applyScene(std::max(0, m_navigator->currentIndex()));
    m_controller->flush();
    retranslateUi();
    applyFonts();
}

PresentationWindow::~PresentationWindow() = default;

void PresentationWindow::addToolAction(QAction* action)
{
    auto* b = new QToolButton(this);
    b->setFocusPolicy(Qt::NoFocus); // Space must step the scene, never press a button
    b->setToolButtonStyle(Qt::ToolButtonTextOnly);
    b->setAutoRaise(true);
    b->setDefaultAction(action);
    m_toolRow->insertWidget(m_toolRow->count() - 2, b); // before the stretch and Leave
    addAction(action);
}

void PresentationWindow::createActions()
{
    // Window shortcuts: the presentation's own Undo and Save, never the explorer's.
    auto make = [this](const QList<QKeySequence>& keys) {
        auto* a = new QAction(this);
        a->setShortcuts(keys);
        a->setShortcutContext(Qt::WindowShortcut);
        addAction(a);
        return a;
    };
    QUndoStack* stack = m_controller->undoStack();
    m_actions.undo = make({QKeySequence::Undo});
    m_actions.redo = make({QKeySequence::Redo, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z)});
    connect(m_actions.undo, &QAction::triggered, stack, &QUndoStack::undo);
    connect(m_actions.redo, &QAction::triggered, stack, &QUndoStack::redo);
    connect(stack, &QUndoStack::canUndoChanged, m_actions.undo, &QAction::setEnabled);
    connect(stack, &QUndoStack::canRedoChanged, m_actions.redo, &QAction::setEnabled);
    m_actions.undo->setEnabled(false);
    m_actions.redo->setEnabled(false);
    m_ui.undo->setDefaultAction(m_actions.undo);
    m_actions.open = make({QKeySequence::Open});
    connect(m_actions.open, &QAction::triggered, this, &PresentationWindow::openDeckDialog);
    m_actions.save = make({QKeySequence::Save});
    connect(m_actions.save, &QAction::triggered, this, [this] { saveDeckDialog(false); });
    m_actions.saveAs = make({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S)});
    connect(m_actions.saveAs, &QAction::triggered, this, [this] { saveDeckDialog(true); });
    m_actions.add = make({QKeySequence(Qt::Key_A)});
    connect(m_actions.add, &QAction::triggered, this, &PresentationWindow::addSceneDialog);
    m_actions.lockAxis = make({QKeySequence(Qt::Key_L)});
    m_actions.lockAxis->setCheckable(true);
    connect(m_actions.lockAxis, &QAction::toggled, this, &PresentationWindow::setAxisLocked);
    m_ui.lock->setDefaultAction(m_actions.lockAxis);
    for (QToolButton* b : {m_ui.undo, m_ui.lock}) {
        b->setToolButtonStyle(Qt::ToolButtonTextOnly);
        b->setFocusPolicy(Qt::NoFocus);
    }
}

QString PresentationWindow::languageCode()
{
    // The language manager sets the default locale with the interface language.
    return QLocale().name().startsWith(QLatin1String("zh")) ? QStringLiteral("zh_CN") : QStringLiteral("en");
}

QString PresentationWindow::sceneTitle() const
{
    return m_ui.title->text();
}

QString PresentationWindow::sceneNotes() const
{
    return m_ui.notes->text();
}

void PresentationWindow::start()
{
    m_session.clearPending();
    m_document->keepBaseline();
    // The whole screen even where no window manager grants full screen (a bare X server).
    if (const QScreen* s = screen() ? screen() : QGuiApplication::primaryScreen())
        setGeometry(s->geometry());
    showFullScreen();
    raise();
    activateWindow();
    setFocus();
    m_navigator->goTo(std::max(0, m_navigator->currentIndex()));
}

void PresentationWindow::setTheme(SlideTheme::Theme theme)
{
    m_theme = theme;
    setPalette(SlideTheme::palette(theme)); // every view takes its colours from the palette
    updateStatus(m_controller->estimate().valid, m_controller->estimate().issues);
    retranslateUi();
}

void PresentationWindow::toggleTheme()
{
    setTheme(m_theme == SlideTheme::Theme::HighContrastDark ? SlideTheme::Theme::HighContrastLight : SlideTheme::Theme::HighContrastDark);
}

void PresentationWindow::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    applyFonts();
}

void PresentationWindow::applyFonts()
{
    // Type for the back row, from the window's height: 24 px at 1080 (about 1/45 of it), so
    // errors and the figures are readable across a classroom on any projector.
    const double base = std::clamp(height() / 45.0, 14.0, 96.0);
    QFont window = pixelFont(QApplication::font(), base * 0.9);
    if (font() != window)
        setFont(window); // the chart, the controls and the strip follow it
    m_strip->setFont(pixelFont(window, base));
    m_ui.title->setFont(pixelFont(window, base * 1.8, true));
    // At most three lines of title: the rest of a long one is cut, the chart keeps its room.
    m_ui.title->setMaximumHeight(QFontMetrics(m_ui.title->font()).lineSpacing() * 3 + 2);
    m_ui.counter->setFont(pixelFont(window, base));
    m_ui.notes->setFont(pixelFont(window, base * 1.05));
    m_ui.status->setFont(pixelFont(window, base * 1.1, true));
    m_ui.warning->setFont(pixelFont(window, base));
    m_ui.caption->setFont(pixelFont(window, base * 0.85));
    m_chart->setFont(pixelFont(window, base));
    // The step views keep 76 px for their row labels ("Stage 0"): 0.7 of the base fits them.
    m_step->setFont(pixelFont(window, base * 0.7));
    m_run->setFont(pixelFont(window, base * 0.8));
    const int margin = int(base * 1.4);
    layout()->setContentsMargins(margin, margin * 3 / 4, margin, margin / 2);
    layout()->setSpacing(int(base * 0.4));
}

void PresentationWindow::updateSceneTexts()
{
    const int i = m_navigator->currentIndex();
    const core::Scenario& s = m_controller->scenario();
    const core::Estimate& e = m_controller->estimate();
    m_ui.title->setText(TitleText::breakable(FigureText::fill(m_navigator->title(i), s, e)));
    m_ui.notes->setText(FigureText::fill(m_navigator->notes(i), s, e));
    m_ui.notes->setVisible(!m_ui.notes->text().isEmpty());
    //: scene counter; %1 = current scene, %2 = scenes in the deck
    m_ui.counter->setText(tr("%1 / %2").arg(i + 1).arg(m_navigator->count()));
    m_ui.caption->setText(m_notice.isEmpty() ? SlideContent::caption(s, m_controller->lastValidEstimate()) : m_notice);
    m_ui.previous->setEnabled(i > 0);
    m_ui.next->setEnabled(i + 1 < m_navigator->count());
    updateWindowTitle();
}

void PresentationWindow::updateFigures()
{
    const core::Scene* scene = m_navigator->currentScene();
    QVector<FigureStrip::Item> items;
    const core::Scenario& s = m_controller->scenario();
    const core::Estimate& e = m_controller->estimate();
    const std::vector<core::Figure> figures = scene ? scene->stripFigures() : core::defaultFigures(s.mode);
    for (core::Figure f : figures)
        items.push_back({FigureText::caption(f), FigureText::value(f, core::figureValue(f, s, e)), {}});
    m_strip->setItems(items);
}

void PresentationWindow::updateStatus(bool valid, const std::vector<core::Issue>& issues)
{
    const bool dark = ComponentPalette::isDark(palette());
    ComponentPalette::Level level = ComponentPalette::Level::Good;
    QString text;
    if (!valid) {
        level = ComponentPalette::Level::Bad;
        const QStringList errors = IssueText::messages(issues, core::Severity::Error);
        //: presentation status; %1 = why the layout cannot run
        text = tr("This layout cannot run: %1").arg(errors.value(0));
        m_chart->chart()->setInvalid(errors.join(QLatin1Char('\n')));
    } else if (const core::Estimate& e = m_controller->estimate(); e.valid && !e.groups.empty()) {
        const core::RankGroup& f = e.fullest();
        const DisplayFormat::MemoryUnit unit = m_chart->chart()->unit();
        if (f.fits) {
            //: presentation status; %1 = memory used on the fullest GPU, %2 = its capacity
            text = tr("Fits: %1 of %2 on the fullest GPU").arg(DisplayFormat::bytes(f.totalBytes, unit, 1), DisplayFormat::capacity(f.capacityBytes, unit));
        } else {
            level = ComponentPalette::Level::Bad;
            //: presentation status; %1 = memory needed per GPU, %2 = its capacity
            text = tr("Does not fit: %1 needed, %2 per GPU").arg(DisplayFormat::bytes(f.totalBytes, unit, 1), DisplayFormat::capacity(f.capacityBytes, unit));
        }
    }
    m_ui.status->setText(text);
    setColor(m_ui.status, level == ComponentPalette::Level::Good ? palette().color(QPalette::WindowText) : ComponentPalette::levelColor(level, dark));
    // The first warning as large as the status: "communication cannot be hidden" matters too.
    const QStringList warnings = IssueText::messages(issues, core::Severity::Warning);
    QString warning;
    if (!warnings.isEmpty())
        warning = warnings.size() > 1
            //: presentation, the first warning; %1 = its text, %2 = how many more
            ? tr("⚠ %1 (+%2 more)").arg(warnings.front()).arg(warnings.size() - 1)
            //: presentation, the only warning
            : tr("⚠ %1").arg(warnings.front());
    m_ui.warning->setText(warning);
    m_ui.warning->setVisible(!warning.isEmpty());
    m_ui.warning->setToolTip(warnings.join(QLatin1Char('\n')));
    setColor(m_ui.warning, ComponentPalette::levelColor(ComponentPalette::Level::Warning, dark));
}

void PresentationWindow::setAxisLocked(bool locked)
{
    if (m_actions.lockAxis->isChecked() != locked)
        m_actions.lockAxis->setChecked(locked); // comes back here through toggled
    m_axisFloor = locked ? m_chart->chart()->axisMaximumBytes() : 0;
    m_chart->chart()->setAxisFloor(m_axisFloor);
}

bool PresentationWindow::isAxisLocked() const
{
    return m_actions.lockAxis->isChecked();
}

void PresentationWindow::updateAxisLock()
{
    if (!isAxisLocked())
        return;
    // Locked: never smaller than before; a scene with more memory widens it for the rest.
    m_axisFloor = std::max(m_axisFloor, m_chart->chart()->axisMaximumBytes());
    m_chart->chart()->setAxisFloor(m_axisFloor);
}

void PresentationWindow::setBatchFollowsGpus(bool follows)
{
    m_controls->setBatchFollowsGpus(follows);
}

bool PresentationWindow::batchFollowsGpus() const
{
    return m_controls->batchFollowsGpus();
}

QAction* PresentationWindow::actionFor(const QKeyEvent* event) const
{
    const QKeySequence pressed(event->keyCombination());
    for (QAction* a : actions())
        if (a->shortcuts().contains(pressed))
            return a; // enabled or not: a disabled Undo must still not reach the explorer
    return nullptr;
}

bool PresentationWindow::event(QEvent* event)
{
    // Keys pressed here act here: claimed before any shortcut is looked up, so the explorer's
    // Ctrl+Z or Ctrl+S can never fire on its own scenario, whichever window the system thinks
    // is active (it lags behind while a full-screen window comes up).
    if (event->type() == QEvent::ShortcutOverride && actionFor(static_cast<QKeyEvent*>(event))) {
        event->accept();
        return true;
    }
    return QWidget::event(event);
}

void PresentationWindow::keyPressEvent(QKeyEvent* event)
{
    if (QAction* action = actionFor(event)) {
        if (action->isEnabled())
            action->trigger();
        return;
    }
    switch (event->key()) {
    case Qt::Key_Right:
    case Qt::Key_PageDown:
    case Qt::Key_Space:
        m_navigator->next();
        return;
    case Qt::Key_Left:
    case Qt::Key_PageUp:
    case Qt::Key_Backspace:
        m_navigator->previous();
        return;
    case Qt::Key_Home:
        m_navigator->first();
        return;
    case Qt::Key_End:
        m_navigator->last();
        return;
    case Qt::Key_Escape:
    case Qt::Key_F5:
        close();
        return;
    case Qt::Key_T:
        toggleTheme();
        return;
    case Qt::Key_P:
        toggleStepPlay();
        return;
    default:
        QWidget::keyPressEvent(event);
    }
}

void PresentationWindow::closeEvent(QCloseEvent* event)
{
    if (!resolveChangesBeforeLeaving()) {
        event->ignore();
        setFocus();
        return;
    }
    m_step->cursor()->pause(); // no clock ticking behind the explorer
    m_run->cursor()->pause();
    QWidget::closeEvent(event);
    emit left();
}

void PresentationWindow::retranslateUi()
{
    updateWindowTitle();
    m_ui.previous->setText(tr("◀ Previous"));
    m_ui.previous->setToolTip(tr("Previous scene (Left, Page Up)"));
    m_ui.next->setText(tr("Next ▶"));
    m_ui.next->setToolTip(tr("Next scene (Right, Page Down, Space)"));
    m_ui.open->setText(tr("Open Deck…"));
    m_ui.add->setText(tr("Add Scene (A)…"));
    m_ui.add->setToolTip(tr("Adds the scenario as it is now as a scene after this one."));
    m_ui.save->setText(tr("Save Deck…"));
    m_ui.save->setToolTip(tr("Saves the deck of scenes (Ctrl+S); the explorer's scenario file is never written from here."));
    m_actions.undo->setText(tr("Undo (Ctrl+Z)"));
    m_actions.undo->setToolTip(tr("Undoes what was dragged on this scene."));
    m_actions.redo->setText(tr("Redo"));
    m_actions.open->setText(tr("Open Deck…"));
    m_actions.save->setText(tr("Save Deck"));
    m_actions.saveAs->setText(tr("Save Deck As…"));
    m_actions.add->setText(tr("Add Scene…"));
    m_actions.lockAxis->setText(tr("Lock Axis (L)"));
    m_actions.lockAxis->setToolTip(tr("Keeps the memory axis from scene to scene, so bars compare by height."));
    m_ui.theme->setText(m_theme == SlideTheme::Theme::HighContrastDark ? tr("Light Theme (T)") : tr("Dark Theme (T)"));
    m_ui.leave->setText(tr("Leave (Esc)"));
    updatePlayButton();
    m_ui.play->setToolTip(tr("Plays the training step: the cursor moves through the schedule and stage 0's memory together (P)."));
    for (QLabel* l : {m_ui.notes, m_ui.caption, m_ui.counter})
        setColor(l, palette().color(QPalette::PlaceholderText));
    updateSceneTexts();
    updateFigures();
}

void PresentationWindow::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        m_navigator->setLanguage(languageCode());
        retranslateUi();
    }
    QWidget::changeEvent(event);
}
