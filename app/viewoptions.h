#pragma once

#include <QObject>

#include "widgets/displayformat.h"

class QAction;
class QActionGroup;
class QMenu;
class QWidget;

/// The View menu's settings that every view follows: View ▸ Units (GB or GiB, for every label,
/// axis, tooltip, working line, warning and export) and View ▸ Textbook (the seeds' four
/// ledgers only: parameters, gradients, optimizer states, activations). The window connects
/// the signals to its views; the presentation window shares the same actions.
class ViewOptions : public QObject
{
    Q_OBJECT

public:
    explicit ViewOptions(QWidget* parent);

    DisplayFormat::MemoryUnit unit() const { return m_unit; }
    void setUnit(DisplayFormat::MemoryUnit unit);
    bool textbook() const { return m_textbook; }
    void setTextbook(bool on);

    /// View ▸ Units: GB (Ctrl+G toggles) and GiB, one checked.
    QMenu* unitsMenu() const { return m_unitsMenu; }
    QAction* gbAction() const { return m_gb; }
    QAction* gibAction() const { return m_gib; }
    /// View ▸ Textbook (Ctrl+T), checkable.
    QAction* textbookAction() const { return m_textbookAction; }
    /// View ▸ Dark Theme (Ctrl+Shift+D), checkable: AppTheme's dark palette or the platform's.
    QAction* darkThemeAction() const { return m_darkAction; }

    void retranslateUi();

signals:
    void unitChanged(DisplayFormat::MemoryUnit unit);
    void textbookChanged(bool on);

private:
    QMenu* m_unitsMenu = nullptr;
    QActionGroup* m_unitGroup = nullptr;
    QAction* m_gb = nullptr;
    QAction* m_gib = nullptr;
    QAction* m_toggleUnit = nullptr;
    QAction* m_textbookAction = nullptr;
    QAction* m_darkAction = nullptr;
    DisplayFormat::MemoryUnit m_unit = DisplayFormat::MemoryUnit::GB;
    bool m_textbook = false;
};
