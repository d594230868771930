"""Win chances: who is likely to win from a position, by playing it out many times.

A position is played to its end ``samples`` times by the fast rollout policy of the Expert's
search (:class:`catan_core.bots.search.Policy`: greedy building, the robber on the leader, no
development card played), each time on a fresh deal of what the viewer cannot see (the hands
and the deck, dealt by :func:`catan_core.dealing.determinize` as the Expert deals them) and with
fresh dice. A seat's chance is the share of play-outs it wins; a play-out that reaches
``max_turns`` without a winner is shared by the seats with the most points.

The play-outs' shares alone are too sure of themselves: the policy plays every seat alike and
more simply than people or the Expert do (no development card, few trades), and its games run
three times as long as real ones, so an early lead in production decides nearly every one.
:func:`calibrate` turns them into chances with the public points, in a form whose three
constants were fitted on bot games by ``benchmarks/calibration.py`` (which also prints how the
chances fare on other games: the reliability table and the Brier score against the naive
"share of the public points").

>>> from catan_core import Game
>>> game = Game.new(seats=["red", "blue", "white"], seed=4)
>>> chances = win_chances(game, samples=8, seed=1)
>>> sorted(chances), round(sum(chances.values()), 6)
(['blue', 'red', 'white'], 1.0)
>>> win_chances(game, samples=8, seed=1) == chances  # the same seed, the same answer
True
>>> game.to_dict() == Game.new(seats=["red", "blue", "white"], seed=4).to_dict()  # untouched
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

from ..dealing import determinize
from ..errors import IllegalAction
from ..game import Game
from ..rng import Rng, seed_state
from .evaluate import public_vp
from .search import Policy

__all__ = ["CALIBRATION", "Calibration", "calibrate", "play_out", "points_shares",
           "progress_of", "win_chances"]


class Calibration(NamedTuple):
    """A seat's weight is ``(share + floor') ** power' * exp(points * points_share)``, where
    the play-outs count more as the game nears its end (``progress``: the most public points
    of a seat over the points to win): ``power' = power + late_power * progress`` and
    ``floor' = floor * (1 - progress) + 0.01``. The chances are the weights over their sum."""

    power: float
    late_power: float
    floor: float
    points: float


#: Fitted on 40 games of four Hard computers (seeds 70000-70039, 32 play-outs every 2 turns,
#: as Red sees): the lowest Brier score of a grid of the four constants (600 of them; the
#: play-outs weighing more near the end did not help there). ``nox -s calibration`` prints
#: how the chances fare on the next 200 games.
CALIBRATION = Calibration(power=0.4, late_power=0.0, floor=0.2, points=4.0)


def calibrate(shares: Sequence[float], points: Sequence[float], progress: float = 0.0,
              calibration: Calibration = CALIBRATION) -> list[float]:
    """Chances from the play-outs' ``shares``, each seat's share of the public ``points`` and
    how near the game is to its end (``progress``, 0 to 1).

    >>> [round(c, 3) for c in calibrate([1.0, 0.0, 0.0], [0.5, 0.25, 0.25])]
    [0.733, 0.134, 0.134]
    >>> [round(c, 3) for c in calibrate([0.4, 0.3, 0.3], [0.5, 0.25, 0.25])]
    [0.594, 0.203, 0.203]
    """
    power, late, floor, weight = calibration
    power += late * progress
    floor = floor * (1.0 - progress) + 0.01
    weights = [(s + floor) ** power * math.exp(weight * v)
               for s, v in zip(shares, points, strict=True)]
    total = sum(weights)
    return [w / total for w in weights]


def progress_of(game: Game) -> float:
    """How near the game is to its end: the most public points of a seat over the points to
    win (at most 1)."""
    return min(1.0, max(public_vp(game, q) for q in range(len(game.seats))) / game.vp_to_win)


def points_shares(game: Game) -> list[float]:
    """Each seat's share of the public points (buildings and awards), even when none has any."""
    points = [public_vp(game, q) for q in range(len(game.seats))]
    total = sum(points)
    return [v / total if total else 1.0 / len(points) for v in points]


def win_chances(game: Game, *, viewer: str | None = None, samples: int = 32, seed: int = 0,
                max_turns: int = 250, calibration: Calibration | None = CALIBRATION
                ) -> dict[str, float]:
    """Each seat's chance to win ``game`` from here, as seen by ``viewer`` (a colour: the cards
    it cannot see are dealt afresh on each play-out) or by someone who sees everything (None:
    the hands are the game's, the deck is shuffled afresh). ``game`` is not changed. With
    ``calibration`` None, the play-outs' raw shares."""
    seats = list(game.seats)
    if game.winner is not None:
        return {c: float(c == game.winner) for c in seats}
    rng = Rng(seed_state(seed))
    view = game.to_dict(view=viewer) if viewer is not None else None
    wins = [0.0] * len(seats)
    for _ in range(samples):
        if viewer is not None and view is not None:
            sim = determinize(view, viewer, Rng(seed_state(rng.next64())))
        else:
            sim = game.copy()
            sim._deck = list(sim._deck)
            rng.shuffle(sim._deck)
        sim._rng = Rng(seed_state(rng.next64()))
        for q, share in enumerate(play_out(sim, max_turns)):
            wins[q] += share
    shares = [w / samples for w in wins]
    if calibration is not None:
        shares = calibrate(shares, points_shares(game), progress_of(game), calibration)
    return dict(zip(seats, shares, strict=True))


def play_out(sim: Game, max_turns: int = 250) -> list[float]:
    """Play ``sim`` (changed) to its end by the rollout policy; each seat's share of the win:
    1 for the winner, or an equal share for the seats with the most points after
    ``max_turns`` more turns."""
    policy = Policy(sim)
    end = sim.turn_number + max_turns
    while sim.winner is None and sim.turn_number < end:
        if not _step(sim, policy):
            break
    if sim.winner is not None:
        return [float(c == sim.winner) for c in sim.seats]
    points = [sim._victory_points_of(q) for q in range(len(sim.seats))]
    best = max(points)
    leaders = points.count(best)
    return [1.0 / leaders if v == best else 0.0 for v in points]


def _step(sim: Game, policy: Policy) -> bool:
    """Move the game on by one decision or one whole turn; False if nothing can be done."""
    phase = sim.phase
    if phase.startswith("setup"):
        done = policy.set_up()
    elif phase == "roll":
        done = policy.play_turn()
    elif phase == "discard":
        done = all(policy.act(policy.discard(q)) for q in list(sim._discard_owed))
    elif phase == "move_robber":
        done = policy.act(policy.robber())
    elif phase == "main":
        sim._trade = None  # an offer left open in the position: withdrawn in the play-out
        done = policy.finish_turn()
    else:
        return False
    if done or sim.winner is not None:
        return True
    # the policy found nothing to do (a free road to place, a card it does not play): the
    # first legal action that is not an offer, or ending the turn, moves the game on
    for action in sim.legal_actions():
        try:
            sim.apply(action)
        except IllegalAction:
            continue
        return True
    return False
