#!/usr/bin/env bash
# `make test`'s install check, on the debug build `make test` made: `make install` into an empty
# folder (keeping its static-runtime objects, so `make deb` only links and packages them), then from elsewhere the installed binary serves the web UI with no PHOTOLALA_WEB_ROOT,
# prints its version and has its manual page and completions; `make uninstall` empties the
# folder again. Then `make deb`: the package's control, contents and lintian's verdict, and, when
# run as root on a machine without photolala installed, `dpkg -i` then `dpkg -r`.
# Leaves no process or file behind.
set -euo pipefail
cd "$(dirname "$0")/.."
repository=$PWD

fail() {
    echo "check-install: FAILED: $*" >&2
    exit 1
}

sudo=""
[[ $(id -u) -eq 0 ]] || sudo="sudo"
missing=()
command -v man >/dev/null || missing+=(man-db)
command -v lintian >/dev/null || missing+=(lintian)
command -v dpkg-shlibdeps >/dev/null || missing+=(dpkg-dev)
if ((${#missing[@]})); then
    echo "Installing ${missing[*]} (apt) for the install check…"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

work=$(mktemp -d)
server=""
installed_package=""
kept_objects=""
cleanup() {
    if [[ -n $server ]]; then
        kill "$server" 2>/dev/null || true
        wait "$server" 2>/dev/null || true
    fi
    if [[ -n $installed_package ]]; then
        $sudo dpkg -r photolala >/dev/null 2>&1 || true
    fi
    rm -rf "$work"
    # `make install` keeps the packaged objects for `make deb`, which forgets them; a check that
    # stops between the two forgets them here, or the next dynamic build would not link.
    [[ -z $kept_objects ]] || make -C "$repository" --no-print-directory forget-packaged-objects CONFIGURATION=debug
}
trap cleanup EXIT
prefix=$work/prefix
mkdir -p "$prefix" "$work/elsewhere" "$work/photos" "$work/state"
cp Tests/Fixtures/README.md "$work/photos/not-a-photo.md"

# Serves $work/photos with the photolala in folder $1, found on PATH as a user starts it, from
# $work/elsewhere with nothing set but HOME and PATH; checks that the page comes back.
check_serves() {
    local binary=$1/photolala
    local output=$work/serve.out
    : >"$output"
    (cd "$work/elsewhere" && exec env -i HOME="$work/state" PATH="$1:/usr/bin:/bin" photolala serve --port 0 "$work/photos") \
        >"$output" 2>"$work/serve.err" &
    server=$!
    for _ in $(seq 1 100); do
        grep -q 'http://' "$output" && break
        kill -0 "$server" 2>/dev/null || fail "$binary serve exited: $(cat "$work/serve.err")"
        sleep 0.1
    done
    local url
    url=$(grep -o 'http://[^ ]*' "$output" | head -1)
    [[ -n $url ]] || fail "$binary serve printed no URL in 10 s"
    local status
    status=$(curl -s -o "$work/page.html" -w '%{http_code}' "$url")
    [[ $status == 200 ]] || fail "$url answered $status"
    grep -q '<script type="module" src="js/main.js">' "$work/page.html" || fail "$url is not the Photolala page"
    kill "$server"
    wait "$server" 2>/dev/null || true
    server=""
}

echo "check-install: make install PREFIX=$prefix CONFIGURATION=debug"
kept_objects=1
make --no-print-directory install PREFIX="$prefix" CONFIGURATION=debug KEEP_PACKAGED_OBJECTS=1 >"$work/install.log" 2>&1 || fail "make install: $(tail -20 "$work/install.log")"
for file in bin/photolala share/photolala/Public/index.html share/photolala/places/places.tsv share/photolala/places/ATTRIBUTION \
    share/bash-completion/completions/photolala share/zsh/site-functions/_photolala share/fish/vendor_completions.d/photolala.fish share/man/man1/photolala.1; do
    [[ -f $prefix/$file ]] || fail "make install did not install $file"
done
cd "$work/elsewhere"
version=$("$prefix/bin/photolala" --version)
[[ $version =~ ^v?[0-9]+\.[0-9]+ ]] || fail "--version printed '$version'"
echo "check-install: installed photolala $version"
check_serves "$prefix/bin"
# The installed binary finds its place data beside itself: a photo taken at the Pantheon is in Rome.
vips black "$work/pantheon.jpg" 8 8
exiftool -q -overwrite_original -GPSLatitude=41.8986 -GPSLatitudeRef=N -GPSLongitude=12.4769 -GPSLongitudeRef=E "$work/pantheon.jpg"
place=$(env -i HOME="$work/state" PATH=/usr/bin:/bin "$prefix/bin/photolala" info --json "$work/pantheon.jpg" \
    | python3 -c 'import json, sys; place = json.load(sys.stdin)["place"] or {}; print(place.get("countryCode"), place.get("city"))')
[[ $place == "IT Rome" ]] || fail "the installed photolala placed the Pantheon in '$place', not 'IT Rome'"
page=$(MANWIDTH=100 man -l "$prefix/share/man/man1/photolala.1" 2>"$work/man.err")
grep -q 'photolala serve' <<<"$page" || fail "the manual page has no 'photolala serve' section"
grep -q -- '--config' <<<"$page" || fail "the manual page does not describe --config"
[[ ! -s $work/man.err ]] || fail "man reported: $(cat "$work/man.err")"
bash -c "source '$prefix/share/bash-completion/completions/photolala'" || fail "the bash completion script does not load"
cd "$repository"
make --no-print-directory uninstall PREFIX="$prefix" >/dev/null
left=$(find "$prefix" -mindepth 1)
[[ -z $left ]] || fail "make uninstall left: $left"

echo "check-install: make deb CONFIGURATION=debug"
DEB_COMPRESSION=gzip DEB_LEVEL=1 make --no-print-directory deb CONFIGURATION=debug DEB_FOLDER="$work" >"$work/deb.log" 2>&1 || fail "make deb: $(tail -20 "$work/deb.log")"
kept_objects=""
package=$(ls "$work"/photolala_*.deb)
dpkg-deb --info "$package" >"$work/info"
grep -q '^ Depends: .*libvips42' "$work/info" || fail "the package does not depend on libvips42: $(cat "$work/info")"
grep -q '^ Depends: .*libqrencode4' "$work/info" || fail "the package does not depend on libqrencode4: $(cat "$work/info")"
dpkg-deb --contents "$package" >"$work/contents"
for file in ./usr/bin/photolala ./usr/share/photolala/Public/index.html ./usr/share/photolala/Public/manifest.json \
    ./usr/share/photolala/Public/service-worker.js ./usr/share/photolala/places/places.tsv \
    ./usr/lib/systemd/user/photolala.service \
    ./usr/share/man/man1/photolala.1.gz ./usr/share/doc/photolala/copyright; do
    grep -q " $file\$" "$work/contents" || fail "the package lacks $file"
done
lintian --tag-display-limit 0 "$package" >"$work/lintian" 2>&1 || true
if grep -q '^E:' "$work/lintian"; then
    fail "lintian reports errors: $(grep '^E:' "$work/lintian")"
fi
echo "check-install: $(basename "$package"): lintian $(grep -c '^W:' "$work/lintian" || true) warnings, no errors"

if [[ $(id -u) -eq 0 ]] && ! dpkg -s photolala >/dev/null 2>&1; then
    installed_package=$package
    dpkg -i "$package" >/dev/null || fail "dpkg -i $package"
    check_serves /usr/bin
    dpkg -r photolala >/dev/null || fail "dpkg -r photolala"
    installed_package=""
    [[ ! -e /usr/bin/photolala && ! -e /usr/share/photolala ]] || fail "dpkg -r left /usr/bin/photolala or /usr/share/photolala"
    echo "check-install: dpkg -i, serve, dpkg -r: fine"
else
    echo "check-install: dpkg -i and -r skipped (not root, or photolala is installed here)"
fi
echo "check-install: passed"
