"""A table as one seat sees it (``Table.seen``, ``Table.seen_by``): an online room sends each
seat only that, and the Play page builds the seat's view on it (``catan_web.game.do_seen``).
The view must be the one the room's own table gives that seat (the server built it until
December, and the local game still does), and the document must hold nothing the seat may not
see."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from catan_core.table import Table
from catan_web.game import do_seen
from catan_web.game_view import BUILD_MODES, view_of
from catan_web.recent import Recent

SEATS = ["red", "blue", "white", "orange"]

#: (seed, players, visibility, mode, trade before build, people): people decide with random
#: legal moves, computers with their own play (their offers to people included).
GAMES = [
    (1, 4, None, "classic", False, 2),
    (2, 3, "fog", "quick", True, 1),
    (3, 4, "terra", "classic", True, 3),
    (4, 3, None, "quick", True, 3),
    (5, 4, "fog", "classic", False, 1),
    (6, 3, "terra", "quick", False, 2),
]


def step(table: Table, rng: random.Random) -> bool:
    """The table's next move: a computer's, or a random legal one of the person it waits for
    (no bank trade; an offer now and then). False once the game is over or stuck."""
    if table.game.winner is not None:
        return False
    move = table.computer_move()
    if move is not None:
        colour, action, _ = move
        table.step(colour, action, person=False)
        return True
    colour = table.next_actor()
    legal = table.legal_for(colour) if colour else []
    if not legal:
        return False
    action: Any = legal[0]
    if action["type"] == "discard" and "count" in action:
        hand = table.game.hand_of(colour)
        cards: dict[str, int] = {}
        for _ in range(int(action["count"])):
            pile = max(hand, key=lambda r: hand[r] - cards.get(r, 0))
            cards[pile] = cards.get(pile, 0) + 1
        action = {"type": "discard", "player": colour, "cards": cards}
    else:
        action = rng.choice([a for a in legal if a["type"] != "bank_trade"] or legal)
    table.step(colour, action)
    return True


def check(table: Table, rng: random.Random) -> int:
    """Every seat's and a spectator's view built on what they are sent is the one built on the
    table; the seat's document crosses JSON and names no generator, seed or other hand."""
    checked = 0
    for viewer in [*table.game.seats, None]:
        options: dict[str, Any] = {"mode": None}
        if viewer is not None and rng.random() < 0.4:
            options = {"mode": {"kind": rng.choice(BUILD_MODES), "picks": []}}
        seen = json.loads(json.dumps(table.seen(viewer)))
        text = json.dumps(seen)
        assert '"rng"' not in text and '"seed"' not in text and '"cards"' not in text
        for colour, player in seen["view"]["players"].items():
            if colour != viewer:
                assert set(player["hand"]) == {"hidden"}
                assert set(player["dev_cards"]) == {"hidden"}
        theirs = view_of(table, viewer, {**options, "visibility": table.visibility},
                         fixed=True, drawings=Recent(4))
        ours = do_seen(seen, viewer, options)
        assert ours == theirs, [k for k in theirs if theirs[k] != ours.get(k)]
        checked += 1
    return checked


@pytest.mark.parametrize("seed,players,visibility,mode,tbb,people", GAMES)
def test_a_seat_builds_on_what_it_is_sent_the_view_the_table_gives_it(
        seed: int, players: int, visibility: str | None, mode: str, tbb: bool,
        people: int) -> None:
    seats = SEATS[:players]
    table = Table.new(seats, seed=seed, mode=mode, people=seats[:people],
                      visibility=visibility, rules={"trade_before_build": tbb})
    rng = random.Random(seed)
    checked, decided = 0, 0
    for n in range(360):
        if n % 5 == 0 or table.game.phase in ("discard", "move_robber"):
            checked += check(table, rng)
            decided += any(table.decides(c) for c in seats)
        if not step(table, rng):
            break
    checked += check(table, rng)
    assert checked >= 60 and decided >= 10, (checked, decided)


def test_a_finished_game_shows_everyones_points_to_every_seat() -> None:
    """Once the game is over, each seat's view counts the others' Victory Point cards (sent as
    points, never as the cards)."""
    table = Table.new(SEATS, seed=11, people=[])
    rng = random.Random(11)
    while step(table, rng):
        pass
    assert table.game.winner is not None
    whole = table.game.scores(None)
    for viewer in [*SEATS, None]:
        view = do_seen(json.loads(json.dumps(table.seen(viewer))), viewer)
        assert {p["colour"]: p["points"] for p in view["players"]} == whole
        assert view == view_of(table, viewer, {}, fixed=True, drawings=Recent(4))


def test_terra_incognita_shows_no_harbour_in_a_seats_view() -> None:
    """While Terra Incognita hides the island, no seat's view names a harbour of anyone: not
    in the players' list, not in the seat's own rates (the server's view did, until December)."""
    table = Table.new(SEATS, seed=7, people=SEATS, visibility="terra")
    rng = random.Random(7)
    shown = 0
    while step(table, rng) and table.hidden == "terra":
        owners = [c for c in SEATS if table.game.summary(c)["harbours"]]
        for viewer in SEATS:
            view = view_of(table, viewer, {}, fixed=True, drawings=Recent(4))
            assert all(p["harbours"] == [] for p in view["players"])
            assert set(view["me"]["rates"].values()) == {4}
            shown += viewer in owners
    assert shown, "no seat stood on a harbour during the set-up: choose another seed"


def test_a_seen_document_that_is_no_table_is_refused_with_a_code() -> None:
    for bad in ({}, {"view": 3}, {"view": {"players": {}}}, []):
        with pytest.raises(Exception) as caught:
            do_seen(bad, None)  # type: ignore[arg-type]
        assert getattr(caught.value, "code", None) in ("bad_request", "invalid_position")


@pytest.mark.parametrize("visibility", ["fog", "terra"])
def test_the_bank_is_not_shown_while_the_island_hides_the_set_ups_cards(
        visibility: str) -> None:
    """The log does not name the cards the set-up gives while the island is hidden; neither
    does the bank's count (it would say which resources left it). Shown again after."""
    table = Table.new(SEATS, seed=9, people=SEATS, visibility=visibility)
    rng = random.Random(9)
    hidden_steps = 0
    while step(table, rng) and table.hidden:
        hidden_steps += 1
        for viewer in [*SEATS, None]:
            assert table.seen(viewer)["bank"] is None
            assert view_of(table, viewer, {}, fixed=True, drawings=Recent(4))["bank"] is None
    assert hidden_steps >= 12 and table.hidden is None
    assert sum(view_of(table, "red", {}, fixed=True, drawings=Recent(4))["bank"].values()) > 0
