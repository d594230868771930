"""The table: one game with its settings, its referee and its computer players, step by step.

``Game`` knows the rules of a position and the referee (:mod:`catan_core.referee`) who decides
next; a :class:`Table` puts them together the way every program that shows a game needs them:
the Play page's bridge, the rooms server and the bot driver. It is the one home of

- the game modes and islands (:data:`MODES`, :data:`BOARDS`) and a new game (:func:`new_game`,
  the starting player drawn from the seed);
- what a seat may do now: whether a person decides (:meth:`Table.decides`), the actions they may
  send (:meth:`Table.legal_for`), the kinds of action the page marks available
  (:meth:`Table.may`), whether they may open an offer (:meth:`Table.may_offer`, the engine's
  rule and the people's cap of :data:`~catan_core.referee.PERSON_MAX_OFFERS` per turn);
- what they see (:meth:`Table.view`, :mod:`catan_core.views`);
- one step (:meth:`Table.step`): the referee records the action, the engine applies it (or
  refuses it, and nothing changes), the referee observes the events, and the log entries come
  back with their private parts marked;
- the computer players of the table (:meth:`Table.computer_move`), kept while the table lives
  (a computer remembers the offers it made this turn);
- the game's record (:meth:`Table.record`): the position the table started from and every
  action applied since, which plays the game again (:class:`catan_core.review.Replay`).

>>> table = Table.new(["red", "blue", "white"], seed=3, mode="quick", board="beginner",
...                   people=["red", "blue", "white"])
>>> first = table.game.current_player
>>> table.decides(first), table.may_offer(first)
(True, False)
>>> [e["e"]["type"] for e in table.step(first, {"type": "place_settlement", "node": "9.N"})]
['placed_settlement']
>>> table.step(first, {"type": "place_settlement", "node": "9.N"})
Traceback (most recent call last):
...
catan_core.errors.IllegalAction: not allowed in phase setup_road
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from typing import Any, NamedTuple

from .bots import Bot, make_bot
from .dealing import seen_game
from .errors import IllegalAction, InvalidArgument
from .game import Game
from .referee import PERSON_MAX_OFFERS, Referee, waiting_for
from .review import Replay
from .views import VISIBILITIES, LogEntry, log_entry, masked, seat_view

Doc = dict[str, Any]
Action = dict[str, Any]


class Mode(NamedTuple):
    """A game mode: points to win and the cards of each resource every player starts with."""

    vp_to_win: int
    start_cards: int


#: The game modes of the Play page and the rooms.
MODES = {"classic": Mode(10, 0), "quick": Mode(7, 1), "epic": Mode(13, 0)}
#: The islands a game is played on, by the name the pages use: the engine's board.
BOARDS = {"beginner": "beginner", "variable": "standard"}
#: A person's turn timer, in seconds: the choices (None: unlimited) and the default; each
#: action adds ``referee.TIMER_BONUS_S``.
TIMERS = (20, 30, 40, 60, 90, 120, None)
DEFAULT_TIMER = 40


def new_game(colours: Iterable[str], seed: int, mode: str = "classic", board: str = "variable",
             rules: Mapping[str, bool] | None = None, random_start: bool = True) -> Game:
    """A new game of ``mode`` on ``board``; with ``random_start`` the starting player is drawn
    from ``seed`` (the roll for the start) and the seats turned to begin with them.

    >>> new_game(["red", "blue", "white"], seed=1, mode="epic").vp_to_win
    13
    >>> new_game(["red", "blue", "white"], seed=1, mode="short")
    Traceback (most recent call last):
    ...
    catan_core.errors.InvalidArgument: mode must be one of ['classic', 'epic', 'quick']
    """
    seats = list(colours)
    if mode not in MODES:
        raise InvalidArgument("invalid_mode", f"mode must be one of {sorted(MODES)}",
                              mode=str(mode)[:40])
    if board not in BOARDS:
        raise InvalidArgument("invalid_board", f"board must be one of {sorted(BOARDS)}",
                              board=str(board)[:40])
    if seats and random_start:
        first = random.Random(seed).randrange(len(seats))
        seats = seats[first:] + seats[:first]
    vp_to_win, start_cards = MODES[mode]
    return Game.new(seats=seats, seed=seed, board=BOARDS[board], vp_to_win=vp_to_win,
                    rules=dict(rules or {}), start_cards=start_cards)


def may_act(game: Game, colour: str) -> bool:
    """``colour`` has something to decide now: the game waits for them, or they are the active
    player with an offer open (they may cancel it while the others still answer)."""
    if game.winner is not None:
        return False
    return colour in waiting_for(game) or (game.open_trade() is not None
                                           and colour == game.current_player)


class Table:
    """One game at a table: the position, its referee, how much of the island set-up hides
    (``visibility``), and the computer players, kept between steps."""

    def __init__(self, game: Game, referee: Referee, visibility: str | None = None,
                 bots: dict[str, Bot] | None = None, record: Mapping[str, Any] | None = None
                 ) -> None:
        if visibility is not None and visibility not in VISIBILITIES:
            raise InvalidArgument("invalid_visibility",
                                  f"visibility must be one of {list(VISIBILITIES)}",
                                  visibility=str(visibility)[:40])
        self.game = game
        self.referee = referee
        self.visibility = visibility
        self._bots: dict[str, Bot] = {} if bots is None else bots
        # the position the record starts from: written when first needed (most tables are
        # opened to be looked at, and a rooms server opens several at every move)
        self._start: Doc | None = None
        self._actions: list[Action] = []
        if record is not None:
            self._start, self._actions = _checked_record(record, game)
        self._reported = len(self._actions)
        # every player's points at the end, when the hidden cards are not the game's own
        # (a table as one seat sees it: :meth:`seen_by`)
        self._points: dict[str, int] | None = None

    @classmethod
    def new(cls, colours: Iterable[str], seed: int, mode: str = "classic",
            board: str = "variable", rules: Mapping[str, bool] | None = None, *,
            people: Iterable[str] = (), computers: Mapping[str, tuple[str, str]] | None = None,
            visibility: str | None = None, random_start: bool = True) -> Table:
        """A new table: :func:`new_game`, every seat a computer (``computers[colour]`` =
        (level, personality)) except ``people``."""
        game = new_game(colours, seed, mode, board, rules, random_start)
        referee = Referee.new(game.seats, seed=seed, humans=people, config=computers)
        return cls(game, referee, visibility)

    @classmethod
    def load(cls, position: Any, referee: Any = None, visibility: str | None = None,
             bots: dict[str, Bot] | None = None, record: Any = None) -> Table:
        """A table from the JSON forms of the position and the referee (``InvalidPosition``
        for a position the engine cannot read; the referee takes defaults where it must) and,
        when given, the game's record (:meth:`record`; ``InvalidArgument`` ``invalid_record``
        when it does not lead to the position). Without one, the record starts here."""
        game = Game.from_dict(position)
        return cls(game, Referee.from_dict(referee or {}, game.seats), visibility, bots, record)

    def seen(self, colour: str | None) -> Doc:
        """What ``colour`` (None: a spectator) is sent to open the table as they see it
        (:meth:`seen_by`): their :meth:`view` of the position, the bank's cards, the referee's
        public part (:meth:`Referee.public`) and the visibility (no bank while the island is
        hidden: it would name the set-up's cards); once the game is over, every
        player's :meth:`points` (their Victory Point cards counted in the open)."""
        seen = {"view": self.view(colour),
                "bank": None if self.hidden else self.game.bank_counts(),
                "referee": self.referee.public(), "visibility": self.visibility}
        if self.game.winner is not None:
            seen["points"] = self.points()
        return seen

    @classmethod
    def seen_by(cls, seen: Mapping[str, Any]) -> Table:
        """The table as one seat sees it, from :meth:`seen`: the cards the seat cannot see
        dealt and an island that set-up hides guessed (:func:`~catan_core.dealing.seen_game`;
        the drawing hides it again). What the seat may
        see and do is the same on it as on the table itself, so a page builds the seat's view
        there (a rooms server sends this, not the page view). ``InvalidPosition`` when the
        view is not one of a position.

        >>> table = Table.new(["red", "blue", "white"], seed=3, people=["red"], visibility="fog")
        >>> mine = Table.seen_by(table.seen("red"))
        >>> mine.view("red") == table.view("red"), mine.legal_for("red") == table.legal_for("red")
        (True, True)
        """
        game = seen_game(seen["view"], 0, seen.get("bank"))
        table = cls(game, Referee.from_dict(seen.get("referee"), game.seats),
                    seen.get("visibility"))
        points = seen.get("points")
        if game.winner is not None and isinstance(points, Mapping):
            table._points = {c: int(points[c]) for c in game.seats}
        return table

    def copy(self) -> Table:
        """An independent copy of the game and the referee (the computers are shared)."""
        table = Table(self.game.copy(), Referee.from_dict(self.referee.to_dict(),
                                                          self.game.seats),
                      self.visibility, self._bots)
        table._start, table._actions = self._start, list(self._actions)
        table._reported, table._points = self._reported, self._points
        return table

    def record(self) -> Doc:
        """``{start, actions}``: the position the record starts from and every action applied
        since, in order (:class:`catan_core.review.Replay` plays them again)."""
        return {"start": self._started(), "actions": [dict(a) for a in self._actions]}

    def _started(self) -> Doc:
        """The position the record starts from (the game's own, while nothing was applied)."""
        if self._start is None:
            self._start = self.game.to_dict()
        return self._start

    def new_actions(self) -> list[Action]:
        """The actions applied since this was last asked (a page keeping the record adds
        them to its copy)."""
        new = [dict(a) for a in self._actions[self._reported:]]
        self._reported = len(self._actions)
        return new

    @property
    def hidden(self) -> str | None:
        """``"fog"``/``"terra"`` while set-up hides the island, else None."""
        return masked(self.game, self.visibility)

    def points(self) -> dict[str, int]:
        """Each player's points as every seat and spectator may see them: without hidden
        Victory Point cards while the game goes on, everyone's whole total once it is over."""
        if self.game.winner is None:
            return self.game.scores("public")
        return dict(self._points) if self._points is not None else self.game.scores(None)

    # -- who decides -------------------------------------------------------------------------

    def next_actor(self) -> str | None:
        """The colour whose decision comes next (:meth:`Referee.next_actor`)."""
        return self.referee.next_actor(self.game)

    def computer_plays(self, colour: str) -> bool:
        """A computer decides for ``colour`` now (a computer seat or a stand-in)."""
        return self.referee.computer_plays(self.game, colour)

    def decides(self, colour: str | None) -> bool:
        """A person is asked to decide for ``colour`` now: as :meth:`may_send`, and the game
        waits for them (:func:`~catan_core.referee.waiting_for`; not only the active player
        who may cancel an offer the others still answer)."""
        return self.may_send(colour) and colour in waiting_for(self.game)

    def may_send(self, colour: str | None) -> bool:
        """A person may send an action for ``colour`` now (:func:`may_act`: the game waits for
        them, or they may cancel their offer), no computer plays their seat and the referee
        does not answer for them."""
        if colour is None or colour not in self.game.seats:
            return False
        return (may_act(self.game, colour) and not self.computer_plays(colour)
                and self.referee.forced_action(self.game, colour) is None)

    def legal_for(self, colour: str) -> list[Action]:
        """The actions a person may send for ``colour`` now (none unless :meth:`may_send`);
        a discard is one entry ``{type, player, count}``."""
        if not self.may_send(colour):
            return []
        owed = self.game.discards_owed().get(colour)
        if self.game.phase == "discard":
            return [{"type": "discard", "player": colour, "count": owed}] if owed else []
        return [dict(a) for a in self.game.legal_actions_of(colour)]

    def may_offer(self, colour: str) -> bool:
        """``colour``'s person may open a trade offer now: the engine's rule
        (:meth:`Game.offer_refusal`) and the people's cap of offers per turn."""
        return (self.may_send(colour) and self.game.may_offer(colour)
                and self.referee.offers_made(self.game, colour) < PERSON_MAX_OFFERS)

    def may(self, colour: str) -> dict[str, bool]:
        """The kinds of action ``colour``'s person may make now (the buttons a page marks
        available): the types of their legal actions, ``discard`` while they owe cards and
        ``offer_trade`` when :meth:`may_offer`."""
        kinds = {a["type"]: True for a in self.legal_for(colour)}
        if self.may_offer(colour):
            kinds["offer_trade"] = True
        return kinds

    def view(self, colour: str | None) -> Doc:
        """The position as ``colour`` may see it (None: a spectator), the island masked as the
        table's visibility hides it now."""
        return seat_view(self.game, colour, self.visibility)

    # -- steps ---------------------------------------------------------------------------------

    def step(self, colour: str, action: Action, *, offered_to: list[str] | None = None,
             person: bool = True) -> list[LogEntry]:
        """``colour``'s ``action``: recorded by the referee, applied by the engine, observed;
        returns the log entries (their private parts marked, an offer made to some players
        naming them). A refused action raises ``IllegalAction`` and changes nothing.

        ``offered_to``: the colours an offer is made to (the referee declines for the others);
        ``person``: a person acted (they are no longer idle, their offers are capped).
        """
        game, ref = self.game, self.referee
        if colour not in game.seats:
            raise IllegalAction("not_your_turn", f"{colour!r} is not a player of this game",
                                player=str(colour)[:40])
        if person and action.get("type") == "offer_trade" \
                and ref.offers_made(game, colour) >= PERSON_MAX_OFFERS:
            raise IllegalAction("too_many_offers",
                                f"at most {PERSON_MAX_OFFERS} offers per turn",
                                max=PERSON_MAX_OFFERS)
        hidden = self.hidden
        outside = ref.forced_action(game, colour) is not None and ref.offered_to is not None \
            and colour not in ref.offered_to
        self._started()
        saved = replace(ref, offers=dict(ref.offers))
        ref.record(game, colour, action, offered_to=offered_to)
        try:
            events = game.apply(action)
        except IllegalAction:
            vars(ref).update(vars(saved))
            raise
        self._actions.append(dict(action))
        ref.observe(events)
        if game.open_trade() is None:
            ref.offered_to = None
        if person:
            ref.person_acted(colour)
        if outside:  # the decline of a player the offer was not made to is no news
            events = [e for e in events if e["type"] != "trade_rejected"]
        log = [log_entry(e, hidden) for e in events]
        to = ref.offered_to
        if to is not None and set(to) != {c for c in game.seats if c != colour}:
            log = [{**entry, "e": {**entry["e"], "to": list(to)}}
                   if entry["e"]["type"] == "trade_offered" else entry for entry in log]
        return log

    def bot_for(self, colour: str) -> Bot:
        """The computer of ``colour``, kept while its configuration stays."""
        level, personality, seed = self.referee.bot_config(self.game, colour)
        bot = self._bots.get(colour)
        if bot is None or (bot.level_name, bot.personality, bot.seed) != (level, personality,
                                                                           seed):
            bot = self._bots[colour] = make_bot(level, personality, seed)
        return bot

    def computer_move(self, timer: Callable[[], None] | None = None
                      ) -> tuple[str, Action, str | None] | None:
        """The move the table makes without a person, not yet played: ``(colour, action,
        note)`` for a computer's decision or the referee's answer for someone
        (:meth:`Referee.bot_action`), None when a person must decide or the game is over."""
        actor = self.next_actor()
        if actor is None:
            return None
        forced = self.referee.forced_action(self.game, actor)
        if forced is None and not self.computer_plays(actor):
            return None
        bot = None if forced is not None else self.bot_for(actor)
        action, note = self.referee.bot_action(self.game, actor, bot,
                                               visibility=self.visibility, timer=timer)
        return actor, action, note

    def timeout(self, colour: str, acted: bool) -> list[LogEntry]:
        """``colour``'s time ran out: a computer's offer left unanswered is declined for them
        (marked ``ignored``); otherwise the stand-in plays from now (:meth:`Referee.timeout`).
        """
        decline = self.referee.ignored_offer(self.game, colour)
        if decline is not None:
            entries = self.step(colour, decline, person=False)
            return [{**e, "e": {**e["e"], "ignored": True}} for e in entries]
        return [{"e": e} for e in self.referee.timeout(self.game, colour, acted)]

    # -- the JSON forms ------------------------------------------------------------------------

    def to_dict(self) -> Doc:
        """``{position, referee}``: what a page saves or a room stores."""
        return {"position": self.game.to_dict(), "referee": self.referee.to_dict()}


def _checked_record(record: Mapping[str, Any], game: Game) -> tuple[Doc, list[Action]]:
    """A record's start and actions, once they are known to lead to ``game``."""
    if not isinstance(record, Mapping):
        raise InvalidArgument("invalid_record", "a record is an object {start, actions}")
    replay = Replay(record.get("start") or {}, record.get("actions") or [])
    if replay.end.to_dict() != game.to_dict():
        raise InvalidArgument("invalid_record", "the record does not lead to this position",
                              actions=len(replay))
    return replay.position(0).to_dict(), [dict(a) for a in replay.actions]


__all__ = ["BOARDS", "DEFAULT_TIMER", "MODES", "TIMERS", "Mode", "Table", "may_act", "new_game"]
