#!/usr/bin/env bash
# Installs the system packages Photolala builds and tests with, if any is missing:
# libvips (with its command-line tools), libheif's headers (for HEIF thumbnail items; the test
# fixtures' HEIF writer is compiled against them too), LibRaw (with its tools, for the RAW
# benchmark), SQLite headers, exiftool, ffmpeg (videos' poster frames), avifenc (the test
# fixtures' 10-bit AVIF, which libheif's AV1 encoder cannot write) and libqrencode (the QR code
# of the address `photolala serve --host 0.0.0.0` prints for a phone).
set -euo pipefail

missing() {
    ! pkg-config --exists vips 2>/dev/null || ! command -v vipsthumbnail >/dev/null || ! pkg-config --exists libheif 2>/dev/null ||
        ! command -v exiftool >/dev/null || ! pkg-config --exists sqlite3 2>/dev/null || ! command -v ffmpeg >/dev/null ||
        ! pkg-config --exists libraw_r 2>/dev/null || ! command -v dcraw_emu >/dev/null || ! command -v avifenc >/dev/null ||
        ! has_qrencode
}

has_qrencode() {
    case "$(uname -s)" in
    Darwin) [[ -e "$(brew --prefix 2>/dev/null)/lib/libqrencode.4.dylib" ]] ;;
    # grep reads the whole list: with -q it would stop at the match, and ldconfig, still writing a
    # list longer than the pipe holds, would die of SIGPIPE and fail the pipeline (pipefail).
    *) ldconfig -p 2>/dev/null | grep 'libqrencode\.so\.4 ' >/dev/null ;;
    esac
}

if ! command -v swift >/dev/null; then
    echo "error: Swift 6 is not installed; get it from swift.org and put 'swift' on your PATH." >&2
    exit 1
fi
missing || exit 0

case "$(uname -s)" in
Linux)
    if ! command -v apt-get >/dev/null; then
        echo "error: install libvips (with its tools), LibRaw, the SQLite headers, exiftool and ffmpeg with your package manager." >&2
        exit 1
    fi
    sudo=""
    [[ $(id -u) -eq 0 ]] || sudo="sudo"
    echo "Installing libvips, libheif, LibRaw, SQLite headers, exiftool and ffmpeg (apt)…"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
        libvips-dev libvips-tools libheif-dev libraw-dev libraw20 libraw-bin libsqlite3-dev libimage-exiftool-perl ffmpeg libavif-bin libqrencode4 pkg-config >/dev/null
    ;;
Darwin)
    if ! command -v brew >/dev/null; then
        echo "error: install Homebrew (brew.sh), then run this again." >&2
        exit 1
    fi
    echo "Installing libvips, libheif, LibRaw, SQLite, exiftool and ffmpeg (Homebrew)…"
    brew install vips libheif libraw sqlite exiftool ffmpeg libavif qrencode pkg-config
    ;;
*)
    echo "error: unsupported system $(uname -s); install libvips, SQLite, exiftool and ffmpeg yourself." >&2
    exit 1
    ;;
esac
missing && { echo "error: the packages were installed but libvips, LibRaw, sqlite3, exiftool, ffmpeg, avifenc or libqrencode is still not found." >&2; exit 1; }
exit 0
