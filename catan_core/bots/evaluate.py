"""How good a position is for one player, in victory-point units.

The value adds the points scored, the production of the player's buildings (pips, weighted by
resource, with a bonus for diversity and harbours), room to expand, progress towards the
awards, development cards held, and the hand: how close its cards are to the next builds
(each missing card multiplies a build's value by ``GAMMA``). Opponents' hands count only as
sizes, so the value depends on what the player may see.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..constants import COST_CITY, COST_DEV_CARD, COST_ROAD, COST_SETTLEMENT, KNIGHT, RESOURCES
from ..game import Game
from ..topology import EDGE_NODES, NODE_EDGES, NODE_NEIGHBOURS
from .knowledge import PIPS, board_info
from .profiles import Level, Style

GAMMA = 0.55
ROAD_AND_SETTLEMENT = (2, 2, 1, 1, 0)
CARD_VALUE = 0.12  # a resource card, roughly, in victory points
DEV_VALUE = 0.55
#: How much the best goals of a hand count (:meth:`Evaluator.hand_score`), best first.
GOAL_WEIGHTS = (1.0, 0.4, 0.15, 0.05)
Vec = Sequence[float]
# For each node, the edges leaving it with the node at their other end.
NODE_LINKS = tuple(tuple((e, EDGE_NODES[e][0] + EDGE_NODES[e][1] - n) for e in NODE_EDGES[n])
                   for n in range(len(NODE_EDGES)))


@dataclass(frozen=True)
class Goal:
    """A build the player aims at: what it costs and what it is worth."""

    kind: str
    cost: tuple[int, ...]
    value: float


def public_vp(game: Game, q: int) -> int:
    """Points everyone can see: buildings and awards (not hidden Victory Point cards)."""
    vp = len(game._settlements[q]) + 2 * len(game._cities[q])
    return vp + 2 * (game._longest_road == q) + 2 * (game._largest_army == q)


class Evaluator:
    """Values positions for seat ``me``; weights are fixed from the position it starts from."""

    def __init__(self, game: Game, me: int, level: Level, style: Style) -> None:
        self.level, self.style, self.me = level, style, me
        self.info = board_info(game.board)
        self.numbers = game.board.numbers
        self.n = len(game.seats)
        self.target = game.vp_to_win
        top = max(public_vp(game, q) for q in range(self.n))
        stage = min(1.0, max(top, game._victory_points_of(me)) / self.target)
        self.stage = stage
        self.prod_w = 0.075 * level.produce * style.horizon * max(0.3, 1.0 - 0.8 * stage)
        self.div_w = 0.18 * style.horizon * max(0.3, 1.0 - stage)
        early = (1.15, 1.15, 1.0, 1.05, 0.95)
        late = (0.9, 0.9, 0.95, 1.1, 1.15)
        self.resw: tuple[float, ...] = (1.0,) * 5
        if level.scarcity:
            mix = min(1.0, stage * 1.6)
            self.resw = tuple(float(self.info.scarcity[r] ** 0.5)
                              * (early[r] * (1 - mix) + late[r] * mix) for r in range(5))
        # Personality: a resource is worth more to a style that likes the builds using it.
        tilt = ((style.road + style.settle) / 2, (style.road + style.settle) / 2,
                (style.settle + style.dev) / 2, (style.settle + style.city + style.dev) / 3,
                (style.city + style.dev) / 2)
        self.resw = tuple(w * float(t ** 0.5) for w, t in zip(self.resw, tilt, strict=True))
        self.p7 = 1.0 - (5 / 6) ** (self.n - 1)
        self._gains: dict[int, tuple[list[float], float]] = {}

    # -- production ---------------------------------------------------------------------

    def production(self, game: Game, p: int, robbed: float = 0.6) -> list[float]:
        """Pips per resource of ``p``'s buildings; the robbed tile counts ``robbed`` of itself."""
        prod = [0.0] * 5
        robber, level, node_prod = game.robber, game._node_level, self.info.node_prod
        for n in game._settlements[p] | game._cities[p]:
            for t, r, pips in node_prod[n]:
                prod[r] += pips * level[n] * (robbed if t == robber else 1.0)
        return prod

    def roll_gains(self, game: Game, p: int) -> dict[int, list[int]]:
        """Cards ``p`` receives for each dice total (robber applied)."""
        gains: dict[int, list[int]] = {}
        for n in game._settlements[p] | game._cities[p]:
            for t, r, _ in self.info.node_prod[n]:
                if t != game.robber:
                    gains.setdefault(self.numbers[t], [0] * 5)[r] += game._node_level[n]
        return gains

    def prod_value(self, prod: Vec, ports: set[str]) -> float:
        value = self.prod_w * sum(w * x for w, x in zip(self.resw, prod, strict=True))
        value += self.div_w * sum(1 for x in prod if x > 0)
        if self.level.ports:
            for kind in ports:
                if kind == "3:1":
                    value += 0.08 + 0.006 * sum(prod)
                else:
                    value += 0.04 + 0.025 * prod[RESOURCES.index(kind)]
        return value

    def _node_gain(self, node: int) -> tuple[list[float], float]:
        """The pips per resource of a settlement on ``node``, and their weighted worth (the
        part of :meth:`spot_value` that depends on the node only; kept once computed)."""
        known = self._gains.get(node)
        if known is None:
            gain = [0.0] * 5
            for _, r, pips in self.info.node_prod[node]:
                gain[r] += pips
            known = (gain, self.prod_w * sum(w * x for w, x in zip(self.resw, gain,
                                                                  strict=True)))
            self._gains[node] = known
        return known

    def spot_value(self, node: int, prod: Vec, ports: set[str]) -> float:
        """What a settlement on ``node`` adds to production worth."""
        gain, value = self._node_gain(node)
        new = 0  # resources the spot adds to what is produced
        for r in range(5):
            if gain[r] and not prod[r]:
                new += 1
        value += self.div_w * new
        kind = self.info.node_port[node]
        if self.level.ports and kind is not None and kind not in ports:
            value += 0.12 if kind == "3:1" else 0.04 + 0.025 * (prod[RESOURCES.index(kind)]
                                                                + gain[RESOURCES.index(kind)])
        return value

    # -- expansion ----------------------------------------------------------------------

    def reach(self, game: Game, p: int) -> list[list[int]]:
        """Settlement spots ``p`` can reach with 0, 1 and 2 more roads."""
        owner, edges = game._node_owner, game._edge_owner
        frontier = set(game._settlements[p] | game._cities[p])
        for e in game._roads[p]:
            for n in EDGE_NODES[e]:
                if owner[n] < 0:
                    frontier.add(n)
        seen = set(frontier)
        found: list[list[int]] = []
        for depth in range(3):
            free = []
            for n in frontier:  # free corners whose neighbours are free too (distance rule)
                if owner[n] < 0:
                    for m in NODE_NEIGHBOURS[n]:
                        if owner[m] >= 0:
                            break
                    else:
                        free.append(n)
            found.append(free)
            if depth == 2:
                break
            nxt = set()
            for n in frontier:
                for e, m in NODE_LINKS[n]:
                    if edges[e] < 0 and owner[m] < 0 and m not in seen:
                        nxt.add(m)
            seen |= nxt
            frontier = nxt
        return found

    # -- goals and the hand -------------------------------------------------------------

    def goals(self, game: Game, p: int, prod: Vec, ports: set[str],
              spots: list[list[int]]) -> list[Goal]:
        roads, settlements, cities = game._stock(p)
        style = self.style
        goals = []
        if cities and game._settlements[p]:
            best = max(self.prod_w * sum(self.resw[r] * pips for _, r, pips
                                         in self.info.node_prod[n])
                       for n in game._settlements[p])
            goals.append(Goal("city", COST_CITY, (1.0 + best) * style.city))
        if settlements:
            if spots[0]:
                best = max(self.spot_value(n, prod, ports) for n in spots[0])
                goals.append(Goal("settlement", COST_SETTLEMENT, (1.0 + best) * style.settle))
            elif spots[1] and roads:
                best = max(self.spot_value(n, prod, ports) for n in spots[1])
                goals.append(Goal("settlement", ROAD_AND_SETTLEMENT,
                                  0.85 * (1.0 + best) * style.settle))
        if game._deck:
            goals.append(Goal("dev", COST_DEV_CARD, DEV_VALUE * style.dev))
        if roads and not spots[0]:
            goals.append(Goal("road", COST_ROAD, 0.3 * style.road))
        return goals

    @staticmethod
    def closeness(hand: Vec, cost: Sequence[int], rates: Sequence[int]) -> float:
        """``GAMMA`` to the power of the cards still missing for ``cost`` (a missing card
        that spare cards could buy from the bank counts half).

        >>> Evaluator.closeness((1, 1, 0, 0, 0), COST_ROAD, (4, 4, 4, 4, 4))
        1.0
        >>> round(Evaluator.closeness((0, 1, 0, 0, 4), COST_ROAD, (4, 4, 4, 4, 4)), 4)
        0.7416
        """
        miss = spare = 0.0
        for need, held, rate in zip(cost, hand, rates, strict=True):  # the five resources, in order
            d = need - held
            if d > 0:
                miss += d
            else:
                spare += -d // rate
        return float(GAMMA ** (miss - 0.5 * min(miss, spare)))

    def hand_score(self, hand: Vec, goals: list[Goal], rates: Sequence[int]) -> float:
        """The goals' values, each times :meth:`closeness` of ``hand`` to its cost, the best
        weighted most, and a little for every card held (up to 4 of a kind).

        The computer players' most frequent computation: :meth:`closeness` is written out in
        the loop, with the same arithmetic in the same order (the same games).

        >>> ev = Evaluator.__new__(Evaluator)
        >>> goals = [Goal("road", COST_ROAD, 0.3), Goal("dev", COST_DEV_CARD, 0.55)]
        >>> hand, rates = (1, 0, 2, 1, 0), (4, 4, 4, 4, 4)
        >>> expected = sorted((g.value * Evaluator.closeness(hand, g.cost, rates) for g in goals),
        ...                   reverse=True)
        >>> ev.hand_score(hand, goals, rates) == (expected[0] + 0.4 * expected[1]
        ...                                       + 0.02 * sum(min(x, 4.0) for x in hand))
        True
        """
        scores = []
        for goal in goals:
            miss = spare = 0.0
            for need, held, rate in zip(goal.cost, hand, rates):  # noqa: B905 (five each)
                d = need - held
                if d > 0:
                    miss += d
                else:
                    spare += -d // rate
            scores.append(goal.value * GAMMA ** (miss - 0.5 * (spare if spare < miss else miss)))
        scores.sort(reverse=True)
        score = 0.0  # the same total as from sum()'s start, 0 (a float for mypyc)
        for value, weight in zip(scores, GOAL_WEIGHTS):  # noqa: B905 (the best four count)
            score += value * weight
        kept = 0.0
        for x in hand:
            kept += 4.0 if x > 4.0 else x
        return score + 0.02 * kept

    def expected_hand_score(self, game: Game, p: int, hand: Vec, goals: list[Goal],
                            rates: Sequence[int], prod: Vec) -> float:
        """Hand score expected after the others' rolls and one roll of the dice."""
        base = [hand[r] + prod[r] * (self.n - 1) / 36 for r in range(5)]
        score = covered = 0.0
        hand_score = self.hand_score
        for total, gain in self.roll_gains(game, p).items():
            chance = PIPS[total] / 36
            covered += chance
            after = [b + g for b, g in zip(base, gain, strict=True)]
            score += chance * hand_score(after, goals, rates)
        return score + (1.0 - covered) * self.hand_score(base, goals, rates)

    # -- the whole value ----------------------------------------------------------------

    def value(self, game: Game, p: int | None = None, hand: Vec | None = None) -> float:
        """Value of ``game`` for seat ``p`` (default: the evaluator's seat)."""
        p = self.me if p is None else p
        vp = game._victory_points_of(p) if p == self.me else public_vp(game, p)
        if vp >= self.target:
            return 100.0 + vp
        hand = game._hand[p] if hand is None else hand
        prod = self.production(game, p)
        ports = game._ports_of(p)
        spots = self.reach(game, p)
        value = vp + self.prod_value(prod, ports) + self.expansion(game, p, prod, ports, spots)
        value += self.award_value(game, p) + self.dev_value(game, p)
        goals = self.goals(game, p, prod, ports, spots)
        rates = game._trade_rates(p)
        if self.level.dice:
            hs = self.expected_hand_score(game, p, hand, goals, rates, prod)
        else:
            hs = self.hand_score(hand, goals, rates)
        total = sum(hand)
        if total > 7:
            hs -= self.p7 * (total // 2) * CARD_VALUE * 2
        return value + 0.5 * hs

    def expansion(self, game: Game, p: int, prod: Vec, ports: set[str],
                  spots: list[list[int]]) -> float:
        """Worth of the settlement spots within reach, less for each road still needed."""
        if not game._stock(p)[1]:
            return 0.0
        value = 0.0
        for depth, weight in enumerate((0.3, 0.18, 0.08) if self.level.foresight else (0.3,)):
            worth = sorted((self.spot_value(n, prod, ports) for n in spots[depth]), reverse=True)
            if worth:
                value += weight * (1.0 + worth[0])
                if depth == 0 and len(worth) > 1:
                    value += 0.1 * (1.0 + worth[1])
        return value * self.style.settle * self.level.expand

    def award_value(self, game: Game, p: int) -> float:
        """Progress towards Longest Road and Largest Army (held awards count in points)."""
        style = self.style
        others = [q for q in range(self.n) if q != p]
        length, knights = game._road_len[p], game._knights[p]
        top_road = max(game._road_len[q] for q in others)
        top_army = max(game._knights[q] for q in others)
        held = game._dev[p][KNIGHT] + game._new_dev[p][KNIGHT] if p == self.me else 0
        value = 0.03 * style.road * min(length, 8) + 0.08 * style.knight * knights
        if not self.level.foresight:
            return value
        if game._longest_road != p and length >= 3 and length + 2 > max(top_road, 4):
            value += 0.25 * style.road
        if game._largest_army != p and knights + held + 1 >= max(3, top_army + 1):
            value += 0.25 * style.knight
        return value

    def dev_value(self, game: Game, p: int) -> float:
        if p != self.me:
            return 0.35 * (sum(game._dev[p]) + sum(game._new_dev[p]))
        held = [a + b for a, b in zip(game._dev[p], game._new_dev[p], strict=True)]
        return 0.3 * self.style.knight * held[KNIGHT] + 0.4 * sum(held[1:4])
