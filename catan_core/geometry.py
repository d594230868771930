"""The island's geometry by name: what touches what, and where things are drawn.

This is the public face of ``topology`` (which numbers nodes and edges for speed): every
function takes and returns the names of the position format (``"4.SE"``, ``"9.NE"``, tiles
0..18) and accepts any alias of a node or edge. Points are in hex-radius units, centre of the
island at ``(0, 0)``, ``y`` growing downwards, as ``svg`` draws them.

>>> node_name("9.N"), edge_name("5.W")
('4.SE', '4.E')
>>> node_tiles("9.N"), node_neighbours("0.N")
([4, 5, 9], ['0.NE', '0.NW'])
>>> edge_nodes("0.NE"), tile_corners(0)[:2]
(['0.N', '0.NE'], ['0.N', '0.NE'])
>>> len(nodes()), len(edges()), len(coast_edges())
(54, 72, 30)
"""

from __future__ import annotations

import math
from typing import Any, TypedDict

from .errors import IllegalAction
from .state import parse_edge as _edge
from .state import parse_node as _node
from .state import parse_tile as _tile
from .topology import (
    COAST_EDGES,
    CORNERS,
    EDGE_ALIASES,
    EDGE_NAMES,
    EDGE_NODES,
    EDGE_TILES,
    N_TILES,
    NODE_ALIASES,
    NODE_EDGES,
    NODE_NAMES,
    NODE_NEIGHBOURS,
    NODE_TILES,
    SIDES,
    TILE_COORDS,
    TILE_EDGES,
    TILE_NEIGHBOURS,
    TILE_NODES,
)
from .topology import node_point as _node_point
from .topology import tile_point as _tile_point

#: How far a harbour token sits out to sea from the middle of its coast edge (hex radii).
HARBOUR_OFFSET = 0.55
Point = tuple[float, float]


class NodeInfo(TypedDict):
    name: str
    aliases: list[str]
    x: float
    y: float
    tiles: list[int]
    neighbours: list[str]
    edges: list[str]
    coast: bool


class EdgeInfo(TypedDict):
    name: str
    aliases: list[str]
    nodes: list[str]
    tiles: list[int]
    x: float
    y: float
    coast: bool


class TileInfo(TypedDict):
    tile: int
    q: int
    r: int
    x: float
    y: float
    corners: list[str]
    sides: list[str]
    neighbours: list[int]


def nodes() -> list[str]:
    """The 54 intersections' canonical names, in canonical order."""
    return list(NODE_NAMES)


def edges() -> list[str]:
    """The 72 edges' canonical names, in canonical order."""
    return list(EDGE_NAMES)


def tiles() -> list[int]:
    """The 19 land tiles' numbers, 0 to 18."""
    return list(range(N_TILES))


def coast_edges() -> list[str]:
    """The 30 edges on the coast (where harbours may be), in canonical order."""
    return [EDGE_NAMES[e] for e in COAST_EDGES]


def node_name(name: str) -> str:
    """Canonical name of a node given any of its names; ``IllegalAction(unknown_place)``."""
    return NODE_NAMES[_node(name)]


def edge_name(name: str) -> str:
    """Canonical name of an edge given any of its names; ``IllegalAction(unknown_place)``."""
    return EDGE_NAMES[_edge(name)]


def node_aliases(name: str) -> list[str]:
    """Every name of a node, canonical first.

    >>> node_aliases("9.N")
    ['4.SE', '5.SW', '9.N']
    """
    n = _node(name)
    others = sorted((a for a, i in NODE_ALIASES.items() if i == n and a != NODE_NAMES[n]),
                    key=_alias_key)
    return [NODE_NAMES[n], *others]


def edge_aliases(name: str) -> list[str]:
    """Every name of an edge, canonical first."""
    e = _edge(name)
    others = sorted((a for a, i in EDGE_ALIASES.items() if i == e and a != EDGE_NAMES[e]),
                    key=_alias_key)
    return [EDGE_NAMES[e], *others]


def _alias_key(name: str) -> tuple[int, str]:
    tile, _, where = name.partition(".")
    return int(tile), where


def node_tiles(name: str) -> list[int]:
    """Land tiles around a node (1 to 3)."""
    return sorted(NODE_TILES[_node(name)])


def node_neighbours(name: str) -> list[str]:
    """Nodes one edge away (the distance rule forbids building on them)."""
    return sorted(NODE_NAMES[m] for m in NODE_NEIGHBOURS[_node(name)])


def node_edges(name: str) -> list[str]:
    """Edges that end at a node (2 or 3)."""
    return [EDGE_NAMES[e] for e in sorted(NODE_EDGES[_node(name)])]


def edge_nodes(name: str) -> list[str]:
    """The two nodes at the ends of an edge."""
    return [NODE_NAMES[n] for n in EDGE_NODES[_edge(name)]]


def edge_tiles(name: str) -> list[int]:
    """Land tiles beside an edge (1 on the coast, else 2)."""
    return sorted(EDGE_TILES[_edge(name)])


def tile_corners(tile: int) -> list[str]:
    """A tile's six nodes, in corner order N, NE, SE, S, SW, NW."""
    return [NODE_NAMES[n] for n in TILE_NODES[_tile(tile)]]


def tile_sides(tile: int) -> list[str]:
    """A tile's six edges, in side order NE, E, SE, SW, W, NW."""
    return [EDGE_NAMES[e] for e in TILE_EDGES[_tile(tile)]]


def tile_neighbours(tile: int) -> list[int]:
    """Land tiles sharing a side with ``tile``."""
    return list(TILE_NEIGHBOURS[_tile(tile)])


def node_point(name: str) -> Point:
    """Where a node is drawn."""
    return _node_point(_node(name))


def edge_point(name: str) -> Point:
    """The middle of an edge."""
    (ax, ay), (bx, by) = (_node_point(n) for n in EDGE_NODES[_edge(name)])
    return (ax + bx) / 2, (ay + by) / 2


def tile_point(tile: int) -> Point:
    """The centre of a tile."""
    return _tile_point(_tile(tile))


def harbour_point(edge: str) -> Point:
    """Where the harbour token of a coast edge is drawn: ``HARBOUR_OFFSET`` out to sea."""
    e = _edge(edge)
    if len(EDGE_TILES[e]) != 1:
        raise IllegalAction("unknown_place", f"{edge!r} is not on the coast", place=edge)
    mx, my = edge_point(edge)
    tx, ty = _tile_point(EDGE_TILES[e][0])
    norm = math.hypot(mx - tx, my - ty) or 1.0
    return mx + (mx - tx) / norm * HARBOUR_OFFSET, my + (my - ty) / norm * HARBOUR_OFFSET


def _r(v: float) -> float:
    return round(v, 4)


def node_info(name: str) -> NodeInfo:
    """Everything about one node."""
    n = _node(name)
    x, y = _node_point(n)
    return {"name": NODE_NAMES[n], "aliases": node_aliases(name), "x": _r(x), "y": _r(y),
            "tiles": node_tiles(name), "neighbours": node_neighbours(name),
            "edges": node_edges(name),
            "coast": any(len(EDGE_TILES[e]) == 1 for e in NODE_EDGES[n])}


def edge_info(name: str) -> EdgeInfo:
    """Everything about one edge."""
    e = _edge(name)
    x, y = edge_point(name)
    return {"name": EDGE_NAMES[e], "aliases": edge_aliases(name), "nodes": edge_nodes(name),
            "tiles": edge_tiles(name), "x": _r(x), "y": _r(y), "coast": len(EDGE_TILES[e]) == 1}


def tile_info(tile: int) -> TileInfo:
    """Everything about one tile (its terrain and number belong to the board)."""
    t = _tile(tile)
    q, r = TILE_COORDS[t]
    x, y = _tile_point(t)
    return {"tile": t, "q": q, "r": r, "x": _r(x), "y": _r(y), "corners": tile_corners(t),
            "sides": tile_sides(t), "neighbours": tile_neighbours(t)}


def layout() -> dict[str, Any]:
    """The whole geometry as one JSON-ready document: nodes, edges, tiles, harbour points.

    ``harbours`` maps every coast edge to where a harbour token on it is drawn.

    >>> doc = layout()
    >>> len(doc["nodes"]), len(doc["edges"]), len(doc["tiles"]), len(doc["harbours"])
    (54, 72, 19, 30)
    """
    return {
        "corners": list(CORNERS), "sides": list(SIDES),
        "nodes": [node_info(n) for n in NODE_NAMES],
        "edges": [edge_info(e) for e in EDGE_NAMES],
        "tiles": [tile_info(t) for t in range(N_TILES)],
        "harbours": {EDGE_NAMES[e]: [_r(v) for v in harbour_point(EDGE_NAMES[e])]
                     for e in COAST_EDGES},
    }


__all__ = ["HARBOUR_OFFSET", "EdgeInfo", "NodeInfo", "TileInfo", "coast_edges", "edge_aliases",
           "edge_info", "edge_name", "edge_nodes", "edge_point", "edge_tiles", "edges",
           "harbour_point", "layout", "node_aliases", "node_edges", "node_info", "node_name",
           "node_neighbours", "node_point", "node_tiles", "nodes", "tile_corners", "tile_info",
           "tile_neighbours", "tile_point", "tile_sides"]
