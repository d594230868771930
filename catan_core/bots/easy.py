"""Easy bots' building phase: simple priorities with randomness, no evaluation."""

from __future__ import annotations

from ..constants import COST_CITY, COST_SETTLEMENT, RESOURCES
from .context import Action, Ctx
from .tactics import tile_pips


def easy_main(ctx: Ctx) -> Action:
    """Cities, then settlements, then (by chance) cards and roads, trading when one card short."""
    def chance(p: float) -> bool:
        return ctx.random() < p

    for kind, p in (("build_city", 0.9), ("build_settlement", 0.9)):
        options = ctx.of_type(kind)
        if options and chance(p):
            return ctx.pick(options)
    dev = dev_play(ctx)
    if dev is not None:
        return dev
    if ctx.of_type("buy_dev_card") and chance(0.45 * ctx.style.dev):
        return ctx.of_type("buy_dev_card")[0]
    roads = ctx.of_type("build_road")
    if roads and chance(0.4 * ctx.style.road):
        return ctx.pick(roads)
    trade = one_short_trade(ctx)
    if trade is not None and chance(0.7):
        return trade
    return ctx.of_type("end_turn")[0]


def dev_play(ctx: Ctx) -> Action | None:
    knights = ctx.of_type("play_knight")
    if knights and tile_pips(ctx, ctx.game.robber, ctx.me) and ctx.random() < 0.6:
        return knights[0]
    for kind in ("play_road_building", "play_year_of_plenty", "play_monopoly"):
        options = ctx.of_type(kind)
        if options and ctx.random() < 0.5:
            return ctx.pick(options)
    return None


def one_short_trade(ctx: Ctx) -> Action | None:
    """A bank trade that completes a settlement or a city missing exactly one card."""
    hand = ctx.hand
    trades = ctx.of_type("bank_trade")
    for cost in (COST_CITY, COST_SETTLEMENT):
        missing = [r for r in range(5) if hand[r] < cost[r]]
        if len(missing) != 1 or hand[missing[0]] + 1 < cost[missing[0]]:
            continue
        want = RESOURCES[missing[0]]
        for action in trades:
            (give, n), = action["give"].items()
            r = RESOURCES.index(give)
            if want in action["get"] and hand[r] - n >= cost[r]:
                return action
    return None
