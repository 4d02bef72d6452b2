"""A remote control, or the keyboard alone (issue 38, item 6): the arrows move between the
sources, the folder tiles and the grid, Enter opens, Escape or Backspace goes up a level, a
folder just opened has the focus on its first photo, S stars, and every step shows where the
focus is; `?tv` is the 10-foot layout."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from conftest import ARTIFACTS
from photolala_page import PhotolalaPage

# What has the keyboard's focus, and whether a ring shows it: the grid's focused cell (the grid
# itself holds the focus), else the focused element's outline.
FOCUS_RING = """() => {
  const active = document.activeElement;
  if (!active || active === document.body) return 'nothing focused';
  const target = active.classList.contains('grid-scroller') ? active.querySelector('.photo-cell.is-focused') : active;
  if (!target) return 'the grid, on no photo';
  const style = getComputedStyle(target);
  const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
  const shadow = style.boxShadow.includes('rgb(90, 169, 255)');
  return outline || shadow ? 'ring' : `no ring on ${target.className}`;
}"""


def focused(page: Page) -> str:
    """A name for what has the focus: a tile's, a source's, a photo's, or the element's test id."""
    return page.evaluate("""() => {
      const active = document.activeElement;
      if (active.classList.contains('grid-scroller')) return 'photo ' + (active.querySelector('.photo-cell.is-focused')?.getAttribute('aria-label') ?? '?');
      if (active.classList.contains('folder-tile')) return 'tile ' + active.querySelector('.folder-name')?.textContent;
      if (active.classList.contains('source-item')) return 'source ' + active.querySelector('.source-name')?.textContent;
      return active.dataset.testid ?? active.className;
    }""")


class Remote:
    """Presses keys, counting them, and checks after each that a ring shows the focus."""

    def __init__(self, page: Page):
        self.page = page
        self.presses = 0

    def press(self, key: str, then: str | None = None) -> None:
        self.page.keyboard.press(key)
        self.presses += 1
        if then is not None:
            expect_focus(self.page, then)
        assert self.page.evaluate(FOCUS_RING) == "ring", f"after {key}: {self.page.evaluate(FOCUS_RING)} ({focused(self.page)})"


def expect_focus(page: Page, name: str) -> None:
    page.wait_for_function(
        """(name) => {
          const active = document.activeElement;
          const text = active.classList.contains('grid-scroller') ? 'photo ' + (active.querySelector('.photo-cell.is-focused')?.getAttribute('aria-label') ?? '?')
            : active.classList.contains('folder-tile') ? 'tile ' + active.querySelector('.folder-name')?.textContent
            : active.classList.contains('source-item') ? 'source ' + active.querySelector('.source-name')?.textContent
            : active.dataset.testid ?? active.className;
          return text.startsWith(name);
        }""",
        arg=name,
        timeout=10_000,
    )


def test_from_the_load_to_a_starred_photos_preview_and_back_to_the_sources_in_few_keys(page, server):
    ui = PhotolalaPage(page, server)
    page.goto(ui.url("local-0"))
    # The top of the tree has only folders: the focus is on the first tile, with its ring.
    expect_focus(page, "tile Accents")
    assert page.evaluate(FOCUS_RING) == "ring"
    remote = Remote(page)
    for tile in ("Live", "Mixed", "Photos"):
        remote.press("ArrowRight", then=f"tile {tile}")
    remote.press("Enter", then="photo ")  # the folder opens with the focus on its first photo
    first = page.locator(".grid-scroller .photo-cell.is-focused")
    name = first.get_attribute("aria-label")
    item = first.get_attribute("data-id")
    remote.press("s")
    expect(page.locator(f'[data-testid="cell-badge"][data-id="{item}"]')).to_have_attribute("data-state", "starred")
    remote.press("Enter", then="preview")
    expect(page.get_by_test_id("preview")).to_be_visible()
    expect(page.get_by_test_id("preview-name")).to_have_text(name)
    remote.press("Escape", then=f"photo {name}")
    remote.press("ArrowLeft", then="source Library")  # from the first column to the sources
    assert remote.presses <= 12, remote.presses


def test_arrows_move_between_the_sources_the_tiles_and_the_grid_and_escape_goes_up(page, server):
    ui = PhotolalaPage(page, server)
    page.goto(ui.url("local-0", "Photos"))
    ui.wait_listed()  # the keys are tried on the folder as listed, not on its first batch
    expect_focus(page, "photo ")
    remote = Remote(page)
    remote.press("ArrowUp", then="tile Trips")  # from the first row to the folder tiles above
    remote.press("ArrowDown", then="photo ")  # and back
    remote.press("ArrowLeft", then="source Library")
    remote.press("ArrowDown", then="source Big")
    remote.press("ArrowUp", then="source Library")
    remote.press("ArrowRight", then="photo ")  # into the open folder
    remote.press("Escape", then="tile")  # up a level: the top of the tree, its first tile focused
    expect(page.get_by_test_id("folder-strip")).to_contain_text("Accents")
    remote.press("ArrowRight", then="tile Live")
    remote.press("Enter", then="photo ")
    remote.press("Backspace", then="tile")
    page.keyboard.press("ArrowLeft")  # from Accents, the first tile, to the sources
    expect_focus(page, "source Library")


def test_the_ten_foot_layout_has_large_cells_and_type_and_no_hover_controls(page, server):
    page.set_viewport_size({"width": 1920, "height": 1080})  # a television
    ui = PhotolalaPage(page, server)
    page.goto(ui.url("local-0", "Photos").replace("/#", "/?tv#", 1))
    expect_focus(page, "photo ")
    assert page.evaluate("document.documentElement.classList.contains('tv')")
    cell = page.locator(".grid-scroller .photo-cell").first.bounding_box()
    assert cell["width"] >= 250 and cell["height"] >= 250, cell
    source = page.locator(".source-item").first
    assert source.bounding_box()["height"] >= 44
    assert float(page.evaluate("parseFloat(getComputedStyle(document.querySelector('.app-sidebar')).zoom)")) >= 1.6
    page.locator(".grid-scroller .photo-cell").nth(1).hover()
    expect(page.get_by_test_id("hover-badge")).to_be_hidden()  # no control waits for a hover
    title = page.locator('[data-testid="breadcrumb-item"][aria-current="page"]')
    assert title.evaluate("(element) => element.scrollWidth <= element.clientWidth + 1"), "the folder's name is not cut"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "television.png"))
