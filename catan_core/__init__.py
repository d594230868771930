"""Rules engine for the base game of Catan (2020 rules, 3-4 players).

The public contract is the position format (``catan-position/1``) and ``Game``: load or write
a position, list legal actions, apply one atomically.
"""

from .board import Board
from .errors import CatanError, IllegalAction, InvalidPosition
from .game import ACTION_TYPES, Game

__all__ = ["ACTION_TYPES", "Board", "CatanError", "Game", "IllegalAction", "InvalidPosition"]
__version__ = "0.1.0"
