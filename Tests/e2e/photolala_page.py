"""The browser page in the app's own words, so tests read as what a user does."""

from __future__ import annotations

import contextlib
import json
import re
import urllib.parse
import urllib.request

from playwright.sync_api import Locator, Page, expect

CELL = '[data-testid="photo-cell"]'


class PhotolalaPage:
    def __init__(self, page: Page, server: str):
        self.page = page
        self.server = server

    # Addresses --------------------------------------------------------------------------------

    def api(self, path: str) -> dict:
        with urllib.request.urlopen(f"{self.server}/api/{path}") as response:
            return json.load(response)

    def folder_id(self, source: str, *names: str) -> str:
        """The id of the folder reached from the source's root through `names`, asked of the API
        (ids are opaque: the tests never build one)."""
        folder = "~"
        for name in names:
            listing = self.api(f"sources/{source}/folders/{urllib.parse.quote(folder)}")
            folder = next(sub["id"] for sub in listing["folders"] if sub["name"] == name)
        return folder

    def url(self, source: str = "local-0", *names: str) -> str:
        return f"{self.server}/#/{source}/{urllib.parse.quote(self.folder_id(source, *names))}"

    # Navigation -------------------------------------------------------------------------------

    def open(self, source: str = "local-0", *names: str, count: int | None = None) -> None:
        """Loads the page on a folder and waits until its listing is complete."""
        self.page.goto(self.url(source, *names))
        self.wait_listed(count)

    def wait_listed(self, count: int | None = None, timeout: float = 30_000) -> None:
        status = self.page.get_by_test_id("status-count")
        expect(self.page.locator('.status-bar[data-complete="true"]')).to_be_attached(timeout=timeout)
        if count is not None:
            expect(status).to_have_text(f"{count:,} photo{'s' if count != 1 else ''}", timeout=timeout)

    # The grid ---------------------------------------------------------------------------------

    @property
    def grid(self) -> Locator:
        return self.page.get_by_test_id("photo-grid")

    @property
    def cells(self) -> Locator:
        return self.page.locator(CELL)

    @property
    def first_cell(self) -> Locator:
        """The cell at the top left of the grid (without grouping)."""
        return self.page.locator(f'[role="row"][aria-rowindex="1"] {CELL}[aria-colindex="1"]')

    def cell(self, name: str) -> Locator:
        return self.page.locator(f'{CELL}[aria-label="{name}"]')

    def selected_names(self) -> list[str]:
        """Names of the selected cells that are in the page, in display order."""
        return self._names_in_display_order(f'{CELL}[aria-selected="true"]')

    def mounted_names(self) -> list[str]:
        """Names of the cells in the page, in display order (rows are recycled, so the order of
        elements in the document says nothing)."""
        return self._names_in_display_order(CELL)

    def _names_in_display_order(self, selector: str) -> list[str]:
        return self.page.eval_on_selector_all(
            selector,
            """cells => cells
                 .map(cell => ({ name: cell.getAttribute('aria-label'), box: cell.getBoundingClientRect() }))
                 .sort((a, b) => a.box.top - b.box.top || a.box.left - b.box.left)
                 .map(cell => cell.name)""",
        )

    def wait_for_thumbnails(self, count: int, timeout: float = 30_000) -> None:
        """Waits until `count` cells show a decoded thumbnail."""
        self.page.wait_for_function(
            """count => [...document.querySelectorAll('[data-testid="photo-cell"]')]
                 .filter(img => img.dataset.state === 'loaded' && img.complete && img.naturalWidth > 0).length >= count""",
            arg=count,
            timeout=timeout,
        )

    def element_count(self) -> int:
        return self.page.evaluate("document.getElementsByTagName('*').length")

    def scroll_grid_to(self, top: float) -> None:
        """Scrolls the grid and waits two frames, so the virtual grid has drawn the new rows."""
        self.grid.evaluate("(grid, top) => { grid.scrollTop = top }", top)
        self.next_frames()

    def next_frames(self, frames: int = 2) -> None:
        self.page.evaluate(
            "frames => new Promise(done => { const step = n => n ? requestAnimationFrame(() => step(n - 1)) : done(); step(frames) })",
            frames,
        )

    def transform_scale(self, locator: Locator) -> float:
        """The x scale of an element's computed transform matrix."""
        matrix = locator.evaluate("element => getComputedStyle(element).transform")
        numbers = [float(value) for value in re.findall(r"-?[\d.]+(?:e-?\d+)?", matrix)]
        return numbers[0] if matrix.startswith("matrix(") else 1.0

    def transform_translation(self, locator: Locator) -> tuple[float, float]:
        matrix = locator.evaluate("element => getComputedStyle(element).transform")
        numbers = [float(value) for value in re.findall(r"-?[\d.]+(?:e-?\d+)?", matrix)]
        return (numbers[4], numbers[5]) if matrix.startswith("matrix(") else (0.0, 0.0)

    @contextlib.contextmanager
    def holding(self, pattern: str):
        """Holds back the requests to `pattern` made within the block, as a busy server would, then lets them go."""
        held = []
        self.page.route(pattern, lambda route: held.append(route))
        yield
        for _ in range(100):
            if held:
                break
            self.page.wait_for_timeout(50)
        assert held, f"nothing asked for {pattern}"
        for route in held:
            route.continue_()
        self.page.unroute(pattern)

    def open_inspector(self) -> None:
        """Opens the inspector with the shortcut and waits until the grid has laid itself out in the
        narrower space: cells are recycled, so a cell found before then may show another photo."""
        self.page.keyboard.press(f"{self.command}+i")
        expect(self.page.get_by_test_id("inspector")).to_be_visible()
        self.next_frames()

    @property
    def command(self) -> str:
        """The shortcut modifier (⌘ on macOS, Ctrl elsewhere); the tests run on Linux."""
        return "Control"
