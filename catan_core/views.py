"""What each seat or a spectator may see: the position, the island during set-up, each event.

The engine writes a seat's view of the cards (:meth:`Game.to_dict` with ``view=``); around it
the table hides more in two modes of the Play page and the rooms: with **Fog** the terrains of
the island stay hidden until set-up ends (the desert and its robber show: the numbers, shown,
tell where it is anyway), with **Terra Incognita** everything (terrains, the desert and the
robber, numbers, harbours: ``docs/en/rules/variants.md#map-visibility``). And some events
are private: the card a robber takes, the development card bought, and, while the island is
hidden, the cards a set-up settlement yields. This module is the one home of those rules;
the Play page, the rooms server and the computer players ask it.

>>> from catan_core import Game
>>> game = Game.new(seats=["red", "blue", "white"], seed=1, board="beginner")
>>> hidden = masked(game, "terra")
>>> hidden
'terra'
>>> view = seat_view(game, None, "terra")
>>> sorted(set(view["board"]["tiles"])), view["board"]["ports"], view["board"]["robber"]
(['hidden'], {}, None)
>>> sorted(set(seat_view(game, None, "fog")["board"]["tiles"]))[:2]
['desert', 'hidden 10']
>>> log_entry({"type": "stole", "player": "red", "victim": "blue", "card": "ore"})["who"]
['red', 'blue']
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, TypedDict

from .constants import SPIRAL_NUMBERS, TERRAIN_COUNTS
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
    """``view`` with the island as ``hidden`` hides it: each land tile but the desert
    ``"hidden <number>"`` (Fog), or every tile ``"hidden"``, no robber (``None``) and no
    harbours (Terra Incognita)."""
    board = dict(view["board"])
    tiles = [str(t) for t in board["tiles"]]
    if hidden == "terra":
        return {**view, "board": {**board, "tiles": ["hidden"] * len(tiles), "robber": None,
                                  "ports": {}}}
    for i in _land(tiles):
        tiles[i] = f"hidden {tiles[i].partition(' ')[2]}".strip()
    board["tiles"] = tiles
    return {**view, "board": board}


def hidden_in(view: Doc) -> str | None:
    """How ``view``'s island is masked (:func:`mask_view`): ``"terra"``, ``"fog"`` or None.

    >>> view = Game.new(seats=["red", "blue", "white"], seed=1).to_dict()
    >>> hidden_in(view), hidden_in(mask_view(view, "fog")), hidden_in(mask_view(view, "terra"))
    (None, 'fog', 'terra')
    """
    tiles = [str(t) for t in view["board"].get("tiles", [])]
    if tiles and all(t == "hidden" for t in tiles):
        return "terra"
    return "fog" if any(t.startswith("hidden") for t in tiles) else None


def guessed_view(view: Doc, hidden: str, seed: int) -> Doc:
    """``view`` with the hidden island replaced by a guess, as a computer player needs a whole
    island to think: the unknown terrains drawn at random from what the island holds, the
    draw fixed by ``seed``. With Fog the desert stays (the numbers show it); with Terra
    Incognita the desert, the numbers and the robber on the desert are guessed too, and there
    are no harbours.
    """
    if hidden == "terra":
        return _guessed_terra(view, seed)
    board = dict(view["board"])
    tiles = list(board["tiles"])
    land = _land(tiles)
    rng = random.Random(seed)
    terrains = [tiles[i].split()[0] for i in land]
    if "hidden" in terrains:  # a view already masked (a shared review): the island's terrains
        terrains = [t for t in _island() if t != "desert"][:len(land)]
    numbers = [tiles[i].split()[1] for i in land]
    rng.shuffle(terrains)
    for i, terrain, number in zip(land, terrains, numbers, strict=True):
        tiles[i] = f"{terrain} {number}"
    board["tiles"] = tiles
    return {**view, "board": board}


def _island() -> list[str]:
    """The terrains of the base game's island, each as often as it has tiles."""
    return [t for t, n in TERRAIN_COUNTS.items() for _ in range(n)]


def _guessed_terra(view: Doc, seed: int) -> Doc:
    """Terra Incognita's guess: the terrains (the desert among them) and the numbers of the
    island shuffled apart, the robber on the guessed desert, no harbours."""
    tiles = [str(t) for t in view["board"]["tiles"]]
    rng = random.Random(seed)
    terrains = [t.partition(" ")[0] for t in tiles]
    numbers = [tiles[i].partition(" ")[2] for i in _land(tiles)]
    if "hidden" in terrains:  # a view already masked (a shared review): the island's tiles
        terrains, numbers = _island(), [str(n) for n in SPIRAL_NUMBERS]
    rng.shuffle(terrains)
    rng.shuffle(numbers)
    guess = []
    for terrain in terrains:
        guess.append(terrain if terrain == "desert" else f"{terrain} {numbers.pop()}")
    robber = guess.index("desert") if "desert" in guess else -1
    return {**view, "board": {**view["board"], "tiles": guess, "robber": robber, "ports": {}}}


def hidden_marks(game: Game, hidden: str | None) -> tuple[dict[str, list[int]], bool]:
    """How a board drawing shows the hidden island: the renderer's marks (``hidden_terrain``,
    ``hidden_number``; :func:`catan_core.svg.render` draws no robber on a hidden terrain) and
    whether the harbours are hidden too. Terra Incognita hides the desert as well."""
    if not hidden:
        return {}, False
    tiles = [t["tile"] for t in game.tiles() if hidden == "terra" or t["terrain"] != "desert"]
    marks = {"hidden_terrain": tiles}
    if hidden == "terra":
        marks["hidden_number"] = tiles
    return marks, hidden == "terra"


def robber_shown(game: Game, hidden: str | None) -> int | None:
    """The robber's tile as a drawing or a page may name it: None while Terra Incognita hides
    the desert it stands on."""
    return None if hidden == "terra" else game.robber


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
           "hidden_in", "hidden_marks", "log_entry", "mask_view", "masked", "robber_shown",
           "seat_view"]
