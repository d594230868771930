"""What a server builds once and shares: the record's start written when first needed, the part
of the page view every seat sees alike, a room's kept game (issue 32). Each gives what the
plain way gives."""

from __future__ import annotations

import json
import random

from randomplay import random_step

from catan_core import Game
from catan_core.table import Table
from catan_web.game_view import shared_view, view_of
from catan_web.recent import Recent

SEATS = ["red", "blue", "white", "orange"]


def test_the_record_starts_where_the_table_started_whenever_it_is_first_asked() -> None:
    table = Table.new(SEATS, seed=5, people=SEATS)
    start = table.game.to_dict()
    copy = table.copy()  # copied before any step: its own record starts there too
    rng = random.Random(5)
    for _ in range(30):
        random_step(table, rng)
    record = table.record()
    assert record["start"] == start and len(record["actions"]) == 30
    replayed = Game.from_dict(record["start"])
    for action in record["actions"]:
        replayed.apply(action)
    assert replayed.to_dict() == table.game.to_dict()
    assert copy.record() == {"start": start, "actions": []}


def test_a_view_built_on_the_shared_part_is_the_view_built_alone() -> None:
    rng = random.Random(8)
    for seed, visibility in ((8, None), (9, "fog"), (10, "terra")):
        table = Table.new(SEATS, seed=seed, people=SEATS, visibility=visibility)
        for step in range(120):
            if step % 9 == 0:
                shared = shared_view(table)
                for viewer in [*SEATS, None]:
                    alone = view_of(table, viewer, {"mode": None}, fixed=True,
                                    drawings=Recent(8))
                    kept = view_of(table, viewer, {"mode": None}, fixed=True,
                                   drawings=Recent(8), shared=shared)
                    assert json.dumps(kept, sort_keys=True) == json.dumps(alone, sort_keys=True)
                    # a seat sees its own total (hidden cards included) and the others' public
                    # points, whichever seat's view was built on the shared part before
                    seen = table.game.scores(viewer or "public")
                    assert {p["colour"]: p["points"] for p in kept["players"]} == seen
                    if viewer is not None:
                        assert kept["me"]["points"] == seen[viewer]
            if table.game.winner is not None:
                break
            random_step(table, rng)
