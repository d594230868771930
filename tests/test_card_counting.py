"""Counting cards from public events (``catan_core.tracking``) and the Expert's search.

The table's count must follow every hand exactly until the first steal (the one event whose card
is hidden), keep each expected hand the size of the real one at every step, survive the
referee's JSON form, and make the Expert deal opponents the cards they were seen to get.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from catan_core import Game  # noqa: E402
from catan_core.bots import make_bot, search  # noqa: E402
from catan_core.bots.knowledge import board_info, determinize  # noqa: E402
from catan_core.referee import Referee, bot_seed  # noqa: E402
from catan_core.rng import Rng  # noqa: E402
from catan_core.topology import node_id  # noqa: E402
from catan_core.tracking import CardCounter  # noqa: E402

pytestmark = pytest.mark.xdist_group("bots")
LEVELS = ("hard", "expert", "normal", "easy")


def play(seed: int, turns: int = 400):
    """A seeded four-bot game played by a referee that counts cards; yields after each action
    the game, the referee and the events."""
    game = Game.new(seats=["red", "blue", "white", "orange"], seed=seed)
    ref = Referee.new(game.seats, seed=seed)
    bots = [make_bot(LEVELS[(i + seed) % 4], "merchant", bot_seed(seed, i)) for i in range(4)]
    while game.winner is None and game.turn_number < turns:
        colour = ref.next_actor(game)
        action, _ = ref.bot_action(game, colour, bots[game.seats.index(colour)], check=False)
        ref.record(game, colour, action)
        events = game.apply(action)
        ref.observe(events)
        yield game, ref, events


@pytest.mark.parametrize("seed", [1, 2])
def test_the_count_is_exact_until_a_steal_and_always_the_right_size(seed: int) -> None:
    stolen = False
    steps = exact = 0
    for game, ref, events in play(seed):
        stolen |= any(e["type"] == "stole" and e["card"] for e in events)
        assert ref.cards is not None
        for q, colour in enumerate(game.seats):
            expected = ref.cards.expected(colour)
            assert abs(sum(ref.cards.counts[colour]) - sum(game._hand[q])) < 1e-6
            assert min(expected) >= 0
            if not stolen:
                assert expected == [float(n) for n in game._hand[q]], (colour, events)
                exact += 1
        steps += 1
    assert game.winner is not None and steps > 300 and exact > 40


def test_the_count_is_closer_to_the_hands_than_a_uniform_guess() -> None:
    counted = uniform = 0.0
    for game, ref, _ in play(3):
        assert ref.cards is not None
        unseen = [19 - n for n in game._bank]
        for q, colour in enumerate(game.seats):
            hand, size = game._hand[q], sum(game._hand[q])
            if size:
                counted += sum(abs(x - h) for x, h in zip(ref.cards.counts[colour], hand,
                                                          strict=True))
                uniform += sum(abs(u * size / sum(unseen) - h)
                               for u, h in zip(unseen, hand, strict=True))
    assert counted < 0.6 * uniform


def test_the_count_survives_the_referee_document() -> None:
    game, ref, _ = list(play(4, turns=30))[-1]
    doc = json.loads(json.dumps(ref.to_dict()))
    again = Referee.from_dict(doc, game.seats)
    assert again.cards is not None and ref.cards is not None
    assert again.cards.to_dict() == ref.cards.to_dict()
    for bad in (None, 3, "x", {"red": [1, 2]}, {"red": [1, 2, 3, "4", 5]},
                {"red": [float("nan")] * 5}, {"red": [-1, 0, 0, 0, 0]}, {"pink": [1] * 5}):
        counted = Referee.from_dict({**doc, "cards": bad}, game.seats).cards
        assert counted is not None and counted.expected("red") == [0.0] * 5, bad


def test_a_counting_bot_deals_opponents_what_they_were_seen_to_get() -> None:
    game = Game.new(seats=["red", "blue", "white"], seed=8)
    counter = CardCounter(game.seats)
    while game.phase.startswith("setup"):
        counter.observe(game.apply(game.legal_actions()[0]))
    counter.counts["blue"] = [0.0, 0.0, 0.0, 0.0, float(sum(game._hand[1]))]  # "seen": all ore
    view = game.to_dict(view="red")
    ore = cards = 0
    for k in range(40):
        dealt = determinize(view, "red", Rng(k + 1), counter)
        ore += dealt._hand[1][4]
        cards += sum(dealt._hand[1])
        assert sum(dealt._hand[1]) == sum(game._hand[1])
    assert ore > 0.75 * cards
    uniform = sum(determinize(view, "red", Rng(k + 1))._hand[1][4] for k in range(40))
    assert uniform < 0.5 * cards


def test_the_expert_searches_only_close_choices(monkeypatch: pytest.MonkeyPatch) -> None:
    """Forced and clear decisions play at once; close ones are played out on samples, and the
    search sometimes prefers another plan than the planner's best."""
    rollouts: list[int] = []
    chosen = {"same": 0, "other": 0}
    real_rollout, real_choose = search.rollout, search.choose

    def counting_rollout(*args, **kwargs):  # type: ignore[no-untyped-def]
        rollouts[-1] += 1
        return real_rollout(*args, **kwargs)

    def watching_choose(ctx, plans, margin=None):  # type: ignore[no-untyped-def]
        rollouts.append(0)
        picked = real_choose(ctx, plans, margin)
        best = max(plans, key=lambda p: p.value)
        chosen["same" if picked.first == best.first else "other"] += 1
        return picked

    monkeypatch.setattr(search, "rollout", counting_rollout)
    monkeypatch.setattr(search, "choose", watching_choose)
    for _ in play(5, turns=60):
        pass
    assert rollouts and 0 in rollouts  # clear choices: no rollout
    assert max(rollouts) >= 2 * 8  # close ones: every plan on every sample
    assert chosen["other"] > 0 and chosen["same"] > chosen["other"]


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_search_policy_plays_whole_games_by_the_rules(seed: int) -> None:
    """The play-outs' fast policy places the set-up and plays every seat to a winner, each
    action accepted by the engine."""
    game = Game.new(seats=["red", "blue", "white", "orange"][:3 + seed % 2], seed=seed)
    policy = search.Policy(game)
    while game.phase.startswith("setup"):
        assert policy.set_up()
    for _ in range(2000):
        if game.winner is not None:
            break
        assert policy.play_turn(), game.phase
    assert game.winner is not None


def test_the_expert_plays_out_its_set_up() -> None:
    """The Expert's first corner is one of its best by the set-up score, chosen after playing
    each out (set-up and first rounds) on sampled deals."""
    game = Game.new(seats=["red", "blue", "white", "orange"], seed=21)
    bot = make_bot("expert", "builder", seed=4)
    action = bot.choose(game.to_dict(view="red"), game.legal_actions())
    assert action["type"] == "place_settlement"
    level = bot.level
    assert bot.rollouts == level.setup_samples * level.setup_breadth
    corner = board_info(game.board).node_prod[node_id(action["node"])]
    assert sum(pips for _, _, pips in corner) >= 9
