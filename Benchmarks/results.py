"""Rows of the benchmark table, as the Python benches report them: each row is printed as a line
of a Markdown table and, when BENCH_RESULTS names a file (`Benchmarks/run.sh` sets it), appended
to it as one JSON object, which `Benchmarks/write-results.py` gathers into the dated results file
and the README's table. `photolala-bench` writes the same records.

A row's name is the same in every run (the README's table compares rows by name and
`Benchmarks/reasons.json` is keyed by it); what varies from run to run goes in its note.
"""

import json
import os

HEADER = "| benchmark | Photolala | reference | reference tool | ratio | target |\n| --- | --- | --- | --- | --- | --- |"


def report(bench, name, photolala, target, reference="", tool="", ratio=None, note="", met=None):
    """Prints the row and records it.

    - bench: the BENCH_ONLY word that runs it (`scan`, `growth`, `browser`, `upload`);
    - photolala, reference: the figures as shown, such as "182 ms, 66 MB resident": a number and
      its unit, several separated by ", ";
    - target: such as "≤ 1.5×" (of the ratio), "< 1 s, < 150 MB" or "p99 < 5 ms" (of the
      figures), or "(time)" for none; met: True or False where the target is not of that form.
    """
    shown = f"{name} ({note})" if note else name
    ratio_text = f"{ratio:.2f}×" if ratio is not None else ""
    tool_text = f"`{tool}`" if tool else ""
    print(f"| {shown} | {photolala} | {reference} | {tool_text} | {ratio_text} | {target} |", flush=True)
    path = os.environ.get("BENCH_RESULTS")
    if not path:
        return
    record = {"bench": bench, "name": name, "note": note, "photolala": photolala, "reference": reference, "tool": tool,
              "ratio": round(ratio, 4) if ratio is not None else None, "target": target}
    if met is not None:
        record["met"] = met
    with open(path, "a") as results:
        results.write(json.dumps(record, ensure_ascii=False) + "\n")
