#pragma once

#include <QObject>
#include <QPointer>
#include <QString>

#include "core/scenario.h"

class QAction;
class QMenu;
class QWidget;
class RecentFiles;
class ScenarioController;

/// The scenario as a document: the file it came from, whether it changed since, and the File
/// menu's operations — new, open, save (atomically, QSaveFile), save as, open recent, import a
/// Hugging Face config.json, and files dropped onto the window. The controller keeps the
/// scenario; this class only reads and writes it. A file that fails to load, for whatever
/// reason, leaves the scenario untouched and says why.
class DocumentController : public QObject
{
    Q_OBJECT

public:
    /// What a dropped or opened JSON file is.
    enum class FileKind { Scenario, HfConfig, LaunchFile };

    /// `window` hosts the dialogs, accepts the drops and asks before it closes.
    DocumentController(ScenarioController* controller, QWidget* window);
    ~DocumentController() override;

    /// Empty for a scenario not saved yet.
    QString filePath() const { return m_path; }
    /// The name Save As proposes for an untitled scenario: its model, mode and GPUs
    /// ("llama-3-8b-train-8x-h100-sxm.json").
    QString suggestedFileName() const;
    /// The file's name, or "Untitled".
    QString displayName() const;
    /// The scenario differs from what was last opened or saved.
    bool isModified() const { return m_modified; }
    /// The scenario file's "title".
    QString title() const { return m_title; }
    /// Why the last operation failed (also what its message box said).
    QString lastError() const { return m_lastError; }
    RecentFiles* recentFiles() const { return m_recent; }

    /// Without dialogs (tests, screenshots): a question gets its harmless answer (keep going
    /// without saving), an error is only recorded in lastError().
    void setInteractive(bool interactive) { m_interactive = interactive; }

    /// A scenario file, a Hugging Face config.json or a DeepSpeed config, told apart by their keys.
    static FileKind classify(const QByteArray& json);

    // Dialog-free operations. Each returns false (and sets lastError()) on failure.
    bool openFile(const QString& path);
    bool saveToFile(const QString& path);
    /// Reads a config.json, shows what it found and, if confirmed, applies it to the model.
    bool importHfConfig(const QString& path);
    /// Reads a framework's launch file (Megatron-LM script, DeepSpeed JSON, torchtitan TOML, YAML
    /// recipes, serving command lines; issue 30), shows its import report and, if confirmed,
    /// makes it the scenario (one undo step), keeping the GPU and runtime the file does not give.
    bool importLaunchFile(const QString& path);
    /// Opens a shardscope:// link as the scenario (one undo step); false and lastError() if it is not one.
    bool openLink(const QString& link);
    /// The scenario as a link (Edit ▸ Copy Link).
    QString shareLink() const;
    /// Opens a dropped or command-line file: a scenario, a config.json or a launch file to import.
    bool openAny(const QString& path);
    /// The default scenario, untitled (no question asked).
    void newDocument();
    /// The session's document: `scenario` edited from `saved` (the file's content, or the
    /// untitled baseline), read from `path` (may be empty).
    void restore(const QString& path, const QString& title, const core::Scenario& saved, const core::Scenario& scenario);
    /// What was last opened or saved (the baseline the modified flag compares with).
    core::Scenario savedScenario() const { return m_saved; }

    /// Asks to save a modified scenario; false if the user cancels.
    bool maybeSave();

    // The File menu's items, created here and retranslated here.
    QAction* newAction() const { return m_actions.newDocument; }
    QAction* openAction() const { return m_actions.open; }
    QAction* saveAction() const { return m_actions.save; }
    QAction* saveAsAction() const { return m_actions.saveAs; }
    QAction* importHfAction() const { return m_actions.importHf; }
    QMenu* recentMenu() const;
    /// New, Open…, Open Link…, Open Recent, Save, Save As…, Import Hugging Face config…, Import
    /// Launch File… (in this order).
    void addFileActions(QMenu* menu);
    /// Copy Link, Paste Link.
    void addEditActions(QMenu* menu);

signals:
    /// The file, or whether it is modified, changed (the window title follows).
    void documentChanged();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void retranslateUi();
    void updateModified();
    void setBaseline(const QString& path, const QString& title, const core::Scenario& saved);
    void showError(const QString& title, const QString& error);
    void showStatus(const QString& text);
    bool readFile(const QString& path, QByteArray& data);
    // Menu handlers
    void newFromMenu();
    void openFromMenu();
    bool save();
    bool saveAs();
    void importFromMenu();
    void importLaunchFromMenu();
    void openLinkFromMenu();
    void copyLink();
    void pasteLink();
    void openRecent(const QString& path);
    bool openDroppedFile(const QString& path);

    ScenarioController* m_controller = nullptr;
    QPointer<QWidget> m_window;
    RecentFiles* m_recent = nullptr;
    QString m_path;
    QString m_title;
    core::Scenario m_saved;
    QString m_lastError;
    bool m_modified = false;
    bool m_interactive = true;

    struct
    {
        QAction* newDocument = nullptr;
        QAction* open = nullptr;
        QAction* save = nullptr;
        QAction* saveAs = nullptr;
        QAction* importHf = nullptr;
        QAction* importLaunch = nullptr;
        QAction* openLink = nullptr;
        QAction* copyLink = nullptr;
        QAction* pasteLink = nullptr;
    } m_actions;
};
