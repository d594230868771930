"""The engine compiled by mypyc, for servers, the benchmark and the ladder (never the site).

``python -m devtools.compiled build`` compiles ``catan_core`` (its ``mypy --strict`` types are
what mypyc needs; mypy and setuptools must be installed) into ``build/compiled/`` (git-ignored;
about 2 minutes of one core): the compiled modules there, with the few left as Python
(``LEFT_OUT``) copied beside them. Nothing is written into ``catan_core/``, so the tests, the
site build and the wheel Pyodide loads (``pip wheel .``) still take the pure-Python engine from
the tree; only a program that puts ``build/compiled`` first on ``sys.path`` (``activate``) runs
the compiled one. ``nox -s compiled`` builds, checks, tests and times it.

- ``python -m devtools.compiled check [--games 300] [--bot-games 8]`` plays the same seeded
  games with both engines, each in a process of its own (random players, as the benchmark's,
  and bots of each level), and compares every game (actions, events or the table's record, and
  the final position): they must be identical;
- ``python -m devtools.compiled test [PYTEST ARGS]`` runs ``tests/engine`` (or the tests named)
  on the compiled engine;
- ``python -m devtools.compiled run MODULE [ARGS...]`` runs ``python -m MODULE ARGS`` on the
  compiled engine (``benchmarks.ladder``: its worker processes are forked, so they have it too);
- ``python -m benchmarks.engine --compiled`` prints the compiled engine's games/s beside the
  pure one's in each round.

A build is used only while ``catan_core``'s sources are those it was made from (a fingerprint
of them is kept with it): otherwise ``activate`` stops and says to build again.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.machinery
import json
import os
import runpy
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent  # the repository
PACKAGE = ROOT / "catan_core"
OUT = ROOT / "build" / "compiled"  # the importable build: put first on sys.path
TEMP = ROOT / "build" / "mypyc-temp"  # generated C and object files
STAMP = OUT / "catan_core-sources.json"
#: Modules left as Python, and why (neither is on the path of ``Game.new``, ``legal_actions``
#: or ``apply``). Compiled by mypyc (2.4), ``bots/context.py`` would make other bots: its
#: ``functools.cached_property`` would be a plain property, computed again at each read
#: (``Ctx.game`` deals again from the decision's generator), and ``bots/planner.py`` sets that
#: cache through ``__dict__``, which a compiled class has not; ``actions.py`` reads its table of
#: fields from the annotations of its TypedDicts, which a compiled module does not keep as text.
LEFT_OUT = {
    "catan_core/actions.py": "the fields' table is read from the TypedDicts' annotations",
    "catan_core/bots/context.py": "Ctx's functools.cached_property (and its __dict__)",
}


def sources() -> list[Path]:
    """The files of ``catan_core`` (modules and ``py.typed``), in a fixed order."""
    return sorted(p for p in PACKAGE.rglob("*") if p.suffix in (".py", ".typed")
                  and "__pycache__" not in p.parts)


def fingerprint() -> str:
    """A hash of ``catan_core``'s sources, of the modules left as Python and of this
    interpreter's version."""
    digest = hashlib.sha256(sys.version.encode() + json.dumps(sorted(LEFT_OUT)).encode())
    for path in sources():
        digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def build(force: bool = False) -> None:
    """Compile ``catan_core`` into ``OUT`` (the modules of ``LEFT_OUT`` copied as they are),
    unless the build there is of these sources and this mypy already."""
    if not force and not stale() and json.loads(STAMP.read_text()).get("mypy") == mypy_version():
        print(f"{OUT.relative_to(ROOT)}/ is up to date (--force builds again)")
        return
    from mypyc.build import mypycify  # mypy's; only building needs it
    from setuptools import Distribution
    from setuptools.command.build_ext import build_ext

    compiled = [p.relative_to(ROOT).as_posix() for p in sources() if p.suffix == ".py"
                and p.relative_to(ROOT).as_posix() not in LEFT_OUT]
    shutil.rmtree(OUT, ignore_errors=True)
    os.chdir(ROOT)  # mypy reads pyproject.toml's [tool.mypy] (strict) from here
    extensions = mypycify(compiled, opt_level="3", group_name="catan_core",
                          target_dir=str(TEMP / "c"))
    command = build_ext(Distribution({"ext_modules": extensions, "script_name": "setup.py"}))
    command.build_lib, command.build_temp = str(OUT), str(TEMP / "o")
    command.ensure_finalized()
    command.run()
    for path in sources():  # the modules left as Python, and py.typed
        name = path.relative_to(ROOT).as_posix()
        if name not in compiled:
            (OUT / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, OUT / name)
    STAMP.write_text(json.dumps({"fingerprint": fingerprint(), "mypy": mypy_version(),
                                 "compiled": compiled, "left_out": LEFT_OUT}, indent=1) + "\n")
    print(f"{len(compiled)} modules compiled into {OUT.relative_to(ROOT)}/; left as Python: "
          f"{', '.join(LEFT_OUT)}")


def mypy_version() -> str:
    """The version of the mypy (and mypyc) installed."""
    from mypy.version import __version__

    return __version__


def stale() -> str | None:
    """Why ``OUT`` cannot be used (no build, or one of other sources), or None."""
    if not STAMP.exists():
        return f"no compiled engine in {OUT}"
    if json.loads(STAMP.read_text())["fingerprint"] != fingerprint():
        return f"the compiled engine in {OUT} is of other sources (or another Python)"
    return None


def activate() -> None:
    """Put the compiled engine first on ``sys.path`` and import it (before anything imports
    the pure one): its modules then come from there, whatever ``sys.path`` becomes."""
    reason = stale()
    if reason:
        raise SystemExit(f"{reason}: python -m devtools.compiled build")
    if "catan_core" in sys.modules:
        raise RuntimeError("catan_core is imported already: activate the build before")
    sys.path.insert(0, str(OUT))
    if not is_compiled():
        raise SystemExit(f"catan_core was not imported from {OUT}")


def is_compiled() -> bool:
    """Whether the ``catan_core`` imported is the compiled one."""
    import catan_core

    return (catan_core.__file__ or "").endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def game_records(games: int, first_seed: int) -> list[str]:
    """A hash per seeded random game (as ``benchmarks.engine`` plays them): of every action
    applied, every event returned, the board drawn every 40 actions (``svg``, with the marks of
    the legal places), the final position and the game as red sees it in its review (``review``:
    one game in ten, its share code too)."""
    import random

    from catan_core import Game, share, svg
    from catan_core.review import Replay

    found = []
    for seed in range(first_seed, first_seed + games):
        game = Game.new(seats=["red", "blue", "white", "orange"], seed=seed)
        start, actions = game.to_dict(), []
        chooser, digest = random.Random(seed), hashlib.sha256()
        while game.winner is None and game.turn_number <= 1000:
            action = chooser.choice(game.legal_actions())
            events = game.apply(action)
            actions.append(action)
            digest.update(json.dumps([action, events], sort_keys=True).encode())
            if len(actions) % 40 == 1:
                spots = [a["node"] for a in game.legal_actions() if "node" in a]
                digest.update(svg.render(game, {"ok_nodes": spots[:8]}, title=str(seed)).encode())
        digest.update(json.dumps(game.to_dict(), sort_keys=True).encode())
        if seed % 10 == 0:
            seen = Replay(start, actions).seen("red")
            digest.update(json.dumps(seen, sort_keys=True).encode())
            digest.update(share.encode_review(seen).encode())
        found.append(digest.hexdigest())
    return found


#: The engine's tests that expect another outcome from the compiled engine, by design: mypyc
#: checks the declared types of a compiled function's arguments, so an argument of another type
#: (junk that ``Game.new``, ``to_dict`` and the read API refuse with a ``CatanError`` naming it)
#: raises ``TypeError`` there first (``apply`` takes ``Any``: its junk is refused alike).
DIFFERENT_BY_DESIGN = [
    "tests/engine/test_fuzz_inputs.py::test_apply_and_views_refuse_junk_with_a_code",
    "tests/engine/test_fuzz_inputs.py::test_game_new_refuses_bad_arguments_with_a_code",
    "tests/engine/test_fuzz_inputs.py::test_read_api_refuses_junk_with_a_code",
    "tests/engine/test_fuzz_inputs.py::test_game_new_names_the_bad_argument",
    "tests/engine/test_fuzz_inputs.py::test_view_of_a_colour_not_at_the_table",
]


def run_tests(args: list[str]) -> int:
    """pytest on the compiled engine, of ``tests/engine`` unless ``args`` name tests: no conftest
    (the site's), no doctests (compiled functions keep none), ``DIFFERENT_BY_DESIGN`` left out."""
    import pytest

    activate()
    deselect = [f"--deselect={test}" for test in DIFFERENT_BY_DESIGN]
    return pytest.main(["-p", "no:cacheprovider", "--noconftest", "-o", "addopts=-ra",
                        *deselect, *args,
                        *([] if any(not a.startswith("-") for a in args) else ["tests/engine"])])


#: The bot games of ``check``: each level, and the Expert (slow) less often.
BOT_LEVELS = {"easy": 1, "normal": 1, "hard": 1, "expert": 4}


def bot_records(games: int, first_seed: int) -> list[str]:
    """A hash per seeded bot game of each level (personalities rotating over the seats): of the
    table's record (every action), the outcome and the final position."""
    from catan_core.bots import PERSONALITIES
    from catan_core.selfplay import play_bot_game

    found = []
    for level, every in BOT_LEVELS.items():
        for seed in range(first_seed, first_seed + games, every):
            seats = [(level, PERSONALITIES[(seed + i) % len(PERSONALITIES)]) for i in range(4)]
            result = play_bot_game(seats, seed=seed)
            outcome = [level, seed, result.winner, result.turns, result.actions, result.record,
                       result.game.to_dict()]
            found.append(hashlib.sha256(json.dumps(outcome, sort_keys=True).encode()).hexdigest())
    return found


def check(games: int, bot_games: int, first_seed: int) -> bool:
    """Play the same games with both engines, each in a process of its own; True if they are
    identical."""
    same = True
    for kind, count in (("random", games), ("bot", bot_games)):
        records = {}
        for engine in ("pure", "compiled"):
            command = [sys.executable, "-m", "devtools.compiled", "records", kind, engine,
                       str(count), str(first_seed)]
            out = subprocess.run(command, cwd=ROOT, stdout=subprocess.PIPE, text=True)
            if out.returncode:  # (its traceback went to stderr)
                print(f"{kind} games: the {engine} engine failed")
                return False
            records[engine] = out.stdout.split()
        pure, compiled = records["pure"], records["compiled"]
        differ = sum(a != b for a, b in zip(pure, compiled, strict=True))
        total = hashlib.sha256("".join(pure).encode()).hexdigest()[:16]
        print(f"{len(pure)} {kind} games: " + (f"identical (hash of all: {total})" if not differ
                                                else f"{differ} differ"))
        same = same and not differ
    return same


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    building = commands.add_parser("build", help="compile catan_core into build/compiled")
    building.add_argument("--force", action="store_true", help="even if it is up to date")
    checking = commands.add_parser("check", help="the same games with both engines")
    checking.add_argument("--games", type=int, default=300, help="random games")
    checking.add_argument("--bot-games", type=int, default=8, help="bot games of each level "
                          "(the Expert's: 1 in 4 of them)")
    checking.add_argument("--first-seed", type=int, default=0)
    records = commands.add_parser("records")  # (check's worker: one engine's hashes)
    records.add_argument("kind", choices=("random", "bot"))
    records.add_argument("engine", choices=("pure", "compiled"))
    records.add_argument("games", type=int)
    records.add_argument("first_seed", type=int)
    commands.add_parser("test", help="pytest on the compiled engine (its arguments after)")
    running = commands.add_parser("run", help="python -m MODULE on the compiled engine")
    running.add_argument("module")
    running.add_argument("args", nargs=argparse.REMAINDER)
    args, extra = parser.parse_known_args()
    if extra and args.command != "test":
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    if args.command == "build":
        build(args.force)
    elif args.command == "check":
        sys.exit(0 if check(args.games, args.bot_games, args.first_seed) else 1)
    elif args.command == "test":
        sys.exit(run_tests(extra))
    elif args.command == "records":
        if args.engine == "compiled":
            activate()
        if is_compiled() != (args.engine == "compiled"):
            raise SystemExit(f"not the {args.engine} engine")
        play = game_records if args.kind == "random" else bot_records
        print("\n".join(play(args.games, args.first_seed)))
    else:
        activate()
        sys.argv = [args.module, *args.args]
        runpy.run_module(args.module, run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
