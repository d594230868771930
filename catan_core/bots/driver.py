"""Play whole games between bots and count what they did (the game page and the ladder).

The driver is the referee: it asks each bot whose decision it is, with that bot's view and the
legal actions. After an offer, every other player answers once, then the offerer confirms or
cancels; at most ``max_offers`` offers per player per turn, so negotiation always ends.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..constants import COLOURS
from ..game import Game
from .bot import Bot, make_bot
from .evaluate import public_vp

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


def who_acts(game: Game) -> int:
    """The seat the game waits for: an owed discard, an unanswered offer, else the active one."""
    if game.phase == "discard":
        return min(game.discard_owed)
    if game.trade is not None:
        n = len(game.seats)
        for k in range(1, n):
            q = (game.current + k) % n
            if q not in game.trade.answers:
                return q
    return game.current


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
    bots = [make_seat(c, seed * 16 + i + 1) for i, c in enumerate(seats_config)]
    stats = [SeatStats(c, b.level_name, b.personality) for c, b in zip(colours, bots, strict=True)]
    offers = [0] * len(colours)
    actions = in_turn = 0
    chosen: Counter[str] = Counter()
    turn = game.turn_number
    while game.winner is None and game.turn_number <= max_turns:
        if game.turn_number != turn:
            turn, in_turn, offers = game.turn_number, 0, [0] * len(colours)
        seat = who_acts(game)
        legal = game.legal_actions()
        view = game.to_dict(view=colours[seat])
        start, cpu = time.perf_counter(), time.process_time()
        action = bots[seat].choose(view, legal, allow_offers=offers[seat] < max_offers)
        stats[seat].times.append(time.perf_counter() - start)
        stats[seat].cpu_times.append(time.process_time() - cpu)
        stats[seat].decisions += 1
        in_turn += 1
        if in_turn > max_actions_per_turn and game.trade is None and game.phase == "main":
            action = {"type": "end_turn", "player": colours[game.current]}
        chosen[action["type"]] += 1
        record(game, action, stats, seat, offers)
        if observer is not None:
            observer(game, seat, action)
        game.apply(action)
        actions += 1
    for p, s in enumerate(stats):
        s.points = game.victory_points_of(p)
    return GameResult(seed, game.winner, game.turn_number, actions, stats, game, chosen)


def record(game: Game, action: dict[str, Any], stats: list[SeatStats], seat: int,
           offers: list[int]) -> None:
    """Count ``action`` (before it is applied) in the seat's statistics."""
    kind = action["type"]
    s = stats[seat]
    if kind == "offer_trade":
        offers[seat] += 1
        s.offers += 1
    elif kind == "confirm_trade":
        s.trades += 1
    elif kind in ("accept_trade", "counter_trade"):
        s.accepts += 1
    elif kind == "move_robber":
        tile = action["tile"]
        victim = action.get("victim")
        hit = {game.seats.index(victim)} if victim else set(game.robber_candidates(tile))
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
