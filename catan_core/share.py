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

A review's code (:func:`encode_review`) is written the same way, with its own version
(``r1``): a game as one reviewer saw it (:meth:`catan_core.review.Replay.seen`), read back as
a :class:`catan_core.review.Seen`.
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
from .review import Seen

__all__ = ["REVIEW_VERSION", "VERSION", "InvalidShareCode", "decode", "decode_review", "encode",
           "encode_review", "read_document"]

#: The version written before the dot; a code of another version is refused as unknown.
VERSION = "1"
#: The most characters a code may have: a position's code is about 300 to 700.
MAX_LENGTH = 8192
#: The version of a review's code, and the most characters it may have (a game of 900 actions
#: as one reviewer saw it is about 20,000) and hold once unpacked.
REVIEW_VERSION = "r1"
REVIEW_MAX_LENGTH = 400_000
#: Each version's most characters, and most bytes once unpacked.
_LIMITS = {VERSION: (MAX_LENGTH, 1 << 20), REVIEW_VERSION: (REVIEW_MAX_LENGTH, 64 << 20)}

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


def _pack(version: str, doc: Any) -> str:
    text = json.dumps(doc, separators=(",", ":"), sort_keys=True, ensure_ascii=False).encode()
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, _ZDICT)
    packed = packer.compress(text) + packer.flush()
    return version + "." + base64.urlsafe_b64encode(packed).decode().rstrip("=")


def encode(game: Game) -> str:
    """The share code of ``game``'s whole position."""
    return _pack(VERSION, game.to_dict())


def encode_review(seen: dict[str, Any]) -> str:
    """The share code of a game as one reviewer saw it (:meth:`catan_core.review.Replay.seen`,
    to which a page may add ``names``: each seat's name as the reviewer read it)."""
    return _pack(REVIEW_VERSION, seen)


def read_document(code: Any, version: str = VERSION) -> Any:
    """The document a code of ``version`` holds, not yet checked by the engine.

    >>> read_document("2.abc")
    Traceback (most recent call last):
    ...
    catan_core.share.InvalidShareCode: this share code is from an unknown version ('2')
    """
    limit, most = _LIMITS[version]
    if not isinstance(code, str) or not code:
        raise InvalidShareCode("damaged", "a share code is a non-empty string")
    if len(code) > limit:
        raise InvalidShareCode("too_long", f"a share code has at most {limit} characters")
    version_read, dot, body = code.strip().partition(".")
    if not dot:
        raise InvalidShareCode("damaged", "this share code is damaged (no version)")
    if version_read != version:
        raise InvalidShareCode("unknown_version", f"this share code is from an unknown version "
                               f"({version_read[:8]!r})", version=version_read[:8])
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        unpacker = zlib.decompressobj(-15, _ZDICT)
        text = unpacker.decompress(packed, most)
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


def decode_review(code: Any) -> Seen:
    """The game a review's share code holds, as its reviewer saw it (``invalid_share_code``:
    ``bad_position`` when the document is not such a game)."""
    doc = read_document(code, REVIEW_VERSION)
    try:
        return Seen(doc)
    except CatanError as exc:
        raise InvalidShareCode("bad_position", f"this share code holds no valid review: "
                               f"{exc.message}", position=exc.message) from None
