"""A store that refuses connections is named in the Cloud Backup panel as the CLI names it: with
its endpoint, what happened and what to do, said once ("Last run (…): The backup run stopped:
Could not connect to http://127.0.0.1:N (connection refused): is the S3 server running?")."""

from __future__ import annotations

import re
import shutil
import socket

import pytest
from playwright.sync_api import expect

from conftest import serve
from photolala_page import PhotolalaPage

USER_ID = "2a4c6e80-1b3d-4f5a-8c7e-9d0f1a2b3c4d"


@pytest.fixture
def refused_port():
    """A port held bound but not listening: connections to it are refused, and nothing else takes it meanwhile."""
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        yield held.getsockname()[1]


@pytest.fixture
def unreachable_ui(page, backup_photos, refused_port, tmp_path, tmp_path_factory) -> PhotolalaPage:
    photos = tmp_path / "Unreachable"
    photos.mkdir()
    shutil.copy(sorted(backup_photos.iterdir())[0], photos / "photo.jpg")
    cloud = {
        "PHOTOLALA_S3_ENDPOINT": f"http://127.0.0.1:{refused_port}", "PHOTOLALA_S3_BUCKET": "photos", "PHOTOLALA_USER_ID": USER_ID,
        "AWS_ACCESS_KEY_ID": "AKIDUNREACHABLE", "AWS_SECRET_ACCESS_KEY": "not-a-secret-that-matters", "AWS_REGION": "us-east-1",
    }
    state = tmp_path_factory.mktemp("unreachable-state")
    yield from (PhotolalaPage(page, url) for url in serve([photos], state, "unreachable-server.log", cloud))


def test_the_panel_says_the_store_refused_the_connection(unreachable_ui, refused_port):
    page = unreachable_ui.page
    unreachable_ui.open(count=1)
    unreachable_ui.first_cell.click()
    page.get_by_test_id("star-toggle").click()
    expect(page.locator('[data-testid="cell-badge"][data-state="starred"]')).to_have_count(1)
    page.get_by_test_id("cloud-settings-open").click()
    page.get_by_test_id("backup-now").click()
    message = f"Could not connect to http://127.0.0.1:{refused_port} (connection refused): is the S3 server running?"
    last_run = page.get_by_test_id("backup-last-run")
    expect(last_run).to_contain_text(message, timeout=60_000)
    expect(last_run).to_have_text(re.compile(rf"^Last run \([^)]+\): The backup run stopped: {re.escape(message)}$"))
