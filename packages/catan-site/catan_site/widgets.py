"""MkDocs hook: give each ``catan-widget`` of a page its starting position.

catan_site/fences.py turns each fence into ``<div class="catan-widget" data-kind data-spec>``
holding the board drawn at build time. This hook gives each widget ``data-position``: the
position document its fence describes (``catan_site.diagrams.diagram_game``), computed once here so
the browser starts from it directly. The page's catalog, style sheets and ``faq/index.js``
come from the one front-end injector, ``catan_site/frontend.py``.
"""

from __future__ import annotations

import html
import json
import re
from typing import Any

from mkdocs.exceptions import PluginError

from catan_site.fences import WIDGET_KINDS

WIDGET = re.compile(r'<div class="catan-widget" data-kind="([^"]*)" data-spec="([^"]*)">')


def starting_position(kind: str, spec_attr: str, where: str) -> str:
    """The ``data-position`` attribute of one widget; unknown kinds and bad specs stop the build."""
    if kind not in WIDGET_KINDS:
        raise PluginError(f"{where}: unknown widget kind {kind!r}; "
                          f"allowed: {', '.join(sorted(WIDGET_KINDS))}")
    from catan_core import CatanError
    from catan_site.diagrams import diagram_game

    spec = json.loads(html.unescape(spec_attr))
    try:
        doc = diagram_game(spec).to_dict()
    except (CatanError, ValueError, KeyError, TypeError) as exc:
        raise PluginError(f"{where}: widget {kind!r} has no valid position: {exc}") from exc
    data = json.dumps(doc, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    return f' data-position="{html.escape(data, quote=True)}"'


def on_page_content(content: str, page: Any, config: Any, files: Any) -> str:
    """Add the starting position to every widget of the page."""
    if 'class="catan-widget"' not in content:
        return content
    where = page.file.src_uri

    def with_position(match: re.Match[str]) -> str:
        return match[0][:-1] + starting_position(match[1], match[2], where) + ">"

    return WIDGET.sub(with_position, content)
