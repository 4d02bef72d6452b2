"""Tasks of a new user in the page's search box over a folder tree, each answer checked against
exiftool reading the same files: everything from the Canon, the photos with the keyword wedding,
all RAW files, June 2019 across every folder, and the photos taken in Italy (from their GPS
positions, one of them a few kilometres from the Italian border in France)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import expect

from conftest import ARTIFACTS, run, serve
from photolala_page import PhotolalaPage

RAW_EXTENSIONS = {".dng", ".nef", ".cr2", ".cr3", ".arw", ".raf", ".orf", ".rw2"}


@pytest.fixture(scope="module")
def collection(made, tmp_path_factory) -> Path:
    """Photos in two folders, tagged as cameras and people tag them, and two RAWs of the fixtures."""
    root = tmp_path_factory.mktemp("search-tasks") / "Collection"
    (root / "2019" / "Trip").mkdir(parents=True)
    (root / "Family").mkdir()
    tags = {
        "2019/Trip/canon.jpg": ["-Make=Canon", "-Model=Canon EOS R5", "-DateTimeOriginal=2019:06:15 14:00:00"],
        "2019/june.jpg": ["-DateTimeOriginal=2019:06:30 23:59:00"],
        "2019/july.jpg": ["-Make=NIKON CORPORATION", "-DateTimeOriginal=2019:07:01 00:00:01"],
        "Family/wedding.jpg": ["-XMP-dc:Subject=wedding", "-XMP-dc:Subject=family", "-DateTimeOriginal=2021:05:08 12:00:00"],
        "Family/party.jpg": ["-XMP-dc:Subject=birthday", "-DateTimeOriginal=2019:06:02 18:00:00"],
    }
    for name, arguments in tags.items():
        run("vips", "black", root / name, "64", "48")
        run("exiftool", "-q", "-overwrite_original", *arguments, root / name)
    for name, (latitude, longitude, _) in POSITIONS.items():
        run("vips", "black", root / name, "64", "48")
        run(
            "exiftool", "-q", "-overwrite_original", f"-GPSLatitude={abs(latitude)}", f"-GPSLatitudeRef={'N' if latitude >= 0 else 'S'}",
            f"-GPSLongitude={abs(longitude)}", f"-GPSLongitudeRef={'E' if longitude >= 0 else 'W'}", root / name)
    for name in ("raw.dng", "raw.nef"):
        shutil.copy2(made("Tests/Fixtures/make-fixtures.sh") / name, root / "Family" / name)
    return root


# Where the geotagged photos were taken, and the country each position is in.
POSITIONS = {
    "2019/Trip/rome.jpg": (41.8986, 12.4769, "Italy"),
    "2019/Trip/como.jpg": (45.8107, 9.0852, "Italy"),
    "2019/Trip/menton.jpg": (43.7765, 7.5048, "France"),  # 2.5 km from the border at Ventimiglia
}


@pytest.fixture(scope="module")
def collection_server(collection, place_data, tmp_path_factory):
    yield from serve(
        [collection], tmp_path_factory.mktemp("search-tasks-state"), "server-search-tasks.log",
        extra_env={"PHOTOLALA_PLACE_DATA": str(place_data)})


def exiftool_names(collection: Path, keep) -> list[str]:
    """The names of the files whose exiftool JSON `keep` accepts, sorted: the reference."""
    output = subprocess.run(
        ["exiftool", "-json", "-n", "-r", "-Make", "-Subject", "-DateTimeOriginal", "-GPSLatitude", "-GPSLongitude", "-FileName", str(collection)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return sorted(photo["FileName"] for photo in json.loads(output) if keep(photo))


def subjects(photo: dict) -> list[str]:
    value = photo.get("Subject", [])
    return [str(item) for item in (value if isinstance(value, list) else [value])]


def country_of(photo: dict) -> str | None:
    """The country of the position exiftool reads from a photo, as the table of positions says."""
    if "GPSLatitude" not in photo:
        return None
    for latitude, longitude, country in POSITIONS.values():
        if abs(photo["GPSLatitude"] - latitude) < 1e-4 and abs(photo["GPSLongitude"] - longitude) < 1e-4:
            return country
    return None


def test_a_new_users_searches_each_find_what_exiftool_reads(page, collection, collection_server):
    photos = PhotolalaPage(page, collection_server)
    photos.open("local-0")
    box = page.get_by_test_id("search")
    tasks = [
        ("camera:canon", lambda photo: "canon" in str(photo.get("Make", "")).lower()),
        ("keyword:wedding", lambda photo: "wedding" in subjects(photo)),
        ("kind:raw", lambda photo: Path(photo["FileName"]).suffix.lower() in RAW_EXTENSIONS),
        ("date:2019-06", lambda photo: str(photo.get("DateTimeOriginal", "")).startswith("2019:06")),
        ("place:italy", lambda photo: country_of(photo) == "Italy"),
    ]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for query, keep in tasks:
        expected = exiftool_names(collection, keep)
        assert expected, f"the collection has photos for {query}"
        box.fill(query)
        box.press("Enter")
        expect(page).to_have_url(re.compile("#/search/"))
        photos.wait_listed(count=len(expected))
        assert sorted(photos.mounted_names()) == expected, query
        # Each photo found tells where it comes from: here, the one folder tree served.
        badges = page.get_by_test_id("source-badge")
        expect(badges).to_have_count(len(expected))
        assert {badges.nth(index).get_attribute("data-source") for index in range(len(expected))} == {"local-0"}
        page.screenshot(path=str(ARTIFACTS / f"search-task-{query.replace(':', '-')}.png"))
