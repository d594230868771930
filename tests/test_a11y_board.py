"""Contrast inside the engine's SVG board (catan_core.svg), which axe cannot measure.

A board is rendered with every kind of mark, piece, harbour and token, then read back: every
text reads at least 4.5:1 on what is drawn behind it, and every mark, piece and token at least
3:1 against every terrain and the sea through one of its colours (a mark in a light colour has a
dark rim, and the other way round; WCAG 2.2 1.4.3 and 1.4.11). The board draws its own sea, so
it looks the same in the light and the dark scheme.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest

from catan_core import Game, svg

NS = "{http://www.w3.org/2000/svg}"
SEA = "#5b9bd5"
GROUNDS = {**{t: c for t, c in svg.TERRAIN_FILL.items()}, "sea": SEA}
MARKS = {"ok_nodes": ["9.N"], "bad_nodes": ["4.S"], "nodes": ["5.N"], "edges": ["9.E"],
         "ok_edges": ["9.W"], "last_edges": ["10.E"], "last_nodes": ["10.N"],
         "tiles": [3], "ok_tiles": [4], "last_tiles": [5], "hidden_terrain": [0]}


def board() -> ET.Element:
    game = Game.new(seats=["red", "blue", "white", "orange"], board="beginner")
    for node, edge in (("9.N", "9.NW"), ("12.S", "12.SW"), ("15.S", "15.SE"), ("2.S", "2.SW")):
        game.apply({"type": "place_settlement", "node": node})
        game.apply({"type": "place_road", "edge": edge})
    picture = svg.render(game, MARKS, title="board", labels={"9": "A", "4.SE": "B"})
    return ET.fromstring(picture)


def colour(el: ET.Element, attr: str) -> str | None:
    value = el.get(attr)
    return None if value in (None, "none", "transparent") else svg.TERRAIN_FILL.get(value, value)


def shapes(root: ET.Element, cls: str) -> Iterator[ET.Element]:
    yield from (el for el in root.iter() if el.get("class") == cls)


def against_every_ground(role: str, colours: set[str]) -> None:
    """At least one of ``colours`` reads 3:1 on each terrain and on the sea."""
    colours = {svg.TERRAIN_FILL.get(c, c) for c in colours if c}
    for ground, fill in GROUNDS.items():
        best = max(svg.contrast(c, fill) for c in colours)
        assert best >= 3, f"{role} ({sorted(colours)}) on {ground}: {best:.2f}:1"


def test_texts_read_on_what_is_behind_them() -> None:
    root = board()
    checked = 0
    for parent in root.iter():
        behind = None
        for el in parent:
            if el.tag in (f"{NS}circle", f"{NS}polygon") and colour(el, "fill"):
                behind = colour(el, "fill")
            if el.tag != f"{NS}text":
                continue
            fill = colour(el, "fill")
            ground = colour(el, "stroke") if el.get("paint-order") == "stroke" else behind
            assert fill and ground, ET.tostring(el)
            ratio = svg.contrast(fill, ground)
            assert ratio >= 4.5, f"{el.text!r}: {fill} on {ground} is {ratio:.2f}:1"
            checked += 1
    assert checked >= 18 + 9 + 2 + 1, checked   # tokens, harbours, labels, the hidden hex's "?"


@pytest.mark.parametrize("terrain", sorted(svg.TERRAIN_FILL))
def test_number_tokens_and_pips(terrain: str) -> None:
    token = svg.TOKEN
    fill = svg.TERRAIN_FILL[terrain]
    assert max(svg.contrast(token["fill"], fill), svg.contrast(token["edge"], fill)) >= 3
    for ink in (token["hot"], token["text"]):   # numbers and their pips
        assert svg.contrast(ink, token["fill"]) >= 4.5


def test_harbours_read_on_the_sea() -> None:
    root = board()
    ports = list(shapes(root, "port"))
    assert len(ports) == 9
    for port in ports:
        circle = port.find(f"{NS}circle")
        assert circle is not None
        assert svg.contrast(colour(circle, "stroke") or "", SEA) >= 3
        for pier in port.findall(f"{NS}line"):
            assert svg.contrast(colour(pier, "stroke") or "", SEA) >= 3


def test_marks_read_on_every_terrain_and_the_sea() -> None:
    root = board()
    elements = list(root.iter())
    found = set()
    for i, el in enumerate(elements):
        cls = el.get("class") or ""
        if not cls.startswith("mark-") or cls == "mark-rim":
            continue
        own = {colour(el, "stroke"), colour(el, "fill")}
        rim = elements[i - 1] if elements[i - 1].get("class") == "mark-rim" else None
        rims = {colour(rim, "stroke"), colour(rim, "fill")} if rim is not None else set()
        if cls == "mark-bad":   # a cross drawn twice: the rim, then the colour
            rims = {colour(g, "stroke") for g in el.findall(f"{NS}g")}
        against_every_ground(cls, own | rims)
        found.add(cls)
    assert found >= {"mark-ok", "mark-bad", "mark-node", "mark-edge", "mark-ok-edge",
                     "mark-last", "mark-tile", "mark-ok-tile"}, found


def test_pieces_and_robber_read_on_every_terrain() -> None:
    root = board()
    for road in shapes(root, "road"):
        against_every_ground("road", {colour(line, "stroke") for line in road})
    pieces = list(shapes(root, "settlement"))
    assert len(pieces) == 4
    for piece in pieces:
        against_every_ground(piece.get("data-player", ""),
                             {colour(piece, "fill"), colour(piece, "stroke")})
    for colour_ in svg.PLAYER_FILL.values():   # every colour, not only those drawn above
        against_every_ground(colour_, {colour_, "#222222"})
    robber = next(shapes(root, "robber"))
    against_every_ground("robber", {colour(robber, "fill"), colour(robber, "stroke")})


@pytest.mark.parametrize("seed", [None, 1, 2, 3, 4, 5])
def test_every_spot_has_a_name_of_its_own(seed: int | None) -> None:
    """What a screen reader says of a corner or a side (its tiles, and on the coast the compass
    point from its first tile: frontend/core/i18n.js) tells every spot of the board apart."""
    game = (Game.new(seats=["red", "blue", "white"], board="beginner") if seed is None
            else Game.new(seats=["red", "blue", "white"], seed=seed))
    picture = ET.fromstring(svg.render(game))
    for kind, count in (("node", 54), ("edge", 72)):
        spots = [el for el in picture.iter() if el.get(f"data-{kind}") and el.get("data-near")]
        names = {(el.get("data-near"), el.get("data-side")) for el in spots}
        assert len(spots) == count and len(names) == count, kind
        coast = [el for el in spots if "sea" in (el.get("data-near") or "").split()]
        assert coast and all(el.get("data-side") in svg.COMPASS for el in coast)
        assert all(el.get("data-side") is None for el in spots if el not in coast)


def test_a_highlighted_hex_leaves_its_pieces_in_view() -> None:
    """A hex's highlight (the production widget's hexes of a total, the robber's choice) is
    drawn under the roads, settlements and cities on its sides and corners, never over them."""
    game = Game.new(seats=["red", "blue", "white"], board="beginner")
    for node, edge in (("4.S", "4.SW"), ("10.N", "10.NW"), ("14.S", "14.SW")):
        game.apply({"type": "place_settlement", "node": node})
        game.apply({"type": "place_road", "edge": edge})
    drawn = svg.render(game, {"tiles": [4], "ok_tiles": [4], "last_tiles": [4]})
    pieces = min(drawn.index('class="road"'), drawn.index('class="settlement"'))
    for mark in ("mark-tile", "mark-ok-tile", "mark-last"):
        outline = drawn.index(f'class="{mark}" data-tile="4"')
        assert outline < pieces, f"{mark} is drawn over the pieces"
