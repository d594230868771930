"""The referee: whose decision a game waits for, and how a computer player takes its turn.

``Game`` knows the rules of one position; a table needs more: several players may owe a
decision at once (discards, answers to an offer), some seats are played by computers (or by a
computer standing in for a person whose time ran out), negotiation must end (a cap on offers
per turn), a turn must end (a cap on a computer's actions), and every computer player needs a
seed of its own derived from the game's. This module is that referee, written once; the table
(:mod:`catan_core.table`) puts it beside the game for the bot driver (ladder, benches, tests),
the Play page's bridge (``catan_web.game``) and the rooms server.

The referee's own state is a small JSON document (:meth:`Referee.to_dict`), kept next to the
position by whoever keeps the game: the page's saved game, a room's store.

>>> from catan_core import Game
>>> game = Game.new(seats=["red", "blue", "white"], seed=1, board="beginner")
>>> ref = Referee.new(game.seats, seed=1, humans=["red"])
>>> waiting_for(game), ref.next_actor(game), ref.computer_plays(game, "red")
(['red'], 'red', False)
>>> ref.timeout(game, "red", acted=False)[0]["type"]
'timeout'
>>> ref.computer_plays(game, "red")            # the stand-in finishes red's placement
True
>>> from catan_core.bots import make_bot
>>> action, note = ref.bot_action(game, "red", make_bot("normal", "builder", seed=1))
>>> action["type"], note
('place_settlement', None)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import CatanError
from .game import Game
from .tracking import CardCounter
from .views import guessed_view, masked

if TYPE_CHECKING:
    from .bots import Bot

Action = dict[str, Any]
Doc = dict[str, Any]

#: Offers a computer player may make in one turn, so negotiation always ends.
MAX_OFFERS = 3
#: Offers a person may make in one turn (the Play page and the rooms).
PERSON_MAX_OFFERS = 5
#: Decisions of one turn after which the referee ends a computer player's turn (a safety net).
MAX_BOT_ACTIONS = 200
#: The level and personality of the computer that plays for a person out of time or away.
STAND_IN = ("normal", "builder")
#: Idle turns in a row after which the stand-in keeps a person's seat until they come back.
IDLE_TURNS_AWAY = 2
#: Seconds a person's turn clock gains with each action they make.
TIMER_BONUS_S = 5
#: Turns between two computer offers shown to people (at most one per computer turn): about
#: a dozen in a 70-turn game, so trading invites rather than interrupts.
PEOPLE_OFFER_EVERY = 5
#: Seconds a person has to answer a computer's offer: one left unanswered is declined when they
#: run out, and the computer goes on (an offer invites, it does not hold the game up).
OFFER_WAIT_S = 15


def waiting_for(game: Game) -> list[str]:
    """The colours the game waits for now, in the order the referee asks them.

    Every player owing a discard (in seat order); while an offer is open, each other player
    who has not answered (in turn order from the active player), then the active player, who
    confirms or cancels; otherwise the active player. Nobody once the game is won.

    >>> game = Game.new(seats=["red", "blue", "white"], seed=1, board="beginner")
    >>> waiting_for(game)
    ['red']
    """
    return game.actors()


def who_acts(game: Game) -> int:
    """The seat of the first colour :func:`waiting_for` lists (the active seat if none)."""
    waiting = waiting_for(game)
    return game.seats.index(waiting[0] if waiting else game.current_player)


def turn_key(game: Game) -> str:
    """Which turn a decision belongs to: the turn number and active colour, and during set-up
    (turn 0) also the placement, so a time-out in set-up covers one settlement and its road.

    >>> turn_key(Game.new(seats=["red", "blue", "white"], seed=1, board="beginner"))
    '0:red:0'
    """
    placed = (sum(len(game.buildings(c)["roads"]) for c in game.seats)
              if game.turn_number == 0 else "")
    return f"{game.turn_number}:{game.current_player}:{placed}"


def decision_key(game: Game, colour: str) -> str:
    """One key per decision a person is asked for (the turn clock restarts when it changes).

    The active player's clock covers their whole turn (the roll, the robber, building, their
    offers: cancelling an offer gives no time back); another player's covers one discard or
    one answer to an offer.

    >>> game = Game.new(seats=["red", "blue", "white"], seed=1, board="beginner")
    >>> decision_key(game, "red")
    '0:red:0|red'
    """
    if colour == game.current_player:
        return f"{turn_key(game)}|{colour}"
    open_offer = 1 if game.open_trade() is not None else 0
    return f"{turn_key(game)}|{game.phase}|{colour}|{open_offer}"


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the computer player in ``seat`` (0-based), derived from the game's seed.

    >>> bot_seed(7, 0), bot_seed(7, 3)
    (113, 116)
    """
    return (game_seed * 16 + seat + 1) % 2147483647


def safe_action(game: Game, colour: str) -> Action:
    """A legal action for ``colour`` that changes as little as possible (a bot's fallback)."""
    mine = game.legal_actions_of(colour)
    for kind in ("reject_trade", "cancel_trade", "roll", "end_turn"):
        for action in mine:
            if action["type"] == kind:
                return action
    if not mine:
        raise CatanError("bad_request", f"{colour} has nothing to decide now", player=colour)
    return mine[0]


# -- the referee ---------------------------------------------------------------------------------

@dataclass
class SeatControl:
    """Who plays a seat: a person (``human``) or a computer (``bot``) of a level and
    personality; for a person, the turns they let time run out and whether they are away."""

    kind: str = "bot"
    level: str = "normal"
    personality: str = "builder"
    idle: int = 0           # time-outs in a row without an action
    away: bool = False      # the stand-in keeps the seat until the person comes back
    auto: str | None = None  # the turn (turn_key) the stand-in finishes after a time-out

    def to_dict(self) -> Doc:
        return {"kind": self.kind, "level": self.level, "personality": self.personality,
                "idle": self.idle, "away": self.away, "auto": self.auto}

    @classmethod
    def from_dict(cls, doc: Mapping[str, Any]) -> SeatControl:
        def text(key: str, default: str) -> str:
            value = doc.get(key)
            return value if isinstance(value, str) and value else default

        idle = doc.get("idle")
        auto = doc.get("auto")
        return cls(kind="bot" if doc.get("kind") == "bot" else "human",
                   level=text("level", STAND_IN[0]), personality=text("personality", STAND_IN[1]),
                   idle=idle if isinstance(idle, int) and not isinstance(idle, bool) else 0,
                   away=doc.get("away") is True, auto=auto if isinstance(auto, str) else None)


@dataclass
class Referee:
    """The table around one game: seat control, the caps of the current turn, bot seeds.

    ``offers``/``actions`` count the offers per colour and the decisions of turn ``turn``;
    ``offered_to`` lists the colours an open offer was made to (None: every other player);
    ``to_people`` counts the computer offers shown to people in the game, the last in turn
    ``people_turn`` (:meth:`offer_recipients`). ``cards`` counts the cards each player may hold
    from the public events the table saw (:meth:`observe`); computers that count cards read it.
    """

    seats: dict[str, SeatControl]
    seed: int = 0
    turn: int = -1
    offers: dict[str, int] = field(default_factory=dict)
    actions: int = 0
    offered_to: list[str] | None = None
    to_people: int = 0
    people_turn: int = -1
    max_offers: int = MAX_OFFERS
    max_actions: int = MAX_BOT_ACTIONS
    cards: CardCounter | None = field(default=None, compare=False)

    @classmethod
    def new(cls, colours: Iterable[str], seed: int = 0, humans: Iterable[str] = (),
            config: Mapping[str, tuple[str, str]] | None = None, max_offers: int = MAX_OFFERS,
            max_actions: int = MAX_BOT_ACTIONS) -> Referee:
        """Every seat a computer (``config[colour]`` = (level, personality), else the stand-in's
        pair), except ``humans``."""
        people = set(humans)
        seats = {}
        for colour in colours:
            level, personality = (config or {}).get(colour, STAND_IN)
            seats[colour] = SeatControl("human" if colour in people else "bot", level, personality)
        return cls(seats, seed=seed, max_offers=max_offers, max_actions=max_actions)

    # -- the JSON form ----------------------------------------------------------------------

    def to_dict(self) -> Doc:
        return {"seats": {c: s.to_dict() for c, s in self.seats.items()}, "seed": self.seed,
                "turn": self.turn, "offers": dict(self.offers), "actions": self.actions,
                "offered_to": self.offered_to, "to_people": self.to_people,
                "people_turn": self.people_turn,
                **({"cards": self.cards.to_dict()} if self.cards is not None else {})}

    def public(self) -> Doc:
        """What every seat and spectator may know of the referee: :meth:`to_dict` without the
        computers' seed and the table's count of the cards (the page of a seat opens its table
        with it: :meth:`catan_core.table.Table.seen_by`)."""
        doc = self.to_dict()
        del doc["seed"]
        doc.pop("cards", None)
        return doc

    @classmethod
    def from_dict(cls, doc: Any, colours: Iterable[str]) -> Referee:
        """The referee of a saved document (unknown or missing fields take their defaults);
        ``colours`` are the game's seats, each gets a control (a person's by default)."""
        doc = doc if isinstance(doc, Mapping) else {}
        raw = doc.get("seats") if isinstance(doc.get("seats"), Mapping) else {}
        seats = {}
        for c in colours:
            entry = raw.get(c)
            seats[c] = SeatControl.from_dict(entry if isinstance(entry, Mapping) else {})

        def number(key: str, default: int) -> int:
            value = doc.get(key)
            return value if isinstance(value, int) and not isinstance(value, bool) else default

        offers = doc.get("offers") if isinstance(doc.get("offers"), Mapping) else {}
        to = doc.get("offered_to")
        return cls(seats, seed=number("seed", 0), turn=number("turn", -1),
                   offers={c: n for c, n in offers.items() if c in seats and isinstance(n, int)},
                   actions=number("actions", 0), to_people=number("to_people", 0),
                   people_turn=number("people_turn", -1),
                   offered_to=[c for c in to if c in seats] if isinstance(to, list) else None,
                   cards=CardCounter.from_dict(doc["cards"], seats) if "cards" in doc else None)

    # -- who decides ---------------------------------------------------------------------------

    def computer_plays(self, game: Game, colour: str) -> bool:
        """True when a computer decides for ``colour`` now: a computer seat, or a person away
        or out of time in this turn."""
        seat = self.seats[colour]
        return seat.kind == "bot" or seat.away or seat.auto == turn_key(game)

    def next_actor(self, game: Game) -> str | None:
        """The colour whose decision comes next: computers first (their discards and answers
        take no time), then those the referee answers for (:meth:`forced_action`), then
        people. None once the game is over."""
        waiting = waiting_for(game)
        first = ([c for c in waiting if self.computer_plays(game, c)]
                 or [c for c in waiting if self.forced_action(game, c) is not None] or waiting)
        return first[0] if first else None

    def forced_action(self, game: Game, colour: str) -> Action | None:
        """The answer the referee gives for ``colour`` without asking: declining an offer that
        was not made to them, or that they cannot answer (no card in hand)."""
        trade = game.open_trade()
        if trade is None or colour == game.current_player or colour in trade["answers"]:
            return None
        outside = self.offered_to is not None and colour not in self.offered_to
        if outside or game.hand_size(colour) == 0:
            return {"type": "reject_trade", "player": colour}
        return None

    def answers_computer_offer(self, game: Game, colour: str) -> bool:
        """True when ``colour``, played by a person now, is asked to answer an offer a computer
        made (they have ``OFFER_WAIT_S`` seconds, then :meth:`ignored_offer` answers).

        >>> game = Game.new(seats=["red", "blue", "white"], seed=1, board="beginner")
        >>> Referee.new(game.seats, humans=["red"]).answers_computer_offer(game, "red")
        False
        """
        trade = game.open_trade()
        return (trade is not None and colour != game.current_player
                and colour not in trade["answers"] and self.forced_action(game, colour) is None
                and not self.computer_plays(game, colour)
                and self.computer_plays(game, game.current_player))

    def ignored_offer(self, game: Game, colour: str) -> Action | None:
        """The answer when ``colour``'s time to answer a computer's offer ran out: a decline,
        which is not idleness (the seat stays the person's). None when that is not the case.
        """
        if not self.answers_computer_offer(game, colour):
            return None
        return {"type": "reject_trade", "player": colour}

    def offers_made(self, game: Game, colour: str) -> int:
        """The offers ``colour`` made in the current turn."""
        return self.offers.get(colour, 0) if game.turn_number == self.turn else 0

    def observe_turn(self, game: Game) -> None:
        """Reset the caps when a new turn began."""
        if game.turn_number != self.turn:
            self.turn, self.actions, self.offers = game.turn_number, 0, {}

    def observe(self, events: Iterable[Mapping[str, Any]]) -> None:
        """Follow the events of an action just applied (the table's count of the cards)."""
        if self.cards is None:
            self.cards = CardCounter(self.seats)
        self.cards.observe(events)

    def record(self, game: Game, colour: str, action: Action, offered_to: list[str] | None = None
               ) -> None:
        """Count ``action`` of ``colour`` (before it is applied) against the turn's caps."""
        self.observe_turn(game)
        self.actions += 1
        kind = action.get("type")
        if kind == "offer_trade":
            self.offers[colour] = self.offers.get(colour, 0) + 1
            computer = self.computer_plays(game, colour)
            if offered_to is None and computer:
                offered_to = self.offer_recipients(game, colour, action)
            self.offered_to = list(offered_to) if offered_to else None
            to = self.offered_to or [c for c in game.seats if c != colour]
            if computer and any(not self.computer_plays(game, c) for c in to):
                self.to_people, self.people_turn = self.to_people + 1, game.turn_number
        elif kind in ("confirm_trade", "cancel_trade"):
            self.offered_to = None

    def offer_recipients(self, game: Game, colour: str, action: Mapping[str, Any]
                         ) -> list[str] | None:
        """Whom a computer's offer goes to: every other computer, and a person only when they
        hold every card it asks for, no computer offered them anything this turn and the last
        offer shown to people is ``PEOPLE_OFFER_EVERY`` turns old. None: every other player.

        >>> game = Game.new(seats=["red", "blue", "white"], seed=1, board="beginner")
        >>> ref = Referee.new(game.seats, humans=["red"])
        >>> ref.offer_recipients(game, "blue", {"get": {"ore": 1}})   # red holds no ore
        ['white']
        """
        get = action.get("get")
        wanted: Mapping[str, int] = get if isinstance(get, Mapping) else {}
        spaced = (game.turn_number != self.people_turn
                  and (self.people_turn < 0 or game.turn_number - self.people_turn
                       >= PEOPLE_OFFER_EVERY))
        chosen = []
        for other in game.seats:
            if other == colour:
                continue
            if not self.computer_plays(game, other):
                hand = game.hand_of(other)
                if not spaced or any(hand.get(r, 0) < n for r, n in wanted.items()):
                    continue
            chosen.append(other)
        return None if len(chosen) == len(game.seats) - 1 else chosen

    def capped(self, game: Game, colour: str) -> bool:
        """True when the turn's decisions passed the cap: the referee ends it for ``colour``."""
        self.observe_turn(game)
        return (self.actions >= self.max_actions and game.phase == "main"
                and game.open_trade() is None and colour == game.current_player)

    # -- computer players ----------------------------------------------------------------------

    def bot_config(self, game: Game, colour: str) -> tuple[str, str, int]:
        """(level, personality, seed) of the computer that plays ``colour`` now."""
        seat = self.seats[colour]
        seed = bot_seed(self.seed, game.seats.index(colour))
        if seat.kind == "bot":
            return seat.level, seat.personality, seed
        return STAND_IN[0], STAND_IN[1], seed

    def bot_action(self, game: Game, colour: str, bot: Bot | None,
                   visibility: str | None = None, *, check: bool = True,
                   timer: Callable[[], None] | None = None) -> tuple[Action, str | None]:
        """The action the referee plays for ``colour`` now, and a note when it is not the
        computer's own choice (``"forced"``, ``"capped"`` or the refused choice's error).

        A forced answer or a capped turn comes first; otherwise the computer ``bot`` (one
        is needed then) decides from its colour's view, the island masked as ``visibility``
        hides it during set-up, with offers allowed below the cap. With ``check``, a choice
        the rules refuse is replaced by :func:`safe_action`, so a game never stalls.
        ``timer`` is called just before the computer decides (benchmarks time the decision).
        """
        forced = self.forced_action(game, colour)
        if forced is not None:
            return forced, "forced"
        if self.capped(game, colour):
            return {"type": "end_turn", "player": colour}, "capped"
        if bot is None:
            raise CatanError("bad_request", f"no computer given for {colour}", player=colour)
        view = game.to_dict(view=colour)
        hidden = masked(game, visibility)
        if hidden:
            view = guessed_view(view, hidden, bot.seed)
        allow = self.offers.get(colour, 0) < self.max_offers
        if timer is not None:
            timer()
        cards = self.cards
        if not check:
            return bot.choose(view, game.legal_actions(), allow_offers=allow, cards=cards), None
        try:
            action = bot.choose(view, game.legal_actions(), allow_offers=allow, cards=cards)
            if action["type"] == "offer_trade" \
                    and self.offer_recipients(game, colour, action) == []:
                action = bot.choose(view, game.legal_actions(), allow_offers=False, cards=cards)
            game.copy().apply(action)
        except Exception as exc:  # a bot's mistake must not stop the game
            return safe_action(game, colour), f"{type(exc).__name__}: {exc}"
        return action, None

    # -- people's time ---------------------------------------------------------------------------

    def person_acted(self, colour: str) -> None:
        """A person made a move: they are no longer idle."""
        if colour in self.seats:
            self.seats[colour].idle = 0

    def timeout(self, game: Game, colour: str, acted: bool) -> list[Doc]:
        """``colour``'s time ran out: the stand-in finishes this turn for them; after
        ``IDLE_TURNS_AWAY`` idle turns in a row it keeps the seat. Returns the log events.
        (A computer's offer left unanswered is declined instead: :meth:`ignored_offer`.)"""
        seat = self.seats[colour]
        seat.idle = 0 if acted else seat.idle + 1
        seat.auto = turn_key(game)
        events: list[Doc] = [{"type": "timeout", "player": colour}]
        if seat.idle >= IDLE_TURNS_AWAY and not seat.away:
            seat.away = True
            events.append({"type": "away", "player": colour})
        return events

    def come_back(self, colour: str) -> list[Doc]:
        """The person of ``colour`` takes their seat back."""
        seat = self.seats[colour]
        seat.idle, seat.away, seat.auto = 0, False, None
        return [{"type": "back", "player": colour}]

    def set_kind(self, colour: str, kind: str) -> list[Doc]:
        """Hand a seat to a computer (``bot``) or to a person (``human``)."""
        if kind not in ("bot", "human"):
            raise CatanError("bad_request", "a seat is played by 'bot' or 'human'", kind=kind)
        seat = self.seats[colour]
        seat.kind = kind
        seat.idle, seat.away, seat.auto = 0, False, None
        return [{"type": "seat_computer" if kind == "bot" else "seat_person", "player": colour}]
