"""Start-up cost of the browser runtime: bare ``loadPyodide`` vs the engine's first answer.

In headless Chromium (Debian's, ``devtools.chromium``), on a tiny page served from a temporary
copy of the runtime (``catan_site.runtime_assets.copy_runtime``) on 127.0.0.1, each run
measures from the page:

* **bare**: a module Web Worker that imports stock Pyodide's ``pyodide.mjs``
  (``node_modules/pyodide``) and awaits ``loadPyodide()``;
* **runtime**: ``frontend/core/runtime.js`` until its worker answers a first ``legal_actions``
  call for the beginner position (Pyodide + engine wheel + catan_web + the call itself).

*cold* is a fresh browser with an empty on-disk profile, *warm* the same page loaded again in it
(HTTP cache filled; Chrome keeps compiled WebAssembly from this second load on, and reuses it
from the third: ``benchmarks.widgets`` measures that *hot* visit too). Prints medians and
runtime/bare (target <= 1.2).

    python -m benchmarks.pyodide_load [--runs 3] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from catan_core import Game
from catan_site.runtime_assets import PYODIDE_DIR, copy_runtime
from devtools.chromium import launch_args
from devtools.serve import make_server

TARGET = 1.2

PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>pyodide load</title></head>
<body><p>benchmark page</p></body></html>
"""
#: Stock Pyodide, as npm ships it (node_modules/pyodide served at bench/pyodide/): the site's
#: copy differs only by its precompiled standard library, which is the site's own saving.
BARE_WORKER = """const { loadPyodide } = await import("./pyodide/pyodide.mjs")
const pyodide = await loadPyodide({ indexURL: new URL("./pyodide/", import.meta.url).href })
self.postMessage({ ok: pyodide.runPython("1 + 1") === 2 })
"""
MEASURE_BARE = """async () => {
  const t0 = performance.now()
  const worker = new Worker(new URL("bare-worker.mjs", location.href), { type: "module" })
  const answer = await new Promise((resolve, reject) => {
    worker.onmessage = (event) => resolve(event.data)
    worker.onerror = (event) => reject(new Error(event.message))
  })
  const ms = performance.now() - t0
  worker.terminate()
  return { ms, ok: answer.ok }
}"""
MEASURE_RUNTIME = """async (position) => {
  const t0 = performance.now()
  const runtime = await import("../assets/frontend/core/runtime.js")
  const progress = []
  runtime.onProgress((p) => progress.push({ stage: p.stage, percent: p.percent,
                                             at: performance.now() - t0 }))
  const actions = await runtime.call("faq.legal_actions", position)
  const ms = performance.now() - t0
  const ready = await runtime.ensureRuntime()
  await new Promise((resolve) => setTimeout(resolve, 1000))  // let the worker warm up, idle
  const t1 = performance.now()
  const again = await runtime.call("faq.legal_actions", position)
  const repeat = performance.now() - t1
  const readyAt = progress.filter((p) => p.stage === "ready").map((p) => p.at)[0]
  return { ms, ok: actions.length === 54 && again.length === 54, timings: ready.timings,
           firstCall: ms - readyAt, repeatCall: repeat, progress }
}"""


def prepare(folder: Path) -> None:
    """The runtime as the site ships it, plus the benchmark page and the bare worker."""
    copy_runtime(folder)
    (folder / "bench").mkdir()
    (folder / "bench" / "index.html").write_text(PAGE, encoding="utf-8")
    (folder / "bench" / "bare-worker.mjs").write_text(BARE_WORKER, encoding="utf-8")
    os.symlink(PYODIDE_DIR, folder / "bench" / "pyodide")


def measure(playwright: Any, url: str, runs: int) -> tuple[dict[str, dict[str, list[float]]],
                                                           list[dict[str, Any]], set[str]]:
    """Cold and warm times per mode over ``runs`` runs; the runtime's details; every host.

    Each mode and run is a browser with a fresh on-disk profile: Playwright's ordinary contexts
    are off the record, where V8 never keeps compiled WebAssembly."""
    position = Game.new(seats=["red", "blue", "white"], board="beginner").to_dict()
    times: dict[str, dict[str, list[float]]] = {m: {"cold": [], "warm": []}
                                                for m in ("bare", "runtime")}
    details: list[dict[str, Any]] = []
    hosts: set[str] = set()
    for run in range(runs):
        order = ("bare", "runtime") if run % 2 == 0 else ("runtime", "bare")
        for mode in order:
            profile = tempfile.TemporaryDirectory(prefix="catan-bench-profile-")
            context = playwright.chromium.launch_persistent_context(
                profile.name, **launch_args())
            context.on("request", lambda request: hosts.add(urlsplit(request.url).netloc))
            page = context.new_page()
            for state in ("cold", "warm"):
                page.goto(url)
                script = MEASURE_BARE if mode == "bare" else MEASURE_RUNTIME
                result = page.evaluate(script, position) if mode == "runtime" else page.evaluate(
                    script)
                if not result["ok"]:
                    raise RuntimeError(f"{mode} {state}: wrong answer {result}")
                times[mode][state].append(result["ms"])
                if mode == "runtime":
                    details.append({"state": state, **result})
            context.close()
            profile.cleanup()
    return times, details, hosts


def report(times: dict[str, dict[str, list[float]]], details: list[dict[str, Any]],
           hosts: set[str]) -> dict[str, Any]:
    """Medians, ratios and the worker's own breakdown, printed and returned."""
    med = {m: {s: statistics.median(v) for s, v in states.items()} for m, states in times.items()}
    ratio = {s: med["runtime"][s] / med["bare"][s] for s in ("cold", "warm")}
    runs = len(times["bare"]["cold"])
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"Pyodide start-up in headless Chromium, median of {runs} run(s), "
          f"load average {load:.1f} on {os.cpu_count()} CPUs")
    print(f"{'':34}{'cold ms':>10}{'warm ms':>10}")
    print(f"{'bare loadPyodide (module worker)':34}{med['bare']['cold']:10.0f}"
          f"{med['bare']['warm']:10.0f}")
    print(f"{'runtime: first legal_actions':34}{med['runtime']['cold']:10.0f}"
          f"{med['runtime']['warm']:10.0f}")
    print(f"{'ratio runtime / bare':34}{ratio['cold']:10.2f}{ratio['warm']:10.2f}"
          f"   target <= {TARGET}")
    breakdown: dict[str, dict[str, float]] = {}
    for state in ("cold", "warm"):
        rows = [d for d in details if d["state"] == state]
        keys = [*rows[0]["timings"], "firstCall", "repeatCall"]
        breakdown[state] = {k: statistics.median(r["timings"].get(k, r.get(k, 0.0)) for r in rows)
                            for k in keys}
        print(f"worker, {state}: " + ", ".join(f"{k} {v:.0f}" for k, v in breakdown[state].items())
              + " (ms)")
    within = {}
    for state in ("cold", "warm"):
        b = breakdown[state]
        bare = b["importPyodide"] + b["loadPyodide"]
        within[state] = (b["total"] + b["firstCall"]) / bare
    print(f"same run, runtime / its own loadPyodide (less sensitive to machine load): "
          f"cold {within['cold']:.2f}, warm {within['warm']:.2f}")
    trace = next(d for d in details if d["state"] == "cold")["progress"]
    print("progress, first cold run: " + ", ".join(
        f"{p['stage']} {p['percent']}% at {p['at']:.0f}" for p in trace))
    print(f"hosts contacted: {', '.join(sorted(hosts))}")
    return {"median_ms": med, "ratio": ratio, "ratio_within_run": within,
            "breakdown": breakdown, "hosts": sorted(hosts),
            "runs": runs, "load_average": load, "raw_ms": times}


def main(argv: list[str] | None = None) -> int:
    """Command line entry point; exit status 1 if a request left 127.0.0.1."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json", type=Path, help="also write the results to this file")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="catan-bench-") as tmp:
        prepare(Path(tmp))
        server = make_server(0, Path(tmp), quiet=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{server.server_address[1]}/bench/"
        try:
            with sync_playwright() as p:
                results = report(*measure(p, url, args.runs))
        finally:
            server.shutdown()
            server.server_close()
    if args.json:
        args.json.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    outside = [h for h in results["hosts"] if not h.startswith("127.0.0.1:")]
    if outside:
        print(f"FAILED: requests left 127.0.0.1: {outside}", file=sys.stderr)
    return 1 if outside else 0


if __name__ == "__main__":
    sys.exit(main())
