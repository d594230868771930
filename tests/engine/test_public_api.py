"""Code outside ``catan_core`` uses the engine's public API only.

The public API is ``catan_core.PUBLIC_ATTRIBUTES`` on a ``Game``, and the public modules
(``catan_core``, ``query``, ``reports``, ``geometry``, ``constants``, ``errors``, ``board``,
``svg``, ``referee``, ``table``, ``views``, ``dealing``, ``actions``, ``tracking``, ``bots``,
``bots.chances``, ``review``, ``share``).
This test reads every Python file of every package that is not the engine (``catan_web/``,
``catan_rooms/``, ``catan_site/``, ``benchmarks/``) and lists each read of an internal
``Game`` attribute (internal by name: a leading underscore, such as ``game._hand`` or
``game._node_owner``, read on something named like a game) and each import of an internal
engine module.

Every module outside the engine now uses the read API only, so any finding fails the test with
the full list.
"""

from __future__ import annotations

import ast
from pathlib import Path

import catan_core
from catan_core.game import Game

ROOT = Path(__file__).resolve().parents[2]
#: Every top-level package of the project that is not the engine (checked below).
FOLDERS = ("catan_web", "catan_rooms", "catan_site", "devtools", "benchmarks")
#: Where the packages of their own are (tests/sources.py; not imported: this file also runs
#: inside Pyodide, with the engine's tests only).
HOMES = {"catan_site": ROOT / "packages" / "catan-site",
         "catan_rooms": ROOT / "packages" / "catan-rooms"}
PUBLIC_MODULES = {"catan_core", "catan_core.query", "catan_core.geometry",
                  "catan_core.constants", "catan_core.errors", "catan_core.board",
                  "catan_core.reports", "catan_core.svg", "catan_core.referee",
                  "catan_core.table", "catan_core.views", "catan_core.dealing",
                  "catan_core.actions", "catan_core.tracking", "catan_core.bots",
                  "catan_core.selfplay", "catan_core.bots.chances", "catan_core.review",
                  "catan_core.share"}


#: ``PUBLIC_ATTRIBUTES`` as it was listed before internal names took an underscore.
PUBLIC_BEFORE = frozenset({
    "actors", "apply", "awards", "bank_counts", "board", "build_options", "building_at",
    "buildings", "can_afford", "copy", "current_player", "deck_size", "dev_card_count",
    "dev_card_played", "dev_cards", "dice", "discards_owed", "from_dict", "hand_of", "hand_size",
    "harbour_at", "harbours", "harbours_of", "has_built", "knights_played", "legal_actions",
    "legal_actions_of", "longest_road_length", "maritime_rates", "may_offer", "new",
    "offer_refusal", "open_trade", "owner_of", "phase", "pieces_left", "playable_dev_cards",
    "points", "production", "public_points", "robber", "robber_spots", "rules", "scores", "seats",
    "seven_discards", "spots", "summary", "tile_numbers_at", "tiles", "to_dict", "turn_number",
    "victory_points", "vp_to_win", "winner"})


def names_on_game() -> set[str]:
    """Every name on ``Game``'s classes (state fields in ``__slots__`` included), no dunders."""
    return {n for cls in Game.__mro__ if cls is not object for n in vars(cls)
            if not (n.startswith("__") and n.endswith("__"))}


def internal_names() -> set[str]:
    """The internal names on ``Game`` (state fields, rule helpers): the underscore ones."""
    return {n for n in names_on_game() if n.startswith("_")}


def _is_game(value: ast.expr) -> bool:
    """True for expressions that name a game: ``game``, ``g``, ``self.game``, ``sim``..."""
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute):
        return _is_game(value.func.value)  # game.copy().produce(...)
    name = value.id if isinstance(value, ast.Name) else \
        value.attr if isinstance(value, ast.Attribute) else ""
    return "game" in name.lower() or name in ("g", "sim", "state")


def findings() -> list[str]:
    internal = internal_names()
    found = []
    for folder in FOLDERS:
        where_from = HOMES.get(folder, ROOT) / folder
        for path in sorted(where_from.rglob("*.py")) if where_from.is_dir() else []:
            tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
            where = path.relative_to(ROOT)
            for node in ast.walk(tree):
                if isinstance(node, ast.Attribute) and node.attr in internal \
                        and _is_game(node.value):
                    found.append(f"{where}:{node.lineno}: {ast.unparse(node)}")
                elif isinstance(node, ast.ImportFrom) and node.module and \
                        node.module.startswith("catan_core") and node.module not in PUBLIC_MODULES:
                    found.append(f"{where}:{node.lineno}: from {node.module} import ...")
                elif isinstance(node, ast.Import):
                    for alias in node.names:
                        if alias.name.startswith("catan_core") and \
                                alias.name not in PUBLIC_MODULES:
                            found.append(f"{where}:{node.lineno}: import {alias.name}")
    return sorted(found)


def test_every_package_but_the_engine_is_checked() -> None:
    packages = {p.parent.name for p in ROOT.glob("*/__init__.py")} | {
        p.name for p in ROOT.iterdir() if p.is_dir() and any(p.glob("*.py"))}
    assert packages - {"catan_core", "tests", "docs", "noxfile"} <= set(FOLDERS)


def test_the_check_finds_internal_reads(tmp_path: Path) -> None:
    internal = internal_names()
    assert {"_hand", "_node_owner", "_discard_owed", "_road_len",
            "_check_settlement_spot"} <= internal
    assert not internal & {"actors", "spots", "awards", "legal_actions", "to_dict"}


def test_public_names_are_the_names_without_an_underscore() -> None:
    assert catan_core.PUBLIC_ATTRIBUTES == PUBLIC_BEFORE
    assert names_on_game() == catan_core.PUBLIC_ATTRIBUTES | internal_names()


def test_no_module_outside_the_engine_reads_its_internals() -> None:
    found = findings()
    assert not found, f"{len(found)} internal reads outside catan_core:\n" + "\n".join(found)
