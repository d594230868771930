"""Geometry of the base-game island: tiles, intersections (nodes), edges and their names.

Tiles are numbered 0..18 in reading order. A node is written ``tile.corner`` (``9.N``) and an
edge ``tile.side`` (``9.NE``); the canonical name is the one on the lowest-numbered tile.
Internally nodes are 0..53 and edges 0..71, numbered in canonical order, so sorting ids sorts
names the way ``to_dict`` must write them.

>>> NODE_NAMES[node_id("9.N")]
'4.SE'
>>> len(NODE_NAMES), len(EDGE_NAMES), len(COAST_EDGES)
(54, 72, 30)
"""

from __future__ import annotations

import math
from typing import Final

CORNERS: Final = ("N", "NE", "SE", "S", "SW", "NW")
SIDES: Final = ("NE", "E", "SE", "SW", "W", "NW")
# Corners at the two ends of each side, by index into CORNERS.
SIDE_CORNERS: Final = ((0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 0))
# Neighbour tile across each side, as an axial (dq, dr) step.
SIDE_STEPS: Final = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))
# Corner offsets in integer units: x in half hex-widths, y in half hex-radii.
_CORNER_OFFSETS: Final = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))


def _tile_coords() -> list[tuple[int, int]]:
    coords = []
    for r in range(-2, 3):
        for q in range(max(-2, -2 - r), min(2, 2 - r) + 1):
            coords.append((q, r))
    return coords


TILE_COORDS: Final[tuple[tuple[int, int], ...]] = tuple(_tile_coords())
TILE_AT: Final[dict[tuple[int, int], int]] = {c: i for i, c in enumerate(TILE_COORDS)}
N_TILES: Final = len(TILE_COORDS)


def _build() -> tuple[
    list[str], list[str], list[list[int]], list[list[int]], list[tuple[int, int]], dict[str, int],
    dict[str, int], list[tuple[int, int]],
]:
    point_ids: dict[tuple[int, int], int] = {}
    node_names: list[str] = []
    node_points: list[tuple[int, int]] = []
    tile_nodes: list[list[int]] = []
    node_alias: dict[str, int] = {}
    for t in range(N_TILES):
        q, r = TILE_COORDS[t]
        ids = []
        for c, (dx, dy) in enumerate(_CORNER_OFFSETS):
            point = (2 * q + r + dx, 3 * r + dy)
            if point not in point_ids:
                point_ids[point] = len(node_names)
                node_names.append(f"{t}.{CORNERS[c]}")
                node_points.append(point)
            ids.append(point_ids[point])
            node_alias[f"{t}.{CORNERS[c]}"] = point_ids[point]
        tile_nodes.append(ids)
    pair_ids: dict[tuple[int, int], int] = {}
    edge_names: list[str] = []
    edge_nodes: list[tuple[int, int]] = []
    tile_edges: list[list[int]] = []
    edge_alias: dict[str, int] = {}
    for t in range(N_TILES):
        ids = []
        for s, (a, b) in enumerate(SIDE_CORNERS):
            na, nb = tile_nodes[t][a], tile_nodes[t][b]
            key = (min(na, nb), max(na, nb))
            if key not in pair_ids:
                pair_ids[key] = len(edge_names)
                edge_names.append(f"{t}.{SIDES[s]}")
                edge_nodes.append(key)
            ids.append(pair_ids[key])
            edge_alias[f"{t}.{SIDES[s]}"] = pair_ids[key]
        tile_edges.append(ids)
    return (node_names, edge_names, tile_nodes, tile_edges, edge_nodes, node_alias, edge_alias,
            node_points)


(_NODE_NAMES, _EDGE_NAMES, _TILE_NODES, _TILE_EDGES, _EDGE_NODES, NODE_ALIASES, EDGE_ALIASES,
 _NODE_POINTS) = _build()

NODE_NAMES: Final[tuple[str, ...]] = tuple(_NODE_NAMES)
EDGE_NAMES: Final[tuple[str, ...]] = tuple(_EDGE_NAMES)
N_NODES: Final = len(NODE_NAMES)
N_EDGES: Final = len(EDGE_NAMES)
TILE_NODES: Final[tuple[tuple[int, ...], ...]] = tuple(tuple(x) for x in _TILE_NODES)
TILE_EDGES: Final[tuple[tuple[int, ...], ...]] = tuple(tuple(x) for x in _TILE_EDGES)
EDGE_NODES: Final[tuple[tuple[int, int], ...]] = tuple(_EDGE_NODES)


def _node_tables() -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...],
                            tuple[tuple[int, ...], ...]]:
    tiles: list[list[int]] = [[] for _ in range(N_NODES)]
    for t, nodes in enumerate(TILE_NODES):
        for n in nodes:
            tiles[n].append(t)
    edges: list[list[int]] = [[] for _ in range(N_NODES)]
    neighbours: list[list[int]] = [[] for _ in range(N_NODES)]
    for e, (a, b) in enumerate(EDGE_NODES):
        edges[a].append(e)
        edges[b].append(e)
        neighbours[a].append(b)
        neighbours[b].append(a)
    return (tuple(tuple(x) for x in tiles), tuple(tuple(x) for x in edges),
            tuple(tuple(x) for x in neighbours))


NODE_TILES, NODE_EDGES, NODE_NEIGHBOURS = _node_tables()


def _edge_tiles() -> tuple[tuple[int, ...], ...]:
    tiles: list[list[int]] = [[] for _ in range(N_EDGES)]
    for t, edges in enumerate(TILE_EDGES):
        for e in edges:
            tiles[e].append(t)
    return tuple(tuple(x) for x in tiles)


EDGE_TILES: Final = _edge_tiles()
COAST_EDGES: Final[tuple[int, ...]] = tuple(e for e in range(N_EDGES) if len(EDGE_TILES[e]) == 1)
# Edges that meet an edge at one of its ends (for road connection).
EDGE_NEIGHBOURS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(sorted({f for n in EDGE_NODES[e] for f in NODE_EDGES[n] if f != e}))
    for e in range(N_EDGES)
)


def _tile_neighbours() -> tuple[tuple[int, ...], ...]:
    result = []
    for q, r in TILE_COORDS:
        near = [TILE_AT[(q + dq, r + dr)] for dq, dr in SIDE_STEPS if (q + dq, r + dr) in TILE_AT]
        result.append(tuple(sorted(near)))
    return tuple(result)


TILE_NEIGHBOURS: Final = _tile_neighbours()


def _coast_ring() -> tuple[int, ...]:
    """Coast edges in clockwise order, starting with ``0.NW``."""
    start = EDGE_ALIASES["0.NW"]
    ring = [start]
    # Walk clockwise: from edge (a, b) continue to the coast edge sharing its clockwise end.
    a, b = EDGE_NODES[start]
    end = a if _angle(a) > _angle(b) or (_angle(b) - _angle(a) > math.pi) else b
    while True:
        nxt = [f for f in NODE_EDGES[end] if f in _COAST_SET and f != ring[-1]]
        if not nxt or nxt[0] == start:
            break
        ring.append(nxt[0])
        x, y = EDGE_NODES[nxt[0]]
        end = y if x == end else x
    return tuple(ring)


_COAST_SET: Final = frozenset(COAST_EDGES)


def node_point(node: int) -> tuple[float, float]:
    """Centre-relative position of a node in hex-radius units (y grows downwards)."""
    x, y = _NODE_POINTS[node]
    return (x * math.sqrt(3) / 2, y / 2)


def tile_point(tile: int) -> tuple[float, float]:
    """Centre of a tile in hex-radius units (y grows downwards)."""
    q, r = TILE_COORDS[tile]
    return ((2 * q + r) * math.sqrt(3) / 2, 1.5 * r)


def _angle(node: int) -> float:
    x, y = node_point(node)
    return math.atan2(y, x) % (2 * math.pi)


COAST_RING: Final = _coast_ring()


def node_id(name: str) -> int:
    """Internal id of a node given any of its names; ``KeyError`` if it names no node."""
    return NODE_ALIASES[name]


def edge_id(name: str) -> int:
    """Internal id of an edge given any of its names; ``KeyError`` if it names no edge."""
    return EDGE_ALIASES[name]
