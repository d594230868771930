"""The site's languages, from ``i18n/languages.yml``: the one list every part of the build uses.

>>> codes()
('en', 'fr', 'es', 'nl')
>>> default()
'en'
>>> names()["fr"]
'Français'
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from catan_site.catalog import I18N, load

LANGUAGES_FILE = I18N / "languages.yml"


@dataclass(frozen=True)
class Language:
    """One language of the site: its code (``docs/<code>/``, ``site/<code>/``) and words."""

    code: str
    name: str
    site_name: str | None = None
    site_description: str | None = None
    nav: dict[str, str] = field(default_factory=dict)


@functools.cache
def languages() -> tuple[Language, ...]:
    """Every language, the default first."""
    data = load(LANGUAGES_FILE.name)
    found = tuple(Language(code=str(code), name=str(entry["name"]),
                           site_name=entry.get("site_name"),
                           site_description=entry.get("site_description"),
                           nav=dict(entry.get("nav") or {}))
                  for code, entry in data.items())
    if not found:
        raise ValueError(f"{LANGUAGES_FILE} lists no language")
    return found


def codes() -> tuple[str, ...]:
    """The language codes, the default first."""
    return tuple(lang.code for lang in languages())


def default() -> str:
    """The default language: the first of the file."""
    return languages()[0].code


def names() -> dict[str, str]:
    """``{code: name of the language in itself}``."""
    return {lang.code: lang.name for lang in languages()}


def get(code: str) -> Language:
    """The language ``code``; ``KeyError`` if the site has no such language."""
    for lang in languages():
        if lang.code == code:
            return lang
    raise KeyError(f"no language {code!r} in {LANGUAGES_FILE.name}: {', '.join(codes())}")
