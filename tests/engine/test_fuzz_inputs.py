"""Bad input at every public entry point gives a typed error with a code, never a crash.

Hypothesis throws junk at ``Game.new``, ``Game.from_dict`` (valid positions with one part
replaced or removed), ``apply``, ``to_dict(view=...)`` and the read API. Every refusal must be
a ``CatanError`` with a ``code`` (no ``TypeError``, ``KeyError`` or bare ``ValueError``), a
refused action must leave the game unchanged, and every position that loads must be one the
game continues from: each legal action applies, and the position writes back as it was read.
The fast position reader and the careful one must agree on every document.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from engine_helpers import SEATS3, SEATS4, sample
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from catan_core import (
    ACTION_TYPES,
    CatanError,
    Game,
    IllegalAction,
    InvalidArgument,
    InvalidPosition,
    serialize,
)

WORDS = ["red", "blue", "white", "orange", "green", "4.SE", "9.N", "0.NE", "9.NE", "99.N",
         "brick", "ore", "wool", "knight", "monopoly", "victory_point", "main", "roll",
         "setup_road", "discard", "accept", "reject", "beginner", "standard", "desert",
         "forest 9", "hills 7", "3:1", "", "hidden", "0", "ffffffffffffffff"]
SCALARS = (st.none() | st.booleans() | st.integers(-3, 40) | st.sampled_from(WORDS)
           | st.integers(min_value=-(1 << 70), max_value=1 << 70)
           | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=6))
JSON = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.sampled_from(WORDS) | st.text(max_size=5), inner,
                                      max_size=4), max_leaves=12)
FUZZ = settings(max_examples=sample(300), deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _bases() -> list[dict[str, Any]]:
    docs = []
    for seed in range(4):
        game = Game.new(seats=SEATS4 if seed % 2 else SEATS3, seed=seed, board="standard")
        rnd = random.Random(seed)
        for step in range(160):
            legal = game.legal_actions()
            if not legal:
                break
            game.apply(rnd.choice(legal))
            if step in (3, 9, 40, 159) or (game.phase == "main" and step % 50 == 7):
                docs.append(game.to_dict())
    trade = Game.from_dict(docs[-1])
    if trade.phase == "main":
        me = trade.current_player
        hand = trade.hand_of(me)
        if hand:
            give = next(iter(hand))
            want = next(r for r in ("ore", "wool", "grain") if r != give)
            try:
                trade.apply({"type": "offer_trade", "give": {give: 1}, "get": {want: 1}})
                docs.append(trade.to_dict())
            except IllegalAction:
                pass
    return docs


BASES = _bases()


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix] if prefix else []
    if isinstance(value, dict):
        for k, v in value.items():
            found += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value[:6]):
            found += _paths(v, (*prefix, i))
    return found


def _mutate(doc: dict[str, Any], path: tuple[Any, ...], junk: Any, delete: bool) -> Any:
    out = copy.deepcopy(doc)
    target = out
    for key in path[:-1]:
        target = target[key]
    if delete and isinstance(target, dict):
        del target[path[-1]]
    else:
        target[path[-1]] = junk
    return out


def _load_carefully(doc: Any) -> dict[str, Any] | str:
    game = Game.__new__(Game)
    try:
        serialize._read_checked(game, doc)
    except InvalidPosition as exc:
        return exc.message
    return game.to_dict()


def _continues(game: Game) -> None:
    """Every legal action applies, and the position writes back as read."""
    doc = game.to_dict()
    assert Game.from_dict(doc).to_dict() == doc
    legal = game.legal_actions()
    for action in legal[:: max(1, len(legal) // 25)]:
        game.copy().apply(action)


@FUZZ
@given(base=st.sampled_from(range(len(BASES))), pick=st.integers(0, 10_000), junk=JSON,
       delete=st.booleans())
def test_from_dict_refuses_or_loads_a_continuable_position(base: int, pick: int, junk: Any,
                                                            delete: bool) -> None:
    paths = _paths(BASES[base])
    doc = _mutate(BASES[base], paths[pick % len(paths)], junk, delete)
    careful = _load_carefully(doc)
    try:
        game = Game.from_dict(doc)
    except InvalidPosition as exc:
        assert exc.code == "invalid_position"
        assert careful == exc.message  # the fast reader refuses what the careful one does
        return
    assert careful == game.to_dict()  # and accepts the same
    _continues(game)


@FUZZ
@given(doc=JSON)
def test_from_dict_on_arbitrary_json(doc: Any) -> None:
    try:
        _continues(Game.from_dict(doc))
    except InvalidPosition as exc:
        assert exc.code == "invalid_position"


@FUZZ
@given(base=st.sampled_from(range(len(BASES))),
       action=st.fixed_dictionaries({"type": st.sampled_from(ACTION_TYPES) | JSON},
                                     optional={k: JSON for k in (
                                         "player", "node", "edge", "tile", "victim", "card",
                                         "dice", "cards", "edges", "resources", "resource",
                                         "give", "get", "with")}) | JSON,
       view=JSON)
def test_apply_and_views_refuse_junk_with_a_code(base: int, action: Any, view: Any) -> None:
    game = Game.from_dict(BASES[base])
    before = game.to_dict()
    try:
        events = game.apply(action)
    except IllegalAction as exc:
        assert exc.code and game.to_dict() == before
    else:
        assert isinstance(events, list)
        _continues(game)
    try:
        game.to_dict(view=view)
    except InvalidArgument as exc:
        assert exc.code == "unknown_player"


@FUZZ
@given(seats=JSON | st.permutations(SEATS4), seed=JSON, board=JSON, vp=JSON, rules=JSON,
       numbers=JSON, start=JSON)
def test_game_new_refuses_bad_arguments_with_a_code(seats: Any, seed: Any, board: Any, vp: Any,
                                                     rules: Any, numbers: Any,
                                                     start: Any) -> None:
    try:
        game = Game.new(seats=seats, seed=seed, board=board, vp_to_win=vp, rules=rules,
                        numbers=numbers, start_cards=start)
    except InvalidArgument as exc:
        assert exc.code.startswith("invalid_")
    else:
        _continues(game)


@FUZZ
@given(base=st.sampled_from(range(len(BASES))), a=JSON, b=JSON)
def test_read_api_refuses_junk_with_a_code(base: int, a: Any, b: Any) -> None:
    game = Game.from_dict(BASES[base])
    calls = [lambda: game.spots(a, b), lambda: game.production(a), lambda: game.scores(a),
             lambda: game.points(a), lambda: game.build_options(a),
             lambda: game.playable_dev_cards(a), lambda: game.owner_of(a),
             lambda: game.building_at(a), lambda: game.can_afford(a, b),
             lambda: game.legal_actions_of(a), lambda: game.summary(a),
             lambda: game.harbour_at(a), lambda: game.maritime_rates(a)]
    for call in calls:
        try:
            call()
        except CatanError as exc:
            assert exc.code


# -- the inputs that slipped through before (issue 13) -------------------------------------------

def _trade_doc(trade: dict[str, Any], red: dict[str, int], blue: dict[str, int]) -> Any:
    return {"seats": SEATS3, "board": "beginner",
            "players": {"red": {"hand": red}, "blue": {"hand": blue}},
            "turn": {"player": "red", "number": 4, "phase": "main", "dev_card_played": False},
            "pending": {"trade": trade}}


@pytest.mark.parametrize(("trade", "red", "blue"), [
    ({"give": {}, "get": {"ore": 1}, "answers": {"blue": "accept"}}, {}, {"ore": 1}),
    ({"give": {"ore": 1}, "get": {}, "answers": {}}, {"ore": 1}, {}),
    ({"give": {"ore": 1}, "get": {"ore": 1}, "answers": {}}, {"ore": 1}, {"ore": 1}),
    ({"give": {"ore": 1}, "get": {"wool": 1}, "answers": {"blue": "accept"}}, {"ore": 1}, {}),
    ({"give": {"ore": 2}, "get": {"wool": 1}, "answers": {}}, {"ore": 1}, {}),
    ({"give": {"ore": 1}, "get": {"wool": 1},
      "answers": {"blue": {"give": {"ore": 1}, "get": {"ore": 1}}}}, {"ore": 1}, {"ore": 1}),
    ({"give": {"ore": 1}, "get": {"wool": 1},
      "answers": {"blue": {"give": {"ore": 1}, "get": {"grain": 2}}}}, {"ore": 1}, {"grain": 1}),
])
def test_impossible_open_trades_do_not_load(trade: Any, red: Any, blue: Any) -> None:
    with pytest.raises(InvalidPosition) as info:
        Game.from_dict(_trade_doc(trade, red, blue))
    assert info.value.path.startswith("pending.trade")


def test_a_possible_open_trade_loads_and_confirms() -> None:
    game = Game.from_dict(_trade_doc({"give": {"ore": 1}, "get": {"wool": 1},
                                      "answers": {"blue": "accept"}}, {"ore": 1}, {"wool": 1}))
    game.apply({"type": "confirm_trade", "with": "blue"})
    assert game.hand_of("red") == {"wool": 1} and game.hand_of("blue") == {"ore": 1}


def test_setup_positions_must_follow_the_snake_order() -> None:
    game = Game.new(seats=SEATS3, board="beginner")
    game.apply({"type": "place_settlement", "node": "0.N"})
    doc = game.to_dict()
    assert doc["turn"]["phase"] == "setup_road"
    missing = copy.deepcopy(doc)
    missing["players"]["red"]["settlements"] = []
    with pytest.raises(InvalidPosition):
        Game.from_dict(missing)
    extra_road = copy.deepcopy(doc)
    extra_road["players"]["blue"] = {"roads": ["9.NE"]}
    with pytest.raises(InvalidPosition):
        Game.from_dict(extra_road)
    city = copy.deepcopy(doc)
    city["players"]["red"] = {"cities": ["0.N"]}
    with pytest.raises(InvalidPosition):
        Game.from_dict(city)
    game = Game.from_dict(doc)
    assert {a["edge"] for a in game.legal_actions()} == set(game.spots("road", "red")["legal"])
    for action in game.legal_actions():
        game.copy().apply(action)


@pytest.mark.parametrize("kwargs", [
    {"seed": "abc"}, {"seed": 1.5}, {"seed": None}, {"seats": None}, {"seats": "red"},
    {"seats": ["red", "red", "blue"]}, {"seats": ["red", "green", "blue"]},
    {"board": "weird"}, {"numbers": "foo"}, {"vp_to_win": 2}, {"vp_to_win": True},
    {"rules": {"friendly_robber": True}}, {"rules": "strict"}, {"start_cards": 5},
])
def test_game_new_names_the_bad_argument(kwargs: dict[str, Any]) -> None:
    with pytest.raises(InvalidArgument) as info:
        Game.new(**kwargs)
    assert info.value.code == f"invalid_{next(iter(kwargs))}"


def test_view_of_a_colour_not_at_the_table() -> None:
    game = Game.new(seats=SEATS3)
    for view in ("green", "orange", 3, ["red"]):
        with pytest.raises(InvalidArgument) as info:
            game.to_dict(view=view)  # type: ignore[arg-type]
        assert info.value.code == "unknown_player"


def test_a_board_without_a_desert_starts_the_robber_off_the_island() -> None:
    tiles = Game.new(seats=SEATS3, board="beginner").to_dict()["board"]["tiles"]
    tiles[9] = "fields 12"
    game = Game.from_dict({"seats": SEATS3, "board": {"tiles": tiles},
                           "players": {"red": {"settlements": ["9.N"]}}})
    assert game.robber == -1 and game.to_dict()["board"]["robber"] is None
    assert game.production(12)["gains"]["red"] == {"grain": 1}  # tile 9 is not blocked
    assert 9 in game.robber_spots()["legal"] and game.robber_spots()["illegal"] == {}
    assert Game.from_dict(game.to_dict()).to_dict() == game.to_dict()
    game.apply({"type": "roll", "dice": [3, 4]})
    assert [a["tile"] for a in game.legal_actions()] == list(range(19))  # each tile once
    game.apply({"type": "move_robber", "tile": 9})
    assert game.robber == 9 and game.production(12)["blocked"] == [9]
