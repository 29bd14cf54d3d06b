#include "app/documents/recentfiles.h"

#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <QSettings>

namespace {

const QString kKey = QStringLiteral("recentFiles");

} // namespace

RecentFiles::RecentFiles(QObject* parent)
    : QObject(parent)
{
}

QStringList RecentFiles::files() const
{
    return QSettings().value(kKey).toStringList();
}

void RecentFiles::store(const QStringList& files)
{
    QSettings settings;
    if (files.isEmpty())
        settings.remove(kKey);
    else
        settings.setValue(kKey, files);
}

void RecentFiles::add(const QString& path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList list = files();
    list.removeAll(absolute);
    list.prepend(absolute);
    while (list.size() > kMaxFiles)
        list.removeLast();
    store(list);
}

void RecentFiles::remove(const QString& path)
{
    QStringList list = files();
    if (list.removeAll(QFileInfo(path).absoluteFilePath()) > 0)
        store(list);
}

void RecentFiles::clear()
{
    store({});
}

QStringList RecentFiles::prune()
{
    QStringList kept, gone;
    for (const QString& path : files())
        (QFileInfo::exists(path) ? kept : gone) << path;
    if (!gone.isEmpty())
        store(kept);
    return gone;
}

QMenu* RecentFiles::menu() const
{
    return m_menu;
}

QMenu* RecentFiles::createMenu(QWidget* parent)
{
    m_menu = new QMenu(parent);
    m_menu->setToolTipsVisible(true);
    connect(m_menu, &QMenu::aboutToShow, this, &RecentFiles::rebuildMenu);
    rebuildMenu();
    return m_menu;
}

void RecentFiles::rebuildMenu()
{
    if (!m_menu)
        return;
    const QStringList gone = prune();
    if (!gone.isEmpty())
        emit filesPruned(gone);
    m_menu->clear();
    const QStringList list = files();
    for (int i = 0; i < list.size(); ++i) {
        const QString& path = list[i];
        // "&1 llama-70b.json": the number is the keyboard accelerator; the tooltip the folder.
        const QString name = QFileInfo(path).fileName().replace(QLatin1Char('&'), QStringLiteral("&&"));
        QAction* action = m_menu->addAction(i < 9 ? QStringLiteral("&%1  %2").arg(i + 1).arg(name) : name);
        action->setToolTip(QDir::toNativeSeparators(path));
        connect(action, &QAction::triggered, this, [this, path] { emit fileChosen(path); });
    }
    if (list.isEmpty()) {
        m_menu->addAction(tr("No recent files"))->setEnabled(false);
        return;
    }
    m_menu->addSeparator();
    connect(m_menu->addAction(tr("&Clear Menu")), &QAction::triggered, this, &RecentFiles::clear);
}
