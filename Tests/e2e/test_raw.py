"""Camera RAW in the browser: thumbnails from the embedded previews, the preview of the largest."""

from __future__ import annotations

import re

from playwright.sync_api import expect


def test_raw_files_show_thumbnails_and_a_damaged_one_an_error(ui):
    ui.open("local-0", "Mixed")
    # Upright thumbnails: the DNGs, NEF and RAF stand (orientations 6, 8 and 6), the CR3 lies (3).
    for name, size in (("raw.dng", [256, 384]), ("raw.nef", [256, 384]), ("raw.cr3", [384, 256]), ("raw.raf", [256, 384]),
                       ("raw-jxl.dng", [256, 384]), ("raw-nopreview.dng", [192, 256])):
        cell = ui.cell(name)
        cell.scroll_into_view_if_needed()
        expect(cell).to_have_attribute("data-state", "loaded", timeout=15_000)
        assert cell.evaluate("img => [img.naturalWidth, img.naturalHeight]") == size, name
    damaged = ui.cell("raw-damaged.nef")
    damaged.scroll_into_view_if_needed()
    expect(damaged).to_have_attribute("data-state", "error", timeout=15_000)
    expect(damaged).to_have_attribute("title", re.compile(r"LibRaw cannot decode it"))


def test_the_preview_of_a_raw_is_its_largest_embedded_jpeg_upright(ui):
    page = ui.page
    ui.open("local-0", "Mixed")
    cell = ui.cell("raw.dng")
    cell.scroll_into_view_if_needed()
    cell.dblclick()
    expect(page.get_by_test_id("preview")).to_have_attribute("data-state", "loaded", timeout=15_000)
    # The 1200 × 800 preview in its SubIFD, turned by the DNG's orientation 6.
    image = page.get_by_test_id("preview-image")
    assert image.evaluate("img => [img.naturalWidth, img.naturalHeight]") == [800, 1200]
