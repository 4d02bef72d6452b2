"""Servers the Chromium tests start (`photolala serve`, SeaweedFS, moto) die with pytest, however
it ends: each runs in a process group of its own, stopped whole (a launcher such as pyenv's
`moto_server` shim may start the server as its child), and with Linux's parent-death signal set
to SIGKILL through util-linux's `setpriv`, so a pytest killed before its fixtures' teardown
takes them with it. pytest starts them from its main thread, whose end is pytest's own (the
signal follows the thread that started the process)."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess


def start(command: list[str], **options) -> subprocess.Popen:
    """`subprocess.Popen(command, **options)` in a new session, with SIGKILL as its parent-death signal where `setpriv` exists."""
    setpriv = shutil.which("setpriv")
    prefix = [setpriv, "--pdeathsig", "KILL", "--"] if setpriv else []
    return subprocess.Popen([*prefix, *command], start_new_session=True, **options)


def stop(process: subprocess.Popen, timeout: float = 10) -> None:
    """SIGTERM to the process's group, then SIGKILL to what is left of it after `timeout` seconds."""
    def signal_group(number: int) -> None:
        try:
            os.killpg(process.pid, number)
        except ProcessLookupError:
            pass

    signal_group(signal.SIGTERM)
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        pass
    signal_group(signal.SIGKILL)
    process.wait()
