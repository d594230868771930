"""Production after a roll: settlements 1, cities 2, the robber, the bank-shortage ruling.

Beginner island numbers used here: 6 = tile 4 (hills) and tile 17 (fields); 8 = tile 11
(mountains) and tile 12 (forest); 10 = tile 0 (mountains) and tile 6 (hills).
"""

from __future__ import annotations

import pytest
from engine_helpers import BEGINNER_TILES, bank, hand, load, phase, refuse, turn

from catan_core import Game


def _roll(game: Game, a: int, b: int) -> list[dict]:
    return game.apply({"type": "roll", "dice": [a, b]})


def _players(**hands: dict[str, int]) -> dict:
    players = {
        "red": {"cities": ["0.SE"], "settlements": ["17.S"], "roads": ["0.SE", "17.SW"]},
        "blue": {"settlements": ["4.S"], "roads": ["4.SW"]},
        "white": {"settlements": ["11.SE"], "roads": ["11.E"]},
    }
    for colour, cards in hands.items():
        players[colour]["hand"] = cards
    return players


def test_settlement_gives_one_and_city_two() -> None:
    game = load(_players(), phase="roll")
    _roll(game, 4, 2)
    assert hand(game, "red") == {"brick": 2, "grain": 1}  # city on hills 6, settlement fields 6
    assert hand(game, "blue") == {"brick": 1}
    assert hand(game, "white") == {}
    t = turn(game)
    assert (t["phase"], t["dice"]) == ("main", [4, 2])


def test_production_is_paid_from_the_bank() -> None:
    game = load(_players(), phase="roll")
    _roll(game, 3, 3)
    assert bank(game) == {"brick": 16, "lumber": 19, "wool": 19, "grain": 18, "ore": 19}


def test_robber_blocks_its_tile_only() -> None:
    game = load(_players(), phase="roll", robber=4)
    _roll(game, 5, 1)
    assert hand(game, "red") == {"grain": 1}  # tile 17 still produces
    assert hand(game, "blue") == {}


def test_robber_on_the_desert_blocks_nothing() -> None:
    game = load(_players(), phase="roll", robber=9)
    _roll(game, 1, 5)
    assert hand(game, "red") == {"brick": 2, "grain": 1}


def test_two_tiles_with_the_same_number_both_produce() -> None:
    players = {"red": {"settlements": ["6.SE", "12.S"]},  # tile 11 (ore 8) and tile 12 (lumber 8)
               "blue": {"cities": ["8.S"]}}  # tiles 8, 12, 13: lumber 8
    game = load(players, phase="roll")
    _roll(game, 4, 4)
    assert hand(game, "red") == {"ore": 1, "lumber": 1}
    assert hand(game, "blue") == {"lumber": 2}


def test_one_corner_on_two_tiles_with_the_same_number_gets_both() -> None:
    tiles = list(BEGINNER_TILES)
    tiles[5] = "pasture 6"  # 4.SE touches tile 4 (hills 6), tile 5 (now pasture 6), desert
    game = load({"red": {"cities": ["4.SE"]}}, phase="roll", tiles=tiles)
    _roll(game, 2, 4)
    assert hand(game, "red") == {"brick": 2, "wool": 2}


def test_settlement_and_city_of_one_player_on_one_tile_add_up() -> None:
    game = load({"red": {"cities": ["4.SE"], "settlements": ["0.SE"]}}, phase="roll")
    _roll(game, 6, 4)  # 10: tile 0 mountains (0.SE) and tile 6 hills (nobody)
    assert hand(game, "red") == {"ore": 1}
    game = load({"red": {"cities": ["4.SE"], "settlements": ["0.SE"]}}, phase="roll")
    _roll(game, 3, 3)  # 6: tile 4 hills: 4.SE city and 0.SE settlement
    assert hand(game, "red") == {"brick": 3}


@pytest.mark.parametrize("dice", [[6, 6], [1, 2], [4, 5], [2, 2], [2, 3]])
def test_numbers_without_buildings_produce_nothing(dice: list[int]) -> None:
    game = load(_players(), phase="roll")
    game.apply({"type": "roll", "dice": dice})
    assert all(hand(game, c) == {} for c in ("red", "blue", "white"))
    assert phase(game) == "main"


def test_ruling_bank_shortage_single_player_takes_what_is_left() -> None:
    # Red is owed 2 brick (city on hills 6) and is the only one owed brick: the bank has 1.
    players = _players(white={"brick": 18})
    players["blue"] = {"settlements": ["14.SE"]}
    game = load(players, phase="roll")
    events = _roll(game, 2, 4)
    assert hand(game, "red") == {"brick": 1, "grain": 1}
    assert bank(game)["brick"] == 0
    produced = next(e for e in events if e["type"] == "produced")
    assert "brick" in produced["shortage"]


def test_ruling_bank_shortage_single_player_with_an_empty_bank_gets_nothing() -> None:
    players = _players(white={"brick": 19})
    players["blue"] = {"settlements": ["14.SE"]}
    game = load(players, phase="roll")
    _roll(game, 2, 4)
    assert hand(game, "red") == {"grain": 1}


def test_ruling_bank_shortage_one_player_with_two_buildings_is_still_one_player() -> None:
    players = {"red": {"settlements": ["0.SE", "4.S"]}, "white": {"hand": {"brick": 18}}}
    game = load(players, phase="roll")
    _roll(game, 3, 3)
    assert hand(game, "red") == {"brick": 1}


def test_ruling_bank_shortage_several_players_get_none() -> None:
    # Red (city, 2) and blue (settlement, 1) are owed 3 brick; the bank has 2: nobody gets any.
    game = load(_players(white={"brick": 17}), phase="roll")
    events = _roll(game, 2, 4)
    assert hand(game, "blue") == {}
    assert hand(game, "red") == {"grain": 1}
    assert bank(game)["brick"] == 2
    produced = next(e for e in events if e["type"] == "produced")
    assert produced["shortage"] == ["brick"]


def test_ruling_bank_shortage_other_resources_are_paid_normally() -> None:
    # Brick is short for two players; grain (tile 17, also 6) is paid to red and orange.
    players = _players(white={"brick": 17})
    players["orange"] = {"settlements": ["13.S"]}  # tiles 13, 16, 17
    game = load(players, phase="roll", seats=["red", "blue", "white", "orange"])
    _roll(game, 1, 5)
    assert hand(game, "red") == {"grain": 1}
    assert hand(game, "orange") == {"grain": 1}
    assert hand(game, "blue") == {}


def test_bank_with_exactly_enough_pays_everyone() -> None:
    game = load(_players(white={"brick": 16}), phase="roll")
    events = _roll(game, 2, 4)
    assert hand(game, "red") == {"brick": 2, "grain": 1}
    assert hand(game, "blue") == {"brick": 1}
    assert bank(game)["brick"] == 0
    produced = next(e for e in events if e["type"] == "produced")
    assert produced["shortage"] == []


def test_roll_without_forced_dice_is_deterministic_from_rng() -> None:
    doc = load(_players(), phase="roll", rng=987654321).to_dict()
    results = []
    for _ in range(2):
        game = Game.from_dict(doc)
        game.apply({"type": "roll"})
        results.append(game.to_dict())
    assert results[0] == results[1]
    dice = results[0]["turn"]["dice"]
    assert all(1 <= d <= 6 for d in dice)
    assert results[0]["rng"] != doc["rng"]


def test_rolled_dice_spread_over_1_to_6() -> None:
    seen = set()
    for rng in range(60):
        game = load(_players(), phase="roll", rng=rng)
        game.apply({"type": "roll"})
        seen.update(turn(game)["dice"])
    assert seen == {1, 2, 3, 4, 5, 6}


@pytest.mark.parametrize("dice", [[0, 3], [3, 7], [3], [3, 4, 5], "34", [3.0, 4], [True, 2],
                                  ["3", "4"], {"a": 3}, 7])
def test_malformed_dice_are_refused(dice: object) -> None:
    game = load(_players(), phase="roll")
    refuse(game, {"type": "roll", "dice": dice}, "malformed_action")


def test_roll_only_by_the_active_player_in_phase_roll() -> None:
    game = load(_players(), phase="roll")
    refuse(game, {"type": "roll", "dice": [3, 4], "player": "blue"}, "not_your_turn")
    game.apply({"type": "roll", "dice": [2, 2], "player": "red"})
    refuse(game, {"type": "roll", "dice": [3, 4]}, "wrong_phase")


def test_a_seven_produces_nothing() -> None:
    game = load(_players(), phase="roll")
    _roll(game, 3, 4)
    assert all(hand(game, c) == {} for c in ("red", "blue", "white"))
    assert phase(game) == "move_robber"
