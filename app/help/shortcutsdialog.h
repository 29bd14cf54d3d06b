#pragma once

#include <QDialog>

class QMenuBar;
class QTableWidget;

/// Help ▸ Keyboard Shortcuts: every menu action that has a key, read from the menu bar as it is
/// (so the list never disagrees with the menus), in the window's language, with the keys the
/// menus do not show (wheel, Esc, the presentation's).
class ShortcutsDialog : public QDialog
{
    Q_OBJECT

public:
    ShortcutsDialog(QMenuBar* menus, QWidget* parent = nullptr);

    /// "Edit ▸ Undo", "Ctrl+Z" rows as shown (for tests).
    QList<QPair<QString, QString>> rows() const;

protected:
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void fill();

    QMenuBar* m_menus = nullptr;
    QTableWidget* m_table = nullptr;
};
