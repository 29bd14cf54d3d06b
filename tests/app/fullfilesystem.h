#pragma once

// A directory on which writes fail as they do on a full disk, two ways, so that the same test
// logic runs for root (CI) and for anyone:
//  - Tmpfs: a 64 KiB tmpfs mounted on the directory in the test's own mount namespace (nothing
//    is left mounted even if the test crashes) and filled with a filler file: ENOSPC, for real.
//  - FileSizeLimit: RLIMIT_FSIZE makes every write past the first bytes of a file fail with
//    EFBIG (SIGXFSZ ignored): a real kernel write error, no privilege needed, no product hook.
// Both fail the way that emptied saved files: QSaveFile's final buffered flush.

#include <QByteArray>
#include <QFile>
#include <QString>
#include <QTemporaryDir>
#include <QtGlobal>
#include <csignal>
#include <sched.h>
#include <sys/mount.h>
#include <sys/resource.h>

class FullFileSystem
{
public:
    enum class Kind { Tmpfs, FileSizeLimit };

    /// Whether this process may mount a tmpfs (root with CAP_SYS_ADMIN): enters a private mount
    /// namespace the first time it is asked.
    static bool tmpfsAvailable()
    {
        static const bool available = [] {
            if (::unshare(CLONE_NEWNS) != 0)
                return false;
            // Mounts made from here on stay in this process's namespace (and its children's).
            return ::mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) == 0;
        }();
        return available;
    }

    explicit FullFileSystem(Kind kind)
        : m_kind(kind)
    {
        if (m_kind == Kind::Tmpfs) {
            Q_ASSERT(tmpfsAvailable());
            m_mounted = ::mount("tmpfs", QFile::encodeName(m_dir.path()).constData(), "tmpfs", 0, "size=64k,mode=0700") == 0;
        }
    }
    ~FullFileSystem()
    {
        release();
        if (m_mounted)
            ::umount2(QFile::encodeName(m_dir.path()).constData(), MNT_DETACH);
    }
    FullFileSystem(const FullFileSystem&) = delete;
    FullFileSystem& operator=(const FullFileSystem&) = delete;

    /// False if the tmpfs could not be mounted.
    bool isValid() const { return m_dir.isValid() && (m_kind != Kind::Tmpfs || m_mounted); }
    QString path(const QString& name) const { return m_dir.filePath(name); }

    /// From now on writes fail: the tmpfs is filled to the last byte, or this process's file
    /// size limit drops to 16 bytes.
    void fill()
    {
        if (m_kind == Kind::Tmpfs) {
            QFile filler(path(QStringLiteral(".filler")));
            if (filler.open(QIODevice::WriteOnly | QIODevice::Unbuffered)) {
                const QByteArray block(4096, 'x');
                while (filler.write(block) == block.size()) {
                }
                const QByteArray byte(1, 'x');
                while (filler.write(byte) == 1) {
                }
            }
        } else if (!m_limited) {
            ::getrlimit(RLIMIT_FSIZE, &m_oldLimit);
            m_oldHandler = std::signal(SIGXFSZ, SIG_IGN);
            const rlimit tight{kFileSizeLimit, m_oldLimit.rlim_max};
            m_limited = ::setrlimit(RLIMIT_FSIZE, &tight) == 0;
        }
    }
    /// Room again.
    void release()
    {
        if (m_kind == Kind::Tmpfs)
            QFile::remove(path(QStringLiteral(".filler")));
        else if (m_limited) {
            ::setrlimit(RLIMIT_FSIZE, &m_oldLimit);
            std::signal(SIGXFSZ, m_oldHandler);
            m_limited = false;
        }
    }

    /// For a child process (QProcess::setChildProcessModifier): the same failure in the child.
    /// Only async-signal-safe calls, as after fork(). Nothing to do for the tmpfs, which the
    /// child sees through the shared mount namespace.
    void applyInChild() const
    {
        if (m_kind != Kind::FileSizeLimit)
            return;
        std::signal(SIGXFSZ, SIG_IGN);
        rlimit tight{};
        ::getrlimit(RLIMIT_FSIZE, &tight);
        tight.rlim_cur = kFileSizeLimit;
        ::setrlimit(RLIMIT_FSIZE, &tight);
    }

private:
    static constexpr rlim_t kFileSizeLimit = 16;

    Kind m_kind;
    QTemporaryDir m_dir;
    bool m_mounted = false;
    bool m_limited = false;
    rlimit m_oldLimit{};
    void (*m_oldHandler)(int) = SIG_DFL;
};

/// The rows of a full-disk test: the tmpfs for root, the size limit for everyone.
#define FULL_FILE_SYSTEM_ROWS()                                                                                       \
    do {                                                                                                              \
        QTest::addColumn<int>("kind");                                                                                \
        if (FullFileSystem::tmpfsAvailable())                                                                         \
            QTest::addRow("full tmpfs") << int(FullFileSystem::Kind::Tmpfs);                                          \
        else                                                                                                          \
            qInfo("no full-tmpfs row: mounting needs root (CAP_SYS_ADMIN); the file-size-limit row runs the same checks"); \
        QTest::addRow("file size limit") << int(FullFileSystem::Kind::FileSizeLimit);                                 \
    } while (false)
