#include "app/documents/sessionstore.h"

#include <QCoreApplication>
#include <QEvent>
#include <QSettings>
#include <QTimer>

#include "app/documents/documentcontroller.h"
#include "app/languagemanager.h"
#include "app/mainwindow.h"
#include "app/scenariocontroller.h"
#include "core/io/scenario_io.h"

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

QString toText(const std::string& json)
{
    return QString::fromStdString(json);
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
    QSettings settings;
    settings.beginGroup(kGroup);
    m_window->languageManager()->setLanguage(settings.value(kLanguage).toString());
    m_window->restoreGeometry(settings.value(kGeometry).toByteArray());
    if (m_window->restoreState(settings.value(kWindowState).toByteArray()))
        m_window->keepDockLayout();

    const QByteArray text = settings.value(kScenario).toString().toUtf8();
    if (text.isEmpty())
        return false;
    const core::ScenarioLoad scenario = core::loadScenario(std::string_view(text.constData(), std::size_t(text.size())));
    if (!scenario.ok) {
        // A session written by a newer build, or damaged: start from the default, say nothing more.
        qWarning("shardscope: the last session could not be restored");
        return false;
    }
    core::Scenario saved = scenario.scenario;
    const QByteArray savedText = settings.value(kSaved).toString().toUtf8();
    if (!savedText.isEmpty()) {
        const core::ScenarioLoad load = core::loadScenario(std::string_view(savedText.constData(), std::size_t(savedText.size())));
        if (load.ok)
            saved = load.scenario;
    }
    m_window->documentController()->restore(settings.value(kFile).toString(), settings.value(kTitle).toString(), saved,
                                            scenario.scenario);
    m_timer->stop(); // what was just read needs no writing
    return true;
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
    settings.endGroup();
    settings.sync(); // on disk now: a crash a moment later loses nothing
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
