"""Words of the position format and the fixed numbers of the base game."""

from __future__ import annotations

from typing import Final

RESOURCES: Final = ("brick", "lumber", "wool", "grain", "ore")
BRICK, LUMBER, WOOL, GRAIN, ORE = range(5)
RESOURCE_INDEX: Final = {name: i for i, name in enumerate(RESOURCES)}

TERRAINS: Final = ("hills", "forest", "pasture", "fields", "mountains", "desert")
# Resource produced by each terrain (index into RESOURCES), None for the desert.
TERRAIN_RESOURCE: Final[dict[str, int | None]] = {
    "hills": BRICK, "forest": LUMBER, "pasture": WOOL, "fields": GRAIN, "mountains": ORE,
    "desert": None,
}
TERRAIN_COUNTS: Final = {"hills": 3, "forest": 4, "pasture": 4, "fields": 4, "mountains": 3,
                          "desert": 1}

DEV_CARDS: Final = ("knight", "road_building", "year_of_plenty", "monopoly", "victory_point")
KNIGHT, ROAD_BUILDING, YEAR_OF_PLENTY, MONOPOLY, VICTORY_POINT = range(5)
DEV_INDEX: Final = {name: i for i, name in enumerate(DEV_CARDS)}
DEV_COUNTS: Final = (14, 2, 2, 2, 5)

COLOURS: Final = ("red", "blue", "white", "orange")
PORT_KINDS: Final = ("3:1", *RESOURCES)

BANK_PER_RESOURCE: Final = 19
ROADS, SETTLEMENTS, CITIES = 15, 5, 4

# Costs as 5-tuples in RESOURCES order.
COST_ROAD: Final = (1, 1, 0, 0, 0)
COST_SETTLEMENT: Final = (1, 1, 1, 1, 0)
COST_CITY: Final = (0, 0, 0, 2, 3)
COST_DEV_CARD: Final = (0, 0, 1, 1, 1)
COSTS: Final = {
    "road": COST_ROAD, "settlement": COST_SETTLEMENT, "city": COST_CITY,
    "dev_card": COST_DEV_CARD,
}

PHASES: Final = (
    "setup_settlement", "setup_road", "roll", "discard", "move_robber", "main", "game_over",
)
# The A-B-C number tokens in alphabetical order (2020 rules, variable set-up).
SPIRAL_NUMBERS: Final = (5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11)
FORMAT: Final = "catan-position/1"
DEFAULT_RULES: Final = {"trade_before_build": False}
