#!/usr/bin/env bash
# `make bench`: makes the benchmark inputs once (in .build/bench-fixtures), then runs
# photolala-bench, which measures Photolala and the reference tools side by side.
#
#   BENCH_PHOTOS=200 BENCH_TREE=100000 BENCH_JOBS=2 Benchmarks/run.sh
set -euo pipefail
cd "$(dirname "$0")/.."
photos=${BENCH_PHOTOS:-200}
files=${BENCH_TREE:-100000}
jobs=${BENCH_JOBS:-$(nproc 2>/dev/null || sysctl -n hw.ncpu)}
dir=.build/bench-fixtures
mkdir -p "$dir"

if [[ ! -d $dir/photos-$photos ]]; then
    echo "Making $photos 12 MP photos…" >&2
    Scripts/make-photos.sh "$dir/photos-$photos.tmp" "$photos"
    mv "$dir/photos-$photos.tmp" "$dir/photos-$photos"
fi
if [[ ! -d $dir/tree-$files ]]; then
    echo "Making a tree of $files files…" >&2
    Scripts/make-file-tree.sh "$dir/tree-$files.tmp" "$files"
    mv "$dir/tree-$files.tmp" "$dir/tree-$files"
fi
if [[ ! -d $dir/flat-$files ]]; then
    echo "Making a folder of $files files…" >&2
    Scripts/make-file-tree.sh "$dir/flat-$files.tmp" "$files" flat
    mv "$dir/flat-$files.tmp" "$dir/flat-$files"
fi
if [[ ! -f $dir/big.bin ]]; then
    echo "Making a 1 GiB file…" >&2
    head -c $((1 << 30)) /dev/urandom > "$dir/big.bin.tmp"
    mv "$dir/big.bin.tmp" "$dir/big.bin"
fi

echo "$(uname -sm), $(nproc 2>/dev/null || sysctl -n hw.ncpu) cores, $(vips --version), $(date -u +%Y-%m-%d)" >&2
.build/release/photolala-bench "$dir/photos-$photos" "$dir/tree-$files" "$dir/big.bin" "$jobs" "$dir/flat-$files"

# The web UI in headless Chromium, and the server under wrk.
if [[ -z ${BENCH_ONLY:-} || ${BENCH_ONLY:-} == *browser* ]]; then
    Scripts/install-browser-deps.sh
    python3 Benchmarks/browser_bench.py .build/release/photolala "$dir/flat-$files"
fi

# Upload to SeaweedFS on loopback against rclone copy.
if [[ -z ${BENCH_ONLY:-} || ${BENCH_ONLY:-} == *upload* ]]; then
    Benchmarks/upload.sh .build/release/photolala
fi
