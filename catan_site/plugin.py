"""The ``catan`` MkDocs plugin: plain ``mkdocs build`` builds the whole site.

Registered as the ``catan`` entry point of ``mkdocs.plugins`` (``pip install -e .``) and named
in mkdocs.yml. One ``mkdocs build`` writes::

    site/index.html        sends visitors to their language (default: the first of the list)
    site/<lang>/           one MkDocs build per language of i18n/languages.yml, from
                           docs/<lang>/, with its own search index, sitemap and site_url
    site/assets/           Pyodide, the engine wheel and the front end, once for all languages

The build MkDocs starts is the default language's; at its end it builds the other languages,
each from a fresh configuration (the plugin knows it is one of those builds and does not
recurse), then writes the root page and the browser runtime. ``mkdocs serve`` does the same
into its temporary directory and serves all of it.

Per language the plugin sets ``docs_dir``, ``site_dir``, ``site_url``, the theme and search
language, the site name and the navigation titles; it registers the ``catan-diagram``,
``catan-widget`` and ``catan-lesson`` fences (drawn at build time by the engine), runs the
page parts listed in ``PARTS``, and gives every page its alternates in every language.
"""

from __future__ import annotations

import contextlib
import functools
import gzip
import logging
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

from mkdocs.commands.build import build
from mkdocs.config import base, load_config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.nav import Navigation
from mkdocs.utils import clean_directory
from mkdocs.utils.templates import TemplateContext

from catan_site import (
    alternates,
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
    widgets,
)
from catan_site.paths import ROOT

log = logging.getLogger("mkdocs.plugins.catan")

#: Where the site is served when mkdocs.yml names no ``site_url`` (``nox -s serve``).
DEFAULT_SITE_URL = "http://127.0.0.1:8000/"
#: Page parts, in order: modules whose ``on_config`` (at the start of each language's build),
#: ``on_page_markdown`` and ``on_page_content`` functions the plugin calls (same arguments as
#: the MkDocs events of those names). The search index reads pages after the FAQ answers are
#: marked and before the widgets' data is added.
PARTS: tuple[ModuleType, ...] = (glossary, faq_answers, search_index, widgets, game_page,
                                 tutorial, frontend, offline)
#: Sources ``mkdocs serve`` watches besides docs/ and mkdocs.yml.
WATCHED = ("i18n", "tutorial", "catan_core", "catan_web", "overrides")

#: The language being built by ``_build_language`` (None: the build MkDocs started).
_building: str | None = None


def fence_config(lang: str) -> list[dict[str, Any]]:
    """The superfences ``custom_fences`` of the site, drawing boards in ``lang``."""
    return [
        {"name": "catan-diagram", "class": "catan-diagram", "validator": fences.validate,
         "format": functools.partial(fences.format_diagram, lang=lang)},
        {"name": "catan-widget", "class": "catan-widget", "validator": fences.validate,
         "format": functools.partial(fences.format_widget, lang=lang)},
        {"name": "catan-lesson", "class": "catan-lesson", "validator": tutorial.validate,
         "format": functools.partial(tutorial.format_lesson, lang=lang)},
    ]


def redirect_page() -> str:
    """``site/index.html``: the visitor's language if the site has it, else the default."""
    codes = list(languages.codes())
    default = languages.default()
    links = "".join(f'<li><a href="{code}/" hreflang="{code}" lang="{code}">{name}</a></li>'
                    for code, name in languages.names().items())
    return f"""<!doctype html>
<html lang="{default}">
<head>
<meta charset="utf-8">
<title>{languages.get(default).site_name or "Catan"}</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<script>
  (function () {{
    var have = {codes}, wanted = (navigator.languages || [navigator.language || ""])
    for (var i = 0; i < wanted.length; i++) {{
      var code = String(wanted[i]).slice(0, 2).toLowerCase()
      if (have.indexOf(code) >= 0) {{ location.replace(code + "/"); return }}
    }}
    location.replace("{default}/")
  }})()
</script>
<meta http-equiv="refresh" content="1; url={default}/">
</head>
<body>
<ul>{links}</ul>
</body>
</html>
"""


def _run_parts(event: str, text: str, page: Any, config: MkDocsConfig, files: Any) -> str:
    """Pass a page's text through every part of ``PARTS`` that handles ``event``, in order."""
    for part in PARTS:
        handler = getattr(part, event, None)
        if handler is not None:
            text = handler(text, page, config, files)
    return text


@contextlib.contextmanager
def _building_language(lang: str) -> Iterator[None]:
    global _building
    previous, _building = _building, lang
    try:
        yield
    finally:
        _building = previous


class CatanConfig(base.Config):
    """No options: the languages are in i18n/languages.yml, the address is ``site_url``."""


class CatanPlugin(BasePlugin[CatanConfig]):  # type: ignore[no-untyped-call]
    """Builds every language of the site, its fences, pages, alternates and runtime."""

    def __init__(self) -> None:
        super().__init__()
        self.lang = languages.default()
        self.is_main = True
        self.dirty = False
        self.site_root = Path("site")
        self.docs_root = ROOT / "docs"
        self.site_url = DEFAULT_SITE_URL
        self.urls: alternates.PageUrls = {}
        self.pages: list[tuple[str, str | None]] = []

    def on_startup(self, *, command: str, dirty: bool) -> None:
        """Remember whether the build is dirty (the other languages are built the same way)."""
        self.dirty = dirty

    @event_priority(100)  # before the search plugin reads its language
    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        """Turn the configuration into the one of this build's language."""
        self.is_main = _building is None
        self.lang = _building or languages.default()
        language = languages.get(self.lang)
        self.site_root = Path(config.site_dir)
        self.docs_root = Path(config.docs_dir)
        self.site_url = (config.site_url or DEFAULT_SITE_URL).rstrip("/") + "/"
        if not (self.docs_root / self.lang).is_dir():
            raise PluginError(f"catan: no folder {self.docs_root / self.lang} for language "
                              f"{self.lang!r} of {languages.LANGUAGES_FILE.name}")
        config.docs_dir = str(self.docs_root / self.lang)
        config.site_dir = str(self.site_root / self.lang)
        config.site_url = f"{self.site_url}{self.lang}/"
        config.site_name = language.site_name or config.site_name
        config.site_description = language.site_description or config.site_description
        config.theme["language"] = self.lang
        for name, plugin in config.plugins.items():
            if name.endswith("search"):
                plugin.config.lang = [self.lang]
        _register_fences(config, self.lang)
        self.urls = alternates.page_urls(self.docs_root, config.use_directory_urls)
        self.pages = []
        config.extra["alternate"] = True  # the header's switcher; see catan_site/alternates.py
        for part in PARTS:
            if hasattr(part, "on_config"):
                config = part.on_config(config) or config
        return config

    def on_pre_build(self, *, config: MkDocsConfig) -> None:
        """The main build starts from an empty site (unless dirty)."""
        if self.is_main and not self.dirty and self.site_root.is_dir():
            clean_directory(str(self.site_root))

    def on_nav(self, nav: Navigation, *, config: MkDocsConfig, files: Any) -> Navigation:
        """Translate the navigation titles written in mkdocs.yml."""
        words = languages.get(self.lang).nav
        if words:
            _translate(nav.items, words)
        return nav

    def on_page_markdown(self, markdown: str, *, page: Any, config: MkDocsConfig,
                         files: Any) -> str:
        """Run the parts' ``on_page_markdown``."""
        return _run_parts("on_page_markdown", markdown, page, config, files)

    def on_page_content(self, html: str, *, page: Any, config: MkDocsConfig,
                        files: Any) -> str:
        """Run the parts' ``on_page_content``."""
        return _run_parts("on_page_content", html, page, config, files)

    def on_page_context(self, context: TemplateContext, *, page: Any, config: MkDocsConfig,
                        nav: Navigation) -> TemplateContext:
        """The page in every language, for the switcher (and, later, the sitemap)."""
        links = alternates.alternates(page.file.src_uri, self.lang, self.urls, self.site_url)
        context["catan_alternates"] = links  # type: ignore[typeddict-unknown-key]
        self.pages.append((page.file.src_uri, getattr(page, "update_date", None)))
        return context

    def on_template_context(self, context: TemplateContext, *, template_name: str,
                            config: MkDocsConfig) -> TemplateContext:
        """The 404 page (served at any depth) switches to the homes, by absolute links."""
        if template_name == "404.html":
            homes = alternates.alternates("index.md", self.lang, self.urls, self.site_url)
            context["catan_alternates"] = [  # type: ignore[typeddict-unknown-key]
                {**home, "link": home["href"]} for home in homes]
        return context

    @event_priority(-100)  # after the search plugin has written its index
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        """Sitemap and search index; the main build then builds the rest of the site."""
        xml = alternates.sitemap(sorted(self.pages), self.lang, self.urls, self.site_url)
        site_dir = Path(config.site_dir)
        (site_dir / "sitemap.xml").write_text(xml, encoding="utf-8")
        (site_dir / "sitemap.xml.gz").write_bytes(gzip.compress(xml.encode(), mtime=0))
        search_index.on_post_build(config)
        if not self.is_main:
            return
        for lang in languages.codes():
            if lang != self.lang:
                self._build_language(lang, config)
        (self.site_root / "index.html").write_text(redirect_page(), encoding="utf-8")
        try:
            runtime_assets.copy_runtime(self.site_root)
        except runtime_assets.RuntimeAssetsError as exc:
            raise PluginError(f"catan: {exc}") from exc
        # Last: the service worker lists the finished site's files (catan_site/offline).
        offline.write(self.site_root, config.site_name, config.site_description or "")
        # What MkDocs does next sees the whole site: `mkdocs serve` watches docs_dir,
        # `gh-deploy` publishes site_dir.
        config.docs_dir, config.site_dir = str(self.docs_root), str(self.site_root)
        config.site_url = self.site_url

    def on_serve(self, server: Any, *, config: MkDocsConfig, builder: Any) -> Any:
        """Watch every source of the pages besides docs/ and mkdocs.yml."""
        for name in (*WATCHED, runtime_assets.FRONTEND_DIR.name):
            if (ROOT / name).exists():
                server.watch(str(ROOT / name))
        return server

    def _build_language(self, lang: str, config: MkDocsConfig) -> None:
        """Build ``lang`` into ``site/<lang>/`` from a fresh configuration."""
        start = time.perf_counter()
        with _building_language(lang):
            other = load_config(config.config_file_path, site_dir=str(self.site_root),
                                site_url=self.site_url, strict=config.strict)
            other.plugins.on_startup(command="build", dirty=self.dirty)
            try:
                build(other, dirty=self.dirty)
            finally:
                other.plugins.on_shutdown()
        log.info("catan: built %s in %.2f s", lang, time.perf_counter() - start)


def _register_fences(config: MkDocsConfig, lang: str) -> None:
    """Add the site's fences to superfences' configuration (replacing any of the same name)."""
    if "pymdownx.superfences" not in config.markdown_extensions:
        config.markdown_extensions.append("pymdownx.superfences")
    superfences = config.mdx_configs.setdefault("pymdownx.superfences", {})
    ours = fence_config(lang)
    names = {fence["name"] for fence in ours}
    superfences["custom_fences"] = [
        *(f for f in superfences.get("custom_fences", []) if f.get("name") not in names), *ours]


def _translate(items: list[Any], words: dict[str, str]) -> None:
    for item in items:
        if item.title in words:
            item.title = words[item.title]
        if getattr(item, "children", None):
            _translate(item.children, words)
