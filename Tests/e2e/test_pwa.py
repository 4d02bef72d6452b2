"""Photolala installs as an app (issue 38, item 5): a web app manifest Chromium reads without
an error, icons of 192 and 512 px that are what they say, an apple-touch-icon, the theme colour,
and a service worker that keeps the app shell, so that a reload while the server is down shows
Photolala's own "not reachable, retrying" page, which opens the app by itself when the server
is back; and `serve --host 0.0.0.0` prints the address a phone opens, with its QR code."""

from __future__ import annotations

import json
import os
import re
import shutil
import struct
import subprocess
import time
import urllib.request

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

import server_process
from conftest import ARTIFACTS, BINARY, CHROMIUM, REPO, free_port, run, serve
from photolala_page import PhotolalaPage


def fetch(url: str) -> tuple[str, bytes]:
    with urllib.request.urlopen(url, timeout=5) as response:
        return response.headers.get("Content-Type", ""), response.read()


def png_size(data: bytes) -> tuple[int, int]:
    """A PNG's width and height, from its IHDR chunk."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return struct.unpack(">II", data[16:24])


def test_the_manifest_validates_and_its_icons_are_what_they_say(page, server):
    kind, body = fetch(f"{server}/manifest.json")
    assert "json" in kind, kind
    manifest = json.loads(body)
    assert manifest["name"] == "Photolala" and manifest["short_name"] == "Photolala"
    assert manifest["display"] == "standalone" and manifest["start_url"] == "./"
    assert manifest["theme_color"].startswith("#") and manifest["background_color"].startswith("#")
    sizes = set()
    for icon in manifest["icons"]:
        kind, data = fetch(f"{server}/{icon['src']}")
        assert kind.startswith(icon["type"]), (icon, kind)
        if icon["type"] == "image/png":
            width, height = png_size(data)
            assert icon["sizes"] == f"{width}x{height}", icon
            sizes.add(width)
    assert {192, 512} <= sizes

    page.goto(server)
    expect(page.locator('meta[name="theme-color"]')).to_have_attribute("content", manifest["theme_color"])
    touch = page.locator('link[rel="apple-touch-icon"]').get_attribute("href")
    kind, data = fetch(f"{server}/{touch}")
    assert png_size(data) == (180, 180)
    assert png_size(fetch(f"{server}/apple-touch-icon.png")[1]) == (180, 180), "where iOS looks without a link"

    # Chromium's own reading of the manifest, and whether it would install the app.
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=10_000)
    cdp = page.context.new_cdp_session(page)
    read = cdp.send("Page.getAppManifest")
    assert read["url"].endswith("/manifest.json") and read["errors"] == [], read["errors"]
    # Playwright's contexts are incognito, where Chromium installs nothing; no other reason may be left.
    errors = [error["errorId"] for error in cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]]
    assert [error for error in errors if error != "in-incognito"] == [], errors


def test_a_reload_while_the_server_is_down_shows_photolalas_page_which_recovers(page, tmp_path_factory):
    folder = tmp_path_factory.mktemp("pwa") / "Offline"
    run("Scripts/make-photos.sh", folder, 2, 640, 480)
    state = tmp_path_factory.mktemp("pwa-state")
    port = free_port()
    first = serve([folder], state, "pwa-server.log", port=port)
    url = next(first)
    ui = PhotolalaPage(page, url)
    ui.open("local-0", count=2)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=10_000)

    first.close()  # the server stops
    page.reload()
    offline = page.get_by_test_id("offline-page")
    expect(offline).to_be_visible()
    expect(offline).to_contain_text("Photolala is not reachable")
    expect(page.get_by_test_id("offline-status")).to_contain_text("Retrying in", timeout=10_000)
    retry = page.get_by_test_id("offline-retry")
    box = retry.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "offline-page.png"))

    second = serve([folder], state, "pwa-server.log", port=port)
    next(second)
    try:
        # The page finds the server again by itself and opens the app.
        expect(page.locator('[data-testid="source-item"]').first).to_be_visible(timeout=15_000)
        expect(offline).to_have_count(0)
    finally:
        second.close()


def decoded_qr_codes(output: str, folder) -> list[str]:
    """What zbarimg reads in the QR code drawn in `output`: its black-on-white lines of half
    blocks turned back into modules, drawn 8 pixels a module into a PGM image."""
    lines = [re.sub(r"\x1b\[[0-9;]*m", "", line) for line in output.splitlines() if line.startswith("\x1b[30;107m")]
    rows: list[list[bool]] = []
    for line in lines:
        rows += [[cell in "█▀" for cell in line], [cell in "█▄" for cell in line]]
    scale = 8
    pixels = bytearray()
    for row in rows:
        line = b"".join((b"\x00" if dark else b"\xff") * scale for dark in row)
        pixels += line * scale
    image = folder / "code.pgm"
    image.write_bytes(b"P5 %d %d 255\n" % (len(rows[0]) * scale, len(rows) * scale) + bytes(pixels))
    decoded = subprocess.run(["zbarimg", "--raw", "-q", str(image)], capture_output=True, text=True)
    return decoded.stdout.split()


def test_serving_the_network_prints_the_address_a_phone_opens_and_its_qr_code(tmp_path_factory):
    folder = tmp_path_factory.mktemp("phone") / "Phone"
    run("Scripts/make-photos.sh", folder, 1, 640, 480)
    state = tmp_path_factory.mktemp("phone-state")
    port = free_port()
    log = state / "serve.log"
    env = dict(os.environ, PHOTOLALA_CACHE_DIR=str(state / "cache"), PHOTOLALA_DATA_DIR=str(state / "data"), PHOTOLALA_QR="always")
    with open(log, "wb") as output:
        process = server_process.start(
            [str(BINARY), "serve", str(folder), "--host", "0.0.0.0", "--port", str(port), "--token", "phone-secret"], env=env, stdout=output,
            stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 30
        while "scan it:" not in log.read_text(errors="replace") or not log.read_text(errors="replace").rstrip().endswith("\x1b[0m"):
            assert process.poll() is None and time.monotonic() < deadline, log.read_text(errors="replace")
            time.sleep(0.1)
        time.sleep(0.3)  # the last lines of the code
        text = log.read_text()
        opened = re.search(r"On a phone or a tablet of this network, open (\S+)", text)
        assert opened, text
        url = opened.group(1)
        assert url.startswith("http://") and url.endswith(f":{port}/?token=phone-secret") and "0.0.0.0" not in url, url
        assert decoded_qr_codes(text, state) == [url]
        # The address answers, from this machine too, with the token.
        with urllib.request.urlopen(url.replace("/?token=", "/api/sources?token="), timeout=5) as response:
            assert response.status == 200
    finally:
        server_process.stop(process, timeout=5)


def test_the_example_caddyfile_serves_photolala_over_https_to_an_installable_app(browser, tmp_path_factory):
    """docs/examples/Caddyfile as the guide gives it, run by Caddy: a name of its own
    (photolala.test, resolved by the browser), HTTPS from Caddy's local authority, Photolala
    behind it on loopback with a token and `--allow-host`; the app opens, a change passes the
    origin check, and the service worker and the manifest make it installable."""
    caddy = shutil.which("caddy")
    assert caddy, "caddy is not installed: run Scripts/install-browser-deps.sh"
    folder = tmp_path_factory.mktemp("proxied") / "Proxied"
    run("Scripts/make-photos.sh", folder, 2, 640, 480)
    state = tmp_path_factory.mktemp("proxied-state")
    port, https_port = free_port(), free_port()
    env = dict(os.environ, PHOTOLALA_CACHE_DIR=str(state / "cache"), PHOTOLALA_DATA_DIR=str(state / "data"))
    env.setdefault("PHOTOLALA_WEB_ROOT", str(REPO / "Sources" / "PhotolalaServer" / "Public"))
    log = open(ARTIFACTS / "proxied-server.log", "ab")
    photolala = server_process.start(
        [str(BINARY), "serve", str(folder), "--port", str(port), "--token", "proxied-secret", "--allow-host", "photolala.test"], env=env,
        stdout=log, stderr=subprocess.STDOUT)
    caddy_env = dict(
        os.environ, XDG_DATA_HOME=str(state / "caddy-data"), XDG_CONFIG_HOME=str(state / "caddy-config"),
        CADDY_ADMIN=f"127.0.0.1:{free_port()}", CADDY_HTTP_PORT=str(free_port()), PHOTOLALA_SITE=f"photolala.test:{https_port}",
        PHOTOLALA_UPSTREAM=f"127.0.0.1:{port}")
    proxy = server_process.start(
        [caddy, "run", "--config", str(REPO / "docs" / "examples" / "Caddyfile"), "--adapter", "caddyfile"], env=caddy_env, stdout=log,
        stderr=subprocess.STDOUT)
    # Chromium resolves the name to this machine and trusts Caddy's local authority, as the
    # phone is told to: its root certificate in the NSS database of a home of its own.
    root = state / "caddy-data" / "caddy" / "pki" / "authorities" / "local" / "root.crt"
    deadline = time.monotonic() + 30
    while not root.exists():
        assert proxy.poll() is None and time.monotonic() < deadline, "caddy did not make its local authority"
        time.sleep(0.1)
    home = state / "browser-home"
    nss = f"sql:{home / '.pki' / 'nssdb'}"
    (home / ".pki" / "nssdb").mkdir(parents=True)
    subprocess.run(["certutil", "-d", nss, "-N", "--empty-password"], check=True)
    subprocess.run(["certutil", "-d", nss, "-A", "-t", "C,,", "-n", "Caddy Local Authority", "-i", str(root)], check=True)
    proxied = browser.browser_type.launch(
        executable_path=CHROMIUM, env=dict(os.environ, HOME=str(home)),
        args=["--no-sandbox", "--disable-dev-shm-usage", "--host-resolver-rules=MAP photolala.test 127.0.0.1"])
    try:
        page = proxied.new_page()
        url = f"https://photolala.test:{https_port}/?token=proxied-secret"
        deadline = time.monotonic() + 30
        while True:
            try:
                page.goto(url, timeout=5_000)
                break
            except PlaywrightError:
                assert photolala.poll() is None and proxy.poll() is None and time.monotonic() < deadline, "photolala or caddy did not start"
                time.sleep(0.3)
        # The token's cookie is set: the app's own links carry no token.
        ui = PhotolalaPage(page, f"https://photolala.test:{https_port}")
        ui.open("local-0", count=2)
        assert page.evaluate("window.isSecureContext")
        ui.first_cell.click()
        page.get_by_test_id("star-toggle").click()  # a POST: its Origin is the proxy's name, which the server accepts
        expect(page.locator('[data-testid="cell-badge"][data-state="starred"]')).to_have_count(1)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=10_000)
        cdp = page.context.new_cdp_session(page)
        assert cdp.send("Page.getAppManifest")["errors"] == []
        errors = [error["errorId"] for error in cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]]
        assert [error for error in errors if error != "in-incognito"] == [], errors
    finally:
        proxied.close()
        server_process.stop(proxy, timeout=5)
        server_process.stop(photolala, timeout=5)
        log.close()
