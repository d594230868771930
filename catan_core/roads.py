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
    mask = blocked_mask = 0
    for e in roads:
        mask |= 1 << e
        for n in EDGE_NODES[e]:
            if node_owner[n] != player and node_owner[n] >= 0:
                blocked_mask |= 1 << n
    key = (mask, blocked_mask)
    found = _TRAILS.get(key)
    if found is None:
        if len(_TRAILS) >= 8192:
            _TRAILS.clear()
        found = _TRAILS[key] = _longest(roads, node_owner, player)
    return found


_TRAILS: dict[tuple[int, int], int] = {}  # a pure cache: (roads, blocked nodes) -> length


def _longest(roads: Iterable[int], node_owner: Sequence[int], player: int) -> int:
    adjacency: dict[int, list[tuple[int, int]]] = {}
    for e in roads:
        a, b = EDGE_NODES[e]
        adjacency.setdefault(a, []).append((1 << e, b))
        adjacency.setdefault(b, []).append((1 << e, a))
    blocked = {n for n in adjacency if node_owner[n] not in (-1, player)}
    best = 0
    for size, starts in sorted(_components(adjacency, blocked), reverse=True):
        if size <= best:
            break
        best = max(best, _longest_from(adjacency, blocked, starts, size))
    return best


def _longest_from(adjacency: dict[int, list[tuple[int, int]]], blocked: set[int],
                  starts: list[int], size: int) -> int:
    """Longest trail in one component of ``size`` edges, walking from ``starts``."""
    best = 0
    for start in starts:
        stack = [(start, 0, 0)]  # node, roads used (bits), length
        while stack:
            node, used, length = stack.pop()
            if length > best:
                best = length
                if best == size:
                    return best
            if length and node in blocked:
                continue  # a trail may end at an opponent's building, not pass it
            for bit, other in adjacency[node]:
                if not used & bit:
                    stack.append((other, used | bit, length + 1))
    return best


def _components(adjacency: dict[int, list[tuple[int, int]]],
                blocked: set[int]) -> list[tuple[int, list[int]]]:
    """Connected road networks as ``(edge count, start nodes)``.

    A maximal trail starting at an open node of degree 2 could be extended backwards, unless
    it is a closed circuit, which can be rotated to start at any branch or blocked node on it;
    so branch points, dead ends and blocked nodes suffice as starts, or any node of a cycle.
    """
    seen: set[int] = set()
    result = []
    for root in adjacency:
        if root in seen:
            continue
        nodes = []
        stack = [root]
        seen.add(root)
        while stack:
            n = stack.pop()
            nodes.append(n)
            for _, other in adjacency[n]:
                if other not in seen:
                    seen.add(other)
                    stack.append(other)
        degree_sum = sum(len(adjacency[n]) for n in nodes)
        starts = [n for n in nodes if len(adjacency[n]) != 2 or n in blocked] or nodes[:1]
        result.append((degree_sum // 2, starts))
    return result


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
