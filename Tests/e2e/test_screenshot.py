"""The README's screenshot: a folder of generated landscapes taken from June to September 2024,
grouped by month, with a subfolder and the inspector open, 1280×800.

Saved as .build/e2e/screenshot.png, and as docs/screenshot.png (which the README shows) only when
PHOTOLALA_UPDATE_SCREENSHOT=1, so that running the tests leaves the checkout as it was."""

from __future__ import annotations

import os
import shutil

import pytest
from playwright.sync_api import expect

from conftest import ARTIFACTS, PHOTOS_COUNT, REPO, photo_date, run, serve, set_dates
from photolala_page import PhotolalaPage


@pytest.fixture(scope="module")
def scenes_server(tmp_path_factory) -> str:
    """`photolala serve Pictures`: `Photos` holds landscapes (Scripts/make-scenes.sh), one every
    four days from June 2024, and a subfolder `Trips` of four of them."""
    photos = tmp_path_factory.mktemp("scenes") / "Pictures" / "Photos"
    run("Scripts/make-scenes.sh", photos, PHOTOS_COUNT)
    names = sorted(path.name for path in photos.iterdir())
    set_dates(photos, {name: photo_date(index) for index, name in enumerate(names)}, exif=True)
    (photos / "Trips").mkdir()
    for name in names[4:8]:
        shutil.copy2(photos / name, photos / "Trips" / name)
    yield from serve([photos.parent], tmp_path_factory.mktemp("scenes-state"), "scenes-server.log")


def test_readme_screenshot(page, scenes_server):
    ui = PhotolalaPage(page, scenes_server)
    ui.open("local-0", "Photos", count=PHOTOS_COUNT)
    page.get_by_test_id("group").select_option("month")
    expect(page.get_by_test_id("group-header").first).to_contain_text("June 2024")
    page.get_by_test_id("inspector-toggle").click()
    expect(page.get_by_test_id("inspector")).to_be_visible()
    ui.next_frames()  # the grid lays itself out in the narrower space, recycling its cells
    ui.cell("IMG_00009.jpg").click()
    expect(page.get_by_test_id("inspector-name")).to_have_text("IMG_00009.jpg")
    ui.wait_for_thumbnails(PHOTOS_COUNT)
    expect(page.get_by_test_id("inspector-camera")).to_have_text("Photolala Demo Camera")
    expect(page.get_by_test_id("inspector-thumbnail")).to_have_js_property("complete", True)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "screenshot.png"))
    if os.environ.get("PHOTOLALA_UPDATE_SCREENSHOT") == "1":
        (REPO / "docs").mkdir(exist_ok=True)
        page.screenshot(path=str(REPO / "docs" / "screenshot.png"))
