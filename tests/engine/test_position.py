"""The position document: round-trips, canonical output, views, and refusing bad documents."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest
from engine_helpers import RESOURCES, SEATS3, SEATS4, load, position, sample
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from catan_core import Game, IllegalAction, InvalidPosition


def _rich_players() -> dict[str, Any]:
    return {
        "red": {"settlements": ["0.NW", "9.N"], "cities": ["16.S"],
                "roads": ["0.NW", "0.NE", "1.NW", "1.NE", "2.NW", "2.NE"],
                "hand": {"brick": 3, "ore": 2, "wool": 1}, "dev_cards": ["knight", "monopoly"],
                "new_dev_cards": ["victory_point"], "knights_played": 3},
        "blue": {"settlements": ["18.SE"], "cities": ["11.SE"], "roads": ["18.SE", "11.E"],
                 "hand": {"grain": 9, "lumber": 1}, "dev_cards": ["road_building"],
                 "knights_played": 1},
        "white": {"settlements": ["7.NW", "13.S"], "roads": ["7.NW", "13.SE"],
                  "hand": {"ore": 4}},
    }


def _corpus() -> list[tuple[str, Callable[[], Game]]]:
    rich = _rich_players()
    return [
        ("new-3-beginner", lambda: Game.new(seats=SEATS3, seed=1, board="beginner")),
        ("new-4-standard", lambda: Game.new(seats=SEATS4, seed=9)),
        ("new-random-numbers", lambda: Game.new(seats=SEATS4, seed=4, numbers="random")),
        ("new-vp-12-rules", lambda: Game.new(seats=SEATS3, seed=2, vp_to_win=12,
                                             rules={"trade_before_build": True})),
        ("setup-road", lambda: _after(Game.new(seats=SEATS3, seed=1, board="beginner"),
                                      {"type": "place_settlement", "node": "4.SE"})),
        ("main-rich", lambda: load(rich, longest_road="red", largest_army="red",
                                   turn={"dice": [2, 3]})),
        ("roll", lambda: load(rich, phase="roll", largest_army="red", longest_road="red")),
        ("discard", lambda: load(rich, phase="discard", largest_army="red",
                                 longest_road="red", pending={"discard": {"blue": 5}},
                                 turn={"dice": [6, 1]})),
        ("knight-before-roll", lambda: load(rich, phase="move_robber", largest_army="red",
                                            longest_road="red",
                                            pending={"return_to": "roll"},
                                            turn={"dev_card_played": True})),
        ("trade-open", lambda: load(rich, largest_army="red", longest_road="red", pending={
            "trade": {"give": {"brick": 2}, "get": {"grain": 1},
                      "answers": {"blue": {"give": {"brick": 3}, "get": {"grain": 2}},
                                  "white": "reject"}}})),
        ("built-strict", lambda: load(rich, largest_army="red", longest_road="red",
                                      rules={"trade_before_build": True},
                                      turn={"built": True})),
        ("deck-empty", lambda: load(rich, largest_army="red", longest_road="red", deck=[])),
        ("deck-given", lambda: load(rich, largest_army="red", longest_road="red",
                                    deck=["victory_point", "knight", "year_of_plenty"])),
        ("game-over", lambda: load(rich, phase="game_over", winner="blue",
                                   largest_army="red", longest_road="red")),
        ("four-players", lambda: load({"orange": {"settlements": ["5.SE"], "roads": ["5.E"]}},
                                      seats=SEATS4, player="orange")),
        ("standard-seeded", lambda: Game.from_dict({"seats": SEATS3, "board": "standard",
                                                    "seed": 77})),
    ]


def _after(game: Game, *actions: dict[str, Any]) -> Game:
    for action in actions:
        game.apply(action)
    return game


CORPUS = _corpus()


@pytest.mark.parametrize(("name", "make"), CORPUS, ids=[n for n, _ in CORPUS])
def test_round_trip(name: str, make: Callable[[], Game]) -> None:
    doc = make().to_dict()
    assert Game.from_dict(doc).to_dict() == doc
    assert json.loads(json.dumps(doc)) == doc  # JSON-compatible, nothing else inside
    again = Game.from_dict(json.loads(json.dumps(doc)))
    assert again.to_dict() == doc
    assert again.legal_actions() == Game.from_dict(doc).legal_actions()


@pytest.mark.parametrize(("name", "make"), CORPUS, ids=[n for n, _ in CORPUS])
def test_round_trip_keeps_the_future(name: str, make: Callable[[], Game]) -> None:
    game = make()
    clone = Game.from_dict(game.to_dict())
    for _ in range(6):
        legal = game.legal_actions()
        if not legal:
            break
        action = legal[len(legal) // 2]
        assert game.apply(action) == clone.apply(action)
        assert game.to_dict() == clone.to_dict()


@pytest.mark.parametrize(("name", "make"), CORPUS, ids=[n for n, _ in CORPUS])
def test_views_hide_what_a_player_may_not_see(name: str, make: Callable[[], Game]) -> None:
    game = make()
    full = game.to_dict()
    for colour in full["seats"]:
        view = game.to_dict(view=colour)
        assert "rng" not in view
        assert view["deck"] == len(full["deck"])
        for other, entry in view["players"].items():
            real = full["players"][other]
            if other == colour:
                assert entry == real
                continue
            assert entry["hand"] == {"hidden": sum(real["hand"].values())}
            assert entry["dev_cards"] == {"hidden": len(real["dev_cards"])}
            assert entry["new_dev_cards"] == {"hidden": len(real["new_dev_cards"])}
            for key in ("settlements", "cities", "roads", "knights_played"):
                assert entry[key] == real[key]
        public = {k: v for k, v in full.items() if k not in ("players", "deck", "rng")}
        assert {k: v for k, v in view.items() if k not in ("players", "deck")} == public
        with pytest.raises(InvalidPosition):
            Game.from_dict(view)
        json.dumps(view)


def test_new_game_output_round_trips_exactly() -> None:
    for seed in range(10):
        doc = Game.new(seats=SEATS4 if seed % 2 else SEATS3, seed=seed).to_dict()
        assert Game.from_dict(doc).to_dict() == doc
        assert doc["format"] == "catan-position/1"


def test_output_is_canonical() -> None:
    doc = position({"red": {"settlements": ["9.N", "0.NW"], "cities": ["17.NE"],
                            "roads": ["9.NE", "4.E", "1.W"],
                            "hand": {"ore": 2, "brick": 0, "wool": 1},
                            "dev_cards": ["monopoly", "knight", "knight"]}},
                   ports={"0.NW": "3:1", "18.E": "wool"})
    out = Game.from_dict(doc).to_dict()
    red = out["players"]["red"]
    assert red["settlements"] == ["0.NW", "4.SE"]
    assert red["cities"] == ["14.S"]
    assert red["roads"] == ["0.E", "4.E", "5.SW"]
    assert red["hand"] == {"wool": 1, "ore": 2}  # zeros left out
    assert sorted(red["dev_cards"]) == ["knight", "knight", "monopoly"]
    assert out["board"]["ports"] == {"0.NW": "3:1", "18.E": "wool"}
    assert Game.from_dict(out).to_dict() == out


def test_to_dict_writes_the_whole_position() -> None:
    doc = Game.from_dict({"seats": SEATS3}).to_dict()
    for key in ("format", "seats", "vp_to_win", "board", "players", "deck", "longest_road",
                "largest_army", "turn", "pending", "rng", "winner"):
        assert key in doc
    assert set(doc["players"]) == set(SEATS3)
    assert len(doc["board"]["tiles"]) == 19


def test_omitted_fields_take_their_defaults() -> None:
    game = Game.from_dict({"seats": SEATS3, "rng": 12})
    doc = game.to_dict()
    assert doc["turn"]["player"] == "red" and doc["turn"]["number"] == 1
    assert doc["turn"]["phase"] == "roll" and doc["turn"]["dev_card_played"] is False
    assert doc["winner"] is None and doc["longest_road"] is None and doc["largest_army"] is None
    assert doc["pending"] == {}
    assert doc["vp_to_win"] == 10
    for entry in doc["players"].values():
        assert entry == {"settlements": [], "cities": [], "roads": [], "hand": {},
                         "dev_cards": [], "new_dev_cards": [], "knights_played": 0}
    assert len(doc["deck"]) == 25
    assert Game.from_dict({"seats": SEATS3, "rng": 12}).to_dict() == doc  # shuffled from rng


def _invalid(doc: Any) -> InvalidPosition:
    with pytest.raises(InvalidPosition) as info:
        Game.from_dict(doc)
    assert isinstance(info.value, ValueError)
    return info.value


def _base() -> dict[str, Any]:
    return position({"red": {"settlements": ["0.N"], "roads": ["0.NE"], "hand": {"brick": 1},
                             "dev_cards": ["knight"]},
                     "blue": {"settlements": ["18.S"], "hand": {"ore": 2}}})


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def mutate(doc: dict[str, Any]) -> None:
        keys = path.split("/")
        target = doc
        for key in keys[:-1]:
            target = target[int(key)] if isinstance(target, list) else target[key]
        last = keys[-1]
        if isinstance(target, list):
            target[int(last)] = value
        else:
            target[last] = value
    return mutate


BAD_DOCS: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("format", _set("format", "catan-position/2"), "format"),
    ("unknown top field", _set("colour", "red"), "colour"),
    ("seats not a list", _set("seats", "red"), "seats"),
    ("two seats", _set("seats", ["red", "blue"]), "seats"),
    ("five seats", _set("seats", ["red", "blue", "white", "orange", "red"]), "seats"),
    ("unknown colour", _set("seats", ["red", "blue", "green"]), "seats"),
    ("colour twice", _set("seats", ["red", "blue", "red"]), "seats"),
    ("vp_to_win text", _set("vp_to_win", "10"), "vp_to_win"),
    ("vp_to_win bool", _set("vp_to_win", True), "vp_to_win"),
    ("vp_to_win 0", _set("vp_to_win", 0), "vp_to_win"),
    ("board number", _set("board", 5), "board"),
    ("board word", _set("board", "expert"), "board"),
    ("18 tiles", _set("board/tiles", ["desert"] * 18), "board"),
    ("tile 7", _set("board/tiles/3", "fields 7"), "board"),
    ("tile 13", _set("board/tiles/3", "fields 13"), "board"),
    ("tile unknown terrain", _set("board/tiles/3", "gold 5"), "board"),
    ("desert with number", _set("board/tiles/9", "desert 7"), "board"),
    ("tile without number", _set("board/tiles/3", "fields"), "board"),
    ("tile not text", _set("board/tiles/3", ["fields", 5]), "board"),
    ("tile odd digits", _set("board/tiles/3", "fields \u0663"), "board"),
    ("tile superscript", _set("board/tiles/3", "fields \u00b2"), "board"),
    ("robber 19", _set("board/robber", 19), "board.robber"),
    ("robber text", _set("board/robber", "9"), "board.robber"),
    ("inland harbour", _set("board/ports", {"9.N": "3:1"}), "board"),
    ("harbour kind", _set("board/ports", {"0.NW": "4:1"}), "board"),
    ("harbour no edge", _set("board/ports", {"0.X": "3:1"}), "board"),
    ("board field", _set("board/size", 5), "board.size"),
    ("standard seed text", lambda d: d.update(board="standard", seed="x"), "seed"),
    ("players list", _set("players", []), "players"),
    ("player not seated", _set("players/orange", {}), "players.orange"),
    ("player not object", _set("players/red", []), "players.red"),
    ("player field", _set("players/red/gold", 1), "players.red.gold"),
    ("settlement name", _set("players/red/settlements", ["0.Q"]), "players.red.settlements"),
    ("settlement twice", _set("players/red/settlements", ["0.N", "0.N"]),
     "players.red.settlements"),
    ("settlement alias twice", _set("players/red/settlements", ["4.SE", "9.N"]),
     "players.red.settlements"),
    ("settlement not list", _set("players/red/settlements", "0.N"), "players.red.settlements"),
    ("settlement number", _set("players/red/settlements", [3]), "players.red.settlements"),
    ("shared node", _set("players/blue/settlements", ["0.N"]), "players.blue"),
    ("city and settlement", _set("players/red/cities", ["0.N"]), "players.red"),
    ("distance rule", _set("players/blue/settlements", ["0.NE"]), "players"),
    ("road name", _set("players/red/roads", ["0.N"]), "players.red.roads"),
    ("shared road", _set("players/blue/roads", ["0.NE"]), "players.blue.roads"),
    ("16 roads", _set("players/red/roads",
                      ["0.NW", "0.NE", "1.NW", "1.NE", "2.NW", "2.NE", "2.E", "6.NE", "6.E",
                       "11.NE", "11.E", "11.SE", "15.E", "15.SE", "18.E", "18.SE"]),
     "players.red"),
    ("6 settlements", _set("players/red/settlements",
                           ["0.N", "2.NE", "7.NW", "11.SE", "16.S", "9.S"]), "players.red"),
    ("5 cities", _set("players/red/cities", ["2.NE", "7.NW", "11.SE", "16.S", "9.S"]),
     "players.red"),
    ("hand resource", _set("players/red/hand", {"gold": 1}), "players.red.hand"),
    ("hand negative", _set("players/red/hand", {"brick": -1}), "players.red.hand"),
    ("hand text", _set("players/red/hand", {"brick": "1"}), "players.red.hand"),
    ("hand float", _set("players/red/hand", {"brick": 1.5}), "players.red.hand"),
    ("hand list", _set("players/red/hand", ["brick"]), "players.red.hand"),
    ("hidden hand", _set("players/red/hand", {"hidden": 3}), "players.red.hand"),
    ("bank negative", _set("players/red/hand", {"ore": 18}), "players"),
    ("dev card name", _set("players/red/dev_cards", ["soldier"]), "players.red.dev_cards"),
    ("dev card list", _set("players/red/dev_cards", [["knight"]]), "players.red.dev_cards"),
    ("dev cards hidden", _set("players/red/dev_cards", {"hidden": 1}), "players.red.dev_cards"),
    ("new dev card", _set("players/red/new_dev_cards", [None]), "players.red.new_dev_cards"),
    ("knights text", _set("players/red/knights_played", "2"), "players.red.knights_played"),
    ("knights negative", _set("players/red/knights_played", -1), "players.red.knights_played"),
    ("too many knights", _set("players/red/knights_played", 14), "players"),
    ("deck card", _set("deck", ["knight", "joker"]), "deck"),
    ("deck card object", _set("deck", [{"card": "knight"}]), "deck"),
    ("deck count", _set("deck", "25"), "deck"),
    ("deck too many", _set("deck", ["monopoly"] * 3), "deck"),
    ("deck too many vp", _set("deck", ["victory_point"] * 6), "deck"),
    ("longest road colour", _set("longest_road", "green"), "longest_road"),
    ("longest road short", _set("longest_road", "red"), "longest_road"),
    ("largest army short", _set("largest_army", "red"), "largest_army"),
    ("winner colour", _set("winner", "green"), "winner"),
    ("winner not over", _set("winner", "red"), "winner"),
    ("over without winner", _set("turn/phase", "game_over"), "winner"),
    ("turn not object", _set("turn", "red"), "turn"),
    ("turn player", _set("turn/player", "green"), "turn.player"),
    ("turn phase", _set("turn/phase", "trade"), "turn.phase"),
    ("turn number", _set("turn/number", -1), "turn.number"),
    ("turn number text", _set("turn/number", "5"), "turn.number"),
    ("turn flag", _set("turn/dev_card_played", "no"), "turn.dev_card_played"),
    ("turn dice", _set("turn/dice", [0, 7]), "turn.dice"),
    ("turn built", _set("turn/built", 1), "turn.built"),
    ("turn field", _set("turn/rolled", True), "turn.rolled"),
    ("pending not object", _set("pending", []), "pending"),
    ("pending field", lambda d: d.update(pending={"robber": 3}), "pending.robber"),
    ("discard without phase", lambda d: d.update(pending={"discard": {"blue": 1}}),
     "pending.discard"),
    ("discard phase without counts", _set("turn/phase", "discard"), "pending.discard"),
    ("discard colour", lambda d: (d["turn"].update(phase="discard"),
                                  d.update(pending={"discard": {"green": 1}})),
     "pending.discard"),
    ("discard count", lambda d: (d["turn"].update(phase="discard"),
                                 d.update(pending={"discard": {"blue": 0}})),
     "pending.discard"),
    ("discard more than held", lambda d: (d["turn"].update(phase="discard"),
                                          d.update(pending={"discard": {"blue": 4}})),
     "pending.discard"),
    ("return_to value", lambda d: (d["turn"].update(phase="move_robber"),
                                   d.update(pending={"return_to": "main"})),
     "pending.return_to"),
    ("return_to outside move_robber", lambda d: (d["turn"].update(phase="roll"),
                                                 d.update(pending={"return_to": "roll"})),
     "pending.return_to"),
    ("trade outside main", lambda d: (d["turn"].update(phase="roll"),
                                      d.update(pending={"trade": {"give": {"brick": 1},
                                                                  "get": {"ore": 1}}})),
     "pending.trade"),
    ("trade terms", lambda d: d.update(pending={"trade": {"give": {"gold": 1},
                                                          "get": {"ore": 1}}}),
     "pending.trade.give"),
    ("trade answer", lambda d: d.update(pending={"trade": {"give": {"brick": 1},
                                                           "get": {"ore": 1},
                                                           "answers": {"blue": "maybe"}}}),
     "pending.trade.answers.blue"),
    ("trade answer by the offerer", lambda d: d.update(pending={"trade": {
        "give": {"brick": 1}, "get": {"ore": 1}, "answers": {"red": "accept"}}}),
     "pending.trade.answers.red"),
    ("rules field", _set("rules", {"friendly_robber": True}), "rules"),
    ("rules value", _set("rules", {"trade_before_build": "yes"}), "rules.trade_before_build"),
    ("rng negative", _set("rng", -1), "rng"),
    ("rng too big", _set("rng", 1 << 64), "rng"),
    ("rng text", _set("rng", "seven"), "rng"),
    ("rng hex too long", _set("rng", "1" * 17), "rng"),
    ("rng signed hex", _set("rng", "-7"), "rng"),
    ("setup order", lambda d: d["turn"].update(phase="setup_settlement", number=0), "turn"),
]


@pytest.mark.parametrize(("name", "mutate", "path"), BAD_DOCS, ids=[b[0] for b in BAD_DOCS])
def test_invalid_position_names_the_path(name: str, mutate: Callable[[dict[str, Any]], None],
                                         path: str) -> None:
    doc = _base()
    Game.from_dict(copy.deepcopy(doc))  # the base itself is fine
    mutate(doc)
    error = _invalid(doc)
    assert error.code == "invalid_position"
    assert isinstance(error.path, str)
    assert error.path.startswith(path), f"path {error.path!r} for {name}: {error}"
    assert str(error)


@pytest.mark.parametrize("doc", [None, [], "catan", 5, {"seats": None}, {}, {"players": {}}])
def test_not_a_position_at_all(doc: Any) -> None:
    _invalid(doc)


# -- properties -----------------------------------------------------------------------------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.floats(allow_nan=False)
    | st.sampled_from(["red", "blue", "white", "green", "knight", "brick", "4.SE", "9.N",
                       "main", "roll", "discard", "desert", "forest 9", "3:1", "", "hidden"]),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.sampled_from(["red", "blue", "brick", "ore", "give", "get", "hidden",
                                       "player", "x"]), inner, max_size=4),
    max_leaves=12,
)


def _paths(doc: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(doc, dict):
        for key, value in doc.items():
            found += _paths(value, (*prefix, key))
    elif isinstance(doc, list):
        for i, value in enumerate(doc):
            found += _paths(value, (*prefix, i))
    return found


def _replace(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    target = doc
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return doc


def _load_or_refuse(doc: Any) -> None:
    try:
        game = Game.from_dict(doc)
    except InvalidPosition as error:
        assert isinstance(error.path, str)
        assert "unreadable position" not in str(error), f"unhandled bad input: {error}"
        return
    out = game.to_dict()
    assert Game.from_dict(out).to_dict() == out
    game.legal_actions()


def _valid_docs() -> list[dict[str, Any]]:
    return [make().to_dict() for _, make in CORPUS]


VALID = _valid_docs()


@settings(max_examples=sample(250), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_property_mutated_positions_load_or_raise_invalid_position(data: st.DataObject) -> None:
    doc = copy.deepcopy(data.draw(st.sampled_from(VALID)))
    for _ in range(data.draw(st.integers(1, 3))):
        paths = _paths(doc)
        path = data.draw(st.sampled_from(paths))
        doc = _replace(doc, path, data.draw(JSON))
    _load_or_refuse(doc)


@settings(max_examples=sample(120), deadline=None)
@given(st.dictionaries(st.sampled_from(["format", "seats", "vp_to_win", "board", "players",
                                        "deck", "turn", "pending", "rng", "winner", "rules",
                                        "seed", "longest_road", "largest_army"]), JSON))
def test_property_random_documents_load_or_raise_invalid_position(doc: dict[str, Any]) -> None:
    _load_or_refuse(doc)


@settings(max_examples=sample(200), deadline=None)
@given(st.data())
def test_property_deleting_a_field_loads_or_raises_invalid_position(data: st.DataObject) -> None:
    doc = copy.deepcopy(data.draw(st.sampled_from(VALID)))
    paths = [p for p in _paths(doc) if p]
    path = data.draw(st.sampled_from(paths))
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    del parent[path[-1]]
    _load_or_refuse(doc)


def test_bank_and_stock_are_never_written() -> None:
    doc = load(_rich_players(), longest_road="red", largest_army="red").to_dict()
    assert "bank" not in doc
    assert all("stock" not in p for p in doc["players"].values())
    totals = dict.fromkeys(RESOURCES, 0)
    for entry in doc["players"].values():
        for r, n in entry["hand"].items():
            totals[r] += n
    assert all(totals[r] <= 19 for r in RESOURCES)


def test_illegal_action_is_not_an_invalid_position() -> None:
    assert not issubclass(IllegalAction, InvalidPosition)
    assert issubclass(InvalidPosition, ValueError)


def test_positions_loaded_from_one_document_are_independent() -> None:
    """Loading may share what it made of a document with other loads (the pieces' tables):
    changing one game (building, Road Building's trials) changes no other, nor later loads."""
    import random

    game = Game.new(seats=SEATS4, seed=3)
    chooser = random.Random(3)
    built = 0
    while game.winner is None and game.turn_number <= 400:
        doc = game.to_dict()
        first, second = Game.from_dict(doc), Game.from_dict(doc)
        twin = first.copy()
        for _ in range(3):  # a few random moves on one of them
            legal = first.legal_actions()
            if not legal:
                break
            action = chooser.choice(legal)
            built += action["type"] in ("build_road", "build_settlement", "build_city",
                                        "place_settlement", "place_road", "play_road_building")
            first.apply(action)
        assert second.to_dict() == doc
        assert twin.to_dict() == doc
        assert Game.from_dict(doc).to_dict() == doc
        game.apply(chooser.choice(game.legal_actions()))
    assert built > 20


# The rule each position check names in ``details.reason`` (stable: the site translates it);
# every other document in BAD_DOCS is not a position at all: ``malformed``.
REASONS = {
    "distance rule": "distance_rule",
    "16 roads": "too_many_pieces",
    "6 settlements": "too_many_pieces",
    "5 cities": "too_many_pieces",
    "bank negative": "too_many_cards",
    "longest road short": "longest_road_holder",
    "largest army short": "largest_army_holder",
    "winner not over": "winner_phase",
    "over without winner": "winner_phase",
    "discard without phase": "discard_phase",
    "discard phase without counts": "discard_phase",
    "discard more than held": "discard_exceeds_hand",
    "return_to outside move_robber": "knight_phase",
    "trade outside main": "trade_phase",
    "setup order": "setup_order",
}


@pytest.mark.parametrize(("name", "mutate", "path"), BAD_DOCS, ids=[b[0] for b in BAD_DOCS])
def test_invalid_position_names_the_rule(name: str, mutate: Callable[[dict[str, Any]], None],
                                         path: str) -> None:
    doc = _base()
    mutate(doc)
    error = _invalid(doc)
    assert error.reason == error.details["reason"] == REASONS.get(name, "malformed"), name
    assert error.to_dict()["details"]["reason"] == error.reason


def test_invalid_position_reasons_carry_their_values() -> None:
    doc = _base()
    _set("players/red/cities", ["2.NE", "7.NW", "11.SE", "16.S", "9.S"])(doc)
    assert _invalid(doc).details == {"path": "players.red", "reason": "too_many_pieces",
                                     "colour": "red", "piece": "city", "count": 5, "supply": 4}
    doc = _base()
    _set("players/blue/settlements", ["0.NE"])(doc)
    details = _invalid(doc).details
    assert details["reason"] == "distance_rule"
    assert {details["node"], details["other"]} == {"0.N", "0.NE"}
    doc = _base()
    _set("players/red/hand", {"ore": 18})(doc)
    assert _invalid(doc).details["resource"] == "ore"


def test_setup_positions_name_the_rule() -> None:
    """The set-up checks a person editing a board can hit: a road away from its settlement,
    a settlement without its road, the snake order."""
    setup = {"format": "catan-position/1", "seats": SEATS3, "board": "beginner",
             "turn": {"player": "blue", "phase": "setup_settlement"},
             "players": {"red": {"settlements": ["0.N"], "roads": ["0.NE"]}}}
    Game.from_dict(copy.deepcopy(setup))
    far = copy.deepcopy(setup)
    far["players"]["red"]["roads"] = ["18.SE"]
    error = _invalid(far)
    assert error.reason == "setup_road_not_at_settlement"
    assert error.details["colour"] == "red" and error.details["edge"] == "18.SE"
    bare = copy.deepcopy(setup)
    bare["players"]["red"]["roads"] = []
    assert _invalid(bare).reason == "setup_pieces"
    order = copy.deepcopy(setup)
    order["turn"]["player"] = "white"
    assert _invalid(order).reason == "setup_order"
