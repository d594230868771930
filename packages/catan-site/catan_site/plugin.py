"""The ``catan`` MkDocs plugin: what this site adds to a build of mkdocs-static-i18n.

Registered as the ``catan`` entry point of ``mkdocs.plugins`` and named in mkdocs.yml after
``i18n``. The i18n plugin builds every language of mkdocs.yml (``docs/<lang>/``, the default
at the site root, the others under ``<lang>/``, navigation titles, site name and theme language
per language). For each language's build this plugin

- registers the ``catan-diagram``, ``catan-widget`` and ``catan-lesson`` fences (drawn at build
  time by the engine, in the language being built) and runs the page parts of ``PARTS``;
- gives every page its alternates in every language (the header's switcher), from the i18n
  plugin's ``file.alternates``;
- writes the language's own sitemap, search index and 404 page into the language's root.

Once every language is built it writes what the whole site shares: the browser runtime
(``assets/``), the compatibility pages of ``en/`` (the default language used to be there),
then the service worker with the finished site's file list. See notes/site-build.md for why
the sitemaps, the search indexes and the switcher stay here.
"""

from __future__ import annotations

import functools
import gzip
import html
import logging
import shutil
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, CombinedEvent, event_priority
from mkdocs.structure.nav import Navigation
from mkdocs.utils import get_relative_url
from mkdocs.utils.templates import TemplateContext

from catan_site import (
    alternates,
    examples,
    faq_answers,
    fences,
    frontend,
    game_page,
    glossary,
    languages,
    offline,
    runtime_assets,
    search_index,
    tutorial,
    typography,
    widgets,
)
from catan_site.paths import ROOT

log = logging.getLogger("mkdocs.plugins.catan")

#: Page parts, in order, by the option that turns each on: modules whose ``on_config`` (at the
#: start of each language's build), ``on_page_markdown`` and ``on_page_content`` functions the
#: plugin calls (same arguments as the MkDocs events of those names). The search index reads
#: pages after the FAQ answers are marked and before the examples and the widgets' data are
#: added (an example's sentences are not what a reader searches for).
PARTS: dict[str, ModuleType] = {"glossary": glossary, "faq": faq_answers, "search": search_index,
                                "examples": examples, "widgets": widgets, "game": game_page,
                                "tutorial": tutorial, "frontend": frontend, "offline": offline}
#: Sources ``mkdocs serve`` watches besides docs/ and mkdocs.yml.
WATCHED = ("i18n", "tutorial", "examples", "catan_core", "catan_web", "overrides")
#: Where the default language was before mkdocs-static-i18n put it at the site root: its
#: addresses keep working (a page there sends the reader to the same page at the root).
LEGACY_DEFAULT_DIR = "en"
#: The site's fences, each with the option that registers it.
FENCES = ("catan-diagram", "catan-widget", "catan-lesson")
FENCE_OPTIONS = {"catan-diagram": "diagrams", "catan-widget": "widgets",
                 "catan-lesson": "tutorial"}
#: Files every language's build writes at the site root, which belong to one language.
_ROOT_FILES = ("sitemap.xml", "sitemap.xml.gz", "404.html", "search/search_index.json")


def fence_config(lang: str, names: tuple[str, ...] = FENCES) -> list[dict[str, Any]]:
    """The superfences ``custom_fences`` of the site (those of ``names``), drawing boards in
    ``lang``."""
    every = [
        {"name": "catan-diagram", "class": "catan-diagram", "validator": fences.validate,
         "format": functools.partial(fences.format_diagram, lang=lang)},
        {"name": "catan-widget", "class": "catan-widget", "validator": fences.validate,
         "format": functools.partial(fences.format_widget, lang=lang)},
        {"name": "catan-lesson", "class": "catan-lesson", "validator": tutorial.validate,
         "format": functools.partial(tutorial.format_lesson, lang=lang)},
    ]
    return [fence for fence in every if fence["name"] in names]


def moved_page(target: str, site_url: str) -> str:
    """A page of ``en/`` that sends the reader to ``target`` (relative), keeping the anchor.

    >>> page = moved_page("../../rules/", "http://h/rules/")
    >>> 'url=../../rules/"' in page and 'href="http://h/rules/"' in page
    True
    """
    href = html.escape(target)
    return f"""<!doctype html>
<html lang="{languages.default()}">
<head>
<meta charset="utf-8">
<title>{html.escape(site_url)}</title>
<link rel="canonical" href="{html.escape(site_url)}">
<meta name="robots" content="noindex">
<script>location.replace("{href}" + location.search + location.hash)</script>
<meta http-equiv="refresh" content="0; url={href}">
</head>
<body><p><a href="{href}">{html.escape(site_url)}</a></p></body>
</html>
"""


def _run_parts(parts: list[ModuleType], event: str, text: str, page: Any,
               config: MkDocsConfig, files: Any) -> str:
    """Pass a page's text through every part of ``parts`` that handles ``event``, in order."""
    for part in parts:
        handler = getattr(part, event, None)
        if handler is not None:  # the search index's locations are from the language's root
            text = handler(text, _in_language(page) if part is search_index else page,
                           config, files)
    return text


def _in_language(page: Any) -> Any:
    """The page as the search index sees it: its URL from the language's root (and the page's
    own ``meta``, where it tells Material's search plugin to leave the page to it)."""
    lang = getattr(page.file, "locale", languages.default())
    prefix = languages.root(lang)
    url = page.url[len(prefix):] if prefix and page.url.startswith(prefix) else page.url
    return SimpleNamespace(url=url, title=page.title, file=page.file, meta=page.meta)


class CatanConfig(base.Config):
    """What the plugin does, each part on by default (``catan: {search: false}`` in mkdocs.yml
    turns the site's own search index off). The languages are the i18n plugin's, the address
    is ``site_url``."""

    diagrams = c.Type(bool, default=True)   # the catan-diagram fence, drawn by the engine
    widgets = c.Type(bool, default=True)    # the catan-widget fence and its starting positions
    examples = c.Type(bool, default=True)   # the FAQ's worked examples (examples/faq/*.yml)
    tutorial = c.Type(bool, default=True)   # the catan-lesson fence and its links
    glossary = c.Type(bool, default=True)   # the glossary page's table
    faq = c.Type(bool, default=True)        # FAQ answers marked, merged questions hidden
    search = c.Type(bool, default=True)     # one search index per language (notes/search.md)
    game = c.Type(bool, default=True)       # the Play and Review pages
    frontend = c.Type(bool, default=True)   # each page's scripts and catalog (needs runtime)
    offline = c.Type(bool, default=True)    # app manifests, offline pages, the service worker
    sitemaps = c.Type(bool, default=True)   # each language's sitemap with its alternates
    switcher = c.Type(bool, default=True)   # the header's links to the page in each language
    runtime = c.Type(bool, default=True)    # Pyodide, the engine wheel, the front end
    #: where the default language was; its pages there send readers to the root ("": none)
    old_default_root = c.Type(str, default=LEGACY_DEFAULT_DIR)


class CatanPlugin(BasePlugin[CatanConfig]):  # type: ignore[no-untyped-call]
    """The site's fences, page parts, alternates, per-language files and runtime."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[ModuleType] = []
        self.lang = languages.default()
        self.site_root = Path("site")
        self.site_url = ""
        #: {file: bytes}: the default language's files at the site root, which the other
        #: languages' builds write again
        self.root_files: dict[str, bytes] = {}
        #: (source path in the language, URL, last change, its URL in every language)
        self.pages: list[tuple[str, str, str | None, dict[str, str]]] = []
        self.default_urls: list[str] = []
        #: mkdocs.yml's site name and description, as the default language has them
        self.default_texts = ("", "")

    def _i18n(self, config: MkDocsConfig) -> Any:
        plugin = config.plugins.get("i18n")
        if plugin is None:
            raise PluginError("catan: mkdocs.yml must name the i18n plugin before catan")
        return plugin

    @event_priority(100)  # before the search plugin reads its language
    def _search_language(self, config: MkDocsConfig) -> MkDocsConfig:
        lang = self._i18n(config).current_language or languages.default()
        for name, plugin in config.plugins.items():
            if name.endswith("search"):
                plugin.config.lang = [lang]
        return config

    @event_priority(-110)  # after the i18n plugin has set this language's configuration
    def _language_config(self, config: MkDocsConfig) -> MkDocsConfig:
        """The configuration of the language being built: fences, page parts."""
        self.lang = str(self._i18n(config).current_language)
        self.site_root = Path(config.site_dir)
        self.site_url = (config.site_url or "").rstrip("/") + "/"
        self.pages = []
        self.parts = [part for name, part in PARTS.items() if self.config[name]]
        _register_fences(config, self.lang, tuple(name for name in FENCES
                                                  if self.config[FENCE_OPTIONS[name]]))
        if self.config.switcher:  # the header's switcher; see catan_site/alternates.py
            config.extra["alternate"] = True
        config.extra["catan_search"] = self.config.search  # overrides/main.html
        # the language's root and every language's, from the site root (overrides/main.html)
        config.extra["catan_root"] = languages.root(self.lang)
        config.extra["catan_roots"] = {code: languages.root(code) for code in languages.codes()}
        for part in self.parts:
            if hasattr(part, "on_config"):
                config = part.on_config(config) or config
        return config

    on_config = CombinedEvent(_search_language, _language_config)

    def on_page_markdown(self, markdown: str, *, page: Any, config: MkDocsConfig,
                         files: Any) -> str:
        """Run the parts' ``on_page_markdown``."""
        return _run_parts(self.parts, "on_page_markdown", markdown, page, config, files)

    def on_page_content(self, html: str, *, page: Any, config: MkDocsConfig,
                        files: Any) -> str:
        """Run the parts' ``on_page_content``."""
        return _run_parts(self.parts, "on_page_content", html, page, config, files)

    def on_page_context(self, context: TemplateContext, *, page: Any, config: MkDocsConfig,
                        nav: Navigation) -> TemplateContext:
        """The page in every language, for the switcher and the sitemap."""
        urls = alternates.page_alternates(page.file)
        if self.config.switcher:
            context["catan_alternates"] = alternates.alternates(  # type: ignore[typeddict-unknown-key]
                urls, self.lang, page.url, self.site_url)
        self.pages.append((page.file.norm_src_uri, page.url, getattr(page, "update_date", None),
                           urls))
        return context

    def on_post_page(self, output: str, *, page: Any, config: MkDocsConfig) -> str:
        """The language's spacing around punctuation in the page (:mod:`typography`)."""
        return typography.apply(self.lang, output)

    def on_post_template(self, output_content: str, *, template_name: str,
                         config: MkDocsConfig) -> str:
        """The same in the pages written from a template alone (the 404 page)."""
        if not template_name.endswith(".html"):
            return output_content
        return typography.apply(self.lang, output_content)

    def on_template_context(self, context: TemplateContext, *, template_name: str,
                            config: MkDocsConfig) -> TemplateContext:
        """The 404 page (served at any depth) switches to the homes, by absolute links."""
        if template_name == "404.html" and self.config.switcher:
            homes = {code: languages.root(code) for code in languages.codes()}
            context["catan_alternates"] = [  # type: ignore[typeddict-unknown-key]
                {**home, "link": home["href"]}
                for home in alternates.alternates(homes, self.lang, "", self.site_url)]
        return context

    @event_priority(-50)  # after the search plugin, before i18n builds the next language
    def _language_files(self, config: MkDocsConfig) -> None:
        """The language's sitemap, search index and 404 page, in the language's root."""
        lang_dir = self.site_root / languages.root(self.lang)
        lang_dir.mkdir(parents=True, exist_ok=True)
        if self.config.sitemaps:
            xml = alternates.sitemap([entry[1:] for entry in sorted(self.pages)], self.lang,
                                     self.site_url)
            (lang_dir / "sitemap.xml").write_text(xml, encoding="utf-8")
            (lang_dir / "sitemap.xml.gz").write_bytes(gzip.compress(xml.encode(), mtime=0))
        if lang_dir != self.site_root:  # written at the root by every language's build
            theirs = () if self.config.sitemaps else ("sitemap.xml", "sitemap.xml.gz")
            for name in ("404.html", "search/search_index.json", *theirs):
                if (self.site_root / name).is_file():
                    (lang_dir / name).parent.mkdir(parents=True, exist_ok=True)
                    shutil.copyfile(self.site_root / name, lang_dir / name)
        if self.config.search:
            search_index.on_post_build(SimpleNamespace(site_dir=str(lang_dir),
                                                       theme=config.theme))
            if lang_dir != self.site_root:  # the search library is shared, at the site root
                shutil.rmtree(lang_dir / "assets", ignore_errors=True)
        if lang_dir == self.site_root:  # the next languages' builds write these again
            self.root_files = {name: (lang_dir / name).read_bytes() for name in _ROOT_FILES
                               if (lang_dir / name).is_file()}
            self.default_urls = [url for _, url, _, _ in self.pages]
            self.default_texts = (config.site_name, config.site_description or "")

    @event_priority(-110)  # after the i18n plugin has built every language
    def _site_files(self, config: MkDocsConfig) -> None:
        """Once: the root's files, the ``en/`` pages, the runtime, the service worker."""
        if self._i18n(config).building:
            return  # one language of the i18n plugin's loop
        for name, data in self.root_files.items():
            (self.site_root / name).write_bytes(data)
        if self.config.old_default_root:
            self._write_legacy_default(self.config.old_default_root)
        if self.config.runtime:
            try:
                runtime_assets.copy_runtime(self.site_root)
            except runtime_assets.RuntimeAssetsError as exc:
                raise PluginError(f"catan: {exc}") from exc
        if self.config.offline:  # last: it lists the finished site's files (catan_site/offline)
            offline.write(self.site_root, *self.default_texts)

    on_post_build = CombinedEvent(_language_files, _site_files)

    def _write_legacy_default(self, folder: str) -> None:
        """``en/<page>/``: the default language's pages, now at the root, under the old address."""
        legacy = self.site_root / folder
        for url in self.default_urls:
            url = "" if url in ("", "./", ".") else url
            target = _as_dir(get_relative_url(url or ".", f"{folder}/{url}"))
            path = legacy / url / "index.html"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(moved_page(target, self.site_url + url), encoding="utf-8")
        if "404.html" in self.root_files:
            (legacy / "404.html").write_bytes(self.root_files["404.html"])

    def on_serve(self, server: Any, *, config: MkDocsConfig, builder: Any) -> Any:
        """Watch every source of the pages besides docs/ and mkdocs.yml."""
        for name in (*WATCHED, runtime_assets.FRONTEND_DIR.name):
            if (ROOT / name).exists():
                server.watch(str(ROOT / name))
        return server


def _as_dir(link: str) -> str:
    """A relative link to a folder ends with ``/`` (``..`` -> ``../``)."""
    return link if link.endswith("/") else link + "/"


def _register_fences(config: MkDocsConfig, lang: str, names: tuple[str, ...]) -> None:
    """Add the site's fences ``names`` to superfences' configuration (replacing any of the same
    name)."""
    if not names:
        return
    if "pymdownx.superfences" not in config.markdown_extensions:
        config.markdown_extensions.append("pymdownx.superfences")
    superfences = config.mdx_configs.setdefault("pymdownx.superfences", {})
    ours = fence_config(lang, names)
    superfences["custom_fences"] = [
        *(f for f in superfences.get("custom_fences", []) if f.get("name") not in names), *ours]
