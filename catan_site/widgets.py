"""MkDocs hook: make the ``catan-widget`` fences of a page playable.

catan_site/fences.py turns each fence into ``<div class="catan-widget" data-kind data-spec>``
holding the board drawn at build time. On a page with at least one widget, this hook then

1. gives each widget ``data-position``: the position document its fence describes
   (``catan_core.svg.diagram_game``), computed once here so the browser starts from it directly;
2. appends one hidden ``.catan-i18n`` element with the page language's texts: the widget strings
   (i18n/widgets.yml), the official terms (i18n/glossary.yml) and the engine's rule messages
   with links to their FAQ answers (i18n/errors.yml). Texts sit in attributes, so the search
   index never sees them; the links are real ``href`` attributes, so Material's instant
   navigation resolves them like any other link;
3. links ``widgets.css`` and the module ``widgets.js`` of the front end (``site/assets/widgets/``).

Pages without widgets are left untouched: they load no widget code and never start Pyodide.
"""

from __future__ import annotations

import html
import json
import logging
import re
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from mkdocs.exceptions import PluginError

from catan_site import languages
from catan_site.fences import WIDGET_KINDS
from catan_site.links import page_href, shared_href
from catan_site.runtime_assets import FRONTEND_URL

I18N = Path(__file__).resolve().parent.parent / "i18n"
WIDGET = re.compile(r'<div class="catan-widget" data-kind="([^"]*)" data-spec="([^"]*)">')

log = logging.getLogger("mkdocs.catan_site.widgets")


@cache
def _yaml(name: str) -> Any:
    return yaml.safe_load((I18N / name).read_text(encoding="utf-8")) or {}


def ui_strings(lang: str) -> dict[str, str]:
    """The widget strings of one language; a string missing in any language fails the build."""
    strings = {}
    for key, entry in _yaml("widgets.yml").items():
        missing = [code for code in languages.codes() if not (entry or {}).get(code)]
        if missing:
            raise PluginError(f"i18n/widgets.yml: {key!r} has no text in {', '.join(missing)}")
        strings[str(key)] = str(entry[lang])
    return strings


def terms(lang: str) -> dict[str, str]:
    """Glossary term of every key (``brick`` -> ``argile``) in one language."""
    return {t["key"]: t[lang] for t in _yaml("glossary.yml").get("terms") or []}


def errors_block(lang: str, page: Any, files: Any) -> str:
    """One empty link per rule message: code, text, and the FAQ answer as a link from ``page``."""
    links = []
    for code, entry in _yaml("errors.yml").items():
        href = page_href(str(entry["faq"]), page, files)
        links.append(f'<a data-error="{html.escape(code)}" data-text="{html.escape(entry[lang])}" '
                     f'href="{html.escape(href)}"></a>')
    return "".join(links)


def starting_position(kind: str, spec_attr: str, where: str) -> str:
    """The ``data-position`` attribute of one widget; unknown kinds and bad specs stop the build."""
    if kind not in WIDGET_KINDS:
        raise PluginError(f"{where}: unknown widget kind {kind!r}; "
                          f"allowed: {', '.join(sorted(WIDGET_KINDS))}")
    from catan_core import CatanError
    from catan_core.svg import diagram_game

    spec = json.loads(html.unescape(spec_attr))
    try:
        doc = diagram_game(spec).to_dict()
    except (CatanError, ValueError, KeyError, TypeError) as exc:
        raise PluginError(f"{where}: widget {kind!r} has no valid position: {exc}") from exc
    data = json.dumps(doc, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    return f' data-position="{html.escape(data, quote=True)}"'


def on_page_content(content: str, page: Any, config: Any, files: Any) -> str:
    """Add positions, texts and the widget scripts to pages that have widgets."""
    if 'class="catan-widget"' not in content:
        return content
    lang = config.theme["language"]
    where = page.file.src_uri

    def with_position(match: re.Match[str]) -> str:
        return match[0][:-1] + starting_position(match[1], match[2], where) + ">"

    content = WIDGET.sub(with_position, content)
    strings = json.dumps({"ui": ui_strings(lang), "terms": terms(lang)}, ensure_ascii=False,
                         separators=(",", ":"))
    assets = shared_href(FRONTEND_URL, page)
    return (content
            + f'<div class="catan-i18n" hidden data-lang="{lang}" '
              f'data-strings="{html.escape(strings, quote=True)}">'
            + errors_block(lang, page, files) + "</div>"
            + f'<link rel="stylesheet" href="{assets}widgets.css">'
            + f'<script type="module" src="{assets}widgets.js"></script>')
