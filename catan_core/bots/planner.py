"""The building phase: choose the next action of the turn by evaluating where it leads.

Normal bots compare the positions one action away (greedy), with a large error on each value.
Hard bots also plan bank trades that make a build possible this turn and compare those plans,
with a smaller error. Expert bots add the best follow-up build to each plan, value hands by the
expectation over the next roll and make no error. The first action of the best plan is played;
the next decision plans again. Every plan spends cards or plays a card that can be played once,
so a turn always ends.
"""

from __future__ import annotations

from ..constants import COST_CITY, COST_DEV_CARD, COST_ROAD, COST_SETTLEMENT, RESOURCES
from ..game import Game
from ..state import own_cards
from ..topology import EDGE_NAMES, NODE_NAMES
from . import search
from .context import Action, Ctx, simulate
from .knowledge import unseen_devs, unseen_fractions
from .search import Plan
from .tactics import move_robber, robber_score

BUILDS = ("build_road", "build_settlement", "build_city", "buy_dev_card")
COST_OF = {"build_road": COST_ROAD, "build_settlement": COST_SETTLEMENT,
           "build_city": COST_CITY, "buy_dev_card": COST_DEV_CARD}
ROAD_BUILDING_CAP = 60


def plan(ctx: Ctx) -> tuple[float, Action]:
    """The best first action of the turn's best plan, with the value the plan reaches.

    Levels with ``samples`` let the search (:mod:`.search`) choose among the closest plans.
    """
    plans = [Plan(ctx.ev.value(ctx.game), (ctx.of_type("end_turn")[0],)), *candidates(ctx)]
    if ctx.level.samples:
        chosen = search.choose(ctx, plans)
        return chosen.value, chosen.first
    noise = ctx.level.noise
    best = plans[0]
    for candidate in plans[1:]:
        value = candidate.value
        if noise:
            value += noise * (ctx.random() - 0.5)
        if value > best.value + 1e-9:
            best = Plan(value, candidate.actions)
    return best.value, best.first


def candidates(ctx: Ctx) -> list[Plan]:
    """Plans of the turn that spend something, each valued by the position it reaches."""
    game = ctx.game
    found: list[Plan] = []
    seen_devs = False
    for action in ctx.legal:
        kind = action["type"]
        if kind in BUILDS or kind == "bank_trade":
            sim = simulate(game, [action])
            if sim is not None:
                found.append(Plan(leaf_value(ctx, sim), (action,)))
        elif kind.startswith("play_") and not seen_devs:
            seen_devs = True
            found += dev_candidates(ctx)
    if ctx.level.macros:
        found += trade_plans(ctx)
    if ctx.level.lookahead and found:
        found.sort(key=lambda c: -c.value)
        found = [follow_up(ctx, c) for c in found[:6]] + found[6:]
    return found


def leaf_value(ctx: Ctx, sim: Game) -> float:
    """Value of a position reached by the bot's own actions.

    When a development card was bought on the way, Expert bots take the expectation over the
    unseen cards instead of trusting the card the determinization happened to deal.
    """
    me, ev = ctx.me, ctx.ev
    new, before = sim._new_dev[me], ctx.game._new_dev[me]
    drawn = next((c for c in range(5) if new[c] > before[c]), -1)
    if drawn < 0 or not ctx.level.dice:
        return ev.value(sim)
    new = own_cards(sim._new_dev, me)  # a card was drawn: a list already
    pool = unseen_devs(ctx.view, ctx.colour)
    total, value = sum(pool), 0.0
    new[drawn] -= 1
    for c in range(5):
        if pool[c]:
            new[c] += 1
            value += pool[c] / total * ev.value(sim)
            new[c] -= 1
    new[drawn] += 1
    return value


# -- bank trades that enable a build ---------------------------------------------------------


def trades_for(hand: list[int], cost: tuple[int, ...], rates: list[int],
               colour: str) -> list[Action] | None:
    """Bank trades that make ``hand`` cover ``cost``, giving the largest surpluses first."""
    hand = list(hand)
    trades: list[Action] = []
    for r in range(5):
        while hand[r] < cost[r]:
            spare = [g for g in range(5) if g != r and hand[g] - cost[g] >= rates[g]]
            if not spare:
                return None
            g = max(spare, key=lambda x: (hand[x] - cost[x]) / rates[x])
            hand[g] -= rates[g]
            hand[r] += 1
            trades.append({"type": "bank_trade", "player": colour,
                           "give": {RESOURCES[g]: rates[g]}, "get": {RESOURCES[r]: 1}})
    return trades


def trade_plans(ctx: Ctx) -> list[Plan]:
    """Plans of one to three bank trades followed by a build."""
    game, me = ctx.game, ctx.me
    hand, rates = game._hand[me], game._trade_rates(me)
    legal_trades = ctx.of_type("bank_trade")
    stock = game._stock(me)
    targets: list[Action] = []
    if stock[1]:
        targets += [{"type": "build_settlement", "player": ctx.colour, "node": NODE_NAMES[n]}
                    for n in game._settlement_spots(me)]
    if stock[2]:
        targets += [{"type": "build_city", "player": ctx.colour, "node": NODE_NAMES[n]}
                    for n in sorted(game._settlements[me])]
    if game._deck:
        targets.append({"type": "buy_dev_card", "player": ctx.colour})
    if stock[0] and not game._settlement_spots(me):
        targets += [{"type": "build_road", "player": ctx.colour, "edge": EDGE_NAMES[e]}
                    for e in sorted(game._road_spots(me))]
    plans: list[Plan] = []
    for target in targets:
        trades = trades_for(hand, COST_OF[target["type"]], rates, ctx.colour)
        if not trades or len(trades) > 3 or trades[0] not in legal_trades:
            continue
        sim = simulate(game, [*trades, target])
        if sim is not None:
            plans.append(Plan(leaf_value(ctx, sim), (*trades, target)))
    return plans


def follow_up(ctx: Ctx, plan: Plan) -> Plan:
    """``plan`` of one action extended by the best build that can follow it this turn."""
    action = plan.first
    if len(plan.actions) > 1 or (action["type"] not in BUILDS
                                 and action["type"] != "bank_trade"):
        return plan
    sim = simulate(ctx.game, [action])
    if sim is None:
        return plan
    best = plan
    for nxt in sim.legal_actions():
        if nxt["type"] in BUILDS:
            after = simulate(sim, [nxt])
            if after is not None:
                value = leaf_value(ctx, after)
                if value > best.value:
                    best = Plan(value, (action, nxt))
    return best


# -- development cards ----------------------------------------------------------------------


def dev_candidates(ctx: Ctx) -> list[Plan]:
    game, ev, me = ctx.game, ctx.ev, ctx.me
    found: list[Plan] = []
    knights = ctx.of_type("play_knight")
    if knights:
        sim = simulate(game, knights)
        if sim is not None:
            sub = Ctx(ctx.view, me, [a for a in sim.legal_actions()
                                     if a.get("player") == ctx.colour],
                      ctx.rng, ctx.level, ctx.style)
            sub.__dict__["game"], sub.__dict__["ev"] = sim, ev
            robber = move_robber(sub)
            bonus = robber_score(sub, robber)
            after = simulate(sim, [robber])
            if after is not None:
                found.append(Plan(leaf_value(ctx, after) + 0.5 * max(0.0, bonus),
                                  (knights[0], robber)))
    hand = game._hand[me]
    plenty = ctx.of_type("play_year_of_plenty")
    if plenty:
        def with_cards(a: Action) -> float:
            extra = [hand[r] + a["resources"].count(RESOURCES[r]) for r in range(5)]
            return ev.value(game, hand=extra) - 0.4  # the card itself is spent
        found.append(max((Plan(with_cards(a), (a,)) for a in plenty), key=lambda c: c.value))
    monopoly = ctx.of_type("play_monopoly")
    if monopoly:
        others = sum(sum(game._hand[q]) for q in range(len(ctx.seats)) if q != me)
        share = unseen_fractions(ctx.view, ctx.colour)

        def taken(a: Action) -> float:
            r = RESOURCES.index(a["resource"])
            extra = [hand[x] + (others * share[r] * 1.2 if x == r else 0) for x in range(5)]
            return ev.value(game, hand=extra) - 0.4

        found.append(max((Plan(taken(a), (a,)) for a in monopoly), key=lambda c: c.value))
    roads = ctx.of_type("play_road_building")[:ROAD_BUILDING_CAP]
    for action in roads:
        sim = simulate(game, [action])
        if sim is not None:
            found.append(Plan(leaf_value(ctx, sim), (action,)))
    return found
