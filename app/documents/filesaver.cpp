#include "app/documents/filesaver.h"

#include <QBuffer>
#include <QSaveFile>
#include <cerrno>
#include <cstring>
#include <unistd.h>

namespace {

/// fsync's own failures that say "not supported here" (some FUSE file systems), not "your data
/// is not on disk".
bool syncUnsupported(int error)
{
    return error == EINVAL || error == EROFS || error == ENOTSUP;
}

FileSaver::Result write(const QString& path, const QByteArray& data, QString* reason)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (reason)
            *reason = file.errorString();
        return FileSaver::Result::CannotOpen;
    }
    // A write larger than the device's buffer goes straight to the kernel, and a short write
    // (a file-size limit, a disk filling up) comes back as a smaller count without an error:
    // write the rest until the error shows.
    qint64 done = 0;
    while (done < data.size()) {
        const qint64 n = file.write(data.constData() + done, data.size() - done);
        if (n <= 0)
            break;
        done += n;
    }
    // The check QSaveFile::commit() misses in Qt 6.4: its close() flushes the write buffer but
    // ignores a failure, then renames the short temporary file over the old one.
    bool written = done == data.size() && file.error() == QFileDevice::NoError && file.flush();
    if (!written) {
        if (reason)
            *reason = file.errorString();
    } else if (::fsync(file.handle()) != 0 && !syncUnsupported(errno)) {
        written = false;
        if (reason)
            *reason = QString::fromLocal8Bit(std::strerror(errno));
    }
    if (!written) {
        file.cancelWriting();
        return FileSaver::Result::CannotWrite;
    }
    if (!file.commit()) {
        if (reason)
            *reason = file.errorString();
        return FileSaver::Result::CannotWrite;
    }
    return FileSaver::Result::Saved;
}

} // namespace

FileSaver::Result FileSaver::save(const QString& path, const std::function<bool(QIODevice&)>& render, QString* reason)
{
    // Rendered in memory first: image, SVG and PDF writers ignore a short write, so they never
    // see the file itself (a slide is a few megabytes at most).
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (!render(buffer))
        return Result::CannotRender;
    buffer.close();
    return write(path, bytes, reason);
}

bool FileSaver::save(const QString& path, const QByteArray& data, QString* reason)
{
    return write(path, data, reason) == Result::Saved;
}
