"""One decision: the view, the bot's own legal actions, its generator, and lazy helpers."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property
from typing import Any

from ..constants import RESOURCE_INDEX
from ..errors import IllegalAction
from ..game import Game
from ..rng import Rng
from ..tracking import CardCounter
from .evaluate import Evaluator, Goal, public_vp
from .knowledge import determinize
from .profiles import Level, Style

Action = dict[str, Any]


class Ctx:
    """Everything one decision may use. The game is a determinization, built on first use."""

    def __init__(self, view: dict[str, Any], me: int, legal: list[Action], rng: Rng,
                 level: Level, style: Style, cards: CardCounter | None = None) -> None:
        self.view, self.me, self.legal, self.rng = view, me, legal, rng
        self.cards = cards
        self.rollouts = 0  # positions the search played out for this decision
        self.level, self.style = level, style
        self.colour: str = view["seats"][me]
        self.seats: list[str] = list(view["seats"])
        self.phase: str = view["turn"]["phase"]
        self.active = self.seats.index(view["turn"]["player"])
        hand = view["players"][self.colour].get("hand", {})
        self.hand = [int(hand.get(r, 0)) for r in RESOURCE_INDEX]

    @cached_property
    def game(self) -> Game:
        return self.deal()

    def deal(self) -> Game:
        """Another determinization of the view, dealt by the decision's generator."""
        return determinize(self.view, self.colour, self.rng, self.cards)

    @cached_property
    def ev(self) -> Evaluator:
        return Evaluator(self.game, self.me, self.level, self.style)

    @cached_property
    def goals(self) -> tuple[list[Goal], list[int]]:
        """The bot's current build goals and its bank rates (to value hands)."""
        game, ev, me = self.game, self.ev, self.me
        prod = ev.production(game, me)
        ports = game._ports_of(me)
        return ev.goals(game, me, prod, ports, ev.reach(game, me)), game._trade_rates(me)

    def hand_score(self, hand: Sequence[float]) -> float:
        goals, rates = self.goals
        return self.ev.hand_score(hand, goals, rates)

    def of_type(self, *types: str) -> list[Action]:
        return [a for a in self.legal if a["type"] in types]

    def random(self) -> float:
        """A float in [0, 1) from the decision's generator."""
        return self.rng.next64() / 2.0 ** 64

    def pick(self, items: Sequence[Action]) -> Action:
        return items[self.rng.below(len(items))]

    def vp(self, q: int) -> int:
        """Public points of seat ``q`` (own hidden Victory Point cards included for the bot)."""
        game = self.game
        return game._victory_points_of(q) if q == self.me else public_vp(game, q)

    def threat(self, q: int) -> float:
        """How much hurting seat ``q`` is worth: 1, more for a leader.

        Levels with ``threat`` weigh the leader by the personality's ``leader``; below them
        only a personality that likes hitting the leader (Aggressive) does.
        """
        weight = self.style.leader if self.level.threat else max(0.0, self.style.leader - 1.0)
        if not weight:
            return 1.0
        others = [self.vp(o) for o in range(len(self.seats)) if o != self.me]
        lead = 0.15 * (self.vp(q) - sum(others) / len(others))
        if self.vp(q) == max(others):
            lead += 0.4
        if self.vp(q) >= self.game.vp_to_win - 2:
            lead += 0.6
        return max(0.3, 1.0 + weight * lead)


def simulate(game: Game, actions: Sequence[Action]) -> Game | None:
    """A copy of ``game`` after ``actions``, or None if one of them is refused there."""
    sim = game.copy()
    try:
        for action in actions:
            sim.apply(action)
    except IllegalAction:
        return None
    return sim
