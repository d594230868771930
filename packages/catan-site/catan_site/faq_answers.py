"""MkDocs hook: mark the one-line answer under each FAQ question, and keep merged questions'
old anchors without showing them.

The FAQ format (notes/site-layout.md) puts the answer in a paragraph that is all bold, right
after the question's ``<h2>``. CSS cannot tell "only bold" from "bold inside a sentence", so the
paragraph gets ``class="catan-answer"`` here.

A question merged into another keeps its anchor in the page's Markdown, as a list of links
under a "*Merged questions:*" line (``[Old question](page.md#kept){ #old .catan-moved }``), so
the parity test can check every anchor ever published. That list is bookkeeping, not something
to read, so :func:`hide_merged` takes it out of the page and keeps what it is for:

- the old anchor: an empty ``<span id="old">`` at the start of the answer kept when it is on the
  same page (the browser lands there with or without JavaScript); for an answer on another page,
  a hidden ``<span id="old" data-catan-moved="...">`` that a small script follows
  (:data:`FOLLOW`: when the page opens on that anchor, after an instant navigation too);
- the old wording, for search (``catan_site.search_index`` reads ``a.catan-moved`` links):
  the links stay, without their ids, in a ``hidden`` block at the end of the page.
"""

from __future__ import annotations

import re
from typing import Any

ANSWER = re.compile(r"(</h2>\s*)<p>(<strong>(?:(?!</strong>).)*</strong>)</p>", re.DOTALL)
#: A merged-questions block: its label paragraph (if any) and a list of ``catan-moved`` links.
MERGED = re.compile(r'(?:<p><em>[^<]*</em>[^<]*</p>\s*)?<ul>\s*((?:<li><a [^>]*class="catan-moved"'
                    r'[^>]*>.*?</a></li>\s*)+)</ul>\s*', re.DOTALL)
MOVED_LINK = re.compile(r'<a ([^>]*class="catan-moved"[^>]*)>(.*?)</a>', re.DOTALL)
ATTR = re.compile(r'([\w-]+)="([^"]*)"')
#: Follows an old anchor whose answer is on another page: run where the page opens (Material
#: runs a page's scripts again after an instant navigation) and on later changes of address.
FOLLOW = """<script>(function () {
  function follow() {
    var id = decodeURIComponent(location.hash.slice(1))
    var el = id && document.getElementById(id)
    var to = el && el.getAttribute("data-catan-moved")
    if (!to) return
    var href = new URL(to, location.href).href
    if (window.catanFollowing === href) return  // once: a second replace would abort the first
    window.catanFollowing = href
    location.replace(href)
  }
  follow()
  if (!window.catanFollowMoved) {
    window.catanFollowMoved = follow
    addEventListener("hashchange", follow)
    if (window.location$) window.location$.subscribe(function () { setTimeout(follow) })
  }
})()</script>"""


def mark_answers(html: str) -> str:
    """Add ``class="catan-answer"`` to bold-only paragraphs that follow an ``<h2>``.

    >>> mark_answers('<h2 id="q">Q?</h2>\\n<p><strong>Yes.</strong></p>')
    '<h2 id="q">Q?</h2>\\n<p class="catan-answer"><strong>Yes.</strong></p>'
    >>> mark_answers('<h2>Q</h2><p>Some <strong>bold</strong> words.</p>')
    '<h2>Q</h2><p>Some <strong>bold</strong> words.</p>'
    """
    return ANSWER.sub(r'\1<p class="catan-answer">\2</p>', html)


def hide_merged(html: str) -> str:
    """Replace the merged-questions blocks by their anchors and a hidden list for search.

    >>> page = ('<h2 id="kept">Kept?</h2><p>Yes.</p><p><em>Merged questions:</em> see.</p>\\n'
    ...         '<ul>\\n<li><a class="catan-moved" href="./#kept" id="old">Old?</a></li>\\n'
    ...         '<li><a class="catan-moved" href="../x/#far" id="gone">Gone?</a></li>\\n</ul>')
    >>> out = hide_merged(page)
    >>> out.startswith('<h2 id="kept"><span id="old"></span>Kept?</h2><p>Yes.</p><div hidden')
    True
    >>> '<span id="gone" data-catan-moved="../x/#far"></span>' in out, 'Merged' in out
    (True, False)
    >>> '<a class="catan-moved" href="./#kept">Old?</a>' in out
    True
    """
    moved: list[tuple[str, str, str]] = []  # (href, old anchor, old question)

    def take(match: re.Match[str]) -> str:
        for attrs, text in MOVED_LINK.findall(match[1]):
            values = dict(ATTR.findall(attrs))
            moved.append((values.get("href", ""), values.get("id", ""), text))
        return ""

    html = MERGED.sub(take, html)
    if not moved:
        return html
    links, away = [], []
    for href, old, text in moved:
        links.append(f'<a class="catan-moved" href="{href}">{text}</a>')
        path, _, kept = href.partition("#")
        heading = re.compile(rf'<h[23] id="{re.escape(kept)}"[^>]*>')
        found = heading.search(html) if path in ("", "./") and kept else None
        if found:
            html = html[:found.end()] + f'<span id="{old}"></span>' + html[found.end():]
        else:
            away.append(f'<span id="{old}" data-catan-moved="{href}"></span>')
    hidden = f'<div hidden class="catan-moved-list">{"".join(away + links)}</div>'
    return html + hidden + (FOLLOW if away else "")


def on_page_content(html: str, page: Any, config: Any, files: Any) -> str:
    """Mark the answers and hide the merged questions on FAQ pages."""
    # norm_src_uri: the source path in its language's folder (mkdocs-static-i18n)
    if not getattr(page.file, "norm_src_uri", page.file.src_uri).startswith("faq/"):
        return html
    return hide_merged(mark_answers(html))
