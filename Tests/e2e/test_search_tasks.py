"""Tasks of a new user in the page's search box over a folder tree, each answer checked against
exiftool reading the same files: everything from the Canon, the photos with the keyword wedding,
all RAW files, and June 2019 across every folder."""

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
    for name in ("raw.dng", "raw.nef"):
        shutil.copy2(made("Tests/Fixtures/make-fixtures.sh") / name, root / "Family" / name)
    return root


@pytest.fixture(scope="module")
def collection_server(collection, tmp_path_factory):
    yield from serve([collection], tmp_path_factory.mktemp("search-tasks-state"), "server-search-tasks.log")


def exiftool_names(collection: Path, keep) -> list[str]:
    """The names of the files whose exiftool JSON `keep` accepts, sorted: the reference."""
    output = subprocess.run(
        ["exiftool", "-json", "-r", "-Make", "-Subject", "-DateTimeOriginal", "-FileName", str(collection)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return sorted(photo["FileName"] for photo in json.loads(output) if keep(photo))


def subjects(photo: dict) -> list[str]:
    value = photo.get("Subject", [])
    return [str(item) for item in (value if isinstance(value, list) else [value])]


def test_a_new_users_searches_each_find_what_exiftool_reads(page, collection, collection_server):
    photos = PhotolalaPage(page, collection_server)
    photos.open("local-0")
    box = page.get_by_test_id("search")
    tasks = [
        ("camera:canon", lambda photo: "canon" in str(photo.get("Make", "")).lower()),
        ("keyword:wedding", lambda photo: "wedding" in subjects(photo)),
        ("kind:raw", lambda photo: Path(photo["FileName"]).suffix.lower() in RAW_EXTENSIONS),
        ("date:2019-06", lambda photo: str(photo.get("DateTimeOriginal", "")).startswith("2019:06")),
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
        page.screenshot(path=str(ARTIFACTS / f"search-task-{query.replace(':', '-')}.png"))
