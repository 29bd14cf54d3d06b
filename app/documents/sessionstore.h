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
    /// False if there was no scenario to restore or it could not be read.
    bool restore();
    /// Writes the session now.
    void save();
    /// A save is waiting for the quiet time to pass.
    bool isSavePending() const;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void scheduleSave();

    QPointer<MainWindow> m_window;
    QTimer* m_timer = nullptr;
};
