"""Expert's search: compare the best plans of the turn over sampled deals and the coming rolls.

The planner (:mod:`.planner`) scores each plan of the turn by the position it reaches, as if
nothing happened until the bot's next turn. Here the few best plans are played on several
determinizations (hidden hands and the deck dealt from what the bot knows, see
:mod:`catan_core.tracking`), and on each the table then plays on: the rest of the bot's turn and
each opponent's turn, with dice, sevens, discards and the robber, chosen by a fast rollout
policy. The bot's next roll is valued as an expectation (the evaluator's ``dice``). A plan is
worth the mean, over the samples, of the bot's value less a share of the best opponent's; all
plans see the same dice on a sample (common random numbers), so the comparison is between plans,
not between lucky and unlucky rolls.

The search costs time only where a choice is close: a forced move, or a plan clearly better
than the next, is played at once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..constants import COST_CITY, COST_DEV_CARD, COST_ROAD, COST_SETTLEMENT, RESOURCES
from ..errors import IllegalAction
from ..game import Game
from ..rng import Rng, seed_state
from ..topology import (
    EDGE_NAMES,
    EDGE_NODES,
    NODE_NAMES,
    NODE_NEIGHBOURS,
    TILE_NODES,
    edge_id,
    node_id,
)
from .context import Action, Ctx
from .evaluate import Evaluator, public_vp
from .knowledge import PIPS, board_info


@dataclass(frozen=True)
class Plan:
    """Actions the bot means to play this turn, the first one now, and the planner's value."""

    value: float
    actions: tuple[Action, ...]

    @property
    def first(self) -> Action:
        return self.actions[0]


def choose(ctx: Ctx, plans: Sequence[Plan], margin: float | None = None) -> Plan:
    """The plan to follow: the planner's best, unless a search over samples prefers another.

    ``plans`` must hold at least one plan (ending the turn is one). Plans valued more than
    ``margin`` (the level's by default) below the best are not searched.
    """
    ranked = _distinct(sorted(plans, key=lambda p: -p.value))
    level = ctx.level
    margin = level.margin if margin is None else margin
    top = [p for p in ranked[:level.breadth] if p.value >= ranked[0].value - margin]
    if len(top) < 2 or not level.samples:
        return ranked[0]
    return _best_played_out(ctx, top, level.samples, rollout, level.prior)


def choose_setup(ctx: Ctx, spots: Sequence[Plan]) -> Plan:
    """The set-up settlement to place: each of the best ``spots`` (by the set-up score) is
    played out on ``setup_samples`` deals: the rest of the set-up by everyone, then
    ``setup_rounds`` rounds of the game, all by the fast policy; the bot's value there, less
    ``contest`` of the best opponent's, decides."""
    top = sorted(spots, key=lambda p: -p.value)[:ctx.level.setup_breadth]
    if len(top) < 2:
        return top[0]
    return _best_played_out(ctx, top, ctx.level.setup_samples, _setup_rollout)


def _best_played_out(ctx: Ctx, plans: Sequence[Plan], samples: int,
                     play: Callable[[Ctx, Game, Plan, Rng], float], prior: float = 0.0
                     ) -> Plan:
    """The plan whose play-outs (``play``) on ``samples`` deals are worth most on average
    (plus ``prior`` times the planner's value); every plan sees the same dice on a deal."""
    means = [0.0] * len(plans)
    for k in range(samples):
        game = ctx.game if k == 0 else ctx.deal()
        chance = Rng(seed_state(ctx.rng.next64()))
        for i, plan in enumerate(plans):
            means[i] += play(ctx, game, plan, chance.copy()) / samples
    return plans[max(range(len(plans)), key=lambda i: means[i] + prior * plans[i].value)]


def _distinct(plans: list[Plan]) -> list[Plan]:
    """The best plan for each first action (plans sharing their first action are one choice)."""
    seen: set[str] = set()
    out = []
    for plan in plans:
        key = repr(sorted(plan.first.items()))
        if key not in seen:
            seen.add(key)
            out.append(plan)
    return out


def rollout(ctx: Ctx, game: Game, plan: Plan, chance: Rng) -> float:
    """Play ``plan`` on a copy of ``game``, then the table until the bot's next roll; the value
    reached (the bot's, less ``contest`` times the best opponent's)."""
    sim = game.copy()
    me = ctx.me
    ctx.rollouts += 1
    try:
        for action in plan.actions:
            sim.apply(action)
    except IllegalAction:  # a plan the sampled deal does not allow (a card drawn differently)
        return plan.value - ctx.level.contest * _best_other(ctx.ev, game, me)
    sim._rng = chance
    policy = Policy(sim)
    if sim.winner is None and sim.phase == "main" and sim._current == me:
        policy.finish_turn()
    for turn in range(ctx.level.depth + 1):
        if turn and sim.winner is None and not policy.play_turn():  # the bot's next turns
            break
        while sim.winner is None and not (sim._current == me and sim.phase == "roll"):
            if not policy.play_turn():
                break
    if sim.winner is not None:
        return 100.0 if sim.winner == sim.seats[me] else -100.0
    return ctx.ev.value(sim) - ctx.level.contest * _best_other(ctx.ev, sim, me)


def _setup_rollout(ctx: Ctx, game: Game, plan: Plan, chance: Rng) -> float:
    """Place ``plan``'s corner on a copy of ``game``, play the rest of the set-up and
    ``setup_rounds`` rounds by the fast policy; the value reached (as :func:`rollout`'s)."""
    ctx.rollouts += 1
    sim = game.copy()
    sim.apply(plan.first)
    sim._rng = chance
    policy = Policy(sim)
    while sim.phase.startswith("setup") and policy.set_up():
        pass
    for _ in range(ctx.level.setup_rounds * len(sim.seats)):
        if sim.winner is not None or not policy.play_turn():
            break
    return ctx.ev.value(sim) - ctx.level.contest * _best_other(ctx.ev, sim, ctx.me)


def _best_other(ev: Evaluator, game: Game, me: int) -> float:
    return max(ev.value(game, q) for q in range(len(game.seats)) if q != me)


# -- the rollout policy ------------------------------------------------------------------------


def covers(hand: Sequence[int], cost: Sequence[int]) -> bool:
    """Whether ``hand`` holds ``cost`` (five counts each).

    >>> covers((1, 1, 0, 0, 0), (1, 1, 0, 0, 0)), covers((1, 0, 3, 3, 3), (1, 1, 0, 0, 0))
    (True, False)
    """
    for held, need in zip(hand, cost):  # noqa: B905, SIM110 (five each; a loop: no generator)
        if held < need:
            return False
    return True


class Policy:
    """A fast, sensible player for every seat of a whole (determinized) game.

    It rolls, discards its largest piles, puts the robber where it hurts the leader most, and
    builds greedily: a city, then a settlement on its best spot, then a road towards the best
    free spot, then a development card; it trades with the bank when that completes a city or
    a settlement. It plays no development card and makes no offer.
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self.info = board_info(game.board)
        self.spot_pips = [sum(p for _, _, p in prod) for prod in self.info.node_prod]

    def act(self, action: Action) -> bool:
        try:
            self.game.apply(action)
        except IllegalAction:
            return False
        return True

    def play_turn(self) -> bool:
        """The current player's whole turn, from the roll to its end; False if stuck."""
        game = self.game
        if game.phase != "roll":
            return False
        colour = game.seats[game._current]
        self.act({"type": "roll", "player": colour})
        for _ in range(8):
            if game.winner is not None or game.phase == "main":
                break
            if game.phase == "discard":
                for q in list(game._discard_owed):
                    self.act(self.discard(q))
            elif game.phase == "move_robber" and not self.act(self.robber()):
                return False
        if game.phase != "main":
            return False
        return self.finish_turn()

    def finish_turn(self) -> bool:
        game = self.game
        p = game._current
        for _ in range(6):
            if game.winner is not None:
                return True
            action = self.build(p)
            if action is None or not self.act(action):
                break
        return game.winner is not None or self.act({"type": "end_turn",
                                                    "player": game.seats[p]})

    def set_up(self) -> bool:
        """One set-up placement of the current player: the free corner with the most pips
        (and a bonus per resource it does not produce yet), a road towards the next best."""
        game = self.game
        legal = game.legal_actions()
        if not legal:
            return False
        if game.phase == "setup_settlement":
            p = game._current
            have = {r for n in game._settlements[p] for _, r, _ in self.info.node_prod[n]}

            def score(a: Action) -> float:
                n = node_id(a["node"])
                new = {r for _, r, _ in self.info.node_prod[n]} - have
                return self.spot_pips[n] + 2.4 * len(new)

            return self.act(max(legal, key=score))
        owner = game._node_owner

        def room(a: Action) -> int:
            ends = EDGE_NODES[edge_id(a["edge"])]
            far = ends[0] if owner[ends[1]] >= 0 else ends[1]
            return max((self.spot_pips[m] for m in NODE_NEIGHBOURS[far]
                        if owner[m] < 0 and all(owner[k] < 0 for k in NODE_NEIGHBOURS[m])),
                       default=0)

        return self.act(max(legal, key=room))

    def discard(self, q: int) -> Action:
        hand = list(self.game._hand[q])
        out = [0] * 5
        for _ in range(self.game._discard_owed[q]):
            r = max(range(5), key=lambda x: hand[x])
            hand[r] -= 1
            out[r] += 1
        return {"type": "discard", "player": self.game.seats[q],
                "cards": {RESOURCES[r]: k for r, k in enumerate(out) if k}}

    def robber(self) -> Action:
        game = self.game
        p = game._current
        numbers = game.board.numbers
        best: tuple[float, int] = (-1e9, -1)
        for tile in range(len(numbers)):
            if tile == game.robber:
                continue
            score = 0.0
            for n in TILE_NODES[tile]:
                q = game._node_owner[n]
                if q >= 0:
                    hurt = PIPS[numbers[tile]] * game._node_level[n]
                    score += -2.0 * hurt if q == p else hurt * (1 + public_vp(game, q))
            if score > best[0]:
                best = (score, tile)
        tile = best[1]
        action: Action = {"type": "move_robber", "player": game.seats[p], "tile": tile}
        victims = [q for q in game._robber_candidates(tile) if sum(game._hand[q])]
        if victims:
            victim = max(victims, key=lambda q: sum(game._hand[q]))
            action["victim"] = game.seats[victim]
        return action

    def build(self, p: int) -> Action | None:
        game = self.game
        colour = game.seats[p]
        hand = game._hand[p]
        roads, settlements, cities = game._stock(p)
        spots = game._settlement_spots(p) if settlements else []
        if cities and game._settlements[p] and covers(hand, COST_CITY):
            node = max(game._settlements[p], key=lambda n: self.spot_pips[n])
            return {"type": "build_city", "player": colour, "node": NODE_NAMES[node]}
        if spots and covers(hand, COST_SETTLEMENT):
            node = max(spots, key=lambda n: self.spot_pips[n])
            return {"type": "build_settlement", "player": colour, "node": NODE_NAMES[node]}
        if roads and not spots and covers(hand, COST_ROAD):
            edge = self.road_towards(p)
            if edge is not None:
                return {"type": "build_road", "player": colour, "edge": EDGE_NAMES[edge]}
        if game._deck and covers(hand, COST_DEV_CARD) and not (
                spots and hand[0] + hand[1] > 0) and not covers(hand, (0, 0, 0, 2, 2)):
            return {"type": "buy_dev_card", "player": colour}
        return self.bank_trade(p, spots)

    def road_towards(self, p: int) -> int | None:
        """A road whose far end is next to (or is) the best free spot, if any is worth it."""
        game = self.game
        owner = game._node_owner
        best: tuple[int, int | None] = (0, None)
        for e in sorted(game._road_spots(p)):
            for n in EDGE_NODES[e]:
                if owner[n] >= 0:
                    continue
                for m in (n, *NODE_NEIGHBOURS[n]):
                    if owner[m] < 0 and self.spot_pips[m] > best[0] \
                            and all(owner[k] < 0 for k in NODE_NEIGHBOURS[m]):
                        best = (self.spot_pips[m], e)
        return best[1] if best[0] >= 6 else None

    def bank_trade(self, p: int, spots: list[int]) -> Action | None:
        """One bank trade towards a city or a settlement when spare cards pay for what lacks."""
        game = self.game
        hand, rates = game._hand[p], game._trade_rates(p)
        cities = game._stock(p)[2]
        targets = []
        if cities and game._settlements[p]:
            targets.append(COST_CITY)
        if spots:
            targets.append(COST_SETTLEMENT)
        for cost in targets:
            missing = [max(0, c - h) for c, h in zip(cost, hand, strict=True)]
            spare = [max(0, h - c) // rate for h, c, rate in zip(hand, cost, rates, strict=True)]
            if 0 < sum(missing) <= sum(spare):
                give = max(range(5), key=lambda r: spare[r])
                get = next(r for r in range(5) if missing[r])
                return {"type": "bank_trade", "player": game.seats[p],
                        "give": {RESOURCES[give]: rates[give]}, "get": {RESOURCES[get]: 1}}
        return None
