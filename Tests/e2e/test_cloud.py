"""The cloud backup from a second device: the Cloud source lists what another device backed up,
from the synced catalog with Standard-storage thumbnails; photos here that are in the backup show
☁️ and "Backed up on …" and drop out of the "not backed up" filter; originals are restored from
Deep Archive through a priced dialog (on moto's server) and download under the right name."""

from __future__ import annotations

import fcntl
import hashlib
import shutil
import subprocess
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from conftest import ARTIFACTS, CLOUD_PHOTOS, CLOUD_USER_ID, back_up_from_another_device, cloud_environment, run, serve
from photolala_page import PhotolalaPage
from test_apple_photos import LIBRARIES, SHOWN

BADGE = '[data-testid="cell-badge"]'

# Records every text the sync overlay shows while visible, so a sync quicker than a poll is seen.
WATCH_SYNC_OVERLAY = """() => {
  window.overlayTexts = [];
  const overlay = document.querySelector('[data-testid="cloud-sync-overlay"]');
  new MutationObserver(() => { if (!overlay.hidden) window.overlayTexts.push(overlay.textContent); })
    .observe(overlay, { subtree: true, childList: true, characterData: true, attributes: true });
}"""

# Records every text the sidebar's sync line shows from now on.
WATCH_SYNC_STATUS = """() => {
  window.statusTexts = [];
  const line = document.querySelector('[data-testid="cloud-sync-status"]');
  new MutationObserver(() => window.statusTexts.push(line.textContent))
    .observe(line, { subtree: true, childList: true, characterData: true });
}"""


def expect_original(download, name: str, cloud_photos: Path, folder: Path) -> None:
    """A download is the original of `Trip/NAME` that device A backed up: its name and its MD5."""
    saved = folder / download.suggested_filename
    download.save_as(saved)
    assert saved.name == name
    assert hashlib.md5(saved.read_bytes()).hexdigest() == hashlib.md5((cloud_photos / "Trip" / name).read_bytes()).hexdigest()


def open_cloud(ui, count: int) -> None:
    ui.page.goto(f"{ui.server}/")
    cloud = ui.page.locator('[data-testid="source-item"][data-source="cloud"]')
    expect(cloud).to_have_attribute("data-configured", "true")
    # The server syncs at start: the sidebar says so once done.
    expect(ui.page.get_by_test_id("cloud-sync-status")).to_have_text(f"{count} photos · synced just now", timeout=30_000)
    cloud.click()
    ui.wait_listed(count)


def test_the_cloud_source_shows_another_devices_backup_with_thumbnails(cloud_ui, cloud_photos):
    page = cloud_ui.page
    open_cloud(cloud_ui, CLOUD_PHOTOS)
    cloud_ui.wait_for_thumbnails(CLOUD_PHOTOS)
    names = sorted(path.name for path in (cloud_photos / "Trip").iterdir())
    assert sorted(cloud_ui.mounted_names()) == names
    expect(page.get_by_test_id("star-toggle")).to_be_hidden()  # the backup is not starred again
    expect(page.get_by_test_id("filter-not-backed-up")).to_be_hidden()

    page.evaluate(WATCH_SYNC_OVERLAY)
    page.get_by_test_id("cloud-sync-now").click()
    page.wait_for_function("window.overlayTexts.length > 0")
    expect(page.get_by_test_id("cloud-sync-overlay")).to_be_hidden()
    expect(page.get_by_test_id("cloud-sync-status")).to_have_text(f"{CLOUD_PHOTOS} photos · synced just now")

    cloud_ui.cell(names[0]).click()
    cloud_ui.open_inspector()
    inspector = page.get_by_test_id("inspector")
    # The backup date is written as the page writes every date (here en-GB: "25 Nov 2026").
    today = page.evaluate("new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date())")
    expect(inspector.get_by_test_id("inspector-backup")).to_have_text(f"Backed up on {today}, Deep Archive")
    expect(inspector.get_by_test_id("inspector-original")).to_have_text("In Deep Archive: restore it to download")
    expected_md5 = hashlib.md5((cloud_photos / "Trip" / names[0]).read_bytes()).hexdigest()
    expect(inspector.get_by_test_id("inspector-md5")).to_have_text(expected_md5)

    page.keyboard.press("Enter")  # the preview: the sharp thumbnail at its own size, and why the original is not there
    preview = page.get_by_test_id("preview")
    expect(preview).to_have_attribute("data-state", "thumbnail")
    expect(page.get_by_test_id("preview-notice")).to_contain_text("Original in Deep Archive — showing the thumbnail")
    expect(page.get_by_test_id("zoom-level")).to_have_text("100%")
    image = page.get_by_test_id("preview-image")
    assert image.evaluate("img => img.naturalWidth <= 512 && img.naturalHeight <= 512 && img.naturalWidth > 0")
    box = image.bounding_box()
    assert abs(box["width"] - image.evaluate("img => img.naturalWidth")) < 1, "shown at its own size, not blown up"
    page.screenshot(path=str(ARTIFACTS / "preview-deep-archive.png"))

    sync = cloud_ui.api("cloud/sync")
    assert sync["state"]["photoCount"] == CLOUD_PHOTOS and sync["state"].get("error") is None


def test_a_status_answered_before_the_syncs_end_does_not_outlast_it(page, seaweedfs, tmp_path_factory):
    """A tab asks for the sync's status as it opens, and hears every step as an event; the answer
    and the events come on two connections and can cross. An answer from while a sync ran that
    arrives after the sync's end must not leave the sidebar saying "Syncing…" until the next."""
    folder = tmp_path_factory.mktemp("crossing") / "Here"
    run("Scripts/make-photos.sh", folder, 1, 640, 480)
    state = tmp_path_factory.mktemp("crossing-state")
    cloud = cloud_environment(seaweedfs.endpoint, seaweedfs.bucket, seaweedfs.access_key, seaweedfs.secret_key)
    server = serve([folder], state, "crossing-server.log", cloud)
    url = next(server)
    try:
        PhotolalaPage(page, url).open("local-0", count=1)
        expect(page.get_by_test_id("cloud-sync-status")).to_contain_text("· synced", timeout=30_000)
        # Holding the lock that serialises syncs keeps the next one waiting, "Syncing… 0%".
        with open(state / "data" / "cloud" / CLOUD_USER_ID / ".sync.lock", "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            page.get_by_test_id("cloud-sync-now").click()
            expect(page.get_by_test_id("cloud-sync-status")).to_contain_text("Syncing…")

            # A second tab joins the event stream the first keeps open, so it hears every event
            # from its start; its first answer is held back until the sync has ended.
            other = page.context.new_page()
            held = []

            def hold_the_first_answer(route):
                if route.request.method == "GET" and not held:
                    held.append((route, route.fetch()))
                else:
                    route.continue_()

            other.route("**/api/cloud/sync", hold_the_first_answer)
            PhotolalaPage(other, url).open("local-0", count=1)
            status = other.get_by_test_id("cloud-sync-status")
            deadline = time.monotonic() + 10
            while not held and time.monotonic() < deadline:
                other.wait_for_timeout(50)
            assert held, "the tab asked for the sync's status"
            route, answer = held[0]
            assert answer.json()["syncing"], answer.json()
            fcntl.flock(lock, fcntl.LOCK_UN)
            expect(status).to_contain_text("· synced")
            other.evaluate(WATCH_SYNC_STATUS)
            with other.expect_request_finished(lambda request: request.url.endswith("/api/cloud/sync")):
                route.fulfill(response=answer)
            PhotolalaPage(other, url).next_frames()
            assert other.evaluate("window.statusTexts") == [], "the late answer was shown"
            expect(status).to_contain_text("· synced")
    finally:
        server.close()


def test_photos_here_that_are_backed_up_show_a_cloud_and_the_filter_hides_them(cloud_ui):
    page = cloud_ui.page
    cloud_ui.open("local-0", count=3)
    # The copies of backed-up photos are found by MD5 once the folder's catalog is built.
    in_cloud = page.locator(f'{BADGE}[data-state="backedUp"][data-in-cloud="true"]')
    expect(in_cloud).to_have_count(2, timeout=30_000)
    assert sorted(in_cloud.evaluate_all("badges => badges.map(badge => badge.dataset.id)")) == sorted(
        cloud_ui.cell(name).get_attribute("data-id") for name in ("IMG_00000.jpg", "IMG_00001.jpg"))

    cloud_ui.cell("IMG_00000.jpg").click()
    cloud_ui.open_inspector()
    expect(page.get_by_test_id("inspector-backup")).to_contain_text("Backed up on ")

    page.get_by_test_id("filter-not-backed-up").click()
    expect(page.get_by_test_id("filter-not-backed-up")).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_test_id("status-count")).to_have_text("1 photo")
    assert cloud_ui.mounted_names() == ["IMG_00004.jpg"]
    page.get_by_test_id("filter-not-backed-up").click()
    expect(page.get_by_test_id("status-count")).to_have_text("3 photos")


WEDDING = "E9BC5C36-7CD1-40A1-A72B-8B8FAC227D51"  # wedding.jpg in the 10.15.7 test library


@pytest.fixture(scope="module")
def library_on_device_b(seaweedfs, tmp_path_factory):
    """Device A backed up a copy of one original of an Apple Photos library; device B serves the
    library, whose originals it never hashed. The server's URL and the backed-up original."""
    root = tmp_path_factory.mktemp("cloud-library")
    library = root / "Test-10.15.7.photoslibrary"
    shutil.copytree(LIBRARIES / library.name, library)
    subprocess.run(["chmod", "-R", "u+w", str(library)], check=True)
    (root / "FromMac").mkdir()
    shutil.copy2(library / "originals" / "E" / f"{WEDDING}.jpeg", root / "FromMac" / "wedding.jpg")
    cloud = cloud_environment(seaweedfs.endpoint, seaweedfs.bucket, seaweedfs.access_key, seaweedfs.secret_key)
    cloud["PHOTOLALA_USER_ID"] = "5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d"
    back_up_from_another_device(root / "FromMac", root / "device-a", cloud)
    for url in serve(["--library", library], root / "device-b", "cloud-library-server.log", cloud):
        yield url, library / "originals" / "E" / f"{WEDDING}.jpeg"


def test_a_library_photo_backed_up_elsewhere_shows_a_cloud(page, library_on_device_b):
    url, original = library_on_device_b
    photos = PhotolalaPage(page, url)
    photos.open("apple-photos", count=SHOWN)
    # Only originals as large as a backed-up photo are hashed, in the background; then the badge.
    badge = page.locator(f'{BADGE}[data-id="{WEDDING}"]')
    expect(badge).to_have_attribute("data-in-cloud", "true", timeout=30_000)
    expect(page.locator(BADGE)).to_have_count(1)
    photos.cell("wedding.jpg").click()
    photos.open_inspector()
    expect(page.get_by_test_id("inspector-backup")).to_contain_text("Backed up on ")
    expect(page.get_by_test_id("inspector-md5")).to_have_text(hashlib.md5(original.read_bytes()).hexdigest())
    page.get_by_test_id("filter-not-backed-up").click()
    expect(page.get_by_test_id("status-count")).to_have_text(f"{SHOWN - 1} photos")
    expect(photos.cell("wedding.jpg")).to_have_count(0)


def test_an_original_is_restored_after_a_priced_request_and_downloads(restore_ui, moto, cloud_photos, tmp_path):
    page = restore_ui.page
    open_cloud(restore_ui, CLOUD_PHOTOS)
    name = "IMG_00002.jpg"
    cell = restore_ui.cell(name)
    item = cell.get_attribute("data-id")
    moto.hold_restore(f"photos/{CLOUD_USER_ID}/{item}.dat")  # Deep Archive takes hours; moto waits for the test
    cell.click()
    restore_ui.open_inspector()
    expect(page.get_by_test_id("inspector-original")).to_have_text("In Deep Archive: restore it to download")
    cell.click(button="right")
    menu = page.get_by_test_id("context-menu")
    expect(menu.locator('[data-action="export"]')).to_be_disabled()  # still in Deep Archive
    menu.locator('[data-action="restore"]').click()

    dialog = page.get_by_test_id("restore-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.locator('input[name="restore-tier"]')).to_have_count(2)  # Standard and Bulk
    assert "Expedited" not in dialog.inner_text()
    estimate = page.get_by_test_id("restore-estimate")
    expect(estimate).to_have_attribute("data-ready", "true")
    bulk_cost = estimate.get_attribute("data-cost")
    expect(estimate).to_contain_text("1 original")
    expect(estimate).to_contain_text("$")
    page.get_by_test_id("restore-tier-standard").check()
    expect(estimate).not_to_have_attribute("data-cost", bulk_cost)
    expect(estimate).to_have_attribute("data-ready", "true")
    assert float(estimate.get_attribute("data-cost")) > float(bulk_cost)  # Standard costs more than Bulk
    page.get_by_test_id("restore-days").fill("3")
    page.get_by_test_id("restore-confirm").click()
    expect(dialog).to_be_hidden()

    # Under way: ⏳ on the photo, and the inspector says so, while the server keeps checking.
    badge = page.locator(f'{BADGE}[data-id="{item}"]')
    expect(badge).to_have_attribute("data-state", "restoring")
    expect(page.get_by_test_id("inspector-original")).to_contain_text("Restoring (Standard, about 12 hours)")
    restores = restore_ui.api("cloud/restores")["items"]
    assert [(status["md5"], status["state"], status["tier"], status["days"]) for status in restores] == [(item, "restoring", "Standard", 3)]
    expect(menu).to_be_hidden()
    cell.click(button="right")
    expect(menu.locator('[data-action="export"]')).to_be_disabled()  # not readable yet
    page.keyboard.press("Escape")

    # Deep Archive is done: the next check finds the copy, and the badge and the open inspector follow.
    moto.release_restores()
    expect(badge).to_have_attribute("data-state", "restored", timeout=30_000)
    expect(page.get_by_test_id("inspector-original")).to_contain_text("Restored until ")
    assert restore_ui.api("cloud/restores")["items"][0]["state"] == "restored"
    # One date format in the page: the inspector writes the expiry as the badge's tooltip does.
    title = badge.get_attribute("title")
    assert title.startswith("Restored until ") and title.endswith(": ready to download."), title
    expect(page.get_by_test_id("inspector-original")).to_have_text(title.removesuffix(": ready to download."))

    cell.click(button="right")
    with page.expect_download() as download:
        menu.locator('[data-action="export"]').click()
    expect_original(download.value, name, cloud_photos, tmp_path)


@pytest.fixture(scope="module")
def folder_backup_server(cloud_photos, tmp_path_factory):
    """Device A backed up `Trip` to a backup folder (a disk or NAS) instead of S3; device B
    serves with the same folder. The server's URL."""
    root = tmp_path_factory.mktemp("folder-backup")
    cloud = {"PHOTOLALA_BACKUP_FOLDER": str(root / "nas"), "PHOTOLALA_USER_ID": "3c2b1a09-8f7e-4d6c-9b5a-4f3e2d1c0b9a"}
    back_up_from_another_device(cloud_photos / "Trip", root / "device-a", cloud)
    yield from serve([cloud_photos / "Trip"], root / "device-b", "folder-backup-server.log", cloud)


def test_a_backup_folder_is_browsed_and_its_originals_download_at_once(page, folder_backup_server, cloud_photos, tmp_path):
    ui = PhotolalaPage(page, folder_backup_server)
    open_cloud(ui, CLOUD_PHOTOS)
    ui.wait_for_thumbnails(CLOUD_PHOTOS)
    name = "IMG_00003.jpg"
    cell = ui.cell(name)
    cell.click()
    ui.open_inspector()
    expect(page.get_by_test_id("inspector-backup")).to_contain_text(", backup folder")
    expect(page.get_by_test_id("inspector-original")).to_have_text("Readable now")

    cell.click(button="right")
    menu = page.get_by_test_id("context-menu")
    expect(menu.locator('[data-action="restore"]')).to_be_disabled()  # nothing to restore from a folder
    with page.expect_download() as download:
        menu.locator('[data-action="export"]').click()
    expect_original(download.value, name, cloud_photos, tmp_path)

    cell.dblclick()
    expect(page.get_by_test_id("preview")).to_have_attribute("data-state", "loaded", timeout=15_000)


def test_a_store_without_deep_archive_refuses_a_restore_and_the_original_downloads(cloud_ui, cloud_photos, tmp_path):
    """SeaweedFS keeps the DEEP_ARCHIVE storage class a photo was uploaded with but has no archive:
    it refuses RestoreObject. The dialog says so in words and downloads the original instead."""
    page = cloud_ui.page
    open_cloud(cloud_ui, CLOUD_PHOTOS)
    name = "IMG_00003.jpg"
    cell = cloud_ui.cell(name)
    cell.click(button="right")
    page.get_by_test_id("context-menu").locator('[data-action="restore"]').click()
    expect(page.get_by_test_id("restore-estimate")).to_have_attribute("data-ready", "true")
    page.get_by_test_id("restore-confirm").click()
    note = page.get_by_test_id("restore-note")
    expect(note).to_contain_text("This store has no Deep Archive")
    expect(note).not_to_contain_text("RestoreObject")
    expect(page.get_by_test_id("restore-confirm")).to_be_hidden()
    with page.expect_download() as download:
        page.get_by_test_id("restore-download").click()
    expect_original(download.value, name, cloud_photos, tmp_path)
    expect(page.get_by_test_id("restore-dialog")).to_be_hidden()
