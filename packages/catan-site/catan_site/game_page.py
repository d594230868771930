"""MkDocs hook: replace a line ``{{ catan_game }}`` with the game of the Play page, a line
``{{ catan_review }}`` with the review of a game, and a line ``{{ catan_analysis }}`` with the
analysis board (the beginner island drawn here by the engine, so the page shows a board before
its engine starts; ``frontend/analysis.js`` mounts it, marked ``data-catan-frontend="analysis"``).

The page gets the root element with a no-JavaScript notice; the root is marked
``data-catan-frontend="game"`` (or ``"review"``), so the one front-end injector
(:mod:`catan_site.frontend`) gives the page its catalog (the words of ``i18n/game.yml`` and
``i18n/review.yml``, the glossary, the engine's messages with their FAQ links), the style
sheets and ``frontend/game.js`` (or ``frontend/review.js``), which mounts it.

>>> "data-catan-frontend" in game_block("fr"), 'data-catan-frontend="review"' in review_block("nl")
(True, True)
>>> 'class="catan-board"' in analysis_block("es", "Tablero")
True
"""

from __future__ import annotations

import html
import json
import re
from typing import Any

from catan_site.catalog import I18N, flat_strings
from catan_web.analysis import do_island
from catan_web.faq import do_render

PLACEHOLDER = re.compile(r"^\{\{\s*catan_game\s*\}\}[ \t]*$", re.MULTILINE)
REVIEW = re.compile(r"^\{\{\s*catan_review\s*\}\}[ \t]*$", re.MULTILINE)
ANALYSIS = re.compile(r"^\{\{\s*catan_analysis\s*\}\}[ \t]*$", re.MULTILINE)
NOSCRIPT = {
    "en": "The game runs in your browser and needs JavaScript.",
    "fr": "La partie se joue dans votre navigateur et a besoin de JavaScript.",
    "es": "La partida se juega en tu navegador y necesita JavaScript.",
    "nl": "Het spel draait in je browser en heeft JavaScript nodig.",
}


def game_block(lang: str) -> str:
    """The HTML that replaces the placeholder."""
    notice = NOSCRIPT.get(lang, NOSCRIPT["en"])
    return (f'<div class="catan-game-page">\n'
            f'<div class="catan-game" data-catan-game data-catan-frontend="game" lang="{lang}">'
            f'<p class="catan-game__status">{notice}</p></div>\n'
            f'</div>')


def review_block(lang: str) -> str:
    """The HTML that replaces the review's placeholder."""
    notice = NOSCRIPT.get(lang, NOSCRIPT["en"])
    return (f'<div class="catan-review" data-catan-review data-catan-frontend="review" '
            f'lang="{lang}"><p class="catan-review__status">{notice}</p></div>')


def analysis_block(lang: str, title: str) -> str:
    """The analysis board: the empty beginner island (four colours, red to play) and its
    position, drawn by the engine; the page's script takes over from there."""
    position = do_island({"board": "beginner"})["position"]
    data = html.escape(json.dumps(position, separators=(",", ":")), quote=True)
    notice = NOSCRIPT.get(lang, NOSCRIPT["en"])
    return (f'<div class="catan-analysis" data-catan-analysis data-catan-frontend="analysis" '
            f'lang="{lang}" data-position="{data}">'
            f'<p class="catan-analysis__notice">{notice}</p>'
            f'<div class="catan-analysis__board">{do_render(position, {}, title)}</div></div>')


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """Render the ``{{ catan_game }}`` and ``{{ catan_review }}`` placeholders of a page."""
    lang = config.theme["language"]
    if PLACEHOLDER.search(markdown):
        block = game_block(lang)
        markdown = PLACEHOLDER.sub(lambda _: "\n" + block + "\n", markdown)
    if REVIEW.search(markdown):
        block = review_block(lang)
        markdown = REVIEW.sub(lambda _: "\n" + block + "\n", markdown)
    if ANALYSIS.search(markdown):
        title = flat_strings(I18N / "analysis.yml", lang)["an_board_label"]
        block = analysis_block(lang, title)
        markdown = ANALYSIS.sub(lambda _: "\n" + block + "\n", markdown)
    return markdown
