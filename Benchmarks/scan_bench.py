#!/usr/bin/env python3
"""`photolala scan` against `find` printing the same facts, each best of five, with the peak
resident memory of each: reports rows of the benchmark table (Benchmarks/results.py).

    scan_bench.py PHOTOLALA_BINARY FOLDER...

For each folder: `scan` (paths) against `find -type f` (paths), and `scan --json` (paths,
sizes, formats, pairs, one JSON object) against `find -type f -printf '%p\\t%s\\n'`.
"""
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from results import HEADER, report  # noqa: E402


def run(command):
    """Seconds and peak resident KiB of one run, its output thrown away."""
    started = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - started
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{' '.join(command)} failed with status {os.waitstatus_to_exitcode(status)}")
    return elapsed, usage.ru_maxrss


def best(commands, rounds=5):
    """Each command's best time and peak memory over `rounds` alternating runs."""
    results = [(float("inf"), 0) for _ in commands]
    for _ in range(rounds):
        for index, command in enumerate(commands):
            seconds, kib = run(command)
            results[index] = (min(results[index][0], seconds), max(results[index][1], kib))
    return results


def scan_rows(binary, folder, rounds=5, bench="scan", prefix=""):
    """Reports rows for `scan` and `scan --json` of `folder` against `find`, each best of `rounds`."""
    files = sum(len(names) for _, _, names in os.walk(folder))
    subprocess.run(["find", folder, "-type", "f"], stdout=subprocess.DEVNULL, check=True)  # warm the dentry cache
    name = os.path.basename(os.path.normpath(folder))
    # Each: the label, both commands, the tool as shown, and the target (the output streams: its
    # memory stays under 64 MB whatever the count).
    pairs = [
        ("`photolala scan` of", [binary, "scan", folder], ["find", folder, "-type", "f"], "find -type f", "≤ 1.5×, memory flat"),
        (
            "`photolala scan --json` of",
            [binary, "scan", folder, "--json"],
            ["find", folder, "-type", "f", "-printf", "%p\\t%s\\n"],
            "find -type f -printf '%p\\t%s\\n'",
            "≤ 1.5×, < 64 MB",
        ),
    ]
    for label, ours, reference, tool, target in pairs:
        (our_seconds, our_kib), (their_seconds, their_kib) = best([ours, reference], rounds)
        report(
            bench, f"{prefix}{label} {name}", f"{our_seconds * 1000:.0f} ms, {our_kib / 1024:.0f} MB resident",
            target, reference=f"{their_seconds * 1000:.0f} ms, {their_kib / 1024:.0f} MB", tool=tool,
            ratio=our_seconds / their_seconds, note=f"{files} files",
        )


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    binary, folders = sys.argv[1], sys.argv[2:]
    data = subprocess.run(["mktemp", "-d"], capture_output=True, text=True, check=True).stdout.strip()
    os.environ["PHOTOLALA_DATA_DIR"] = data + "/data"
    os.environ["PHOTOLALA_CACHE_DIR"] = data + "/cache"
    print(HEADER)
    for folder in folders:
        scan_rows(binary, folder)
    subprocess.run(["rm", "-rf", data], check=True)


if __name__ == "__main__":
    main()
