"""The browser benchmark: Photolala's web UI in headless Chromium on a folder of 100,000 photos.

    python3 Benchmarks/browser_bench.py PHOTOLALA_BINARY FOLDER [CLOUD_FOLDER] [--library LIBRARY]

Measures, against the real server: time to the first thumbnails on opening the (catalogued)
folder, frames per second while scrolling the grid (requestAnimationFrame frames counted
while the page scrolls itself), fast (as a fling, when the grid waits to ask for thumbnails)
and slowly (thumbnails loading and decoding as rows come into view), DOM elements, JS heap after garbage collection, the server's
resident memory after browsing, and the latency of a cached thumbnail under load from `wrk`.
With CLOUD_FOLDER, a backup folder made by `photolala-bench --cloud-folder`, also the cold
sync of its 100,000-photo catalog by a starting server and the time to the first thumbnails
of the Cloud source (download cache empty). With LIBRARY, an Apple Photos library (such as
make-photos-library.py's, with originals for its newest photos), also how long a server
serving it alone takes to start (it opens the library: copies and reads its database) and then
to show All Photos' first thumbnails. Reports rows of the benchmark table (Benchmarks/results.py).
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request

from playwright.sync_api import sync_playwright

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from results import report  # noqa: E402


def start_server(binary, folder, state):
    """Catalogues `folder` with the fresh data folders in `state`, then serves it. The catalog an
    earlier run left in the folder is removed first: a build would find it current and leave
    this run's database without the photos' recorded dates, and the server would then read a
    million headers in the background while it is measured (the first visit of a catalog made
    on another device), not the folder as this device catalogued it."""
    env = dict(os.environ, PHOTOLALA_CACHE_DIR=state + "/cache", PHOTOLALA_DATA_DIR=state + "/data")
    shutil.rmtree(os.path.join(folder, ".photolala"), ignore_errors=True)
    subprocess.run([binary, "catalog", "build", folder], env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    server = subprocess.Popen([binary, "serve", folder, "--port", "0"], env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = server.stdout.readline()
    url = line.strip().split(" ")[-1]
    return server, url


def resident_megabytes(pid):
    """Resident size, and the part of it that is the process's own memory (RssAnon) rather than
    shared library code mapped from disk (RssFile)."""
    values = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            key, _, rest = line.partition(":")
            if key in ("VmRSS", "RssAnon"):
                values[key] = int(rest.split()[0]) / 1024
    return values.get("VmRSS", float("nan")), values.get("RssAnon", float("nan"))


def wrk_latency(url):
    """p50 and p99 in milliseconds of `wrk --latency` against one cached thumbnail."""
    urllib.request.urlopen(url).read()
    output = subprocess.run(["wrk", "-t2", "-c8", "-d5s", "--latency", url], capture_output=True, text=True, check=True).stdout

    def percentile(label):
        match = re.search(rf"^\s*{label}%\s+([\d.]+)(us|ms|s)\s*$", output, re.MULTILINE)
        value, unit = float(match.group(1)), match.group(2)
        return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value

    requests = re.search(r"Requests/sec:\s+([\d.]+)", output).group(1)
    return percentile("50"), percentile("99"), float(requests)


FAST_SCROLL_PX = 120  # above the grid's fast-scroll cutoff (60 px a frame): no thumbnail is asked for meanwhile
SLOW_SCROLL_PX = 30  # below it: thumbnails are requested, downloaded and decoded while the grid moves


def scroll_for_four_seconds(page, step):
    """Scrolls the grid by `step` px every animation frame for 4 s, counting frames and the
    thumbnails that finished decoding meanwhile; returns frames per second, the longest frame in
    milliseconds and that count. The result is polled, not awaited, so the page runs freely."""
    page.evaluate(
        """step => {
            const grid = document.querySelector('[data-testid=photo-grid]');
            let frames = 0;
            let longest = 0;
            let decoded = 0;
            const onLoad = (event) => { if (event.target.dataset?.testid === 'photo-cell' && event.target.src.includes('/thumbnail')) decoded += 1; };
            grid.addEventListener('load', onLoad, true);
            const start = performance.now();
            let last = start;
            window.__scrollResult = undefined;
            function step_(now) {
                frames += 1;
                longest = Math.max(longest, now - last);
                last = now;
                grid.scrollTop += step;
                if (now - start < 4000) {
                    requestAnimationFrame(step_);
                } else {
                    grid.removeEventListener('load', onLoad, true);
                    window.__scrollResult = { frames, longest, decoded, seconds: (now - start) / 1000 };
                }
            }
            requestAnimationFrame(step_);
        }""",
        step,
    )
    page.wait_for_function("window.__scrollResult !== undefined", timeout=20_000, polling=250)
    result = page.evaluate("window.__scrollResult")
    return result["frames"] / result["seconds"], result["longest"], result["decoded"]


def browse(url):
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium",
            args=["--no-sandbox", "--disable-dev-shm-usage", "--enable-precise-memory-info", "--js-flags=--expose-gc"],
        )
        page = browser.new_page(viewport={"width": 1440, "height": 900})
        start = time.monotonic()
        page.goto(url + "#/local-0/~")
        page.wait_for_function(
            "[...document.querySelectorAll('[data-testid=photo-cell]')].some(img => img.complete && img.naturalWidth > 0)",
            timeout=30_000,
        )
        first_thumbnails = time.monotonic() - start
        page.wait_for_function("document.querySelectorAll('[data-testid=photo-cell]').length > 20")

        # Right away, while the rest of the 100,000 rows still arrive and are sorted in.
        loading_fps, loading_longest, _ = scroll_for_four_seconds(page, FAST_SCROLL_PX)
        # Then the whole folder listed, as it is when a user scrolls through it: fast, as a
        # fling, which asks for thumbnails only where it stops...
        page.wait_for_function("document.querySelector('[data-testid=listing-progress]').hidden", timeout=60_000)
        page.evaluate("document.querySelector('[data-testid=photo-grid]').scrollTop = 0")
        time.sleep(1)
        fps, longest, _ = scroll_for_four_seconds(page, FAST_SCROLL_PX)
        # ...and slowly, as when reading, through photos not seen yet (from the middle of the
        # folder), every row's thumbnails loading and decoding as they come into view.
        page.evaluate("(grid => { grid.scrollTop = grid.scrollHeight / 2 })(document.querySelector('[data-testid=photo-grid]'))")
        time.sleep(1)
        slow_fps, slow_longest, slow_decoded = scroll_for_four_seconds(page, SLOW_SCROLL_PX)
        elements = page.evaluate("document.getElementsByTagName('*').length")
        page.evaluate("window.gc && window.gc()")
        time.sleep(0.5)
        heap = page.evaluate("performance.memory.usedJSHeapSize") / (1024 * 1024)
        browser.close()
        return first_thumbnails, (fps, longest), (slow_fps, slow_longest, slow_decoded), (loading_fps, loading_longest), elements, heap


def first_thumbnails_of(location, timeout):
    """Seconds from opening `location` in a new browser to the first thumbnail shown."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-dev-shm-usage"])
        page = browser.new_page(viewport={"width": 1440, "height": 900})
        start = time.monotonic()
        page.goto(location)
        page.wait_for_function(
            "[...document.querySelectorAll('[data-testid=photo-cell]')].some(img => img.complete && img.naturalWidth > 0)",
            timeout=timeout,
        )
        seconds = time.monotonic() - start
        browser.close()
        return seconds


CLOUD_USER_ID = "5b3c1f6e-0d2a-4c8e-9f61-2a7d3e4b5c6d"  # photolala-bench's cloudFolderUserID


def cloud_source(binary, cloud_folder):
    """Starts a server on the backup folder with fresh data folders, waits for its first sync,
    then opens the Cloud source: seconds to synced, photo count, seconds to first thumbnails."""
    with tempfile.TemporaryDirectory() as state:
        env = dict(os.environ, PHOTOLALA_CACHE_DIR=state + "/cache", PHOTOLALA_DATA_DIR=state + "/data",
                   PHOTOLALA_BACKUP_FOLDER=cloud_folder, PHOTOLALA_USER_ID=CLOUD_USER_ID)
        start = time.monotonic()
        server = subprocess.Popen([binary, "serve", "--port", "0"], env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            url = server.stdout.readline().strip().split(" ")[-1]
            while True:
                sync = json.load(urllib.request.urlopen(url + "api/cloud/sync"))
                if not sync["syncing"] and sync["state"].get("lastSyncDate"):
                    break
                time.sleep(0.02)
            synced = time.monotonic() - start
            first_thumbnails = first_thumbnails_of(url + "#/cloud/~", timeout=30_000)
        finally:
            server.terminate()
            server.wait()
    return synced, sync["state"]["photoCount"], first_thumbnails


def browser_floor(binary):
    """Seconds from opening a catalogued folder of 20 small photos in a new browser to its first
    thumbnail: what Chromium's start and the page's own modules take on this machine, the floor
    under every first-screen row, measured in the same run."""
    with tempfile.TemporaryDirectory() as folder, tempfile.TemporaryDirectory() as state:
        for index in range(20):
            subprocess.run(["vips", "black", f"{folder}/photo-{index:02}.jpg", "64", "48"], check=True)
        server, url = start_server(binary, folder, state)
        try:
            return first_thumbnails_of(url + "#/local-0/~", timeout=30_000)
        finally:
            server.terminate()
            server.wait()


def apple_photos_source(binary, library):
    """Starts a server on the library alone with fresh data folders and opens All Photos as soon
    as the address is printed: seconds to the address, seconds from there to the first
    thumbnails, and the count All Photos lists."""
    with tempfile.TemporaryDirectory() as state:
        env = dict(os.environ, PHOTOLALA_CACHE_DIR=state + "/cache", PHOTOLALA_DATA_DIR=state + "/data")
        start = time.monotonic()
        server = subprocess.Popen([binary, "serve", "--library", library, "--port", "0"], env=env, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True)
        try:
            url = server.stdout.readline().strip().split(" ")[-1]
            started = time.monotonic() - start
            first_thumbnails = first_thumbnails_of(url + "#/apple-photos/~", timeout=120_000)
            deadline = time.monotonic() + 120
            while True:
                page_of_items = json.load(urllib.request.urlopen(url + "api/sources/apple-photos/folders/~/items?offset=0&limit=1"))
                if page_of_items["complete"] or time.monotonic() > deadline:
                    break
                time.sleep(0.1)
        finally:
            server.terminate()
            server.wait()
    return started, first_thumbnails, page_of_items["count"]


def main():
    parser = argparse.ArgumentParser(description="Photolala's web UI in headless Chromium.")
    parser.add_argument("binary")
    parser.add_argument("folder")
    parser.add_argument("cloud_folder", nargs="?")
    parser.add_argument("--library")
    arguments = parser.parse_args()
    binary, folder = arguments.binary, arguments.folder
    count = sum(1 for name in os.listdir(folder) if not name.startswith("."))
    with tempfile.TemporaryDirectory() as state:
        server, url = start_server(binary, folder, state)
        try:
            first_thumbnails, (fps, longest), (slow_fps, slow_longest, slow_decoded), (loading_fps, loading_longest), elements, heap = browse(url)
            rss, private = resident_megabytes(server.pid)
            items = urllib.request.urlopen(url + "api/sources/local-0/folders/~/items?offset=0&limit=1").read().decode()
            first_id = re.search(r'"items":\[\["([A-Za-z0-9_.~-]+)"', items).group(1)
            p50, p99, rate = wrk_latency(f"{url}api/sources/local-0/folders/~/items/{first_id}/thumbnail")
        finally:
            server.terminate()
            server.wait()
    # A million photos (the growth rows) have the targets for a million.
    million = count > 100_000
    # Each row: name, figure, target, and what of this run only it notes.
    rows = [
        (f"browser: first thumbnails after opening a catalogued folder of {count} photos", f"{first_thumbnails * 1000:.0f} ms",
         "< 1.5 s" if million else "< 1 s", ""),
        (f"browser: frames per second scrolling the grid of {count} photos at {FAST_SCROLL_PX} px a frame, no thumbnail loading",
         f"{fps:.1f} fps", "≥ 58 fps", f"longest frame {longest:.0f} ms"),
        (f"browser: the same at {SLOW_SCROLL_PX} px a frame, thumbnails loading and decoding meanwhile", f"{slow_fps:.1f} fps", "≥ 58 fps",
         f"{slow_decoded} thumbnails decoded, longest frame {slow_longest:.0f} ms"),
        ("browser: the same while the listing still arrives", f"{loading_fps:.1f} fps", "(informative)", f"longest frame {loading_longest:.0f} ms"),
        ("browser: DOM elements while scrolling", f"{elements}", "< 1,000", ""),
        ("browser: JS heap after GC", f"{heap:.1f} MB", "< 200 MB" if million else "< 100 MB", ""),
        ("server: resident memory after browsing, and its own (besides shared library code)", f"{rss:.0f} MB, {private:.0f} MB own",
         "< 150 MB" if million else "< 100 MB", ""),
        ("server: cached thumbnail latency under wrk -c8", f"p50 {p50:.2f} ms, p99 {p99:.2f} ms", "p99 < 5 ms", f"{rate:.0f} req/s"),
    ]
    if million:  # rows of their own, beside those of the folder of 100,000
        rows = [(name if str(count) in name else f"{count}: {name}", *rest) for name, *rest in rows]
    if arguments.cloud_folder:
        synced, photos, cloud_thumbnails = cloud_source(binary, arguments.cloud_folder)
        rows += [
            (f"server: start and cold sync of a {photos:,}-photo cloud catalog (backup folder)", f"{synced * 1000:.0f} ms", "(time)", ""),
            (f"browser: first thumbnails of the Cloud source of {photos:,} photos (download cache empty)", f"{cloud_thumbnails * 1000:.0f} ms",
             "< 1 s", ""),
        ]
    if arguments.library:
        started, library_thumbnails, assets = apple_photos_source(binary, arguments.library)
        rows += [
            (f"server: start serving an Apple Photos library of {assets:,} assets (opens it: its database read in place, or copied when changes wait in its write-ahead log)",
             f"{started * 1000:.0f} ms", "(time)", ""),
            (f"browser: first thumbnails of the All Photos of {assets:,} assets, from the printed address", f"{library_thumbnails * 1000:.0f} ms",
             "< 1.5 s", ""),
            (f"Apple Photos of {assets:,} assets: start and first thumbnails together", f"{(started + library_thumbnails) * 1000:.0f} ms",
             "(open + list < 5 s)", ""),
        ]
    floor = browser_floor(binary)
    floor_name = "browser: first thumbnails of a folder of 20 small photos (the floor: Chromium's start, the page's modules)"
    if not million:  # the floor is the same row in every run of the script
        rows.append((floor_name, f"{floor * 1000:.0f} ms", "(reference)", ""))
    # A first screen's row carries the floor as its reference: what is Photolala's is the rest.
    firsts = {0: first_thumbnails}
    for index, (name, _, _, _) in enumerate(rows):
        if name.startswith("browser: first thumbnails of the Cloud source"):
            firsts[index] = cloud_thumbnails
        elif name.startswith("browser: first thumbnails of the All Photos"):
            firsts[index] = library_thumbnails
    for index, (name, value, target, note) in enumerate(rows):
        if index in firsts:
            report("browser", name, value, target, reference=f"{floor * 1000:.0f} ms", tool="the floor, in the same run",
                   ratio=firsts[index] / floor, note=note)
        else:
            report("browser", name, value, target, tool="chromium --headless" if name.startswith("browser") else "wrk" if "wrk" in name else "",
                   note=note)


if __name__ == "__main__":
    main()
