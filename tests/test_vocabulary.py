"""One vocabulary per language: the glossary's terms, never the variants it forbids.

Every page source (running text and board captions), UI catalog string, engine message,
``mkdocs.yml`` name and engine-drawn board label of a language is checked against the
``forbidden`` section of ``i18n/glossary.yml``. The editions page may quote other editions'
names; a few other sentences that name a nickname on purpose are listed in ``ALLOWED``.
Also here: no English left in the other languages' catalogs.
"""

from __future__ import annotations

import copy
import re
import sys
from pathlib import Path
from typing import Any

import pytest
import vocabulary as vocabulary_module
from vocabulary import (
    CATALOGS,
    LANGUAGES,
    NOT_CATALOGS,
    ROOT,
    Vocabulary,
    catalog,
    catalog_strings,
    load_glossary,
    page_text,
    texts,
)

OTHERS = LANGUAGES[1:]

#: Pages that quote other editions: every variant is allowed there.
QUOTING_PAGES = {f"docs/{lang}/editions.md" for lang in LANGUAGES}
#: Sentences elsewhere that name another name on purpose: (where, the exact words allowed).
ALLOWED: dict[str, tuple[str, ...]] = {
    "fr": ("docs/fr/faq/robber.md", "appellent aussi le brigand",
           "docs/fr/faq/development-cards.md", "s'appelle aussi Invention"),
    "es": ("docs/es/faq/robber.md", "llaman también el bandido",
           "docs/es/faq/awards.md", "en otras ediciones, Mayor Ruta Comercial y Mayor Ejército"),
    "nl": ("docs/nl/faq/robber.md", "ook de struikrover noemen"),
}


def allowed(lang: str) -> dict[str, list[str]]:
    pairs = ALLOWED.get(lang, ())
    table: dict[str, list[str]] = {}
    for where, words in zip(pairs[::2], pairs[1::2], strict=True):
        table.setdefault(where, []).append(words)
    return table


def violations(lang: str) -> list[str]:
    """Every forbidden variant found in the language's texts, as ``where: variant -> term``."""
    vocabulary, exceptions, found = Vocabulary(lang), allowed(lang), []
    for where, text in texts(lang):
        if where in QUOTING_PAGES:
            continue
        for words in exceptions.get(where, []):
            assert words in text, f"ALLOWED names words no longer in {where}: {words!r}"
            text = text.replace(words, " ")
        found += [f"{where}: {variant!r} -> {official!r}"
                  for variant, official in vocabulary.find(text)]
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_one_vocabulary(lang: str) -> None:
    found = violations(lang)
    assert not found, f"{len(found)} variants outside the glossary:\n" + "\n".join(found[:40])


def test_forbidden_variants_are_variants_of_official_terms() -> None:
    """A ``forbidden`` entry names an official term of the glossary, or a wording of the site's
    own that the language's texts use for a thing the glossary does not list (Spanish "jugador
    en turno", the player whose turn it is)."""
    glossary = load_glossary()
    for lang, table in glossary["forbidden"].items():
        assert lang in LANGUAGES
        official = {term[lang] for term in glossary["terms"]}
        own = " ".join(text for _, text in texts(lang))
        for term, entries in table.items():
            words = re.escape(term).replace(r"\ ", r"\s+")
            assert term in official or re.search(rf"(?<!\w){words}(?!\w)", own), (
                f"{lang}: {term!r} is neither an official term nor a wording the site uses")
            assert entries, f"{lang}: {term!r} forbids nothing"
        for variant in Vocabulary(lang).variants:
            assert not variant.pattern.search(variant.official), variant
            assert not any(variant.pattern.fullmatch(word) for word in official), variant


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_forbidden_variant_is_caught_when_inserted(lang: str, monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    """Insert each variant into a clean page: the check reports it, naming the page."""
    vocabulary = Vocabulary(lang)
    assert vocabulary.variants, f"no forbidden variants for {lang}"
    page = f"docs/{lang}/faq/turn.md"
    clean = dict(texts(lang))[page]
    found = len(vocabulary.find(clean))
    for variant in vocabulary.variants:
        spoiled = clean + f"\n\n{variant.example}.\n"
        assert len(vocabulary.find(spoiled)) > found, (lang, variant)

        def spoiled_texts(lang: str, text: str = spoiled) -> object:
            return iter([(page, text)])

        monkeypatch.setattr(sys.modules[__name__], "texts", spoiled_texts)
        assert any(line.startswith(page) and variant.official in line
                   for line in violations(lang)), (lang, variant.example)
    monkeypatch.undo()


def _spoil(data: Any, lang: str, words: str) -> tuple[Any, str]:
    """A copy of a catalog with ``words`` added to its first ``lang`` string, and that string's
    key path (as ``catalog_strings`` names it)."""
    spoiled = copy.deepcopy(data)

    def walk(node: Any) -> bool:
        if isinstance(node, dict):
            if isinstance(node.get(lang), str):
                node[lang] += f" {words}"
                return True
            return any(walk(v) for k, v in node.items() if k not in LANGUAGES)
        if isinstance(node, list):
            return any(walk(v) for v in node)
        return False

    assert walk(spoiled)
    changed = [key for (key, text), (_, before) in zip(catalog_strings(spoiled, lang),
                                                       catalog_strings(data, lang), strict=True)
               if text != before]
    assert len(changed) == 1, changed
    return spoiled, changed[0]


def test_every_catalog_is_checked() -> None:
    """Every YAML file of ``i18n/`` and ``tutorial/`` is a checked catalog with strings in each
    language, or one of the files that hold no shown strings."""
    files = {path.relative_to(ROOT).as_posix()
             for folder in ("i18n", "tutorial") for path in (ROOT / folder).glob("*.yml")}
    assert not files - set(CATALOGS) - set(NOT_CATALOGS), sorted(files - set(CATALOGS))
    for name in CATALOGS:
        for lang in LANGUAGES:
            assert next(catalog_strings(catalog(name), lang), None), (name, lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_forbidden_variant_is_caught_in_a_catalog(lang: str, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Insert each variant into a catalog's ``lang`` string (the catalogs in turn, so that each
    is spoiled at least once): the check reports it, naming the catalog and the key; the same
    words in another language's string are not reported for ``lang``."""
    vocabulary = Vocabulary(lang)
    monkeypatch.setattr(vocabulary_module, "DOCS", tmp_path)  # catalogs only: no pages
    clean = catalog  # the cached catalogs (_spoil changes a copy)
    assert violations(lang) == [], "the catalogs alone should be clean"
    variants = vocabulary.variants * (len(CATALOGS) // len(vocabulary.variants) + 1)
    other = next(code for code in LANGUAGES if code != lang)
    for i, variant in enumerate(variants):
        name = CATALOGS[i % len(CATALOGS)]
        checks = ((lang, True), (other, False)) if i < len(CATALOGS) else ((lang, True),)
        for target, reported in checks:
            spoiled, key = _spoil(clean(name), target, variant.example)

            def spoiled_catalog(wanted: str, name: str = name, spoiled: Any = spoiled) -> Any:
                return spoiled if wanted == name else clean(wanted)

            monkeypatch.setattr(vocabulary_module, "catalog", spoiled_catalog)
            monkeypatch.setattr(vocabulary_module, "CATALOGS", (name,))  # the one spoiled
            found = [line for line in violations(lang)
                     if line.startswith(f"{name} {key}:") and variant.official in line]
            assert bool(found) == reported, (lang, target, name, key, variant.example)


def test_a_wrong_term_in_a_page_fails_the_check() -> None:
    """The same words the glossary forbids, in a page source with links and a board caption."""
    source = ("## Que faire ? { #tuile-x }\n\n"
              "**Le brigand va sur une tuile.**\n\n"
              "[Voir](../rules/robber.md#tuile)\n\n"
              "```catan-diagram\nboard: beginner\ncaption: Mode Rapide\n```\n")
    found = [variant for variant, _ in Vocabulary("fr").find(page_text(source))]
    assert sorted(found) == ["Rapide", "brigand", "tuile"], found


# -- no English left in the other languages ---------------------------------------------------

#: Words that are the same in English and the language (so a value made only of them, of
#: placeholders, numbers and signs, may equal the English one).
COGNATES = {
    "fr": {"normal", "expert", "orange", "mode", "points", "point", "total", "catan", "terra",
           "incognita"},
    "es": {"normal", "total", "no", "catan", "terra", "incognita"},
    "nl": {"computer", "expert", "opportunist", "catan", "terra", "incognita", "west"},
}
WORD = re.compile(r"[^\W\d_]{2,}")
PLACEHOLDER = re.compile(r"\{\w+\}")


def english_left(lang: str, text: str, english: str | None) -> bool:
    """True if ``text`` is the English ``english`` with a word that is not a cognate."""
    if text != english:
        return False
    words = WORD.findall(PLACEHOLDER.sub(" ", text).lower())
    return any(word not in COGNATES[lang] for word in words)


@pytest.mark.parametrize("lang", OTHERS)
def test_catalogs_have_no_english_left(lang: str) -> None:
    """A translated value identical to the English one is English left behind."""
    same = []
    for name in CATALOGS:
        english = dict(catalog_strings(catalog(name), "en"))
        for key, text in catalog_strings(catalog(name), lang):
            if english_left(lang, text, english.get(key)):
                same.append(f"{name} {key}: {text!r}")
    assert not same, "English left:\n" + "\n".join(same)


@pytest.mark.parametrize("lang", OTHERS)
def test_site_description_is_translated(lang: str) -> None:
    """Each language has its own page description (mkdocs.yml's i18n plugin), not English's."""
    descriptions = {where: text for where, text in texts(lang) if "site_description" in where}
    assert descriptions, f"no site_description for {lang} in mkdocs.yml's i18n plugin"
    english = re.compile(r"\b(?:the|of|with|rules|in four languages)\b")
    assert not any(english.search(text) for text in descriptions.values()), descriptions


@pytest.mark.parametrize("lang", OTHERS)
def test_board_labels_are_translated(lang: str) -> None:
    """Harbour tooltips name the resource in the page's language ("2:1 wool" is English)."""
    glossary = load_glossary()
    names = {t["key"]: t for t in glossary["terms"]}
    labels = " | ".join(text for where, text in texts(lang) if where.startswith("board"))
    for resource in ("brick", "lumber", "wool", "grain", "ore"):
        assert not re.search(rf"\b{resource}\b", labels), labels
        assert names[resource][lang].lower() in labels.lower(), (resource, labels)
