"""Rulings of the FAQ's situation questions (issue 31): each test checks what its answer says.

Each test names the answer it backs (``page#anchor``); tests/test_faq_engine.py points at them.
"""

from __future__ import annotations

from engine_helpers import hand, legal_of_type, load, refuse
from test_awards import R7, SETTLEMENT, W5

from catan_core import Game
from catan_core.game import SPECTATOR


def test_an_opponents_settlement_at_the_end_of_my_road() -> None:
    """building#opponent-settlement-end-of-road: blue's settlement on the corner where red's
    road ends; red may not build on through it (``not_connected``) nor on it (``occupied``),
    builds on only from the road's other end, and the road keeps its length."""
    game = load({"red": {"settlements": ["0.NW"], "roads": ["0.NW", "0.NE"],
                         "hand": {"brick": 2, "lumber": 2, "wool": 1, "grain": 1}},
                 "blue": {"settlements": ["0.NE"], "roads": ["1.E"]}})
    for edge in ("0.E", "1.NW"):                             # the two edges beyond it
        refuse(game, {"type": "build_road", "edge": edge}, "not_connected")
    refuse(game, {"type": "build_settlement", "node": "0.NE"}, "occupied")
    assert [a["edge"] for a in legal_of_type(game, "build_road")] == ["0.W"]
    assert game.longest_road_length("red") == 2



def test_a_settlement_collects_from_the_next_roll() -> None:
    """production#new-settlement-this-roll: no building before the roll (``wrong_phase``); the
    roll of 4 pays red's old settlement only, the one built afterwards collects from the next
    4, on blue's turn."""
    red = {"settlements": ["9.N"], "roads": ["9.NE", "5.SE"], "hand": dict(SETTLEMENT)}
    game = load({"red": red}, phase="roll")
    refuse(game, {"type": "build_settlement", "node": "5.SE"}, "wrong_phase")
    events = game.apply({"type": "roll", "dice": [2, 2]})     # pasture 4
    assert events[-1]["gains"] == {"red": {"wool": 1}}
    game.apply({"type": "build_settlement", "node": "5.SE"})  # on pasture 4 too
    assert hand(game, "red") == {"wool": 1}
    game.apply({"type": "end_turn"})
    events = game.apply({"type": "roll", "dice": [1, 3]})     # blue rolls 4
    assert events[-1]["gains"] == {"red": {"wool": 2}}



def test_the_deck_size_is_public_its_cards_are_not() -> None:
    """development-cards#count-cards-left: every seat and a spectator see how many cards the
    deck holds (the Play page shows it), never which; a purchase takes one off for all."""
    game = Game.new(seats=["red", "blue", "white"], board="beginner", seed=1)
    for seat in ("red", "blue", SPECTATOR):
        assert game.to_dict(view=seat)["deck"] == 25
    doc = load({"red": {"settlements": ["0.NE"], "roads": ["0.E"],
                        "hand": {"wool": 1, "grain": 1, "ore": 1}}}).to_dict()
    game = Game.from_dict(doc)
    before = game.to_dict(view="blue")["deck"]
    game.apply({"type": "buy_dev_card"})
    assert game.to_dict(view="blue")["deck"] == game.to_dict(view="red")["deck"] == before - 1
    assert isinstance(game.to_dict()["deck"], list)  # the order: in the full position only



def test_a_confirmed_trade_cannot_be_undone() -> None:
    """trading#undo-trade: once red confirms, the cards have changed hands and the offer is
    closed (``no_open_offer``); going back is a new trade that blue may refuse, and that red
    may withdraw while it is open."""
    game = load({"red": {"settlements": ["0.NE"], "roads": ["0.E"], "hand": {"ore": 1}},
                 "blue": {"settlements": ["4.S"], "hand": {"wool": 1}}})
    game.apply({"type": "offer_trade", "give": {"ore": 1}, "get": {"wool": 1}})
    game.apply({"type": "accept_trade", "player": "blue"})
    game.apply({"type": "confirm_trade", "with": "blue"})
    assert hand(game, "red") == {"wool": 1} and hand(game, "blue") == {"ore": 1}
    refuse(game, {"type": "cancel_trade"}, "no_open_offer")
    refuse(game, {"type": "confirm_trade", "with": "blue"}, "no_open_offer")
    game.apply({"type": "offer_trade", "give": {"wool": 1}, "get": {"ore": 1}})
    game.apply({"type": "reject_trade", "player": "blue"})
    refuse(game, {"type": "confirm_trade", "with": "blue"}, "trade_not_accepted")
    game.apply({"type": "cancel_trade"})           # an open offer may still be withdrawn
    assert hand(game, "red") == {"wool": 1} and hand(game, "blue") == {"ore": 1}



def test_a_built_piece_cannot_be_taken_back() -> None:
    """building#take-back-piece: the game has no action that removes a piece or undoes a
    move; the road stays and the cards paid stay in the bank."""
    game = load({"red": {"settlements": ["0.NE"], "roads": ["0.E"],
                         "hand": {"brick": 1, "lumber": 1}}})
    game.apply({"type": "build_road", "edge": "0.SE"})
    for kind in ("undo", "take_back", "remove_road"):
        refuse(game, {"type": kind, "edge": "0.SE"}, "malformed_action")
    assert not {a["type"] for a in game.legal_actions()} & {"undo", "take_back"}
    red = game.to_dict()["players"]["red"]
    assert "0.SE" in red["roads"] and red["hand"] == {}



def test_road_building_with_no_road_to_place() -> None:
    """development-cards#road-building-card-no-road: with no road left in stock, or no free
    edge on the network, the card cannot be played (``no_pieces_left``, ``not_connected``);
    it is not offered, and it stays in the hand for later."""
    from test_devcards import ROADS14

    cases = (({"red": {"settlements": ["0.NE"], "roads": [*ROADS14, "16.SW"]}},
              "0.NE", "no_pieces_left"),
             ({"red": {"settlements": ["0.N"], "roads": ["0.NW"]},
               "blue": {"settlements": ["0.SW"], "roads": ["0.NE", "0.W"]}},
              "0.E", "not_connected"))
    for players, edge, code in cases:
        players["red"]["dev_cards"] = ["road_building"]
        game = load(players)
        assert game.playable_dev_cards("red")["road_building"] == code
        assert legal_of_type(game, "play_road_building") == []
        refuse(game, {"type": "play_road_building", "edges": [edge]}, code)
        assert game.to_dict()["players"]["red"]["dev_cards"] == ["road_building"]



def test_monopoly_then_a_two_for_one_harbour() -> None:
    """trading#monopoly-then-harbour: red plays Monopoly on wool, then trades that wool at
    the wool harbour 2:1, in the same turn."""
    game = load({"red": {"settlements": ["1.NE"], "roads": ["1.E"], "dev_cards": ["monopoly"]},
                 "blue": {"settlements": ["13.S"], "hand": {"wool": 3, "ore": 1}},
                 "white": {"settlements": ["17.S"], "hand": {"wool": 1}}})
    game.apply({"type": "play_monopoly", "resource": "wool"})
    assert hand(game, "red") == {"wool": 4}
    game.apply({"type": "bank_trade", "give": {"wool": 4}, "get": {"ore": 1, "brick": 1}})
    assert hand(game, "red") == {"brick": 1, "ore": 1}



def test_an_offer_gives_only_cards_in_hand() -> None:
    """trading#offer-cards-not-held: an offer, an acceptance and a counter-offer may only give
    cards their player holds now (``insufficient_resources``)."""
    game = load({"red": {"settlements": ["0.NE"], "roads": ["0.E"], "hand": {"ore": 1}},
                 "blue": {"settlements": ["4.S"], "hand": {"brick": 1}}})
    refuse(game, {"type": "offer_trade", "give": {"ore": 2}, "get": {"brick": 1}},
           "insufficient_resources")
    refuse(game, {"type": "offer_trade", "give": {"grain": 1}, "get": {"brick": 1}},
           "insufficient_resources")
    game.apply({"type": "offer_trade", "give": {"ore": 1}, "get": {"wool": 1}})
    refuse(game, {"type": "accept_trade", "player": "blue"}, "insufficient_resources")
    refuse(game, {"type": "counter_trade", "player": "blue", "give": {"ore": 1},
                  "get": {"brick": 2}}, "insufficient_resources")



def test_discarded_cards_are_public() -> None:
    """robber#discards-public: the discard names its cards, and the log shows it whole to every
    seat and to spectators (unlike a stolen card or a card bought)."""
    from catan_core.views import event_for, log_entry

    game = load({"red": {"settlements": ["0.NE"], "roads": ["0.E"]},
                 "blue": {"settlements": ["4.S"], "hand": {"brick": 6, "ore": 2}}},
                phase="roll")
    game.apply({"type": "roll", "dice": [3, 4]})
    events = game.apply({"type": "discard", "player": "blue", "cards": {"brick": 3, "ore": 1}})
    entry = log_entry(events[0])
    for seat in ("red", "blue", "white", None):
        assert event_for(entry, seat)["cards"] == {"brick": 3, "ore": 1}
    stolen = log_entry({"type": "stole", "player": "red", "victim": "blue", "card": "ore"})
    assert "card" not in event_for(stolen, "white")



def test_a_seat_handed_to_the_computer_keeps_its_award() -> None:
    """turn#leaver-holds-award: when red's player leaves, the computer plays red's seat; the
    colour keeps its pieces, its cards and the Longest Road, and its points."""
    from catan_core.table import Table

    game = load({"red": {"settlements": ["0.NW"], "roads": R7, "hand": {"ore": 1}},
                 "blue": {"settlements": ["4.S"]}}, longest_road="red", phase="roll")
    table = Table.load(game.to_dict(), {"seats": {c: {"kind": "human"}
                                                  for c in ("red", "blue", "white")}})
    before = table.game.victory_points("red")
    table.referee.set_kind("red", "bot")
    assert table.computer_plays("red")
    move = table.computer_move()
    assert move is not None and move[0] == "red"   # the computer decides for red
    table.step("red", move[1], person=False)
    doc = table.game.to_dict()
    assert doc["longest_road"] == "red" and table.game.victory_points("red") == before == 3



def test_two_reach_ten_only_the_active_player_wins() -> None:
    """winning#two-reach-ten-on-a-break: blue's settlement breaks red's road and brings blue to
    10; the Longest Road goes to white, who reaches 10 too; only blue, whose turn it is, wins.
    Had blue stayed short of 10, white would win only when white's own turn begins."""
    players = {
        "red": {"settlements": ["0.NW"], "roads": R7},
        "blue": {"settlements": ["18.SE"], "cities": ["11.SE", "15.SE"], "roads": ["1.E"],
                 "hand": dict(SETTLEMENT), "dev_cards": ["victory_point"] * 4},
        "white": {"settlements": ["3.SW"], "cities": ["5.SE", "9.S", "14.S"], "roads": W5,
                  "dev_cards": ["victory_point"]},
    }
    game = load(players, player="blue", longest_road="red")
    assert (game.victory_points("blue"), game.victory_points("white")) == (9, 8)
    events = game.apply({"type": "build_settlement", "node": "1.NE"})
    assert game.to_dict()["longest_road"] == "white"
    assert (game.victory_points("blue"), game.victory_points("white")) == (10, 10)
    assert game.winner == "blue" and events[-1] == {"type": "game_won", "player": "blue",
                                                     "points": 10}
    players["blue"]["dev_cards"] = ["victory_point"] * 3   # blue short of 10: white waits
    game = load(players, player="blue", longest_road="red")
    game.apply({"type": "build_settlement", "node": "1.NE"})
    assert game.victory_points("white") == 10 and game.winner is None
    game.apply({"type": "end_turn"})                       # white's turn: white wins
    assert game.winner == "white"
