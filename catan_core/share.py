"""Share codes: a whole position in a few hundred characters that fit in a link.

A code is the format's version, a dot, and the position document (``catan-position/1``,
compact JSON, keys sorted) compressed by raw DEFLATE with a preset dictionary of the words
positions are made of, in URL-safe base64 without padding. Reading a code loads the
position through :meth:`Game.from_dict`, so a code the engine would not accept as a position
is refused like a bad position file, and a code from an unknown version is refused by name.

>>> from catan_core import Game
>>> game = Game.new(seats=["red", "blue", "white"], board="beginner", seed=4)
>>> code = encode(game)
>>> code.startswith("1.") and len(code) < 600
True
>>> decode(code).to_dict() == game.to_dict()
True
>>> decode("1.not-a-position")
Traceback (most recent call last):
...
catan_core.share.InvalidShareCode: this share code is damaged (it cannot be read)
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from typing import Any

from .constants import DEV_CARDS, RESOURCES, TERRAINS
from .errors import CatanError
from .game import Game

__all__ = ["VERSION", "InvalidShareCode", "decode", "encode", "read_document"]

#: The version written before the dot; a code of another version is refused as unknown.
VERSION = "1"
#: The most characters a code may have: a position's code is about 300 to 700.
MAX_LENGTH = 8192

# DEFLATE's preset dictionary: the words a position is written with, the most frequent last
# (nearest to the data). Changing it changes every code: a new dictionary is a new VERSION.
_WORDS = [
    "catan-position/1", "largest_army", "longest_road", "vp_to_win", "winner", "pending",
    "return_to", "discard", "trade", "rng", "seats", "deck", "format", "game_over",
    "setup_settlement", "setup_road", "robber", "roll", "main", "dev_card_played", "dice",
    "number", "phase", "player", "knights_played", "new_dev_cards", "dev_cards", "3:1",
    "ports", "tiles", "board", "hand", "cities", "roads", "settlements", "players", "turn",
    "red", "blue", "white", "orange", "null", "false", "true",
    *DEV_CARDS, *TERRAINS, *RESOURCES]
_ZDICT = json.dumps(_WORDS, separators=(",", ":")).encode()


class InvalidShareCode(CatanError, ValueError):
    """A share code that cannot be read: damaged, too long, of an unknown version, or holding
    a position the engine refuses (``details['position']`` then has that position's message).
    """

    def __init__(self, reason: str, message: str, **details: Any) -> None:
        super().__init__("invalid_share_code", message, reason=reason, **details)
        self.reason = reason


def encode(game: Game) -> str:
    """The share code of ``game``'s whole position."""
    text = json.dumps(game.to_dict(), separators=(",", ":"), sort_keys=True,
                      ensure_ascii=False).encode()
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, _ZDICT)
    packed = packer.compress(text) + packer.flush()
    return VERSION + "." + base64.urlsafe_b64encode(packed).decode().rstrip("=")


def read_document(code: Any) -> Any:
    """The position document a code holds, not yet checked by the engine.

    >>> read_document("2.abc")
    Traceback (most recent call last):
    ...
    catan_core.share.InvalidShareCode: this share code is from an unknown version ('2')
    """
    if not isinstance(code, str) or not code:
        raise InvalidShareCode("damaged", "a share code is a non-empty string")
    if len(code) > MAX_LENGTH:
        raise InvalidShareCode("too_long", f"a share code has at most {MAX_LENGTH} characters")
    version, dot, body = code.strip().partition(".")
    if not dot:
        raise InvalidShareCode("damaged", "this share code is damaged (no version)")
    if version != VERSION:
        raise InvalidShareCode("unknown_version",
                               f"this share code is from an unknown version ({version[:8]!r})",
                               version=version[:8])
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        unpacker = zlib.decompressobj(-15, _ZDICT)
        text = unpacker.decompress(packed, 1 << 20)
        if unpacker.unconsumed_tail or not unpacker.eof:
            raise ValueError("truncated or too large")
        return json.loads(text.decode())
    except (binascii.Error, zlib.error, ValueError, UnicodeDecodeError):
        raise InvalidShareCode("damaged", "this share code is damaged (it cannot be read)") \
            from None


def decode(code: Any) -> Game:
    """The game a share code holds, checked by the engine as any loaded position is."""
    doc = read_document(code)
    try:
        return Game.from_dict(doc)
    except CatanError as exc:
        raise InvalidShareCode("bad_position", f"this share code holds no valid position: "
                               f"{exc.message}", position=exc.message) from None
