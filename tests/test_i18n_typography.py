"""The catalogs' typography and grammar in each language (i18n/*.yml), and the scripts that join
strings: French spacing before ``: ; ! ?``, English articles before a number or a hex's name;
the same French spacing in the text of every built French page.

The filled-in forms (a name in French after "de", a development card's button) are checked in
the browser (tests/test_game_browser.py).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest
from builtsite import lang_files

from catan_site.catalog import parse_yaml

ROOT = Path(__file__).resolve().parent.parent
#: The offline page's words (i18n/offline.yml) are another change's (issue 33's offline page).
CATALOGS = sorted(p for p in (ROOT / "i18n").glob("*.yml") if p.name != "offline.yml")
#: French takes a no-break space before a colon, a narrow no-break space before ; ! ?
#: (Lexique des règles typographiques en usage à l'Imprimerie nationale).
FRENCH_SPACE = {":": "\u00a0", ";": "\u202f", "!": "\u202f", "?": "\u202f"}
NARROW_NBSP = "\u202f"
#: The online rooms' scripts, another change's (issue 33's lobby): checked once it is done.
ROOMS = {"lobby.js", "room.js", "transport-room.js"}


def texts(lang: str) -> Iterator[tuple[str, str]]:
    """``(file:key, text)`` of every entry of ``lang`` in the catalogs."""
    def walk(node: object, where: str) -> Iterator[tuple[str, str]]:
        if isinstance(node, dict):
            for key, value in node.items():
                if key == lang and isinstance(value, str):
                    yield where, value
                else:
                    yield from walk(value, f"{where}.{key}")
        elif isinstance(node, list):
            for i, value in enumerate(node):
                yield from walk(value, f"{where}[{i}]")

    for path in CATALOGS:
        yield from walk(parse_yaml(path.read_text(encoding="utf-8")), path.name)


@pytest.mark.parametrize("mark", sorted(FRENCH_SPACE))
def test_french_punctuation_has_its_no_break_space(mark: str) -> None:
    wrong = []
    for where, text in texts("fr"):
        for found in re.finditer(rf"(.){re.escape(mark)}", text):
            before = found[1]
            if mark == ":" and before.isdigit():          # a harbour's rate, 2:1
                continue
            if before != FRENCH_SPACE[mark]:
                wrong.append(f"{where}: {text!r}")
    assert not wrong, f"{mark!r} without {FRENCH_SPACE[mark]!r} before it:\n" + "\n".join(wrong)


class _Prose(HTMLParser):
    """The text of a page a reader reads: not code, scripts, styles or attributes."""

    RAW = frozenset({"script", "style", "pre", "code", "kbd", "samp", "textarea"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.depth = 0
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: object) -> None:
        self.depth += tag in self.RAW

    def handle_endtag(self, tag: str) -> None:
        self.depth -= tag in self.RAW and self.depth > 0

    def handle_data(self, data: str) -> None:
        if not self.depth:
            self.text.append(data)


def test_french_pages_set_no_break_spaces_in_their_text(site_dir: Path) -> None:
    """Every built French page (body, title, navigation, table of contents): no ordinary space
    before ``: ; ! ?`` or inside guillemets, where a line could break."""
    wrong: list[str] = []
    pages = lang_files(site_dir, "fr", "*.html")
    assert len(pages) > 40
    checked = 0
    for path in pages:
        prose = _Prose()
        prose.feed(path.read_text(encoding="utf-8"))
        name = path.relative_to(site_dir)
        for text in prose.text:
            checked += sum(text.count(mark) for mark in FRENCH_SPACE)
            for found in re.finditer(r"[ \t\n]+([:;!?])(?![\w:/])|«[ \t\n]|[ \t\n]»", text):
                wrong.append(f"{name}: {text[max(0, found.start() - 30):found.end() + 10]!r}")
            for found in re.finditer(r"(\S)([;!?])(?=\s|$)", text):  # 2:1 takes no space
                if found[1] not in (FRENCH_SPACE[found[2]], NARROW_NBSP):
                    wrong.append(f"{name}: {text[max(0, found.start() - 30):found.end() + 10]!r}")
    assert checked > 1000
    assert not wrong, f"{len(wrong)} places:\n" + "\n".join(wrong[:40])


def test_french_guillemets_hold_no_break_spaces() -> None:
    """« and » take a no-break space inside, in the catalogs as in the built pages (whose
    sentences the widgets write from the catalogs)."""
    wrong = [f"{where}: {text!r}" for where, text in texts("fr")
             if re.search(r"«[ \t]|[ \t]»", text)]
    assert not wrong, "\n".join(wrong)


def test_scripts_join_a_label_and_its_text_in_the_page_language() -> None:
    """A label and its text are joined by the catalog (Catalog.labelled: "x : y" in French),
    never by a colon written in a script."""
    scripts = sorted(p for p in (ROOT / "frontend").rglob("*.js") if p.name not in ROOMS)
    joins = re.compile(r"""\}: \$\{|[,(+\[]\s*(["'`]): \1""")
    found = [f"{p.relative_to(ROOT)}:{n}" for p in scripts
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             if joins.search(line)]
    assert not found, found


def test_english_needs_no_article_before_a_number() -> None:
    """"a {total}" reads "a 8" for 8, 11 and 18: no English text puts an article before a
    number it is given."""
    numbers = r"\{(total|n|number|count|left|length|expected|a|b)\}"
    wrong = [f"{where}: {text!r}" for where, text in texts("en")
             if re.search(rf"\ban? {numbers}", text)]
    assert not wrong, wrong


def test_english_names_a_hex_with_its_article() -> None:
    """A hex's name ("desert", "fields 6") comes with "the … hex": "stands on the desert hex",
    not "stands on desert"."""
    wrong = [f"{where}: {text!r}" for where, text in texts("en")
             if re.search(r"\b(on|to|from|in|at) \{tile\}", text)]
    assert not wrong, wrong
