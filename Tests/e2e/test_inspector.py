"""The inspector: toggled by ⌘/Ctrl-I or the toolbar, shrinking the grid; empty, single and
multiple selection states, with the EXIF the fixtures wrote."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from conftest import ARTIFACTS


def test_inspector_states(ui):
    page = ui.page
    inspector = page.get_by_test_id("inspector")
    ui.open("local-0", "Mixed")
    expect(inspector).to_be_hidden()
    grid_width = ui.grid.bounding_box()["width"]

    ui.grid.focus()
    ui.open_inspector()
    expect(page.get_by_test_id("inspector-toggle")).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_test_id("inspector-empty")).to_contain_text("No selection")
    assert ui.grid.bounding_box()["width"] < grid_width - 200  # a sidebar, not an overlay

    ui.cell("photo-4000x3000.jpg").click()
    expect(page.get_by_test_id("inspector-name")).to_have_text("photo-4000x3000.jpg")
    fields = {
        "dimensions": "4000 × 3000 (12 MP)",
        "camera": "Canon EOS R5",
        "lens": "RF24-105mm F4 L IS USM",
        "exposure": "1/250 s",
        "aperture": "f/8",
        "iso": "ISO 200",
        "focalLength": "50 mm",
        "location": "35.65858° N, 139.74543° E",
        "altitude": "40.5 m",
        "format": "JPEG",
    }
    # The first photo with a position shown after the server starts may wait for the place data
    # to load: a second in a release build, five or more in the debug build tested here.
    expect(page.get_by_test_id("inspector-dimensions")).to_have_text(fields["dimensions"], timeout=30_000)
    for field, text in fields.items():
        expect(page.get_by_test_id(f"inspector-{field}")).to_have_text(text)
    expect(page.get_by_test_id("inspector-place")).to_contain_text("Japan")  # Tokyo's Minato, offline
    expect(page.get_by_test_id("inspector-md5")).to_have_text(re.compile(r"^[0-9a-f]{32}$"))
    expect(page.get_by_test_id("inspector-photoDate")).to_contain_text("2023")
    expect(page.get_by_test_id("inspector-thumbnail")).to_have_js_property("complete", True)
    assert page.get_by_test_id("inspector-thumbnail").evaluate("img => img.naturalWidth") > 0

    ui.cell("southwest.jpg").click()
    expect(page.get_by_test_id("inspector-location")).to_have_text("33.86880° S, 70.66930° W")
    expect(page.get_by_test_id("inspector-altitude")).to_have_text("12 m below sea level")
    expect(page.get_by_test_id("inspector-camera")).to_have_text("NIKON Z 6")
    expect(page.get_by_test_id("inspector-place")).to_contain_text("Chile")

    ui.cell("photo.png").click(modifiers=[ui.command])
    ui.cell("photo.webp").click(modifiers=[ui.command])
    expect(page.get_by_test_id("inspector-count")).to_have_text("3 photos selected")
    expect(page.get_by_test_id("inspector-totalSize")).to_have_text(re.compile(r"^\d+(\.\d)? (KB|MB)$"))

    # The toolbar button closes it again, and the grid gets its room back.
    page.get_by_test_id("inspector-toggle").click()
    expect(inspector).to_be_hidden()
    assert abs(ui.grid.bounding_box()["width"] - grid_width) < 1


def test_inspector_stays_open_after_a_reload(ui):
    page = ui.page
    ui.open("local-0", "Mixed")
    page.get_by_test_id("inspector-toggle").click()
    page.reload()
    ui.wait_listed()
    expect(page.get_by_test_id("inspector")).to_be_visible()


def test_inspector_shows_a_portrait_photo_whole(ui):
    """A portrait thumbnail fits the inspector's box, uncropped, in its own proportions."""
    page = ui.page
    ui.open("local-0", "Mixed")
    ui.grid.focus()
    ui.open_inspector()
    ui.cell("orientation6.jpg").click()  # 300 × 400 as displayed
    thumbnail = page.get_by_test_id("inspector-thumbnail")
    expect(thumbnail).to_have_js_property("complete", True)
    box = page.locator(".inspector-preview").bounding_box()
    shown = thumbnail.bounding_box()
    assert shown["height"] <= box["height"] + 0.5 and shown["width"] <= box["width"] + 0.5, (shown, box)
    assert shown["y"] >= box["y"] - 0.5 and shown["y"] + shown["height"] <= box["y"] + box["height"] + 0.5
    assert abs(shown["width"] / shown["height"] - 0.75) < 0.02, shown
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "inspector-portrait-whole.png"))
