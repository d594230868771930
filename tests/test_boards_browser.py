"""Every interactive board (core/board.js on catan_core.svg) without a pointer and on a phone.

One tab stop per board, arrow keys between spots, Enter or Space chooses; the board is a named
group of buttons, each named for people from the tiles it touches; on a 390×844 phone the area
a finger may touch to choose each choosable spot is at least 44×44 CSS px.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pagewatch import watch

from catan_site import catalog

#: The pages of the on-disk profile share one engine (conftest.shared_engine): how it starts
#: is tested elsewhere.
pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("shared_engine")]
READY_MS = 180_000
ROOT = Path(__file__).resolve().parent.parent
GLOSSARY = catalog.load("glossary.yml")
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


#: Every interactive board of the page, scrolled into view in turn, measured as a finger meets
#: it (`board.offered`: what a tap there chooses at once, or lists in the chooser). A hex: the
#: CSS px² of the picture (sampled every 4 px) where a tap offers it. A corner or a side: the
#: points of the 44×44 px square centred on it (every 3 px) where a tap would not offer it, or
#: that fall off the picture.
MEASURE = """() => [...document.querySelectorAll('svg.catan-board')]
  .map((svg) => svg.parentNode.catanBoard).filter((board) => board && board.spots.length)
  .map((board) => {
    board.svg.scrollIntoView({ block: "center" })
    const box = board.svg.getBoundingClientRect()
    const ctm = board.svg.getScreenCTM()
    const inverse = ctm.inverse()
    const scale = Math.hypot(ctm.a, ctm.b)
    const offered = (x, y) => board.offeredAt([inverse.a * x + inverse.c * y + inverse.e,
                                               inverse.b * x + inverse.d * y + inverse.f], scale)
    const onBoard = (x, y) => x > box.left && x < box.right && y > box.top && y < box.bottom
    const name = (s) => `${s.kind}:${s.id}`
    const area = {}
    for (const s of board.spots.filter((s) => s.kind === "tile")) area[name(s)] = 0
    for (let y = box.top + 1; Object.keys(area).length && y < box.bottom; y += 4) {
      for (let x = box.left + 1; x < box.right; x += 4) {
        for (const s of offered(x, y)) if (s.kind === "tile") area[name(s)] += 16
      }
    }
    const missed = {}
    for (const s of board.spots.filter((s) => s.kind !== "tile")) {
      const [ux, uy] = s.g.b ? [(s.g.a[0] + s.g.b[0]) / 2, (s.g.a[1] + s.g.b[1]) / 2] : s.g.a
      const [cx, cy] = [ctm.a * ux + ctm.c * uy + ctm.e, ctm.b * ux + ctm.d * uy + ctm.f]
      for (let dy = -21; dy <= 21; dy += 3) {
        for (let dx = -21; dx <= 21; dx += 3) {
          const [x, y] = [cx + dx, cy + dy]
          if (!onBoard(x, y) || !offered(x, y).includes(s)) missed[name(s)] = [dx, dy]
        }
      }
    }
    const where = board.host.closest(".catan-widget, .catan-task")
    return { where: where?.dataset.kind || where?.id, kinds: board.kinds, area, missed,
             width: Math.round(box.width) }
  })"""

#: One page per kind of board: corners of a crop (distance-rule widget), sides and corners of a
#: crop (longest-road widget), corners and sides of a tutorial crop, and the whole island with
#: its hexes and every corner (as the production, seven and development-card widgets, and the
#: harbours widget before its engine answers), the densest, last: the chooser is tried there.
BOARD_PAGES = ("faq/building/", "faq/awards/", "tutorial/setup/", "tutorial/island/")


def test_distance_rule_board_by_keyboard(page: Any, base_url: str) -> None:
    seen = watch(page, base_url)
    page.goto(f"{base_url}/faq/building/")
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
    labels = board.evaluate("b => [...b.querySelectorAll('[data-node][aria-label]')]"
                            ".map((el) => el.getAttribute('aria-label'))")
    assert len(labels) == buttons and len(set(labels)) == buttons, "each corner its own name"
    assert any(", north" in label for label in labels), labels  # the coast
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
    assert (focused(page)["label"] or "").startswith("hexagone\u00a0: ")   # named in French
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


def test_phone_touch_targets_of_choosable_spots(browser: Any, base_url: str) -> None:
    """On a phone a finger reaches every choosable spot of every kind of board through a target
    of at least 44×44 CSS px, the drawing staying its size: the 44×44 px square centred on a
    corner or side offers it, and a tap between spots lists them as buttons of that size."""
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    seen = watch(page, base_url)
    kinds = set()
    try:
        for path in BOARD_PAGES:
            page.goto(f"{base_url}/{path}")
            page.wait_for_function("[...document.querySelectorAll('svg.catan-board')]"
                                   ".some((svg) => svg.parentNode.catanBoard?.spots.length)")
            for board in page.evaluate(MEASURE):
                assert board["width"] <= PHONE["width"], board["width"]   # not enlarged
                small = {spot: a for spot, a in board["area"].items() if a < MIN_AREA}
                assert not small, f"{path} {board['where']}: under 44×44 px: {small}"
                assert not board["missed"], f"{path} {board['where']}: {board['missed']}"
                kinds.add((path.split("/")[0], *sorted(board["kinds"])))
        assert kinds >= {("faq", "node"), ("faq", "edge", "node"), ("tutorial", "tile"),
                         ("tutorial", "node"), ("tutorial", "edge")}, kinds

        # On the whole island (every corner may be the answer), a tap between two corners
        # opens the chooser: numbered on the board, buttons of at least 44×44 px.
        task = page.locator(".catan-task[data-ui=node]")
        task.scroll_into_view_if_needed()
        pair = page.evaluate("""(el) => {   // a corner in the middle and its nearest neighbour
          const board = el.querySelector("figure").catanBoard
          const ctm = board.svg.getScreenCTM()
          const at = (x) => {
            const p = new DOMPoint(...x.g.a).matrixTransform(ctm)
            return [p.x, p.y]
          }
          const box = board.svg.getBoundingClientRect()
          const middle = [box.x + box.width / 2, box.y + box.height / 2]
          const far = (x, p) => Math.hypot(at(x)[0] - p[0], at(x)[1] - p[1])
          const s = board.spots.reduce((m, x) => (far(x, middle) < far(m, middle) ? x : m))
          const t = board.spots.filter((x) => x !== s)
            .reduce((m, x) => (far(x, at(s)) < far(m, at(s)) ? x : m))
          return [s, t].map((x) => ({ id: `${x.kind}:${x.id}`, at: at(x) }))
        }""", task.element_handle())
        a, b = pair[0]["at"], pair[1]["at"]
        page.touchscreen.tap((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        chooser = task.locator(".catan-chooser")
        chooser.wait_for()
        spots = chooser.locator("button.catan-chooser__spot")
        offered = [spots.nth(i).get_attribute("data-spot") for i in range(spots.count())]
        assert {pair[0]["id"], pair[1]["id"]} <= set(offered), offered
        assert task.locator("svg .catan-chooser-marks [data-spot]").count() == len(offered)
        sizes = [(el.get_attribute("data-spot"), el.bounding_box())
                 for el in chooser.locator("button").element_handles()]
        small = [(spot, box) for spot, box in sizes
                 if box["width"] < 44 or box["height"] < 44 or box["x"] < 0
                 or box["x"] + box["width"] > PHONE["width"]]
        assert not small, small
        label = spots.first.inner_text()
        assert "corner of " in label, label
        spots.first.tap()
        assert chooser.count() == 0
        page.wait_for_function("el => el.querySelector('.catan-task__status').textContent",
                               arg=task.element_handle())   # the pick went to the engine
        seen.assert_clean()
    finally:
        context.close()
