"""The site offline and installable: the service worker, its file list, the app manifests.

``write(site_root)`` runs once at the end of a site build (the ``catan`` plugin, after the
languages and the browser runtime are written) and writes::

    site/<lang>/manifest.webmanifest   the app in that language (name, start page, colours,
                                       the icons of overrides/assets/images/)
    site/sw.js                         sw.js of this folder with this build's file list:
                                       {path: [content hash, bytes, group]} and a version

Groups: ``""`` (the root page, installed with the worker), ``"runtime"`` (``assets/``:
Pyodide, the wheel, the front end; one copy for every language), a language code (every file
of ``site/<lang>/`` but Material's lunr files, which the site's own search replaces, and the
gzipped sitemap, which no page reads; the worker answers a sitemap only offline).
``files(site_root)`` computes the list from the files on disk, so a test can compare it with
the site.

``on_config`` (a page part of the plugin) gives the templates the language's texts of
``i18n/offline.yml`` and the theme colour: ``config.extra.catan_offline``
(``overrides/partials/copyright.html`` shows the control, ``overrides/main.html`` links the
manifest, ``overrides/assets/javascripts/catan-offline.js`` registers the worker).
"""

from __future__ import annotations

import hashlib
import json
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
#: The icons (drawn by ``python -m catan_site.offline.icons``), relative to a language root.
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


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """The control's texts in the language being built, for the templates."""
    lang = str(config.theme["language"])
    config.extra["catan_offline"] = {"texts": flat_strings(TEXTS, lang),
                                     "theme_colour": THEME_COLOUR}
    return config


def group_of(path: str) -> str | None:
    """The group of a file (its path under the site root), None if the worker leaves it."""
    head, _, rest = path.partition("/")
    if path == SW_NAME or path.rsplit("/", 1)[-1] in SKIPPED_NAMES:
        return None
    if head in languages.codes():
        return None if rest.startswith(SKIPPED_PARTS) else head
    if path.startswith(RUNTIME_DIRS):
        return "runtime"
    return ""


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
    """The web app manifest of a language (paths relative to ``site/<lang>/``); the default
    names are mkdocs.yml's, for a language that does not translate them."""
    language = languages.get(lang)
    texts = flat_strings(TEXTS, lang)
    return {
        "name": language.site_name or default_name,
        "short_name": texts["app_short_name"],
        "description": language.site_description or default_description,
        "lang": lang,
        "id": "./",
        "start_url": "./",
        "scope": "../",
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND,
        "icons": list(ICONS),
    }


def write(site_root: Path, site_name: str, site_description: str) -> dict[str, Any]:
    """Write every language's manifest, then ``sw.js`` with the list of the finished site."""
    for lang in languages.codes():
        manifest = app_manifest(lang, site_name, site_description)
        (site_root / lang / MANIFEST_NAME).write_text(
            json.dumps(manifest, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    listed = files(site_root)
    version = hashlib.sha256(json.dumps(listed, sort_keys=True).encode()).hexdigest()[:12]
    build = json.dumps({"version": version, "files": listed}, separators=(",", ":"))
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
