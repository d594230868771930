"""Longest Road: the longest trail of one player's roads, broken by opponents' buildings.

A trail uses each road once, may pass through the player's own buildings and empty
intersections, may end at (but not pass through) an opponent's settlement or city, and may
follow a loop.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from .topology import EDGE_NODES, NODE_EDGES


def longest_trail(roads: Iterable[int], node_owner: Sequence[int], player: int,
                  owners: tuple[int, ...] | None = None) -> int:
    """Length of the longest trail over ``roads`` for ``player``.

    ``owners`` is ``tuple(_node_owner)`` when the caller has it already (a cache key).

    >>> from .topology import edge_id
    >>> longest_trail([edge_id(n) for n in ("0.NE", "0.E", "0.SE")], [-1] * 54, 0)
    3
    """
    key = (sum(map(_EDGE_BIT.__getitem__, roads)), player,
           tuple(node_owner) if owners is None else owners)
    found = _TRAILS.get(key)
    if found is None:
        if len(_TRAILS) >= 8192:
            _TRAILS.clear()
        found = _TRAILS[key] = _longest(roads, node_owner, player)
    return found


# A pure cache: (roads as bits, player, owner of every node) -> length.
_TRAILS: Final[dict[tuple[int, int, tuple[int, ...]], int]] = {}
_EDGE_BIT: Final = tuple(1 << e for e in range(len(EDGE_NODES)))


def _longest(roads: Iterable[int], node_owner: Sequence[int], player: int) -> int:
    """Longest trail, on the road graph where each opponent's building is split in one end
    per road touching it (a trail may end there but not pass): a forest, mostly."""
    adjacency: dict[int, list[tuple[int, int]]] = {}
    for e in roads:
        a, b = EDGE_NODES[e]
        if node_owner[a] not in (-1, player):
            a = _SPLIT + 2 * e
        if node_owner[b] not in (-1, player):
            b = _SPLIT + 2 * e + 1
        if a in adjacency:
            adjacency[a].append((1 << e, b))
        else:
            adjacency[a] = [(1 << e, b)]
        if b in adjacency:
            adjacency[b].append((1 << e, a))
        else:
            adjacency[b] = [(1 << e, a)]
    best = 0
    seen: set[int] = set()
    for root in adjacency:
        if root in seen:
            continue
        nodes = _component(adjacency, root, seen)
        size = sum(len(adjacency[n]) for n in nodes) // 2
        if size <= best:
            continue
        if size == len(nodes) - 1:  # a tree: the longest trail is its diameter
            best = max(best, _farthest(adjacency, _farthest(adjacency, root)[0])[1])
        else:
            starts = [n for n in nodes if len(adjacency[n]) != 2] or nodes[:1]
            best = max(best, _longest_from(adjacency, starts, size))
    return best


_SPLIT: Final = 1000  # ids of split ends of opponents' buildings: _SPLIT + 2 * edge + side


def _component(adjacency: dict[int, list[tuple[int, int]]], root: int,
               seen: set[int]) -> list[int]:
    """The nodes connected to ``root`` (added to ``seen``)."""
    nodes = [root]
    seen.add(root)
    for n in nodes:  # grows while walked: a breadth-first search
        for _, other in adjacency[n]:
            if other not in seen:
                seen.add(other)
                nodes.append(other)
    return nodes


def _farthest(adjacency: dict[int, list[tuple[int, int]]], start: int) -> tuple[int, int]:
    """In a tree: the node farthest from ``start`` and its distance in roads."""
    far, distance = start, 0
    frontier = [(start, -1)]
    while frontier:
        distance += 1
        step = []
        for node, parent in frontier:
            for _, other in adjacency[node]:
                if other != parent:
                    step.append((other, node))
        if not step:
            return far, distance - 1
        far = step[0][0]
        frontier = step
    return far, 0


def _longest_from(adjacency: dict[int, list[tuple[int, int]]], starts: list[int],
                  size: int) -> int:
    """Longest trail in one component of ``size`` roads with a cycle, walking from ``starts``.

    A maximal trail starting at a node of degree 2 could be extended backwards, unless it is
    a closed circuit, which can be rotated to start at any branch or end on it; so branch
    points and ends suffice as starts, or any node of a bare cycle.
    """
    best = 0
    for start in starts:
        stack = [(start, 0, 0)]  # node, roads used (bits), length
        while stack:
            node, used, length = stack.pop()
            if length > best:
                best = length
                if best == size:
                    return best
            for bit, other in adjacency[node]:
                if not used & bit:
                    stack.append((other, used | bit, length + 1))
    return best


def extended_trail(edge: int, edge_owner: Sequence[int], node_owner: Sequence[int],
                   player: int) -> int:
    """Longest trail of ``player`` through the road just built on ``edge``, when that road
    extends a tree of roads at a leaf (or stands alone); -1 when it joins two road networks or
    closes a loop (the caller then measures everything again with ``longest_trail``).

    The new road adds one to the walk from its inner end ``a``: in a tree, the longest trail
    from ``a`` is its farthest distance, found breadth-first; reaching a node twice means a
    loop. An opponent's building is an end that is never passed (each road into it a separate
    end), as in ``longest_trail``.

    >>> from .topology import edge_id
    >>> owner = [-1] * 72
    >>> for name in ("0.NE", "0.E"):
    ...     owner[edge_id(name)] = 0
    >>> extended_trail(edge_id("0.E"), owner, [-1] * 54, 0)
    2
    """
    ends = []
    for n in EDGE_NODES[edge]:
        o = node_owner[n]
        if o < 0 or o == player:  # passable: other roads of the player here join this one
            for f in NODE_EDGES[n]:
                if f != edge and edge_owner[f] == player:
                    ends.append(n)
                    break
    if not ends:
        return 1
    if len(ends) == 2:
        return -1
    depth = 0
    seen = {ends[0]}
    frontier = [(ends[0], edge)]
    while frontier:
        step = []
        for node, via in frontier:
            for f in NODE_EDGES[node]:
                if f != via and edge_owner[f] == player:
                    a, b = EDGE_NODES[f]
                    other = b if a == node else a
                    o = node_owner[other]
                    if o < 0 or o == player:
                        if other in seen:
                            return -1
                        seen.add(other)
                        step.append((other, f))
                    elif not step:  # a blocked end: one road further, walked no further
                        step.append((-1, f))
        if not step:
            break
        depth += 1
        frontier = [x for x in step if x[0] >= 0]
    return depth + 1


def longest_path(roads: Iterable[int], node_owner: Sequence[int], player: int,
                 length: int | None = None) -> list[int]:
    """The edges of one longest trail (for highlighting), in the order walked: the first
    found of that length, walking the roads by number (so a position gives the same trail
    however it was reached or loaded). ``length``: the longest trail's length when known
    (:func:`longest_trail`), where the walk may stop.

    A depth-first walk from every node in turn, on an explicit stack: a nested function that
    called itself would tie itself in a reference cycle at every call, left for Python's
    cycle collector (on the rooms server, pauses of a quarter of a second).

    >>> longest_path([], [-1] * 54, 0)
    []
    >>> longest_path([0, 1, 2], [-1] * 54, 0) == longest_path([0, 1, 2], [-1] * 54, 0, 3)
    True
    """
    adjacency: dict[int, list[tuple[int, int]]] = {}
    for e in sorted(roads):  # the same trail whatever order the roads were built or read in
        a, b = EDGE_NODES[e]
        adjacency.setdefault(a, []).append((e, b))
        adjacency.setdefault(b, []).append((e, a))
    blocked = {n for n in adjacency if node_owner[n] not in (-1, player)}
    best: list[int] = []
    path: list[int] = []  # the edges walked; the stack holds one iterator more (the start's)
    for start in sorted(adjacency):
        stack = [iter(adjacency[start])]
        while stack:
            for e, other in stack[-1]:
                if e in path:
                    continue
                path.append(e)
                if len(path) > len(best):
                    best = path.copy()
                    if len(best) == length:  # none is longer: the first this long is the one
                        return best
                if other in blocked:  # a trail ends at another player's building
                    path.pop()
                    continue
                stack.append(iter(adjacency[other]))
                break
            else:
                stack.pop()
                if path:
                    path.pop()
    return best
