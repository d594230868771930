"""Custom superfences ``catan-diagram`` and ``catan-widget``: YAML in, SVG out at build time.

A fence holds YAML options, never code (see notes/fences.md)::

    ```catan-diagram
    board: beginner
    pieces: {red: {settlements: [9.N], roads: [9.NE]}}
    highlight: {nodes: [9.N]}
    caption: The distance rule forbids the two corners next to red's settlement.
    ```

Any unknown key, bad YAML or rendering error stops the build with a message naming the fence
(superfences lets :class:`SuperFencesException` through; MkDocs then names the page).
The fence is read by ``catan_site.diagrams.render_diagram(spec, lang, terms)`` and the board
drawn by the engine (``catan_core.svg.render``).
"""

from __future__ import annotations

import html
import json
import re
from typing import Any

import yaml
from pymdownx.superfences import SuperFencesException

from catan_core import share
from catan_site import languages
from catan_site.catalog import I18N, flat_strings, parse_yaml, terms
from catan_site.diagrams import diagram_game, render_diagram

#: Keys of a catan-diagram fence, with what they hold.
DIAGRAM_KEYS: dict[str, str] = {
    "position": "a position document (notes/engine-contract.md), or part of one",
    "board": '"beginner", "standard" (with seed) or a board object as in a position',
    "seed": "seed of a standard random board",
    "pieces": "{colour: {settlements: [node], cities: [node], roads: [edge]}}",
    "robber": "tile number of the robber",
    "highlight": "{tiles: [..], nodes: [..], edges: [..]} to draw attention to",
    "labels": "{tile, node or edge: short text} written on the board",
    "focus": "list of tile numbers: crop the picture around them",
    "caption": "text under the picture",
    "alt": "text alternative for screen readers",
    "marks": "{ok_nodes, bad_nodes, nodes, edges, tiles}: green dots, red crosses, rings, lines",
    "show": "marks computed by the engine for 'player': settlement_spots, road_spots, "
            "longest_road",
    "player": "the colour the reader plays (needed by 'show')",
}
#: Keys of a catan-widget fence: a diagram plus what makes it interactive.
WIDGET_KEYS: dict[str, str] = {
    **DIAGRAM_KEYS,
    "kind": "required: what the widget does, one of WIDGET_KINDS",
    "player": "the colour the reader plays",
    "actions": "list of actions (notes/engine-contract.md section 4) replayed before showing",
    "prompt": "question or instruction shown with the widget",
    "expect": "the answer a quiz widget waits for",
}
#: Widget kinds (the ``kind`` key), each implemented by a module of frontend/faq/.
WIDGET_KINDS: dict[str, str] = {
    "production": "pick or roll a number: each player's income (cities, robber, bank shortage)",
    "distance-rule": "point at intersections: where a settlement may go, and why not",
    "seven": "roll a 7: who discards how many, the discards, the robber, the theft",
    "longest-road": "add or remove roads and settlements: longest roads and the card",
    "harbours": "build on or off a harbour: the trade rates, and a trade with the bank",
    "dev-cards": "try to play development cards: when the rules allow it",
    "example": "a FAQ answer's worked example (examples/faq/*.yml, not a fence): its claims "
               "asked again, tried one by one, any corner asked",
}
#: Keys whose text is translated: they may differ between languages (tests/test_parity.py).
TRANSLATABLE_KEYS = frozenset({"caption", "alt", "labels", "prompt"})


class FenceError(SuperFencesException):  # type: ignore[misc]  # pymdownx has no type hints
    """A catan fence that cannot be built; the message says which fence and why."""


def parse_spec(src: str, fence: str) -> dict[str, Any]:
    """Parse and check a fence's YAML; raise :class:`FenceError` on any problem."""
    allowed = WIDGET_KEYS if fence == "catan-widget" else DIAGRAM_KEYS
    try:
        spec = parse_yaml(src) or {}
    except yaml.YAMLError as exc:
        raise FenceError(f"{fence}: invalid YAML: {exc}\n{src}") from exc
    if not isinstance(spec, dict):
        raise FenceError(f"{fence}: expected a YAML mapping of options, got:\n{src}")
    unknown = sorted(set(map(str, spec)) - set(allowed))
    if unknown:
        raise FenceError(
            f"{fence}: unknown key(s) {', '.join(unknown)}; "
            f"allowed: {', '.join(sorted(allowed))}\n{src}"
        )
    if fence == "catan-widget" and not isinstance(spec.get("kind"), str):
        raise FenceError(f"{fence}: the key 'kind' (a string) is required\n{src}")
    if fence == "catan-widget" and spec["kind"] not in WIDGET_KINDS:
        raise FenceError(f"{fence}: unknown kind {spec['kind']!r}; "
                         f"allowed: {', '.join(sorted(WIDGET_KINDS))}\n{src}")
    return spec


#: The analysis board's address in a built figure, made a link from its page by
#: ``catan_site.examples.on_page_content`` (``links.page_href``: a figure knows no page).
ANALYSIS_HREF = "catan-analysis:"


def open_line(code: str, lang: str) -> str:
    """"Open on the analysis board" for the position of share ``code``: its address is made a
    link from the page by ``catan_site.examples`` (or the line dropped in a build without the
    analysis board)."""
    text = html.escape(flat_strings(I18N / "widgets.yml", lang)["ex_open"], quote=False)
    return (f'<p class="catan-open-line"><a class="catan-open" href="{ANALYSIS_HREF}{code}">'
            f"{text}</a></p>")


def render_figure(spec: dict[str, Any], fence: str, src: str, lang: str | None = None,
                  extra: str = "") -> str:
    """The board as ``<figure>``: the engine's SVG (in ``lang``, default: the site's default
    language) and the caption; then ``extra`` and the link that opens the same position on the
    analysis board."""
    lang = lang or languages.default()
    try:
        svg = render_diagram(spec, lang, terms(lang))  # terms: the harbours' tooltips
        code = share.encode(diagram_game(spec))
    except Exception as exc:
        raise FenceError(f"{fence}: render_diagram failed: {exc!r}\n{src}") from exc
    caption = spec.get("caption")
    figcaption = f"<figcaption>{html.escape(str(caption))}</figcaption>" if caption else ""
    ratio = board_ratio(svg)
    attrs = (f'class="catan-diagram catan-diagram--ratio" style="{ratio}"' if ratio
             else 'class="catan-diagram"')
    return f"<figure {attrs}>{svg}{figcaption}</figure>{extra}{open_line(code, lang)}"


_VIEW_BOX = re.compile(r'viewBox="[-\d.]+ [-\d.]+ ([\d.]+) ([\d.]+)"')


def board_ratio(svg: str) -> str:
    """The figure's proportions, those of its board (the SVG's ``viewBox``), as a style.

    An FAQ page holds up to 27 boards; the browser skips drawing those off the screen
    (``content-visibility: auto`` in catan.css: a page of the FAQ took 0.7 s of the browser's
    main thread, 0.3 s of it the boards' styles) and holds their place at this ratio, so that a
    jump to an answer lands where the answer will be.

    >>> board_ratio('<svg viewBox="-159.9 -230 276.5 310">')
    'aspect-ratio: 276.5 / 310'
    """
    found = _VIEW_BOX.search(svg)
    return f"aspect-ratio: {found[1]} / {found[2]}" if found else ""


def validate(language: str, inputs: dict[str, str], options: dict[str, Any],
             attrs: dict[str, Any], md: Any) -> bool:
    """Superfences validator: the fence header takes no options (all options are YAML)."""
    if inputs:
        raise FenceError(f"{language}: put options in the YAML body, not in the fence header: "
                         f"{', '.join(sorted(inputs))}")
    return True


def format_diagram(src: str, language: str, class_name: str, options: dict[str, Any],
                   md: Any, lang: str | None = None, **kwargs: Any) -> str:
    """Superfences formatter for ``catan-diagram``; the plugin binds ``lang`` (the page's)."""
    return render_figure(parse_spec(src, language), language, src, lang)


def format_widget(src: str, language: str, class_name: str, options: dict[str, Any],
                  md: Any, lang: str | None = None, **kwargs: Any) -> str:
    """Superfences formatter for ``catan-widget``: data for the runtime, SVG for everyone."""
    spec = parse_spec(src, language)
    data = html.escape(json.dumps(spec, ensure_ascii=False, sort_keys=True), quote=True)
    kind = html.escape(spec["kind"], quote=True)
    figure = render_figure(spec, language, src, lang)
    return f'<div class="catan-widget" data-kind="{kind}" data-spec="{data}">{figure}</div>'
