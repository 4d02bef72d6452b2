#!/usr/bin/env bash
# Installs what the browser tests and benchmarks need, if missing: Debian's Chromium, wrk,
# Playwright for Python (which drives that Chromium; its own browser download is not used), and
# boto3, with which the backup tests create their SeaweedFS bucket and list what was uploaded.
set -euo pipefail
missing=()
[[ -x /usr/bin/chromium ]] || missing+=(chromium)
command -v wrk >/dev/null || missing+=(wrk)
if ((${#missing[@]})); then
    if ! command -v apt-get >/dev/null; then
        echo "error: install ${missing[*]} with your package manager." >&2
        exit 1
    fi
    sudo=""
    [[ $(id -u) -eq 0 ]] || sudo="sudo"
    echo "Installing ${missing[*]} (apt)…" >&2
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
python3 -c "import playwright, pytest, boto3" 2>/dev/null || python3 -m pip install -q playwright pytest boto3 >&2
