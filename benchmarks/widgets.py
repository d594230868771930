"""The FAQ widgets in headless Chromium: time to interactive, and what widget-free pages download.

On the built site (``site/``, built first if missing) served on 127.0.0.1, each run measures:

* **bare**: a module Web Worker that imports ``pyodide.mjs`` and awaits ``loadPyodide()``, timed
  from the worker's creation: the floor for anything that runs Python in the page;
* **widget**: the production widget of ``en/faq/production/`` until it is interactive (its
  ``data-state`` becomes ``ready``: Pyodide, the engine, and the widget's first answer drawn),
  timed from the moment the widget asks for the engine (*activation*) and from the start of
  the navigation (*page*).

*cold* is a fresh browser context, *warm* the same page reloaded in it. Prints medians and the
ratios widget/bare (target <= 1.2). Then every widget-free page of the English site is loaded
in a fresh context, scrolled to the bottom, and its downloaded bytes are counted: the target is
zero bytes of Pyodide, engine wheel or widget code. (Pages that link code from
``assets/frontend/`` on purpose, the game and the tutorial, are not widget-free.)

    python -m benchmarks.widgets [--runs 3] [--json results.json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from catan_site.serve import make_server

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]
TARGET = 1.2
WIDGET_PAGE = "en/faq/production/"
RUNTIME_PATHS = ("/assets/pyodide/", "/assets/wheels/", "/assets/frontend/")

BARE_PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>bare</title>
<link rel="icon" href="data:,"></head><body><p>bare loadPyodide</p></body></html>
"""
BARE_WORKER = """const { loadPyodide } = await import("../assets/pyodide/pyodide.mjs")
const pyodide = await loadPyodide({ indexURL: new URL("../assets/pyodide/", import.meta.url).href })
self.postMessage({ ok: pyodide.runPython("1 + 1") === 2 })
"""
MEASURE_BARE = """async () => {
  const t0 = performance.now()
  const worker = new Worker(new URL("bare-worker.mjs", location.href), { type: "module" })
  const answer = await new Promise((resolve, reject) => {
    worker.onmessage = (event) => resolve(event.data)
    worker.onerror = (event) => reject(new Error(event.message))
  })
  worker.terminate()
  return { ms: performance.now() - t0, ok: answer.ok }
}"""
# Installed before the page's own scripts: note when the first widget starts loading and is ready.
WATCH_WIDGET = """(() => {
  const marks = window.__widgetMarks = {}
  new MutationObserver(() => {
    const el = document.querySelector(".catan-widget[data-state]")
    if (!el) return
    const state = el.dataset.state
    if (!(state in marks)) marks[state] = performance.now()
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-state"] })
})()"""


def site_root(site: Path, tmp: Path) -> Path:
    """A folder serving the built site plus the bare page (links, nothing copied)."""
    if not (site / "index.html").exists():
        subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-d", str(site)],
                       cwd=ROOT, check=True)
    for entry in site.iterdir():
        os.symlink(entry, tmp / entry.name)
    (tmp / "bench").mkdir()
    (tmp / "bench" / "index.html").write_text(BARE_PAGE, encoding="utf-8")
    (tmp / "bench" / "bare-worker.mjs").write_text(BARE_WORKER, encoding="utf-8")
    return tmp


def widget_ready(page: Any, url: str) -> dict[str, float]:
    """Load the widget page and wait for the production widget to become interactive."""
    page.goto(url)
    widget = page.locator(".catan-widget[data-kind='production']").first
    widget.scroll_into_view_if_needed()
    widget.dispatch_event("pointerdown")  # the reader's first press starts the engine
    page.wait_for_function("() => (window.__widgetMarks || {}).ready !== undefined",
                           timeout=300_000)
    marks = page.evaluate("() => window.__widgetMarks")
    return {"page": marks["ready"], "activation": marks["ready"] - marks["loading"]}


def measure_start(browser: Any, base: str, runs: int) -> tuple[dict[str, dict[str, list[float]]],
                                                               set[str]]:
    """Cold and warm times of bare loadPyodide and of the widget, alternating the order."""
    times: dict[str, dict[str, list[float]]] = {
        mode: {"cold": [], "warm": []} for mode in ("bare", "widget_activation", "widget_page")}
    hosts: set[str] = set()
    for run in range(runs):
        for mode in (("bare", "widget") if run % 2 == 0 else ("widget", "bare")):
            context = browser.new_context()
            context.on("request", lambda request: hosts.add(urlsplit(request.url).netloc))
            if mode == "widget":
                context.add_init_script(WATCH_WIDGET)
            page = context.new_page()
            for state in ("cold", "warm"):
                if mode == "bare":
                    page.goto(f"{base}/bench/")
                    result = page.evaluate(MEASURE_BARE)
                    if not result["ok"]:
                        raise RuntimeError(f"bare {state}: Pyodide gave a wrong answer")
                    times["bare"][state].append(result["ms"])
                else:
                    result = widget_ready(page, f"{base}/{WIDGET_PAGE}")
                    times["widget_activation"][state].append(result["activation"])
                    times["widget_page"][state].append(result["page"])
            context.close()
    return times, hosts


def widget_free_pages(site: Path) -> list[str]:
    """English pages that use no browser runtime: no FAQ widget, no game, no tutorial.

    Those pages link nothing from ``assets/frontend/``; they must never fetch Pyodide.
    """
    pages = []
    for html in sorted((site / "en").rglob("index.html")):
        if "assets/frontend/" not in html.read_text(encoding="utf-8"):
            rel = html.parent.relative_to(site / "en").as_posix()
            pages.append("en/" + ("" if rel == "." else rel + "/"))
    return pages


def measure_bytes(browser: Any, base: str, site: Path) -> dict[str, dict[str, int]]:
    """Bytes each widget-free page downloads in a fresh context: all, and runtime files."""
    result = {}
    for path in widget_free_pages(site):
        context = browser.new_context()
        page = context.new_page()
        sizes: list[tuple[str, int]] = []

        def finished(request: Any, sizes: list[tuple[str, int]] = sizes) -> None:
            info = request.sizes()
            sizes.append((request.url, info["responseBodySize"] + info["responseHeadersSize"]))

        page.on("requestfinished", finished)
        page.goto(f"{base}/{path}")
        page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
        page.wait_for_load_state("networkidle")
        page.wait_for_timeout(300)
        runtime = sum(n for url, n in sizes if any(p in urlsplit(url).path for p in RUNTIME_PATHS))
        result[path] = {"bytes": sum(n for _, n in sizes), "runtime_bytes": runtime,
                        "requests": len(sizes)}
        context.close()
    return result


def report(times: dict[str, dict[str, list[float]]], pages: dict[str, dict[str, int]],
           hosts: set[str]) -> dict[str, Any]:
    """Print and return medians, ratios and the widget-free pages' downloads."""
    med = {m: {s: statistics.median(v) for s, v in states.items()} for m, states in times.items()}
    ratio = {f"{which}_{s}": med[f"widget_{which}"][s] / med["bare"][s]
             for which in ("activation", "page") for s in ("cold", "warm")}
    runs = len(times["bare"]["cold"])
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"FAQ widget start-up in headless Chromium, median of {runs} run(s), "
          f"load average {load:.1f} on {os.cpu_count()} CPUs")
    print(f"{'':44}{'cold ms':>10}{'warm ms':>10}")
    rows = (("bare loadPyodide (module worker)", "bare"),
            ("widget interactive, from activation", "widget_activation"),
            ("widget interactive, from navigation", "widget_page"))
    for label, key in rows:
        print(f"{label:44}{med[key]['cold']:10.0f}{med[key]['warm']:10.0f}")
    for which in ("activation", "page"):
        print(f"{'ratio widget (' + which + ') / bare':44}{ratio[which + '_cold']:10.2f}"
              f"{ratio[which + '_warm']:10.2f}   target <= {TARGET}")
    heaviest = max(pages.values(), key=lambda p: p["bytes"]) if pages else {"bytes": 0}
    runtime = sum(p["runtime_bytes"] for p in pages.values())
    print(f"widget-free pages: {len(pages)}, largest download {heaviest['bytes'] / 1e3:.0f} kB, "
          f"Pyodide/engine/widget bytes in all of them: {runtime} (target 0)")
    print(f"hosts contacted: {', '.join(sorted(hosts))}")
    return {"median_ms": med, "ratio": ratio, "raw_ms": times, "widget_free_pages": pages,
            "runtime_bytes_on_widget_free_pages": runtime, "hosts": sorted(hosts),
            "runs": runs, "load_average": load}


def main(argv: list[str] | None = None) -> int:
    """Command line entry point; exit status 1 if a widget-free page fetched runtime bytes or
    a request left 127.0.0.1."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json", type=Path, help="also write the results to this file")
    parser.add_argument("--site", type=Path, default=SITE, help="the built site (default: site/)")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="catan-bench-widgets-") as tmp:
        server = make_server(0, site_root(args.site.resolve(), Path(tmp)), quiet=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}"
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                try:
                    times, hosts = measure_start(browser, base, args.runs)
                    results = report(times, measure_bytes(browser, base, args.site), hosts)
                finally:
                    browser.close()
        finally:
            server.shutdown()
            server.server_close()
    if args.json:
        args.json.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    outside = [h for h in results["hosts"] if not h.startswith("127.0.0.1:")]
    if outside:
        print(f"FAILED: requests left 127.0.0.1: {outside}", file=sys.stderr)
    if results["runtime_bytes_on_widget_free_pages"]:
        print("FAILED: a page without widgets downloaded runtime files", file=sys.stderr)
    return 1 if outside or results["runtime_bytes_on_widget_free_pages"] else 0


if __name__ == "__main__":
    sys.exit(main())
