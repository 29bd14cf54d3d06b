#include "app/help/shortcutsdialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QEvent>
#include <QHeaderView>
#include <QMenu>
#include <QMenuBar>
#include <QTableWidget>
#include <QVBoxLayout>

namespace {

QString bare(QString text)
{
    // "&Undo Change ZeRO stage" → "Undo Change ZeRO stage"; "&&" stays one ampersand.
    text.replace(QLatin1String("&&"), QStringLiteral("\x01"));
    text.remove(QLatin1Char('&'));
    text.replace(QStringLiteral("\x01"), QStringLiteral("&"));
    return text;
}

void collect(const QMenu* menu, const QString& path, QList<QPair<QString, QString>>& rows)
{
    for (const QAction* a : menu->actions()) {
        if (a->isSeparator())
            continue;
        const QString name = path + QStringLiteral(" ▸ ") + bare(a->text());
        if (a->menu()) {
            collect(a->menu(), name, rows);
            continue;
        }
        QStringList keys;
        for (const QKeySequence& k : a->shortcuts())
            keys << k.toString(QKeySequence::NativeText);
        if (!keys.isEmpty())
            rows.append({name, keys.join(QStringLiteral(", "))});
    }
}

} // namespace

ShortcutsDialog::ShortcutsDialog(QMenuBar* menus, QWidget* parent)
    : QDialog(parent)
    , m_menus(menus)
    , m_table(new QTableWidget(this))
{
    setObjectName(QStringLiteral("ShortcutsDialog"));
    m_table->setColumnCount(2);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_table, 1);
    layout->addWidget(buttons);
    const int em = fontMetrics().height();
    resize(em * 34, em * 36);
    fill();
}

QList<QPair<QString, QString>> ShortcutsDialog::rows() const
{
    QList<QPair<QString, QString>> out;
    for (int r = 0; r < m_table->rowCount(); ++r)
        out.append({m_table->item(r, 0)->text(), m_table->item(r, 1)->text()});
    return out;
}

void ShortcutsDialog::fill()
{
    setWindowTitle(tr("Keyboard Shortcuts"));
    m_table->setHorizontalHeaderLabels({tr("Command"), tr("Keys")});
    QList<QPair<QString, QString>> rows;
    for (const QAction* a : m_menus->actions())
        if (a->menu())
            collect(a->menu(), bare(a->text()), rows);
    // What no menu shows.
    rows.append({tr("Scenario panel: a slider or spin box"), tr("click it first, then the wheel or the arrow keys step it")});
    rows.append({tr("Presentation: next and previous scene"), tr("→ / ←, Space, Page Down / Page Up")});
    rows.append({tr("Presentation: leave"), tr("Esc or F5")});
    m_table->setRowCount(int(rows.size()));
    for (int r = 0; r < rows.size(); ++r) {
        m_table->setItem(r, 0, new QTableWidgetItem(rows[r].first));
        m_table->setItem(r, 1, new QTableWidgetItem(rows[r].second));
    }
}

void ShortcutsDialog::showEvent(QShowEvent* event)
{
    fill(); // the menus' texts as they are now (the undo action names the last edit)
    QDialog::showEvent(event);
}

void ShortcutsDialog::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        fill();
    QDialog::changeEvent(event);
}
