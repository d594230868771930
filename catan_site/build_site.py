"""Build the whole site: ``python -m catan_site.build_site [--site-dir site] [--lang fr ...]``.

One MkDocs build per language (``build_only_locale`` from ``CATAN_LANG``), each into
``site/<lang>/`` with its own search index and stemmer, then ``site/index.html`` sends visitors to
their language. Every build is strict, and any warning logged anywhere fails the whole run.
"""

from __future__ import annotations

import argparse
import logging
import os
import shutil
import sys
import time
from pathlib import Path

os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")

from mkdocs.commands.build import build
from mkdocs.config import load_config
from mkdocs.exceptions import MkDocsException

from catan_site.runtime_assets import copy_runtime

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # mkdocs.yml names catan_site.fences functions
    sys.path.insert(0, str(ROOT))
LANGUAGES = ("en", "fr", "es", "nl")
DEFAULT_LANGUAGE = "en"

REDIRECT = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Catan rules companion</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<script>
  (function () {{
    var have = {languages}, wanted = (navigator.languages || [navigator.language || ""])
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


class WarningCounter(logging.Handler):
    """Counts every warning or error logged during the builds, whoever logs it."""

    def __init__(self) -> None:
        super().__init__(level=logging.WARNING)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        """Count one more warning."""
        self.count += 1


def build_language(lang: str, site_dir: Path) -> float:
    """Build one language into ``site_dir/<lang>``; return the time it took in seconds.

    With ``CATAN_SITE_URL`` (the deployed address, e.g. ``https://rules.example.org/``) each
    language gets ``site_url`` ``<address><lang>/``: canonical links, and Material's instant
    navigation, which resolves its sitemap with it.
    """
    start = time.perf_counter()
    os.environ["CATAN_LANG"] = lang
    os.environ["CATAN_SITE_DIR"] = str(site_dir / lang)
    address = os.environ.get("CATAN_SITE_URL", "")
    overrides = {"site_url": f"{address.rstrip('/')}/{lang}/"} if address else {}
    config = load_config(str(ROOT / "mkdocs.yml"), strict=True, **overrides)
    build(config)
    return time.perf_counter() - start


def write_redirect(site_dir: Path) -> None:
    """``site/index.html``: pick the visitor's language, English by default."""
    names = {"en": "English", "fr": "Français", "es": "Español", "nl": "Nederlands"}
    links = "".join(f'<li><a href="{lang}/" hreflang="{lang}">{names[lang]}</a></li>'
                    for lang in LANGUAGES)
    page = REDIRECT.format(languages=list(LANGUAGES), default=DEFAULT_LANGUAGE, links=links)
    (site_dir / "index.html").write_text(page, encoding="utf-8")


def build_site(site_dir: Path, languages: tuple[str, ...] = LANGUAGES) -> int:
    """Build the given languages; return the number of warnings (0 means success)."""
    counter = WarningCounter()
    logging.getLogger().addHandler(counter)
    timings: dict[str, float] = {}
    try:
        for lang in languages:
            timings[lang] = build_language(lang, site_dir)
            print(f"built {lang:2} in {timings[lang]:5.2f} s", flush=True)
    except MkDocsException as exc:
        print(f"build failed ({lang}): {exc}", file=sys.stderr)
        return max(counter.count, 1)
    finally:
        logging.getLogger().removeHandler(counter)
    write_redirect(site_dir)
    copy_runtime(site_dir)  # Pyodide, engine wheel, widgets: once, for every language
    print(f"built {len(languages)} languages in {sum(timings.values()):.2f} s -> {site_dir}")
    return counter.count


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site-dir", type=Path, default=ROOT / "site")
    parser.add_argument("--lang", action="append", choices=LANGUAGES,
                        help="build only this language (repeatable)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)-7s -  %(message)s")
    shutil.rmtree(args.site_dir, ignore_errors=True)
    warnings = build_site(args.site_dir.resolve(), tuple(args.lang or LANGUAGES))
    if warnings:
        print(f"FAILED: {warnings} warning(s) or error(s), see above", file=sys.stderr)
    return 1 if warnings else 0


if __name__ == "__main__":
    sys.exit(main())
