"""Where each Python package of the repository is: the engine (``catan_core``, ``catan_web``)
and the tools at the root, the site's plugin and the rooms server in ``packages/`` (each a
distribution of its own). Imported by the tests that read the sources as ``from sources import
...``."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: package -> the folder that holds it
HOMES = {"catan_core": ROOT, "catan_web": ROOT, "devtools": ROOT, "benchmarks": ROOT,
         "catan_site": ROOT / "packages" / "catan-site",
         "catan_rooms": ROOT / "packages" / "catan-rooms"}


def package_dir(name: str) -> Path:
    """The folder of the package ``name`` (``catan_site`` -> packages/catan-site/catan_site)."""
    return HOMES.get(name, ROOT) / name
