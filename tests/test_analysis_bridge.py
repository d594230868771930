"""The analysis board's bridge (catan_web.analysis): edits judged by the engine, refusals by
reason, roll payouts with the bank shortage, awards, share codes."""

from __future__ import annotations

import json
from typing import Any

from catan_core import share
from catan_web import analysis, call

Doc = dict[str, Any]


def _main() -> Doc:
    board = analysis.do_new_game({"seats": ["red", "blue", "white"], "board": "beginner"})
    answer = analysis.do_edit(board, {"op": "turn", "player": "red", "phase": "main"})
    assert "position" in answer, answer
    return answer["position"]


def _edit(doc: Doc, **edit: Any) -> Doc:
    answer = analysis.do_edit(doc, edit)
    assert "position" in answer, answer
    return answer["position"]


def _reason(doc: Doc, **edit: Any) -> str:
    answer = analysis.do_edit(doc, edit)
    assert "error" in answer, answer
    assert answer["error"]["code"] == "invalid_position"
    return str(answer["error"]["details"]["reason"])


def test_edits_place_and_remove_pieces() -> None:
    doc = _edit(_main(), op="place", colour="red", piece="settlement", place="0.N")
    doc = _edit(doc, op="place", colour="red", piece="road", place="0.NE")
    doc = _edit(doc, op="place", colour="red", piece="city", place="0.N")
    red = doc["players"]["red"]
    assert (red["settlements"], red["cities"], red["roads"]) == ([], ["0.N"], ["0.NE"])
    doc = _edit(doc, op="remove", colour="red", piece="city", place="0.N")
    assert doc["players"]["red"]["cities"] == []
    doc = _edit(doc, op="robber", tile=4)
    assert doc["board"]["robber"] == 4
    doc = _edit(doc, op="hand", colour="blue", hand={"ore": 3}, knights_played=2)
    assert doc["players"]["blue"]["hand"] == {"ore": 3}
    assert doc["players"]["blue"]["knights_played"] == 2
    assert doc["deck"].count("knight") == 12 and len(doc["deck"]) == 23  # 2 out of the deck
    doc = _edit(doc, op="hand", colour="blue", knights_played=0, dev_cards=["monopoly"])
    assert doc["deck"].count("knight") == 14 and doc["deck"].count("monopoly") == 1


def test_illegal_positions_are_refused_with_the_rule() -> None:
    doc = _edit(_main(), op="place", colour="red", piece="settlement", place="0.N")
    assert _reason(doc, op="place", colour="blue", piece="settlement", place="0.NE") \
        == "distance_rule"
    for place in ("2.NE", "7.NW", "11.SE", "16.S"):
        doc = _edit(doc, op="place", colour="red", piece="settlement", place=place)
    assert _reason(doc, op="place", colour="red", piece="settlement", place="9.S") \
        == "too_many_pieces"
    doc = _edit(doc, op="hand", colour="red", hand={"wool": 10})
    assert _reason(doc, op="hand", colour="blue", hand={"wool": 10}) == "too_many_cards"
    assert _edit(doc, op="turn", phase="discard")["pending"]["discard"] == {"red": 5}
    assert _reason(_main(), op="place", colour="red", piece="settlement", place="40.N") \
        == "malformed"


def test_a_bad_edit_is_a_failure_not_a_refusal() -> None:
    ok, answer = call("analysis.edit", json.dumps([_main(), {"op": "paint"}]))
    assert not ok and json.loads(answer)["code"] == "bad_request"
    ok, answer = call("analysis.edit", json.dumps(
        [_main(), {"op": "place", "colour": "green", "piece": "road", "place": "0.N"}]))
    assert not ok and json.loads(answer)["code"] == "bad_request"


def test_rolls_pay_with_the_bank_shortage() -> None:
    """Beginner island: tile 0 is mountains 10. Two colours on it, a bank of one ore: the
    shortage rule pays nobody; with enough ore both are paid."""
    doc = _main()
    tile0 = doc["board"]["tiles"][0]
    assert tile0.endswith(" 10"), tile0
    doc = _edit(doc, op="place", colour="red", piece="settlement", place="0.N")
    doc = _edit(doc, op="place", colour="blue", piece="settlement", place="0.S")
    terrain = tile0.split()[0]
    resource = {"mountains": "ore", "hills": "brick", "forest": "lumber", "pasture": "wool",
                "fields": "grain"}[terrain]
    rolls = analysis.do_rolls(doc)
    assert [r["total"] for r in rolls] == list(range(2, 13))
    assert rolls[8]["gains"] == {"red": {resource: 1}, "blue": {resource: 1}}
    doc = _edit(doc, op="hand", colour="white", hand={resource: 18})
    short = analysis.do_rolls(doc)[8]
    assert short["gains"] == {} and short["shortage"] == [resource]
    assert analysis.do_rolls(doc)[5]["gains"] == {}  # 7 pays nobody


def test_standings_name_the_longest_road_and_its_path() -> None:
    doc = _main()
    roads = ["0.NW", "0.NE", "1.NW", "1.NE", "2.NW"]
    doc = _edit(doc, op="place", colour="red", piece="settlement", place="0.N")
    for road in roads:
        doc = _edit(doc, op="place", colour="red", piece="road", place=road)
    standings = analysis.do_standings(doc)
    award = standings["awards"]["longest_road"]
    assert award["lengths"]["red"] == 5 and award["lengths"]["blue"] == 0
    assert sorted(award["paths"]["red"]) == sorted(roads)
    assert standings["points"]["red"]["settlements"] == 1


def test_share_codes_round_trip_and_bad_codes_are_refused_by_reason() -> None:
    doc = _edit(_main(), op="place", colour="red", piece="settlement", place="0.N")
    code = analysis.do_share(doc)
    assert code == share.encode(share.decode(code))
    assert analysis.do_open(code) == {"position": doc}
    damaged = analysis.do_open(code[:-5] + "AAAAA")
    assert damaged["error"]["code"] == "invalid_share_code"
    assert damaged["error"]["details"]["reason"] == "damaged"
    assert analysis.do_open("9." + code[2:])["error"]["details"]["reason"] == "unknown_version"


def test_asking_a_place_gives_the_rule_and_legal_actions_name_the_colour() -> None:
    doc = _edit(_main(), op="place", colour="red", piece="settlement", place="0.N")
    ok, answer = call("analysis.ask", json.dumps(
        [doc, {"type": "settlement_spots", "player": "blue", "need_road": False}]))
    assert ok
    spots = json.loads(answer)
    assert spots["illegal"]["0.NE"] == "distance_rule" and spots["illegal"]["0.N"] == "occupied"
    assert "18.S" in spots["legal"]
    doc = _edit(doc, op="hand", colour="red", hand={"ore": 3, "grain": 2})
    ok, answer = call("analysis.legal_actions", json.dumps([doc]))
    actions = json.loads(answer)
    assert {"type": "build_city", "player": "red", "node": "0.N"} in actions


def test_islands_start_empty_with_red_to_play() -> None:
    beginner = analysis.do_island({"board": "beginner"})["position"]
    assert beginner["seats"] == ["red", "blue", "white", "orange"]
    assert (beginner["turn"]["player"], beginner["turn"]["phase"]) == ("red", "main")
    assert not any(p.get("settlements") or p.get("roads") for p in beginner["players"].values())
    one = analysis.do_island({"seed": 7, "seats": ["red", "blue", "white"]})["position"]
    again = analysis.do_island({"seed": 7, "seats": ["red", "blue", "white"]})["position"]
    other = analysis.do_island({"seed": 8, "seats": ["red", "blue", "white"]})["position"]
    assert one["board"] == again["board"] != other["board"]
    assert one["seats"] == ["red", "blue", "white"]
    bad = analysis.do_island({"seats": ["red", "red", "blue"]})
    assert bad["error"]["code"] == "invalid_seats"


def test_hexes_and_harbours_are_edited_and_checked_by_the_engine() -> None:
    doc = _main()
    doc = _edit(doc, op="tile", tile=0, terrain="hills", number=6)
    assert doc["board"]["tiles"][0] == "hills 6"
    doc = _edit(doc, op="tile", tile=9, terrain="fields", number=9)  # the desert made land
    assert doc["board"]["tiles"][9] == "fields 9"
    assert _reason(doc, op="tile", tile=1, terrain="hills", number=7) == "malformed"
    assert _reason(doc, op="tile", tile=1, terrain="sea", number=None) == "malformed"
    doc = _edit(doc, op="port", edge="0.NW", kind=None)
    assert "0.NW" not in doc["board"]["ports"]
    doc = _edit(doc, op="port", edge="0.NW", kind="ore")
    assert doc["board"]["ports"]["0.NW"] == "ore"
    assert _reason(doc, op="port", edge="9.N", kind="ore") == "malformed"  # not on the coast
    # the rates follow the edited harbour
    doc = _edit(doc, op="place", colour="red", piece="settlement", place="0.NW")
    rates = analysis.do_analyse(doc, {"type": "trade_rates"})["rates"]["red"]
    assert rates["ore"] == 2


def test_seats_leave_with_their_pieces_and_cards() -> None:
    doc = analysis.do_island({"board": "beginner"})["position"]
    doc = _edit(doc, op="place", colour="orange", piece="settlement", place="0.N")
    doc = _edit(doc, op="hand", colour="orange", hand={"ore": 2}, dev_cards=["monopoly"],
                knights_played=1)
    doc = _edit(doc, op="turn", player="orange", phase="main")
    doc = _edit(doc, op="seats", seats=["red", "blue", "white"])
    assert doc["seats"] == ["red", "blue", "white"] and "orange" not in doc["players"]
    assert doc["turn"]["player"] == "red"
    assert len(doc["deck"]) == 25  # the Monopoly and the played Knight went back


def test_a_discard_phase_owes_what_a_seven_would_ask() -> None:
    doc = _edit(_main(), op="hand", colour="blue", hand={"ore": 9})
    doc = _edit(doc, op="turn", player="red", phase="discard")
    assert doc["pending"]["discard"] == {"blue": 4}
    assert _reason(_main(), op="turn", player="red", phase="discard") == "discard_phase"


def test_a_seats_view_opens_without_the_cards_it_could_not_see() -> None:
    from catan_web import game
    started = game.do_new_game({"seats": ["red", "blue", "white"], "board": "beginner",
                                "mode": "quick", "seed": 3})
    view = game.do_share(started["session"], "red")["position"]
    opened = analysis.do_from_view(view)["position"]
    assert opened["players"]["red"]["hand"] == view["players"]["red"]["hand"]
    assert opened["players"]["blue"]["hand"] == {} and opened["players"]["blue"]["dev_cards"] == []
    assert opened["board"] == view["board"] and len(opened["deck"]) == 25
    assert json.loads(json.dumps(opened)) == opened
    assert share.decode(analysis.do_share(opened)).to_dict()["players"] == opened["players"]
