"""The virtual grid: thumbnails, error states, 100,000 photos, display settings, groups, scrubber."""

from __future__ import annotations

import datetime as dt
import re
import urllib.parse

from playwright.sync_api import expect

from conftest import ARTIFACTS, BIG_COUNT, BIG_START, BIG_STEP, PHOTOS_COUNT, photo_date


def test_thumbnails_load_into_cells(ui):
    ui.open("local-0", "Photos", count=PHOTOS_COUNT)
    ui.wait_for_thumbnails(PHOTOS_COUNT)
    cell = ui.cell("IMG_00000.jpg")
    expect(cell).to_have_attribute("role", "gridcell")
    assert cell.evaluate("img => img.naturalWidth") > 0
    # One thumbnail serves every size: short edge 256.
    assert min(cell.evaluate("img => [img.naturalWidth, img.naturalHeight]")) == 256
    expect(ui.grid).to_have_attribute("role", "grid")


def test_unreadable_files_show_an_error_state(ui):
    ui.open("local-0", "Mixed")
    for name in ("empty.jpg", "notes.jpg", "truncated.jpg"):
        expect(ui.cell(name)).to_have_attribute("data-state", "error", timeout=15_000)
        expect(ui.cell(name)).to_have_attribute("title", re.compile(rf"^{re.escape(name)}: .+"))  # the server's reason
    for name in ("photo.heic", "photo.tiff", "photo-4000x3000.jpg", "png-named.jpg"):
        expect(ui.cell(name)).to_have_attribute("data-state", "loaded", timeout=15_000)


def test_fit_shows_a_panorama_whole_and_fill_crops_it(ui):
    """A 6000 × 2000 panorama's thumbnail is whole (3:1): Fit letterboxes it in its square cell,
    Fill crops it."""
    page = ui.page
    ui.open("local-0", "Mixed")
    page.get_by_test_id("size-large").click()
    page.get_by_test_id("fit-fit").click()
    panorama = ui.cell("panorama-6000x2000.jpg")
    panorama.scroll_into_view_if_needed()
    expect(panorama).to_have_attribute("data-state", "loaded", timeout=15_000)
    assert panorama.evaluate("img => [img.naturalWidth, img.naturalHeight]") == [512, 171]
    assert panorama.evaluate("img => getComputedStyle(img).objectFit") == "contain"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "fit-panorama-whole.png"))
    page.get_by_test_id("fit-fill").click()
    assert panorama.evaluate("img => getComputedStyle(img).objectFit") == "cover"


def test_hundred_thousand_photos_scroll_with_few_elements(ui):
    page = ui.page
    first_pages = []
    page.on("response", lambda response: "/items?offset=0" in response.url and first_pages.append(response))
    counts = []
    page.add_init_script(
        """new MutationObserver(() => {
             const status = document.querySelector('[data-testid="status-count"]');
             if (status) (window.statusTexts ??= new Set()).add(status.textContent);
           }).observe(document, { subtree: true, childList: true, characterData: true })"""
    )
    ui.open("local-1", count=BIG_COUNT)
    if first_pages and not first_pages[0].json()["complete"]:
        seen = page.evaluate("[...window.statusTexts]")
        assert any(text.startswith("Listing") for text in seen), seen

    counts.append(ui.element_count())
    height = ui.grid.evaluate("grid => grid.scrollHeight")
    assert height > 1_000_000  # the spacer carries the full height
    for fraction in [i / 40 for i in range(41)]:
        ui.scroll_grid_to(fraction * height)
        counts.append(ui.element_count())
    expect(ui.cell(f"IMG_{BIG_COUNT - 1:06d}.jpg")).to_be_in_viewport()  # scrolled to the end

    page.get_by_test_id("size-small").click()  # the most cells per screen
    height = ui.grid.evaluate("grid => grid.scrollHeight")
    for fraction in (0.1, 0.5, 0.9, 1.0):
        ui.scroll_grid_to(fraction * height)
        counts.append(ui.element_count())
    page.get_by_test_id("size-medium").click()
    height = ui.grid.evaluate("grid => grid.scrollHeight")
    assert max(counts) < 1_000, counts

    # Keyboard: End reaches the last photo, which is drawn and selected.
    ui.grid.focus()
    page.keyboard.press("End")
    last = ui.cell(f"IMG_{BIG_COUNT - 1:06d}.jpg")
    expect(last).to_have_attribute("aria-selected", "true")
    expect(last).to_be_in_viewport()
    ui.wait_for_thumbnails(1)

    # Selection is kept by id: it survives scrolling the cell away (and its recycling).
    page.keyboard.press("Home")
    expect(ui.cell("IMG_000000.jpg")).to_have_attribute("aria-selected", "true")
    ui.scroll_grid_to(height / 2)
    expect(ui.cell("IMG_000000.jpg")).to_have_count(0)
    ui.scroll_grid_to(0)
    expect(ui.cell("IMG_000000.jpg")).to_have_attribute("aria-selected", "true")

    heap = page.evaluate("performance.memory ? performance.memory.usedJSHeapSize : 0")
    assert heap < 100 * 1024 * 1024, f"JS heap {heap / 1e6:.0f} MB"
    frames = _frames_while_scrolling(ui, height)
    print(f"\n100,000 photos: {max(counts)} elements at most, JS heap {heap / 1e6:.1f} MB, {frames}")


def _frames_while_scrolling(ui, height: float) -> str:
    """Scrolls through the grid for 2 s in page, counting frames (a jank check, not asserted:
    timings are measured by benchmarks, never asserted in tests)."""
    ui.page.evaluate(
        """height => {
             const grid = document.querySelector('[data-testid="photo-grid"]');
             const started = performance.now();
             let frames = 0, worst = 0, last = started;
             window.scrollResult = null;
             const step = now => {
               frames += 1; worst = Math.max(worst, now - last); last = now;
               grid.scrollTop = ((now - started) / 2000) * (height - grid.clientHeight);
               if (now - started < 2000) requestAnimationFrame(step);
               else window.scrollResult = { fps: frames / ((now - started) / 1000), worst };
             };
             requestAnimationFrame(step);
           }""",
        height,
    )
    ui.page.wait_for_function("window.scrollResult !== null", timeout=10_000)
    result = ui.page.evaluate("window.scrollResult")
    return f"{result['fps']:.0f} fps while scrolling, longest frame {result['worst']:.0f} ms"


def test_sizes_and_scaling_apply_and_survive_a_reload(ui, context):
    page = ui.page
    ui.open("local-0", "Photos", count=PHOTOS_COUNT)
    first = ui.cell("IMG_00000.jpg")
    assert first.bounding_box()["width"] == 128
    assert first.evaluate("img => getComputedStyle(img).objectFit") == "cover"

    page.get_by_test_id("size-small").click()
    expect(page.get_by_test_id("size-small")).to_have_attribute("aria-pressed", "true")
    assert first.bounding_box()["width"] == 64
    page.get_by_test_id("size-large").click()
    assert first.bounding_box()["width"] == 256
    page.get_by_test_id("fit-fit").click()
    assert first.evaluate("img => getComputedStyle(img).objectFit") == "contain"

    page.reload()
    ui.wait_listed(PHOTOS_COUNT)
    first = ui.cell("IMG_00000.jpg")
    assert first.bounding_box()["width"] == 256
    assert first.evaluate("img => getComputedStyle(img).objectFit") == "contain"
    expect(page.get_by_test_id("size-large")).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_test_id("fit-fit")).to_have_attribute("aria-pressed", "true")

    # Settings belong to the tab: another tab starts from the defaults.
    other = context.new_page()
    other.goto(page.url)
    expect(other.locator('[data-testid="photo-cell"][aria-label="IMG_00000.jpg"]')).to_have_attribute("data-state", "loaded")
    assert other.locator('[data-testid="photo-cell"]').first.bounding_box()["width"] == 128
    other.close()


def test_sort_and_group_by_month(ui):
    page = ui.page
    ui.open("local-0", "Photos", count=PHOTOS_COUNT)
    assert ui.mounted_names()[:2] == ["IMG_00000.jpg", "IMG_00001.jpg"]
    page.get_by_test_id("sort").select_option("date-desc")
    expect(ui.first_cell).to_have_attribute("aria-label", f"IMG_{PHOTOS_COUNT - 1:05d}.jpg")
    page.get_by_test_id("sort").select_option("name-asc")
    expect(ui.first_cell).to_have_attribute("aria-label", "IMG_00000.jpg")
    expect(page.get_by_test_id("group")).to_be_disabled()  # groups need date order

    page.get_by_test_id("sort").select_option("date-asc")
    page.get_by_test_id("group").select_option("month")
    months = sorted({(photo_date(i).year, photo_date(i).month) for i in range(PHOTOS_COUNT)})
    headers = page.get_by_test_id("group-header")
    expect(headers).to_have_count(len(months))
    first_header = ui.page.locator('[data-testid="group-header"][aria-rowindex="1"]')
    expect(first_header).to_contain_text("June 2024")
    # Photos of a month start on a new row, under their header.
    july = next(i for i in range(PHOTOS_COUNT) if photo_date(i).month == 7)
    july_cell = ui.cell(f"IMG_{july:05d}.jpg").bounding_box()
    july_header = headers.filter(has_text="July 2024").bounding_box()
    assert july_header["y"] < july_cell["y"] < july_header["y"] + july_header["height"] + 20

    page.get_by_test_id("group").select_option("day")
    expect(first_header).to_contain_text("Saturday, 1 June 2024")


def test_sort_and_group_show_only_where_the_source_offers_them(ui):
    """Every source here can be sorted and grouped; one that says it cannot (its capabilities,
    edited in the server's answer) shows its photos in its own order, without those controls."""
    page = ui.page
    ui.open("local-0", "Photos", count=PHOTOS_COUNT)
    expect(page.get_by_test_id("sort")).to_be_visible()
    expect(page.get_by_test_id("group")).to_be_visible()
    page.get_by_test_id("sort").select_option("name-desc")

    def without_sorting(route):
        response = route.fetch()
        body = response.json()
        for source in body["sources"]:
            source["capabilities"] = [name for name in source["capabilities"] if name not in ("sorting", "grouping")]
        route.fulfill(response=response, json=body)

    page.route("**/api/sources", without_sorting)
    page.reload()
    ui.wait_listed(PHOTOS_COUNT)
    expect(page.get_by_test_id("sort")).to_be_hidden()
    expect(page.get_by_test_id("group")).to_be_hidden()
    folder = urllib.parse.quote(ui.folder_id("local-0", "Photos"))
    listed = [row[1] for row in ui.api(f"sources/local-0/folders/{folder}/items")["items"]]
    assert ui.mounted_names() == listed


def test_date_scrubber_lands_on_the_first_photo_of_a_month(ui):
    page = ui.page
    ui.open("local-1", count=BIG_COUNT)
    labels = page.get_by_test_id("scrubber-label")
    assert labels.count() > 10
    grid_top = ui.grid.bounding_box()["y"]

    def first_of_month(month_key: str) -> str:
        year, month = int(month_key[:4]), int(month_key[4:])
        start = dt.datetime(year, month, 1, tzinfo=dt.timezone.utc)
        index = max(0, -(-int((start - BIG_START).total_seconds()) // BIG_STEP))
        return f"IMG_{index:06d}.jpg"

    for position in (labels.count() // 3, 2 * labels.count() // 3):
        label = labels.nth(position)
        month = label.get_attribute("data-month")
        label.click()
        ui.next_frames()
        target = ui.cell(first_of_month(month))
        expect(target).to_be_attached()
        box = target.bounding_box()
        assert 0 <= box["y"] - grid_top < 128, f"{month}: first photo at {box['y'] - grid_top}px from the top"

    # Dragging along the track also lands on month starts (never between them).
    scrubber = page.get_by_test_id("date-scrubber").bounding_box()
    page.mouse.move(scrubber["x"] + scrubber["width"] / 2, scrubber["y"] + 40)
    page.mouse.down()
    page.mouse.move(scrubber["x"] + scrubber["width"] / 2, scrubber["y"] + scrubber["height"] / 2, steps=5)
    tooltip = page.get_by_test_id("scrubber-tooltip").text_content()
    page.mouse.up()
    ui.next_frames()
    month = dt.datetime.strptime(tooltip, "%B %Y")
    target = ui.cell(first_of_month(f"{month:%Y%m}"))
    expect(target).to_be_attached()
    assert 0 <= target.bounding_box()["y"] - grid_top < 128

    # For the keyboard it is a slider over the months.
    scrubber_handle = page.get_by_test_id("date-scrubber")
    scrubber_handle.focus()
    page.keyboard.press("Home")
    page.keyboard.press("ArrowDown")
    expect(scrubber_handle).to_have_attribute("aria-valuetext", "February 2010")
    ui.next_frames()
    assert 0 <= ui.cell(first_of_month("201002")).bounding_box()["y"] - grid_top < 128


def test_file_names_show_under_cells_and_the_setting_is_remembered(ui):
    page = ui.page
    ui.open("local-0", "Photos", count=PHOTOS_COUNT)
    ui.wait_for_thumbnails(8)
    row_top = "n => document.querySelector(`[role=row][aria-rowindex='${n}']`).getBoundingClientRect().top"
    pitch = page.evaluate(row_top, 2) - page.evaluate(row_top, 1)
    captions = page.get_by_test_id("cell-caption")
    expect(captions).to_have_count(0)

    toggle = page.get_by_test_id("names-toggle")
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    caption = captions.filter(has_text="IMG_00000.jpg")
    expect(caption).to_be_visible()
    cell = ui.cell("IMG_00000.jpg")
    # The name sits under its own cell, as wide as the cell; the rows are further apart by its height.
    cell_box, caption_box = cell.bounding_box(), caption.bounding_box()
    assert abs(caption_box["x"] - cell_box["x"]) < 1 and abs(caption_box["width"] - cell_box["width"]) < 1
    assert cell_box["y"] + cell_box["height"] - 1 <= caption_box["y"] <= cell_box["y"] + cell_box["height"] + 4
    assert page.evaluate(row_top, 2) - page.evaluate(row_top, 1) == pitch + 18
    # Cells stay single images with their name and state; captions only for the rows on screen.
    expect(cell).to_have_attribute("data-state", "loaded")
    assert cell.evaluate("img => img.tagName") == "IMG"
    assert captions.count() <= page.locator('[data-testid="photo-cell"]').count()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "grid-names.png"))

    # Scrolled to the end, the last photos have their names and the first ones' are gone.
    ui.grid.evaluate("grid => { grid.scrollTop = grid.scrollHeight }")
    expect(captions.filter(has_text=f"IMG_{PHOTOS_COUNT - 1:05d}.jpg")).to_be_visible()

    page.reload()
    ui.wait_listed(PHOTOS_COUNT)
    expect(page.get_by_test_id("names-toggle")).to_have_attribute("aria-pressed", "true")
    expect(captions.first).to_be_visible()
    page.get_by_test_id("names-toggle").click()
    expect(captions).to_have_count(0)
