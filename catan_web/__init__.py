"""The browser's bridges to the engine: one entry point, :func:`call`.

The page's Web Worker (``frontend/core/worker.mjs``) imports this package from the engine wheel
and calls ``catan_web.call("faq.render", args_json)``: ``"faq.render"`` names the function
``render`` listed in ``catan_web.faq.BRIDGE``. Only JSON text crosses the JS/Python boundary.
The same modules run in CPython for the tests and the site build.

>>> import json
>>> ok, text = call("faq.new_game", '[{"seats": ["red", "blue", "white"], "board": "beginner"}]')
>>> ok, json.loads(text)["turn"]["phase"]
(True, 'setup_settlement')
"""

from __future__ import annotations

from .common import call, dumps, warm_up
from .errors import refusal

__all__ = ["call", "dumps", "refusal", "warm_up"]
