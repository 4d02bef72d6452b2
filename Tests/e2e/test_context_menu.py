"""The photo context menu: right click or Shift-F10, acting on the selection; Export downloads
originals under their own names."""

from __future__ import annotations

import hashlib
import zipfile

from playwright.sync_api import expect

from conftest import ARTIFACTS


def test_right_click_selects_the_photo_and_export_downloads_its_original(ui, library, tmp_path):
    page = ui.page
    ui.open("local-0", "Mixed")
    menu = page.get_by_test_id("context-menu")
    photo = ui.cell("photo-4000x3000.jpg")
    photo.click(button="right")
    expect(menu).to_be_visible()
    expect(photo).to_have_attribute("aria-selected", "true")
    expect(menu.get_by_test_id("context-menu-item")).to_have_text(["Open", "Get Info", "Export Original…", "Star for Backup", "Unstar"])

    with page.expect_download() as download_info:
        menu.locator('[data-action="export"]').click()
    download = download_info.value
    assert download.suggested_filename == "photo-4000x3000.jpg"
    saved = tmp_path / download.suggested_filename
    download.save_as(saved)
    original = library / "Library" / "Mixed" / "photo-4000x3000.jpg"
    assert hashlib.md5(saved.read_bytes()).hexdigest() == hashlib.md5(original.read_bytes()).hexdigest()
    expect(menu).to_be_hidden()


def test_keyboard_opens_the_menu_and_escape_closes_it(ui):
    page = ui.page
    ui.open("local-0", "Mixed")
    menu = page.get_by_test_id("context-menu")
    ui.grid.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Shift+F10")
    expect(menu).to_be_visible()
    expect(menu.locator('[data-action="open"]')).to_be_focused()
    page.keyboard.press("ArrowDown")
    expect(menu.locator('[data-action="info"]')).to_be_focused()
    page.keyboard.press("Escape")
    expect(menu).to_be_hidden()
    expect(ui.grid).to_be_focused()
    expect(page.get_by_test_id("preview")).to_be_hidden()

    # "Get Info" opens the inspector on the photo.
    page.keyboard.press("Shift+F10")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("inspector")).to_be_visible()
    expect(page.get_by_test_id("inspector-name")).not_to_be_empty()


def test_right_click_on_a_selected_photo_keeps_the_selection(ui):
    page = ui.page
    ui.open("local-0", "Photos")
    ui.grid.focus()
    page.keyboard.press(f"{ui.command}+a")
    expect(page.locator('[data-testid="photo-cell"][aria-selected="true"]').first).to_be_visible()
    ui.first_cell.click(button="right")
    menu = page.get_by_test_id("context-menu")
    expect(menu.locator('[data-action="export"]')).to_have_text("Export 24 Originals…")
    page.mouse.click(5, 5)
    expect(menu).to_be_hidden()


def test_exporting_several_photos_downloads_one_zip_of_their_originals(ui, library, tmp_path):
    page = ui.page
    ui.open("local-0", "Mixed")
    names = ["photo-4000x3000.jpg", "photo.heic", "photo.png"]
    ui.cell(names[0]).click()
    for name in names[1:]:
        ui.cell(name).click(modifiers=[ui.command])
    ui.cell(names[0]).click(button="right")
    menu = page.get_by_test_id("context-menu")
    export = menu.locator('[data-action="export"]')
    expect(export).to_have_text("Export 3 Originals…")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "export-three-selected.png"))
    with page.expect_download() as download_info:
        export.click()
    download = download_info.value
    assert download.suggested_filename == "Mixed.zip"
    saved = tmp_path / "Mixed.zip"
    download.save_as(saved)
    with zipfile.ZipFile(saved) as archive:
        assert archive.testzip() is None
        assert sorted(archive.namelist()) == sorted(names)
        for name in names:
            assert archive.read(name) == (library / "Library" / "Mixed" / name).read_bytes()
    expect(ui.grid).to_be_visible()  # the page stays; the answer was a download
