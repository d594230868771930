"""The entry point of the browser's bridges, and the one ``dumps`` of their answers.

A bridge module of ``catan_web`` (``faq``, ``tutorial``, ``game``, ``review``) lists its browser
functions in ``BRIDGE: dict[str, Callable]``; each takes the decoded JSON arguments positionally
and returns a JSON-able value. :func:`call` routes ``"<module>.<function>"`` to it. How errors
come back (a refusal is an answer, anything else a failure) is in :mod:`catan_web.errors`.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from typing import Any

from .errors import bad_request, failure

#: The bridge modules of this package, by the prefix the browser uses.
MODULES = ("faq", "tutorial", "game", "review", "analysis", "claims")


def dumps(value: Any) -> str:
    """Compact JSON, UTF-8 kept as is: the one encoder of every bridge answer."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


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
    """Import the board renderer and the FAQ widgets' bridge ahead of the first drawing.

    The engine's Web Worker runs ``catan_web.warm_up()`` itself (not through :func:`call`) once
    Pyodide has started and the calls already waiting are answered. The Play page warms what it
    needs through its own bridge function, ``game.warm_up``.
    """
    from catan_core import svg  # noqa: F401

    from . import faq  # noqa: F401
