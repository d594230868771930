"""The review page in Chromium: how soon the win chances come, and how fast a step is drawn.

A finished game of four computers (tests/reviewgame.py, seed 11: about 80 turns) is saved as the
Play page saves it, and its review is opened on a fresh page of the built site. Printed:

* the seconds from opening the page to the first points of the win-chance graph, and to the
  whole graph (budgets of issue 30: 5 s and 60 s);
* the longest main-thread task once the review is open (a PerformanceObserver of long tasks;
  budget 50 ms; the page's own start-up before is Material's and the engine's);
* the milliseconds from a key press (the right arrow, on the slider) to the new board in the
  page, p50/p95 over ``--steps`` steps, once the graph is whole and while it is being worked
  out (budget: p95 under 100 ms).

    python -m benchmarks.review [--site site] [--steps 60] [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
import time
from pathlib import Path
from typing import Any

from devtools.chromium import launch_args
from devtools.serve import make_server

ROOT = Path(__file__).resolve().parent.parent
KEY = "catan-companion/game"

WATCH = """
window.__long = 0
window.__tasks = []
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    window.__tasks.push([Math.round(entry.startTime), Math.round(entry.duration)])
    if (document.querySelector(".catan-review__slider")) {
      window.__long = Math.max(window.__long, entry.duration)
    }
  }
}).observe({ type: "longtask", buffered: true })
"""

#: Press the right arrow on the slider; resolve with the ms until the board shows that step.
STEP = """() => new Promise((resolve) => {
  const where = document.querySelector(".catan-review__where")
  const slider = document.querySelector(".catan-review__slider")
  const next = String(Number(slider.value) + 1)
  const t0 = performance.now()
  const observer = new MutationObserver(() => {
    if (slider.value === next && where.textContent.includes(` ${next} `)) {
      observer.disconnect()
      resolve(performance.now() - t0)
    }
  })
  observer.observe(document.querySelector(".catan-review__main"),
                   { subtree: true, childList: true, characterData: true, attributes: true })
  slider.focus()
  slider.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true }))
})"""


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def steps(page: Any, count: int) -> list[float]:
    return [float(page.evaluate(STEP)) for _ in range(count)]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--steps", type=int, default=60)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if not (args.site / "review" / "index.html").exists():
        parser.error(f"{args.site} has no review page: build it first (mkdocs build)")
    sys.path.insert(0, str(ROOT / "tests"))
    from playwright.sync_api import sync_playwright
    from reviewgame import finished_save

    save = finished_save(11)
    turns = save["position"]["turn"]["number"]
    server = make_server(0, args.site, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    out: dict[str, Any] = {"turns": turns, "actions": len(save["record"]["actions"])}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(**launch_args())
        context = browser.new_context(viewport={"width": 1366, "height": 900})
        context.add_init_script(WATCH)
        page = context.new_page()
        page.goto(f"{base}/")
        page.evaluate("([key, text]) => localStorage.setItem(key, text)", [KEY, json.dumps(save)])
        started = time.perf_counter()
        page.goto(f"{base}/review/")
        page.wait_for_selector(".catan-review__slider", timeout=300_000)
        out["open_s"] = round(time.perf_counter() - started, 2)
        page.wait_for_function("document.querySelector('.catan-review__line')?.getAttribute("
                               "'points')?.split(' ').length >= 2", timeout=300_000)
        out["first_points_s"] = round(time.perf_counter() - started, 2)
        during = steps(page, min(20, args.steps))
        page.wait_for_function("!document.querySelector('.catan-review__chance-status')"
                               "?.textContent", timeout=600_000)
        out["whole_graph_s"] = round(time.perf_counter() - started, 2)
        out["longest_task_ms"] = round(float(page.evaluate("window.__long")), 1)
        out["long_tasks"] = page.evaluate("window.__tasks")
        after = steps(page, args.steps)
        out["step_ms_while_graph"] = {"p50": round(percentile(during, 0.5), 1),
                                      "p95": round(percentile(during, 0.95), 1)}
        out["step_ms"] = {"p50": round(percentile(after, 0.5), 1),
                          "p95": round(percentile(after, 0.95), 1)}
        browser.close()
    server.shutdown()
    if args.json:
        print(json.dumps(out))
        return
    print(f"review of a game of {out['turns']} turns ({out['actions']} actions): page ready "
          f"{out['open_s']} s, first chances {out['first_points_s']} s (budget 5), whole graph "
          f"{out['whole_graph_s']} s (budget 60), longest main-thread task "
          f"{out['longest_task_ms']} ms (budget 50)")
    print(f"key to new board: p50 {out['step_ms']['p50']} ms, p95 {out['step_ms']['p95']} ms "
          f"(budget p95 100); while the graph was worked out: p50 "
          f"{out['step_ms_while_graph']['p50']} ms, p95 {out['step_ms_while_graph']['p95']} ms")


if __name__ == "__main__":
    main()
