"""Ratings, labels, keywords, titles and descriptions (issue 39, item 4): set with the keys 0–5
on a selection of 20 photos and in the inspector, written to XMP sidecars that exiftool reads
back, the photos' own bytes unchanged."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import expect

from conftest import ARTIFACTS, run, serve
from photolala_page import PhotolalaPage

COUNT = 24


@pytest.fixture(scope="module")
def rated(tmp_path_factory):
    """`photolala serve Rated` (24 photos, none with a sidecar); its base URL and the folder."""
    folder = tmp_path_factory.mktemp("rated") / "Rated"
    run("Scripts/make-photos.sh", folder, COUNT, 1200, 900)
    server = serve([folder], tmp_path_factory.mktemp("rating-state"), "rating-server.log")
    yield next(server), folder
    server.close()


def sidecars(folder: Path) -> dict[str, dict]:
    """What exiftool reads of each sidecar in `folder`, by the photo's name."""
    files = sorted(folder.glob("*.xmp"))
    if not files:
        return {}
    output = subprocess.run(["exiftool", "-json", "-n", "-G1", *map(str, files)], check=True, capture_output=True, text=True).stdout
    return {Path(entry["SourceFile"]).name.removesuffix(".xmp"): entry for entry in json.loads(output)}


def as_list(value) -> list:
    """A list tag's items: exiftool gives a list of one as its item."""
    return value if isinstance(value, list) else [value]


def md5s(folder: Path) -> dict[str, str]:
    return {path.name: hashlib.md5(path.read_bytes()).hexdigest() for path in folder.glob("*.jpg")}


def test_the_keys_rate_twenty_selected_photos_in_sidecars_exiftool_reads(page, rated):
    url, folder = rated
    before = md5s(folder)
    ui = PhotolalaPage(page, url)
    ui.open("local-0", count=COUNT)
    names = [f"IMG_{index:05d}.jpg" for index in range(20)]
    ui.cell(names[0]).click()
    ui.cell(names[-1]).click(modifiers=["Shift"])
    assert ui.selected_names() == names

    page.keyboard.press("4")
    expect(page.get_by_test_id("status-notice")).to_have_text("Rated 20 photos ★★★★☆")
    read = sidecars(folder)
    assert sorted(read) == names
    assert {entry["XMP-xmp:Rating"] for entry in read.values()} == {4}

    page.keyboard.press("0")  # as in Lightroom: no stars
    expect(page.get_by_test_id("status-notice")).to_have_text("Took the stars off 20 photos")
    assert {entry["XMP-xmp:Rating"] for entry in sidecars(folder).values()} == {0}
    assert md5s(folder) == before, "a photo's own bytes changed"


def test_the_inspector_edits_one_photos_stars_label_title_and_keywords(page, rated):
    url, folder = rated
    ui = PhotolalaPage(page, url)
    ui.open("local-0", count=COUNT)
    name = "IMG_00022.jpg"
    ui.cell(name).click()
    ui.open_inspector()
    editor = page.get_by_test_id("description-editor")
    expect(editor).to_be_visible()

    editor.get_by_role("button", name="3 stars").click()
    expect(page.get_by_test_id("inspector-rating-edit")).to_have_attribute("data-rating", "3")
    page.get_by_test_id("inspector-label-edit").select_option("Purple")
    expect(page.get_by_test_id("inspector-label-edit")).to_have_value("Purple")
    title = page.get_by_test_id("inspector-title-edit")
    title.fill("Harbour at dusk")
    title.press("Enter")
    expect(page.get_by_test_id("inspector-title-edit")).to_have_value("Harbour at dusk")
    keyword = page.get_by_test_id("inspector-keyword-add")
    keyword.fill("Places|Italy|Genoa")
    keyword.press("Enter")
    expect(page.get_by_test_id("inspector-keyword")).to_have_text(["Genoa×"])
    page.get_by_test_id("inspector-keyword-add").fill("sea")
    page.get_by_test_id("inspector-keyword-add").press("Enter")
    expect(page.get_by_test_id("inspector-keyword")).to_have_count(2)
    page.get_by_role("button", name="Remove keyword sea").click()
    expect(page.get_by_test_id("inspector-keyword")).to_have_count(1)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "inspector-editing.png"))

    entry = sidecars(folder)[name]
    assert entry["XMP-xmp:Rating"] == 3
    assert entry["XMP-xmp:Label"] == "Purple"
    assert entry["XMP-dc:Title"] == "Harbour at dusk"
    assert as_list(entry["XMP-dc:Subject"]) == ["Genoa"]
    assert as_list(entry["XMP-lr:HierarchicalSubject"]) == ["Places|Italy|Genoa"]


def test_a_title_typed_while_an_earlier_edit_is_answered_is_kept_and_saved(page, rated):
    url, folder = rated
    ui = PhotolalaPage(page, url)
    ui.open("local-0", count=COUNT)
    name = "IMG_00023.jpg"
    ui.cell(name).click()
    ui.open_inspector()
    expect(page.get_by_test_id("description-editor")).to_be_visible()
    title = page.get_by_test_id("inspector-title-edit")
    # The label's answer is held back while the title is typed.
    with ui.holding("**/api/describe"):
        page.get_by_test_id("inspector-label-edit").select_option("Green")
        title.fill("Lighthouse")
    expect(page.get_by_test_id("status-notice")).to_have_text("Labelled 1 photo Green")
    expect(title).to_have_value("Lighthouse")
    title.press("Enter")
    expect(page.get_by_test_id("status-notice")).to_have_text("Changed 1 photo")
    expect(title).to_have_value("Lighthouse")
    entry = sidecars(folder)[name]
    assert (entry["XMP-xmp:Label"], entry["XMP-dc:Title"]) == ("Green", "Lighthouse")


def test_a_photo_changed_on_disk_while_its_title_is_typed_keeps_the_typing(page, rated):
    url, folder = rated
    ui = PhotolalaPage(page, url)
    ui.open("local-0", count=COUNT)
    name = "IMG_00021.jpg"
    ui.cell(name).click()
    ui.open_inspector()
    modified = page.get_by_test_id("inspector-modificationDate")
    expect(modified).to_be_visible()
    before = modified.inner_text()
    title = page.get_by_test_id("inspector-title-edit")
    title.fill("Pier")
    editor = page.get_by_test_id("description-editor")
    editor.evaluate("element => element.dataset.probe = 'kept'")
    # Another program touches the photo meanwhile: the inspector reads it again, in place,
    # the field typed in kept as it is (not left, which would save it).
    os.utime(folder / name, (1_500_000_000, 1_500_000_000))
    expect(modified).not_to_have_text(before, timeout=15_000)
    expect(editor).to_have_attribute("data-probe", "kept")
    expect(title).to_have_value("Pier")
    expect(title).to_be_focused()
    assert "XMP-dc:Title" not in sidecars(folder).get(name, {}), "saved before Enter"

    title.press("Enter")
    expect(page.get_by_test_id("status-notice")).to_have_text("Changed 1 photo")
    assert sidecars(folder)[name]["XMP-dc:Title"] == "Pier"


def test_a_crafted_request_writes_no_sidecar_outside_what_the_folder_lists(rated):
    url, folder = rated
    before = sorted(path.name for path in folder.parent.iterdir())
    (folder / ".hidden.jpg").write_bytes((folder / "IMG_00000.jpg").read_bytes())
    ids = ["../../outside.jpg", "Li4vLi4vb3V0c2lkZS5qcGc", "~/.hidden.jpg", "", "x" * 5000]
    body = json.dumps({"source": "local-0", "folder": "~", "ids": ids, "rating": 5}).encode()
    request = urllib.request.Request(f"{url}/api/describe", data=body, headers={"Content-Type": "application/json", "Origin": url}, method="POST")
    with urllib.request.urlopen(request) as response:
        items = json.load(response)["items"]
    assert all("error" in answer for answer in items.values()), items
    assert not (folder / ".hidden.jpg.xmp").exists()
    assert sorted(path.name for path in folder.parent.iterdir()) == before, "a file was written beside the served folder"
    for edit in ({"rating": 9}, {}, {"addKeywords": [""]}):
        bad = json.dumps({"source": "local-0", "folder": "~", "ids": ["IMG_00000.jpg"], **edit}).encode()
        try:
            urllib.request.urlopen(urllib.request.Request(f"{url}/api/describe", data=bad, headers={"Content-Type": "application/json", "Origin": url}, method="POST"))
            raise AssertionError(f"{edit} was accepted")
        except urllib.error.HTTPError as error:
            assert error.code == 400, (edit, error.code)
