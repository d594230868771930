"""Longest Road and Largest Army, with the tie rules of rulings.md.

Roads used (beginner island):
- R7, red: seven coast roads 0.NW .. 2.E, through corners 0.NW 0.N 0.NE 1.N 1.NE 2.N 2.NE 2.SE.
  A settlement at 0.NE splits it 2 + 5; one at 1.NE splits it 4 + 3.
- B5, blue: five coast roads 18.SE .. 16.SE, from 18.SE to 16.S.
- W5, white: five coast roads 7.NW .. 12.SW, from 3.SW to 12.S.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from engine_helpers import event_types, load
from island_model import EDGE_ENDS, EDGES, NODE_EDGES, NODE_NEIGHBOURS, NODES, longest_trail

from catan_core import Game

R7 = ["0.NW", "0.NE", "1.NW", "1.NE", "2.NW", "2.NE", "2.E"]
B5 = ["18.SE", "18.SW", "17.SE", "17.SW", "16.SE"]
W5 = ["7.NW", "7.W", "7.SW", "12.W", "12.SW"]
SETTLEMENT = {"brick": 1, "lumber": 1, "wool": 1, "grain": 1}
ROAD = {"brick": 1, "lumber": 1}


def _break_position(blue_roads: list[str], white_roads: list[str] | None = None,
                    blue_hand: dict[str, int] | None = None) -> Game:
    """Blue to play; red holds Longest Road with R7."""
    players: dict[str, Any] = {
        "red": {"settlements": ["0.NW"], "roads": R7},
        "blue": {"settlements": ["18.SE"], "roads": blue_roads,
                 "hand": blue_hand or dict(SETTLEMENT)},
        "white": {"settlements": ["3.SW"], "roads": white_roads or []},
    }
    return load(players, player="blue", longest_road="red")


def _holder(game: Game) -> str | None:
    return game.to_dict()["longest_road"]


def _lengths(game: Game) -> list[int]:
    return [game.longest_road_length(c) for c in ("red", "blue", "white")]


def test_longest_road_needs_five() -> None:
    players = {"red": {"settlements": ["0.NW"], "roads": R7[:3], "hand": {"brick": 2,
                                                                         "lumber": 2}}}
    game = load(players)
    game.apply({"type": "build_road", "edge": "1.NE"})
    assert game.longest_road_length("red") == 4
    assert _holder(game) is None
    assert game.victory_points("red") == 1
    events = game.apply({"type": "build_road", "edge": "2.NW"})
    assert game.longest_road_length("red") == 5
    assert _holder(game) == "red"
    assert game.victory_points("red") == 3
    assert {"type": "longest_road", "player": "red", "previous": None, "length": 5} in events


def test_longest_road_strictly_longer_to_take() -> None:
    players = {"red": {"settlements": ["0.NW"], "roads": R7[:4], "hand": {"brick": 2,
                                                                         "lumber": 2}},
               "blue": {"settlements": ["18.SE"], "roads": B5}}
    game = load(players, longest_road="blue")
    game.apply({"type": "build_road", "edge": "2.NW"})
    assert _lengths(game)[:2] == [5, 5]
    assert _holder(game) == "blue"  # equal is not enough
    events = game.apply({"type": "build_road", "edge": "2.NE"})
    assert _holder(game) == "red"
    assert {"type": "longest_road", "player": "red", "previous": "blue", "length": 6} in events
    assert game.victory_points("blue") == 1 and game.victory_points("red") == 3


def test_longest_road_counts_a_loop() -> None:
    loop = ["0.SE", "1.SW", "4.E", "4.SE", "4.SW", "3.E"]  # the six sides of tile 4
    game = load({"red": {"settlements": ["0.SE"], "roads": loop}})
    assert game.longest_road_length("red") == 6
    game = load({"red": {"settlements": ["0.SE"], "roads": [*loop, "0.E"]}})
    assert game.longest_road_length("red") == 7  # tail into the loop and round it


def test_longest_road_loop_with_two_tails_is_not_all_roads() -> None:
    roads = ["0.SE", "1.SW", "4.E", "4.SE", "4.SW", "3.E", "0.E", "8.E"]  # tails at 0.SE, 4.S
    game = load({"red": {"settlements": ["0.SE"], "roads": roads}})
    assert game.longest_road_length("red") == 7


def test_longest_road_of_a_branching_network_is_its_longest_trail() -> None:
    # Three arms of two roads from 4.SE: towards 0.SE, 8.SE and 9.SE.
    roads = ["4.E", "1.SW", "4.SE", "8.E", "5.SW", "9.E"]
    game = load({"red": {"settlements": ["4.SE"], "roads": roads}})
    assert game.longest_road_length("red") == 4


def test_ruling_opponent_settlement_breaks_a_road() -> None:
    game = _break_position(["1.E"])
    assert _lengths(game)[0] == 7
    events = game.apply({"type": "build_settlement", "node": "1.NE"})
    assert game.longest_road_length("red") == 4
    assert _holder(game) is None  # nobody else has 5: set aside
    assert game.victory_points("red") == 1
    assert {"type": "longest_road", "player": None, "previous": "red", "length": 4} in events


def test_ruling_own_settlement_never_breaks_a_road() -> None:
    players = {"red": {"settlements": ["0.NW"], "roads": R7, "hand": dict(SETTLEMENT)}}
    game = load(players, longest_road="red")
    game.apply({"type": "build_settlement", "node": "1.NE"})
    assert game.longest_road_length("red") == 7
    assert _holder(game) == "red"


def test_ruling_opponent_road_crossing_does_not_break_a_road() -> None:
    game = _break_position(["1.E", "2.SE"], blue_hand=dict(ROAD))
    game.apply({"type": "build_road", "edge": "1.SE"})  # blue road from 1.SE, next to 1.NE
    assert game.longest_road_length("red") == 7
    assert _holder(game) == "red"


def test_opponent_settlement_at_the_end_of_a_road_does_not_shorten_it() -> None:
    game = _break_position(["2.SE"])
    game.apply({"type": "build_settlement", "node": "2.SE"})  # red's road ends at 2.SE
    assert game.longest_road_length("red") == 7


def test_ruling_longest_road_holder_keeps_it_while_tied_at_the_top() -> None:
    game = _break_position([*B5, "0.E"])
    game.apply({"type": "build_settlement", "node": "0.NE"})  # red: 2 + 5
    assert _lengths(game)[:2] == [5, 5]
    assert _holder(game) == "red"


def test_ruling_longest_road_holder_keeps_it_while_still_alone_at_the_top() -> None:
    game = _break_position(["0.E"])
    game.apply({"type": "build_settlement", "node": "0.NE"})
    assert _lengths(game)[0] == 5
    assert _holder(game) == "red"


def test_ruling_longest_road_single_longest_takes_it_after_a_break() -> None:
    game = _break_position([*B5, "1.E"])
    events = game.apply({"type": "build_settlement", "node": "1.NE"})
    assert _lengths(game)[:2] == [4, 5]
    assert _holder(game) == "blue"
    assert {"type": "longest_road", "player": "blue", "previous": "red", "length": 5} in events
    assert game.victory_points("blue") == 4


def test_ruling_longest_road_goes_to_a_third_player_who_alone_leads() -> None:
    game = _break_position(["1.E"], white_roads=W5)
    game.apply({"type": "build_settlement", "node": "1.NE"})
    assert _holder(game) == "white"
    assert game.victory_points("white") == 3


def test_ruling_longest_road_set_aside_when_several_tie_without_the_holder() -> None:
    game = _break_position([*B5, "1.E"], white_roads=W5,
                           blue_hand={**SETTLEMENT, "brick": 2, "lumber": 2})
    game.apply({"type": "build_settlement", "node": "1.NE"})
    assert _lengths(game) == [4, 5, 5]
    assert _holder(game) is None
    assert [game.victory_points(c) for c in ("red", "blue", "white")] == [1, 2, 1]
    # Until one player alone leads: blue makes 6.
    events = game.apply({"type": "build_road", "edge": "16.SW"})
    assert game.longest_road_length("blue") == 6
    assert _holder(game) == "blue"
    assert "longest_road" in event_types(events)


def test_ruling_longest_road_set_aside_stays_aside_while_tied() -> None:
    players = {"red": {"settlements": ["0.NW"], "roads": R7[:4], "hand": dict(ROAD)},
               "blue": {"settlements": ["18.SE"], "roads": B5},
               "white": {"settlements": ["3.SW"], "roads": W5}}
    game = load(players)  # card set aside: blue and white tie at 5
    game.apply({"type": "build_road", "edge": "2.NW"})  # red joins the tie
    assert _lengths(game) == [5, 5, 5]
    assert _holder(game) is None


def test_longest_road_holder_in_a_position_needs_five() -> None:
    from catan_core import InvalidPosition

    with pytest.raises(InvalidPosition) as info:
        load({"red": {"roads": R7[:4]}}, longest_road="red")
    assert "longest_road" in str(info.value)


def _random_case(rnd: random.Random) -> tuple[list[str], set[str]]:
    roads: list[str] = [rnd.choice(EDGES)]
    for _ in range(rnd.randrange(0, 15)):
        ends = {n for e in roads for n in EDGE_ENDS[e]}
        options = sorted({f for n in ends for f in NODE_EDGES[n]} - set(roads))
        roads.append(rnd.choice(options))
    blocked: set[str] = set()
    wanted = rnd.randrange(0, 5)
    for node in rnd.sample(NODES, 20):
        if len(blocked) < wanted and not set(NODE_NEIGHBOURS[node]) & blocked:
            blocked.add(node)
    return roads, blocked


@pytest.mark.parametrize("seed", range(150))
def test_longest_road_length_matches_a_brute_force_trail_search(seed: int) -> None:
    rnd = random.Random(seed)
    roads, blocked = _random_case(rnd)
    game = load({"red": {"roads": roads}, "blue": {"settlements": sorted(blocked)}})
    assert game.longest_road_length("red") == longest_trail(roads, blocked)


# -- Largest Army -------------------------------------------------------------------------

def _army(red_knights: int, blue_knights: int, holder: str | None) -> Game:
    players = {"red": {"settlements": ["0.NW"], "dev_cards": ["knight", "knight"],
                       "knights_played": red_knights},
               "blue": {"settlements": ["18.SE"], "knights_played": blue_knights}}
    return load(players, largest_army=holder, robber=18)


def test_largest_army_needs_three_knights() -> None:
    game = _army(1, 0, None)
    game.apply({"type": "play_knight"})
    assert game.to_dict()["largest_army"] is None
    game = _army(2, 0, None)
    events = game.apply({"type": "play_knight"})
    assert game.to_dict()["largest_army"] == "red"
    assert game.victory_points("red") == 3
    assert {"type": "largest_army", "player": "red", "previous": None, "knights": 3} in events


def test_largest_army_strictly_more_to_take() -> None:
    game = _army(2, 3, "blue")
    game.apply({"type": "play_knight"})
    assert game.to_dict()["largest_army"] == "blue"  # 3 against 3
    game = _army(3, 3, "blue")
    game.apply({"type": "play_knight"})
    assert game.to_dict()["largest_army"] == "red"
    assert game.victory_points("blue") == 1 and game.victory_points("red") == 3


def test_largest_army_changes_hands_before_the_roll() -> None:
    game = _army(3, 3, "blue")
    game = Game.from_dict({**game.to_dict(), "turn": {**game.to_dict()["turn"],
                                                      "phase": "roll"}})
    game.apply({"type": "play_knight"})
    assert game.to_dict()["largest_army"] == "red"
    assert game.to_dict()["turn"]["phase"] == "move_robber"


def test_largest_army_holder_in_a_position_needs_three() -> None:
    from catan_core import InvalidPosition

    with pytest.raises(InvalidPosition):
        _army(2, 0, "red")
