"""What each seat or a spectator may see: the position, the island during set-up, each event.

The engine writes a seat's view of the cards (:meth:`Game.to_dict` with ``view=``); around it
the table hides more in two modes of the Play page and the rooms: with **Fog** the terrains of
the island stay hidden until set-up ends, with **Terra Incognita** the numbers and harbours
too (the desert shows: the robber stands on it). And some events are private: the card a robber
takes, the development card bought, and, while the island is hidden, the cards a set-up
settlement yields. This module is the one home of those rules; the Play page, the rooms server
and the computer players ask it.

>>> from catan_core import Game
>>> game = Game.new(seats=["red", "blue", "white"], seed=1, board="beginner")
>>> hidden = masked(game, "terra")
>>> hidden
'terra'
>>> view = seat_view(game, None, "terra")
>>> sorted(set(view["board"]["tiles"])), view["board"]["ports"], view["players"]["red"]["hand"]
(['desert', 'hidden'], {}, {'hidden': 0})
>>> log_entry({"type": "stole", "player": "red", "victim": "blue", "card": "ore"})["who"]
['red', 'blue']
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, TypedDict

from .game import SPECTATOR, Game

Doc = dict[str, Any]

#: How much of the island a game shows during set-up (the Play page's and the rooms' setting).
VISIBILITIES = ("revealed", "fog", "terra")
SETUP_PHASES = ("setup_settlement", "setup_road")


class LogEntry(TypedDict, total=False):
    """An event as the table logs it: ``e`` its public form; ``full`` the whole event, which
    only the colours in ``who`` may see (absent when the event is public)."""

    e: Doc
    full: Doc
    who: list[str]


# -- the island ----------------------------------------------------------------------------

def masked(game: Game, visibility: str | None) -> str | None:
    """``"fog"`` or ``"terra"`` while set-up hides the island in that mode, else None."""
    if visibility in ("fog", "terra") and game.phase in SETUP_PHASES:
        return visibility
    return None


def _land(tiles: list[str]) -> list[int]:
    return [i for i, t in enumerate(tiles) if str(t).partition(" ")[0] != "desert"]


def mask_view(view: Doc, hidden: str) -> Doc:
    """``view`` with the island as ``hidden`` hides it: each land tile ``"hidden <number>"``
    (Fog) or ``"hidden"`` and no harbours (Terra Incognita)."""
    board = dict(view["board"])
    tiles = [str(t) for t in board["tiles"]]
    for i in _land(tiles):
        number = tiles[i].partition(" ")[2]
        tiles[i] = "hidden" if hidden == "terra" else f"hidden {number}".strip()
    board["tiles"] = tiles
    if hidden == "terra":
        board["ports"] = {}
    return {**view, "board": board}


def guessed_view(view: Doc, hidden: str, seed: int) -> Doc:
    """``view`` with the hidden island replaced by a guess, as a computer player needs a whole
    island to think: the unknown terrains (and, for Terra Incognita, numbers; no harbours)
    drawn at random from what the island holds. The desert stays; the draw is fixed by ``seed``.
    """
    board = dict(view["board"])
    tiles = list(board["tiles"])
    land = _land(tiles)
    rng = random.Random(seed)
    terrains = [tiles[i].split()[0] for i in land]
    numbers = [tiles[i].split()[1] for i in land]
    rng.shuffle(terrains)
    if hidden == "terra":
        rng.shuffle(numbers)
        board["ports"] = {}
    for i, terrain, number in zip(land, terrains, numbers, strict=True):
        tiles[i] = f"{terrain} {number}"
    board["tiles"] = tiles
    return {**view, "board": board}


def hidden_marks(game: Game, hidden: str | None) -> tuple[dict[str, list[int]], bool]:
    """How a board drawing shows the hidden island: the renderer's marks (``hidden_terrain``,
    ``hidden_number``) and whether the harbours are hidden too."""
    if not hidden:
        return {}, False
    land = [t["tile"] for t in game.tiles() if t["terrain"] != "desert"]
    marks = {"hidden_terrain": land}
    if hidden == "terra":
        marks["hidden_number"] = land
    return marks, hidden == "terra"


def seat_view(game: Game, colour: str | None, visibility: str | None) -> Doc:
    """The position as ``colour`` may see it (None: a spectator, public information only),
    with the island masked as ``visibility`` hides it now."""
    view = game.to_dict(view=colour if colour is not None else SPECTATOR)
    hidden = masked(game, visibility)
    return mask_view(view, hidden) if hidden else view


# -- events ------------------------------------------------------------------------------------

def log_entry(event: Doc, hidden: str | None = None) -> LogEntry:
    """An event for the log: its public form, and the full one for those who may see it
    (``hidden``: the island is hidden, so set-up's cards are counted, not named).

    >>> log_entry({"type": "stole", "player": "red", "victim": "blue", "card": "ore"})
    {'e': {'type': 'stole', 'player': 'red', 'victim': 'blue'}, 'full': {'type': 'stole', \
'player': 'red', 'victim': 'blue', 'card': 'ore'}, 'who': ['red', 'blue']}
    """
    kind = event["type"]
    if kind == "stole" and event.get("card"):
        public = {k: v for k, v in event.items() if k != "card"}
        return {"e": public, "full": event, "who": [event["player"], event["victim"]]}
    if kind == "bought_dev_card":
        public = {k: v for k, v in event.items() if k != "card"}
        return {"e": public, "full": event, "who": [event["player"]]}
    if kind == "received" and hidden:
        public = {"type": "received", "player": event["player"],
                  "count": sum(event["cards"].values())}
        return {"e": public, "full": event, "who": [event["player"]]}
    return {"e": event}


def event_for(entry: Mapping[str, Any], colour: str | None) -> Doc:
    """The form of a logged event that ``colour`` (None: a spectator) may see.

    >>> entry = log_entry({"type": "bought_dev_card", "player": "red", "card": "monopoly"})
    >>> event_for(entry, "red")["card"], "card" in event_for(entry, "blue")
    ('monopoly', False)
    """
    if "full" in entry and colour is not None and colour in entry.get("who", ()):
        return dict(entry["full"])
    return dict(entry["e"])


__all__ = ["SETUP_PHASES", "VISIBILITIES", "LogEntry", "event_for", "guessed_view",
           "hidden_marks", "log_entry", "mask_view", "masked", "seat_view"]
