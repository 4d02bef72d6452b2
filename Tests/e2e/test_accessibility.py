"""An accessibility audit with axe-core's rules (the axe.min.js that the axe-playwright-python
package ships): no serious or critical violation on the grid, the preview, the inspector and
the Cloud Backup panel, on a desktop and on a phone (issue 38)."""

from __future__ import annotations

from pathlib import Path

import axe_playwright_python
import pytest
from playwright.sync_api import Page, expect

from conftest import ARTIFACTS
from photolala_page import PhotolalaPage
from test_phone import IPHONE_13

AXE = Path(axe_playwright_python.__file__).parent / "axe.min.js"


def contrast(node: dict) -> str:
    """A contrast failure's colours and ratio, as axe-core measured them."""
    data = next((check.get("data") for check in node.get("any", []) if check.get("id") == "color-contrast"), None)
    return f" ({data['fgColor']} on {data['bgColor']}: {data['contrastRatio']}, needs {data['expectedContrastRatio']})" if data else ""


def violations(page: Page, selector: str) -> list[str]:
    """axe-core's serious and critical violations within `selector`, one line each: the rule,
    its help, and the first elements that break it."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    results = page.evaluate(
        """async (selector) => axe.run(selector, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } })""",
        selector,
    )
    return [
        f"{violation['id']} ({violation['impact']}): {violation['help']} — "
        + "; ".join(" ".join(node["target"]) + contrast(node) for node in violation["nodes"][:3])
        for violation in results["violations"]
        if violation["impact"] in ("serious", "critical")
    ]


def audit(ui: PhotolalaPage, name: str) -> None:
    page = ui.page
    ui.open("local-0", "Mixed")
    found = {"grid": violations(page, "#app")}
    ui.first_cell.click()
    ui.open_inspector()
    expect(page.locator(".inspector-fields")).to_have_attribute("data-loaded", "true", timeout=30_000)  # the metadata is read once
    found["inspector"] = violations(page, "#inspector")
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("preview")).to_be_visible()
    found["preview"] = violations(page, '[data-testid="preview"]')
    page.keyboard.press("Escape")
    toggle = page.locator(".sidebar-toggle")
    if toggle.is_visible() and toggle.get_attribute("aria-expanded") == "false":
        toggle.click()  # on a phone, the sources are in a drawer
        page.wait_for_function("() => document.querySelector('.app-sidebar').getBoundingClientRect().left >= 0")
    page.get_by_test_id("cloud-settings-open").click()
    expect(page.get_by_test_id("cloud-settings")).to_be_visible()
    found["cloud panel"] = violations(page, '[data-testid="cloud-settings"]')
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"accessibility-{name}.png"))
    assert not any(found.values()), "\n".join(f"{where}: {line}" for where, lines in found.items() for line in lines)


def test_no_serious_violation_on_a_desktop(page, server):
    audit(PhotolalaPage(page, server), "desktop")


def test_no_serious_violation_on_a_phone(browser, server):
    context = browser.new_context(**IPHONE_13, timezone_id="UTC", locale="en-GB")
    try:
        audit(PhotolalaPage(context.new_page(), server), "phone")
    finally:
        context.close()
