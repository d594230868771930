"""The bridges' error documents, in one place every bridge module imports.

Errors come back in two ways:

- a move the rules refuse is an *answer*: functions return :func:`refusal` (``{"error": {code,
  message, details}}``), so a widget can say why in the reader's language;
- a bad request, an invalid position or a bug is a *failure*: :func:`catan_web.call` answers
  ``(False, {code, message, details})``; bugs are ``internal_error`` with the Python traceback
  in ``details``.

>>> refusal(bad_request("no such seat", seat="green"))
{'error': {'code': 'bad_request', 'message': 'no such seat', 'details': {'seat': 'green'}}}
>>> failure(KeyError("x"))["code"]
'internal_error'
"""

from __future__ import annotations

import json
import traceback
from typing import Any

from catan_core import CatanError

Doc = dict[str, Any]


def refusal(error: CatanError) -> Doc:
    """A rule's refusal as an answer: ``{"error": {"code", "message", "details"}}``."""
    return {"error": error.to_dict()}


def bad_request(message: str, **details: Any) -> CatanError:
    """The error of a request the bridge cannot understand (a bug in the page or the data)."""
    return CatanError("bad_request", message, **details)


def failure(exc: BaseException) -> Doc:
    """A failed call's error document; anything but a ``CatanError`` is a bug."""
    if isinstance(exc, CatanError):
        return {"code": exc.code, "message": exc.message,
                "details": json.loads(json.dumps(exc.details, default=str))}
    return {"code": "internal_error", "message": f"{type(exc).__name__}: {exc}",
            "details": {"traceback": traceback.format_exc()}}
