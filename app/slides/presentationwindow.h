#pragma once

#include <QWidget>
#include <vector>

#include "app/slides/slidetheme.h"
#include "core/issues.h"

class AnimatedMemoryChart;
class QAction;
class QHBoxLayout;
class DeckNavigator;
class PresentationControls;
class QLabel;
class QToolButton;
class ScenarioController;

/// Presentation mode (View ▸ Presentation, F5): full screen, large type, a high-contrast
/// theme, the bars and the few controls a teacher drags, and a deck of scenes stepped through
/// with the keys a clicker sends (Right/PageDown/Space forward, Left/PageUp back, Home/End);
/// Esc or F5 leaves. A scene's scenario goes to the controller, so the bars glide to its
/// numbers and the window shows the same scenario afterwards.
class PresentationWindow : public QWidget
{
    Q_OBJECT

public:
    explicit PresentationWindow(ScenarioController* controller, QWidget* parent = nullptr);
    ~PresentationWindow() override;

    DeckNavigator* navigator() const { return m_navigator; }
    AnimatedMemoryChart* chart() const { return m_chart; }
    PresentationControls* controls() const { return m_controls; }
    QString sceneTitle() const;
    QString sceneNotes() const;

    /// Full screen, showing the deck's current scene.
    void start();
    void setTheme(SlideTheme::Theme theme);
    SlideTheme::Theme theme() const { return m_theme; }

    /// Reads a deck file and shows its first scene; false with a reason (the deck stays).
    bool openDeck(const QString& path, QString* error = nullptr);
    bool saveDeck(const QString& path, QString* error = nullptr) const;
    /// The controller's scenario as a new scene after the current one; returns its index.
    int addCurrentScene(const QString& title);
    /// A button for `action` in the bottom row (and its shortcut in this window): View ▸
    /// Textbook View is one.
    void addToolAction(QAction* action);

signals:
    /// The window was left (Esc, F5 or closed).
    void left();

protected:
    void keyPressEvent(QKeyEvent* event) override;
    void closeEvent(QCloseEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();
    void applyScene(int index);
    void updateSceneTexts();
    void updateStatus(bool valid, const std::vector<core::Issue>& issues);
    void toggleTheme();
    void openDeckDialog();
    void saveDeckDialog();
    void addSceneDialog();
    static QString languageCode();

    ScenarioController* m_controller = nullptr;
    DeckNavigator* m_navigator = nullptr;
    AnimatedMemoryChart* m_chart = nullptr;
    PresentationControls* m_controls = nullptr;
    SlideTheme::Theme m_theme = SlideTheme::Theme::HighContrastDark;
    QHBoxLayout* m_toolRow = nullptr; ///< the bottom row of buttons
    struct
    {
        QLabel* title = nullptr;
        QLabel* counter = nullptr;
        QLabel* notes = nullptr;
        QLabel* status = nullptr;
        QLabel* caption = nullptr;
        QToolButton* previous = nullptr;
        QToolButton* next = nullptr;
        QToolButton* open = nullptr;
        QToolButton* add = nullptr;
        QToolButton* save = nullptr;
        QToolButton* theme = nullptr;
        QToolButton* leave = nullptr;
    } m_ui;
};
