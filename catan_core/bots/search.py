"""Expert search: compare a few candidate choices by playing the next round out many times.

The planner and the tactics propose candidates and value them at once; where several are
close, search plays each of them forward in many *determinizations* (the unseen cards dealt
at random by the bot's own generator, see :mod:`.knowledge`): the bot's whole turn (the
candidate, then what the planner would play after it), then every opponent's turn with a
cheap greedy policy (builds by production, the robber at the leader, discards by surplus), the
dice as chance, until the bot's next turn begins. Each position reached is valued by the
bot's evaluator, less a share of the best opponent's value. All candidates see the same deals
and the same dice (common random numbers), so the comparison measures the choice, not the
luck. Searched: the building phase's plans within ``planner.SEARCH_MARGIN`` of the best (the
planner's choice kept unless another plays out ``OVERRIDE`` better), the robber's best
moves, and each set-up settlement (the rest of set-up placed by every seat as the bot's level
would, opponents with a neutral personality).

The budget is a number of rollouts (``Level.search``), never a clock: the same seed and view
give the same choice on any machine. Decisions with one sensible option spend nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from ..constants import (
    COST_CITY,
    COST_DEV_CARD,
    COST_ROAD,
    COST_SETTLEMENT,
    KNIGHT,
    RESOURCES,
)
from ..errors import IllegalAction
from ..game import Game
from ..topology import EDGE_NAMES, EDGE_NODES, NODE_NAMES, NODE_NEIGHBOURS, TILE_NODES
from .context import Action, Ctx
from .evaluate import public_vp
from .knowledge import PIPS, board_info, determinize

#: Points added to a leaf where the bot won.
WIN = 12.0
#: Points taken from a leaf where an opponent won: a rollout's opponents play a cheap policy,
#: so a loss in it says little; it must not drown what the choice itself changed.
LOSS = 2.0
#: Share of the best opponent's value taken from the bot's own at a leaf.
RIVAL = 0.25
#: How much better (in points) search must find a plan than the planner's own choice.
OVERRIDE = 0.1
#: Actions one rollout may take before it is valued where it stands (a safety net).
ROLLOUT_ACTIONS = 120


class Policy:
    """The cheap greedy player of the rollouts, for every seat, on one island."""

    def __init__(self, game: Game) -> None:
        info = board_info(game.board)
        self.node_pips = [sum(p for _, _, p in prod) for prod in info.node_prod]
        self.numbers = game.board.numbers

    # -- phases ---------------------------------------------------------------------------

    def play(self, g: Game, me: int, dice: Sequence[tuple[int, int]]) -> None:
        """Play ``g`` on until seat ``me`` is about to roll in a later turn, or someone won."""
        rolled = 0
        start = g.turn_number
        for _ in range(ROLLOUT_ACTIONS):
            if g.win_seat >= 0:
                return
            phase, p = g.phase, g.current
            if phase == "roll":
                if p == me and g.turn_number > start:
                    return
                if self.knight_first(g, p):
                    g.apply({"type": "play_knight"})
                    continue
                a, b = dice[rolled % len(dice)]
                rolled += 1
                g.apply({"type": "roll", "dice": [a, b]})
            elif phase == "discard":
                for q, owed in sorted(g.discard_owed.items()):
                    g.apply(self.discard(g, q, owed))
            elif phase == "move_robber":
                g.apply(self.robber(g, p))
            elif phase == "main":
                g.apply(self.main(g, p))
            else:
                return

    def knight_first(self, g: Game, p: int) -> bool:
        return bool(g.dev[p][KNIGHT] and not g.dev_played and g.robber >= 0
                    and any(g.node_owner[n] == p for n in TILE_NODES[g.robber]))

    def discard(self, g: Game, q: int, owed: int) -> Action:
        rest, out = list(g.hand[q]), [0] * 5
        for _ in range(owed):
            r = max(range(5), key=lambda x: rest[x])
            rest[r] -= 1
            out[r] += 1
        return {"type": "discard", "player": g.seats[q],
                "cards": {RESOURCES[r]: n for r, n in enumerate(out) if n}}

    def robber(self, g: Game, p: int) -> Action:
        """The tile hurting the others most (the leaders more), never one of ``p``'s own."""
        best, best_tile = -1.0, -1
        owner, level, numbers = g.node_owner, g.node_level, self.numbers
        vps = [public_vp(g, q) for q in range(len(g.seats))]
        for t in range(len(numbers)):
            if t == g.robber:
                continue
            score = 0.0
            for n in TILE_NODES[t]:
                q = owner[n]
                if q == p:
                    score = -1.0
                    break
                if q >= 0:
                    score += PIPS[numbers[t]] * level[n] * (1.0 + 0.3 * vps[q])
            if score > best:
                best, best_tile = score, t
        action: Action = {"type": "move_robber", "tile": best_tile}
        victims = [q for q in g.robber_candidates(best_tile) if sum(g.hand[q])]
        if victims:
            action["victim"] = g.seats[max(victims, key=lambda q: (vps[q], sum(g.hand[q])))]
        return action

    def main(self, g: Game, p: int) -> Action:
        hand = g.hand[p]
        roads, settlements, cities = g.stock(p)
        if cities and g.settlements[p] and _has(hand, COST_CITY):
            node = max(sorted(g.settlements[p]), key=lambda n: self.node_pips[n])
            return {"type": "build_city", "node": NODE_NAMES[node]}
        spots = g.settlement_spots(p) if settlements else []
        if spots and _has(hand, COST_SETTLEMENT):
            node = max(spots, key=lambda n: self.node_pips[n])
            return {"type": "build_settlement", "node": NODE_NAMES[node]}
        if g.deck and _has(hand, COST_DEV_CARD) and not (
                cities and g.settlements[p] and hand[4] < 4 and hand[3] < 3):
            return {"type": "buy_dev_card"}
        if roads and settlements and not spots and _has(hand, COST_ROAD):
            edge = self.road(g, p)
            if edge >= 0:
                return {"type": "build_road", "edge": EDGE_NAMES[edge]}
        trade = self.bank_trade(g, p, bool(spots and settlements), bool(cities
                                                                        and g.settlements[p]))
        return trade or {"type": "end_turn"}

    def road(self, g: Game, p: int) -> int:
        """The road whose far end is the best free spot (or leads to one), else -1."""
        owner = g.node_owner
        best, found = 0.0, -1
        for e in sorted(g.road_spots(p)):
            for n in EDGE_NODES[e]:
                if owner[n] >= 0 or any(owner[m] >= 0 for m in NODE_NEIGHBOURS[n]):
                    continue
                if self.node_pips[n] > best:
                    best, found = self.node_pips[n], e
            for n in EDGE_NODES[e]:
                if owner[n] < 0:
                    for m in NODE_NEIGHBOURS[n]:
                        if _free(owner, m) and 0.5 * self.node_pips[m] > best:
                            best, found = 0.5 * self.node_pips[m], e
        return found

    def bank_trade(self, g: Game, p: int, settle: bool, city: bool) -> Action | None:
        """One bank trade that leaves a city or a settlement one trade from paid."""
        hand, rates = g.hand[p], g.rates[p]
        for ok, cost in ((city, COST_CITY), (settle, COST_SETTLEMENT)):
            if not ok:
                continue
            missing = [r for r in range(5) if hand[r] < cost[r]]
            if len(missing) != 1 or hand[missing[0]] + 1 < cost[missing[0]]:
                continue
            want = missing[0]
            if not g.bank[want]:
                continue
            for give in range(5):
                if give != want and hand[give] - cost[give] >= rates[give]:
                    return {"type": "bank_trade", "give": {RESOURCES[give]: rates[give]},
                            "get": {RESOURCES[want]: 1}}
        return None


def _has(hand: Sequence[int], cost: Sequence[int]) -> bool:
    return all(h >= c for h, c in zip(hand, cost, strict=True))


def _free(owner: Sequence[int], node: int) -> bool:
    return owner[node] < 0 and all(owner[m] < 0 for m in NODE_NEIGHBOURS[node])


# -- the comparison ---------------------------------------------------------------------------


def leaf(ctx: Ctx, g: Game) -> float:
    """The bot's value of ``g``, less a share of the best opponent's."""
    me, ev = ctx.me, ctx.ev
    if g.win_seat == me:
        return WIN + ev.value(g)
    rival = max(ev.value(g, q) for q in range(len(g.seats)) if q != me)
    if rival >= 100.0:  # the evaluator's mark of a winner: 100 + points
        rival -= 98.0
    return ev.value(g) - RIVAL * rival - (LOSS if g.win_seat >= 0 else 0.0)


def compare(ctx: Ctx, lines: Sequence[Callable[[Game], bool]]) -> list[float]:
    """Mean leaf value of each line of play over the budget's determinizations.

    A line applies the bot's choice (and the rest of its turn) to a copy of a determinization
    and returns False if something it tried was refused there; the rollout then goes on from
    the position as it stands. Every line sees the same deals and dice.
    """
    budget = ctx.level.search
    deals = max(4, budget // max(1, len(lines)))
    policy = Policy(ctx.game)
    totals = [0.0] * len(lines)
    for d in range(deals):
        base = ctx.game if d == 0 else determinize(ctx.view, ctx.colour, ctx.rng)
        dice = [ctx.rng.dice() for _ in range(8)]
        for i, line in enumerate(lines):
            g = base.copy()
            try:
                line(g)
                policy.play(g, ctx.me, dice)
            except IllegalAction:
                pass  # a choice the cheap policy made that the rules refuse: value it here
            totals[i] += leaf(ctx, g)
    return [t / deals for t in totals]


def follow(ctx: Ctx, actions: Sequence[Action], policy_rest: bool) -> Callable[[Game], bool]:
    """A line: ``actions`` by the bot, then the rest of its turn by the cheap policy (or just
    the end of its turn)."""
    me = ctx.me

    def line(g: Game) -> bool:
        for action in actions:
            if g.win_seat >= 0:
                return True
            try:
                g.apply(action)
            except IllegalAction:
                break
        if policy_rest:
            return True  # Policy.play finishes the turn
        if g.win_seat < 0 and g.phase == "main" and g.current == me and g.trade is None:
            g.apply({"type": "end_turn"})
        return True

    return line


def turn_plan(ctx: Ctx, first: Action, cap: int = 5) -> list[Action]:
    """``first`` and the actions the planner would play after it this turn (not the end)."""
    from .planner import plan  # the planner uses search: imported here
    from .tactics import move_robber

    actions = [first]
    if first["type"] == "end_turn":
        return actions
    sim = ctx.game.copy()
    try:
        sim.apply(first)
    except IllegalAction:
        return actions
    while len(actions) < cap and sim.win_seat < 0 and sim.current == ctx.me:
        legal = [a for a in sim.legal_actions() if a.get("player") == ctx.colour]
        sub = Ctx(ctx.view, ctx.me, legal, ctx.rng, ctx.level, ctx.style)
        sub.__dict__["game"], sub.__dict__["ev"] = sim, ctx.ev
        sub.searching = True
        if sim.phase == "move_robber":
            nxt = move_robber(sub)
        elif sim.phase == "main" and sim.trade is None:
            nxt = plan(sub)[1]
        else:
            break
        if nxt["type"] == "end_turn":
            break
        sim.apply(nxt)
        actions.append(nxt)
    return actions


def best_plan(ctx: Ctx, ranked: list[tuple[float, Action]], margin: float,
              width: int = 4) -> Action | None:
    """The first action of the best whole-turn plan among the close candidates, or None when
    only one is close (nothing to search)."""
    close: list[Action] = []
    top = ranked[0][0]
    for value, action in ranked:
        if value < top - margin or len(close) >= width:
            break
        if action not in close:
            close.append(action)
    if len(close) < 2:
        return None
    lines = [follow(ctx, turn_plan(ctx, a), policy_rest=False) for a in close]
    scores = compare(ctx, lines)
    best = max(range(len(close)), key=lambda i: (scores[i], -i))
    return close[best] if scores[best] > scores[0] + OVERRIDE else close[0]


def best_robber(ctx: Ctx, ranked: list[Action], width: int = 4) -> Action:
    """The robber move (of the best ``width`` by the tactics) that plays out best."""
    options = ranked[:width]
    if len(options) < 2:
        return options[0]
    scores = compare(ctx, [follow(ctx, [a], policy_rest=True) for a in options])
    return options[max(range(len(options)), key=lambda i: (scores[i], -i))]


# -- set-up ------------------------------------------------------------------------------------


def setup_value(ctx: Ctx, first: Action) -> float:
    """Leaf value after ``first`` and the rest of set-up, every seat placing as the bot's own
    level would without search or pairing (opponents with a neutral personality)."""
    from .evaluate import Evaluator
    from .profiles import Style
    from .tactics import setup_road, setup_settlement

    g = ctx.game.copy()
    g.apply(first)
    model = replace(ctx.level, pairing=False, search=0, noise=0.0)
    neutral = Style("neutral")
    while g.phase in ("setup_settlement", "setup_road"):
        p = g.current
        style = ctx.style if p == ctx.me else neutral
        sub = Ctx(ctx.view, p, g.legal_actions(), ctx.rng, model, style)
        sub.__dict__["game"] = g
        sub.__dict__["ev"] = ctx.ev if p == ctx.me else Evaluator(g, p, model, style)
        sub.searching = True
        g.apply(setup_settlement(sub) if g.phase == "setup_settlement" else setup_road(sub))
    return leaf(ctx, g)


def best_setup(ctx: Ctx, ranked: list[Action], width: int = 5) -> Action:
    """The set-up settlement (of the best ``width`` by the tactics) whose set-up ends best."""
    options = ranked[:width]
    if len(options) < 2:
        return options[0]
    scores = [setup_value(ctx, a) for a in options]
    return options[max(range(len(options)), key=lambda i: (scores[i], -i))]


__all__ = ["Policy", "best_plan", "best_robber", "best_setup", "compare", "leaf", "turn_plan"]
