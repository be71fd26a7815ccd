#!/bin/sh
# What the tests need beyond the Swift toolchain, installed only when missing:
#   - a C compiler (the tests compile C fixture animators),
#   - Pillow, from PyPI: an independent decoder for the GIF and PNG files the tests write,
#   - Chromium, from Debian's packages: the headless browser the HTML player is tested in,
#   - fontTools, from PyPI: an independent reader of the fonts text is drawn with,
#   - pypng, from PyPI: an independent PNG encoder that writes every kind of PNG,
#   - kiwisolver, from PyPI: a C++ Cassowary solver the layout solver's answers are checked
#     against (and the layout benchmark's reference),
#   - two TrueType font families (Liberation Sans and DejaVu Sans, from Debian's packages)
#     to draw text with and to tell two fonts apart,
#   - cargo, from Debian's packages: builds the Rust example animator (Examples/RustFade),
#   - ffmpeg, from Debian's packages: writes the videos `--out x.mp4` makes, and reads them back.
# Run it once before `swift test` (the README's test command does).
set -eu

as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null 2>&1; then sudo "$@"; else
        echo "Tests/setup.sh: need root to run: $*" >&2; exit 1
    fi
}

# apt's output goes to a log, shown when a step fails; a package lock another process
# holds (an unattended upgrade, a parallel job) is waited for, up to ten minutes.
apt_log=$(mktemp "${TMPDIR:-/tmp}/animator-host-setup.XXXXXX")
trap 'rm -f "$apt_log"' EXIT
apt_run() {
    if ! as_root env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 "$@" >"$apt_log" 2>&1; then
        echo "Tests/setup.sh: 'apt-get $*' failed; its last lines:" >&2
        tail -n 20 "$apt_log" >&2
        exit 1
    fi
}
apt_updated=no
apt_install() {
    echo "Tests/setup.sh: installing $* (Debian packages)"
    if [ "$apt_updated" = no ]; then apt_run update -qq; apt_updated=yes; fi
    apt_run install -y -qq "$@"
}

command -v cc >/dev/null 2>&1 || apt_install gcc
command -v python3 >/dev/null 2>&1 || apt_install python3 python3-pip
if ! python3 -c 'import PIL' 2>/dev/null; then
    # A Debian-managed Python refuses pip (PEP 668): then Debian's own package.
    python3 -m pip install --quiet pillow 2>/dev/null || apt_install python3-pil
fi
if ! python3 -c 'import fontTools' 2>/dev/null; then
    python3 -m pip install --quiet fonttools 2>/dev/null || apt_install python3-fonttools
fi
if ! python3 -c 'import png' 2>/dev/null; then
    python3 -m pip install --quiet pypng 2>/dev/null || apt_install python3-png
fi
if ! python3 -c 'import kiwisolver' 2>/dev/null; then
    python3 -m pip install --quiet kiwisolver 2>/dev/null || apt_install python3-kiwisolver
fi
if ! ls /usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf >/dev/null 2>&1; then
    apt_install fonts-liberation
fi
if ! ls /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf >/dev/null 2>&1; then
    apt_install fonts-dejavu-core
fi
if ! command -v chromium >/dev/null 2>&1 && [ ! -x /usr/lib/chromium/chromium ]; then
    apt_install chromium
fi
if ! command -v cargo >/dev/null 2>&1 && [ ! -x "${HOME:-/root}/.cargo/bin/cargo" ]; then
    apt_install cargo
fi
if ! command -v ffmpeg >/dev/null 2>&1 || ! command -v ffprobe >/dev/null 2>&1; then
    apt_install --no-install-recommends ffmpeg
fi
echo "Tests/setup.sh: cc, Pillow, fontTools, pypng, kiwisolver, fonts, Chromium, cargo and ffmpeg are ready"
