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
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from catan_core import Game

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
    args = parser.parse_args()
    try:
        import catanatron  # noqa: F401
        have_catanatron = True
    except ImportError:
        have_catanatron = False
        print("catanatron: not installed (nox -s bench installs catanatron==3.2.1)")
    recorded = recorded_games(6)
    ratios, cost_ratios = [], []
    started = time.perf_counter()
    for k in range(args.rounds):
        ours = theirs = 0.0
        order = ["ours", "theirs"] if k % 2 == 0 else ["theirs", "ours"]
        for side in order:
            if side == "ours":
                ours = games_per_second(play_catan_core, args.seconds, 1000 * k)
            elif have_catanatron:
                theirs = games_per_second(play_catanatron, args.seconds, 1000 * k)
        apply_cost, load_cost = load_and_apply_costs(recorded)
        cost_ratios.append(load_cost / apply_cost)
        line = (f"round {k + 1}: catan_core {ours:7.1f} games/s"
                f" | apply {apply_cost * 1e6:5.1f} us, from_dict {load_cost * 1e6:6.1f} us"
                f" ({load_cost / apply_cost:4.1f}x)")
        if have_catanatron:
            ratios.append(ours / theirs)
            line += f" | catanatron {theirs:6.1f} games/s | ratio {ours / theirs:4.2f}"
        print(line, flush=True)
    print(f"median from_dict/apply cost ratio: {statistics.median(cost_ratios):.1f}")
    if ratios:
        print(f"median games/s ratio catan_core / catanatron 3.2.1: "
              f"{statistics.median(ratios):.2f} (rounds: "
              f"{', '.join(f'{r:.2f}' for r in ratios)})")
    print(f"({time.perf_counter() - started:.0f} s wall clock)")


if __name__ == "__main__":
    main()
