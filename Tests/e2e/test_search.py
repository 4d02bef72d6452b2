"""The search field: in folders a filter on file names (any case, any Unicode normalisation); in an
Apple Photos library the library's own search of titles, file names and keywords."""

from __future__ import annotations

import unicodedata

from playwright.sync_api import expect

from conftest import ARTIFACTS
from test_apple_photos import SHOWN, library_server, photos  # noqa: F401  (fixtures)


def test_the_field_filters_a_folder_by_name(ui):
    page = ui.page
    ui.open("local-0", "Accents", count=3)

    field = page.get_by_test_id("search-field")
    expect(field).to_have_attribute("placeholder", "Filter by name")
    field.fill(unicodedata.normalize("NFD", "frítest"))  # typed decomposed, in another case
    expect(ui.cells).to_have_count(1)
    expect(ui.cell("Frítest.png")).to_be_visible()
    expect(page.get_by_test_id("status-count")).to_have_text("1 photo")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "search-folder-name-filter.png"))

    field.fill("zzz")
    expect(ui.cells).to_have_count(0)
    expect(page.get_by_test_id("grid-empty")).to_have_text("No photos match “zzz”.")

    field.press("Escape")  # clears the field, and every photo is back
    expect(field).to_have_value("")
    expect(ui.cells).to_have_count(3)

    page.keyboard.press(f"{ui.command}+f")
    expect(field).to_be_focused()


def test_the_field_searches_an_apple_photos_library(photos):  # noqa: F811
    page = photos.page
    photos.open("apple-photos", count=SHOWN)
    field = page.get_by_test_id("search-field")
    expect(field).to_have_attribute("placeholder", "Search titles, names, keywords")
    field.fill("KIDS")  # a keyword, in another case
    expect(photos.cells).to_have_count(3)
    photos.wait_for_thumbnails(3)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "search-apple-photos-results.png"))
    field.fill("")
    expect(photos.cells).to_have_count(SHOWN)
