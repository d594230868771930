"""What the FAQ states, checked against the engine.

Each check names the FAQ answer (``page#anchor``) whose rule it backs. Where the engine suite
already checks a rule, ``ENGINE_TESTS`` points at that test and this file checks that it exists,
so a renamed or deleted engine test cannot leave an answer silently unbacked.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from catan_core import Game
from catan_core.board import Board
from catan_core.constants import COSTS, RESOURCES
from catan_core.topology import TILE_NEIGHBOURS

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
LANGUAGES = ("en", "fr", "es", "nl")
FENCE = re.compile(r"^```(catan-diagram|catan-widget)\n(.*?)^```", re.MULTILINE | re.DOTALL)

#: FAQ answer -> the engine test that checks its rule.
ENGINE_TESTS: dict[str, str] = {
    "turn#trade-build-any-order":
        "engine/test_trading.py::test_ruling_trade_before_build_option_refuses_trading_after_building",
    "trading#harbour-usable-same-turn":
        "engine/test_trading.py::test_ruling_trade_before_build_option_refuses_trading_after_building",
    "robber#robber-starting-hex-desert":
        "engine/test_robber.py::test_ruling_victim_required_only_when_a_neighbour_has_cards",
}


def question_block(lang: str, page: str, anchor: str) -> str:
    """The Markdown of one FAQ question, from its heading to the next one."""
    text = (DOCS / lang / "faq" / f"{page}.md").read_text(encoding="utf-8")
    start = text.index(f"{{ #{anchor} }}")
    end = text.find("\n## ", start)
    return text[start:end if end >= 0 else len(text)]


def fence_specs(block: str) -> list[dict[str, Any]]:
    return [yaml.safe_load(body) for _, body in FENCE.findall(block)]


@pytest.mark.parametrize("answer", sorted(ENGINE_TESTS))
def test_pointed_engine_tests_exist(answer: str) -> None:
    path, name = ENGINE_TESTS[answer].split("::")
    source = (ROOT / "tests" / path).read_text(encoding="utf-8")
    assert re.search(rf"^def {re.escape(name)}\(", source, re.MULTILINE), ENGINE_TESTS[answer]
    page, anchor = answer.split("#")
    assert f"{{ #{anchor} }}" in (DOCS / "en" / "faq" / f"{page}.md").read_text("utf-8")


def _reds_touch(board: Board) -> bool:
    return any(board.numbers[a] in (6, 8) and board.numbers[b] in (6, 8)
               for a in range(19) for b in TILE_NEIGHBOURS[a])


def test_red_numbers_apart_on_beginner_island_and_spiral() -> None:
    """production#red-six-and-eight: the beginner island and the A-B-C spiral keep 6 and 8
    apart by construction; random placement needs the swap rule (the engine applies it)."""
    assert not _reds_touch(Board.beginner())
    for seed in range(300):
        assert not _reds_touch(Board.standard(seed, "spiral")), seed
        assert not _reds_touch(Board.standard(seed, "random")), seed


def test_settlements_and_roads_need_no_ore() -> None:
    """building#out-of-cities: spare ore buys development cards, never settlements or roads."""
    ore = RESOURCES.index("ore")
    assert COSTS["settlement"][ore] == COSTS["road"][ore] == 0
    assert COSTS["dev_card"][ore] == 1 and COSTS["city"][ore] == 3


@pytest.mark.parametrize("lang", LANGUAGES)
def test_first_robber_move_may_block_nobody(lang: str) -> None:
    """robber#robber-starting-hex-desert: the diagram's robber hex is a legal move with nobody
    to rob, and moving there takes no card from anyone."""
    (spec,) = fence_specs(question_block(lang, "robber", "robber-starting-hex-desert"))
    game = Game.new(seats=["red", "blue", "white"], board="beginner")
    doc = game.to_dict()
    for colour, pieces in spec["pieces"].items():
        doc["players"][colour].update(pieces)
        doc["players"][colour]["hand"] = {"ore": 2}
    doc["turn"] = {"player": "red", "number": 9, "phase": "move_robber", "dev_card_played": False}
    game = Game.from_dict(doc)
    moves = [a for a in game.legal_actions() if a["tile"] == spec["robber"]]
    assert len(moves) == 1 and "victim" not in moves[0]
    game.apply(moves[0])
    after = game.to_dict()
    assert after["board"]["robber"] == spec["robber"]
    assert all(p["hand"] == {"ore": 2} for p in after["players"].values())
