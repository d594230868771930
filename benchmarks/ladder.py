"""Bot ladder: each level against three bots of the level below, in seeded 4-player games.

Prints, per matchup, the win rate of the stronger bot (baseline 25%: four equal players) with
a 95% Wilson confidence interval and the mean game length; decision times per level (p50, p95
and max, CPython, wall clock and CPU time: on a busy machine the wall clock also counts the
time other processes ran); and per personality the average trades proposed, trades made,
offers accepted, robber moves aimed at the leader, cities, roads and development cards bought.

The bot under test takes seat ``g % 4`` in game ``g`` (so every seat is played equally) and the
personalities rotate over the seats. Then, for each level of ``--mixed``, games of four bots of
that level with mixed personalities (rotating over seats and games, so each personality plays
as often as the others) print each personality's win rate with its 95% interval and its style
(offers, roads against cities, robber aimed at the leader): personalities should change the
style, not the strength (each between 15% and 35% here, 25% being an equal share). Run with
``nox -s ladder`` or ``python -m benchmarks.ladder --games 200 --jobs 2``: 200 games for each
row with the Expert, 600 (``--fast-games``) for the others, which take seconds.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import statistics
import time
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from catan_core.bots import PERSONALITIES
from catan_core.selfplay import play_bot_game

MATCHUPS = (("normal", "easy"), ("hard", "normal"), ("expert", "hard"), ("expert", "easy"))


@dataclass
class Outcome:
    """What the ladder keeps of one game."""

    won: bool
    finished: bool
    turns: int
    seats: list[dict[str, Any]]


def play_one(job: tuple[str, str, int, int]) -> Outcome:
    strong, weak, index, base = job
    subject = index % 4
    config = []
    for seat in range(4):
        personality = PERSONALITIES[(index + seat) % len(PERSONALITIES)]
        config.append((strong if seat == subject else weak, personality))
    result = play_bot_game(config, seed=base + index)
    seats = [{"level": s.level, "personality": s.personality, "offers": s.offers,
              "trades": s.trades, "accepts": s.accepts, "leader": s.robber_leader,
              "other": s.robber_other, "cities": s.cities, "roads": s.roads,
              "devs": s.dev_cards, "times": s.times, "cpu": s.cpu_times,
              "searched": s.searched}
             for s in result.seats]
    return Outcome(result.winner == result.seats[subject].colour, result.winner is not None,
                   result.turns, seats)


def play_mixed(job: tuple[str, int, int]) -> Outcome:
    """One game of four ``level`` bots; personalities rotate with the game number."""
    level, index, base = job
    k = len(PERSONALITIES)
    config = [(level, PERSONALITIES[(index + seat * (1 + index // k)) % k]) for seat in range(4)]
    if len({p for _, p in config}) < 4:  # keep four different personalities at the table
        config = [(level, PERSONALITIES[(index + seat) % k]) for seat in range(4)]
    result = play_bot_game(config, seed=base + 50_000 + index)
    seats = [{"level": s.level, "personality": s.personality, "won": s.colour == result.winner,
              "offers": s.offers, "leader": s.robber_leader, "other": s.robber_other,
              "cities": s.cities, "roads": s.roads, "devs": s.dev_cards}
             for s in result.seats]
    return Outcome(False, result.winner is not None, result.turns, seats)


def mixed_table(pool: Any, level: str, games: int, seed: int) -> int:
    """Print the personality table of one level; returns the games played."""
    outcomes = pool.map(play_mixed, [(level, g, seed) for g in range(games)], chunksize=4)
    stats: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for o in outcomes:
        for seat in o.seats:
            t = stats[seat["personality"]]
            t["seats"] += 1
            for key in ("won", "offers", "leader", "other", "cities", "roads", "devs"):
                t[key] += seat[key]
    print(f"\n{level}, four bots of mixed personalities ({len(outcomes)} games, "
          f"{sum(not o.finished for o in outcomes)} unfinished)")
    print(f"  {'personality':<14}{'seats':>6}{'wins':>6}{'win rate':>10}{'95% CI':>17}"
          f"{'offers':>8}{'roads':>7}{'cities':>8}{'robber→leader':>15}{'dev cards':>11}")
    for name in PERSONALITIES:
        t = stats[name]
        n = int(t["seats"])
        if not n:
            continue
        low, high = wilson(int(t["won"]), n)
        aimed = t["leader"] + t["other"]
        share = f"{t['leader'] / aimed:.0%}" if aimed else "-"
        print(f"  {name:<14}{n:>6}{int(t['won']):>6}{t['won'] / n:>10.1%}"
              f"{f'[{low:.1%}, {high:.1%}]':>17}{t['offers'] / n:>8.2f}{t['roads'] / n:>7.2f}"
              f"{t['cities'] / n:>8.2f}{share:>15}{t['devs'] / n:>11.2f}", flush=True)
    return len(outcomes)


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def report(times: dict[str, list[float]], cpu: dict[str, list[float]],
           searched: dict[str, list[float]], traits: dict[str, dict[str, float]]) -> None:
    """Decision times by level and behaviour by personality, over the matchups' games."""
    print("\ndecision time (ms)   wall p50   p95    max   CPU p50   p95    max  decisions")
    for level in ("easy", "normal", "hard", "expert"):
        if times[level]:
            wall = [t * 1000 for t in times[level]]
            used = [t * 1000 for t in cpu[level]]
            print(f"  {level:<16}" + "".join(
                f"{percentile(ms, 0.5):>9.2f}{percentile(ms, 0.95):>7.1f}{max(ms):>7.0f}"
                for ms in (wall, used)) + f"{len(wall):>11}")
    for level, spent in searched.items():
        if spent:
            ms = [t * 1000 for t in spent]
            share = len(ms) / max(1, len(cpu[level]))
            print(f"  {level + ' searching (CPU)':<39}{percentile(ms, 0.5):>9.2f}"
                  f"{percentile(ms, 0.95):>7.1f}{max(ms):>7.0f}{len(ms):>11}"
                  f"  ({share:.0%} of its decisions, played out on sampled deals)")
    print("\nper personality, per game: offers  trades  accepts  robber→leader  cities  roads"
          "  dev cards")
    for name in PERSONALITIES:
        t = traits[name]
        n = max(1.0, t["seats"])
        aimed = t["leader"] + t["other"]
        share = f"{t['leader'] / aimed:.0%}" if aimed else "-"
        print(f"  {name:<14}{t['offers'] / n:>10.2f}{t['trades'] / n:>8.2f}"
              f"{t['accepts'] / n:>9.2f}{share:>15}{t['cities'] / n:>8.2f}"
              f"{t['roads'] / n:>7.2f}{t['devs'] / n:>11.2f}")


def games_for(args: argparse.Namespace, *levels: str) -> int:
    """Games for a row of these levels: ``--games`` with the Expert (it searches), else
    ``--fast-games``."""
    return args.games if "expert" in levels else args.fast_games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200,
                        help="games per matchup or table with the Expert")
    parser.add_argument("--fast-games", type=int, default=600,
                        help="games per matchup or table without it (they take seconds)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--seed", type=int, default=1000, help="seed of the first game")
    parser.add_argument("--matchups", default=",".join(f"{a}>{b}" for a, b in MATCHUPS),
                        help="comma-separated strong>weak pairs (empty: none)")
    parser.add_argument("--mixed", default="normal,expert",
                        help="levels for the personality tables (empty: none)")
    args = parser.parse_args()
    pairs = [tuple(m.split(">")) for m in args.matchups.split(",") if m]
    times: dict[str, list[float]] = defaultdict(list)
    cpu: dict[str, list[float]] = defaultdict(list)
    searched: dict[str, list[float]] = defaultdict(list)
    traits: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    start = time.perf_counter()
    played = 0
    print(f"{'matchup':<18}{'games':>6}{'wins':>6}{'win rate':>10}{'95% CI':>17}"
          f"{'turns':>7}{'unfinished':>11}")
    with multiprocessing.Pool(args.jobs) as pool:
        for strong, weak in pairs:
            jobs = [(strong, weak, g, args.seed) for g in range(games_for(args, strong, weak))]
            outcomes = pool.map(play_one, jobs, chunksize=4)
            played += len(outcomes)
            wins = sum(o.won for o in outcomes)
            low, high = wilson(wins, len(outcomes))
            turns = statistics.mean(o.turns for o in outcomes)
            unfinished = sum(not o.finished for o in outcomes)
            label = f"{strong} vs 3 {weak}"
            print(f"{label:<18}{len(outcomes):>6}{wins:>6}{wins / len(outcomes):>10.1%}"
                  f"{f'[{low:.1%}, {high:.1%}]':>17}{turns:>7.1f}{unfinished:>11}", flush=True)
            for o in outcomes:
                for seat in o.seats:
                    times[seat["level"]] += seat["times"]
                    cpu[seat["level"]] += seat["cpu"]
                    searched[seat["level"]] += seat["searched"]
                    t = traits[seat["personality"]]
                    t["seats"] += 1
                    for key in ("offers", "trades", "accepts", "leader", "other", "cities",
                                "roads", "devs"):
                        t[key] += seat[key]
    if pairs:
        report(times, cpu, searched, traits)
    with multiprocessing.Pool(args.jobs) as pool:
        for level in (x for x in args.mixed.split(",") if x):
            played += mixed_table(pool, level, games_for(args, level), args.seed)
    decisions = sum(len(t) for t in times.values())
    print(f"\n{played} games, {decisions} decisions, none refused by the engine (a refused "
          f"action stops the run); {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
