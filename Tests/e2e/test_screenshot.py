"""The README's screenshot: a folder of generated photos with the inspector open, 1280×800.

Saved as .build/e2e/screenshot.png, and as docs/screenshot.png (which the README shows) only when
PHOTOLALA_UPDATE_SCREENSHOT=1, so that running the tests leaves the checkout as it was."""

from __future__ import annotations

import os

from playwright.sync_api import expect

from conftest import ARTIFACTS, PHOTOS_COUNT, REPO


def test_readme_screenshot(ui):
    page = ui.page
    ui.open("local-0", "Photos", count=PHOTOS_COUNT)
    page.get_by_test_id("group").select_option("month")
    page.get_by_test_id("inspector-toggle").click()
    ui.cell("IMG_00009.jpg").click()
    ui.wait_for_thumbnails(PHOTOS_COUNT)
    expect(page.get_by_test_id("inspector-camera")).to_have_text("Photolala Demo Camera")
    expect(page.get_by_test_id("inspector-thumbnail")).to_have_js_property("complete", True)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "screenshot.png"))
    if os.environ.get("PHOTOLALA_UPDATE_SCREENSHOT") == "1":
        (REPO / "docs").mkdir(exist_ok=True)
        page.screenshot(path=str(REPO / "docs" / "screenshot.png"))
