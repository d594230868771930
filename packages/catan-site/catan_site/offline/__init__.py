"""The site offline and installable: the service worker, its file list, the app manifests.

``write(site_root)`` runs once at the end of a site build (the ``catan`` plugin, after the
languages and the browser runtime are written) and writes::

    <root>manifest.webmanifest         the app in each language (name, start page, colours,
                                       the icons of overrides/assets/images/), in the
                                       language's root (the default's: the site root)
    site/offline/<lang>.html           the offline page: what the worker answers, in the
                                       page's language, for a page it does not keep when the
                                       network fails (installed with the worker)
    site/sw.js                         sw.js of this folder with this build's file list:
                                       {path: [content hash, bytes, group]} and a version

Groups: ``""`` (the offline pages, installed with the worker), ``"runtime"`` (``assets/``:
Pyodide, the wheel, the front end, Material's files; one copy for every language, but
Material's lunr files, which the site's own search replaces), a language code (every file of
the language's root: ``site/<lang>/``, and for the default language the rest of the site root
and the ``en/`` pages that send the old addresses there; but the gzipped sitemap, which no
page reads; the worker answers a sitemap only offline).
``files(site_root)`` computes the list from the files on disk, so a test can compare it with
the site.

``on_config`` (a page part of the plugin) gives the templates the language's texts of
``i18n/offline.yml`` and the theme colour: ``config.extra.catan_offline``
(``overrides/partials/copyright.html`` shows the control, ``overrides/main.html`` links the
manifest, ``overrides/assets/javascripts/catan-offline.js`` registers the worker).
"""

from __future__ import annotations

import hashlib
import html
import json
import re
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig

from catan_site import languages
from catan_site.catalog import I18N, flat_strings

HERE = Path(__file__).resolve().parent
TEXTS = I18N / "offline.yml"
SW_SOURCE = HERE / "sw.js"
SW_NAME = "sw.js"
MANIFEST_NAME = "manifest.webmanifest"
#: The site palette's primary colour (overrides/assets/stylesheets/catan.css, --catan-brick)
#: and Material's light background.
THEME_COLOUR = "#a63d1c"
BACKGROUND = "#ffffff"
#: The icons (drawn by ``python -m catan_site.offline.icons``), relative to the site root.
ICONS = (
    {"src": "assets/images/icon-192.png", "sizes": "192x192", "type": "image/png"},
    {"src": "assets/images/icon-512.png", "sizes": "512x512", "type": "image/png"},
    {"src": "assets/images/icon-maskable-512.png", "sizes": "512x512", "type": "image/png",
     "purpose": "maskable"},
)
RUNTIME_DIRS = ("assets/",)
#: Files no page needs offline (see the module docstring).
SKIPPED_PARTS = ("assets/javascripts/lunr/",)
SKIPPED_NAMES = ("sitemap.xml.gz",)
HASH_LENGTH = 16  # hex digits of sha256, as sw.js compares them
BUILD_MARKER = "const BUILD = null  // replaced at build time"
OFFLINE_DIR = "offline"
#: The default language's old root (its pages send readers to the site root).
LEGACY_DIR = "en"
#: The offline page; ``{{root}}`` (the worker's scope) and ``{{kept}}`` (the pages it keeps in
#: the language, as list items) are filled in by the worker, which also drops the block it does
#: not need (``kept`` or ``none``) and the page list (``[[path, title], ...]``).
OFFLINE_PAGE = """<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>{title}</title>
<style>
body {{ font: 1rem/1.5 system-ui, sans-serif; margin: 0; color: #1f1f1f; background: #fff; }}
header {{ background: {colour}; color: #fff; padding: 0.8rem 1.2rem; font-weight: 600; }}
main {{ max-width: 40rem; margin: 0 auto; padding: 1rem 1.2rem; }}
a {{ color: {colour}; }}
@media (prefers-color-scheme: dark) {{
  body {{ color: #e6e6e6; background: #1e2129; }}
  a {{ color: #f0a080; }}
}}
</style>
</head>
<body>
<header>{site}</header>
<main>
<h1>{title}</h1>
<p>{text}</p>
<p><a href="{{{{root}}}}{lang_root}">{home}</a></p>
<!--kept--><h2>{kept}</h2>
<ul data-kept>{{{{kept}}}}</ul><!--/kept-->
<!--none--><p data-none>{none}</p><!--/none-->
</main>
<script type="application/json" id="catan-pages">{pages}</script>
</body>
</html>
"""


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """The control's texts in the language being built, for the templates."""
    lang = str(config.theme["language"])
    config.extra["catan_offline"] = {"texts": flat_strings(TEXTS, lang),
                                     "theme_colour": THEME_COLOUR}
    return config


def group_of(path: str) -> str | None:
    """The group of a file (its path under the site root), None if the worker leaves it.

    >>> [group_of(p) for p in ("faq/index.html", "fr/faq/index.html", "en/faq/index.html",
    ...                        "assets/x.js", "assets/javascripts/lunr/a.js", "offline/fr.html")]
    ['en', 'fr', 'en', 'runtime', None, '']
    """
    head, _, rest = path.partition("/")
    if path == SW_NAME or path.rsplit("/", 1)[-1] in SKIPPED_NAMES:
        return None
    if path.startswith(SKIPPED_PARTS):
        return None
    if rest and head in languages.codes():
        return head
    if path.startswith(RUNTIME_DIRS):
        return "runtime"
    if head == OFFLINE_DIR and rest:
        return ""
    return languages.default()


def files(site_root: Path) -> dict[str, list[Any]]:
    """``{path: [sha256 prefix, bytes, group]}`` of every file the worker serves."""
    out: dict[str, list[Any]] = {}
    for file in sorted(site_root.rglob("*")):
        if not file.is_file():
            continue
        path = file.relative_to(site_root).as_posix()
        group = group_of(path)
        if group is not None:
            data = file.read_bytes()
            out[path] = [hashlib.sha256(data).hexdigest()[:HASH_LENGTH], len(data), group]
    return out


def app_manifest(lang: str, default_name: str, default_description: str) -> dict[str, Any]:
    """The web app manifest of a language (paths relative to the language's root); the default
    names are mkdocs.yml's, for a language that does not translate them."""
    language = languages.get(lang)
    texts = flat_strings(TEXTS, lang)
    site = "../" * languages.root(lang).count("/") or "./"  # the site root, from the language's
    return {
        "name": language.site_name or default_name,
        "short_name": texts["app_short_name"],
        "description": language.site_description or default_description,
        "lang": lang,
        "id": "./",
        "start_url": "./",
        "scope": site,
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND,
        "icons": [{**icon, "src": site.removeprefix("./") + icon["src"]} for icon in ICONS],
    }


def page_titles(site_root: Path, lang: str) -> list[list[str]]:
    """``[[path, title], ...]`` of a language's pages (path under the site root, as the
    worker's file list names it; the title without the site's name), in path order."""
    out = []
    for file in sorted((site_root / languages.root(lang)).rglob("index.html")):
        path = file.relative_to(site_root).as_posix()
        if group_of(path) != lang or path.startswith(f"{LEGACY_DIR}/"):
            continue
        found = re.search(r"<title>([^<]*)</title>", file.read_text(encoding="utf-8"))
        if found:
            title = html.unescape(found.group(1)).rsplit(" - ", 1)[0].strip()
            out.append([file.relative_to(site_root).as_posix(), title])
    return out


def offline_page(site_root: Path, lang: str, site_name: str) -> str:
    """The offline page of ``lang`` (see ``OFFLINE_PAGE``)."""
    texts = {k: html.escape(v, quote=False) for k, v in flat_strings(TEXTS, lang).items()}
    pages = json.dumps(page_titles(site_root, lang), ensure_ascii=False, separators=(",", ":"))
    return OFFLINE_PAGE.format(
        lang=lang, lang_root=languages.root(lang), colour=THEME_COLOUR,
        site=html.escape(languages.get(lang).site_name
                                                          or site_name),
        title=texts["offline_page_title"], text=texts["offline_page_text"],
        home=texts["offline_page_home"], kept=texts["offline_page_kept"],
        none=texts["offline_page_none"], pages=pages.replace("<", "\\u003c"))


def write(site_root: Path, site_name: str, site_description: str) -> dict[str, Any]:
    """Write every language's manifest and offline page, then ``sw.js`` with the list of the
    finished site."""
    (site_root / OFFLINE_DIR).mkdir(exist_ok=True)
    for lang in languages.codes():
        manifest = app_manifest(lang, site_name, site_description)
        (site_root / languages.root(lang) / MANIFEST_NAME).write_text(
            json.dumps(manifest, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        (site_root / OFFLINE_DIR / f"{lang}.html").write_text(
            offline_page(site_root, lang, site_name), encoding="utf-8")
    listed = files(site_root)
    version = hashlib.sha256(json.dumps(listed, sort_keys=True).encode()).hexdigest()[:12]
    roots = {lang: languages.root(lang) for lang in languages.codes()}
    build = json.dumps({"version": version, "default": languages.default(), "roots": roots,
                        "files": listed}, separators=(",", ":"))
    source = SW_SOURCE.read_text(encoding="utf-8")
    if BUILD_MARKER not in source:
        raise ValueError(f"{SW_SOURCE} has no line {BUILD_MARKER!r}")
    (site_root / SW_NAME).write_text(
        source.replace(BUILD_MARKER, f"const BUILD = {build}", 1), encoding="utf-8")
    return {"version": version, "files": listed}


def read_build(site_root: Path) -> dict[str, Any]:
    """The file list a built ``sw.js`` holds (for tests)."""
    for line in (site_root / SW_NAME).read_text(encoding="utf-8").splitlines():
        if line.startswith("const BUILD = "):
            return dict(json.loads(line.removeprefix("const BUILD = ")))
    raise ValueError("sw.js holds no file list")
