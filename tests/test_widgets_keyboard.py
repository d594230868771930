"""The FAQ widgets' boards without a pointer: one tab stop, arrow keys, Enter chooses."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import watch

pytestmark = pytest.mark.browser
READY_MS = 180_000


def focused(page: Any) -> dict[str, str | None]:
    return page.evaluate("""() => {
      const el = document.activeElement
      return { node: el?.dataset?.node ?? null, tile: el?.dataset?.tile ?? null,
               tabindex: el?.getAttribute("tabindex") ?? null }
    }""")


def test_distance_rule_board_by_keyboard(page: Any, base_url: str) -> None:
    seen = watch(page, base_url)
    page.goto(f"{base_url}/en/faq/building/")
    widget = page.locator(".cw-distance-rule").first
    board = widget.locator("svg")
    stops = board.locator("[tabindex='0']")
    assert stops.count() == 1, "the board is a single tab stop"
    assert board.locator("[tabindex='-1']").count() == 53   # the other intersections
    stops.first.focus()
    widget.and_(page.locator("[data-state=ready]")).wait_for(timeout=READY_MS)
    start = focused(page)["node"]
    assert start is not None
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    now = focused(page)
    assert now["node"] not in (None, start), "the arrows move between intersections"
    assert now["tabindex"] == "0" and board.locator("[tabindex='0']").count() == 1
    label = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert label == f"intersection {now['node']}"
    page.keyboard.press("Enter")
    verdict = widget.locator(".cw-message .cw-verdict")
    verdict.wait_for(timeout=READY_MS)
    assert widget.locator(".cw-selected").get_attribute("data-node") == now["node"]
    assert focused(page)["node"] == now["node"], "focus stays on the spot after a redraw"
    seen.assert_clean()


def test_production_robber_moves_with_the_keyboard(page: Any, base_url: str) -> None:
    seen = watch(page, base_url)
    page.goto(f"{base_url}/en/faq/production/")
    widget = page.locator(".cw-production").first
    widget.locator("svg [tabindex='0']").first.focus()
    widget.and_(page.locator("[data-state=ready]")).wait_for(timeout=READY_MS)
    robber = int(widget.locator("svg g.robber").get_attribute("data-tile"))
    for _ in range(6):   # walk off the robber's hex
        if focused(page)["tile"] not in (None, str(robber)):
            break
        page.keyboard.press("ArrowRight")
    target = focused(page)["tile"]
    assert target not in (None, str(robber))
    page.keyboard.press(" ")
    page.wait_for_function(
        "(t) => document.querySelector('.cw-production svg g.robber')?.dataset.tile === t",
        arg=target, timeout=READY_MS)
    seen.assert_clean()
