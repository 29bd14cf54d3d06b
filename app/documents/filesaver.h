#pragma once

#include <QByteArray>
#include <QString>
#include <functional>

class QIODevice;

/// Every file the window and the command line write goes through here: scenarios, decks,
/// exports, `import-hf --out`, set-aside sessions. QSaveFile writes a temporary file beside the
/// target and renames it over the old one only on success, but in Qt 6.4 commit() can return
/// true after its final buffered flush failed (ENOSPC: the old file was replaced by an empty one
/// and success reported), and a short write is no error at all. So every byte is written and
/// counted, the buffer flushed and checked, and the data synced to disk before commit() is
/// called; on any failure the old file is left as it was.
class FileSaver
{
public:
    enum class Result { Saved, CannotOpen, CannotRender, CannotWrite };

    /// Writes what `render` puts into the device, an in-memory buffer (false from it:
    /// CannotRender). `reason` gets the system's message for CannotOpen and CannotWrite ("No
    /// space left on device").
    static Result save(const QString& path, const std::function<bool(QIODevice&)>& render, QString* reason = nullptr);
    /// Writes `data`; false (and the system's reason) if the file could not be written.
    static bool save(const QString& path, const QByteArray& data, QString* reason = nullptr);
};
