#pragma once

#include <QObject>
#include <QPointer>

class MainWindow;
class QTimer;

/// The last session, kept in QSettings so that closing the window (or a crash) loses nothing:
/// the scenario as JSON, what it was last saved as, its file, the window's geometry and dock
/// layout, and the language. Saved shortly after every change (debounced) and when the
/// window closes; restored at start. File ▸ New starts afresh.
class SessionStore : public QObject
{
    Q_OBJECT

public:
    /// Quiet time after a change before the session is written.
    static constexpr int kSaveDelayMs = 500;

    explicit SessionStore(MainWindow* window);
    ~SessionStore() override;

    /// Applies the stored session (the language always: the system's if none was chosen).
    /// False if there was no scenario to restore or it could not be read. Never fatal: a
    /// session that cannot be read is set aside as a file (restoreProblem() says which) and
    /// removed from the settings, so it is reported once and the window starts from the default.
    bool restore();
    /// Why the last restore() could not bring everything back, naming the file the unreadable
    /// session (or settings file) was kept in; empty if nothing went wrong.
    QString restoreProblem() const { return m_restoreProblem; }
    /// Shows restoreProblem() in a message box once the window is up (nothing if it is empty).
    void showRestoreProblem();
    /// Writes the session now.
    void save();
    /// The last save() could not write the settings file (a full disk): the file on disk is the
    /// previous one, and the status bar said so.
    bool lastSaveFailed() const { return m_saveFailed; }
    /// A save is waiting for the quiet time to pass.
    bool isSavePending() const;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void scheduleSave();
    /// Keeps `text` (an unreadable session value) as a file beside the settings; its path.
    QString setAside(const QString& text);

    QPointer<MainWindow> m_window;
    QTimer* m_timer = nullptr;
    QString m_restoreProblem;
    bool m_saveFailed = false;
};
