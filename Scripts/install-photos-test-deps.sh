#!/usr/bin/env bash
# Installs what the Apple Photos library tests and benchmark need, if missing: the sqlite3
# command line (to make a burst in a copied library and the synthetic 100,000-asset library)
# and osxphotos (the reference reader `photolala library list` is compared with); and trash-cli,
# whose trash-list reads the desktop's Trash as the freedesktop.org specification lays it out
# (gio needs a running GVfs to), the reference `photolala trash` is checked with.
set -euo pipefail
if ! command -v sqlite3 >/dev/null; then
    if command -v apt-get >/dev/null; then
        sudo=""
        [[ $(id -u) -eq 0 ]] || sudo="sudo"
        echo "Installing sqlite3 (apt)…" >&2
        $sudo apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends sqlite3 >/dev/null
    elif command -v brew >/dev/null; then
        brew install sqlite
    else
        echo "error: install the sqlite3 command line with your package manager." >&2
        exit 1
    fi
fi
command -v osxphotos >/dev/null || python3 -m pip install -q osxphotos >&2
command -v osxphotos >/dev/null || { echo "error: osxphotos was installed but is not on PATH (check pip's script folder)." >&2; exit 1; }
command -v trash-list >/dev/null || python3 -m pip install -q trash-cli >&2
command -v trash-list >/dev/null || { echo "error: trash-cli was installed but trash-list is not on PATH (check pip's script folder)." >&2; exit 1; }
