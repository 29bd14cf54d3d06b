#pragma once

#include <QByteArray>
#include <QString>
#include <functional>

class QIODevice;

/// Every file the window and the command line write goes through here: scenarios, decks,
/// exports, `import-hf --out`, set-aside sessions. The data goes into a temporary file beside
/// the target (".NAME.shardscope-XXXXXX"), every byte counted and synced to the disk, and is
/// renamed over the old file only then: a full disk or a kill leaves the old file as it was,
/// and the reason is the system's own ("No space left on device"; QSaveFile said "Unknown
/// error" for a small write, and in Qt 6.4 its commit() reported success after a failed flush).
/// Only a regular file is replaced, and a symbolic link is followed only to one: a FIFO, a
/// device or a socket is refused with the reason (issue 32.4). A temporary file of ours that a
/// killed save left beside the target is removed by the next save of it.
class FileSaver
{
public:
    enum class Result { Saved, CannotOpen, CannotRender, CannotWrite };

    /// Writes what `render` puts into the device, an in-memory buffer (false from it:
    /// CannotRender). `reason` gets why for CannotOpen (the system's message, or what the path
    /// is that is not replaced) and CannotWrite ("No space left on device").
    static Result save(const QString& path, const std::function<bool(QIODevice&)>& render, QString* reason = nullptr);
    /// Writes `data`; false (and the system's reason) if the file could not be written.
    static bool save(const QString& path, const QByteArray& data, QString* reason = nullptr);
};
