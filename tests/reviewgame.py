"""A finished local game as the Play page saves it (with its record), for the review tests.

The game is played by the Play page's bridge (catan_web.game), every seat a computer, and saved
in the Play page's format with Red as the person who played it (``catan-game-page/2``)."""

from __future__ import annotations

import functools
import re
from typing import Any

from catan_core.referee import Referee
from catan_core.review import Replay
from catan_core.table import Table
from catan_web import game as bridge
from catan_web.game_view import view_of

SEATS = ["red", "blue", "white", "orange"]
KEY = "catan-companion/game"


@functools.cache
def finished_save(seed: int = 11) -> dict[str, Any]:
    """A whole game of four computers (Red played "by a person": Ann)."""
    players = [{"colour": c, "kind": "bot", "level": "easy"} for c in SEATS]
    created = bridge.do_new_game({"seats": SEATS, "board": "variable", "seed": seed,
                                  "random_start": False, "players": players})
    session, record = created["session"], created["record"]
    position, referee, log = created["position"], created["referee"], []
    while position.get("winner") is None:
        answer = bridge.do_advance(session, "red")
        assert not answer.get("wait"), "a computer game waits for nobody"
        record["actions"] += answer.get("acted", [])
        position, referee = answer["position"], answer["referee"]
        log += answer["log"]
    seats = [{"colour": c, "kind": "human" if c == "red" else "bot", "name": "Ann" if c == "red"
              else "", "level": "easy", "personality": "builder", "playing": True} for c in SEATS]
    settings = {"seats": seats, "mode": "classic", "board": "variable", "seed": seed,
                "visibility": "revealed", "timer": 40, "dice": "auto", "speed": "normal",
                "rules": {"trade_before_build": False}}
    return {"format": "catan-game-page/2", "settings": settings, "position": position,
            "referee": referee, "log": log, "stats": {"dice": [0] * 13}, "viewer": "red",
            "last": None, "clocks": {}, "record": record}


def pieces_of_svg(svg: str) -> dict[str, Any]:
    """What a board drawing shows of the game: roads, settlements and cities by player (the
    points of their shapes), the robber's tile."""
    return {
        "roads": sorted(re.findall(r'<g class="road" data-edge="([^"]+)" data-player="(\w+)"',
                                   svg)),
        "buildings": sorted(re.findall(
            r'<polygon class="(settlement|city)" data-player="(\w+)" points="([^"]+)"', svg)),
        "robber": re.findall(r'<g class="robber" data-tile="(\d+)"', svg),
    }


#: The same, read from the page's board.
PAGE_PIECES = """(selector) => {
  const svg = document.querySelector(selector)
  return {
    roads: [...svg.querySelectorAll("g.road")].map((g) => [g.dataset.edge, g.dataset.player]),
    buildings: [...svg.querySelectorAll("polygon.settlement, polygon.city")]
      .map((p) => [p.getAttribute("class"), p.dataset.player, p.getAttribute("points")]),
    robber: [...svg.querySelectorAll("g.robber")].map((g) => g.dataset.tile),
  }
}"""


def engine_pieces(save: dict[str, Any], step: int, viewer: str | None) -> dict[str, Any]:
    """The pieces the engine draws for the game after ``step`` actions."""
    replay = Replay(save["record"]["start"], save["record"]["actions"])
    game = replay.position(step)
    table = Table(game, Referee.new(game.seats, seed=0))
    return pieces_of_svg(view_of(table, viewer, {}, fixed=True)["board"])
