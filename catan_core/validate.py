"""Whether a loaded position is one the rules can reach or continue from.

``serialize`` reads each field of a position and checks it alone; these checks look at the
fields together: the supply of pieces, the distance rule, the bank, the awards, the phase and
what it waits for, an open offer, the set-up order. Each failure is an ``InvalidPosition``
with the JSON path at fault and ``details.reason``, one of ``REASONS``. The checks also fill
the derived state (bank, harbour rates, road lengths).
"""

from __future__ import annotations

from typing import Any

from .constants import CITIES, ROADS, SETTLEMENTS
from .errors import InvalidPosition
from .roads import longest_trail
from .state import State, Trade, cards_dict
from .topology import EDGE_NAMES, EDGE_NODES, NODE_EDGES, NODE_NAMES, NODE_NEIGHBOURS

# The rules a position can break, as ``details.reason`` (stable: the site translates each as
# ``invalid_position.<reason>`` in i18n/errors.yml); serialize's own checks say ``malformed``.
REASONS = ("too_many_pieces", "distance_rule", "too_many_cards", "longest_road_holder",
           "largest_army_holder", "discard_phase", "discard_exceeds_hand", "knight_phase",
           "trade_phase", "trade_terms", "winner_phase", "setup_over", "setup_order",
           "setup_pieces", "setup_road_not_at_settlement", "setup_road_missing")


def _fail(path: str, message: str, reason: str, **details: Any) -> InvalidPosition:
    assert reason in REASONS, reason
    return InvalidPosition(message, path, reason=reason, **details)


NEAR = tuple(frozenset(near) for near in NODE_NEIGHBOURS)
_NO_HARBOUR = (4, 4, 4, 4, 4)
# A pure cache: a board's harbour nodes, by the identity of its (kept) list of node ports.
_HARBOUR_NODES: dict[int, tuple[list[str | None], frozenset[int]]] = {}


def harbour_nodes(node_port: list[str | None]) -> frozenset[int]:
    found = _HARBOUR_NODES.get(id(node_port))
    if found is None or found[0] is not node_port:
        if len(_HARBOUR_NODES) > 64:
            _HARBOUR_NODES.clear()
        found = _HARBOUR_NODES[id(node_port)] = (
            node_port, frozenset(n for n, k in enumerate(node_port) if k))
    return found[1]


def check_consistency(state: State) -> None:
    """Check the position as a whole and fill its derived state."""
    for p, colour in enumerate(state.seats):
        for piece, have, supply in (("road", len(state._roads[p]), ROADS),
                                    ("settlement", len(state._settlements[p]), SETTLEMENTS),
                                    ("city", len(state._cities[p]), CITIES)):
            if have > supply:
                raise _fail(f"players.{colour}", "more pieces than the supply (15/5/4)",
                            "too_many_pieces", colour=colour, piece=piece, count=have,
                            supply=supply)
    owner = state._node_owner
    occupied = set().union(*state._settlements, *state._cities)
    if not occupied.isdisjoint(set().union(*map(NEAR.__getitem__, occupied))):
        for node in sorted(occupied):  # the first pair at fault, in canonical order
            for other in NODE_NEIGHBOURS[node]:
                if owner[other] >= 0:
                    raise _fail("players", f"{NODE_NAMES[node]} and {NODE_NAMES[other]} "
                                "break the distance rule", "distance_rule",
                                node=NODE_NAMES[node], other=NODE_NAMES[other])
    state._bank = state._compute_bank()
    for r, left in enumerate(state._bank):
        if left < 0:
            resource = next(iter(cards_dict([0]*r+[1]+[0]*(4-r))))
            raise _fail("players", f"hands hold more than 19 {resource}", "too_many_cards",
                        resource=resource)
    harbours = harbour_nodes(state._node_port)
    state._rates = [_NO_HARBOUR if harbours.isdisjoint(state._settlements[p])
                    and harbours.isdisjoint(state._cities[p]) else state._compute_rates(p)
                    for p in range(len(state.seats))]
    owners = tuple(owner)
    state._road_len = [longest_trail(state._roads[p], owner, p, owners)
                       for p in range(len(state.seats))]
    if state._longest_road >= 0 and state._road_len[state._longest_road] < 5:
        raise _fail("longest_road", "the holder has no road of 5 or more",
                    "longest_road_holder")
    if state._largest_army >= 0 and state._knights[state._largest_army] < 3:
        raise _fail("largest_army", "the holder has played fewer than 3 knights",
                    "largest_army_holder")
    if (state.phase == "discard") != bool(state._discard_owed):
        raise _fail("pending.discard", "phase 'discard' and the counts still owed go together",
                    "discard_phase")
    for p, owed in state._discard_owed.items():
        if owed > sum(state._hand[p]):
            raise _fail(f"pending.discard.{state.seats[p]}", "owes more cards than it holds",
                        "discard_exceeds_hand")
    if state._return_phase is not None and state.phase != "move_robber":
        raise _fail("pending.return_to", "only while the robber is moved for a knight",
                    "knight_phase")
    if state._trade is not None and state.phase != "main":
        raise _fail("pending.trade", "a trade can only be open in phase 'main'",
                    "trade_phase")
    if (state._win_seat >= 0) != (state.phase == "game_over"):
        raise _fail("winner", "a winner and phase 'game_over' go together",
                    "winner_phase")
    if state._return_phase is not None and not state._dev_played:
        raise _fail("pending.return_to", "the robber moves before the roll only for a knight",
                    "knight_phase")
    if state._trade is not None:
        check_trade(state, state._trade)
    check_setup(state)


def check_trade(state: State, trade: Trade) -> None:
    """An open offer must be one the rules let the active player make, and each answer one
    the rules let that player give."""
    me = state._current
    terms = [("pending.trade", me, trade.give, trade.get, trade.give)]
    for q, answer in trade.answers.items():
        path = f"pending.trade.answers.{state.seats[q]}"
        if answer == "accept":
            terms.append((path, q, trade.give, trade.get, trade.get))
        elif isinstance(answer, tuple):
            terms.append((path, q, answer[0], answer[1], answer[1]))
    for path, p, give, get, pays in terms:
        if not any(give) or not any(get):
            raise _fail(path, "both sides of a trade give at least one card", "trade_terms")
        if any(g and h for g, h in zip(give, get, strict=True)):
            raise _fail(path, "a resource cannot be on both sides of a trade", "trade_terms")
        if any(n > h for n, h in zip(pays, state._hand[p], strict=True)):
            raise _fail(path, f"{state.seats[p]} cannot pay its side of this trade",
                        "trade_terms")


def check_setup(state: State) -> None:
    if state.phase not in ("setup_settlement", "setup_road"):
        return
    k = state._setup_count()
    index = k if state.phase == "setup_settlement" else k - 1
    if index < 0 or index >= 2 * len(state.seats):
        raise _fail("turn.phase", "set-up is over for this many settlements",
                    "setup_over")
    expected = state._setup_player(index)
    if expected != state._current:
        raise _fail("turn.player", f"set-up order expects {state.seats[expected]}",
                    "setup_order", expected=state.seats[expected])
    roads_placed = k if state.phase == "setup_settlement" else k - 1
    order = [state._setup_player(i) for i in range(2 * len(state.seats))]
    for p, colour in enumerate(state.seats):
        towns = order[:k].count(p)
        if state._cities[p] or len(state._settlements[p]) != towns \
                or len(state._roads[p]) != order[:roads_placed].count(p):
            raise _fail(f"players.{colour}", "set-up places one settlement and one road per "
                        "turn, in the snake order", "setup_pieces", colour=colour)
        for edge in state._roads[p]:
            if not any(state._node_owner[n] == p for n in EDGE_NODES[edge]):
                raise _fail(f"players.{colour}.roads", f"set-up road {EDGE_NAMES[edge]} does not "
                            "touch a settlement of its owner", "setup_road_not_at_settlement",
                            colour=colour, edge=EDGE_NAMES[edge])
        bare = [n for n in state._settlements[p]
                if not any(state._edge_owner[e] == p for e in NODE_EDGES[n])]
        if len(bare) != (1 if state.phase == "setup_road" and p == state._current else 0):
            raise _fail(f"players.{colour}", "each set-up settlement gets its road before the "
                        "next settlement", "setup_road_missing", colour=colour)




__all__ = ["NEAR", "REASONS", "check_consistency", "check_setup", "check_trade", "harbour_nodes"]
