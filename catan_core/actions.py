"""The actions ``Game.apply`` takes, as typed JSON objects, and the fields each may carry.

An action is a JSON object with a ``type`` and the ``player`` who makes it (the active player
when omitted, for the actions only they make). Each type has its own fields, listed here once:
the TypedDicts document them for readers and type checkers, and :data:`ACTION_FIELDS` is the
table a server checks what a client sends against.

Two fields force chance instead of leaving it to the game's generator: ``roll.dice`` and
``move_robber.card`` (:data:`CHANCE_FIELDS`). The FAQ's examples use them to show one outcome;
a table lets people send dice only when they roll real dice, and never a card to steal.

>>> sorted(ACTION_FIELDS["offer_trade"]), sorted(ACTION_FIELDS["roll"])
(['get', 'give'], [])
>>> ACTION_FIELDS.keys() == set(ACTION_TYPES)
True
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from .game import ACTION_TYPES

Cards = dict[str, int]


class PlaceSettlement(TypedDict):
    type: Literal["place_settlement"]
    player: NotRequired[str]
    node: str


class PlaceRoad(TypedDict):
    type: Literal["place_road"]
    player: NotRequired[str]
    edge: str


class Roll(TypedDict):
    type: Literal["roll"]
    player: NotRequired[str]
    dice: NotRequired[list[int]]


class Discard(TypedDict):
    type: Literal["discard"]
    player: str
    cards: Cards


class MoveRobber(TypedDict):
    type: Literal["move_robber"]
    player: NotRequired[str]
    tile: int
    victim: NotRequired[str | None]
    card: NotRequired[str]


class BuildRoad(TypedDict):
    type: Literal["build_road"]
    player: NotRequired[str]
    edge: str


class BuildSettlement(TypedDict):
    type: Literal["build_settlement"]
    player: NotRequired[str]
    node: str


class BuildCity(TypedDict):
    type: Literal["build_city"]
    player: NotRequired[str]
    node: str


class BuyDevCard(TypedDict):
    type: Literal["buy_dev_card"]
    player: NotRequired[str]


class PlayKnight(TypedDict):
    type: Literal["play_knight"]
    player: NotRequired[str]


class PlayRoadBuilding(TypedDict):
    type: Literal["play_road_building"]
    player: NotRequired[str]
    edges: list[str]


class PlayYearOfPlenty(TypedDict):
    type: Literal["play_year_of_plenty"]
    player: NotRequired[str]
    resources: list[str]


class PlayMonopoly(TypedDict):
    type: Literal["play_monopoly"]
    player: NotRequired[str]
    resource: str


class BankTrade(TypedDict):
    type: Literal["bank_trade"]
    player: NotRequired[str]
    give: Cards
    get: Cards


class OfferTrade(TypedDict):
    type: Literal["offer_trade"]
    player: NotRequired[str]
    give: Cards
    get: Cards


class AcceptTrade(TypedDict):
    type: Literal["accept_trade"]
    player: str


class RejectTrade(TypedDict):
    type: Literal["reject_trade"]
    player: str


class CounterTrade(TypedDict):
    """A counter-offer, from the answering player's side: what they give and get."""

    type: Literal["counter_trade"]
    player: str
    give: Cards
    get: Cards


class ConfirmTrade(TypedDict):
    type: Literal["confirm_trade"]
    player: NotRequired[str]
    with_: NotRequired[str]  # the JSON field is ``with`` (a Python keyword)


class CancelTrade(TypedDict):
    type: Literal["cancel_trade"]
    player: NotRequired[str]


class EndTurn(TypedDict):
    type: Literal["end_turn"]
    player: NotRequired[str]


ActionDoc = (PlaceSettlement | PlaceRoad | Roll | Discard | MoveRobber | BuildRoad
             | BuildSettlement | BuildCity | BuyDevCard | PlayKnight | PlayRoadBuilding
             | PlayYearOfPlenty | PlayMonopoly | BankTrade | OfferTrade | AcceptTrade
             | RejectTrade | CounterTrade | ConfirmTrade | CancelTrade | EndTurn)

_TYPES: tuple[type, ...] = (
    PlaceSettlement, PlaceRoad, Roll, Discard, MoveRobber, BuildRoad, BuildSettlement, BuildCity,
    BuyDevCard, PlayKnight, PlayRoadBuilding, PlayYearOfPlenty, PlayMonopoly, BankTrade,
    OfferTrade, AcceptTrade, RejectTrade, CounterTrade, ConfirmTrade, CancelTrade, EndTurn)

#: Fields that force an outcome of chance, by action type.
CHANCE_FIELDS: dict[str, frozenset[str]] = {"roll": frozenset({"dice"}),
                                            "move_robber": frozenset({"card"})}


def _table() -> dict[str, frozenset[str]]:
    out = {}
    for kind in _TYPES:
        hints = kind.__annotations__
        literal = str(hints["type"])  # "Literal['roll']" (annotations are strings here)
        name = literal.split("'")[1]
        fields = {f.rstrip("_") for f in hints} - {"type", "player"}
        out[name] = frozenset(fields) - CHANCE_FIELDS.get(name, frozenset())
    if set(out) != set(ACTION_TYPES):  # every action the engine applies has its type here
        raise AssertionError(f"actions without a TypedDict: {set(ACTION_TYPES) ^ set(out)}")
    return out


#: The fields besides ``type`` and ``player`` a person may put in each action type (chance
#: fields left out: :data:`CHANCE_FIELDS`).
ACTION_FIELDS: dict[str, frozenset[str]] = _table()

__all__ = ["ACTION_FIELDS", "CHANCE_FIELDS", "AcceptTrade", "ActionDoc", "BankTrade", "BuildCity",
           "BuildRoad", "BuildSettlement", "BuyDevCard", "CancelTrade", "ConfirmTrade",
           "CounterTrade", "Discard", "EndTurn", "MoveRobber", "OfferTrade", "PlaceRoad",
           "PlaceSettlement", "PlayKnight", "PlayMonopoly", "PlayRoadBuilding",
           "PlayYearOfPlenty", "RejectTrade", "Roll"]
