"""The analysis board's bridge: edit a position, and ask the engine about it.

The page holds a ``catan-position/1`` document; every edit comes here, is made on the document
and read back through ``Game.from_dict``, so the engine judges the result: the answer is the new
position, or ``{error}`` with the engine's refusal (``invalid_position`` and the rule broken in
``details.reason``, see notes/engine-contract.md section 5). Python keeps no state.

>>> board = do_new_game({"seats": ["red", "blue", "white"], "board": "beginner"})
>>> do_edit(board, {"op": "place", "colour": "red", "piece": "settlement", "place": "0.N"}
...         )["error"]["details"]["reason"]  # in set-up it is blue's turn after red's first
'setup_order'
>>> start = do_edit(board, {"op": "turn", "player": "red", "phase": "roll"})["position"]
>>> one = do_edit(start, {"op": "place", "colour": "red", "piece": "settlement", "place": "0.N"})
>>> one["position"]["players"]["red"]["settlements"]
['0.N']
>>> two = do_edit(one["position"], {"op": "place", "colour": "blue", "piece": "settlement",
...                                  "place": "0.NE"})
>>> two["error"]["details"]["reason"]
'distance_rule'
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from catan_core import CatanError, Game, share

from .errors import bad_request, refusal
from .faq import do_analyse, do_legal_actions, do_new_game

Doc = dict[str, Any]
PIECES = {"settlement": "settlements", "city": "cities", "road": "roads"}


def _player(doc: Doc, colour: Any) -> Doc:
    if colour not in doc.get("seats", []):
        raise bad_request(f"no seat {colour!r}", seats=doc.get("seats"))
    entry: Doc = doc.setdefault("players", {}).setdefault(colour, {})
    return entry


def _place(doc: Doc, edit: Doc) -> None:
    key = PIECES.get(edit.get("piece", ""))
    if key is None:
        raise bad_request("piece is settlement, city or road", allowed=sorted(PIECES))
    pieces = _player(doc, edit.get("colour")).setdefault(key, [])
    if edit["op"] == "place":
        if edit.get("piece") == "city":  # a city stands where its settlement was
            town = _player(doc, edit["colour"]).get("settlements", [])
            if edit.get("place") in town:
                town.remove(edit["place"])
        pieces.append(edit.get("place"))
    elif edit.get("place") in pieces:
        pieces.remove(edit["place"])


def _dev_cards(entry: Doc) -> list[str]:
    return [*entry.get("dev_cards", []), *entry.get("new_dev_cards", []),
            *["knight"] * int(entry.get("knights_played", 0))]


def _hand(doc: Doc, edit: Doc) -> None:
    """A colour's cards; development cards given (or played Knights) come out of the deck and
    those taken away go back under it, so the deck and the hands still make one set of 25."""
    doc["deck"] = Game.from_dict(doc).to_dict()["deck"]  # the deck written out
    entry = _player(doc, edit.get("colour"))
    before = _dev_cards(entry)
    for field in ("hand", "dev_cards", "new_dev_cards", "knights_played"):
        if field in edit:
            entry[field] = edit[field]
    after = _dev_cards(entry)
    for card in before:
        if card in after:
            after.remove(card)
        else:
            doc["deck"].append(card)
    for card in after:
        if card in doc["deck"]:
            doc["deck"].remove(card)


def _robber(doc: Doc, edit: Doc) -> None:
    doc["board"] = Game.from_dict(doc).to_dict()["board"]  # the tiles written out
    doc["board"]["robber"] = edit.get("tile")


def _turn(doc: Doc, edit: Doc) -> None:
    """Whose turn and which phase; a discard phase without ``pending`` owes what a 7 rolled
    now asks of each hand (the engine's count)."""
    pending = dict(edit.get("pending") or {})
    if edit.get("phase") == "discard" and not pending:
        owed = Game.from_dict(doc).seven_discards()
        pending = {"discard": {c: n for c, n in owed.items() if n}}
    doc.setdefault("turn", {}).update({k: edit[k] for k in ("player", "phase") if k in edit})
    doc["pending"] = pending


def _tile(doc: Doc, edit: Doc) -> None:
    """A land tile's terrain and number (``"hills 6"``; a desert has no number)."""
    doc["board"] = Game.from_dict(doc).to_dict()["board"]
    tile, terrain, number = edit.get("tile"), edit.get("terrain"), edit.get("number")
    tiles = len(doc["board"]["tiles"])
    if not isinstance(tile, int) or isinstance(tile, bool) or not 0 <= tile < tiles:
        raise bad_request("tile is a land tile's number", allowed=[0, 18])
    doc["board"]["tiles"][tile] = (str(terrain) if number is None
                                   else f"{terrain} {number}")


def _port(doc: Doc, edit: Doc) -> None:
    """A harbour on a coast side (``kind``: ``3:1`` or a resource), or none (``kind: null``)."""
    doc["board"] = Game.from_dict(doc).to_dict()["board"]
    ports, edge = doc["board"].setdefault("ports", {}), str(edit.get("edge"))
    ports.pop(edge, None)
    if edit.get("kind") is not None:
        ports[edge] = edit["kind"]


def _seats(doc: Doc, edit: Doc) -> None:
    """Who sits at the table (3 or 4 colours, in turn order); a colour leaving takes its
    pieces and cards with it, and its development cards go back under the deck."""
    seats = edit.get("seats")
    if not isinstance(seats, list) or not all(isinstance(c, str) for c in seats):
        raise bad_request("seats is a list of colours")
    for colour in [c for c in doc.get("seats", []) if c not in seats]:
        if doc.get("players", {}).get(colour):
            _hand(doc, {"colour": colour, "dev_cards": [], "new_dev_cards": [],
                        "knights_played": 0})
        doc.get("players", {}).pop(colour, None)
    doc["seats"] = list(seats)
    if doc.get("turn", {}).get("player") not in seats and seats:
        doc["turn"]["player"] = seats[0]
    for award in ("longest_road", "largest_army"):
        if doc.get(award) not in seats:
            doc[award] = None


EDITS: dict[str, Callable[[Doc, Doc], None]] = {
    "place": _place, "remove": _place, "hand": _hand, "robber": _robber, "turn": _turn,
    "tile": _tile, "port": _port, "seats": _seats,
}


def do_edit(position: Doc, edit: Doc) -> Doc:
    """``{position}`` after ``edit``, or ``{error}``: the engine's reason the result is no
    position the rules allow. ``edit["op"]``: ``place``/``remove`` (``colour``, ``piece``,
    ``place``), ``hand`` (``colour`` and any of ``hand``, ``dev_cards``, ``new_dev_cards``,
    ``knights_played``), ``robber`` (``tile``), ``turn`` (``player``, ``phase``, ``pending``),
    ``tile`` (``tile``, ``terrain``, ``number``), ``port`` (``edge``, ``kind`` or None),
    ``seats`` (``seats``: the colours in turn order)."""
    change = EDITS.get(edit.get("op", "")) if isinstance(edit, dict) else None
    if change is None:
        raise bad_request("unknown edit", allowed=sorted(EDITS))
    doc = copy.deepcopy(position)
    try:
        change(doc, edit)
        return {"position": Game.from_dict(doc).to_dict()}
    except CatanError as exc:
        if exc.code == "bad_request":
            raise
        return refusal(exc)


def do_island(options: Doc) -> Doc:
    """``{position}``: an empty board to analyse, red to play its main phase: the beginner
    island (``board: "beginner"``) or a random one from ``seed``, for ``seats``."""
    seats = options.get("seats") or ["red", "blue", "white", "orange"]
    board = "beginner" if options.get("board") == "beginner" else "standard"
    seed = options.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**31:
        raise bad_request("seed is a whole number from 0 to 2147483647")
    try:
        doc = Game.new(seats, seed=seed, board=board).to_dict()
    except CatanError as exc:
        return refusal(exc)
    doc["turn"] = {"player": doc["seats"][0], "number": 1, "phase": "main",
                   "dev_card_played": False}
    return {"position": Game.from_dict(doc).to_dict()}


def do_from_view(view: Doc) -> Doc:
    """``{position}`` of what one seat saw (the Play page's shared view): the cards it could
    not see are left out (hands and development cards it saw only as counts are empty, those
    development cards back in the deck), so the board keeps no guess."""
    doc = copy.deepcopy(view)
    for entry in doc.get("players", {}).values():
        for field in ("hand", "dev_cards", "new_dev_cards"):
            if isinstance(entry.get(field), dict) and "hidden" in entry[field]:
                entry[field] = {} if field == "hand" else []
    doc.pop("deck", None)  # the cards nobody holds (Game.from_dict)
    try:
        return {"position": Game.from_dict(doc).to_dict()}
    except CatanError as exc:
        return refusal(exc)


def do_share(position: Doc) -> str:
    """The share code of a position (``catan_core.share``): the page's link is ``#p=<code>``."""
    return share.encode(Game.from_dict(position))


def do_open(code: str) -> Doc:
    """``{position}`` of a share code, or ``{error}`` (``invalid_share_code`` by reason)."""
    try:
        return {"position": share.decode(code).to_dict()}
    except CatanError as exc:
        return refusal(exc)


def do_rolls(position: Doc) -> list[Doc]:
    """What each roll from 2 to 12 pays now, to whom, the bank shortage rule applied."""
    game = Game.from_dict(position)
    return [dict(game.production(total)) for total in range(2, 13)]


def do_standings(position: Doc) -> Doc:
    """The two awards (each colour's longest road with its path, Knights played, holders) and
    each colour's points."""
    game = Game.from_dict(position)
    return {"awards": dict(game.awards()),
            "points": {colour: dict(game.points(colour)) for colour in game.seats}}


BRIDGE: dict[str, Callable[..., Any]] = {
    "new_game": do_new_game, "island": do_island, "from_view": do_from_view, "edit": do_edit,
    "share": do_share, "open": do_open,
    "rolls": do_rolls, "standings": do_standings,
    # a place's question (settlement_spots, road_spots, robber_spots: each other place with the
    # code of the rule refusing it) and the legal actions now: the FAQ widgets' answers, reused
    "ask": do_analyse, "legal_actions": do_legal_actions,
}
