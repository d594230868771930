"""The Play page's bridge: new games, what one seat sees and may do, moves, the referee's steps.

The page calls ``catan_web.call("game.<name>", args_json)`` (see :mod:`catan_web.common`) with
the functions of :data:`BRIDGE`. No game lives here between calls: the page keeps the game as
two JSON documents, the ``position`` and the ``referee`` (:class:`catan_core.referee.Referee`:
who plays each seat, the caps of the turn), and sends both with every call. A rooms server
keeps the same two documents and calls the same functions.

Everything the rules decide comes from here, so the page's JavaScript only draws and listens:
whose decision comes next and whether a computer makes it (:func:`do_advance`), what the viewer
may do now (costs and what the hand affords, playable development cards and why not, the legal
spots of the current choice and why the others are illegal), the awards and their holders, and
the board itself, drawn by :func:`catan_core.svg.render` as the viewer may see it.

Hidden information is filtered here: :func:`do_view` shows one viewer their own cards only,
:func:`log_entry` marks the details of each event that only some players may know, and
computer players decide from their own view (the island masked during set-up in the Fog and
Terra Incognita modes).

>>> game = do_new_game({"seats": ["red", "blue", "white"], "board": "beginner",
...                     "mode": "quick", "seed": 1,
...                     "players": [{"colour": "red", "kind": "human"},
...                                 {"colour": "blue", "kind": "bot"},
...                                 {"colour": "white", "kind": "bot"}]})
>>> game["position"]["vp_to_win"], game["position"]["players"]["red"]["hand"]["ore"]
(7, 1)
>>> view = do_view(game["position"], game["referee"], None)
>>> view["viewer"], view["next"]["actor"] == game["position"]["seats"][0]
('red', True)
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from typing import Any

from catan_core import DEV_CARDS, RESOURCES, Game, IllegalAction
from catan_core.referee import Referee, masked

from .common import bad_request, refusal
from .game_view import BUILD_MODES, PICKS, actions_of, build_mode, setup_code, view_of

Doc = dict[str, Any]
#: Game modes: points to win and starting cards of each resource.
MODES = {"classic": (10, 0), "quick": (7, 1), "epic": (13, 0)}
BOARDS = {"beginner": "beginner", "variable": "standard"}
__all__ = ["BRIDGE", "BUILD_MODES", "log_entry", "view_of"]


# -- new games and saved games ---------------------------------------------------------------------

def do_new_game(settings: Doc) -> Doc:
    """``{position, referee}``: a new game from the page's settings.

    ``settings``: ``seats`` (colours in turn order), ``players`` (``[{colour, kind, level,
    personality}]``: who plays each seat), ``seed``, ``board`` (``beginner``/``variable``),
    ``mode`` (``classic``/``quick``/``epic``), ``rules``. The starting player is drawn from the
    seed (the roll for the start), and the seats turned to begin with them.
    """
    seats = list(settings.get("seats") or [])
    seed = _int(settings.get("seed", 0), "seed")
    mode = settings.get("mode", "classic")
    if mode not in MODES:
        raise bad_request(f"unknown mode {mode!r}", allowed=sorted(MODES))
    board = BOARDS.get(settings.get("board", ""))
    if board is None:
        raise bad_request("board must be 'beginner' or 'variable'")
    rules = {k: bool(v) for k, v in (settings.get("rules") or {}).items()}
    if seats and settings.get("random_start", True):
        first = random.Random(seed).randrange(len(seats))
        seats = seats[first:] + seats[:first]
    vp_to_win, start_cards = MODES[mode]
    try:
        game = Game.new(seats=seats, seed=seed, board=board, vp_to_win=vp_to_win, rules=rules,
                        start_cards=start_cards)
    except (TypeError, ValueError) as exc:
        raise bad_request(str(exc)) from None
    referee = _referee_for(game, settings.get("players"), {}, seed)
    return {"position": game.to_dict(), "referee": referee.to_dict()}


def do_load(position: Doc, referee: Doc | None = None, legacy: Doc | None = None,
            seed: int | None = None) -> Doc:
    """``{position, referee}`` read and written again: the position by the engine (an
    unreadable or impossible one raises ``InvalidPosition``), the referee with defaults for
    what is missing. ``legacy`` reads a save of the page's first format: ``players`` (the
    settings' seats), ``seats`` (idle/away/auto per colour), ``seed`` and ``to``.

    A shared position (:func:`do_share`: one seat's view) is dealt with ``seed``
    (:func:`deal_unknown`): the unknown cards again, a fresh generator, new computer seeds.
    """
    if _is_view(position):
        position = deal_unknown(position, _int(seed, "seed"))
        referee = {**(referee or {}), "seed": seed} if isinstance(referee, dict) else referee
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
    return {"position": game.to_dict(), "referee": ref.to_dict()}


def do_share(position: Doc, referee: Doc | None, viewer: str | None) -> Doc:
    """``{position, referee}`` as ``viewer`` may show them: their own cards only, the deck's
    size without its order, no generator state, and of the referee only who plays each seat.
    :func:`do_load` deals what is unknown again, so an opened link predicts no roll or draw.

    >>> game = do_new_game({"seats": ["red", "blue", "white"], "board": "beginner",
    ...                     "mode": "quick", "seed": 1})
    >>> shared = do_share(game["position"], game["referee"], "red")
    >>> "rng" in shared["position"], shared["position"]["deck"], shared["referee"].keys()
    (False, 25, dict_keys(['seats']))
    """
    game, ref = _open(position, referee)
    colour = viewer if viewer in game.seats else game.current_player
    seats = {c: {k: v for k, v in s.to_dict().items() if k in ("kind", "level", "personality")}
             for c, s in ref.seats.items()}
    return {"position": game.to_dict(view=colour), "referee": {"seats": seats}}


def _is_view(position: Any) -> bool:
    """True for one seat's view (hidden hands, the deck as a count, no generator)."""
    if not isinstance(position, dict) or not isinstance(position.get("players"), dict):
        return False
    hidden = any(isinstance(p, dict) and isinstance(p.get(k), dict) and "hidden" in p[k]
                 for p in position["players"].values()
                 for k in ("hand", "dev_cards", "new_dev_cards"))
    return hidden or isinstance(position.get("deck"), int)


def deal_unknown(view: Doc, seed: int) -> Doc:
    """A whole position from one seat's view: each hidden hand dealt at random (``seed``)
    from the resource cards nobody shows, each hidden development card and the deck (of the
    size the view says) from the cards not seen, and a generator seeded afresh.

    >>> view = Game.new(seats=["red", "blue", "white"], seed=1, start_cards=1).to_dict(view="red")
    >>> doc = deal_unknown(view, 5)
    >>> doc["players"]["blue"]["hand"] == {} or sum(doc["players"]["blue"]["hand"].values())
    5
    >>> len(doc["deck"]), Game.from_dict(doc).hand_of("red") == view["players"]["red"]["hand"]
    (25, True)
    """
    from catan_core.constants import DEV_COUNTS

    rng = random.Random(seed)
    doc = json.loads(json.dumps(view))
    players = doc["players"]
    cards = [r for r in RESOURCES for _ in range(19)]
    devs = [c for c, n in zip(DEV_CARDS, DEV_COUNTS, strict=True) for _ in range(n)]
    for entry in players.values():
        for r, n in (entry.get("hand") or {}).items():
            if r != "hidden":
                for _ in range(min(n, cards.count(r))):
                    cards.remove(r)
        for key in ("dev_cards", "new_dev_cards"):
            for card in entry.get(key) if isinstance(entry.get(key), list) else []:
                if card in devs:
                    devs.remove(card)
        for _ in range(min(entry.get("knights_played", 0), devs.count("knight"))):
            devs.remove("knight")
    rng.shuffle(cards)
    rng.shuffle(devs)
    for entry in players.values():
        hand = entry.get("hand")
        if isinstance(hand, dict) and "hidden" in hand:
            dealt = [cards.pop() for _ in range(min(int(hand["hidden"]), len(cards)))]
            entry["hand"] = {r: dealt.count(r) for r in RESOURCES if r in dealt}
        for key in ("dev_cards", "new_dev_cards"):
            value = entry.get(key)
            if isinstance(value, dict) and "hidden" in value:
                entry[key] = [devs.pop() for _ in range(min(int(value["hidden"]), len(devs)))]
    size = doc.get("deck")
    doc["deck"] = devs[:size] if isinstance(size, int) else devs
    doc["rng"] = f"{rng.getrandbits(64):016x}"
    return doc


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


#: The computer players between calls (a bot remembers the offers it made this turn).
_BOTS: dict[str, Any] = {}


def _open(position: Doc, referee: Doc | None) -> tuple[Game, Referee]:
    game = Game.from_dict(position)
    ref = Referee.from_dict(referee or {}, game.seats)
    ref.bots = _BOTS
    return game, ref


# -- what a viewer sees (catan_web.game_view) ---------------------------------------------------

def do_view(position: Doc, referee: Doc | None, viewer: str | None,
            options: Doc | None = None) -> Doc:
    """Everything the page shows, for ``viewer`` (a colour; None: whoever the screen shows).

    ``options``: ``visibility`` (``revealed``/``fog``/``terra``), ``mode`` (the build mode the
    person chose: ``{kind, picks}``), ``last`` (``{nodes, edges}`` just changed), ``terms``
    (the glossary's words for the harbours' tooltips).
    """
    game, ref = _open(position, referee)
    return view_of(game, ref, viewer, options or {})


# -- moves -----------------------------------------------------------------------------------------

def do_act(position: Doc, referee: Doc | None, action: Doc, viewer: str | None = None,
           options: Doc | None = None) -> Doc:
    """A person's ``action``: ``{position, referee, log, view}``, or ``{error}`` (the rule).

    ``options["offered_to"]``: the colours an offer is made to (the others decline at once);
    ``options["declined"]``: with ``cancel_trade``, the player whose counter-offer the person
    declined, which ended the offer (the log says so).
    """
    game, ref = _open(position, referee)
    options = options or {}
    colour = action.get("player") if isinstance(action, dict) else None
    hidden = masked(game, options.get("visibility"))
    ref.record(game, str(colour), action if isinstance(action, dict) else {},
               offered_to=options.get("offered_to"))
    try:
        events = game.apply(action)
    except IllegalAction as exc:
        exc.code = setup_code(game, exc.code)
        return refusal(exc)
    declined = options.get("declined")
    if isinstance(declined, str) and declined in game.seats:   # the counter-offer answered
        events = [{**e, "declined": declined} if e["type"] == "trade_cancelled" else e
                  for e in events]
    if isinstance(colour, str):
        ref.person_acted(colour)
    return _after(game, ref, events, hidden, viewer, options)


def _after(game: Game, ref: Referee, events: list[Doc], hidden: str | None,
           viewer: str | None, options: Doc) -> Doc:
    ref.observe(events)
    if game.open_trade() is None:
        ref.offered_to = None
    log = [log_entry(e, hidden) for e in events]
    for entry in log:   # an offer made to some players only names them
        everyone = {c for c in game.seats if c != entry["e"].get("player")}
        if entry["e"]["type"] == "trade_offered" and ref.offered_to is not None \
                and set(ref.offered_to) != everyone:
            entry["e"] = {**entry["e"], "to": list(ref.offered_to)}
    last = {"nodes": [e["node"] for e in events if e.get("node")],
            "edges": [e["edge"] for e in events if e.get("edge")]}
    if last["nodes"] or last["edges"]:
        options = {**options, "last": last}
    else:
        last = options.get("last") or {"nodes": [], "edges": []}
    if game.phase != "main":
        options = {**options, "mode": None}
    return {"position": game.to_dict(), "referee": ref.to_dict(), "log": log, "last": last,
            "view": view_of(game, ref, viewer, options)}


def do_pick(position: Doc, referee: Doc | None, viewer: str, options: Doc | None,
            spot: Any) -> Doc:
    """The viewer chose ``spot`` on the board (a node or edge name, or a tile number).

    Answers ``{mode}`` when the choice goes on (the first road of Road Building), ``{victims,
    tile}`` when the robber's victim must be chosen, else :func:`do_act`'s answer for the
    action the spot makes (a refusal says why the spot is illegal).
    """
    options = options or {}
    game, _ = _open(position, referee)
    mode = build_mode(options.get("mode"), game, viewer)
    key = mode["kind"] if mode else game.phase
    if key not in PICKS:
        raise bad_request("nothing to choose on the board now")
    pick, kind = PICKS[key]
    action: Doc = {"type": kind, "player": viewer}
    if kind == "play_road_building":
        assert mode is not None
        pairs = [a["edges"] for a in actions_of(game, viewer) if a["type"] == kind]
        picks = [*mode["picks"], spot]
        if spot in mode["picks"]:
            return {"mode": mode}
        if len(picks) < 2 and any(len(p) == 2 and spot in p for p in pairs):
            return {"mode": {**mode, "picks": picks}}
        same = next((p for p in pairs if len(p) == len(picks) and set(p) == set(picks)), None)
        action["edges"] = same or picks
    elif pick == "tile":
        if not isinstance(spot, int) and not (isinstance(spot, str) and spot.isdigit()):
            raise bad_request("a tile is a number")
        action["tile"] = int(spot)
        victims = sorted({a["victim"] for a in actions_of(game, viewer)
                          if a["type"] == kind and a["tile"] == action["tile"] and a.get("victim")})
        if len(victims) > 1:
            return {"victims": victims, "tile": action["tile"]}
        action["victim"] = victims[0] if victims else None
    else:
        action[pick] = spot
    return do_act(position, referee, action, viewer, {**options, "mode": None})


def do_advance(position: Doc, referee: Doc | None, viewer: str | None = None,
               options: Doc | None = None) -> Doc:
    """What the referee does without a person: the answer it gives for someone (an offer not
    made to them, or with no card), else the move of the computer whose decision comes next.

    ``{position, referee, log, view, action, ms, note}``; ``{wait: True, view}`` when a
    person must decide; ``{dice: colour}`` when, with manual dice, a person enters the
    computer's roll. ``ms`` is the computer's decision time in milliseconds.
    """
    options = options or {}
    game, ref = _open(position, referee)
    actor = ref.next_actor(game)
    if actor is None or not (ref.computer_plays(game, actor) or ref.forced_action(game, actor)):
        return {"wait": True, "view": view_of(game, ref, viewer, options)}
    start = time.perf_counter()
    action, note = ref.bot_action(game, actor, visibility=options.get("visibility"))
    ms = round((time.perf_counter() - start) * 1000, 1)
    if action["type"] == "roll" and options.get("dice") == "manual" and note != "capped":
        return {"dice": actor, "ms": ms}
    hidden = masked(game, options.get("visibility"))
    # the decline of a player an offer was not made to is no news: the log says what happened
    outside = note == "forced" and ref.offered_to is not None and actor not in ref.offered_to
    ref.record(game, actor, action)
    events = game.apply(action)
    result = _after(game, ref, events, hidden, viewer, options)
    if outside:
        result["log"] = [e for e in result["log"] if e["e"]["type"] != "trade_rejected"]
    return {**result, "action": action, "ms": ms, "note": note, "actor": actor}


def do_roll(position: Doc, referee: Doc | None, colour: str, dice: list[int],
            viewer: str | None = None, options: Doc | None = None) -> Doc:
    """Dice entered by hand for ``colour`` (a person, or a computer with manual dice)."""
    game, ref = _open(position, referee)
    options = options or {}
    hidden = masked(game, options.get("visibility"))
    action = {"type": "roll", "player": colour, "dice": dice}
    ref.record(game, colour, action)
    try:
        events = game.apply(action)
    except IllegalAction as exc:
        return refusal(exc)
    return _after(game, ref, events, hidden, viewer, options)


def do_timeout(position: Doc, referee: Doc | None, colour: str, acted: bool = False,
               viewer: str | None = None, options: Doc | None = None) -> Doc:
    """``colour``'s time ran out: ``{referee, log, view}`` (the stand-in plays from now).

    Time to answer a computer's offer ran out instead: the referee declines for the person
    (:meth:`~catan_core.referee.Referee.ignored_offer`), and the answer is :func:`do_act`'s
    with the decline marked ``ignored`` in the log.
    """
    game, ref = _open(position, referee)
    if colour not in ref.seats:
        raise bad_request(f"no seat {colour!r}")
    decline = ref.ignored_offer(game, colour)
    if decline is not None:
        options = options or {}
        ref.record(game, colour, decline)
        events = [{**e, "ignored": True} for e in game.apply(decline)]
        return _after(game, ref, events, masked(game, options.get("visibility")), viewer, options)
    events = ref.timeout(game, colour, bool(acted))
    return {"referee": ref.to_dict(), "log": [{"e": e} for e in events],
            "view": view_of(game, ref, viewer, options or {})}


def do_seat(position: Doc, referee: Doc | None, colour: str, change: str,
            viewer: str | None = None, options: Doc | None = None) -> Doc:
    """Change who plays ``colour``: ``bot`` or ``human`` (the seat changes hands), ``back``
    (the person takes their seat back from the stand-in). ``{referee, log, view}``."""
    game, ref = _open(position, referee)
    if colour not in ref.seats:
        raise bad_request(f"no seat {colour!r}")
    events = ref.come_back(colour) if change == "back" else ref.set_kind(colour, change)
    return {"referee": ref.to_dict(), "log": [{"e": e} for e in events],
            "view": view_of(game, ref, viewer, options or {})}


def log_entry(event: Doc, hidden: str | None = None) -> Doc:
    """An event for the log: its public form, and the full one for those who may see it.

    >>> log_entry({"type": "stole", "player": "red", "victim": "blue", "card": "ore"})
    {'e': {'type': 'stole', 'player': 'red', 'victim': 'blue'}, 'full': {'type': 'stole', \
'player': 'red', 'victim': 'blue', 'card': 'ore'}, 'who': ['red', 'blue']}
    """
    kind = event["type"]
    if kind == "stole" and event.get("card"):
        public = {k: v for k, v in event.items() if k != "card"}
        return {"e": public, "full": event, "who": [event["player"], event["victim"]]}
    if kind == "bought_dev_card":
        public = {k: v for k, v in event.items() if k != "card"}
        return {"e": public, "full": event, "who": [event["player"]]}
    if kind == "received" and hidden:
        public = {"type": "received", "player": event["player"],
                  "count": sum(event["cards"].values())}
        return {"e": public, "full": event, "who": [event["player"]]}
    return {"e": event}


# -- the end of the game ---------------------------------------------------------------------------

def do_summary(position: Doc, log: list[Doc] | None = None) -> Doc:
    """Points breakdown per player: ``{winner, turns, players: [{colour, settlements, ...}]}``,
    and with the game's ``log`` (the page's entries ``{e, turn}``) each player's statistics:
    ``received`` (cards by resource, from production and set-up), ``lost`` (to the robber,
    discards and Monopoly), ``trades`` (with players and the bank), ``cards`` (development
    cards bought and played), and ``awards``: who held Longest Road and Largest Army from
    which turn (``[[turn, colour or None], ...]``).

    >>> summary = do_summary(Game.new(seats=["red", "blue", "white"]).to_dict(),
    ...     [{"e": {"type": "produced", "gains": {"red": {"grain": 2}}}, "turn": 3},
    ...      {"e": {"type": "stole", "player": "blue", "victim": "red"}, "turn": 4}])
    >>> summary["players"][0]["received"]["grain"], summary["players"][0]["lost"]
    (2, 1)
    """
    game = Game.from_dict(position)
    players = [{"colour": c, **game.points(c), "knights": game.knights_played(c),
                "road_length": game.longest_road_length(c)} for c in game.seats]
    out: Doc = {"winner": game.winner, "turns": game.turn_number, "players": players}
    if log is not None:
        stats, awards = _statistics(game.seats, log)
        for p in players:
            p.update(stats[p["colour"]])
        out["awards"] = awards
    return out


def _statistics(seats: tuple[str, ...] | list[str], log: list[Doc]) -> tuple[Doc, Doc]:
    stats: Doc = {c: {"received": dict.fromkeys(RESOURCES, 0), "lost": 0, "trades": 0,
                      "cards_bought": 0, "cards_played": 0} for c in seats}
    awards: Doc = {"longest_road": [], "largest_army": []}

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
    return stats, awards


def warm_up() -> None:
    """Import the computer players and the renderer now, while the page shows the form."""
    import catan_core.bots
    import catan_core.svg  # noqa: F401


BRIDGE: dict[str, Callable[..., Any]] = {
    "new_game": do_new_game,
    "load": do_load,
    "share": do_share,
    "view": do_view,
    "act": do_act,
    "pick": do_pick,
    "advance": do_advance,
    "roll": do_roll,
    "timeout": do_timeout,
    "seat": do_seat,
    "summary": do_summary,
    "warm_up": warm_up,
}
