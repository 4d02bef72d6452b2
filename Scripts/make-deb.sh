#!/usr/bin/env bash
# `make deb`: builds photolala_<version>_<arch>.deb from a built binary, with dpkg-deb.
#
#   make-deb.sh BINARY OUTPUT_FOLDER
#
# The package installs what `make install PREFIX=/usr` installs (the binary, stripped; the web UI;
# completions; the manual page, compressed), the systemd user unit, the copyright file and a
# changelog. Its Depends are what dpkg-shlibdeps finds the binary linked against (SQLite…) and
# the libraries it opens (libvips, LibRaw, libheif): the Swift runtime must be linked in statically
# (swift build --static-swift-stdlib), as no Debian package provides it. ffmpeg is a
# Recommends: it is run, not linked, and only for videos' poster frames.
# DEB_MAINTAINER overrides the Maintainer field (default: git's user.name and user.email);
# DEB_COMPRESSION and DEB_LEVEL: dpkg-deb's compressor and level (xz at its default; gzip and 1
# build fastest, for checks).
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:?usage: make-deb.sh BINARY OUTPUT_FOLDER}
output=${2:?usage: make-deb.sh BINARY OUTPUT_FOLDER}

if [[ ! -x $binary ]]; then
    echo "error: $binary is not built; run 'make deb' to build it first." >&2
    exit 1
fi
if ldd "$binary" | grep -q 'libswiftCore\.so'; then
    echo "error: $binary links the Swift runtime dynamically; build it with 'swift build --static-swift-stdlib'." >&2
    exit 1
fi
for tool in dpkg-deb dpkg-shlibdeps; do
    command -v $tool >/dev/null || {
        echo "error: $tool is missing; install dpkg-dev (apt-get install dpkg-dev)." >&2
        exit 1
    }
done

# Debian versions have no '-' without a revision and start with a digit: v0.2.0-3-g1a2b3c4-dirty
# becomes 0.2.0+3+g1a2b3c4+dirty.
version=$("$binary" --version | sed 's/^v//; s/-/+/g')
architecture=$(dpkg --print-architecture)
maintainer=${DEB_MAINTAINER:-"$(git config user.name || echo Photolala maintainers) <$(git config user.email || echo photolala@localhost)>"}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root=$work/root

Scripts/install.sh install "$binary" "$root/usr" >/dev/null
rm "$root/usr/share/photolala/installed-files" # dpkg keeps its own list
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root/usr/bin/photolala"
gzip -9n "$root/usr/share/man/man1/photolala.1"
# Debian's zsh looks in vendor-completions; site-functions is for the local administrator.
mkdir -p "$root/usr/share/zsh/vendor-completions"
mv "$root/usr/share/zsh/site-functions/_photolala" "$root/usr/share/zsh/vendor-completions/"
rmdir "$root/usr/share/zsh/site-functions"
install -D -m 644 Packaging/photolala.service "$root/usr/lib/systemd/user/photolala.service"
install -D -m 644 Packaging/copyright "$root/usr/share/doc/photolala/copyright"
install -D -m 644 Packaging/lintian-overrides "$root/usr/share/lintian/overrides/photolala"
date=$(date -R ${SOURCE_DATE_EPOCH:+-d @$SOURCE_DATE_EPOCH})
printf 'photolala (%s) unstable; urgency=medium\n\n  * Built from %s.\n\n -- %s  %s\n' \
    "$version" "$("$binary" --version)" "$maintainer" "$date" | gzip -9n >"$root/usr/share/doc/photolala/changelog.gz"

# dpkg-shlibdeps reads the package's name from debian/control.
mkdir -p "$work/debian"
printf 'Source: photolala\n\nPackage: photolala\nArchitecture: any\n' >"$work/debian/control"
# The imaging libraries (libvips, LibRaw, libheif) and libqrencode are opened when first used, not linked: a
# stub linked against them (the versions whose headers the binary was built with) gives
# dpkg-shlibdeps their packages. Swift's toolchain brings clang where no cc is installed.
compiler=$(command -v cc || command -v clang) || {
    echo "error: no C compiler (cc or clang) to link the stub for dpkg-shlibdeps; install gcc." >&2
    exit 1
}
"$compiler" -shared -o "$work/opened.so" -Wl,--no-as-needed -lvips -lraw_r -lheif -l:libqrencode.so.4
depends=$(cd "$work" && dpkg-shlibdeps -O -e"$root/usr/bin/photolala" -e"$work/opened.so" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
rm "$work/opened.so"
[[ -n $depends ]] || {
    echo "error: dpkg-shlibdeps found no libraries for $binary." >&2
    exit 1
}
rm -r "$work/debian"

mkdir -p "$root/DEBIAN"
cat >"$root/DEBIAN/control" <<CONTROL
Package: photolala
Version: $version
Architecture: $architecture
Maintainer: $maintainer
Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)
Depends: $depends
Recommends: ffmpeg
Section: graphics
Priority: optional
Description: browse and back up very large photo collections
 Photolala serves folders of photos and videos, and Apple Photos libraries, to
 a web browser: thumbnails are made once per photo content and cached, folders
 are watched, and starred photos are backed up to S3 (or a compatible store
 such as SeaweedFS) or to a folder on another disk.
 .
 Run 'photolala serve ~/Pictures', or list folders in
 ~/.config/photolala/config.json and run 'systemctl --user enable --now
 photolala'.
CONTROL
(cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum) >"$root/DEBIAN/md5sums"
chmod 644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"
find "$root" -type d -exec chmod 755 {} +

mkdir -p "$output"
package=$output/photolala_${version}_$architecture.deb
dpkg-deb --root-owner-group --build -Z"${DEB_COMPRESSION:-xz}" ${DEB_LEVEL:+-z"$DEB_LEVEL"} "$root" "$package" >/dev/null
echo "$package"
