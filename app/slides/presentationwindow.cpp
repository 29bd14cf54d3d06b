#include "app/slides/presentationwindow.h"

#include <QApplication>
#include <QCloseEvent>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QKeyEvent>
#include <QLabel>
#include <QMessageBox>
#include <QScreen>
#include <QToolButton>
#include <QVBoxLayout>

#include "app/slides/decknavigator.h"
#include "app/slides/presentationcontrols.h"
#include "app/scenariocontroller.h"
#include "app/slides/slidecontent.h"
#include "widgets/charts/animatedmemorychart.h"
#include "widgets/charts/componentpalette.h"
#include "widgets/displayformat.h"
#include "widgets/issuetext.h"

namespace {

QLabel* label(double pointSize, bool bold, QWidget* parent)
{
    auto* l = new QLabel(parent);
    l->setTextFormat(Qt::PlainText);
    l->setWordWrap(true);
    QFont f = l->font();
    f.setPointSizeF(pointSize);
    f.setBold(bold);
    l->setFont(f);
    return l;
}

void mute(QLabel* label, const QPalette& palette)
{
    QPalette p = label->palette();
    p.setColor(QPalette::WindowText, palette.color(QPalette::PlaceholderText));
    label->setPalette(p);
}

} // namespace

PresentationWindow::PresentationWindow(ScenarioController* controller, QWidget* parent)
    : QWidget(parent, Qt::Window)
    , m_controller(controller)
    , m_navigator(new DeckNavigator(this))
{
    setObjectName(QStringLiteral("PresentationWindow"));
    setFocusPolicy(Qt::StrongFocus);
    // Type for the back row: about 1/70 of the screen's height. Set before the chart is made,
    // which copies its fonts at construction.
    const QScreen* screen = this->screen() ? this->screen() : QGuiApplication::primaryScreen();
    const double base = std::clamp((screen ? screen->geometry().height() : 1080) / 70.0, 12.0, 40.0);
    QFont f = font();
    f.setPointSizeF(base);
    setFont(f);
    setPalette(SlideTheme::palette(m_theme));
    setAutoFillBackground(true);

    m_ui.title = label(base * 1.9, true, this);
    m_ui.title->setObjectName(QStringLiteral("sceneTitle"));
    m_ui.counter = label(base, false, this);
    m_ui.counter->setWordWrap(false);
    m_ui.counter->setAlignment(Qt::AlignRight | Qt::AlignTop);
    m_ui.notes = label(base * 1.1, false, this);
    m_ui.notes->setObjectName(QStringLiteral("sceneNotes"));
    m_chart = new AnimatedMemoryChart(this);
    m_controls = new PresentationControls(controller, this);
    m_ui.status = label(base * 1.05, true, this);
    m_ui.caption = label(base * 0.85, false, this);

    auto button = [this](const QString& icon) {
        auto* b = new QToolButton(this);
        b->setFocusPolicy(Qt::NoFocus); // Space must step the scene, never press a button
        b->setToolButtonStyle(Qt::ToolButtonTextOnly);
        b->setAutoRaise(true);
        if (!icon.isEmpty())
            b->setText(icon);
        return b;
    };
    m_ui.previous = button(QString());
    m_ui.next = button(QString());
    m_ui.open = button(QString());
    m_ui.add = button(QString());
    m_ui.save = button(QString());
    m_ui.theme = button(QString());
    m_ui.leave = button(QString());

    const int margin = int(base * 1.6);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(margin, margin * 3 / 4, margin, margin / 2);
    auto* head = new QHBoxLayout;
    head->addWidget(m_ui.title, 1);
    head->addWidget(m_ui.counter);
    layout->addLayout(head);
    layout->addWidget(m_ui.notes);
    auto* middle = new QHBoxLayout;
    middle->addWidget(m_chart, 3);
    middle->addSpacing(margin);
    middle->addWidget(m_controls, 1);
    layout->addLayout(middle, 1);
    layout->addWidget(m_ui.status);
    layout->addWidget(m_ui.caption);
    auto* bar = new QHBoxLayout;
    m_toolRow = bar;
    for (QToolButton* b : {m_ui.previous, m_ui.next, m_ui.open, m_ui.add, m_ui.save, m_ui.theme})
        bar->addWidget(b);
    bar->addStretch(1);
    bar->addWidget(m_ui.leave);
    layout->addLayout(bar);

    connect(m_ui.previous, &QToolButton::clicked, m_navigator, &DeckNavigator::previous);
    connect(m_ui.next, &QToolButton::clicked, m_navigator, &DeckNavigator::next);
    connect(m_ui.open, &QToolButton::clicked, this, &PresentationWindow::openDeckDialog);
    connect(m_ui.add, &QToolButton::clicked, this, &PresentationWindow::addSceneDialog);
    connect(m_ui.save, &QToolButton::clicked, this, &PresentationWindow::saveDeckDialog);
    connect(m_ui.theme, &QToolButton::clicked, this, &PresentationWindow::toggleTheme);
    connect(m_ui.leave, &QToolButton::clicked, this, &QWidget::close);

    connect(m_navigator, &DeckNavigator::currentChanged, this, &PresentationWindow::applyScene);
    connect(m_navigator, &DeckNavigator::deckChanged, this, &PresentationWindow::updateSceneTexts);
    connect(controller, &ScenarioController::estimateChanged, m_chart, &AnimatedMemoryChart::setEstimate);
    connect(controller, &ScenarioController::estimateChanged, this, [this] { updateSceneTexts(); });
    connect(controller, &ScenarioController::scenarioChanged, m_controls, &ControlSection::setScenario);
    connect(controller, &ScenarioController::issuesChanged, m_controls,
            [this](bool, const std::vector<core::Issue>& issues) { m_controls->setIssues(issues); });
    connect(controller, &ScenarioController::issuesChanged, this, &PresentationWindow::updateStatus);
    // A hand on a slider: the bars follow it; a scene change: they glide.
    connect(controller, &ScenarioController::draggingChanged, m_chart, &AnimatedMemoryChart::setImmediate);

    m_navigator->setLanguage(languageCode());
    if (controller->lastValidEstimate().valid)
        m_chart->setEstimate(controller->lastValidEstimate());
    retranslateUi();
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
    for (QLabel* l : {m_ui.notes, m_ui.caption, m_ui.counter})
        mute(l, palette());
    updateStatus(m_controller->estimate().valid, m_controller->estimate().issues);
    retranslateUi();
}

void PresentationWindow::toggleTheme()
{
    setTheme(m_theme == SlideTheme::Theme::HighContrastDark ? SlideTheme::Theme::HighContrastLight : SlideTheme::Theme::HighContrastDark);
}

void PresentationWindow::applyScene(int index)
{
    const core::Scene* scene = m_navigator->currentScene();
    if (!scene)
        return;
    //: undo text; %1 = scene number, %2 = scene title
    m_controller->setScenario(scene->scenario, tr("Scene %1: %2").arg(index + 1).arg(m_navigator->title(index)));
    updateSceneTexts();
}

void PresentationWindow::updateSceneTexts()
{
    const int i = m_navigator->currentIndex();
    m_ui.title->setText(m_navigator->title(i));
    m_ui.notes->setText(m_navigator->notes(i));
    m_ui.notes->setVisible(!m_ui.notes->text().isEmpty());
    //: scene counter; %1 = current scene, %2 = scenes in the deck
    m_ui.counter->setText(tr("%1 / %2").arg(i + 1).arg(m_navigator->count()));
    const core::Estimate& e = m_controller->lastValidEstimate();
    m_ui.caption->setText(SlideContent::caption(m_controller->scenario(), e));
    m_ui.previous->setEnabled(i > 0);
    m_ui.next->setEnabled(i + 1 < m_navigator->count());
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
    QPalette p = m_ui.status->palette();
    p.setColor(QPalette::WindowText, level == ComponentPalette::Level::Good ? palette().color(QPalette::WindowText)
                                                                            : ComponentPalette::levelColor(level, dark));
    m_ui.status->setPalette(p);
}

bool PresentationWindow::openDeck(const QString& path, QString* error)
{
    return m_navigator->loadFile(path, error);
}

bool PresentationWindow::saveDeck(const QString& path, QString* error) const
{
    return m_navigator->saveFile(path, error);
}

int PresentationWindow::addCurrentScene(const QString& title)
{
    core::Scene scene;
    scene.title.en = title.toStdString();
    const QString notes = SlideContent::caption(m_controller->scenario(), m_controller->lastValidEstimate());
    scene.notes.en = notes.toStdString();
    if (m_navigator->language() != QLatin1String("en")) {
        // Typed in the language shown: keep it for that language too.
        scene.title.zhCN = scene.title.en;
        scene.notes.zhCN = scene.notes.en;
    }
    scene.scenario = m_controller->scenario();
    return m_navigator->addScene(scene);
}

void PresentationWindow::openDeckDialog()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Deck"), {}, tr("Decks of scenes (*.json)"));
    QString error;
    if (!path.isEmpty() && !openDeck(path, &error))
        QMessageBox::warning(this, tr("Open Deck"), error);
    setFocus();
}

void PresentationWindow::saveDeckDialog()
{
    QString path = QFileDialog::getSaveFileName(this, tr("Save Deck"), QStringLiteral("deck.json"), tr("Decks of scenes (*.json)"));
    if (path.isEmpty())
        return;
    if (!path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive))
        path += QStringLiteral(".json");
    QString error;
    if (!saveDeck(path, &error))
        QMessageBox::warning(this, tr("Save Deck"), error);
    setFocus();
}

void PresentationWindow::addSceneDialog()
{
    bool ok = false;
    //: default title of a scene added from the current scenario; %1 = its number
    const QString proposed = tr("Scene %1").arg(m_navigator->currentIndex() + 2);
    const QString title = QInputDialog::getText(this, tr("Add Scene"), tr("Title of the new scene (the current scenario):"), QLineEdit::Normal,
                                                proposed, &ok);
    if (ok)
        addCurrentScene(title.trimmed().isEmpty() ? proposed : title.trimmed());
    setFocus();
}

void PresentationWindow::keyPressEvent(QKeyEvent* event)
{
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
    default:
        QWidget::keyPressEvent(event);
    }
}

void PresentationWindow::closeEvent(QCloseEvent* event)
{
    QWidget::closeEvent(event);
    emit left();
}

void PresentationWindow::retranslateUi()
{
    setWindowTitle(tr("ShardScope — Presentation"));
    m_ui.previous->setText(tr("◀ Previous"));
    m_ui.previous->setToolTip(tr("Previous scene (Left, Page Up)"));
    m_ui.next->setText(tr("Next ▶"));
    m_ui.next->setToolTip(tr("Next scene (Right, Page Down, Space)"));
    m_ui.open->setText(tr("Open Deck…"));
    m_ui.add->setText(tr("Add Scene…"));
    m_ui.add->setToolTip(tr("Adds the scenario as it is now as a scene after this one."));
    m_ui.save->setText(tr("Save Deck…"));
    m_ui.theme->setText(m_theme == SlideTheme::Theme::HighContrastDark ? tr("Light Theme (T)") : tr("Dark Theme (T)"));
    m_ui.leave->setText(tr("Leave (Esc)"));
    for (QLabel* l : {m_ui.notes, m_ui.caption, m_ui.counter})
        mute(l, palette());
    updateSceneTexts();
}

void PresentationWindow::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        m_navigator->setLanguage(languageCode());
        retranslateUi();
    }
    QWidget::changeEvent(event);
}
