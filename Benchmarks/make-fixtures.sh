#!/usr/bin/env bash
# Makes the benchmark inputs once, in .build/bench-fixtures (Benchmarks/README.md lists them);
# an input already there is kept. `Benchmarks/run.sh` runs this first.
#
#   BENCH_PHOTOS=200 BENCH_HEIC=40 BENCH_TREE=100000 BENCH_RAWS=12 Benchmarks/make-fixtures.sh
#
# BENCH_SCALE=1000000 also makes a tree, a folder (2 × 1,000,000 files, 8 GB of disk and about
# three minutes) and an Apple Photos library of a million. With BENCH_ONLY, only the inputs of
# those benchmarks are made.
set -euo pipefail
cd "$(dirname "$0")/.."
wanted() {
    [[ -z ${BENCH_ONLY:-} ]] && return 0
    local bench
    for bench in "$@"; do [[ $BENCH_ONLY == *$bench* ]] && return 0; done
    return 1
}
photos=${BENCH_PHOTOS:-200}
files=${BENCH_TREE:-100000}
dir=.build/bench-fixtures
mkdir -p "$dir"
# Inputs made by an older version of the scripts are made again.
fixtures_version=2
if [[ $(cat "$dir/version" 2>/dev/null) != "$fixtures_version" ]]; then
    rm -rf "$dir"/tree-* "$dir"/flat-*
    echo "$fixtures_version" > "$dir/version"
fi

if [[ ! -d $dir/photos-$photos ]]; then
    echo "Making $photos 12 MP photos…" >&2
    Scripts/make-photos.sh "$dir/photos-$photos.tmp" "$photos"
    mv "$dir/photos-$photos.tmp" "$dir/photos-$photos"
fi
heics=${BENCH_HEIC:-40}
if wanted heic search && [[ ! -d $dir/heic-$heics ]]; then
    if ! command -v heif-enc >/dev/null; then
        echo "Installing heif-enc (apt-get install libheif-examples)…" >&2
        sudo=""
        [[ $(id -u) -eq 0 ]] || sudo="sudo"
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends libheif-examples >/dev/null
    fi
    echo "Making $heics iPhone-style HEICs…" >&2
    Scripts/make-heic-photos.sh "$dir/heic-$heics.tmp" "$heics"
    mv "$dir/heic-$heics.tmp" "$dir/heic-$heics"
fi
scales=(10000 100000)
if (( ${BENCH_SCALE:-0} > 100000 )); then
    scales+=("$BENCH_SCALE")
fi
for count in $(printf '%s\n' "$files" "${scales[@]}" | sort -nu); do
    wanted listing catalog scan growth browser || break
    if [[ ! -d $dir/tree-$count ]]; then
        echo "Making a tree of $count files…" >&2
        Scripts/make-file-tree.sh "$dir/tree-$count.tmp" "$count"
        mv "$dir/tree-$count.tmp" "$dir/tree-$count"
    fi
    if [[ ! -d $dir/flat-$count ]]; then
        echo "Making a folder of $count files…" >&2
        Scripts/make-file-tree.sh "$dir/flat-$count.tmp" "$count" flat
        mv "$dir/flat-$count.tmp" "$dir/flat-$count"
    fi
done
if wanted library && [[ ! -d $dir/library-$files.photoslibrary ]]; then
    echo "Making an Apple Photos library of $files assets…" >&2
    Scripts/install-photos-test-deps.sh
    rm -rf "$dir/library-$files.tmp"
    python3 Benchmarks/make-photos-library.py "${PHOTOS_LIBRARIES:-Tests/Fixtures/photos-libraries}/Test-13.0.0.photoslibrary" \
        "$dir/library-$files.tmp" "$files"
    mv "$dir/library-$files.tmp" "$dir/library-$files.photoslibrary"
fi
if wanted videos videoheaders && [[ ! -d $dir/videos ]]; then
    echo "Making camera-like video clips…" >&2
    Benchmarks/make-videos.sh "$dir/videos.tmp"
    mv "$dir/videos.tmp" "$dir/videos"
fi
raws=${BENCH_RAWS:-12}
# The RAW files are made again whenever the script that makes them changes.
raw_version=$(cksum < Tests/Fixtures/make-raw-fixtures.py)
if wanted raw search && [[ ! -d $dir/raw-$raws || $(cat "$dir/raw-$raws.version" 2>/dev/null) != "$raw_version" ]]; then
    python3 -c "import numpy" 2>/dev/null || python3 -m pip install -q numpy >&2
    echo "Making $raws camera-sized RAW files and extracting their previews…" >&2
    rm -rf "$dir/raw-$raws" "$dir/raw-$raws.tmp" "$dir/raw-previews-$raws"
    RAW_BENCH_FILES=$raws python3 Tests/Fixtures/make-raw-fixtures.py "$dir/raw-$raws.tmp" --camera-sized
    mkdir -p "$dir/raw-previews-$raws"
    for file in "$dir/raw-$raws.tmp"/*; do
        # The largest preview: the NEF's JpgFromRaw, the CR3's full-size JPEG of its first track
        # (exiftool reads a CR3's tracks with -ee), the DNG's preview IFD.
        preview="$dir/raw-previews-$raws/$(basename "$file").jpg"
        exiftool -ee -b -JpgFromRaw "$file" > "$preview"
        [[ -s $preview ]] || exiftool -b -PreviewImage "$file" > "$preview"
    done
    mv "$dir/raw-$raws.tmp" "$dir/raw-$raws"
    echo "$raw_version" > "$dir/raw-$raws.version"
fi
# The place data photos' positions are found in (as `make install` makes it), and the package it
# is made from, the reverse-geocoding row's reference (both in .build/places-sources).
if wanted search && [[ ! -f .build/places/ATTRIBUTION ]]; then
    Scripts/make-places.py .build/places
fi
# The search rows' facts: the JPEGs, HEICs and RAWs above, each given a lens, a position,
# keywords, stars, a title and a description by exiftool (made again when the RAWs are).
if wanted search && [[ ! -d $dir/described-photos || $dir/raw-$raws.version -nt $dir/described-photos ]]; then
    echo "Making a folder of photos that describe themselves…" >&2
    rm -rf "$dir/described-photos" "$dir/described-photos.tmp"
    python3 Benchmarks/make-described-photos.py "$dir/described-photos.tmp" "$dir/photos-$photos" "$dir/heic-$heics" "$dir/raw-$raws"
    mv "$dir/described-photos.tmp" "$dir/described-photos"
fi
if wanted md5 && [[ ! -f $dir/big.bin ]]; then
    echo "Making a 1 GiB file…" >&2
    head -c $((1 << 30)) /dev/urandom > "$dir/big.bin.tmp"
    mv "$dir/big.bin.tmp" "$dir/big.bin"
fi
if (( ${BENCH_SCALE:-0} > 100000 )) && wanted growth; then
    library="$dir/library-$BENCH_SCALE.photoslibrary"
    if [[ ! -d $library ]]; then
        echo "Making an Apple Photos library of $BENCH_SCALE assets…" >&2
        rm -rf "$dir/library-$BENCH_SCALE.tmp" "$dir/library-originals"
        # Camera-sized originals for the oldest photos: All Photos' first screen in Chromium.
        Scripts/make-photos.sh "$dir/library-originals" 120
        python3 Benchmarks/make-photos-library.py "${PHOTOS_LIBRARIES:-Tests/Fixtures/photos-libraries}/Test-13.0.0.photoslibrary" \
            "$dir/library-$BENCH_SCALE.tmp" "$BENCH_SCALE" "$dir/library-originals"
        rm -rf "$dir/library-originals"
        mv "$dir/library-$BENCH_SCALE.tmp" "$library"
    fi
fi

if wanted browser; then
    # An unseen folder of 1,000 camera photos, each with distinct bytes: the first screen and a jump.
    if [[ ! -d $dir/unseen-1000 ]]; then
        echo "Making a folder of 1,000 distinct 12 MP photos…" >&2
        rm -rf "$dir/unseen-1000.tmp"
        Benchmarks/make-unseen-folder.sh "$dir/photos-$photos" "$dir/unseen-1000.tmp" 1000
        mv "$dir/unseen-1000.tmp" "$dir/unseen-1000"
    fi
    # The same photos as a Sony camera writes them, each with its full-HD Large Thumbnail.
    if [[ ! -d $dir/unseen-previews-1000 ]]; then
        echo "Making a folder of 1,000 distinct 12 MP photos with camera previews…" >&2
        rm -rf "$dir/unseen-previews-1000.tmp"
        Benchmarks/make-unseen-folder.sh "$dir/photos-$photos" "$dir/unseen-previews-1000.tmp" 1000 previews
        mv "$dir/unseen-previews-1000.tmp" "$dir/unseen-previews-1000"
    fi
    if [[ ! -d $dir/cloud-folder ]]; then
        echo "Making a backup folder with a 100,000-photo cloud catalog…" >&2
        .build/release/photolala-bench --cloud-folder "$dir/cloud-folder.tmp" "$(ls "$dir/photos-$photos"/*.jpg | head -1)"
        mv "$dir/cloud-folder.tmp" "$dir/cloud-folder"
    fi
fi
