#!/usr/bin/env python3
"""Checks that every relative link in the given Markdown files resolves: the file it names
exists and, for a link with `#anchor`, the Markdown file has a heading GitHub gives that anchor.
Links inside code are not links; web addresses are not checked.

Usage: check-links.py FILE.md...   (what `make test` runs on the README and docs/)
"""

import os
import re
import sys


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading: its text, lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading.strip())
    return re.sub(r"[^\w\- ]", "", text.replace("`", "").lower()).replace(" ", "-")


def prose(path: str, code_spans: bool = False) -> list:
    """The file's lines outside fenced code blocks, their code spans removed unless asked for."""
    lines, fenced = [], False
    with open(path, encoding="utf-8") as file:
        for line in file:
            if line.startswith("```"):
                fenced = not fenced
            elif not fenced:
                lines.append(line if code_spans else re.sub(r"`[^`]*`", "", line))
    return lines


def anchors(path: str) -> set:
    """The anchors of a Markdown file's headings."""
    return {slug(line.lstrip("#")) for line in prose(path, code_spans=True) if line.startswith("#")}


def main() -> None:
    broken = 0
    for path in sys.argv[1:]:
        for target in re.findall(r"\]\(([^)\s]+)\)", "".join(prose(path))):
            if re.match(r"[a-z]+:", target):
                continue
            name, _, anchor = target.partition("#")
            resolved = os.path.normpath(os.path.join(os.path.dirname(path), name)) if name else path
            if not os.path.exists(resolved):
                print(f"{path}: '{target}' names no file", file=sys.stderr)
                broken += 1
            elif anchor and resolved.endswith(".md") and anchor not in anchors(resolved):
                print(f"{path}: '{target}' names no heading of {resolved}", file=sys.stderr)
                broken += 1
    if broken:
        sys.exit(f"{broken} broken link(s).")


if __name__ == "__main__":
    main()
