"""Set-up: snake order, the set-up road, starting resources, distance rule, harbours."""

from __future__ import annotations

import pytest
from engine_helpers import SEATS3, SEATS4, bank, hand, legal_of_type, load, phase, refuse, turn

from catan_core import Game

# Spots far enough apart for eight set-up settlements on the beginner island.
SPOTS = ["0.N", "2.NE", "7.NW", "11.SE", "16.S", "18.S", "9.S", "4.SE"]


def _new(seats: list[str]) -> Game:
    return Game.new(seats=seats, seed=11, board="beginner")


@pytest.mark.parametrize(("seats", "order"), [
    (SEATS3, ["red", "blue", "white", "white", "blue", "red"]),
    (SEATS4, ["red", "blue", "white", "orange", "orange", "white", "blue", "red"]),
    (["white", "orange", "red"], ["white", "orange", "red", "red", "orange", "white"]),
])
def test_setup_goes_in_snake_order_then_first_seat_rolls(seats: list[str],
                                                         order: list[str]) -> None:
    game = _new(seats)
    seen = []
    for node in SPOTS[:len(order)]:
        t = turn(game)
        assert (t["phase"], t["number"]) == ("setup_settlement", 0)
        assert {a["player"] for a in game.legal_actions()} == {t["player"]}
        seen.append(t["player"])
        game.apply({"type": "place_settlement", "node": node})
        assert turn(game)["player"] == seen[-1]
        assert phase(game) == "setup_road"
        road = legal_of_type(game, "place_road")[0]
        assert road["player"] == seen[-1]
        game.apply(road)
    assert seen == order
    t = turn(game)
    assert (t["player"], t["number"], t["phase"]) == (seats[0], 1, "roll")
    assert game.legal_actions()[0] == {"type": "roll", "player": seats[0]}


def test_new_game_starts_in_setup_settlement_for_the_first_seat() -> None:
    game = Game.new(seed=2)
    doc = game.to_dict()
    assert doc["seats"] == SEATS4
    assert doc["turn"]["player"] == "red" and doc["turn"]["phase"] == "setup_settlement"
    assert all(not p["settlements"] and not p["roads"] and not p["hand"]
               for p in doc["players"].values())
    assert doc["winner"] is None and doc["longest_road"] is None and doc["largest_army"] is None


def test_only_the_player_in_turn_places() -> None:
    game = _new(SEATS3)
    refuse(game, {"type": "place_settlement", "node": "0.N", "player": "blue"}, "not_your_turn")
    refuse(game, {"type": "place_settlement", "node": "0.N", "player": "orange"},
           "not_your_turn")
    game.apply({"type": "place_settlement", "node": "0.N", "player": "red"})
    refuse(game, {"type": "place_road", "edge": "0.NW", "player": "blue"}, "not_your_turn")


def test_setup_actions_in_the_wrong_step_are_wrong_phase() -> None:
    game = _new(SEATS3)
    for action in ({"type": "place_road", "edge": "0.NW"}, {"type": "roll", "dice": [3, 4]},
                   {"type": "build_settlement", "node": "0.N"}, {"type": "end_turn"},
                   {"type": "buy_dev_card"}, {"type": "move_robber", "tile": 0}):
        refuse(game, action, "wrong_phase")
    game.apply({"type": "place_settlement", "node": "0.N"})
    refuse(game, {"type": "place_settlement", "node": "18.S"}, "wrong_phase")
    refuse(game, {"type": "build_road", "edge": "0.NW"}, "wrong_phase")


def test_setup_road_must_touch_the_settlement_just_placed() -> None:
    game = _new(SEATS3)
    game.apply({"type": "place_settlement", "node": "4.SE"})
    refuse(game, {"type": "place_road", "edge": "0.E"}, "setup_road_not_at_settlement")
    # one node away
    refuse(game, {"type": "place_road", "edge": "9.E"}, "setup_road_not_at_settlement")
    assert {a["edge"] for a in game.legal_actions()} == {"4.E", "4.SE", "5.SW"}
    game.apply({"type": "place_road", "edge": "9.NE"})  # an alias of 5.SW
    assert game.to_dict()["players"]["red"]["roads"] == ["5.SW"]


def _last_setup_position() -> dict:
    # Five settlements placed: red (one), blue and white (two each); red places the last.
    return {
        "red": {"settlements": ["0.N"], "roads": ["0.NW"]},
        "blue": {"settlements": ["2.NE", "11.SE"], "roads": ["2.E", "11.E"],
                 "hand": {"lumber": 1, "ore": 1}},
        "white": {"settlements": ["7.NW", "16.S"], "roads": ["7.W", "16.SW"],
                  "hand": {"brick": 1, "grain": 1}},
    }


def test_second_round_road_must_touch_the_second_settlement_not_the_first() -> None:
    game = load(_last_setup_position(), phase="setup_settlement", number=0)
    game.apply({"type": "place_settlement", "node": "8.S"})
    # touches 0.N
    refuse(game, {"type": "place_road", "edge": "0.NE"}, "setup_road_not_at_settlement")
    assert {a["edge"] for a in game.legal_actions()} == {"8.SE", "8.SW", "12.E"}
    events = game.apply({"type": "place_road", "edge": "12.E"})
    assert "turn_started" in [e["type"] for e in events]
    t = turn(game)
    assert (t["player"], t["number"], t["phase"]) == ("red", 1, "roll")


def test_first_settlement_gives_no_resources() -> None:
    game = _new(SEATS3)
    game.apply({"type": "place_settlement", "node": "0.SE"})
    assert hand(game, "red") == {}
    assert bank(game) == dict.fromkeys(("brick", "lumber", "wool", "grain", "ore"), 19)


@pytest.mark.parametrize(("node", "gain"), [
    ("0.SE", {"ore": 1, "wool": 1, "brick": 1}),  # mountains, pasture, hills
    ("8.S", {"lumber": 2, "ore": 1}),  # two forests and mountains: one card per tile
    ("4.SE", {"brick": 1, "wool": 1}),  # the desert gives nothing
    ("9.S", {"ore": 1, "grain": 1}),
    ("18.S", {"wool": 1}),  # coast: one tile
    ("14.S", {"grain": 2, "wool": 1}),
])
def test_second_settlement_gives_one_resource_per_adjacent_productive_tile(
        node: str, gain: dict[str, int]) -> None:
    game = load(_last_setup_position(), phase="setup_settlement", number=0)
    before = bank(game)
    game.apply({"type": "place_settlement", "node": node})
    assert hand(game, "red") == gain
    assert {r: before[r] - bank(game)[r] for r in before if before[r] != bank(game)[r]} == gain
    assert hand(game, "blue") == {"lumber": 1, "ore": 1}


def test_second_settlement_in_a_real_setup_pays_and_first_does_not() -> None:
    game = _new(SEATS3)
    plan = [("0.SE", "0.SE"), ("2.NE", "2.E"), ("7.NW", "7.W"),
            ("16.S", "16.SW"), ("11.SE", "11.E"), ("8.S", "8.SE")]
    hands = []
    for node, edge in plan:
        game.apply({"type": "place_settlement", "node": node})
        game.apply({"type": "place_road", "edge": edge})
        hands.append({c: hand(game, c) for c in SEATS3})
    assert hands[2] == {"red": {}, "blue": {}, "white": {}}
    assert hands[3]["white"] == {"brick": 1}  # 16.S: hills 5 only
    assert hands[4]["blue"] == {"ore": 1}  # 11.SE: mountains 8 only
    assert hands[5]["red"] == {"lumber": 2, "ore": 1}


def test_distance_rule_and_occupied_in_setup() -> None:
    game = load(_last_setup_position(), phase="setup_settlement", number=0)
    refuse(game, {"type": "place_settlement", "node": "2.NE"}, "occupied")
    refuse(game, {"type": "place_settlement", "node": "2.SE"}, "distance_rule")  # next to blue
    refuse(game, {"type": "place_settlement", "node": "6.N"}, "distance_rule")  # alias of 2.SE
    refuse(game, {"type": "place_settlement", "node": "0.NE"}, "distance_rule")  # next to own


def test_setup_legal_spots_respect_the_distance_rule() -> None:
    game = _new(SEATS3)
    game.apply({"type": "place_settlement", "node": "4.SE"})
    game.apply({"type": "place_road", "edge": "4.E"})
    spots = {a["node"] for a in game.legal_actions()}
    assert len(spots) == 50
    assert not spots & {"4.SE", "1.S", "4.S", "5.S"}


@pytest.mark.parametrize("node", ["0.N", "0.NW", "1.N", "1.NE", "17.S", "3.SW"])
def test_ruling_settling_on_a_harbour_during_setup_is_allowed(node: str) -> None:
    game = _new(SEATS3)
    game.apply({"type": "place_settlement", "node": node})
    assert game.to_dict()["players"]["red"]["settlements"] == [node]


def test_setup_gives_points_but_nobody_wins_during_setup() -> None:
    game = Game.new(seats=SEATS3, seed=1, board="beginner", vp_to_win=3)
    plan = [("0.SE", "0.SE"), ("2.NE", "2.E"), ("7.NW", "7.W"),
            ("16.S", "16.SW"), ("11.SE", "11.E"), ("8.S", "8.SE")]
    for node, edge in plan:
        game.apply({"type": "place_settlement", "node": node})
        game.apply({"type": "place_road", "edge": edge})
    assert game.winner is None
    assert [game.victory_points(c) for c in SEATS3] == [2, 2, 2]
    assert game.longest_road_length("red") == 1


def test_end_turn_passes_to_the_next_seat_and_wraps() -> None:
    game = load({"white": {"new_dev_cards": ["knight"]}}, seats=SEATS4, player="white",
                number=7, turn={"dice": [2, 3], "built": True, "dev_card_played": True})
    events = game.apply({"type": "end_turn"})
    assert events == [{"type": "turn_started", "player": "orange", "number": 8}]
    assert turn(game) == {"player": "orange", "number": 8, "phase": "roll",
                          "dev_card_played": False}
    assert game.to_dict()["players"]["white"]["dev_cards"] == ["knight"]  # playable now
    game.apply({"type": "roll", "dice": [1, 1]})
    game.apply({"type": "end_turn"})
    assert (turn(game)["player"], turn(game)["number"]) == ("red", 9)
    refuse(game, {"type": "end_turn"}, "wrong_phase")  # roll first
