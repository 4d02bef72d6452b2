"""What is on screen first: an unseen folder of camera photos in headless Chromium, against
`vipsthumbnail` making the same thumbnails.

    python3 Benchmarks/screen_bench.py PHOTOLALA_BINARY FOLDER [RUNS]

FOLDER holds camera-sized JPEGs, each with distinct bytes (Benchmarks/make-unseen-folder.sh).
Each run starts a server with empty cache and data folders (no catalog, no thumbnail, nothing
hashed), opens the folder and measures the time until every cell on screen shows its thumbnail
(`data-state="loaded"`); then, with the server cataloguing the folder in the background, jumps to
60 % of the grid and measures the same for the cells now on screen. After each, the reference:
`vipsthumbnail -s x256` over exactly the files of those cells, in as many processes as cores,
in the same run. Reports one row for each of the two screens (Benchmarks/results.py): the run
with the median ratio (target ≤ 1.2×), noting every run's ratio and the load average the machine
had.
"""

import os
import subprocess
import sys
import tempfile
import time

from playwright.sync_api import sync_playwright

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from results import report  # noqa: E402

# The cells that intersect the grid's viewport, by file name (the cell's label), and whether
# each shows its thumbnail.
VISIBLE_CELLS = """() => {
    const grid = document.querySelector('[data-testid=photo-grid]');
    if (!grid) return [];
    const view = grid.getBoundingClientRect();
    return [...grid.querySelectorAll('[data-testid=photo-cell]')].filter((cell) => {
        const box = cell.getBoundingClientRect();
        return cell.isConnected && box.width > 0 && box.bottom > view.top && box.top < view.bottom && box.right > view.left && box.left < view.right;
    }).map((cell) => [cell.getAttribute('aria-label'), cell.dataset.state === 'loaded']);
}"""

# True once the visible cells are all loaded and none of them is one of `before` (the cells
# shown before a jump, which must not count as the new screen).
SCREEN_LOADED = (
    "before => { const cells = (" + VISIBLE_CELLS + ")();"
    " return cells.length > 0 && cells.every(([name, loaded]) => loaded && !before.includes(name)); }"
)


def start_server(binary, folder, state):
    env = dict(os.environ, PHOTOLALA_CACHE_DIR=state + "/cache", PHOTOLALA_DATA_DIR=state + "/data")
    server = subprocess.Popen([binary, "serve", folder, "--port", "0"], env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    url = server.stdout.readline().strip().split(" ")[-1]
    return server, url


def vipsthumbnail(folder, names, jobs):
    """Seconds `vipsthumbnail -s x256` takes over `names` in `jobs` processes."""
    with tempfile.TemporaryDirectory() as out:
        paths = [os.path.join(folder, name) for name in names]
        parts = [paths[index::jobs] for index in range(jobs)]
        start = time.monotonic()
        processes = [
            subprocess.Popen(["vipsthumbnail", "-s", "x256", "-o", out + "/%s.jpg", *part], stderr=subprocess.DEVNULL)
            for part in parts if part
        ]
        for process in processes:
            process.wait()
        return time.monotonic() - start


def visible_names(page):
    return [name for name, _ in page.evaluate(VISIBLE_CELLS)]


def run_once(binary, folder, jobs):
    """Seconds to the first screen and to the screen after the jump, and their cells' names."""
    with tempfile.TemporaryDirectory() as state:
        server, url = start_server(binary, folder, state)
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-dev-shm-usage"])
                page = browser.new_page(viewport={"width": 1440, "height": 900})
                start = time.monotonic()
                page.goto(url + "#/local-0/~")
                page.wait_for_function(SCREEN_LOADED, arg=[], timeout=120_000, polling=20)
                first = time.monotonic() - start
                first_names = visible_names(page)

                page.wait_for_function("document.querySelector('[data-testid=listing-progress]').hidden", timeout=60_000)
                start = time.monotonic()
                page.evaluate("(grid => { grid.scrollTop = grid.scrollHeight * 0.6 })(document.querySelector('[data-testid=photo-grid]'))")
                page.wait_for_function(SCREEN_LOADED, arg=first_names, timeout=120_000, polling=20)
                jump = time.monotonic() - start
                jump_names = visible_names(page)
                browser.close()
        finally:
            server.terminate()
            server.wait()
    return (first, first_names), (jump, jump_names)


def main():
    binary, folder = sys.argv[1], sys.argv[2]
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    jobs = os.cpu_count() or 1
    count = sum(1 for name in os.listdir(folder) if name.endswith(".jpg"))
    results = {"first": [], "jump": []}
    for _ in range(runs):
        load = os.getloadavg()[0]
        (first, first_names), (jump, jump_names) = run_once(binary, folder, jobs)
        results["first"].append((first, vipsthumbnail(folder, first_names, jobs), len(first_names), load))
        results["jump"].append((jump, vipsthumbnail(folder, jump_names, jobs), len(jump_names), load))
    name = os.path.basename(folder.rstrip("/"))
    labels = {
        "first": f"browser: first screen of an unseen folder of {count} 12 MP photos (`{name}`: no catalog, no thumbnails)",
        "jump": f"browser: the screen after a jump to 60 % of `{name}` while it is catalogued",
    }
    for key, label in labels.items():
        ordered = sorted(results[key], key=lambda run: run[0] / run[1])
        seconds, reference, cells, _ = ordered[len(ordered) // 2]
        ratios = ", ".join(f"{run[0] / run[1]:.2f}×" for run in results[key])
        loads = ", ".join(f"{run[3]:.1f}" for run in results[key])
        report(
            "browser", label, f"{seconds * 1000:.0f} ms", "≤ 1.2×", reference=f"{reference * 1000:.0f} ms",
            tool=f"vipsthumbnail -s x256 × {jobs} processes", ratio=seconds / reference,
            note=f"{cells} cells; the median of {len(ordered)} runs: {ratios}, load average {loads}",
        )


if __name__ == "__main__":
    main()
