"""The one list of languages (mkdocs.yml's i18n plugin) matches the docs and translates the whole
nav."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from catan_site import languages

ROOT = Path(__file__).resolve().parent.parent


class _Loader(yaml.SafeLoader):
    """mkdocs.yml with its tags (``!ENV``...) read as plain values."""


_Loader.add_multi_constructor("!", lambda loader, suffix, node: None)
_Loader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)


def nav_titles(items: list[Any]) -> set[str]:
    """The titles written in mkdocs.yml's ``nav`` (entries ``Title: page`` or sections)."""
    titles: set[str] = set()
    for item in items:
        if isinstance(item, dict):
            for title, value in item.items():
                titles.add(title)
                if isinstance(value, list):
                    titles |= nav_titles(value)
    return titles


def test_every_language_has_its_docs_and_every_docs_folder_is_a_language() -> None:
    folders = {p.name for p in (ROOT / "docs").iterdir() if p.is_dir()}
    assert folders == set(languages.codes())
    assert len(set(languages.names().values())) == len(languages.codes())


def test_every_nav_title_is_translated_in_every_other_language() -> None:
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_Loader)
    titles = nav_titles(config["nav"])
    assert {"Rules", "FAQ", "Play"} <= titles
    for lang in languages.languages()[1:]:
        missing = sorted(titles - set(lang.nav))
        assert not missing, f"{lang.code}: no translation for {missing}"
        assert lang.site_name, lang.code
