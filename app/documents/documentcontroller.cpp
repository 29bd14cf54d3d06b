#include "app/documents/documentcontroller.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QInputDialog>
#include <QLineEdit>
#include <QCloseEvent>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QRegularExpression>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>
#include <QUndoStack>
#include <QUrl>

#include "app/documents/filesaver.h"
#include "app/documents/hfimportdialog.h"
#include "app/documents/importreportdialog.h"
#include "app/documents/recentfiles.h"
#include "app/scenariocontroller.h"
#include "core/estimate.h"
#include "core/io/hfconfig.h"
#include "core/io/importfile.h"
#include "core/io/sharelink.h"
#include "core/io/jsonlimits.h"
#include "core/io/scenario_io.h"
#include "widgets/issuetext.h"

namespace {

const QString kLastDirectoryKey = QStringLiteral("lastDirectory");

QString lastDirectory()
{
    return QSettings().value(kLastDirectoryKey, QDir::homePath()).toString();
}

void rememberDirectory(const QString& path)
{
    QSettings().setValue(kLastDirectoryKey, QFileInfo(path).absolutePath());
}

/// The single local file a drag carries, if it is a scenario, a config or a launch file
/// (.json, and the launch files' .sh, .yaml, .yml, .toml).
QString droppedJsonFile(const QMimeData* mime)
{
    if (!mime || !mime->hasUrls() || mime->urls().size() != 1 || !mime->urls().front().isLocalFile())
        return {};
    const QString path = mime->urls().front().toLocalFile();
    for (const char* suffix : {".json", ".sh", ".bash", ".yaml", ".yml", ".toml"})
        if (path.endsWith(QLatin1String(suffix), Qt::CaseInsensitive))
            return path;
    return {};
}

/// A shardscope:// link dropped as text.
QString droppedLink(const QMimeData* mime)
{
    if (!mime || !mime->hasText())
        return {};
    const QString text = mime->text().trimmed();
    return core::looksLikeShareLink(text.toStdString()) ? text : QString();
}

} // namespace

DocumentController::DocumentController(ScenarioController* controller, QWidget* window)
    : QObject(window)
    , m_controller(controller)
    , m_window(window)
    , m_recent(new RecentFiles(this))
{
    auto make = [this](const QKeySequence& shortcut = {}) {
        auto* a = new QAction(this);
        a->setShortcut(shortcut);
        return a;
    };
    m_actions.newDocument = make(QKeySequence::New);
    m_actions.open = make(QKeySequence::Open);
    m_actions.save = make(QKeySequence::Save);
    m_actions.saveAs = make(QKeySequence::SaveAs);
    m_actions.importHf = make(QKeySequence(Qt::CTRL | Qt::Key_I));
    m_actions.importLaunch = make(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_I));
    m_actions.openLink = make(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L));
    m_actions.copyLink = make(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_C));
    m_actions.pasteLink = make(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_V));
    connect(m_actions.newDocument, &QAction::triggered, this, &DocumentController::newFromMenu);
    connect(m_actions.open, &QAction::triggered, this, &DocumentController::openFromMenu);
    connect(m_actions.save, &QAction::triggered, this, &DocumentController::save);
    connect(m_actions.saveAs, &QAction::triggered, this, &DocumentController::saveAs);
    connect(m_actions.importHf, &QAction::triggered, this, &DocumentController::importFromMenu);
    connect(m_actions.importLaunch, &QAction::triggered, this, &DocumentController::importLaunchFromMenu);
    connect(m_actions.openLink, &QAction::triggered, this, &DocumentController::openLinkFromMenu);
    connect(m_actions.copyLink, &QAction::triggered, this, &DocumentController::copyLink);
    connect(m_actions.pasteLink, &QAction::triggered, this, &DocumentController::pasteLink);
    connect(m_recent, &RecentFiles::fileChosen, this, &DocumentController::openRecent);
    connect(m_recent, &RecentFiles::filesPruned, this, [this](const QStringList& gone) {
        //: status bar; %n = number of recent files that no longer exist
        showStatus(tr("Removed %n missing file(s) from the recent list.", nullptr, int(gone.size())));
    });
    connect(m_controller, &ScenarioController::scenarioChanged, this, &DocumentController::updateModified);

    setBaseline({}, {}, m_controller->scenario());
    window->setAcceptDrops(true);
    window->installEventFilter(this);
    retranslateUi();
}

DocumentController::~DocumentController() = default;

void DocumentController::retranslateUi()
{
    m_actions.newDocument->setText(tr("&New Scenario"));
    m_actions.newDocument->setStatusTip(tr("Start again from the default scenario"));
    m_actions.open->setText(tr("&Open…"));
    m_actions.open->setStatusTip(tr("Open a scenario file (or a Hugging Face config.json)"));
    m_actions.save->setText(tr("&Save"));
    m_actions.saveAs->setText(tr("Save &As…"));
    m_actions.importHf->setText(tr("&Import Hugging Face Config…"));
    m_actions.importHf->setStatusTip(tr("Take the model's architecture from a config.json; nothing is downloaded"));
    m_actions.importLaunch->setText(tr("Import &Launch File…"));
    m_actions.importLaunch->setStatusTip(tr("Read a Megatron-LM, DeepSpeed, torchtitan, YAML recipe or serving launch file into the scenario"));
    m_actions.openLink->setText(tr("Open &Link…"));
    m_actions.openLink->setStatusTip(tr("Open a scenario shared as a shardscope:// link"));
    m_actions.copyLink->setText(tr("Copy &Link"));
    m_actions.copyLink->setStatusTip(tr("Copy the scenario as a shardscope:// link to paste into a chat or a slide's notes"));
    m_actions.pasteLink->setText(tr("&Paste Link"));
    m_actions.pasteLink->setStatusTip(tr("Open the shardscope:// link on the clipboard"));
    if (QMenu* menu = recentMenu())
        menu->setTitle(tr("Open &Recent"));
}

QString DocumentController::displayName() const
{
    return m_path.isEmpty() ? tr("Untitled") : QFileInfo(m_path).fileName();
}

QMenu* DocumentController::recentMenu() const
{
    return m_recent->menu();
}

void DocumentController::addFileActions(QMenu* menu)
{
    menu->addAction(m_actions.newDocument);
    menu->addAction(m_actions.open);
    menu->addAction(m_actions.openLink);
    menu->addMenu(recentMenu() ? recentMenu() : m_recent->createMenu(m_window));
    menu->addSeparator();
    menu->addAction(m_actions.save);
    menu->addAction(m_actions.saveAs);
    menu->addSeparator();
    menu->addAction(m_actions.importHf);
    menu->addAction(m_actions.importLaunch);
    retranslateUi();
}

void DocumentController::addEditActions(QMenu* menu)
{
    menu->addAction(m_actions.copyLink);
    menu->addAction(m_actions.pasteLink);
}

DocumentController::FileKind DocumentController::classify(const QByteArray& json)
{
    // The core's parser and limits (Qt's JSON parser inserts keys in linear time too).
    // Anything else (broken JSON included) is read as a scenario, whose reader says what is wrong.
    const std::string_view text(json.constData(), std::size_t(json.size()));
    if (core::looksLikeHfConfig(text))
        return FileKind::HfConfig;
    // A DeepSpeed config: no schema_version, and its batch or ZeRO keys at the top level.
    if (!json.contains("\"schema_version\"")
        && (json.contains("\"zero_optimization\"") || json.contains("\"train_batch_size\"") || json.contains("\"train_micro_batch_size_per_gpu\"")))
        return FileKind::LaunchFile;
    return FileKind::Scenario;
}

void DocumentController::setBaseline(const QString& path, const QString& title, const core::Scenario& saved)
{
    m_path = path;
    m_title = title;
    m_saved = saved;
    updateModified();
    emit documentChanged();
}

void DocumentController::updateModified()
{
    // Compared by value: an edit undone, or a slider dragged back, is no edit.
    const bool modified = !(m_controller->scenario() == m_saved);
    if (modified == m_modified)
        return;
    m_modified = modified;
    emit documentChanged();
}

bool DocumentController::readFile(const QString& path, QByteArray& data)
{
    // The core's reader: regular files of at most 16 MiB only, so a FIFO, /dev/zero or a huge
    // file is refused before it is read (the same limits as the command line's).
    std::string text;
    std::vector<core::Issue> issues;
    if (!core::readInputFile(QFile::encodeName(path).toStdString(), core::limits::kScenario.maxBytes, text, issues)) {
        //: %1 = file path, %2 = the reason
        m_lastError = tr("Cannot read %1: %2").arg(QDir::toNativeSeparators(path), IssueText::reason(issues.front()));
        return false;
    }
    data = QByteArray::fromStdString(text);
    return true;
}

bool DocumentController::openFile(const QString& path)
{
    m_lastError.clear();
    QByteArray data;
    if (!readFile(path, data))
        return false;
    const core::ScenarioLoad load = core::loadScenario(std::string_view(data.constData(), std::size_t(data.size())));
    if (!load.ok) {
        //: %1 = file name, %2 = the reasons, one per line, each naming the key
        m_lastError = tr("%1 is not a valid scenario file:\n%2\n\nThe current scenario was not changed.")
                          .arg(QFileInfo(path).fileName(), IssueText::messages(load.issues, core::Severity::Error).join(QLatin1Char('\n')));
        return false;
    }
    //: undo text; %1 = file name
    m_controller->setScenario(load.scenario, tr("Open %1").arg(QFileInfo(path).fileName()));
    setBaseline(QFileInfo(path).absoluteFilePath(), QString::fromStdString(load.title), load.scenario);
    m_recent->add(path);
    const QStringList warnings = IssueText::messages(load.issues, core::Severity::Warning);
    if (!warnings.isEmpty() && m_interactive)
        QMessageBox::information(m_window, tr("Open Scenario"),
                                 //: %1 = file name, %2 = the warnings, one per line
                                 tr("%1 was opened, with remarks:\n%2").arg(QFileInfo(path).fileName(), warnings.join(QLatin1Char('\n'))));
    //: status bar; %1 = file name
    showStatus(tr("Opened %1").arg(QFileInfo(path).fileName()));
    return true;
}

bool DocumentController::saveToFile(const QString& path)
{
    m_lastError.clear();
    const std::string json = core::saveScenario(m_controller->scenario(), m_title.toStdString());
    // A temporary file renamed over the old one once every byte is on disk: a crash or a full
    // disk never leaves half a scenario behind (FileSaver says why QSaveFile alone does not).
    QString reason;
    if (!FileSaver::save(path, QByteArray::fromStdString(json), &reason)) {
        //: %1 = file path, %2 = the system's reason
        m_lastError = tr("Cannot write %1: %2").arg(QDir::toNativeSeparators(path), reason);
        return false;
    }
    setBaseline(QFileInfo(path).absoluteFilePath(), m_title, m_controller->scenario());
    m_recent->add(path);
    //: status bar; %1 = file name
    showStatus(tr("Saved %1").arg(QFileInfo(path).fileName()));
    return true;
}

void DocumentController::newDocument()
{
    const core::Scenario fresh = core::defaultScenario();
    m_controller->setScenario(fresh, tr("New scenario"));
    setBaseline({}, {}, fresh);
}

void DocumentController::restore(const QString& path, const QString& title, const core::Scenario& saved, const core::Scenario& scenario)
{
    m_controller->setScenario(scenario);
    m_controller->undoStack()->clear(); // coming back is not an edit to undo
    setBaseline(path, title, saved);
}

bool DocumentController::importHfConfig(const QString& path)
{
    m_lastError.clear();
    QByteArray data;
    if (!readFile(path, data))
        return false;
    core::HfImport imported = core::importHfConfig(std::string_view(data.constData(), std::size_t(data.size())));
    const QString fileName = QFileInfo(path).fileName();
    core::Scenario scenario = m_controller->scenario();
    scenario.model = imported.model;
    if (scenario.model.name.empty())
        scenario.model.name = HfImportDialog::modelName(imported, path).toStdString();
    if (imported.hasQuantization)
        scenario.inference.weights = imported.quantization;
    // Issue 32 item 10: the scenario the import would make goes through the core's rules first
    // (the model alone already did, in importHfConfig): a layout this model cannot take (TP 8 and
    // 12 heads) is said here, and nothing is offered that would make the scenario invalid.
    if (imported.ok) {
        std::vector<core::Issue> rules;
        core::validate(scenario, rules);
        for (core::Issue& i : rules)
            if (i.severity == core::Severity::Error)
                imported.issues.push_back(std::move(i));
        imported.ok = !core::hasErrors(imported.issues);
    }
    if (m_interactive) {
        HfImportDialog dialog(imported, fileName, m_window);
        if (dialog.exec() != QDialog::Accepted || !imported.ok) {
            m_lastError = imported.ok ? QString() : HfImportDialog::errorText(imported, fileName);
            return false;
        }
    } else if (!imported.ok) {
        m_lastError = HfImportDialog::errorText(imported, fileName);
        return false;
    }
    //: undo text; %1 = file name
    m_controller->setScenario(scenario, tr("Import %1").arg(fileName));
    //: status bar; %1 = model name, %2 = file name
    showStatus(tr("Imported %1 from %2").arg(QString::fromStdString(scenario.model.name), fileName));
    return true;
}

bool DocumentController::openAny(const QString& path)
{
    m_lastError.clear();
    QByteArray data;
    if (!readFile(path, data))
        return false;
    if (!path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive))
        return importLaunchFile(path);
    switch (classify(data)) {
    case FileKind::HfConfig: return importHfConfig(path);
    case FileKind::LaunchFile: return importLaunchFile(path);
    case FileKind::Scenario: break;
    }
    return openFile(path);
}

bool DocumentController::importLaunchFile(const QString& path)
{
    m_lastError.clear();
    QByteArray data;
    if (!readFile(path, data))
        return false;
    const QFileInfo info(path);
    const QString fileName = info.fileName();
    core::ImportOptions options;
    options.fileName = fileName.toStdString();
    // The model of a config.json beside the file (a DeepSpeed config names none).
    QByteArray beside;
    const QString config = info.dir().filePath(QStringLiteral("config.json"));
    if (info.fileName() != QLatin1String("config.json") && QFileInfo(config).isFile()) {
        const QString error = m_lastError;
        if (!readFile(config, beside))
            beside.clear();
        m_lastError = error;
    }
    core::ImportResult result = core::importLaunchFile(std::string_view(data.constData(), std::size_t(data.size())), options,
                                                       std::string_view(beside.constData(), std::size_t(beside.size())));
    if (result.ok) {
        // What no launch file says — the device, the runtime's assumptions, the run's length —
        // stays as the scenario has it; the rules then see the scenario that would be applied.
        const core::Scenario& current = m_controller->scenario();
        result.scenario.hardware = current.hardware;
        result.scenario.runtime = current.runtime;
        if (std::find(result.assumed.begin(), result.assumed.end(), core::Field::TrainingTrainTokens) != result.assumed.end())
            result.scenario.training.trainTokens = current.training.trainTokens;
        std::vector<core::Issue> rules;
        core::validate(result.scenario, rules);
        for (core::Issue& i : rules)
            if (i.severity == core::Severity::Error)
                result.issues.push_back(std::move(i));
        result.ok = !core::hasErrors(result.issues);
    }
    if (m_interactive) {
        ImportReportDialog dialog(result, fileName, m_window);
        if (dialog.exec() != QDialog::Accepted || !result.ok) {
            m_lastError = result.ok ? QString() : ImportReportDialog::errorText(result, fileName);
            return false;
        }
    } else if (!result.ok) {
        m_lastError = ImportReportDialog::errorText(result, fileName);
        return false;
    }
    //: undo text; %1 = file name
    m_controller->setScenario(result.scenario, tr("Import %1").arg(fileName));
    //: status bar; %1 = file name, %2 = framework
    showStatus(tr("Imported %1 as %2").arg(fileName, QString::fromLatin1(core::importFormatTitle(result.format).data())));
    return true;
}

bool DocumentController::openLink(const QString& link)
{
    m_lastError.clear();
    const core::ScenarioLoad load = core::openShareLink(link.toStdString());
    if (!load.ok) {
        //: %1 = the errors, one per line
        m_lastError = tr("The link cannot be opened:\n%1\n\nThe current scenario was not changed.")
                          .arg(IssueText::messages(load.issues, core::Severity::Error).join(QLatin1Char('\n')));
        return false;
    }
    //: undo text
    m_controller->setScenario(load.scenario, tr("Open Link"));
    showStatus(tr("Opened the link: %1").arg(QString::fromStdString(load.title.empty() ? load.scenario.model.name : load.title)));
    return true;
}

QString DocumentController::shareLink() const
{
    return QString::fromStdString(core::shareLink(m_controller->scenario(), m_title.toStdString()));
}

void DocumentController::importLaunchFromMenu()
{
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Import Launch File"), lastDirectory(),
                                                      tr("Launch files (*.sh *.bash *.json *.toml *.yaml *.yml);;All files (*)"));
    if (path.isEmpty())
        return;
    rememberDirectory(path);
    if (!importLaunchFile(path))
        showError(tr("Import Launch File"), m_lastError);
}

void DocumentController::openLinkFromMenu()
{
    const QString clip = QApplication::clipboard()->text().trimmed();
    bool ok = false;
    const QString link = QInputDialog::getText(m_window, tr("Open Link"), tr("A shardscope:// link:"), QLineEdit::Normal,
                                               core::looksLikeShareLink(clip.toStdString()) ? clip : QString(), &ok);
    if (ok && !link.trimmed().isEmpty() && !openLink(link.trimmed()))
        showError(tr("Open Link"), m_lastError);
}

void DocumentController::copyLink()
{
    const QString link = shareLink();
    if (link.isEmpty())
        return;
    QApplication::clipboard()->setText(link);
    //: status bar; %1 = the link's length in characters
    showStatus(m_controller->scenario().measured.empty() ? tr("Copied the scenario as a link (%1 characters)").arg(link.size())
                                                         : tr("Copied the scenario as a link (%1 characters; its measurements are not in it)").arg(link.size()));
}

void DocumentController::pasteLink()
{
    const QString link = QApplication::clipboard()->text().trimmed();
    if (!openLink(link))
        showError(tr("Paste Link"), m_lastError);
}

bool DocumentController::maybeSave()
{
    if (!m_modified || !m_interactive)
        return true;
    QMessageBox box(QMessageBox::Warning, tr("Unsaved Changes"),
                    //: %1 = file name or "Untitled"
                    tr("Save the changes to “%1”?").arg(displayName()), QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel,
                    m_window);
    box.setInformativeText(tr("Changes you do not save are lost."));
    // Set here: Qt's own button texts are translated only where the distribution ships them.
    box.button(QMessageBox::Save)->setText(tr("&Save"));
    box.button(QMessageBox::Discard)->setText(tr("&Don't Save"));
    box.button(QMessageBox::Cancel)->setText(tr("Cancel"));
    box.setDefaultButton(QMessageBox::Save);
    switch (box.exec()) {
    case QMessageBox::Save: return save();
    case QMessageBox::Discard:
        // Discarded means discarded: the session keeps the file's state, not the edits.
        m_controller->setScenario(m_saved);
        updateModified();
        return true;
    default: return false;
    }
}

void DocumentController::showError(const QString& title, const QString& error)
{
    if (m_interactive && !error.isEmpty())
        QMessageBox::warning(m_window, title, error);
}

void DocumentController::showStatus(const QString& text)
{
    // Only on a visible window: a message shown before the window is would not hide the status
    // bar's own label, and the two would be painted over each other.
    auto* window = qobject_cast<QMainWindow*>(m_window.data());
    if (window && window->isVisible())
        window->statusBar()->showMessage(text, 5000);
}

void DocumentController::newFromMenu()
{
    if (maybeSave())
        newDocument();
}

void DocumentController::openFromMenu()
{
    if (!maybeSave())
        return;
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Open Scenario"), lastDirectory(), tr("Scenarios and model configs (*.json)"));
    if (path.isEmpty())
        return;
    rememberDirectory(path);
    if (!openAny(path))
        showError(tr("Open Scenario"), m_lastError);
}

bool DocumentController::save()
{
    if (m_path.isEmpty())
        return saveAs();
    if (saveToFile(m_path))
        return true;
    showError(tr("Save Scenario"), m_lastError);
    return false;
}

QString DocumentController::suggestedFileName() const
{
    // Named after what it holds (issue 31: it was "scenario.json" whatever the scenario):
    // "llama-3-8b-finetune-8x-h100-sxm.json", from the presets' ids or the names.
    const core::Scenario& sc = m_controller->scenario();
    auto slug = [](const std::string& id, const std::string& name) {
        QString text = QString::fromStdString(id.empty() ? name : id).toLower();
        text.replace(QRegularExpression(QStringLiteral("[^a-z0-9.]+")), QStringLiteral("-"));
        text.remove(QRegularExpression(QStringLiteral("^[-.]+|[-.]+$")));
        return text.left(40);
    };
    const char* mode = sc.mode == core::Mode::Inference ? "serve" : sc.mode == core::Mode::FineTune ? "finetune" : "train";
    QStringList parts;
    if (const QString model = slug(sc.model.preset, sc.model.name); !model.isEmpty())
        parts << model;
    parts << QLatin1String(mode);
    const QString gpu = slug(sc.hardware.gpu.preset, sc.hardware.gpu.name);
    parts << (gpu.isEmpty() ? QStringLiteral("%1-gpus").arg(sc.parallel.gpus) : QStringLiteral("%1x-%2").arg(sc.parallel.gpus).arg(gpu));
    return parts.join(QLatin1Char('-')) + QStringLiteral(".json");
}

bool DocumentController::saveAs()
{
    const QString suggested = m_path.isEmpty() ? QDir(lastDirectory()).filePath(suggestedFileName()) : m_path;
    QString path = QFileDialog::getSaveFileName(m_window, tr("Save Scenario As"), suggested, tr("Scenarios (*.json)"));
    if (path.isEmpty())
        return false;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".json");
    rememberDirectory(path);
    if (saveToFile(path))
        return true;
    showError(tr("Save Scenario"), m_lastError);
    return false;
}

void DocumentController::importFromMenu()
{
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Import Hugging Face Config"), lastDirectory(),
                                                      tr("Model configurations (config.json *.json)"));
    if (path.isEmpty())
        return;
    rememberDirectory(path);
    if (!importHfConfig(path))
        showError(tr("Import Hugging Face Config"), m_lastError);
}

void DocumentController::openRecent(const QString& path)
{
    if (!maybeSave())
        return;
    if (openFile(path))
        return;
    if (!QFileInfo::exists(path))
        m_recent->remove(path);
    showError(tr("Open Scenario"), m_lastError);
}

bool DocumentController::openDroppedFile(const QString& path)
{
    QByteArray data;
    if (!readFile(path, data)) {
        showError(tr("Open Scenario"), m_lastError);
        return false;
    }
    // Launch files are imports too: one undo step, no "save changes?" first.
    if (!path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive) || classify(data) == FileKind::LaunchFile) {
        if (importLaunchFile(path))
            return true;
        showError(tr("Import Launch File"), m_lastError);
        return false;
    }
    // An import changes only the model, so it needs no "save changes?" first.
    if (classify(data) == FileKind::HfConfig) {
        if (importHfConfig(path))
            return true;
        showError(tr("Import Hugging Face Config"), m_lastError);
        return false;
    }
    if (!maybeSave())
        return false;
    if (openFile(path))
        return true;
    showError(tr("Open Scenario"), m_lastError);
    return false;
}

bool DocumentController::eventFilter(QObject* watched, QEvent* event)
{
    if (watched != m_window)
        return QObject::eventFilter(watched, event);
    switch (event->type()) {
    case QEvent::DragEnter:
    case QEvent::DragMove: {
        auto* drag = static_cast<QDragMoveEvent*>(event);
        if (!droppedJsonFile(drag->mimeData()).isEmpty() || !droppedLink(drag->mimeData()).isEmpty()) {
            drag->acceptProposedAction();
            return true;
        }
        break;
    }
    case QEvent::Drop: {
        auto* drop = static_cast<QDropEvent*>(event);
        if (const QString link = droppedLink(drop->mimeData()); !link.isEmpty()) {
            drop->acceptProposedAction();
            QMetaObject::invokeMethod(this, [this, link] {
                if (!openLink(link))
                    showError(tr("Open Link"), m_lastError);
            }, Qt::QueuedConnection);
            return true;
        }
        const QString path = droppedJsonFile(drop->mimeData());
        if (path.isEmpty())
            break;
        drop->acceptProposedAction();
        // Not inside the drop: a modal dialog would block the source application's drag.
        QMetaObject::invokeMethod(this, [this, path] { openDroppedFile(path); }, Qt::QueuedConnection);
        return true;
    }
    case QEvent::Close:
        if (!maybeSave()) {
            event->ignore();
            return true;
        }
        break;
    case QEvent::LanguageChange:
        retranslateUi();
        break;
    default: break;
    }
    return QObject::eventFilter(watched, event);
}
