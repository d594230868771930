"""The Play page in Chromium: the time from a click to the new board.

A game is opened from a link (beginner island, set-up done, Red a person with 15 brick and 15
lumber, two computers), and Red builds roads until none is left or none is legal: each road is
two clicks, "Road" (the board comes back with the legal sides marked) and a marked side (the
board comes back with the road). For each click the page records the time from the button's
``pointerdown`` to the mutation that put the new board in the page (a MutationObserver, "dom"),
and to the end of the frame that paints it ("paint": style, layout and painting included; a task
the page posts for after the paint, such as the save, may come first and count), so
the figure is what a player waits for: the worker's round trip, the engine, the view, the
drawing and the page's own work.

Several built sites can be compared in the same run (``--site``, repeated; rounds alternate
between them, so a busy machine slows each alike): give the site of the commit before a change
and the one after. Prints p50/p95 per site and kind of click, and the ratio of each to the
first site's.

With ``--think 300`` each side is clicked 300 ms after the marks appear, as a person would:
the views the page asks ahead while a person looks are then ready.

    python -m benchmarks.click [--site site] [--site other-site] [--rounds 4] [--think MS] [--json]
"""

from __future__ import annotations

import argparse
import base64
import json
import sys
import threading
from pathlib import Path
from typing import Any

from devtools.chromium import launch_args
from devtools.serve import make_server

ROOT = Path(__file__).resolve().parent.parent

WATCH = """
window.__clicked = 0
window.addEventListener("pointerdown", () => { window.__clicked = performance.now() }, true)
// [dom, paint]: the milliseconds from the click to the mutation that shows the change, and to
// the end of the frame that paints it (a message posted from the next animation frame arrives
// once that frame is drawn)
window.__until = (test) => new Promise((resolve) => {
  const root = document.querySelector(".catan-game") || document.body
  const check = () => {
    if (!test()) return false
    observer.disconnect()
    const dom = performance.now() - window.__clicked
    requestAnimationFrame(() => {
      const channel = new MessageChannel()
      channel.port1.onmessage = () => resolve([dom, performance.now() - window.__clicked])
      channel.port2.postMessage(0)
    })
    return true
  }
  const observer = new MutationObserver(check)
  observer.observe(root, { subtree: true, childList: true, attributes: true })
  check()
})
"""
MARKED = "() => document.querySelectorAll('.catan-game__svg line.mark-ok-edge').length > 0"
ROADS = "() => document.querySelectorAll('.catan-game__svg g.road[data-player=red]').length"


def position() -> dict[str, Any]:
    """Red to build after rolling a 5: the beginner island, set-up done, 15 brick and lumber."""
    from catan_core import Game

    game = Game.new(seats=["red", "blue", "white"], seed=3, board="beginner")
    while game.phase in ("setup_settlement", "setup_road"):
        game.apply(game.legal_actions()[0])
    game.apply({"type": "roll", "dice": [2, 3]})
    doc = game.to_dict()
    doc["turn"]["player"] = "red"
    for colour in doc["players"]:
        doc["players"][colour]["hand"] = {}
    doc["players"]["red"]["hand"] = {"brick": 15, "lumber": 15}
    return Game.from_dict(doc).to_dict()


def link() -> str:
    seats = [{"colour": "red", "kind": "human", "name": "Ann"},
             {"colour": "blue", "kind": "bot", "level": "easy"},
             {"colour": "white", "kind": "bot", "level": "easy"}]
    data = {"format": "catan-game-page/2",
            "settings": {"seats": seats, "speed": "instant", "timer": 0},
            "position": position(),
            "referee": {"seed": 0, "seats": {s["colour"]: {"kind": s["kind"], "level": "easy"}
                                             for s in seats}}}
    text = base64.urlsafe_b64encode(json.dumps(data).encode()).decode().rstrip("=")
    return f"#pos={text}"


def one_round(browser: Any, base_url: str, think: int = 0) -> dict[str, list[list[float]]]:
    """Red's roads on a fresh page: ``[dom, paint]`` milliseconds of each "Road" click and each
    side."""
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    context.add_init_script(WATCH)
    page = context.new_page()
    page.goto(f"{base_url}/play/{link()}")
    page.wait_for_selector("[data-action=build-road]", timeout=300_000)
    page.wait_for_function("document.querySelector('.catan-game__loading')?.hidden ?? true",
                           timeout=300_000)
    out: dict[str, list[list[float]]] = {"mode": [], "build": []}
    for _ in range(15):
        button = page.locator("[data-action=build-road]")
        if button.get_attribute("aria-pressed") != "true":
            if "is-unavailable" in (button.get_attribute("class") or ""):
                break
            page.evaluate(f"() => {{ window.__wait = window.__until({MARKED}) }}")
            button.click()
            out["mode"].append(page.evaluate("window.__wait"))
        marks = page.locator(".catan-game__svg line.mark-ok-edge")
        if not marks.count():
            break
        page.wait_for_timeout(think)
        edge = marks.first.get_attribute("data-edge")
        roads = page.evaluate(f"({ROADS})()")
        page.evaluate(f"() => {{ window.__wait = window.__until(() => ({ROADS})() > {roads}) }}")
        page.locator(f".catan-game__svg line.edge[data-edge='{edge}']").click(force=True)
        out["build"].append(page.evaluate("window.__wait"))
    context.close()
    return out


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", action="append", type=Path,
                        help="a built site (repeat to compare; default: site/)")
    parser.add_argument("--rounds", type=int, default=4, help="fresh pages per site")
    parser.add_argument("--think", type=int, default=0,
                        help="milliseconds between seeing the marked sides and clicking one "
                             "(0: as fast as the browser takes clicks; 300: a person's pace)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    sites = args.site or [ROOT / "site"]
    for site in sites:
        if not (site / "play" / "index.html").exists():
            parser.error(f"{site} has no Play page: build it first (mkdocs build)")
    from playwright.sync_api import sync_playwright

    servers = [make_server(0, site, quiet=True) for site in sites]
    for server in servers:
        threading.Thread(target=server.serve_forever, daemon=True).start()
    samples: list[dict[str, list[list[float]]]] = [{"mode": [], "build": []} for _ in sites]
    with sync_playwright() as pw:
        browser = pw.chromium.launch(**launch_args())
        for _ in range(args.rounds):
            for i, server in enumerate(servers):
                got = one_round(browser, f"http://127.0.0.1:{server.server_address[1]}", args.think)
                for kind, values in got.items():
                    samples[i][kind] += values
        browser.close()
    for server in servers:
        server.shutdown()
    report = []
    for site, got in zip(sites, samples, strict=True):
        row: dict[str, Any] = {"site": str(site)}
        for kind, values in got.items():
            for i, until in enumerate(("dom", "paint")):
                times = [v[i] for v in values]
                row[f"{kind} {until}"] = {"n": len(times), "p50": round(percentile(times, 0.5), 1),
                                          "p95": round(percentile(times, 0.95), 1)}
        report.append(row)
    if args.json:
        print(json.dumps(report))
        return
    first = report[0]
    print("click to new board (ms): dom = the change in the page, paint = the frame that shows it")
    print("site                         click        n    p50     p95   p50/first  p95/first")
    for row in report:
        for key in ("mode dom", "mode paint", "build dom", "build paint"):
            r, f = row[key], first[key]
            ratios = [r[q] / max(f[q], 1e-9) for q in ("p50", "p95")]
            print(f"{row['site'][-28:]:<28} {key:<11} {r['n']:>4} {r['p50']:>7} {r['p95']:>7}"
                  f"   {ratios[0]:>6.2f}     {ratios[1]:>6.2f}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
