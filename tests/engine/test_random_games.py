"""Invariants over many seeded random games, and property tests for malformed actions.

Each game is played by a random chooser over ``legal_actions()`` (biased towards building so
that games finish), with now and then a random domestic offer and a random malformed or
illegal action. Every few actions the position is checked: resources conserved, piece stocks,
the development-card deck, points and awards, views, and a ``to_dict``/``from_dict``
round-trip (play then goes on from the reloaded game). At the end the same actions are
replayed from the initial position and must give the same final position.
"""

from __future__ import annotations

import copy
import os
import random
from collections import Counter
from typing import Any

import pytest
from engine_helpers import RESOURCES, SEATS3, SEATS4, load, sample
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from island_model import NODE_ALIAS, longest_trail

from catan_core import Game, IllegalAction

N_GAMES = 1000
MAX_ACTIONS = 300
CHECK_EVERY = 50
JUNK_EVERY = 15
DECK = {"knight": 14, "victory_point": 5, "road_building": 2, "year_of_plenty": 2,
        "monopoly": 2}
ACTION_TYPES = ["place_settlement", "place_road", "roll", "discard", "move_robber",
                "build_road", "build_settlement", "build_city", "buy_dev_card", "play_knight",
                "play_road_building", "play_year_of_plenty", "play_monopoly", "bank_trade",
                "offer_trade", "accept_trade", "reject_trade", "counter_trade",
                "confirm_trade", "cancel_trade", "end_turn"]
PHASES = {"setup_settlement", "setup_road", "roll", "discard", "move_robber", "main",
          "game_over"}
PREFERRED = ("build_city", "build_settlement", "buy_dev_card", "build_road")


# -- checks ---------------------------------------------------------------------------------

def check_invariants(game: Game, doc: dict[str, Any], deep: bool) -> None:
    players = doc["players"]
    seats = doc["seats"]
    assert doc["turn"]["phase"] in PHASES
    assert doc["turn"]["player"] in seats
    # Resources: 19 of each across hands and the (derived, never negative) bank.
    for r in RESOURCES:
        held = sum(p["hand"].get(r, 0) for p in players.values())
        assert 0 <= held <= 19, (r, held)
    assert all(n > 0 for p in players.values() for n in p["hand"].values())
    # Pieces: stocks never negative, buildings obey the distance rule.
    taken: dict[str, str] = {}
    for colour, p in players.items():
        assert len(p["roads"]) <= 15 and len(p["settlements"]) <= 5 and len(p["cities"]) <= 4
        for node in p["settlements"] + p["cities"]:
            assert node not in taken
            taken[node] = colour
    # Development cards: deck + hands + knights played = the 25-card deck, less the
    # progress cards played (they leave the game; knights stay, VP cards are never played).
    cards = Counter(doc["deck"])
    for p in players.values():
        cards.update(p["dev_cards"])
        cards.update(p["new_dev_cards"])
        cards["knight"] += p["knights_played"]
    assert cards["knight"] == 14 and cards["victory_point"] == 5
    assert all(cards[c] <= DECK[c] for c in DECK) and set(cards) <= set(DECK)
    # Points add up.
    for colour, p in players.items():
        expected = len(p["settlements"]) + 2 * len(p["cities"])
        expected += (p["dev_cards"] + p["new_dev_cards"]).count("victory_point")
        expected += 2 * (doc["longest_road"] == colour) + 2 * (doc["largest_army"] == colour)
        assert game.victory_points(colour) == expected
    if doc["turn"]["phase"] not in ("setup_settlement", "setup_road"):
        # Only the active player can have won, so nobody else may sit on a winning score
        # unless they reached it on someone else's turn (then they win at their turn).
        if doc["winner"] is not None:
            assert doc["turn"]["phase"] == "game_over"
            assert doc["winner"] == doc["turn"]["player"]
            assert game.victory_points(doc["winner"]) >= doc["vp_to_win"]
        else:
            assert game.victory_points(doc["turn"]["player"]) < doc["vp_to_win"]
    # Awards.
    lengths = {c: game.longest_road_length(c) for c in seats}
    top = max(lengths.values())
    holder = doc["longest_road"]
    if holder is None:
        assert top < 5 or list(lengths.values()).count(top) > 1
    else:
        assert lengths[holder] == top >= 5
    knights = {c: players[c]["knights_played"] for c in seats}
    army = doc["largest_army"]
    if army is None:
        assert max(knights.values()) < 3 or list(knights.values()).count(max(knights.values())) > 1
    else:
        assert knights[army] == max(knights.values()) >= 3
    if deep:
        for colour in seats:
            blocked = {n for other in seats if other != colour
                       for n in players[other]["settlements"] + players[other]["cities"]}
            assert lengths[colour] == longest_trail(players[colour]["roads"], blocked)
        for colour in seats:
            view = game.to_dict(view=colour)
            assert "rng" not in view and view["deck"] == len(doc["deck"])
            for other in seats:
                if other != colour:
                    assert view["players"][other]["hand"] == {
                        "hidden": sum(players[other]["hand"].values())}


def check_legal(game: Game, legal: list[dict[str, Any]], doc: dict[str, Any]) -> None:
    assert all("player" in a and a["player"] in doc["seats"] for a in legal)
    assert all("dice" not in a and "card" not in a for a in legal)  # chance never forced
    if doc["winner"] is None:
        assert legal, "a game in progress always has a legal action"
    else:
        assert legal == []


# -- random players -------------------------------------------------------------------------

def choose(rnd: random.Random, legal: list[dict[str, Any]]) -> dict[str, Any]:
    """A random legal action: mostly a build when one is possible, else a random kind."""
    preferred = [a for a in legal if a["type"] in PREFERRED]
    if preferred and rnd.random() < 0.8:
        return rnd.choice(preferred)
    kind = rnd.choice(sorted({a["type"] for a in legal}))
    return rnd.choice([a for a in legal if a["type"] == kind])


def random_offer(rnd: random.Random, doc: dict[str, Any]) -> dict[str, Any] | None:
    me = doc["turn"]["player"]
    mine = doc["players"][me]["hand"]
    if doc["turn"]["phase"] != "main" or doc["pending"] or not mine:
        return None
    give_r = rnd.choice(sorted(mine))
    get_r = rnd.choice([r for r in RESOURCES if r != give_r])
    return {"type": "offer_trade", "give": {give_r: rnd.randint(1, mine[give_r])},
            "get": {get_r: rnd.randint(1, 2)}}


def random_counter(rnd: random.Random, doc: dict[str, Any]) -> dict[str, Any] | None:
    trade = doc["pending"].get("trade")
    if trade is None:
        return None
    others = [c for c in doc["seats"] if c != doc["turn"]["player"]]
    who = rnd.choice(others)
    theirs = doc["players"][who]["hand"]
    if not theirs:
        return None
    get_r = rnd.choice(sorted(theirs))
    give_r = rnd.choice([r for r in RESOURCES if r != get_r])
    return {"type": "counter_trade", "player": who, "give": {give_r: 1},
            "get": {get_r: rnd.randint(1, theirs[get_r])}}


JUNK_VALUES: list[Any] = [None, 0, -1, 7, 19, 1.5, True, "", "x", "red", "green", "4.SE",
                          "9.N", "19.N", "0.E", "brick", "gold", [], [1, 2], [3, 4], [7, 0],
                          {}, {"brick": 1}, {"brick": -1}, {"ore": 4}, ["brick", "ore"],
                          ["0.E", "0.SE"], {"hidden": 1}]
FIELDS = ["player", "node", "edge", "tile", "victim", "card", "dice", "cards", "give", "get",
          "with", "edges", "resources", "resource"]


def junk_action(rnd: random.Random, legal: list[dict[str, Any]],
                seats: list[str]) -> Any:
    kind = rnd.randrange(5)
    if kind == 0 or not legal:  # anything at all
        return rnd.choice([None, [], "roll", 3, {}, {"type": rnd.choice(JUNK_VALUES)},
                           {"type": rnd.choice(ACTION_TYPES)}])
    action = copy.deepcopy(rnd.choice(legal))
    if kind == 1:  # someone else does it
        action["player"] = rnd.choice([*seats, "green"])
    elif kind == 2:  # a field takes a random value
        action[rnd.choice(FIELDS)] = rnd.choice(JUNK_VALUES)
    elif kind == 3:  # another type with this action's fields
        action["type"] = rnd.choice(ACTION_TYPES)
    else:  # a forced chance value
        action.update(rnd.choice([{"dice": [rnd.randint(1, 6), rnd.randint(1, 6)]},
                                  {"card": rnd.choice(RESOURCES)}]))
    return action


def try_action(game: Game, action: Any, before: dict[str, Any]) -> bool:
    """Apply a possibly illegal action; refused actions must change nothing."""
    try:
        events = game.apply(action)
    except IllegalAction as error:
        assert isinstance(error.code, str) and error.code
        assert game.to_dict() == before, f"refused {action!r} ({error.code}) changed the game"
        return False
    assert all("type" in e for e in events)
    return True


# -- the games ------------------------------------------------------------------------------

def new_game(seed: int) -> Game:
    rnd = random.Random(seed)
    seats = list(SEATS4 if seed % 2 else SEATS3)
    rnd.shuffle(seats)
    vp = (10, 10, 6, 4)[seed % 4]
    board = "beginner" if seed % 5 == 0 else "standard"
    rules = {"trade_before_build": True} if seed % 7 == 0 else None
    return Game.new(seats=seats, seed=seed, board=board, vp_to_win=vp, rules=rules)


def play(seed: int) -> dict[str, Any]:
    rnd = random.Random(seed * 7919 + 1)
    game = new_game(seed)
    start = game.to_dict()
    actions: list[Any] = []
    for step in range(MAX_ACTIONS):
        legal = game.legal_actions()
        if step % CHECK_EVERY == 0:
            doc = game.to_dict()
            check_invariants(game, doc, deep=step % (3 * CHECK_EVERY) == 0)
            check_legal(game, legal, doc)
            reloaded = Game.from_dict(doc)
            assert reloaded.to_dict() == doc
            game = reloaded  # go on from the reloaded game
        if step % JUNK_EVERY == 7:
            doc = game.to_dict()
            junk = junk_action(rnd, legal, doc["seats"])
            if try_action(game, junk, doc):
                actions.append(copy.deepcopy(junk))
                continue
        if game.winner is not None:
            break
        extra = None
        if rnd.random() < 0.03:
            doc = game.to_dict()
            extra = random_offer(rnd, doc)
        elif legal[-1]["type"] == "cancel_trade" and rnd.random() < 0.3:
            doc = game.to_dict()
            extra = random_counter(rnd, doc)
        if extra is not None and try_action(game, extra, doc):
            actions.append(extra)
            continue
        action = choose(rnd, legal)
        game.apply(action)
        actions.append(action)
    final = game.to_dict()
    check_invariants(game, final, deep=True)
    replay = Game.from_dict(start)
    for action in actions:
        replay.apply(action)
    assert replay.to_dict() == final
    return final


BATCHES = 20
# Games per batch in the default run, in CPython and in Pyodide alike (200 in all: Pyodide used
# to play a fifth of 1000); CATAN_SLOW=1 plays the other 800 in CPython.
QUICK = 10


@pytest.mark.parametrize("batch", range(BATCHES))
def test_random_games_keep_the_invariants(batch: int) -> None:
    per = N_GAMES // BATCHES
    finished = 0
    for seed in range(batch * per, batch * per + QUICK):
        final = play(seed)
        finished += final["winner"] is not None
    assert finished > 0, "some games should reach a winner"


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("CATAN_SLOW"), reason="set CATAN_SLOW=1 for all 1000 "
                    "games")
@pytest.mark.parametrize("batch", range(BATCHES))
def test_many_more_random_games_keep_the_invariants(batch: int) -> None:
    per = N_GAMES // BATCHES
    finished = 0
    for seed in range(batch * per + QUICK, (batch + 1) * per):
        final = play(seed)
        finished += final["winner"] is not None
    assert finished > 0, "some games should reach a winner"


# -- property tests for malformed actions ---------------------------------------------------

def _positions() -> list[Game]:
    rich = {"settlements": ["0.NE", "5.S"], "cities": ["16.S"],
            "roads": ["0.E", "0.SE", "1.SW", "4.E"],
            "hand": {"brick": 5, "lumber": 4, "wool": 3, "grain": 3, "ore": 4},
            "dev_cards": ["knight", "road_building", "year_of_plenty", "monopoly",
                          "victory_point"]}
    players = {"red": rich,
               "blue": {"settlements": ["4.S"], "roads": ["4.SW"], "hand": {"ore": 9}},
               "white": {"settlements": ["11.SE"], "hand": {"wool": 2}}}
    setup = Game.new(seats=SEATS3, seed=4, board="beginner")
    setup_road = Game.new(seats=SEATS3, seed=4, board="beginner")
    setup_road.apply({"type": "place_settlement", "node": "9.S"})
    return [
        setup, setup_road,
        load(players, phase="roll"),
        load(players, phase="main", turn={"dice": [2, 4]}),
        load(players, phase="discard", pending={"discard": {"blue": 4, "red": 9}}),
        load(players, phase="move_robber", robber=18),
        load(players, phase="main", pending={"trade": {"give": {"brick": 1},
                                                       "get": {"ore": 2},
                                                       "answers": {"blue": "accept"}}}),
    ]


POSITIONS = [g.to_dict() for g in _positions()]
VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 25) | st.floats(allow_nan=False)
    | st.sampled_from(["red", "blue", "white", "orange", "green", *RESOURCES, "gold",
                       *sorted(NODE_ALIAS)[:20], "0.E", "9.E", "5.SW", "4.SW", "knight", ""]),
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.sampled_from([*RESOURCES, "gold", "x"]), inner, max_size=3),
    max_leaves=6,
)
ACTIONS = st.one_of(
    VALUES,
    st.fixed_dictionaries({"type": st.sampled_from(ACTION_TYPES)},
                          optional={f: VALUES for f in FIELDS}),
    st.dictionaries(st.sampled_from(["type", *FIELDS]), VALUES, max_size=4),
)


@settings(max_examples=sample(250), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(range(len(POSITIONS))), ACTIONS)
def test_property_malformed_actions_raise_illegal_action_and_change_nothing(
        index: int, action: Any) -> None:
    game = Game.from_dict(POSITIONS[index])
    before = game.to_dict()
    if try_action(game, action, before):
        after = game.to_dict()
        assert Game.from_dict(after).to_dict() == after
        check_invariants(game, after, deep=False)


@settings(max_examples=sample(200), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(range(len(POSITIONS))), st.data())
def test_property_legal_actions_with_a_changed_field_are_atomic(index: int,
                                                               data: st.DataObject) -> None:
    game = Game.from_dict(POSITIONS[index])
    legal = game.legal_actions()
    action = copy.deepcopy(data.draw(st.sampled_from(legal)))
    action[data.draw(st.sampled_from(FIELDS))] = data.draw(VALUES)
    before = game.to_dict()
    try_action(game, action, before)


@pytest.mark.parametrize("index", range(len(POSITIONS)))
def test_every_legal_action_applies(index: int) -> None:
    game = Game.from_dict(POSITIONS[index])
    for action in game.legal_actions():
        Game.from_dict(POSITIONS[index]).apply(action)


# -- legal_actions() is exactly what apply() accepts ---------------------------------------

def _candidates(doc: dict[str, Any]) -> list[dict[str, Any]]:
    """Plausible actions of the phase, over every place and value (chance left to the rng)."""
    from island_model import EDGES, NODES

    phase = doc["turn"]["phase"]
    if phase == "setup_settlement":
        return [{"type": "place_settlement", "node": n} for n in NODES]
    if phase == "setup_road":
        return [{"type": "place_road", "edge": e} for e in EDGES]
    if phase == "move_robber":
        return [{"type": "move_robber", "tile": t, **victim} for t in range(19)
                for victim in [{}, *({"victim": c} for c in doc["seats"])]]
    found: list[dict[str, Any]] = [{"type": "play_knight"}, {"type": "roll"}]
    found += [{"type": "play_monopoly", "resource": r} for r in RESOURCES]
    found += [{"type": "play_year_of_plenty", "resources": [a, b]}
              for i, a in enumerate(RESOURCES) for b in RESOURCES[i:]]
    if phase == "main" and not doc["pending"]:
        found += [{"type": "build_road", "edge": e} for e in EDGES]
        found += [{"type": kind, "node": n} for n in NODES
                  for kind in ("build_settlement", "build_city")]
        found += [{"type": "buy_dev_card"}, {"type": "end_turn"}]
        found += [{"type": "bank_trade", "give": {g: rate}, "get": {r: 1}}
                  for g in RESOURCES for r in RESOURCES if r != g for rate in (2, 3, 4)]
    return found


def _answers(doc: dict[str, Any]) -> list[dict[str, Any]]:
    """Discards (every choice of the owed count, some too many) and answers to an offer."""
    import itertools

    found: list[dict[str, Any]] = []
    for colour, owed in doc["pending"].get("discard", {}).items():
        for k in (owed - 1, owed):
            for combo in itertools.combinations_with_replacement(RESOURCES, k):
                found.append({"type": "discard", "player": colour,
                              "cards": dict(Counter(combo))})
    if "trade" in doc["pending"]:
        for colour in doc["seats"]:
            found += [{"type": kind, "player": colour} for kind in ("accept_trade",
                                                                    "reject_trade")]
            found.append({"type": "confirm_trade", "with": colour})
        found.append({"type": "cancel_trade"})
    return found


def _key(action: dict[str, Any]) -> str:
    keep = action["type"] in ("discard", "accept_trade", "reject_trade")
    trimmed = {k: v for k, v in action.items() if k != "victim" and (keep or k != "player")}
    return repr(sorted(trimmed.items()))


def _offer(game: Game, rnd: random.Random) -> None:
    """Open a one-for-one offer the active player can pay, and let some players answer."""
    me = game.current_player
    hand = game.hand_of(me)
    if game.phase != "main" or game.open_trade() or not hand:
        return
    give = rnd.choice(sorted(hand))
    get = rnd.choice([r for r in RESOURCES if r != give])
    game.apply({"type": "offer_trade", "give": {give: 1}, "get": {get: 1}})
    for colour in game.seats:
        if colour != me and rnd.random() < 0.5:
            answer = "accept_trade" if game.hand_of(colour).get(get) else "reject_trade"
            game.apply({"type": answer, "player": colour})


@pytest.mark.parametrize("seed", range(16))
def test_legal_actions_are_exactly_the_accepted_ones(seed: int) -> None:
    # Every seed checks its position, whatever the phase: set-up, roll, the discard (every
    # choice of cards), the robber, the main phase (with cards added so that building is
    # possible), an open offer with its answers, or a finished game (nothing is accepted).
    rnd = random.Random(seed)
    game = new_game(1000 + seed)
    for _ in range(rnd.randrange(0, 160)):
        if game.winner is not None:
            break
        game.apply(choose(rnd, game.legal_actions()))
    doc = game.to_dict()
    if doc["turn"]["phase"] in ("roll", "main") and not doc["pending"]:
        me = doc["players"][doc["turn"]["player"]]  # give the player something to do
        held = {r: sum(p["hand"].get(r, 0) for p in doc["players"].values()) for r in RESOURCES}
        me["hand"] = {r: me["hand"].get(r, 0) + min(rnd.randrange(0, 5), 19 - held[r])
                      for r in RESOURCES}
        me["hand"] = {r: n for r, n in me["hand"].items() if n}
        me["dev_cards"] += doc["deck"][:3]
        doc["deck"] = doc["deck"][3:]
        game = Game.from_dict(doc)
        if seed % 3 == 0:
            _offer(game, rnd)
        elif game.phase == "roll" and seed % 4 != 3:
            game.apply({"type": "roll", "dice": [3, 4]})  # a 7: usually a discard now
        doc = game.to_dict()
    listed = {_key(a) for a in game.legal_actions() if a["type"] != "play_road_building"}
    if doc["turn"]["phase"] == "game_over":
        assert not listed
    accepted = set()
    for action in _candidates(doc) + _answers(doc):
        try:
            Game.from_dict(doc).apply(action)
        except IllegalAction:
            continue
        accepted.add(_key(action))
    assert listed == accepted
