"""Where the site's sources are: the repository this package sits in.

>>> (ROOT / "mkdocs.yml").is_file(), (ROOT / "catan_site" / "paths.py").is_file()
(True, True)
"""

from __future__ import annotations

from pathlib import Path

#: The repository: ``docs/``, ``i18n/``, ``tutorial/``, ``overrides/``, ``site/``...
ROOT = Path(__file__).resolve().parent.parent
