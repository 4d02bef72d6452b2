"""The search server benchmark: `photolala serve`'s memory with the search index of COUNT photos
open, after a search (issue 37: < 150 MB at a million).

    python3 Benchmarks/search_server_bench.py PHOTOLALA_BINARY PHOTOLALA_BENCH PHOTO PLACE_DATA COUNT...

For each COUNT, `photolala-bench --cloud-folder` writes a backup folder whose cloud catalog of
COUNT photos carries what the backup records of each (the facts shards: camera, lens, position,
keywords…); a server starts on a folder of one photo and on that backup, with fresh data
folders (`PHOTOLALA_BACKUP_FOLDER`), syncs the catalog and indexes it for search. The folder is
served first, so the server opens it, not the backup, as it starts (`openFirstFolder`): the row
measures the index, and the backup's listing is measured apart. Once `GET /api/search/facets`
answers for every photo (it waits for the index to be current), a search asks for the first 500
photos of a camera, and the server's resident size is read from `/proc` (with its own part,
`RssAnon`, besides shared library code, and its peak, `VmHWM`, reached while it synced and
indexed). Then the backup's one folder is listed whole, as a page opening it asks, and the
memory is read again: what a listing of COUNT photos adds, held while a page shows it. Reports
rows of the benchmark table (Benchmarks/results.py).
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from results import report  # noqa: E402

# The user whose backup `photolala-bench --cloud-folder` writes (Bench+CloudSync.swift).
CLOUD_USER_ID = "5b3c1f6e-0d2a-4c8e-9f61-2a7d3e4b5c6d"


def memory_megabytes(pid):
    """VmRSS, RssAnon and VmHWM of a process, in MB."""
    values = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            key, _, rest = line.partition(":")
            if key in ("VmRSS", "RssAnon", "VmHWM"):
                values[key] = int(rest.split()[0]) / 1024
    return values.get("VmRSS", float("nan")), values.get("RssAnon", float("nan")), values.get("VmHWM", float("nan"))


def get_json(url):
    with urllib.request.urlopen(url, timeout=900) as response:
        return json.load(response)


def list_backup(url):
    """Lists the backup's one folder whole, as a page does; returns its seconds and its rows."""
    sources = get_json(url + "api/sources")["sources"]
    cloud = next(source for source in sources if "restore" in source.get("capabilities", []))
    items = url + f"api/sources/{cloud['id']}/folders/{urllib.parse.quote(cloud['rootFolder'], safe='')}/items?limit=1"
    start = time.monotonic()
    while True:
        page = get_json(items)
        if page["complete"]:
            return time.monotonic() - start, page["count"]
        time.sleep(0.2)


def measure(binary, bench, photo, place_data, count):
    """Seconds until the index answered for every photo, a search's seconds and results, and
    memory; then the backup's listing's seconds and rows, and memory again."""
    with tempfile.TemporaryDirectory() as work:
        folder = work + "/backup"
        subprocess.run([bench, "--cloud-folder", folder, photo, str(count), place_data], check=True, stdout=subprocess.DEVNULL)
        os.mkdir(work + "/folder")
        shutil.copy(photo, work + "/folder")
        env = dict(os.environ, PHOTOLALA_CACHE_DIR=work + "/cache", PHOTOLALA_DATA_DIR=work + "/data",
                   PHOTOLALA_BACKUP_FOLDER=folder, PHOTOLALA_USER_ID=CLOUD_USER_ID, PHOTOLALA_PLACE_DATA=place_data)
        start = time.monotonic()
        server = subprocess.Popen([binary, "serve", "--port", "0", work + "/folder"], env=env, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True)
        try:
            url = server.stdout.readline().strip().split(" ")[-1]
            # The first sync, then the index: the facets wait for it, and count every photo once it holds them all.
            deadline = start + 1800
            while True:
                sync = get_json(url + "api/cloud/sync")
                if not sync["syncing"] and sync["state"].get("lastSyncDate"):
                    break
                if time.monotonic() > deadline:
                    raise RuntimeError("the server did not sync its catalog in 30 minutes")
                time.sleep(0.1)
            while True:
                facets = get_json(url + "api/search/facets?q=")
                indexed = sum(value["count"] for value in facets.get("years", []))
                if indexed >= count:
                    break
                if time.monotonic() > deadline:
                    raise RuntimeError(f"the server indexed {indexed} of {count} photos in 30 minutes")
                time.sleep(0.5)
            ready = time.monotonic() - start
            query = urllib.parse.quote("camera:canon")
            searched = time.monotonic()
            results = get_json(url + f"api/search?q={query}&limit=500")
            search_seconds = time.monotonic() - searched
            rss, own, peak = memory_megabytes(server.pid)
            listing_seconds, rows = list_backup(url)
            listed_rss, listed_own, _ = memory_megabytes(server.pid)
        finally:
            server.terminate()
            server.wait()
    return ready, search_seconds, results["count"], (rss, own, peak), (listing_seconds, rows, listed_rss, listed_own)


def main():
    if len(sys.argv) < 6:
        sys.exit("usage: search_server_bench.py PHOTOLALA_BINARY PHOTOLALA_BENCH PHOTO PLACE_DATA COUNT...")
    binary, bench, photo, place_data = sys.argv[1:5]
    for count in (int(argument) for argument in sys.argv[5:]):
        ready, search_seconds, found, (rss, own, peak), (listing_seconds, rows, listed_rss, listed_own) = measure(
            binary, bench, photo, place_data, count)
        target = "< 150 MB" if count >= 1_000_000 else "(memory)"
        report("search", f"server: resident memory with the search index of {count:,} photos open, after a search, and its own",
               f"{rss:.0f} MB, {own:.0f} MB own", target,
               note=f"synced and indexed in {ready:.1f} s, peak {peak:.0f} MB; the search: {found} results in {search_seconds * 1000:.0f} ms")
        report("search", f"server: resident memory with the backup's listing of {count:,} photos open too, and its own",
               f"{listed_rss:.0f} MB, {listed_own:.0f} MB own", "(memory)",
               note=f"listed in {listing_seconds:.1f} s, {rows:,} rows")


if __name__ == "__main__":
    main()
