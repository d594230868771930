"""Domestic trade: making offers, answering them (accept, reject, counter), closing them.

A trade is judged by how it changes the bot's hand score (how close its cards are to its next
builds). Levels with ``threat`` also refuse to help a player close to winning and ask more of
the leader. Negotiation never loops: one offer, one answer from each other player (accept,
reject, or a counter-offer as often as the personality says), then the offerer confirms the
best answer or cancels; the number of offers per turn is capped.
"""

from __future__ import annotations

from typing import Any

from ..constants import RESOURCES
from .context import Action, Ctx

Terms = tuple[list[int], list[int]]  # (cards the bot gives, cards it gets)


def vec(cards: dict[str, Any]) -> list[int]:
    return [int(cards.get(r, 0)) for r in RESOURCES]


def names(v: list[int]) -> dict[str, int]:
    return {RESOURCES[r]: n for r, n in enumerate(v) if n}


def signature(give: list[int], get: list[int]) -> str:
    return f"{give}>{get}"


def delta(ctx: Ctx, give: list[int], get: list[int]) -> float:
    """Change of the bot's hand score when it gives ``give`` and gets ``get``."""
    hand = ctx.hand
    after = [hand[r] - give[r] + get[r] for r in range(5)]
    if min(after) < 0:
        return -1.0
    return ctx.hand_score(after) - ctx.hand_score(hand)


def partner_penalty(ctx: Ctx, q: int) -> float:
    """Reluctance to trade with seat ``q``: a player about to win gets nothing."""
    if ctx.vp(q) >= ctx.view["vp_to_win"] - 1:
        return 1.0
    if not ctx.level.threat:
        return 0.0
    return 0.03 * max(0.0, ctx.threat(q) - 0.8)


def threshold(ctx: Ctx) -> float:
    return 0.05 * ctx.level.trade_need / ctx.style.trade


# -- the offerer ----------------------------------------------------------------------------


def offer_terms(ctx: Ctx) -> list[Terms]:
    """Candidate offers: spare cards for cards the best goals miss."""
    goals, _ = ctx.goals
    hand = ctx.hand
    ranked = sorted(goals, key=lambda g: -g.value * ctx.ev.closeness(hand, g.cost, [4] * 5))
    terms: list[Terms] = []
    for goal in ranked[:2]:
        missing = [r for r in range(5) if goal.cost[r] > hand[r]]
        spare = [r for r in range(5) if hand[r] > goal.cost[r]]
        for m in missing:
            for s in spare:
                terms.append((unit(s), unit(m)))
                if hand[s] - goal.cost[s] >= 2:
                    terms.append((unit(s, 2), unit(m)))
                for s2 in spare:
                    if s2 > s:
                        terms.append((add(unit(s), unit(s2)), unit(m)))
        if len(missing) >= 2 and len(spare) >= 2:
            terms.append((add(unit(spare[0]), unit(spare[1])),
                          add(unit(missing[0]), unit(missing[1]))))
    return terms


def unit(r: int, n: int = 1) -> list[int]:
    v = [0] * 5
    v[r] = n
    return v


def add(a: list[int], b: list[int]) -> list[int]:
    return [x + y for x, y in zip(a, b, strict=True)]


def make_offer(ctx: Ctx, made: set[str]) -> Action | None:
    """An offer worth making now, or None. ``made`` holds this turn's earlier offers."""
    if not any(sum(ctx.game._hand[q]) for q in range(len(ctx.seats)) if q != ctx.me):
        return None  # nobody has a card to give (hand sizes are public)
    if ctx.level.heuristic:
        return easy_offer(ctx, made)
    best: tuple[float, Terms] | None = None
    for give, get in offer_terms(ctx):
        if signature(give, get) in made:
            continue
        gain = delta(ctx, give, get)
        if gain > threshold(ctx) * 1.5 and (best is None or gain > best[0]):
            best = (gain, (give, get))
    if best is None:
        return None
    give, get = best[1]
    return {"type": "offer_trade", "player": ctx.colour, "give": names(give), "get": names(get)}


def easy_offer(ctx: Ctx, made: set[str]) -> Action | None:
    if ctx.random() > 0.25 * ctx.style.trade:
        return None
    terms = [t for t in offer_terms(ctx) if sum(t[0]) == 1 and signature(*t) not in made]
    if not terms:
        return None
    give, get = terms[ctx.rng.below(len(terms))]
    return {"type": "offer_trade", "player": ctx.colour, "give": names(give), "get": names(get)}


def close_offer(ctx: Ctx) -> Action:
    """The offerer confirms the best answer worth taking, or cancels."""
    trade = ctx.view["pending"]["trade"]
    best: tuple[float, Action] = (0.0, ctx.of_type("cancel_trade")[0])
    for action in ctx.of_type("confirm_trade"):
        q = ctx.seats.index(action["with"])
        answer = trade["answers"][action["with"]]
        terms = trade if answer == "accept" else answer
        gain = delta(ctx, vec(terms["give"]), vec(terms["get"])) - partner_penalty(ctx, q)
        if ctx.level.heuristic:
            gain = 0.01 if answer == "accept" else gain
        if gain > best[0]:
            best = (gain, action)
    return best[1]


# -- the other players ----------------------------------------------------------------------


def answer_offer(ctx: Ctx) -> Action:
    """Accept, reject or counter the open offer (terms are from the offerer's side).

    When the offer does not suit as it stands, the personality's ``counter`` is the chance
    that the bot looks for a counter-offer; it makes one only if one suits it (Easy: if it
    wants a card offered and has a spare card to pay with instead).
    """
    trade = ctx.view["pending"]["trade"]
    get, give = vec(trade["give"]), vec(trade["get"])  # what the bot gets and gives
    reject = ctx.of_type("reject_trade")[0]
    accept = ctx.of_type("accept_trade")
    if ctx.level.heuristic:
        hand = ctx.hand
        wanted = any(get[r] and not hand[r] for r in range(5))
        cheap = all(hand[r] >= give[r] + 1 for r in range(5) if give[r])
        if accept and wanted and cheap and ctx.random() < 0.5 * ctx.style.trade:
            return accept[0]
        if wanted and ctx.random() < ctx.style.counter:
            return easy_counter(ctx, give, get) or reject
        return reject
    need = threshold(ctx) + partner_penalty(ctx, ctx.active)
    if accept and delta(ctx, give, get) > need:
        return accept[0]
    if ctx.random() < ctx.style.counter:
        counter = counter_offer(ctx, give, get, need)
        if counter is not None:
            return counter
    return reject


def counter_action(ctx: Ctx, pay: list[int], get: list[int]) -> Action:
    """The counter-offer where the bot pays ``pay`` for ``get``, from the offerer's side."""
    return {"type": "counter_trade", "player": ctx.colour, "give": names(get),
            "get": names(pay)}


def payments(hand: list[int], give: list[int], get: list[int]) -> list[list[int]]:
    """What the bot could pay instead of ``give`` for the cards ``get`` it is offered: one or
    two cards of a kind it holds and is not offered (fewer than asked of an asked kind), or
    one card fewer of what was asked.
    Every payment comes from the bot's hand, so a counter never promises a card it lacks."""
    options = [unit(r, n) for r in range(5) for n in (1, 2)
               if hand[r] >= n and not get[r] and (not give[r] or n < give[r])]
    if sum(give) >= 2:
        options += [[g - (r == k) for k, g in enumerate(give)] for r in range(5) if give[r]]
    return [pay for pay in options if any(pay) and pay != give
            and all(pay[r] <= hand[r] for r in range(5))]


def counter_offer(ctx: Ctx, give: list[int], get: list[int], need: float) -> Action | None:
    """Keep what the offerer gives (cards the offerer is known to hold); ask to pay with other
    or fewer cards instead, the payment that suits the bot best, if one suits it."""
    best: tuple[float, list[int]] | None = None
    for pay in payments(ctx.hand, give, get):
        gain = delta(ctx, pay, get)
        if gain > need and (best is None or gain > best[0]):
            best = (gain, pay)
    return None if best is None else counter_action(ctx, best[1], get)


def easy_counter(ctx: Ctx, give: list[int], get: list[int]) -> Action | None:
    """Easy: pay with one card of the kind the bot holds most of (two at least) instead."""
    spare = [pay for pay in payments(ctx.hand, give, get)
             if sum(pay) == 1 and ctx.hand[pay.index(1)] >= 2]
    if not spare:
        return None
    return counter_action(ctx, max(spare, key=lambda pay: ctx.hand[pay.index(1)]), get)
