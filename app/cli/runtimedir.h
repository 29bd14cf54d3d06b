#pragma once

/// Qt warns "QStandardPaths: XDG_RUNTIME_DIR not set, defaulting to …" on every start without
/// a session (a script, CI, ssh): it then uses $TMPDIR/runtime-USER, created 0700. This makes
/// that directory and names it in XDG_RUNTIME_DIR first, so the headless commands print only
/// what concerns the user. A directory Qt would refuse (not ours, not 0700) is left alone: Qt's
/// own warning then says what is wrong with it.
void ensureRuntimeDir();
