"""A game played again, move by move, as one reviewer may see it.

A game's record is the position it started from and the actions applied to it since, in
order (:class:`catan_core.table.Table` keeps one). The engine is deterministic: the start's
generator rolls the same dice and deals the same cards again, so the record gives back every
position of the game. :class:`Replay` checks a record (every action must be legal where it
comes), keeps a position every :data:`SNAPSHOT_EVERY` actions so any moment is reached in a few
steps, and reads, for one reviewer, what the game's log says at each step:

- :meth:`Replay.view`: the position after ``k`` actions as a seat (or a spectator) sees it;
- :meth:`Replay.log`: the events up to there, a private part only to those who saw it;
- :meth:`Replay.turns`: where each turn starts, for a slider and "jump to a turn";
- :meth:`Replay.dice`: each total rolled against its expected frequency;
- :meth:`Replay.flows`: per player, the resource cards gained and lost by production, trades,
  steals, discards and Monopoly (and the cards spent on building), as the reviewer knows them.

>>> import random
>>> from catan_core import Game
>>> game = Game.new(seats=["red", "blue", "white"], seed=2)
>>> start, actions, chooser = game.to_dict(), [], random.Random(2)
>>> for _ in range(150):
...     action = chooser.choice(game.legal_actions())
...     _ = game.apply(action)
...     actions.append(action)
>>> replay = Replay(start, actions)
>>> len(replay), replay.position(150).to_dict() == game.to_dict()
(150, True)
>>> replay.position(0).to_dict() == start
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .constants import COST_CITY, COST_DEV_CARD, COST_ROAD, COST_SETTLEMENT, RESOURCES
from .errors import CatanError, IllegalAction, InvalidArgument
from .game import Game
from .views import LogEntry, event_for, log_entry, seat_view

Doc = dict[str, Any]
Action = dict[str, Any]

#: A position is kept every this many actions (a moment is then at most that many steps away).
SNAPSHOT_EVERY = 25
#: The most actions a record may hold (a long game has about 1,500).
MAX_ACTIONS = 20_000
#: Ways of 2 to 12 with two dice (out of 36).
WAYS = {total: 6 - abs(total - 7) for total in range(2, 13)}
#: The causes of a flow of cards in :meth:`Replay.flows`.
CAUSES = ("production", "setup", "bank_trade", "trade", "steal", "discard", "monopoly",
          "year_of_plenty", "build")

_COSTS = {kind: {r: n for r, n in zip(RESOURCES, cost, strict=True) if n}
          for kind, cost in (("built_road", COST_ROAD), ("built_settlement", COST_SETTLEMENT),
                             ("built_city", COST_CITY), ("bought_dev_card", COST_DEV_CARD))}


class Replay:
    """The positions of one game from its record (``start``, ``actions``); ``InvalidArgument``
    ``invalid_record`` when the start is not a position or an action is not legal where it
    comes (the index and the engine's reason are in the details)."""

    def __init__(self, start: Mapping[str, Any], actions: Sequence[Mapping[str, Any]]) -> None:
        if not isinstance(actions, Sequence) or isinstance(actions, str | bytes) \
                or len(actions) > MAX_ACTIONS:
            raise InvalidArgument("invalid_record", f"a record holds a list of at most "
                                  f"{MAX_ACTIONS} actions")
        if not isinstance(start, Mapping):
            raise InvalidArgument("invalid_record", "a record's start is a position")
        try:
            game = Game.from_dict(dict(start))
        except CatanError as exc:
            raise InvalidArgument("invalid_record", f"the record's start: {exc}",
                                  reason=exc.code) from None
        self.seats = tuple(game.seats)
        self.actions: list[Action] = []
        self.entries: list[list[LogEntry]] = []  # the log entries of each action
        self.turn_of: list[int] = []             # the turn each action was made in
        self._snapshots: list[Game] = [game.copy()]
        for k, action in enumerate(actions):
            if not isinstance(action, Mapping):
                raise InvalidArgument("invalid_record", f"action {k} is not an object", index=k)
            action = dict(action)
            self.turn_of.append(game.turn_number)
            try:
                events = game.apply(action)
            except IllegalAction as exc:
                raise InvalidArgument("invalid_record", f"action {k} is refused: {exc}",
                                      index=k, reason=exc.code) from None
            self.actions.append(action)
            self.entries.append([log_entry(e) for e in events])
            if (k + 1) % SNAPSHOT_EVERY == 0:
                self._snapshots.append(game.copy())
        self.end = game

    def __len__(self) -> int:
        return len(self.actions)

    def position(self, k: int) -> Game:
        """The game after the first ``k`` actions (a new ``Game``, free to change)."""
        if not 0 <= k <= len(self.actions):
            raise InvalidArgument("invalid_step", f"step must be from 0 to {len(self.actions)}",
                                  step=k)
        game = self._snapshots[k // SNAPSHOT_EVERY].copy()
        for action in self.actions[k - k % SNAPSHOT_EVERY:k]:
            game.apply(dict(action))
        return game

    def view(self, k: int, viewer: str | None, visibility: str | None = None) -> Doc:
        """The position after ``k`` actions as ``viewer`` (a colour; None: a spectator) sees it."""
        return seat_view(self.position(k), viewer, visibility)

    def log(self, k: int, viewer: str | None) -> list[Doc]:
        """The events of the first ``k`` actions, each as ``viewer`` may see it, with the
        index of the action (``step``, from 1) and its turn."""
        out = []
        for i in range(min(k, len(self.entries))):
            for entry in self.entries[i]:
                out.append({"step": i + 1, "turn": self.turn_of[i],
                            "e": event_for(entry, viewer)})
        return out

    def turns(self) -> list[tuple[int, int]]:
        """``(turn, step)`` for each turn: the number of actions before its first one."""
        starts: list[tuple[int, int]] = []
        for k, turn in enumerate(self.turn_of):
            if not starts or starts[-1][0] != turn:
                starts.append((turn, k))
        return starts

    def dice(self, k: int | None = None) -> dict[int, dict[str, float]]:
        """Each total from 2 to 12: how often it was rolled in the first ``k`` actions (all by
        default) and how often it was expected to be."""
        k = len(self.entries) if k is None else k
        rolled = dict.fromkeys(WAYS, 0)
        for entries in self.entries[:k]:
            for entry in entries:
                event = entry["e"]
                if event["type"] == "rolled":
                    rolled[sum(event["dice"])] += 1
        total = sum(rolled.values())
        return {n: {"rolled": rolled[n], "expected": total * WAYS[n] / 36} for n in WAYS}

    def flows(self, k: int | None, viewer: str | None) -> dict[str, dict[str, Doc]]:
        """Per colour and cause (:data:`CAUSES`), the cards gained (``in``) and lost
        (``out``) in the first ``k`` actions, by resource as far as ``viewer`` knows them
        (a card ``viewer`` could not see counts under ``"unknown"``)."""
        k = len(self.entries) if k is None else k
        flows: dict[str, dict[str, Doc]] = {
            c: {cause: {"in": {}, "out": {}} for cause in CAUSES} for c in self.seats}

        def add(colour: Any, cause: str, way: str, cards: Mapping[str, Any] | None,
                count: int = 0) -> None:
            if colour not in flows:
                return
            into = flows[colour][cause][way]
            for r, n in (cards or {}).items():
                if r in RESOURCES and isinstance(n, int) and n:
                    into[r] = into.get(r, 0) + n
            if count:
                into["unknown"] = into.get("unknown", 0) + count

        for i in range(min(k, len(self.entries))):
            setup = self.turn_of[i] == 0
            for entry in self.entries[i]:
                e = event_for(entry, viewer)
                kind, who = e["type"], e.get("player")
                if kind == "produced":
                    for colour, cards in e.get("gains", {}).items():
                        add(colour, "production", "in", cards)
                elif kind == "received":
                    cause = "setup" if setup else "year_of_plenty"
                    add(who, cause, "in", e.get("cards"), e.get("count", 0))
                elif kind == "bank_traded":
                    add(who, "bank_trade", "out", e.get("give"))
                    add(who, "bank_trade", "in", e.get("get"))
                elif kind == "traded":
                    add(who, "trade", "out", e.get("give"))
                    add(who, "trade", "in", e.get("get"))
                    add(e.get("with"), "trade", "out", e.get("get"))
                    add(e.get("with"), "trade", "in", e.get("give"))
                elif kind == "stole" and ("card" not in e or e["card"]):
                    card = e.get("card")  # not there: a card this reviewer did not see
                    known = {card: 1} if card else None
                    add(who, "steal", "in", known, 0 if card else 1)
                    add(e.get("victim"), "steal", "out", known, 0 if card else 1)
                elif kind == "discarded":
                    add(who, "discard", "out", e.get("cards"))
                elif kind == "monopoly":
                    resource = str(e.get("resource"))
                    for colour, n in e.get("taken", {}).items():
                        add(colour, "monopoly", "out", {resource: n})
                        add(who, "monopoly", "in", {resource: n})
                elif kind in _COSTS and not e.get("free"):
                    add(who, "build", "out", _COSTS[kind])
        return flows


__all__ = ["CAUSES", "MAX_ACTIONS", "SNAPSHOT_EVERY", "WAYS", "Replay"]
