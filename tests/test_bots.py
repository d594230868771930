"""Computer players: legal, fair, deterministic, and they finish games and negotiations.

The ``GAMES`` seeded bot games (every level and personality, 3 and 4 players, both boards) are
played once per module; several tests check them. Strength and speed are measured by
``nox -s ladder`` (200 games per matchup by default), not here.
"""

from __future__ import annotations

import copy
import functools
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from catan_core import ACTION_TYPES, Game  # noqa: E402
from catan_core.bots import LEVEL_NAMES, PERSONALITIES, make_bot  # noqa: E402
from catan_core.selfplay import GameResult, play_bot_game, who_acts  # noqa: E402

#: Full bot games per test run (seeds 0 to 19: seat 0 takes each of the 20 pairs of level and
#: personality once, and a game of four has the four levels): 3 and 4 players,
#: both boards and every kind of decision; the personality rates below are averaged over them.
#: Strength is for the ladder (``nox -s ladder``: hundreds of games per matchup).
GAMES = 20
#: The games (a module fixture, about 30 s) are played once, by one pytest-xdist worker
#: (``--dist loadgroup``, noxfile.py), for every test that reads them.
pytestmark = pytest.mark.xdist_group("bots")
MAX_OFFERS = 3


class Negotiation:
    """Checks every offer: each other player answers once, then the offerer closes it."""

    def __init__(self) -> None:
        self.offers: Counter[tuple[int, int]] = Counter()
        self.open: set[int] | None = None
        self.problems: list[str] = []

    def __call__(self, game: Game, seat: int, action: dict[str, Any]) -> None:
        kind = action["type"]
        if kind == "offer_trade":
            self.offers[(game.turn_number, seat)] += 1
            if self.offers[(game.turn_number, seat)] > MAX_OFFERS:
                self.problems.append(f"turn {game.turn_number}: more than {MAX_OFFERS} offers")
            self.open = set()
        elif kind in ("accept_trade", "reject_trade", "counter_trade"):
            if self.open is None or seat in self.open or seat == game._current:
                self.problems.append(f"turn {game.turn_number}: unexpected answer {action}")
            else:
                self.open.add(seat)
        elif kind in ("confirm_trade", "cancel_trade"):
            if self.open is None or len(self.open) != len(game.seats) - 1:
                self.problems.append(f"turn {game.turn_number}: closed before all answered")
            self.open = None
        elif self.open is not None:
            self.problems.append(f"turn {game.turn_number}: {kind} while an offer is open")


def seats_for(index: int) -> list[tuple[str, str]]:
    n = 3 if index % 5 == 4 else 4
    return [(LEVEL_NAMES[(index + 3 * i) % 4], PERSONALITIES[(index + i) % 5]) for i in range(n)]


@pytest.fixture(scope="module")
def games() -> list[tuple[GameResult, Negotiation]]:
    """``GAMES`` seeded bot games; the driver raises IllegalAction if a bot ever errs."""
    played = []
    for index in range(GAMES):
        watch = Negotiation()
        board = "beginner" if index % 7 == 3 else "standard"
        result = play_bot_game(seats_for(index), seed=index, board=board,
                               max_offers=MAX_OFFERS, observer=watch)
        played.append((result, watch))
    return played


def test_every_bot_game_ends_with_a_winner(games: list[tuple[GameResult, Negotiation]]) -> None:
    for result, _ in games:
        assert result.winner is not None, f"seed {result.seed} did not finish"
        assert result.game.victory_points(result.winner) >= 10


def test_bot_games_end_in_a_reasonable_number_of_turns(
        games: list[tuple[GameResult, Negotiation]]) -> None:
    turns = sorted(result.turns for result, _ in games)
    assert turns[len(turns) // 2] < 150
    assert turns[-1] < 400


def test_negotiations_complete_without_loops(
        games: list[tuple[GameResult, Negotiation]]) -> None:
    offers = 0
    for result, watch in games:
        assert not watch.problems, (result.seed, watch.problems[:3])
        assert watch.open is None
        offers += sum(watch.offers.values())
    assert offers > GAMES  # bots do negotiate


def test_bots_use_every_kind_of_decision(games: list[tuple[GameResult, Negotiation]]) -> None:
    chosen: Counter[str] = Counter()
    for result, _ in games:
        chosen.update(result.chosen)
    assert set(ACTION_TYPES) <= set(chosen), set(ACTION_TYPES) - set(chosen)


def test_personalities_show_in_play(games: list[tuple[GameResult, Negotiation]]) -> None:
    per: dict[str, Counter[str]] = {p: Counter() for p in PERSONALITIES}
    for result, _ in games:
        for s in result.seats:
            c = per[s.personality]
            c["seats"] += 1
            c["offers"] += s.offers
            c["roads"] += s.roads
            c["cities"] += s.cities
            c["leader"] += s.robber_leader
            c["robber"] += s.robber_leader + s.robber_other

    def rate(p: str, key: str) -> float:
        return per[p][key] / per[p]["seats"]

    assert rate("merchant", "offers") > 1.5 * max(rate(p, "offers") for p in PERSONALITIES
                                                  if p != "merchant")
    aggressive = per["aggressive"]["leader"] / per["aggressive"]["robber"]
    opportunist = per["opportunist"]["leader"] / per["opportunist"]["robber"]
    assert aggressive > opportunist


def test_builders_build_cities_where_expansionists_build_roads() -> None:
    """Roads against cities over 40 games of four Hard players of mixed personalities (the
    module's games have too few seats of each personality to show it, and Normal's error blurs
    it; the ladder measures it at Normal and Expert over hundreds of games)."""
    per: dict[str, Counter[str]] = {p: Counter() for p in PERSONALITIES}
    for index in range(40):
        seats = [("hard", PERSONALITIES[(index + i) % 5]) for i in range(4)]
        for s in play_bot_game(seats, seed=900 + index).seats:
            per[s.personality].update(seats=1, roads=s.roads, cities=s.cities)
    builder, expansionist = per["builder"], per["expansionist"]
    assert expansionist["roads"] / expansionist["cities"] \
        > 1.2 * builder["roads"] / builder["cities"], per
    assert builder["cities"] / builder["seats"] > expansionist["cities"] / expansionist["seats"]


def test_same_seed_same_game(games: list[tuple[GameResult, Negotiation]]) -> None:
    """Seed 11 again (every level at the table) plays the very game the fixture played."""
    a, _ = games[11]
    b = play_bot_game(seats_for(11), seed=11, board="standard", max_offers=MAX_OFFERS)
    assert {level for level, _ in seats_for(11)} == set(LEVEL_NAMES)
    assert a.game.to_dict() == b.game.to_dict()
    assert a.turns == b.turns and a.chosen == b.chosen


# -- fairness: decisions depend on the view only ----------------------------------------------


@functools.cache
def positions(seed: int, every: int = 7) -> list[Game]:
    """Positions of a bot game at many decision points (set-up, main, discards, offers...)."""
    found: list[Game] = []

    def keep(game: Game, seat: int, action: dict[str, Any]) -> None:
        if len(found) < 400 and (game._trade is not None or game.phase != "main"
                                 or len(found) % every == 0):
            found.append(game.copy())

    play_bot_game([("hard", "merchant"), ("expert", "aggressive"), ("normal", "merchant"),
                   ("expert", "opportunist")], seed=seed, observer=keep)
    return found


def reshuffle_hidden(game: Game, me: int, salt: int) -> Game:
    """Same view for ``me``; other hands' contents, hidden development cards, deck and
    generator changed."""
    doc = game.to_dict()
    others = [c for i, c in enumerate(game.seats) if i != me]
    answered = doc["pending"].get("trade", {}).get("answers", {})
    # A player who offered, accepted or countered is known to hold what they promised.
    offerer = doc["turn"]["player"] if "trade" in doc["pending"] else None
    hands = [doc["players"][c]["hand"] for c in others
             if answered.get(c, "reject") == "reject" and c != offerer]
    swaps = [(a, b, x, y) for a in hands for b in hands if a is not b
             for x in a for y in b if x != y]
    if swaps:  # one card each way between two other players: counts and bank unchanged
        a, b, x, y = swaps[salt % len(swaps)]
        for hand, out, inn in ((a, x, y), (b, y, x)):
            hand[out] -= 1
            hand[inn] = hand.get(inn, 0) + 1
            if not hand[out]:
                del hand[out]
    pool = list(doc["deck"])
    for c in others:
        pool += doc["players"][c]["dev_cards"] + doc["players"][c]["new_dev_cards"]
    pool = pool[salt % max(1, len(pool)):] + pool[:salt % max(1, len(pool))]
    pool.reverse()
    for c in others:
        for key in ("dev_cards", "new_dev_cards"):
            k = len(doc["players"][c][key])
            doc["players"][c][key], pool = sorted(pool[:k]), pool[k:]
    doc["deck"] = pool
    doc["rng"] = f"{(int(doc['rng'], 16) * 6364136223846793005 + salt) % (1 << 64):016x}"
    return Game.from_dict(doc)


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_hidden_information_does_not_change_decisions(level: str) -> None:
    checked = changed = 0
    for k, game in enumerate(positions(seed=5)):
        seat = who_acts(game)
        colour = game.seats[seat]
        other = reshuffle_hidden(game, seat, salt=k + 1)
        view = game.to_dict(view=colour)
        assert other.to_dict(view=colour) == view
        changed += other.to_dict() != game.to_dict()
        bot_a, bot_b = make_bot(level, "merchant", seed=k), make_bot(level, "merchant", seed=k)
        a = bot_a.choose(view, game.legal_actions())
        b = bot_b.choose(copy.deepcopy(view), other.legal_actions())
        assert a == b, (k, game.phase, a, b)
        checked += 1
    assert checked > 50 and changed > checked // 2


def test_full_position_is_masked_before_deciding() -> None:
    checked = 0
    for game in positions(seed=8, every=11)[:80]:
        if game.phase == "discard" or game._trade is not None:
            continue  # several players may act: a full position does not say who asks
        seat = who_acts(game)
        masked = make_bot("expert", "builder", seed=2).choose(
            game.to_dict(view=game.seats[seat]), game.legal_actions())
        full = make_bot("expert", "builder", seed=2).choose(game.to_dict(), game.legal_actions())
        assert full == masked
        checked += 1
    assert checked > 20


# -- single decisions ----------------------------------------------------------------------


def after_setup(seed: int = 4) -> dict[str, Any]:
    """A position right after set-up on the beginner island (bots placed the pieces)."""
    game = Game.new(seats=["red", "blue", "white"], seed=seed, board="beginner")
    bots = [make_bot("normal", "builder", seed=i) for i in range(3)]
    while game.phase in ("setup_settlement", "setup_road"):
        game.apply(bots[game._current].choose(game.to_dict(view=game.current_player),
                                              game.legal_actions()))
    return game.to_dict()


def decide(doc: dict[str, Any], colour: str, level: str = "expert",
           personality: str = "builder") -> dict[str, Any]:
    game = Game.from_dict(doc)
    action = make_bot(level, personality, seed=1).choose(game.to_dict(view=colour),
                                                         game.legal_actions())
    if action["type"] not in ("offer_trade", "counter_trade"):
        assert action in game.legal_actions() or action["type"] == "discard"
    game.copy().apply(action)  # legal
    return action


@pytest.mark.parametrize("level", LEVEL_NAMES[1:])
def test_discard_keeps_a_ready_city(level: str) -> None:
    doc = after_setup()
    doc["players"]["red"]["hand"] = {"grain": 2, "ore": 3, "wool": 5}
    doc["turn"] = {"player": "blue", "number": 5, "phase": "discard", "dev_card_played": False,
                   "dice": [3, 4]}
    doc["pending"] = {"discard": {"red": 5}}
    action = decide(doc, "red", level)
    assert action["cards"] == {"wool": 5}


@pytest.mark.parametrize("level", LEVEL_NAMES[1:])
def test_a_winning_build_is_taken(level: str) -> None:
    doc = after_setup()
    doc["vp_to_win"] = 3
    doc["players"]["red"]["hand"] = {"grain": 2, "ore": 3, "wool": 1, "brick": 1}
    doc["turn"] = {"player": "red", "number": 5, "phase": "main", "dev_card_played": False,
                   "dice": [3, 5]}
    action = decide(doc, "red", level)
    assert action["type"] == "build_city"


@pytest.mark.parametrize("level", LEVEL_NAMES[1:])
def test_an_offer_completing_a_city_is_accepted_unless_the_offerer_is_winning(
        level: str) -> None:
    doc = after_setup()
    doc["players"]["red"]["hand"] = {"grain": 2, "ore": 2, "wool": 3}
    doc["players"]["blue"]["hand"] = {"ore": 2}
    doc["turn"] = {"player": "blue", "number": 5, "phase": "main", "dev_card_played": False,
                   "dice": [3, 5]}
    doc["pending"] = {"trade": {"give": {"ore": 1}, "get": {"wool": 1}, "answers": {}}}
    assert decide(doc, "red", level)["type"] == "accept_trade"
    doc["vp_to_win"] = 3  # blue, with 2 points, would be one point from winning
    assert decide(doc, "red", level)["type"] in ("reject_trade", "counter_trade")


def test_expert_set_up_takes_a_rich_corner() -> None:
    from catan_core.bots.knowledge import board_info
    from catan_core.topology import node_id

    game = Game.new(seats=["red", "blue", "white", "orange"], seed=9, board="beginner")
    info = board_info(game.board)
    pips = sorted((sum(p for _, _, p in info.node_prod[n]) for n in range(54)), reverse=True)
    action = make_bot("expert", "builder", seed=1).choose(game.to_dict(view="red"),
                                                          game.legal_actions())
    assert sum(p for _, _, p in info.node_prod[node_id(action["node"])]) >= pips[8]


@pytest.mark.parametrize("personality", PERSONALITIES)
def test_the_robber_spares_the_bots_own_tiles(personality: str) -> None:
    checked = 0
    for game in positions(seed=5):
        if game.phase != "move_robber":
            continue
        me = game._current
        action = make_bot("hard", personality, seed=3).choose(
            game.to_dict(view=game.seats[me]), game.legal_actions())
        mine = {t for n in game._settlements[me] | game._cities[me] for t in node_tiles(n)
                if game.board.numbers[t]}
        assert action["tile"] not in mine or all(
            a["tile"] in mine for a in game.legal_actions() if "victim" in a)
        checked += 1
    assert checked >= 3


def node_tiles(node: int) -> tuple[int, ...]:
    from catan_core.topology import NODE_TILES

    return NODE_TILES[node]


def test_make_bot_names_a_bad_level_or_personality() -> None:
    from catan_core import InvalidArgument

    for kwargs, code in (({"level": "grandmaster"}, "invalid_level"),
                         ({"level": None}, "invalid_level"),
                         ({"personality": "grumpy"}, "invalid_personality")):
        with pytest.raises(InvalidArgument) as info:
            make_bot(**kwargs)
        assert info.value.code == code
    game = Game.new(seats=["red", "blue", "white"], board="beginner")
    with pytest.raises(InvalidArgument) as info:
        make_bot().choose(game.to_dict(view="blue"), [])
    assert info.value.code == "nothing_to_decide"


@functools.cache
def offers_a_person_might_make() -> tuple[tuple[Game, str], ...]:
    """Open offers in positions of real games: the active player (as a person would) offers
    one card of a kind they hold for one card of another kind, to everyone; one offer in
    seven of those possible, taken in a fixed order."""
    positions: list[dict[str, Any]] = []

    def watch(game: Game, seat: int, action: dict[str, Any]) -> None:
        if action["type"] == "end_turn" and game.phase == "main":
            positions.append(game.to_dict())

    for seed in (2, 3):
        play_bot_game([("normal", "builder")] * 3, seed=seed, observer=watch, max_turns=60)
    found = []
    for doc in positions:
        game = Game.from_dict(doc)
        me = game.current_player
        for give in game.hand_of(me):
            for get in ("brick", "lumber", "wool", "grain", "ore"):
                if get != give:
                    offered = game.copy()
                    offered.apply({"type": "offer_trade", "player": me, "give": {give: 1},
                                   "get": {get: 1}})
                    found += [(offered, c) for c in game.seats if c != me]
    return tuple(found[::7])


def test_counter_trades_are_legal_and_the_personality_sets_how_often() -> None:
    """Every level counters a person's offer, each personality as often as its ``counter``
    says; a counter asks only for cards the offerer holds, promises only the bot's own, and
    confirming it trades them."""
    from catan_core.bots.profiles import STYLES

    cases = offers_a_person_might_make()
    assert len(cases) > 150
    counters: Counter[str] = Counter()
    for personality in PERSONALITIES:
        for level in LEVEL_NAMES:
            bot = make_bot(level, personality, seed=5)
            for offered, colour in cases:
                action = bot.choose(offered.to_dict(view=colour), offered.legal_actions())
                if action["type"] != "counter_trade":
                    continue
                counters[personality] += 1
                counters[level] += 1
                me = offered.current_player
                trade = offered.open_trade()
                assert trade is not None
                assert (action["give"], action["get"]) != (trade["give"], trade["get"])
                assert all(offered.hand_of(me).get(r, 0) >= n for r, n in action["give"].items())
                assert all(offered.hand_of(colour).get(r, 0) >= n
                           for r, n in action["get"].items())
                game = offered.copy()
                game.apply(action)
                before = game.hand_of(colour)
                game.apply({"type": "confirm_trade", "player": me, "with": colour})
                after = game.hand_of(colour)
                for r, n in action["get"].items():
                    assert after.get(r, 0) == before[r] - n
    assert all(counters[level] for level in LEVEL_NAMES), counters
    eager = sorted(PERSONALITIES, key=lambda p: STYLES[p].counter)
    rates = [counters[p] for p in eager]
    assert rates[0] > 0 and rates == sorted(set(rates)), dict(zip(eager, rates, strict=True))
    assert rates[-1] > 3 * rates[0]
