"""The FAQ's worked examples: a board under an answer, what the answer says of it, checked.

``examples/faq/<page>.yml`` maps a question's anchor (the same in the four languages) to a board
(the keys of a ``catan-diagram``: ``board``/``seed``/``position``/``pieces``/``robber``/
``actions``/``focus``, and ``player``, the colour the reader plays) and the ``claims`` its answer
makes (``catan_web.claims``: a spot refused by a rule, what a roll pays, a road's length...).
At build time each claim is asked of the engine; one it contradicts stops the build. The
example is then drawn under the answer, in the page's language, as a ``catan-widget`` of kind
``example``: the board with each claim's place lettered, one sentence per claim (written here
from ``i18n/widgets.yml``, so a reader without JavaScript reads them too), and a link that
opens the position on the analysis board. In the browser (frontend/faq/example.js) the reader
asks the engine again, tries each claim, and points at any corner.

The answer's Markdown gets a placeholder after its text (before its "*In the rulebook:*" line)
in ``on_page_markdown``; ``on_page_content`` replaces it with the example.
"""

from __future__ import annotations

import html
import json
import re
import string
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

from catan_core import Game
from catan_site.catalog import I18N, flat_strings, load, parse_yaml, terms
from catan_site.diagrams import diagram_game
from catan_site.fences import ANALYSIS_HREF, render_figure
from catan_site.links import page_href
from catan_site.paths import ROOT
from catan_web.claims import place_name

EXAMPLES = ROOT / "examples" / "faq"
ANALYSIS_PAGE = "analysis.md"
#: The line that closes an answer's text: "*In the rulebook:*", "*Dans le livret :*"...
SOURCES_LINE = re.compile(r"^\*[^*\n]+:\*", re.M)
HEADING = re.compile(r"^## .*\{\s*#(?P<anchor>[\w-]+)[^}]*\}\s*$", re.M)
PLACEHOLDER = '<div class="catan-example-slot" data-anchor="{anchor}"></div>'
ANALYSIS_LINE = re.compile(r'<p class="catan-open-line"><a class="catan-open" href="catan-analysis:'
                           r'[^"]*">[^<]*</a></p>')
SLOT = re.compile(r'<div class="catan-example-slot" data-anchor="([\w-]+)"></div>')
LETTERS = string.ascii_uppercase
#: Where an action names its place, and the piece whose names it takes.
ACTION_PLACE = {"node": "settlement", "edge": "road", "tile": "robber"}


def page_examples(page_path: str) -> dict[str, dict[str, Any]]:
    """The examples of ``faq/<page>.md`` (``{}`` for a page without any)."""
    if not page_path.startswith("faq/"):
        return {}
    path = EXAMPLES / Path(page_path).with_suffix(".yml").name
    if not path.is_file():
        return {}
    data = parse_yaml(path.read_text("utf-8")) or {}
    if not isinstance(data, dict):
        raise PluginError(f"{path}: expected a mapping of anchors to examples")
    return data


def all_examples() -> dict[str, dict[str, dict[str, Any]]]:
    """``{page: {anchor: example}}`` for every page with examples (page: ``faq/<name>.md``)."""
    return {f"faq/{p.stem}.md": page_examples(f"faq/{p.stem}.md")
            for p in sorted(EXAMPLES.glob("*.yml"))}


def claim_place(claim: dict[str, Any]) -> tuple[str, str] | None:
    """``(kind, place)`` a claim is about, kind ``node``, ``edge`` or ``tile``; None if none."""
    if "spot" in claim:
        piece = claim["spot"]
        kind = {"road": "edge", "robber": "tile"}.get(piece, "node")
        return kind, place_name(piece, claim.get("place"))
    if "act" in claim:
        for key, piece in ACTION_PLACE.items():
            if key in (claim["act"] or {}):
                return key, place_name(piece, claim["act"][key])
    return None


def letters(claims: list[dict[str, Any]]) -> dict[str, str]:
    """A letter for each place the claims name, in the order they name them."""
    out: dict[str, str] = {}
    for claim in claims:
        where = claim_place(claim)
        if where is not None and where[1] not in out:
            out[where[1]] = LETTERS[len(out)]
    return out


def board_spec(example: dict[str, Any]) -> dict[str, Any]:
    """The example as a widget's spec: its board, the claims' places lettered and marked."""
    claims = example.get("claims")
    if not isinstance(claims, list) or not claims:
        raise ValueError("an example makes at least one claim ('claims')")
    spec = {k: v for k, v in example.items() if k != "claims"}
    names = letters(claims)
    marks: dict[str, list[Any]] = {}
    for claim in claims:
        where = claim_place(claim)
        if where is None:
            continue
        kind, place = where
        if kind == "tile":
            marks.setdefault("tiles", []).append(int(place))
        elif kind == "edge":
            marks.setdefault("edges", []).append(place)
        else:
            ok = claim.get("legal") is True
            marks.setdefault("ok_nodes" if ok else "bad_nodes", []).append(place)
    kinds = {place: kind for kind, place in filter(None, map(claim_place, claims))}
    spec["labels"] = {f"{kinds[place]}:{place}": name for place, name in names.items()}
    spec["labels"].update(example.get("labels") or {})
    spec["marks"] = marks
    spec["claims"] = claims
    return spec


def check(example: dict[str, Any], where: str) -> Game:
    """The example's game, every claim checked by the engine; ``ValueError`` names the first
    claim the engine contradicts (or that asks nothing sensible)."""
    from catan_core import CatanError
    from catan_web.claims import check_claim

    spec = board_spec(example)
    try:
        game = diagram_game({k: v for k, v in spec.items() if k != "claims"})
    except (CatanError, ValueError) as exc:
        raise ValueError(f"{where}: the board is no position: {exc}") from exc
    for n, claim in enumerate(spec["claims"], 1):
        try:
            result = check_claim(game, claim)
        except CatanError as exc:
            raise ValueError(f"{where}: claim {n} {claim} asks nothing sensible: {exc}") from exc
        if not result["ok"]:
            said, claimed = json.dumps(result["actual"]), json.dumps(result["expected"])
            raise ValueError(f"{where}: claim {n} {claim}: the engine says {said}, not {claimed}")
    return game


# -- sentences ---------------------------------------------------------------------------------


class Words:
    """The texts an example's sentences are made of, in one language."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.texts = flat_strings(I18N / "widgets.yml", lang)
        self.terms = terms(lang)
        self.errors = load("errors.yml")

    def t(self, key: str, **values: Any) -> str:
        return self.texts[key].format_map(values)

    def colour(self, colour: str) -> str:
        return self.texts[f"colour_{colour}"]

    def reason(self, code: str) -> str:
        text = str(self.errors[code][self.lang])
        if "{" in text:
            raise ValueError(f"the message of {code!r} needs details an example cannot give")
        return text

    def cards(self, cards: dict[str, int]) -> str:
        return ", ".join(f"{self.terms[r]} ×{n}" for r, n in cards.items() if n)

    def by_colour(self, counts: dict[str, Any]) -> str:
        return ", ".join(self.t("ex_count", player=self.colour(c), n=n) for c, n in counts.items())


def sentence(claim: dict[str, Any], words: Words, names: dict[str, str]) -> str:
    """What the answer says of the board, for one claim, in ``words``' language."""
    t = words.t
    where = claim_place(claim)
    place = names.get(where[1], "") if where else ""
    if "spot" in claim:
        verdict = "legal" if claim.get("legal") is True else "refused"
        reason = words.reason(claim["refused"]) if verdict == "refused" else ""
        player = words.colour(claim["colour"]) if claim.get("colour") else ""
        return t(f"ex_spot_{claim['spot']}_{verdict}", player=player, place=place,
                 reason=reason).strip()
    if "act" in claim:
        action = claim["act"]
        cards = {k: words.cards(action.get(k) or {}) for k in ("give", "get")}  # a trade's
        partner = words.colour(action["with"]) if action.get("with") else ""
        what = t(f"ex_do_{action['type']}", place=place, partner=partner, **cards)
        player = words.colour(action.get("player") or claim.get("colour") or "")
        if claim.get("legal") is True:
            return t("ex_act_legal", player=player, action=what)
        return t("ex_act_refused", player=player, action=what,
                 reason=words.reason(claim["refused"])).strip()
    if "roll" in claim:
        gains = [t("ex_gain", player=words.colour(c), cards=words.cards(cards))
                 for c, cards in claim["pays"].items() if cards]
        if not gains:
            return t("ex_roll_nobody", total=claim["roll"])
        return t("ex_roll_pays", total=claim["roll"], gains=t("ex_gain_sep").join(gains))
    if "longest_road" in claim or "largest_army" in claim:
        road = "longest_road" in claim
        counts = words.by_colour(claim["longest_road" if road else "largest_army"])
        holder = claim.get("holder")
        award = "lr" if road else "la"
        second = (t(f"ex_{award}_holder", player=words.colour(holder)) if holder
                  else t(f"ex_{award}_nobody"))
        first = t("ex_lengths", counts=counts) if road else t("ex_knights", counts=counts)
        return f"{first} {second}"
    if "points" in claim:
        return t("ex_points", counts=words.by_colour(claim["points"]))
    if "discards" in claim:
        parts = [t("ex_discards_n", player=words.colour(c), n=n) if n
                 else t("ex_discards_none", player=words.colour(c))
                 for c, n in claim["discards"].items()]
        return t("ex_discards", counts=", ".join(parts))
    if "rates" in claim:
        return " ".join(
            t("ex_rates", player=words.colour(c),
              rates=", ".join(f"{words.terms[r]} {n}:1" for r, n in rates.items()))
            for c, rates in claim["rates"].items())
    if "hand" in claim:
        return " ".join(t("ex_hand", player=words.colour(c), cards=words.cards(cards))
                        if any(cards.values()) else t("ex_hand_empty", player=words.colour(c))
                        for c, cards in claim["hand"].items())
    if "winner" in claim:
        return (t("ex_winner", player=words.colour(claim["winner"])) if claim["winner"]
                else t("ex_no_winner"))
    raise ValueError(f"no sentence for the claim {claim}")


def verdicts(example: dict[str, Any], lang: str) -> list[str]:
    """One sentence per claim of ``example``, in ``lang``."""
    words = Words(lang)
    names = letters(example["claims"])
    return [sentence(claim, words, names) for claim in example["claims"]]


# -- the page ----------------------------------------------------------------------------------


def _source(page: Any) -> str:
    """The page's path in its language's folder (``faq/robber.md``; mkdocs-static-i18n's)."""
    return str(getattr(page.file, "norm_src_uri", page.file.src_uri))


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """Put a placeholder at the end of each answer's text that has an example."""
    examples = page_examples(_source(page))
    if not examples:
        return markdown
    headings = list(HEADING.finditer(markdown))
    found = {m["anchor"] for m in headings}
    missing = sorted(set(examples) - found)
    if missing:
        raise PluginError(f"examples/faq: {_source(page)} has no question "
                          f"{', '.join(missing)}")
    for n, heading in reversed(list(enumerate(headings))):
        anchor = heading["anchor"]
        if anchor not in examples:
            continue
        end = headings[n + 1].start() if n + 1 < len(headings) else len(markdown)
        section = markdown[heading.end():end]
        close = SOURCES_LINE.search(section)
        at = heading.end() + (close.start() if close else len(section.rstrip()))
        markdown = (markdown[:at] + "\n\n" + PLACEHOLDER.format(anchor=anchor) + "\n\n"
                    + markdown[at:])
    return markdown


def on_page_content(content: str, page: Any, config: Any, files: Any) -> str:
    """Replace each placeholder by its example, and point every board's "Open on the analysis
    board" (``fences.ANALYSIS_HREF``) at the analysis page."""
    if "catan-example-slot" in content:
        examples = page_examples(_source(page))
        lang = str(config.theme["language"])

        def example(match: re.Match[str]) -> str:
            anchor = match[1]
            where = f"examples/faq/{Path(_source(page)).stem}.yml#{anchor}"
            try:
                return render(examples[anchor], lang, where)
            except (ValueError, KeyError) as exc:
                raise PluginError(str(exc)) from exc

        content = SLOT.sub(example, content)
    if f'href="{ANALYSIS_HREF}' in content:
        if files.get_file_from_path(ANALYSIS_PAGE) is None:  # no analysis board in this build
            return ANALYSIS_LINE.sub("", content)
        analysis = html.escape(page_href(ANALYSIS_PAGE, page, files))
        content = content.replace(f'href="{ANALYSIS_HREF}', f'href="{analysis}#p=')
    return content


def render(example: dict[str, Any], lang: str, where: str) -> str:
    """The example's HTML: a ``catan-widget`` of kind ``example`` (board, sentences, link)."""
    check(example, where)
    spec = board_spec(example)
    words = Words(lang)
    sentences = verdicts(example, lang)
    spec["verdicts"] = sentences
    spec["kind"] = "example"
    spec.setdefault("alt", words.t("ex_label"))
    items = "".join(f"<li>{html.escape(text, quote=False)}</li>" for text in sentences)
    figure = render_figure({k: v for k, v in spec.items() if k not in ("claims", "verdicts")},
                           "catan-example", where, lang,
                           extra=f'<ul class="catan-verdicts">{items}</ul>')
    data = html.escape(json.dumps(spec, ensure_ascii=False, sort_keys=True), quote=True)
    return f'<div class="catan-widget" data-kind="example" data-spec="{data}">{figure}</div>'
