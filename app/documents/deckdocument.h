#pragma once

#include <QObject>
#include <QString>

#include "core/io/deck.h"

class DeckNavigator;

/// A presentation deck as a document of its own, apart from the explorer's scenario file: the
/// file it came from, whether scenes were added since, and its own Open and Save (atomic, like
/// the scenario's). The deck itself lives in the navigator; this class reads and writes it and
/// keeps the modified flag. A file that fails to load leaves the deck as it was and says why.
class DeckDocument : public QObject
{
    Q_OBJECT

public:
    explicit DeckDocument(DeckNavigator* navigator, QObject* parent = nullptr);

    /// Empty for the built-in deck or one never saved.
    QString filePath() const { return m_path; }
    /// The file's name, or the deck's title for the built-in one.
    QString displayName() const;
    /// Scenes were added or changed since the deck was opened or saved.
    bool isModified() const { return m_modified; }
    void setModified(bool modified);

    /// Reads a deck file (as save writes it); false with a reason, the deck untouched.
    bool load(const QString& path, QString* error = nullptr);
    /// Writes the deck to `path` through QSaveFile (the old file stays until the new one is
    /// complete); false with a reason, and then nothing changed on disk.
    bool save(const QString& path, QString* error = nullptr);

    /// The deck as it was when a presentation began: restored when its changes are discarded.
    void keepBaseline();
    void revertToBaseline();

signals:
    /// The file or the modified flag changed.
    void changed();

private:
    DeckNavigator* m_navigator = nullptr;
    QString m_path;
    bool m_modified = false;
    core::Deck m_baseline;
    QString m_baselinePath;
    bool m_baselineModified = false;
    int m_baselineIndex = 0;
};
