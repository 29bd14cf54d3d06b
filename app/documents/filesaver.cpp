#include "app/documents/filesaver.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace {

/// fsync's own failures that say "not supported here" (some FUSE file systems), not "your data
/// is not on disk".
bool syncUnsupported(int error)
{
    return error == EINVAL || error == EROFS || error == ENOTSUP;
}

QString systemReason(int error)
{
    return QString::fromLocal8Bit(std::strerror(error));
}

/// The part of a temporary file's name after the target's: ".NAME.shardscope-XXXXXX", hidden and
/// ours by its name, so that one left by a kill is recognised and removed (issue 32.5) and a
/// user's "NAME.backup" never is.
constexpr char kTemporaryTag[] = ".shardscope-";
constexpr int kRandomChars = 6; // mkstemp's XXXXXX
/// A temporary file older than this is no save in progress: ours write a few megabytes at most.
constexpr int kStaleSeconds = 60;

QString kindText(mode_t mode)
{
    if (S_ISDIR(mode))
        return QCoreApplication::translate("FileSaver", "a folder");
    if (S_ISFIFO(mode))
        return QCoreApplication::translate("FileSaver", "a FIFO (named pipe)");
    if (S_ISCHR(mode))
        return QCoreApplication::translate("FileSaver", "a character device");
    if (S_ISBLK(mode))
        return QCoreApplication::translate("FileSaver", "a block device");
    if (S_ISSOCK(mode))
        return QCoreApplication::translate("FileSaver", "a socket");
    return QCoreApplication::translate("FileSaver", "not a regular file");
}

/// Removes the temporary files a killed save of `target` left beside it (ours by name, owned by
/// this user, untouched for kStaleSeconds).
void removeStaleTemporaries(const QByteArray& directory, const QByteArray& name)
{
    const QByteArray prefix = "." + name + kTemporaryTag;
    DIR* dir = ::opendir(directory.constData());
    if (!dir)
        return;
    const std::time_t now = std::time(nullptr);
    while (const dirent* entry = ::readdir(dir)) {
        const QByteArray entryName(entry->d_name);
        if (!entryName.startsWith(prefix) || entryName.size() != prefix.size() + kRandomChars)
            continue;
        const QByteArray path = directory + '/' + entryName;
        struct stat st;
        if (::lstat(path.constData(), &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == ::getuid() && now - st.st_mtime > kStaleSeconds)
            ::unlink(path.constData());
    }
    ::closedir(dir);
}

/// Writes all of `data` to `fd`, however many calls it takes; false with errno set on failure.
bool writeAll(int fd, const QByteArray& data)
{
    qint64 done = 0;
    while (done < data.size()) {
        const ssize_t n = ::write(fd, data.constData() + done, std::size_t(data.size() - done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            if (n == 0)
                errno = ENOSPC; // no progress and no error: a full device
            return false;
        }
        done += n;
    }
    return true;
}

FileSaver::Result write(const QString& path, const QByteArray& data, QString* reason)
{
    auto fail = [reason](FileSaver::Result result, const QString& why) {
        if (reason)
            *reason = why;
        return result;
    };
    // Only a regular file is replaced; a symbolic link is followed only to one. A FIFO, a device
    // or a socket at the path (or behind a link) was renamed over: `export --out` through a link
    // to /dev/full replaced the device node with a PNG (issue 32.4).
    QByteArray target = QFile::encodeName(path);
    struct stat st;
    bool exists = false;
    if (::lstat(target.constData(), &st) == 0) {
        if (S_ISLNK(st.st_mode)) {
            if (::stat(target.constData(), &st) != 0)
                //: a file is not saved; the path is a symbolic link to nothing
                return fail(FileSaver::Result::CannotOpen, QCoreApplication::translate("FileSaver", "it is a symbolic link to nothing; not replaced"));
            const QString resolved = QFileInfo(path).canonicalFilePath();
            if (resolved.isEmpty())
                return fail(FileSaver::Result::CannotOpen, systemReason(errno));
            target = QFile::encodeName(resolved);
        }
        if (!S_ISREG(st.st_mode))
            //: a file is not saved; %1 = what is at its path: "a FIFO (named pipe)", "a character device", …
            return fail(FileSaver::Result::CannotOpen, QCoreApplication::translate("FileSaver", "it is %1, not a regular file; not replaced").arg(kindText(st.st_mode)));
        exists = true;
    } else if (errno != ENOENT) {
        return fail(FileSaver::Result::CannotOpen, systemReason(errno));
    }

    const int slash = target.lastIndexOf('/');
    const QByteArray directory = slash < 0 ? QByteArray(".") : slash == 0 ? QByteArray("/") : target.left(slash);
    const QByteArray name = target.mid(slash + 1);
    removeStaleTemporaries(directory, name);
    // Beside the target (a rename never crosses file systems), then renamed over it only when
    // every byte is on the disk: a full disk or a kill leaves the old file as it was.
    QByteArray temporary = directory + "/." + name + kTemporaryTag + QByteArray(kRandomChars, 'X');
    const int fd = ::mkostemp(temporary.data(), O_CLOEXEC);
    if (fd < 0)
        return fail(FileSaver::Result::CannotOpen, systemReason(errno));
    // The old file's permissions, or a new file's (0666 less the umask) instead of mkstemp's 0600.
    mode_t mode = st.st_mode & 07777;
    if (!exists) {
        const mode_t mask = ::umask(0);
        ::umask(mask);
        mode = 0666 & ~mask;
    }
    int error = 0;
    if (::fchmod(fd, mode) != 0 || !writeAll(fd, data))
        error = errno;
    else if (::fsync(fd) != 0 && !syncUnsupported(errno))
        error = errno;
    if (::close(fd) != 0 && error == 0 && errno != EINTR)
        error = errno;
    if (error == 0 && ::rename(temporary.constData(), target.constData()) != 0)
        error = errno;
    if (error != 0) {
        ::unlink(temporary.constData());
        return fail(FileSaver::Result::CannotWrite, systemReason(error));
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
