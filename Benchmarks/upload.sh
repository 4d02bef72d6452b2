#!/usr/bin/env bash
# Upload throughput: `photolala backup star` + `backup run` against `rclone copy`, same photos,
# same SeaweedFS on loopback, same concurrency, storage class DEEP_ARCHIVE for both.
#
#   BENCH_PHOTOS=500 BENCH_UPLOAD_JOBS=4 BENCH_UPLOAD_ROUNDS=3 Benchmarks/upload.sh [path/to/photolala]
#
# 500 photos by default, as the issue says (BENCH_UPLOADS, else BENCH_PHOTOS, sets the count).
# Photolala's timed region starts with `backup star`, which hashes each photo (MD5), as rclone
# hashes inside its own run; the run alone is reported too. Photolala also uploads a thumbnail
# and a metadata plist per photo and the cloud catalog; the thumbnails are generated before the
# timed region (as browsing does). Reports two rows of the benchmark table (Benchmarks/results.py).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(realpath "${1:-.build/release/photolala}")
count=${BENCH_UPLOADS:-${BENCH_PHOTOS:-500}}
jobs=${BENCH_UPLOAD_JOBS:-4}
rounds=${BENCH_UPLOAD_ROUNDS:-3}
Scripts/install-test-servers.sh
if ! command -v rclone >/dev/null; then
    sudo=""
    [[ $(id -u) -eq 0 ]] || sudo="sudo"
    command -v apt-get >/dev/null && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq rclone >/dev/null
    command -v rclone >/dev/null || { echo "error: rclone is missing; install it (apt-get install rclone, brew install rclone)." >&2; exit 1; }
fi
weed=$(command -v weed || echo "$HOME/.local/bin/weed")

work=$(mktemp -d)
weed_pid=""
trap '[[ -n $weed_pid ]] && kill "$weed_pid" 2>/dev/null; wait 2>/dev/null; rm -rf "$work"' EXIT

# Photos of about 3.4 MB: a real JPEG followed by random bytes (decoders ignore what follows
# the end marker), so none compresses and every MD5 differs.
Tests/Fixtures/make-fixtures.sh "$work/fixtures" >/dev/null
mkdir -p "$work/photos"
for i in $(seq 1 "$count"); do
    { cat "$work/fixtures/photo-4000x3000.jpg"; head -c 3200000 /dev/urandom; } > "$work/photos/IMG_$i.jpg"
done

key=AKIDBENCH
secret=bench-$RANDOM$RANDOM
printf '{"identities":[{"name":"bench","credentials":[{"accessKey":"%s","secretKey":"%s"}],"actions":["Admin","Read","Write","List","Tagging"]}]}' \
    "$key" "$secret" > "$work/s3.json"
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
port=$(free_port)
ports=()
for _ in $(seq 1 9); do ports+=("$(free_port)"); done
env -u AWS_ACCESS_KEY_ID -u AWS_SECRET_ACCESS_KEY "$weed" mini -ip=127.0.0.1 -ip.bind=127.0.0.1 -dir="$work/weed" -s3.config="$work/s3.json" \
    -s3.port="$port" -s3.port.grpc="${ports[0]}" -master.port="${ports[1]}" -master.port.grpc="${ports[2]}" \
    -volume.port="${ports[3]}" -volume.port.grpc="${ports[4]}" -filer.port="${ports[5]}" -filer.port.grpc="${ports[6]}" \
    -admin.port="${ports[7]}" -admin.port.grpc="${ports[8]}" -s3.port.iceberg=0 -s3.port.lance=0 -webdav=false \
    -admin.ui=false -master.telemetry=false -volume.preStopSeconds=0 \
    -filer.localSocket="$work/filer.sock" -s3.localSocket="$work/s3.sock" > "$work/weed.log" 2>&1 &
weed_pid=$!

export -n AWS_CA_BUNDLE # rclone refuses to start with it set
export RCLONE_CONFIG_SW_TYPE=s3 RCLONE_CONFIG_SW_PROVIDER=Other RCLONE_CONFIG_SW_ENDPOINT="http://127.0.0.1:$port" \
    RCLONE_CONFIG_SW_FORCE_PATH_STYLE=true RCLONE_CONFIG_SW_ACCESS_KEY_ID=$key RCLONE_CONFIG_SW_SECRET_ACCESS_KEY=$secret \
    RCLONE_CONFIG_SW_STORAGE_CLASS=DEEP_ARCHIVE RCLONE_CONFIG_SW_REGION=us-east-1
for _ in $(seq 1 100); do rclone mkdir sw:bench 2>/dev/null && break; sleep 0.2; done

export PHOTOLALA_S3_ENDPOINT="http://127.0.0.1:$port" PHOTOLALA_S3_BUCKET=bench AWS_ACCESS_KEY_ID=$key AWS_SECRET_ACCESS_KEY=$secret \
    AWS_REGION=us-east-1 PHOTOLALA_DATA_DIR="$work/data" PHOTOLALA_CACHE_DIR="$work/cache" PHOTOLALA_USER_ID=00000000-0000-4000-8000-000000000000
"$bin" thumbnails "$work/photos" >/dev/null 2>&1
bytes=$(du -sb "$work/photos" | cut -f1)

mkdir -p "$work/data"
cp -a "$work/data" "$work/data.fresh"

# Both tools meet the same warm store with nothing left to write back: SeaweedFS creates its
# volumes on the first uploads, and the photos just made (and each tool's upload) are still
# being flushed to disk, so whichever tool ran first would pay for that.
mkdir -p "$work/warmup"
cp "$work/photos"/IMG_{1..8}.jpg "$work/warmup/"
rclone copy --transfers "$jobs" "$work/warmup" sw:bench/warmup

# Each round uploads everything again with both tools (Photolala as a new user with a new queue,
# starred in the timed region, rclone to a new prefix), in alternating order; the best time of
# each is kept, as the one least disturbed by whatever else the machine runs.
seconds() { python3 -c 'import time; print(f"{time.time():.3f}")'; }
run_ours() {
    rm -rf "$work/data" && cp -a "$work/data.fresh" "$work/data"
    sync
    local start starred
    export PHOTOLALA_USER_ID=00000000-0000-4000-8000-$(printf '%012d' "$1")
    start=$(seconds)
    "$bin" backup star "$work/photos"/*.jpg >/dev/null
    starred=$(seconds)
    "$bin" backup run --jobs "$jobs" >/dev/null
    local end
    end=$(seconds)
    ours+=("$(python3 -c "print($end - $start)")")
    ours_run+=("$(python3 -c "print($end - $starred)")")
}
run_theirs() {
    sync
    local start
    start=$(seconds)
    rclone copy --transfers "$jobs" "$work/photos" "sw:bench/rclone$1"
    theirs+=("$(python3 -c "print($(seconds) - $start)")")
}
ours=()
ours_run=()
theirs=()
for round in $(seq 1 "$rounds"); do
    if ((round % 2)); then run_ours "$round"; run_theirs "$round"; else run_theirs "$round"; run_ours "$round"; fi
done

python3 - "$count" "$bytes" "$jobs" "${ours[*]}" "${ours_run[*]}" "${theirs[*]}" <<'PY'
import sys
sys.path.insert(0, "Benchmarks")
from results import HEADER, report
count, size, jobs = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
ours, ours_run, theirs = ([float(t) for t in arg.split()] for arg in sys.argv[4:7])
mb = size / 1e6
def times(values):
    return ", ".join(f"{t:.2f}" for t in values)
rclone = {"reference": f"{mb / min(theirs):.1f} MB/s", "tool": f"rclone copy --transfers {jobs}"}
note = f"{mb:.0f} MB, best of {len(ours)} rounds; rclone {times(theirs)} s"
print(HEADER)
report("upload", f"upload {count} photos of 3.4 MB to SeaweedFS, {jobs} at a time: `backup star` (MD5) + `backup run`",
       f"{mb / min(ours):.1f} MB/s", "≥ 1.0×", ratio=min(theirs) / min(ours), note=f"{note}; ours {times(ours)} s", **rclone)
report("upload", "the same, `backup run` alone", f"{mb / min(ours_run):.1f} MB/s", "≥ 1.0×", ratio=min(theirs) / min(ours_run),
       note=f"{note}; ours {times(ours_run)} s", **rclone)
PY
