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

    for node in _start_nodes(adjacency, blocked):
        walk(node, 0, 0)
    return best


def _start_nodes(adjacency: dict[int, list[tuple[int, int]]], blocked: set[int]) -> list[int]:
    """Nodes a longest trail can start from.

    A maximal trail starting at an open node of degree 2 could be extended backwards, unless
    it is a closed circuit, which can be rotated to start at any branch or blocked node on it;
    so branch points, dead ends and blocked nodes suffice, plus one node of each component
    that is a plain cycle.
    """
    starts = [n for n, links in adjacency.items() if len(links) != 2 or n in blocked]
    seen: set[int] = set()
    for n in starts:
        _flood(adjacency, n, seen)
    for n in adjacency:
        if n not in seen:
            starts.append(n)
            _flood(adjacency, n, seen)
    return starts


def _flood(adjacency: dict[int, list[tuple[int, int]]], start: int, seen: set[int]) -> None:
    stack = [start]
    while stack:
        n = stack.pop()
        if n in seen:
            continue
        seen.add(n)
        stack.extend(other for _, other in adjacency[n] if other not in seen)


def longest_path(roads: Iterable[int], node_owner: Sequence[int], player: int) -> list[int]:
    """The edges of one longest trail (for highlighting), in the order walked."""
    adjacency: dict[int, list[tuple[int, int]]] = {}
    for e in roads:
        a, b = EDGE_NODES[e]
        adjacency.setdefault(a, []).append((e, b))
        adjacency.setdefault(b, []).append((e, a))
    blocked = {n for n in adjacency if node_owner[n] not in (-1, player)}
    best: list[int] = []
    path: list[int] = []

    def walk(node: int) -> None:
        nonlocal best
        if len(path) > len(best):
            best = path.copy()
        if path and node in blocked:
            return
        for e, other in adjacency[node]:
            if e not in path:
                path.append(e)
                walk(other)
                path.pop()

    for node in sorted(adjacency):
        walk(node)
    return best
