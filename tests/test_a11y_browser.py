"""axe-core on the site's main kinds of page, in the light and the dark scheme, on a desktop
and on a phone: no serious or critical violation.

axe-core is an npm package pinned in package.json; the tests inject its file from
``node_modules`` into each page (``page.add_script_tag``), so the site never serves it and no
request leaves the origin. Pages are checked in the state a reader sees them in: the FAQ widget
after its engine answered a question, the tutorial lesson with its board live, the Play page on
its new-game form and again once the set-up of a game has begun.

One browser context per scheme: the scheme is emulated (``prefers-color-scheme``) and the test
checks that Material's palette followed it (``data-md-color-scheme`` on ``<body>`` and the
checked palette toggle), so the dark run really is Material's ``slate`` scheme.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from conftest import PageWatch, watch

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
class Scheme:
    """One browser context in one colour scheme; each page is loaded once and kept."""

    name: str
    context: Any
    base_url: str
    pages: dict[str, Any] = field(default_factory=dict)
    watches: dict[str, PageWatch] = field(default_factory=dict)

    def page(self, path: str) -> Any:
        """The page at ``/en/<path>``, loaded the first time it is asked for."""
        if path not in self.pages:
            page = self.context.new_page()
            self.watches[path] = watch(page, self.base_url)
            page.goto(f"{self.base_url}/en/{path}")
            page.wait_for_load_state("load")
            self.pages[path] = page
        return self.pages[path]

    def check(self, page: Any, label: str) -> str:
        """axe at desktop and at phone size; the serious ones as a report ('' when none)."""
        assert page.evaluate(PALETTE) == [SCHEMES[self.name]] * 2, "Material's palette"
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
                    failures.append(f"{label}, {self.name}, {size}:\n{report(serious)}")
                if others:
                    print(f"\n{label}, {self.name}, {size} (not failing):\n{report(others)}")
        finally:
            page.set_viewport_size(DESKTOP)
        return "\n".join(failures)


#: Two animation frames: the layout after a resize is drawn.
SETTLE = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"


def inject_axe(page: Any) -> None:
    """axe-core from node_modules, once per document (Material's instant loading keeps it)."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))


@pytest.fixture(scope="module", params=list(SCHEMES))
def scheme(request: pytest.FixtureRequest, browser: Any, base_url: str,
           site_dir: Path) -> Iterator[Scheme]:
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run `npm ci` (axe-core is pinned in package.json)")
    context = browser.new_context(viewport=DESKTOP, color_scheme=request.param)
    yield Scheme(request.param, context, base_url)
    context.close()


# -- getting each page into the state a reader sees -----------------------------------------


def faq_widget_answered(page: Any) -> None:
    """The production widget, its engine ready, after the reader rolled a 6 on it."""
    widget = page.locator("h2#settlement-city-yield ~ .catan-widget").first
    widget.scroll_into_view_if_needed()
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


def new_game_form(page: Any) -> None:
    page.wait_for_selector(".catan-setup", timeout=ENGINE)


def game_started(page: Any) -> None:
    """A game against three computers, waiting for the reader's first settlement."""
    spot = ".catan-game__svg .spot.is-legal[data-pick=node]"
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


#: label -> (path under /en/, what brings the page into the state checked). The two Play
#: checks share one page: the form first, then the game started from it.
PAGES: dict[str, tuple[str, Callable[[Any], None] | None]] = {
    "home": ("", None),
    "rules page": ("rules/robber/", None),
    "FAQ widget": ("faq/production/", faq_widget_answered),
    "glossary": ("glossary/", None),
    "tutorial lesson": ("tutorial/setup/", tutorial_live),
    "Play: new game": ("play/", new_game_form),
    "Play: running game": ("play/", game_started),
}


@pytest.mark.parametrize("label", list(PAGES))
def test_no_serious_violation(scheme: Scheme, label: str) -> None:
    path, prepare = PAGES[label]
    page = scheme.page(path)
    if prepare:
        prepare(page)
    failures = scheme.check(page, label)
    assert not failures, f"axe-core found serious or critical violations:\n{failures}"
    scheme.watches[path].assert_clean()


def test_axe_reports_what_it_sees(scheme: Scheme) -> None:
    """The harness is live: faint text injected here is reported, with where it is."""
    page = scheme.page("glossary/")
    inject_axe(page)
    page.evaluate("""() => { const p = document.createElement('p'); p.id = 'axe-probe'
      p.textContent = 'too faint'; p.style.cssText = 'color:#999;background:#aaa'
      document.querySelector('.md-content').prepend(p) }""")
    try:
        found = {v["id"]: [n["target"] for n in v["nodes"]] for v in page.evaluate(RUN_AXE)}
    finally:
        page.evaluate("document.getElementById('axe-probe').remove()")
    assert "#axe-probe" in found.get("color-contrast", []), json.dumps(found)[:500]
