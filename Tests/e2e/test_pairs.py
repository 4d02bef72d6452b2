"""RAW+JPEG pairs and Live Photos in the browser: one grid item each, with a RAW or LIVE badge; the
LIVE badge and the preview's LIVE button play the movie; the inspector lists both files; starring
the item backs up both, and with them a 200 MB movie in parts (to moto: the originals go to Deep
Archive); `photolala cloud restore` and `cloud get` bring every file back byte for byte under its own
name and extension, and browsing the backup shows each pair as one item with its badge."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import expect

from conftest import BINARY, serve
from photolala_page import PhotolalaPage

PAIRS_USER_ID = "3b9f0c2e-7d1a-4e5b-8c6f-2a4d6e8f0b1c"
# The items: DSC_0100 (JPEG + NEF), IMG_0042 (JPEG + MOV) and IMG_0061 (HEIC + "IMG_0061 (1).MOV", paired
# by the content identifier they share) are one each.
ITEMS = ["DSC_0100.JPG", "IMG_0042.JPG", "IMG_0050.JPG", "IMG_0050.mp4", "IMG_0061.HEIC", "big.mov", "clip.MOV", "solo.JPG"]
BADGE = '[data-testid="cell-badge"]'


@pytest.fixture(scope="module")
def pairs_folder(made, tmp_path_factory) -> Path:
    """Tests/Fixtures/make-pairs.sh's files and `big.mov`, 20 s of uncompressed 640 × 360 video (207 MB)."""
    folder = tmp_path_factory.mktemp("pairs") / "Pairs"
    shutil.copytree(made("Tests/Fixtures/make-pairs.sh"), folder)
    subprocess.run(
        ["ffmpeg", "-hide_banner", "-loglevel", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "testsrc=size=640x360:rate=30", "-t", "20",
         "-c:v", "rawvideo", "-pix_fmt", "yuv420p", "-metadata", "creation_time=2024-06-01T08:30:00Z", str(folder / "big.mov")],
        check=True)
    assert (folder / "big.mov").stat().st_size > 200_000_000
    return folder


@pytest.fixture(scope="module")
def pairs_cloud(moto) -> dict[str, str]:
    return {
        "PHOTOLALA_S3_ENDPOINT": moto.endpoint, "PHOTOLALA_S3_BUCKET": moto.bucket, "PHOTOLALA_USER_ID": PAIRS_USER_ID,
        "AWS_ACCESS_KEY_ID": moto.access_key, "AWS_SECRET_ACCESS_KEY": moto.secret_key, "AWS_REGION": "us-east-1",
    }


@pytest.fixture(scope="module")
def pairs_server(pairs_folder, pairs_cloud, tmp_path_factory) -> str:
    yield from serve([pairs_folder], tmp_path_factory.mktemp("pairs-state"), "pairs-server.log", pairs_cloud)


@pytest.fixture
def pairs_ui(page, pairs_server) -> PhotolalaPage:
    return PhotolalaPage(page, pairs_server)


def test_a_raw_jpeg_pair_and_a_live_photo_are_one_item_each_with_their_badge(pairs_ui):
    page = pairs_ui.page
    pairs_ui.open("local-0", count=len(ITEMS))
    assert sorted(pairs_ui.mounted_names()) == sorted(ITEMS)
    expect(page.locator('[data-testid="raw-badge"][data-id="~DSC_0100.JPG"]')).to_have_text("RAW")
    expect(page.locator('[data-testid="live-badge"][data-id="~IMG_0042.JPG"]')).to_have_text("◉ LIVE")
    # Renamed apart by an importer: paired by Apple's content identifier, not by name.
    expect(page.locator('[data-testid="live-badge"][data-id="~IMG_0061.HEIC"]')).to_have_text("◉ LIVE")
    expect(page.get_by_test_id("raw-badge")).to_have_count(1)
    expect(page.get_by_test_id("live-badge")).to_have_count(2)
    # A movie of its own, and an MP4 beside a JPEG of its name, are videos.
    expect(page.locator('[data-testid="video-badge"][data-id="~clip.MOV"]')).to_be_visible()
    expect(page.locator('[data-testid="video-badge"][data-id="~IMG_0050.mp4"]')).to_be_visible()

    # The inspector lists both files of the pair.
    pairs_ui.cell("DSC_0100.JPG").click()
    pairs_ui.open_inspector()
    files = page.get_by_test_id("inspector-file")
    expect(files).to_have_count(2)
    expect(files.nth(0)).to_contain_text("DSC_0100.JPG")
    expect(files.nth(1)).to_contain_text("DSC_0100.NEF")
    expect(files.nth(1)).to_contain_text("RAW")
    pairs_ui.cell("IMG_0042.JPG").click()
    expect(files.nth(1)).to_contain_text("IMG_0042.MOV")
    expect(files.nth(1)).to_contain_text("Live Photo movie")
    pairs_ui.cell("IMG_0061.HEIC").click()
    expect(files).to_have_count(2)
    expect(files.nth(1)).to_contain_text("IMG_0061 (1).MOV")
    expect(files.nth(1)).to_contain_text("Live Photo movie")
    page.screenshot(path=str(Path(".build/e2e") / "live-photo-inspector.png"))


def test_the_live_badge_plays_the_movie_in_the_grid_and_the_preview(pairs_ui):
    page = pairs_ui.page
    pairs_ui.open("local-0", count=len(ITEMS))
    badge = page.locator('[data-testid="live-badge"][data-id="~IMG_0042.JPG"]')
    badge.hover()
    motion = page.get_by_test_id("live-motion")
    expect(motion).to_have_count(1)
    expect(motion).to_have_attribute("src", "api/sources/local-0/folders/~/items/~IMG_0042.MOV/full")
    page.wait_for_function("() => document.querySelector('[data-testid=live-motion]')?.currentTime > 0.3", timeout=15_000)
    # The pointer leaves: the movie stops and is dropped.
    page.mouse.move(0, 0)
    expect(motion).to_have_count(0)

    pairs_ui.cell("IMG_0042.JPG").dblclick()
    expect(page.get_by_test_id("preview")).to_have_attribute("data-state", "loaded")
    live = page.get_by_test_id("preview-live")
    expect(live).to_be_visible()
    live.hover()
    page.wait_for_function("() => document.querySelector('[data-testid=preview-motion]')?.currentTime > 0.3", timeout=15_000)
    expect(page.get_by_test_id("preview")).to_have_attribute("data-live", "playing")
    page.screenshot(path=str(Path(".build/e2e") / "live-photo-preview.png"))
    page.mouse.move(0, 0)
    expect(page.get_by_test_id("preview-motion")).to_be_hidden()
    # A photo of its own has no LIVE button.
    page.keyboard.press("Escape")
    pairs_ui.cell("solo.JPG").dblclick()
    expect(page.get_by_test_id("preview")).to_have_attribute("data-state", "loaded")
    expect(page.get_by_test_id("preview-live")).to_be_hidden()


def test_starring_backs_up_every_file_and_each_comes_back_with_its_extension(pairs_ui, pairs_folder, pairs_cloud, moto, tmp_path):
    page = pairs_ui.page
    pairs_ui.open("local-0", count=len(ITEMS))
    pairs_ui.cell("DSC_0100.JPG").click()
    pairs_ui.cell("IMG_0042.JPG").click(modifiers=["Control"])
    pairs_ui.cell("big.mov").click(modifiers=["Control"])
    page.get_by_test_id("star-toggle").click()
    expect(page.locator(f'{BADGE}[data-state="starred"]')).to_have_count(3)
    files = ["DSC_0100.JPG", "DSC_0100.NEF", "IMG_0042.JPG", "IMG_0042.MOV", "big.mov"]
    status = pairs_ui.api("backup/status")
    assert status["queued"] == len(files), status

    page.get_by_test_id("cloud-settings-open").click()
    page.get_by_test_id("backup-now").click()
    expect(page.locator(f'{BADGE}[data-state="backedUp"]')).to_have_count(3, timeout=180_000)
    status = pairs_ui.api("backup/status")
    assert status["done"] == len(files) and status["failed"] == 0, status

    # Browsing the backup, each pair is one item with its badge, as in the folder: three items of five files.
    pairs_ui.open("cloud", count=3)
    md5s = {name: hashlib.md5((pairs_folder / name).read_bytes()).hexdigest() for name in files}
    expect(page.locator(f'[data-testid="raw-badge"][data-id="{md5s["DSC_0100.JPG"]}"]')).to_have_text("RAW")
    expect(page.locator(f'[data-testid="live-badge"][data-id="{md5s["IMG_0042.JPG"]}"]')).to_have_text("◉ LIVE")
    expect(page.locator(f'[data-testid="video-badge"][data-id="{md5s["big.mov"]}"]')).to_be_visible()

    # Back from the bucket, as another device would fetch them: byte for byte, named by format.
    state = tmp_path / "restoring"
    env = dict(os.environ, PHOTOLALA_CACHE_DIR=str(state / "cache"), PHOTOLALA_DATA_DIR=str(state / "data"), **pairs_cloud)
    restored = tmp_path / "restored"
    restored.mkdir()
    subprocess.run([str(BINARY), "cloud", "sync"], env=env, check=True, capture_output=True)
    stored = {item["Key"]: item for item in moto.s3.list_objects_v2(Bucket=moto.bucket, Prefix=f"photos/{PAIRS_USER_ID}/")["Contents"]}
    for name in files:
        md5 = hashlib.md5((pairs_folder / name).read_bytes()).hexdigest()
        key = f"photos/{PAIRS_USER_ID}/{md5}.dat"
        assert key in stored and stored[key]["StorageClass"] == "DEEP_ARCHIVE", name
        # The 200 MB movie went up in parts: a multipart object's ETag ends in its part count.
        assert ("-" in stored[key]["ETag"]) == (name == "big.mov"), (name, stored[key]["ETag"])
        subprocess.run([str(BINARY), "cloud", "restore", md5, "--tier", "Standard", "--days", "1", "--yes"], env=env, check=True, capture_output=True)
        done = subprocess.run([str(BINARY), "cloud", "get", md5, "-o", str(restored)], env=env, check=True, capture_output=True, text=True)
        path = Path(done.stdout.strip())
        assert path.stem == Path(name).stem and path.suffix.lower() == Path(name).suffix.lower(), (name, path)
        assert hashlib.md5(path.read_bytes()).hexdigest() == md5, name
