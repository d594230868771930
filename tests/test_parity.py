"""The four languages stay in step: same pages, same anchors, same diagrams, full glossary.

Like FastAPI's translation checks, these compare every language with English and list what is
missing, so a page or an anchor forgotten in one language fails CI instead of a reader's link.
"""

from __future__ import annotations

import re
from pathlib import Path
from posixpath import dirname, join, normpath
from typing import Any

import pytest

from catan_site import languages
from catan_site.catalog import glossary, parse_yaml
from catan_site.fences import TRANSLATABLE_KEYS

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
LANGUAGES = languages.codes()  # mkdocs.yml (i18n plugin)
OTHERS = LANGUAGES[1:]
MIN_FAQ_QUESTIONS = 205
OLD_ANCHORS = ROOT / "tests" / "data" / "faq-anchors.txt"

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
        data = parse_yaml(match["body"]) or {}
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
    terms = glossary()["terms"]
    assert terms, "i18n/glossary.yml has no terms"
    incomplete = [term.get("key") for term in terms
                  if not all(isinstance(term.get(lang), str) and term[lang].strip()
                             for lang in LANGUAGES)]
    assert not incomplete, f"glossary terms without all four languages: {incomplete}"
    keys = [term.get("key") for term in terms]
    assert len(keys) == len(set(keys)), "glossary keys must be unique"


def test_glossary_synonyms_languages() -> None:
    synonyms = glossary()["synonyms"]
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


# -- the FAQ entry format (notes/site-layout.md) -------------------------------------------------

SEE = {"en": "*See:*", "fr": "*Voir :*", "es": "*Ver:*", "nl": "*Zie:*"}
BOOK = {"en": "*In the rulebook:*", "fr": "*Dans le livret :*", "es": "*En el reglamento:*",
        "nl": "*In het regelboek:*"}
#: A rulebook reference: a Game Rules chapter or an Almanac entry, quoted the language's way, or
#: "none: why" for the few questions the printed rules do not address.
SECTION = {
    "en": r"(?:Game Rules|Almanac), “[^”]+”|none: [^·]+",
    "fr": r"(?:Règles du jeu|Almanach), « [^»]+ »|aucune : [^·]+",
    "es": r"(?:Reglas del juego|Almanaque), «[^»]+»|ninguna: [^·]+",
    "nl": r"(?:Spelregels|Almanak), ‘[^’]+’|geen: [^·]+",
}
LINK = re.compile(r"\[[^\]]+\]\((?![a-z]+://)[^)\s]+\.md#[a-z0-9-]+\)")


def faq_blocks(lang: str) -> list[tuple[str, str, str]]:
    """``(page, anchor, Markdown)`` of every FAQ question, heading to next heading."""
    found = []
    for path in sorted((DOCS / lang / "faq").glob("*.md")):
        if path.name == "index.md":
            continue
        text = CODE_BLOCK.sub("", path.read_text(encoding="utf-8"))
        heads = list(QUESTION.finditer(text))
        for i, head in enumerate(heads):
            end = heads[i + 1].start() if i + 1 < len(heads) else len(text)
            found.append((path.stem, head["anchor"], text[head.end():end]))
    return found


def format_problems(lang: str, block: str) -> list[str]:
    """What a question's block lacks: answer first, explanation, rulebook line, See line."""
    paragraphs = [p.strip() for p in re.split(r"\n\s*\n", block) if p.strip()]
    problems = []
    if not paragraphs or not re.fullmatch(r"\*\*[^*].*[^*]\*\*", paragraphs[0], re.DOTALL):
        problems.append("the first paragraph is not the bold one-line answer")
    books = [p for p in paragraphs if p.startswith(BOOK[lang])]
    sees = [p for p in paragraphs if p.startswith(SEE[lang])]
    if len(books) != 1 or not re.fullmatch(
            rf"{re.escape(BOOK[lang])} (?:{SECTION[lang]})(?: · (?:{SECTION[lang]}))*", books[0]):
        problems.append(f"no single well-formed {BOOK[lang]} line")
    if len(sees) != 1 or not LINK.search(sees[0]):
        problems.append(f"no {SEE[lang]} line with a link")
    explanation = [p for p in paragraphs[1:] if p not in books and p not in sees
                   and not p.startswith(("- [", "*Merged", "*Questions", "*Preguntas", "*Samen"))]
    if not explanation:
        problems.append("no explanation after the answer")
    if books and sees and paragraphs.index(books[0]) > paragraphs.index(sees[0]):
        problems.append("the rulebook line comes after the See line")
    return problems


@pytest.mark.parametrize("lang", LANGUAGES)
def test_faq_entry_format(lang: str) -> None:
    bad = {f"{page}#{anchor}": problems for page, anchor, block in faq_blocks(lang)
           if (problems := format_problems(lang, block))}
    assert not bad, f"{len(bad)} questions break the FAQ format: {dict(list(bad.items())[:8])}"


def test_faq_format_check_catches_a_broken_entry() -> None:
    good = ("\n\n**Yes.**\n\nBecause.\n\n*In the rulebook:* Almanac, “Robber”\n\n"
            "*See:* [Robber](../rules/robber.md#seven)\n")
    assert format_problems("en", good) == []
    assert format_problems("en", good.replace("**Yes.**", "Yes."))
    assert format_problems("en", good.replace("*In the rulebook:* Almanac, “Robber”\n\n", ""))
    assert format_problems("en", good.replace("Almanac, “Robber”", "page 12"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rulebook_sections_match_english(lang: str) -> None:
    """Each question cites as many rulebook sections, of the same kinds, as in English."""
    def kinds(lang: str) -> dict[str, list[int]]:
        out = {}
        for page, anchor, block in faq_blocks(lang):
            line = next((p for p in block.split("\n") if p.startswith(BOOK[lang])), "")
            parts = line[len(BOOK[lang]):].split(" · ")
            out[f"{page}#{anchor}"] = [0 if ("“" in part or "«" in part or "‘" in part) else 1
                                       for part in parts]
        return out
    assert kinds(lang) == kinds("en")


def test_old_faq_anchors_still_resolve() -> None:
    """Every anchor ever published stays: a question, or an alias to the question kept after a
    merge (``{ #old .catan-moved }`` on a link whose target is a question), in every language."""
    old = [line.strip() for line in OLD_ANCHORS.read_text(encoding="utf-8").splitlines()
           if line.strip() and not line.startswith("#")]
    assert len(old) >= 193
    broken = []
    for lang in LANGUAGES:
        questions = {f"{page}#{anchor}" for page, anchor, _ in faq_blocks(lang)}
        for entry in old:
            page, anchor = entry.split("#")
            if entry in questions:
                continue
            text = (DOCS / lang / "faq" / f"{page}.md").read_text(encoding="utf-8")
            alias = re.search(rf"\]\(([a-z-]+)\.md#([a-z0-9-]+)\)\{{ #{anchor} \.catan-moved \}}",
                              text)
            if not alias or f"{alias[1]}#{alias[2]}" not in questions:
                broken.append(f"{lang}/{entry}")
    assert not broken, broken


MD_LINK = re.compile(r"\]\((?P<path>[^)\s#]*\.md)?#(?P<anchor>[A-Za-z0-9_-]+)\)")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_links_to_anchors_resolve(lang: str) -> None:
    """Every ``page.md#anchor`` link of a language's pages names an explicit anchor of that page
    (MkDocs only reports broken anchors as information)."""
    ids = {page: set(anchors(read(lang, page))) for page in pages(lang)}
    broken, checked = [], 0
    for page in pages(lang):
        for match in MD_LINK.finditer(CODE_BLOCK.sub("", read(lang, page))):
            target = normpath(join(dirname(page), match["path"])) if match["path"] else page
            checked += 1
            if match["anchor"] not in ids.get(target, set()):
                broken.append(f"{page} -> {target}#{match['anchor']}")
    assert checked > 500, checked
    assert not broken, broken[:20]
