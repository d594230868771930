"""The Play page's bridge (``catan_web.game``) without a browser: what a viewer sees and may
do, the referee's steps, hidden information, saves of the first format."""

from __future__ import annotations

import json
from typing import Any

import catan_web
from catan_core import Game
from catan_core.referee import OFFER_WAIT_S
from catan_core.table import Table
from catan_core.topology import EDGE_ALIASES, NODE_ALIASES, NODE_EDGES, NODE_NAMES
from catan_core.views import log_entry
from catan_web import game as bridge

SEATS = ["red", "blue", "white"]


def S(position: dict[str, Any], referee: dict[str, Any] | None) -> str:
    """A session of the bridge for a game the page holds as two documents."""
    return str(bridge.do_open(position, referee)["session"])


def new(kinds: tuple[str, ...] = ("human", "bot", "bot"), **settings: Any) -> dict[str, Any]:
    players = [{"colour": c, "kind": k, "level": "easy"} for c, k in zip(SEATS, kinds,
                                                                          strict=True)]
    base = {"seats": SEATS, "board": "beginner", "seed": 7, "random_start": False,
            "players": players}
    return bridge.do_new_game({**base, **settings})


def test_new_game_modes_and_rules() -> None:
    for mode, points, ore in (("classic", 10, None), ("quick", 7, 1), ("epic", 13, None)):
        doc = new(mode=mode, board="variable")["position"]
        assert doc["vp_to_win"] == points
        assert doc["players"]["red"]["hand"].get("ore") == ore
    assert new(rules={"trade_before_build": True})["position"]["rules"] == {
        "trade_before_build": True}
    ok, text = catan_web.call("game.new_game", json.dumps([{"seats": SEATS, "mode": "blitz"}]))
    assert not ok and json.loads(text)["code"] == "invalid_mode"
    ok, text = catan_web.call("game.new_game", json.dumps([{"seats": SEATS, "board": "moon"}]))
    assert not ok and json.loads(text)["code"] == "invalid_board"


def test_a_viewer_sees_only_their_own_cards() -> None:
    game = new(mode="quick")
    view = bridge.do_view(S(game["position"], game["referee"]), "blue")
    assert view["me"]["hand"] == {"brick": 1, "lumber": 1, "wool": 1, "grain": 1, "ore": 1}
    assert [p["cards"] for p in view["players"]] == [5, 5, 5]
    assert "hand" not in json.dumps(view["players"])
    spectator = bridge.do_view(S(game["position"], {"seats": {}}), None)   # people everywhere
    assert spectator["me"] is None and spectator["viewer"] is None


def test_the_board_choice_names_legal_spots_and_why_others_are_not() -> None:
    game = new()
    view = bridge.do_view(S(game["position"], game["referee"]), "red")
    choice = view["choice"]
    assert view["next"]["decides"] and choice["pick"] == "node" and len(choice["legal"]) == 54
    after = bridge.do_pick(S(game["position"], game["referee"]), "red", {}, "9.N")
    choice = after["view"]["choice"]
    node = NODE_ALIASES["9.N"]
    assert choice["pick"] == "edge"
    assert {EDGE_ALIASES[e] for e in choice["legal"]} == set(NODE_EDGES[node])
    assert all(v["code"] == "setup_road_not_at_settlement" for v in choice["illegal"].values())
    assert len(choice["legal"]) + len(choice["illegal"]) == 72
    assert 'class="mark-ok-edge"' in after["view"]["board"]
    assert after["last"]["nodes"] == [NODE_NAMES[node]]


def test_costs_cards_and_buttons_come_from_the_engine() -> None:
    game = new(mode="quick")
    view = bridge.do_view(S(game["position"], game["referee"]), "red")
    costs = {c["item"]: c for c in view["costs"]}
    assert costs["city"]["cost"] == {"grain": 2, "ore": 3} and costs["city"]["points"] == 2
    assert costs["settlement"]["affordable"] and not costs["city"]["affordable"]
    assert not costs["road"]["available"]          # set-up: nothing is bought yet
    doc = Game.from_dict(game["position"])
    while doc.phase in ("setup_settlement", "setup_road"):
        doc.apply(doc.legal_actions()[0])
    position = doc.to_dict()
    current = position["turn"]["player"]
    position["players"][current]["new_dev_cards"] = ["knight"]
    position["players"][current]["dev_cards"] = ["monopoly"]
    position["deck"] = [c for c in position["deck"] if c in ("knight", "victory_point")][:10]
    view = bridge.do_view(S(position, {"seats": {}}), current)
    cards = {(c["card"], c["fresh"]): c for c in view["cards"]}
    assert cards[("knight", True)]["reason"]["code"] == "card_bought_this_turn"
    assert cards[("monopoly", False)]["playable"]      # before the roll too
    assert view["can"].get("roll") and view["can"].get("play_monopoly")
    other = bridge.do_view(S(position, {"seats": {}}), next(c for c in SEATS if c != current))
    assert not other["can"] and not other["next"]["decides"]


def test_a_whole_game_of_computers_through_the_bridge_hides_fogged_production() -> None:
    game = new(("bot", "bot", "bot"), mode="quick")
    position, referee = game["position"], game["referee"]
    hidden_seen = False
    for _ in range(3000):
        result = bridge.do_advance(S(position, referee), None, {"visibility": "fog"})
        if "wait" in result:
            break
        for entry in result["log"]:
            if entry["e"]["type"] == "received" and position["turn"]["phase"].startswith("setup"):
                hidden_seen |= "cards" not in entry["e"] and "cards" in entry["full"]
        position, referee = result["position"], result["referee"]
    assert position["winner"] and hidden_seen
    summary = bridge.do_summary(position)
    assert summary["winner"] == position["winner"] and summary["city_points"] == 2
    assert all(p["cities"] == 2 * p["city_count"] == 2 * len(position["players"][p["colour"]]
                                                            ["cities"]) for p in summary["players"])


def test_an_offer_to_some_players_only_is_declined_by_the_others() -> None:
    doc = Game.new(seats=SEATS, seed=3, board="beginner")
    while doc.phase in ("setup_settlement", "setup_road"):
        doc.apply(doc.legal_actions()[0])
    doc.apply({"type": "roll", "dice": [2, 3]})
    position = doc.to_dict()
    position["players"]["red"]["hand"] = {"brick": 2}
    position["players"]["blue"]["hand"] = {"ore": 2}
    position["players"]["white"]["hand"] = {"ore": 2}
    referee = {"seats": {"red": {"kind": "human"}, "blue": {"kind": "human"},
                         "white": {"kind": "human"}}}
    result = bridge.do_act(S(position, referee), {"type": "offer_trade", "player": "red",
                                               "give": {"brick": 1}, "get": {"ore": 1}},
                           "red", {"offered_to": ["blue"]})
    assert result["view"]["trade"]["to"] == ["blue"]
    step = bridge.do_advance(S(result["position"], result["referee"]), None, {})
    assert step["action"] == {"type": "reject_trade", "player": "white"}
    assert step["note"] == "forced" and step["log"] == []     # white was not asked: no news
    assert result["log"][0]["e"]["to"] == ["blue"]             # the offer names whom it asks
    assert step["view"]["next"]["actor"] == "blue" and step["view"]["next"]["pass_to"] == "blue"


def test_manual_dice_wait_for_a_person() -> None:
    doc = Game.new(seats=SEATS, seed=3, board="beginner")
    while doc.phase in ("setup_settlement", "setup_road"):
        doc.apply(doc.legal_actions()[0])
    referee = {"seats": {c: {"kind": "bot"} for c in SEATS}}
    result = bridge.do_advance(S(doc.to_dict(), referee), None, {"dice": "manual"})
    assert result["dice"] == doc.current_player and "position" not in result
    rolled = bridge.do_roll(S(doc.to_dict(), referee), doc.current_player, [3, 4])
    assert rolled["position"]["turn"]["dice"] == [3, 4]


def test_a_save_of_the_first_format_keeps_its_seats_and_time_outs() -> None:
    game = new()
    legacy = {"players": [{"colour": "red", "kind": "human"},
                          {"colour": "blue", "kind": "bot", "level": "hard"},
                          {"colour": "white", "kind": "bot"}],
              "seats": {"red": {"idle": 1, "away": True, "auto": None}}, "seed": 4}
    loaded = bridge.do_load(game["position"], None, legacy)
    seats = loaded["referee"]["seats"]
    assert seats["red"]["away"] and seats["red"]["idle"] == 1 and seats["blue"]["level"] == "hard"
    assert loaded["referee"]["seed"] == 4
    again = bridge.do_load(loaded["position"], loaded["referee"])
    assert again.pop("session") != loaded.pop("session")    # each load opens its own game
    assert again == loaded


def test_seat_changes_and_time_outs_are_logged() -> None:
    game = new(("human", "human", "bot"))
    out = bridge.do_seat(S(game["position"], game["referee"]), "blue", "bot", "red", {})
    assert out["log"] == [{"e": {"type": "seat_computer", "player": "blue"}}]
    assert out["view"]["seats"]["blue"]["computer"]
    out = bridge.do_timeout(S(game["position"], out["referee"]), "red", False, "red", {})
    assert out["view"]["seats"]["red"]["computer"] and out["view"]["next"]["auto"]


def test_the_log_hides_what_others_may_not_see() -> None:
    entry = log_entry({"type": "bought_dev_card", "player": "red", "card": "monopoly"})
    assert "card" not in entry["e"] and entry["full"]["card"] == "monopoly"
    assert entry["who"] == ["red"]
    foggy = log_entry({"type": "received", "player": "blue",
                              "cards": {"ore": 1, "wool": 1}}, "fog")
    assert foggy["e"] == {"type": "received", "player": "blue", "count": 2}


def test_terra_incognita_hides_terrains_numbers_and_harbours() -> None:
    game = new(board="variable")
    view = bridge.do_view(S(game["position"], game["referee"]), "red", {"visibility": "terra"})
    assert view["hidden"] == "terra"
    assert view["board"].count('data-terrain="unknown"') == 19   # the desert too
    assert 'class="port"' not in view["board"] and "data-number" not in view["board"]
    fog = bridge.do_view(S(game["position"], game["referee"]), "red", {"visibility": "fog"})
    assert 'class="port"' in fog["board"] and "data-number" in fog["board"]


def test_terra_incognita_gives_the_desert_away_nowhere_during_set_up() -> None:
    """Terra Incognita hides everything during set-up: the desert and the robber on it are
    neither drawn nor named, in the page's view or in a seat's document. Fog hides the
    terrains but shows the numbers, which tell where the desert is: it and the robber show."""
    game = new(board="variable")
    desert = Game.from_dict(game["position"]).robber
    view = bridge.do_view(S(game["position"], game["referee"]), "red", {"visibility": "terra"})
    assert 'data-terrain="desert"' not in view["board"]
    assert 'class="robber"' not in view["board"] and view["robber"] is None
    table = Table.load(game["position"], game["referee"], visibility="terra")
    for colour in ("red", None):
        board = table.view(colour)["board"]
        assert set(board["tiles"]) == {"hidden"} and board["robber"] is None
    fog = bridge.do_view(S(game["position"], game["referee"]), "red", {"visibility": "fog"})
    assert f'data-tile="{desert}" data-terrain="desert"' in fog["board"]
    assert 'class="robber"' in fog["board"] and fog["robber"] == desert
    assert Table.load(game["position"], game["referee"], visibility="fog").view(
        "red")["board"]["tiles"][desert] == "desert"


def test_the_robber_is_moved_by_picking_a_tile() -> None:
    doc = Game.new(seats=SEATS, seed=3, board="beginner")
    while doc.phase in ("setup_settlement", "setup_road"):
        doc.apply(doc.legal_actions()[0])
    doc.apply({"type": "roll", "dice": [3, 4]})
    if doc.phase == "discard":
        for colour, owed in doc.discards_owed().items():
            hand = doc.hand_of(colour)
            cards: dict[str, int] = {}
            for resource, n in hand.items():
                take = min(n, owed - sum(cards.values()))
                if take:
                    cards[resource] = take
            doc.apply({"type": "discard", "player": colour, "cards": cards})
    assert doc.phase == "move_robber"
    me = doc.current_player
    referee = {"seats": {c: {"kind": "human" if c == me else "bot"} for c in SEATS}}
    view = bridge.do_view(S(doc.to_dict(), referee), me)
    choice = view["choice"]
    robber = str(doc.robber)
    assert choice["pick"] == "tile" and doc.robber not in choice["legal"]
    assert choice["illegal"][robber]["code"] == "robber_must_move"
    assert 'class="mark-ok-tile"' in view["board"]
    crowded = [int(t) for t, v in choice["victims"].items() if len(v) > 1]
    quiet = next(t for t in choice["legal"] if str(t) not in choice["victims"])
    if crowded:
        asked = bridge.do_pick(S(doc.to_dict(), referee), me, {}, crowded[0])
        assert asked["tile"] == crowded[0] and len(asked["victims"]) > 1
    moved = bridge.do_pick(S(doc.to_dict(), referee), me, {}, quiet)
    assert moved["position"]["board"]["robber"] == quiet
    assert moved["view"]["phase"] == "main"


def test_a_shared_position_hides_hands_deck_and_dice_and_opens_dealt_again() -> None:
    game = bridge.do_new_game({"seats": SEATS, "board": "beginner", "mode": "quick", "seed": 2,
                               "players": [{"colour": "red", "kind": "human"}]})
    shared = bridge.do_share(S(game["position"], game["referee"]), "red")
    position = shared["position"]
    assert position["players"]["blue"]["hand"] == {"hidden": 5} and "rng" not in position
    assert position["deck"] == 25 and shared["referee"]["seats"]["red"]["kind"] == "human"
    first = bridge.do_load(position, shared["referee"], None, 1)
    again = bridge.do_load(position, shared["referee"], None, 2)
    assert first["position"]["players"]["red"] == game["position"]["players"]["red"]
    assert first["position"]["rng"] != again["position"]["rng"]         # fresh dice each time
    assert first["position"]["deck"] != again["position"]["deck"]
    assert first["referee"]["seed"] == 1
    sizes = {c: sum(p["hand"].values()) for c, p in first["position"]["players"].items()}
    assert sizes == {"red": 5, "blue": 5, "white": 5}                   # as many cards each


def trading_position(active: str = "red") -> dict[str, Any]:
    """``active`` to trade after rolling a 5 (beginner island, set-up done), known hands: red
    holds ore, blue needs one ore for a city and holds no brick."""
    game = Game.new(seats=SEATS, seed=3, board="beginner")
    while game.phase in ("setup_settlement", "setup_road"):
        game.apply(game.legal_actions()[0])
    game.apply({"type": "roll", "dice": [2, 3]})
    doc = game.to_dict()
    doc["turn"]["player"] = active
    doc["players"]["red"]["hand"] = {"ore": 2, "wool": 1}
    doc["players"]["blue"]["hand"] = {"grain": 2, "ore": 2, "wool": 2}
    doc["players"]["white"]["hand"] = {"lumber": 1}
    return Game.from_dict(doc).to_dict()


def until_a_person(step: dict[str, Any]) -> dict[str, Any]:
    """The referee's steps (computers, forced answers) until a person must decide."""
    while True:
        nxt = bridge.do_advance(S(step["position"], step["referee"]), "red", {})
        if nxt.get("wait"):
            return {**step, "view": nxt["view"]}
        step = nxt


COMPUTERS = {"red": {"kind": "human"},
             "blue": {"kind": "bot", "level": "normal", "personality": "merchant"},
             "white": {"kind": "bot", "level": "easy"}}


def test_a_computer_counters_a_persons_offer_and_the_counter_trades() -> None:
    referee = {"seed": 0, "seats": COMPUTERS}
    offer = {"type": "offer_trade", "player": "red", "give": {"ore": 1}, "get": {"brick": 1}}
    step = until_a_person(bridge.do_act(S(trading_position(), referee), offer, "red",
                                        {"offered_to": ["blue"]}))
    counter = step["view"]["trade"]["answers"]["blue"]
    assert counter == {"give": {"ore": 1}, "get": {"wool": 1}}   # blue has no brick: wool
    assert step["view"]["next"]["decides"] and step["view"]["next"]["offer_s"] is None
    done = bridge.do_act(S(step["position"], step["referee"]),
                         {"type": "confirm_trade", "player": "red", "with": "blue"}, "red")
    assert done["position"]["players"]["red"]["hand"] == {"ore": 1, "wool": 2}
    assert done["log"][0]["e"]["type"] == "traded"
    declined = bridge.do_act(S(step["position"], step["referee"]),
                             {"type": "cancel_trade", "player": "red"}, "red",
                             {"declined": "blue"})
    assert declined["log"] == [{"e": {"type": "trade_cancelled", "player": "red",
                                      "declined": "blue"}}]


def test_a_computer_offer_left_unanswered_is_declined_and_the_seat_stays_the_persons() -> None:
    position = trading_position("blue")
    position["pending"] = {"trade": {"give": {"ore": 1}, "get": {"wool": 1}, "answers": {}}}
    step = until_a_person({"position": position, "referee": {"seed": 0, "seats": COMPUTERS}})
    assert step["view"]["trade"]["answers"]["white"] == "reject"    # the computer answered
    assert step["view"]["next"]["actor"] == "red"
    assert step["view"]["next"]["offer_s"] == OFFER_WAIT_S
    out = bridge.do_timeout(S(step["position"], step["referee"]), "red", False, "red", {})
    assert out["log"] == [{"e": {"type": "trade_rejected", "player": "red", "ignored": True}}]
    assert out["position"]["pending"]["trade"]["answers"]["red"] == "reject"
    seat = out["referee"]["seats"]["red"]
    assert (seat["kind"], seat["idle"], seat["away"], seat["auto"]) == ("human", 0, False, None)
    nxt = bridge.do_advance(S(out["position"], out["referee"]), "red", {})
    assert nxt["actor"] == "blue" and nxt["action"]["type"] == "cancel_trade"   # it goes on
    people = {**COMPUTERS, "blue": {"kind": "human"}}  # a person's offer waits for the answer
    waiting = bridge.do_view(S(step["position"], {"seats": people}), "red")["next"]
    assert waiting["actor"] == "red" and waiting["offer_s"] is None


def test_a_game_stays_open_between_calls_and_a_lost_one_is_named() -> None:
    game = new(("human", "human", "human"))
    session = game["session"]
    first = bridge.do_pick(session, "red", {}, "9.N")
    assert first["position"]["turn"]["phase"] == "setup_road"
    refused = bridge.do_pick(session, "red", {}, "0.E")   # not at the settlement just placed
    assert refused["error"]["code"] == "setup_road_not_at_settlement"
    again = bridge.do_view(session, "red")   # the refusal changed nothing
    assert again["phase"] == "setup_road" and again["choice"]["pick"] == "edge"
    ok, text = catan_web.call("game.view", json.dumps(["no-such-session", "red"]))
    assert not ok and json.loads(text)["code"] == "no_session"
    reopened = bridge.do_open(first["position"], first["referee"])["session"]
    assert bridge.do_view(reopened, "red")["choice"] == again["choice"]


def test_with_trade_before_build_no_offer_is_shown_after_building() -> None:
    position = trading_position()
    position["players"]["red"]["hand"] = {"brick": 1, "lumber": 1, "ore": 2}
    position["rules"] = {"trade_before_build": True}
    referee = {"seats": {c: {"kind": "human"} for c in SEATS}}
    session = S(position, referee)
    assert bridge.do_view(session, "red")["can"].get("offer_trade")
    road = next(a for a in Game.from_dict(position).legal_actions_of("red")
                if a["type"] == "build_road")
    built = bridge.do_act(session, dict(road), "red")
    assert "error" not in built and not built["view"]["can"].get("offer_trade")
    offer = {"type": "offer_trade", "player": "red", "give": {"ore": 1}, "get": {"wool": 1}}
    assert bridge.do_act(session, offer, "red")["error"]["code"] == "trade_after_build"


def test_a_person_makes_at_most_five_offers_a_turn() -> None:
    referee = {"seats": {c: {"kind": "human"} for c in SEATS}}
    session = S(trading_position(), referee)
    offer = {"type": "offer_trade", "player": "red", "give": {"ore": 1}, "get": {"grain": 1}}
    for _ in range(5):
        assert bridge.do_view(session, "red")["can"].get("offer_trade")
        assert "error" not in bridge.do_act(session, offer, "red")
        assert "error" not in bridge.do_act(session, {"type": "cancel_trade", "player": "red"},
                                            "red")
    assert not bridge.do_view(session, "red")["can"].get("offer_trade")
    assert bridge.do_act(session, offer, "red")["error"]["code"] == "too_many_offers"


def before_the_roll_with_road_building() -> dict[str, Any]:
    """Red's turn before the roll, holding a Road Building card bought on an earlier turn."""
    game = Game.new(seats=SEATS, seed=3, board="beginner")
    while game.phase in ("setup_settlement", "setup_road"):
        game.apply(game.legal_actions()[0])
    doc = game.to_dict()
    doc["players"][game.current_player]["dev_cards"] = ["road_building"]
    doc["deck"].remove("road_building")
    return Game.from_dict(doc).to_dict()


def test_road_building_is_played_before_the_roll() -> None:
    """The engine lets the card be played before the roll: its Play button marks the sides
    where the two roads may go, and two picks build them, still before the roll."""
    doc = before_the_roll_with_road_building()
    me = doc["turn"]["player"]
    referee = {"seats": {c: {"kind": "human" if c == me else "bot"} for c in SEATS}}
    session = S(doc, referee)
    game = Game.from_dict(doc)
    assert game.phase == "roll" and "road_building" in game.playable_dev_cards(me)
    mode = {"kind": "road_building", "picks": []}
    view = bridge.do_view(session, me, {"mode": mode})
    assert view["prompt"] == "prompt_road_building"
    assert view["choice"]["pick"] == "edge" and view["choice"]["legal"]
    assert 'class="mark-ok-edge"' in view["board"]
    first = view["choice"]["legal"][0]
    answer = bridge.do_pick(session, me, {"mode": mode}, first)
    assert answer["mode"] == {"kind": "road_building", "picks": [first]}
    second = bridge.do_view(session, me, {"mode": answer["mode"]})["choice"]["legal"][0]
    done = bridge.do_pick(session, me, {"mode": answer["mode"]}, second)
    assert "error" not in done, done
    assert done["position"]["turn"]["phase"] == "roll"
    assert len(done["position"]["players"][me]["roads"]) == len(doc["players"][me]["roads"]) + 2
    assert done["view"]["choice"]["mode"] is None


def test_win_chances_through_the_bridge_for_a_seat_and_refused_when_bad() -> None:
    session = new()["session"]
    ok, text = catan_web.call("game.chances", json.dumps([session, "red", 8, 1]))
    assert ok, text
    answer = json.loads(text)
    assert sorted(answer["seats"]) == ["blue", "red", "white"] and answer["viewer"] == "red"
    assert abs(sum(answer["seats"].values()) - 1) < 1e-9
    for bad in ([session, "green", 8, 1], [session, "red", 0, 1], [session, "red", "8", 1]):
        ok, text = catan_web.call("game.chances", json.dumps(bad))
        assert not ok and json.loads(text)["code"] == "bad_request"


def test_the_record_grows_with_every_answer_and_plays_the_game_again() -> None:
    """The page keeps the record from the answers (the whole record when a game is opened,
    then each answer's ``acted``); opened again with it, the same table; with a record that
    does not lead to the position, the game opens and its record starts there."""
    from catan_core.review import Replay

    created = new(("bot", "bot", "bot"))
    session, record = created["session"], created["record"]
    assert record["actions"] == [] and record["start"] == created["position"]
    position = created["position"]
    for _ in range(60):
        answer = bridge.do_advance(session)
        record["actions"] += answer.get("acted", [])
        position = answer.get("position", position)
    assert len(record["actions"]) >= 50
    assert Replay(record["start"], record["actions"]).end.to_dict() == position
    again = bridge.do_load(position, answer["referee"], record=record)
    assert again["record"] == record
    broken = {"start": record["start"], "actions": record["actions"][:-1]}
    fresh = bridge.do_load(position, answer["referee"], record=broken)
    assert fresh["record"] == {"start": position, "actions": []}
    junk = {"start": {"seats": 3}, "actions": "no"}
    assert bridge.do_load(position, answer["referee"], record=junk)["record"]["actions"] == []


def test_a_board_taken_from_the_drawings_is_the_board_drawn_again() -> None:
    """The Play page's views and a room's take a board already drawn for the same picture:
    over a seeded game, with every viewer and build mode, it is the drawing made afresh."""
    import random

    from randomplay import random_step

    from catan_web.game_view import view_of
    from catan_web.recent import Recent

    seats = ["red", "blue", "white", "orange"]
    rng = random.Random(5)
    table = Table.new(seats, seed=5, board="variable", people=seats, random_start=False,
                      visibility="fog")
    drawn = [0]

    class Counted(Recent[str, str]):
        def recall(self, key: str, make: Any) -> str:
            def counted() -> str:
                drawn[0] += 1
                return str(make())
            return super().recall(key, counted)

    drawings, fresh = Counted(8), Recent[str, str](0)
    views = 0
    for _ in range(160):
        if table.game.winner is not None:
            break
        random_step(table, rng)
        for viewer in (*seats, None):
            for mode in (None, "road", "settlement", "city"):
                options = {"mode": mode, "last": {"nodes": ["4.S"]} if mode == "city" else {}}
                kept = view_of(table, viewer, options, drawings=drawings)["board"]
                again = view_of(table, viewer, options, drawings=fresh)["board"]
                assert kept == again
                views += 1
    assert drawn[0] < views / 2, (drawn, views)  # most views took a drawing already made
