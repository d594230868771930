"""Check the FAQ's worked examples while writing them: ``python -m devtools.examples [PAGE...]``.

For each example of ``examples/faq/<PAGE>.yml`` (every page without arguments): the question
(English heading), each claim with the engine's answer, and the sentences the page will show
(``--lang fr`` for another language). ``--svg DIR`` writes each example's board as
``DIR/<page>-<anchor>.svg`` to look at (a browser opens it). ``--island`` prints the beginner
island's tiles (number, terrain, dice number) and which corners and sides touch each tile.
Exit status 1 when a claim is contradicted or an example cannot be built; the build fails on
the same examples (catan_site/examples.py).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from catan_core import CatanError, Game, geometry
from catan_site import examples
from catan_site.catalog import headings, terms
from catan_site.diagrams import diagram_game, render_diagram
from catan_web.claims import check_claim


def island() -> None:
    """The beginner island: each tile with its corners and sides (their names)."""
    game = Game.new(seats=["red", "blue", "white"], board="beginner")
    for tile in game.tiles():
        t = tile["tile"]
        print(f"tile {t:2}: {tile['terrain']:9} {tile['number'] or '-':>2}  corners "
              f"{' '.join(geometry.tile_corners(t))}  sides {' '.join(geometry.tile_sides(t))}")
    print("harbours:", game.harbours())


def report(page: str, lang: str, svg_dir: Path | None) -> int:
    """Print every example of ``faq/<page>.md``; the number of broken ones."""
    broken = 0
    titles = headings("en", f"faq/{page}.md")
    for anchor, example in examples.page_examples(f"faq/{page}.md").items():
        print(f"\n## {page}#{anchor}: {titles.get(anchor, '(no such question!)')}")
        if anchor not in titles:
            broken += 1
        try:
            spec = examples.board_spec(example)
            game = diagram_game({k: v for k, v in spec.items() if k != "claims"})
        except (CatanError, ValueError) as exc:
            print(f"  BOARD REFUSED: {exc}")
            broken += 1
            continue
        for n, claim in enumerate(spec["claims"], 1):
            try:
                result = check_claim(game, claim)
            except CatanError as exc:
                print(f"  {n}. NOT A QUESTION: {claim}: {exc}")
                broken += 1
                continue
            mark = "ok " if result["ok"] else "WRONG"
            print(f"  {n}. {mark} {claim}" + ("" if result["ok"] else
                                              f"\n        engine: {result['actual']}"))
            broken += not result["ok"]
        try:
            for text in examples.verdicts(example, lang):
                print(f"     > {text}")
        except (KeyError, ValueError) as exc:
            print(f"  NO SENTENCE: {exc!r}")
            broken += 1
        if svg_dir:
            svg_dir.mkdir(parents=True, exist_ok=True)
            picture = {k: v for k, v in spec.items() if k != "claims"}
            (svg_dir / f"{page}-{anchor}.svg").write_text(
                render_diagram(picture, lang, terms(lang)), "utf-8")
    return broken


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pages", nargs="*", help="page names (robber, building...)")
    parser.add_argument("--lang", default="en")
    parser.add_argument("--svg", type=Path, help="write each board here as SVG")
    parser.add_argument("--island", action="store_true", help="print the beginner island")
    args = parser.parse_args(argv)
    if args.island:
        island()
        return 0
    pages = args.pages or [p.stem for p in sorted(examples.EXAMPLES.glob("*.yml"))]
    broken = sum(report(page, args.lang, args.svg) for page in pages)
    total = sum(len(examples.page_examples(f"faq/{p}.md")) for p in pages)
    print(f"\n{total} examples, {broken} problem(s)")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
