"""MkDocs hook: the site's own search index, one per language (``search/catan-index.json``).

Material's index (``search/search_index.json``) is one document per heading with its text as
flattened HTML: table cells, diagram labels and the "See:" links all run together, and a FAQ
question's one-line answer cannot be told from its explanation. Search here needs more:

* each FAQ question as a document with three fields, the question (``t``), its one-line answer
  (``a``) and the rest (``x``), so the question and the answer can weigh most and the result can
  show the answer line; questions merged into it add their wording (``v``);
* what kind of section it is (``k``): ``q`` a FAQ question, ``r`` a rules section, ``s`` another
  section, ``p`` a page's introduction, so a question ranks above a page header;
* no diagram or widget text, no "See:" line (it names other questions and would pull them in).

``on_page_content`` reads each page's HTML into sections; ``on_post_build`` writes them with the
language's normalisation rules (:mod:`catan_site.search_norm`) and copies the search library.
Each page tells Material's search plugin to leave it out (``search: exclude``), so Material's own
index keeps its config but no documents: Material's page script fetches it
on every page, while the real index is fetched by the search worker when the reader first
focuses the search box (see ``overrides/assets/javascripts/workers/catan-search.js``).
"""

from __future__ import annotations

import json
import posixpath
import re
import shutil
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from catan_site.paths import ROOT
from catan_site.search_norm import load_lexicon

INDEX_NAME = "catan-index.json"
#: The search library, self-hosted from npm (see package.json), copied next to the worker.
LIBRARY = ROOT / "node_modules" / "minisearch" / "dist" / "umd" / "index.js"
LIBRARY_NAME = "minisearch.js"
WORKERS = Path("assets") / "javascripts" / "workers"

_HEADING = re.compile(r"h[1-3]")  # h1 starts the page, h2 and h3 start sections
_SKIP_TAGS = {"svg", "script", "style", "template", "button", "nav"}
_SKIP_CLASSES = {"catan-widget", "catan-diagram", "catan-lesson", "headerlink", "catan-game",
                 "catan-open-line"}
MOVED = "catan-moved"  # a merged question: a link to the answer kept, with the old question
#: Other ways readers ask a FAQ question, written per answer in its own language, in an HTML
#: comment of the page's Markdown (``<!-- asked: First way? | Second way? -->``, after the
#: one-line answer): readers never see them; search reads them as merged questions (``v``).
ASKED = re.compile(r"\s*asked:\s*(.*?)\s*", re.DOTALL)
_VOID = {"br", "hr", "img", "input", "meta", "link", "wbr", "source", "area", "col", "embed"}
_BLOCK = {"p", "li", "td", "th", "dd", "dt", "tr", "div", "pre", "blockquote", "table", "ul",
          "ol", "dl", "figcaption", "details", "summary"}
_SPACES = re.compile(r"\s+")


@dataclass
class Section:
    """One searchable section of a page: a heading (or the page's start) and what follows."""

    anchor: str
    title: str = ""
    level: int = 1
    answer: list[str] = field(default_factory=list)
    text: list[str] = field(default_factory=list)
    asked: list[str] = field(default_factory=list)


class _Sections(HTMLParser):
    """Split a page's HTML into sections at each ``h1``-``h3`` with an id.

    Text inside widgets, diagrams, SVG, heading permalinks and links to merged questions is
    skipped; a paragraph of class ``catan-answer`` (the FAQ's one-line answer, see
    faq_answers.py) goes to ``answer``; a paragraph that starts with an italic label ending in a
    colon (the FAQ's "*See:*", "*In the rulebook:*" lines) is dropped: it names other questions.
    """

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.sections = [Section(anchor="")]
        self.skip_depth = 0          # > 0 inside a skipped element
        self.stack: list[str] = []   # open tags
        self.heading: Section | None = None
        self.in_answer = 0           # depth of the open answer paragraph, 0 if none
        self.paragraph: list[str] | None = None
        self.label: list[str] | None = None  # text of an <em> opening the paragraph
        self.labelled = False                 # the paragraph opens with "<em>...:</em>"
        self.links: list[tuple[str, str, bool]] = []  # (href, text, merged?) of section links
        self.link_text: list[str] | None = None
        self.in_moved = False  # inside a merged question's link: its text is not the page's

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _VOID:
            return
        self.stack.append(tag)
        values = dict(attrs)
        classes = set((values.get("class") or "").split())
        if self.skip_depth or tag in _SKIP_TAGS or classes & _SKIP_CLASSES:
            self.skip_depth += 1
            return
        if tag == "a" and "#" in (values.get("href") or ""):
            self.in_moved = MOVED in classes
            self.links.append((values.get("href") or "", "", self.in_moved))
            self.link_text = []
        if tag == "h1" and len(self.sections) == 1:
            self.heading = self.sections[0]  # the page's title, whatever its id
        elif _HEADING.fullmatch(tag) and values.get("id"):
            self.heading = Section(anchor=values["id"] or "", level=int(tag[1]))
            self.sections.append(self.heading)
        elif tag == "em" and self.paragraph is not None and not "".join(self.paragraph).strip():
            self.label = []
        elif tag == "p":
            self.paragraph = []
            self.labelled = False
            if "catan-answer" in classes:
                self.in_answer = len(self.stack)
        elif tag in _BLOCK:
            self._out().append(" ")

    def handle_endtag(self, tag: str) -> None:
        if tag in _VOID or tag not in self.stack:
            return
        while self.stack and self.stack.pop() != tag:
            pass
        if self.skip_depth:
            self.skip_depth -= 1
            return
        if _HEADING.fullmatch(tag) and self.heading is not None:
            self.heading.title = _SPACES.sub(" ", self.heading.title).strip()
            self.heading = None
        elif tag == "a" and self.link_text is not None:
            href, _, merged = self.links[-1]
            self.links[-1] = (href, _SPACES.sub(" ", "".join(self.link_text)).strip(), merged)
            self.link_text = None
            self.in_moved = False
        elif tag == "em" and self.label is not None:
            self.labelled = "".join(self.label).strip().endswith(":")
            self.label = None
        elif tag == "p" and self.paragraph is not None:
            text = _SPACES.sub(" ", "".join(self.paragraph)).strip()
            target = self.sections[-1].answer if self.in_answer else self.sections[-1].text
            if text and not self.labelled:
                target.append(text)
            self.paragraph = None
            self.in_answer = 0
        elif tag in _BLOCK:
            self._out().append(" ")

    def handle_data(self, data: str) -> None:
        if self.skip_depth:
            return
        if self.heading is not None:
            self.heading.title += data
            return
        if self.link_text is not None:
            self.link_text.append(data)
            if self.in_moved:
                return
        if self.label is not None:
            self.label.append(data)
        self._out().append(data)

    def handle_comment(self, data: str) -> None:
        found = ASKED.fullmatch(data)
        if found and not self.skip_depth:
            self.sections[-1].asked.extend(
                t for t in (_SPACES.sub(" ", part).strip() for part in found[1].split("|")) if t)

    def _out(self) -> list[str]:
        """Where text goes now: the open paragraph, or the current section's loose text."""
        return self.paragraph if self.paragraph is not None else self.sections[-1].text


def parse(html: str) -> tuple[list[Section], list[tuple[str, str, bool]]]:
    """The sections of a page's HTML (the page's start first) and its links to sections.

    Links are ``(href, text, merged)``: the site's own words for the section they point to;
    ``merged`` for a merged question's link (``catan-moved``), kept out of the page's text.

    >>> [(s.anchor, s.title, s.answer, s.text) for s in parse(
    ...     '<h1>Robber</h1><p>Intro.</p><h2 id="q">Who?<a class="headerlink">#</a></h2>'
    ...     '<p class="catan-answer"><strong>You.</strong></p><p>Why.</p>'
    ...     '<div class="catan-widget"><svg><text>9</text></svg></div><p><em>See:</em> x</p>'
    ... )[0]]
    [('', 'Robber', [], ['Intro.']), ('q', 'Who?', ['You.'], ['Why.'])]
    >>> found = parse('<h1>T</h1><p>See <a href="#c">the cost</a>.</p>'
    ...               '<li><a class="catan-moved" href="../x/#a" id="b">Old?</a></li>')
    >>> found[1], found[0][0].text
    ([('#c', 'the cost', False), ('../x/#a', 'Old?', True)], ['See the cost.'])
    >>> parse('<h2 id="q">Q?</h2><p>A.</p><!-- asked: Other way? |  Third  way? -->')[0][1].asked
    ['Other way?', 'Third way?']
    """
    parser = _Sections()
    parser.feed(html)
    parser.close()
    out = []
    for section in parser.sections:
        text = [t for t in (_SPACES.sub(" ", part).strip() for part in section.text) if t]
        out.append(Section(section.anchor, section.title, section.level, section.answer,
                           [" ".join(text)] if text else [], section.asked))
    return out, parser.links


def kind(url: str, section: Section) -> str:
    """``q`` FAQ question, ``r`` rules section, ``s`` other section, ``p`` page start."""
    if not section.anchor:
        return "p"
    if url.startswith("faq/") and section.answer:
        return "q"
    return "r" if url.startswith("rules/") else "s"


def documents(url: str, page_title: str, html: str) -> list[dict[str, str]]:
    """The index documents of one page (``url`` as in ``page.url``: ``faq/robber/``).

    A question merged into another (its link to the answer kept) becomes a document of its own,
    ``k`` ``m``, with the old question as ``t`` and the answer kept as ``l``: merge_variants
    gives its words to the answer kept (``v``) and drops it. The other ways a question is asked
    (:data:`ASKED`) become such documents too. (Other links' texts, such as the
    "See:" lines' titles, were tried as a field of their target too: no better on the labelled
    queries, so they are not indexed.)
    """
    found, links = parse(html)
    title = found[0].title or page_title
    docs = []
    for section in found:
        if section.anchor and not section.title:
            continue
        docs.append({
            "l": url + (f"#{section.anchor}" if section.anchor else ""),
            "t": section.title or title,
            "a": " ".join(section.answer),
            "x": " ".join(section.text),
            "k": kind(url, section),
            "p": title,
        })
        for text in section.asked:
            docs.append({"l": docs[-1]["l"], "t": text, "k": "m"})
    for href, text, merged in links:
        if merged:
            docs.append({"l": _resolve(url, href), "t": text, "k": "m"})
    return docs


def _resolve(url: str, href: str) -> str:
    """A page's relative link as an index location: ``faq/robber/`` + ``../x/#a`` -> ``faq/x/#a``.

    >>> _resolve("faq/robber/", "../development-cards/#knight")
    'faq/development-cards/#knight'
    >>> _resolve("faq/robber/", "#who")
    'faq/robber/#who'
    """
    path, _, anchor = href.partition("#")
    joined = posixpath.normpath(posixpath.join(url, path)) + "/" if path else url
    return joined.lstrip("./") + (f"#{anchor}" if anchor else "")


LINK_FIELDS = {"m": "v"}  # link kind -> field of the target it adds its text to


def merge_variants(docs: list[dict[str, str]]) -> list[dict[str, str]]:
    """Give each answer kept the questions merged into it (``v``, each once).

    >>> merge_variants([{"l": "a/#q", "t": "Who?", "k": "q"}, {"l": "a/#q", "t": "Who?", "k": "m"},
    ...                 {"l": "a/#q", "t": "Who pays", "k": "m"}, {"l": "b/", "t": "x", "k": "m"}])
    [{'l': 'a/#q', 't': 'Who?', 'k': 'q', 'v': 'Who pays'}]
    """
    kept = [doc for doc in docs if doc["k"] not in LINK_FIELDS]
    by_location = {doc["l"]: doc for doc in kept}
    texts: dict[tuple[str, str], list[str]] = {}
    for doc in docs:
        target = by_location.get(doc["l"])
        if doc["k"] not in LINK_FIELDS or not target:
            continue
        seen = texts.setdefault((doc["l"], LINK_FIELDS[doc["k"]]), [])
        if doc["t"] not in ("", target["t"], *seen):
            seen.append(doc["t"])
    for (location, name), found in texts.items():
        if found:
            by_location[location][name] = " · ".join(found)
    return kept


_collected: dict[str, list[dict[str, str]]] = {}


def on_config(config: Any) -> Any:
    """Start a new index for this language's build."""
    _collected.clear()
    return config


def on_page_content(html: str, page: Any, config: Any, files: Any) -> str:
    """Collect the page's sections (the HTML itself is not changed), and tell Material's search
    plugin to leave the page out of its own index (its ``search: exclude``), which would be
    emptied anyway: Material parsed every page again for it, half the site's build (22 of 45 s
    of a profiled build)."""
    _collected[page.url] = documents(page.url, page.title or "", html)
    page.meta["search"] = {**(page.meta.get("search") or {}), "exclude": True}
    return html


def index_json(lang: str, docs: list[dict[str, str]]) -> dict[str, Any]:
    """The whole index of a language: its normalisation rules and its documents."""
    return {"lang": lang, "rules": load_lexicon(lang).to_json(), "docs": docs}


def on_post_build(config: Any) -> None:
    """Write ``search/catan-index.json`` and copy the library (Material's own index is empty:
    every page left itself out of it, :func:`on_page_content`).

    Called by the plugin after the search plugin has written its index. The pages collected
    are then forgotten: the next language's build collects its own.
    """
    docs = merge_variants([doc for url in sorted(_collected) for doc in _collected[url]])
    _collected.clear()
    site = Path(config.site_dir)
    if not (site / "search" / "search_index.json").exists():  # Material's search is off
        return
    lang = config.theme["language"]
    dump = json.dumps(index_json(lang, docs), ensure_ascii=False, separators=(",", ":"))
    (site / "search" / INDEX_NAME).write_text(dump, encoding="utf-8")
    target = site / WORKERS / LIBRARY_NAME
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(LIBRARY, target)
