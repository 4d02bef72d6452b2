"""An Apple Photos library in the browser: `photolala serve --library` on a copy of the macOS
10.15.7 test library of Tests/Fixtures/photos-libraries; All Photos, albums and folders,
thumbnails (from Photos's derivatives, also for originals only in iCloud), the preview and the
inspector; a RAW+JPEG asset's RAW badge and, on a photo the copy makes a Live Photo, the LIVE
badge playing its movie."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import expect

from conftest import ARTIFACTS, REPO, serve
from photolala_page import PhotolalaPage

LIBRARIES = Path(os.environ.get("PHOTOLALA_PHOTOS_LIBRARIES") or REPO / "Tests" / "Fixtures" / "photos-libraries")
SHOWN = 26  # All Photos: 29 assets, less one hidden and two recently deleted
PAIR = "4D521201-92AC-43E5-8F7C-59BC41C37A96"  # IMG_1997.JPG, with a .CR2 Photos keeps (its file not in the test library)
LIVE = "1EB2B765-0765-43BA-A90C-0D0580E6172C"  # Pumpkins3.jpg, made a Live Photo by make_live_photo


def make_live_photo(library: Path) -> None:
    """Makes Pumpkins3.jpg a Live Photo as Photos records one (the test library holds none): ZKINDSUBTYPE 2 in the
    copy's database (Core Data's triggers, which call functions only Photos defines, dropped first) and an H.264
    `<uuid>_3.mov` beside its original (a small JPEG, as the trimmed library keeps none)."""
    database = sqlite3.connect(library / "database" / "Photos.sqlite")
    with database:
        for (trigger,) in database.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'").fetchall():
            database.execute(f'DROP TRIGGER "{trigger}"')
        database.execute("UPDATE ZGENERICASSET SET ZKINDSUBTYPE = 2 WHERE ZUUID = ?", (LIVE,))
    database.close()
    # The trimmed test library keeps neither the still's original nor its (empty) shard folder: a small JPEG of its own.
    folder = library / "originals" / "1"
    folder.mkdir(parents=True, exist_ok=True)
    still = folder / f"{LIVE}.jpeg"
    if not still.exists():
        subprocess.run(["vips", "black", str(still), "64", "48"], check=True)
        subprocess.run(["exiftool", "-q", "-overwrite_original", f"-ImageDescription={still.name}", str(still)], check=True)
    subprocess.run(
        ["ffmpeg", "-hide_banner", "-loglevel", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "testsrc=size=320x240:rate=30", "-t", "2",
         "-c:v", "libx264", "-pix_fmt", "yuv420p", "-f", "mov", str(library / "originals" / "1" / f"{LIVE}_3.mov")],
        check=True)


@pytest.fixture(scope="module")
def library_server(tmp_path_factory) -> tuple[str, Path]:
    """`photolala serve --library COPY --include-hidden --include-trashed` on a free port; its base URL and the copy."""
    root = tmp_path_factory.mktemp("photos-library")
    library = root / "Test-10.15.7.photoslibrary"
    shutil.copytree(LIBRARIES / library.name, library)
    subprocess.run(["chmod", "-R", "u+w", str(library)], check=True)
    make_live_photo(library)
    for url in serve(["--library", library, "--include-hidden", "--include-trashed"], root, "server-photos-library.log"):
        yield url, library


@pytest.fixture
def photos(page, library_server) -> PhotolalaPage:
    return PhotolalaPage(page, library_server[0])


def test_all_photos_albums_and_folders(photos):
    page = photos.page
    photos.open("apple-photos", count=SHOWN)
    source = page.locator('[data-testid="source-item"][data-source="apple-photos"]')
    expect(source).to_have_attribute("data-configured", "true")
    expect(source).to_contain_text("Test-10.15.7")
    tiles = page.get_by_test_id("folder-tile")
    for name in ["Favorites", "Hidden", "Recently Deleted", "Folder1", "Pumpkin Farm", "Sorted Manual", "Água"]:
        expect(tiles.filter(has_text=name).first).to_be_visible()
    photos.wait_for_thumbnails(12)

    tiles.filter(has_text="Folder1").click()
    expect(page.get_by_test_id("folder-name")).to_have_text(["SubFolder1", "SubFolder2"])
    page.get_by_test_id("folder-tile").filter(has_text="SubFolder2").click()
    page.get_by_test_id("folder-tile").filter(has_text="AlbumInFolder").click()
    photos.wait_listed(2)
    expect(photos.cell("IMG_4547.jpg")).to_be_visible()
    expect(photos.cell("wedding.jpg")).to_be_visible()
    photos.wait_for_thumbnails(2)

    photos.open("apple-photos", "Hidden", count=1)
    photos.open("apple-photos", "Recently Deleted", count=2)
    photos.open("apple-photos", "Favorites", count=1)



def test_album_tiles_show_their_kind_count_and_cover_and_an_empty_album_says_so(photos):
    page = photos.page
    photos.open("apple-photos", count=SHOWN)
    tiles = page.get_by_test_id("folder-tile")
    favorites = tiles.filter(has_text="Favorites")
    folder = tiles.filter(has_text="Folder1")
    album = tiles.filter(has_text="Sorted Manual")
    expect(favorites).to_have_attribute("data-kind", "smartAlbum")
    expect(folder).to_have_attribute("data-kind", "folder")
    expect(album).to_have_attribute("data-kind", "album")
    icons = {tile.get_by_test_id("folder-icon").inner_html() for tile in (favorites, folder, album)}
    assert len(icons) == 3, "albums, smart albums and folders have distinct icons"
    expect(album.get_by_test_id("folder-count")).to_have_text("3")
    expect(folder.get_by_test_id("folder-count")).to_have_text("2 albums")
    cover = album.get_by_test_id("folder-cover").locator("img")
    page.wait_for_function("(img) => img.complete && img.naturalWidth > 0", arg=cover.element_handle(timeout=15_000))
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.get_by_test_id("folder-strip").screenshot(path=str(ARTIFACTS / "album-tiles.png"))
    # With the inspector open the tiles take more rows: the strip shows whole ones, the rest a scroll away.
    page.keyboard.press("Control+i")
    expect(page.get_by_test_id("inspector")).to_be_visible()
    cut = page.evaluate("""() => {
      const strip = document.querySelector('.folder-strip').getBoundingClientRect();
      return [...document.querySelectorAll('.folder-tile')].map((tile) => tile.getBoundingClientRect())
        .filter((box) => box.top < strip.bottom - 1 && box.bottom > strip.bottom + 1).map((box) => [box.top, box.bottom, strip.top, strip.bottom]);
    }""")
    assert cut == [], f"tiles cut by the strip's bottom edge: {cut}"
    page.screenshot(path=str(ARTIFACTS / "album-tiles-inspector-open.png"))
    page.keyboard.press("Control+i")

    empty = tiles.filter(has_text="EmptyAlbum")
    expect(empty.get_by_test_id("folder-count")).to_have_text("0")
    empty.click()
    photos.wait_listed(0)
    expect(page.get_by_test_id("grid-empty")).to_have_text("No photos in this album.")
    page.screenshot(path=str(ARTIFACTS / "empty-album.png"))

def test_thumbnail_and_preview_of_a_photo_only_in_icloud(photos):
    page = photos.page
    photos.open("apple-photos", count=SHOWN)
    cell = photos.cell("IMG_1693.tif")
    cell.scroll_into_view_if_needed()
    page.wait_for_function(
        """() => { const img = document.querySelector('[data-testid="photo-cell"][aria-label="IMG_1693.tif"]');
                   return img && img.dataset.state === 'loaded' && img.complete && img.naturalWidth > 0 }""",
        timeout=30_000,
    )
    cell.dblclick()
    # Its original is only in iCloud: the sharp thumbnail, at most at its own size and centred, and a label.
    preview = page.get_by_test_id("preview")
    expect(preview).to_have_attribute("data-state", "thumbnail")
    notice = page.get_by_test_id("preview-notice")
    expect(notice).to_contain_text("Original in iCloud — showing the thumbnail")
    expect(notice).to_contain_text("not available locally (in iCloud)")
    image = page.get_by_test_id("preview-image")
    expect(image).to_be_visible()
    natural = image.evaluate("img => [img.naturalWidth, img.naturalHeight]")
    assert 0 < max(natural) <= 512
    box = image.bounding_box()
    assert abs(box["width"] - natural[0]) < 1 and abs(box["height"] - natural[1]) < 1, "not blown up"
    stage = page.locator(".preview-stage").bounding_box()
    assert abs((box["x"] + box["width"] / 2) - (stage["x"] + stage["width"] / 2)) < 2, "centred"
    assert image.evaluate("img => getComputedStyle(img).filter") == "none"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "preview-icloud.png"))


def test_preview_of_an_edited_heic_and_the_inspector(photos):
    page = photos.page
    photos.open("apple-photos", count=SHOWN)
    photos.cell("IMG_3092.heic").dblclick()
    preview = page.get_by_test_id("preview")
    # HEIC is rendered to JPEG on the server: seconds on a busy machine.
    expect(preview).to_have_attribute("data-state", "loaded", timeout=30_000)
    assert page.get_by_test_id("preview-image").evaluate("img => img.naturalWidth") > 1000
    page.keyboard.press("Escape")
    expect(preview).to_be_hidden()

    photos.grid.focus()
    photos.open_inspector()
    photos.cell("wedding.jpg").click()
    expect(page.get_by_test_id("inspector-name")).to_have_text("wedding.jpg")
    # The metadata comes from the library's database copy: seconds on a busy machine.
    expect(page.get_by_test_id("inspector-favorite")).to_have_text("Yes", timeout=15_000)
    expect(page.get_by_test_id("inspector-albums")).to_have_text("AlbumInFolder, I have a deleted twin, Multi Keyword")
    expect(page.get_by_test_id("inspector-original")).to_have_text("In the library")


def test_export_downloads_the_original_under_its_original_filename(photos, library_server, tmp_path):
    page = photos.page
    photos.open("apple-photos", count=SHOWN)
    cell = photos.cell("winebottle.jpeg").first
    cell.scroll_into_view_if_needed()
    cell.click(button="right")
    menu = page.get_by_test_id("context-menu")
    expect(menu.locator('[data-action="export"]')).to_have_text("Export…")
    with page.expect_download() as download_info:
        menu.locator('[data-action="export"]').click()
    download = download_info.value
    assert download.suggested_filename == "winebottle.jpeg"
    saved = tmp_path / "winebottle.jpeg"
    download.save_as(saved)
    original = library_server[1] / "originals" / "7" / "7F74DD34-5920-4DA3-B284-479887A34F66.jpeg"
    other = library_server[1] / "originals" / "5" / "52083079-73D5-4921-AC1B-FE76F279133F.jpeg"
    assert saved.read_bytes() in (original.read_bytes(), other.read_bytes())


def test_the_top_of_all_photos_shows_before_its_listing_and_a_photo_gone_meanwhile_goes(photos):
    """A library of a million assets takes seconds to list: the page shows the top of its order,
    which the server reads from Photos' date index, while the listing is held back here. A photo
    the top brought that the listing does not (deleted in between) leaves once it is listed."""
    page = photos.page
    held = []

    def is_listing(url):
        return "/items?offset=" in url

    def hold(route):
        held.append(route)

    page.route(is_listing, hold)

    def add_a_photo_deleted_since(route):
        answer = route.fetch()
        body = answer.json()
        date = body["fields"].index("date")
        gone = list(body["items"][0])
        gone[0], gone[1] = "00000000-0000-4000-8000-000000000000", "gone.jpg"
        gone[date] = min(row[date] for row in body["items"] if row[date] is not None) - 86_400
        body["items"].append(gone)
        body["count"] += 1
        route.fulfill(response=answer, json=body)

    page.route(lambda url: "/items?first=date-asc" in url, add_a_photo_deleted_since)
    page.goto(photos.url("apple-photos"))
    expect(photos.cell("gone.jpg")).to_be_visible()
    photos.wait_for_thumbnails(12)
    shown = photos.mounted_names()
    assert shown[0] == "gone.jpg"  # the oldest
    assert held, "the listing was asked for"
    assert page.locator('.status-bar[data-complete="true"]').count() == 0

    page.unroute(is_listing, hold)
    for route in held:
        route.continue_()
    photos.wait_listed(SHOWN)
    expect(photos.cell("gone.jpg")).to_have_count(0)
    assert photos.mounted_names()[: len(shown) - 1] == shown[1:]


def test_an_open_album_follows_changes_photos_writes(photos, library_server):
    """Last in this file: it changes the library copy the other tests read."""
    photos.open("apple-photos", "Favorites", count=1)
    database = library_server[1] / "database" / "Photos.sqlite"
    # Core Data's triggers call functions only Photos defines: drop them in this copy first.
    drops = subprocess.run(
        ["sqlite3", str(database), "SELECT 'DROP TRIGGER \"' || name || '\";' FROM sqlite_master WHERE type = 'trigger'"],
        check=True, capture_output=True, text=True,
    ).stdout
    favourite = "UPDATE ZGENERICASSET SET ZFAVORITE = 1, ZMODIFICATIONDATE = ZMODIFICATIONDATE + 60 WHERE ZUUID LIKE '1EB2B765%';"
    subprocess.run(["sqlite3", str(database), drops + favourite], check=True)
    expect(photos.page.get_by_test_id("status-count")).to_have_text("2 photos", timeout=10_000)
    expect(photos.cell("Pumpkins3.jpg")).to_be_visible()


def test_a_raw_jpeg_asset_has_its_raw_badge_and_a_live_photo_plays_its_movie(photos):
    page = photos.page
    photos.open("apple-photos", count=SHOWN)
    photos.cell("IMG_1997.JPG").scroll_into_view_if_needed()
    expect(page.locator(f'[data-testid="raw-badge"][data-id="{PAIR}"]')).to_have_text("RAW")
    # The inspector lists the JPEG and its RAW, named as Photos exports it, with the size Photos recorded.
    photos.cell("IMG_1997.JPG").click()
    photos.open_inspector()
    files = page.get_by_test_id("inspector-file")
    expect(files).to_have_count(2)
    expect(files.nth(0)).to_contain_text("IMG_1997.JPG")
    expect(files.nth(1)).to_contain_text("IMG_1997.CR2")
    expect(files.nth(1)).to_contain_text("RAW")
    expect(files.nth(1)).to_contain_text("16 MB")
    page.keyboard.press("Escape")

    cell = photos.cell("Pumpkins3.jpg")
    cell.scroll_into_view_if_needed()
    badge = page.locator(f'[data-testid="live-badge"][data-id="{LIVE}"]')
    expect(badge).to_have_text("◉ LIVE")
    badge.hover()
    motion = page.get_by_test_id("live-motion")
    expect(motion).to_have_count(1)
    expect(motion).to_have_attribute("src", f"api/sources/apple-photos/folders/~/items/{LIVE}~live/full")
    page.wait_for_function("() => document.querySelector('[data-testid=live-motion]')?.currentTime > 0.3", timeout=15_000)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "apple-photos-live.png"))
    page.mouse.move(0, 0)
    expect(motion).to_have_count(0)

    # The preview's LIVE button plays it too.
    cell.dblclick()
    expect(page.get_by_test_id("preview")).to_have_attribute("data-state", "loaded", timeout=30_000)
    live = page.get_by_test_id("preview-live")
    expect(live).to_be_visible()
    live.hover()
    page.wait_for_function("() => document.querySelector('[data-testid=preview-motion]')?.currentTime > 0.3", timeout=15_000)
    expect(page.get_by_test_id("preview")).to_have_attribute("data-live", "playing")
