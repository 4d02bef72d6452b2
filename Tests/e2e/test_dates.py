"""Photo dates as the camera's clock showed them, in every browser time zone: a folder never
catalogued, whose files were all written today but whose EXIF dates span 1999–2024 (half with
OffsetTimeOriginal, half floating), sorts, groups and shows by those clock times; building its
catalog while it is open changes nothing the user sees."""

from __future__ import annotations

import datetime as dt
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from conftest import ARTIFACTS, BINARY, VIEWPORT, run, serve
from photolala_page import PhotolalaPage

COUNT = 20
# Late-evening and early-morning clock times, so a photo read in the browser's zone (or in UTC)
# instead of its own clock would land on another day.
HOURS = [23, 0, 22, 1, 23]


def clock(index: int) -> dt.datetime:
    """The clock time photo `index` records: 1999 to 2024, not in name order."""
    order = (index * 7) % COUNT  # a permutation of 0..19
    return dt.datetime(1999 + (order * 25) // (COUNT - 1), 1 + order % 12, 1 + (order * 3) % 28, HOURS[order % 5], 30 + order, 10)


def offset(index: int) -> str | None:
    """Half the photos record an offset (far from UTC either way), half are floating."""
    return None if index % 2 == 0 else ("+09:00" if index % 4 == 1 else "-08:00")


def name(index: int) -> str:
    return f"IMG_{index:05d}.jpg"


@pytest.fixture(scope="module")
def dated(tmp_path_factory) -> tuple[str, Path, Path]:
    """`photolala serve Dated`, the folder, and the server's state folder."""
    folder = tmp_path_factory.mktemp("dated") / "Dated"
    run("Scripts/make-photos.sh", folder, COUNT, 640, 480)
    args = tempfile.NamedTemporaryFile("w", suffix=".args", delete=False)
    with args:
        for index in range(COUNT):
            args.write(f"-DateTimeOriginal={clock(index):%Y:%m:%d %H:%M:%S}\n")
            if offset(index):
                args.write(f"-OffsetTimeOriginal={offset(index)}\n")
            # The file times stay today's: only EXIF says when the photos were taken.
            args.write(f"-overwrite_original\n{folder / name(index)}\n-execute\n")
    run("exiftool", "-q", "-@", args.name)
    os.unlink(args.name)
    state = tmp_path_factory.mktemp("dated-state")
    server = serve([folder], state, "dated-server.log")
    yield next(server), folder, state
    server.close()


TIME_ZONES = ["America/Los_Angeles", "Pacific/Kiritimati"]


def zoned_page(browser, server: str, request):
    """A page on `server` in the time zone `request.param`; its screen is kept for the run's
    artefacts, and JavaScript errors fail the test."""
    # Tall enough for every group of the folder to be mounted at once (the grid is virtual).
    context = browser.new_context(viewport={"width": VIEWPORT["width"], "height": 6000}, timezone_id=request.param, locale="en-GB")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield PhotolalaPage(page, server)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{request.node.name.replace('/', '-')}.png"))  # each time zone's screen, for the run's artefacts
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


@pytest.fixture(params=TIME_ZONES)
def zoned_ui(browser, dated, request):
    yield from zoned_page(browser, dated[0], request)


@pytest.fixture(params=TIME_ZONES)
def uncatalogued(browser, dated, request, tmp_path) -> tuple[PhotolalaPage, Path, Path]:
    """A page in each time zone on a server of its own over a copy of the dated folder, never
    catalogued (the test builds its catalog); the page, the folder and the server's state folder."""
    folder = tmp_path / "Dated"
    shutil.copytree(dated[1], folder)  # the files keep their times, all of today
    state = tmp_path / "state"
    server = serve([folder], state, "dated-catalog-server.log")
    try:
        page = zoned_page(browser, next(server), request)
        yield next(page), folder, state
        next(page, None)
    finally:
        server.close()


def day_title(date: dt.datetime) -> str:
    return f"{date:%A}, {date.day} {date:%B} {date.year}"


def by_clock() -> list[int]:
    return sorted(range(COUNT), key=lambda index: (clock(index), name(index)))


def headers(ui: PhotolalaPage) -> list[str]:
    return ui.page.get_by_test_id("group-header").evaluate_all(
        "hs => hs.sort((a, b) => a.getAttribute('aria-rowindex') - b.getAttribute('aria-rowindex')).map(h => h.firstChild.textContent)"
    )


def check_order_and_groups(ui: PhotolalaPage) -> None:
    page = ui.page
    page.get_by_test_id("sort").select_option("date-asc")
    page.get_by_test_id("group").select_option("day")
    expect(page.get_by_test_id("group-header")).to_have_count(COUNT)
    assert headers(ui) == [day_title(clock(index)) for index in by_clock()]
    assert ui.mounted_names() == [name(index) for index in by_clock()]

    page.get_by_test_id("sort").select_option("date-desc")
    expect(page.get_by_test_id("group-header").first).to_be_attached()
    ui.next_frames()
    assert headers(ui) == [day_title(clock(index)) for index in reversed(by_clock())]
    assert ui.mounted_names() == [name(index) for index in reversed(by_clock())]

    page.get_by_test_id("sort").select_option("date-asc")
    page.get_by_test_id("group").select_option("month")
    months = []
    for index in by_clock():
        title = f"{clock(index):%B} {clock(index).year}"
        if title not in months:
            months.append(title)
    expect(page.get_by_test_id("group-header")).to_have_count(len(months))
    assert headers(ui) == months


def test_an_uncatalogued_folder_sorts_groups_and_shows_exif_clock_times(zoned_ui, dated):
    ui = zoned_ui
    ui.open("local-0", count=COUNT)
    check_order_and_groups(ui)

    ui.open_inspector()
    for index in (0, 1):  # floating, then +09:00
        inspector_date(ui, index)


def inspector_date(ui: PhotolalaPage, index: int) -> str:
    """The inspector's date of photo `index`, selecting it: its clock time, with its offset when
    it records one."""
    ui.cell(name(index)).click()
    taken = clock(index)
    text = f"{taken.day} {taken:%b} {taken.year}, {taken:%H:%M:%S}"
    expected = text if offset(index) is None else f"{text} (UTC{offset(index)})"
    expect(ui.page.get_by_test_id("inspector-photoDate")).to_have_text(expected)
    return expected


def api_rows(ui: PhotolalaPage) -> dict[str, dict]:
    """The folder's rows as the API lists them, by name."""
    listing = ui.api("sources/local-0/folders/~/items")
    return {row[1]: dict(zip(listing["fields"], row)) for row in listing["items"]}


def test_building_the_catalog_while_open_changes_nothing(uncatalogued):
    ui, folder, state = uncatalogued
    ui.open("local-0", count=COUNT)
    check_order_and_groups(ui)
    ui.open_inspector()
    shown = [inspector_date(ui, index) for index in (1, 0)]  # +09:00, then floating (left selected)
    before = api_rows(ui)
    assert len(before) == COUNT and all(row["width"] is None for row in before.values()), "listed by scanning the folder"

    # `photolala catalog build` in a terminal: another process, on the server's data.
    env = dict(os.environ, PHOTOLALA_CACHE_DIR=str(state / "cache"), PHOTOLALA_DATA_DIR=str(state / "data"))
    subprocess.run([str(BINARY), "catalog", "build", str(folder)], env=env, check=True, stdout=subprocess.DEVNULL)

    # The server notices the catalog and lists from it: its rows carry the dimensions only the
    # catalog knows, and the same dates, offsets and date sources as before.
    deadline = time.monotonic() + 10
    after = api_rows(ui)
    while any(row["width"] is None for row in after.values()) and time.monotonic() < deadline:
        time.sleep(0.1)
        after = api_rows(ui)
    assert all(row["width"] == 640 for row in after.values()), "the server did not notice the catalog within 10 s"
    for photo, row in before.items():
        assert [after[photo][field] for field in ("date", "offset", "dateSource")] == [row["date"], row["offset"], row["dateSource"]], photo

    # The page followed without a reload: the same selection, order, groups and dates.
    expect(ui.page.get_by_test_id("status-count")).to_have_text(f"{COUNT} photos")
    assert ui.selected_names() == [name(0)]
    expect(ui.page.get_by_test_id("inspector-photoDate")).to_have_text(shown[1])
    assert [inspector_date(ui, index) for index in (1, 0)] == shown
    check_order_and_groups(ui)


@pytest.fixture(scope="module")
def undated(tmp_path_factory) -> str:
    """`photolala serve Undated`: two photos dated by EXIF (2010 and 2020) and a PNG with no date
    at all (no EXIF, file time 0)."""
    folder = tmp_path_factory.mktemp("undated") / "Undated"
    run("Scripts/make-photos.sh", folder, 2, 640, 480)
    for index, year in ((0, 2010), (1, 2020)):
        run("exiftool", "-q", "-overwrite_original", f"-DateTimeOriginal={year}:05:01 12:00:00", folder / name(index))
    run("vips", "black", folder / "blank.png", "64", "64")
    os.utime(folder / "blank.png", (0, 0))
    server = serve([folder], tmp_path_factory.mktemp("undated-state"), "undated-server.log")
    yield next(server)
    server.close()


def test_undated_photos_group_under_undated_and_the_scrubber_skips_them(page, undated):
    ui = PhotolalaPage(page, undated)
    ui.open("local-0", count=3)
    page.get_by_test_id("group").select_option("month")
    expect(page.get_by_test_id("group-header")).to_have_count(3)
    assert headers(ui) == ["May 2010", "May 2020", "Undated"]
    assert ui.mounted_names() == [name(0), name(1), "blank.png"]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "undated-group.png"))
    scrubber = page.get_by_role("slider", name="Month")
    expect(scrubber).not_to_contain_text("1970")
    expect(scrubber).to_contain_text("2010")

    page.get_by_test_id("sort").select_option("date-desc")
    page.get_by_test_id("group").select_option("day")
    expect(page.get_by_test_id("group-header").first).to_be_attached()
    ui.next_frames()
    assert headers(ui) == ["Undated", "Friday, 1 May 2020", "Saturday, 1 May 2010"]
    assert ui.mounted_names() == ["blank.png", name(1), name(0)]
