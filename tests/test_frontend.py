"""The front end without a browser: one catalog per page, in every language, holding every text
the scripts ask for; pages load only the parts they use; no game rule in the scripts.

The browser flows (tests/test_widgets_browser.py, test_tutorial_browser.py, test_boards_browser.py)
play each feature once; these checks cover the four languages of the built site.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest
from builtsite import lang_dir, lang_files
from sources import package_dir

from catan_core import svg
from catan_site import catalog, frontend, languages

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = languages.codes()  # mkdocs.yml (i18n plugin)
CORE = ROOT / "frontend" / "core"
CATALOG = re.compile(r'<div class="catan-catalog" hidden data-catalog="([^"]*)"></div>')


def page_catalogs(site_dir: Path, lang: str) -> dict[str, dict[str, Any]]:
    """``{page path: catalog}`` of every page of a language that has one."""
    found = {}
    for page in lang_files(site_dir, lang):
        text = page.read_text(encoding="utf-8")
        matches = CATALOG.findall(text)
        assert len(matches) <= 1, f"{page}: more than one catalog"
        if matches:
            found[page.parent.relative_to(lang_dir(site_dir, lang)).as_posix()] = json.loads(
                html.unescape(matches[0]))
    return found


def keys_used(source: str, call: str = "t") -> set[str]:
    return set(re.findall(rf'\b{call}\("([a-z_0-9]+)"', source))


def test_board_words_complete_and_used() -> None:
    board = catalog.load("board.yml")
    used = {key for name in ("i18n.js", "board.js")   # spot names; the chooser's words
            for key in re.findall(r'"(board_[a-z_]+)"', (CORE / name).read_text("utf-8"))}
    used |= {f"board_compass_{point}" for point in svg.COMPASS}  # a coastal spot's data-side
    assert used == set(board)
    for key, entry in board.items():
        assert set(entry) == set(LANGUAGES), key
        holes = {frozenset(re.findall(r"\{(\w+)\}", entry[lang])) for lang in LANGUAGES}
        assert len(holes) == 1, f"{key}: placeholders differ between languages"


def test_tutorial_words_used_by_the_script_exist() -> None:
    words = catalog.read(ROOT / "tutorial" / "ui.yml")
    used = keys_used((ROOT / "frontend" / "tutorial.js").read_text("utf-8"))
    assert used <= set(words), sorted(used - set(words))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_catalogs_of_the_built_pages(site_dir: Path, lang: str) -> None:
    """Each page with a widget, a tutorial block or the game has one catalog in its language."""
    catalogs = page_catalogs(site_dir, lang)
    widgets = [p for p, c in catalogs.items() if "faq" in c["ui"]]
    tutorial = [p for p, c in catalogs.items() if "tutorial" in c["ui"]]
    faq = {f"faq/{p.stem}" for p in (ROOT / "docs" / "en" / "faq").glob("*.md")} - {"faq/index"}
    assert set(widgets) == faq and len(tutorial) >= 12, (widgets, tutorial)  # examples on each
    board = catalog.load("board.yml")
    errors = catalog.load("errors.yml")
    glossary = catalog.load("glossary.yml")["terms"]
    for path, built in catalogs.items():
        assert built["lang"] == lang, path
        assert built["ui"]["board"] == {k: v[lang] for k, v in board.items()}, path
        assert built["terms"]["wool"] == next(t[lang] for t in glossary if t["key"] == "wool")
        for code, entry in errors.items():
            mine = built["errors"][code]
            assert mine["text"] == entry[lang], (path, code)
            target = entry["faq"].split("#")[0].removesuffix(".md").removesuffix("index")
            anchor = entry["faq"].split("#")[1]
            root = lang_dir(site_dir, lang)
            resolved = (root / path / mine["href"].split("#")[0]).resolve()
            assert resolved == (root / target).resolve(), (path, code, mine["href"])
            assert mine["href"].endswith(f"#{anchor}") and mine["title"], (path, code)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_pages_load_only_what_they_use(site_dir: Path, lang: str) -> None:
    for page in lang_files(site_dir, lang):
        text = page.read_text(encoding="utf-8")
        for name, feature in frontend.FEATURES.items():
            holds = any(marker in text.split('<div class="catan-catalog"')[0]
                        for marker in feature.markers)
            assert (f"assets/frontend/{feature.script}" in text) == holds, (page, name)
        if "catan-catalog" not in text:
            assert "assets/frontend/" not in text, page


#: What a game rule looks like in a script: a cost (``brick: 1``), a resource-count rule (half a
#: hand, more than 7 cards, 5 points), the bank's 19 cards, a piece's points (``cities / 2``),
#: deciding whose turn is next.
RULES = re.compile(r"\b(brick|lumber|wool|grain|ore)\s*:\s*\d|\bCOST\b|n\s*/\s*2|> ?7\b|>= ?5\b"
                   r"|takers|\b19\b|\b(cities|settlements|roads|points|cards|hand|knights)\s*/\s*\d"
                   r"|Math\.(floor|ceil|trunc)\([^)]*/\s*2\s*\)|turn\.player =|prepare\(")


def test_the_front_end_holds_no_game_rule() -> None:
    """No cost, no resource-count rule, no piece's worth, no 'whose turn is next' decision in
    any script of the front end (frontend/**/*.js, *.mjs): the engine answers them all."""
    scripts = sorted(p for p in (ROOT / "frontend").rglob("*") if p.suffix in (".js", ".mjs"))
    assert {"game.js", "tutorial.js", "faq/index.js", "game/loop.js", "core/worker.mjs"} <= {
        p.relative_to(ROOT / "frontend").as_posix() for p in scripts}
    for path in scripts:
        source = path.read_text("utf-8")
        found = RULES.search(source)
        assert not found, f"{path.relative_to(ROOT)}: {found and found[0]!r}"
        if path.parent != CORE:  # spots are named from the engine's data-near, not from geometry
            assert not re.search(r'getAttribute\("(points|cx|x1)"\)', source), path


def test_no_python_is_loaded_by_path() -> None:
    for path in [*package_dir("catan_site").glob("*.py"), *(ROOT / "catan_web").glob("*.py"),
                 CORE / "worker.mjs"]:
        source = path.read_text("utf-8")
        assert "spec_from_file_location" not in source, path
    worker = (CORE / "worker.mjs").read_text("utf-8")
    assert 'pyimport("catan_web")' in worker
    assert "LEGACY" not in worker and "game_bridge" not in worker


def test_the_analysis_board_uses_exactly_its_words() -> None:
    """Every word the analysis board's script asks for exists (its catalog, the game page's,
    the board's), and every word of its catalog is asked for (``an_<prefix>_${...}`` counts for
    the keys it begins)."""
    source = (ROOT / "frontend" / "analysis.js").read_text(encoding="utf-8")
    own = catalog.load("analysis.yml")
    known = {**own, **catalog.load("game.yml"),
             **catalog.load("board.yml")}
    used = set(re.findall(r'\bt\("([a-z0-9_]+)"', source)) - {"play_href"}
    used |= set(re.findall(r'"(an_[a-z0-9_]+)"', source))  # keys chosen from a list or a map
    prefixes = set(re.findall(r"\bt\(`([a-z_]+_)\$\{", source))
    assert used and prefixes, "the scan found nothing"
    assert not sorted(k for k in used if k not in known)
    for prefix in prefixes:
        assert any(k.startswith(prefix) for k in known), prefix
    unused = sorted(k for k in own if k not in used and not any(k.startswith(p) for p in prefixes))
    assert not unused, f"words of i18n/analysis.yml nobody asks for: {unused}"
