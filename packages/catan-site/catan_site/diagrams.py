"""Board diagrams written in Markdown: the ``catan-diagram`` fence's options to a picture.

A fence (and a widget's starting picture, and the tutorial's positions) describes a board in
short YAML: ``position`` or ``board``/``seed``/``pieces``/``robber``, ``highlight``,
``labels``, ``focus``, ``marks``, ``show`` with ``player``, ``caption``/``alt``.
:func:`diagram_game` turns it into the engine's game, :func:`render_diagram` into the engine's
picture (``catan_core.svg.render`` draws; this module reads fences).
"""

from __future__ import annotations

from typing import Any

from catan_core import Game, geometry
from catan_core.board import Board
from catan_core.constants import COLOURS
from catan_core.svg import N_TILES, check_marks, render

SHOW_KEYS = ("settlement_spots", "road_spots", "longest_road")

DIAGRAM_KEYS = ("position", "board", "seed", "pieces", "robber", "highlight", "labels", "focus",
                "caption", "alt", "show", "marks", "player")
# Keys a widget adds; the picture ignores them except ``actions``, replayed before drawing
# (``claims`` and ``verdicts``: a worked example's, see catan_site/examples.py).
WIDGET_KEYS = ("kind", "actions", "prompt", "expect", "claims", "verdicts")
HIGHLIGHT_KEYS = ("tiles", "nodes", "edges")


def diagram_game(spec: Any) -> Game:
    """The game a diagram or widget spec describes, its ``actions`` applied.

    Raises ``ValueError`` (``InvalidPosition`` and ``IllegalAction`` included) on bad input.
    """
    if not isinstance(spec, dict):
        raise ValueError("a diagram is a mapping of options")
    unknown = sorted(set(spec) - set(DIAGRAM_KEYS) - set(WIDGET_KEYS))
    if unknown:
        raise ValueError(f"unknown diagram key(s): {', '.join(map(str, unknown))}")
    doc = dict(spec.get("position") or {})
    for key in ("board", "seed"):
        if key in spec:
            doc[key] = spec[key]
    pieces = spec.get("pieces") or {}
    if not isinstance(pieces, dict):
        raise ValueError("'pieces' maps colours to {settlements, cities, roads}")
    if pieces:
        players = dict(doc.get("players") or {})
        for colour, entry in pieces.items():
            players[colour] = {**players.get(colour, {}), **entry}
        doc["players"] = players
    doc.setdefault("seats", _seats_for(doc.get("players") or {}))
    if "robber" in spec:
        doc["board"] = _board_object(doc.get("board", "beginner"), doc.get("seed"))
        doc.pop("seed", None)
        doc["board"]["robber"] = spec["robber"]
    game = Game.from_dict(doc)
    for action in spec.get("actions") or []:
        game.apply(action)
    return game


def _seats_for(players: dict[str, Any]) -> list[str]:
    used = [c for c in COLOURS if c in players]
    return used + [c for c in COLOURS if c not in used][: max(0, 3 - len(used))]


def _board_object(board: Any, seed: Any) -> dict[str, Any]:
    if isinstance(board, dict):
        return dict(board)
    island = Board.standard(int(seed or 0)) if board == "standard" else Board.beginner()
    return {"tiles": island.tile_strings(), "ports": island.port_dict()}


def render_diagram(spec: Any, lang: str = "en", terms: dict[str, str] | None = None) -> str:
    """Render a ``catan-diagram`` (or a widget's starting picture) to SVG.

    Keys: ``position`` (a position document or part of one), ``board``/``seed``/``pieces``/
    ``robber`` (short forms), ``highlight`` (``{tiles, nodes, edges}``), ``labels``
    (``{place: text}``), ``focus`` (tiles to crop around), ``marks`` (``ok_nodes``,
    ``bad_nodes``, ``edges``, ``tiles``), ``show`` with ``player`` (marks the engine computes:
    ``settlement_spots``, ``road_spots``, ``longest_road``), ``caption``/``alt``.
    ``terms`` are the glossary's words in ``lang`` (harbour tooltips).
    Raises ``ValueError`` on an unknown key or a bad value, so a strict build fails.
    """
    game = diagram_game(spec)
    marks = check_marks(spec.get("marks") or {})
    highlight = spec.get("highlight") or {}
    if not isinstance(highlight, dict) or set(highlight) - set(HIGHLIGHT_KEYS):
        raise ValueError(f"'highlight' takes {', '.join(HIGHLIGHT_KEYS)}")
    for key, target in (("tiles", "tiles"), ("nodes", "nodes"), ("edges", "edges")):
        marks.setdefault(target, []).extend(highlight.get(key) or [])
    check_marks(marks)
    for item in spec.get("show") or []:
        if item not in SHOW_KEYS:
            raise ValueError(f"unknown 'show' item {item!r} (allowed: {', '.join(SHOW_KEYS)})")
        _add_shown(game, item, spec.get("player"), marks)
    labels = spec.get("labels") or {}
    if not isinstance(labels, dict):
        raise ValueError("'labels' maps places to short texts")
    svg = render(game, marks, title=str(spec.get("alt") or spec.get("caption") or ""),
                 labels={str(k): str(v) for k, v in labels.items()},
                 focus=[_tile_number(t) for t in spec.get("focus") or []], terms=terms)
    return svg


def _tile_number(value: Any) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < N_TILES:
        return value
    raise ValueError(f"{value!r} is not a tile number (0 to 18)")


def _add_shown(game: Game, item: str, player: Any, marks: dict[str, list[Any]]) -> None:
    if player not in game.seats:
        raise ValueError(f"'show: {item}' needs 'player' set to one of {list(game.seats)}")
    if item == "settlement_spots":
        ok = game.spots("settlement", player)["legal"]
        ends = {n for e in game.buildings(player)["roads"] for n in geometry.edge_nodes(e)}
        near = [n for n in geometry.nodes() if n in ends and game.owner_of(n) is None]
        marks.setdefault("ok_nodes", []).extend(ok)
        marks.setdefault("bad_nodes", []).extend(n for n in near if n not in ok)
    elif item == "road_spots":
        marks.setdefault("edges", []).extend(game.spots("road", player)["legal"])
    else:
        marks.setdefault("edges", []).extend(game.awards()["longest_road"]["paths"][player])
