"""Rules engine for the base game of Catan (2020 rules, 3-4 players).

The public contract (``notes/engine-contract.md``) is the position format
(``catan-position/1``), ``Game`` (load or write a position, list legal actions, apply one
atomically, and the read API of ``catan_core.query``), ``catan_core.geometry`` (the island
by name), ``catan_core.svg`` and ``catan_core.bots``. Other modules are internals.
"""

from .board import Board
from .constants import COLOURS, DEV_CARDS, PORT_KINDS, RESOURCES, TERRAINS
from .errors import CatanError, IllegalAction, InvalidArgument, InvalidPosition
from .game import ACTION_TYPES, PUBLIC_ATTRIBUTES, SPECTATOR, Game
from .query import BUILD_COSTS, PLAYABLE_CARDS, affordable

__all__ = ["ACTION_TYPES", "BUILD_COSTS", "COLOURS", "DEV_CARDS", "PLAYABLE_CARDS", "PORT_KINDS",
           "PUBLIC_ATTRIBUTES", "RESOURCES", "SPECTATOR", "TERRAINS", "Board", "CatanError", "Game",
           "IllegalAction", "InvalidArgument", "InvalidPosition", "affordable"]
__version__ = "0.1.0"
