"""Building: costs, pieces in stock, where roads, settlements and cities may go."""

from __future__ import annotations

from typing import Any

import pytest
from engine_helpers import RESOURCES, bank, hand, legal_of_type, load, refuse
from island_model import EDGES, NODES

from catan_core import Game, IllegalAction

COSTS = {
    "build_road": {"brick": 1, "lumber": 1},
    "build_settlement": {"brick": 1, "lumber": 1, "wool": 1, "grain": 1},
    "build_city": {"grain": 2, "ore": 3},
    "buy_dev_card": {"wool": 1, "grain": 1, "ore": 1},
}
# Red: settlement 0.NE with roads 0.E and 0.SE (to 0.S); blue: settlement 4.S.
TARGETS = {"build_road": {"edge": "0.SW"}, "build_settlement": {"node": "0.S"},
           "build_city": {"node": "0.NE"}, "buy_dev_card": {}}


def _players(red_hand: dict[str, int], **red: Any) -> dict[str, Any]:
    players: dict[str, Any] = {
        "red": {"settlements": ["0.NE"], "roads": ["0.E", "0.SE"], "hand": red_hand},
        "blue": {"settlements": ["4.S"], "roads": ["4.SW"], "hand": {"wool": 1}},
        "white": {"settlements": ["11.SE"], "roads": ["11.E"]},
    }
    players["red"].update(red)
    return players


@pytest.mark.parametrize("kind", list(COSTS))
def test_costs_are_paid_to_the_bank(kind: str) -> None:
    cost = COSTS[kind]
    game = load(_players({**cost, "ore": cost.get("ore", 0) + 1}), deck=["knight"])
    before = bank(game)
    game.apply({"type": kind, **TARGETS[kind]})
    assert hand(game, "red") == {"ore": 1}
    after = bank(game)
    assert {r: after[r] - before[r] for r in RESOURCES if after[r] != before[r]} == cost


@pytest.mark.parametrize(("kind", "missing"),
                         [(k, r) for k, cost in COSTS.items() for r in cost])
def test_insufficient_resources(kind: str, missing: str) -> None:
    cards = dict(COSTS[kind])
    cards[missing] -= 1
    game = load(_players(cards), deck=["knight"])
    refuse(game, {"type": kind, **TARGETS[kind]}, "insufficient_resources")


def test_settlement_and_city_points() -> None:
    game = load(_players({"brick": 1, "lumber": 1, "wool": 1, "grain": 3, "ore": 3}))
    assert game.victory_points("red") == 1
    game.apply({"type": "build_settlement", "node": "0.S"})
    assert game.victory_points("red") == 2
    game.apply({"type": "build_city", "node": "0.S"})
    assert game.victory_points("red") == 3
    doc = game.to_dict()["players"]["red"]
    assert doc["settlements"] == ["0.NE"] and doc["cities"] == ["0.S"]


COAST15 = ["0.NW", "0.NE", "1.NW", "1.NE", "2.NW", "2.NE", "2.E", "6.NE", "6.E", "11.NE",
           "11.E", "11.SE", "15.E", "15.SE", "18.E"]


def test_no_pieces_left_roads_after_15() -> None:
    players = {"red": {"settlements": ["9.S"], "roads": COAST15,
                       "hand": {"brick": 2, "lumber": 2}}}
    game = load(players, longest_road="red")
    assert game.longest_road_length("red") == 15
    refuse(game, {"type": "build_road", "edge": "9.SE"}, "no_pieces_left")
    assert legal_of_type(game, "build_road") == []


def test_no_pieces_left_settlements_after_5() -> None:
    players = {"red": {"settlements": ["0.N", "2.NE", "7.NW", "11.SE", "16.S"],
                       "roads": ["16.SE", "17.SW"],
                       "hand": {"brick": 1, "lumber": 1, "wool": 1, "grain": 3, "ore": 3}}}
    game = load(players)
    refuse(game, {"type": "build_settlement", "node": "17.S"}, "no_pieces_left")
    assert legal_of_type(game, "build_settlement") == []
    # A city returns its settlement to the stock: the settlement can then be built.
    game.apply({"type": "build_city", "node": "0.N"})
    game.apply({"type": "build_settlement", "node": "17.S"})
    doc = game.to_dict()["players"]["red"]
    assert doc["cities"] == ["0.N"]
    assert len(doc["settlements"]) == 5
    assert game.victory_points("red") == 7


def test_no_pieces_left_cities_after_4() -> None:
    players = {"red": {"cities": ["0.N", "2.NE", "7.NW", "11.SE"], "settlements": ["16.S"],
                       "roads": ["16.SE"], "hand": {"grain": 2, "ore": 3}}}
    game = load(players)
    refuse(game, {"type": "build_city", "node": "16.S"}, "no_pieces_left")
    assert legal_of_type(game, "build_city") == []


def test_city_returns_the_settlement_to_stock_repeatedly() -> None:
    players = {"red": {"settlements": ["0.N", "2.NE", "7.NW", "11.SE", "16.S"],
                       "roads": ["16.SE", "17.SW", "0.NW", "0.W", "3.NW"],
                       "hand": {"brick": 2, "lumber": 2, "wool": 2, "grain": 6, "ore": 6}}}
    game = load(players)
    game.apply({"type": "build_city", "node": "0.N"})
    game.apply({"type": "build_city", "node": "2.NE"})
    game.apply({"type": "build_settlement", "node": "17.S"})
    game.apply({"type": "build_settlement", "node": "3.NW"})
    assert game.victory_points("red") == 9


def test_city_only_on_your_own_settlement() -> None:
    players = _players({"grain": 2, "ore": 3}, cities=["2.NE"])
    game = load(players)
    refuse(game, {"type": "build_city", "node": "4.S"}, "not_your_settlement")  # blue's
    refuse(game, {"type": "build_city", "node": "18.S"}, "not_your_settlement")  # empty
    refuse(game, {"type": "build_city", "node": "2.NE"}, "not_your_settlement")  # a city
    game.apply({"type": "build_city", "node": "1.NW"})  # an alias of 0.NE
    assert game.to_dict()["players"]["red"]["cities"] == ["0.NE", "2.NE"]


def test_occupied() -> None:
    game = load(_players({"brick": 2, "lumber": 2, "wool": 1, "grain": 1}))
    refuse(game, {"type": "build_settlement", "node": "0.NE"}, "occupied")
    refuse(game, {"type": "build_settlement", "node": "4.S"}, "occupied")
    refuse(game, {"type": "build_road", "edge": "0.E"}, "occupied")
    refuse(game, {"type": "build_road", "edge": "1.W"}, "occupied")  # alias of 0.E
    refuse(game, {"type": "build_road", "edge": "4.SW"}, "occupied")  # blue's road


def test_distance_rule_in_the_main_phase() -> None:
    players = _players({"brick": 2, "lumber": 2, "wool": 1, "grain": 1})
    players["red"]["roads"] = ["0.E", "0.SE", "3.E"]
    game = load(players)
    refuse(game, {"type": "build_settlement", "node": "0.SE"}, "distance_rule")  # next to 0.NE
    refuse(game, {"type": "build_settlement", "node": "3.SE"}, "distance_rule")  # next to 4.S
    game.apply({"type": "build_settlement", "node": "0.S"})


def test_not_connected() -> None:
    game = load(_players({"brick": 2, "lumber": 2, "wool": 2, "grain": 2}))
    refuse(game, {"type": "build_settlement", "node": "18.S"}, "not_connected")
    refuse(game, {"type": "build_settlement", "node": "3.SW"}, "not_connected")
    refuse(game, {"type": "build_road", "edge": "18.SE"}, "not_connected")
    refuse(game, {"type": "build_road", "edge": "3.SE"}, "not_connected")  # touches blue's road
    refuse(game, {"type": "build_settlement", "node": "3.S"}, "not_connected")  # blue's road end


def test_road_cannot_pass_through_an_opponents_settlement() -> None:
    players = _players({"brick": 3, "lumber": 3})
    players["blue"] = {"settlements": ["0.S"], "hand": {"wool": 1}}
    game = load(players)
    refuse(game, {"type": "build_road", "edge": "0.SW"}, "not_connected")
    refuse(game, {"type": "build_road", "edge": "3.E"}, "not_connected")
    assert {a["edge"] for a in legal_of_type(game, "build_road")} == {"0.NE", "1.NW", "1.SW"}
    game.apply({"type": "build_road", "edge": "1.SW"})  # from 0.SE, an empty corner


def test_road_may_continue_past_an_opponents_road_and_through_own_settlement() -> None:
    players = _players({"brick": 3, "lumber": 3})
    players["blue"] = {"roads": ["0.SW"], "hand": {"wool": 1}}  # meets red's road at 0.S
    game = load(players)
    game.apply({"type": "build_road", "edge": "3.E"})  # from 0.S, past blue's roads
    game.apply({"type": "build_road", "edge": "0.NE"})  # through red's settlement 0.NE
    assert game.longest_road_length("red") == 4


def test_building_is_for_the_active_player_in_the_main_phase() -> None:
    game = load(_players({"brick": 1, "lumber": 1}))
    refuse(game, {"type": "build_road", "edge": "0.SW", "player": "blue"}, "not_your_turn")
    game = load(_players({"brick": 1, "lumber": 1}), phase="roll")
    refuse(game, {"type": "build_road", "edge": "0.SW"}, "wrong_phase")
    refuse(game, {"type": "buy_dev_card"}, "wrong_phase")


@pytest.mark.parametrize("place", ["19.N", "0", 5, None, ["0.S"], "0.S.W"])
def test_unknown_places_are_refused(place: object) -> None:
    game = load(_players({"brick": 2, "lumber": 2, "wool": 1, "grain": 3, "ore": 3}))
    refuse(game, {"type": "build_settlement", "node": place}, "unknown_place")
    refuse(game, {"type": "build_city", "node": place}, "unknown_place")
    refuse(game, {"type": "build_road", "edge": place}, "unknown_place")
    refuse(game, {"type": "build_road"}, "unknown_place")


def _accepted(doc: dict[str, Any], action: dict[str, Any]) -> bool:
    try:
        Game.from_dict(doc).apply(action)
    except IllegalAction:
        return False
    return True


@pytest.mark.parametrize("blue", [{"settlements": ["0.S"]}, {"roads": ["0.SW"]},
                                  {"settlements": ["4.S"], "roads": ["4.SW", "3.E"]}])
def test_legal_builds_are_exactly_the_accepted_ones(blue: dict[str, Any]) -> None:
    players = _players({"brick": 5, "lumber": 5, "wool": 5, "grain": 5, "ore": 5},
                       roads=["0.E", "0.SE", "1.SW", "4.E"], settlements=["0.NE", "5.S"])
    players["blue"] = blue
    game = load(players)
    doc = game.to_dict()
    legal = game.legal_actions()
    for kind, field, places in (("build_road", "edge", EDGES),
                                ("build_settlement", "node", NODES),
                                ("build_city", "node", NODES)):
        listed = {a[field] for a in legal if a["type"] == kind}
        accepted = {p for p in places if _accepted(doc, {"type": kind, field: p})}
        assert listed == accepted, kind
