#!/usr/bin/env bash
# Copies Leaflet and its marker-cluster plugin into the web UI from Debian's packages
# (libjs-leaflet, libjs-leaflet.markercluster; built from source by Debian, no CDN): the
# minified scripts, their stylesheets and marker images, and each package's copyright file.
# The page loads them only when its map opens.
#
#   Scripts/vendor-leaflet.sh     (needs apt-get and dpkg-deb; run from the repository)
set -euo pipefail

public=Sources/PhotolalaServer/Public/vendor
work=$(mktemp -d)
chmod 755 "$work" # apt-get download runs as _apt, which must write there
trap 'rm -rf -- "$work"' EXIT
(cd "$work" && apt-get download libjs-leaflet libjs-leaflet.markercluster >/dev/null)
for deb in "$work"/*.deb; do
    dpkg-deb -x "$deb" "$work/root"
done
from=$work/root/usr/share/javascript/leaflet
docs=$work/root/usr/share/doc

mkdir -p "$public/leaflet/images" "$public/leaflet.markercluster"
install -m 644 "$from/leaflet.min.js" "$from/leaflet.css" "$public/leaflet/"
install -m 644 "$from"/images/*.png "$public/leaflet/images/"
install -m 644 "$docs/libjs-leaflet/copyright" "$public/leaflet/copyright"
install -m 644 "$from/leaflet.markercluster.min.js" "$from/MarkerCluster.css" "$from/MarkerCluster.Default.css" "$public/leaflet.markercluster/"
install -m 644 "$docs/libjs-leaflet.markercluster/copyright" "$public/leaflet.markercluster/copyright"
for package in libjs-leaflet libjs-leaflet.markercluster; do
    version=$(dpkg-deb -f "$work"/"${package}"_*.deb Version)
    folder=$public/${package#libjs-}
    printf 'Debian package %s %s, /usr/share/javascript/leaflet/ (Scripts/vendor-leaflet.sh).\n' "$package" "$version" >"$folder/SOURCE"
done
echo "Vendored Leaflet and Leaflet.markercluster into $public."
