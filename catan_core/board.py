"""The island: terrain and number of each tile, harbours, and how to make one.

``Board.beginner()`` is the rulebook's fixed starting island; ``Board.standard(seed)`` follows
the variable set-up: shuffled terrain, number tokens in the A-B-C spiral (counter-clockwise from
a random corner, skipping the desert) or at random with no 6 next to an 8, and shuffled harbours.
"""

from __future__ import annotations

from dataclasses import dataclass

from .constants import PORT_KINDS, SPIRAL_NUMBERS, TERRAIN_COUNTS, TERRAIN_RESOURCE, TERRAINS
from .rng import Rng, seed_state
from .topology import (
    COAST_RING,
    EDGE_NAMES,
    EDGE_NODES,
    N_NODES,
    N_TILES,
    TILE_NEIGHBOURS,
    TILE_NODES,
)

# A pure cache: a board's tiles as text, by the identity of the board (kept alive with it).
_TILE_TEXTS: dict[int, tuple[Board, tuple[str, ...]]] = {}
# Outer ring clockwise from tile 0 (corners at even positions) and the inner ring, where
# INNER[k] touches OUTER[2k].
OUTER = (0, 1, 2, 6, 11, 15, 18, 17, 16, 12, 7, 3)
INNER = (4, 5, 10, 14, 13, 8)
CENTRE = 9
# The nine harbour places on the frame, as indices into the clockwise coast ring.
PORT_SLOTS = (0, 3, 7, 10, 13, 17, 20, 23, 27)
BEGINNER_PORT_KINDS = ("3:1", "wool", "3:1", "3:1", "brick", "lumber", "3:1", "grain", "ore")
BEGINNER_TILES = (
    "mountains 10", "pasture 2", "forest 9",
    "fields 12", "hills 6", "pasture 4", "hills 10",
    "fields 9", "forest 11", "desert", "forest 3", "mountains 8",
    "forest 8", "mountains 3", "fields 4", "pasture 5",
    "hills 5", "fields 6", "pasture 11",
)
NUMBER_TOKENS = tuple(sorted(SPIRAL_NUMBERS))


@dataclass(frozen=True)
class Board:
    """Terrain and number per tile (0 for none) and harbours keyed by coast edge id."""

    terrains: tuple[str, ...]
    numbers: tuple[int, ...]
    ports: tuple[tuple[int, str], ...]

    @classmethod
    def beginner(cls) -> Board:
        """The fixed island of the rulebook's first game."""
        return cls.from_tiles(list(BEGINNER_TILES), {
            EDGE_NAMES[COAST_RING[slot]]: kind
            for slot, kind in zip(PORT_SLOTS, BEGINNER_PORT_KINDS, strict=True)
        })

    @classmethod
    def standard(cls, seed: int, numbers: str = "spiral") -> Board:
        """A variable island made from ``seed``; ``numbers`` is ``"spiral"`` or ``"random"``."""
        rng = Rng(seed_state(seed))
        terrains = [t for t in TERRAINS for _ in range(TERRAIN_COUNTS[t])]
        rng.shuffle(terrains)
        if numbers == "spiral":
            nums = _spiral_numbers(terrains, rng.below(6))
        elif numbers == "random":
            nums = _random_numbers(terrains, rng)
        else:
            raise ValueError(f"numbers must be 'spiral' or 'random', not {numbers!r}")
        kinds = list(BEGINNER_PORT_KINDS)
        rng.shuffle(kinds)
        ports = tuple(sorted((COAST_RING[s], k) for s, k in zip(PORT_SLOTS, kinds, strict=True)))
        return cls(tuple(terrains), tuple(nums), ports)

    @classmethod
    def from_tiles(cls, tiles: list[str], ports: dict[str, str]) -> Board:
        """Build from position-format tile strings and a ``{edge name: kind}`` mapping.

        Raises ``ValueError`` with a message naming the entry at fault.
        """
        from .topology import EDGE_ALIASES, EDGE_TILES

        if len(tiles) != N_TILES:
            raise ValueError(f"expected {N_TILES} tiles, got {len(tiles)}")
        terrains, nums = [], []
        for i, text in enumerate(tiles):
            terrain, number = _parse_tile(text, i)
            terrains.append(terrain)
            nums.append(number)
        port_list = []
        for name, kind in ports.items():
            if name not in EDGE_ALIASES:
                raise ValueError(f"harbour at {name!r}: no such edge")
            edge = EDGE_ALIASES[name]
            if len(EDGE_TILES[edge]) != 1:
                raise ValueError(f"harbour at {name!r}: not a coast edge")
            if kind not in PORT_KINDS:
                raise ValueError(f"harbour at {name!r}: unknown kind {kind!r}")
            port_list.append((edge, kind))
        return cls(tuple(terrains), tuple(nums), tuple(sorted(port_list)))

    def tile_strings(self) -> list[str]:
        """Tiles in position-format text: ``"forest 9"`` or ``"desert"``.

        The same string objects each time for one board (kept per board), so that a reader
        comparing a position's tiles with the last ones it read finds them identical at once.
        """
        found = _TILE_TEXTS.get(id(self))
        if found is None or found[0] is not self:
            if len(_TILE_TEXTS) >= 64:
                _TILE_TEXTS.clear()
            found = _TILE_TEXTS[id(self)] = (self, tuple(
                t if n == 0 else f"{t} {n}"
                for t, n in zip(self.terrains, self.numbers, strict=True)))
        return list(found[1])

    def port_dict(self) -> dict[str, str]:
        """Harbours as ``{canonical edge name: kind}``, in canonical order."""
        return {EDGE_NAMES[e]: k for e, k in self.ports}

    def desert(self) -> int:
        """The first desert tile, where the robber starts; -1 when there is none (the robber
        then waits off the island, blocking nothing, until a 7 or a knight moves it)."""
        return next((i for i, t in enumerate(self.terrains) if t == "desert"), -1)

    def production_table(self) -> dict[int, list[tuple[int, int, tuple[int, ...]]]]:
        """For each dice total, the ``(tile, resource, corner nodes)`` it makes produce."""
        table: dict[int, list[tuple[int, int, tuple[int, ...]]]] = {}
        for tile, (terrain, number) in enumerate(zip(self.terrains, self.numbers, strict=True)):
            resource = TERRAIN_RESOURCE[terrain]
            if number and resource is not None:
                table.setdefault(number, []).append((tile, resource, TILE_NODES[tile]))
        return table

    def node_ports(self) -> list[str | None]:
        """Harbour kind reachable from each node (None where there is none)."""
        result: list[str | None] = [None] * N_NODES
        for edge, kind in self.ports:
            for node in EDGE_NODES[edge]:
                result[node] = kind
        return result


def _parse_tile(text: object, index: int) -> tuple[str, int]:
    if not isinstance(text, str):
        raise ValueError(f"tile {index}: expected a string like 'forest 9'")
    parts = text.split()
    if not parts or parts[0] not in TERRAIN_RESOURCE or len(parts) > 2:
        raise ValueError(f"tile {index}: {text!r} is not 'terrain number' or 'desert'")
    if parts[0] == "desert":
        if len(parts) != 1:
            raise ValueError(f"tile {index}: the desert has no number")
        return "desert", 0
    if len(parts) != 2 or not (parts[1].isascii() and parts[1].isdigit()) \
            or int(parts[1]) not in range(2, 13) \
            or int(parts[1]) == 7:
        raise ValueError(f"tile {index}: {text!r} needs a number from 2 to 12, not 7")
    return parts[0], int(parts[1])


def spiral_order(corner: int) -> list[int]:
    """Tiles in the counter-clockwise spiral that starts at outer corner ``corner`` (0..5)."""
    outer = [OUTER[(2 * corner - j) % 12] for j in range(12)]
    inner = [INNER[(corner - j) % 6] for j in range(6)]
    return [*outer, *inner, CENTRE]


def _spiral_numbers(terrains: list[str], corner: int) -> list[int]:
    nums = [0] * N_TILES
    tokens = iter(SPIRAL_NUMBERS)
    for tile in spiral_order(corner):
        if terrains[tile] != "desert":
            nums[tile] = next(tokens)
    return nums


def _random_numbers(terrains: list[str], rng: Rng) -> list[int]:
    land = [i for i, t in enumerate(terrains) if t != "desert"]
    while True:
        tokens = list(NUMBER_TOKENS)
        rng.shuffle(tokens)
        nums = [0] * N_TILES
        for tile, token in zip(land, tokens, strict=True):
            nums[tile] = token
        if not red_numbers_adjacent(nums):
            return nums


def red_numbers_adjacent(numbers: tuple[int, ...] | list[int]) -> bool:
    """True when a 6 or an 8 shares a side with another 6 or 8."""
    red = {i for i, n in enumerate(numbers) if n in (6, 8)}
    return any(j in red for i in red for j in TILE_NEIGHBOURS[i])
