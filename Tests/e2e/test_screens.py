"""Every screen on a phone, a tablet and a television (`?tv`), saved as the test run's
artefacts (.build/e2e/screens/): the top of a tree, a folder of every kind of photo with its
badges, the inspector, the preview and the Cloud Backup panel (issue 38's acceptance)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from conftest import ARTIFACTS
from photolala_page import PhotolalaPage
from test_phone import IPHONE_13

DEVICES = {
    "phone": dict(IPHONE_13),
    "tablet": {"viewport": {"width": 820, "height": 1180}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True},
    "tv": {"viewport": {"width": 1920, "height": 1080}},
}


@pytest.mark.parametrize("device", DEVICES)
def test_every_screen_is_saved(browser, server, device):
    context = browser.new_context(**DEVICES[device], timezone_id="UTC", locale="en-GB")
    folder = ARTIFACTS / "screens"
    folder.mkdir(parents=True, exist_ok=True)
    try:
        page = context.new_page()
        ui = PhotolalaPage(page, server)
        address = (lambda url: url.replace("/#", "/?tv#", 1)) if device == "tv" else (lambda url: url)

        def shot(name: str) -> None:
            page.screenshot(path=str(folder / f"{device}-{name}.png"))

        page.goto(address(ui.url("local-0")))
        expect(page.get_by_test_id("folder-strip")).to_contain_text("Mixed")
        shot("top")
        page.goto(address(ui.url("local-0", "Mixed")))
        ui.wait_listed()
        ui.wait_for_thumbnails(4)
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "no sideways scrolling"
        shot("grid")
        ui.first_cell.click()
        ui.open_inspector()
        expect(page.locator(".inspector-fields")).to_have_attribute("data-loaded", "true", timeout=30_000)
        shot("inspector")
        page.keyboard.press("Control+i")  # the inspector closes
        ui.grid.focus()
        page.keyboard.press("Enter")  # the selected photo's preview
        expect(page.get_by_test_id("preview")).to_be_visible()
        shot("preview")
        page.keyboard.press("Escape")
        toggle = page.locator(".sidebar-toggle")
        if toggle.is_visible() and toggle.get_attribute("aria-expanded") == "false":
            toggle.click()
            page.wait_for_function("() => document.querySelector('.app-sidebar').getBoundingClientRect().left >= 0")
        page.get_by_test_id("cloud-settings-open").click()
        expect(page.get_by_test_id("cloud-settings")).to_be_visible()
        shot("cloud-panel")
    finally:
        context.close()
