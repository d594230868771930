"""Typed errors of the engine.

Both carry a stable snake_case ``code`` and the values a message needs; the text a person reads
comes from the translation catalogs (``i18n/``), never from here.
"""

from __future__ import annotations

from typing import Any


class CatanError(Exception):
    """Base class of the engine's errors."""

    def __init__(self, code: str, message: str, **details: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.details = details

    def to_dict(self) -> dict[str, Any]:
        """JSON form: ``{"code": ..., "message": ..., "details": {...}}``."""
        return {"code": self.code, "message": self.message, "details": dict(self.details)}


class IllegalAction(CatanError):
    """An action refused by the rules; the game is unchanged.

    >>> IllegalAction("distance_rule", "too close", node="4.SE").code
    'distance_rule'
    """


class InvalidPosition(CatanError, ValueError):
    """A position document that cannot describe a legal game state.

    The message says what is wrong and where (a JSON path such as ``players.red.hand``);
    ``details.reason`` names the rule broken, stable for translations: ``malformed`` for a
    document that is not a position at all, else one of the reasons listed in
    ``notes/engine-contract.md`` section 5 (``distance_rule``, ``too_many_pieces``...).

    >>> InvalidPosition("too close", "players", reason="distance_rule").details["reason"]
    'distance_rule'
    """

    def __init__(self, message: str, path: str = "", reason: str = "malformed",
                 **details: Any) -> None:
        text = f"{path}: {message}" if path else message
        super().__init__("invalid_position", text, path=path, reason=reason, **details)
        self.path = path
        self.reason = reason


class InvalidArgument(CatanError, ValueError):
    """A bad argument to ``Game.new``, ``to_dict(view=...)`` or the read API.

    ``code`` names the argument: ``invalid_seats``, ``invalid_seed``, ``invalid_board``,
    ``invalid_numbers``, ``invalid_vp_to_win``, ``invalid_rules``, ``invalid_start_cards``,
    or ``unknown_player`` for a colour not at the table.

    >>> InvalidArgument("invalid_seed", "seed must be an integer", seed="abc").code
    'invalid_seed'
    """
