"""Decisions outside the building phase: set-up, the robber, discards, knights before the roll.

Each function takes the decision context and returns one of the bot's legal actions. Easy
bots use the ``easy_*`` variants: simple rules with randomness.
"""

from __future__ import annotations

from ..constants import KNIGHT, RESOURCES
from ..topology import EDGE_NODES, NODE_NEIGHBOURS, TILE_NODES, edge_id, node_id
from .context import Action, Ctx
from .knowledge import PIPS
from .search import Plan, choose, choose_setup

# -- set-up ---------------------------------------------------------------------------------


def raw_pips(ctx: Ctx, node: int) -> int:
    return sum(pips for _, _, pips in ctx.ev.info.node_prod[node])


def free_spot(owner: list[int], node: int) -> bool:
    return owner[node] < 0 and all(owner[m] < 0 for m in NODE_NEIGHBOURS[node])


def setup_settlement(ctx: Ctx) -> Action:
    game, ev, me = ctx.game, ctx.ev, ctx.me
    options = {node_id(a["node"]): a for a in ctx.legal}
    if ctx.level.heuristic:
        ranked = sorted(options, key=lambda n: -raw_pips(ctx, n))[:8]
        return options[ranked[ctx.rng.below(len(ranked))]]
    prod = ev.production(game, me, robbed=1.0)
    ports = game._ports_of(me)

    def score(n: int) -> float:
        if not ctx.level.scarcity:  # pips, and a bonus for each resource not yet produced
            tiles = ev.info.node_prod[n]
            return sum(p for _, _, p in tiles) + 2.4 * len({r for _, r, _ in tiles if not prod[r]})
        value = ev.spot_value(n, prod, ports) / ev.prod_w
        if not ctx.level.pairing:
            return value
        room = {m for k in NODE_NEIGHBOURS[n] for m in NODE_NEIGHBOURS[k]
                if m != n and free_spot(game._node_owner, m)}  # room to grow
        return value + 0.4 * ctx.style.settle * min(len(room), 4)

    scores = {n: score(n) for n in options}
    if ctx.level.noise:  # the error grows with the spread of the scores
        spread = max(scores.values()) - min(scores.values())
        scores = {n: s + ctx.level.noise * spread * (ctx.random() - 0.5) for n, s in scores.items()}
    if ctx.level.pairing and not game._settlements[me]:
        top = sorted(options, key=lambda n: -scores[n])[:8]
        scores = {n: scores[n] + 0.8 * best_second(ctx, n) for n in top}
    if ctx.level.setup_samples:
        return choose_setup(ctx, [Plan(s, (options[n],)) for n, s in scores.items()]).first
    return options[max(scores, key=lambda n: scores[n])]


def best_second(ctx: Ctx, first: int) -> float:
    """Value of the best second settlement left after the others place greedily by pips."""
    game, ev, me = ctx.game, ctx.ev, ctx.me
    owner = list(game._node_owner)
    owner[first] = me
    n = len(ctx.seats)
    taken = 2 * n - 2 - 2 * game._setup_count()  # others' placements before my second one
    free = sorted((m for m in range(len(owner)) if free_spot(owner, m)),
                  key=lambda m: -raw_pips(ctx, m))
    for m in free:
        if taken <= 0:
            break
        if free_spot(owner, m):
            owner[m] = -2
            taken -= 1
    prod = [0.0] * 5
    for _, r, pips in ev.info.node_prod[first]:
        prod[r] += pips
    ports = {k for k in (ev.info.node_port[first],) if k}
    return max((ev.spot_value(m, prod, ports) / ev.prod_w for m in free
                if free_spot(owner, m)), default=0.0)


def setup_road(ctx: Ctx) -> Action:
    if ctx.level.heuristic:
        return ctx.pick(ctx.legal)
    owner = ctx.game._node_owner

    def score(action: Action) -> float:
        a, b = EDGE_NODES[edge_id(action["edge"])]
        far = b if owner[a] == ctx.me else a
        if owner[far] >= 0:
            return -1.0
        values = sorted((raw_pips(ctx, m) for m in NODE_NEIGHBOURS[far]
                         if free_spot(owner, m)), reverse=True)
        return sum(v * w for v, w in zip(values, (1.0, 0.3), strict=False))

    return max(ctx.legal, key=score)


# -- the robber -----------------------------------------------------------------------------


def tile_pips(ctx: Ctx, tile: int, q: int) -> int:
    """Production ``q`` loses per roll-ways when ``tile`` is blocked."""
    game = ctx.game
    if tile < 0:  # the robber off the island (a board without a desert)
        return 0
    number = game.board.numbers[tile]
    return sum(PIPS[number] * game._node_level[n] for n in TILE_NODES[tile]
               if game._node_owner[n] == q)


def robber_score(ctx: Ctx, action: Action) -> float:
    tile, victim = action["tile"], action.get("victim")
    score = -0.35 * tile_pips(ctx, tile, ctx.me)
    for q in range(len(ctx.seats)):
        if q != ctx.me:
            score += 0.12 * tile_pips(ctx, tile, q) * ctx.threat(q)
    if victim is not None:
        v = ctx.seats.index(victim)
        cards = sum(ctx.game._hand[v])  # hand sizes are public
        if cards:
            score += ctx.style.steal * (0.2 + 0.04 * min(cards, 8)) * ctx.threat(v) ** 0.5
    return score


def move_robber(ctx: Ctx, search: bool = False) -> Action:
    """Never on the bot's own tiles while an opponent can be hit elsewhere. With ``search``
    (levels with ``samples``), the best few by score are compared by :mod:`.search`."""
    hurting = [a for a in ctx.legal if tile_pips(ctx, a["tile"], ctx.me) == 0 and "victim" in a]
    searching = search and ctx.level.samples > 0
    if hurting and ctx.style.leader > 1 and (ctx.level.heuristic or searching):
        # Aggressive: at the leader when it can (Easy picks among those tiles at random, the
        # search compares them)
        top = max(ctx.vp(ctx.seats.index(a["victim"])) for a in hurting)
        hurting = [a for a in hurting if ctx.vp(ctx.seats.index(a["victim"])) == top]
    if ctx.level.heuristic:
        return ctx.pick(hurting or ctx.legal)
    if searching:
        plans = [Plan(robber_score(ctx, a), (a,)) for a in hurting or ctx.legal]
        return choose(ctx, plans, margin=ctx.level.robber_margin).first
    return max(hurting or ctx.legal, key=lambda a: robber_score(ctx, a))


def wants_knight(ctx: Ctx) -> bool:
    """Play a knight before rolling: robber on my tile, Largest Army in reach, or to attack."""
    game, me = ctx.game, ctx.me
    blocked = tile_pips(ctx, game.robber, me)
    if ctx.level.heuristic:
        return blocked > 0 and ctx.random() < 0.6
    holder = game._largest_army
    need = 3 if holder < 0 else game._knights[holder] + 1
    if holder != me and game._knights[me] + 1 >= need:
        return True
    if blocked >= 3:
        return True
    return ctx.style.knight > 1.5 and game._dev[me][KNIGHT] > 0


def before_roll(ctx: Ctx) -> Action:
    knights = ctx.of_type("play_knight")
    if knights and wants_knight(ctx):
        return knights[0]
    return ctx.of_type("roll")[0]


# -- discards -------------------------------------------------------------------------------


def discard(ctx: Ctx) -> Action:
    """Keep the hand that scores best (exactly when the choices are few, greedily if not)."""
    hand = ctx.hand

    def score(rest: list[int]) -> float:
        if ctx.level.heuristic:
            return -max(rest) - 0.1 * ctx.random()
        return ctx.hand_score(rest)

    if len(ctx.legal) <= 150:
        return max(ctx.legal, key=lambda a: score(
            [hand[r] - int(a["cards"].get(name, 0)) for r, name in enumerate(RESOURCES)]))
    rest, out = list(hand), [0] * 5
    for _ in range(int(ctx.view["pending"]["discard"][ctx.colour])):
        r = max((r for r in range(5) if rest[r]),
                key=lambda r: score([x - (k == r) for k, x in enumerate(rest)]))
        rest[r] -= 1
        out[r] += 1
    return {"type": "discard", "player": ctx.colour,
            "cards": {RESOURCES[r]: n for r, n in enumerate(out) if n}}
