"""The site's own words, language by language, and the glossary's forbidden variants.

``texts(lang)`` yields every piece of text a reader of ``lang`` sees that the project writes:
page sources (running text and the translated keys of board fences), the UI catalogs of
``i18n/`` and ``tutorial/`` (engine messages included), the per-language names in ``mkdocs.yml``
and the words the engine writes on its boards. ``Vocabulary(lang).find(text)`` lists the
variants ``i18n/glossary.yml`` forbids (its ``forbidden`` section) that occur in a text.

Used by tests/test_vocabulary.py; kept apart so that the matching can be tested on its own.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from catan_site import languages
from catan_site.catalog import parse_yaml

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
LANGUAGES = ("en", "fr", "es", "nl")
GLOSSARY = ROOT / "i18n" / "glossary.yml"
#: Catalogs whose ``{en, fr, es, nl}`` leaves are shown to readers.
CATALOGS = ("i18n/board.yml", "i18n/errors.yml", "i18n/game.yml", "i18n/offline.yml",
            "i18n/review.yml", "i18n/analysis.yml",
            "i18n/widgets.yml", "tutorial/ui.yml", "tutorial/lessons.yml",
            "tutorial/worked_game.yml")
#: Files of ``i18n/`` that are not catalogs of shown strings: the glossary (its terms reach
#: readers through the glossary pages), the search rules.
NOT_CATALOGS = ("i18n/glossary.yml", "i18n/search.yml")
#: Keys of a board fence whose text is shown (and translated).
FENCE_TEXT_KEYS = ("caption", "alt", "labels", "prompt")

FENCE = re.compile(r"^(?P<indent>[ \t]*)```(?P<kind>[\w-]*)[^\n]*\n"
                   r"(?P<body>.*?)^(?P=indent)```[ \t]*$", re.MULTILINE | re.DOTALL)
ATTRS = re.compile(r"\{\s*[#.:][^}\n]*\}")
LINK_TARGET = re.compile(r"\]\([^)\s]*(?:\s+\"[^\"]*\")?\)")
INLINE_CODE = re.compile(r"`[^`\n]+`")
HTML_TAG = re.compile(r"<[^>\n]+>")
PLACEHOLDER = re.compile(r"\{\{[^}]*\}\}|\{[a-z_]+\}")


def _fence_text(kind: str, body: str) -> str:
    """The shown text of a fenced block: the translated keys of a board fence, else nothing."""
    if not kind.startswith("catan-"):
        return ""
    try:
        data = parse_yaml(body)
    except yaml.YAMLError:
        return ""
    if not isinstance(data, dict):
        return ""
    parts: list[str] = []
    for key in FENCE_TEXT_KEYS:
        value = data.get(key)
        if isinstance(value, dict):
            parts += [str(v) for v in value.values()]
        elif value:
            parts.append(str(value))
    return "\n".join(parts)


def page_text(markdown: str) -> str:
    """The words of a page source: no link targets, anchors, code, HTML tags or placeholders."""
    shown = FENCE.sub(lambda m: _fence_text(m["kind"], m["body"]), markdown)
    for pattern in (ATTRS, INLINE_CODE, HTML_TAG, PLACEHOLDER):
        shown = pattern.sub(" ", shown)
    return LINK_TARGET.sub("]", shown)


def catalog_strings(data: Any, lang: str, path: str = "") -> Iterator[tuple[str, str]]:
    """``(key path, text)`` of every ``lang`` leaf in a catalog of ``{en, fr, es, nl}`` maps."""
    if isinstance(data, dict):
        for key, value in data.items():
            where = f"{path}.{key}" if path else str(key)
            if key == lang and isinstance(value, str):
                yield path, value
            elif key not in LANGUAGES:
                yield from catalog_strings(value, lang, where)
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from catalog_strings(value, lang, f"{path}[{i}]")


def mkdocs_strings(lang: str) -> Iterator[tuple[str, str]]:
    """Names the site gives the language (mkdocs.yml's i18n plugin): site name, description and
    navigation titles."""
    entry = languages.get(lang)
    for key in ("site_name", "site_description"):
        if getattr(entry, key):
            yield f"mkdocs.yml i18n {lang} {key}", str(getattr(entry, key))
    for english, name in entry.nav.items():
        yield f"mkdocs.yml i18n {lang} nav_translations {english}", str(name)


@cache
def _yaml(path: Path) -> Any:
    """A YAML file, parsed once per test run. Callers must not change what it returns."""
    return parse_yaml(path.read_text(encoding="utf-8"))


def catalog(name: str) -> Any:
    """A parsed catalog (read once per test run)."""
    return _yaml(ROOT / name)


def board_strings(lang: str) -> Iterator[tuple[str, str]]:
    """The words the engine writes on a board in ``lang`` (harbour names, labels, titles)."""
    svg = _board_svg(lang)
    for match in re.finditer(r"<(title|text|desc)[^>]*>([^<]+)</\1>", svg):
        yield f"board <{match[1]}>", match[2]


@cache
def _board_svg(lang: str) -> str:
    from catan_site.catalog import terms
    from catan_site.diagrams import render_diagram

    return render_diagram({"board": "beginner"}, lang, terms(lang))


def texts(lang: str) -> Iterator[tuple[str, str]]:
    """``(where, text)`` for everything a reader of ``lang`` sees that this project writes."""
    for path in sorted((DOCS / lang).rglob("*.md")):
        yield path.relative_to(ROOT).as_posix(), page_text(path.read_text(encoding="utf-8"))
    for name in CATALOGS:
        for key, text in catalog_strings(catalog(name), lang):
            yield f"{name} {key}", text
    yield from mkdocs_strings(lang)
    yield from board_strings(lang)


@dataclass(frozen=True)
class Variant:
    """One forbidden way of writing an official term."""

    official: str
    pattern: re.Pattern[str]
    example: str


def _variant(official: str, entry: Any) -> Variant:
    """A ``forbidden`` entry: ``"word"``, ``"word*"`` (any ending) or ``{re, example}``.

    Plain entries match whole words; all-lowercase ones ignore case, the others do not (so
    that ``Open``, a setting's name, does not catch the verb "open").
    """
    if isinstance(entry, dict):
        return Variant(official, re.compile(entry["re"]), str(entry["example"]))
    word = str(entry)
    body = re.escape(word.rstrip("*")).replace(r"\ ", r"\s+")
    body += r"\w*" if word.endswith("*") else ""
    flags = re.IGNORECASE if word == word.lower() else 0
    return Variant(official, re.compile(rf"(?<![\w-]){body}(?![\w-])", flags), word.rstrip("*"))


class Vocabulary:
    """The forbidden variants of one language, from ``i18n/glossary.yml``."""

    def __init__(self, lang: str, glossary: dict[str, Any] | None = None) -> None:
        data = glossary if glossary is not None else load_glossary()
        table = (data.get("forbidden") or {}).get(lang) or {}
        self.lang = lang
        self.variants = [_variant(str(official), entry)
                         for official, entries in table.items() for entry in entries]

    def find(self, text: str) -> list[tuple[str, str]]:
        """``(variant found, official term)`` for each forbidden variant in ``text``."""
        return [(match[0], v.official) for v in self.variants
                for match in v.pattern.finditer(text)]


def load_glossary() -> dict[str, Any]:
    """``i18n/glossary.yml`` (parsed once per test run: callers must not change it)."""
    data = _yaml(GLOSSARY) or {}
    return data if isinstance(data, dict) else {}
