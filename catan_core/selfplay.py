"""Play whole games between bots and count what they did (the ladder, benches and tests).

The table of :mod:`catan_core.table` runs the game, as on the Play page: its referee says whose
decision comes next, answers for a player an offer they cannot answer, ends a turn past its cap,
and lets each bot decide from its colour's view with offers allowed below ``max_offers`` per
turn. After an offer, every other player answers once, then the offerer confirms or cancels.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .bots import Bot, make_bot
from .bots.evaluate import public_vp
from .constants import COLOURS
from .game import Game
from .referee import Referee, bot_seed, who_acts
from .table import Table

__all__ = ["GameResult", "SeatStats", "make_seat", "play_bot_game", "who_acts"]

SeatConfig = Bot | Mapping[str, Any] | tuple[str, str] | str


@dataclass
class SeatStats:
    """What one seat did in one game."""

    colour: str
    level: str
    personality: str
    points: int = 0
    offers: int = 0
    trades: int = 0  # offers of this seat that ended in a trade
    accepts: int = 0  # answers "accept" or a counter-offer to someone else's offer
    robber_leader: int = 0  # robber moves aimed at a leader (by public points)
    robber_other: int = 0
    cities: int = 0
    settlements: int = 0
    roads: int = 0
    dev_cards: int = 0
    decisions: int = 0
    times: list[float] = field(default_factory=list)  # seconds per decision (wall clock)
    cpu_times: list[float] = field(default_factory=list)  # seconds per decision (CPU)
    searched: list[float] = field(default_factory=list)  # CPU seconds of decisions that searched


@dataclass
class GameResult:
    """The outcome of one bot game."""

    seed: int
    winner: str | None
    turns: int
    actions: int
    seats: list[SeatStats]
    game: Game
    chosen: Counter[str] = field(default_factory=Counter)  # action types the bots chose
    record: dict[str, Any] = field(default_factory=dict)  # the table's record (a replay's)


class Stopwatch:
    """Wall and CPU clocks read when a bot starts deciding (forced moves take no decision)."""

    started = False
    wall = 0.0  # (one name per assignment in a class body: mypyc has no chained one there)
    cpu = 0.0

    def start(self) -> None:
        self.started, self.wall, self.cpu = True, time.perf_counter(), time.process_time()


def make_seat(config: SeatConfig, seed: int) -> Bot:
    """A bot from a Bot, ``{"level":, "personality":}``, ``(level, personality)`` or
    ``"level:personality"``."""
    if isinstance(config, Bot):
        return config
    if isinstance(config, str):
        level, _, personality = config.partition(":")
        return make_bot(level, personality or "builder", seed)
    if isinstance(config, tuple):
        return make_bot(config[0], config[1], seed)
    return make_bot(str(config.get("level", "normal")),
                    str(config.get("personality", "builder")), int(config.get("seed", seed)))


def leaders(game: Game, mover: int) -> set[int]:
    """Opponents of ``mover`` with the most public points."""
    scores = {q: public_vp(game, q) for q in range(len(game.seats)) if q != mover}
    top = max(scores.values())
    return {q for q, s in scores.items() if s == top}


def play_bot_game(seats_config: Sequence[SeatConfig], seed: int, *, board: str = "standard",
                  vp_to_win: int = 10, max_offers: int = 3, max_turns: int = 600,
                  max_actions_per_turn: int = 200,
                  observer: Callable[[Game, int, dict[str, Any]], None] | None = None
                  ) -> GameResult:
    """Play one game; seats take ``COLOURS`` in order, seat ``i``'s bot gets a seed from ``seed``.

    Ends with a winner, or after ``max_turns`` turns without one (``winner`` None). An action a
    bot chooses that the engine refuses raises ``IllegalAction``: bots must never do that.
    ``observer(game, seat, action)`` is called before each action is applied. A turn longer
    than ``max_actions_per_turn`` decisions is ended by the referee (a safety net only).
    """
    colours = list(COLOURS[:len(seats_config)])
    game = Game.new(seats=colours, seed=seed, board=board, vp_to_win=vp_to_win)
    bots = [make_seat(c, bot_seed(seed, i)) for i, c in enumerate(seats_config)]
    stats = [SeatStats(c, b.level_name, b.personality) for c, b in zip(colours, bots, strict=True)]
    referee = Referee.new(colours, seed=seed, max_offers=max_offers,
                          max_actions=max_actions_per_turn)
    table = Table(game, referee)
    actions = 0
    chosen: Counter[str] = Counter()
    while game.winner is None and game.turn_number <= max_turns:
        colour = referee.next_actor(game)
        assert colour is not None
        seat = colours.index(colour)
        clock = Stopwatch()
        action, _ = referee.bot_action(game, colour, bots[seat], check=False, timer=clock.start)
        if clock.started:
            stats[seat].times.append(time.perf_counter() - clock.wall)
            stats[seat].cpu_times.append(time.process_time() - clock.cpu)
            if bots[seat].rollouts:
                stats[seat].searched.append(stats[seat].cpu_times[-1])
        stats[seat].decisions += 1
        chosen[action["type"]] += 1
        record(game, action, stats, seat)
        if observer is not None:
            observer(game, seat, action)
        table.step(colour, action, person=False)
        actions += 1
    for p, s in enumerate(stats):
        s.points = game._victory_points_of(p)
    return GameResult(seed, game.winner, game.turn_number, actions, stats, game, chosen,
                      table.record())


def record(game: Game, action: dict[str, Any], stats: list[SeatStats], seat: int) -> None:
    """Count ``action`` (before it is applied) in the seat's statistics."""
    kind = action["type"]
    s = stats[seat]
    if kind == "offer_trade":
        s.offers += 1
    elif kind == "confirm_trade":
        s.trades += 1
    elif kind in ("accept_trade", "counter_trade"):
        s.accepts += 1
    elif kind == "move_robber":
        tile = action["tile"]
        victim = action.get("victim")
        hit = {game.seats.index(victim)} if victim else set(game._robber_candidates(tile))
        if hit:
            if hit & leaders(game, seat):
                s.robber_leader += 1
            else:
                s.robber_other += 1
    elif kind == "build_city":
        s.cities += 1
    elif kind == "build_settlement":
        s.settlements += 1
    elif kind == "build_road":
        s.roads += 1
    elif kind == "play_road_building":
        s.roads += len(action["edges"])
    elif kind == "buy_dev_card":
        s.dev_cards += 1
