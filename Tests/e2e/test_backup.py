"""Backup from the browser: star photos on their badges, the toolbar and the context menu; the
Cloud settings panel (never the secret); "Back Up Now" with the status bar while uploading, the
badges turning ☁️ and the photos in the SeaweedFS bucket."""

from __future__ import annotations

import hashlib

from playwright.sync_api import expect

from conftest import BACKUP_PHOTOS, BACKUP_USER_ID

BADGE = '[data-testid="cell-badge"]'

# Records every text the backup status bar shows, so a run quicker than a poll is still seen.
WATCH_BACKUP_BAR = """() => {
  window.backupTexts = [];
  const bar = document.querySelector('[data-testid="backup-status"]');
  new MutationObserver(() => { if (!bar.hidden) window.backupTexts.push(bar.textContent); })
    .observe(bar, { subtree: true, childList: true, characterData: true, attributes: true });
}"""


WATCH_VERIFY = """() => {
  window.verifyTexts = [];
  const line = document.querySelector('[data-testid="backup-last-verify"]');
  new MutationObserver(() => window.verifyTexts.push(line.textContent))
    .observe(line, { subtree: true, childList: true, characterData: true });
}"""


def test_hover_badge_stars_and_badge_click_unstars(backup_ui):
    page = backup_ui.page
    backup_ui.open(count=BACKUP_PHOTOS)
    cell = backup_ui.first_cell
    item = cell.get_attribute("data-id")
    cell.hover()
    hover = page.get_by_test_id("hover-badge")
    expect(hover).to_be_visible()
    # Badges are drawn (SVG), never emoji, which show as empty boxes without a colour-emoji font.
    expect(hover).to_have_attribute("aria-label", "Star for backup")
    expect(hover.locator("svg")).to_have_count(1)
    expect(hover).to_have_text("")
    hover.click()
    badge = page.locator(f'{BADGE}[data-id="{item}"]')
    expect(badge).to_have_attribute("data-state", "starred")
    expect(badge).to_have_attribute("aria-label", "Starred")
    expect(badge.locator("svg")).to_have_count(1)
    expect(badge).to_have_text("")
    expect(cell).to_have_attribute("aria-selected", "false")  # the badge is not a click on the photo

    page.reload()
    backup_ui.wait_listed(BACKUP_PHOTOS)
    expect(badge).to_have_attribute("data-state", "starred")  # the queue is the server's
    badge.click()
    expect(page.locator(BADGE)).to_have_count(0)


def test_the_selection_is_starred_from_the_toolbar_and_the_context_menu(backup_ui):
    page = backup_ui.page
    backup_ui.open(count=BACKUP_PHOTOS)
    toggle = page.get_by_test_id("star-toggle")
    expect(toggle).to_be_disabled()
    backup_ui.first_cell.click()
    page.keyboard.press("Control+a")
    toggle.click()
    expect(page.locator(f'{BADGE}[data-state="starred"]')).to_have_count(BACKUP_PHOTOS)
    expect(toggle).to_have_attribute("aria-pressed", "true")
    toggle.click()
    expect(page.locator(BADGE)).to_have_count(0)

    backup_ui.first_cell.click()  # the menu acts on the selection: this photo alone
    backup_ui.first_cell.click(button="right")
    page.get_by_test_id("context-menu").locator('[data-action="star"]').click()
    expect(page.locator(f'{BADGE}[data-state="starred"]')).to_have_count(1)
    backup_ui.first_cell.click(button="right")
    page.get_by_test_id("context-menu").locator('[data-action="unstar"]').click()
    expect(page.locator(BADGE)).to_have_count(0)


def test_back_up_now_uploads_the_starred_photos_with_the_status_bar(backup_ui, backup_photos, seaweedfs):
    page = backup_ui.page
    backup_ui.open(count=BACKUP_PHOTOS)
    backup_ui.first_cell.click()
    page.keyboard.press("Control+a")
    page.get_by_test_id("star-toggle").click()
    expect(page.locator(f'{BADGE}[data-state="starred"]')).to_have_count(BACKUP_PHOTOS)

    page.get_by_test_id("cloud-settings-open").click()
    panel = page.get_by_test_id("cloud-settings")
    expect(panel).to_be_visible()
    expect(panel.locator('[data-field="bucket"]')).to_have_text(seaweedfs.bucket)
    expect(panel.locator('[data-field="user-id"]')).to_have_text(BACKUP_USER_ID)
    expect(panel.locator('[data-field="access-key"]')).to_have_text(seaweedfs.access_key)
    expect(panel.locator('[data-field="used"]')).not_to_have_text("Loading…")
    expect(panel.get_by_test_id("backup-last-verify")).to_have_text("Never verified.")
    assert seaweedfs.secret_key not in page.content()
    assert seaweedfs.secret_key not in str(backup_ui.api("cloud"))

    page.evaluate(WATCH_BACKUP_BAR)
    page.get_by_test_id("backup-now").click()
    bar = page.get_by_test_id("backup-status")
    expect(bar).to_be_visible()
    expect(page.locator(f'{BADGE}[data-state="backedUp"]')).to_have_count(BACKUP_PHOTOS, timeout=60_000)
    expect(page.locator(BADGE).first).to_have_attribute("aria-label", "Backed up")
    expect(page.locator(BADGE).first).to_have_text("")
    texts = page.evaluate("window.backupTexts")
    assert any(text.startswith("Backing up ") and f"of {BACKUP_PHOTOS} photos" in text for text in texts), texts
    expect(bar).to_be_hidden(timeout=15_000)

    status = backup_ui.api("backup/status")
    assert status["done"] == BACKUP_PHOTOS and status["failed"] == 0 and status["configured"] is True
    md5s = sorted(hashlib.md5(path.read_bytes()).hexdigest() for path in backup_photos.iterdir())
    assert seaweedfs.keys(f"photos/{BACKUP_USER_ID}/") == [f"photos/{BACKUP_USER_ID}/{md5}.dat" for md5 in md5s]
    assert len(seaweedfs.keys(f"thumbnails/{BACKUP_USER_ID}/")) == BACKUP_PHOTOS

    # Verified from the panel, not a terminal: its progress while it runs, then the new last verification.
    page.evaluate(WATCH_VERIFY)
    panel.get_by_test_id("backup-verify").click()
    expect(panel.get_by_test_id("backup-last-verify")).to_contain_text(f"{BACKUP_PHOTOS} photos checked, 0 problems", timeout=60_000)
    texts = page.evaluate("window.verifyTexts")
    assert any(text.startswith("Verifying the backup…") for text in texts), texts
    expect(panel.get_by_test_id("backup-verify-progress")).to_be_hidden()
    assert backup_ui.api("cloud")["lastVerify"]["photosChecked"] == BACKUP_PHOTOS
