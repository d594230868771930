"""The browser runtime of the site: self-hosted Pyodide, the engine wheel, the front end.

``copy_runtime(site_dir)`` runs once per site build (the ``catan`` plugin, after the language
builds) and writes, shared by every language::

    site/assets/pyodide/   pyodide.mjs, pyodide.asm.mjs, pyodide.asm.wasm, python_stdlib.zip,
                           pyodide-lock.json   (from node_modules/pyodide: run `npm ci`)
    site/assets/wheels/    catan_core-<version>-py3-none-any.whl (catan_core + catan_web),
                           manifest.json
    site/assets/frontend/  frontend/**/*.js, *.mjs, *.css (FAQ widgets, tutorial, game, core/)

The wheel is the engine's package, ``catan-core`` (the repository's ``pyproject.toml``: the
engine ``catan_core`` and the browser bridges ``catan_web``, no dependencies), built by its
ordinary build backend; the site's plugin is a package of its own (``packages/catan-site``).

``python_stdlib.zip`` is Pyodide's, with the modules a start of the engine imports (144 of 614)
precompiled to bytecode by Pyodide's own Python under Node (``compile_stdlib.mjs``; cached in
``build/runtime-stdlib/`` by the Pyodide version, that script and the wheel), and the wheel
carries its modules' bytecode too (``__pycache__``, next to the sources): Python compiles
nothing from source at a start in the browser (importing the engine took 450-490 ms in Pyodide
under Node from source, 230 ms from the bytecode; the wheel grows from 127 to 437 kB).

``manifest.json`` names the wheel (so JavaScript never hardcodes the version) and the size of
every file the worker downloads, for its progress messages.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from catan_site.paths import ROOT

PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
#: The files the browser fetches; the loader is ``pyodide.asm.mjs`` in recent releases.
PYODIDE_FILES = ("pyodide.mjs", ("pyodide.asm.mjs", "pyodide.asm.js"), "pyodide.asm.wasm",
                 "python_stdlib.zip", "pyodide-lock.json")
#: The front end's sources (``frontend/``) and where the site serves them (``assets/frontend/``).
FRONTEND = "frontend"
FRONTEND_DIR = ROOT / FRONTEND
FRONTEND_URL = f"assets/{FRONTEND}/"
FRONTEND_SUFFIXES = (".js", ".mjs", ".css")
#: The engine package's sources (the repository's pyproject.toml builds them into the wheel);
#: a change to any of these rebuilds it.
WHEEL_SOURCES = ("pyproject.toml", "README.md", "catan_core", "catan_web")
WHEEL_CACHE = ROOT / "build" / "runtime-wheel"
STDLIB = "python_stdlib.zip"
STDLIB_SCRIPT = Path(__file__).resolve().parent / "compile_stdlib.mjs"
STDLIB_CACHE = ROOT / "build" / "runtime-stdlib"


class RuntimeAssetsError(RuntimeError):
    """Something the runtime needs is missing; the message says how to get it."""


def pyodide_version() -> str:
    """Version of the installed npm ``pyodide``, checked against ``package-lock.json``."""
    installed = PYODIDE_DIR / "package.json"
    if not installed.is_file():
        raise RuntimeAssetsError("node_modules/pyodide is missing: run `npm ci` in the "
                                 "repository root (Node.js 18+)")
    version = str(json.loads(installed.read_text(encoding="utf-8"))["version"])
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))
    pinned = lock["packages"].get("node_modules/pyodide", {}).get("version")
    if pinned != version:
        raise RuntimeAssetsError(f"node_modules has pyodide {version} but package-lock.json "
                                 f"pins {pinned}: run `npm ci`")
    return version


def pyodide_files() -> list[Path]:
    """The runtime files in ``node_modules/pyodide``, in ``PYODIDE_FILES`` order."""
    pyodide_version()
    found = []
    for entry in PYODIDE_FILES:
        names = (entry,) if isinstance(entry, str) else entry
        paths = [PYODIDE_DIR / n for n in names if (PYODIDE_DIR / n).is_file()]
        if not paths:
            raise RuntimeAssetsError(f"node_modules/pyodide has no {' or '.join(names)}")
        found.append(paths[0])
    return found


def _sources_digest() -> str:
    digest = hashlib.sha256()
    for name in WHEEL_SOURCES:
        path = ROOT / name
        files = sorted(path.rglob("*")) if path.is_dir() else [path]
        for f in files:
            if f.is_file() and "__pycache__" not in f.parts and f.suffix != ".pyc":
                digest.update(f.relative_to(ROOT).as_posix().encode() + b"\0")
                digest.update(f.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def _can_build_in_place() -> bool:
    """True when this interpreter's setuptools can build a wheel without downloading."""
    if importlib.util.find_spec("setuptools") is None:
        return False
    if importlib.util.find_spec("wheel") is not None:
        return True
    import setuptools

    major, minor = (int(x) for x in setuptools.__version__.split(".")[:2])
    return (major, minor) >= (70, 1)  # bdist_wheel moved into setuptools in 70.1


def build_wheel(dest: Path) -> Path:
    """Build the engine's pure wheel into ``dest`` and return its path.

    ``pip wheel`` of the engine package, as anyone builds it, on a clean copy of its sources
    (no stale ``build/lib`` can leak into the wheel, nothing is written into the working tree);
    the result is cached by a digest of the sources in ``build/runtime-wheel/``.
    """
    cache = WHEEL_CACHE / _sources_digest()
    wheels = sorted(cache.glob("catan_core-*-py3-none-any.whl"))
    if not wheels:
        with tempfile.TemporaryDirectory(prefix="catan-wheel-") as tmp:
            src = Path(tmp) / "src"
            src.mkdir()
            for name in WHEEL_SOURCES:
                path = ROOT / name
                if path.is_dir():
                    shutil.copytree(path, src / name,
                                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
                elif path.exists():
                    shutil.copy2(path, src / name)
            command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet",
                       "--disable-pip-version-check", str(src), "-w", str(Path(tmp) / "out")]
            if _can_build_in_place():
                command.insert(4, "--no-build-isolation")
            subprocess.run(command, check=True)
            _store(cache, sorted((Path(tmp) / "out").glob("*.whl")))
        wheels = sorted(cache.glob("catan_core-*-py3-none-any.whl"))
    if len(wheels) != 1:
        raise RuntimeAssetsError(f"expected one pure catan_core wheel, got {wheels}")
    dest.mkdir(parents=True, exist_ok=True)
    target = dest / wheels[0].name
    shutil.copy2(wheels[0], target)
    return target


def _store(cache: Path, wheels: list[Path]) -> None:
    """Put ``wheels`` in the cache folder ``cache`` at once, and drop the older folders.

    Test workers and site builds may build the same wheel at the same time: the first complete
    folder wins (a rename), the others are dropped.
    """
    WHEEL_CACHE.mkdir(parents=True, exist_ok=True)
    staged = Path(tempfile.mkdtemp(prefix=".new-", dir=WHEEL_CACHE))
    for wheel in wheels:
        shutil.copy2(wheel, staged / wheel.name)
    try:
        staged.rename(cache)
    except OSError:  # already there
        shutil.rmtree(staged, ignore_errors=True)
    for old in WHEEL_CACHE.iterdir():
        if old.is_dir() and old.name != cache.name and not old.name.startswith(".new-"):
            shutil.rmtree(old, ignore_errors=True)


def compiled_runtime(wheel: Path) -> tuple[Path, Path]:
    """Pyodide's ``python_stdlib.zip`` with the modules the engine's start imports precompiled,
    and ``wheel`` again with the bytecode of each of its modules (``compile_stdlib.mjs``, run
    with Node), from the cache when it has them."""
    digest = hashlib.sha256()
    for part in (pyodide_version().encode(), STDLIB_SCRIPT.read_bytes(), wheel.read_bytes()):
        digest.update(hashlib.sha256(part).digest())
    folder = STDLIB_CACHE / digest.hexdigest()[:16]
    cached = folder / STDLIB, folder / wheel.name
    if all(path.is_file() for path in cached):
        return cached
    node = shutil.which("node")
    if node is None:
        raise RuntimeAssetsError("Node.js is needed to precompile Python for the browser "
                                 "(the one that ran `npm ci`)")
    STDLIB_CACHE.mkdir(parents=True, exist_ok=True)
    staged = Path(tempfile.mkdtemp(prefix=".new-", dir=STDLIB_CACHE))
    subprocess.run([node, str(STDLIB_SCRIPT), str(PYODIDE_DIR), str(wheel),
                    str(staged / STDLIB), str(staged / wheel.name)], check=True)
    try:
        staged.rename(folder)  # another build may have made it meanwhile: theirs wins
    except OSError:
        shutil.rmtree(staged, ignore_errors=True)
    for old in STDLIB_CACHE.iterdir():
        if old.is_dir() and old != folder and not old.name.startswith(".new-"):
            shutil.rmtree(old, ignore_errors=True)
    return cached


def copy_runtime(site_dir: Path | str) -> dict[str, Any]:
    """Copy Pyodide, the engine wheel and the front end into ``site_dir/assets``.

    Returns the manifest written to ``assets/wheels/manifest.json``.
    """
    start = time.perf_counter()
    assets = Path(site_dir) / "assets"
    for sub in ("pyodide", "wheels", FRONTEND):
        shutil.rmtree(assets / sub, ignore_errors=True)
        (assets / sub).mkdir(parents=True)
    sizes = {}
    with tempfile.TemporaryDirectory() as plain:
        stdlib, compiled = compiled_runtime(build_wheel(Path(plain)))
    wheel = assets / "wheels" / compiled.name
    shutil.copy2(compiled, wheel)
    for path in pyodide_files():
        source = stdlib if path.name == STDLIB else path
        shutil.copy2(source, assets / "pyodide" / path.name)
        sizes[f"pyodide/{path.name}"] = source.stat().st_size
    sizes[f"wheels/{wheel.name}"] = wheel.stat().st_size
    for path in sorted(FRONTEND_DIR.rglob("*")):
        if path.is_file() and path.suffix in FRONTEND_SUFFIXES:
            target = assets / FRONTEND / path.relative_to(FRONTEND_DIR)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)
    manifest = {
        "wheel": wheel.name,
        "version": wheel.name.split("-")[1],
        "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
        "pyodide": pyodide_version(),
        "sizes": sizes,
    }
    (assets / "wheels" / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n",
                                                     encoding="utf-8")
    total = sum(sizes.values()) / 1e6
    print(f"runtime: pyodide {manifest['pyodide']} + {wheel.name} ({total:.1f} MB) in "
          f"{time.perf_counter() - start:.2f} s -> {assets}", flush=True)
    return manifest


if __name__ == "__main__":
    copy_runtime(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "site")
