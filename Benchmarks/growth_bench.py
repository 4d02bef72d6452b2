#!/usr/bin/env python3
"""How cost grows with the collection: the same commands at each scale, against the reference tool
in the same run, with peak resident memory, so growth is seen (linear or better) and memory that
grows with the count shows.

    growth_bench.py PHOTOLALA_BINARY FIXTURES_DIR SCALE...

FIXTURES_DIR holds `tree-N` (N files in folders of 1,000) and `flat-N` (N files in one folder)
for each SCALE (Scripts/make-file-tree.sh). For each scale it reports rows (Benchmarks/results.py) for:
- `photolala catalog build` of flat-N, against `md5sum` of the same files in as many processes
  as cores (the build reads each file once, as md5sum does, and parses its header too);
- `photolala serve` listing flat-N from that catalog, from the server's start: the first page
  (500 rows), the listing complete, and all its rows read in the page's 50,000-row pages,
  against `find -maxdepth 1`, and the server's resident memory after;
- `photolala scan` and `scan --json` of tree-N, against `find` (Benchmarks/scan_bench.py).
"""
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from results import HEADER, report  # noqa: E402
from scan_bench import best, run, scan_rows  # noqa: E402


def megabytes(kib):
    return f"{kib / 1024:.0f} MB"


def resident_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def catalog_build(binary, folder, state, jobs):
    """The build's seconds and peak KiB, and md5sum's seconds over the same files."""
    subprocess.run(["rm", "-rf", os.path.join(folder, ".photolala"), state + "/data", state + "/cache"], check=True)
    subprocess.run(f"find '{folder}' -maxdepth 1 -type f -exec cat {{}} + > /dev/null", shell=True, check=True)
    reference, _ = run(["bash", "-c", f"find '{folder}' -maxdepth 1 -type f -print0 | xargs -0 -P {jobs} -n 1000 md5sum > /dev/null"])
    seconds, kib = run([binary, "catalog", "build", folder, "--jobs", str(jobs)])
    return seconds, kib, reference


def listing_head(url):
    """The count and completeness of a listing page, read to its end but kept and parsed from its
    head only: this process stays small, as every command it starts afterwards begins as a copy
    of it (fork) and would count its pages in its own peak memory."""
    with urllib.request.urlopen(url) as response:
        head = response.read(4096)
        while response.read(1 << 20):
            pass
    fields = json.loads(head[: head.index(b',"fields"')] + b"}")
    return fields["count"], fields["complete"]


def cpu_ticks(pid):
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def settle(pid, limit=60):
    """Returns once the process has used no CPU for half a second (its background work done),
    or after `limit` seconds."""
    deadline = time.monotonic() + limit
    before = cpu_ticks(pid)
    while time.monotonic() < deadline:
        time.sleep(0.5)
        now = cpu_ticks(pid)
        if now == before:
            return
        before = now


def served_listing(binary, folder):
    """Seconds from `photolala serve`'s start (it lists its folder as it starts) to the first page
    with rows and to the listing being complete, asked for as a page asks (pages of 500), then
    the seconds to read all its rows in the page's 50,000-row pages (a fresh server each time,
    best of three), the row count, and the server's resident KiB once it has listed the folder
    and its background work (the reconcile) has ended."""
    first_best = whole_best = transfer_best = float("inf")
    count = 0
    rss = 0
    for _ in range(3):
        start = time.perf_counter()
        server = subprocess.Popen([binary, "serve", folder, "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            url = server.stdout.readline().strip().split(" ")[-1]
            items = url + "api/sources/local-0/folders/~/items"
            # A page asked for before the listing has rows comes back empty after a quarter second.
            while listing_head(items + "?offset=0&limit=500")[0] == 0:
                pass
            first_best = min(first_best, time.perf_counter() - start)
            while True:
                count, complete = listing_head(items + "?offset=0&limit=500")
                if complete:
                    break
            whole_best = min(whole_best, time.perf_counter() - start)
            began = time.perf_counter()
            for offset in range(0, count, 50_000):
                listing_head(items + f"?offset={offset}&limit=50000")
            transfer_best = min(transfer_best, time.perf_counter() - began)
            settle(server.pid)  # the reconcile with the folder, which starts after the listing
            rss = max(rss, resident_kib(server.pid))
        finally:
            server.terminate()
            server.wait()
    return first_best, whole_best, transfer_best, count, rss


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    binary, fixtures, scales = sys.argv[1], sys.argv[2], [int(scale) for scale in sys.argv[3:]]
    jobs = os.cpu_count() or 1
    state = tempfile.mkdtemp(prefix="photolala-growth-")
    os.environ["PHOTOLALA_DATA_DIR"] = state + "/data"
    os.environ["PHOTOLALA_CACHE_DIR"] = state + "/cache"
    print(HEADER)
    for scale in scales:
        flat, tree = os.path.join(fixtures, f"flat-{scale}"), os.path.join(fixtures, f"tree-{scale}")
        seconds, kib, reference = catalog_build(binary, flat, state, jobs)
        report(
            "growth", f"{scale}: `photolala catalog build` of one folder, {jobs} jobs", f"{seconds:.2f} s, {megabytes(kib)} resident",
            "(time; reads more), memory flat", reference=f"{reference:.2f} s", tool=f"xargs -P{jobs} md5sum", ratio=seconds / reference,
        )
        (find_seconds, _), = best([["find", flat, "-maxdepth", "1", "-type", "f"]], rounds=3)
        first, whole, transfer, count, rss = served_listing(binary, flat)
        find = {"reference": f"{find_seconds * 1000:.0f} ms", "tool": "find -maxdepth 1 -type f"}
        report(
            "growth", f"{scale}: that folder's first 500 rows from its catalog, from `photolala serve`'s start", f"{first * 1000:.0f} ms",
            "< 1.5 s", ratio=first / find_seconds, **find,
        )
        report(
            "growth", f"{scale}: its listing complete, from the server's start, and the server's memory after",
            f"{whole * 1000:.0f} ms, {megabytes(rss)} resident", "< 1 s, < 150 MB", ratio=whole / find_seconds, note=f"{count} rows", **find,
        )
        report(
            "growth", f"{scale}: all its rows read as a page reads them (pages of 50,000)", f"{transfer * 1000:.0f} ms", "(time)",
            ratio=transfer / find_seconds, **find,
        )
        scan_rows(binary, tree, rounds=3, bench="growth", prefix=f"{scale}: ")
    subprocess.run(["rm", "-rf", state], check=True)


if __name__ == "__main__":
    main()
