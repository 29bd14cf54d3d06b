#pragma once

#include <QWidget>
#include <functional>
#include <vector>

#include "core/io/drill_io.h"

class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QVBoxLayout;
class ScenarioController;

/// Drill mode: the seeds' interview questions (resources/drills/), each bound to a scenario.
/// The student types an estimate with its unit, checks it against the app's own number, and
/// reveals the derivation one working line at a time; "Open in the explorer" loads the
/// scenario (one undo step) to play with it. English and Chinese, switchable live.
class DrillPage : public QWidget
{
    Q_OBJECT

public:
    DrillPage(ScenarioController* controller, QWidget* parent = nullptr);

    int drillCount() const { return int(m_drills.size()); }
    void setCurrentDrill(int index);
    int currentDrill() const { return m_current; }
    /// Types `text` as the estimate and checks it (as the Check button does).
    void check(const QString& text);
    /// Shows the next line of the derivation; false when all are shown.
    bool revealNext();
    int revealedSteps() const { return m_revealed; }
    int stepCount() const { return int(m_stepTexts.size()); }
    QString questionText() const;
    QString verdictText() const;
    QString stepText(int index) const;
    QString answerText() const;

    /// Asked before "Open in the explorer" replaces the explorer's scenario (the window's "save
    /// the changes?"); false keeps it. None: it is replaced.
    void setOpenGuard(std::function<bool()> guard) { m_openGuard = std::move(guard); }
    /// Opens the drill's scenario in the explorer (the button): after the guard agrees.
    void openInExplorer();
    /// Checks made on the current drill (the answer shows after the second, or a close one).
    int tries() const { return m_tries; }

signals:
    /// "Open in the explorer" was clicked (after the scenario went to the controller).
    void openedInExplorer();

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();
    void showDrill();
    void prepareSteps();
    void showAnswer();
    QString formatAnswer(double value) const;
    QString modelName(const core::Scenario& s) const;
    static QString languageCode();

    ScenarioController* m_controller = nullptr;
    std::vector<core::Drill> m_drills;
    int m_current = -1;
    int m_revealed = 0;
    int m_tries = 0;
    std::function<bool()> m_openGuard;
    double m_answer = 0;
    QStringList m_stepTexts;
    struct
    {
        QListWidget* list = nullptr;
        QLabel* heading = nullptr;
        QLabel* title = nullptr;
        QLabel* question = nullptr;
        QLabel* scenario = nullptr;
        QLabel* prompt = nullptr;
        QLineEdit* guess = nullptr;
        QPushButton* check = nullptr;
        QLabel* verdict = nullptr;
        QLabel* hint = nullptr;
        QPushButton* next = nullptr;
        QPushButton* all = nullptr;
        QVBoxLayout* steps = nullptr;
        QLabel* answer = nullptr;
        QLabel* takeaway = nullptr;
        QPushButton* open = nullptr;
    } m_ui;
    std::vector<QLabel*> m_stepLabels; // pooled
};
