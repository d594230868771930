"""The four languages stay in step: same pages, same anchors, same diagrams, full glossary.

Like FastAPI's translation checks, these compare every language with English and list what is
missing, so a page or an anchor forgotten in one language fails CI instead of a reader's link.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from catan_site.fences import TRANSLATABLE_KEYS
from catan_site.glossary import load_glossary

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
LANGUAGES = ("en", "fr", "es", "nl")
OTHERS = LANGUAGES[1:]
MIN_FAQ_QUESTIONS = 150

ANCHOR = re.compile(r"\{\s*#([A-Za-z0-9_.:-]+)[^}]*\}")
FENCE = re.compile(r"^(?P<indent>[ \t]*)```(?P<kind>catan-(?:diagram|widget))[^\n]*\n"
                   r"(?P<body>.*?)^(?P=indent)```[ \t]*$", re.MULTILINE | re.DOTALL)
CODE_BLOCK = re.compile(r"^[ \t]*```.*?^[ \t]*```", re.MULTILINE | re.DOTALL)
QUESTION = re.compile(r"^## (?P<title>.+?)(?:\s*\{\s*#(?P<anchor>[^}\s]+)[^}]*\})?\s*$",
                      re.MULTILINE)


def pages(lang: str) -> list[str]:
    """Markdown files of a language, relative to its folder."""
    return sorted(p.relative_to(DOCS / lang).as_posix() for p in (DOCS / lang).rglob("*.md"))


def anchors(text: str) -> list[str]:
    """The explicit ``{ #anchor }`` ids of a page, in order (fenced blocks excluded)."""
    return ANCHOR.findall(CODE_BLOCK.sub("", text))


def fences(text: str) -> list[tuple[str, Any]]:
    """Each catan fence of a page: its kind and its YAML data without the translated keys."""
    found = []
    for match in FENCE.finditer(text):
        data = yaml.safe_load(match["body"]) or {}
        if isinstance(data, dict):
            data = {k: v for k, v in data.items() if k not in TRANSLATABLE_KEYS}
        found.append((match["kind"], data))
    return found


def read(lang: str, page: str) -> str:
    return (DOCS / lang / page).read_text(encoding="utf-8")


EN_PAGES = pages("en")


@pytest.mark.parametrize("lang", OTHERS)
def test_same_pages(lang: str) -> None:
    missing = sorted(set(EN_PAGES) - set(pages(lang)))
    extra = sorted(set(pages(lang)) - set(EN_PAGES))
    assert not missing, f"pages missing in {lang}: {missing}"
    assert not extra, f"pages in {lang} but not in en: {extra}"


@pytest.mark.parametrize("lang", OTHERS)
@pytest.mark.parametrize("page", EN_PAGES)
def test_same_anchors(lang: str, page: str) -> None:
    if not (DOCS / lang / page).exists():
        pytest.skip(f"{lang}/{page} missing (see test_same_pages)")
    assert anchors(read(lang, page)) == anchors(read("en", page))


@pytest.mark.parametrize("lang", OTHERS)
@pytest.mark.parametrize("page", EN_PAGES)
def test_same_diagrams(lang: str, page: str) -> None:
    if not (DOCS / lang / page).exists():
        pytest.skip(f"{lang}/{page} missing (see test_same_pages)")
    assert fences(read(lang, page)) == fences(read("en", page))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_anchors_unique_per_page(lang: str) -> None:
    duplicated = {}
    for page in pages(lang):
        ids = anchors(read(lang, page))
        if len(ids) != len(set(ids)):
            duplicated[page] = sorted({a for a in ids if ids.count(a) > 1})
    assert not duplicated, f"anchors used twice on one page: {duplicated}"


def test_glossary_terms_complete() -> None:
    terms = load_glossary()["terms"]
    assert terms, "i18n/glossary.yml has no terms"
    incomplete = [term.get("key") for term in terms
                  if not all(isinstance(term.get(lang), str) and term[lang].strip()
                             for lang in LANGUAGES)]
    assert not incomplete, f"glossary terms without all four languages: {incomplete}"
    keys = [term.get("key") for term in terms]
    assert len(keys) == len(set(keys)), "glossary keys must be unique"


def test_glossary_synonyms_languages() -> None:
    synonyms = load_glossary()["synonyms"]
    assert set(synonyms) <= set(LANGUAGES)
    for lang, table in synonyms.items():
        for official, others in table.items():
            assert isinstance(others, list) and others, f"{lang}: {official!r} has no synonyms"


def faq_questions(lang: str) -> list[re.Match[str]]:
    """Every question (``## `` heading) of a language's FAQ topic pages."""
    topics = sorted((DOCS / lang / "faq").glob("*.md"))
    return [m for path in topics if path.name != "index.md"
            for m in QUESTION.finditer(path.read_text(encoding="utf-8"))]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_faq_questions_have_anchors(lang: str) -> None:
    bare = [m["title"] for m in faq_questions(lang) if not m["anchor"]]
    assert not bare, f"FAQ questions without {{ #anchor }} in {lang}: {bare}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_faq_has_enough_questions(lang: str) -> None:
    count = len(faq_questions(lang))
    assert count >= MIN_FAQ_QUESTIONS, f"{lang} FAQ has {count} questions"
