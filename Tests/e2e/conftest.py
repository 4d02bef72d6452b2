"""End-to-end fixtures: photo folders made by the repository's scripts, a real `photolala serve`
on them, and Debian's Chromium driven by Playwright.

The backup tests get a server of their own (`backup_server`) on a few photos, backing up to a
SeaweedFS that the session starts (seaweedfs.py). The cloud tests play a second device
(`cloud_server`) browsing what another backed up there, and restore from Deep Archive on moto's
server (`restore_server`, s3_moto.py).

Environment:
  PHOTOLALA_BIN   the binary to test (default .build/debug/photolala)
  CHROMIUM        the browser (default /usr/bin/chromium)
  PHOTOLALA_WEB_ROOT  the web UI the server serves (default: this checkout's
                  Sources/PhotolalaServer/Public, so UI edits need no rebuild; set it empty to
                  test the copy bundled with the binary)
"""

from __future__ import annotations

import datetime as dt
import os
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import Page, sync_playwright

import server_process
from photolala_page import PhotolalaPage
from s3_moto import Moto
from seaweedfs import SeaweedFS

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / ".build" / "e2e"
BINARY = Path(os.environ.get("PHOTOLALA_BIN", REPO / ".build" / "debug" / "photolala"))
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
# Every server started here reads no settings file: not the tester's ~/.config/photolala one.
os.environ.pop("PHOTOLALA_CONFIG", None)
os.environ["XDG_CONFIG_HOME"] = str(ARTIFACTS / "no-config")
VIEWPORT = {"width": 1280, "height": 800}

BIG_COUNT = 100_000
BIG_START = dt.datetime(2010, 1, 1, tzinfo=dt.timezone.utc)
BIG_STEP = 3_000  # seconds between two photos of the big folder: 100,000 photos over 9.5 years
PHOTOS_COUNT = 24
PHOTOS_START = dt.datetime(2024, 6, 1, 12, tzinfo=dt.timezone.utc)
PHOTOS_STEP_DAYS = 4  # June to September 2024


def photo_date(index: int) -> dt.datetime:
    return PHOTOS_START + dt.timedelta(days=PHOTOS_STEP_DAYS * index)


def big_date(index: int) -> dt.datetime:
    return BIG_START + dt.timedelta(seconds=BIG_STEP * index)


def run(*command: str | Path) -> None:
    subprocess.run([str(part) for part in command], cwd=REPO, check=True, stdout=subprocess.DEVNULL)


def set_dates(folder: Path, dates: dict[str, dt.datetime], exif: bool) -> None:
    """Gives each file its date, both as EXIF DateTimeOriginal (one exiftool run) and as its
    modification time, so the photo lands on that day whichever date the server lists."""
    if exif:
        args = tempfile.NamedTemporaryFile("w", suffix=".args", delete=False)
        with args:
            for name, date in dates.items():
                args.write(f"-DateTimeOriginal={date:%Y:%m:%d %H:%M:%S}\n-overwrite_original\n{folder / name}\n-execute\n")
        run("exiftool", "-q", "-@", args.name)
        os.unlink(args.name)
    for name, date in dates.items():
        stamp = date.timestamp()
        os.utime(folder / name, (stamp, stamp))


@pytest.fixture(scope="session")
def made(tmp_path_factory):
    """What a fixture script makes, made once a session however many fixtures copy from it:
    `made("Tests/Fixtures/make-fixtures.sh")` is the folder that script filled. Copy before
    changing anything in it."""
    folders: dict[str, Path] = {}

    def folder_made_by(script: str) -> Path:
        if script not in folders:
            folders[script] = tmp_path_factory.mktemp("made") / Path(script).stem
            run(script, folders[script])
        return folders[script]

    return folder_made_by


@pytest.fixture(scope="session")
def place_data() -> Path:
    """The place data `photolala` installs (GeoNames, Natural Earth, ISO 3166), made once into
    `.build/places` by Scripts/make-places.py, as the Swift tests make it; a server given it as
    `PHOTOLALA_PLACE_DATA` finds the country, region and city of every geotagged photo."""
    folder = REPO / ".build" / "places"
    if not (folder / "places.tsv").exists():
        run(REPO / "Scripts" / "make-places.py", folder)
    return folder


@pytest.fixture(scope="session")
def library(made, tmp_path_factory) -> Path:
    """Two trees: `Library` (Photos with subfolders, Mixed formats and broken files, Live for
    changes on disk, Accents for the name filter) and `Big` (100,000 tiny photos in one folder, dated over 9.5 years)."""
    root = tmp_path_factory.mktemp("photos")
    photos = root / "Library" / "Photos"
    run("Scripts/make-photos.sh", photos, PHOTOS_COUNT, 1200, 900)
    names = sorted(path.name for path in photos.iterdir())
    set_dates(photos, {name: photo_date(index) for index, name in enumerate(names)}, exif=True)
    for sub, count in (("Trips", 4), ("Trips/Alps", 2)):
        (photos / sub).mkdir()
        for name in names[:count]:
            shutil.copy2(photos / name, photos / sub / f"{Path(sub).name}-{name}")
    shutil.copytree(made("Tests/Fixtures/make-fixtures.sh"), root / "Library" / "Mixed")
    live = root / "Library" / "Live"
    live.mkdir()
    for name in names[:3]:
        shutil.copy2(photos / name, live / name)
    accents = root / "Library" / "Accents"  # names to filter by, one with an accent written composed
    accents.mkdir()
    mixed = root / "Library" / "Mixed"
    for source, name in (("photo.png", "Frítest.png"), ("photo.webp", "other.webp"), ("photo.gif", "FRITES.gif")):
        shutil.copy2(mixed / source, accents / name)

    big = root / "Big"
    run("Scripts/make-file-tree.sh", big, BIG_COUNT, "flat")
    big_names = sorted(path.name for path in big.iterdir())
    set_dates(big, {name: big_date(index) for index, name in enumerate(big_names)}, exif=False)
    return root


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def serve(arguments: list[str | Path], state: Path, log_name: str, extra_env: dict[str, str] | None = None, port: int | None = None):
    """Starts `photolala serve ARGUMENTS` (folders, `--library PATH`) on `port` (else a free one) with its own cache and data
    folders, waits until it answers, and yields its base URL; stops it afterwards. Its log goes to .build/e2e/."""
    if not BINARY.exists():
        pytest.exit(f"{BINARY} does not exist: run `swift build --product photolala` or set PHOTOLALA_BIN.", returncode=2)
    port = port or free_port()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    log = open(ARTIFACTS / log_name, "ab")
    env = dict(os.environ, PHOTOLALA_CACHE_DIR=str(state / "cache"), PHOTOLALA_DATA_DIR=str(state / "data"), **(extra_env or {}))
    env.setdefault("PHOTOLALA_WEB_ROOT", str(REPO / "Sources" / "PhotolalaServer" / "Public"))
    process = server_process.start(
        [str(BINARY), "serve", *map(str, arguments), "--port", str(port)],
        env=env, stdout=log, stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"{url}/api/sources", timeout=2) as response:
                    if response.status == 200:
                        break
            except OSError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                pytest.exit(f"photolala serve did not start; see {ARTIFACTS / log_name}", returncode=2)
            time.sleep(0.1)
        yield url
    finally:
        server_process.stop(process, timeout=5)
        log.close()


@pytest.fixture(scope="session")
def server(library, tmp_path_factory) -> str:
    """`photolala serve Library Big` on a free port; its base URL."""
    yield from serve([library / "Library", library / "Big"], tmp_path_factory.mktemp("state"), "server.log")


@pytest.fixture(scope="session")
def polling_server(tmp_path_factory) -> tuple[str, Path]:
    """`photolala serve Polled` (three photos) with PHOTOLALA_WATCH=poll:0.3: open folders are
    rescanned every 0.3 s and never watched. Its base URL and the folder."""
    folder = tmp_path_factory.mktemp("polled") / "Polled"
    run("Scripts/make-photos.sh", folder, 3, 1200, 900)
    server = serve([folder], tmp_path_factory.mktemp("polling-state"), "polling-server.log", {"PHOTOLALA_WATCH": "poll:0.3"})
    yield next(server), folder
    server.close()


BACKUP_PHOTOS = 6
BACKUP_USER_ID = "6f1f9c3e-0b7a-4d2e-9c59-5a1e2f3b4c5d"


@pytest.fixture(scope="session")
def seaweedfs(tmp_path_factory):
    """A SeaweedFS S3 server with an empty bucket."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    try:
        store = SeaweedFS(tmp_path_factory.mktemp("seaweedfs"), ARTIFACTS / "seaweedfs.log")
    except RuntimeError as error:
        pytest.fail(str(error))
    yield store
    store.stop()


@pytest.fixture(scope="session")
def backup_photos(tmp_path_factory) -> Path:
    """A folder `Starred` of a few distinct photos."""
    photos = tmp_path_factory.mktemp("backup") / "Starred"
    run("Scripts/make-photos.sh", photos, BACKUP_PHOTOS, 1200, 900)
    return photos


@pytest.fixture(scope="session")
def backup_server(seaweedfs, backup_photos, tmp_path_factory) -> str:
    """`photolala serve` on `backup_photos`, backing up to `seaweedfs` as a fixed user."""
    cloud = {
        "PHOTOLALA_S3_ENDPOINT": seaweedfs.endpoint, "PHOTOLALA_S3_BUCKET": seaweedfs.bucket, "PHOTOLALA_USER_ID": BACKUP_USER_ID,
        "AWS_ACCESS_KEY_ID": seaweedfs.access_key, "AWS_SECRET_ACCESS_KEY": seaweedfs.secret_key, "AWS_REGION": "us-east-1",
    }
    yield from serve([backup_photos], tmp_path_factory.mktemp("backup-state"), "backup-server.log", cloud)


CLOUD_PHOTOS = 4
CLOUD_USER_ID = "0d3c2b1a-5e4f-4a6b-8c7d-9e0f1a2b3c4d"


def cloud_environment(endpoint: str, bucket: str, access_key: str, secret_key: str) -> dict[str, str]:
    return {
        "PHOTOLALA_S3_ENDPOINT": endpoint, "PHOTOLALA_S3_BUCKET": bucket, "PHOTOLALA_USER_ID": CLOUD_USER_ID,
        "AWS_ACCESS_KEY_ID": access_key, "AWS_SECRET_ACCESS_KEY": secret_key, "AWS_REGION": "us-east-1",
    }


def back_up_from_another_device(photos: Path, state: Path, cloud: dict[str, str]) -> None:
    """What device A does: `photolala backup star` and `backup run` with data folders of its own."""
    env = dict(os.environ, PHOTOLALA_CACHE_DIR=str(state / "cache"), PHOTOLALA_DATA_DIR=str(state / "data"), **cloud)
    for command in (["backup", "star", *photos.iterdir()], ["backup", "run"]):
        subprocess.run([str(BINARY), *map(str, command)], env=env, check=True, stdout=subprocess.DEVNULL)


@pytest.fixture(scope="session")
def cloud_photos(tmp_path_factory) -> Path:
    """`Trip`: the photos device A backs up; `IMG_00004.jpg` beside it is never backed up."""
    root = tmp_path_factory.mktemp("cloud")
    run("Scripts/make-photos.sh", root / "made", CLOUD_PHOTOS + 1, 1200, 900)
    (root / "Trip").mkdir()
    for index in range(CLOUD_PHOTOS):
        shutil.move(root / "made" / f"IMG_{index:05d}.jpg", root / "Trip")
    return root


@pytest.fixture(scope="session")
def cloud_server(seaweedfs, cloud_photos, tmp_path_factory) -> str:
    """Device B: `photolala serve Here` with its own data folders, on the bucket where device A
    backed up `Trip`. `Here` holds copies of two of those photos and one never backed up."""
    cloud = cloud_environment(seaweedfs.endpoint, seaweedfs.bucket, seaweedfs.access_key, seaweedfs.secret_key)
    back_up_from_another_device(cloud_photos / "Trip", tmp_path_factory.mktemp("device-a"), cloud)
    here = cloud_photos / "Here"
    here.mkdir()
    for name in ("IMG_00000.jpg", "IMG_00001.jpg"):
        shutil.copy2(cloud_photos / "Trip" / name, here / name)
    shutil.copy2(cloud_photos / "made" / "IMG_00004.jpg", here / "IMG_00004.jpg")
    yield from serve([here], tmp_path_factory.mktemp("device-b"), "cloud-server.log", cloud)


@pytest.fixture(scope="session")
def moto(tmp_path_factory):
    """moto's S3 server with an empty bucket, for restores from Deep Archive."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    try:
        store = Moto(ARTIFACTS / "moto.log")
    except RuntimeError as error:
        pytest.fail(str(error))
    yield store
    store.stop()


@pytest.fixture(scope="session")
def restore_server(moto, cloud_photos, tmp_path_factory) -> str:
    """Device B on moto, where device A backed up `Trip`: originals in Deep Archive to restore."""
    cloud = cloud_environment(moto.endpoint, moto.bucket, moto.access_key, moto.secret_key)
    back_up_from_another_device(cloud_photos / "Trip", tmp_path_factory.mktemp("device-a-moto"), cloud)
    cloud["PHOTOLALA_RESTORE_CHECK_SECONDS"] = "1"  # restores under way are checked after 1 s, 2 s, 4 s…
    yield from serve([cloud_photos / "Trip"], tmp_path_factory.mktemp("device-b-moto"), "restore-server.log", cloud)


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-dev-shm-usage"])
        yield browser
        browser.close()


OPEN_CONTEXT = pytest.StashKey()


@pytest.fixture
def context(browser, request):
    """A fresh tab set (own sessionStorage), 1280×800, in UTC so day and month groups are fixed."""
    context = browser.new_context(viewport=VIEWPORT, timezone_id="UTC", locale="en-GB")
    request.node.stash[OPEN_CONTEXT] = context  # for screenshots of failures
    yield context
    context.close()


@pytest.fixture
def page(context, request) -> Page:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    if errors:
        save_screenshots(request.node)
    assert not errors, f"JavaScript errors on the page: {errors}"


def save_screenshots(item) -> None:
    """Saves every open tab of the test's browser context under .build/e2e/, named after the test."""
    context = item.stash.get(OPEN_CONTEXT, None)
    if context is None:
        return
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for index, open_page in enumerate(context.pages):
        suffix = "" if index == 0 else f"-{index}"
        try:
            open_page.screenshot(path=str(ARTIFACTS / f"{item.name}{suffix}.png"))
        except Exception:  # a tab that crashed or closed has nothing to show
            pass


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """Screenshots the tabs when a test fails, while it runs or while its fixtures are set up (the
    pages are still open then); the page fixture does the same for the failures it finds on
    tearing down."""
    report = yield
    if report.failed and report.when in ("setup", "call"):
        save_screenshots(item)
    return report


@pytest.fixture
def ui(page, server) -> PhotolalaPage:
    """The page, with the app's vocabulary: open a folder, find a cell, wait for thumbnails."""
    return PhotolalaPage(page, server)


@pytest.fixture
def backup_ui(page, backup_server) -> PhotolalaPage:
    """The page on the backup server."""
    return PhotolalaPage(page, backup_server)


@pytest.fixture
def cloud_ui(page, cloud_server) -> PhotolalaPage:
    """The page on device B's server."""
    return PhotolalaPage(page, cloud_server)


@pytest.fixture
def restore_ui(page, restore_server) -> PhotolalaPage:
    """The page on device B's server on moto."""
    return PhotolalaPage(page, restore_server)
