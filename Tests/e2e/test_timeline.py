"""Every photo of a served tree in one timeline: the "Photos" of a folder (the toolbar's link)
lists every photo beneath it, its subfolders' too, and the sidebar's "Photos" those of every
source, in one date-ordered grid with the date scrubber, as Apple Photos' and Immich's do."""

from __future__ import annotations

import datetime as dt
import re
import shutil

import pytest
from playwright.sync_api import expect

from conftest import ARTIFACTS, run, serve, set_dates
from photolala_page import PhotolalaPage

TREE_COUNT = 240
TREE_START = dt.datetime(2023, 1, 3, 12, tzinfo=dt.timezone.utc)
TREE_STEP_DAYS = 3  # January 2023 to December 2024
# Photos dealt round-robin to folders of several depths, so the timeline merges them; none at the top.
TREE_FOLDERS = ("2023", "2023/Summer", "2024/Spring/Trip")


def tree_date(index: int) -> dt.datetime:
    return TREE_START + dt.timedelta(days=TREE_STEP_DAYS * index)


def tree_name(index: int) -> str:
    return f"IMG_{index:05d}.jpg"


@pytest.fixture(scope="module")
def tree(tmp_path_factory) -> str:
    """`photolala serve Tree`: TREE_COUNT photos, each a few days after the last, dealt to
    subfolders of several depths, and no photo at the tree's top."""
    made = tmp_path_factory.mktemp("timeline-made")
    run("Scripts/make-photos.sh", made, TREE_COUNT, 320, 240)
    top = tmp_path_factory.mktemp("timeline") / "Tree"
    for index in range(TREE_COUNT):
        folder = top / TREE_FOLDERS[index % len(TREE_FOLDERS)]
        folder.mkdir(parents=True, exist_ok=True)
        shutil.move(made / f"IMG_{index:05d}.jpg", folder / tree_name(index))
    for sub in TREE_FOLDERS:
        names = [path.name for path in (top / sub).glob("*.jpg")]
        set_dates(top / sub, {name: tree_date(int(name[4:9])) for name in names}, exif=True)
    server = serve([top], tmp_path_factory.mktemp("timeline-state"), "timeline-server.log")
    yield next(server)
    server.close()


def test_a_trees_top_opens_every_photo_beneath_it_by_date(page, tree):
    ui = PhotolalaPage(page, tree)
    newest_first = [tree_name(index) for index in reversed(range(TREE_COUNT))]

    # The top of the tree has no photo of its own; its "Photos" has every photo beneath it.
    ui.open("local-0", count=0)
    expect(page.get_by_test_id("grid-empty")).to_contain_text("Photos to see every photo beneath")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "timeline-tree-top.png"))
    page.get_by_test_id("timeline").click()
    expect(page).to_have_url(re.compile(r"#/photos/local-0%2F~$"))
    ui.wait_listed(TREE_COUNT, timeout=90_000)
    expect(page.get_by_test_id("breadcrumb")).to_contain_text("Photos in Tree")
    expect(page.get_by_test_id("timeline")).to_be_hidden()

    # Each photo once, from every subfolder.
    items = ui.api("sources/photos/folders/local-0%2F~/items")["items"]
    assert sorted(row[1] for row in items) == sorted(newest_first)

    # In date order, newest first when asked, across the folders.
    page.get_by_test_id("sort").select_option("date-desc")
    ui.wait_for_thumbnails(8)
    shown = ui.mounted_names()
    assert len(shown) > 20 and shown == newest_first[: len(shown)]
    page.screenshot(path=str(ARTIFACTS / "timeline-tree.png"))

    # The scrubber lands on a month's first photo (newest first: its latest).
    labels = page.get_by_test_id("scrubber-label")
    assert labels.count() > 10
    grid_top = ui.grid.bounding_box()["y"]
    label = labels.nth(labels.count() // 2)
    month = label.get_attribute("data-month")
    label.click()
    ui.next_frames()
    first = next(name for name in newest_first if f"{tree_date(int(name[4:9])):%Y%m}" == month)
    target = ui.cell(first)
    expect(target).to_be_attached()
    assert 0 <= target.bounding_box()["y"] - grid_top < 160, f"{month}: {first} at {target.bounding_box()['y'] - grid_top}px"
    page.screenshot(path=str(ARTIFACTS / "timeline-scrubbed.png"))

    # A photo of the timeline opens in the preview as a folder's does.
    target.dblclick()
    expect(page.get_by_test_id("preview")).to_be_visible()
    page.keyboard.press("Escape")

    # The sidebar's Photos: every source together (one here), as one timeline too.
    page.locator('[data-testid="source-item"][data-source="photos"]').click()
    expect(page).to_have_url(re.compile(r"#/photos/~$"))
    ui.wait_listed(TREE_COUNT)
    expect(page.locator('[data-testid="source-item"][data-source="photos"]')).to_have_attribute("aria-current", "page")


def test_a_subfolders_photos_are_those_beneath_it(page, tree):
    ui = PhotolalaPage(page, tree)
    ui.open("local-0", "2023", count=TREE_COUNT // 3)
    folder_url = page.url
    page.get_by_test_id("timeline").click()
    beneath = [tree_name(index) for index in range(TREE_COUNT) if TREE_FOLDERS[index % len(TREE_FOLDERS)].startswith("2023")]
    ui.wait_listed(len(beneath), timeout=90_000)
    items = ui.api("sources/photos/folders/" + page.url.split("#/photos/", 1)[1] + "/items")["items"]
    assert sorted(row[1] for row in items) == sorted(beneath)
    # Up goes back to the folder whose Photos it is, not to every photo.
    page.get_by_test_id("go-up").click()
    expect(page).to_have_url(folder_url)
    ui.wait_listed(TREE_COUNT // 3)
