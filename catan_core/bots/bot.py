"""The computer player: ``choose(view, legal_actions)`` for every decision of the game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..errors import InvalidArgument
from ..tracking import CardCounter
from .context import Action, Ctx
from .easy import easy_main
from .knowledge import as_view, bot_rng, view_seat
from .planner import plan
from .profiles import LEVELS, STYLES
from .tactics import before_roll, discard, move_robber, setup_road, setup_settlement
from .trade import answer_offer, close_offer, make_offer, signature, vec

DEV_PLAYS = ("play_knight", "play_road_building", "play_year_of_plenty", "play_monopoly")


class Bot:
    """A computer player of one level and personality, deterministic given its seed.

    It decides from the view of its colour only. Its one memory is the offers it made in the
    current turn, so that it neither repeats a refused offer nor makes more than its
    personality allows; otherwise the same seed and view give the same answer.
    """

    def __init__(self, level: str = "normal", personality: str = "builder",
                 seed: int = 0) -> None:
        if not isinstance(level, str) or level not in LEVELS:
            raise InvalidArgument("invalid_level", f"level must be one of {list(LEVELS)}",
                                  level=repr(level))
        if not isinstance(personality, str) or personality not in STYLES:
            raise InvalidArgument("invalid_personality",
                                  f"personality must be one of {list(STYLES)}",
                                  personality=repr(personality))
        self.level_name, self.personality = level, personality
        self.level, self.style, self.seed = LEVELS[level], STYLES[personality], seed
        self.offers: dict[tuple[int, str], set[str]] = {}
        self.rollouts = 0  # positions played out by the last decision's search

    def __repr__(self) -> str:
        return f"Bot({self.level_name!r}, {self.personality!r}, seed={self.seed})"

    def choose(self, view: dict[str, Any], legal_actions: Sequence[Action], *,
               allow_offers: bool = True, cards: CardCounter | None = None) -> Action:
        """One action for the bot's colour, legal now (or an offer / counter-offer).

        ``view`` is ``game.to_dict(view=colour)`` (a full position is masked first);
        ``legal_actions`` is ``game.legal_actions()``; entries for other players are ignored.
        ``allow_offers=False`` forbids a new trade offer (a driver's cap per turn). ``cards``:
        the table's count of the cards seen (:class:`catan_core.tracking.CardCounter`);
        levels that count cards deal the hidden hands from it.
        """
        seat = view_seat(view, list(legal_actions))
        colour = view["seats"][seat]
        view = as_view(view, colour)
        mine = [a for a in legal_actions if a.get("player", view["turn"]["player"]) == colour]
        if not mine:
            raise InvalidArgument("nothing_to_decide", f"{colour} has nothing to decide now",
                                  player=colour)
        ctx = Ctx(view, seat, mine, bot_rng(self.seed, view), self.level, self.style,
                  cards if self.level.counting else None)
        action = self.decide(ctx, allow_offers)
        self.rollouts = ctx.rollouts
        return action

    def decide(self, ctx: Ctx, allow_offers: bool) -> Action:
        phase = ctx.phase
        if phase == "main" and "trade" in ctx.view["pending"]:
            return close_offer(ctx) if ctx.me == ctx.active else answer_offer(ctx)
        if len(ctx.legal) == 1 and phase != "main":
            return ctx.legal[0]
        if phase == "setup_settlement":
            return setup_settlement(ctx)
        if phase == "setup_road":
            return setup_road(ctx)
        if phase == "roll":
            return before_roll(ctx)
        if phase == "discard":
            return discard(ctx)
        if phase == "move_robber":
            return move_robber(ctx, search=True)
        return self.main(ctx, allow_offers)

    def main(self, ctx: Ctx, allow_offers: bool) -> Action:
        key = (int(ctx.view["turn"]["number"]), ctx.colour)
        self.offers = {k: v for k, v in self.offers.items() if k == key}
        made = self.offers.setdefault(key, set())
        if ctx.level.heuristic:
            action = easy_main(ctx)
            direct = action["type"] != "end_turn"
        else:
            _, action = plan(ctx)
            direct = action["type"] not in ("end_turn", "bank_trade")
        can_offer = allow_offers and len(made) < ctx.style.offers and not (
            ctx.view.get("rules", {}).get("trade_before_build") and ctx.view["turn"].get("built"))
        if not direct and can_offer:
            offer = make_offer(ctx, made)
            if offer is not None:
                made.add(signature(vec(offer["give"]), vec(offer["get"])))
                return offer
        return action


def make_bot(level: str = "normal", personality: str = "builder", seed: int = 0) -> Bot:
    """A computer player: ``level`` in easy/normal/hard/expert, ``personality`` in
    merchant/aggressive/builder/expansionist/opportunist.

    >>> make_bot("expert", "merchant", seed=3)
    Bot('expert', 'merchant', seed=3)
    """
    return Bot(level, personality, seed)
