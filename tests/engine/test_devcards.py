"""Development cards: the deck, buying, when a card may be played, the four playable cards."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from engine_helpers import SEATS3, bank, event_types, hand, legal_of_type, load, phase, refuse

from catan_core import Game

DECK = {"knight": 14, "victory_point": 5, "road_building": 2, "year_of_plenty": 2,
        "monopoly": 2}
DEV_COST = {"wool": 1, "grain": 1, "ore": 1}


def _red(**fields: Any) -> dict[str, Any]:
    red: dict[str, Any] = {"settlements": ["0.NE"], "roads": ["0.E"]}
    red.update(fields)
    return {"red": red, "blue": {"settlements": ["4.S"], "hand": {"brick": 2, "ore": 1}},
            "white": {"settlements": ["11.SE"], "hand": {"brick": 1, "wool": 3}}}


@pytest.mark.parametrize("seed", range(5))
def test_new_game_deck_has_the_25_cards(seed: int) -> None:
    deck = Game.new(seats=SEATS3, seed=seed).to_dict()["deck"]
    assert len(deck) == 25
    assert Counter(deck) == DECK


def test_new_game_decks_are_shuffled_by_seed() -> None:
    decks = {tuple(Game.new(seats=SEATS3, seed=s).to_dict()["deck"]) for s in range(8)}
    assert len(decks) > 1


def test_omitted_deck_is_the_25_cards_minus_those_in_play() -> None:
    players = _red(dev_cards=["knight", "monopoly"], new_dev_cards=["victory_point"],
                   knights_played=3)
    players["blue"]["dev_cards"] = ["road_building", "road_building"]
    deck = Game.from_dict({"seats": SEATS3, "players": players, "rng": 5}).to_dict()["deck"]
    assert Counter(deck) == {"knight": 10, "victory_point": 4, "year_of_plenty": 2,
                             "monopoly": 1}


def test_buying_takes_the_top_card_and_it_is_new() -> None:
    game = load(_red(hand=dict(DEV_COST)), deck=["monopoly", "knight"])
    events = game.apply({"type": "buy_dev_card"})
    assert {"type": "bought_dev_card", "player": "red", "card": "monopoly"} in events
    doc = game.to_dict()
    assert doc["deck"] == ["knight"]
    assert doc["players"]["red"]["new_dev_cards"] == ["monopoly"]
    assert doc["players"]["red"]["dev_cards"] == []
    assert hand(game, "red") == {}


def test_deck_empty() -> None:
    game = load(_red(hand=dict(DEV_COST)), deck=[])
    refuse(game, {"type": "buy_dev_card"}, "deck_empty")
    assert legal_of_type(game, "buy_dev_card") == []


def test_card_bought_this_turn_cannot_be_played_until_next_turn() -> None:
    game = load(_red(hand=dict(DEV_COST)), deck=["knight"])
    game.apply({"type": "buy_dev_card"})
    refuse(game, {"type": "play_knight"}, "card_bought_this_turn")
    assert legal_of_type(game, "play_knight") == []
    game.apply({"type": "end_turn"})
    assert game.to_dict()["players"]["red"]["dev_cards"] == ["knight"]
    for _ in range(2):  # blue's and white's turns
        game.apply({"type": "roll", "dice": [1, 1]})
        game.apply({"type": "end_turn"})
    game.apply({"type": "play_knight"})
    assert phase(game) == "move_robber"


def test_an_older_copy_of_a_card_bought_this_turn_may_be_played() -> None:
    game = load(_red(dev_cards=["knight"], new_dev_cards=["knight"]))
    game.apply({"type": "play_knight"})
    doc = game.to_dict()["players"]["red"]
    assert doc["dev_cards"] == [] and doc["new_dev_cards"] == ["knight"]


def test_one_development_card_per_turn() -> None:
    game = load(_red(dev_cards=["knight", "monopoly", "year_of_plenty"]), phase="roll",
                robber=18)
    game.apply({"type": "play_knight"})
    game.apply({"type": "move_robber", "tile": 4, "victim": "blue", "card": "ore"})
    refuse(game, {"type": "play_monopoly", "resource": "brick"}, "dev_card_already_played")
    game.apply({"type": "roll", "dice": [1, 1]})
    refuse(game, {"type": "play_year_of_plenty", "resources": ["ore", "ore"]},
           "dev_card_already_played")
    assert [a for a in game.legal_actions() if a["type"].startswith("play_")] == []
    game.apply({"type": "end_turn"})
    assert game.to_dict()["turn"]["dev_card_played"] is False


def test_dev_card_played_flag_in_a_position_is_respected() -> None:
    game = load(_red(dev_cards=["monopoly"]), turn={"dev_card_played": True})
    refuse(game, {"type": "play_monopoly", "resource": "brick"}, "dev_card_already_played")


@pytest.mark.parametrize(("action", "card"), [
    ({"type": "play_knight"}, "knight"),
    ({"type": "play_monopoly", "resource": "wool"}, "monopoly"),
    ({"type": "play_year_of_plenty", "resources": ["ore", "wool"]}, "year_of_plenty"),
    ({"type": "play_road_building", "edges": ["0.NE", "0.NW"]}, "road_building"),
])
def test_no_such_card(action: dict[str, Any], card: str) -> None:
    others = [c for c in ("knight", "monopoly", "year_of_plenty", "road_building") if c != card]
    game = load(_red(dev_cards=[*others, "victory_point"]))
    refuse(game, action, "no_such_card")


def test_victory_point_cards_are_never_played() -> None:
    game = load(_red(dev_cards=["victory_point"]))
    refuse(game, {"type": "play_victory_point"}, "malformed_action")
    assert not [a for a in game.legal_actions() if a["type"].startswith("play_")]


def test_ruling_vp_card_bought_this_turn_counts_at_once() -> None:
    game = load(_red(hand=dict(DEV_COST)), deck=["victory_point", "knight"])
    assert game.victory_points("red") == 1
    game.apply({"type": "buy_dev_card"})
    assert game.victory_points("red") == 2
    assert game.winner is None


def test_ruling_vp_card_bought_this_turn_wins_the_game() -> None:
    players = _red(hand=dict(DEV_COST), cities=["2.NE", "7.NW", "16.S"],
                   dev_cards=["victory_point", "victory_point"])
    game = load(players, deck=["victory_point"])
    assert game.victory_points("red") == 9
    events = game.apply({"type": "buy_dev_card"})
    assert game.winner == "red"
    assert event_types(events)[-1] == "game_won"
    assert phase(game) == "game_over"
    assert game.victory_points("red") == 10


def test_ruling_dev_card_may_be_played_before_rolling() -> None:
    game = load(_red(dev_cards=["year_of_plenty"]), phase="roll")
    game.apply({"type": "play_year_of_plenty", "resources": ["ore", "grain"]})
    assert phase(game) == "roll"
    assert hand(game, "red") == {"ore": 1, "grain": 1}


@pytest.mark.parametrize("ph", ["discard", "move_robber"])
def test_no_card_while_the_robber_is_pending(ph: str) -> None:
    extra: dict[str, Any] = {"pending": {"discard": {"blue": 1}}} if ph == "discard" else {}
    game = load(_red(dev_cards=["monopoly", "knight"]), phase=ph, **extra)
    refuse(game, {"type": "play_monopoly", "resource": "brick"}, "wrong_phase")
    refuse(game, {"type": "play_knight"}, "wrong_phase")


def test_a_knight_waits_for_the_seven_and_for_an_open_offer() -> None:
    """rules/turn#turn-overview: a development card may be played at any moment of one's turn
    except while a 7 is settled (discards, moving the robber) and while one's offer is open;
    playable_dev_cards names why, apply refuses with the same code, and the card is playable
    again once the 7 is settled or the offer closed."""
    game = load(_red(dev_cards=["knight"], hand={"wool": 9}), phase="roll")
    game.apply({"type": "roll", "dice": [3, 4]})               # red owes 4 cards
    assert phase(game) == "discard"
    assert game.playable_dev_cards("red")["knight"] == "wrong_phase"
    refuse(game, {"type": "play_knight"}, "wrong_phase")
    game.apply({"type": "discard", "cards": {"wool": 4}})
    assert phase(game) == "move_robber"
    assert game.playable_dev_cards("red")["knight"] == "wrong_phase"
    refuse(game, {"type": "play_knight"}, "wrong_phase")
    game.apply({"type": "move_robber", "tile": 4, "victim": "blue"})
    assert game.playable_dev_cards("red")["knight"] is None
    game.apply({"type": "offer_trade", "give": {"wool": 1}, "get": {"brick": 1}})
    assert game.playable_dev_cards("red")["knight"] == "trade_open"
    refuse(game, {"type": "play_knight"}, "trade_open")
    game.apply({"type": "cancel_trade"})
    assert game.playable_dev_cards("red")["knight"] is None
    assert phase(game) == "main"


def test_only_the_active_player_plays_cards() -> None:
    players = _red()
    players["blue"]["dev_cards"] = ["monopoly"]
    game = load(players)
    refuse(game, {"type": "play_monopoly", "resource": "ore", "player": "blue"}, "not_your_turn")


# -- Road Building ------------------------------------------------------------------------

def test_road_building_places_two_free_roads() -> None:
    game = load(_red(dev_cards=["road_building"], hand={"ore": 1}))
    events = game.apply({"type": "play_road_building", "edges": ["0.SE", "0.SW"]})
    built = [e for e in events if e["type"] == "built_road"]
    assert [(e["edge"], e.get("free")) for e in built] == [("0.SE", True), ("0.SW", True)]
    assert game.to_dict()["players"]["red"]["roads"] == ["0.E", "0.SE", "0.SW"]
    assert hand(game, "red") == {"ore": 1}
    assert game.longest_road_length("red") == 3


def test_road_building_second_road_may_hang_on_the_first() -> None:
    game = load(_red(dev_cards=["road_building"]))
    game.apply({"type": "play_road_building", "edges": ["1.SW", "4.E"]})
    assert game.longest_road_length("red") == 3


def test_road_building_with_one_edge_when_two_fit_is_refused() -> None:
    game = load(_red(dev_cards=["road_building"]))
    refuse(game, {"type": "play_road_building", "edges": ["0.SE"]}, "two_roads_required")


@pytest.mark.parametrize("edges", [[], ["0.SE", "0.SW", "3.E"], "0.SE", None, ["0.SE", 7]])
def test_road_building_malformed_edges(edges: object) -> None:
    game = load(_red(dev_cards=["road_building"]))
    code = "unknown_place" if isinstance(edges, list) and len(edges) == 2 else "malformed_action"
    refuse(game, {"type": "play_road_building", "edges": edges}, code)


def test_road_building_edges_follow_the_road_rules() -> None:
    game = load(_red(dev_cards=["road_building"]))
    refuse(game, {"type": "play_road_building", "edges": ["0.SE", "0.SE"]}, "occupied")
    refuse(game, {"type": "play_road_building", "edges": ["0.E", "0.SE"]}, "occupied")
    refuse(game, {"type": "play_road_building", "edges": ["0.SE", "18.SE"]}, "not_connected")
    refuse(game, {"type": "play_road_building", "edges": ["18.SE", "0.SE"]}, "not_connected")


ROADS14 = ["0.E", "0.SE", "0.SW", "0.W", "3.NW", "3.W", "3.SW", "7.NW", "7.W", "7.SW", "12.W",
           "12.SW", "12.SE", "16.W"]


def test_ruling_road_building_with_one_road_left_places_one() -> None:
    roads = ROADS14  # one road left in stock
    game = load(_red(dev_cards=["road_building"], roads=roads), longest_road="red")
    refuse(game, {"type": "play_road_building", "edges": ["0.NE", "0.NW"]}, "no_pieces_left")
    choices = legal_of_type(game, "play_road_building")
    assert choices and all(len(a["edges"]) == 1 for a in choices)
    game.apply({"type": "play_road_building", "edges": ["0.NE"]})
    assert len(game.to_dict()["players"]["red"]["roads"]) == 15


def test_road_building_with_no_road_left() -> None:
    roads = [*ROADS14, "16.SW"]
    game = load(_red(dev_cards=["road_building"], roads=roads), longest_road="red")
    refuse(game, {"type": "play_road_building", "edges": ["0.NE"]}, "no_pieces_left")
    assert legal_of_type(game, "play_road_building") == []


def test_ruling_road_building_with_one_legal_edge_places_one() -> None:
    players = {"red": {"settlements": ["0.N"], "roads": ["0.NW"], "dev_cards": ["road_building"]},
               "blue": {"settlements": ["0.SW"], "roads": ["0.NE"]}}
    game = load(players)
    choices = legal_of_type(game, "play_road_building")
    assert [a["edges"] for a in choices] == [["0.W"]]
    refuse(game, {"type": "play_road_building", "edges": ["0.W", "0.SW"]}, "not_connected")
    game.apply({"type": "play_road_building", "edges": ["0.W"]})
    assert game.to_dict()["players"]["red"]["roads"] == ["0.W", "0.NW"]
    assert game.to_dict()["players"]["red"]["dev_cards"] == []


def test_road_building_legal_choices_all_apply() -> None:
    game = load(_red(dev_cards=["road_building"]))
    doc = game.to_dict()
    choices = legal_of_type(game, "play_road_building")
    assert all(len(a["edges"]) == 2 for a in choices)
    assert len(choices) > 5
    for action in choices:
        Game.from_dict(doc).apply(action)


def test_road_building_before_the_roll() -> None:
    game = load(_red(dev_cards=["road_building"]), phase="roll")
    game.apply({"type": "play_road_building", "edges": ["0.SE", "0.SW"]})
    assert phase(game) == "roll"


# -- Year of Plenty -----------------------------------------------------------------------

@pytest.mark.parametrize(("wanted", "gain"), [
    (["ore", "wool"], {"ore": 1, "wool": 1}),
    (["brick", "brick"], {"brick": 2}),
])
def test_year_of_plenty_takes_two_from_the_bank(wanted: list[str], gain: dict[str, int]) -> None:
    game = load(_red(dev_cards=["year_of_plenty"]))
    game.apply({"type": "play_year_of_plenty", "resources": wanted})
    assert hand(game, "red") == gain


def test_ruling_year_of_plenty_takes_only_what_the_bank_has() -> None:
    players = _red(dev_cards=["year_of_plenty"])
    players["blue"]["hand"] = {}
    players["white"]["hand"] = {"ore": 19}
    game = load(players)
    game.apply({"type": "play_year_of_plenty", "resources": ["ore", "grain"]})
    assert hand(game, "red") == {"grain": 1}


def test_ruling_year_of_plenty_same_resource_twice_with_one_in_the_bank() -> None:
    players = _red(dev_cards=["year_of_plenty"])
    players["blue"]["hand"] = {}
    players["white"]["hand"] = {"ore": 18}
    game = load(players)
    game.apply({"type": "play_year_of_plenty", "resources": ["ore", "ore"]})
    assert hand(game, "red") == {"ore": 1}
    assert bank(game)["ore"] == 0


def test_year_of_plenty_with_none_in_the_bank_is_bank_empty() -> None:
    players = _red(dev_cards=["year_of_plenty"])
    players["blue"]["hand"] = {}
    players["white"]["hand"] = {"ore": 19}
    game = load(players)
    refuse(game, {"type": "play_year_of_plenty", "resources": ["ore", "ore"]}, "bank_empty")


@pytest.mark.parametrize("resources", [["ore"], ["ore", "wool", "grain"], ["ore", "gold"], "ore",
                                       None, [None, "ore"], {"ore": 2}])
def test_year_of_plenty_malformed(resources: object) -> None:
    game = load(_red(dev_cards=["year_of_plenty"]))
    refuse(game, {"type": "play_year_of_plenty", "resources": resources}, "malformed_action")


# -- Monopoly -----------------------------------------------------------------------------

def test_monopoly_takes_every_card_of_that_resource() -> None:
    game = load(_red(dev_cards=["monopoly"], hand={"brick": 1, "ore": 2}))
    events = game.apply({"type": "play_monopoly", "resource": "brick"})
    assert hand(game, "red") == {"brick": 4, "ore": 2}
    assert hand(game, "blue") == {"ore": 1}
    assert hand(game, "white") == {"wool": 3}
    mono = next(e for e in events if e["type"] == "monopoly")
    assert mono["taken"] == {"blue": 2, "white": 1}


def test_monopoly_of_a_resource_nobody_holds_still_uses_the_card() -> None:
    game = load(_red(dev_cards=["monopoly"]))
    game.apply({"type": "play_monopoly", "resource": "lumber"})
    assert hand(game, "red") == {}
    assert game.to_dict()["players"]["red"]["dev_cards"] == []
    assert game.to_dict()["turn"]["dev_card_played"] is True


@pytest.mark.parametrize("resource", ["gold", None, ["ore"], 3, "Ore"])
def test_monopoly_malformed(resource: object) -> None:
    game = load(_red(dev_cards=["monopoly"]))
    refuse(game, {"type": "play_monopoly", "resource": resource}, "malformed_action")
