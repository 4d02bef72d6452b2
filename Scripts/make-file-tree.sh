#!/usr/bin/env bash
# Makes a tree of COUNT small image files in OUTDIR (1,000 per folder, in 10 top folders), or
# with `flat` all in OUTDIR itself, for listing benchmarks: the files are real, distinct JPEGs
# but tiny, so the tree takes seconds to make. Their modification times spread over ten years
# in name order, as a camera's photos do, so sorting and grouping by date see real dates.
#
#   Scripts/make-file-tree.sh OUTDIR COUNT [flat]
set -euo pipefail
out=${1:?usage: make-file-tree.sh OUTDIR COUNT}
count=${2:?usage: make-file-tree.sh OUTDIR COUNT}
export VIPS_WARNING=0
mkdir -p "$out"
seed=$(mktemp --suffix=.jpg)
trap 'rm -f "$seed"' EXIT
vips black "$seed" 32 24 --bands 3
python3 - "$out" "$count" "$seed" "${3:-}" <<'PY'
import os, random, sys
out, count, seed, flat = sys.argv[1], int(sys.argv[2]), open(sys.argv[3], "rb").read(), sys.argv[4] == "flat"
random.seed(1)
start, step = 1451606400, 10 * 365 * 86400 // max(count, 1)  # 2016-01-01, ten years
for i in range(count):
    folder = out if flat else os.path.join(out, f"{i // 10_000:02d}", f"{i // 1_000 % 10:02d}")
    if i % 1_000 == 0:
        os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, f"IMG_{i:06d}.jpg")
    with open(path, "wb") as f:
        f.write(seed + i.to_bytes(4, "big"))
    taken = start + i * step + random.randrange(step)
    os.utime(path, (taken, taken))
PY
