"""Budgets of issue 17 in headless Chromium: time to usable against a bare Pyodide, and bytes.

On the built site (``site/``, built first if missing) served on 127.0.0.1, each run measures, from
the start of the navigation (``performance.now()`` of the page), in a fresh browser context:

* **bare**: a page whose inline module script starts a module Web Worker that imports stock
  Pyodide's ``pyodide.mjs`` (``node_modules/pyodide``) and awaits ``loadPyodide()``: the floor
  for anything that runs Python;
* **site**: the same bare page on the site's own Pyodide (``assets/pyodide/``, its standard
  library precompiled): ratios to it leave only the engine's and the page's own cost;
* **faq**: ``en/faq/production/``, the reader pressing its first widget as soon as the widget is
  bound, until the widget is usable (``data-state`` ``ready``: Pyodide, the engine and the
  widget's first answer drawn); also from that press (*activation*);
* **play**: ``en/play/``, which starts the engine on opening, until its loading line hides (the
  board takes moves).

Each mode runs in a browser of its own with a fresh on-disk profile (Playwright's ordinary
contexts are off the record, and there V8 never keeps compiled WebAssembly), visited three
times, staying 5 s on the page as a reader does (V8 keeps compiled code once it has tiered it
up), then 1 s apart: *cold* (empty caches), *warm* (files in the HTTP cache; V8 reuses the
code it compiled on the first visit, if it kept it) and *hot*. The modes take turns in each
run. For each visit: the time to usable, the CPU seconds of the whole browser meanwhile (less
sensitive to other work on the machine), and V8's ``V8.WasmCodeCaching`` histogram (a hit or a
miss at every compile from a cache). Printed: median [min-max] over the runs of each figure and
of each run's ratio to the bare pages of the same run (targets on the median ratio to the stock
bare page: cold <= 1.1, warm <= 1.2).

Then the bytes before interaction: the FAQ page and the Play page loaded in a fresh context and
scrolled to the bottom, every response counted as a static host would send it (gzip level 6 for
text files, headers included; target for the FAQ page: < 500 kB); and every widget-free English
page, which must fetch no Pyodide, engine wheel or widget code.

    python -m benchmarks.widgets [--runs 3] [--json results.json]
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from catan_site.runtime_assets import PYODIDE_DIR
from devtools.chromium import FAST_LINK, launch_args
from devtools.serve import make_server

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
TARGETS = {"cold": 1.1, "warm": 1.2}
FAQ_BYTES_TARGET = 500_000
FAQ_PAGE = "faq/production/"  # English, at the site root
PLAY_PAGE = "play/"
RUNTIME_PATHS = ("/assets/pyodide/", "/assets/wheels/", "/assets/frontend/")
#: What a static host compresses (GitHub Pages, Netlify, nginx's usual gzip_types).
TEXT_SUFFIXES = (".html", ".css", ".js", ".mjs", ".json", ".svg", ".xml", ".txt",
                 ".webmanifest", ".map")

BARE_PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>bare</title>
<link rel="icon" href="data:,">
<script type="module">
  const worker = new Worker(new URL("bare-worker.mjs", location.href), { type: "module" })
  worker.onmessage = ({ data }) => { window.__bare = { ok: data.ok, ms: performance.now() } }
  worker.onerror = (event) => { window.__bare = { ok: false, error: event.message } }
</script></head><body><p>bare loadPyodide</p></body></html>
"""
#: Stock Pyodide, as npm ships it (node_modules/pyodide served at bench/pyodide/): the site's
#: copy differs only by its precompiled standard library, which is the site's own saving.
BARE_WORKER = """const { loadPyodide } = await import("./pyodide/pyodide.mjs")
const pyodide = await loadPyodide({ indexURL: new URL("./pyodide/", import.meta.url).href })
self.postMessage({ ok: pyodide.runPython("1 + 1") === 2 })
"""
#: The same bare page on the site's own Pyodide (its precompiled standard library): what is left
#: of a ratio to it is the engine's and the page's own cost.
SITE_WORKER = BARE_WORKER.replace("./pyodide/", "../../assets/pyodide/")
# Installed before the page's own scripts. FAQ: press the first widget as soon as it is bound,
# as an eager reader would, and note when it asks for the engine and when it is usable. Play:
# note when the loading line hides.
WATCH = """(() => {
  const marks = window.__marks = {}
  new MutationObserver(() => {
    const widget = document.querySelector(".catan-widget[data-state]")
    if (widget) {
      const state = widget.dataset.state
      if (state === "idle" && !marks.pressed) {
        marks.pressed = performance.now()
        const press = new PointerEvent("pointerdown", { bubbles: true })
        widget.querySelector("svg").dispatchEvent(press)
      }
      if (!(state in marks)) marks[state] = performance.now()
    }
    const loading = document.querySelector(".catan-game__loading")
    if (loading && loading.hidden && !marks.play) marks.play = performance.now()
  }).observe(document, { subtree: true, attributes: true, childList: true,
                         attributeFilter: ["data-state", "hidden"] })
})()"""
MODES = ("bare", "site", "faq", "play")
#: The first visit (empty caches), the second (files cached; V8 keeps the compiled WebAssembly
#: now), the third (compiled WebAssembly reused).
VISITS = ("cold", "warm", "hot")
#: A reader stays on a page a while: Chrome keeps the compiled WebAssembly only once V8 has
#: tiered it up and serialised it, a few seconds after the start. Then a pause between visits.
READ_MS = 5000
PAUSE_MS = 1000


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
    os.symlink(PYODIDE_DIR, tmp / "bench" / "pyodide")
    (tmp / "bench" / "site").mkdir()
    (tmp / "bench" / "site" / "index.html").write_text(BARE_PAGE, encoding="utf-8")
    (tmp / "bench" / "site" / "bare-worker.mjs").write_text(SITE_WORKER, encoding="utf-8")
    return tmp


def load(page: Any, base: str, mode: str) -> dict[str, float]:
    """Load the mode's page; ms from the start of the navigation until it is usable."""
    if mode in ("bare", "site"):
        page.goto(f"{base}/bench/" + ("site/" if mode == "site" else ""))
        page.wait_for_function("() => window.__bare !== undefined", timeout=300_000)
        result = page.evaluate("() => window.__bare")
        if not result["ok"]:
            raise RuntimeError(f"bare Pyodide failed: {result}")
        return {mode: result["ms"]}
    if mode == "faq":
        page.goto(f"{base}/{FAQ_PAGE}")
        page.wait_for_function("() => (window.__marks || {}).ready !== undefined",
                               timeout=300_000)
        marks = page.evaluate("() => window.__marks")
        return {"faq": marks["ready"], "faq_activation": marks["ready"] - marks["pressed"]}
    page.goto(f"{base}/{PLAY_PAGE}")
    page.wait_for_function("() => (window.__marks || {}).play !== undefined", timeout=300_000)
    return {"play": page.evaluate("() => window.__marks.play")}


def browser_cpu(profile: str) -> float | None:
    """CPU seconds used so far by the browser running on ``profile``: its process and every
    descendant (renderers, their workers and V8's compile threads, the GPU and network
    processes), those that ended included (Linux ``/proc``; None elsewhere)."""
    proc = Path("/proc")
    if not proc.is_dir():
        return None
    parents: dict[int, int] = {}
    ticks: dict[int, int] = {}
    root = None
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:  # ended meanwhile
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        pid = int(entry.name)
        parents[pid] = int(fields[1])
        # utime, stime, and cutime, cstime: the ended children this process waited for
        ticks[pid] = sum(int(n) for n in fields[11:15])
        if f"--user-data-dir={profile}".encode() in cmdline and b"--type=" not in cmdline:
            root = pid
    if root is None:
        return None
    tree, grew = {root}, True
    while grew:
        more = {pid for pid, parent in parents.items() if parent in tree} - tree
        tree |= more
        grew = bool(more)
    return sum(ticks[pid] for pid in tree) / os.sysconf("SC_CLK_TCK")


def measure_start(playwright: Any, base: str, runs: int) -> tuple[
        dict[str, dict[str, list[float]]], dict[str, dict[str, dict[str, int]]], set[str]]:
    """Times and CPU seconds of each visit of each mode, the modes taking turns (rotated each
    run), and V8's compiled-wasm cache counts per mode and visit.

    Each mode runs in a browser of its own with a fresh on-disk profile, as a reader's browser:
    Playwright's ordinary contexts are off the record, and there V8 never keeps compiled
    WebAssembly. Visits are ``PAUSE_MS`` apart (a reader's visits are further apart still)."""
    cache: dict[str, dict[str, dict[str, int]]] = {
        mode: {visit: {} for visit in VISITS} for mode in MODES}
    times: dict[str, dict[str, list[float]]] = {
        key: {visit: [] for visit in VISITS}
        for key in ("bare", "site", "faq", "faq_activation", "play",
                    "bare_cpu", "site_cpu", "faq_cpu", "play_cpu")}
    hosts: set[str] = set()
    for run in range(runs):
        turn = run % len(MODES)
        for mode in MODES[turn:] + MODES[:turn]:
            with tempfile.TemporaryDirectory(prefix="catan-bench-profile-") as profile:
                context = playwright.chromium.launch_persistent_context(
                    profile, **launch_args(FAST_LINK),
                    viewport={"width": 1366, "height": 768})
                context.on("request", lambda request: request.url.startswith("http")
                           and hosts.add(urlsplit(request.url).netloc))
                context.add_init_script(WATCH)
                page = context.new_page()
                before = wasm_code_cache(context)
                for visit in VISITS:
                    cpu = browser_cpu(profile)
                    for key, ms in load(page, base, mode).items():
                        times[key][visit].append(ms)
                    after_cpu = browser_cpu(profile)
                    if cpu is not None and after_cpu is not None:
                        times[f"{mode}_cpu"][visit].append(after_cpu - cpu)
                    page.wait_for_timeout(READ_MS)  # the reader reads the page
                    page.goto("about:blank")
                    page.wait_for_timeout(PAUSE_MS)  # the time between two visits
                    after = wasm_code_cache(context)
                    counts = cache[mode][visit]
                    for bucket, n in after.items():
                        if n - before.get(bucket, 0):
                            counts[bucket] = counts.get(bucket, 0) + n - before.get(bucket, 0)
                    before = after
                context.close()
    return times, cache, hosts


def wasm_code_cache(context: Any) -> dict[str, int]:
    """V8's count of compiled-wasm cache hits and misses in this browser so far."""
    page = context.new_page()
    try:
        page.goto("chrome://histograms/V8.WasmCodeCaching")
        page.reload()  # the page shows the counts as of the previous load of itself
        text = page.inner_text("body")
    except Exception:  # a browser without that page: nothing to report
        return {}
    finally:
        page.close()
    # buckets: 0 miss, 1 hit, 2 invalid entry, 3 no cache handler; lines "1  ---O  (3 = 60.0%)"
    names = {"0": "miss", "1": "hit", "2": "invalid", "3": "no_handler"}
    counts = {name: 0 for name in names.values()}
    for bucket, n in re.findall(r"^(\d)\s+-*O\s+\((\d+) = ", text, re.MULTILINE):
        counts[names[bucket]] = int(n)
    return counts


def sent_bytes(site: Path, url: str, status: int, body: int, headers: int) -> int:
    """What a static host sends for a response: headers, and the body gzipped if it is text."""
    path = unquote(urlsplit(url).path)
    file = site / path.lstrip("/")
    if path.endswith("/"):
        file = file / "index.html"
    if status != 200 or not file.is_file() or not file.name.endswith(TEXT_SUFFIXES):
        return headers + body
    return headers + len(gzip.compress(file.read_bytes(), compresslevel=6))


def page_bytes(browser: Any, base: str, site: Path, path: str) -> dict[str, int]:
    """Bytes a page costs before any interaction: loaded in a fresh context, scrolled to the
    bottom, until the network is idle (the page, its workers and the offline service worker)."""
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    requests: list[Any] = []
    context.on("requestfinished", lambda request: requests.append(request))
    page = context.new_page()
    page.goto(f"{base}/{path}")
    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    page.wait_for_load_state("networkidle")
    seen: list[tuple[str, int, int, int]] = []
    for request in requests:
        response, info = request.response(), request.sizes()
        seen.append((request.url, response.status if response else 0,
                     info["responseBodySize"], info["responseHeadersSize"]))
    context.close()
    sent = [sent_bytes(site, *entry) for entry in seen]
    runtime = sum(n for (url, *_), n in zip(seen, sent, strict=True)
                  if any(p in urlsplit(url).path for p in RUNTIME_PATHS))
    search = sum(n for (url, *_), n in zip(seen, sent, strict=True) if "/search" in url)
    return {"bytes": sum(sent), "raw_bytes": sum(b + h for _, _, b, h in seen),
            "runtime_bytes": runtime, "search_bytes": search, "requests": len(seen)}


def widget_free_pages(site: Path) -> list[str]:
    """English pages that use no browser runtime: no FAQ widget, no game, no tutorial.

    Those pages link nothing from ``assets/frontend/``; they must never fetch Pyodide.
    """
    pages = []
    for html in sorted(site.rglob("index.html")):
        rel = html.parent.relative_to(site).as_posix()
        if rel.split("/")[0] in ("fr", "es", "nl", "en"):  # other languages; en/: old addresses
            continue
        if "assets/frontend/" not in html.read_text(encoding="utf-8"):
            pages.append("" if rel == "." else rel + "/")
    return pages


def measure_bytes(browser: Any, base: str, site: Path) -> dict[str, dict[str, int]]:
    """Bytes before interaction of every widget-free English page (runtime files among them)."""
    return {path: page_bytes(browser, base, site, path) for path in widget_free_pages(site)}


def spread(values: list[float], digits: int = 0) -> str:
    """``median [min-max]`` of some values."""
    if not values:
        return "n/a"
    low, mid, high = min(values), statistics.median(values), max(values)
    return f"{mid:.{digits}f} [{low:.{digits}f}-{high:.{digits}f}]"


def ratios(times: dict[str, dict[str, list[float]]], key: str, bare: str,
           visit: str) -> list[float]:
    """Each run's ratio of ``key`` to the bare page measured in the same run."""
    return [a / b for a, b in zip(times[key][visit], times[bare][visit], strict=True)]


def report(times: dict[str, dict[str, list[float]]], budget: dict[str, dict[str, int]],
           pages: dict[str, dict[str, int]], cache: dict[str, dict[str, dict[str, int]]],
           hosts: set[str]) -> dict[str, Any]:
    """Print and return medians and spreads, each run's ratios to the bare page of the same run,
    compiled-wasm reuse per visit, bytes, and whether targets are met (medians of the runs'
    ratios)."""
    med = {m: {s: statistics.median(v) if v else float("nan") for s, v in states.items()}
           for m, states in times.items()}
    pairs = {"faq": "bare", "faq_activation": "bare", "play": "bare",
             "faq/site": "site", "play/site": "site"}
    if times["bare_cpu"]["cold"]:
        pairs |= {"faq_cpu": "bare_cpu", "play_cpu": "bare_cpu",
                  "faq_cpu/site": "site_cpu", "play_cpu/site": "site_cpu"}
    ratio = {key: {v: ratios(times, key.split("/")[0], bare, v) for v in VISITS}
             for key, bare in pairs.items()}
    ratio_med = {key: {v: statistics.median(r) for v, r in visits.items()}
                 for key, visits in ratio.items()}
    runs = len(times["bare"]["cold"])
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"FAQ widget: {FAQ_PAGE}, Play page: {PLAY_PAGE}")
    print(f"Start-up in headless Chromium, {runs} run(s) taking turns, median [min-max]; "
          f"load average {load:.1f} on {os.cpu_count()} CPUs at the end")
    width = 24
    print(f"{'':44}" + "".join(f"{v:>{width}}" for v in VISITS))
    rows = (("bare page: stock Pyodide in a worker, ms", "bare", 0),
            ("bare page on the site's Pyodide, ms", "site", 0),
            ("FAQ widget usable from navigation, ms", "faq", 0),
            ("FAQ widget usable from the press, ms", "faq_activation", 0),
            ("Play page usable from navigation, ms", "play", 0),
            ("bare page, browser CPU s", "bare_cpu", 2),
            ("bare page on the site's Pyodide, CPU s", "site_cpu", 2),
            ("FAQ widget, browser CPU s", "faq_cpu", 2),
            ("Play page, browser CPU s", "play_cpu", 2))
    for label, key, digits in rows:
        if times[key]["cold"]:
            print(f"{label:44}" + "".join(f"{spread(times[key][v], digits):>{width}}"
                                          for v in VISITS))
    met = {}
    for label, key in (("FAQ widget / bare, time", "faq"), ("Play page / bare, time", "play"),
                       ("FAQ from press / bare, time", "faq_activation"),
                       ("FAQ widget / bare, CPU", "faq_cpu"),
                       ("Play page / bare, CPU", "play_cpu"),
                       ("FAQ widget / site's Pyodide, time", "faq/site"),
                       ("Play page / site's Pyodide, time", "play/site"),
                       ("FAQ widget / site's Pyodide, CPU", "faq_cpu/site"),
                       ("Play page / site's Pyodide, CPU", "play_cpu/site")):
        if key not in ratio:
            continue
        print(f"{'ratio ' + label:44}" + "".join(f"{spread(ratio[key][v], 2):>{width}}"
                                                 for v in VISITS))
        if key in ("faq", "play"):
            met[f"{key}_cold"] = ratio_med[key]["cold"] <= TARGETS["cold"]
            met[f"{key}_warm"] = ratio_med[key]["warm"] <= TARGETS["warm"]
    print(f"targets on the medians of the runs' time ratios: cold <= {TARGETS['cold']}, "
          f"warm <= {TARGETS['warm']}")
    for mode, visits in cache.items():
        print(f"compiled WebAssembly reused (V8.WasmCodeCaching, all runs), {mode}: " + "; ".join(
            f"{v} " + (", ".join(f"{k} {n}" for k, n in counts.items()) or "none")
            for v, counts in visits.items()))
    for path, b in budget.items():
        print(f"before interaction, {path}: {b['bytes'] / 1e3:.0f} kB as a static host sends it "
              f"(gzip; {b['raw_bytes'] / 1e3:.0f} kB uncompressed here), {b['requests']} requests,"
              f" search {b['search_bytes'] / 1e3:.0f} kB, Pyodide/wheel/front end "
              f"{b['runtime_bytes'] / 1e3:.0f} kB")
    if budget:
        met["faq_bytes"] = budget[FAQ_PAGE]["bytes"] < FAQ_BYTES_TARGET
        print(f"FAQ page before interaction: target < {FAQ_BYTES_TARGET / 1e3:.0f} kB")
    runtime = sum(p["runtime_bytes"] for p in pages.values())
    if pages:
        heaviest = max(pages.values(), key=lambda p: p["bytes"])
        print(f"widget-free pages: {len(pages)}, largest {heaviest['bytes'] / 1e3:.0f} kB "
              f"(gzip), Pyodide/engine/widget bytes in all of them: {runtime} (target 0)")
    print("targets: " + ", ".join(f"{k} {'met' if v else 'MISSED'}" for k, v in met.items()))
    print(f"hosts contacted: {', '.join(sorted(hosts))}")
    return {"median": med, "ratio_per_run": ratio, "ratio_median": ratio_med, "raw": times,
            "targets_met": met, "wasm_code_cache": cache, "before_interaction": budget,
            "widget_free_pages": pages, "runtime_bytes_on_widget_free_pages": runtime,
            "hosts": sorted(hosts), "runs": runs, "load_average": load}


def main(argv: list[str] | None = None) -> int:
    """Command line entry point; exit status 1 if a widget-free page fetched runtime bytes or
    a request left 127.0.0.1 (timing targets are printed, never fatal: machines differ)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", type=Path, help="also write the results to this file")
    parser.add_argument("--site", type=Path, default=SITE, help="the built site (default: site/)")
    parser.add_argument("--no-bytes", action="store_true",
                        help="time the start-up only (skip the bytes of every page)")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    site = args.site.resolve()
    with tempfile.TemporaryDirectory(prefix="catan-bench-widgets-") as tmp:
        server = make_server(0, site_root(site, Path(tmp)), quiet=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}"
        try:
            with sync_playwright() as p:
                times, cache, hosts = measure_start(p, base, args.runs)
                browser = p.chromium.launch(**launch_args(FAST_LINK))
                try:
                    budget = {} if args.no_bytes else {
                        path: page_bytes(browser, base, site, path)
                        for path in (FAQ_PAGE, PLAY_PAGE)}
                    pages = {} if args.no_bytes else measure_bytes(browser, base, site)
                    results = report(times, budget, pages, cache, hosts)
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
