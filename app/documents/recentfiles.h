#pragma once

#include <QObject>
#include <QPointer>
#include <QStringList>

class QMenu;
class QWidget;

/// File ▸ Open Recent: the last scenario files opened or saved, newest first, kept in
/// QSettings. Files that no longer exist are dropped when the menu opens, and said so.
class RecentFiles : public QObject
{
    Q_OBJECT

public:
    static constexpr int kMaxFiles = 10;

    explicit RecentFiles(QObject* parent = nullptr);

    /// Newest first, as stored (not checked against the disk).
    QStringList files() const;
    /// Puts `path` first (once); keeps at most kMaxFiles.
    void add(const QString& path);
    void remove(const QString& path);
    void clear();
    /// Drops the entries whose file is gone; returns them.
    QStringList prune();

    /// The submenu, owned by `parent`; its items are rebuilt each time it opens.
    QMenu* createMenu(QWidget* parent);
    QMenu* menu() const;

signals:
    void fileChosen(const QString& path);
    /// Missing files were dropped from the list.
    void filesPruned(const QStringList& paths);

private:
    void store(const QStringList& files);
    void rebuildMenu();

    QPointer<QMenu> m_menu;
};
