"""Videos in the browser: the grid badges a video with its duration, the preview plays an H.264
clip (its time advances, streamed with Range requests) and offers HEVC, which Chromium cannot
play, as its poster frame and a Download link."""

from __future__ import annotations

import shutil

import pytest
from playwright.sync_api import expect

from conftest import serve
from photolala_page import PhotolalaPage

VIDEOS = [
    "clip.avi", "clip.mkv", "clip.mp4", "clip.webm", "hevc.mp4", "iphone.mov", "live.mkv", "rotated.mkv", "rotated.mov", "short.mp4",
    "tagged.mkv", "truncated.mp4",
]


@pytest.fixture(scope="module")
def video_server(made, tmp_path_factory):
    """`photolala serve` on the videos Tests/Fixtures/make-videos.sh makes."""
    folder = tmp_path_factory.mktemp("videos") / "Videos"
    shutil.copytree(made("Tests/Fixtures/make-videos.sh"), folder)
    yield from serve([folder], tmp_path_factory.mktemp("state"), "video-server.log")


@pytest.fixture
def video_ui(page, video_server) -> PhotolalaPage:
    return PhotolalaPage(page, video_server)


def test_grid_badges_videos_with_their_duration(video_ui):
    page = video_ui.page
    video_ui.open("local-0", count=len(VIDEOS))
    badge = page.locator('[data-testid="video-badge"][data-id="~iphone.mov"]')
    expect(badge).to_have_text("▶ 0:03")
    expect(page.locator('[data-testid="video-badge"][data-id="~short.mp4"]')).to_have_text("▶ 0:00")
    # AVI, Matroska and WebM give their durations from their own headers.
    for name in ("clip.avi", "clip.mkv", "clip.webm"):
        expect(page.locator(f'[data-testid="video-badge"][data-id="~{name}"]')).to_have_text("▶ 0:03")
    # Every video is badged, the damaged one too (its cell shows the error icon).
    expect(page.get_by_test_id("video-badge")).to_have_count(len(VIDEOS))


def test_preview_plays_h264_and_offers_hevc_for_download(video_ui):
    page = video_ui.page
    video_ui.open("local-0", count=len(VIDEOS))
    video_ui.cell("clip.mp4").dblclick()
    preview = page.get_by_test_id("preview")
    video = page.get_by_test_id("preview-video")
    expect(preview).to_have_attribute("data-state", "loaded")
    expect(video).to_be_visible()
    video.evaluate("v => { v.muted = true; return v.play(); }")
    page.wait_for_function("() => document.querySelector('[data-testid=preview-video]').currentTime > 0.5", timeout=15_000)

    # HEVC: Chromium has no decoder; the poster frame and a link to the original instead.
    page.keyboard.press("Escape")
    video_ui.cell("hevc.mp4").dblclick()
    expect(preview).to_have_attribute("data-state", "unplayable")
    download = page.get_by_test_id("preview-download")
    expect(download).to_be_visible()
    expect(download).to_have_attribute("href", "api/sources/local-0/folders/~/items/~hevc.mp4/original")
    poster = page.locator(".preview-poster")
    page.wait_for_function("() => document.querySelector('.preview-poster')?.naturalWidth > 0")
    assert poster.evaluate("img => img.naturalWidth") == 455
