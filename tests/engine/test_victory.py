"""Winning: the moment the active player reaches vp_to_win, never on someone else's turn."""

from __future__ import annotations

from typing import Any

import pytest
from engine_helpers import event_types, load, phase, position, refuse, turn

from catan_core import Game, InvalidPosition

SETTLEMENT = {"brick": 1, "lumber": 1, "wool": 1, "grain": 1}
R7 = ["0.NW", "0.NE", "1.NW", "1.NE", "2.NW", "2.NE", "2.E"]
W5 = ["7.NW", "7.W", "7.SW", "12.W", "12.SW"]


def _nine_points(**red: Any) -> dict[str, Any]:
    """Red: 3 cities and 3 settlements = 9 points, a road from 16.S to 17.S."""
    entry: dict[str, Any] = {"cities": ["0.N", "2.NE", "11.SE"],
                             "settlements": ["7.NW", "16.S", "9.S"],
                             "roads": ["16.SE", "17.SW"]}
    entry.update(red)
    return {"red": entry, "blue": {"settlements": ["5.SE"], "hand": {"ore": 2}}}


def test_ruling_game_ends_the_moment_the_active_player_reaches_ten() -> None:
    game = load(_nine_points(hand=dict(SETTLEMENT)))
    assert game.victory_points("red") == 9 and game.winner is None
    events = game.apply({"type": "build_settlement", "node": "17.S"})
    assert game.winner == "red"
    assert events[-1] == {"type": "game_won", "player": "red", "points": 10}
    doc = game.to_dict()
    assert doc["winner"] == "red" and doc["turn"]["phase"] == "game_over"
    assert game.legal_actions() == []


def test_ruling_hidden_victory_point_cards_count_toward_the_win() -> None:
    red = _nine_points(hand=dict(SETTLEMENT), settlements=["7.NW", "16.S"],
                       dev_cards=["victory_point"])
    game = load(red)
    assert game.victory_points("red") == 9
    game.apply({"type": "build_settlement", "node": "17.S"})
    assert game.winner == "red"


def test_points_may_overshoot() -> None:
    game = load(_nine_points(hand={"grain": 2, "ore": 3}))
    events = game.apply({"type": "build_city", "node": "9.S"})
    assert game.winner == "red"
    assert events[-1]["points"] == 10
    red = _nine_points(roads=["16.SE", "17.SW", "16.SW", "16.W"], hand={"brick": 1,
                                                                     "lumber": 1})
    game = load(red)
    game.apply({"type": "build_road", "edge": "12.SE"})  # 5 roads: Longest Road, 11 points
    assert game.winner == "red" and game.victory_points("red") == 11


def test_vp_to_win_is_read_from_the_position() -> None:
    game = Game.from_dict({**position({"red": {"settlements": ["0.N", "18.S"],
                                               "hand": {"grain": 2, "ore": 3}}}),
                           "vp_to_win": 4})
    game.apply({"type": "build_city", "node": "0.N"})
    assert game.winner is None
    game = Game.from_dict({**position({"red": {"settlements": ["0.N", "18.S"],
                                               "hand": {"grain": 2, "ore": 3}}}),
                           "vp_to_win": 3})
    game.apply({"type": "build_city", "node": "0.N"})
    assert game.winner == "red"


def test_win_by_largest_army_comes_before_the_robber_move() -> None:
    red = _nine_points(settlements=["7.NW", "16.S"], dev_cards=["knight"], knights_played=2)
    game = load(red, phase="roll")
    assert game.victory_points("red") == 8
    events = game.apply({"type": "play_knight"})
    assert event_types(events)[-2:] == ["largest_army", "game_won"]
    assert game.winner == "red" and phase(game) == "game_over"


def test_win_before_the_roll_leaves_nothing_pending() -> None:
    red = _nine_points(settlements=["7.NW", "16.S"], dev_cards=["knight"], knights_played=2)
    game = load(red, phase="roll")
    game.apply({"type": "play_knight"})
    doc = game.to_dict()
    assert doc["turn"]["phase"] == "game_over" and doc["pending"] == {}
    assert Game.from_dict(doc).to_dict() == doc


def _white_gets_longest_road_on_blues_turn() -> Game:
    players = {
        "red": {"settlements": ["0.NW"], "roads": R7},
        "blue": {"settlements": ["18.SE"], "roads": ["1.E"], "hand": dict(SETTLEMENT)},
        "white": {"settlements": ["3.SW"], "cities": ["5.SE", "9.S", "14.S"], "roads": W5,
                  "dev_cards": ["victory_point"]},
    }
    return load(players, player="blue", longest_road="red")


def test_ruling_never_wins_on_another_players_turn() -> None:
    game = _white_gets_longest_road_on_blues_turn()
    assert game.victory_points("white") == 8
    game.apply({"type": "build_settlement", "node": "1.NE"})  # breaks red's road
    assert game.to_dict()["longest_road"] == "white"
    assert game.victory_points("white") == 10
    assert game.winner is None
    assert phase(game) == "main"


def test_ruling_win_is_checked_at_the_start_of_the_players_own_turn() -> None:
    game = _white_gets_longest_road_on_blues_turn()
    game.apply({"type": "build_settlement", "node": "1.NE"})
    events = game.apply({"type": "end_turn"})
    assert event_types(events) == ["turn_started", "game_won"]
    assert game.winner == "white"
    t = turn(game)
    assert (t["player"], t["phase"]) == ("white", "game_over")


def test_a_player_with_enough_points_waits_for_their_turn() -> None:
    players = {"red": {"settlements": ["0.NW"]},
               "blue": {"cities": ["0.SE", "2.S", "11.SE", "16.S"], "settlements": ["9.S", "7.NW"]}}
    game = load(players, phase="roll")
    assert game.victory_points("blue") == 10
    game.apply({"type": "roll", "dice": [1, 1]})
    assert game.winner is None
    events = game.apply({"type": "end_turn"})
    assert game.winner == "blue"
    assert event_types(events)[-1] == "game_won"


@pytest.mark.parametrize("loaded", ["loaded", "copied"])
def test_a_loaded_position_with_enough_points_ends_at_the_active_players_next_action(
        loaded: str) -> None:
    """Whatever the action, even one that changes no points (a roll, an offer)."""
    players = {"blue": {"settlements": ["0.NW"]},
               "red": {"cities": ["0.SE", "2.S", "11.SE", "16.S"], "settlements": ["9.S", "7.NW"],
                       "hand": {"ore": 4}}}
    for kind, action in (("roll", {"type": "roll", "dice": [1, 1]}),
                         ("main", {"type": "offer_trade", "give": {"ore": 1},
                                   "get": {"wool": 1}})):
        game = load(players, phase=kind)
        if loaded == "copied":
            game = game.copy()
        assert game.victory_points("red") == 10 and game.winner is None
        events = game.apply(action)
        assert game.winner == "red" and event_types(events)[-1] == "game_won"


@pytest.mark.parametrize("action", [
    {"type": "roll", "dice": [3, 4]}, {"type": "end_turn"}, {"type": "buy_dev_card"},
    {"type": "build_road", "edge": "17.SE"}, {"type": "discard", "cards": {}},
    {"type": "accept_trade", "player": "blue"}, {"type": "play_knight"},
    {"type": "place_settlement", "node": "18.S"},
])
def test_game_over_refuses_every_action(action: dict[str, Any]) -> None:
    game = load(_nine_points(hand=dict(SETTLEMENT)))
    game.apply({"type": "build_settlement", "node": "17.S"})
    refuse(game, action, "game_over")


def test_finished_position_round_trips_and_stays_over() -> None:
    game = load(_nine_points(hand=dict(SETTLEMENT)))
    game.apply({"type": "build_settlement", "node": "17.S"})
    doc = game.to_dict()
    again = Game.from_dict(doc)
    assert again.to_dict() == doc
    assert again.winner == "red" and again.legal_actions() == []
    refuse(again, {"type": "end_turn"}, "game_over")


def test_winner_and_game_over_go_together_in_a_position() -> None:
    with pytest.raises(InvalidPosition):
        load(_nine_points(), winner="red")
    with pytest.raises(InvalidPosition):
        load(_nine_points(), phase="game_over")
    game = load(_nine_points(settlements=["7.NW", "16.S", "9.S", "17.S"], roads=[]),
                phase="game_over", winner="red")
    assert game.winner == "red"
