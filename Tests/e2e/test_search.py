"""The search over every source (the sidebar's box: its results fill the grid as a folder's do),
and the search field: in folders a filter on file names (any case, any Unicode normalisation); in
an Apple Photos library the library's own search of titles, file names and keywords."""

from __future__ import annotations

import json
import re
import subprocess
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


def osxphotos_values(library, expression: str) -> list:
    """`expression` (Python over a PhotoInfo `p`) for each photo of All Photos, as osxphotos reads
    the library: the reference the page is checked against."""
    script = (
        "import json, sys, osxphotos\n"
        "db = osxphotos.PhotosDB(dbfile=sys.argv[1])\n"
        f"print(json.dumps([{expression} for p in db.photos() if not p.hidden]))"
    )
    output = subprocess.run(["python3", "-c", script, str(library)], check=True, capture_output=True, text=True).stdout
    return json.loads(output)


def osxphotos_names(library, condition: str) -> list[str]:
    """The original file names of the photos of All Photos that osxphotos finds by `condition`
    (Python over a PhotoInfo `p`), sorted."""
    return sorted(name for name in osxphotos_values(library, f"p.original_filename if ({condition}) else None") if name)


def test_one_search_over_every_source_fills_the_grid(photos, library_server):  # noqa: F811
    page = photos.page
    library = library_server[1]
    photos.open("apple-photos", count=SHOWN)
    box = page.get_by_test_id("search")
    page.keyboard.press("/")
    expect(box).to_be_focused()

    # A person Photos knows, typed as a field: the results are the library's photos of her.
    katie = osxphotos_names(library, "'Katie' in p.persons")
    assert katie, "the test library names Katie"
    box.fill("person:katie")
    box.press("Enter")
    expect(page).to_have_url(re.compile(r"#/search/person%3Akatie$"))
    photos.wait_listed(count=len(katie))
    photos.wait_for_thumbnails(len(katie))
    assert sorted(photos.mounted_names()) == katie
    expect(page.get_by_test_id("breadcrumb")).to_contain_text("person:katie")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "search-every-source-person.png"))

    # Facets count what the results have in common; a chip narrows the query by editing it,
    # and takes its term out again.
    facets = page.get_by_test_id("facet")
    expect(facets.first).to_be_visible()
    country = facets.and_(page.locator('[data-term^="country:"]')).first
    term = country.get_attribute("data-term")
    code = term.split(":", 1)[1]
    in_country = osxphotos_names(library, f"'Katie' in p.persons and p.place and p.place.country_code == '{code}'")
    country.click()
    expect(box).to_have_value(f"person:katie {term}")
    photos.wait_listed(count=len(in_country))
    expect(page.locator(f'[data-testid="facet"][data-term="{term}"]')).to_have_attribute("aria-pressed", "true")
    page.screenshot(path=str(ARTIFACTS / "search-every-source-facets.png"))
    page.locator(f'[data-testid="facet"][data-term="{term}"]').click()
    expect(box).to_have_value("person:katie")
    photos.wait_listed(count=len(katie))

    # A result opens in the preview and the inspector as a folder's photo does.
    photos.cell(katie[0]).dblclick()
    expect(page.get_by_test_id("preview")).to_be_visible()
    page.keyboard.press("Escape")

    # The place Photos named, from Ctrl+K; a reload keeps the query in the box.
    washington = osxphotos_names(library, "p.place and 'Washington' in p.place.names.city")
    assert washington, "the test library has photos Photos placed in Washington"
    page.keyboard.press(f"{photos.command}+k")
    expect(box).to_be_focused()
    box.fill('place:"washington"')
    box.press("Enter")
    photos.wait_listed(count=len(washington))
    assert sorted(photos.mounted_names()) == washington
    page.reload()
    photos.wait_listed(count=len(washington))
    expect(box).to_have_value('place:"washington"')

    # A query that cannot be read says what to write instead.
    box.fill("date:2019-13")
    box.press("Enter")
    expect(page.get_by_test_id("grid-empty")).to_contain_text("not a date")
