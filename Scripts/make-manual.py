#!/usr/bin/env python3
"""Writes photolala's command-line reference from `photolala --experimental-dump-help`: the
manual page photolala(1) in mdoc, or, with --markdown, docs/CLI.md.

Both are generated from the command definitions, so they never drift from `--help`:
swift-argument-parser's own generate-manual plugin builds a second copy of the package in a
sandbox, which an offline checkout cannot always do, and this reads the same JSON it reads.
The Markdown holds nothing that varies by machine or day (no version, date or path), so
`make test` can compare the committed docs/CLI.md with what the built binary gives.

Usage: make-manual.py BINARY > photolala.1              (SOURCE_DATE_EPOCH, when set, dates the page)
       make-manual.py --markdown BINARY > docs/CLI.md    (what `make docs` runs)
"""

import datetime
import json
import os
import re
import subprocess
import sys

# MARK: - The argument parser's JSON


def load_help(binary: str) -> dict:
    """The root command, as the binary's `--experimental-dump-help` describes it."""
    dump = subprocess.run([binary, "--experimental-dump-help"], check=True, capture_output=True, text=True).stdout
    return json.loads(dump)["command"]


def shown_arguments(command: dict) -> list:
    """The arguments `--help` shows."""
    return [a for a in command.get("arguments") or [] if a.get("shouldDisplay", True)]


def shown_subcommands(command: dict) -> list:
    """The subcommands `--help` lists, without `help` itself."""
    return [s for s in command.get("subcommands") or [] if s.get("shouldDisplay", True) and s["commandName"] != "help"]


def commands(command: dict, path: list):
    """Each command as (path, command), `command` first, then its subcommands depth first."""
    yield path, command
    for subcommand in shown_subcommands(command):
        yield from commands(subcommand, path + [subcommand["commandName"]])


def help_text(argument: dict) -> str:
    """An argument's help: its abstract, its discussion, and an option's default."""
    text = argument.get("abstract") or ""
    if argument.get("discussion"):
        text += "\n" + argument["discussion"]
    if argument.get("defaultValue") and argument["kind"] == "option":
        text += f" (default: {argument['defaultValue']})"
    return text


# MARK: - The manual page


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
    arguments = shown_arguments(command)
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
            text = help_text(argument)
            out.append(escape(text) if text else ".Pp")
        out.append(".El")
    for subcommand in shown_subcommands(command):
        describe(subcommand, path + [subcommand["commandName"]], out)


def manual(binary: str, root: dict) -> str:
    """The manual page photolala(1), in mdoc, dated SOURCE_DATE_EPOCH's day or today's."""
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
    return "\n".join(out) + "\n"


# MARK: - The Markdown reference

# Usage lines longer than this are wrapped, as `--help` wraps them.
USAGE_WIDTH = 100


def md_escape(text: str) -> str:
    """Help text as Markdown shows it literally: no emphasis, code, link, HTML or table cell."""
    text = re.sub(r"([\\`*\[\]<>|])", r"\\\1", text)
    # An underscore inside a word (PHOTOLALA_CACHE_DIR) is literal already; at a word's edge it
    # could open or close emphasis.
    return re.sub(r"(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])", r"\\_", text)


def md_paragraphs(text: str) -> list:
    """Help text's paragraphs (blank-line separated), each escaped and on one line."""
    return [md_escape(" ".join(p.split())) for p in re.split(r"\n\s*\n", text.strip()) if p.strip()]


def spelled(argument: dict, all_names: bool) -> str:
    """An argument as typed: `--host <host>`, `<directories> ...`; every name, or the preferred."""
    value = f"<{argument.get('valueName') or 'value'}>"
    if argument["kind"] == "positional":
        return value + (" ..." if argument.get("isRepeating") else "")
    # Short names first, as `--help` lists them: `-o, --output <dir>`.
    names = sorted(argument.get("names") or [], key=lambda n: n["kind"] != "short")
    if not all_names and argument.get("preferredName"):
        names = [argument["preferredName"]]
    text = ", ".join(("-" if n["kind"] in ("short", "longWithSingleDash") else "--") + n["name"] for n in names)
    if argument["kind"] == "option":
        text += " " + value
    if argument.get("isRepeating"):
        text += " ..."
    return text


def usage(path: list, command: dict, left_out: set) -> str:
    """The command's usage line, as `--help` gives it but whole (without the arguments whose
    keys are in `left_out`), wrapped to USAGE_WIDTH."""
    words = [" ".join(path)]
    for argument in shown_arguments(command):
        if argument_key(argument) in left_out:
            continue
        word = spelled(argument, all_names=False)
        words.append(f"[{word}]" if argument.get("isOptional") else word)
    if shown_subcommands(command):
        words.append("<subcommand>")
    lines = [words[0]]
    for word in words[1:]:
        if len(lines[-1]) + 1 + len(word) > USAGE_WIDTH:
            lines.append("    " + word)
        else:
            lines[-1] += " " + word
    return "\n".join(lines)


def argument_key(argument: dict) -> tuple:
    """What makes two commands' arguments the same one: names, value and help."""
    names = tuple((n["kind"], n["name"]) for n in argument.get("names") or [])
    return (argument["kind"], names, argument.get("valueName"), help_text(argument))


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^a-z0-9 _-]", "", heading.lower()).replace(" ", "-")


def argument_line(argument: dict) -> str:
    """One argument of a command's list: its names and value, then its help."""
    text = help_text(argument)
    line = f"- `{spelled(argument, all_names=True).replace(', ', '`, `')}`"
    return line + (": " + " ".join(md_paragraphs(text)) if text else "")


def markdown(root: dict) -> str:
    """docs/CLI.md: the root's description, a table of commands, the options most commands share
    once, then a section per command with its usage and its own arguments."""
    all_commands = list(commands(root, [root["commandName"]]))
    # Options most commands take alike (the settings folders, the log level, the settings file,
    # --version, --help) are described once, in "Common options", and each command names which
    # of them it takes.
    counts: dict = {}
    for _, command in all_commands:
        for argument in shown_arguments(command):
            if argument["kind"] != "positional":
                counts[argument_key(argument)] = counts.get(argument_key(argument), 0) + 1
    common = {key for key, count in counts.items() if count * 2 > len(all_commands)}
    # The root's own flags (--version, --help) every command takes, and no usage line shows.
    left_out = {argument_key(a) for a in shown_arguments(root)}
    common_arguments: dict = {}
    for _, command in all_commands[1:] + all_commands[:1]:
        for argument in shown_arguments(command):
            if argument_key(argument) in common:
                common_arguments.setdefault(argument_key(argument), argument)

    name = root["commandName"]
    out = [
        f"# `{name}` command-line reference",
        "",
        f"Generated by `make docs` from `{name} --experimental-dump-help`, the help the commands"
        " themselves define (`Sources/photolala/`); `make test` fails while this file differs from"
        " what the built binary generates. Edit the help in the source, then run `make docs`.",
        "",
    ]
    out += [p + "\n" for p in md_paragraphs(root.get("abstract") or "")]
    out += [p + "\n" for p in md_paragraphs(root.get("discussion") or "")]
    out += ["```", usage([name], root, left_out), "```", ""]
    out += ["## Commands", "", "| command | what it does |", "| --- | --- |"]
    for path, command in all_commands[1:]:
        heading = " ".join(path)
        out.append(f"| [`{heading}`](#{slug(heading)}) | {' '.join(md_paragraphs(command.get('abstract') or ''))} |")
    out += ["", "## Common options", ""]
    out.append("These options mean the same in every command that takes them; each command's section says which it takes.")
    out.append("")
    out += [argument_line(argument) for argument in common_arguments.values()]
    out.append("")
    for path, command in all_commands[1:]:
        heading = " ".join(path)
        out += [f"## {heading}", ""]
        out += [p + "\n" for p in md_paragraphs(command.get("abstract") or "")]
        out += [p + "\n" for p in md_paragraphs(command.get("discussion") or "")]
        out += ["```", usage(path, command, left_out), "```", ""]
        subcommands = shown_subcommands(command)
        if subcommands:
            out.append("Subcommands: " + ", ".join(f"[`{s['commandName']}`](#{slug(heading + ' ' + s['commandName'])})" for s in subcommands) + ".")
            out.append("")
        arguments = shown_arguments(command)
        own = [a for a in arguments if argument_key(a) not in common]
        shared = [a for a in arguments if argument_key(a) in common]
        out += [argument_line(argument) for argument in own]
        if shared:
            names = ", ".join(f"`{spelled(a, all_names=False).split(' ')[0]}`" for a in shared)
            out.append(f"{'- ' if own else ''}[Common options](#common-options): {names}.")
        out.append("")
    return "\n".join(out).rstrip("\n") + "\n"


def main() -> None:
    arguments = sys.argv[1:]
    as_markdown = "--markdown" in arguments
    arguments = [a for a in arguments if a != "--markdown"]
    if len(arguments) != 1:
        sys.exit("usage: make-manual.py [--markdown] BINARY")
    root = load_help(arguments[0])
    sys.stdout.write(markdown(root) if as_markdown else manual(arguments[0], root))


if __name__ == "__main__":
    main()
