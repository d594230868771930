"""Trading: the bank and harbours (4:1, 3:1, 2:1), and offers between players.

Beginner harbours used: 0.NW 3:1 (corners 0.N, 0.NW), 1.NE wool (1.N, 1.NE),
15.SE brick (15.SE, 15.S), 3.W ore (3.SW, 3.NW).
"""

from __future__ import annotations

from typing import Any

import pytest
from engine_helpers import bank, event_types, hand, legal_of_type, load, refuse

from catan_core import Game

RICH = {"brick": 8, "lumber": 4, "wool": 6, "grain": 3, "ore": 2}


def _game(red_buildings: dict[str, Any] | None = None, red_hand: dict[str, int] | None = None,
          **kwargs: Any) -> Game:
    red: dict[str, Any] = {"settlements": ["4.S"], "roads": ["4.SW"]}
    if red_buildings is not None:
        red = dict(red_buildings)
    red["hand"] = dict(RICH if red_hand is None else red_hand)
    players = {"red": red,
               "blue": {"settlements": ["11.SE"], "hand": {"ore": 3, "grain": 1}},
               "white": {"settlements": ["7.SE"], "hand": {"wool": 2}}}
    return load(players, **kwargs)


def _bank_trade(give: dict[str, int], get: dict[str, int], **extra: Any) -> dict[str, Any]:
    return {"type": "bank_trade", "give": give, "get": get, **extra}


def test_bank_four_to_one() -> None:
    game = _game()
    game.apply(_bank_trade({"brick": 4}, {"ore": 1}))
    assert hand(game, "red") == {**RICH, "brick": 4, "ore": 3}
    game.apply(_bank_trade({"lumber": 4}, {"grain": 1}))
    assert hand(game, "red")["grain"] == 4


@pytest.mark.parametrize("give", [{"brick": 3}, {"brick": 5}, {"brick": 2}, {"brick": 1}])
def test_trade_rate_without_a_harbour(give: dict[str, int]) -> None:
    refuse(_game(), _bank_trade(give, {"ore": 1}), "trade_rate")


def test_eight_for_two_at_four_to_one() -> None:
    game = _game()
    game.apply(_bank_trade({"brick": 8}, {"ore": 1, "grain": 1}))
    assert hand(game, "red")["grain"] == 4 and "brick" not in hand(game, "red")
    refuse(_game(), _bank_trade({"brick": 8}, {"ore": 1}), "trade_rate")
    refuse(_game(), _bank_trade({"brick": 4}, {"ore": 2}), "trade_rate")


def test_three_to_one_harbour_needs_a_building_on_it() -> None:
    on = _game({"settlements": ["0.N"], "roads": ["0.NE"]})
    on.apply(_bank_trade({"brick": 3}, {"ore": 1}))
    refuse(on, _bank_trade({"wool": 4}, {"ore": 1}), "trade_rate")
    # A road on the harbour, or a settlement one corner away, is not enough.
    road_only = _game({"settlements": ["0.SW"], "roads": ["0.W", "0.NW"]})
    refuse(road_only, _bank_trade({"brick": 3}, {"ore": 1}), "trade_rate")
    road_only.apply(_bank_trade({"brick": 4}, {"ore": 1}))


def test_a_settlement_built_on_a_harbour_gives_its_rate_at_once() -> None:
    game = _game({"settlements": ["0.SW"], "roads": ["0.W", "0.NW"]})
    refuse(game, _bank_trade({"brick": 3}, {"ore": 1}), "trade_rate")
    game.apply({"type": "build_settlement", "node": "0.N"})
    game.apply(_bank_trade({"brick": 3}, {"ore": 1}))


def test_a_setup_settlement_on_a_harbour_gives_its_rate() -> None:
    game = Game.new(seats=["red", "blue", "white"], seed=1, board="beginner")
    plan = [("1.N", "1.NW"), ("2.SE", "2.E"), ("7.NW", "7.W"),
            ("16.S", "16.SW"), ("11.SE", "11.E"), ("14.S", "14.SE")]
    for node, edge in plan:
        game.apply({"type": "place_settlement", "node": node})
        game.apply({"type": "place_road", "edge": edge})
    assert hand(game, "red") == {"wool": 1, "grain": 2}  # 14.S: fields, fields, pasture
    game.apply({"type": "roll", "dice": [1, 1]})  # pasture 2 next to 1.N
    game.apply(_bank_trade({"wool": 2}, {"ore": 1}))  # the wool harbour on 1.NE
    assert hand(game, "red") == {"grain": 2, "ore": 1}


def test_city_on_a_harbour_uses_it() -> None:
    game = _game({"cities": ["0.NW"], "roads": ["0.W"]})  # the 3:1 harbour on 0.NW
    game.apply(_bank_trade({"lumber": 3}, {"ore": 1}))
    assert hand(game, "red") == {**RICH, "lumber": 1, "ore": 3}
    refuse(game, _bank_trade({"brick": 2}, {"ore": 1}), "trade_rate")  # 3:1, not 2:1
    game.apply(_bank_trade({"brick": 3}, {"grain": 1}))
    assert hand(game, "red")["brick"] == 5 and hand(game, "red")["grain"] == 4


def test_two_to_one_harbour_for_its_resource_only() -> None:
    game = _game({"settlements": ["1.N"], "roads": ["1.NW"]})  # wool harbour
    game.apply(_bank_trade({"wool": 2}, {"ore": 1}))
    refuse(game, _bank_trade({"brick": 2}, {"ore": 1}), "trade_rate")
    refuse(game, _bank_trade({"brick": 3}, {"ore": 1}), "trade_rate")
    game.apply(_bank_trade({"brick": 4}, {"ore": 1}))


def test_two_to_one_and_three_to_one_together() -> None:
    game = _game({"settlements": ["1.N", "3.NW"], "roads": ["1.NW"]})  # wool and ore harbours
    game.apply(_bank_trade({"wool": 2}, {"grain": 1}))
    game.apply(_bank_trade({"ore": 2}, {"grain": 1}))
    refuse(game, _bank_trade({"brick": 3}, {"grain": 1}), "trade_rate")
    game = _game({"settlements": ["1.N", "0.NW"], "roads": ["1.NW"]})  # wool and 3:1
    game.apply(_bank_trade({"brick": 3}, {"grain": 1}))
    game.apply(_bank_trade({"wool": 2}, {"grain": 1}))


def test_several_resources_in_one_bank_trade() -> None:
    game = _game({"settlements": ["1.N"], "roads": ["1.NW"]})
    game.apply(_bank_trade({"brick": 4, "wool": 2}, {"ore": 1, "grain": 1}))
    assert hand(game, "red") == {"brick": 4, "lumber": 4, "wool": 4, "grain": 4, "ore": 3}
    refuse(game, _bank_trade({"brick": 4, "wool": 1}, {"ore": 1}), "trade_rate")


def test_bank_trade_gift_same_resource_and_missing_cards() -> None:
    game = _game()
    refuse(game, _bank_trade({"brick": 4}, {}), "trade_gift")
    refuse(game, _bank_trade({}, {"ore": 1}), "trade_gift")
    refuse(game, _bank_trade({"brick": 4}, {"ore": 0}), "trade_gift")
    refuse(game, _bank_trade({"brick": 4}, {"brick": 1}), "trade_same_resource")
    refuse(game, _bank_trade({"grain": 4}, {"ore": 1}), "insufficient_resources")


def test_bank_trade_when_the_bank_lacks_the_card() -> None:
    game = load({"red": {"settlements": ["4.S"], "hand": {"brick": 4}},
                 "blue": {"hand": {"ore": 19}}})
    refuse(game, _bank_trade({"brick": 4}, {"ore": 1}), "bank_empty")
    assert all(a["get"] != {"ore": 1} for a in legal_of_type(game, "bank_trade"))


@pytest.mark.parametrize(("give", "get"), [
    ("brick", {"ore": 1}), ({"brick": -4}, {"ore": 1}), ({"gold": 4}, {"ore": 1}),
    ({"brick": 4}, {"ore": "1"}), ({"brick": 4.0}, {"ore": 1}), ({"brick": True}, {"ore": 1}),
    (None, {"ore": 1}), ({"brick": 4}, ["ore"]),
])
def test_bank_trade_malformed(give: object, get: object) -> None:
    refuse(_game(), _bank_trade(give, get), "malformed_action")  # type: ignore[arg-type]


def test_bank_trade_only_for_the_active_player_after_the_roll() -> None:
    refuse(_game(), _bank_trade({"brick": 4}, {"ore": 1}, player="blue"), "not_your_turn")
    refuse(_game(phase="roll"), _bank_trade({"brick": 4}, {"ore": 1}), "wrong_phase")


def test_legal_bank_trades_follow_the_rates_and_all_apply() -> None:
    game = _game({"settlements": ["1.N", "0.NW"], "roads": ["1.NW"]})
    trades = legal_of_type(game, "bank_trade")
    gives = {next(iter(a["give"].items())) for a in trades}
    assert gives == {("brick", 3), ("lumber", 3), ("wool", 2), ("grain", 3)}
    doc = game.to_dict()
    for action in trades:
        Game.from_dict(doc).apply(action)


# -- between players ----------------------------------------------------------------------

def _offer(give: dict[str, int], get: dict[str, int]) -> dict[str, Any]:
    return {"type": "offer_trade", "give": give, "get": get}


def test_offer_accept_confirm() -> None:
    game = _game()
    events = game.apply(_offer({"brick": 2}, {"ore": 1}))
    assert event_types(events) == ["trade_offered"]
    doc = game.to_dict()
    assert doc["turn"]["phase"] == "main"
    assert doc["pending"] == {"trade": {"give": {"brick": 2}, "get": {"ore": 1}, "answers": {}}}
    game.apply({"type": "accept_trade", "player": "blue"})
    assert game.to_dict()["pending"]["trade"]["answers"] == {"blue": "accept"}
    game.apply({"type": "confirm_trade", "with": "blue"})
    assert hand(game, "red") == {**RICH, "brick": 6, "ore": 3}
    assert hand(game, "blue") == {"ore": 2, "grain": 1, "brick": 2}
    assert game.to_dict()["pending"] == {}
    assert bank(game) == {"brick": 11, "lumber": 15, "wool": 11, "grain": 15, "ore": 14}


def test_offer_reject_and_confirm_with_a_rejecter_is_refused() -> None:
    game = _game()
    game.apply(_offer({"brick": 2}, {"ore": 1}))
    game.apply({"type": "reject_trade", "player": "blue"})
    refuse(game, {"type": "confirm_trade", "with": "blue"}, "trade_not_accepted")
    refuse(game, {"type": "confirm_trade", "with": "white"}, "trade_not_accepted")  # no answer
    refuse(game, {"type": "confirm_trade", "with": "red"}, "trade_not_accepted")
    refuse(game, {"type": "confirm_trade", "with": "orange"}, "trade_not_accepted")


def test_counter_offer_is_executed_on_its_own_terms() -> None:
    game = _game()
    game.apply(_offer({"brick": 2}, {"ore": 1}))
    game.apply({"type": "counter_trade", "player": "blue", "give": {"brick": 3},
                "get": {"ore": 2}})
    answer = game.to_dict()["pending"]["trade"]["answers"]["blue"]
    assert answer == {"give": {"brick": 3}, "get": {"ore": 2}}
    events = game.apply({"type": "confirm_trade", "with": "blue"})
    assert "traded" in event_types(events)
    assert hand(game, "red") == {**RICH, "brick": 5, "ore": 4}
    assert hand(game, "blue") == {"ore": 1, "grain": 1, "brick": 3}
    assert game.to_dict()["pending"] == {}


def test_last_answer_counts() -> None:
    game = _game()
    game.apply(_offer({"brick": 1}, {"wool": 1}))
    game.apply({"type": "accept_trade", "player": "white"})
    game.apply({"type": "reject_trade", "player": "white"})
    refuse(game, {"type": "confirm_trade", "with": "white"}, "trade_not_accepted")
    game.apply({"type": "accept_trade", "player": "white"})
    game.apply({"type": "confirm_trade", "with": "white"})
    assert hand(game, "white") == {"wool": 1, "brick": 1}


def test_cancel_closes_the_offer() -> None:
    game = _game()
    game.apply(_offer({"brick": 2}, {"ore": 1}))
    game.apply({"type": "accept_trade", "player": "blue"})
    game.apply({"type": "cancel_trade"})
    assert game.to_dict()["pending"] == {}
    assert hand(game, "red") == RICH
    refuse(game, {"type": "confirm_trade", "with": "blue"}, "no_open_offer")


@pytest.mark.parametrize("action", [
    {"type": "accept_trade", "player": "blue"}, {"type": "reject_trade", "player": "blue"},
    {"type": "counter_trade", "player": "blue", "give": {"brick": 1}, "get": {"ore": 1}},
    {"type": "confirm_trade", "with": "blue"}, {"type": "cancel_trade"},
])
def test_no_open_offer(action: dict[str, Any]) -> None:
    refuse(_game(), action, "no_open_offer")


def test_trading_only_with_the_active_player() -> None:
    game = _game()
    refuse(game, {**_offer({"ore": 1}, {"brick": 1}), "player": "blue"}, "not_your_turn")
    game.apply(_offer({"brick": 1}, {"ore": 1}))
    refuse(game, {"type": "accept_trade", "player": "red"}, "not_your_turn")
    refuse(game, {"type": "accept_trade", "player": "orange"}, "not_your_turn")
    refuse(game, {"type": "accept_trade"}, "malformed_action")
    game.apply({"type": "accept_trade", "player": "blue"})
    refuse(game, {"type": "confirm_trade", "with": "blue", "player": "blue"}, "not_your_turn")
    refuse(game, {"type": "cancel_trade", "player": "white"}, "not_your_turn")


def test_answers_need_the_cards() -> None:
    game = _game()
    game.apply(_offer({"brick": 1}, {"ore": 2}))
    refuse(game, {"type": "accept_trade", "player": "white"}, "insufficient_resources")
    refuse(game, {"type": "counter_trade", "player": "white", "give": {"brick": 1},
                  "get": {"wool": 3}}, "insufficient_resources")
    refuse(_game(), _offer({"grain": 4}, {"ore": 1}), "insufficient_resources")


def test_offer_and_counter_terms_are_checked() -> None:
    game = _game()
    refuse(game, _offer({"brick": 1}, {}), "trade_gift")
    refuse(game, _offer({}, {"ore": 1}), "trade_gift")
    refuse(game, _offer({"brick": 1}, {"brick": 1, "ore": 1}), "trade_same_resource")
    game.apply(_offer({"brick": 1}, {"ore": 1}))
    refuse(game, {"type": "counter_trade", "player": "blue", "give": {}, "get": {"ore": 1}},
           "trade_gift")
    refuse(game, {"type": "counter_trade", "player": "blue", "give": {"ore": 1},
                  "get": {"ore": 1}}, "trade_same_resource")


def test_an_open_offer_blocks_other_actions() -> None:
    players_dev = {"settlements": ["4.S"], "roads": ["4.SW"], "dev_cards": ["monopoly"]}
    game = _game(players_dev, deck=["knight"])
    game.apply(_offer({"brick": 1}, {"ore": 1}))
    for action in ({"type": "end_turn"}, {"type": "build_road", "edge": "3.E"},
                   {"type": "buy_dev_card"}, _bank_trade({"brick": 4}, {"ore": 1}),
                   _offer({"wool": 1}, {"ore": 1}),
                   {"type": "play_monopoly", "resource": "ore"}):
        refuse(game, action, "trade_open")


def test_legal_actions_while_an_offer_is_open() -> None:
    game = _game()
    game.apply(_offer({"brick": 1}, {"ore": 1}))
    game.apply({"type": "accept_trade", "player": "blue"})
    legal = game.legal_actions()
    assert {"type": "accept_trade", "player": "blue"} in legal
    assert {"type": "accept_trade", "player": "white"} not in legal  # white has no ore
    assert {"type": "reject_trade", "player": "white"} in legal
    assert {"type": "confirm_trade", "player": "red", "with": "blue"} in legal
    assert {"type": "cancel_trade", "player": "red"} in legal
    assert not [a for a in legal if a["type"] in ("end_turn", "bank_trade", "build_road")]


def test_trading_requires_the_main_phase() -> None:
    refuse(_game(phase="roll"), _offer({"brick": 1}, {"ore": 1}), "wrong_phase")


def test_ruling_trade_and_build_in_any_order_by_default() -> None:
    game = _game()
    game.apply({"type": "build_road", "edge": "3.E"})
    game.apply(_bank_trade({"brick": 4}, {"ore": 1}))
    game.apply(_offer({"wool": 1}, {"ore": 1}))
    game.apply({"type": "cancel_trade"})
    assert "rules" not in game.to_dict()


def test_ruling_trade_before_build_option_refuses_trading_after_building() -> None:
    game = _game(rules={"trade_before_build": True})
    assert game.to_dict()["rules"] == {"trade_before_build": True}
    game.apply(_bank_trade({"brick": 4}, {"ore": 1}))  # trading first is fine
    game.apply({"type": "build_road", "edge": "3.E"})
    assert game.to_dict()["turn"]["built"] is True
    refuse(game, _bank_trade({"lumber": 4}, {"ore": 1}), "trade_after_build")
    refuse(game, _offer({"wool": 1}, {"ore": 1}), "trade_after_build")
    assert legal_of_type(game, "bank_trade") == []
    game.apply({"type": "end_turn"})
    assert "built" not in game.to_dict()["turn"]


def test_ruling_trade_before_build_buying_a_card_counts_as_building() -> None:
    game = _game(rules={"trade_before_build": True}, deck=["knight"])
    game.apply({"type": "buy_dev_card"})
    refuse(game, _bank_trade({"brick": 4}, {"ore": 1}), "trade_after_build")


def test_trade_before_build_from_a_position() -> None:
    game = _game(rules={"trade_before_build": True}, turn={"built": True})
    refuse(game, _bank_trade({"brick": 4}, {"ore": 1}), "trade_after_build")
