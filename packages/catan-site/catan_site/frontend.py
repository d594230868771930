"""The one "page needs the front end" injector: catalog, style sheets and scripts.

A page needs a feature of the front end when its content holds that feature's root element:

=========== ========================================== =====================================
feature     found by                                   loads (from ``assets/frontend/``)
=========== ========================================== =====================================
``faq``     ``class="catan-widget"`` (fences.py)       ``faq/index.js``, ``widgets.css``
``tutorial`` ``class="catan-task"``, ``catan-lessons``, ``tutorial.js``, ``tutorial.css``
            ``catan-worked`` (tutorial.py)
``game``    ``data-catan-frontend="game"``             ``game.js``, ``game.css``
``review``  ``data-catan-frontend="review"``           ``review.js``, ``game.css``,
                                                       ``review.css``
``analysis`` ``data-catan-frontend="analysis"``        ``analysis.js``, ``analysis.css``
=========== ========================================== =====================================

Such a page gets, once, whatever features it holds:

- one hidden ``<div class="catan-catalog" data-catalog="{json}">``: the texts of the page's
  language that ``frontend/core/i18n.js`` reads (``{lang, ui: {board, <feature>...}, terms,
  errors}``). The texts sit in an attribute, so the search index never sees them; each engine
  error's FAQ link is relative to the page, like any link of its content;
- ``core/board.css`` and each feature's style sheet, then each feature's module script.

A page without a feature is left untouched: it loads no front-end code and never starts Pyodide.
A text missing in a language fails the build.
"""

from __future__ import annotations

import html
import json
from dataclasses import dataclass
from typing import Any

from mkdocs.exceptions import PluginError

from catan_site import tutorial
from catan_site.catalog import I18N, flat_strings, headings, load, terms
from catan_site.links import page_href, shared_href
from catan_site.runtime_assets import FRONTEND_URL


@dataclass(frozen=True)
class Feature:
    """A part of the front end: how a page shows it needs it, and what it loads."""

    markers: tuple[str, ...]
    script: str
    styles: tuple[str, ...]


FEATURES = {
    "faq": Feature(('class="catan-widget"',), "faq/index.js", ("widgets.css",)),
    "tutorial": Feature(('class="catan-task"', 'class="catan-lessons"', 'class="catan-worked"'),
                        "tutorial.js", ("tutorial.css",)),
    "game": Feature(('data-catan-frontend="game"',), "game.js", ("game.css",)),
    "review": Feature(('data-catan-frontend="review"',), "review.js", ("game.css", "review.css")),
    "analysis": Feature(('data-catan-frontend="analysis"',), "analysis.js", ("analysis.css",)),
}


def ui_strings(feature: str, lang: str, page: Any, files: Any) -> dict[str, Any]:
    """The interface texts of one feature (or ``board``: what every board says)."""
    if feature == "board":
        return flat_strings(I18N / "board.yml", lang)
    if feature == "faq":
        return flat_strings(I18N / "widgets.yml", lang)
    if feature == "game":  # the analysis board's address, where the build has it
        words = flat_strings(I18N / "game.yml", lang)
        if files.get_file_from_path("analysis.md") is not None:
            words["analysis_href"] = page_href("analysis.md", page, files)
        return words
    if feature == "analysis":  # colours, phases and players are the game page's words
        return {**flat_strings(I18N / "game.yml", lang),
                **flat_strings(I18N / "analysis.yml", lang),
                "play_href": page_href("play.md", page, files)}
    if feature == "review":  # the log's and the players' words are the game page's
        return {**flat_strings(I18N / "game.yml", lang),
                **flat_strings(I18N / "review.yml", lang)}
    lessons = [{"id": lesson["id"], "title": lesson["title"][lang],
                "href": page_href(f"tutorial/{lesson['page']}.md", page, files),
                "tasks": [f"{lesson['id']}/{t['id']}" for t in lesson["tasks"]]}
               for lesson in tutorial.load()["lessons"]]
    return {**tutorial.words(lang), "lessons": lessons}


def faq_target(lang: str, target: str, page: Any, files: Any) -> tuple[str, str]:
    """``(href, question)`` of an FAQ answer (``faq/turn.md#steps``) as a link from ``page``.

    The link goes through MkDocs' files; a missing page or anchor fails the build.
    """
    path, _, anchor = target.partition("#")
    title = headings(lang, path).get(anchor) if anchor else None
    if anchor and title is None:
        raise PluginError(f"FAQ link {target} does not exist in docs/{lang}/")
    return page_href(target, page, files), title or ""


def errors(lang: str, page: Any, files: Any) -> dict[str, dict[str, str | None]]:
    """Every engine error code: its message, and the FAQ answer explaining the rule."""
    out: dict[str, dict[str, str | None]] = {}
    for code, entry in load("errors.yml").items():
        href, title = (None, None)
        if entry.get("faq"):
            href, title = faq_target(lang, str(entry["faq"]), page, files)
        out[str(code)] = {"text": str(entry[lang]), "href": href, "title": title}
    return out


def catalog(lang: str, page: Any, files: Any, features: list[str]) -> dict[str, Any]:
    """The page's catalog: ``{lang, ui: {board, <feature>...}, terms, errors}``."""
    ui = {name: ui_strings(name, lang, page, files) for name in ["board", *features]}
    return {"lang": lang, "ui": ui, "terms": terms(lang), "errors": errors(lang, page, files)}


def needs(content: str) -> list[str]:
    """The features whose root element is in ``content``, in ``FEATURES`` order."""
    return [name for name, feature in FEATURES.items()
            if any(marker in content for marker in feature.markers)]


def block(lang: str, page: Any, files: Any, features: list[str]) -> str:
    """The HTML a page with ``features`` gets: the catalog, style sheets and scripts."""
    data = json.dumps(catalog(lang, page, files, features), ensure_ascii=False,
                      separators=(",", ":"))
    base = shared_href(FRONTEND_URL, page)
    styles = ["core/board.css", *(s for f in features for s in FEATURES[f].styles)]
    return (f'<div class="catan-catalog" hidden data-catalog="{html.escape(data, quote=True)}">'
            "</div>"
            + "".join(f'<link rel="stylesheet" href="{base}{s}">' for s in styles)
            + "".join(f'<script type="module" src="{base}{FEATURES[f].script}"></script>'
                      for f in features))


def on_page_content(content: str, page: Any, config: Any, files: Any) -> str:
    """MkDocs hook: give a page that holds a part of the front end what that part needs."""
    features = needs(content)
    if not features:
        return content
    return content + block(config.theme["language"], page, files, features)
