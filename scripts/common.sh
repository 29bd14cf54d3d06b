# Shared by scripts/run and scripts/test: install what is missing, configure, build.
# shellcheck shell=bash
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${SHARDSCOPE_BUILD_DIR:-$ROOT/build}"
JOBS="$(nproc 2>/dev/null || echo 2)"

# Debian 12 packages (see DEVELOPERS docs: toolchain.md). Only missing ones are installed.
# qt6-translations-l10n: Qt's own texts (file dialogs, context menus) in Chinese too.
# librsvg2-bin (rsvg-convert) and poppler-utils (pdftoppm): independent renderers the slide
# tests draw every SVG and PDF export with (tests/app/tst_slidequality).
PACKAGES=(g++ cmake ninja-build qt6-base-dev qt6-svg-dev qt6-tools-dev qt6-l10n-tools qt6-translations-l10n
          libqcustomplot-dev nlohmann-json3-dev xvfb xauth fonts-dejavu-core fonts-wqy-microhei
          librsvg2-bin poppler-utils)

install_missing_packages() {
    local missing=()
    for p in "${PACKAGES[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    if [ ${#missing[@]} -eq 0 ]; then
        return 0
    fi
    echo "shardscope: installing missing Debian packages: ${missing[*]}"
    local sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends "${missing[@]}"
}

# configure_and_build DIR [extra cmake args...]
# BUILD_TARGET (optional): build only that target and what it needs (scripts/run: the program,
# not the tests and benchmarks it never runs); unset, everything.
configure_and_build() {
    local dir="$1"; shift
    # Configuring an existing build directory takes a second and applies changed options.
    cmake -S "$ROOT" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release "$@" > "$dir.configure.log" 2>&1 \
        || { cat "$dir.configure.log"; return 1; }
    if [ -n "${BUILD_TARGET:-}" ]; then
        cmake --build "$dir" --parallel "$JOBS" --target "$BUILD_TARGET"
    else
        cmake --build "$dir" --parallel "$JOBS"
    fi
}
