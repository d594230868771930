"""Counting cards: what each player's hidden hand probably holds, from public events only.

A player at the table sees every roll's production, every build and purchase, bank and
player trades, discards and monopolies, but not the card a robber steals. :class:`CardCounter`
follows the same events and keeps, per player, the expected number of cards of each resource.
A steal moves the victim's expected mix to the thief. Bots deal the hidden hands of their
determinizations from these counts (:func:`catan_core.dealing.determinize`), so a player who just
received three ore is dealt ore, not a uniform draw from the bank.

>>> from catan_core import RESOURCES, Game
>>> game = Game.new(seats=["red", "blue", "white"], seed=4)
>>> counter = CardCounter(game.seats)
>>> while game.phase.startswith("setup"):
...     counter.observe(game.apply(game.legal_actions()[0]))
>>> hand = game.hand_of("white")
>>> counter.expected("white") == [float(hand.get(r, 0)) for r in RESOURCES]
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .constants import COST_CITY, COST_DEV_CARD, COST_ROAD, COST_SETTLEMENT, RESOURCE_INDEX

Doc = dict[str, Any]
_COSTS = {"built_settlement": COST_SETTLEMENT, "built_city": COST_CITY,
          "bought_dev_card": COST_DEV_CARD}


class CardCounter:
    """Expected resource cards of each player, as everyone at the table can count them."""

    def __init__(self, seats: Iterable[str]) -> None:
        self.counts: dict[str, list[float]] = {c: [0.0] * 5 for c in seats}

    def __repr__(self) -> str:
        return f"CardCounter({ {c: self.expected(c) for c in self.counts} })"

    def expected(self, colour: str) -> list[float]:
        """Expected cards of each resource (RESOURCES order) in ``colour``'s hand."""
        return [round(x, 3) for x in self.counts[colour]]

    # -- following the game -------------------------------------------------------------

    def observe(self, events: Iterable[Mapping[str, Any]]) -> None:
        """Count the public side of ``events`` (as returned by ``Game.apply``)."""
        for event in events:
            kind = event.get("type")
            player = event.get("player")
            if kind == "produced":
                for colour, cards in event.get("gains", {}).items():
                    self._add(colour, cards, 1)
            elif kind == "received":
                self._add(player, event.get("cards", {}), 1)
            elif kind in _COSTS:
                self._pay(player, _COSTS[kind])
            elif kind == "built_road" and not event.get("free"):
                self._pay(player, COST_ROAD)
            elif kind == "bank_traded":
                self._add(player, event.get("give", {}), -1)
                self._add(player, event.get("get", {}), 1)
            elif kind == "traded":
                other = event.get("with")
                self._add(player, event.get("give", {}), -1)
                self._add(player, event.get("get", {}), 1)
                self._add(other, event.get("give", {}), 1)
                self._add(other, event.get("get", {}), -1)
            elif kind == "discarded":
                self._add(player, event.get("cards", {}), -1)
            elif kind == "monopoly":
                self._monopoly(player, event.get("resource"), event.get("taken", {}))
            elif kind == "stole" and event.get("card") is not None:
                self._steal(player, event.get("victim"))

    def _add(self, colour: Any, cards: Mapping[str, Any], sign: int) -> None:
        counts = self.counts.get(colour)
        if counts is None or not isinstance(cards, Mapping):
            return
        for name, n in cards.items():
            r = RESOURCE_INDEX.get(name)
            if r is not None and isinstance(n, int) and n > 0:
                if sign > 0:
                    counts[r] += n
                else:
                    _take(counts, r, n)

    def _pay(self, colour: Any, cost: Sequence[int]) -> None:
        counts = self.counts.get(colour)
        if counts is not None:
            for r in range(5):
                if cost[r]:
                    _take(counts, r, cost[r])

    def _monopoly(self, colour: Any, resource: Any, taken: Mapping[str, Any]) -> None:
        r = RESOURCE_INDEX.get(resource) if isinstance(resource, str) else None
        if r is None or colour not in self.counts or not isinstance(taken, Mapping):
            return
        for victim, n in taken.items():
            if victim in self.counts and isinstance(n, int) and n >= 0:
                counts = self.counts[victim]
                _take(counts, r, n)
                left, counts[r] = counts[r], 0.0  # none left: what was expected is other cards
                _spread(counts, left, r)
                self.counts[colour][r] += n
        for victim, counts in self.counts.items():  # a player not in ``taken`` had none
            if victim != colour and victim not in taken and counts[r] > 0:
                left, counts[r] = counts[r], 0.0
                _spread(counts, left, r)

    def _steal(self, thief: Any, victim: Any) -> None:
        """One card of unknown kind: the victim's expected mix moves to the thief."""
        if thief not in self.counts or victim not in self.counts:
            return
        source = self.counts[victim]
        total = sum(source)
        if total <= 0:
            return
        for r in range(5):
            share = source[r] / total
            source[r] -= share
            self.counts[thief][r] += share

    # -- the JSON form ------------------------------------------------------------------

    def to_dict(self) -> Doc:
        return {c: self.expected(c) for c in self.counts}

    @classmethod
    def from_dict(cls, doc: Any, seats: Iterable[str]) -> CardCounter:
        """A counter from :meth:`to_dict`; anything malformed counts as no card seen."""
        counter = cls(seats)
        if isinstance(doc, Mapping):
            for colour, values in doc.items():
                if colour in counter.counts and isinstance(values, list) and len(values) == 5 \
                        and all(isinstance(x, int | float) and not isinstance(x, bool)
                                and 0 <= x < 1000 for x in values):
                    counter.counts[colour] = [float(x) for x in values]
        return counter


def _take(counts: list[float], r: int, n: float) -> None:
    """``n`` cards of resource ``r`` left the hand. If fewer were expected, the cards taken
    for something else (by a steal) were these: the rest comes from the other resources."""
    if counts[r] >= n:
        counts[r] -= n
        return
    missing, counts[r] = n - counts[r], 0.0
    others = sum(counts)
    if others > 0:
        keep = max(0.0, 1.0 - missing / others)
        for k in range(5):
            counts[k] *= keep


def _spread(counts: list[float], amount: float, r: int) -> None:
    """``amount`` expected cards of resource ``r`` (now none) turned out to be of other
    resources: share it among them, as they are expected (evenly if none is)."""
    others = sum(counts)
    for k in range(5):
        if k != r:
            counts[k] += amount * (counts[k] / others if others > 0 else 0.25)
