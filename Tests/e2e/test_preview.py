"""The preview: open, zoom, pan, next and previous, close."""

from __future__ import annotations

from playwright.sync_api import expect

from conftest import ARTIFACTS, PHOTOS_COUNT


def test_preview_opens_zooms_navigates_and_closes(ui):
    page = ui.page
    preview = page.get_by_test_id("preview")
    image = page.get_by_test_id("preview-image")
    ui.open("local-0", "Photos", count=PHOTOS_COUNT)

    ui.cell("IMG_00001.jpg").dblclick()
    expect(preview).to_be_visible()
    expect(preview).to_have_attribute("data-state", "loaded")
    expect(page.get_by_test_id("preview-name")).to_have_text("IMG_00001.jpg")
    expect(page.get_by_test_id("preview-position")).to_have_text(f"2 of {PHOTOS_COUNT}")
    assert image.evaluate("img => img.naturalWidth") == 1200  # the full image, not the thumbnail

    fit = ui.transform_scale(image)
    page.get_by_test_id("zoom-in").click()
    zoomed = ui.transform_scale(image)
    assert zoomed > fit * 1.2
    page.keyboard.press("+")
    assert ui.transform_scale(image) > zoomed

    # Zoomed in, a drag pans the photo.
    before = ui.transform_translation(image)
    stage = page.locator(".preview-stage").bounding_box()
    centre = (stage["x"] + stage["width"] / 2, stage["y"] + stage["height"] / 2)
    page.mouse.move(*centre)
    page.mouse.down()
    page.mouse.move(centre[0] + 60, centre[1] + 40, steps=4)
    page.mouse.up()
    after = ui.transform_translation(image)
    assert after[0] > before[0] and after[1] > before[1]

    # The wheel zooms around the pointer; the fit button goes back.
    page.mouse.wheel(0, 300)
    assert ui.transform_scale(image) < zoomed * 1.25
    page.get_by_test_id("zoom-fit").click()
    assert abs(ui.transform_scale(image) - fit) < 1e-3
    expect(page.get_by_test_id("zoom-out")).to_be_disabled()  # fit is as small as it gets

    page.keyboard.press("ArrowRight")
    expect(page.get_by_test_id("preview-name")).to_have_text("IMG_00002.jpg")
    expect(preview).to_have_attribute("data-state", "loaded")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    expect(page.get_by_test_id("preview-name")).to_have_text("IMG_00000.jpg")
    expect(page.get_by_test_id("preview-previous")).to_be_disabled()

    page.keyboard.press("Escape")
    expect(preview).to_be_hidden()
    # The grid has the photo the preview ended on selected, and the keyboard focus.
    assert ui.selected_names() == ["IMG_00000.jpg"]
    assert page.evaluate("document.activeElement.dataset.testid") == "photo-grid"


def test_enter_and_space_open_the_preview(ui):
    page = ui.page
    preview = page.get_by_test_id("preview")
    ui.open("local-0", "Photos", count=PHOTOS_COUNT)
    ui.cell("IMG_00003.jpg").click()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("preview-name")).to_have_text("IMG_00003.jpg")
    page.keyboard.press("Space")  # Space toggles, as Quick Look does
    expect(preview).to_be_hidden()
    page.keyboard.press("Space")
    expect(preview).to_be_visible()
    page.get_by_test_id("preview-close").click()
    expect(preview).to_be_hidden()


def test_a_photo_smaller_than_the_window_opens_at_its_own_size(ui):
    page = ui.page
    ui.open("local-0", "Mixed")
    ui.cell("photo.webp").dblclick()  # 640 × 480, smaller than the stage
    expect(page.get_by_test_id("preview")).to_have_attribute("data-state", "loaded")
    expect(page.get_by_test_id("zoom-level")).to_have_text("100%")
    assert abs(ui.transform_scale(page.get_by_test_id("preview-image")) - 1) < 1e-3
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "preview-small-photo-at-100-percent.png"))
    page.get_by_test_id("zoom-in").click()  # it can still be zoomed in
    expect(page.get_by_test_id("zoom-level")).not_to_have_text("100%")
