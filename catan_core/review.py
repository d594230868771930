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

A record holds every card, so it is only for those who may see them all. What one reviewer saw
goes elsewhere as :meth:`Replay.seen`: their view after each action (each one written as its
changes from the one before, :func:`changes`), the events as they saw them, the turns and the
actions (another player's as its kind only), and no start, generator or hidden card.
:class:`Seen` answers from it as :class:`Replay` does, for that reviewer; where a whole
position is needed (win chances, the Expert's advice), the cards the reviewer could not see are
dealt afresh (:func:`catan_core.dealing.deal_view`), as a computer player deals them.

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
>>> seen = Seen(replay.seen("red"))
>>> seen.view(150, "red") == replay.view(150, "red"), seen.log(150, "red") == replay.log(150, "red")
(True, True)
>>> seen.position(150).bank_counts() == replay.position(150).bank_counts()
True
>>> seen.flows(None, "red") == replay.flows(None, "red")
True
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any

from .constants import COLOURS, COST_CITY, COST_DEV_CARD, COST_ROAD, COST_SETTLEMENT, RESOURCES
from .dealing import seen_game
from .errors import CatanError, IllegalAction, InvalidArgument
from .game import Game
from .views import (
    VISIBILITIES,
    LogEntry,
    event_for,
    log_entry,
    masked,
    seat_view,
)

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


class _Moves:
    """What a review reads of a game's actions, the same from a record and from what one reviewer
    saw: the log, the turns, the dice and the flows of cards. ``entries`` holds each action's
    log entries; ``turn_of`` the turn each action was made in."""

    seats: tuple[str, ...]
    actions: list[Action]
    entries: list[list[LogEntry]]
    turn_of: list[int]
    #: How the island was hidden during set-up, where the review must hide it again.
    visibility: str | None = None

    def __len__(self) -> int:
        return len(self.actions)

    def _check_step(self, k: int) -> None:
        if not 0 <= k <= len(self.actions):
            raise InvalidArgument("invalid_step", f"step must be from 0 to {len(self.actions)}",
                                  step=k)

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


class Replay(_Moves):
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

    @property
    def winner(self) -> str | None:
        """The game's winner once it is over."""
        return self.end.winner

    def position(self, k: int) -> Game:
        """The game after the first ``k`` actions (a new ``Game``, free to change)."""
        self._check_step(k)
        game = self._snapshots[k // SNAPSHOT_EVERY].copy()
        for action in self.actions[k - k % SNAPSHOT_EVERY:k]:
            game.apply(dict(action))
        return game

    def view(self, k: int, viewer: str | None, visibility: str | None = None) -> Doc:
        """The position after ``k`` actions as ``viewer`` (a colour; None: a spectator) sees it."""
        return seat_view(self.position(k), viewer, visibility)

    def seen(self, viewer: str | None, visibility: str | None = None) -> Doc:
        """The game as ``viewer`` (None: a spectator) saw it, for a reader who may see no more
        (a share link): ``{format, viewer, visibility, seats, views, events, turns,
        actions}``. ``views`` holds the view after each of the ``len(self) + 1`` steps, the
        first whole and each next one as its :func:`changes` from the one before (the island
        masked during set-up as ``visibility`` hid it); ``events`` each action's events as the
        viewer saw them; ``turns`` each action's turn; ``actions`` the viewer's own actions
        whole and another's as ``{type, player}``. :class:`Seen` reads it back."""
        if viewer is not None and viewer not in self.seats:
            raise InvalidArgument("unknown_player", f"{viewer!r} is not a seat of this game")
        game = self._snapshots[0].copy()
        before = {**seat_view(game, viewer, visibility), "bank": game.bank_counts()}
        views: list[Doc] = [before]
        events: list[list[Doc]] = []
        for action, entries in zip(self.actions, self.entries, strict=True):
            hidden = masked(game, visibility)
            game.apply(dict(action))
            view = {**seat_view(game, viewer, visibility), "bank": game.bank_counts()}
            views.append(changes(before, view))
            before = view
            events.append([event_for(log_entry(entry.get("full", entry["e"]), hidden), viewer)
                           for entry in entries])
        actions = [dict(a) if viewer is not None and a.get("player") == viewer
                   else {k: v for k, v in a.items() if k in ("type", "player")}
                   for a in self.actions]
        return {"format": SEEN_FORMAT, "viewer": viewer, "visibility": visibility,
                "seats": list(self.seats), "views": views, "events": events,
                "turns": list(self.turn_of), "actions": actions}


#: The format of a game as one reviewer saw it (:meth:`Replay.seen`).
SEEN_FORMAT = "catan-review-seen/1"


def changes(old: Any, new: Any) -> Doc:
    """What changed from the object ``old`` to the object ``new``, for :func:`changed`: a key
    whose value changed holds ``[new value]``, a key removed ``[]``, and a key holding an object
    in both its own changes (a key unchanged is left out).

    >>> old = {"turn": {"player": "red", "number": 3}, "deck": 25, "winner": None}
    >>> new = {"turn": {"player": "blue", "number": 3}, "deck": 24}
    >>> changes(old, new)
    {'turn': {'player': ['blue']}, 'deck': [24], 'winner': []}
    >>> changed(old, changes(old, new)) == new
    True
    """
    out: Doc = {}
    for key, value in new.items():
        if key in old and isinstance(value, dict) and isinstance(old[key], dict):
            inner = changes(old[key], value)
            if inner:
                out[key] = inner
        elif key not in old or old[key] != value or type(old[key]) is not type(value):
            out[key] = [value]
    for key in old:
        if key not in new:
            out[key] = []
    return out


def changed(old: Any, change: Any) -> Doc:
    """``old`` with ``change`` (:func:`changes`) made: a new object; ``old`` is not changed.
    ``ValueError`` when ``change`` cannot be made to ``old``."""
    if not isinstance(old, dict) or not isinstance(change, dict):
        raise ValueError("a change is made to an object by an object")
    out = dict(old)
    for key, value in change.items():
        if isinstance(value, list) and len(value) <= 1:
            if value:
                out[key] = value[0]
            elif key in out:
                del out[key]
            else:
                raise ValueError(f"{key!r} is removed but was not there")
        elif isinstance(value, dict):
            out[key] = changed(out.get(key), value)
        else:
            raise ValueError(f"the change of {key!r} is neither [value], [] nor an object")
    return out


class Seen(_Moves):
    """A game as one reviewer saw it (:meth:`Replay.seen`), answering as :class:`Replay` does
    for that reviewer. ``InvalidArgument`` ``invalid_record`` when the document is not such a
    game (its parts disagree in length, a change cannot be made, a seat is unknown); a view
    that is not a position the engine accepts is refused when its step is asked.

    A whole position (:meth:`position`) is the view with the cards the reviewer could not see
    dealt afresh, seeded by the step (:func:`catan_core.dealing.seen_game`), and, while set-up
    hid the island, a guessed island (the drawing hides it again: :attr:`visibility`)."""

    def __init__(self, doc: Any) -> None:
        def refuse(message: str) -> InvalidArgument:
            return InvalidArgument("invalid_record", f"this review cannot be read: {message}")

        if not isinstance(doc, Mapping) or doc.get("format") != SEEN_FORMAT:
            raise refuse(f"it is not a {SEEN_FORMAT} document")
        seats, viewer = doc.get("seats"), doc.get("viewer")
        if not isinstance(seats, list) or not 3 <= len(seats) <= 4 \
                or any(c not in COLOURS for c in seats) or len(set(seats)) != len(seats):
            raise refuse("seats are three or four different colours")
        if viewer is not None and viewer not in seats:
            raise refuse("the reviewer is a seat of the game or nobody (a spectator)")
        visibility = doc.get("visibility")
        if visibility is not None and visibility not in VISIBILITIES:
            raise refuse(f"visibility is one of {', '.join(VISIBILITIES)}")
        parts: dict[str, Any] = {name: doc.get(name)
                                 for name in ("views", "events", "turns", "actions")}
        if not all(isinstance(part, list) for part in parts.values()):
            raise refuse("views, events, turns and actions are lists")
        views: list[Any] = parts["views"]
        events: list[Any] = parts["events"]
        turns: list[Any] = parts["turns"]
        actions: list[Any] = parts["actions"]
        n = len(actions)
        if n > MAX_ACTIONS or len(views) != n + 1 or len(events) != n or len(turns) != n:
            raise refuse(f"a game of at most {MAX_ACTIONS} actions has one view more than "
                         f"actions, and one list of events and one turn per action")
        players = [*seats, None]  # (a spectator's own view names no player)
        if any(not isinstance(a, dict) or not isinstance(a.get("type"), str)
               or a.get("player", viewer) not in players for a in actions):
            raise refuse("each action has a type and, if any, a player of the game")
        if any(not isinstance(step, list) or any(not isinstance(e, dict)
                                                 or not isinstance(e.get("type"), str)
                                                 for e in step) for step in events) \
                or any(isinstance(t, bool) or not isinstance(t, int) for t in turns):
            raise refuse("each action's events are objects with a type, and each turn a number")
        whole: list[Doc] = []
        try:
            for k, view in enumerate(views):
                whole.append(view if k == 0 else changed(whole[-1], view))
                if not isinstance(whole[-1], dict) or not isinstance(whole[-1].get("board"), dict) \
                        or whole[-1].get("seats") != seats:
                    raise ValueError(f"view {k} is not a view of this game")
        except (ValueError, TypeError) as exc:
            raise refuse(str(exc)) from None
        self.seats = tuple(seats)
        self.viewer: str | None = viewer
        self.visibility = visibility
        self.views = whole
        self.actions = [dict(a) for a in actions]
        self.entries = [[{"e": dict(e)} for e in step] for step in events]
        self.turn_of = list(turns)
        names = doc.get("names")
        #: The seats' names as the reviewer read them (a page adds them to :meth:`Replay.seen`).
        self.names: dict[str, str] = {
            c: n[:40] for c, n in names.items() if c in seats and isinstance(n, str)
        } if isinstance(names, dict) else {}

    @property
    def winner(self) -> str | None:
        """The game's winner once it is over (as the last view shows it)."""
        winner = self.views[-1].get("winner")
        return winner if winner in self.seats else None

    def position(self, k: int) -> Game:
        """A whole position of what the reviewer saw after ``k`` actions (the unseen cards
        dealt, seeded by ``k``): ``invalid_record`` when that view is not a position."""
        self._check_step(k)
        view = dict(self.views[k])
        bank = view.pop("bank", None)
        try:
            if bank is not None and not (isinstance(bank, dict) and set(bank) <= set(RESOURCES)
                                         and all(type(n) is int and n >= 0
                                                 for n in bank.values())):
                raise ValueError("the bank holds whole numbers of resource cards")
            return seen_game(view, k, bank)
        except (CatanError, KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise InvalidArgument("invalid_record", f"this review cannot be read: view {k} "
                                  f"is not a position ({exc})", index=k) from None

    def view(self, k: int, viewer: str | None, visibility: str | None = None) -> Doc:
        """The view after ``k`` actions (only the reviewer's: ``viewer`` must be theirs)."""
        self._check_step(k)
        if viewer != self.viewer:
            raise InvalidArgument("not_the_reviewer", "a shared review shows the game only as "
                                  "the one who shared it saw it")
        return {key: value for key, value in self.views[k].items() if key != "bank"}

    def seen(self, viewer: str | None, visibility: str | None = None) -> Doc:
        """This game as :meth:`Replay.seen` writes it (to share it again), for its reviewer."""
        if viewer != self.viewer:
            raise InvalidArgument("not_the_reviewer", "a shared review can be shared again "
                                  "only as the one who shared it saw the game")
        views = [self.views[0], *(changes(a, b) for a, b in itertools.pairwise(self.views))]
        return {"format": SEEN_FORMAT, "viewer": viewer, "visibility": self.visibility,
                "seats": list(self.seats), "views": views,
                "events": [[dict(e["e"]) for e in step] for step in self.entries],
                "turns": list(self.turn_of), "actions": [dict(a) for a in self.actions]}


__all__ = ["CAUSES", "MAX_ACTIONS", "SEEN_FORMAT", "SNAPSHOT_EVERY", "WAYS", "Replay", "Seen",
           "changed", "changes"]
