"""What one seat of a game sees and may do: the view the Play page draws (and a room sends).

:func:`view_of` puts together, for the page, what the table (:mod:`catan_core.table`) and the
engine decide: whose decision comes next and whether a computer or the referee makes it, the
screen a hot-seat game shows, costs and what the hand affords, development cards and why they
cannot be played, the board choice with its legal spots and the rule against each other one,
awards, and the board drawn by :func:`catan_core.svg.render` as that seat may see it.
:func:`action_for_spot` turns a spot chosen on the board into the action it makes. Used by
:mod:`catan_web.game` and the rooms server.
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple, cast

from catan_core import BUILD_COSTS, Game, geometry
from catan_core.query import BUILD_POINTS
from catan_core.referee import OFFER_WAIT_S, TIMER_BONUS_S, decision_key, waiting_for
from catan_core.table import Table
from catan_core.views import hidden_marks, robber_shown

from .errors import bad_request
from .recent import Recent

Doc = dict[str, Any]
NODE_NAMES = geometry.nodes()
EDGE_NAMES = geometry.edges()
#: What the page asks a person to choose on the board, by phase or by build mode.
PICKS = {
    "setup_settlement": ("node", "place_settlement"), "setup_road": ("edge", "place_road"),
    "move_robber": ("tile", "move_robber"), "road": ("edge", "build_road"),
    "settlement": ("node", "build_settlement"), "city": ("node", "build_city"),
    "road_building": ("edge", "play_road_building"),
}
BUILD_MODES = ("road", "settlement", "city", "road_building")


def screen(table: Table, viewer: str | None, fixed: bool = False
           ) -> tuple[str | None, str | None]:
    """Whose cards the screen shows now, and the person to hand the device to (or None).

    One person at the screen keeps it; with several, the screen shows the person whose
    decision comes next, after a "pass the device" step, and nobody's hand while computers
    play (unless the one shown still owes a decision). A ``fixed`` screen (one person per
    device, as in a room) always shows ``viewer`` (None: a spectator).
    """
    game, ref = table.game, table.referee
    if fixed:
        return (viewer if viewer in game.seats else None), None
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


#: The boards this process's views drew last, by what they show (:func:`board`); the Play
#: page's worker needs a few, a rooms server keeps its own, larger.
DRAWINGS: Recent[str, str] = Recent(32)


class Shared(NamedTuple):
    """What every seat and spectator of a table sees alike (:func:`shared_view`)."""

    #: the view's common part: ``players`` with every player's public points, ``next`` without
    #: the viewer's ``pass_to`` and ``decides``
    view: Doc
    #: the island and its pieces as the table's board shows them (:func:`board`'s picture
    #: without the viewer's marks)
    pieces: str


def shared_view(table: Table) -> Shared:
    """The part of :func:`view_of` that every seat and spectator of ``table`` sees alike: a
    rooms server builds it once per room version for all of them."""
    game, ref = table.game, table.referee
    over = game.winner is not None
    actor = ref.next_actor(game)
    computer = actor is not None and ref.computer_plays(game, actor)
    forced = actor is not None and ref.forced_action(game, actor) is not None
    scores = table.points()
    no_ports = hidden_marks(game, table.hidden)[1]
    # while Terra Incognita hides the harbours, nobody is shown who stands on one
    unseen: Doc = {"harbours": []} if no_ports else {}
    view = {
        "phase": game.phase, "turn": game.turn_number,
        "current": game.current_player, "dice": list(game.dice) if game.dice else None,
        "winner": game.winner, "vp_to_win": game.vp_to_win,
        "robber": robber_shown(game, table.hidden),
        "hidden": table.hidden,
        "players": [{**game.summary(c), "points": scores[c], **unseen} for c in game.seats],
        # while the island is hidden the set-up's cards are not named: nor is what the bank gave
        "bank": None if table.hidden else game.bank_counts(), "deck": game.deck_size(),
        "discard": game.discards_owed(), "trade": _trade(game, table), "awards": game.awards(),
        "seats": {c: {**s.to_dict(), "computer": ref.computer_plays(game, c)}
                  for c, s in ref.seats.items()},
        "next": {
            "actor": actor, "computer": computer, "forced": forced,
            "waiting": waiting_for(game), "auto": actor is not None and (computer or forced),
            "clock": decision_key(game, actor) if actor and not computer and not over else None,
            "bonus_s": TIMER_BONUS_S,
            # a computer's offer to a person waits this long, then the referee declines it
            "offer_s": OFFER_WAIT_S if actor and ref.answers_computer_offer(game, actor) else None,
        },
    }
    return Shared(view, _pieces(game, no_ports))


def view_of(table: Table, viewer: str | None, options: Doc, fixed: bool = False,
            drawings: Recent[str, str] = DRAWINGS, shared: Shared | None = None) -> Doc:
    """Everything the page shows ``viewer`` (see :func:`screen` for whose hand it shows);
    its board is taken from ``drawings`` when one was drawn for the same picture. ``shared``:
    :func:`shared_view` of the same table, when the caller keeps it for several viewers."""
    game = table.game
    if shared is None:
        shared = shared_view(table)
    viewer, pass_to = screen(table, viewer, fixed)
    mine = viewer if viewer in game.seats else None
    decides = mine is not None and table.decides(mine)
    common = shared.view
    players, own = common["players"], None
    if mine is not None:  # their own total, hidden cards included
        own = game.scores(mine)[mine]
        players = [{**p, "points": own} if p["colour"] == mine else p for p in players]
    out: Doc = {
        "viewer": viewer, **common, "players": players,
        "next": {**common["next"], "pass_to": pass_to, "decides": decides},
        "me": None, "costs": costs(game, mine, decides), "cards": [], "can": {},
        "prompt": None, "choice": {"pick": None, "legal": [], "illegal": {}, "mode": None},
    }
    if mine is not None:
        rates = game.maritime_rates(mine)
        if hidden_marks(game, table.hidden)[1]:  # the harbours are hidden: no rate shows one
            rates = dict.fromkeys(rates, 4)  # the bank's 4:1 for every resource
        out["me"] = {"colour": mine, "hand": game.hand_of(mine), "rates": rates, "points": own}
        out["cards"] = dev_cards(game, mine, decides)
    if decides:
        assert mine is not None
        mode = build_mode(options.get("mode"), game, mine)
        out["can"] = table.may(mine)
        out["choice"] = choice(game, mine, mode)
        out["prompt"] = prompt(game, mine, mode)
    out["board"] = board(game, out["hidden"], out["choice"], options, drawings, shared.pieces)
    return out


def _trade(game: Game, table: Table) -> Doc | None:
    trade = game.open_trade()
    return None if trade is None else {**trade, "to": table.referee.offered_to}


def actions_of(game: Game, colour: str) -> list[Doc]:
    """``colour``'s legal actions now, as JSON objects."""
    return [cast(Doc, a) for a in game.legal_actions_of(colour)]


def _reason(code: str | None, **details: Any) -> Doc | None:
    """A rule's code as the page's error pipeline takes it."""
    return None if code is None else {"code": code, "details": details}


def _build_reason(option: Any) -> Doc | None:
    """Why a build of ``game.build_options`` is refused now; the cards still missing when it
    is the hand (``insufficient_resources``), so that the page can name them."""
    code = option["reason"]
    if code == "insufficient_resources":
        return _reason(code, missing=dict(option["missing"]))
    return _reason(code)


def costs(game: Game, viewer: str | None, decides: bool) -> list[Doc]:
    """The building costs card: each item's cost and points, and for the viewer the cards their
    hand lacks for it (``missing``), whether it affords it and whether they may build it now
    (``reason``: the rule against it)."""
    options = game.build_options(viewer) if viewer is not None else {}
    out = []
    for item, cost in BUILD_COSTS.items():
        option = options.get(item)
        out.append({"item": item, "cost": dict(cost), "points": BUILD_POINTS[item],
                    "missing": dict(option["missing"]) if option else {},
                    "affordable": bool(option and option["affordable"]),
                    "available": bool(decides and option and option["reason"] is None),
                    "reason": _build_reason(option) if option else None})
    return out


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


def action_for_spot(game: Game, viewer: str, mode: Any, spot: Any) -> Doc:
    """The spot ``viewer`` chose on the board, read as the page's current choice (the phase,
    or the build ``mode`` they chose): ``{action}`` to play, ``{mode}`` when the choice goes on
    (the first road of Road Building), ``{victims, tile}`` when the robber's victim must be
    chosen. Nothing is played here.

    >>> game = Game.new(seats=["red", "blue", "white"], seed=1, board="beginner")
    >>> action_for_spot(game, "red", None, "9.N")
    {'action': {'type': 'place_settlement', 'player': 'red', 'node': '9.N'}}
    """
    chosen = build_mode(mode, game, viewer)
    key = chosen["kind"] if chosen else game.phase
    if key not in PICKS:
        raise bad_request("nothing to choose on the board now")
    pick, kind = PICKS[key]
    action: Doc = {"type": kind, "player": viewer}
    if kind == "play_road_building":
        assert chosen is not None
        pairs = [a["edges"] for a in actions_of(game, viewer) if a["type"] == kind]
        picks = [*chosen["picks"], spot]
        if spot in chosen["picks"]:
            return {"mode": chosen}
        if len(picks) < 2 and any(len(p) == 2 and spot in p for p in pairs):
            return {"mode": {**chosen, "picks": picks}}
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
    return {"action": action}


def build_mode(value: Any, game: Game, viewer: str) -> Doc | None:
    """The build mode the page sent, if it still applies: building in the viewer's main phase
    with no offer open; Road Building whenever the engine lets the viewer play the card
    (before the roll too: its legal ``play_road_building`` actions)."""
    if not isinstance(value, dict) or value.get("kind") not in BUILD_MODES:
        return None
    if value["kind"] == "road_building":
        if not any(a["type"] == "play_road_building" for a in actions_of(game, viewer)):
            return None
    elif game.phase != "main" or game.open_trade() is not None or viewer != game.current_player:
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
    mine = [a for a in actions_of(game, viewer) if a["type"] == kind]
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
        name: _reason(code, **{pick: name})
        for name, code in report["illegal"].items()})
    unpaid = [name for name in report["legal"] if name not in legal]
    if unpaid:  # free spots the hand or the supply cannot pay for yet
        option = game.build_options(viewer)[SPOT_KINDS[kind]]
        why = _build_reason(option) if option["reason"] else _reason("wrong_phase")
        for name in unpaid:
            out["illegal"][name] = why
    return out


def board(game: Game, hidden: str | None, chosen: Doc, options: Doc,
          drawings: Recent[str, str], pieces: str) -> str:
    """The board as the viewer may see it, with the current choice's legal spots marked and
    the last move haloed (``catan_core.svg.render``). Drawn once per picture and kept in
    ``drawings``: a view whose board did not change (most moves place no piece), or another
    seat's view with the same marks, takes the drawing already made (a rooms server draws a
    board for every seat of a room at every move). ``pieces``: :attr:`Shared.pieces`."""
    from catan_core import svg  # imported on first use: it costs ~0.2 s in Pyodide

    hidden_tiles, no_ports = hidden_marks(game, hidden)
    marks: dict[str, list[Any]] = dict(hidden_tiles)
    pick = chosen.get("pick")
    if pick:
        marks[f"ok_{pick}s"] = [int(x) if pick == "tile" else x for x in chosen["legal"]]
    last = options.get("last") or {}
    marks["last_nodes"] = [n for n in last.get("nodes") or [] if n in NODE_NAMES]
    marks["last_edges"] = [e for e in last.get("edges") or [] if e in EDGE_NAMES]
    terms = options.get("terms") if isinstance(options.get("terms"), dict) else None

    def draw() -> str:
        drawn = game
        if no_ports:
            doc = game.to_dict()
            doc["board"] = {**doc["board"], "ports": {}}
            drawn = Game.from_dict(doc)
        return svg.render(drawn, svg.check_marks(marks), terms=terms)

    # everything drawn, as one text: the island and pieces, the marks and the words
    picture = pieces + json.dumps([marks, terms], sort_keys=True, separators=(",", ":"))
    return drawings.recall(picture, draw)


def _pieces(game: Game, no_ports: bool) -> str:
    """The island (terrains, numbers, harbours unless hidden), every seat's pieces and the
    robber, as one text (part of the key of a drawing)."""
    island = game.board
    return json.dumps([island.terrains, island.numbers, None if no_ports else island.port_dict(),
                       game.robber, [[c, game.buildings(c)] for c in game.seats]],
                      sort_keys=True, separators=(",", ":"))
