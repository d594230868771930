"""Engine speed: random 4-player games in catan_core and, if installed, Catanatron 3.2.1.

Both sides play with players choosing uniformly among the legal actions. Prints games/s and
actions/s for each, and the ratio. Run with ``nox -s bench`` (which installs Catanatron).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from catan_core import Game

SEATS = ["red", "blue", "white", "orange"]
TURN_LIMIT = 1000  # the same cap Catanatron applies to its games


def play_catan_core(seed: int) -> int:
    """One random game; returns the number of actions applied."""
    game = Game.new(seats=SEATS, seed=seed)
    chooser = random.Random(seed)
    actions = 0
    while game.win_seat < 0 and game.turn_number <= TURN_LIMIT:
        legal = game.legal_actions()
        game.apply(chooser.choice(legal))
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


def measure(play: Callable[[int], int], seconds: float, min_games: int) -> tuple[float, float]:
    """Games/s and actions/s over at least ``seconds`` and ``min_games``."""
    start = time.perf_counter()
    games = actions = 0
    while time.perf_counter() - start < seconds or games < min_games:
        actions += play(games)
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, actions / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=20.0, help="time per engine")
    args = parser.parse_args()
    ours = measure(play_catan_core, args.seconds, 20)
    print(f"catan_core : {ours[0]:8.1f} games/s {ours[1]:10.0f} actions/s")
    try:
        import catanatron  # noqa: F401
    except ImportError:
        print("catanatron: not installed (nox -s bench installs catanatron==3.2.1)")
        return
    theirs = measure(play_catanatron, args.seconds, 20)
    print(f"catanatron : {theirs[0]:8.1f} games/s {theirs[1]:10.0f} actions/s")
    print(f"ratio      : {ours[0] / theirs[0]:8.1f}x games/s {ours[1] / theirs[1]:7.1f}x actions/s")


if __name__ == "__main__":
    main()
