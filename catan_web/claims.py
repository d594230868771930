"""What a FAQ example says about its board, asked of the engine.

Each worked example of the FAQ (``examples/faq/<page>.yml``, see notes/fences.md) is a board and
the *claims* its answer makes about it; the build checks every claim here before drawing the
example (a claim the engine contradicts stops the build), and the reader's "Ask the engine"
button asks the same question in the browser (bridge ``claims.check``). A claim is a mapping
with one of the keys of :data:`CLAIM_KINDS`:

``spot`` (``settlement``, ``city``, ``road`` or ``robber``) with ``colour`` and ``place``
    Whether ``colour`` may put that piece there now: ``legal: true`` or ``refused: <code>`` (the
    code of the rule, ``distance_rule``, ``not_connected``...). The robber's place is a tile.
``act`` (an action, notes/engine-contract.md section 4)
    Whether the engine accepts it now: ``legal: true`` or ``refused: <code>``.
``roll`` (2 to 12) with ``pays``
    What that roll pays: ``{colour: {resource: n}}``; a colour not named receives nothing.
``longest_road`` (``{colour: length}``) and ``holder``
    Each named colour's longest road, and who holds Longest Road (``null``: nobody).
``largest_army`` (``{colour: knights}``) and ``holder``
    Knights played by each named colour, and who holds Largest Army.
``points`` (``{colour: n}``)
    Each named colour's victory points, Victory Point cards included.
``discards`` (``{colour: n}``)
    How many cards each named colour discards on a 7 (0: keeps them all).
``rates`` (``{colour: {resource: n}}``)
    The named colour's rate with the bank for each named resource (4, 3 or 2).
``hand`` (``{colour: {resource: n}}``)
    The resource cards each named colour holds, all of them (``{}``: none).
``winner`` (a colour, or ``null``)
    Who has won the game (``null``: nobody yet).

>>> game = Game.from_dict({"seats": ["red", "blue", "white"], "board": "beginner",
...     "turn": {"player": "blue", "phase": "main"},
...     "players": {"red": {"settlements": ["9.N"], "roads": ["9.NE"]},
...                 "blue": {"settlements": ["4.N"], "roads": ["4.NE"]}}})
>>> check_claim(game, {"spot": "settlement", "colour": "blue", "place": "4.S",
...                    "refused": "distance_rule"})["ok"]
True
>>> check_claim(game, {"roll": 6, "pays": {"blue": {"lumber": 1}}})["actual"]
{'blue': {'brick': 1}, 'red': {'brick': 1}}
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from catan_core import CatanError, Game, geometry

from .errors import bad_request

Claim = dict[str, Any]
SPOT_PIECES = ("settlement", "city", "road", "robber")


def _verdict(claim: Claim) -> Any:
    """``"legal"`` or the refusing code a yes/no claim expects."""
    if claim.get("legal") is True and "refused" not in claim:
        return "legal"
    if isinstance(claim.get("refused"), str) and "legal" not in claim:
        return claim["refused"]
    raise bad_request("a spot or act claim says 'legal: true' or 'refused: <code>'",
                      claim=claim)


def _colour(game: Game, claim: Claim, key: str = "colour") -> str:
    colour = claim.get(key)
    if colour not in game.seats:
        raise bad_request(f"{key} {colour!r} is not seated", seats=list(game.seats))
    return str(colour)


def _by_colour(game: Game, value: Any, what: str) -> dict[str, Any]:
    if not isinstance(value, dict) or not value or any(c not in game.seats for c in value):
        raise bad_request(f"{what} maps seated colours to values", seats=list(game.seats))
    return value


def _spot(game: Game, claim: Claim) -> tuple[Any, Any]:
    piece, place = claim["spot"], claim.get("place")
    if piece not in SPOT_PIECES:
        raise bad_request("spot is settlement, city, road or robber", allowed=SPOT_PIECES)
    if piece == "robber":
        report: Any = game.robber_spots()
        place = str(place)
    else:
        report = game.spots(piece, _colour(game, claim))
        place = place_name(piece, place)
    illegal = dict(report["illegal"])
    if place not in illegal and place not in [str(p) for p in report["legal"]]:
        raise bad_request(f"{place!r} is no place for a {piece}")
    return _verdict(claim), illegal.get(place, "legal")


def place_name(piece: str, place: Any) -> str:
    """The canonical name of a piece's place given any of its names (``9.N`` is ``4.SE``);
    a tile's number as a string."""
    try:
        if piece == "road":
            return geometry.edge_name(str(place))
        if piece == "robber":
            return str(int(place))
        return geometry.node_name(str(place))
    except (CatanError, ValueError):
        raise bad_request(f"{place!r} is no place for a {piece}") from None


def _act(game: Game, claim: Claim) -> tuple[Any, Any]:
    expected = _verdict(claim)
    trial = game.copy()
    try:
        trial.apply(claim["act"])
    except CatanError as exc:
        if exc.code in ("malformed_action", "unknown_action"):
            raise bad_request(f"the claimed action is not an action: {exc}") from None
        return expected, exc.code
    return expected, "legal"


def _roll(game: Game, claim: Claim) -> tuple[Any, Any]:
    total = claim["roll"]
    if not isinstance(total, int) or isinstance(total, bool) or not 2 <= total <= 12:
        raise bad_request("roll is a dice total from 2 to 12")
    pays = claim.get("pays")
    if not isinstance(pays, dict) or any(c not in game.seats for c in pays):
        raise bad_request("a roll claim says what it pays: {colour: {resource: n}}")
    gains = game.production(total)["gains"]
    actual = {c: {r: n for r, n in cards.items() if n} for c, cards in gains.items()}
    return ({c: cards for c, cards in pays.items() if cards},
            {c: cards for c, cards in actual.items() if cards})


def _award(name: str, counts: str) -> Callable[[Game, Claim], tuple[Any, Any]]:
    def check(game: Game, claim: Claim) -> tuple[Any, Any]:
        award = game.awards()[name]  # type: ignore[literal-required]
        claimed = _by_colour(game, claim[name], name)
        expected = {"counts": claimed, "holder": claim.get("holder")}
        actual = {"counts": {c: award[counts][c] for c in claimed}, "holder": award["holder"]}
        return expected, actual
    return check


def _points(game: Game, claim: Claim) -> tuple[Any, Any]:
    claimed = _by_colour(game, claim["points"], "points")
    return claimed, {c: game.victory_points(c) for c in claimed}


def _discards(game: Game, claim: Claim) -> tuple[Any, Any]:
    claimed = _by_colour(game, claim["discards"], "discards")
    owed = game.discards_owed() if game.phase == "discard" else game.seven_discards()
    return claimed, {c: owed.get(c, 0) for c in claimed}


def _rates(game: Game, claim: Claim) -> tuple[Any, Any]:
    claimed = _by_colour(game, claim["rates"], "rates")
    actual = {}
    for colour, rates in claimed.items():
        if not isinstance(rates, dict) or not rates:
            raise bad_request("rates maps a colour to {resource: rate}")
        have = game.maritime_rates(colour)
        actual[colour] = {r: have.get(r) for r in rates}
    return claimed, actual


def _hand(game: Game, claim: Claim) -> tuple[Any, Any]:
    claimed = _by_colour(game, claim["hand"], "hand")
    if not all(isinstance(cards, dict) for cards in claimed.values()):
        raise bad_request("hand maps a colour to {resource: n}")
    expected = {c: {r: n for r, n in cards.items() if n} for c, cards in claimed.items()}
    return expected, {c: {r: n for r, n in game.hand_of(c).items() if n} for c in claimed}


def _winner(game: Game, claim: Claim) -> tuple[Any, Any]:
    if claim["winner"] is not None:
        _colour(game, claim, "winner")
    return claim["winner"], game.winner


#: The kinds of claim, each the key that names it, with what it asks of the engine:
#: ``(expected, actual)`` for the claim and the game.
CLAIM_KINDS: dict[str, Callable[[Game, Claim], tuple[Any, Any]]] = {
    "spot": _spot,
    "act": _act,
    "roll": _roll,
    "longest_road": _award("longest_road", "lengths"),
    "largest_army": _award("largest_army", "knights"),
    "points": _points,
    "discards": _discards,
    "rates": _rates,
    "hand": _hand,
    "winner": _winner,
}


def kind_of(claim: Any) -> str:
    """The kind of a claim: its one key of :data:`CLAIM_KINDS`."""
    kinds = [k for k in CLAIM_KINDS if isinstance(claim, dict) and k in claim]
    if len(kinds) != 1:
        raise bad_request("a claim has exactly one of " + ", ".join(CLAIM_KINDS), claim=claim)
    return kinds[0]


def check_claim(game: Game, claim: Claim) -> dict[str, Any]:
    """``{kind, ok, expected, actual}``: does the engine say what the claim says?

    Raises ``bad_request`` (a :class:`CatanError`) for a claim that asks nothing sensible.
    """
    kind = kind_of(claim)
    expected, actual = CLAIM_KINDS[kind](game, claim)
    return {"kind": kind, "ok": expected == actual, "expected": expected, "actual": actual}


def do_check(position: dict[str, Any], claims: list[Claim]) -> list[dict[str, Any]]:
    """The browser's "Ask the engine": every claim of an example checked on its position."""
    game = Game.from_dict(position)
    if not isinstance(claims, list):
        raise bad_request("claims is a list")
    return [check_claim(game, claim) for claim in claims]


BRIDGE: dict[str, Callable[..., Any]] = {"check": do_check}
