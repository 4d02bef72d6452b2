#!/usr/bin/env bash
# `make run`: thumbnails, then the listing, of PHOTOS, else ~/Pictures, else a demo folder.
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
echo "Photolala on $photos"
"$bin" thumbnails "$photos"
"$bin" scan "$photos"
