"""Board geometry and notation (spec section 1), checked against ``island_model``."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from engine_helpers import BEGINNER_PORTS, BEGINNER_TILES, position, refuse
from island_model import (
    COAST,
    COORDS,
    EDGE_ALIAS,
    EDGES,
    NEIGHBOUR_STEP,
    NODE_ALIAS,
    NODES,
    OPPOSITE,
    SIDE_CORNERS,
    TILE_AT,
    edge_key,
    node_key,
)

from catan_core import Game, InvalidPosition


def test_model_agrees_with_the_spec_neighbour_steps() -> None:
    # The side across which (q, r) meets a neighbour is that neighbour's opposite side.
    for t, (q, r) in enumerate(COORDS):
        for side, (dq, dr) in NEIGHBOUR_STEP.items():
            other = TILE_AT.get((q + dq, r + dr))
            if other is not None:
                assert EDGE_ALIAS[f"{t}.{side}"] == EDGE_ALIAS[f"{other}.{OPPOSITE[side]}"]


def test_tile_numbering_follows_the_spec() -> None:
    assert COORDS[0] == (0, -2) and COORDS[9] == (0, 0) and COORDS[18] == (0, 2)
    assert [sum(1 for _, r in COORDS if r == row) for row in range(-2, 3)] == [3, 4, 5, 4, 3]


def test_island_has_54_nodes_72_edges_30_coast_edges() -> None:
    assert (len(NODES), len(EDGES), len(COAST)) == (54, 72, 30)
    game = Game.new(seats=["red", "blue", "white"], seed=1, board="beginner")
    spots = [a["node"] for a in game.legal_actions()]
    assert len(spots) == 54
    assert set(spots) == set(NODES)


def test_coast_edges_are_exactly_where_harbours_may_go() -> None:
    for edge in EDGES:
        doc = position(ports={edge: "3:1"})
        if edge in COAST:
            assert Game.from_dict(doc).to_dict()["board"]["ports"] == {edge: "3:1"}
        else:
            with pytest.raises(InvalidPosition):
                Game.from_dict(doc)


@pytest.mark.parametrize(("alias", "canonical"), [
    ("9.N", "4.SE"), ("5.SW", "4.SE"), ("4.SE", "4.SE"), ("9.S", "9.S"), ("14.NW", "9.S"),
    ("13.NE", "9.S"), ("18.S", "18.S"), ("17.NE", "14.S"), ("18.NW", "14.S"),
])
def test_node_canonical_name_examples(alias: str, canonical: str) -> None:
    assert NODE_ALIAS[alias] == canonical
    game = Game.from_dict(position({"red": {"settlements": [alias]}}))
    assert game.to_dict()["players"]["red"]["settlements"] == [canonical]


@pytest.mark.parametrize(("alias", "canonical"), [
    ("9.NE", "5.SW"), ("5.SW", "5.SW"), ("9.E", "9.E"), ("10.W", "9.E"), ("4.W", "3.E"),
    ("1.W", "0.E"), ("18.NW", "14.SE"),
])
def test_edge_canonical_name_examples(alias: str, canonical: str) -> None:
    assert EDGE_ALIAS[alias] == canonical
    game = Game.from_dict(position({"red": {"roads": [alias]}}))
    assert game.to_dict()["players"]["red"]["roads"] == [canonical]


@pytest.mark.parametrize("alias", sorted(NODE_ALIAS))
def test_every_node_alias_is_accepted_in_positions_and_actions(alias: str) -> None:
    canonical = NODE_ALIAS[alias]
    game = Game.from_dict(position({"red": {"settlements": [alias]}}))
    assert game.to_dict()["players"]["red"]["settlements"] == [canonical]
    fresh = Game.new(seats=["red", "blue", "white"], seed=3, board="beginner")
    fresh.apply({"type": "place_settlement", "node": alias})
    assert fresh.to_dict()["players"]["red"]["settlements"] == [canonical]


@pytest.mark.parametrize("alias", sorted(EDGE_ALIAS))
def test_every_edge_alias_is_accepted_in_positions_and_actions(alias: str) -> None:
    canonical = EDGE_ALIAS[alias]
    game = Game.from_dict(position({"red": {"roads": [alias]}}))
    assert game.to_dict()["players"]["red"]["roads"] == [canonical]
    # As an action: a set-up road from a settlement at one end of the edge.
    tile, side = alias.split(".")
    node = f"{tile}.{SIDE_CORNERS[side][0]}"
    fresh = Game.new(seats=["red", "blue", "white"], seed=3, board="beginner")
    fresh.apply({"type": "place_settlement", "node": node})
    fresh.apply({"type": "place_road", "edge": alias})
    assert fresh.to_dict()["players"]["red"]["roads"] == [canonical]


@pytest.mark.parametrize("name", ["19.N", "0.X", "N", "9.n", " 9.N", "9.N ", "-1.N", "9..N",
                                  "", "9.NE.1", "09.N"])
def test_unknown_node_names_are_refused(name: str) -> None:
    game = Game.new(seats=["red", "blue", "white"], seed=3, board="beginner")
    refuse(game, {"type": "place_settlement", "node": name}, "unknown_place")
    with pytest.raises(InvalidPosition):
        Game.from_dict(position({"red": {"settlements": [name]}}))


@pytest.mark.parametrize("name", ["19.E", "9.N", "9.S", "E", "9.e", "", "9.NNE"])
def test_unknown_edge_names_are_refused(name: str) -> None:
    with pytest.raises(InvalidPosition):
        Game.from_dict(position({"red": {"roads": [name]}}))
    game = load_setup_road()
    refuse(game, {"type": "place_road", "edge": name}, "unknown_place")


def load_setup_road() -> Game:
    game = Game.new(seats=["red", "blue", "white"], seed=3, board="beginner")
    game.apply({"type": "place_settlement", "node": "4.SE"})
    return game


@pytest.mark.parametrize(("node", "count"), [("4.SE", 3), ("0.N", 2), ("0.NE", 3), ("18.S", 2)])
def test_setup_road_choices_are_the_edges_at_the_node(node: str, count: int) -> None:
    game = Game.new(seats=["red", "blue", "white"], seed=3, board="beginner")
    game.apply({"type": "place_settlement", "node": node})
    edges = [a["edge"] for a in game.legal_actions()]
    assert len(edges) == count
    assert all(e in EDGES for e in edges)
    # Each listed edge has the node at one end.
    for e in edges:
        aliases = [a for a, c in EDGE_ALIAS.items() if c == e]
        ends = {NODE_ALIAS[f"{a.split('.')[0]}.{corner}"] for a in aliases
                for corner in SIDE_CORNERS[a.split(".")[1]]}
        assert NODE_ALIAS[node] in ends


def test_output_lists_are_in_canonical_order() -> None:
    roads = ["14.E", "9.NE", "4.E", "10.W", "9.SE", "0.E", "1.SW", "18.NW", "17.W", "12.NE",
             "3.E", "7.E", "13.E", "16.W", "2.E"]
    doc = position({"red": {"roads": roads, "settlements": ["9.S", "0.N", "11.SE"],
                            "cities": ["18.S", "5.SE"]}})
    out = Game.from_dict(doc).to_dict()["players"]["red"]
    expected_roads = sorted({EDGE_ALIAS[r] for r in roads}, key=edge_key)
    assert out["roads"] == expected_roads
    assert out["settlements"] == sorted({NODE_ALIAS[n] for n in ["9.S", "0.N", "11.SE"]},
                                        key=node_key)
    assert out["cities"] == ["5.SE", "18.S"]


def test_beginner_board_matches_the_rulebook_and_the_extension_harbours() -> None:
    board = Game.new(seats=["red", "blue", "white"], seed=0, board="beginner").to_dict()["board"]
    assert board["tiles"] == BEGINNER_TILES
    assert board["ports"] == BEGINNER_PORTS
    assert board["robber"] == 9
    assert Game.from_dict(position(board="beginner")).to_dict()["board"]["tiles"] == BEGINNER_TILES


TOKENS = [5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11]  # A..R
OUTER_CCW = [0, 3, 7, 12, 16, 17, 18, 15, 11, 6, 2, 1]  # counter-clockwise from tile 0
INNER_CCW = [4, 8, 13, 14, 10, 5]


def _spiral(corner: int) -> list[int]:
    outer = OUTER_CCW[2 * corner:] + OUTER_CCW[:2 * corner]
    inner = INNER_CCW[corner:] + INNER_CCW[:corner]
    return [*outer, *inner, 9]


def _parse(tiles: list[str]) -> list[tuple[str, int]]:
    return [(t.split()[0], int(t.split()[1]) if " " in t else 0) for t in tiles]


def test_spiral_model_is_a_counter_clockwise_walk() -> None:
    for corner in range(6):
        order = _spiral(corner)
        assert sorted(order) == list(range(19))
        for a, b in itertools.pairwise(order):
            qa, ra = COORDS[a]
            qb, rb = COORDS[b]
            assert (qb - qa, rb - ra) in NEIGHBOUR_STEP.values()


@pytest.mark.parametrize("seed", range(12))
def test_ruling_spiral_counter_clockwise_from_a_corner_skipping_desert(seed: int) -> None:
    board = Game.new(seats=["red", "blue", "white"], seed=seed).to_dict()["board"]
    tiles = _parse(board["tiles"])
    assert Counter(t for t, _ in tiles) == {"forest": 4, "pasture": 4, "fields": 4, "hills": 3,
                                           "mountains": 3, "desert": 1}
    desert = next(i for i, (t, _) in enumerate(tiles) if t == "desert")
    assert tiles[desert][1] == 0
    assert board["robber"] == desert
    matches = [c for c in range(6)
               if [tiles[t][1] for t in _spiral(c) if t != desert] == TOKENS]
    assert matches, f"numbers {[n for _, n in tiles]} follow no counter-clockwise spiral"


@pytest.mark.parametrize("seed", range(12))
def test_standard_board_harbours(seed: int) -> None:
    ports = Game.new(seats=["red", "blue", "white"], seed=seed).to_dict()["board"]["ports"]
    assert len(ports) == 9
    assert set(ports) <= COAST
    assert Counter(ports.values()) == {"3:1": 4, "brick": 1, "lumber": 1, "wool": 1,
                                       "grain": 1, "ore": 1}


def test_standard_board_is_deterministic_per_seed() -> None:
    a = Game.new(seats=["red", "blue", "white"], seed=42).to_dict()
    b = Game.new(seats=["red", "blue", "white"], seed=42).to_dict()
    assert a == b
    boards = {tuple(Game.new(seats=["red", "blue", "white"], seed=s).to_dict()["board"]["tiles"])
              for s in range(10)}
    assert len(boards) > 1


@pytest.mark.parametrize("seed", range(20))
def test_ruling_spiral_alternative_random_numbers_keep_6_and_8_apart(seed: int) -> None:
    board = Game.new(seats=["red", "blue", "white"], seed=seed,
                     numbers="random").to_dict()["board"]
    tiles = _parse(board["tiles"])
    assert sorted(n for _, n in tiles if n) == sorted(TOKENS)
    red = {i for i, (_, n) in enumerate(tiles) if n in (6, 8)}
    for i in red:
        q, r = COORDS[i]
        for dq, dr in NEIGHBOUR_STEP.values():
            assert TILE_AT.get((q + dq, r + dr)) not in red


def test_standard_board_from_a_seed_in_a_position() -> None:
    # ``board: "standard"`` with ``seed`` in a position is the island ``Game.new`` makes from
    # that seed, a real variable island, and a different seed makes a different one.
    written = Game.from_dict(position(board="standard", seed=5)).to_dict()["board"]
    made = Game.new(seats=["red", "blue", "white"], seed=5, board="standard").to_dict()["board"]
    assert written["tiles"] == made["tiles"] and written["ports"] == made["ports"]
    tiles = _parse(written["tiles"])
    assert Counter(t for t, _ in tiles) == {"hills": 3, "forest": 4, "pasture": 4, "fields": 4,
                                            "mountains": 3, "desert": 1}
    assert sorted(n for _, n in tiles if n) == sorted(TOKENS)
    assert written["robber"] == [t for t, _ in tiles].index("desert")
    other = Game.from_dict(position(board="standard", seed=6)).to_dict()["board"]
    assert other["tiles"] != written["tiles"]
