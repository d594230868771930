"""``catan_web`` in CPython: the answers the FAQ widgets will show, and the call protocol."""

from __future__ import annotations

import json
from typing import Any

import pytest

import catan_web
from catan_core import Game


def position(**players: dict[str, Any]) -> dict[str, Any]:
    """A beginner-island position in red's main phase, with the given players' pieces."""
    return {"seats": ["red", "blue", "white"], "board": "beginner",
            "players": players, "turn": {"player": "red", "number": 5, "phase": "main"}}


def call(fn: str, *args: Any) -> tuple[bool, Any]:
    ok, text = catan_web.call(fn if "." in fn else f"faq.{fn}", json.dumps(args))
    return ok, json.loads(text)


def ask(doc: dict[str, Any], **query: Any) -> Any:
    ok, answer = call("analyse", doc, query)
    assert ok, answer
    return answer


def test_legal_actions_of_the_beginner_island() -> None:
    doc = Game.new(seats=["red", "blue", "white"], board="beginner").to_dict()
    actions = call("legal_actions", doc)[1]
    assert len(actions) == 54
    assert {a["type"] for a in actions} == {"place_settlement"}
    assert {a["player"] for a in actions} == {"red"}


def test_apply_returns_the_new_position_or_the_rule() -> None:
    doc = Game.new(seats=["red", "blue", "white"], board="beginner").to_dict()
    done = call("apply", doc, {"type": "place_settlement", "node": "9.N"})[1]
    assert done["position"]["players"]["red"]["settlements"] == ["4.SE"]
    assert done["events"][0]["type"] == "placed_settlement"
    refused = call("apply", done["position"], {"type": "place_road", "edge": "0.NE"})[1]
    assert refused["error"]["code"] == "setup_road_not_at_settlement"
    assert set(refused["error"]) == {"code", "message", "details"}


def test_production_pays_buildings_and_the_robber_blocks() -> None:
    doc = position(red={"settlements": ["4.N"], "roads": ["4.NE"]},     # hills 6, forest 9...
                   blue={"cities": ["17.N"], "roads": ["17.NE"]})       # fields 6
    six = ask(doc, type="production", total=6)
    assert six["tiles"] == [4, 17]
    assert six["gains"] == {"red": {"brick": 1}, "blue": {"grain": 2}}
    doc["board"] = {**Game.from_dict(doc).to_dict()["board"], "robber": 17}
    blocked = ask(doc, type="production", total=6)
    assert blocked["blocked"] == [17] and blocked["gains"] == {"red": {"brick": 1}}
    assert ask(doc, type="production", total=7)["gains"] == {}


def test_who_discards_how_many() -> None:
    doc = position(red={"hand": {"brick": 5, "ore": 4}}, blue={"hand": {"wool": 7}},
                   white={"hand": {"grain": 8}})
    answer = ask(doc, type="discard")
    assert answer["counts"] == {"red": 4, "white": 4}
    assert answer["hand_sizes"] == {"red": 9, "blue": 7, "white": 8}


def test_longest_road_lengths_path_and_holder() -> None:
    roads = ["0.NW", "0.NE", "0.E", "0.SE", "0.SW"]
    doc = position(red={"settlements": ["0.NW"], "roads": roads})
    answer = ask(doc, type="longest_road")
    assert answer["lengths"]["red"] == 5 and answer["lengths"]["blue"] == 0
    assert sorted(answer["paths"]["red"]) == sorted(roads)
    assert answer["holder"] is None  # the position does not give the award
    doc["longest_road"] = "red"
    assert ask(doc, type="longest_road")["holder"] == "red"


def test_settlement_spots_with_the_rule_per_intersection() -> None:
    doc = position(red={"settlements": ["9.N"], "roads": ["9.NE", "5.SE"]})
    answer = ask(doc, type="settlement_spots", player="red")
    illegal = answer["illegal"]
    assert illegal["4.SE"] == "occupied"                 # 9.N itself, canonical name
    assert illegal["5.S"] == "distance_rule"             # next to it (= 9.NE)
    assert illegal["18.S"] == "not_connected"            # far from red's roads
    assert answer["legal"] == ["5.SE"]                   # at the end of the two roads
    assert len(answer["legal"]) + len(illegal) == 54
    setup = Game.new(seats=["red", "blue", "white"], board="beginner").to_dict()
    assert len(ask(setup, type="settlement_spots")["legal"]) == 54


def test_trade_rates_per_player() -> None:
    doc = position(red={"settlements": ["0.N"], "roads": ["0.NE"]},      # 3:1 harbour at 0.NW
                   blue={"settlements": ["1.N"], "roads": ["1.NW"]})     # wool 2:1 at 1.NE
    rates = ask(doc, type="trade_rates")["rates"]
    assert rates["red"] == dict.fromkeys(("brick", "lumber", "wool", "grain", "ore"), 3)
    assert rates["blue"]["wool"] == 2 and rates["blue"]["ore"] == 4
    assert set(rates["white"].values()) == {4}


def test_render_draws_the_board_with_marks() -> None:
    doc = position(red={"settlements": ["9.N"], "roads": ["9.NE"]})
    svg = call("render", doc, {"ok_nodes": ["5.SE"], "edges": ["9.E"]})[1]
    assert svg.startswith("<svg") and 'class="mark-ok"' in svg and 'class="mark-edge"' in svg
    ok, error = call("render", doc, {"ok_nodes": ["99.N"]})
    assert not ok and error["code"] == "unknown_place"


@pytest.mark.parametrize(("fn", "args", "code"), [
    ("no_such_function", [], "bad_request"),
    ("nowhere.render", [], "bad_request"),
    ("tutorial.no_such_function", [], "bad_request"),
    ("legal_actions", [{"seats": ["red"]}], "invalid_position"),
    ("analyse", [{"seats": ["red", "blue", "white"]}, {"type": "nothing"}], "bad_request"),
    ("analyse", [{"seats": ["red", "blue", "white"]}, {"type": "production"}], "bad_request"),
    ("new_game", [{"colour": "red"}], "bad_request"),
    ("apply", [1, 2, 3], "internal_error"),
])
def test_call_reports_errors_with_a_code(fn: str, args: list[Any], code: str) -> None:
    ok, error = call(fn, *args)
    assert not ok and error["code"] == code and error["message"]


def test_call_refuses_arguments_that_are_not_a_json_array() -> None:
    assert json.loads(catan_web.call("faq.legal_actions", "{")[1])["code"] == "bad_request"
    assert json.loads(catan_web.call("faq.legal_actions", "{}")[1])["code"] == "bad_request"


def test_new_game_and_a_whole_turn_through_call() -> None:
    ok, doc = call("new_game", {"seats": ["red", "blue", "white", "orange"], "seed": 3})
    assert ok and doc["turn"]["phase"] == "setup_settlement" and len(doc["seats"]) == 4
    ok, actions = call("legal_actions", doc)
    ok, done = call("apply", doc, actions[0])
    assert ok and done["position"]["turn"]["phase"] == "setup_road"


def test_production_with_a_bank_shortage_says_who_was_owed_and_what_happens() -> None:
    doc = position(red={"settlements": ["4.N"], "roads": ["4.NE"], "hand": {"brick": 18}},
                   blue={"cities": ["4.S"], "roads": ["4.SW"]})
    six = ask(doc, type="production", total=6)
    assert six["shortage"] == ["brick"] and "red" not in six["gains"]
    assert six["owed"]["red"] == {"brick": 1} and six["owed"]["blue"]["brick"] == 2
    assert six["shortages"] == [{"resource": "brick", "left": 1, "owed_to": ["red", "blue"],
                                 "outcome": "none"}]


def test_longest_road_verdict_names_the_rule() -> None:
    roads = ["0.NW", "0.NE", "0.E", "0.SE", "0.SW"]
    blue = {"settlements": ["18.NW"], "roads": ["18.NW", "18.NE", "18.E", "18.SE", "18.SW"]}
    doc = position(red={"settlements": ["0.NW"], "roads": roads}, blue=blue)
    tie = ask(doc, type="longest_road")
    assert (tie["verdict"], tie["leaders"], tie["holder"]) == ("tied", ["red", "blue"], None)
    doc = position(red={"settlements": ["0.NW"], "roads": roads})
    doc["longest_road"] = "red"
    answer = ask(doc, type="longest_road")
    assert (answer["verdict"], answer["top"], answer["leaders"]) == ("holder", 5, ["red"])
    doc = position(red={"settlements": ["0.NW"], "roads": roads[:3]})
    assert ask(doc, type="longest_road")["verdict"] == "nobody"


def test_apply_as_lets_any_colour_build_with_the_engine_paying_the_cost() -> None:
    doc = position(blue={"settlements": ["17.N"], "roads": ["17.NE"]})
    ok, done = call("apply_as", doc, {"type": "build_road", "edge": "17.E"}, "blue", True)
    assert ok and "error" not in done, done
    blue = done["position"]["players"]["blue"]
    assert len(blue["roads"]) == 2
    assert sum((blue.get("hand") or {}).values()) == 0      # exactly the road's cost was given
    ok, refused = call("apply_as", doc, {"type": "build_road", "edge": "0.NE"}, "blue", True)
    assert ok and refused["error"]["code"] == "not_connected"
    ok, unpaid = call("apply_as", doc, {"type": "build_road", "edge": "17.E"}, "blue", False)
    assert unpaid["error"]["code"] == "insufficient_resources"


def test_pass_to_plays_the_other_turns() -> None:
    doc = position()
    ok, ended = call("apply", doc, {"type": "end_turn"})
    ok, back = call("pass_to", ended["position"], "red")
    assert ok and back["position"]["turn"]["player"] == "red"
    assert back["position"]["turn"]["phase"] == "roll"
    assert [e["type"] for e in back["events"]].count("rolled") == 2


def test_every_bridge_module_answers_through_the_one_entry_point() -> None:
    doc = Game.new(seats=["red", "blue", "white"], board="beginner").to_dict()
    ok, view = call("tutorial.view", doc, {})
    assert ok and view["svg"].startswith("<svg") and "catan-panel" in view["panel"]
