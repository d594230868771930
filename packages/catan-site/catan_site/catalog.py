"""The site's texts: one reader of ``i18n/*.yml``, and the views of it every part of the build uses.

Each YAML file is parsed once and again only when it changes on disk, so ``mkdocs serve`` shows
an edited catalog at its next rebuild. What is read is shared: callers copy, never change it.

>>> flat_strings(I18N / "offline.yml", "fr")["offline_button"] == load("offline.yml")[
...     "offline_button"]["fr"]
True
>>> terms("fr")["brick"]
'argile'
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Any

import yaml
from mkdocs.exceptions import PluginError

from catan_site import languages
from catan_site.paths import ROOT

I18N = ROOT / "i18n"
DOCS = ROOT / "docs"
#: A heading with an explicit anchor: ``## Title { #anchor }``.
HEADING = re.compile(r"^#{1,6} (?P<title>.+?)\s*\{\s*#(?P<anchor>[\w.:-]+)[^}]*\}\s*$", re.M)


#: libyaml's parser where PyYAML was built with it (its wheels are), about ten times as fast as
#: the pure-Python one, with the same safe constructor: the same values.
_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def parse_yaml(text: str) -> Any:
    """YAML text of the site's sources, parsed safely (``yaml.safe_load``, only faster).

    >>> parse_yaml("{fr: colonie, es: [poblado, ciudad]}")
    {'fr': 'colonie', 'es': ['poblado', 'ciudad']}
    """
    return yaml.load(text, Loader=_LOADER)


def read(path: Path) -> Any:
    """A YAML file of the site's sources, parsed (``{}`` when empty)."""
    return _parsed(path, path.stat().st_mtime_ns)


@functools.lru_cache(maxsize=64)
def _parsed(path: Path, stamp: int) -> Any:
    return parse_yaml(path.read_text(encoding="utf-8")) or {}


def load(name: str) -> Any:
    """The catalog ``i18n/<name>``, parsed."""
    return read(I18N / name)


def language_codes() -> tuple[str, ...]:
    """The site's language codes, the default first (mkdocs.yml's i18n plugin)."""
    return languages.codes()


def flat_strings(path: Path, lang: str) -> dict[str, str]:
    """``{key: text}`` of a catalog of ``{key: {en, fr, es, nl}}``; every language required."""
    strings = {}
    codes = language_codes()
    for key, entry in read(path).items():
        missing = [code for code in codes if not (entry or {}).get(code)]
        if missing:
            raise PluginError(f"{path.relative_to(ROOT)}: {key!r} has no text in "
                              f"{', '.join(missing)}")
        strings[str(key)] = str(entry[lang])
    return strings


def glossary() -> dict[str, Any]:
    """``i18n/glossary.yml``: ``{"terms": [{key, en, fr, ...}], "synonyms": {lang: {...}}}``."""
    data = load("glossary.yml")
    return {"terms": data.get("terms") or [], "synonyms": data.get("synonyms") or {}}


def terms(lang: str) -> dict[str, str]:
    """Glossary term of every key (``brick`` -> ``argile``) in one language."""
    return {t["key"]: str(t[lang]) for t in glossary()["terms"]}


def headings(lang: str, doc_path: str) -> dict[str, str]:
    """``{anchor: heading text}`` of a page of ``docs/<lang>/`` (``{}`` if there is none)."""
    path = DOCS / lang / doc_path
    if not path.is_file():
        return {}
    return _headings(path, path.stat().st_mtime_ns)


@functools.lru_cache(maxsize=256)
def _headings(path: Path, stamp: int) -> dict[str, str]:
    return {m["anchor"]: m["title"] for m in HEADING.finditer(path.read_text(encoding="utf-8"))}
