"""What every bridge module shares: the one ``dumps``, the one error mapping, the entry point.

A bridge module of ``catan_web`` (``faq``, ``tutorial``, ``game``) lists its browser functions in
``BRIDGE: dict[str, Callable]``; each takes the decoded JSON arguments positionally and returns a
JSON-able value. :func:`call` routes ``"<module>.<function>"`` to it.

Errors come back in two ways:

- a move the rules refuse is an *answer*: functions return :func:`refusal` (``{"error": {code,
  message, details}}``), so a widget can say why in the reader's language;
- a bad request, an invalid position or a bug is a *failure*: ``(False, {code, message,
  details})``; bugs are ``internal_error`` with the Python traceback in ``details``.
"""

from __future__ import annotations

import importlib
import json
import traceback
from collections.abc import Callable
from typing import Any

from catan_core import CatanError

Doc = dict[str, Any]
#: The bridge modules of this package, by the prefix the browser uses.
MODULES = ("faq", "tutorial", "game")


def dumps(value: Any) -> str:
    """Compact JSON, UTF-8 kept as is: the one encoder of every bridge answer."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def refusal(error: CatanError) -> Doc:
    """A rule's refusal as an answer: ``{"error": {"code", "message", "details"}}``."""
    return {"error": error.to_dict()}


def failure(exc: BaseException) -> Doc:
    """A failed call's error document; anything but a ``CatanError`` is a bug."""
    if isinstance(exc, CatanError):
        return {"code": exc.code, "message": exc.message,
                "details": json.loads(json.dumps(exc.details, default=str))}
    return {"code": "internal_error", "message": f"{type(exc).__name__}: {exc}",
            "details": {"traceback": traceback.format_exc()}}


def bad_request(message: str, **details: Any) -> CatanError:
    """The error of a request the bridge cannot understand (a bug in the page or the data)."""
    return CatanError("bad_request", message, **details)


def function(name: str) -> Callable[..., Any]:
    """The bridge function ``"<module>.<function>"``; ``bad_request`` when there is none."""
    module, _, fn = name.partition(".")
    if module not in MODULES or not fn:
        raise bad_request(f"unknown function {name!r}: write <module>.<function>",
                          modules=list(MODULES))
    try:
        bridge: dict[str, Callable[..., Any]] = importlib.import_module(
            f"{__package__}.{module}").BRIDGE
    except ModuleNotFoundError as exc:
        if exc.name != f"{__package__}.{module}":
            raise
        raise bad_request(f"no bridge module {module!r}") from None
    if fn not in bridge:
        raise bad_request(f"unknown function {name!r}", allowed=sorted(bridge))
    return bridge[fn]


def call(fn: str, args_json: str) -> tuple[bool, str]:
    """The worker's entry point: ``(True, result JSON)`` or ``(False, error JSON)``.

    ``args_json`` is a JSON array of arguments.

    >>> call("faq.nothing", "[]")[0], call("faq.render", "{}")[0]
    (False, False)
    """
    try:
        target = function(fn)
        try:
            args = json.loads(args_json)
        except ValueError as exc:
            raise bad_request(f"arguments are not JSON ({exc})") from None
        if not isinstance(args, list):
            raise bad_request("arguments must be a JSON array")
        return True, dumps(target(*args))
    except Exception as exc:  # a bug is reported, never allowed to kill the worker
        return False, dumps(failure(exc))


def warm_up() -> None:
    """Import what the first board drawing needs; the worker calls this once it is idle."""
    from catan_core import svg  # noqa: F401

    from . import faq  # noqa: F401
