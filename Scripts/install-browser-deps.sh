#!/usr/bin/env bash
# Installs what the browser tests and benchmarks need, if missing: Debian's Chromium, wrk, zbarimg
# (which reads the QR code `photolala serve` prints), Caddy and NSS's certutil (the reverse proxy
# of docs/examples/Caddyfile, whose local authority the test's Chromium is made to trust),
# Playwright for Python (which drives that Chromium; its own browser download is not used),
# boto3, with which the backup tests create their SeaweedFS bucket and list what was uploaded, and
# axe-playwright-python, for the axe-core it ships (the accessibility audit).
set -euo pipefail
missing=()
[[ -x /usr/bin/chromium ]] || missing+=(chromium)
command -v wrk >/dev/null || missing+=(wrk)
command -v zbarimg >/dev/null || missing+=(zbar-tools)
command -v caddy >/dev/null || missing+=(caddy)
command -v certutil >/dev/null || missing+=(libnss3-tools)
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
python3 -c "import playwright, pytest, boto3, axe_playwright_python" 2>/dev/null ||
    python3 -m pip install -q playwright pytest boto3 axe-playwright-python >&2
