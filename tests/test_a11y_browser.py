"""axe-core on the site's main kinds of page, in the light and the dark scheme, on a desktop
and on a phone: no serious or critical violation.

axe-core is an npm package pinned in package.json; the tests inject its file from
``node_modules`` into each page (``page.add_script_tag``), so the site never serves it and no
request leaves the origin. Pages are checked in the state a reader sees them in: the FAQ widget
after its engine answered a question, the tutorial lesson with its board live, the Play page on
its new-game form and again once the set-up of a game has begun.

Material picks the scheme once per page load from ``prefers-color-scheme`` (the palette option
whose ``data-md-color-media`` matches; a choice made with the toggle is saved and wins from then
on). So each page is opened once, in light, checked, then switched to dark the way a reader
does it, with the header's toggle (and the emulated system scheme switched too); every check
first asserts that ``<body data-md-color-scheme>`` and the toggle shown agree with the scheme.
Pages that run the engine start it once for both schemes.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from pagewatch import PageWatch, forget_site, watch
from playwright.sync_api import TimeoutError as PlaywrightTimeout

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
SIZES = {"desktop": DESKTOP, "phone": PHONE}
SCHEMES = {"light": "default", "dark": "slate"}  # emulated scheme -> Material's palette scheme
FAILING = ("serious", "critical")
ENGINE = 180_000  # Pyodide starts in 3-7 s; a busy 2-core machine can take far longer

#: Runs axe on the whole document; returns the violations, trimmed to what a report needs.
RUN_AXE = """async () => {
  const result = await axe.run(document, { resultTypes: ["violations"] })
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => ({
      target: n.target.join(" "), impact: n.impact, html: n.html.slice(0, 160),
      summary: (n.failureSummary || "").replace(/\\s+/g, " ").trim(),
    })),
  }))
}"""

#: Material's palette as the page shows it: the scheme on <body>, and the scheme of the palette
#: option whose toggle is showing (Material picks the option whose ``data-md-color-media``
#: matches when nothing is saved, then shows only the label that follows that option's input).
PALETTE = """() => {
  const shown = document.querySelector("[data-md-component=palette] label:not([hidden])")
  const input = shown && shown.previousElementSibling
  return [document.body.dataset.mdColorScheme, input && input.dataset.mdColorScheme]
}"""


def report(violations: list[dict[str, Any]]) -> str:
    """Violations as lines a person can act on: rule, impact, what, and where."""
    lines = []
    for v in violations:
        lines.append(f"  [{v['impact']}] {v['id']}: {v['help']} ({len(v['nodes'])} elements)")
        for node in v["nodes"][:6]:
            lines.append(f"      {node['target']}")
            if node["summary"]:
                lines.append(f"        {node['summary'][:300]}")
        if len(v["nodes"]) > 6:
            lines.append(f"      ... and {len(v['nodes']) - 6} more")
    return "\n".join(lines)


@dataclass
class Site:
    """One browser context; each page is loaded once (in light) and kept for both schemes."""

    context: Any
    base_url: str
    pages: dict[str, Any] = field(default_factory=dict)
    watches: dict[str, PageWatch] = field(default_factory=dict)

    def page(self, path: str) -> Any:
        """The page at ``/<path>`` (English, the default language, is at the site root),
        loaded the first time it is asked for (and again if a
        test of another module, sharing the profile, closed it)."""
        if path not in self.pages or self.pages[path].is_closed():
            page = self.context.new_page()
            page.set_viewport_size(DESKTOP)
            page.emulate_media(color_scheme="light")
            self.watches[path] = watch(page, self.base_url)
            page.goto(f"{self.base_url}/{path}")
            page.wait_for_load_state("load")
            self.pages[path] = page
        return self.pages[path]


def use_scheme(page: Any, scheme: str) -> None:
    """Emulate the system scheme and, if Material shows the other one, press its toggle (it
    follows the system's scheme only when a page loads). On a page busy starting its engine the
    toggle's change may show a moment after the click: its result is awaited, then checked."""
    page.emulate_media(color_scheme=scheme)
    wanted = [SCHEMES[scheme]] * 2
    for _ in range(3):  # a click before Material listens to its toggle changes nothing: again
        if page.evaluate(PALETTE)[0] == wanted[0]:
            break
        page.locator("[data-md-component=palette] label:not([hidden])").click()
        with contextlib.suppress(PlaywrightTimeout):  # the assertion below says what is shown
            page.wait_for_function(f"() => ({PALETTE})().join() === {','.join(wanted)!r}",
                                   timeout=5000)
    assert page.evaluate(PALETTE) == wanted, "Material's palette and its toggle"


def check(page: Any, label: str, scheme: str) -> str:
    """axe at desktop and at phone size; the serious ones as a report ('' when none)."""
    inject_axe(page)
    failures = []
    try:
        for size, viewport in SIZES.items():
            page.set_viewport_size(viewport)
            page.evaluate(SETTLE)
            violations = page.evaluate(RUN_AXE)
            serious = [v for v in violations if v["impact"] in FAILING]
            others = [v for v in violations if v["impact"] not in FAILING]
            if serious:
                failures.append(f"{label}, {scheme}, {size}:\n{report(serious)}")
            if others:
                print(f"\n{label}, {scheme}, {size} (not failing):\n{report(others)}")
    finally:
        page.set_viewport_size(DESKTOP)
    return "\n".join(failures)


#: Two animation frames (the layout after a resize is drawn), then every finite CSS transition
#: or animation has ended: axe measures colours as the reader sees them once a fade is over
#: (Material fades its tabs in; a fade caught half-way reads as low contrast).
#: The wait is the longest time left to a running animation's end (delay and duration, from its
#: own timing), not its ``finished`` promise: Chromium can leave a transition of an element it
#: does not draw at local time 0 for good (a nav link in Material's closed phone drawer), and
#: its promise never settles. A paused or endless animation is not waited for; at most 2 s.
SETTLE = """async () => {
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
  const left = document.getAnimations()
    .filter((a) => a.playState === "running" && a.effect)
    .map((a) => a.effect.getComputedTiming())
    .filter((t) => Number.isFinite(t.endTime))
    .map((t) => t.endTime - (t.localTime || 0))
  const wait = Math.min(2000, Math.max(0, ...left))
  if (wait > 0) {
    await new Promise((r) => setTimeout(r, wait + 50))
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
  }
}"""


def inject_axe(page: Any) -> None:
    """axe-core from node_modules, once per document (Material's instant loading keeps it)."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))


@pytest.fixture(scope="module")
def site(profile: Any, base_url: str, site_dir: Path, shared_engine: None) -> Iterator[Site]:
    """conftest's on-disk profile, its pages sharing one engine (conftest.shared_engine: how it
    starts is not what is tested here), emptied of the site's storage afterwards."""
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run `npm ci` (axe-core is pinned in package.json)")
    yield Site(profile, base_url)
    forget_site(profile, base_url)


# -- getting each page into the state a reader sees -----------------------------------------


def faq_widget_answered(page: Any) -> None:
    """The production widget, its engine ready, after the reader rolled a 6 on it."""
    widget = page.locator("h2#settlement-city-yield ~ .catan-widget").first
    widget.scroll_into_view_if_needed()
    widget.dispatch_event("pointerdown")  # the reader's first press starts the engine
    idle = "el => el.dataset.state === 'ready' && !el.hasAttribute('data-busy')"
    page.wait_for_function(idle, arg=widget.element_handle(), timeout=ENGINE)
    widget.locator("button.cw-num[data-total='6']").click()
    page.wait_for_function(idle, arg=widget.element_handle(), timeout=ENGINE)
    assert widget.locator("tr[data-player] [data-col='gains']").count() == 3


def tutorial_live(page: Any) -> None:
    """The lesson's first task after the engine judged a pick on its board."""
    task = page.locator(".catan-task[data-catan-bound]").first
    task.scroll_into_view_if_needed()
    if not int(task.get_attribute("data-verdicts") or 0):
        task.locator("svg [data-node]").first.dispatch_event("click")
        page.wait_for_function("el => Number(el.dataset.verdicts || 0) > 0",
                               arg=task.element_handle(), timeout=ENGINE)


#: A corner the Play page marks legal (the engine's board, catan_core.svg).
LEGAL_CORNER = ".catan-game__svg circle.mark-ok[data-node]"


def new_game_form(page: Any) -> None:
    page.wait_for_selector(".catan-setup", timeout=ENGINE)


def game_started(page: Any) -> None:
    """A game against three computers, waiting for the reader's first settlement."""
    spot = LEGAL_CORNER
    if not page.locator(spot).count():
        new_game_form(page)
        page.select_option("[data-field=speed]", "instant")
        page.check("input[value=beginner]")
        page.click("[data-action=start]")
        page.wait_for_selector(f"[data-action=pass-ready], {spot}", state="attached",
                               timeout=ENGINE)
        if page.locator("[data-action=pass-ready]").count():
            page.click("[data-action=pass-ready]")
    page.wait_for_selector(spot, state="attached", timeout=ENGINE)


def review_opened(page: Any) -> None:
    """The review of a finished game (tests/reviewgame.py), moved to its 60th move, with the
    first points of the win chances drawn."""
    from reviewgame import KEY, finished_save

    page.evaluate("([key, text]) => localStorage.setItem(key, text)",
                  [KEY, json.dumps(finished_save())])
    page.reload()
    page.wait_for_selector(".catan-review__slider", timeout=120_000)
    page.locator(".catan-review__slider").focus()
    for _ in range(60):
        page.keyboard.press("ArrowRight")
    page.wait_for_function("document.querySelector('.catan-review__line') !== null",
                           timeout=120_000)


def analysis_asked(page: Any) -> None:
    """The analysis board with a settlement placed and a corner asked about."""
    page.wait_for_selector("[data-catan-analysis]")
    page.locator("label[data-value=settlement]").click()
    page.wait_for_function("document.querySelector('[data-catan-analysis]').dataset.state"
                           " === 'ready'", timeout=120_000)
    page.locator("g.node[data-node='4.S']").click(force=True)
    page.locator("label[data-value=ask]").click()
    page.locator("g.node[data-node='4.SE']").click(force=True)
    page.wait_for_selector(".catan-analysis__verdict")
    page.wait_for_function("!document.querySelector('[data-catan-analysis]')"
                           ".hasAttribute('data-busy')")


#: page -> (path of the English page, from the site root, the states checked in turn: (name,
#: what brings the page there)).
#: One test per page, so that under pytest-xdist each page (and its engine) loads only once.
PAGES: dict[str, tuple[str, list[tuple[str, Callable[[Any], None] | None]]]] = {
    "home": ("", [("", None)]),
    "rules page": ("rules/robber/", [("", None)]),
    "FAQ widget": ("faq/production/", [("answered", faq_widget_answered)]),
    "glossary": ("glossary/", [("", None)]),
    "tutorial lesson": ("tutorial/setup/", [("board live", tutorial_live)]),
    "Play": ("play/", [("new game", new_game_form), ("running game", game_started)]),
    "Review": ("review/", [("game open", review_opened)]),
    "analysis board": ("analysis/", [("", None), ("asked", analysis_asked)]),
}


@pytest.mark.parametrize("label", list(PAGES))
def test_no_serious_violation(site: Site, label: str) -> None:
    """Each state of the page, light then dark, desktop then phone: nothing serious."""
    path, states = PAGES[label]
    page = site.page(path)
    failures = []
    for state, prepare in states:
        if prepare:
            prepare(page)
        for scheme in SCHEMES:
            use_scheme(page, scheme)
            failures.append(check(page, f"{label} {state}".strip(), scheme))
    report_ = "\n".join(f for f in failures if f)
    assert not report_, f"axe-core found serious or critical violations:\n{report_}"
    site.watches[path].assert_clean()
    page.close()  # a page left open goes on working (the review's win chances, in the engine)


@pytest.mark.parametrize("scheme", list(SCHEMES))
def test_material_follows_the_system_scheme(browser: Any, base_url: str, scheme: str) -> None:
    """A first visit shows the scheme the system asks for, with the toggle to the other one."""
    context = browser.new_context(color_scheme=scheme)
    try:
        page = context.new_page()
        page.goto(f"{base_url}/")
        assert page.evaluate(PALETTE) == [SCHEMES[scheme]] * 2
    finally:
        context.close()


def test_axe_reports_what_it_sees(site: Site) -> None:
    """The harness is live: faint text injected here is reported, with where it is."""
    page = site.page("glossary/")
    inject_axe(page)
    page.evaluate("""() => { const p = document.createElement('p'); p.id = 'axe-probe'
      p.textContent = 'too faint'; p.style.cssText = 'color:#999;background:#aaa'
      document.querySelector('.md-content').prepend(p) }""")
    try:
        found = {v["id"]: [n["target"] for n in v["nodes"]] for v in page.evaluate(RUN_AXE)}
    finally:
        page.evaluate("document.getElementById('axe-probe').remove()")
    assert "#axe-probe" in found.get("color-contrast", []), json.dumps(found)[:500]


# -- touch targets on a phone ----------------------------------------------------------------

#: Each control matching the selector that a tap at its centre reaches (on screen, not covered,
#: not hidden), with its size in CSS px.
TARGETS = """sel => [...document.querySelectorAll(sel)].flatMap((el) => {
  const r = el.getBoundingClientRect()
  if (!r.width || !r.height || r.right <= 0 || r.left >= innerWidth || r.bottom <= 0
      || r.top >= innerHeight || getComputedStyle(el).visibility === "hidden") return []
  const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)
  if (!hit || !(hit === el || el.contains(hit))) return []
  const name = el.getAttribute("aria-label") || el.getAttribute("title") || el.textContent
  return [[`${el.tagName.toLowerCase()}.${el.className} "${name.trim().slice(0, 30)}"`,
           Math.round(r.width), Math.round(r.height)]]
})"""
MIN_TARGET = 44


def targets(page: Any, selector: str) -> list[tuple[str, int, int]]:
    found = page.evaluate(TARGETS, selector)
    assert found, f"nothing to tap matches {selector}"
    return [tuple(t) for t in found]


def test_site_controls_take_a_thumb_on_a_phone(page: Any, base_url: str) -> None:
    """Header buttons, back-to-top, language menu, drawer links and search: 44 x 44 px."""
    page.set_viewport_size(PHONE)
    page.goto(f"{base_url}/rules/robber/")
    found = targets(page, ".md-header__button")
    assert len(found) == 4, found  # menu, palette toggle, languages, search

    page.evaluate("scrollTo(0, 2000)")  # Material offers "back to top" on the way back up
    page.wait_for_function("scrollY > 1000")
    page.mouse.move(PHONE["width"] / 2, PHONE["height"] * 0.7)
    page.mouse.wheel(0, -300)
    page.wait_for_selector(".md-top:not([hidden])")
    page.wait_for_function("(el => getComputedStyle(el).opacity === '1')"
                           "(document.querySelector('.md-top'))")
    found += targets(page, ".md-top")

    page.focus(".md-header__option .md-select button")
    page.wait_for_function("getComputedStyle(document.querySelector('.md-select__inner'))"
                           ".opacity === '1'")
    found += targets(page, ".md-select__link")

    for path in ("", "rules/robber/"):  # the drawer's top level, then a section's pages
        page.goto(f"{base_url}/{path}")
        page.click(".md-header label[for=__drawer]")
        page.wait_for_function("document.querySelector('.md-sidebar--primary')"
                               ".getBoundingClientRect().left >= 0")
        found += targets(page, ".md-nav--primary .md-nav__link")
    page.click(".md-overlay", position={"x": PHONE["width"] - 20, "y": 400})  # close it

    page.click(".md-header label[for=__search]")
    page.keyboard.type("robber")
    reset = ".md-search__options button[type=reset]"
    page.wait_for_function(f"(el => getComputedStyle(el).opacity > 0.5 && "  # shown, grown
                           f"el.getBoundingClientRect().width >= el.offsetWidth)"
                           f"(document.querySelector('{reset}'))")
    found += targets(page, f".md-search__icon[for=__search], {reset}")
    small = [t for t in found if min(t[1], t[2]) < MIN_TARGET]
    assert not small, "smaller than 44 x 44 px on a phone:\n" + "\n".join(map(str, small))
