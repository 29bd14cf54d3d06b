#include "core/io/jsonlimits.h"

#include <algorithm>
#include <cerrno>
#include <cstring>

// POSIX: open without blocking and ask the open descriptor what it is, so that a path swapped
// for a FIFO between a check and the open cannot block the reader (std::filesystem cannot).
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace core {

namespace {

void fileIssue(std::vector<Issue>& issues, IssueCode code, const std::string& path, double a = 0, double b = 0, std::string detail = {})
{
    Issue issue{code, Severity::Error, "", a, b};
    issue.path = path;
    issue.detail = std::move(detail);
    issues.push_back(std::move(issue));
}

FileKind kindOf(mode_t mode)
{
    if (S_ISDIR(mode)) return FileKind::Directory;
    if (S_ISFIFO(mode)) return FileKind::Fifo;
    if (S_ISCHR(mode) || S_ISBLK(mode)) return FileKind::Device;
    if (S_ISSOCK(mode)) return FileKind::Socket;
    return FileKind::Other;
}

/// Closes the descriptor on every return path.
struct Descriptor
{
    int fd = -1;
    ~Descriptor()
    {
        if (fd >= 0)
            ::close(fd);
    }
};

} // namespace

bool readInputFile(const std::string& path, std::size_t maxBytes, std::string& text, std::vector<Issue>& issues)
{
    Descriptor d;
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer, for ever.
    d.fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (d.fd < 0) {
        const int error = errno;
        if (error == ENOENT || error == ENOTDIR)
            fileIssue(issues, IssueCode::FileNotFound, path);
        else
            fileIssue(issues, IssueCode::FileUnreadable, path, 0, 0, std::strerror(error));
        return false;
    }
    struct stat st = {};
    if (::fstat(d.fd, &st) != 0) {
        fileIssue(issues, IssueCode::FileUnreadable, path, 0, 0, std::strerror(errno));
        return false;
    }
    if (!S_ISREG(st.st_mode)) {
        fileIssue(issues, IssueCode::NotARegularFile, path, double(int(kindOf(st.st_mode))));
        return false;
    }
    if (st.st_size < 0 || std::size_t(st.st_size) > maxBytes) {
        fileIssue(issues, IssueCode::InputTooLarge, path, double(st.st_size), double(maxBytes));
        return false;
    }
    // Read at most one byte more than allowed: a file that grows while it is read is still refused.
    std::string buffer;
    buffer.resize(std::size_t(st.st_size) + 1);
    std::size_t used = 0;
    while (true) {
        if (used == buffer.size()) {
            if (buffer.size() > maxBytes)
                break;
            buffer.resize(std::min(maxBytes + 1, buffer.size() * 2 + 4096));
        }
        const ssize_t n = ::read(d.fd, buffer.data() + used, buffer.size() - used);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            fileIssue(issues, IssueCode::FileUnreadable, path, 0, 0, std::strerror(errno));
            return false;
        }
        if (n == 0)
            break;
        used += std::size_t(n);
    }
    if (used > maxBytes) {
        fileIssue(issues, IssueCode::InputTooLarge, path, double(used), double(maxBytes));
        return false;
    }
    buffer.resize(used);
    text = std::move(buffer);
    return true;
}

} // namespace core
