"""MkDocs hook: replace a line ``{{ catan_game }}`` with the game of the Play page.

The page gets the game's root element with a no-JavaScript notice; the root is marked
``data-catan-frontend="game"``, so the one front-end injector (:mod:`catan_site.frontend`)
gives the page its catalog (the game's words of ``i18n/game.yml``, the glossary, the engine's
messages with their FAQ links), the style sheets and ``frontend/game.js``, which mounts the game.

>>> "data-catan-frontend" in game_block("fr")
True
"""

from __future__ import annotations

import re
from typing import Any

PLACEHOLDER = re.compile(r"^\{\{\s*catan_game\s*\}\}[ \t]*$", re.MULTILINE)
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


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """Render the ``{{ catan_game }}`` placeholder, if the page has one."""
    if not PLACEHOLDER.search(markdown):
        return markdown
    block = game_block(config.theme["language"])
    return PLACEHOLDER.sub(lambda _: "\n" + block + "\n", markdown)
