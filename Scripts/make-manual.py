#!/usr/bin/env python3
"""Writes the manual page photolala(1), in mdoc, from `photolala --experimental-dump-help`.

The page is generated from the command definitions, so it never drifts from `--help`:
swift-argument-parser's own generate-manual plugin builds a second copy of the package in a
sandbox, which an offline checkout cannot always do, and this reads the same JSON it reads.

Usage: make-manual.py BINARY > photolala.1   (SOURCE_DATE_EPOCH, when set, dates the page)
"""

import datetime
import json
import os
import subprocess
import sys


def escape(text: str) -> str:
    """Text safe in an mdoc line: backslashes escaped, and a line never read as a request."""
    lines = []
    for line in text.replace("\\", "\\e").splitlines():
        line = line.strip()
        if line.startswith((".", "'")):
            line = "\\&" + line
        lines.append(line)
    return "\n".join(line if line else ".Pp" for line in lines)


def flag_names(argument: dict) -> str:
    """`Fl h , Fl -help`: every name an option or flag answers to."""
    names = []
    for name in argument.get("names") or []:
        dash = "" if name["kind"] == "short" else "-" if name["kind"] == "long" else ""
        names.append(f"Fl {dash}{name['name']}")
    return " , ".join(names)


def item(argument: dict) -> str:
    """The `.It` head of one argument: its names and value."""
    value = argument.get("valueName") or "value"
    if argument["kind"] == "positional":
        return f"Ar {value}" + (" ..." if argument.get("isRepeating") else "")
    head = flag_names(argument)
    if argument["kind"] == "option":
        head += f" Ar {value}"
    return head


def synopsis(argument: dict) -> str:
    """One argument as the synopsis shows it: optional ones in brackets."""
    preferred = argument.get("preferredName")
    if argument["kind"] == "positional":
        text = f"Ar {argument.get('valueName') or 'value'}"
    else:
        dash = "" if preferred and preferred["kind"] == "short" else "-"
        text = f"Fl {dash}{preferred['name'] if preferred else ''}"
        if argument["kind"] == "option":
            text += f" Ar {argument.get('valueName') or 'value'}"
    if argument.get("isRepeating"):
        text += " ..."
    return f"Op {text}" if argument.get("isOptional") else text


def describe(command: dict, path: list, out: list) -> None:
    """Appends a section for `command` (named by `path`) and for each of its subcommands."""
    name = " ".join(path)
    arguments = [a for a in command.get("arguments") or [] if a.get("shouldDisplay", True)]
    if len(path) > 1:
        out.append(f'.Ss "{name}"')
    out.append(".Nm")
    if len(path) > 1:
        out.append(".Cm " + " ".join(path[1:]))
    for argument in arguments:
        out.append("." + synopsis(argument))
    if command.get("subcommands"):
        out.append(".Ar subcommand")
    out.append(".Pp")
    if command.get("abstract"):
        out.append(escape(command["abstract"]))
    if command.get("discussion"):
        out.append(".Pp")
        out.append(escape(command["discussion"]))
    if arguments:
        out.append(".Bl -tag -width 6n")
        for argument in arguments:
            out.append(".It " + item(argument))
            help_text = argument.get("abstract") or ""
            if argument.get("discussion"):
                help_text += "\n" + argument["discussion"]
            if argument.get("defaultValue") and argument["kind"] == "option":
                help_text += f" (default: {argument['defaultValue']})"
            out.append(escape(help_text) if help_text else ".Pp")
        out.append(".El")
    for subcommand in command.get("subcommands") or []:
        if subcommand.get("shouldDisplay", True) and subcommand["commandName"] != "help":
            describe(subcommand, path + [subcommand["commandName"]], out)


def main() -> None:
    binary = sys.argv[1]
    info = json.loads(subprocess.run([binary, "--experimental-dump-help"], check=True, capture_output=True, text=True).stdout)
    root = info["command"]
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    day = datetime.datetime.fromtimestamp(int(epoch), datetime.timezone.utc) if epoch else datetime.datetime.now(datetime.timezone.utc)
    version = subprocess.run([binary, "--version"], check=True, capture_output=True, text=True).stdout.strip()
    out = [
        f".Dd {day.strftime('%B')} {day.day}, {day.year}",
        f".Dt {root['commandName'].upper()} 1",
        f".Os {root['commandName']} {version}",
        ".Sh NAME",
        f".Nm {root['commandName']}",
        ".Nd " + escape(root.get("abstract", "")).rstrip("."),
        ".Sh SYNOPSIS",
        ".Nm",
        ".Ar subcommand",
        ".Op Ar options",
        ".Sh DESCRIPTION",
    ]
    main_out: list = []
    describe(root, [root["commandName"]], main_out)
    # The root's own synopsis is the one above; its description and flags follow.
    start = main_out.index(".Pp")
    first_sub = next((i for i, line in enumerate(main_out) if line.startswith(".Ss ")), len(main_out))
    out += main_out[start + 1 : first_sub]
    out.append(".Sh COMMANDS")
    out += main_out[first_sub:]
    out += [
        ".Sh FILES",
        ".Bl -tag -width 6n",
        ".It Pa $XDG_CONFIG_HOME/photolala/config.json",
        "Settings: folders and libraries to serve, host, port, token, data and cache folders.",
        "The",
        ".Fl -config",
        "option and",
        ".Ev PHOTOLALA_CONFIG",
        "name another file.",
        ".It Pa $XDG_DATA_HOME/photolala/cloud.json",
        "Cloud backup settings, edited in the web UI or by hand; never the secret key.",
        ".It Pa $XDG_CACHE_HOME/photolala",
        "Thumbnails and other derived files.",
        ".El",
    ]
    print("\n".join(out))


if __name__ == "__main__":
    main()
