"""MkDocs hook: replace a line ``{{ catan_game }}`` with the game of the Play page.

The page gets the game's root element with a no-JavaScript notice and its words as JSON in
its ``data-strings`` attribute (attributes stay out of the search index): the UI strings of
``i18n/game.yml``, the official terms of ``i18n/glossary.yml`` and the engine's messages of
``i18n/errors.yml`` (each with its FAQ link made relative to the page), all in the page's
language. ``widgets/game.js`` (loaded as a module) reads them and mounts the game. A string
missing in the page's language is a warning, so the strict build fails.
"""

from __future__ import annotations

import html
import json
import logging
import re
from pathlib import Path
from typing import Any

import yaml

from catan_site.glossary import load_glossary

ROOT = Path(__file__).resolve().parent.parent
GAME_FILE = ROOT / "i18n" / "game.yml"
ERRORS_FILE = ROOT / "i18n" / "errors.yml"
PLACEHOLDER = re.compile(r"^\{\{\s*catan_game\s*\}\}[ \t]*$", re.MULTILINE)
NOSCRIPT = {
    "en": "The game runs in your browser and needs JavaScript.",
    "fr": "La partie se joue dans votre navigateur et a besoin de JavaScript.",
    "es": "La partida se juega en tu navegador y necesita JavaScript.",
    "nl": "Het spel draait in je browser en heeft JavaScript nodig.",
}

log = logging.getLogger("mkdocs.catan_site.game_page")


def _load(path: Path) -> dict[str, Any]:
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    if not isinstance(data, dict):
        raise ValueError(f"{path}: expected a mapping")
    return data


def faq_href(target: str, page_url: str) -> str:
    """``faq/turn.md#steps`` as a link from the page at ``page_url`` (directory URLs).

    >>> faq_href("faq/turn.md#steps", "play/")
    '../faq/turn/#steps'
    >>> faq_href("faq/index.md", "play/")
    '../faq/'
    """
    path, _, anchor = target.partition("#")
    path = re.sub(r"(^|/)index\.md$", r"\1", path)
    path = re.sub(r"\.md$", "/", path)
    up = "../" * page_url.count("/")
    return f"{up}{path}" + (f"#{anchor}" if anchor else "")


def strings(lang: str, page_url: str) -> dict[str, Any]:
    """Everything the game says, in ``lang``: ``{lang, ui, terms, errors}``."""
    ui = {}
    for key, entry in _load(GAME_FILE).items():
        text = (entry or {}).get(lang)
        if not text:
            log.warning("i18n/game.yml: %r has no %s text", key, lang)
        ui[key] = str(text or entry.get("en", key))
    terms = {term["key"]: str(term.get(lang) or term.get("en"))
             for term in load_glossary()["terms"]}
    errors = {}
    for code, entry in _load(ERRORS_FILE).items():
        errors[code] = {"msg": str(entry.get(lang) or entry.get("en", code)),
                        "faq": faq_href(entry["faq"], page_url) if entry.get("faq") else None}
    return {"lang": lang, "ui": ui, "terms": terms, "errors": errors}


def game_block(lang: str, page_url: str) -> str:
    """The HTML that replaces the placeholder (the words sit in an attribute: no search hit)."""
    data = json.dumps(strings(lang, page_url), ensure_ascii=False, separators=(",", ":"))
    assets = "../" * (page_url.count("/") + 1) + "assets/widgets/"
    notice = NOSCRIPT.get(lang, NOSCRIPT["en"])
    return (f'<div class="catan-game-page">\n'
            f'<link rel="stylesheet" href="{assets}game.css">\n'
            f'<div class="catan-game" data-catan-game lang="{lang}" '
            f'data-strings="{html.escape(data, quote=True)}">'
            f'<p class="catan-game__status">{notice}</p></div>\n'
            f'<script type="module" src="{assets}game.js"></script>\n'
            f'</div>')


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """Render the ``{{ catan_game }}`` placeholder, if the page has one."""
    if not PLACEHOLDER.search(markdown):
        return markdown
    block = game_block(config.theme["language"], page.url)
    return PLACEHOLDER.sub(lambda _: "\n" + block + "\n", markdown)
