#include "app/cli/runtimedir.h"

#include <cstdlib>
#include <pwd.h>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

void ensureRuntimeDir()
{
    const char* set = std::getenv("XDG_RUNTIME_DIR");
    if (set && *set)
        return;
    // The directory QStandardPaths::RuntimeLocation picks when the variable is unset
    // (qtbase src/corelib/io/qstandardpaths_unix.cpp: QDir::tempPath() + "/runtime-" + user name).
    const char* tmp = std::getenv("TMPDIR");
    std::string dir = tmp && *tmp ? tmp : "/tmp";
    while (dir.size() > 1 && dir.back() == '/')
        dir.pop_back();
    const uid_t uid = geteuid();
    const passwd* pw = getpwuid(uid);
    dir += "/runtime-" + (pw && pw->pw_name ? std::string(pw->pw_name) : std::to_string(uid));
    mkdir(dir.c_str(), 0700); // fails harmlessly when it exists; checked below either way
    struct stat st = {};
    if (lstat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != uid || (st.st_mode & 0777) != 0700)
        return;
    setenv("XDG_RUNTIME_DIR", dir.c_str(), 0);
}
