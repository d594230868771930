"""Make ``catan_core`` importable when the suite runs from a checkout (``pytest tests/engine``).

Under ``nox -s tests`` the package is installed in editable mode and this changes nothing.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
