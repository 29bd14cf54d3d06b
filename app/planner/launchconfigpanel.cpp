#include "app/planner/launchconfigpanel.h"

#include <QApplication>
#include <QClipboard>
#include <QEvent>
#include <QFileDialog>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSaveFile>
#include <QTabWidget>
#include <QVBoxLayout>

#include "core/io/launchconfig.h"

namespace {

constexpr core::LaunchFramework kFrameworks[] = {core::LaunchFramework::Megatron, core::LaunchFramework::DeepSpeed,
                                                 core::LaunchFramework::Torchtitan};

} // namespace

LaunchConfigPanel::LaunchConfigPanel(QWidget* parent)
    : QWidget(parent)
    , m_title(new QLabel(this))
    , m_tabs(new QTabWidget(this))
    , m_copy(new QPushButton(this))
    , m_save(new QPushButton(this))
    , m_status(new QLabel(this))
    , m_notes(new QLabel(this))
{
    m_title->setWordWrap(true);
    m_notes->setWordWrap(true);
    m_notes->setTextFormat(Qt::PlainText);
    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    for (QPlainTextEdit*& t : m_text) {
        t = new QPlainTextEdit(this);
        t->setReadOnly(true);
        t->setFont(mono);
        t->setLineWrapMode(QPlainTextEdit::NoWrap);
        m_tabs->addTab(t, QString());
    }
    connect(m_copy, &QPushButton::clicked, this, &LaunchConfigPanel::copyCurrent);
    connect(m_save, &QPushButton::clicked, this, &LaunchConfigPanel::saveCurrent);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_copy);
    buttons->addWidget(m_save);
    buttons->addWidget(m_status, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_title);
    layout->addWidget(m_tabs, 1);
    layout->addWidget(m_notes);
    layout->addLayout(buttons);
    connect(m_tabs, &QTabWidget::currentChanged, this, &LaunchConfigPanel::showNotes);
    retranslateUi();
}

void LaunchConfigPanel::setScenario(const core::Scenario& scenario, const QString& name)
{
    m_scenario = scenario;
    m_name = name;
    for (int i = 0; i < 3; ++i) {
        core::LaunchFile file = core::launchFile(scenario, kFrameworks[i]);
        m_text[i]->setPlainText(QString::fromStdString(file.text));
        m_noteList[i] = std::move(file.notes);
    }
    m_status->clear();
    retranslateUi();
}

void LaunchConfigPanel::showNotes()
{
    const int i = m_tabs->currentIndex();
    QStringList lines;
    if (i >= 0 && i < 3)
        for (const core::LaunchNote& n : m_noteList[i])
            lines << noteLine(n);
    m_notes->setText(lines.join(QLatin1Char('\n')));
    m_notes->setVisible(!lines.isEmpty());
}

QString LaunchConfigPanel::noteLine(const core::LaunchNote& n)
{
    QString sentence = QCoreApplication::translate("LaunchNote", core::launchNoteSentence(n.code).data());
    return QStringLiteral("⚠ ") + sentence.replace(QLatin1String("%1"), QLocale().toString(n.a)).replace(QLatin1String("%2"), QLocale().toString(n.b));
}

QString LaunchConfigPanel::text(int index) const
{
    return index >= 0 && index < 3 ? m_text[index]->toPlainText() : QString();
}

bool LaunchConfigPanel::saveText(const QString& path, const QByteArray& text, QString* error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = file.errorString();
        return false;
    }
    // commit() flushes and renames only if every write succeeded; a short write cancels it.
    if (file.write(text) != text.size()) {
        if (error)
            *error = file.errorString();
        file.cancelWriting();
        file.commit();
        return false;
    }
    if (!file.commit()) {
        if (error)
            *error = file.errorString();
        return false;
    }
    return true;
}

void LaunchConfigPanel::copyCurrent()
{
    QApplication::clipboard()->setText(text(m_tabs->currentIndex()));
    //: after copying a launch config; %1 = framework name
    m_status->setText(tr("Copied the %1 settings.").arg(m_tabs->tabText(m_tabs->currentIndex()).remove(QLatin1Char('&'))));
}

void LaunchConfigPanel::saveCurrent()
{
    const int i = m_tabs->currentIndex();
    const QString suffix = QString::fromLatin1(core::launchFileSuffix(kFrameworks[i]).data());
    const QString base = QString::fromLatin1(core::launchFrameworkName(kFrameworks[i]).data());
    const QString path = QFileDialog::getSaveFileName(this, tr("Save Launch Settings"), base + suffix,
                                                      //: file dialog filter; %1 = e.g. "*.json"
                                                      tr("Launch settings (*%1);;All files (*)").arg(suffix));
    if (path.isEmpty())
        return;
    QString error;
    if (!saveText(path, text(i).toUtf8(), &error)) {
        //: %1 = file path, %2 = the system's reason
        QMessageBox::warning(this, tr("Save Launch Settings"), tr("Could not save %1:\n%2").arg(path, error));
        return;
    }
    //: after saving; %1 = file path
    m_status->setText(tr("Saved %1.").arg(path));
}

void LaunchConfigPanel::retranslateUi()
{
    //: above the launch configs; %1 = the layout in short form
    m_title->setText(m_name.isEmpty() ? tr("The scenario's layout as launch settings.")
                                      : tr("Launch settings for %1 (names as each framework's source defines them at a stated commit).").arg(m_name));
    m_tabs->setTabText(0, tr("Megatron-LM"));
    m_tabs->setTabText(1, tr("DeepSpeed"));
    m_tabs->setTabText(2, tr("torchtitan"));
    m_copy->setText(tr("&Copy"));
    m_copy->setToolTip(tr("Copy the settings shown to the clipboard"));
    m_save->setText(tr("&Save…"));
    m_save->setToolTip(tr("Save the settings shown to a file"));
    showNotes();
}

void LaunchConfigPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}
