"""Photolala on a phone: Chromium emulating an iPhone 13 (390 × 844, touch)."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from conftest import ARTIFACTS
from photolala_page import PhotolalaPage

IPHONE_13 = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3, "is_mobile": True, "has_touch": True}


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
