"""Where a language is in the built site: mkdocs-static-i18n builds the default language at the
site root and the others under ``<lang>/`` (notes/site-build.md). Imported by the tests that
read the built pages from disk as ``from builtsite import ...``."""

from __future__ import annotations

from pathlib import Path

from catan_site import languages
from catan_site.offline import LEGACY_DIR, group_of


def lang_dir(site_dir: Path, lang: str) -> Path:
    """The root of a language: the site root for the default, else ``<lang>/``."""
    return site_dir / languages.root(lang)


def lang_files(site_dir: Path, lang: str, pattern: str = "index.html") -> list[Path]:
    """The files of one language (not, under the default's root, the other languages' files
    nor the pages of ``en/`` that send the old addresses to the root)."""
    found = []
    for path in lang_dir(site_dir, lang).rglob(pattern):
        name = path.relative_to(site_dir).as_posix()
        if group_of(name) == lang and not name.startswith(f"{LEGACY_DIR}/"):
            found.append(path)
    return sorted(found)
