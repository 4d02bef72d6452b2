"""The Cloud Backup panel tells the truth: how the last run ended, the photos that failed with
their folder and reason and a Retry button, the storage used after a run, a "Back Up Now" that
looks disabled when it is, and Esc or a click outside to close it."""

from __future__ import annotations

import shutil

import pytest
from playwright.sync_api import expect

from conftest import ARTIFACTS, serve
from photolala_page import PhotolalaPage

PANEL_USER_ID = "7c9e6679-7425-40de-944b-e07fc1f90ae7"


@pytest.fixture
def panel_photos(backup_photos, tmp_path):
    """Two photos of their own, one of which a test deletes."""
    photos = tmp_path / "Panel"
    photos.mkdir()
    for source in sorted(backup_photos.iterdir())[:2]:
        shutil.copy(source, photos / source.name)
    return photos


@pytest.fixture
def panel_ui(page, seaweedfs, panel_photos, tmp_path_factory) -> PhotolalaPage:
    cloud = {
        "PHOTOLALA_S3_ENDPOINT": seaweedfs.endpoint, "PHOTOLALA_S3_BUCKET": seaweedfs.bucket, "PHOTOLALA_USER_ID": PANEL_USER_ID,
        "AWS_ACCESS_KEY_ID": seaweedfs.access_key, "AWS_SECRET_ACCESS_KEY": seaweedfs.secret_key, "AWS_REGION": "us-east-1",
    }
    yield from (PhotolalaPage(page, url) for url in serve([panel_photos], tmp_path_factory.mktemp("panel-state"), "panel-server.log", cloud))


def test_the_panel_lists_a_failed_photo_and_retries_it(panel_ui, panel_photos):
    page = panel_ui.page
    panel_ui.open(count=2)
    panel_ui.first_cell.click()
    page.keyboard.press("Control+a")
    page.get_by_test_id("star-toggle").click()
    expect(page.locator('[data-testid="cell-badge"][data-state="starred"]')).to_have_count(2)
    # A photo that vanishes after it was starred fails on its own, with its own name.
    gone = sorted(panel_photos.iterdir())[1]
    saved = gone.read_bytes()
    gone.unlink()

    page.get_by_test_id("cloud-settings-open").click()
    panel = page.get_by_test_id("cloud-settings")
    expect(panel).to_be_visible()
    expect(panel.locator('[data-field="used"]')).to_have_text("0 bytes")
    expect(page.get_by_test_id("backup-now")).to_be_enabled()
    page.get_by_test_id("backup-now").click()

    last_run = page.get_by_test_id("backup-last-run")
    expect(last_run).to_contain_text("1 uploaded", timeout=60_000)
    expect(last_run).to_contain_text("1 failed")
    failure = page.get_by_test_id("backup-failure")
    expect(failure).to_have_count(1)
    expect(failure).to_contain_text(gone.name)
    expect(failure).to_contain_text("Panel")
    assert str(panel_photos) not in failure.inner_text()
    # The storage used is asked again once the run has ended.
    expect(panel.locator('[data-field="used"]')).not_to_have_text("0 bytes")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "cloud-panel.png"))
    page.get_by_test_id("backup-failures").screenshot(path=str(ARTIFACTS / "backup-failures.png"))

    gone.write_bytes(saved)
    page.get_by_test_id("backup-retry").click()
    expect(failure).to_have_count(0)
    expect(last_run).to_contain_text("done — 1 uploaded", timeout=60_000)
    status = panel_ui.api("backup/status")
    assert status["done"] == 2 and status["failed"] == 0, status

    page.keyboard.press("Escape")
    expect(panel).to_be_hidden()
    page.get_by_test_id("cloud-settings-open").click()
    expect(panel).to_be_visible()
    page.mouse.click(1200, 760)
    expect(panel).to_be_hidden()


BADGES_USER_ID = "0b8a7f52-3c1e-4f3a-9d6b-2e5c8a1f4d70"


@pytest.fixture
def badges_ui(page, seaweedfs, backup_photos, tmp_path, tmp_path_factory) -> PhotolalaPage:
    """A server on three photos of their own, backing up as a user of their own."""
    photos = tmp_path / "Badges"
    photos.mkdir()
    for source in sorted(backup_photos.iterdir())[:3]:
        shutil.copy(source, photos / source.name)
    cloud = {
        "PHOTOLALA_S3_ENDPOINT": seaweedfs.endpoint, "PHOTOLALA_S3_BUCKET": seaweedfs.bucket, "PHOTOLALA_USER_ID": BADGES_USER_ID,
        "AWS_ACCESS_KEY_ID": seaweedfs.access_key, "AWS_SECRET_ACCESS_KEY": seaweedfs.secret_key, "AWS_REGION": "us-east-1",
    }
    yield from (PhotolalaPage(page, url) for url in serve([photos], tmp_path_factory.mktemp("badges-state"), "badges-server.log", cloud))


def test_badges_show_starred_backed_up_and_failed_as_icons(badges_ui, tmp_path):
    """One photo of each state side by side: backed up, starred, failed (changed after it was
    starred), each an SVG icon with its label."""
    page = badges_ui.page
    badges_ui.open(count=3)
    backed_up, starred, failed = sorted(path.name for path in (tmp_path / "Badges").iterdir())
    badges_ui.cell(backed_up).click()
    badges_ui.cell(failed).click(modifiers=[badges_ui.command])
    page.get_by_test_id("star-toggle").click()
    badge = lambda name: page.locator(f'[data-testid="cell-badge"][data-id="{badges_ui.cell(name).get_attribute("data-id")}"]')  # noqa: E731
    expect(page.locator('[data-testid="cell-badge"][data-state="starred"]')).to_have_count(2)
    with open(tmp_path / "Badges" / failed, "ab") as changed:
        changed.write(b"changed after it was starred")

    page.get_by_test_id("cloud-settings-open").click()
    page.get_by_test_id("backup-now").click()
    last_run = page.get_by_test_id("backup-last-run")
    expect(last_run).to_contain_text("1 uploaded", timeout=60_000)
    expect(last_run).to_contain_text("1 failed")
    page.keyboard.press("Escape")
    badges_ui.cell(starred).click()
    page.get_by_test_id("star-toggle").click()

    for name, state, label in ((backed_up, "backedUp", "Backed up"), (starred, "starred", "Starred"), (failed, "failed", "Backup failed")):
        expect(badge(name)).to_have_attribute("data-state", state)
        expect(badge(name)).to_have_attribute("aria-label", label)
        expect(badge(name).locator("svg")).to_have_count(1)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "badges-backed-up-starred-failed.png"))


def test_back_up_now_looks_disabled_without_a_cloud(page, server):
    page.goto(server)
    page.get_by_test_id("cloud-settings-open").click()
    button = page.get_by_test_id("backup-now")
    expect(button).to_be_disabled()
    # The same button's look, disabled and then enabled for a moment.
    looks = button.evaluate(
        """(button) => {
          const look = () => { const style = getComputedStyle(button); return [style.cursor, style.backgroundColor, style.color]; };
          const disabled = look();
          button.disabled = false;
          const enabled = look();
          button.disabled = true;
          return { disabled, enabled };
        }"""
    )
    assert looks["disabled"][0] == "not-allowed", looks
    assert looks["disabled"][1] != looks["enabled"][1] and looks["disabled"][2] != looks["enabled"][2], looks
