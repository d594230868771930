"""The built site, read from disk: one plain ``mkdocs build`` (no environment variables, see
tests/conftest.py) gives every language, sitemaps, language links to the same page, search
indexes, the browser runtime and no outside resources."""

from __future__ import annotations

import functools
import json
import re
import zipfile
from html.parser import HTMLParser
from pathlib import Path
from posixpath import join, normpath
from typing import Any

import pytest
from builtsite import lang_dir, lang_files

from catan_site import languages
from catan_site.catalog import glossary
from catan_site.runtime_assets import FRONTEND_URL, PYODIDE_FILES
from catan_site.search_norm import load_lexicon

#: mkdocs.yml's address, as the test site is built for it (tests/conftest.py)
DEFAULT_SITE_URL = "http://127.0.0.1:8000/"

#: One worker reads every built page once for all the tests here (``tags``).
pytestmark = pytest.mark.xdist_group("built-pages")

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = languages.codes()
SITEMAP = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9", "x": "http://www.w3.org/1999/xhtml"}
ANCHOR = re.compile(r"^## .*\{\s*#([A-Za-z0-9_-]+)[^}]*\}\s*$", re.MULTILINE)
OUTSIDE = re.compile(r"^(?:[a-z]+:)?//", re.IGNORECASE)


class Tags(HTMLParser):
    """Collects (tag, attributes) of an HTML page."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))


@functools.cache
def tags(path: Path) -> list[tuple[str, dict[str, str | None]]]:
    """The start tags of a built page, parsed once per worker (five tests read every page;
    ``pytestmark`` keeps them on one worker). Callers must not change the list."""
    parser = Tags()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser.tags


def search_index(site_dir: Path, lang: str) -> dict[str, Any]:
    """The site's own search index of a language (catan_site/search_index.py)."""
    path = lang_dir(site_dir, lang) / "search/catan-index.json"
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_language_has_its_own_search_index(site_dir: Path, lang: str) -> None:
    index = search_index(site_dir, lang)
    assert index["lang"] == lang
    assert index["rules"] == load_lexicon(lang).to_json()
    material = json.loads((lang_dir(site_dir, lang) / "search/search_index.json").read_text())
    assert material["docs"] == []  # fetched on every page by Material: kept empty
    assert (site_dir / "assets/javascripts/workers/minisearch.js").exists()  # shared


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_has_the_search_box_on_the_sites_worker(site_dir: Path, lang: str) -> None:
    """The same box everywhere (issue 14): Material's search input, and overrides/main.html's
    script that points Material at catan-search.js, on every page of the language."""
    pages = lang_files(site_dir, lang, "*.html")
    assert len(pages) > 30
    lacking = []
    for path in pages:
        html = path.read_text(encoding="utf-8")
        inputs = [a for tag, a in tags(path) if tag == "input" and "md-search__input" in
                  (a.get("class") or "").split()]
        if len(inputs) != 1 or 'replace(/[^/]*$/, "catan-search.js")' not in html:
            lacking.append(path.relative_to(site_dir).as_posix())
    assert not lacking, lacking[:10]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_faq_question_is_a_search_entry_with_its_answer(site_dir: Path, lang: str) -> None:
    docs = {doc["l"]: doc for doc in search_index(site_dir, lang)["docs"]}
    topics = [p for p in sorted((ROOT / "docs" / lang / "faq").glob("*.md")) if p.stem != "index"]
    expected = {f"faq/{p.stem}/#{anchor}"
                for p in topics for anchor in ANCHOR.findall(p.read_text(encoding="utf-8"))}
    assert expected, "no FAQ questions found"
    assert not expected - set(docs), sorted(expected - set(docs))[:10]
    for location in expected:
        assert docs[location]["k"] == "q" and docs[location]["a"], location
        assert "<" not in docs[location]["x"], location  # text only, no widget data


ASKED = re.compile(r"^## .*\{ #([\w-]+) \}\n\n\*\*.*\*\*\n\n<!-- asked: (.*) -->$", re.MULTILINE)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_other_ways_of_asking_are_searched_not_shown(site_dir: Path, lang: str) -> None:
    """``<!-- asked: ... | ... -->`` right after a one-line answer (catan_site/search_index.py):
    each wording is in its answer's ``v`` in the search index, and in no page's visible text."""
    docs = {doc["l"]: doc for doc in search_index(site_dir, lang)["docs"]}
    found = 0
    for page in sorted((ROOT / "docs" / lang / "faq").glob("*.md")):
        text = page.read_text(encoding="utf-8")
        if page.stem == "index":
            continue
        assert text.count("<!-- asked:") == len(ASKED.findall(text)), page  # all after an answer
        html = (lang_dir(site_dir, lang) / "faq" / page.stem / "index.html").read_text("utf-8")
        for anchor, wordings in ASKED.findall(text):
            for wording in wordings.split(" | "):
                found += 1
                assert wording in docs[f"faq/{page.stem}/#{anchor}"].get("v", ""), wording
                assert html.count(wording) == 1, wording  # in the comment only
    assert found >= 12


@pytest.mark.parametrize("lang", LANGUAGES)
def test_language_links_lead_to_existing_pages(site_dir: Path, lang: str) -> None:
    broken = []
    for page in lang_files(site_dir, lang, "index.html"):
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


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_has_its_language_and_one_title(site_dir: Path, lang: str) -> None:
    """Every page of every language, from disk (the browser loads every English page and one
    page of each kind in the others: tests/test_site_browser.py)."""
    wrong = []
    for page in lang_files(site_dir, lang, "index.html"):
        html = page.read_text(encoding="utf-8")
        content = html[html.index('class="md-content"'):]
        if f'<html lang="{lang}"' not in html or len(re.findall(r"<h1[\s>]", content)) != 1:
            wrong.append(page.relative_to(site_dir).as_posix())
    assert not wrong, wrong


def test_the_default_language_is_at_the_root_and_its_old_addresses_lead_there(
        site_dir: Path) -> None:
    """mkdocs-static-i18n builds the default language at the site root (it was at ``en/``):
    every page of ``en/`` sends the reader to the same page at the root, keeping its anchor."""
    home = (site_dir / "index.html").read_text(encoding="utf-8")
    assert f'<html lang="{languages.default()}"' in home
    for path in pages(site_dir, languages.default()):
        old = (site_dir / "en" / path / "index.html").read_text(encoding="utf-8")
        target = "../" * (path.count("/") + 1)
        assert f'location.replace("{target}{path}" + location.search + location.hash)' in old
        assert f'<link rel="canonical" href="{DEFAULT_SITE_URL}{path}">' in old
    assert (site_dir / "en" / "404.html").is_file()  # the rooms server's 404 for en/...


@pytest.mark.parametrize("lang", LANGUAGES)
def test_glossary_page_lists_every_term(site_dir: Path, lang: str) -> None:
    page = (lang_dir(site_dir, lang) / "glossary/index.html").read_text(encoding="utf-8")
    assert "{{ glossary }}" not in page
    missing = [t[lang] for t in glossary()["terms"] if f">{t[lang]}<" not in page]
    assert not missing, missing


def pages(site_dir: Path, lang: str) -> list[str]:
    """Site paths of the pages of one language: ``fr/``, ``fr/faq/robber/``... (``""`` and
    ``faq/robber/`` for the default language)."""
    paths = (p.parent.relative_to(site_dir).as_posix() for p in lang_files(site_dir, lang,
                                                                          "index.html"))
    return sorted("" if path == "." else path + "/" for path in paths)


def test_one_build_makes_every_language(site_dir: Path) -> None:
    sources = {lang: sorted(p.relative_to(ROOT / "docs" / lang).with_suffix("").as_posix()
                            for p in (ROOT / "docs" / lang).rglob("*.md"))
               for lang in LANGUAGES}
    for lang in LANGUAGES:
        assert len(pages(site_dir, lang)) == len(sources[lang]), lang
        home = (lang_dir(site_dir, lang) / "index.html").read_text(encoding="utf-8")
        assert f'<html lang="{lang}"' in home
        rules = languages.get(lang).nav.get("Rules", "Rules")  # the nav titles are translated
        assert re.search(rf'class="md-tabs__link">\s*{re.escape(rules)}\s*<', home), lang
    folders = {p.name for p in site_dir.iterdir() if p.is_dir()}
    default = {path.split("/")[0] for path in pages(site_dir, languages.default()) if path}
    # offline/: each language's offline page; search/: the default language's index
    assert folders == {*LANGUAGES, "assets", "offline", "search"} | default


@pytest.mark.parametrize("lang", LANGUAGES)
def test_sitemap_lists_every_page_with_its_languages(site_dir: Path, lang: str) -> None:
    from xml.etree import ElementTree

    tree = ElementTree.parse(lang_dir(site_dir, lang) / "sitemap.xml")
    locs = {}
    for url in tree.getroot().iterfind("s:url", SITEMAP):
        loc = url.findtext("s:loc", namespaces=SITEMAP)
        locs[loc] = {link.get("hreflang"): link.get("href")
                     for link in url.iterfind("x:link", SITEMAP)}
    expected = {DEFAULT_SITE_URL + path for path in pages(site_dir, lang)}
    assert set(locs) == expected
    for loc, versions in locs.items():
        assert set(versions) == set(LANGUAGES), loc
        for other, href in versions.items():  # the same page (all languages have every page)
            rest = loc.removeprefix(DEFAULT_SITE_URL + languages.root(lang))
            assert href == DEFAULT_SITE_URL + languages.root(other) + rest


@pytest.mark.parametrize("lang", LANGUAGES)
def test_language_switcher_leads_to_the_same_page(site_dir: Path, lang: str) -> None:
    for path in pages(site_dir, lang):
        switcher = {attrs["data-catan-lang"]: attrs["href"]
                    for tag, attrs in tags(site_dir / path / "index.html")
                    if tag == "a" and attrs.get("data-catan-lang")}
        assert set(switcher) == set(LANGUAGES), path
        for other, href in switcher.items():
            rest = path[len(languages.root(lang)):]
            target = normpath(join(path or ".", href or "")) + "/"
            assert target.removeprefix("./") == languages.root(other) + rest, (path, href)


def test_the_browser_runtime_is_in_the_site(site_dir: Path) -> None:
    assets = site_dir / "assets"
    for entry in PYODIDE_FILES:
        names = (entry,) if isinstance(entry, str) else entry
        assert any((assets / "pyodide" / name).is_file() for name in names), names
    manifest = json.loads((assets / "wheels" / "manifest.json").read_text(encoding="utf-8"))
    wheel = assets / "wheels" / manifest["wheel"]
    with zipfile.ZipFile(wheel) as archive:
        packages = {name.split("/")[0] for name in archive.namelist()
                    if not name.split("/")[0].endswith(".dist-info")}
        entry_points = [n for n in archive.namelist() if n.endswith("entry_points.txt")]
        metadata = archive.read(next(n for n in archive.namelist()
                                     if n.endswith(".dist-info/METADATA"))).decode()
    # the engine package (the repository's pyproject.toml), as `pip install .` installs it
    assert "Requires-Dist" not in metadata and "Name: catan-core" in metadata
    assert "catan_core" in packages and packages <= {"catan_core", "catan_web"}, packages
    assert not entry_points  # the site's plugin stays out of the browser
    missing = []
    for lang in LANGUAGES:
        for path in pages(site_dir, lang):
            for tag, attrs in tags(site_dir / path / "index.html"):
                ref = attrs.get("src") if tag == "script" else attrs.get("href")
                if tag in ("script", "link") and ref and FRONTEND_URL in ref:
                    target = normpath(join(path, ref.split("?")[0]))
                    if not (site_dir / target).is_file():
                        missing.append((path, ref))
    assert not missing, missing[:10]
    widget_page = (site_dir / "fr/faq/robber/index.html").read_text(encoding="utf-8")
    assert f"{FRONTEND_URL}faq/index.js" in widget_page


MERGED_LABELS = ("Merged questions", "Questions fusionnées", "Preguntas", "Samengevoegde")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_old_faq_anchors_are_in_the_pages_but_not_shown(site_dir: Path, lang: str) -> None:
    """Every FAQ anchor ever published (tests/data/faq-anchors.txt) is an id of its built page:
    a question, the old anchor of a merged question inside the heading of the answer kept on
    the same page, or a hidden one naming the answer kept on another page (the page's script
    follows it; tests/test_site_browser.py). No merged-questions list is shown."""
    old = [line.strip() for line in (ROOT / "tests/data/faq-anchors.txt").read_text().splitlines()
           if line.strip() and not line.startswith("#")]
    for entry in old:
        page, anchor = entry.split("#")
        html = (lang_dir(site_dir, lang) / "faq" / page / "index.html").read_text(encoding="utf-8")
        if f'<h2 id="{anchor}"' in html:
            continue
        inside = re.search(rf'<h2 id="([\w-]+)"[^>]*><span id="{anchor}"></span>', html)
        away = re.search(rf'<div hidden class="catan-moved-list">[^\n]*?<span id="{anchor}" '
                         rf'data-catan-moved="\.\./([\w-]+)/#([\w-]+)"></span>', html)
        assert inside or away, f"{lang}/{entry}"
        if away:
            kept = (lang_dir(site_dir, lang) / "faq" / away[1] / "index.html").read_text("utf-8")
            assert f'<h2 id="{away[2]}"' in kept, f"{lang}/{entry}"
            assert "data-catan-moved" in html and "location.replace" in html
    for path in (lang_dir(site_dir, lang) / "faq").glob("*/index.html"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(rf"<p><em>(?:{'|'.join(MERGED_LABELS)})", text), path
        assert '<a class="catan-moved" href=' not in text.split('class="catan-moved-list"')[0]


#: Material's words for the footer's links (its own translations, per page language).
FOOTER_WORDS = {"en": ("Previous", "Next"), "fr": ("Précédent", "Suivant"),
                "es": ("Anterior", "Siguiente"), "nl": ("Vorige", "Volgende")}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules_pages_end_with_previous_and_next(site_dir: Path, lang: str) -> None:
    """The documentation theme's previous/next links, in the page's language, follow the
    navigation (Robber sits between Production and Trading); the game page has none."""
    found = {}
    for tag, attrs in tags(lang_dir(site_dir, lang) / "rules/robber/index.html"):
        kind = next((k for k in ("prev", "next")
                     if f"md-footer__link--{k}" in (attrs.get("class") or "")), None)
        if tag == "a" and kind:
            found[kind] = (attrs["href"], (attrs.get("aria-label") or "").split(":")[0])
    previous, following = FOOTER_WORDS[lang]
    assert found == {"prev": ("../production/", previous), "next": ("../trading/", following)}
    play = [attrs for tag, attrs in tags(lang_dir(site_dir, lang) / "play/index.html")
            if tag == "nav" and "md-footer__inner" in (attrs.get("class") or "")]
    assert all("hidden" in attrs for attrs in play)


#: The footer's credit line before Material's name (i18n/offline.yml ``made_with``).
MADE_WITH = {"en": "Made with", "fr": "Réalisé avec", "es": "Hecho con", "nl": "Gemaakt met"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_footer_credit_is_in_the_pages_language(site_dir: Path, lang: str) -> None:
    html = (lang_dir(site_dir, lang) / "faq/robber/index.html").read_text(encoding="utf-8")
    credit = html[html.index('class="md-copyright"'):html.index("Material for MkDocs")]
    words = re.sub(r"<[^>]+>|\s+", " ", credit.split(">", 1)[1]).split()
    assert " ".join(words) == MADE_WITH[lang]
