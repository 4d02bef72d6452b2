"""Sources, folders, breadcrumb, new tabs and the URL as navigation state."""

from __future__ import annotations

import re
import urllib.parse

from playwright.sync_api import expect

from conftest import ARTIFACTS, PHOTOS_COUNT


def test_sources_are_listed_with_their_state(ui):
    page = ui.page
    ui.open("local-0")
    sources = page.get_by_test_id("source-item")
    expect(sources.filter(has_text="Library")).to_have_attribute("aria-current", "page")
    expect(sources.filter(has_text="Big")).to_have_attribute("data-configured", "true")
    apple = page.locator('[data-testid="source-item"][data-source="apple-photos"]')
    expect(apple).to_contain_text("Not configured")
    expect(page.locator('[data-testid="source-item"][data-source="cloud"]')).to_contain_text("Not configured")

    apple.click()
    message = page.get_by_test_id("source-message")
    expect(message).to_contain_text("Apple Photos is not configured")
    expected = next(source for source in ui.api("sources")["sources"] if source["id"] == "apple-photos")["message"]
    expect(message).to_contain_text(expected)
    expect(ui.grid).to_be_hidden()

    sources.filter(has_text="Big").click()
    ui.wait_listed(100_000)


def test_folders_open_by_double_click_and_enter_and_the_breadcrumb_goes_back(ui):
    page = ui.page
    ui.open("local-0")
    tiles = page.get_by_test_id("folder-tile")
    expect(page.get_by_test_id("folder-name")).to_have_text(["Accents", "Live", "Mixed", "Photos"])

    tiles.filter(has_text="Photos").click()
    ui.wait_listed(PHOTOS_COUNT)
    photos_id = ui.folder_id("local-0", "Photos")
    assert page.url.endswith(f"#/local-0/{urllib.parse.quote(photos_id)}")
    crumbs = page.get_by_test_id("breadcrumb-item")
    expect(crumbs).to_have_text(["Library", "Photos"])

    trips = tiles.filter(has_text="Trips")
    trips.focus()
    page.keyboard.press("Enter")
    expect(crumbs).to_have_text(["Library", "Photos", "Trips"])
    ui.wait_listed(4)
    tiles.filter(has_text="Alps").click()  # one click opens a folder, as an album in Photos
    expect(crumbs).to_have_text(["Library", "Photos", "Trips", "Alps"])
    ui.wait_listed(2)

    # A reload lands in the same folder: the URL is the navigation state.
    page.reload()
    expect(crumbs).to_have_text(["Library", "Photos", "Trips", "Alps"])

    crumbs.filter(has_text="Photos").click()
    ui.wait_listed(PHOTOS_COUNT)
    expect(crumbs).to_have_text(["Library", "Photos"])
    page.go_back()
    expect(crumbs).to_have_text(["Library", "Photos", "Trips", "Alps"])
    ui.grid.focus()
    page.keyboard.press("Alt+ArrowUp")
    expect(crumbs).to_have_text(["Library", "Photos", "Trips"])
    page.get_by_test_id("go-up").click()
    expect(crumbs).to_have_text(["Library", "Photos"])


def test_a_folder_opens_in_a_new_tab(ui, context):
    page = ui.page
    ui.open("local-0", "Photos", count=PHOTOS_COUNT)
    link = page.get_by_test_id("folder-tile").filter(has_text="Trips").get_by_test_id("folder-new-tab")
    trips_id = ui.folder_id("local-0", "Photos", "Trips")
    expect(link).to_have_attribute("href", re.compile(re.escape(urllib.parse.quote(trips_id)) + "$"))
    expect(link).to_have_attribute("target", "_blank")
    with context.expect_page() as opened:
        link.click()
    tab = opened.value
    tab.wait_for_load_state()
    assert tab.url.endswith(f"#/local-0/{urllib.parse.quote(trips_id)}")
    expect(tab.get_by_test_id("breadcrumb-item")).to_have_text(["Library", "Photos", "Trips"])
    expect(tab.get_by_test_id("status-count")).to_have_text("4 photos")
    # The first tab stays where it was.
    expect(page.get_by_test_id("breadcrumb-item")).to_have_text(["Library", "Photos"])


def test_a_double_click_on_a_folder_opens_it_once(ui):
    page = ui.page
    ui.open("local-0", "Photos", count=PHOTOS_COUNT)
    page.get_by_test_id("folder-tile").filter(has_text="Trips").dblclick()
    ui.wait_listed(4)
    page.wait_for_timeout(300)
    # The second click fell on the Alps tile, now where Trips was, and did not open it.
    expect(page.get_by_test_id("breadcrumb-item")).to_have_text(["Library", "Photos", "Trips"])


def test_folder_tiles_show_their_count_cover_and_icon(ui):
    page = ui.page
    ui.open("local-0", "Photos", count=PHOTOS_COUNT)
    trips = page.get_by_test_id("folder-tile").filter(has_text="Trips")
    expect(trips).to_have_attribute("data-kind", "folder")
    expect(trips.get_by_test_id("folder-icon").locator("svg")).to_be_visible()
    # Four photos of its own, counted without opening it, and one folder inside.
    expect(trips.get_by_test_id("folder-count")).to_have_text("4 · 1 folder")
    expect(trips.get_by_test_id("folder-count")).to_have_attribute("title", "4 photos")
    cover = trips.get_by_test_id("folder-cover").locator("img")
    expect(cover).to_be_visible()
    page.wait_for_function("(img) => img.complete && img.naturalWidth > 0", arg=cover.element_handle())
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.get_by_test_id("folder-strip").screenshot(path=str(ARTIFACTS / "folder-tiles.png"))

    ui.open("local-0", count=None)
    expect(page.get_by_test_id("folder-tile").filter(has_text="Accents").get_by_test_id("folder-count")).to_have_text("3")
    # A folder of folders only: no photos of its own, its folders counted.
    expect(page.get_by_test_id("folder-tile").filter(has_text="Photos").get_by_test_id("folder-count")).to_have_text("24 · 1 folder")


# Each shown ancestor of the breadcrumb: its name, its width, and whether it is cut short; the
# open folder's the same; the "…" link's target, if there is one.
BREADCRUMB = """() => {
  const shown = [...document.querySelectorAll('.breadcrumb-list li')].filter((li) => !li.hidden);
  const items = shown.map((li) => { const item = li.firstChild; return { name: item.textContent, width: item.clientWidth, cut: item.scrollWidth > item.clientWidth + 1 }; });
  const more = document.querySelector('.breadcrumb-more a');
  return { items, more: more ? { href: more.getAttribute('href'), title: more.title } : null };
}"""


def test_the_breadcrumb_gives_up_whole_ancestors_never_a_letter_with_the_inspector_open(ui):
    page = ui.page
    ui.open("local-0", "Photos", "Trips", "Alps")
    ui.open_inspector()
    for width in (1440, 1024, 800):
        page.set_viewport_size({"width": width, "height": 800})
        page.wait_for_timeout(100)  # the breadcrumb fits itself when its bar is resized
        crumb = page.evaluate(BREADCRUMB)
        *ancestors, current = crumb["items"]
        assert current["name"] == "Alps" and not current["cut"], (width, crumb)
        assert all(not item["cut"] or item["width"] >= 48 for item in ancestors), (width, crumb)
        if width == 1440:
            assert [item["name"] for item in ancestors] == ["Library", "Photos", "Trips"] and crumb["more"] is None, crumb
        if crumb["more"]:
            hidden = crumb["more"]["title"].split(" › ")
            assert hidden == ["Library", "Photos", "Trips"][: len(hidden)], crumb
            target = urllib.parse.unquote(crumb["more"]["href"])  # the last of them
            assert target == "#/local-0/" + ui.folder_id("local-0", *hidden[1:]), crumb
        page.screenshot(path=str(ARTIFACTS / f"breadcrumb-inspector-open-{width}.png"))
