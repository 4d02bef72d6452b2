"""A search's map: every geotagged photo the query finds, clustered, over the offline basemap; a
marker opens its photo; a box drawn with "Select area" becomes the query's `area:` term, and the
grid behind the map button narrows to the photos inside it."""

from __future__ import annotations

import re
import subprocess
import urllib.parse

import pytest
from playwright.sync_api import expect

from conftest import ARTIFACTS, run, serve
from photolala_page import PhotolalaPage

# Where each photo of `Trips` was taken (latitude, longitude), or None: two in Rome, Paris,
# Tokyo, and Fiji on both sides of the antimeridian; two photos without a position.
PLACES = {
    "IMG_00000.jpg": (41.9028, 12.4964),
    "IMG_00001.jpg": (41.8902, 12.4922),
    "IMG_00002.jpg": (48.8566, 2.3522),
    "IMG_00003.jpg": (35.6762, 139.6503),
    "IMG_00004.jpg": (-17.7134, 178.065),
    "IMG_00005.jpg": (-16.5, -179.9),
    "IMG_00006.jpg": None,
    "IMG_00007.jpg": None,
}
GEOTAGGED = sum(place is not None for place in PLACES.values())
QUERY = "keyword:holiday"


@pytest.fixture(scope="module")
def map_server(tmp_path_factory):
    """`photolala serve Collection`, whose `Trips` holds PLACES, each photo with the keyword
    `holiday`; its base URL."""
    root = tmp_path_factory.mktemp("map") / "Collection"
    trips = root / "Trips"
    run("Scripts/make-photos.sh", trips, len(PLACES), 800, 600)
    for name, place in PLACES.items():
        tags = ["-XMP-dc:Subject=holiday"]
        if place is not None:
            latitude, longitude = place
            tags += [
                f"-GPSLatitude={abs(latitude)}", f"-GPSLatitudeRef={'N' if latitude >= 0 else 'S'}",
                f"-GPSLongitude={abs(longitude)}", f"-GPSLongitudeRef={'E' if longitude >= 0 else 'W'}",
            ]
        subprocess.run(["exiftool", "-q", "-overwrite_original", *tags, str(trips / name)], check=True)
    yield from serve([root], tmp_path_factory.mktemp("map-state"), "map-server.log")


def markers_counted(page) -> int:
    """The photos the map's markers stand for: each cluster's count, and one a single marker."""
    return page.evaluate(
        """() => {
            const clusters = [...document.querySelectorAll('[data-testid="map-cluster"]')].reduce((sum, span) => sum + Number(span.dataset.count), 0);
            return clusters + document.querySelectorAll('.leaflet-marker-icon.map-photo').length;
        }"""
    )


def in_area(term: str) -> list[str]:
    """The photos of PLACES inside `area:S,W,N,E`, as the query language reads it."""
    south, west, north, east = map(float, term.removeprefix("area:").split(","))

    def inside(latitude: float, longitude: float) -> bool:
        across = longitude >= west or longitude <= east
        return south <= latitude <= north and (across if west > east else west <= longitude <= east)

    return sorted(name for name, place in PLACES.items() if place is not None and inside(*place))


def test_the_map_shows_the_geotagged_results_and_a_box_narrows_the_query(page, map_server):
    ui = PhotolalaPage(page, map_server)
    page.goto(map_server)
    box = page.get_by_test_id("search")
    box.fill(QUERY)
    box.press("Enter")
    ui.wait_listed(count=len(PLACES))

    # The map button shows every geotagged result, clustered, over the offline basemap.
    page.get_by_test_id("map-button").click()
    expect(page).to_have_url(re.compile(r"#/map/keyword%3Aholiday$"))
    expect(page.get_by_test_id("map")).to_be_visible()
    expect(page.get_by_test_id("photo-grid")).to_be_hidden()
    expect(page.get_by_test_id("map-count")).to_have_text(f"{GEOTAGGED} photos with a place")
    expect(page.get_by_test_id("map")).to_have_attribute("data-points", str(GEOTAGGED))
    expect(page.locator('[data-testid="map"] path.map-land').first).to_be_attached()
    page.wait_for_function(
        """(expected) => [...document.querySelectorAll('[data-testid="map-cluster"]')].reduce((sum, span) => sum + Number(span.dataset.count), 0)
            + document.querySelectorAll('.leaflet-marker-icon.map-photo').length === expected""",
        arg=GEOTAGGED,
    )
    assert markers_counted(page) == GEOTAGGED
    assert page.locator('[data-testid="map-cluster"]').count() >= 1, "Rome's two photos and Paris are one cluster at this zoom"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "map-clusters.png"))

    # A single marker shows its photo's thumbnail and opens it in the results' preview.
    page.locator(".leaflet-marker-icon.map-photo").first.click()
    thumbnail = page.get_by_test_id("map-popup-thumbnail")
    expect(thumbnail).to_be_visible()
    page.wait_for_function("() => document.querySelector('[data-testid=\"map-popup-thumbnail\"]')?.naturalWidth > 0")
    page.wait_for_function("() => getComputedStyle(document.querySelector('.leaflet-popup')).opacity === '1'")  # faded in
    page.screenshot(path=str(ARTIFACTS / "map-popup.png"))
    page.get_by_test_id("map-open").click()
    expect(page).to_have_url(re.compile(r"#/search/keyword%3Aholiday$"))
    expect(page.get_by_test_id("preview")).to_be_visible()
    page.keyboard.press("Escape")
    ui.wait_listed(count=len(PLACES))

    # A box drawn around Europe becomes the query's area: term; the map and the grid narrow to it.
    page.get_by_test_id("map-button").click()
    page.wait_for_function("(expected) => document.querySelector('[data-testid=\"map\"]')?.dataset.points === String(expected)", arg=GEOTAGGED)
    # The map is centred between Fiji's two sides, so Europe is the marker nearest its middle.
    canvas = page.get_by_test_id("map").bounding_box()
    middle = canvas["x"] + canvas["width"] / 2
    europe = min(
        (element.bounding_box() for element in page.locator('[data-testid="map"] .leaflet-marker-icon').all()),
        key=lambda rect: abs(rect["x"] + rect["width"] / 2 - middle),
    )
    page.get_by_test_id("map-select-area").click()
    expect(page.get_by_test_id("map-select-area")).to_have_attribute("aria-pressed", "true")
    left, top = europe["x"] - 25, europe["y"] - 25
    right, bottom = europe["x"] + europe["width"] + 25, europe["y"] + europe["height"] + 25
    page.mouse.move(left, top)
    page.mouse.down()
    page.mouse.move((left + right) / 2, (top + bottom) / 2, steps=4)
    page.mouse.move(right, bottom, steps=4)
    page.mouse.up()

    expect(box).to_have_value(re.compile(r"^keyword:holiday area:-?[\d.]+,-?[\d.]+,-?[\d.]+,-?[\d.]+$"))
    term = box.input_value().split(" ")[1]
    inside = in_area(term)
    assert 0 < len(inside) < GEOTAGGED, f"the box {term} holds some photos, not all: {inside}"
    expect(page).to_have_url(re.compile(r"#/map/" + re.escape(urllib.parse.quote(f"{QUERY} {term}", safe=""))))
    expect(page.get_by_test_id("map")).to_have_attribute("data-points", str(len(inside)))
    page.wait_for_function(
        """(expected) => [...document.querySelectorAll('[data-testid="map-cluster"]')].reduce((sum, span) => sum + Number(span.dataset.count), 0)
            + document.querySelectorAll('.leaflet-marker-icon.map-photo').length === expected""",
        arg=len(inside),
    )
    expect(page.locator("path.map-area")).to_be_attached()
    page.screenshot(path=str(ARTIFACTS / "map-area.png"))

    page.get_by_test_id("map-button").click()
    ui.wait_listed(count=len(inside))
    assert sorted(ui.mounted_names()) == inside

    # Clear area takes the term out again.
    page.get_by_test_id("map-button").click()
    page.get_by_test_id("map-clear-area").click()
    expect(box).to_have_value(QUERY)
    expect(page.get_by_test_id("map")).to_have_attribute("data-points", str(GEOTAGGED))


def test_the_map_settings_take_only_a_tile_server_address(page, map_server):
    page.goto(f"{map_server}/#/map/{urllib.parse.quote(QUERY)}")
    expect(page.get_by_test_id("map")).to_have_attribute("data-points", str(GEOTAGGED))
    page.get_by_test_id("map-settings-button").click()
    form = page.get_by_test_id("map-settings")
    expect(form).to_be_visible()
    page.get_by_test_id("map-tile-url").fill("ftp://tiles.invalid/{z}/{x}/{y}.png")
    page.get_by_test_id("map-settings-save").click()
    expect(page.get_by_test_id("map-settings-error")).to_contain_text("http or https")
    # A tile server (here the test's own server, one image for every tile) draws over the
    # basemap, credited with its attribution as plain text; kept for every tab.
    tiles = f"{map_server}/vendor/leaflet/images/layers.png?z={{z}}&x={{x}}&y={{y}}"
    page.get_by_test_id("map-tile-url").fill(tiles)
    page.get_by_test_id("map-tile-attribution").fill("<b>Tiles</b> & co")
    page.get_by_test_id("map-settings-save").click()
    expect(form).to_be_hidden()
    expect(page.locator('[data-testid="map"] img.leaflet-tile').first).to_be_attached()
    expect(page.locator(".leaflet-control-attribution")).to_contain_text("<b>Tiles</b> & co")
    assert page.evaluate("() => JSON.parse(localStorage.getItem('photolala.settings')).tileUrl") == tiles
    expect(page.locator('[data-testid="map"] path.map-land').first).to_be_attached()
    page.reload()
    expect(page.locator('[data-testid="map"] img.leaflet-tile').first).to_be_attached()

    # Emptied, the map is the offline basemap alone again.
    page.get_by_test_id("map-settings-button").click()
    expect(page.get_by_test_id("map-tile-url")).to_have_value(tiles)
    page.get_by_test_id("map-tile-url").fill("")
    page.get_by_test_id("map-settings-save").click()
    expect(page.locator('[data-testid="map"] img.leaflet-tile')).to_have_count(0)
    expect(page.locator('[data-testid="map"] path.map-land').first).to_be_attached()

    # A query the server cannot read says why in the map's bar.
    page.goto(f"{map_server}/#/map/{urllib.parse.quote('area:10,0,5,1')}")
    expect(page.get_by_test_id("map-count")).to_contain_text("south north of its north")
