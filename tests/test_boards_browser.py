"""Every interactive board (core/board.js on catan_core.svg) without a pointer and on a phone.

One tab stop per board, arrow keys between spots, Enter or Space chooses; the board is a named
group of buttons, each named for people from the tiles it touches; on a 390×844 phone the area
a finger may touch to choose each choosable spot is at least 44×44 CSS px.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import watch

pytestmark = pytest.mark.browser
READY_MS = 180_000
ROOT = Path(__file__).resolve().parent.parent
GLOSSARY = yaml.safe_load((ROOT / "i18n" / "glossary.yml").read_text("utf-8"))
TERMS = {t["key"]: t for t in GLOSSARY["terms"]}
PHONE = {"width": 390, "height": 844}
MIN_AREA = 44 * 44


def focused(page: Any) -> dict[str, str | None]:
    return page.evaluate("""() => {
      const el = document.activeElement
      return { node: el?.dataset?.node ?? null, tile: el?.dataset?.tile ?? null,
               near: el?.dataset?.near ?? null, role: el?.getAttribute("role") ?? null,
               tabindex: el?.getAttribute("tabindex") ?? null,
               label: el?.getAttribute("aria-label") ?? null }
    }""")


def pick_areas(page: Any, selector: str) -> dict[str, float]:
    """CSS px² of the board that resolves to each choosable spot, sampled every 2 px."""
    return page.evaluate("""(selector) => {
      const host = document.querySelector(selector).closest("figure")
      const board = host.catanBoard
      const box = board.svg.getBoundingClientRect()
      const areas = {}
      for (const s of board.spots) areas[`${s.kind}:${s.id}`] = 0
      for (let y = box.top + 1; y < box.bottom; y += 2) {
        for (let x = box.left + 1; x < box.right; x += 2) {
          const spot = board.spotAt(x, y)
          if (spot) areas[`${spot.kind}:${spot.id}`] += 4
        }
      }
      return areas
    }""", selector)


def test_distance_rule_board_by_keyboard(page: Any, base_url: str) -> None:
    seen = watch(page, base_url)
    page.goto(f"{base_url}/en/faq/building/")
    widget = page.locator(".cw-distance-rule").first
    board = widget.locator("svg")
    assert board.get_attribute("role") == "group" and board.get_attribute("aria-label")
    stops = board.locator("[tabindex='0']")
    assert stops.count() == 1, "the board is a single tab stop"
    buttons = board.locator("[role=button]").count()   # the corners inside the cropped picture
    assert 20 < buttons < 54
    assert board.locator("[role=button][tabindex='-1']").count() == buttons - 1
    stops.first.focus()
    widget.and_(page.locator("[data-state=ready]")).wait_for(timeout=READY_MS)
    start = focused(page)["node"]
    assert start is not None
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    now = focused(page)
    assert now["node"] not in (None, start), "the arrows move between intersections"
    assert now["tabindex"] == "0" and board.locator("[tabindex='0']").count() == 1
    assert now["role"] == "button"
    label = now["label"] or ""
    assert label.startswith("corner of ") and now["node"] not in label, label
    for near in (now["near"] or "").split():      # "hills:6" -> "hills 6", "sea" -> "sea"
        terrain, _, number = near.partition(":")
        word = "sea" if terrain == "sea" else TERMS[terrain]["en"]
        assert f"{word} {number}".strip() in label, (near, label)
    page.keyboard.press("Enter")
    verdict = widget.locator(".cw-message .cw-verdict")
    verdict.wait_for(timeout=READY_MS)
    assert widget.locator(".cw-selected").get_attribute("data-node") == now["node"]
    assert focused(page)["node"] == now["node"], "focus stays on the spot after a redraw"
    seen.assert_clean()


def test_production_robber_moves_with_the_keyboard(page: Any, base_url: str) -> None:
    seen = watch(page, base_url)
    page.goto(f"{base_url}/fr/faq/production/")
    widget = page.locator(".cw-production").first
    widget.locator("svg [tabindex='0']").first.focus()
    widget.and_(page.locator("[data-state=ready]")).wait_for(timeout=READY_MS)
    assert (focused(page)["label"] or "").startswith("hexagone : ")   # named in French
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


def test_phone_touch_targets_of_choosable_spots(page: Any, base_url: str) -> None:
    """On a phone only the spots the reader may choose are targets, each ≥ 44×44 px of area."""
    page.set_viewport_size(PHONE)
    seen = watch(page, base_url)
    page.goto(f"{base_url}/en/faq/production/")   # hexes: choosable before the engine starts
    page.wait_for_function("document.querySelector('.cw-production figure')?.catanBoard")
    areas = pick_areas(page, ".cw-production svg.catan-board")
    assert len(areas) == 19 and min(areas.values()) >= MIN_AREA, areas
    page.goto(f"{base_url}/en/faq/trading/")      # corners: the legal ones, once the engine says
    widget = page.locator(".cw-harbours").first
    widget.scroll_into_view_if_needed()
    widget.dispatch_event("pointerdown")  # the reader's first press starts the engine
    widget.and_(page.locator("[data-state=ready]")).wait_for(timeout=READY_MS)
    areas = pick_areas(page, ".cw-harbours svg.catan-board")
    assert 2 <= len(areas) < 54, areas          # the legal corners, not every corner
    small = {spot: area for spot, area in areas.items() if area < MIN_AREA}
    assert not small, f"touch targets under 44×44 px: {small}"
    seen.assert_clean()
