#!/usr/bin/env bash
# `make bench`: makes the benchmark inputs once (Benchmarks/make-fixtures.sh, in
# .build/bench-fixtures), then runs photolala-bench and the Python benches, which measure
# Photolala and the reference tools side by side. Every row they report is gathered by
# Benchmarks/write-results.py into Benchmarks/results/<UTC date-time>-<commit>.json and the
# table of Benchmarks/README.md. A benchmark that fails leaves the others to run; the run fails
# after the results are written.
#
#   BENCH_PHOTOS=200 BENCH_HEIC=40 BENCH_TREE=100000 BENCH_RAWS=12 BENCH_JOBS=2 Benchmarks/run.sh
#
# The growth rows run the scale-dependent commands at 10,000 and 100,000 photos, and at
# BENCH_SCALE too when it is larger: BENCH_SCALE=1000000 makes a tree and a folder of a million
# photos (2 × 1,000,000 files, 8 GB of disk and about three minutes), never in `make test`.
set -euo pipefail
cd "$(dirname "$0")/.."
Benchmarks/make-fixtures.sh
photos=${BENCH_PHOTOS:-200}
files=${BENCH_TREE:-100000}
heics=${BENCH_HEIC:-40}
raws=${BENCH_RAWS:-12}
jobs=${BENCH_JOBS:-$(nproc 2>/dev/null || sysctl -n hw.ncpu)}
dir=.build/bench-fixtures
scales=(10000 100000)
if (( ${BENCH_SCALE:-0} > 100000 )); then
    scales+=("$BENCH_SCALE")
fi
wanted() { [[ -z ${BENCH_ONLY:-} || ${BENCH_ONLY:-} == *$1* ]]; }

# Each bench appends its rows to this file, one JSON object a line (Benchmarks/results.py).
export BENCH_RESULTS
BENCH_RESULTS=$(mktemp "${TMPDIR:-/tmp}/photolala-bench-XXXXXX.jsonl")
started=$(date -u +%Y-%m-%dT%H:%M:%SZ)
failed=()
measure() {
    local status=0
    "$@" || status=$?
    if (( status )); then failed+=("$(basename "$1") (status $status)"); fi
}

echo "$(uname -sm), $(nproc 2>/dev/null || sysctl -n hw.ncpu) cores, $(vips --version), $(date -u +%Y-%m-%d)" >&2
BENCH_HEIC_PHOTOS="$dir/heic-$heics" BENCH_DESCRIBED_PHOTOS="$dir/described-photos" measure .build/release/photolala-bench "$dir/photos-$photos" "$dir/tree-$files" "$dir/big.bin" "$jobs" \
    "$dir/flat-$files" "$dir/library-$files.photoslibrary" "$dir/videos" "$dir/raw-$raws" "$dir/raw-previews-$raws"

# `photolala scan` (and `--json`) against `find` printing the same facts, with peak memory.
if wanted scan; then
    measure python3 Benchmarks/scan_bench.py .build/release/photolala "$dir/tree-$files" "$dir/flat-$files"
fi

# How cost grows: catalog build, served listing and scan at each scale; with BENCH_SCALE, the
# cloud catalog and an Apple Photos library of that many too.
if wanted growth; then
    measure python3 Benchmarks/growth_bench.py .build/release/photolala "$dir" "${scales[@]}"
    if (( ${BENCH_SCALE:-0} > 100000 )); then
        BENCH_ONLY=library,cloudsync,timeline BENCH_CLOUD_ENTRIES=$BENCH_SCALE measure .build/release/photolala-bench "$dir/photos-$photos" \
            "$dir/tree-$BENCH_SCALE" "$dir/big.bin" "$jobs" "$dir/flat-$BENCH_SCALE" "$dir/library-$BENCH_SCALE.photoslibrary"
    fi
fi

# Issue 37's search rows: the index at BENCH_SCALE too, and the server's memory with it open.
if wanted search; then
    search_scales=(100000)
    if (( ${BENCH_SCALE:-0} > 100000 )); then
        BENCH_ONLY=searchindex BENCH_CLOUD_ENTRIES=$BENCH_SCALE measure .build/release/photolala-bench "$dir/photos-$photos" \
            "$dir/tree-$files" "$dir/big.bin" "$jobs"
        search_scales+=("$BENCH_SCALE")
    fi
    measure python3 Benchmarks/search_server_bench.py .build/release/photolala .build/release/photolala-bench \
        "$(ls "$dir/photos-$photos"/*.jpg | head -1)" "${PHOTOLALA_PLACE_DATA:-.build/places}" "${search_scales[@]}"
fi

# The web UI in headless Chromium, and the server under wrk.
if wanted browser; then
    Scripts/install-browser-deps.sh
    measure python3 Benchmarks/browser_bench.py .build/release/photolala "$dir/flat-$files" "$dir/cloud-folder"
    if (( ${BENCH_SCALE:-0} > 100000 )); then
        # With the library the growth rows made, its All Photos' first screen too.
        library_option=()
        if [[ -d $dir/library-$BENCH_SCALE.photoslibrary ]]; then
            library_option=(--library "$dir/library-$BENCH_SCALE.photoslibrary")
        fi
        measure python3 Benchmarks/browser_bench.py .build/release/photolala "$dir/flat-$BENCH_SCALE" "${library_option[@]}"
    fi
    # An unseen folder of 1,000 camera photos, each with distinct bytes: the first screen and a
    # jump; then the same photos as a Sony camera writes them, each with its full-HD Large Thumbnail.
    measure python3 Benchmarks/screen_bench.py .build/release/photolala "$dir/unseen-1000" "${BENCH_SCREEN_RUNS:-3}"
    measure python3 Benchmarks/screen_bench.py .build/release/photolala "$dir/unseen-previews-1000" "${BENCH_SCREEN_RUNS:-3}"
fi

# Upload to SeaweedFS on loopback against rclone copy.
if wanted upload; then
    measure Benchmarks/upload.sh .build/release/photolala
fi

python3 Benchmarks/write-results.py "$BENCH_RESULTS" --started "$started"
rm -f "$BENCH_RESULTS"
if (( ${#failed[@]} )); then
    echo "error: these benchmarks failed, so their rows are missing from the results: ${failed[*]}" >&2
    exit 1
fi
