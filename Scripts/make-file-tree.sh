#!/usr/bin/env bash
# Makes a tree of COUNT small image files in OUTDIR (1,000 per folder, in 10 top folders), or
# with `flat` all in OUTDIR itself, for listing benchmarks: the files are real, distinct JPEGs
# but tiny, so the tree takes seconds to make.
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
import os, sys
out, count, seed, flat = sys.argv[1], int(sys.argv[2]), open(sys.argv[3], "rb").read(), sys.argv[4] == "flat"
for i in range(count):
    folder = out if flat else os.path.join(out, f"{i // 10_000:02d}", f"{i // 1_000 % 10:02d}")
    if i % 1_000 == 0:
        os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, f"IMG_{i:06d}.jpg"), "wb") as f:
        f.write(seed + i.to_bytes(4, "big"))
PY
