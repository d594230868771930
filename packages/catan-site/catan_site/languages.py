"""The site's languages, as mkdocs.yml gives them to the ``i18n`` plugin (mkdocs-static-i18n).

mkdocs.yml is the one list: the i18n plugin builds the languages from it, and this module reads
the same entries for the parts of the build, the root pages and the tests (without loading
MkDocs).

>>> codes()
('en', 'fr', 'es', 'nl')
>>> default()
'en'
>>> names()["fr"]
'Français'
>>> get("fr").nav["Rules"], get("en").nav
('Règles', {})
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any

import yaml

from catan_site.paths import ROOT

MKDOCS_FILE = ROOT / "mkdocs.yml"


@dataclass(frozen=True)
class Language:
    """One language of the site: its code (``docs/<code>/``) and words."""

    code: str
    name: str
    site_name: str | None = None
    site_description: str | None = None
    nav: dict[str, str] = field(default_factory=dict)


class _Loader(yaml.SafeLoader):
    """mkdocs.yml with its tags (``!ENV``...) read as no value."""


_Loader.add_multi_constructor("!", lambda loader, suffix, node: None)
_Loader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)


def i18n_options(config: dict[str, Any]) -> dict[str, Any]:
    """The options of the ``i18n`` entry of a parsed mkdocs.yml's ``plugins``."""
    for entry in config.get("plugins") or []:
        if isinstance(entry, dict) and "i18n" in entry:
            return dict(entry["i18n"] or {})
    raise ValueError(f"{MKDOCS_FILE.name} names no i18n plugin")


@functools.cache
def languages() -> tuple[Language, ...]:
    """Every language, the default first."""
    config = yaml.load(MKDOCS_FILE.read_text(encoding="utf-8"), Loader=_Loader)
    entries = i18n_options(config).get("languages") or []
    found = [Language(code=str(e["locale"]), name=str(e["name"]),
                      site_name=e.get("site_name"), site_description=e.get("site_description"),
                      nav=dict(e.get("nav_translations") or {}))
             for e in entries if e.get("build", True)]
    defaults = [e["locale"] for e in entries if e.get("default")]
    if not found or len(defaults) != 1:
        raise ValueError(f"{MKDOCS_FILE.name}: the i18n plugin needs languages, one default")
    found.sort(key=lambda lang: lang.code != defaults[0])
    return tuple(found)


def codes() -> tuple[str, ...]:
    """The language codes, the default first."""
    return tuple(lang.code for lang in languages())


def default() -> str:
    """The default language, built at the site root."""
    return languages()[0].code


def names() -> dict[str, str]:
    """``{code: name of the language in itself}``."""
    return {lang.code: lang.name for lang in languages()}


def get(code: str) -> Language:
    """The language ``code``; ``KeyError`` if the site has no such language."""
    for lang in languages():
        if lang.code == code:
            return lang
    raise KeyError(f"no language {code!r} in {MKDOCS_FILE.name}: {', '.join(codes())}")


def root(code: str) -> str:
    """Where a language is in the site, from the site root: ``""`` for the default, ``fr/``.

    >>> root("en"), root("fr")
    ('', 'fr/')
    """
    return "" if code == default() else f"{get(code).code}/"
