#pragma once

#include <QDockWidget>

#include "core/advice/advice.h"

class AdvicePanel;
class QToolButton;
class ScenarioController;

/// The "What to try first" dock: runs the advisor (core::advise) on the controller's scenario
/// while the panel can be seen, applies a chosen remedy as one undo step, and puts a "What to
/// try first…" button in the status bar while the scenario does not fit, or "A shorter run…"
/// while it fits and the goodput says a checkpoint change would gain a point (issue 29).
class AdviceDock : public QDockWidget
{
    Q_OBJECT

public:
    AdviceDock(ScenarioController* controller, QWidget* parent);

    AdvicePanel* panel() const { return m_panel; }
    /// The status-bar button (shown while the scenario does not fit).
    QToolButton* statusButton() const { return m_button; }
    /// Runs the advisor now (normally on every estimate while visible).
    void update();

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();
    void apply(int index);
    void updateButton();

    ScenarioController* m_controller = nullptr;
    AdvicePanel* m_panel = nullptr;
    QToolButton* m_button = nullptr;
    core::Advice m_advice;
    bool m_valid = true;
    bool m_fits = true;
    bool m_runAdvice = false; ///< the run's Info issues: a better checkpoint interval, asynchronous checkpoints
};
