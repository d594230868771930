"""Computer players for ``catan_core``: four levels, five personalities.

>>> from catan_core import Game
>>> from catan_core.bots import make_bot
>>> game = Game.new(seats=["red", "blue", "white"], seed=1)
>>> bot = make_bot(level="expert", personality="merchant", seed=3)
>>> bot.choose(game.to_dict(view="red"), game.legal_actions())["type"]
'place_settlement'

A bot decides from its colour's view only (other hands as counts, the deck as a size); to
look ahead it deals the unseen cards at random with its own generator.
"""

from .bot import Bot, make_bot
from .profiles import LEVELS, STYLES

LEVEL_NAMES = tuple(LEVELS)
PERSONALITIES = tuple(STYLES)

__all__ = ["LEVEL_NAMES", "PERSONALITIES", "Bot", "make_bot"]
