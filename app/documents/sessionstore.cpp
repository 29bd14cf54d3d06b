#include "app/documents/sessionstore.h"

#include <QAction>
#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>

#include "app/documents/documentcontroller.h"
#include "app/documents/filesaver.h"
#include "app/documents/settingsfile.h"
#include "app/languagemanager.h"
#include "app/mainwindow.h"
#include "app/scenariocontroller.h"
#include "app/viewoptions.h"
#include "core/io/scenario_io.h"
#include "widgets/issuetext.h"

namespace {

// One group, so that "start afresh" for a test or a user is removing it.
const QString kGroup = QStringLiteral("session");
const QString kScenario = QStringLiteral("scenario");
const QString kSaved = QStringLiteral("savedScenario");
const QString kFile = QStringLiteral("file");
const QString kTitle = QStringLiteral("title");
const QString kGeometry = QStringLiteral("geometry");
const QString kWindowState = QStringLiteral("windowState");
const QString kLanguage = QStringLiteral("language");
const QString kDarkTheme = QStringLiteral("darkTheme");

QString toText(const std::string& json)
{
    return QString::fromStdString(json);
}

/// A session value read back; whatever is wrong with it (even an exception, which the core is
/// not meant to throw) comes back as issues, never out of restore().
core::ScenarioLoad loadText(const QString& text)
{
    const QByteArray utf8 = text.toUtf8();
    try {
        return core::loadScenario(std::string_view(utf8.constData(), std::size_t(utf8.size())));
    } catch (const std::exception& e) {
        core::ScenarioLoad failed;
        core::Issue issue{core::IssueCode::MalformedJson, core::Severity::Error, ""};
        issue.detail = e.what();
        failed.issues.push_back(issue);
        return failed;
    }
}

} // namespace

SessionStore::SessionStore(MainWindow* window)
    : QObject(window)
    , m_window(window)
    , m_timer(new QTimer(this))
{
    m_timer->setSingleShot(true);
    m_timer->setInterval(kSaveDelayMs);
    connect(m_timer, &QTimer::timeout, this, &SessionStore::save);
    connect(window->controller(), &ScenarioController::scenarioChanged, this, &SessionStore::scheduleSave);
    connect(window->documentController(), &DocumentController::documentChanged, this, &SessionStore::scheduleSave);
    connect(window->languageManager(), &LanguageManager::languageChanged, this, &SessionStore::scheduleSave);
    connect(qApp, &QCoreApplication::aboutToQuit, this, &SessionStore::save);
    window->installEventFilter(this);
}

SessionStore::~SessionStore() = default;

bool SessionStore::restore()
{
    if (!m_window)
        return false;
    m_restoreProblem.clear();
    QStringList problems;
    if (const QString aside = SettingsFile::takeSetAside(); !aside.isEmpty())
        //: %1 = the file the unreadable settings were kept in
        problems << tr("The settings file could not be read; the settings start afresh. It was kept as %1.").arg(QDir::toNativeSeparators(aside));
    QSettings settings;
    settings.beginGroup(kGroup);
    m_window->languageManager()->setLanguage(settings.value(kLanguage).toString());
    if (settings.value(kDarkTheme).toBool())
        m_window->viewOptions()->darkThemeAction()->setChecked(true);
    m_window->restoreGeometry(settings.value(kGeometry).toByteArray());
    if (m_window->restoreState(settings.value(kWindowState).toByteArray()))
        m_window->keepDockLayout();

    const QString text = settings.value(kScenario).toString();
    core::ScenarioLoad scenario;
    if (!text.isEmpty())
        scenario = loadText(text);
    if (!text.isEmpty() && !scenario.ok) {
        // A session written by a newer build, or damaged: kept as a file, dropped from the
        // settings (reported this once), and the window starts from the default.
        const QString kept = setAside(text);
        //: %1 = the reasons, one per line; %2 = the file the session was kept in
        problems << tr("The last session could not be restored:\n%1\nIt was kept in %2.")
                        .arg(IssueText::messages(scenario.issues, core::Severity::Error).join(QLatin1Char('\n')),
                             QDir::toNativeSeparators(kept));
        if (!kept.isEmpty())
            for (const QString& key : {kScenario, kSaved, kFile, kTitle})
                settings.remove(key);
    }
    bool restored = false;
    if (scenario.ok) {
        core::Scenario saved = scenario.scenario;
        const QString savedText = settings.value(kSaved).toString();
        if (!savedText.isEmpty()) {
            const core::ScenarioLoad load = loadText(savedText);
            if (load.ok) {
                saved = load.scenario;
            } else {
                // Only the baseline is lost: the scenario comes back, marked as modified.
                const QString kept = setAside(savedText);
                //: %1 = the reasons, one per line; %2 = the file it was kept in
                problems << tr("What the scenario was last saved as could not be restored:\n%1\nIt was kept in %2.")
                                .arg(IssueText::messages(load.issues, core::Severity::Error).join(QLatin1Char('\n')),
                                     QDir::toNativeSeparators(kept));
                saved = core::defaultScenario();
                if (!kept.isEmpty())
                    settings.remove(kSaved);
            }
        }
        m_window->documentController()->restore(settings.value(kFile).toString(), settings.value(kTitle).toString(), saved,
                                                scenario.scenario);
        restored = true;
    }
    m_restoreProblem = problems.join(QStringLiteral("\n\n"));
    if (!m_restoreProblem.isEmpty())
        qWarning("shardscope: %s", qPrintable(m_restoreProblem));
    m_timer->stop(); // what was just read needs no writing
    return restored;
}

QString SessionStore::setAside(const QString& text)
{
    const QString folder = QFileInfo(QSettings().fileName()).absolutePath();
    const QString path = QDir(folder).filePath(
        QStringLiteral("session-not-restored-%1.json").arg(QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz"))));
    QDir().mkpath(folder);
    return FileSaver::save(path, text.toUtf8()) ? path : QString();
}

void SessionStore::showRestoreProblem()
{
    if (m_restoreProblem.isEmpty() || !m_window)
        return;
    // After the window is shown: the message box has a parent to sit on.
    QTimer::singleShot(0, m_window, [window = m_window, text = m_restoreProblem] {
        if (window)
            QMessageBox::warning(window, tr("Session Not Restored"), text);
    });
}

void SessionStore::save()
{
    m_timer->stop();
    if (!m_window)
        return;
    const DocumentController* document = m_window->documentController();
    const std::string title = document->title().toStdString();
    QSettings settings;
    settings.beginGroup(kGroup);
    settings.setValue(kScenario, toText(core::saveScenario(m_window->controller()->scenario(), title)));
    if (document->isModified())
        settings.setValue(kSaved, toText(core::saveScenario(document->savedScenario(), title)));
    else
        settings.remove(kSaved);
    settings.setValue(kFile, document->filePath());
    settings.setValue(kTitle, document->title());
    settings.setValue(kGeometry, m_window->saveGeometry());
    settings.setValue(kWindowState, m_window->saveState());
    settings.setValue(kLanguage, m_window->languageManager()->language());
    settings.setValue(kDarkTheme, m_window->viewOptions()->darkThemeAction()->isChecked());
    settings.endGroup();
    settings.sync(); // on disk now: a crash a moment later loses nothing
    const bool failed = settings.status() != QSettings::NoError;
    if (failed && !m_saveFailed && m_window->isVisible())
        //: status bar; %1 = the settings file
        m_window->statusBar()->showMessage(tr("The session could not be saved to %1 (is the disk full?); the previous one is kept.")
                                               .arg(QDir::toNativeSeparators(settings.fileName())),
                                           10000);
    m_saveFailed = failed;
}

bool SessionStore::isSavePending() const
{
    return m_timer->isActive();
}

void SessionStore::scheduleSave()
{
    m_timer->start();
}

bool SessionStore::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_window) {
        switch (event->type()) {
        case QEvent::Move:
        case QEvent::Resize: scheduleSave(); break;
        // After "save changes?" let it close: the window hides, the session is written.
        case QEvent::Hide: save(); break;
        default: break;
        }
    }
    return QObject::eventFilter(watched, event);
}
