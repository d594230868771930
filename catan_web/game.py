"""The Play page's bridge: new games, what one seat sees and may do, moves, the referee's steps.

The page calls ``catan_web.call("game.<name>", args_json)`` (see :mod:`catan_web.common`) with
the functions of :data:`BRIDGE`. A game lives here between calls as a
:class:`~catan_core.table.Table` (the position, its referee, the computer players), under a
**session** id: :func:`do_open` (or :func:`do_new_game`, :func:`do_load`) opens one and every
other function takes its id, so a click no longer sends and re-reads the whole game. Answers
that move the game still carry its two JSON documents, the ``position`` and the ``referee``,
which the page saves; after the engine's worker restarts, a call with a lost session fails with
``no_session`` and the page opens the saved documents again.

The rules of the table (modes, who may act or offer, what each seat sees, private events, one
step that records, applies, observes and logs) are :mod:`catan_core.table`'s; this module turns
the page's requests into its calls, and :mod:`catan_web.game_view` draws the page's view.

>>> game = do_new_game({"seats": ["red", "blue", "white"], "board": "beginner",
...                     "mode": "quick", "seed": 1,
...                     "players": [{"colour": "red", "kind": "human"},
...                                 {"colour": "blue", "kind": "bot"},
...                                 {"colour": "white", "kind": "bot"}]})
>>> game["position"]["vp_to_win"], game["position"]["players"]["red"]["hand"]["ore"]
(7, 1)
>>> view = do_view(game["session"], None)
>>> view["viewer"], view["next"]["actor"] == game["position"]["seats"][0]
('red', True)
"""

from __future__ import annotations

import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from catan_core import RESOURCES, CatanError, Game, IllegalAction
from catan_core.bots.chances import win_chances
from catan_core.dealing import deal_view
from catan_core.query import BUILD_POINTS
from catan_core.referee import Referee
from catan_core.table import Table, new_game
from catan_core.views import VISIBILITIES

from .errors import bad_request, refusal
from .game_view import BUILD_MODES, action_for_spot, view_of

Doc = dict[str, Any]
__all__ = ["BRIDGE", "BUILD_MODES", "view_of"]

#: Games kept between calls, by session id (the oldest is dropped past :data:`MAX_SESSIONS`).
_TABLES: OrderedDict[str, Table] = OrderedDict()
MAX_SESSIONS = 8


def _keep(table: Table) -> Doc:
    session = secrets.token_hex(8)
    _TABLES[session] = table
    while len(_TABLES) > MAX_SESSIONS:
        _TABLES.popitem(last=False)
    table.new_actions()  # the page gets the whole record here, then what each answer adds
    return {"session": session, **table.to_dict(), "record": table.record()}


def _table(session: Any, options: Doc | None = None) -> Table:
    """The table of ``session``, its visibility set from the page's ``options``."""
    table = _TABLES.get(session) if isinstance(session, str) else None
    if table is None:
        raise CatanError("no_session", "this game is no longer open here: open it again",
                         session=str(session)[:40])
    _TABLES.move_to_end(session)
    visibility = (options or {}).get("visibility")
    if visibility in VISIBILITIES:
        table.visibility = visibility
    return table


# -- new games and saved games ---------------------------------------------------------------------

def do_new_game(settings: Doc) -> Doc:
    """``{session, position, referee}``: a new game from the page's settings.

    ``settings``: ``seats`` (colours in turn order), ``players`` (``[{colour, kind, level,
    personality}]``: who plays each seat), ``seed``, ``board`` (``beginner``/``variable``),
    ``mode`` (``classic``/``quick``/``epic``), ``rules``, ``random_start`` (default true: the
    starting player drawn from the seed, :func:`catan_core.table.new_game`).
    """
    seed = _int(settings.get("seed", 0), "seed")
    rules = {k: bool(v) for k, v in (settings.get("rules") or {}).items()}
    try:
        game = new_game(list(settings.get("seats") or []), seed,
                        mode=settings.get("mode", "classic"),
                        board=settings.get("board", "variable"), rules=rules,
                        random_start=settings.get("random_start", True) is not False)
    except CatanError:  # a mode, an island or seats the engine names (invalid_mode...)
        raise
    except (TypeError, ValueError) as exc:
        raise bad_request(str(exc)) from None
    return _keep(Table(game, _referee_for(game, settings.get("players"), {}, seed)))


def do_open(position: Doc, referee: Doc | None = None, record: Doc | None = None) -> Doc:
    """``{session}``: a game the page holds (as :func:`do_load` wrote it, with its record)
    opened here again."""
    game = Game.from_dict(position)
    table = _with_record(game, Referee.from_dict(referee or {}, game.seats), record)
    return {"session": _keep(table)["session"]}


def _with_record(game: Game, referee: Referee, record: Any) -> Table:
    """The table of ``game`` with ``record`` if it leads there, else with a record starting
    here (a game is never refused for its record, which only its review reads)."""
    if record is not None:
        try:
            return Table(game, referee, record=record)
        except CatanError:
            pass
    return Table(game, referee)


def do_load(position: Doc, referee: Doc | None = None, legacy: Doc | None = None,
            seed: int | None = None, record: Doc | None = None) -> Doc:
    """``{session, position, referee, record}`` read and written again: the position by the
    engine (an unreadable or impossible one raises ``InvalidPosition``), the referee with
    defaults for what is missing, the game's record (:meth:`Table.record`) when it leads to
    the position (else the record starts at the position). ``legacy`` reads a save of the
    page's first format: ``players`` (the settings' seats), ``seats`` (idle/away/auto per
    colour), ``seed`` and ``to``.

    A shared position (:func:`do_share`: one seat's view) is dealt with ``seed``
    (:func:`catan_core.dealing.deal_view`): the unknown cards again, a fresh generator, new
    computer seeds; its record starts there.
    """
    if _is_view(position):
        position = deal_view(position, _int(seed, "seed"))
        referee = {**(referee or {}), "seed": seed} if isinstance(referee, dict) else referee
        record = None
    game = Game.from_dict(position)
    if isinstance(referee, dict) and referee.get("seats"):
        ref = Referee.from_dict(referee, game.seats)
    else:
        old = legacy or {}
        ref = _referee_for(game, old.get("players"), old.get("seats") or {},
                           old.get("seed") if isinstance(old.get("seed"), int) else 0)
        if isinstance(old.get("to"), list):
            ref.offered_to = [c for c in old["to"] if c in game.seats] or None
    if game.open_trade() is None:
        ref.offered_to = None
    return _keep(_with_record(game, ref, record))


def do_share(session: str, viewer: str | None) -> Doc:
    """``{position, referee}`` as ``viewer`` may show them: their own cards only, the deck's
    size without its order, no generator state, and of the referee only who plays each seat.
    :func:`do_load` deals what is unknown again, so an opened link predicts no roll or draw.

    >>> game = do_new_game({"seats": ["red", "blue", "white"], "board": "beginner",
    ...                     "mode": "quick", "seed": 1})
    >>> shared = do_share(game["session"], "red")
    >>> "rng" in shared["position"], shared["position"]["deck"], shared["referee"].keys()
    (False, 25, dict_keys(['seats']))
    """
    table = _table(session)
    colour = viewer if viewer in table.game.seats else table.game.current_player
    seats = {c: {k: v for k, v in s.to_dict().items() if k in ("kind", "level", "personality")}
             for c, s in table.referee.seats.items()}
    return {"position": table.game.to_dict(view=colour), "referee": {"seats": seats}}


def _is_view(position: Any) -> bool:
    """True for one seat's view (hidden hands, the deck as a count, no generator)."""
    if not isinstance(position, dict) or not isinstance(position.get("players"), dict):
        return False
    hidden = any(isinstance(p, dict) and isinstance(p.get(k), dict) and "hidden" in p[k]
                 for p in position["players"].values()
                 for k in ("hand", "dev_cards", "new_dev_cards"))
    return hidden or isinstance(position.get("deck"), int)


def _referee_for(game: Game, players: Any, state: Any, seed: Any) -> Referee:
    entries = {p.get("colour"): p for p in players or [] if isinstance(p, dict)}
    doc: Doc = {"seed": seed if isinstance(seed, int) and not isinstance(seed, bool) else 0,
                "seats": {}}
    for colour in game.seats:
        entry = dict(entries.get(colour) or {"kind": "human"})
        if isinstance(state, dict) and isinstance(state.get(colour), dict):
            entry.update({k: state[colour].get(k) for k in ("idle", "away", "auto")})
        doc["seats"][colour] = entry
    return Referee.from_dict(doc, game.seats)


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise bad_request(f"{what} must be an integer")
    return value


# -- what a viewer sees (catan_web.game_view) ---------------------------------------------------

def do_view(session: str, viewer: str | None, options: Doc | None = None) -> Doc:
    """Everything the page shows, for ``viewer`` (a colour; None: whoever the screen shows).

    ``options``: ``visibility`` (``revealed``/``fog``/``terra``), ``mode`` (the build mode the
    person chose: ``{kind, picks}``), ``last`` (``{nodes, edges}`` just changed), ``terms``
    (the glossary's words for the harbours' tooltips).
    """
    options = options or {}
    return view_of(_table(session, options), viewer, options)


def do_seen(seen: Doc, viewer: str | None, options: Doc | None = None) -> Doc:
    """Everything the page shows ``viewer`` (a colour; None: a spectator) of a table this page
    does not hold: an online room's, whose server sends each seat the table as it sees it
    (:meth:`catan_core.table.Table.seen`; the seat's game frame, whose other fields are left
    alone). The page's view is built on that
    (:meth:`~catan_core.table.Table.seen_by`: the seat's cards, the others' dealt) as the
    server would build it on the table itself. ``options`` as :func:`do_view`'s (its
    visibility is the table's).

    >>> from catan_core.table import Table
    >>> table = Table.new(["red", "blue", "white"], seed=3, people=["red", "blue", "white"])
    >>> first = table.game.current_player
    >>> view = do_seen(table.seen(first), first)
    >>> view["viewer"] == first, view["can"], view["choice"]["pick"]
    (True, {'place_settlement': True}, 'node')
    """
    if not isinstance(seen, dict):
        raise bad_request("the table as a seat sees it is an object")
    try:
        table = Table.seen_by(seen)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise bad_request(f"the table as a seat sees it cannot be read ({exc})") from None
    options = options if isinstance(options, dict) else {}
    return view_of(table, viewer, {**options, "visibility": table.visibility}, fixed=True)


def do_chances(session: str, viewer: str | None, samples: int = 32, seed: int = 0) -> Doc:
    """Each seat's chance to win from here (:func:`catan_core.bots.chances.win_chances`), as
    ``viewer`` sees the game (None: someone who sees every hand): ``{seats: {colour: chance},
    samples, viewer}``."""
    table = _table(session)
    if viewer is not None and viewer not in table.game.seats:
        raise bad_request(f"viewer {viewer!r} is not a seat of this game")
    samples = _int(samples, "samples")
    if not 1 <= samples <= 256:
        raise bad_request("samples must be from 1 to 256")
    chances = win_chances(table.game, viewer=viewer, samples=samples, seed=_int(seed, "seed"))
    return {"seats": chances, "samples": samples, "viewer": viewer}


# -- moves -----------------------------------------------------------------------------------------

def do_act(session: str, action: Doc, viewer: str | None = None,
           options: Doc | None = None) -> Doc:
    """A person's ``action``: ``{position, referee, log, last, view}``, or ``{error}`` (the
    rule).

    ``options["offered_to"]``: the colours an offer is made to (the others decline at once);
    ``options["declined"]``: with ``cancel_trade``, the player whose counter-offer the person
    declined, which ended the offer (the log says so).
    """
    options = options or {}
    table = _table(session, options)
    if not isinstance(action, dict):
        raise bad_request("an action is an object with a 'type'")
    colour = action.get("player")
    try:
        log = table.step(str(colour), action, offered_to=options.get("offered_to"))
    except IllegalAction as exc:
        return refusal(exc)
    declined = options.get("declined")
    if isinstance(declined, str) and declined in table.game.seats:  # the counter-offer answered
        log = [{**entry, "e": {**entry["e"], "declined": declined}}
               if entry["e"]["type"] == "trade_cancelled" else entry for entry in log]
    return _after(table, log, viewer, options)


def _after(table: Table, log: list[Any], viewer: str | None, options: Doc) -> Doc:
    events = [entry.get("full", entry["e"]) for entry in log]
    last = {"nodes": [e["node"] for e in events if e.get("node")],
            "edges": [e["edge"] for e in events if e.get("edge")]}
    if last["nodes"] or last["edges"]:
        options = {**options, "last": last}
    else:
        last = options.get("last") or {"nodes": [], "edges": []}
    return {**table.to_dict(), "log": log, "last": last, "acted": table.new_actions(),
            "view": view_of(table, viewer, options)}


def do_pick(session: str, viewer: str, options: Doc | None, spot: Any) -> Doc:
    """The viewer chose ``spot`` on the board (a node or edge name, or a tile number).

    Answers ``{mode}`` when the choice goes on (the first road of Road Building), ``{victims,
    tile}`` when the robber's victim must be chosen, else :func:`do_act`'s answer for the
    action the spot makes (a refusal says why the spot is illegal).
    """
    options = options or {}
    table = _table(session, options)
    answer = action_for_spot(table.game, viewer, options.get("mode"), spot)
    if "action" not in answer:
        return answer
    return do_act(session, answer["action"], viewer, {**options, "mode": None})


def do_advance(session: str, viewer: str | None = None, options: Doc | None = None) -> Doc:
    """What the referee does without a person: the answer it gives for someone (an offer not
    made to them, or with no card), else the move of the computer whose decision comes next.

    ``{position, referee, log, view, action, ms, note}``; ``{wait: True, view}`` when a
    person must decide; ``{dice: colour}`` when, with manual dice, a person enters the
    computer's roll. ``ms`` is the computer's decision time in milliseconds.
    """
    options = options or {}
    table = _table(session, options)
    start = time.perf_counter()
    move = table.computer_move()
    if move is None:
        return {"wait": True, "view": view_of(table, viewer, options)}
    actor, action, note = move
    ms = round((time.perf_counter() - start) * 1000, 1)
    if action["type"] == "roll" and options.get("dice") == "manual" and note != "capped":
        return {"dice": actor, "ms": ms}
    log = table.step(actor, action, person=False)
    return {**_after(table, log, viewer, options), "action": action, "ms": ms, "note": note,
            "actor": actor}


def do_roll(session: str, colour: str, dice: list[int], viewer: str | None = None,
            options: Doc | None = None) -> Doc:
    """Dice entered by hand for ``colour`` (a person, or a computer with manual dice)."""
    options = options or {}
    table = _table(session, options)
    try:
        log = table.step(colour, {"type": "roll", "player": colour, "dice": dice},
                         person=False)
    except IllegalAction as exc:
        return refusal(exc)
    return _after(table, log, viewer, options)


def do_timeout(session: str, colour: str, acted: bool = False, viewer: str | None = None,
               options: Doc | None = None) -> Doc:
    """``colour``'s time ran out: ``{position, referee, log, view}`` (the stand-in plays from
    now; or, when time to answer a computer's offer ran out, the referee declined for the
    person, marked ``ignored`` in the log)."""
    options = options or {}
    table = _table(session, options)
    if colour not in table.referee.seats:
        raise bad_request(f"no seat {colour!r}")
    return _after(table, table.timeout(colour, bool(acted)), viewer, options)


def do_seat(session: str, colour: str, change: str, viewer: str | None = None,
            options: Doc | None = None) -> Doc:
    """Change who plays ``colour``: ``bot`` or ``human`` (the seat changes hands), ``back``
    (the person takes their seat back from the stand-in). ``{referee, log, view}``."""
    options = options or {}
    table = _table(session, options)
    ref = table.referee
    if colour not in ref.seats:
        raise bad_request(f"no seat {colour!r}")
    events = ref.come_back(colour) if change == "back" else ref.set_kind(colour, change)
    return {"referee": ref.to_dict(), "log": [{"e": e} for e in events],
            "view": view_of(table, viewer, options)}


# -- the end of the game ---------------------------------------------------------------------------

def do_summary(position: Doc, log: list[Doc] | None = None, counted: Doc | None = None) -> Doc:
    """Points breakdown per player: ``{winner, turns, city_points, players: [{colour,
    settlements, cities (their points), city_count, ...}]}``,
    and with the game's ``log`` (the page's entries ``{e, turn}``) each player's statistics:
    ``received`` (cards by resource, from production and set-up), ``lost`` (to the robber,
    discards and Monopoly), ``trades`` (with players and the bank), ``cards`` (development
    cards bought and played), and ``awards``: who held Longest Road and Largest Army from
    which turn (``[[turn, colour or None], ...]``). ``counted``: the same statistics already
    counted along the game (:func:`tally`; an online room keeps them as it goes).

    >>> summary = do_summary(Game.new(seats=["red", "blue", "white"]).to_dict(),
    ...     [{"e": {"type": "produced", "gains": {"red": {"grain": 2}}}, "turn": 3},
    ...      {"e": {"type": "stole", "player": "blue", "victim": "red"}, "turn": 4}])
    >>> summary["players"][0]["received"]["grain"], summary["players"][0]["lost"]
    (2, 1)
    """
    game = Game.from_dict(position)
    players = [{"colour": c, **game.points(c), "knights": game.knights_played(c),
                "road_length": game.longest_road_length(c),
                "city_count": len(game.buildings(c)["cities"])} for c in game.seats]
    out: Doc = {"winner": game.winner, "turns": game.turn_number, "players": players,
                "city_points": BUILD_POINTS["city"]}
    if log is not None:
        counted = tally(game.seats, log)
    if counted is not None:
        for p in players:
            p.update(counted["players"].get(p["colour"], {}))
        out["awards"] = counted["awards"]
    return out


def tally(seats: tuple[str, ...] | list[str], log: list[Doc], counted: Doc | None = None
          ) -> Doc:
    """The statistics of :func:`do_summary` over ``log`` (entries ``{e, turn}``), counted on
    from ``counted`` (an earlier tally, not changed): ``{players: {colour: {...}}, awards}``.

    >>> first = tally(["red", "blue"], [{"e": {"type": "bought_dev_card", "player": "red"}}])
    >>> tally(["red", "blue"], [{"e": {"type": "played_dev_card", "player": "red"}}],
    ...       first)["players"]["red"]["cards_played"], first["players"]["red"]["cards_played"]
    (1, 0)
    """
    if counted is None:
        stats: Doc = {c: {"received": dict.fromkeys(RESOURCES, 0), "lost": 0, "trades": 0,
                          "cards_bought": 0, "cards_played": 0} for c in seats}
        awards: Doc = {"longest_road": [], "largest_army": []}
    else:
        stats = {c: {**s, "received": dict(s["received"])} for c, s in counted["players"].items()}
        awards = {k: [list(x) for x in v] for k, v in counted["awards"].items()}

    def add(colour: Any, cards: Any) -> None:
        if colour in stats and isinstance(cards, dict):
            for r, n in cards.items():
                if r in RESOURCES and isinstance(n, int):
                    stats[colour]["received"][r] += n

    for entry in log:
        e = entry.get("e") if isinstance(entry, dict) else None
        if not isinstance(e, dict):
            continue
        kind, who, turn = e.get("type"), e.get("player"), entry.get("turn", 0)
        if kind == "produced" and isinstance(e.get("gains"), dict):
            for colour, cards in e["gains"].items():
                add(colour, cards)
        elif kind == "received" and isinstance(e.get("cards"), dict):
            add(who, e["cards"])
        elif kind == "discarded" and who in stats and isinstance(e.get("cards"), dict):
            stats[who]["lost"] += sum(n for n in e["cards"].values() if isinstance(n, int))
        elif kind == "stole" and e.get("victim") in stats and e.get("card", "") is not None:
            stats[e["victim"]]["lost"] += 1
        elif kind == "monopoly" and isinstance(e.get("taken"), dict):
            for colour, n in e["taken"].items():
                if colour in stats and isinstance(n, int):
                    stats[colour]["lost"] += n
        elif kind in ("traded", "bank_traded") and who in stats:
            stats[who]["trades"] += 1
            if e.get("with") in stats:
                stats[e["with"]]["trades"] += 1
        elif kind == "bought_dev_card" and who in stats:
            stats[who]["cards_bought"] += 1
        elif kind == "played_dev_card" and who in stats:
            stats[who]["cards_played"] += 1
        elif kind in awards:
            holder = who if who in stats else None
            if not awards[kind] or awards[kind][-1][1] != holder:
                awards[kind].append([turn, holder])
    return {"players": stats, "awards": awards}


def warm_up() -> None:
    """Import the computer players and the renderer now, while the page shows the form."""
    import catan_core.bots
    import catan_core.svg  # noqa: F401


BRIDGE: dict[str, Callable[..., Any]] = {
    "new_game": do_new_game,
    "open": do_open,
    "load": do_load,
    "share": do_share,
    "view": do_view,
    "seen": do_seen,
    "act": do_act,
    "pick": do_pick,
    "advance": do_advance,
    "roll": do_roll,
    "timeout": do_timeout,
    "seat": do_seat,
    "summary": do_summary,
    "chances": do_chances,
    "warm_up": warm_up,
}
