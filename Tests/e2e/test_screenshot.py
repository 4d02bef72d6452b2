"""The README's screenshot: a folder of generated photos with the inspector open, 1280×800."""

from __future__ import annotations

from playwright.sync_api import expect

from conftest import PHOTOS_COUNT, REPO


def test_readme_screenshot(ui):
    page = ui.page
    ui.open("local-0", "Photos", count=PHOTOS_COUNT)
    page.get_by_test_id("group").select_option("month")
    page.get_by_test_id("inspector-toggle").click()
    ui.cell("IMG_00009.jpg").click()
    ui.wait_for_thumbnails(PHOTOS_COUNT)
    expect(page.get_by_test_id("inspector-camera")).to_have_text("Photolala Demo Camera")
    expect(page.get_by_test_id("inspector-thumbnail")).to_have_js_property("complete", True)
    (REPO / "docs").mkdir(exist_ok=True)
    page.screenshot(path=str(REPO / "docs" / "screenshot.png"))
