"""The read API (``catan_core.query``, ``catan_core.geometry``) agrees with ``apply``.

Every answer the read API gives about a rule is checked against what the engine does: a spot
reported legal is one ``apply`` accepts and every illegal one is refused with the reported code;
a build option or development card without a reason is one ``legal_actions()`` lists; the
production of a roll is what the forced roll pays.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from engine_helpers import RESOURCES, SEATS3, SEATS4

from catan_core import Game, IllegalAction, geometry
from catan_core.query import BUILD_COSTS, affordable

PREFERRED = ("build_city", "build_settlement", "buy_dev_card", "build_road")


def _play(seed: int, steps: int) -> list[Game]:
    """Positions along one random game (every few actions), biased towards building."""
    rnd = random.Random(seed)
    game = Game.new(seats=SEATS4 if seed % 2 else SEATS3, seed=seed)
    seen = []
    for i in range(steps):
        legal = game.legal_actions()
        if not legal:
            break
        builds = [a for a in legal if a["type"] in PREFERRED]
        game.apply(rnd.choice(builds) if builds and rnd.random() < 0.7 else rnd.choice(legal))
        if i % 7 == 0:
            seen.append(game.copy())
    return seen


def _richer(game: Game, rnd: random.Random) -> Game:
    """The same position with cards added to the active player's hand (so builds are
    possible)."""
    doc = game.to_dict()
    me = doc["players"][doc["turn"]["player"]]
    held = {r: sum(p["hand"].get(r, 0) for p in doc["players"].values()) for r in RESOURCES}
    me["hand"] = {r: me["hand"].get(r, 0) + min(rnd.randrange(0, 4), 19 - held[r])
                  for r in RESOURCES}
    me["hand"] = {r: n for r, n in me["hand"].items() if n}
    return Game.from_dict(doc)


# A fixed number of positions (not ``sample``): the parametrized tests below must be the same
# in CPython and in Pyodide (tests/test_pyodide_node.py compares the counts).
POSITIONS = [g for seed in range(4) for g in _play(seed, 260)]


def _code(game: Game, action: dict[str, Any]) -> str | None:
    try:
        game.copy().apply(action)
    except IllegalAction as exc:
        return exc.code
    return None


@pytest.mark.parametrize("index", range(0, len(POSITIONS), 3))
def test_spots_are_what_apply_accepts(index: int) -> None:
    game = POSITIONS[index]
    colour = game.current_player
    if game.phase not in ("setup_settlement", "setup_road", "main") or game.open_trade():
        return
    if game.phase == "main":
        game = _richer(game, random.Random(index))
    for kind, action_type, field in (("settlement", "build_settlement", "node"),
                                     ("road", "build_road", "edge"),
                                     ("city", "build_city", "node")):
        if game.phase.startswith("setup"):
            if kind == "city":
                continue
            action_type = "place_" + kind
        report = game.spots(kind, colour)
        assert report["player"] == colour
        names = geometry.nodes() if field == "node" else geometry.edges()
        assert sorted(report["legal"] + list(report["illegal"])) == sorted(names)
        for name in names:
            code = _code(game, {"type": action_type, field: name})
            if name in report["legal"]:
                # Legal by place: ``apply`` refuses it only for cost, pieces or the phase.
                assert code in (None, "insufficient_resources", "no_pieces_left",
                                "wrong_phase"), (kind, name, code)
            elif code not in ("wrong_phase",):
                assert code == report["illegal"][name], (kind, name, code)


@pytest.mark.parametrize("index", range(len(POSITIONS)))
def test_build_options_and_dev_cards_match_legal_actions(index: int) -> None:
    game = POSITIONS[index]
    if game.phase == "main" and not game.open_trade():
        game = _richer(game, random.Random(index))
    types = {(a["player"], a["type"]) for a in game.legal_actions()}
    for colour in game.seats:
        options = game.build_options(colour)
        for kind, action in (("road", "build_road"), ("settlement", "build_settlement"),
                             ("city", "build_city"), ("dev_card", "buy_dev_card")):
            assert (options[kind]["reason"] is None) == ((colour, action) in types), \
                (colour, kind, options[kind])
            assert options[kind]["cost"] == BUILD_COSTS[kind]
            assert options[kind]["affordable"] == game.can_afford(colour, kind)
        for card, reason in game.playable_dev_cards(colour).items():
            assert (reason is None) == ((colour, "play_" + card) in types), (colour, card, reason)
            if reason is not None:
                action: dict[str, Any] = {"type": "play_" + card, "player": colour}
                code = _code(game, action)
                if reason in ("not_your_turn", "wrong_phase", "trade_open",
                              "dev_card_already_played", "card_bought_this_turn",
                              "no_such_card", "game_over"):
                    assert code == reason, (card, reason, code)


@pytest.mark.parametrize("index", range(0, len(POSITIONS), 2))
def test_production_is_what_the_roll_pays(index: int) -> None:
    game = POSITIONS[index]
    if game.phase != "roll":
        return
    for total in (2, 3, 4, 5, 6, 8, 9, 10, 11, 12):
        expected = game.production(total)
        trial = game.copy()
        dice = [1, total - 1] if total <= 7 else [6, total - 6]
        events = trial.apply({"type": "roll", "dice": dice})
        produced = next(e for e in events if e["type"] == "produced")
        assert expected["gains"] == produced["gains"]
        assert expected["shortage"] == produced["shortage"]
        assert set(expected["blocked"]) <= set(expected["tiles"])
        assert all(t == game.robber for t in expected["blocked"])
    assert game.production(7)["gains"] == {}


@pytest.mark.parametrize("index", range(len(POSITIONS)))
def test_actors_points_and_awards(index: int) -> None:
    game = POSITIONS[index]
    doc = game.to_dict()
    actors = game.actors()
    movers = {a["player"] for a in game.legal_actions()}
    if game.winner is not None:
        assert actors == [] and movers == set()
    elif game.open_trade() is None:
        assert set(actors) == movers
    else:
        assert set(actors) <= movers
    awards = game.awards()
    assert awards["longest_road"]["holder"] == doc["longest_road"]
    assert awards["largest_army"]["holder"] == doc["largest_army"]
    for colour in game.seats:
        assert awards["longest_road"]["lengths"][colour] == game.longest_road_length(colour)
        path = awards["longest_road"]["paths"][colour]
        assert len(path) == game.longest_road_length(colour)
        assert set(path) <= set(doc["players"][colour]["roads"])
        points = game.points(colour)
        assert points["total"] == game.victory_points(colour)
        assert points["public"] == game.public_points(colour)
        assert game.scores(colour)[colour] == points["total"]
        others = game.scores(colour)
        assert all(others[c] == game.public_points(c) for c in game.seats if c != colour) \
            or game.winner is not None
        summary = game.summary(colour)
        assert summary["cards"] == sum(doc["players"][colour]["hand"].values())
        assert summary["cards"] == game.hand_size(colour)
        assert game.hand_of(colour) == doc["players"][colour]["hand"]
        assert game.buildings(colour) == {k: doc["players"][colour][k]
                                          for k in ("settlements", "cities", "roads")}
        rates = game.maritime_rates(colour)
        assert set(rates) == set(RESOURCES) and set(rates.values()) <= {2, 3, 4}


def test_longest_road_tie_is_set_aside() -> None:
    # Red and blue both have 5 roads; nobody holds the card (it was set aside after a break).
    doc = {"seats": ["red", "blue", "white"], "board": "beginner",
           "players": {"red": {"settlements": ["0.N"],
                               "roads": ["0.NW", "0.NE", "0.E", "0.SE", "0.SW"]},
                       "blue": {"settlements": ["16.S"],
                                "roads": ["16.SW", "16.SE", "16.E", "16.NE", "16.NW"]}},
           "turn": {"player": "red", "number": 5, "phase": "main", "dev_card_played": False}}
    road = Game.from_dict(doc).awards()["longest_road"]
    assert road["holder"] is None and road["leaders"] == ["red", "blue"] and road["set_aside"]
    doc["longest_road"] = "blue"
    road = Game.from_dict(doc).awards()["longest_road"]
    assert road["holder"] == "blue" and not road["set_aside"]


def test_discards_and_trade_views() -> None:
    doc = {"seats": ["red", "blue", "white"], "board": "beginner",
           "players": {"red": {"hand": {"brick": 9}}, "blue": {"hand": {"ore": 8, "wool": 1}},
                       "white": {"hand": {"grain": 7}}},
           "turn": {"player": "red", "number": 3, "phase": "main", "dev_card_played": False}}
    game = Game.from_dict(doc)
    assert game.seven_discards() == {"red": 4, "blue": 4}
    assert game.discards_owed() == {}
    game.apply({"type": "offer_trade", "give": {"brick": 1}, "get": {"ore": 1}})
    assert game.actors() == ["blue", "white"]
    game.apply({"type": "accept_trade", "player": "blue"})
    assert game.actors() == ["white"]
    assert game.open_trade() == {"player": "red", "give": {"brick": 1}, "get": {"ore": 1},
                                 "answers": {"blue": "accept"}}
    game.apply({"type": "reject_trade", "player": "white"})
    assert game.actors() == ["red"]


def test_affordable_and_unknown_inputs() -> None:
    assert affordable({}) == {"road": 0, "settlement": 0, "city": 0, "dev_card": 0}
    assert affordable({r: 19 for r in RESOURCES})["road"] == 19
    game = Game.new(seats=SEATS3, board="beginner")
    for call in (lambda: game.spots("castle", "red"), lambda: game.spots("road", "green"),
                 lambda: game.production(13), lambda: game.can_afford("red", "castle"),
                 lambda: game.owner_of("99.N"), lambda: geometry.node_name("9.X")):
        with pytest.raises(IllegalAction):
            call()


def test_geometry_is_consistent() -> None:
    for node in geometry.nodes():
        info = geometry.node_info(node)
        for other in info["neighbours"]:
            assert node in geometry.node_neighbours(other)
            shared = set(geometry.node_edges(node)) & set(geometry.node_edges(other))
            assert len(shared) == 1
        for alias in info["aliases"]:
            assert geometry.node_name(alias) == node
        for tile in info["tiles"]:
            assert node in geometry.tile_corners(tile)
    for edge in geometry.edges():
        a, b = geometry.edge_nodes(edge)
        assert b in geometry.node_neighbours(a)
        assert geometry.edge_info(edge)["coast"] == (edge in geometry.coast_edges())
    game = Game.new(seats=SEATS3, board="beginner")
    for harbour in game.harbours():
        assert harbour["edge"] in geometry.coast_edges()
        for node in harbour["nodes"]:
            assert game.harbour_at(node) == harbour["kind"]
    assert sum(t["robber"] for t in game.tiles()) == 1


def test_copy_is_complete_and_independent() -> None:
    game = POSITIONS[len(POSITIONS) // 2]
    other = game.copy()
    slots = {s for cls in type(game).__mro__ for s in getattr(cls, "__slots__", ())}
    shared = {"_board_production", "_node_port", "rules"}  # never changed after loading
    for name in slots:  # every field copied, every mutable one a new object
        a, b = getattr(game, name), getattr(other, name)
        if isinstance(a, list | set | dict) and name not in shared:
            assert a == b and a is not b, name
    assert other.to_dict() == game.to_dict()
    rnd = random.Random(1)
    before = game.to_dict()
    for _ in range(60):
        if other.winner is not None:
            break
        other.apply(rnd.choice(other.legal_actions()))
    assert game.to_dict() == before
