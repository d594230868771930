"""The same page in every language: the language switcher and the sitemaps' ``hreflang``.

Each language is its own build (``site/<lang>/``), so the other languages' pages are looked up
in their own docs folders as MkDocs ``File`` objects: the same source path (``faq/robber.md``)
in ``docs/<other>/`` gives that page's URL. A page missing in a language links to that
language's home page.

- Every page gets ``catan_alternates`` (template context, used by
  overrides/partials/alternate.html): relative links for the switcher, so the site works under
  any address.
- Every language's ``sitemap.xml`` lists each page with its versions in every language
  (``<xhtml:link rel="alternate" hreflang>``, absolute URLs), the form search engines accept
  in place of ``<link rel="alternate">`` in the page head.

Why not in the head: Material 9.8's client reads every ``<link rel="alternate">`` of a page,
fetches ``sitemap.xml`` next to each target and takes over clicks on links under it. With one
link per page, that is four 404 requests on every page and links into a visited page sent to its
URL without the trailing slash; Material's model is one alternate per language root. The plugin
therefore sets ``extra.alternate`` to ``True``: the header shows the switcher, the head lists
nothing.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

from mkdocs.structure.files import File
from mkdocs.utils import get_relative_url

from catan_site import languages

#: ``{lang: {source path: page URL inside the language root}}``
PageUrls = dict[str, dict[str, str]]


def page_urls(docs_root: Path, use_directory_urls: bool = True) -> PageUrls:
    """The URL of every Markdown page of every language, as MkDocs will write it."""
    urls: PageUrls = {}
    for code in languages.codes():
        folder = docs_root / code
        urls[code] = {}
        for path in sorted(folder.rglob("*.md")):
            src = path.relative_to(folder).as_posix()
            file = File(src, src_dir=str(folder), dest_dir="",
                        use_directory_urls=use_directory_urls)
            urls[code][src] = file.url
    return urls


def _site_path(lang: str, url: str) -> str:
    """``fr`` + ``faq/robber/`` -> ``fr/faq/robber/`` (``./`` is the language's home)."""
    return f"{lang}/" + ("" if url in ("", "./", ".") else url)


def alternates(src: str, current: str, urls: PageUrls, site_url: str) -> list[dict[str, Any]]:
    """The page ``src`` of language ``current`` in every language.

    Each entry: ``name``, ``lang``, ``link`` (relative to the page), ``href`` (absolute, from
    ``site_url``, the address of the whole site) and ``current``.

    >>> urls = {"en": {"index.md": "./", "faq/robber.md": "faq/robber/"},
    ...         "fr": {"index.md": "./", "faq/robber.md": "faq/robber/"}}
    >>> [a["link"] for a in alternates("faq/robber.md", "en", urls, "http://h/")][:2]
    ['./', '../../../fr/faq/robber/']
    >>> alternates("faq/robber.md", "en", urls, "http://h/")[2]["link"]  # es lacks the page
    '../../../es/'
    >>> alternates("index.md", "fr", urls, "http://h/")[0]["href"]
    'http://h/en/'
    """
    here = _site_path(current, urls[current][src])
    found = []
    for lang in languages.languages():
        url = urls.get(lang.code, {}).get(src, "./")
        there = _site_path(lang.code, url)
        found.append({"name": lang.name, "lang": lang.code, "current": lang.code == current,
                      "link": get_relative_url(there, here),
                      "href": site_url.rstrip("/") + "/" + there})
    return found


def sitemap(pages: list[tuple[str, str | None]], lang: str, urls: PageUrls,
            site_url: str) -> str:
    """A language's ``sitemap.xml``: ``pages`` are (source path, last change date or None).

    >>> urls = {"en": {"faq/robber.md": "faq/robber/"}, "fr": {"faq/robber.md": "faq/robber/"}}
    >>> xml = sitemap([("faq/robber.md", "2026-12-01")], "fr", urls, "https://h/")
    >>> "<loc>https://h/fr/faq/robber/</loc>" in xml
    True
    >>> 'hreflang="en" href="https://h/en/faq/robber/"' in xml
    True
    """
    entries = []
    for src, lastmod in pages:
        versions = alternates(src, lang, urls, site_url)
        here = next(v["href"] for v in versions if v["current"])
        links = "".join(f'\n    <xhtml:link rel="alternate" hreflang="{v["lang"]}" '
                        f'href="{html.escape(v["href"])}"/>' for v in versions)
        date = f"\n    <lastmod>{lastmod}</lastmod>" if lastmod else ""
        entries.append(f"  <url>\n    <loc>{html.escape(here)}</loc>{date}{links}\n  </url>\n")
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
            'xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' + "".join(entries) + "</urlset>\n")
