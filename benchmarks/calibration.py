"""Are the review's win chances honest? Bot games, the chances predicted along each, the outcome.

Plays ``--games`` four-player games between computer players (``--level``, the five
personalities rotated over the seats) and, at the start of every ``--every``-th turn after the
set-up, asks :func:`catan_core.bots.chances.win_chances` for each seat's chance as Red sees the
game (the others' hands and the deck dealt afresh on each play-out, as in a review by the Red
player). Games that end without a winner are left out. Prints:

* a reliability table: the predictions grouped by chance (0-10%, 10-20%, ...), with how many
  fell in each group, their mean, and how often those seats went on to win;
* the Brier score (mean squared difference between a chance and the 0/1 outcome, per seat and
  moment; lower is better) of the review's chances and of the naive predictor "each seat's
  share of the public points", and of an even 1/4 for reference;
* on the first ``--fit`` games, the calibration (:func:`catan_core.bots.chances.calibrate`)
  with the lowest Brier score over a grid of its three constants (the module's
  ``CALIBRATION`` was chosen so); the table and the scores above are on the other games only,
  with the module's constants.

    python -m benchmarks.calibration [--games 240] [--fit 40] [--level hard] [--samples 32]
                                     [--every 2] [--procs 2] [--json | --load FILE]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from catan_core import Game
from catan_core.bots import PERSONALITIES
from catan_core.bots.chances import (
    CALIBRATION,
    Calibration,
    calibrate,
    points_shares,
    progress_of,
    win_chances,
)
from catan_core.selfplay import play_bot_game

VIEWER = "red"
GRID = [Calibration(power, late, floor, points) for power in (0.3, 0.4, 0.5, 0.7, 1.0)
        for late in (0.0, 0.5, 1.0, 1.5, 2.0, 3.0) for floor in (0.1, 0.2, 0.3, 0.5)
        for points in (0.0, 2.0, 4.0, 6.0, 8.0)]


def one_game(job: tuple[int, str, int, int]) -> dict[str, Any]:
    """One bot game: ``{"winner", "seats", "moments": [{"turn", "raw", "naive"}]}``."""
    seed, level, samples, every = job
    seats = [(level, PERSONALITIES[(seed + i) % len(PERSONALITIES)]) for i in range(4)]
    moments: list[dict[str, Any]] = []
    seen: set[int] = set()

    def observe(game: Game, _seat: int, action: dict[str, Any]) -> None:
        turn = game.turn_number
        if action["type"] != "roll" or game.phase != "roll" or turn in seen or turn % every:
            return
        seen.add(turn)
        raw = win_chances(game, viewer=VIEWER, samples=samples, seed=seed * 1000 + turn,
                          calibration=None)
        moments.append({"turn": turn, "raw": [raw[c] for c in game.seats],
                        "naive": points_shares(game), "progress": progress_of(game)})

    result = play_bot_game(seats, seed, observer=observe, max_turns=400)
    return {"seed": seed, "winner": result.winner, "seats": list(result.game.seats),
            "turns": result.turns, "moments": moments}


def _outcomes(game: dict[str, Any]) -> list[float]:
    return [float(c == game["winner"]) for c in game["seats"]]


def brier(games: list[dict[str, Any]], predict: Any) -> float:
    """Mean over games, moments and seats of (chance - outcome)^2."""
    errors = []
    for game in games:
        won = _outcomes(game)
        for moment in game["moments"]:
            errors += [(p - w) ** 2 for p, w in zip(predict(moment), won, strict=True)]
    return statistics.fmean(errors) if errors else float("nan")


def calibrated(calibration: Calibration) -> Any:
    def predict(moment: dict[str, Any]) -> list[float]:
        return calibrate(moment["raw"], moment["naive"], moment["progress"], calibration)
    return predict


def reliability(games: list[dict[str, Any]], predict: Any, groups: int = 10
                ) -> list[tuple[str, int, float, float]]:
    """(group, predictions, mean chance, share won) for each group of chances."""
    rows: list[list[tuple[float, float]]] = [[] for _ in range(groups)]
    for game in games:
        won = _outcomes(game)
        for moment in game["moments"]:
            for p, w in zip(predict(moment), won, strict=True):
                rows[min(groups - 1, int(p * groups))].append((p, w))
    out = []
    for k, row in enumerate(rows):
        label = f"{100 * k // groups:>3}-{100 * (k + 1) // groups:<3}%"
        if row:
            out.append((label, len(row), statistics.fmean(p for p, _ in row),
                        statistics.fmean(w for _, w in row)))
        else:
            out.append((label, 0, float("nan"), float("nan")))
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=240, help="bot games in all (fit + test)")
    parser.add_argument("--fit", type=int, default=40, help="games that choose the shrink")
    parser.add_argument("--level", default="hard", help="computer players' level")
    parser.add_argument("--samples", type=int, default=32, help="play-outs per prediction")
    parser.add_argument("--every", type=int, default=2, help="predict every n-th turn")
    parser.add_argument("--procs", type=int, default=2, help="processes")
    parser.add_argument("--seed", type=int, default=70_000, help="seed of the first game")
    parser.add_argument("--json", action="store_true", help="print the games as JSON")
    parser.add_argument("--load", help="report on the games of an earlier --json run instead")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    jobs = [(args.seed + k, args.level, args.samples, args.every) for k in range(args.games)]
    if args.load:
        with open(args.load, encoding="utf-8") as saved:
            games = json.load(saved)
    else:
        with ProcessPoolExecutor(args.procs) as pool:
            games = list(pool.map(one_game, jobs, chunksize=2))
    if args.json:
        print(json.dumps(games))
        return
    finished = [g for g in games if g["winner"] is not None]
    fit, test = finished[:args.fit], finished[args.fit:]
    print(f"{len(games)} games of four {args.level} computers ({len(finished)} with a winner), "
          f"{args.samples} play-outs per prediction every {args.every} turns, as {VIEWER} sees")
    best = min(GRID, key=lambda c: brier(fit, calibrated(c)))
    print(f"fitting games: {len(fit)}; best calibration there: {best} (Brier "
          f"{brier(fit, calibrated(best)):.4f}); the module's: {CALIBRATION} (Brier "
          f"{brier(fit, calibrated(CALIBRATION)):.4f}); the play-outs' raw shares "
          f"{brier(fit, lambda m: m['raw']):.4f}")
    moments = sum(len(g["moments"]) for g in test)
    print(f"\nheld-out games: {len(test)}, {moments} moments, {4 * moments} predictions")
    print("chance     predictions  mean chance  share won")
    for label, n, mean, won in reliability(test, calibrated(CALIBRATION)):
        print(f"{label:<10} {n:>11}  {mean:>11.3f}  {won:>9.3f}")
    review = brier(test, calibrated(CALIBRATION))
    naive = brier(test, lambda m: m["naive"])
    even = brier(test, lambda m: [0.25] * 4)
    print(f"Brier: review's chances {review:.4f} | share of public points {naive:.4f} | "
          f"even 1/4 {even:.4f} | play-outs' raw shares {brier(test, lambda m: m['raw']):.4f}")
    late = [dict(g, moments=[m for m in g["moments"] if m["turn"] >= 30]) for g in test]
    print(f"Brier from turn 30 on: review's chances {brier(late, calibrated(CALIBRATION)):.4f} | "
          f"share of public points {brier(late, lambda m: m['naive']):.4f}")
    print(f"({time.perf_counter() - started:.0f} s wall clock)")


if __name__ == "__main__":
    main()
