"""Photolala on a phone: Chromium emulating an iPhone 13 (390 × 844, touch)."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from conftest import ARTIFACTS, run, serve
from photolala_page import PhotolalaPage

IPHONE_13 = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3, "is_mobile": True, "has_touch": True}


SELECTION_PHOTOS = 12


@pytest.fixture(scope="module")
def selection_server(seaweedfs, tmp_path_factory):
    """`photolala serve` on a folder of 12 photos that can be starred (a cloud on SeaweedFS),
    its own so that the stars it is given touch no other test."""
    photos = tmp_path_factory.mktemp("selection") / "Selection"
    run("Scripts/make-photos.sh", photos, SELECTION_PHOTOS, 1200, 900)
    cloud = {
        "PHOTOLALA_S3_ENDPOINT": seaweedfs.endpoint, "PHOTOLALA_S3_BUCKET": seaweedfs.bucket,
        "PHOTOLALA_USER_ID": "3a7d1c52-8e94-4b6f-a0d3-6c2e9f1b7d48", "AWS_ACCESS_KEY_ID": seaweedfs.access_key,
        "AWS_SECRET_ACCESS_KEY": seaweedfs.secret_key, "AWS_REGION": "us-east-1",
    }
    yield from serve([photos], tmp_path_factory.mktemp("selection-state"), "selection-server.log", cloud)


@pytest.fixture
def phone(browser):
    context = browser.new_context(**IPHONE_13, timezone_id="UTC", locale="en-GB")
    yield context.new_page()
    context.close()


def test_the_sidebar_opens_and_closes_by_its_toggle_a_tap_outside_and_escape(phone, server):
    ui = PhotolalaPage(phone, server)
    ui.open("local-0")
    sidebar = phone.locator(".app-sidebar")
    toggle = phone.locator(".sidebar-toggle")

    def shown() -> bool:
        box = sidebar.bounding_box()
        return box is not None and box["x"] > -box["width"] / 2

    def opened_by_the_toggle() -> None:
        toggle.tap()
        expect(toggle).to_have_attribute("aria-expanded", "true")
        phone.wait_for_function("() => document.querySelector('.app-sidebar').getBoundingClientRect().left >= 0")

    def closed() -> None:
        expect(toggle).to_have_attribute("aria-expanded", "false")
        phone.wait_for_function("() => document.querySelector('.app-sidebar').getBoundingClientRect().right <= 0")

    assert not shown(), "a phone starts on the photos, the sidebar closed"
    opened_by_the_toggle()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(ARTIFACTS / "phone-sidebar-open.png"))
    # A tap on the dimmed photos beside it closes it, and opens no photo.
    phone.touchscreen.tap(370, 600)
    closed()
    expect(phone.get_by_test_id("preview")).to_be_hidden()

    opened_by_the_toggle()
    phone.keyboard.press("Escape")
    closed()

    opened_by_the_toggle()
    toggle.tap()
    closed()

    # A source chosen in it opens, and the drawer gets out of the way.
    opened_by_the_toggle()
    phone.locator('[data-testid="source-item"][data-source="local-1"]').tap()
    closed()


def swipe(page, start: tuple[float, float], end: tuple[float, float], steps: int = 8) -> None:
    """One finger drawn across the screen, as Chromium's touch input delivers it."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": start[0], "y": start[1]}]})
    for step in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * step / steps
        y = start[1] + (end[1] - start[1]) * step / steps
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def long_press(page, point: tuple[float, float], seconds: float = 0.8) -> None:
    """One finger held still on the screen, then lifted."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": point[0], "y": point[1]}]})
    page.wait_for_timeout(seconds * 1000)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def centre(locator) -> tuple[float, float]:
    box = locator.bounding_box()
    assert box
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_selection_mode_long_press_taps_star_and_a_drag_selects_a_range(phone, selection_server):
    ui = PhotolalaPage(phone, selection_server)
    ui.open(count=SELECTION_PHOTOS)
    bar = phone.get_by_test_id("selection-bar")
    count = phone.get_by_test_id("selection-count")
    expect(bar).to_be_hidden()

    # A long press enters selection mode with the photo selected, and opens no menu.
    long_press(phone, centre(ui.cells.nth(0)))
    expect(bar).to_be_visible()
    expect(count).to_have_text("1 selected")
    expect(phone.get_by_test_id("context-menu")).to_be_hidden()
    # Taps add photos; a second tap takes one out again.
    for index in range(1, 6):
        ui.cells.nth(index).tap()
    expect(count).to_have_text("6 selected")
    ui.cells.nth(6).tap()
    expect(count).to_have_text("7 selected")
    ui.cells.nth(6).tap()
    expect(count).to_have_text("6 selected")
    chosen = [ui.cells.nth(index).get_attribute("data-id") for index in range(6)]
    for name in ("selection-star", "selection-export", "selection-done"):
        box = phone.get_by_test_id(name).bounding_box()
        assert box and box["width"] >= 44 and box["height"] >= 44, f"{name}: {box}"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(ARTIFACTS / "phone-selection.png"))

    phone.get_by_test_id("selection-star").tap()
    starred = phone.locator('[data-testid="cell-badge"][data-state="starred"]')
    expect(starred).to_have_count(6)
    assert sorted(starred.evaluate_all("(badges) => badges.map((badge) => badge.dataset.id)")) == sorted(chosen)

    # Done leaves the mode and the selection; a tap selects one photo again.
    phone.get_by_test_id("selection-done").tap()
    expect(bar).to_be_hidden()
    assert ui.selected_names() == []
    ui.cells.nth(2).tap()
    assert len(ui.selected_names()) == 1

    # The toolbar's Select enters it too; a finger drawn sideways from a photo selects every photo
    # from there to where it stops.
    phone.get_by_test_id("select-mode").tap()
    expect(bar).to_be_visible()
    expect(count).to_have_text("Select photos")
    first = ui.cells.nth(0).bounding_box()
    assert first
    row = [index for index in range(SELECTION_PHOTOS) if abs((ui.cells.nth(index).bounding_box() or {"y": -1})["y"] - first["y"]) < 1]
    last = row[-1]
    assert last >= 1, "a row of several photos"
    swipe(phone, centre(ui.cells.nth(0)), centre(ui.cells.nth(last)), steps=12)
    expect(count).to_have_text(f"{last + 1} selected")
    assert ui.selected_names() == ui.mounted_names()[: last + 1]


def test_the_preview_swipes_between_photos_closes_with_a_swipe_down_and_zooms_with_a_double_tap(phone, server):
    ui = PhotolalaPage(phone, server)
    ui.open("local-0", "Photos", count=24)
    ui.first_cell.tap()
    ui.first_cell.dblclick()
    preview = phone.get_by_test_id("preview")
    expect(preview).to_be_visible()
    position = phone.get_by_test_id("preview-position")
    expect(position).to_have_text("1 of 24")
    # Its buttons are big enough for a finger.
    for name in ("preview-previous", "preview-next", "preview-close"):
        box = phone.get_by_test_id(name).bounding_box()
        assert box and box["width"] >= 44 and box["height"] >= 44, f"{name}: {box}"

    swipe(phone, (300, 450), (80, 460))
    expect(position).to_have_text("2 of 24")
    swipe(phone, (80, 450), (300, 440))
    expect(position).to_have_text("1 of 24")
    # A short drag is no swipe.
    swipe(phone, (200, 450), (180, 450))
    expect(position).to_have_text("1 of 24")

    # The photo itself, once loaded (on a loaded machine its thumbnail shows for a while first),
    # fitted: what a double tap zooms from and back to.
    expect(phone.get_by_test_id("preview-image")).to_be_visible(timeout=30_000)
    zoom = phone.get_by_test_id("zoom-level")
    fitted = zoom.text_content()

    def double_tap() -> None:
        """Two taps 120 ms apart by their own timestamps, whatever the machine's load delays."""
        box = phone.get_by_test_id("preview-image").bounding_box()
        assert box
        point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
        cdp = phone.context.new_cdp_session(phone)
        start = time.time()
        for index, at in enumerate((0.0, 0.05, 0.12, 0.17)):
            kind = "touchStart" if index % 2 == 0 else "touchEnd"
            cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [point] if kind == "touchStart" else [], "timestamp": start + at})
        cdp.detach()

    double_tap()
    expect(zoom).not_to_have_text(fitted)
    phone.wait_for_timeout(800)  # a pause, or the next taps count as a third and a fourth
    double_tap()
    expect(zoom).to_have_text(fitted)

    swipe(phone, (200, 300), (210, 650))
    expect(preview).to_be_hidden()


def test_the_toolbar_fits_a_phone_with_its_title_actions_and_44_px_controls(phone, server):
    ui = PhotolalaPage(phone, server)
    ui.open("local-0", "Photos", count=24)
    title = phone.locator(".breadcrumb-list li:last-child")
    expect(title).to_contain_text("Photos")
    assert phone.evaluate("() => { const t = document.querySelector('.breadcrumb-list li:last-child'); return t.scrollWidth <= t.clientWidth; }"), \
        "the open folder's name is whole"
    width = phone.viewport_size["width"]
    for name in ("star-toggle", "inspector-toggle"):
        control = phone.locator(f'[data-testid="{name}"]')
        if control.count() == 0:
            continue
        box = control.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= width, f"{name} on screen: {box}"
    assert phone.evaluate("() => document.scrollingElement.scrollWidth") <= width, "no sideways scrolling of the page"
    small = phone.evaluate("""() => [...document.querySelectorAll('.toolbar button, .toolbar select, .toolbar input, .toolbar a')]
        .filter((control) => control.offsetParent !== null && !control.hidden)
        .map((control) => { const box = control.getBoundingClientRect(); return [control.getAttribute('aria-label') || control.textContent.trim(), box.width, box.height]; })
        .filter(([, w, h]) => w < 44 || h < 40)""")
    assert small == [], f"controls too small for a finger: {small}"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(ARTIFACTS / "phone-folder.png"))

    # A folder of folders alone shows all its tiles, not a strip that scrolls above empty space.
    ui.open("local-0")
    strip = phone.locator(".folder-strip")
    expect(phone.locator('[data-testid="folder-tile"]').first).to_be_visible()
    phone.wait_for_function("() => document.querySelector('.app').classList.contains('has-only-folders')")
    assert phone.evaluate("() => { const s = document.querySelector('.folder-strip'); return s.scrollHeight <= s.clientHeight + 1; }"), \
        f"every tile shown: {strip.bounding_box()}"
    phone.screenshot(path=str(ARTIFACTS / "phone-top.png"))
