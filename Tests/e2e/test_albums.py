"""Albums in the page (issue 39, item 1): an album of photos from two folders and an Apple Photos
library, made with New Album and by dragging photos onto it in the sidebar, reordered by
dragging within it, with its cover and a photo taken out; then synced to the bucket and seen,
in the same order, by a second device."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import expect

from conftest import ARTIFACTS, BINARY, cloud_environment, run, serve
from photolala_page import PhotolalaPage
from test_apple_photos import LIBRARIES, SHOWN


@pytest.fixture(scope="module")
def album_server(seaweedfs, tmp_path_factory):
    """`photolala serve North South --library COPY` backing up to `seaweedfs`; its URL, the folders and the cloud's environment."""
    root = tmp_path_factory.mktemp("albums")
    north, south = root / "North", root / "South"
    run("Scripts/make-photos.sh", north, 3, 1200, 900)
    run("Scripts/make-photos.sh", south, 3, 900, 1200)  # other sizes: other contents
    library = root / "Test-10.15.7.photoslibrary"
    shutil.copytree(LIBRARIES / library.name, library)
    subprocess.run(["chmod", "-R", "u+w", str(library)], check=True)
    cloud = cloud_environment(seaweedfs.endpoint, seaweedfs.bucket, seaweedfs.access_key, seaweedfs.secret_key)
    cloud["PHOTOLALA_USER_ID"] = "3a7c1e52-8d4b-4f0e-9b61-2c5d7e9f0a1b"  # a bucket of its own among the session's
    server = serve([north, south, "--library", library], root / "state", "album-server.log", cloud)
    yield next(server), north, south, cloud
    server.close()


def drag_to_album(ui: PhotolalaPage, names: list[str], album: str) -> None:
    """Selects `names` in the open grid (the first clicked, the others added with Ctrl) and drags them onto `album` in the sidebar."""
    ui.cell(names[0]).click()
    for name in names[1:]:
        ui.cell(name).click(modifiers=["Control"])
    target = ui.page.get_by_test_id("album-item").filter(has_text=album)
    ui.cell(names[-1]).drag_to(target)


def album_names(ui: PhotolalaPage) -> list[str]:
    return [cell.get_attribute("aria-label") for cell in ui.cells.all()]


def test_an_album_of_two_folders_and_photos_made_by_drag_and_drop_reordered_and_synced(page, album_server, tmp_path):
    url, north, south, cloud = album_server
    ui = PhotolalaPage(page, url)
    ui.open("local-0", count=3)

    page.get_by_test_id("album-new").click()
    page.get_by_test_id("album-name-input").fill("Summer")
    page.get_by_test_id("album-name-input").press("Enter")
    album = page.get_by_test_id("album-item").filter(has_text="Summer")
    expect(album).to_be_visible()
    expect(page.get_by_test_id("folder-strip")).to_be_hidden()  # the new album opens, empty
    album_id = album.get_attribute("data-album")

    ui.open("local-0", count=3)
    drag_to_album(ui, ["IMG_00000.jpg", "IMG_00002.jpg"], "Summer")
    expect(page.get_by_test_id("status-notice")).to_have_text("Added 2 photos to Summer")
    ui.open("local-1", count=3)
    drag_to_album(ui, ["IMG_00001.jpg"], "Summer")
    expect(page.get_by_test_id("status-notice")).to_have_text("Added 1 photo to Summer")
    ui.open("apple-photos", count=SHOWN)
    cell = ui.cell("winebottle.jpeg").first
    cell.scroll_into_view_if_needed()
    cell.click(button="right")
    page.get_by_test_id("context-menu").locator('[data-action="album-add"]', has_text="Summer").click()
    expect(page.get_by_test_id("status-notice")).to_have_text("Added 1 photo to Summer")
    expect(album.get_by_test_id("album-count")).to_have_text("4")

    album.click()
    ui.wait_listed(4)
    assert album_names(ui) == ["IMG_00000.jpg", "IMG_00002.jpg", "IMG_00001.jpg", "winebottle.jpeg"]
    ui.wait_for_thumbnails(4)
    # The photo of the library goes first, dragged onto the first photo.
    ui.cell("winebottle.jpeg").drag_to(ui.cell("IMG_00000.jpg").first)
    expect(page.get_by_test_id("status-notice")).to_have_text("Moved 1 photo in Summer")
    expect(ui.cells).to_have_count(4)
    page.wait_for_function("() => document.querySelector('[data-testid=photo-cell]')?.getAttribute('aria-label') === 'winebottle.jpeg'")
    assert album_names(ui) == ["winebottle.jpeg", "IMG_00000.jpg", "IMG_00002.jpg", "IMG_00001.jpg"]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "album.png"))

    # A photo of a folder taken out stays in its folder.
    ui.cell("IMG_00002.jpg").first.click(button="right")
    page.get_by_test_id("context-menu").locator('[data-action="album-remove"]').click()
    expect(ui.cells).to_have_count(3)
    assert (north / "IMG_00002.jpg").exists()
    expect(album.get_by_test_id("album-count")).to_have_text("3")

    # Synced to the bucket, and seen by a second device in the same order.
    with page.expect_request_finished(lambda request: request.url.endswith("/api/cloud/sync")):
        page.get_by_test_id("cloud-sync-now").click()
    expect(page.get_by_test_id("cloud-sync-status")).to_contain_text("synced", timeout=60_000)
    other = dict(os.environ, PHOTOLALA_DATA_DIR=str(tmp_path / "data"), PHOTOLALA_CACHE_DIR=str(tmp_path / "cache"), **cloud)
    subprocess.run([str(BINARY), "cloud", "sync"], env=other, check=True, stdout=subprocess.DEVNULL)
    shown = json.loads(subprocess.run([str(BINARY), "album", "show", "Summer", "--json"], env=other, check=True, capture_output=True, text=True).stdout)
    assert [photo["name"] for photo in shown["photos"]] == ["winebottle.jpeg", "IMG_00000.jpg", "IMG_00001.jpg"]
    assert album_id
