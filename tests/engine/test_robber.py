"""The 7: discards, moving the robber, the steal; the knight.

Buildings used here (beginner island): red 0.SE (tiles 0, 1, 4); blue 4.SE (tiles 4, 5 and the
desert 9); white 5.SE (tiles 5, 6, 10) and 8.S (tiles 8, 12, 13). Nobody touches tile 18.
"""

from __future__ import annotations

from typing import Any

import pytest
from engine_helpers import SEATS4, event_types, hand, legal_of_type, load, phase, refuse, turn

from catan_core import Game


def _players(red: dict[str, int] | None = None, blue: dict[str, int] | None = None,
             white: dict[str, int] | None = None, **extra: dict[str, Any]) -> dict[str, Any]:
    players: dict[str, Any] = {
        "red": {"settlements": ["0.SE"], "roads": ["0.SE"], "hand": red or {}},
        "blue": {"settlements": ["4.SE"], "roads": ["4.SE"], "hand": blue or {}},
        "white": {"settlements": ["5.SE", "8.S"], "roads": ["5.E", "8.SE"],
                  "hand": white or {}},
    }
    for colour, fields in extra.items():
        players.setdefault(colour, {}).update(fields)
    return players


def _seven(game: Game) -> list[dict[str, Any]]:
    return game.apply({"type": "roll", "dice": [3, 4]})


EIGHT = {"brick": 2, "lumber": 2, "wool": 2, "grain": 1, "ore": 1}
NINE = {"brick": 3, "lumber": 2, "wool": 2, "grain": 1, "ore": 1}
SEVEN = {"brick": 3, "lumber": 2, "grain": 2}


def test_ruling_seven_discard_half_rounded_down_only_above_seven_cards() -> None:
    players = _players(red=EIGHT, blue=NINE, white=SEVEN,
                       orange={"hand": {"ore": 15}, "settlements": ["18.S"]})
    game = load(players, seats=SEATS4, phase="roll")
    events = _seven(game)
    doc = game.to_dict()
    assert doc["turn"]["phase"] == "discard"
    assert doc["pending"] == {"discard": {"red": 4, "blue": 4, "orange": 7}}
    assert {"type": "must_discard", "counts": {"red": 4, "blue": 4, "orange": 7}} in events


def test_ruling_seven_development_cards_do_not_count_toward_discard() -> None:
    players = _players(white=SEVEN, blue=EIGHT)
    players["white"]["dev_cards"] = ["knight", "monopoly", "victory_point"]
    players["white"]["new_dev_cards"] = ["road_building"]
    game = load(players, phase="roll")
    _seven(game)
    assert game.to_dict()["pending"] == {"discard": {"blue": 4}}


def test_seven_with_nobody_above_seven_goes_to_move_robber_at_once() -> None:
    game = load(_players(red=SEVEN, blue=SEVEN, white={"ore": 1}), phase="roll")
    events = _seven(game)
    assert phase(game) == "move_robber"
    assert game.to_dict()["pending"] == {}
    assert "must_discard" not in event_types(events)


def test_discard_exact_count_else_wrong_discard_count() -> None:
    game = load(_players(blue=NINE), phase="roll")
    _seven(game)
    refuse(game, {"type": "discard", "player": "blue", "cards": {"brick": 3}},
           "wrong_discard_count")
    refuse(game, {"type": "discard", "player": "blue", "cards": {"brick": 3, "lumber": 2}},
           "wrong_discard_count")
    refuse(game, {"type": "discard", "player": "blue", "cards": {}}, "wrong_discard_count")
    refuse(game, {"type": "discard", "player": "blue", "cards": {"ore": 4}},
           "insufficient_resources")
    game.apply({"type": "discard", "player": "blue", "cards": {"brick": 3, "ore": 1}})
    assert hand(game, "blue") == {"lumber": 2, "wool": 2, "grain": 1}
    assert phase(game) == "move_robber"


@pytest.mark.parametrize("order", [["red", "blue", "white"], ["white", "blue", "red"],
                                   ["blue", "white", "red"]])
def test_discards_may_come_in_any_order(order: list[str]) -> None:
    game = load(_players(red=EIGHT, blue=NINE, white={"ore": 11}), phase="roll")
    _seven(game)
    cards = {"red": {"brick": 2, "lumber": 2}, "blue": {"brick": 3, "wool": 1},
             "white": {"ore": 5}}
    for i, colour in enumerate(order):
        assert phase(game) == "discard"
        game.apply({"type": "discard", "player": colour, "cards": cards[colour]})
        owed = game.to_dict()["pending"].get("discard", {})
        assert set(owed) == set(order[i + 1:])
    assert phase(game) == "move_robber"
    assert turn(game)["player"] == "red"
    assert hand(game, "red") == {"wool": 2, "grain": 1, "ore": 1}
    assert hand(game, "white") == {"ore": 6}


def test_discard_names_its_player_when_several_owe() -> None:
    game = load(_players(red=EIGHT, blue=NINE), phase="roll")
    _seven(game)
    refuse(game, {"type": "discard", "cards": {"brick": 2, "lumber": 2}}, "malformed_action")
    refuse(game, {"type": "discard", "player": "white", "cards": {}}, "not_your_turn")
    refuse(game, {"type": "discard", "player": "orange", "cards": {"ore": 1}}, "not_your_turn")
    game.apply({"type": "discard", "player": "blue", "cards": {"brick": 3, "wool": 1}})
    refuse(game, {"type": "discard", "player": "blue", "cards": {"brick": 2, "lumber": 2}},
           "not_your_turn")  # blue has discarded already
    game.apply({"type": "discard", "cards": {"brick": 2, "lumber": 2}})  # red alone owes now
    assert phase(game) == "move_robber"


def test_only_discards_during_discard() -> None:
    game = load(_players(blue=NINE), phase="roll")
    _seven(game)
    for action in ({"type": "move_robber", "tile": 18}, {"type": "end_turn"},
                   {"type": "build_road", "edge": "0.S"}, {"type": "roll", "dice": [1, 1]}):
        refuse(game, action, "wrong_phase")


def test_legal_discards_list_every_way_for_every_player_who_owes() -> None:
    game = load(_players(red={"brick": 8}, blue=NINE), phase="roll")
    _seven(game)
    discards = legal_of_type(game, "discard")
    assert {"type": "discard", "player": "red", "cards": {"brick": 4}} in discards
    red = [a for a in discards if a["player"] == "red"]
    assert len(red) == 1
    blue = [a for a in discards if a["player"] == "blue"]
    assert all(sum(a["cards"].values()) == 4 for a in blue)
    assert len({tuple(sorted(a["cards"].items())) for a in blue}) == len(blue) > 10
    assert {a["type"] for a in game.legal_actions()} == {"discard"}


def test_robber_must_move() -> None:
    game = load(_players(blue={"ore": 1}), phase="move_robber", robber=18)
    refuse(game, {"type": "move_robber", "tile": 18}, "robber_must_move")
    assert all(a["tile"] != 18 for a in game.legal_actions())
    assert len({a["tile"] for a in game.legal_actions()}) == 18


@pytest.mark.parametrize("tile", [19, -1, "4", None, 4.0, True])
def test_robber_tile_must_be_a_tile(tile: object) -> None:
    game = load(_players(), phase="move_robber", robber=18)
    refuse(game, {"type": "move_robber", "tile": tile}, "unknown_place")


def test_invalid_victim() -> None:
    game = load(_players(red={"ore": 2}, blue={"wool": 1}, white={"grain": 1}),
                phase="move_robber", robber=18)
    refuse(game, {"type": "move_robber", "tile": 4, "victim": "white"}, "invalid_victim")
    refuse(game, {"type": "move_robber", "tile": 4, "victim": "red"}, "invalid_victim")  # self
    refuse(game, {"type": "move_robber", "tile": 4, "victim": "orange"}, "invalid_victim")
    refuse(game, {"type": "move_robber", "tile": 4}, "invalid_victim")  # blue has a card
    refuse(game, {"type": "move_robber", "tile": 17, "victim": "blue"}, "invalid_victim")
    refuse(game, {"type": "move_robber", "tile": 4, "victim": ["blue"]}, "invalid_victim")


def test_ruling_victim_any_opponent_on_the_hex_and_one_without_cards_gives_nothing() -> None:
    # Tile 5: blue (no cards) and white (cards). The thief may still choose blue.
    game = load(_players(blue={}, white={"grain": 2}), phase="move_robber", robber=18)
    events = game.apply({"type": "move_robber", "tile": 5, "victim": "blue"})
    assert {"type": "stole", "player": "red", "victim": "blue", "card": None} in events
    assert hand(game, "red") == {} and hand(game, "white") == {"grain": 2}
    assert game.to_dict()["board"]["robber"] == 5
    assert phase(game) == "main"


def test_ruling_victim_required_only_when_a_neighbour_has_cards() -> None:
    game = load(_players(red={"ore": 3}), phase="move_robber", robber=18)
    game.apply({"type": "move_robber", "tile": 5})  # blue and white hold nothing
    assert phase(game) == "main"
    assert hand(game, "red") == {"ore": 3}
    game = load(_players(red={"ore": 3}), phase="move_robber", robber=18)
    game.apply({"type": "move_robber", "tile": 0})  # only red's own building
    assert game.to_dict()["board"]["robber"] == 0


def test_legal_robber_moves_name_victims_only_where_someone_has_cards() -> None:
    game = load(_players(blue={"wool": 1}), phase="move_robber", robber=18)
    moves = game.legal_actions()
    at = {t: [a.get("victim") for a in moves if a["tile"] == t] for t in range(19)}
    assert sorted(at[5]) == ["blue", "white"]  # blue has a card: both may be chosen
    assert at[4] == ["blue"]
    assert at[13] == [None]  # white alone, no cards
    assert at[0] == [None]
    assert at[18] == []
    doc = game.to_dict()
    for action in moves:
        Game.from_dict(doc).apply(action)


def test_forced_steal_moves_that_card() -> None:
    game = load(_players(red={"ore": 1}, blue={"wool": 2, "brick": 1}), phase="move_robber",
                robber=18)
    events = game.apply({"type": "move_robber", "tile": 4, "victim": "blue", "card": "brick"})
    assert {"type": "stole", "player": "red", "victim": "blue", "card": "brick"} in events
    assert hand(game, "red") == {"ore": 1, "brick": 1}
    assert hand(game, "blue") == {"wool": 2}


def test_forced_card_must_be_one_the_victim_holds() -> None:
    game = load(_players(blue={"wool": 2}), phase="move_robber", robber=18)
    refuse(game, {"type": "move_robber", "tile": 4, "victim": "blue", "card": "ore"},
           "insufficient_resources")
    refuse(game, {"type": "move_robber", "tile": 4, "victim": "blue", "card": "gold"},
           "malformed_action")


def test_random_steal_takes_exactly_one_card_from_the_victim() -> None:
    for rng in range(20):
        game = load(_players(blue={"wool": 2, "brick": 1, "ore": 3}), phase="move_robber",
                    robber=18, rng=rng)
        events = game.apply({"type": "move_robber", "tile": 4, "victim": "blue"})
        stolen = next(e for e in events if e["type"] == "stole")["card"]
        assert hand(game, "red") == {stolen: 1}
        assert sum(hand(game, "blue").values()) == 5


def test_ruling_robber_on_the_desert_steals_like_any_tile() -> None:
    game = load(_players(blue={"lumber": 1}), phase="move_robber", robber=18)
    game.apply({"type": "move_robber", "tile": 9, "victim": "blue"})
    assert hand(game, "red") == {"lumber": 1}
    assert hand(game, "blue") == {}
    assert game.to_dict()["board"]["robber"] == 9


def test_ruling_desert_victim_is_required_when_a_neighbour_has_cards() -> None:
    game = load(_players(blue={"lumber": 1}), phase="move_robber", robber=18)
    refuse(game, {"type": "move_robber", "tile": 9}, "invalid_victim")


def test_full_seven_sequence_roll_discard_move_steal() -> None:
    game = load(_players(red={"ore": 1}, blue=NINE), phase="roll", robber=18)
    _seven(game)
    game.apply({"type": "discard", "player": "blue",
                "cards": {"brick": 1, "lumber": 1, "wool": 1, "grain": 1}})
    game.apply({"type": "move_robber", "tile": 4, "victim": "blue", "card": "ore"})
    assert hand(game, "red") == {"ore": 2}
    assert hand(game, "blue") == {"brick": 2, "lumber": 1, "wool": 1}
    assert phase(game) == "main"
    game.apply({"type": "end_turn"})
    assert turn(game)["player"] == "blue"


def test_move_robber_only_in_its_phase_and_by_the_active_player() -> None:
    game = load(_players(), phase="main")
    refuse(game, {"type": "move_robber", "tile": 4}, "wrong_phase")
    game = load(_players(), phase="move_robber", robber=18)
    refuse(game, {"type": "move_robber", "tile": 4, "player": "blue"}, "not_your_turn")
    refuse(game, {"type": "end_turn"}, "wrong_phase")


def test_knight_before_the_roll_returns_to_phase_roll() -> None:
    players = _players(blue={"wool": 1})
    players["red"]["dev_cards"] = ["knight"]
    game = load(players, phase="roll", robber=18)
    game.apply({"type": "play_knight"})
    doc = game.to_dict()
    assert doc["turn"]["phase"] == "move_robber"
    assert doc["pending"] == {"return_to": "roll"}
    assert doc["turn"]["dev_card_played"] is True
    assert doc["players"]["red"]["knights_played"] == 1
    game.apply({"type": "move_robber", "tile": 4, "victim": "blue"})
    assert phase(game) == "roll"
    assert game.to_dict()["pending"] == {}
    assert hand(game, "red") == {"wool": 1}
    game.apply({"type": "roll", "dice": [1, 1]})
    assert phase(game) == "main"


def test_knight_before_the_roll_then_a_seven() -> None:
    players = _players(blue=NINE)
    players["red"]["dev_cards"] = ["knight"]
    game = load(players, phase="roll", robber=18)
    game.apply({"type": "play_knight"})
    game.apply({"type": "move_robber", "tile": 4, "victim": "blue", "card": "ore"})
    _seven(game)  # blue now has 8 cards
    assert game.to_dict()["pending"] == {"discard": {"blue": 4}}
    game.apply({"type": "discard", "player": "blue", "cards": {"brick": 3, "lumber": 1}})
    game.apply({"type": "move_robber", "tile": 18})
    assert phase(game) == "main"


def test_knight_after_the_roll_returns_to_main() -> None:
    players = _players(blue={"wool": 1})
    players["red"]["dev_cards"] = ["knight"]
    game = load(players, phase="main", robber=18, turn={"dice": [2, 3]})
    game.apply({"type": "play_knight"})
    assert phase(game) == "move_robber"
    assert game.to_dict()["pending"] == {}
    game.apply({"type": "move_robber", "tile": 5, "victim": "blue"})
    assert phase(game) == "main"


def test_knight_makes_nobody_discard() -> None:
    players = _players(red={"ore": 12}, blue={"wool": 10}, white={"grain": 9})
    players["red"]["dev_cards"] = ["knight"]
    game = load(players, phase="main", robber=18)
    events = game.apply({"type": "play_knight"})
    assert "must_discard" not in event_types(events)
    assert phase(game) == "move_robber"
    assert game.to_dict()["pending"] == {}
    assert hand(game, "blue") == {"wool": 10}


def test_ruling_building_next_to_the_robber_is_allowed() -> None:
    players = _players(red={"brick": 2, "lumber": 2, "wool": 1, "grain": 3, "ore": 3})
    players["red"]["roads"] = ["0.SE", "0.SW"]
    players["red"]["settlements"] = ["0.SE"]
    game = load(players, phase="main", robber=0)
    game.apply({"type": "build_settlement", "node": "0.SW"})  # on the robber's tile 0
    game.apply({"type": "build_city", "node": "0.SE"})  # also on tile 0
    game.apply({"type": "build_road", "edge": "0.W"})
    doc = game.to_dict()["players"]["red"]
    assert doc["settlements"] == ["0.SW"] and doc["cities"] == ["0.SE"]
