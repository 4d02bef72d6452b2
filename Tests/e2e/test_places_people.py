"""The Places view (countries, their regions and cities, as tiles with counts and covers, each
opening on its photos) and the People view (the people Photos names, their tiles framed on their
faces, each opening on their photos), over a served Apple Photos library, checked against
osxphotos."""

from __future__ import annotations

import collections

from playwright.sync_api import expect

from conftest import ARTIFACTS
from test_apple_photos import SHOWN, library_server, photos  # noqa: F401  (fixtures)
from test_search import osxphotos_names, osxphotos_values


def test_places_and_people_open_on_their_photos(photos, library_server):  # noqa: F811
    page = photos.page
    library = library_server[1]
    photos.open("apple-photos", count=SHOWN)
    tiles = page.get_by_test_id("folder-tile")

    # Places: a tile a country, with how many photos were taken there and the newest as cover.
    countries = collections.Counter(code for code in osxphotos_values(library, "p.place.country_code if p.place else None") if code)
    assert len(countries) > 1, "the test library's photos were taken in several countries"
    page.locator('[data-testid="source-item"][data-source="places"]').click()
    expect(tiles).to_have_count(len(countries))
    for code, count in countries.items():
        expect(page.locator(f'[data-testid="folder-tile"][data-id="{code}"]')).to_have_attribute("data-count", str(count))
    page.wait_for_function(
        "n => [...document.querySelectorAll('.folder-cover img')].filter(img => img.complete && img.naturalWidth > 0).length >= n",
        arg=len(countries),
    )
    photos.wait_listed(count=sum(countries.values()))
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "places-countries.png"))

    # A country opens on its regions and its photos; the breadcrumb leads back.
    code, count = countries.most_common(1)[0]
    page.locator(f'[data-testid="folder-tile"][data-id="{code}"]').click()
    photos.wait_listed(count=count)
    region_of = "[p.place.names.state_province[0] if p.place.names.state_province else None, p.place.country_code] if p.place else [None, None]"
    regions = {region for region, country in osxphotos_values(library, region_of) if country == code and region}
    expect(tiles).to_have_count(len(regions))
    expect(page.get_by_test_id("breadcrumb")).to_contain_text("Places")
    page.screenshot(path=str(ARTIFACTS / "places-country.png"))

    # People: the people Photos names (not the unnamed faces), each opening on their photos.
    named = collections.Counter(name for names in osxphotos_values(library, "p.persons") for name in names if name != "_UNKNOWN_")
    page.locator('[data-testid="source-item"][data-source="people"]').click()
    expect(page.get_by_test_id("folder-name")).to_have_text([name for name, _ in named.most_common()])
    for name, count in named.items():
        expect(page.locator(f'[data-testid="folder-tile"][data-id="{name}"]')).to_have_attribute("data-count", str(count))
    # Each tile frames the person's face in their newest photo.
    expect(page.locator('.folder-cover img[data-region="face"]')).to_have_count(len(named))
    page.wait_for_function(
        "n => [...document.querySelectorAll('.folder-cover img')].filter(img => img.complete && img.naturalWidth > 0).length >= n", arg=len(named)
    )
    page.screenshot(path=str(ARTIFACTS / "people.png"))
    katie = osxphotos_names(library, "'Katie' in p.persons")
    page.locator('[data-testid="folder-tile"][data-id="Katie"]').click()
    photos.wait_listed(count=len(katie))
    assert sorted(photos.mounted_names()) == katie
