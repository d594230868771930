"""The built site, read from disk: search indexes, language links, no outside resources."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from posixpath import join, normpath
from typing import Any

import pytest

from catan_site.glossary import load_glossary
from catan_site.search_norm import load_lexicon

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("en", "fr", "es", "nl")
ANCHOR = re.compile(r"^## .*\{\s*#([A-Za-z0-9_-]+)[^}]*\}\s*$", re.MULTILINE)
OUTSIDE = re.compile(r"^(?:[a-z]+:)?//", re.IGNORECASE)


class Tags(HTMLParser):
    """Collects (tag, attributes) of an HTML page."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))


def tags(path: Path) -> list[tuple[str, dict[str, str | None]]]:
    parser = Tags()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser.tags


def search_index(site_dir: Path, lang: str) -> dict[str, Any]:
    return json.loads((site_dir / lang / "search/search_index.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_language_has_its_own_normalised_index(site_dir: Path, lang: str) -> None:
    index = search_index(site_dir, lang)
    assert index["config"]["lang"] == [lang]
    assert index["config"]["pipeline"] == []
    assert index["config"]["catan"] == load_lexicon(lang).to_json()
    assert {"ntitle", "ntext"} <= set(index["config"]["fields"])
    for doc in index["docs"]:
        tokens = (doc["ntitle"] + " " + doc["ntext"]).split()
        assert all(token.startswith("_") for token in tokens), doc["location"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_faq_question_is_a_search_entry(site_dir: Path, lang: str) -> None:
    locations = {doc["location"] for doc in search_index(site_dir, lang)["docs"]}
    topics = [p for p in sorted((ROOT / "docs" / lang / "faq").glob("*.md")) if p.stem != "index"]
    expected = {f"faq/{p.stem}/#{anchor}"
                for p in topics for anchor in ANCHOR.findall(p.read_text(encoding="utf-8"))}
    assert expected, "no FAQ questions found"
    assert not expected - locations, sorted(expected - locations)[:10]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_language_links_lead_to_existing_pages(site_dir: Path, lang: str) -> None:
    broken = []
    for page in (site_dir / lang).rglob("index.html"):
        url = page.parent.relative_to(site_dir).as_posix() + "/"
        for tag, attrs in tags(page):
            if tag == "a" and attrs.get("data-catan-lang"):
                target = normpath(join(url, attrs["href"] or ""))
                if not (site_dir / target / "index.html").exists():
                    broken.append((url, attrs["href"]))
    assert not broken, broken[:10]


def test_no_page_loads_anything_from_outside(site_dir: Path) -> None:
    outside = []
    for page in site_dir.rglob("*.html"):
        for tag, attrs in tags(page):
            sources = [attrs.get("src")]
            if tag == "link" and attrs.get("rel") != "canonical":
                sources.append(attrs.get("href"))
            outside += [(page.name, s) for s in sources if s and OUTSIDE.match(s)]
    for sheet in site_dir.rglob("*.css"):
        outside += [(sheet.name, url) for url in re.findall(r"url\((['\"]?)(?:https?:)?//",
                                                             sheet.read_text(encoding="utf-8"))]
    assert not outside, outside[:10]


def test_root_sends_visitors_to_a_language(site_dir: Path) -> None:
    page = (site_dir / "index.html").read_text(encoding="utf-8")
    for lang in LANGUAGES:
        assert f'href="{lang}/"' in page
    assert 'url=en/"' in page


@pytest.mark.parametrize("lang", LANGUAGES)
def test_glossary_page_lists_every_term(site_dir: Path, lang: str) -> None:
    page = (site_dir / lang / "glossary/index.html").read_text(encoding="utf-8")
    assert "{{ glossary }}" not in page
    missing = [t[lang] for t in load_glossary()["terms"] if f">{t[lang]}<" not in page]
    assert not missing, missing
