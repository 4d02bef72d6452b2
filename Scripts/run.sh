#!/usr/bin/env bash
# `make run`: serves PHOTOS, else ~/Pictures, else a demo folder, in the browser UI.
set -euo pipefail
bin=${1:?usage: run.sh BINARY [PHOTOS]}
photos=${2:-}
if [[ -z $photos ]]; then
    if [[ -d $HOME/Pictures ]]; then
        photos=$HOME/Pictures
    else
        photos=.build/demo-photos
        if [[ ! -d $photos ]]; then
            echo "No PHOTOS given and no ~/Pictures: making a demo folder of 24 photos in $photos…"
            Scripts/make-photos.sh "$photos.tmp" 24 1600 1200
            mv "$photos.tmp" "$photos"
        fi
    fi
fi
exec "$bin" serve "$photos" ${PORT:+--port "$PORT"}
