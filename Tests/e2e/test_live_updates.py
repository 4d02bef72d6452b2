"""Changes on disk reach the open page through the event stream, without a reload."""

from __future__ import annotations

import contextlib
import os
import shutil
import urllib.parse
from pathlib import Path

from playwright.sync_api import expect

from conftest import ARTIFACTS, BIG_COUNT, PHOTOS_COUNT, run
from photolala_page import PhotolalaPage


@contextlib.contextmanager
def scratch_folder(library: Path, name: str, photos: int):
    """A folder `Live/NAME` holding copies of the first `photos` photos, removed afterwards (the
    session's trees are shared by every test)."""
    folder = library / "Library" / "Live" / name
    folder.mkdir()
    for source in sorted((library / "Library" / "Photos").glob("*.jpg"))[:photos]:
        shutil.copy2(source, folder / source.name)
    try:
        yield folder
    finally:
        shutil.rmtree(folder)


def add_photo(source: Path, folder: Path, name: str) -> None:
    """Writes a photo under another name and renames it, as cameras and sync tools do."""
    shutil.copy2(source, folder / ".incoming.tmp")
    os.rename(folder / ".incoming.tmp", folder / name)


def test_added_and_removed_files_appear_and_disappear(ui, library):
    page = ui.page
    live = library / "Library" / "Live"
    source = library / "Library" / "Photos" / "IMG_00010.jpg"
    ui.open("local-0", "Live", count=3)
    ui.cell("IMG_00001.jpg").click()
    page.evaluate("window.notReloaded = true")

    add_photo(source, live, "IMG_00010.jpg")
    expect(ui.cell("IMG_00010.jpg")).to_be_attached(timeout=15_000)
    expect(page.get_by_test_id("status-count")).to_have_text("4 photos")
    expect(ui.cell("IMG_00010.jpg")).to_have_attribute("data-state", "loaded")
    assert ui.selected_names() == ["IMG_00001.jpg"]

    (live / "IMG_00002.jpg").unlink()
    expect(ui.cell("IMG_00002.jpg")).to_have_count(0, timeout=15_000)
    expect(page.get_by_test_id("status-count")).to_have_text("3 photos")
    assert ui.selected_names() == ["IMG_00001.jpg"]

    (live / "IMG_00001.jpg").unlink()  # removing the selected photo drops it from the selection
    expect(ui.cell("IMG_00001.jpg")).to_have_count(0, timeout=15_000)
    expect(page.get_by_test_id("status-selection")).to_have_text("")
    assert page.evaluate("window.notReloaded") is True


def test_a_photo_added_above_keeps_the_view_and_the_selection(ui, library):
    page = ui.page
    big = library / "Big"
    ui.open("local-1", count=BIG_COUNT)
    ui.scroll_grid_to(ui.grid.evaluate("grid => grid.scrollHeight / 2"))
    anchor = ui.mounted_names()[len(ui.mounted_names()) // 2]
    ui.cell(anchor).click()
    y = ui.cell(anchor).bounding_box()["y"]

    # An older photo sorts first, above everything on screen.
    shutil.copy2(big / "IMG_000000.jpg", big / ".incoming.tmp")
    os.utime(big / ".incoming.tmp", (1_000_000_000, 1_000_000_000))  # 2001
    os.rename(big / ".incoming.tmp", big / "OLD_0001.jpg")
    try:
        expect(page.get_by_test_id("status-count")).to_have_text(f"{BIG_COUNT + 1:,} photos", timeout=20_000)
        ui.next_frames()
        assert ui.cell(anchor).bounding_box()["y"] == y
        assert ui.selected_names() == [anchor]
        ui.scroll_grid_to(0)
        expect(ui.first_cell).to_have_attribute("aria-label", "OLD_0001.jpg")
    finally:
        (big / "OLD_0001.jpg").unlink()
    expect(page.get_by_test_id("status-count")).to_have_text(f"{BIG_COUNT:,} photos", timeout=20_000)


def test_seven_tabs_still_load_thumbnails_and_live_updates(ui, context, library):
    """Every tab shares one event stream: the browser's six connections to the server are not
    held by streams, so the seventh tab still loads its thumbnails and hears of changes."""
    photos = library / "Library" / "Photos"
    with scratch_folder(library, "Tabs", photos=2) as folder:
        for _ in range(6):
            tab = PhotolalaPage(context.new_page(), ui.server)
            tab.open("local-0", "Photos", count=PHOTOS_COUNT)
        ui.open("local-0", "Live", "Tabs", count=2)
        ui.wait_for_thumbnails(2)

        add_photo(photos / "IMG_00011.jpg", folder, "IMG_00011.jpg")
        expect(ui.cell("IMG_00011.jpg")).to_have_attribute("data-state", "loaded", timeout=15_000)
        expect(ui.page.get_by_test_id("status-count")).to_have_text("3 photos")


def test_a_photo_rewritten_on_disk_shows_its_new_thumbnail(ui, library, tmp_path):
    """An edited photo keeps its name: the page, the browser's cache and the server's must all
    let go of the old thumbnail."""
    page = ui.page
    with scratch_folder(library, "Edits", photos=2) as folder:
        ui.open("local-0", "Live", "Edits", count=2)
        ui.wait_for_thumbnails(2)
        cell = ui.cell("IMG_00000.jpg")
        width, height = cell.evaluate("img => [img.naturalWidth, img.naturalHeight]")
        assert width > height
        page.evaluate("window.notReloaded = true")

        # The same photo turned upright, written over the file in place as an editor saves it.
        run("vips", "rot", folder / "IMG_00000.jpg", tmp_path / "upright.jpg", "d90")
        shutil.copyfile(tmp_path / "upright.jpg", folder / "IMG_00000.jpg")
        page.wait_for_function(
            """() => {
                 const img = document.querySelector('[data-testid="photo-cell"][aria-label="IMG_00000.jpg"]');
                 return img && img.dataset.state === 'loaded' && img.naturalHeight > img.naturalWidth;
               }""",
            timeout=15_000,
        )
        expect(page.get_by_test_id("status-count")).to_have_text("2 photos")
        assert page.evaluate("window.notReloaded") is True


def test_with_polling_a_file_added_on_disk_appears(page, polling_server):
    """PHOTOLALA_WATCH=poll turns inotify off, as on systems without it: the rescans alone bring
    the new photo."""
    server, folder = polling_server
    ui = PhotolalaPage(page, server)
    ui.open("local-0", count=3)
    assert "rescanned every 0.3 s" in (ARTIFACTS / "polling-server.log").read_text()
    add_photo(folder / "IMG_00001.jpg", folder, "IMG_00100.jpg")
    expect(ui.cell("IMG_00100.jpg")).to_have_attribute("data-state", "loaded", timeout=15_000)
    expect(page.get_by_test_id("status-count")).to_have_text("4 photos")


def test_a_new_subfolder_appears_and_a_removed_one_goes(ui, library):
    page = ui.page
    with scratch_folder(library, "Parent", photos=1) as folder:
        ui.open("local-0", "Live", "Parent", count=1)
        tiles = page.get_by_test_id("folder-tile")
        expect(tiles).to_have_count(0)
        page.evaluate("window.notReloaded = true")

        (folder / "Sub").mkdir()
        shutil.copy2(library / "Library" / "Photos" / "IMG_00003.jpg", folder / "Sub" / "IMG_00003.jpg")
        expect(page.get_by_test_id("folder-name")).to_have_text(["Sub"], timeout=15_000)
        tiles.first.click()
        ui.wait_listed(1)
        page.go_back()
        ui.wait_listed(1)

        shutil.rmtree(folder / "Sub")
        expect(tiles).to_have_count(0, timeout=15_000)
        assert page.evaluate("window.notReloaded") is True


def test_a_folder_the_server_stopped_following_is_followed_again(ui, library):
    """The server keeps 16 folders open; the page of one pushed out opens it again."""
    photos = library / "Library" / "Photos"
    with scratch_folder(library, "Followed", photos=1) as folder, scratch_folder(library, "Many", photos=0) as many:
        ui.open("local-0", "Live", "Followed", count=1)
        for index in range(16):
            (many / f"F{index:02d}").mkdir()
        for index in range(16):
            ui.api(f"sources/local-0/folders/{urllib.parse.quote(ui.folder_id('local-0', 'Live', 'Many', f'F{index:02d}'))}/items")

        add_photo(photos / "IMG_00012.jpg", folder, "IMG_00012.jpg")
        expect(ui.cell("IMG_00012.jpg")).to_have_attribute("data-state", "loaded", timeout=15_000)
        expect(ui.page.get_by_test_id("status-count")).to_have_text("2 photos")
