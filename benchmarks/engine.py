"""Engine speed: random 4-player games in catan_core against Catanatron 3.2.1, side by side.

Both engines play games to the end with every player choosing uniformly among the legal
actions (Catanatron's ``RandomPlayer``). The two run interleaved, in rounds (the order
alternating), so that a busy machine slows both alike; each round prints games/s for each and
their ratio, and the median ratio over the rounds is the figure. Times are this process's CPU
time (``time.process_time``), which other programs on a shared machine disturb less than the
wall clock.

The same rounds measure what loading costs against playing: ``Game.from_dict`` on positions
from random games, against ``apply`` of the actions of those games (per call, both medians).

Run with ``nox -s bench`` (which installs Catanatron) or ``python -m benchmarks.engine``.
``--compiled`` adds, in each round, the engine compiled by mypyc (``python -m devtools.compiled
build``), playing the same games in a process of its own (``nox -s compiled`` builds it and
runs this).
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

from catan_core import Game
from devtools import compiled

SEATS = ["red", "blue", "white", "orange"]
TURN_LIMIT = 1000  # the same cap Catanatron applies to its games
clock = time.process_time


def play_catan_core(seed: int) -> int:
    """One random game; returns the number of actions applied."""
    game = Game.new(seats=SEATS, seed=seed)
    chooser = random.Random(seed)
    actions = 0
    while game.winner is None and game.turn_number <= TURN_LIMIT:
        game.apply(chooser.choice(game.legal_actions()))
        actions += 1
    return actions


def play_catanatron(seed: int) -> int:
    """One Catanatron game with four RandomPlayers; returns its number of actions."""
    from catanatron import Color, RandomPlayer
    from catanatron import Game as CGame

    random.seed(seed)
    colours = [Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE]
    game = CGame([RandomPlayer(c) for c in colours], seed=seed)
    game.play()
    return len(game.state.actions)


def games_per_second(play: Callable[[int], int], seconds: float, first_seed: int) -> float:
    """Games/s over at least ``seconds`` of CPU time (and at least 3 games)."""
    start = clock()
    games = 0
    while clock() - start < seconds or games < 3:
        play(first_seed + games)
        games += 1
    return games / (clock() - start)


class CompiledEngine:
    """``games_per_second(play_catan_core, ...)`` with the compiled engine, in a process of its
    own (one process cannot import both engines: they have the same name)."""

    def __init__(self) -> None:
        reason = compiled.stale()
        if reason:
            raise SystemExit(f"{reason}: python -m devtools.compiled build")
        code = ("from devtools import compiled; compiled.activate(); "
                "from benchmarks import engine; engine.serve_compiled()")
        self.worker = subprocess.Popen([sys.executable, "-c", code], cwd=compiled.ROOT,
                                       stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def games_per_second(self, seconds: float, first_seed: int) -> float:
        assert self.worker.stdin and self.worker.stdout
        self.worker.stdin.write(f"{seconds} {first_seed}\n")
        self.worker.stdin.flush()
        answer = self.worker.stdout.readline()
        if not answer:
            raise SystemExit("the compiled engine's process stopped (its error above)")
        return float(answer)

    def close(self) -> None:
        assert self.worker.stdin
        self.worker.stdin.close()
        self.worker.wait()


def serve_compiled() -> None:
    """The compiled engine's process: games/s for each ``seconds first_seed`` line read."""
    if not compiled.is_compiled():
        raise SystemExit("catan_core is not the compiled engine")
    for line in sys.stdin:
        seconds, first_seed = line.split()
        print(games_per_second(play_catan_core, float(seconds), int(first_seed)), flush=True)


def recorded_games(count: int) -> list[tuple[Game, list[dict[str, Any]], list[dict[str, Any]]]]:
    """(start, actions, positions every 4 actions) of ``count`` random games."""
    found = []
    for seed in range(count):
        game = Game.new(seats=SEATS, seed=10_000 + seed)
        start, chooser = game.copy(), random.Random(seed)
        actions, docs = [], []
        while game.winner is None and game.turn_number <= 300:
            action = chooser.choice(game.legal_actions())
            game.apply(action)
            actions.append(action)
            if len(actions) % 4 == 0:
                docs.append(game.to_dict())
        found.append((start, actions, docs))
    return found


def load_and_apply_costs(games: list[tuple[Game, list[Any], list[Any]]]) -> tuple[float, float]:
    """Seconds per ``apply`` and per ``Game.from_dict`` (best of three passes each)."""
    applies = loads = float("inf")
    for _ in range(3):
        spent = count = 0.0
        for start, actions, _docs in games:
            game = start.copy()
            t0 = clock()
            for action in actions:
                game.apply(action)
            spent += clock() - t0
            count += len(actions)
        applies = min(applies, spent / count)
        spent = count = 0.0
        for _start, _actions, docs in games:
            t0 = clock()
            for doc in docs:
                Game.from_dict(doc)
            spent += clock() - t0
            count += len(docs)
        loads = min(loads, spent / count)
    return applies, loads


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds")
    parser.add_argument("--seconds", type=float, default=6.0, help="CPU seconds per engine "
                        "per round")
    parser.add_argument("--compiled", action="store_true", help="the engine compiled by "
                        "mypyc too (python -m devtools.compiled build)")
    args = parser.parse_args()
    try:
        import catanatron  # noqa: F401
        have_catanatron = True
    except ImportError:
        have_catanatron = False
        print("catanatron: not installed (nox -s bench installs catanatron==3.2.1)")
    engine = CompiledEngine() if args.compiled else None
    recorded = recorded_games(6)
    ratios, cost_ratios, compiled_ratios = [], [], []
    started = time.perf_counter()
    sides = ["ours", "theirs", "compiled"] if engine else ["ours", "theirs"]
    for k in range(args.rounds):
        ours = theirs = fast = 0.0
        for side in sides[k % len(sides):] + sides[:k % len(sides)]:  # each first in turn
            if side == "ours":
                ours = games_per_second(play_catan_core, args.seconds, 1000 * k)
            elif side == "compiled" and engine:
                fast = engine.games_per_second(args.seconds, 1000 * k)
            elif side == "theirs" and have_catanatron:
                theirs = games_per_second(play_catanatron, args.seconds, 1000 * k)
        apply_cost, load_cost = load_and_apply_costs(recorded)
        cost_ratios.append(load_cost / apply_cost)
        line = (f"round {k + 1}: catan_core {ours:7.1f} games/s"
                f" | apply {apply_cost * 1e6:5.1f} us, from_dict {load_cost * 1e6:6.1f} us"
                f" ({load_cost / apply_cost:4.1f}x)")
        if have_catanatron:
            ratios.append(ours / theirs)
            line += f" | catanatron {theirs:6.1f} games/s | ratio {ours / theirs:4.2f}"
        if engine:
            line += f" | compiled {fast:7.1f} games/s ({fast / ours:4.2f}x)"
            if have_catanatron:
                compiled_ratios.append(fast / theirs)
                line += f", ratio {fast / theirs:5.2f}"
        print(line, flush=True)
    print(f"median from_dict/apply cost ratio: {statistics.median(cost_ratios):.1f}")
    for name, found in (("catan_core", ratios), ("compiled catan_core", compiled_ratios)):
        if found:
            print(f"median games/s ratio {name} / catanatron 3.2.1: "
                  f"{statistics.median(found):.2f} (rounds: "
                  f"{', '.join(f'{r:.2f}' for r in found)})")
    if engine:
        engine.close()
    print(f"({time.perf_counter() - started:.0f} s wall clock)")


if __name__ == "__main__":
    main()
