"""Selection like a native collection view: mouse, modifiers, keyboard."""

from __future__ import annotations

from playwright.sync_api import expect

from conftest import PHOTOS_COUNT


def names(*indexes: int) -> list[str]:
    return [f"IMG_{index:05d}.jpg" for index in indexes]


def columns(ui) -> int:
    return int(ui.grid.get_attribute("aria-colcount"))


def test_mouse_selection(ui):
    page = ui.page
    ui.open("local-0", "Photos", count=PHOTOS_COUNT)
    status = page.get_by_test_id("status-selection")

    ui.cell("IMG_00000.jpg").click()
    assert ui.selected_names() == names(0)
    expect(status).to_contain_text("1 selected")

    ui.cell("IMG_00002.jpg").click(modifiers=[ui.command])
    assert ui.selected_names() == names(0, 2)

    # Shift extends from the anchor (the last plain or ⌘/Ctrl click) and replaces the rest.
    ui.cell("IMG_00005.jpg").click(modifiers=["Shift"])
    assert ui.selected_names() == names(2, 3, 4, 5)

    ui.cell("IMG_00003.jpg").click(modifiers=[ui.command])
    assert ui.selected_names() == names(2, 4, 5)

    ui.cell("IMG_00007.jpg").click()
    assert ui.selected_names() == names(7)

    # A click on empty space clears the selection.
    box = ui.grid.bounding_box()
    page.mouse.click(box["x"] + box["width"] - 80, box["y"] + box["height"] - 10)
    assert ui.selected_names() == []
    expect(status).to_have_text("")


def test_keyboard_selection(ui):
    page = ui.page
    keyboard = page.keyboard
    ui.open("local-0", "Photos", count=PHOTOS_COUNT)
    per_row = columns(ui)
    assert per_row > 2

    ui.cell("IMG_00000.jpg").click()
    keyboard.press("ArrowRight")
    assert ui.selected_names() == names(1)
    expect(ui.cell("IMG_00001.jpg")).to_have_class("photo-cell is-focused")

    keyboard.press("Shift+ArrowRight")
    keyboard.press("Shift+ArrowRight")
    assert ui.selected_names() == names(1, 2, 3)
    keyboard.press("Shift+ArrowLeft")
    assert ui.selected_names() == names(1, 2)

    keyboard.press("ArrowDown")
    assert ui.selected_names() == names(2 + per_row)
    keyboard.press("Shift+ArrowUp")
    assert ui.selected_names() == names(*range(2, 3 + per_row))
    keyboard.press("ArrowUp")
    assert ui.selected_names() == names(2)

    keyboard.press(f"{ui.command}+a")
    expect(page.get_by_test_id("status-selection")).to_contain_text(f"{PHOTOS_COUNT} selected")
    assert len(ui.selected_names()) == PHOTOS_COUNT

    keyboard.press("Escape")
    assert ui.selected_names() == []

    keyboard.press("End")
    assert ui.selected_names() == names(PHOTOS_COUNT - 1)
    keyboard.press("Home")
    assert ui.selected_names() == names(0)


def test_selection_survives_sorting(ui):
    page = ui.page
    ui.open("local-0", "Photos", count=PHOTOS_COUNT)
    ui.cell("IMG_00004.jpg").click()
    ui.cell("IMG_00009.jpg").click(modifiers=[ui.command])
    page.get_by_test_id("sort").select_option("name-desc")
    expect(ui.first_cell).to_have_attribute("aria-label", f"IMG_{PHOTOS_COUNT - 1:05d}.jpg")
    assert ui.selected_names() == names(9, 4)
