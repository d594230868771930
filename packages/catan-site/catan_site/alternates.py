"""The same page in every language: the language switcher and the sitemaps' ``hreflang``.

The i18n plugin (mkdocs-static-i18n) gives every page's file its versions in every language
(``file.alternates``: ``{lang: File}``, URLs from the site root). From them:

- every page gets ``catan_alternates`` (template context, used by
  overrides/partials/alternate.html): relative links for the switcher, so the site works under
  any address;
- every language's ``sitemap.xml`` (in the language's root) lists its pages with their versions
  in every language (``<xhtml:link rel="alternate" hreflang>``, absolute URLs), the form search
  engines accept in place of ``<link rel="alternate">`` in the page head.

Why not Material's switcher (the i18n plugin's ``reconfigure_material``) nor links in the head:
Material 9.8's client reads every ``<link rel="alternate">`` of a page, fetches ``sitemap.xml``
next to each target and takes over clicks on links under it. With one link per page, that is
four 404 requests on every page; with ``navigation.instant`` the i18n plugin warns that its
switcher does not work (a warning, so ``strict`` fails). The plugin therefore sets
``extra.alternate`` to ``True``: the header shows this switcher, the head lists nothing.
"""

from __future__ import annotations

import html
from typing import Any

from mkdocs.utils import get_relative_url

from catan_site import languages

#: ``{lang: URL of the page in that language, from the site root}``
Urls = dict[str, str]


def page_alternates(file: Any) -> Urls:
    """A page's URL in every language, from the i18n plugin's ``file.alternates``; a language
    without the page gives its home."""
    found = getattr(file, "alternates", {}) or {}
    return {code: _clean(found[code].url) if code in found else languages.root(code)
            for code in languages.codes()}


def _clean(url: str) -> str:
    return "" if url in ("./", ".") else url


def alternates(urls: Urls, current: str, here: str, site_url: str) -> list[dict[str, Any]]:
    """The page at ``here`` (its URL from the site root) in every language.

    Each entry: ``name``, ``lang``, ``link`` (relative to the page), ``href`` (absolute, from
    ``site_url``, the address of the whole site) and ``current``.

    >>> urls = {"en": "faq/robber/", "fr": "fr/faq/robber/", "es": "es/", "nl": "nl/faq/robber/"}
    >>> [a["link"] for a in alternates(urls, "en", "faq/robber/", "http://h/")]
    ['./', '../../fr/faq/robber/', '../../es/', '../../nl/faq/robber/']
    >>> alternates(urls, "fr", "fr/faq/robber/", "http://h/")[0]["href"]
    'http://h/faq/robber/'
    """
    here = _clean(here)
    return [{"name": lang.name, "lang": lang.code, "current": lang.code == current,
             "link": _as_dir(get_relative_url(urls[lang.code] or ".", here or ".")),
             "href": site_url.rstrip("/") + "/" + urls[lang.code]}
            for lang in languages.languages()]


def _as_dir(link: str) -> str:
    return link if link.endswith("/") else link + "/"


def sitemap(pages: list[tuple[str, str | None, Urls]], lang: str, site_url: str) -> str:
    """A language's ``sitemap.xml``: ``pages`` are (URL, last change date or None, its URL in
    every language).

    >>> urls = {"en": "faq/robber/", "fr": "fr/faq/robber/", "es": "es/", "nl": "nl/"}
    >>> xml = sitemap([("fr/faq/robber/", "2026-12-01", urls)], "fr", "https://h/")
    >>> "<loc>https://h/fr/faq/robber/</loc>" in xml
    True
    >>> 'hreflang="en" href="https://h/faq/robber/"' in xml
    True
    """
    entries = []
    for url, lastmod, urls in pages:
        versions = alternates(urls, lang, url, site_url)
        here = next(v["href"] for v in versions if v["current"])
        links = "".join(f'\n    <xhtml:link rel="alternate" hreflang="{v["lang"]}" '
                        f'href="{html.escape(v["href"])}"/>' for v in versions)
        date = f"\n    <lastmod>{lastmod}</lastmod>" if lastmod else ""
        entries.append(f"  <url>\n    <loc>{html.escape(here)}</loc>{date}{links}\n  </url>\n")
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
            'xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' + "".join(entries) + "</urlset>\n")
