"""The typed answers of the read API (``catan_core.query``): JSON-ready dictionaries.

Each is a ``TypedDict``, so a bridge passes it to ``json.dumps`` as it is and ``mypy`` checks
its readers. Colours, resources and place names are the position format's words.
"""

from __future__ import annotations

from typing import TypedDict


class SpotReport(TypedDict):
    """Legal places, and for every other place the code of the rule that forbids it."""

    player: str
    legal: list[str]
    illegal: dict[str, str]


class RobberReport(TypedDict):
    """Tiles the robber may move to, the one it must leave, and who could be robbed where.

    JSON object keys are strings, so ``illegal`` and ``victims`` are keyed by ``str(tile)``.
    """

    legal: list[int]
    illegal: dict[str, str]
    victims: dict[str, list[str]]


class BuildOption(TypedDict):
    """One thing to build or buy for one player: its price, what is missing, and why not."""

    cost: dict[str, int]
    missing: dict[str, int]
    affordable: bool
    left: int
    spots: int
    reason: str | None


class PointsBreakdown(TypedDict):
    settlements: int
    cities: int
    longest_road: int
    largest_army: int
    victory_point_cards: int
    public: int
    total: int


class PlayerSummary(TypedDict):
    """What every player may know about one player."""

    colour: str
    public_points: int
    cards: int
    dev_cards: int
    knights: int
    road_length: int
    longest_road: bool
    largest_army: bool
    pieces_left: dict[str, int]
    harbours: list[str]


class LongestRoadReport(TypedDict):
    holder: str | None
    lengths: dict[str, int]
    paths: dict[str, list[str]]
    leaders: list[str]
    set_aside: bool


class LargestArmyReport(TypedDict):
    holder: str | None
    knights: dict[str, int]
    leaders: list[str]


class Awards(TypedDict):
    longest_road: LongestRoadReport
    largest_army: LargestArmyReport


class Production(TypedDict):
    """What a roll of ``total`` pays now (bank shortage applied) and which tiles are involved."""

    total: int
    gains: dict[str, dict[str, int]]
    shortage: list[str]
    tiles: list[int]
    blocked: list[int]


class OpenTrade(TypedDict):
    player: str
    give: dict[str, int]
    get: dict[str, int]
    answers: dict[str, object]


class Harbour(TypedDict):
    edge: str
    kind: str
    nodes: list[str]
    x: float
    y: float


class TileState(TypedDict):
    tile: int
    terrain: str
    number: int | None
    resource: str | None
    robber: bool


__all__ = ["Awards", "BuildOption", "Harbour", "LargestArmyReport", "LongestRoadReport",
           "OpenTrade", "PlayerSummary", "PointsBreakdown", "Production", "RobberReport",
           "SpotReport", "TileState"]
