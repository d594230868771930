"""An independent model of the island, derived from the spec's words only (section 1).

19 pointy-top hexes in rows of 3, 4, 5, 4, 3 with axial coordinates; corners N..NW and sides
NE..NW; a node or edge is named by every land tile that touches it, and its canonical name is
the one on the lowest-numbered tile. The suite checks the engine against this model.
"""

from __future__ import annotations

from collections import Counter

CORNERS = ["N", "NE", "SE", "S", "SW", "NW"]
SIDES = ["NE", "E", "SE", "SW", "W", "NW"]
SIDE_CORNERS = {"NE": ("N", "NE"), "E": ("NE", "SE"), "SE": ("SE", "S"), "SW": ("S", "SW"),
                "W": ("SW", "NW"), "NW": ("NW", "N")}
NEIGHBOUR_STEP = {"NE": (1, -1), "E": (1, 0), "SE": (0, 1), "SW": (-1, 1), "W": (-1, 0),
                  "NW": (0, -1)}
OPPOSITE = {"NE": "SW", "E": "W", "SE": "NW", "SW": "NE", "W": "E", "NW": "SE"}

COORDS = [(q, r) for r in range(-2, 3) for q in range(max(-2, -2 - r), min(2, 2 - r) + 1)]
TILE_AT = {c: i for i, c in enumerate(COORDS)}


def corner_point(tile: int, corner: str) -> tuple[int, int]:
    """Pointy-top hex: x in half hex-widths, y in half radii (the radius is 2 units)."""
    q, r = COORDS[tile]
    cx, cy = 2 * q + r, 3 * r
    dx, dy = {"N": (0, -2), "NE": (1, -1), "SE": (1, 1), "S": (0, 2), "SW": (-1, 1),
              "NW": (-1, -1)}[corner]
    return cx + dx, cy + dy


def _nodes() -> dict[str, str]:
    alias: dict[str, str] = {}
    by_point: dict[tuple[int, int], str] = {}
    for t in range(19):  # lowest tile first, so the first name seen is canonical
        for c in CORNERS:
            point = corner_point(t, c)
            by_point.setdefault(point, f"{t}.{c}")
            alias[f"{t}.{c}"] = by_point[point]
    return alias


NODE_ALIAS = _nodes()


def _edges() -> tuple[dict[str, str], dict[str, tuple[str, str]], set[str]]:
    alias: dict[str, str] = {}
    ends: dict[str, tuple[str, str]] = {}
    by_pair: dict[frozenset[tuple[int, int]], str] = {}
    tiles_of: Counter[str] = Counter()
    for t in range(19):
        for s in SIDES:
            a, b = SIDE_CORNERS[s]
            pair = frozenset({corner_point(t, a), corner_point(t, b)})
            name = by_pair.setdefault(pair, f"{t}.{s}")
            alias[f"{t}.{s}"] = name
            ends.setdefault(name, (NODE_ALIAS[f"{t}.{a}"], NODE_ALIAS[f"{t}.{b}"]))
            tiles_of[name] += 1
    return alias, ends, {e for e, n in tiles_of.items() if n == 1}


EDGE_ALIAS, EDGE_ENDS, COAST = _edges()


def _key(name: str, order: list[str]) -> tuple[int, int]:
    tile, part = name.split(".")
    return int(tile), order.index(part)


def node_key(name: str) -> tuple[int, int]:
    return _key(name, CORNERS)


def edge_key(name: str) -> tuple[int, int]:
    return _key(name, SIDES)


NODES = sorted(set(NODE_ALIAS.values()), key=node_key)
EDGES = sorted(set(EDGE_ALIAS.values()), key=edge_key)
NODE_EDGES: dict[str, list[str]] = {n: [e for e in EDGES if n in EDGE_ENDS[e]] for n in NODES}
NODE_NEIGHBOURS: dict[str, list[str]] = {
    n: [EDGE_ENDS[e][1] if EDGE_ENDS[e][0] == n else EDGE_ENDS[e][0] for e in NODE_EDGES[n]]
    for n in NODES}
TILE_CORNERS: dict[int, list[str]] = {t: [NODE_ALIAS[f"{t}.{c}"] for c in CORNERS]
                                      for t in range(19)}


def longest_trail(roads: list[str], blocked: set[str]) -> int:
    """Brute force: the longest trail (each road once) that never passes through a blocked
    node (an opponent's building), though it may start or end there."""
    roads = [EDGE_ALIAS[r] for r in roads]
    best = 0

    def walk(node: str, used: frozenset[str], length: int) -> None:
        nonlocal best
        best = max(best, length)
        if length and node in blocked:
            return
        for e in roads:
            if e not in used and node in EDGE_ENDS[e]:
                a, b = EDGE_ENDS[e]
                walk(b if a == node else a, used | {e}, length + 1)

    for start in {n for e in roads for n in EDGE_ENDS[e]}:
        walk(start, frozenset(), 0)
    return best
