"""Photolala on a phone: Chromium emulating an iPhone 13 (390 × 844, touch)."""

from __future__ import annotations

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
