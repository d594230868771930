"""Search in headless Chromium: time from a keystroke in the search box to the results drawn.

On the built site (``site/``, built first if missing) served on 127.0.0.1, for each language a
page is opened, the search box focused (which fetches the index) and each query of the labelled
set (``tests/search/queries/<lang>.yml``) is put in the box, then a real key is pressed (End:
Material reads the box on key events, and a last letter such as "é" cannot be pressed as a key
here). The time runs from that key's ``keydown`` to the moment the result list has been redrawn
(a MutationObserver on it).
Also timed: the index's first load, from the first focus to the first results.

Prints the median, 95th percentile and worst time per language; the target is <= 100 ms.

    python -m benchmarks.search [--lang fr ...] [--json results.json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import yaml

from catan_site import languages
from devtools.chromium import launch_args
from devtools.serve import make_server

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
QUERIES = ROOT / "tests" / "search" / "queries"
LANGUAGES = languages.codes()  # mkdocs.yml (i18n plugin)
TARGET_MS = 100.0

#: Installed once per page: remembers the last keydown in the box and the next redraw after it.
WATCH = """() => {
  const box = document.querySelector("input.md-search__input")
  const list = document.querySelector(".md-search-result__list")
  const marks = window.__searchMarks = { key: 0, drawn: 0 }
  box.addEventListener("keydown", () => { marks.key = performance.now(); marks.drawn = 0 }, true)
  new MutationObserver(() => {
    if (marks.key && !marks.drawn && list.children.length)
      marks.drawn = performance.now()
  }).observe(list, { childList: true })
}"""
DRAWN = "() => window.__searchMarks.drawn > 0"
ELAPSED = "() => window.__searchMarks.drawn - window.__searchMarks.key"


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def measure(page: Any, base_url: str, lang: str) -> dict[str, Any]:
    """Open the language's home page and time every query of its labelled set."""
    queries = [item["q"] for item in yaml.safe_load(
        (QUERIES / f"{lang}.yml").read_text(encoding="utf-8"))["queries"]]
    page.goto(f"{base_url}/{languages.root(lang)}")
    page.evaluate(WATCH)
    box = page.locator("input.md-search__input")
    box.focus()
    times = []
    first_load = None
    for query in queries:
        box.fill("")
        box.press("End")
        page.wait_for_function("!document.querySelector('.md-search-result__list li')")
        box.fill(query)  # an input event: Material waits for a key
        page.evaluate("() => { window.__searchMarks.key = 0 }")
        box.press("End")  # keydown (the clock starts), keyup: Material sends the query
        page.wait_for_function(DRAWN, timeout=15_000)
        elapsed = page.evaluate(ELAPSED)
        if first_load is None:
            first_load = elapsed
        else:
            times.append(elapsed)
    return {
        "lang": lang, "queries": len(times), "first_ms": first_load,
        "median_ms": statistics.median(times), "p95_ms": percentile(times, 0.95),
        "max_ms": max(times),
    }


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", action="append", choices=LANGUAGES)
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args(argv)
    if not (SITE / "index.html").exists():
        subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-d", str(SITE)],
                       cwd=ROOT, check=True)
    from playwright.sync_api import sync_playwright

    server = make_server(0, SITE, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base_url = f"http://127.0.0.1:{server.server_address[1]}"
    results = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**launch_args())
            for lang in args.lang or LANGUAGES:
                page = browser.new_page()
                results.append(measure(page, base_url, lang))
                page.close()
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    print("search: keystroke to results drawn (target <= 100 ms)")
    for row in results:
        verdict = "ok" if row["p95_ms"] <= TARGET_MS else "SLOW"
        print(f"  {row['lang']}: median {row['median_ms']:5.1f} ms, p95 {row['p95_ms']:5.1f} ms,"
              f" max {row['max_ms']:5.1f} ms over {row['queries']} queries ({verdict});"
              f" first query with the index load {row['first_ms']:6.1f} ms")
    if args.json:
        args.json.write_text(json.dumps(results, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
