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

import random
import time
from collections.abc import Callable
from typing import Any, cast

from catan_core import BUILD_COSTS, Game, IllegalAction, geometry
from catan_core.referee import (
    TIMER_BONUS_S,
    Referee,
    decision_key,
    masked,
    waiting_for,
)

from .common import bad_request, refusal

Doc = dict[str, Any]
NODE_NAMES = geometry.nodes()
EDGE_NAMES = geometry.edges()
N_TILES = 19
#: Game modes: points to win and starting cards of each resource.
MODES = {"classic": (10, 0), "quick": (7, 1), "epic": (13, 0)}
BOARDS = {"beginner": "beginner", "variable": "standard"}
#: Points a building is worth (the costs card says so).
POINTS = {"road": 0, "settlement": 1, "city": 2, "dev_card": 0}
#: What the page asks a person to choose on the board, by phase or by build mode.
PICKS = {
    "setup_settlement": ("node", "place_settlement"), "setup_road": ("edge", "place_road"),
    "move_robber": ("tile", "move_robber"), "road": ("edge", "build_road"),
    "settlement": ("node", "build_settlement"), "city": ("node", "build_city"),
    "road_building": ("edge", "play_road_building"),
}
BUILD_MODES = ("road", "settlement", "city", "road_building")


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


def do_load(position: Doc, referee: Doc | None = None, legacy: Doc | None = None) -> Doc:
    """``{position, referee}`` read and written again: the position by the engine (an
    unreadable or impossible one raises ``InvalidPosition``), the referee with defaults for
    what is missing. ``legacy`` reads a save of the page's first format: ``players`` (the
    settings' seats), ``seats`` (idle/away/auto per colour), ``seed`` and ``to``.
    """
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


# -- what a viewer sees ----------------------------------------------------------------------------

def screen(game: Game, ref: Referee, viewer: str | None) -> tuple[str | None, str | None]:
    """Whose cards the screen shows now, and the person to hand the device to (or None).

    One person at the screen keeps it; with several, the screen shows the person whose
    decision comes next, after a "pass the device" step, and nobody's hand while computers
    play (unless the one shown still owes a decision).
    """
    humans = [c for c in game.seats if ref.seats[c].kind == "human"]
    if viewer not in game.seats:
        viewer = humans[0] if len(humans) == 1 else None
    actor = ref.next_actor(game)
    if actor is None or len(humans) <= 1:
        if actor is not None and len(humans) == 1 and not ref.computer_plays(game, actor):
            viewer = actor
        return viewer, None
    if ref.computer_plays(game, actor):
        return (viewer if viewer in waiting_for(game) else None), None
    if viewer == actor:
        return viewer, None
    return None, actor


def do_view(position: Doc, referee: Doc | None, viewer: str | None,
            options: Doc | None = None) -> Doc:
    """Everything the page shows, for ``viewer`` (a colour; None: whoever the screen shows).

    ``options``: ``visibility`` (``revealed``/``fog``/``terra``), ``mode`` (the build mode the
    person chose: ``{kind, picks}``), ``last`` (``{nodes, edges}`` just changed), ``terms``
    (the glossary's words for the harbours' tooltips).
    """
    game, ref = _open(position, referee)
    return view_of(game, ref, viewer, options or {})


def view_of(game: Game, ref: Referee, viewer: str | None, options: Doc) -> Doc:
    viewer, pass_to = screen(game, ref, viewer)
    over = game.winner is not None
    seats = list(game.seats)
    mine = viewer if viewer in seats else None
    waiting = waiting_for(game)
    actor = ref.next_actor(game)
    computer = actor is not None and ref.computer_plays(game, actor)
    forced = actor is not None and ref.forced_action(game, actor) is not None
    decides = (mine is not None and mine in waiting and not ref.computer_plays(game, mine)
               and ref.forced_action(game, mine) is None and not over)
    scores = game.scores(None if over else mine or "public")
    out: Doc = {
        "viewer": viewer, "phase": game.phase, "turn": game.turn_number,
        "current": game.current_player, "dice": list(game.dice) if game.dice else None,
        "winner": game.winner, "vp_to_win": game.vp_to_win, "robber": game.robber,
        "hidden": masked(game, options.get("visibility")),
        "players": [{**game.summary(c), "points": scores[c]} for c in seats],
        "bank": game.bank_counts(), "deck": game.deck_size(),
        "discard": game.discards_owed(), "trade": _trade(game, ref), "awards": game.awards(),
        "seats": {c: {**s.to_dict(), "computer": ref.computer_plays(game, c)}
                  for c, s in ref.seats.items()},
        "next": {
            "actor": actor, "computer": computer, "forced": forced, "waiting": waiting,
            "auto": actor is not None and (computer or forced),
            "pass_to": pass_to, "decides": decides,
            "clock": decision_key(game, actor) if actor and not computer and not over else None,
            "bonus_s": TIMER_BONUS_S,
        },
        "me": None, "costs": costs(game, mine, decides), "cards": [], "can": {},
        "prompt": None, "choice": {"pick": None, "legal": [], "illegal": {}, "mode": None},
    }
    if mine is not None:
        out["me"] = {"colour": mine, "hand": game.hand_of(mine),
                     "rates": game.maritime_rates(mine), "points": scores[mine]}
        out["cards"] = dev_cards(game, mine, decides)
    if decides:
        assert mine is not None
        mode = _mode(options.get("mode"), game, mine)
        out["can"] = can(game, mine)
        out["choice"] = choice(game, mine, mode)
        out["prompt"] = prompt(game, mine, mode)
    out["board"] = board(game, out["hidden"], out["choice"], options)
    return out


def _trade(game: Game, ref: Referee) -> Doc | None:
    trade = game.open_trade()
    return None if trade is None else {**trade, "to": ref.offered_to}


def _actions(game: Game, colour: str) -> list[Doc]:
    """``colour``'s legal actions now, as JSON objects."""
    return [cast(Doc, a) for a in game.legal_actions_of(colour)]


def _reason(code: str | None, **details: Any) -> Doc | None:
    """A rule's code as the page's error pipeline takes it."""
    return None if code is None else {"code": code, "details": details}


def costs(game: Game, viewer: str | None, decides: bool) -> list[Doc]:
    """The building costs card: each item's cost and points, and for the viewer whether their
    hand affords it and whether they may build it now (``reason``: the rule against it)."""
    options = game.build_options(viewer) if viewer is not None else {}
    out = []
    for item, cost in BUILD_COSTS.items():
        option = options.get(item)
        out.append({"item": item, "cost": dict(cost), "points": POINTS[item],
                    "affordable": bool(option and option["affordable"]),
                    "available": bool(decides and option and option["reason"] is None),
                    "reason": _reason(option["reason"]) if option else None})
    return out


def can(game: Game, viewer: str) -> dict[str, bool]:
    """Which kinds of action the viewer may make now (the buttons the page marks available)."""
    kinds = {a["type"]: True for a in _actions(game, viewer)}
    if game.discards_owed().get(viewer):
        kinds["discard"] = True
    if "end_turn" in kinds:  # the main phase of the viewer's turn, no offer open
        kinds["offer_trade"] = True
    return kinds


def dev_cards(game: Game, viewer: str, decides: bool) -> list[Doc]:
    """The viewer's development cards, grouped: ``{card, fresh, count, playable, reason}``;
    ``reason`` is the rule against playing the card now."""
    reasons = game.playable_dev_cards(viewer)
    held = game.dev_cards(viewer)
    out = []
    for fresh, cards in ((False, held["old"]), (True, held["new"])):
        for card in dict.fromkeys(cards):
            code = "card_bought_this_turn" if fresh and card in reasons else reasons.get(card)
            if card in reasons and not decides and code is None:
                code = "not_your_turn"
            out.append({"card": card, "fresh": fresh, "count": cards.count(card),
                        "playable": card in reasons and code is None,
                        "reason": _reason(code, card=card)})
    return out


def _mode(value: Any, game: Game, viewer: str) -> Doc | None:
    """The build mode the page sent, if it still applies (main phase, the viewer's turn)."""
    if not isinstance(value, dict) or value.get("kind") not in BUILD_MODES:
        return None
    if game.phase != "main" or game.open_trade() is not None or viewer != game.current_player:
        return None
    picks = [e for e in value.get("picks") or [] if e in EDGE_NAMES][:1]
    return {"kind": value["kind"], "picks": picks}


def prompt(game: Game, viewer: str, mode: Doc | None) -> str:
    """The key of the sentence that tells the viewer what to do now."""
    if mode:
        return f"prompt_{mode['kind']}"
    if game.phase == "main":
        if game.open_trade() is not None:
            return "prompt_trade_wait" if viewer == game.current_player else "prompt_answer"
        return "prompt_main"
    return {"setup_settlement": "prompt_setup_settlement", "setup_road": "prompt_setup_road",
            "move_robber": "prompt_robber", "roll": "prompt_roll",
            "discard": "prompt_discard"}.get(game.phase, "prompt_main")


#: The engine's report of where a piece may go, by what the page asks to place.
SPOT_KINDS = {"place_settlement": "settlement", "build_settlement": "settlement",
              "place_road": "road", "build_road": "road", "build_city": "city"}


def choice(game: Game, viewer: str, mode: Doc | None) -> Doc:
    """The board choice the viewer faces: ``pick`` (``node``/``edge``/``tile`` or None), the
    ``legal`` spots (``legal_actions``: cost and pieces included), for every other spot the
    rule against it (``illegal``), and for the robber the victims of each tile."""
    key = mode["kind"] if mode else game.phase
    out: Doc = {"pick": None, "legal": [], "illegal": {}, "mode": mode, "left": 0}
    if key not in PICKS:
        return out
    pick, kind = PICKS[key]
    mine = [a for a in _actions(game, viewer) if a["type"] == kind]
    if kind == "play_road_building":
        first = mode["picks"][0] if mode and mode["picks"] else None
        pairs = [a["edges"] for a in mine]
        spots = ([e for p in pairs if first in p for e in p if e != first] if first
                 else [e for p in pairs for e in p])
        out.update(pick="edge", legal=sorted(set(spots)), left=2 - (1 if first else 0))
        return out
    if kind == "move_robber":
        robber = game.robber_spots()
        out.update(pick="tile", legal=sorted({a["tile"] for a in mine}),
                   illegal={t: _reason(code, tile=int(t)) for t, code in robber["illegal"].items()},
                   victims=robber["victims"])
        return out
    report = game.spots(SPOT_KINDS[kind], viewer)
    legal = sorted({a[pick] for a in mine})
    out.update(pick=pick, legal=legal, illegal={
        name: _reason(code, **{pick: name}) for name, code in report["illegal"].items()})
    for name in report["legal"]:  # a free spot the hand or the supply cannot pay for yet
        if name not in legal:
            out["illegal"][name] = _reason(
                game.build_options(viewer)[SPOT_KINDS[kind]]["reason"] or "wrong_phase")
    return out


def board(game: Game, hidden: str | None, chosen: Doc, options: Doc) -> str:
    """The board as the viewer may see it, with the current choice's legal spots marked and
    the last move haloed (``catan_core.svg.render``)."""
    from catan_core import svg  # imported on first use: it costs ~0.2 s in Pyodide

    marks: dict[str, list[Any]] = {}
    drawn = game
    if hidden:
        land = [t["tile"] for t in game.tiles() if t["terrain"] != "desert"]
        marks["hidden_terrain"] = land
        if hidden == "terra":
            marks["hidden_number"] = land
            doc = game.to_dict()
            doc["board"] = {**doc["board"], "ports": {}}
            drawn = Game.from_dict(doc)
    pick = chosen.get("pick")
    if pick:
        marks[f"ok_{pick}s"] = [int(x) if pick == "tile" else x for x in chosen["legal"]]
    last = options.get("last") or {}
    marks["last_nodes"] = [n for n in last.get("nodes") or [] if n in NODE_NAMES]
    marks["last_edges"] = [e for e in last.get("edges") or [] if e in EDGE_NAMES]
    terms = options.get("terms") if isinstance(options.get("terms"), dict) else None
    return svg.render(drawn, svg.check_marks(marks), terms=terms)


# -- moves -----------------------------------------------------------------------------------------

def do_act(position: Doc, referee: Doc | None, action: Doc, viewer: str | None = None,
           options: Doc | None = None) -> Doc:
    """A person's ``action``: ``{position, referee, log, view}``, or ``{error}`` (the rule).

    ``options["offered_to"]``: the colours an offer is made to (the others decline at once).
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
        return refusal(exc)
    if isinstance(colour, str):
        ref.person_acted(colour)
    return _after(game, ref, events, hidden, viewer, options)


def _after(game: Game, ref: Referee, events: list[Doc], hidden: str | None,
           viewer: str | None, options: Doc) -> Doc:
    if game.open_trade() is None:
        ref.offered_to = None
    log = [log_entry(e, hidden) for e in events]
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
    mode = _mode(options.get("mode"), game, viewer)
    key = mode["kind"] if mode else game.phase
    if key not in PICKS:
        raise bad_request("nothing to choose on the board now")
    pick, kind = PICKS[key]
    action: Doc = {"type": kind, "player": viewer}
    if kind == "play_road_building":
        assert mode is not None
        pairs = [a["edges"] for a in _actions(game, viewer) if a["type"] == kind]
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
        victims = sorted({a["victim"] for a in _actions(game, viewer)
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
    ref.record(game, actor, action)
    events = game.apply(action)
    return {**_after(game, ref, events, hidden, viewer, options), "action": action, "ms": ms,
            "note": note, "actor": actor}


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
    """``colour``'s time ran out: ``{referee, log, view}`` (the stand-in plays from now)."""
    game, ref = _open(position, referee)
    if colour not in ref.seats:
        raise bad_request(f"no seat {colour!r}")
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

def do_summary(position: Doc) -> Doc:
    """Points breakdown per player: ``{winner, turns, players: [{colour, settlements, ...}]}``."""
    game = Game.from_dict(position)
    players = [{"colour": c, **game.points(c), "knights": game.knights_played(c),
                "road_length": game.longest_road_length(c)} for c in game.seats]
    return {"winner": game.winner, "turns": game.turn_number, "players": players}


def warm_up() -> None:
    """Import the computer players and the renderer now, while the page shows the form."""
    import catan_core.bots
    import catan_core.svg  # noqa: F401


BRIDGE: dict[str, Callable[..., Any]] = {
    "new_game": do_new_game,
    "load": do_load,
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
