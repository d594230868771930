"""The referee: who acts, forced answers, caps, seeds, time-outs, and its JSON form."""

from __future__ import annotations

from typing import Any

from catan_core import Game
from catan_core.referee import (
    IDLE_TURNS_AWAY,
    PEOPLE_OFFER_EVERY,
    Referee,
    bot_seed,
    decision_key,
    turn_key,
    waiting_for,
    who_acts,
)
from catan_core.table import Table
from catan_core.views import guessed_view

_BOTS: dict[int, dict[str, Any]] = {}


def decide(ref: Referee, game: Game, colour: str, visibility: str | None = None
           ) -> tuple[dict[str, Any], str | None]:
    """The referee's action for ``colour``, by the table's computer (kept per referee, as a
    table keeps its computers between steps)."""
    table = Table(game, ref, bots=_BOTS.setdefault(id(ref), {}))
    return ref.bot_action(game, colour, table.bot_for(colour), visibility=visibility)


def main_phase() -> Game:
    """Red to trade after rolling a 5 (beginner island, set-up done by the first legal moves)."""
    game = Game.new(seats=["red", "blue", "white"], seed=3, board="beginner")
    while game.phase in ("setup_settlement", "setup_road"):
        game.apply(game.legal_actions()[0])
    game.apply({"type": "roll", "dice": [2, 3]})
    doc = game.to_dict()
    doc["players"]["red"]["hand"] = {"brick": 2, "wool": 2}
    doc["players"]["blue"]["hand"] = {"ore": 3}
    doc["players"]["white"]["hand"] = {}
    return Game.from_dict(doc)


def offer(game: Game) -> None:
    game.apply({"type": "offer_trade", "player": "red", "give": {"brick": 1},
                "get": {"ore": 1}})


def test_an_offer_waits_for_each_other_player_then_the_offerer() -> None:
    game = main_phase()
    offer(game)
    assert waiting_for(game) == ["blue", "white"]
    game.apply({"type": "reject_trade", "player": "blue"})
    game.apply({"type": "reject_trade", "player": "white"})
    assert waiting_for(game) == ["red"] and who_acts(game) == 0


def test_the_referee_declines_for_a_player_left_out_or_without_cards() -> None:
    game = main_phase()
    ref = Referee.new(game.seats, humans=["red", "blue"])
    action = {"type": "offer_trade", "player": "red", "give": {"brick": 1}, "get": {"ore": 1}}
    ref.record(game, "red", action, offered_to=["white"])
    game.apply(action)
    assert ref.forced_action(game, "blue") == {"type": "reject_trade", "player": "blue"}
    assert ref.forced_action(game, "white") == {"type": "reject_trade", "player": "white"}
    ref.offered_to = None                                 # offered to everyone
    assert ref.forced_action(game, "blue") is None        # blue holds ore: blue answers
    assert ref.forced_action(game, "white") is not None   # white has no card
    assert ref.forced_action(game, "red") is None


def test_computers_and_forced_answers_come_before_people() -> None:
    game = main_phase()
    offer(game)
    ref = Referee.new(game.seats, humans=["blue"])
    assert ref.next_actor(game) == "white"
    people = Referee.new(game.seats, humans=["blue", "white"])
    assert people.next_actor(game) == "white"          # the referee declines for white first
    game.apply({"type": "reject_trade", "player": "white"})
    assert people.next_actor(game) == "blue"


def test_offers_are_capped_per_turn_and_a_long_turn_is_ended() -> None:
    game = main_phase()
    ref = Referee.new(game.seats, max_offers=1, max_actions=3)
    action, note = decide(ref, game, "red")
    assert note is None
    ref.offers["red"] = 1
    seen = []
    for _ in range(4):
        action, note = decide(ref, game, "red")
        seen.append(action["type"])
        assert action["type"] != "offer_trade"
        ref.record(game, "red", {"type": "bank_trade"})
    assert note == "capped" and seen[-1] == "end_turn"
    game.apply(action)
    game.apply({"type": "roll", "dice": [3, 3]})
    ref.observe_turn(game)
    assert ref.actions == 0 and ref.offers == {}


def test_a_timeout_hands_the_turn_to_the_stand_in_then_the_seat() -> None:
    game = Game.new(seats=["red", "blue", "white"], seed=2, board="beginner")
    ref = Referee.new(game.seats, seed=2, humans=["red"])
    assert not ref.computer_plays(game, "red")
    events: list[dict[str, Any]] = []
    for _ in range(IDLE_TURNS_AWAY):
        events += ref.timeout(game, "red", acted=False)
    assert [e["type"] for e in events] == ["timeout", "timeout", "away"]
    assert ref.seats["red"].away and ref.computer_plays(game, "red")
    assert ref.bot_config(game, "red") == ("normal", "builder", bot_seed(2, 0))
    ref.come_back("red")
    assert not ref.computer_plays(game, "red") and ref.seats["red"].idle == 0


def test_a_timeout_covers_one_set_up_placement_only() -> None:
    game = Game.new(seats=["red", "blue", "white"], seed=2, board="beginner")
    ref = Referee.new(game.seats, humans=["red"])
    ref.timeout(game, "red", acted=True)
    key = turn_key(game)
    action, _ = decide(ref, game, "red")
    game.apply(action)
    assert turn_key(game) == key and ref.computer_plays(game, "red")   # its road too
    game.apply(decide(ref, game, "red")[0])
    assert turn_key(game) != key and not ref.computer_plays(game, "red")
    assert ref.seats["red"].idle == 0                                  # it had acted


def test_the_json_form_round_trips_and_ignores_junk() -> None:
    game = main_phase()
    ref = Referee.new(game.seats, seed=9, humans=["red"], config={"blue": ("hard", "merchant")})
    ref.timeout(game, "red", acted=False)
    ref.record(game, "red", {"type": "offer_trade"}, offered_to=["blue"])
    doc = ref.to_dict()
    again = Referee.from_dict(doc, game.seats)
    assert again.to_dict() == doc
    junk = Referee.from_dict({"seats": {"red": {"kind": 3, "idle": "x", "away": "yes"},
                                        "green": {}}, "seed": True, "offered_to": ["pink"]},
                             game.seats)
    assert junk.seats["red"].kind == "human" and junk.seats["red"].idle == 0
    assert not junk.seats["red"].away and "green" not in junk.seats
    assert junk.seed == 0 and junk.offered_to == []


def test_a_bot_sees_a_fogged_island_during_set_up() -> None:
    game = Game.new(seats=["red", "blue", "white"], seed=5, board="standard")
    view = game.to_dict(view="red")
    fog, terra = guessed_view(view, "fog", 1), guessed_view(view, "terra", 1)
    numbers = [t.split()[1:] for t in view["board"]["tiles"]]
    assert [t.split()[1:] for t in fog["board"]["tiles"]] == numbers
    assert fog["board"]["tiles"] != view["board"]["tiles"] and terra["board"]["ports"] == {}
    ref = Referee.new(game.seats, config={"red": ("hard", "builder")})
    action, note = decide(ref, game, "red", visibility="terra")
    assert action["type"] == "place_settlement" and note is None


def test_a_bot_does_not_learn_the_desert_of_terra_incognita() -> None:
    """With Terra Incognita everything is hidden during set-up, the desert too: the island a
    computer decides from is a guess whose desert (and robber) lands anywhere. With Fog the
    numbers show where the desert is, so the guess keeps it there."""
    game = Game.new(seats=["red", "blue", "white"], seed=5, board="standard")
    view = game.to_dict(view="red")
    desert = view["board"]["tiles"].index("desert")
    guesses = [guessed_view(view, "terra", seed)["board"] for seed in range(12)]
    assert len({board["tiles"].index("desert") for board in guesses}) > 1
    for board in guesses:
        assert board["robber"] == board["tiles"].index("desert")
        assert sorted(t.split()[0] for t in board["tiles"]) == sorted(
            t.split()[0] for t in view["board"]["tiles"])
    assert all(guessed_view(view, "fog", seed)["board"]["tiles"][desert] == "desert"
               for seed in range(12))


def test_a_computer_offers_a_person_only_cards_they_hold_and_seldom() -> None:
    game = main_phase()                                    # blue holds 3 ore, white nothing
    ref = Referee.new(game.seats, humans=["blue"])
    wants_ore = {"type": "offer_trade", "player": "red", "give": {"brick": 1}, "get": {"ore": 1}}
    wants_grain = {**wants_ore, "get": {"grain": 1}}
    assert ref.offer_recipients(game, "red", wants_grain) == ["white"]
    assert ref.offer_recipients(game, "red", wants_ore) is None           # everyone
    ref.record(game, "red", wants_ore)
    assert ref.offered_to is None and (ref.to_people, ref.people_turn) == (1, game.turn_number)
    assert ref.offer_recipients(game, "red", wants_ore) == ["white"]       # once per turn
    game.turn_number += PEOPLE_OFFER_EVERY - 1
    assert ref.offer_recipients(game, "red", wants_ore) == ["white"]       # not yet again
    game.turn_number += 1
    assert ref.offer_recipients(game, "red", wants_ore) is None
    assert Referee.from_dict(ref.to_dict(), game.seats).to_people == 1


def test_an_offer_nobody_would_see_is_not_made() -> None:
    doc = main_phase().to_dict()
    doc["players"]["blue"]["hand"] = {"ore": 3, "grain": 2, "lumber": 1}
    game = Game.from_dict(doc)
    config = {"red": ("normal", "merchant")}
    eager = Referee.new(game.seats, humans=["blue", "white"], config=config)
    assert decide(eager, game, "red")[0]["type"] == "offer_trade"     # blue holds ore
    ref = Referee.new(game.seats, humans=["blue", "white"], config=config)
    ref.people_turn = game.turn_number                     # people were offered one this turn
    for _ in range(5):
        action, _ = decide(ref, game, "red")
        assert action["type"] != "offer_trade"
        ref.record(game, "red", {"type": "bank_trade"})


def test_the_active_players_clock_runs_through_their_offers() -> None:
    game = main_phase()
    before = {c: decision_key(game, c) for c in game.seats}
    offer(game)
    assert decision_key(game, "red") == before["red"]          # offering gives no time back
    assert decision_key(game, "blue") != before["blue"]        # blue has an answer to give
    game.apply({"type": "cancel_trade", "player": "red"})
    assert decision_key(game, "red") == before["red"]          # nor does cancelling
