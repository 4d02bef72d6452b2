# Photolala: `make run [PHOTOS=DIR]` to try it, `make test` to check it.
SHELL := bash
PHOTOS ?=
BIN := .build/release/photolala
# Where `make install` puts photolala, and `make uninstall` takes it from.
PREFIX ?= $(HOME)/.local
# The build `make install` and `make deb` take: release, or debug (the one `make test` built).
CONFIGURATION ?= release
# Where `make deb` writes the package.
DEB_FOLDER ?= .build
# Installed and packaged binaries carry the Swift runtime: none is installed where they run.
# Objects that `make test`'s dynamic build compiled are reused, and their link lines name only the
# dynamic Foundation, which holds CoreFoundation, ICU and its shims inside it; the static one is
# split into archives that refer to each other. So the link names them all, in one group, where
# the linker resolves references between archives whatever their order.
STATIC_FOUNDATION := Foundation FoundationEssentials FoundationInternationalization FoundationXML \
	CoreFoundation _CFXMLInterface _FoundationICU _FoundationCollections _FoundationCShims \
	swiftDispatch dispatch BlocksRuntime xml2
STATIC_RUNTIME := --static-swift-stdlib $(addprefix -Xlinker ,--start-group $(addprefix -l,$(STATIC_FOUNDATION)) --end-group)
# The static runtime changes what some modules import (`canImport(FoundationEssentials)` finds the
# static runtime's modules), so a debug build packaged compiles those modules again (photolala's,
# the server's, Hummingbird's), and their objects name the static libraries (autolink entries):
# a later build without the static runtime, such as `make test`'s next run after its install
# check, would reuse them and fail to link (`cannot find -lCoreFoundation`). So the modules the
# packaging compiled, those with objects newer than PACKAGING_STARTED, are forgotten after it,
# and the next build compiles them again. KEEP_PACKAGED_OBJECTS=1 keeps them for a next packaging
# of the same build (the install check runs `make install`, then `make deb`, which forgets them).
PACKAGING_STARTED := .build/packaging-started
PACKAGED_BUILD := { [[ -e $(PACKAGING_STARTED) ]] || { mkdir -p .build && touch $(PACKAGING_STARTED); }; } && \
	swift build -c $(CONFIGURATION) $(STATIC_RUNTIME) --product photolala
FORGET_PACKAGED_OBJECTS := $(if $(KEEP_PACKAGED_OBJECTS),true,$(MAKE) --no-print-directory forget-packaged-objects CONFIGURATION=$(CONFIGURATION))
# `make build` and `make bench` build the binary as `make install` ships it, so what is measured
# is what runs (a static runtime also starts 6–8 ms sooner: no symbols bound across 20 libraries),
# and all three share one build: SwiftPM builds again from scratch when the flags change.
RELEASE_BUILD := swift build -c release $(STATIC_RUNTIME)

.PHONY: run test bench deps build install uninstall deb docs format lint clean forget-packaged-objects

## Install missing system packages (libvips, SQLite headers, exiftool, ffmpeg).
deps:
	@Scripts/install-deps.sh

## Build the release binary.
build: deps
	$(RELEASE_BUILD) --product photolala

## Build, then install photolala in PREFIX (default ~/.local): bin/photolala, its web UI in
## share/photolala, bash/zsh/fish completions and the manual page photolala(1).
install: deps
	$(PACKAGED_BUILD)
	Scripts/install.sh install .build/$(CONFIGURATION)/photolala "$(PREFIX)"
	$(FORGET_PACKAGED_OBJECTS)

# Forgets the objects a debug build's packaging compiled (see PACKAGING_STARTED); a release
# build is always packaged, so it keeps them.
forget-packaged-objects:
	@if [[ $(CONFIGURATION) == debug && -e $(PACKAGING_STARTED) ]]; then \
		find .build/debug/ -maxdepth 2 -name '*.o' -newer $(PACKAGING_STARTED) -printf '%h\n' | sort -u | xargs -r rm -rf; \
	fi
	@rm -f $(PACKAGING_STARTED)

## Remove what `make install` put in PREFIX.
uninstall:
	Scripts/install.sh uninstall "$(PREFIX)"

## Build, then package photolala_<version>_<arch>.deb in DEB_FOLDER (default .build).
deb: deps
	$(PACKAGED_BUILD)
	Scripts/make-deb.sh .build/$(CONFIGURATION)/photolala "$(DEB_FOLDER)"
	$(FORGET_PACKAGED_OBJECTS)

## Build, then serve PHOTOS (or ~/Pictures, or a demo folder) at http://127.0.0.1:8080/.
run: build
	@Scripts/run.sh "$(BIN)" "$(PHOTOS)"

# Suites tagged `.timed` beside their declaration (they kill processes mid-way, hold connections
# past timeouts, flood a server or wait for a folder's poll) run after the other Swift suites, one
# test at a time, so those suites' load never moves their timing; then the fuzz suites
# (PHOTOLALA_FUZZ_SECONDS, 60 by default). Both run beside the Chromium suite, which keeps about
# one core busy (run-suites-beside.sh). Swift Testing's `--filter` takes no tags: the script
# reads them from the sources.
TIMED_SUITES = $(shell Scripts/timed-suites.sh)

## Check formatting and the docs' relative links (Scripts/check-links.py), check that the RAW
## fixture script's lossless-JPEG DNGs decode in LibRaw to the samples it encoded, build and run
## every test (docs/CLI.md against the built binary's help among them): Swift suites (S3 ones
## against a SeaweedFS they start), the fixture suites again in a clean clone of HEAD
## (Scripts/check-clean-clone.sh) beside the web UI in Chromium; then fail if a process the tests
## started is still running, and check `make install` and `make deb` (Scripts/check-install.sh).
## A missing test server fails the run rather than skipping its tests. Each long step prints
## how long it took (`time`), and pytest its slowest tests, so a slow run shows where it went.
test: export PHOTOLALA_REQUIRE_TEST_SERVERS = 1
# Swift Testing starts every test case at once unless told otherwise, and each holds an engine's
# database connections, event loops and sockets: 1,410 open files at the peak, past the 1,024 of
# a Debian or Ubuntu session. Twelve at a time peaks at 455 and takes the same 5 minutes.
test: export SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH = 12
# A crash prints its message and the crashed thread only, so both fit in the tail CI shows.
test: export SWIFT_BACKTRACE = threads=crashed,registers=none,images=none,output-to=stderr
test: export PHOTOLALA_TEST_RUN := $(shell date +%s)-$(shell od -An -N4 -tx4 /dev/urandom | tr -d ' ')
test: deps lint
	Scripts/check-links.py README.md CHANGELOG.md docs/*.md Benchmarks/README.md Tests/Fixtures/README.md Tests/Fixtures/*/README.md
	@Scripts/install-photos-test-deps.sh
	@Scripts/install-test-servers.sh
	@python3 -c "import numpy" 2>/dev/null || python3 -m pip install -q numpy
	python3 Tests/Fixtures/make-raw-fixtures.py --self-test
	time swift build --build-tests
	@[[ -n "$(TIMED_SUITES)" ]] || { echo "No suite is tagged .timed (Scripts/timed-suites.sh)." >&2; exit 1; }
	time swift test --skip-build --skip "$(TIMED_SUITES)|PhotolalaFuzzTests"
	@Scripts/install-browser-deps.sh
	TIMED_SUITES="$(TIMED_SUITES)" Scripts/run-suites-beside.sh
	env -u PHOTOLALA_TEST_RUN Scripts/check-test-processes.sh "$$PHOTOLALA_TEST_RUN"
	time Scripts/check-install.sh

# The binary `make docs` reads: the debug build `make test` checks docs/CLI.md against.
DOCS_BINARY ?= .build/debug/photolala

## Build, then write docs/CLI.md, the command-line reference, from the binary's own help
## (Scripts/make-manual.py --markdown); `make test` fails while it is stale.
docs: deps
	swift build --product photolala
	Scripts/make-manual.py --markdown "$(DOCS_BINARY)" >docs/CLI.md.tmp
	mv docs/CLI.md.tmp docs/CLI.md

## Side-by-side benchmarks against vipsthumbnail, md5sum, find and others (slow: makes fixtures once);
## each run's figures go to Benchmarks/results/ and the table of Benchmarks/README.md.
bench: deps
	$(RELEASE_BUILD) --product photolala-bench
	$(RELEASE_BUILD) --product photolala
	Benchmarks/run.sh

## Rewrite sources to the project's format (.swift-format).
format:
	swift format --in-place --recursive Sources Tests Benchmarks Package.swift

lint:
	swift format lint --strict --recursive Sources Tests Benchmarks Package.swift

clean:
	rm -rf .build
