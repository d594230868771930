"""MkDocs hook: the language switcher links to the same page in every language.

Each language is its own build (site/<lang>/), so static-i18n cannot see the other languages.
Every page gets ``catan_alternates`` (used by overrides/partials/alternate.html): relative links
to ``../<lang>/<same page>``, which exist because tests/test_parity.py keeps the files in step.

``extra.alternate`` (used by Material for ``<link rel="alternate">`` in the page head) points at
each language's home page as ``../<lang>/index.html``: Material fetches ``sitemap.xml`` next to
those links, and a link ending in ``index.html`` keeps its click handler from redirecting the
switcher's per-page links to the other language's home.
"""

from __future__ import annotations

from typing import Any

LANGUAGES = {"en": "English", "fr": "Français", "es": "Español", "nl": "Nederlands"}


def on_config(config: Any) -> Any:
    """Point ``extra.alternate`` at the home page of each language."""
    config.extra["alternate"] = [
        {"name": name, "lang": lang, "link": f"../{lang}/index.html"}
        for lang, name in LANGUAGES.items()
    ]
    return config


def alternates(page_url: str, current: str) -> list[dict[str, Any]]:
    """Relative links from ``page_url`` (site-relative, e.g. ``faq/robber/``) to its twins.

    >>> alternates("faq/robber/", "en")[1]["link"]
    '../../../fr/faq/robber/'
    >>> alternates("", "fr")[0]["link"]
    '../en/'
    """
    up = "../" * page_url.count("/")
    return [
        {"name": name, "lang": lang, "link": f"{up}../{lang}/{page_url}",
         "current": lang == current}
        for lang, name in LANGUAGES.items()
    ]


def on_page_context(context: dict[str, Any], page: Any, config: Any, nav: Any) -> dict[str, Any]:
    """Give the page its language switcher links."""
    context["catan_alternates"] = alternates(page.url, config.theme["language"])
    return context
