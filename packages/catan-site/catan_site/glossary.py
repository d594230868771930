"""MkDocs hook: replace a line ``{{ glossary }}`` with the table of official terms.

The terms come from ``i18n/glossary.yml`` (``terms``: list of {key, en, fr, es, nl};
``synonyms``: {lang: {official term: [other words]}}). The page's own language comes first, then
the others, then the other words players use in the page's language.
"""

from __future__ import annotations

import logging
import re
from typing import Any

from catan_site import catalog, languages

ALSO_CALLED = {"en": "Also called", "fr": "Aussi appelé", "es": "También llamado",
               "nl": "Ook genoemd"}
NOTE = {"en": "Note", "fr": "Remarque", "es": "Nota", "nl": "Opmerking"}
PLACEHOLDER = re.compile(r"^\{\{\s*glossary\s*\}\}[ \t]*$", re.MULTILINE)

log = logging.getLogger("mkdocs.catan_site.glossary")


def _cell(text: Any) -> str:
    """A table cell: no pipes or line breaks."""
    return str(text or "").replace("|", "\\|").replace("\n", " ")


def glossary_table(glossary: dict[str, Any], lang: str) -> str:
    """The glossary as a Markdown table: the page's language first, its synonyms and notes."""
    codes = languages.codes()
    names = languages.names()
    order = [lang, *(other for other in codes if other != lang)]
    synonyms = {str(k).lower(): v for k, v in (glossary["synonyms"].get(lang) or {}).items()}
    notes = any(term.get(f"note_{lang}") for term in glossary["terms"])
    header = [names[code] for code in order] + [ALSO_CALLED[lang]] + [NOTE[lang]] * notes
    rows = ["| " + " | ".join(header) + " |", "|" + " --- |" * len(header)]
    for term in glossary["terms"]:
        missing = [code for code in codes if not term.get(code)]
        if missing:
            log.warning("glossary term %r has no %s", term.get("key"), ", ".join(missing))
        cells = [f"**{_cell(term.get(lang))}**"] + [_cell(term.get(code)) for code in order[1:]]
        others = synonyms.get(str(term.get(lang, "")).lower()) or []
        cells.append(_cell(", ".join(map(str, others))))
        cells += [_cell(term.get(f"note_{lang}"))] * notes
        rows.append("| " + " | ".join(cells) + " |")
    return "\n".join(rows)


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """Render the ``{{ glossary }}`` placeholder, if the page has one.

    The table is wide (six columns), so the page gives up its (empty) table of contents.
    """
    if not PLACEHOLDER.search(markdown):
        return markdown
    table = glossary_table(catalog.glossary(), config.theme["language"])
    block = f'<div class="catan-glossary" markdown>\n\n{table}\n\n</div>'
    page.meta["hide"] = sorted({*page.meta.get("hide", []), "toc"})
    return PLACEHOLDER.sub(lambda _: block, markdown)
