"""Board pictures as SVG, drawn with the standard library only (like python-chess's ``svg``).

This is the one board renderer: build-time diagrams, the FAQ widgets, the tutorial and the game
page all draw with :func:`render`. Every tile, node and edge element carries ``data-tile`` /
``data-node`` / ``data-edge`` with its canonical name, and every node and edge ``data-near``:
the tiles it touches as ``terrain:number`` (``desert``, ``sea``, ``unknown`` for a hidden tile),
so the browser can make the same picture interactive and name each spot for people
("corner of the 6 fields, 9 hills and sea"). A spot on the coast also carries ``data-side``, the
compass point it lies at from the centre of its first tile: two coastal spots can touch the same
tiles and sea ("corner of 10 mountains and sea, north" / "..., north-west").
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Iterable
from functools import lru_cache
from html import escape
from typing import Any

from . import geometry
from .errors import IllegalAction
from .game import Game

R = 50.0  # hex radius in pixels
TERRAIN_FILL = {
    "hills": "#c96a3b", "forest": "#2f7d3a", "pasture": "#9ccc65", "fields": "#f1c84b",
    "mountains": "#9a9a9a", "desert": "#e6d5a3", "unknown": "#7d8b99",
}
PLAYER_FILL = {"red": "#d32f2f", "blue": "#1e63c4", "white": "#f5f5f5", "orange": "#f08a1c"}
#: Ink of what is drawn over the terrain: each mark or piece pairs its colour with a rim of the
#: other lightness (``DARK`` or ``LIGHT``), so that it reads at least 3:1 against every terrain
#: and the sea, and every text at least 4.5:1 on what is behind it (tests/test_a11y_board.py).
DARK, LIGHT = "#1b1b1b", "#ffffff"
OK, ATTENTION, REFUSED = "#43a047", "#ffeb3b", "#e53935"
TOKEN = {"fill": "#fbf3dc", "edge": "#3b2f1e", "hot": "#c62828", "text": "#222"}
PIER = "#3b2f1e"
PIPS = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}
#: Marks drawn over the board, each a list of places of one kind (``node``, ``edge``, ``tile``):
#: legal spots (``ok_*``: green), refused ones (``bad_nodes``: red crosses), attention
#: (``nodes``/``edges``/``tiles``: yellow), the last move (``last_*``: a halo), and fog
#: (``hidden_terrain``/``hidden_number``: tiles whose terrain or number a player cannot see).
MARK_KINDS = {
    "ok_nodes": "node", "bad_nodes": "node", "nodes": "node", "last_nodes": "node",
    "ok_edges": "edge", "edges": "edge", "last_edges": "edge",
    "ok_tiles": "tile", "tiles": "tile", "last_tiles": "tile",
    "hidden_terrain": "tile", "hidden_number": "tile",
}
MARK_KEYS = tuple(MARK_KINDS)


def _xy(point: tuple[float, float]) -> tuple[float, float]:
    return point[0] * R, point[1] * R


def _fmt(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def _points(pts: Iterable[tuple[float, float]]) -> str:
    return " ".join(f"{_fmt(x)},{_fmt(y)}" for x, y in pts)


def render(game: Game, marks: dict[str, list[Any]] | None = None, title: str = "",
           labels: dict[str, str] | None = None, focus: list[int] | None = None,
           terms: dict[str, str] | None = None) -> str:
    """An SVG picture of ``game``'s island, pieces and robber, with optional marks.

    ``marks`` maps keys of :data:`MARK_KINDS` to lists of names or tile numbers (checked by
    :func:`check_marks`). ``labels`` writes short texts on places; ``focus`` crops the picture
    around some tiles; ``terms`` translates the harbours' tooltips (``{"wool": "laine"}``).
    Only the engine's public read API (``catan_core.geometry``, ``Game.buildings``) is used.
    """
    marks = check_marks(marks or {})
    canonical: dict[str, Callable[[Any], Any]] = {
        "node": geometry.node_name, "edge": geometry.edge_name, "tile": int}
    named = {k: [canonical[MARK_KINDS[k]](v) for v in vs] for k, vs in marks.items()}
    order = {name: i for i, name in enumerate(geometry.nodes() + geometry.edges())}

    def listed(key: str) -> list[Any]:
        return sorted(set(named.get(key, ())), key=lambda x: order.get(x, x))

    hidden = (set(named.get("hidden_terrain", ())), set(named.get("hidden_number", ())))
    near = _Near.of_game(game, *hidden)
    roads, buildings = _pieces(game)
    parts = [_open_svg(title, focus or [])]
    parts += [_tile(game, t, *hidden) for t in range(N_TILES)]
    parts += [_port(e, kind, terms or {}) for e, kind in game.board.port_dict().items()]
    # a hex's outline goes under the pieces on its sides and corners (and their hit areas)
    parts += [_tile_outline(t) for t in listed("tiles")]
    parts += [_tile_outline(t, "mark-ok-tile", OK) for t in listed("ok_tiles")]
    parts += [_tile_outline(t, "mark-last", LIGHT) for t in listed("last_tiles")]
    parts += _hit_edges(near)
    parts += _marked_edges(named.get("edges", []))
    parts += _marked_edges(named.get("ok_edges", []), "mark-ok-edge", OK, 0.16)
    parts += _marked_edges(named.get("last_edges", []), "mark-last", LIGHT, 0.34)
    parts += [_road(e, colour) for e, colour in roads.items()]
    parts += [_node_mark(n, "mark-last", 0.32,
                         f'fill="{LIGHT}" fill-opacity="0.8" stroke="{DARK}" stroke-width="2"')
              for n in listed("last_nodes")]
    parts += _hit_nodes(buildings, near)
    # off the island (a board without a desert) until first moved; not drawn on a hidden
    # terrain, which it would give away (Terra Incognita hides the desert)
    if game.robber >= 0 and game.robber not in hidden[0]:
        parts.append(_robber(game.robber))
    parts += [_rim(n, 0.16, f'fill="{DARK}" stroke="{DARK}" stroke-width="7"')
              + _node_mark(n, "mark-ok", 0.16, f'fill="{OK}" stroke="{LIGHT}" stroke-width="2"')
              for n in listed("ok_nodes")]
    parts += [_bad_node(n) for n in listed("bad_nodes")]
    parts += [_rim(n, 0.24, f'fill="none" stroke="{DARK}" stroke-width="9"')
              + _node_mark(n, "mark-node", 0.24, f'fill="none" stroke="{ATTENTION}" '
                           'stroke-width="5"') for n in listed("nodes")]
    parts += [_label(place, text) for place, text in (labels or {}).items()]
    parts.append("</svg>")
    return "".join(parts)


N_TILES = 19


def _pieces(game: Game) -> tuple[dict[str, str], dict[str, tuple[str, bool]]]:
    """``({edge: colour}, {node: (colour, is_city)})`` in canonical order."""
    roads: dict[str, str] = {}
    buildings: dict[str, tuple[str, bool]] = {}
    for colour in game.seats:
        mine = game.buildings(colour)
        roads.update(dict.fromkeys(mine["roads"], colour))
        buildings.update({n: (colour, False) for n in mine["settlements"]})
        buildings.update({n: (colour, True) for n in mine["cities"]})
    order = {name: i for i, name in enumerate(geometry.nodes() + geometry.edges())}
    return (dict(sorted(roads.items(), key=lambda kv: order[kv[0]])),
            dict(sorted(buildings.items(), key=lambda kv: order[kv[0]])))


#: The eight compass points counter-clockwise from east, as ``data-side`` names them.
COMPASS = ("E", "NE", "N", "NW", "W", "SW", "S", "SE")


class _Near:
    """``data-near`` of a node or an edge: its tiles as ``terrain:number``, ``sea`` for none."""

    def __init__(self, tiles: Iterable[str]) -> None:
        """The names of the tiles as they show (``terrain:number``), already worked out."""
        self.tiles = list(tiles)

    @classmethod
    def of_game(cls, game: Game, no_terrain: Collection[int],
                no_number: Collection[int]) -> _Near:
        """The tiles of ``game`` as they show, their terrain or number hidden where said."""
        def name(t: int) -> str:
            terrain = "unknown" if t in no_terrain else game.board.terrains[t]
            number = game.board.numbers[t]
            return f"{terrain}:{number}" if number and t not in no_number else terrain

        return cls(name(t) for t in range(N_TILES))

    def _of(self, tiles: Iterable[int], spots: int) -> str:
        named = [self.tiles[t] for t in tiles]
        return " ".join(named + ["sea"] * (len(named) < spots))

    def node(self, n: str) -> str:
        return self._of(geometry.node_tiles(n), 3)

    def edge(self, e: str) -> str:
        return self._of(geometry.edge_tiles(e), 2)

    @staticmethod
    def side(tiles: list[int], spots: int, point: tuple[float, float]) -> str:
        """`` data-side="NE"`` for a spot on the coast (the compass point it lies at from its
        first tile's centre, north up), ``""`` for one inside the island.

        >>> _Near.side([0], 3, geometry.node_point("0.N"))
        ' data-side="N"'
        >>> _Near.side([0], 2, geometry.edge_point("0.W"))
        ' data-side="W"'
        """
        if len(tiles) == spots:
            return ""
        cx, cy = geometry.tile_point(tiles[0])
        angle = math.degrees(math.atan2(cy - point[1], point[0] - cx))  # y grows downwards
        return f' data-side="{COMPASS[round(angle / 45) % 8]}"'


def _open_svg(title: str, focus: list[int]) -> str:
    nodes = {n for t in focus for n in geometry.tile_corners(t)} or set(geometry.nodes())
    xs = [geometry.node_point(n)[0] * R for n in nodes]
    ys = [geometry.node_point(n)[1] * R for n in nodes]
    # a crop keeps 0.6 hex radius round its corners: a finger's 44 px target of an edge
    # corner stays on the picture on a phone (frontend/core/board.js)
    pad = R * (0.9 if not focus else 0.6)
    x0, y0 = min(xs) - pad, min(ys) - pad
    w, h = max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" class="catan-board" role="img" '
            f'viewBox="{_fmt(x0)} {_fmt(y0)} {_fmt(w)} {_fmt(h)}">')
    if title:
        head = head.replace('role="img" ', f'role="img" aria-label="{escape(title)}" ')
        head += f"<title>{escape(title)}</title>"
    head += (f'<rect x="{_fmt(x0)}" y="{_fmt(y0)}" width="{_fmt(w)}" height="{_fmt(h)}" '
             f'rx="{_fmt(R / 2)}" fill="#5b9bd5"/>')
    return head


def _tile(game: Game, t: int, no_terrain: Collection[int] = (),
          no_number: Collection[int] = ()) -> str:
    terrain, number = game.board.terrains[t], game.board.numbers[t]
    return _tile_of(t, "unknown" if t in no_terrain else terrain,
                    0 if t in no_number else number)


@lru_cache(maxsize=1024)  # a tile's drawing: a function of its place, terrain and number
def _tile_of(t: int, terrain: str, number: int) -> str:
    corners = [_xy(geometry.node_point(n)) for n in geometry.tile_corners(t)]
    cx, cy = _xy(geometry.tile_point(t))
    data = f' data-number="{number}"' if number else ""
    out = (f'<g class="tile" data-tile="{t}" data-terrain="{terrain}"{data}>'
           f'<polygon points="{_points(corners)}" fill="{TERRAIN_FILL[terrain]}" '
           f'stroke="#f4ecd6" stroke-width="3"/>')
    if terrain == "unknown":
        out += (f'<text x="{_fmt(cx)}" y="{_fmt(cy - R * 0.45)}" text-anchor="middle" '
                f'font-size="{_fmt(R * 0.3)}" font-family="sans-serif" fill="{DARK}">?</text>')
    if number:
        colour = TOKEN["hot"] if number in (6, 8) else TOKEN["text"]
        out += (f'<circle cx="{_fmt(cx)}" cy="{_fmt(cy)}" r="{_fmt(R * 0.36)}" '
                f'fill="{TOKEN["fill"]}" stroke="{TOKEN["edge"]}" stroke-width="1.5"/>'
                f'<text x="{_fmt(cx)}" y="{_fmt(cy + R * 0.08)}" '
                f'text-anchor="middle" font-size="{_fmt(R * 0.34)}" font-weight="bold" '
                f'font-family="sans-serif" fill="{colour}">{number}</text>')
        pips = PIPS[number]
        for i in range(pips):
            px = cx + (i - (pips - 1) / 2) * R * 0.09
            out += (f'<circle cx="{_fmt(px)}" cy="{_fmt(cy + R * 0.2)}" r="{_fmt(R * 0.03)}" '
                    f'fill="{colour}"/>')
    return out + "</g>"


def _port(edge: str, kind: str, terms: dict[str, str]) -> str:
    return _port_of(edge, kind, terms.get("harbour_3_1") if kind == "3:1" else terms.get(kind))


@lru_cache(maxsize=1024)
def _port_of(edge: str, kind: str, term: str | None) -> str:
    (ax, ay), (bx, by) = (_xy(geometry.node_point(n)) for n in geometry.edge_nodes(edge))
    px, py = _xy(geometry.harbour_point(edge))
    ratio = "3:1" if kind == "3:1" else "2:1"
    label = (term or ratio) if kind == "3:1" else f"{ratio} {term or kind}"
    fill = LIGHT if kind == "3:1" else TERRAIN_FILL[_TERRAIN_OF[kind]]
    return (f'<g class="port" data-edge="{edge}" data-port="{kind}">'
            f'<line x1="{_fmt(ax)}" y1="{_fmt(ay)}" x2="{_fmt(px)}" y2="{_fmt(py)}" '
            f'stroke="{PIER}" stroke-width="3"/><line x1="{_fmt(bx)}" y1="{_fmt(by)}" '
            f'x2="{_fmt(px)}" y2="{_fmt(py)}" stroke="{PIER}" stroke-width="3"/>'
            f'<circle cx="{_fmt(px)}" cy="{_fmt(py)}" r="{_fmt(R * 0.3)}" fill="{fill}" '
            f'stroke="{DARK}" stroke-width="2"/><text x="{_fmt(px)}" '
            f'y="{_fmt(py + R * 0.07)}" text-anchor="middle" font-size="{_fmt(R * 0.2)}" '
            f'font-family="sans-serif" font-weight="bold" fill="{ink_on(fill)}">{ratio}</text>'
            f"<title>{escape(label)}</title></g>")


_TERRAIN_OF = {"brick": "hills", "lumber": "forest", "wool": "pasture", "grain": "fields",
               "ore": "mountains"}


@lru_cache(maxsize=256)
def _segment(edge: str) -> tuple[float, float, float, float]:
    (ax, ay), (bx, by) = (_xy(geometry.node_point(n)) for n in geometry.edge_nodes(edge))
    # shorten a little so roads do not hide the buildings at their ends
    k = 0.16
    return ax + (bx - ax) * k, ay + (by - ay) * k, bx - (bx - ax) * k, by - (by - ay) * k


def _hit_edges(near: _Near) -> list[str]:
    return list(_hit_edges_of(tuple(near.tiles)))


@lru_cache(maxsize=64)  # the edges' targets: a function of what each tile shows
def _hit_edges_of(tiles: tuple[str, ...]) -> tuple[str, ...]:
    near = _Near(tiles)
    out = []
    for e in geometry.edges():
        x1, y1, x2, y2 = _segment(e)
        side = near.side(geometry.edge_tiles(e), 2, geometry.edge_point(e))
        out.append(f'<line class="edge" data-edge="{e}" data-near="{near.edge(e)}"{side} '
                   f'x1="{_fmt(x1)}" '
                   f'y1="{_fmt(y1)}" x2="{_fmt(x2)}" y2="{_fmt(y2)}" stroke="transparent" '
                   f'stroke-width="{_fmt(R * 0.22)}" stroke-linecap="round"/>')
    return tuple(out)


def _marked_edges(edges: list[str], cls: str = "mark-edge", colour: str = ATTENTION,
                  width: float = 0.3) -> list[str]:
    """A band along each edge, on a dark rim two px wider each side."""
    out = []
    for e in edges:
        x1, y1, x2, y2 = _segment(e)
        ends = f'x1="{_fmt(x1)}" y1="{_fmt(y1)}" x2="{_fmt(x2)}" y2="{_fmt(y2)}"'
        out.append(f'<line class="mark-rim" {ends} stroke="{DARK}" '
                   f'stroke-width="{_fmt(R * width + 4)}" stroke-linecap="round"/>'
                   f'<line class="{cls}" data-edge="{e}" {ends} stroke="{colour}" '
                   f'stroke-width="{_fmt(R * width)}" stroke-linecap="round"/>')
    return out


def _road(edge: str, colour: str) -> str:
    x1, y1, x2, y2 = _segment(edge)
    return (f'<g class="road" data-edge="{edge}" data-player="{colour}">'
            f'<line x1="{_fmt(x1)}" y1="{_fmt(y1)}" x2="{_fmt(x2)}" y2="{_fmt(y2)}" '
            f'stroke="#222" stroke-width="{_fmt(R * 0.19)}" stroke-linecap="round"/>'
            f'<line x1="{_fmt(x1)}" y1="{_fmt(y1)}" x2="{_fmt(x2)}" y2="{_fmt(y2)}" '
            f'stroke="{PLAYER_FILL[colour]}" stroke-width="{_fmt(R * 0.12)}" '
            f'stroke-linecap="round"/></g>')


def _hit_nodes(buildings: dict[str, tuple[str, bool]], near: _Near) -> list[str]:
    out = []
    for n, target in zip(geometry.nodes(), _hit_nodes_of(tuple(near.tiles)), strict=True):
        if n in buildings:
            x, y = _xy(geometry.node_point(n))
            target = target[:-4] + _building(x, y, *buildings[n]) + "</g>"
        out.append(target)
    return out


@lru_cache(maxsize=64)  # the corners' targets without pieces: what each tile shows
def _hit_nodes_of(tiles: tuple[str, ...]) -> tuple[str, ...]:
    near = _Near(tiles)
    out = []
    for n in geometry.nodes():
        x, y = _xy(geometry.node_point(n))
        side = near.side(geometry.node_tiles(n), 3, geometry.node_point(n))
        out.append(f'<g class="node" data-node="{n}" data-near="{near.node(n)}"{side}>'
                   f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="{_fmt(R * 0.2)}" '
                   f'fill="transparent"/></g>')
    return tuple(out)


def _building(x: float, y: float, colour: str, city: bool) -> str:
    s = R * (0.2 if not city else 0.26)
    if city:
        pts = [(x - s, y + s * 0.8), (x - s, y - s * 0.2), (x - s * 0.2, y - s * 0.2),
               (x - s * 0.2, y - s * 0.8), (x + s * 0.3, y - s * 1.2), (x + s, y - s * 0.8),
               (x + s, y + s * 0.8)]
    else:
        pts = [(x - s, y + s * 0.8), (x - s, y - s * 0.2), (x, y - s), (x + s, y - s * 0.2),
               (x + s, y + s * 0.8)]
    kind = "city" if city else "settlement"
    return (f'<polygon class="{kind}" data-player="{colour}" points="{_points(pts)}" '
            f'fill="{PLAYER_FILL[colour]}" stroke="#222" stroke-width="2"/>')


def _tile_outline(t: int, cls: str = "mark-tile", colour: str = ATTENTION) -> str:
    points = _points(_xy(geometry.node_point(n)) for n in geometry.tile_corners(t))
    return (f'<polygon class="mark-rim" points="{points}" fill="none" stroke="{DARK}" '
            f'stroke-width="9"/><polygon class="{cls}" data-tile="{t}" points="{points}" '
            f'fill="none" stroke="{colour}" stroke-width="5"/>')


def _node_mark(n: str, cls: str, radius: float, paint: str) -> str:
    """A circle on node ``n`` (``radius`` in hex radii): halo, legal dot or attention ring."""
    x, y = _xy(geometry.node_point(n))
    return (f'<circle class="{cls}" data-node="{n}" cx="{_fmt(x)}" cy="{_fmt(y)}" '
            f'r="{_fmt(R * radius)}" {paint}/>')


def _robber(tile: int) -> str:
    cx, cy = _xy(geometry.tile_point(tile))
    cx -= R * 0.45
    return (f'<g class="robber" data-tile="{tile}" fill="#333" stroke="{LIGHT}" '
            f'stroke-width="2" paint-order="stroke"><ellipse cx="{_fmt(cx)}" '
            f'cy="{_fmt(cy + R * 0.12)}" rx="{_fmt(R * 0.13)}" ry="{_fmt(R * 0.2)}"/>'
            f'<circle cx="{_fmt(cx)}" cy="{_fmt(cy - R * 0.15)}" r="{_fmt(R * 0.1)}"/></g>')


def _label(place: str, text: str) -> str:
    """Short text centred on a tile (``"9"``), a node (``"4.SE"``) or an edge (``"9.NE"``); a
    name that is both a node and an edge is the node, unless written ``"edge:9.NE"``."""
    kind, _, place = place.rpartition(":")
    if kind not in ("", "node", "edge", "tile"):
        raise ValueError(f"label at {kind}:{place}: the kind is node, edge or tile")
    if kind in ("", "tile") and place.isdigit() and int(place) < N_TILES:
        x, y = _xy(geometry.tile_point(int(place)))
        y -= R * 0.5
    elif kind in ("", "node") and _known("node", place):
        x, y = _xy(geometry.node_point(place))
        y -= R * 0.3
    elif kind in ("", "edge") and _known("edge", place):
        x, y = _xy(geometry.edge_point(place))
    else:
        raise ValueError(f"label at {place!r}: not a tile, node or edge")
    return (f'<text class="label" x="{_fmt(x)}" y="{_fmt(y)}" text-anchor="middle" '
            f'font-size="{_fmt(R * 0.28)}" font-family="sans-serif" font-weight="bold" '
            f'fill="#111" stroke="#fff" stroke-width="4" paint-order="stroke">'
            f"{escape(text)}</text>")


def _bad_node(n: str) -> str:
    """A red cross on a dark rim."""
    x, y = _xy(geometry.node_point(n))
    d = R * 0.12
    cross = (f'<line x1="{_fmt(x - d)}" y1="{_fmt(y - d)}" x2="{_fmt(x + d)}" '
             f'y2="{_fmt(y + d)}"/><line x1="{_fmt(x - d)}" y1="{_fmt(y + d)}" '
             f'x2="{_fmt(x + d)}" y2="{_fmt(y - d)}"/>')
    return (f'<g class="mark-bad" data-node="{n}" stroke-linecap="round">'
            f'<g stroke="{DARK}" stroke-width="9">{cross}</g>'
            f'<g stroke="{REFUSED}" stroke-width="5">{cross}</g></g>')


def _rim(n: str, radius: float, paint: str) -> str:
    """The dark rim under a mark on node ``n`` (a circle of ``radius`` hex radii)."""
    x, y = _xy(geometry.node_point(n))
    return (f'<circle class="mark-rim" cx="{_fmt(x)}" cy="{_fmt(y)}" r="{_fmt(R * radius)}" '
            f'{paint}/>')


#: A colour as WCAG computes with it: red, green and blue from 0 to 1 (after any blending).
RGB = tuple[float, float, float]


def luminance(colour: str | RGB) -> float:
    """WCAG relative luminance of ``#rrggbb``, ``#rgb`` or an :data:`RGB` triple.

    >>> round(luminance("#ffffff"), 3), round(luminance("#000"), 3), luminance((1.0, 1.0, 1.0))
    (1.0, 0.0, 1.0)
    """
    if isinstance(colour, str):
        digits = colour[1:] if len(colour) == 7 else "".join(2 * c for c in colour[1:])
        colour = (int(digits[0:2], 16) / 255, int(digits[2:4], 16) / 255,
                  int(digits[4:6], 16) / 255)
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str | RGB, b: str | RGB) -> float:
    """WCAG contrast ratio of two colours (1 to 21).

    >>> round(contrast("#000000", "#ffffff"), 1)
    21.0
    >>> round(contrast((1.0, 1.0, 1.0), (1.0, 110 / 255, 66 / 255)), 1)  # on Material's orange
    2.8
    """
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def ink_on(fill: str) -> str:
    """``DARK`` or ``LIGHT``, whichever reads better on ``fill`` (harbour labels)."""
    return DARK if contrast(DARK, fill) >= contrast(LIGHT, fill) else LIGHT


class MarkError(ValueError):
    """A mark :func:`render` cannot draw; ``place`` is the unknown place, if that is the fault."""

    def __init__(self, message: str, place: Any = None) -> None:
        super().__init__(message)
        self.place = place


def _known(kind: str, place: Any) -> bool:
    """Whether ``place`` names a node or an edge (any alias)."""
    try:
        (geometry.node_name if kind == "node" else geometry.edge_name)(place)
    except (IllegalAction, TypeError):
        return False
    return True


def check_marks(value: Any) -> dict[str, list[Any]]:
    """``value`` as marks for :func:`render`; :class:`MarkError` on an unknown key or place."""
    if not isinstance(value, dict):
        raise MarkError("'marks' must be a mapping")
    for key, items in value.items():
        if key not in MARK_KINDS:
            raise MarkError(f"unknown mark {key!r} (allowed: {', '.join(MARK_KEYS)})")
        kind = MARK_KINDS[key]
        for item in items or []:
            known = (_known(kind, item) if kind != "tile" else isinstance(item, int)
                     and not isinstance(item, bool) and 0 <= item < N_TILES)
            if not known:
                raise MarkError(f"mark {key}: {item!r} is not on the island", item)
    return {k: list(v or []) for k, v in value.items()}
