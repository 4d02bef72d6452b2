"""One folder holding every kind of file the fixture scripts make (Tests/Fixtures/make-fixtures.sh,
make-videos.sh, make-pairs.sh): each shows a thumbnail, its metadata in the inspector and a preview;
each video Chromium can decode plays, and each it cannot shows its poster frame and "Download"."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import expect

from conftest import serve
from photolala_page import PhotolalaPage

# What each script makes that is a kind of its own (their damaged and edge-case files are tested
# elsewhere): JPEG, PNG, WebP, GIF, TIFF, HEIC (plain, an iPhone's with its 320 × 240 thumbnail,
# 10-bit HDR), AVIF (an iPhone-shaped one, and 10-bit PQ), and the camera RAW containers.
PHOTOS = [
    "orientation6.jpg", "photo.png", "photo.webp", "photo.gif", "photo.tiff", "photo.heic", "iphone.heic", "hdr-10bit.heic", "iphone.avif",
    "hdr-pq.avif",
    "raw.dng", "raw.nef", "raw.cr3", "raw.raf", "raw.orf", "raw.rw2", "raw-jxl.dng", "raw-nopreview.dng",
]
# A RAW+JPEG pair, a Live Photo, and one renamed apart (paired by its content identifier): each one
# item, the still shown, with its companion.
PAIRS = {"DSC_0100.JPG": "DSC_0100.NEF", "IMG_0042.JPG": "IMG_0042.MOV", "IMG_0061.HEIC": "IMG_0061 (1).MOV"}
# Chromium decodes H.264 in MP4 (and its .m4v, .3gp and QuickTime kin) and Matroska, and VP9 in WebM.
PLAYABLE = ["clip.mp4", "iphone-clip.mov", "clip.m4v", "clip.3gp", "clip.mkv", "clip.webm"]
# It has no decoder for HEVC, nor an AVI demuxer.
UNPLAYABLE = ["hevc.mp4", "clip.avi"]
ITEMS = PHOTOS + list(PAIRS) + PLAYABLE + UNPLAYABLE


@pytest.fixture(scope="module")
def every_kind(made, tmp_path_factory) -> Path:
    """The scripts' files of every kind in one folder, `Every`; an .m4v and a .3gp, which no script
    makes, are clip.mp4's H.264 stream in those containers."""
    fixtures = made("Tests/Fixtures/make-fixtures.sh")
    videos = made("Tests/Fixtures/make-videos.sh")
    pairs = made("Tests/Fixtures/make-pairs.sh")
    folder = tmp_path_factory.mktemp("every") / "Every"
    folder.mkdir()
    for name in PHOTOS:
        shutil.copy2(fixtures / name, folder / name)
    for still, companion in PAIRS.items():
        for name in (still, companion):
            shutil.copy2(pairs / name, folder / name)
    for name in ("clip.mp4", "clip.mkv", "clip.webm", "hevc.mp4", "clip.avi"):
        shutil.copy2(videos / name, folder / name)
    # Renamed: beside iphone.heic, iphone.mov would be its Live Photo movie by name.
    shutil.copy2(videos / "iphone.mov", folder / "iphone-clip.mov")
    for name, muxer in (("clip.m4v", "ipod"), ("clip.3gp", "3gp")):
        subprocess.run(
            ["ffmpeg", "-hide_banner", "-loglevel", "error", "-nostdin", "-y", "-i", str(folder / "clip.mp4"), "-c", "copy", "-f", muxer,
             str(folder / name)], check=True)
    return folder


@pytest.fixture(scope="module")
def every_kind_server(every_kind, tmp_path_factory) -> str:
    yield from serve([every_kind], tmp_path_factory.mktemp("every-state"), "every-kind-server.log")


@pytest.fixture
def every_ui(page, every_kind_server) -> PhotolalaPage:
    return PhotolalaPage(page, every_kind_server)


def test_every_kind_lists_with_a_thumbnail_and_its_metadata(every_ui):
    page = every_ui.page
    every_ui.open("local-0", count=len(ITEMS))
    assert sorted(every_ui.mounted_names()) == sorted(ITEMS)
    for still in PAIRS:
        expect(page.locator(f'[data-id="~{still}"][data-testid$="-badge"]').first).to_have_text(re.compile("RAW|LIVE"))
    expect(page.get_by_test_id("video-badge")).to_have_count(len(PLAYABLE) + len(UNPLAYABLE))

    every_ui.open_inspector()
    for name in ITEMS:
        cell = every_ui.cell(name)
        cell.scroll_into_view_if_needed()
        expect(cell).to_have_attribute("data-state", "loaded", timeout=20_000)
        assert cell.evaluate("img => img.naturalWidth > 0 && img.naturalHeight > 0"), name
        cell.click()
        expect(page.get_by_test_id("inspector-name")).to_have_text(name)
        # Read from the file: its MD5, its format, its size after orientation.
        expect(page.get_by_test_id("inspector-md5")).to_have_text(re.compile(r"^[0-9a-f]{32}$"), timeout=20_000)
        expect(page.get_by_test_id("inspector-dimensions")).to_have_text(re.compile(r"^\d[\d,]* × \d[\d,]*"))
        if name in PAIRS:
            files = page.get_by_test_id("inspector-file")
            expect(files).to_have_count(2)
            expect(files.nth(1)).to_contain_text(PAIRS[name])


def test_every_kind_previews_and_the_videos_play_or_offer_a_download(every_ui):
    page = every_ui.page
    every_ui.open("local-0", count=len(ITEMS))
    preview = page.get_by_test_id("preview")
    for name in PHOTOS + list(PAIRS):
        every_ui.cell(name).scroll_into_view_if_needed()
        every_ui.cell(name).dblclick()
        expect(preview).to_have_attribute("data-state", "loaded", timeout=20_000)
        image = page.get_by_test_id("preview-image")
        assert image.evaluate("img => img.naturalWidth > 0"), name
        page.keyboard.press("Escape")
        expect(preview).to_be_hidden()

    for name in PLAYABLE:
        every_ui.cell(name).scroll_into_view_if_needed()
        every_ui.cell(name).dblclick()
        expect(preview, name).to_have_attribute("data-state", "loaded", timeout=20_000)
        video = page.get_by_test_id("preview-video")
        video.evaluate("v => { v.muted = true; return v.play(); }")
        page.wait_for_function("() => document.querySelector('[data-testid=preview-video]').currentTime > 0.3", timeout=15_000)
        page.keyboard.press("Escape")
        expect(preview).to_be_hidden()

    for name in UNPLAYABLE:
        every_ui.cell(name).scroll_into_view_if_needed()
        every_ui.cell(name).dblclick()
        expect(preview, name).to_have_attribute("data-state", "unplayable", timeout=20_000)
        expect(page.get_by_test_id("preview-download")).to_be_visible()
        page.wait_for_function("() => document.querySelector('.preview-poster')?.naturalWidth > 0")
        page.keyboard.press("Escape")
        expect(preview).to_be_hidden()
