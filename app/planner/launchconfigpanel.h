#pragma once

#include <QWidget>

#include <vector>

#include "core/io/launchconfig.h"
#include "core/scenario.h"

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTabWidget;

/// A layout as the frameworks' launch settings (core/io/launchconfig): Megatron-LM flags, a
/// DeepSpeed JSON config and a torchtitan TOML, each copied to the clipboard or saved to a file
/// (written atomically: a half-written file never replaces a good one).
class LaunchConfigPanel : public QWidget
{
    Q_OBJECT

public:
    explicit LaunchConfigPanel(QWidget* parent = nullptr);

    /// The scenario whose layout is written out; `name` says which layout it is.
    void setScenario(const core::Scenario& scenario, const QString& name);
    /// The text of the framework shown in tab `index` (0 Megatron, 1 DeepSpeed, 2 torchtitan).
    QString text(int index) const;
    QTabWidget* tabs() const { return m_tabs; }

    /// Writes `text` to `path` through a QSaveFile: all of it is flushed and renamed into place,
    /// or nothing changes; false and `error` on failure.
    static bool saveText(const QString& path, const QByteArray& text, QString* error);
    /// A note's sentence translated (context "LaunchNote") with %1 and %2 filled in, marked "⚠ ".
    static QString noteLine(const core::LaunchNote& note);

public slots:
    void copyCurrent();
    void saveCurrent();

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();
    /// What the shown framework's file cannot express (LaunchFile::notes), translated.
    void showNotes();

    QLabel* m_title = nullptr;
    QTabWidget* m_tabs = nullptr;
    QPlainTextEdit* m_text[3] = {};
    QPushButton* m_copy = nullptr;
    QPushButton* m_save = nullptr;
    QLabel* m_status = nullptr;
    QLabel* m_notes = nullptr;
    std::vector<core::LaunchNote> m_noteList[3];
    core::Scenario m_scenario;
    QString m_name;
};
