#!/usr/bin/env bash
# `make test`: the committed repository is all its tests need. Clones the commit checked out
# here into a fresh temporary folder with nothing beside it (no sibling folder, no .build), runs
# there the Swift suites that read committed fixtures (Tests/Fixtures: the AWS Signature V4
# suite, the Apple Photos libraries), and checks that they left the clone as it was cloned.
#
#   Scripts/check-clean-clone.sh
#
# Building in the clone takes 10+ minutes on two cores, so by default the test binary this
# checkout built (`swift build --build-tests`, which `make test` ran just before) runs with its
# working folder in the clone and PHOTOLALA_REPOSITORY_ROOT set to the clone: every fixture,
# script and web UI file the tests read is the clone's, while the code under test is this
# checkout's build, which is the clone's code when the tree has no uncommitted change (the
# script warns otherwise). CLEAN_CLONE_BUILD=1 builds the clone itself and runs `swift test`
# there instead.
set -euo pipefail
cd "$(dirname "$0")/.."

work=$(mktemp -d "${TMPDIR:-/tmp}/photolala-clean-clone.XXXXXX")
trap 'rm -rf "$work"' EXIT
clone=$work/photolala
commit=$(git rev-parse HEAD)
git clone --quiet --no-checkout --no-hardlinks "$(git rev-parse --show-toplevel)" "$clone"
git -C "$clone" checkout --quiet --detach "$commit"
echo "Cloned $commit into $clone, alone in its folder."
if [[ -n $(git status --porcelain --untracked-files=no) ]]; then
    echo "warning: this tree has uncommitted changes: the clone holds the commit, the test binary this tree's build." >&2
fi

# The suites that read Tests/Fixtures' committed files: those naming PhotosLibraries or the
# SigV4 suite, found in the clone's sources so that a new one is never left out.
suites=$(grep -l 'PhotosLibraries\.\|aws-sig-v4-test-suite' "$clone"/Tests/*Tests/*.swift \
    | xargs grep -ho '^\(@Suite.* \)\?struct [A-Za-z0-9_]*Tests\b' | sed 's/.*struct //' | sort -u | paste -sd '|' -)
[[ -n $suites ]] || { echo "error: no suite reads Tests/Fixtures" >&2; exit 1; }
echo "Suites reading committed fixtures: ${suites//|/, }"

# Nothing of this checkout's fixtures may be reached: only the clone's.
unset PHOTOLALA_PHOTOS_LIBRARIES
export PHOTOLALA_REPOSITORY_ROOT=$clone
export PHOTOLALA_FUZZ_SECONDS=${CLEAN_CLONE_FUZZ_SECONDS:-5}
if [[ ${CLEAN_CLONE_BUILD:-0} == 1 ]]; then
    (cd "$clone" && swift build --build-tests && swift test --skip-build --filter "$suites")
else
    tests=$(ls -d "$PWD"/.build/debug/*PackageTests.xctest 2>/dev/null | head -1)
    [[ -n $tests && -x $tests ]] || { echo "error: no test binary in .build/debug: run swift build --build-tests first" >&2; exit 1; }
    (cd "$clone" && "$tests" --testing-library swift-testing --filter "$suites")
fi

changed=$(git -C "$clone" status --porcelain)
if [[ -n $changed ]]; then
    echo "error: the tests changed the clone's committed files (they must copy fixtures before writing):" >&2
    echo "$changed" >&2
    exit 1
fi
echo "The clean clone passed: the suites above need nothing outside the repository."
