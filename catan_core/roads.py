"""Longest Road: the longest trail of one player's roads, broken by opponents' buildings.

A trail uses each road once, may pass through the player's own buildings and empty
intersections, may end at (but not pass through) an opponent's settlement or city, and may
follow a loop.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .topology import EDGE_NODES


def longest_trail(roads: Iterable[int], node_owner: Sequence[int], player: int) -> int:
    """Length of the longest trail over ``roads`` for ``player``.

    >>> from .topology import edge_id
    >>> longest_trail([edge_id(n) for n in ("0.NE", "0.E", "0.SE")], [-1] * 54, 0)
    3
    """
    adjacency: dict[int, list[tuple[int, int]]] = {}
    for e in roads:
        a, b = EDGE_NODES[e]
        adjacency.setdefault(a, []).append((1 << e, b))
        adjacency.setdefault(b, []).append((1 << e, a))
    if not adjacency:
        return 0
    blocked = {n for n in adjacency if node_owner[n] not in (-1, player)}
    best = 0

    def walk(node: int, used: int, length: int) -> None:
        nonlocal best
        if length > best:
            best = length
        if length and node in blocked:
            return
        for bit, other in adjacency[node]:
            if not used & bit:
                walk(other, used | bit, length + 1)

    for node in adjacency:
        walk(node, 0, 0)
    return best
