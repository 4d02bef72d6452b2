"""The page outlives its server: stopped and started again, the server is found again without a
reload, the open folder catches up, and what changed in the server's settings meanwhile (a cloud
configured) shows."""

from __future__ import annotations

import time
import urllib.request

from playwright.sync_api import expect

from conftest import cloud_environment, free_port, run, serve
from photolala_page import PhotolalaPage


def test_the_page_recovers_by_itself_when_the_server_restarts(page, seaweedfs, tmp_path_factory):
    folder = tmp_path_factory.mktemp("restart") / "Restart"
    run("Scripts/make-photos.sh", folder, 3, 640, 480)
    state = tmp_path_factory.mktemp("restart-state")
    port = free_port()

    first = serve([folder], state, "restart-server.log", port=port)
    url = next(first)
    ui = PhotolalaPage(page, url)
    ui.open("local-0", count=3)
    cloud = page.locator('[data-testid="source-item"][data-source="cloud"]')
    expect(cloud).to_have_attribute("data-configured", "false")

    first.close()  # the server stops
    connection = page.get_by_test_id("connection-status")
    expect(connection).to_be_visible(timeout=10_000)

    # Meanwhile a photo arrives and the cloud is configured; then the server comes back.
    run("Scripts/make-photos.sh", folder / "more", 1, 640, 480)
    (folder / "more" / "IMG_00000.jpg").rename(folder / "IMG_99999.jpg")
    environment = cloud_environment(seaweedfs.endpoint, seaweedfs.bucket, seaweedfs.access_key, seaweedfs.secret_key)
    second = serve([folder], state, "restart-server.log", environment, port=port)
    next(second)
    restarted = time.monotonic()
    try:
        expect(connection).to_be_hidden(timeout=10_000)
        expect(ui.cell("IMG_99999.jpg")).to_be_visible(timeout=10_000)
        expect(cloud).to_have_attribute("data-configured", "true", timeout=10_000)
        assert time.monotonic() - restarted < 10
        with urllib.request.urlopen(f"{url}/api/sources", timeout=5) as response:
            assert response.status == 200
        expect(page.get_by_test_id("source-message")).to_be_hidden()
    finally:
        second.close()
