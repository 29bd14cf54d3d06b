#pragma once

#include <QWidget>
#include <vector>

#include "app/slides/decksession.h"
#include "app/slides/slidetheme.h"
#include "core/issues.h"
#include "core/scenario.h"

class AnimatedMemoryChart;
class DeckDocument;
class QAction;
class QHBoxLayout;
class DeckNavigator;
class FigureStrip;
class PresentationControls;
class QAction;
class QLabel;
class QStackedWidget;
class QTimer;
class QToolButton;
class ScenarioController;
class RunView;
class StepCursor;
class StepScene;

/// Presentation mode (View ▸ Presentation, F5): full screen, large type, a high-contrast
/// theme, the bars, a strip of the figures the scene is about and the few controls a teacher
/// drags, and a deck of scenes stepped through with the keys a clicker sends (Right/PageDown/
/// Space forward, Left/PageUp back, Home/End); Esc or F5 leaves. A scene with "view": "step"
/// shows the training step instead of the bars, the schedule above stage 0's memory, and P plays
/// and pauses it (60 frames a second) while the keys above still step the scenes.
///
/// It never touches the explorer's work: it has its own controller and undo stack, and its
/// own document, the deck (Ctrl+S saves the deck, never the scenario). What is dragged live on
/// a scene can be undone there (Ctrl+Z); stepping on remembers it, and on leaving the window
/// offers to keep such edits as new scenes and to save the deck, only if there is any.
class PresentationWindow : public QWidget
{
    Q_OBJECT

public:
    explicit PresentationWindow(QWidget* parent = nullptr);
    ~PresentationWindow() override;

    ScenarioController* controller() const { return m_controller; }
    DeckNavigator* navigator() const { return m_navigator; }
    DeckDocument* document() const { return m_document; }
    AnimatedMemoryChart* chart() const { return m_chart; }
    PresentationControls* controls() const { return m_controls; }
    FigureStrip* figureStrip() const { return m_strip; }
    /// The played step of a "step" scene (hidden on the others).
    StepScene* stepScene() const { return m_step; }
    /// The run's wall-clock of a "run" scene (hidden on the others).
    RunView* runView() const { return m_run; }
    /// The scene shows the step, not the bars.
    bool showsStep() const;
    /// The scene shows the run's wall-clock.
    bool showsRun() const;
    /// P: plays the step (or the run) from its start on a scene's first press, then pauses and resumes.
    void toggleStepPlay();
    /// The scene's title with its live numbers filled in.
    QString sceneTitle() const;
    QString sceneNotes() const;
    QLabel* statusLabel() const { return m_ui.status; }
    QLabel* warningLabel() const { return m_ui.warning; }

    /// Full screen, showing the deck's current scene; remembers the deck to go back to.
    void start();
    void setTheme(SlideTheme::Theme theme);
    SlideTheme::Theme theme() const { return m_theme; }

    /// Reads a deck file and shows its first scene; false with a reason (the deck stays).
    bool openDeck(const QString& path, QString* error = nullptr);
    bool saveDeck(const QString& path, QString* error = nullptr);
    /// The scenario as it is now as a new scene after the current one; returns its index.
    int addCurrentScene(const QString& title);
    /// A button for `action` in the bottom row (and its shortcut in this window): View ▸
    /// Textbook View is one.
    void addToolAction(QAction* action);

    /// The value axis keeps its scale from scene to scene (it grows when a scene needs more).
    void setAxisLocked(bool locked);
    bool isAxisLocked() const;
    /// A GPU drag scales the global batch along (tokens per GPU per step kept).
    void setBatchFollowsGpus(bool follows);
    bool batchFollowsGpus() const;

    /// Live edits on a scene, scenes added, or both: what leaving offers to keep.
    bool hasChangesToKeep() const;
    /// Scenes changed live, not counting the one shown.
    int pendingEditCount() const { return int(m_session.pending().size()); }
    /// Adds every live edit as a new scene after the one it changed.
    void keepLiveEdits();
    /// Forgets the live edits and the scenes added since start().
    void discardChanges();
    /// The caption line's passing notice ("Saved the deck to deck.json."), empty when none.
    QString notice() const;
    /// Without dialogs (tests): leaving discards what was not kept.
    void setInteractive(bool interactive) { m_interactive = interactive; }

signals:
    /// The window was left (Esc, F5 or closed).
    void left();

protected:
    bool event(QEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void closeEvent(QCloseEvent* event) override;
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void createActions();
    /// The presentation's own action for a key press (Ctrl+Z, Ctrl+S, L, …), or null.
    QAction* actionFor(const QKeyEvent* event) const;
    void retranslateUi();
    void applyFonts();
    void applyScene(int index);
    bool currentSceneEdited() const;
    void updateSceneTexts();
    void updateFigures();
    void updateStatus(bool valid, const std::vector<core::Issue>& issues);
    void updateAxisLock();
    void updateWindowTitle();
    void updateStep();
    void updatePlayButton();
    void toggleTheme();
    void openDeckDialog();
    bool saveDeckDialog(bool askForName);
    void addSceneDialog();
    /// Asks what to do with the changes; false: stay in the presentation.
    bool resolveChangesBeforeLeaving();
    static QString languageCode();

    ScenarioController* m_controller = nullptr;
    DeckNavigator* m_navigator = nullptr;
    DeckDocument* m_document = nullptr;
    AnimatedMemoryChart* m_chart = nullptr;
    PresentationControls* m_controls = nullptr;
    FigureStrip* m_strip = nullptr;
    StepScene* m_step = nullptr;
    RunView* m_run = nullptr;
    /// The cursor of the scene shown that plays (the step's or the run's), or null.
    StepCursor* playedCursor() const;
    QStackedWidget* m_views = nullptr; ///< the bars or the step
    bool m_stepFresh = true;           ///< the step scene was not played since it was entered
    SlideTheme::Theme m_theme = SlideTheme::Theme::HighContrastDark;
    DeckSession m_session;     ///< the scene shown and the edits made live (decksession.h)
    double m_axisFloor = 0;    ///< bytes, while the axis is locked
    bool m_interactive = true;
    QHBoxLayout* m_toolRow = nullptr; ///< the bottom row of buttons
    QTimer* m_noticeTimer = nullptr;  ///< clears the notice
    QString m_notice;                 ///< what Save Deck did, in the caption line for a few seconds
    struct
    {
        QLabel* title = nullptr;
        QLabel* counter = nullptr;
        QLabel* notes = nullptr;
        QLabel* status = nullptr;
        QLabel* warning = nullptr;
        QLabel* caption = nullptr;
        QToolButton* previous = nullptr;
        QToolButton* next = nullptr;
        QToolButton* open = nullptr;
        QToolButton* add = nullptr;
        QToolButton* save = nullptr;
        QToolButton* undo = nullptr;
        QToolButton* lock = nullptr;
        QToolButton* theme = nullptr;
        QToolButton* play = nullptr;
        QToolButton* leave = nullptr;
    } m_ui;
    struct
    {
        QAction* undo = nullptr;
        QAction* redo = nullptr;
        QAction* open = nullptr;
        QAction* save = nullptr;
        QAction* saveAs = nullptr;
        QAction* add = nullptr;
        QAction* lockAxis = nullptr;
    } m_actions;
};
