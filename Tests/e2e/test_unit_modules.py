"""The web UI's pure modules (layout, list order, formatting, selection, the store, what is read
from it, and the grid's message following it), tested in Chromium without a Photolala server:
Python's own static server serves `Public/js` beside `unit/`, whose page imports the modules and
runs the JS tests in `unit/*.test.js`. Each JS test is a pytest test here, failing with its
assertion's message."""

from __future__ import annotations

import functools
import re
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
UNIT = HERE / "unit"
PUBLIC_JS = HERE.parents[1] / "Sources" / "PhotolalaServer" / "Public" / "js"


def js_test_names() -> list[str]:
    """Every `test('…', …)` the JS files declare, so that each one is collected on its own."""
    names = []
    for path in sorted(UNIT.glob("*.test.js")):
        names += [f"{path.stem.removesuffix('.test')}: {name}" for name in re.findall(r"^test\('((?:[^'\\]|\\.)*)'", path.read_text(), re.M)]
    return names


class Handler(SimpleHTTPRequestHandler):
    """`/js/…` from the web UI's own modules, `/unit/…` from the tests; nothing else."""

    def translate_path(self, path: str) -> str:
        path = path.split("?", 1)[0]
        for prefix, root in (("/js/", PUBLIC_JS), ("/unit/", UNIT)):
            if path.startswith(prefix):
                return str(root / path.removeprefix(prefix))
        return str(UNIT / "missing")

    def log_message(self, format, *args) -> None:
        pass


@pytest.fixture(scope="module")
def results(browser) -> dict[str, str | None]:
    """Runs the JS tests once: `{"file: name": error or None}`."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(UNIT)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    context = browser.new_context(timezone_id="UTC", locale="en-GB")
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"http://127.0.0.1:{server.server_port}/unit/index.html")
        ran = page.evaluate("window.unitResults")
        assert not errors, f"JavaScript errors on the test page: {errors}"
    finally:
        context.close()
        server.shutdown()
        server.server_close()
    return {f"{result['file']}: {result['name']}": result["error"] for result in ran}


def test_every_js_test_ran(results):
    assert sorted(results) == sorted(js_test_names())


@pytest.mark.parametrize("name", js_test_names())
def test_js(results, name):
    error = results.get(name, "did not run")
    assert error is None, error
