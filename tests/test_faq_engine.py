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

from catan_core import Game
from catan_core.board import Board
from catan_core.constants import COSTS, RESOURCES
from catan_core.topology import TILE_NEIGHBOURS
from catan_site.catalog import parse_yaml

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
    "robber#must-steal":
        "engine/test_robber.py::test_legal_robber_moves_name_victims_only_where_someone_has_cards",
    "robber#seven-first-roll":
        "engine/test_robber.py::test_seven_with_nobody_above_seven_goes_to_move_robber_at_once",
    "development-cards#monopoly-nobody-has":
        "engine/test_devcards.py::test_monopoly_of_a_resource_nobody_holds_still_uses_the_card",
    "development-cards#vp-card-show-early":
        "engine/test_devcards.py::test_victory_point_cards_are_never_played",
    "building#buying-card-counts-as-building":
        "engine/test_trading.py::test_ruling_trade_before_build_buying_a_card_counts_as_building",
    "production#bank-cards-public":
        "engine/test_production.py::test_ruling_bank_shortage_several_players_get_none",
    "development-cards#road-building-card-one-road":
        "engine/test_devcards.py::test_ruling_road_building_with_one_road_left_places_one",
    "development-cards#year-of-plenty-card-bank-short":
        "engine/test_devcards.py::test_ruling_year_of_plenty_takes_only_what_the_bank_has",
    "trading#trade-on-others-turn":
        "engine/test_trading.py::test_trading_only_with_the_active_player",
    "turn#turn-time-limit":
        "test_referee.py::test_a_timeout_hands_the_turn_to_the_stand_in_then_the_seat",
    "winning#win-with-third-knight":
        "engine/test_victory.py::test_win_by_largest_army_comes_before_the_robber_move",
    "winning#delay-revealing-win":
        "engine/test_victory.py::test_a_player_with_enough_points_waits_for_their_turn",
    "building#opponent-settlement-end-of-road":
        "engine/test_faq_situations.py::test_an_opponents_settlement_at_the_end_of_my_road",
    "production#new-settlement-this-roll":
        "engine/test_faq_situations.py::test_a_settlement_collects_from_the_next_roll",
    "development-cards#knight-card-discards-or-offer":
        "engine/test_devcards.py::test_a_knight_waits_for_the_seven_and_for_an_open_offer",
    "development-cards#count-cards-left":
        "engine/test_faq_situations.py::test_the_deck_size_is_public_its_cards_are_not",
    "trading#undo-trade":
        "engine/test_faq_situations.py::test_a_confirmed_trade_cannot_be_undone",
    "building#take-back-piece":
        "engine/test_faq_situations.py::test_a_built_piece_cannot_be_taken_back",
    "development-cards#road-building-card-no-road":
        "engine/test_faq_situations.py::test_road_building_with_no_road_to_place",
    "trading#monopoly-then-harbour":
        "engine/test_faq_situations.py::test_monopoly_then_a_two_for_one_harbour",
    "trading#offer-cards-not-held":
        "engine/test_faq_situations.py::test_an_offer_gives_only_cards_in_hand",
    "robber#discards-public":
        "engine/test_faq_situations.py::test_discarded_cards_are_public",
    "turn#leaver-holds-award":
        "engine/test_faq_situations.py::test_a_seat_handed_to_the_computer_keeps_its_award",
    "winning#two-reach-ten-on-a-break":
        "engine/test_faq_situations.py::test_two_reach_ten_only_the_active_player_wins",
    # the online rooms (catan_rooms): the lobby, a reload and a server restart, a seat given up
    "turn#play-online-with-friends":
        "rooms/test_room_rules.py::test_the_host_chooses_the_seats_in_the_lobby",
    "turn#online-connection-lost":
        "rooms/test_online_browser.py::test_three_people_online_to_a_winner",
    "turn#online-player-leaves-room":
        "rooms/test_room_rules.py::test_leave_then_someone_takes_the_seat",
}


ASKED = re.compile(r"\n\n<!-- asked:.*?-->", re.DOTALL)


def question_block(lang: str, page: str, anchor: str) -> str:
    """The Markdown of one FAQ question, from its heading to the next one, as readers see it
    (without the other ways of asking, ``<!-- asked: ... -->``, which only search reads)."""
    text = (DOCS / lang / "faq" / f"{page}.md").read_text(encoding="utf-8")
    start = text.index(f"{{ #{anchor} }}")
    end = text.find("\n## ", start)
    return ASKED.sub("", text[start:end if end >= 0 else len(text)])


def fence_specs(block: str) -> list[dict[str, Any]]:
    return [parse_yaml(body) for _, body in FENCE.findall(block)]


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


# -- strategy page: the odds it states ---------------------------------------------------------

STRATEGY_ROW = re.compile(r"^\| (\d+) \| (\d) \| (\d+[.,]\d) ?% \|", re.MULTILINE)


def _number(text: str) -> float:
    return float(text.replace(",", "."))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_strategy_table_of_totals(lang: str) -> None:
    """strategy#number-probabilities: ways out of 36 and chance of each total, from the dice the
    engine accepts."""
    ways = {total: 0 for total in range(2, 13)}
    game = Game.new(seats=["red", "blue", "white"], board="beginner")
    for a in range(1, 7):
        for b in range(1, 7):
            doc = game.to_dict()
            doc["turn"] = {"player": "red", "number": 9, "phase": "roll", "dev_card_played": False}
            events = Game.from_dict(doc).apply({"type": "roll", "dice": [a, b]})
            rolled = next(e for e in events if e["type"] == "rolled")
            ways[sum(rolled["dice"])] += 1
    text = (DOCS / lang / "strategy.md").read_text(encoding="utf-8")
    rows = {int(t): (int(w), _number(p)) for t, w, p in STRATEGY_ROW.findall(text)}
    assert rows == {t: (n, round(100 * n / 36, 1)) for t, n in ways.items()}


def _income(node: str, city: bool) -> float:
    """Average cards per roll of one building at ``node``, rolling all 36 dice through the
    engine (a 7 produces nothing)."""
    got = 0
    for a in range(1, 7):
        for b in range(1, 7):
            game = Game.new(seats=["red", "blue", "white"], board="beginner")
            doc = game.to_dict()
            doc["players"]["red"]["cities" if city else "settlements"] = [node]
            doc["turn"] = {"player": "blue", "number": 9, "phase": "roll", "dev_card_played": False}
            game = Game.from_dict(doc)
            game.apply({"type": "roll", "dice": [a, b]})
            if a + b == 7:
                continue
            got += sum(game.to_dict()["players"]["red"]["hand"].values())
    return got / 36


@pytest.mark.parametrize("lang", LANGUAGES)
def test_strategy_spot_income(lang: str) -> None:
    """strategy#spot-production: the diagram's settlement and the income the page states."""
    text = (DOCS / lang / "strategy.md").read_text(encoding="utf-8")
    section = text[text.index("{ #spot-production }"):text.index("{ #harbours }")]
    (spec,) = [parse_yaml(body) for _, body in FENCE.findall(section)]
    (node,) = spec["pieces"]["red"]["settlements"]
    settlement, city = _income(node, False), _income(node, True)
    dots = round(settlement * 36)
    assert f"{dots}" in spec["caption"]
    stated = [_number(n) for n in re.findall(r"\*\*(\d[.,]\d\d)", section)]
    assert stated == [round(settlement, 2), round(city, 2)]
    assert city == 2 * settlement


@pytest.mark.parametrize("lang", LANGUAGES)
def test_strategy_chance_of_a_seven_before_you_spend(lang: str) -> None:
    """strategy#robber-targeting: at least one 7 in 4 rolls (four players) and in 3."""
    text = (DOCS / lang / "strategy.md").read_text(encoding="utf-8")
    section = text[text.index("{ #robber-targeting }"):]
    stated = [int(n) for n in re.findall(r"\*\*(\d+) ?%\*\*", section)]
    assert stated == [round(100 * (1 - (5 / 6) ** n)) for n in (4, 3)]


def test_terrain_resources_and_counts() -> None:
    """production#terrain-resources: which terrain gives what, and how many of each."""
    from catan_core.constants import TERRAIN_COUNTS, TERRAIN_RESOURCE

    named = {t: None if r is None else RESOURCES[r] for t, r in TERRAIN_RESOURCE.items()}
    assert named == {
        "hills": "brick", "forest": "lumber", "pasture": "wool", "fields": "grain",
        "mountains": "ore", "desert": None}
    assert TERRAIN_COUNTS == {"hills": 3, "forest": 4, "pasture": 4, "fields": 4,
                              "mountains": 3, "desert": 1}


def test_an_illegal_build_costs_nothing() -> None:
    """mistakes#pay-only-legal-build: a refused build leaves the hand as it was."""
    from catan_core import IllegalAction

    doc = Game.new(seats=["red", "blue", "white"], board="beginner").to_dict()
    doc["players"]["red"].update(settlements=["9.N"], roads=["9.NE"],
                                 hand={"brick": 1, "lumber": 1, "wool": 1, "grain": 1})
    doc["turn"] = {"player": "red", "number": 9, "phase": "main", "dev_card_played": False}
    game = Game.from_dict(doc)
    for action in ({"type": "build_settlement", "node": "9.NE"},   # distance rule
                   {"type": "build_settlement", "node": "0.N"},    # no road there
                   {"type": "build_city", "node": "9.N"}):          # cannot afford
        with pytest.raises(IllegalAction):
            game.apply(action)
        assert game.to_dict()["players"]["red"]["hand"] == doc["players"]["red"]["hand"]


def _main_phase(**red: Any) -> Game:
    """Red to play the main phase on the beginner island, with ``red``'s pieces and hand."""
    doc = Game.new(seats=["red", "blue", "white"], board="beginner").to_dict()
    doc["players"]["red"].update(red)
    doc["turn"] = {"player": "red", "number": 9, "phase": "main", "dev_card_played": False}
    return Game.from_dict(doc)


def test_no_trading_in_set_up_and_an_idle_turn_may_end() -> None:
    """trading#trade-during-setup and turn#end-turn-without-acting."""
    from catan_core import IllegalAction

    game = Game.new(seats=["red", "blue", "white"], board="beginner")
    assert not [a for a in game.legal_actions() if a["type"] in ("bank_trade", "offer_trade")]
    with pytest.raises(IllegalAction):
        game.apply({"type": "bank_trade", "give": {"ore": 4}, "get": {"wool": 1}})
    game = _main_phase(settlements=["9.N"], roads=["9.NE"])
    game.apply({"type": "end_turn"})
    assert game.to_dict()["turn"]["player"] == "blue"


def test_every_corner_of_the_island_may_hold_a_settlement() -> None:
    """building#coastal-settlement and building#build-around-desert: in set-up, with nothing
    built, all 54 intersections (coast and desert corners included) are legal."""
    game = Game.new(seats=["red", "blue", "white"], board="beginner")
    spots = {a["node"] for a in game.legal_actions() if a["type"] == "place_settlement"}
    assert len(spots) == 54


def test_robber_blocks_both_cards_of_a_city() -> None:
    """robber#robber-blocks-city-both-cards: a city on the robber's hex gets 0, not 1."""
    for robber, expected in ((9, 2), (17, 0)):
        doc = Game.new(seats=["red", "blue", "white"], board="beginner").to_dict()
        doc["players"]["red"]["cities"] = ["13.S"]   # mountains 3, hills 5, fields 6
        doc["board"]["robber"] = robber
        doc["turn"] = {"player": "blue", "number": 9, "phase": "roll", "dev_card_played": False}
        game = Game.from_dict(doc)
        game.apply({"type": "roll", "dice": [3, 3]})
        assert sum(game.to_dict()["players"]["red"]["hand"].values()) == expected


def test_city_on_the_turn_the_settlement_was_built() -> None:
    """building#city-same-turn-as-settlement."""
    game = _main_phase(settlements=["9.N"], roads=["9.NE"],
                       hand={"brick": 4, "lumber": 4, "wool": 1, "grain": 3, "ore": 3})
    for _ in range(3):
        spots = [a for a in game.legal_actions() if a["type"] == "build_settlement"]
        if spots:
            break
        game.apply(next(a for a in game.legal_actions() if a["type"] == "build_road"))
    spot = spots[0]
    game.apply(spot)
    game.apply({"type": "build_city", "node": spot["node"]})
    red = game.to_dict()["players"]["red"]
    assert spot["node"] in red["cities"] and spot["node"] not in red["settlements"]
    assert "ore" not in red["hand"] and "grain" not in red["hand"]


def test_development_card_counts_and_knights_are_public() -> None:
    """development-cards#public-card-counts and robber#ask-card-counts-before-stealing: another
    player's view shows how many cards, never which."""
    doc = Game.new(seats=["red", "blue", "white"], board="beginner").to_dict()
    doc.pop("deck", None)
    doc["players"]["red"].update(hand={"ore": 2, "wool": 1}, dev_cards=["knight", "monopoly"],
                                 knights_played=1)
    seen = Game.from_dict(doc).to_dict(view="blue")["players"]["red"]
    assert seen["hand"] == {"hidden": 3} and seen["dev_cards"] == {"hidden": 2}
    assert seen["knights_played"] == 1


def _cards_paid(game: Game, action: dict[str, Any]) -> int:
    """Resource cards in all hands once ``action`` is applied to a copy of ``game``."""
    trial = game.copy()
    trial.apply(action)
    return sum(sum(p.get("hand", {}).values()) for p in trial.to_dict()["players"].values())


def _set_up_greedily(game: Game) -> Game:
    """Play the set-up, each settlement on the spot that pays the most starting cards."""
    while game.phase.startswith("setup"):
        actions = game.legal_actions()
        if actions[0]["type"] == "place_settlement":
            game.apply(max(actions, key=lambda action: _cards_paid(game, action)))
        else:
            game.apply(actions[0])
    return game


@pytest.mark.parametrize("mode", ["classic", "quick"])
def test_a_first_seven_after_set_up(mode: str) -> None:
    """robber#seven-first-roll: after the usual set-up nobody holds more than 3 cards, so a
    first 7 makes nobody discard; in the site's Quick mode (one card of each resource more)
    hands of 5 to 8 are normal and a hand of 8 gives back 4."""
    from catan_core.table import new_game

    game = _set_up_greedily(new_game(["red", "blue", "white", "orange"], seed=2, mode=mode,
                                     board="beginner"))
    hands = {c: sum(p.get("hand", {}).values()) for c, p in game.to_dict()["players"].items()}
    assert max(hands.values()) == (8 if mode == "quick" else 3)
    assert min(hands.values()) >= (5 if mode == "quick" else 0)
    events = game.apply({"type": "roll", "dice": [3, 4]})
    owed = next((e["counts"] for e in events if e["type"] == "must_discard"), {})
    assert owed == {c: n // 2 for c, n in hands.items() if n > 7}
    assert (4 in owed.values()) == (mode == "quick")


def test_the_sites_game_draws_the_starting_player() -> None:
    """setup#who-goes-first and rules/variants#starting-player: the site's game draws the
    starting player from the game's seed (the same seed, the same player; every seat may
    start), and set-up begins with that player."""
    from catan_core.table import new_game

    seats = ["red", "blue", "white", "orange"]
    first = {seed: new_game(seats, seed=seed).current_player for seed in range(40)}
    assert set(first.values()) == set(seats)
    assert all(new_game(seats, seed=s).current_player == c for s, c in first.items())
    game = new_game(seats, seed=3)
    assert game.seats[0] == game.current_player and game.phase == "setup_settlement"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_site_rulings_are_labelled_as_such(lang: str) -> None:
    """Answers the engine decides where no official text does (editions.md, "site ruling")
    cite no rulebook section and link the editions page's section."""
    rulings = {"development-cards#road-building-card-one-road": "road-building-one-road",
               "development-cards#road-building-card-no-road": "road-building-one-road",
               "development-cards#year-of-plenty-card-bank-short": "year-of-plenty-short-bank",
               "winning#win-with-third-knight": "third-knight-win"}
    none = {"en": "*In the rulebook:* none:", "fr": "*Dans le livret :* aucune :",
            "es": "*En el reglamento:* ninguna:", "nl": "*In het regelboek:* geen:"}
    editions = (DOCS / lang / "editions.md").read_text(encoding="utf-8")
    for answer, section in rulings.items():
        block = question_block(lang, *answer.split("#"))
        assert none[lang] in block, answer
        assert f"(../editions.md#{section})" in block, answer
        assert f"{{ #{section} }}" in editions, section


def test_off_turn_players_answer_offers_and_counter_them() -> None:
    """trading#trade-on-others-turn: in the site's game only the player whose turn it is opens
    an offer; another player answers it, a counter-offer naming their own terms."""
    from catan_core.table import Table

    doc = _main_phase(settlements=["9.N"], roads=["9.NE"], hand={"ore": 2}).to_dict()
    doc["players"]["blue"]["hand"] = {"wool": 3}
    table = Table.load(doc, {"seats": {c: {"kind": "human"} for c in ("red", "blue", "white")}})
    assert table.may_offer("red") and not table.may_offer("blue")
    table.step("red", {"type": "offer_trade", "give": {"ore": 1}, "get": {"wool": 1}})
    table.step("blue", {"type": "counter_trade", "player": "blue",   # the offerer's side
                        "give": {"ore": 1}, "get": {"wool": 2}})
    table.step("red", {"type": "confirm_trade", "with": "blue"})
    assert table.game.to_dict()["players"]["blue"]["hand"] == {"wool": 1, "ore": 1}


TIMER_FIGURE = re.compile(r"\b(\d+)\s?(?:seconds|secondes|segundos|seconden)\b")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_turn_timer_figures(lang: str) -> None:
    """turn#turn-time-limit: the answer gives the table's timer (default, choices, unlimited)
    and the referee's bonus per action, and links the Play page's timer section."""
    from catan_core.referee import TIMER_BONUS_S
    from catan_core.table import DEFAULT_TIMER, TIMERS

    block = question_block(lang, "turn", "turn-time-limit")
    answer = block.split("\n\n")[1]
    figures = [int(n) for n in TIMER_FIGURE.findall(answer)]
    assert figures == [DEFAULT_TIMER, TIMER_BONUS_S, min(t for t in TIMERS if t)]
    assert None in TIMERS
    listed = sorted({int(n) for n in re.findall(r"\b(\d+)\b", block.split("\n\n")[2])})
    assert listed == sorted(t for t in TIMERS if t)
    assert "(../play.md#timer)" in block
