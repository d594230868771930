"""Where the site's sources are: the repository this package sits in
(``packages/catan-site/catan_site/`` in it), the folder of ``mkdocs.yml``.

>>> (ROOT / "mkdocs.yml").is_file(), (ROOT / "docs").is_dir()
(True, True)
"""

from __future__ import annotations

from pathlib import Path


def _repository() -> Path:
    """The nearest folder above this package with ``mkdocs.yml``: the plugin is installed
    editable from the repository (``pip install -e ./packages/catan-site``), as it reads the
    pages, catalogs and front end there; else the current folder."""
    for folder in Path(__file__).resolve().parents:
        if (folder / "mkdocs.yml").is_file():
            return folder
    return Path.cwd()


#: The repository: ``docs/``, ``i18n/``, ``tutorial/``, ``overrides/``, ``site/``...
ROOT = _repository()
