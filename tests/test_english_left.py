"""No English left on the French, Spanish and Dutch pages of the built site.

Every text a reader sees or hears (text nodes outside code, and the ``title``, ``alt``,
``aria-label`` and ``placeholder`` attributes, meta description included) is scanned for runs of
English words: four of six words in a row from a list of common English words is English, not a
name or a borrowed word. Diagram titles are checked by tests/test_vocabulary.py.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

LANGUAGES = ("fr", "es", "nl")
ENGLISH = frozenset({
    "the", "and", "of", "to", "you", "your", "is", "with", "for", "this", "that", "are", "it",
    "be", "can", "when", "not", "from", "has", "have", "will", "what", "which", "one", "each",
    "roll", "turn", "card", "cards", "player", "players", "road", "roads", "settlement", "city",
    "trade", "build"
})
SPOKEN_ATTRIBUTES = ("title", "alt", "aria-label", "placeholder")
WORD = re.compile(r"[A-Za-z']+")


class ShownText(HTMLParser):
    """Collects what a reader sees or hears, leaving out code, scripts and drawings."""

    SKIP = frozenset({"script", "style", "code", "pre", "svg"})

    def __init__(self) -> None:
        super().__init__()
        self.hidden = 0
        self.texts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag in self.SKIP:
            self.hidden += 1
        if tag == "meta" and values.get("name") == "description":
            self.texts.append(values.get("content") or "")
        if not self.hidden:
            self.texts += [values[name] or "" for name in SPOKEN_ATTRIBUTES if values.get(name)]

    def handle_endtag(self, tag: str) -> None:
        if tag in self.SKIP and self.hidden:
            self.hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.texts.append(data)


def english_runs(text: str) -> list[str]:
    """Runs of words in ``text`` where at least 4 of 6 are common English words."""
    words = WORD.findall(text)
    return [" ".join(words[i:i + 6]) for i in range(len(words))
            if sum(w.lower() in ENGLISH for w in words[i:i + 6]) >= 4]


def shown_texts(html: str) -> list[str]:
    parser = ShownText()
    parser.feed(html)
    return parser.texts


def test_english_runs_are_found_and_translations_are_not() -> None:
    assert english_runs("Au tour suivant, you can trade with the bank.")
    assert english_runs("Hint: roll the dice and take your cards")
    assert not english_runs("Vous pouvez échanger avec la banque à votre tour.")
    assert not english_runs("Terra Incognita, Catan, 2:1, OK")
    texts = shown_texts('<p>Bonjour</p><code>the card is for you</code>'
                        '<button aria-label="Roll the dice for the turn">Lancer</button>')
    assert [t for t in texts if english_runs(t)] == ["Roll the dice for the turn"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_english_on_built_pages(site_dir: Path, lang: str) -> None:
    found = []
    for page in sorted((site_dir / lang).rglob("*.html")):
        for text in shown_texts(page.read_text(encoding="utf-8")):
            found += [f"{page.relative_to(site_dir)}: {run}" for run in english_runs(text)]
    assert not found, "English left:\n" + "\n".join(found[:30])
