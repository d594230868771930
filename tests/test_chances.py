"""Win chances (catan_core.bots.chances): honest about what the viewer cannot see, repeatable,
never stuck, and pointing at the player who is winning."""

from __future__ import annotations

import random
from typing import Any

import pytest

from catan_core import Game
from catan_core.bots.chances import calibrate, play_out, points_shares, win_chances

SEATS = ["red", "blue", "white", "orange"]


def random_position(seed: int, actions: int) -> Game:
    game = Game.new(seats=SEATS, seed=seed)
    chooser = random.Random(seed)
    for _ in range(actions):
        legal = game.legal_actions()
        if not legal or game.winner is not None:
            break
        game.apply(chooser.choice(legal))
    return game


def test_chances_add_up_repeat_and_leave_the_game_as_it_was() -> None:
    game = random_position(5, 300)
    before = game.to_dict()
    one = win_chances(game, samples=12, seed=3)
    assert list(one) == SEATS and sum(one.values()) == pytest.approx(1.0)
    assert all(0.0 < c < 1.0 for c in one.values())
    assert win_chances(game, samples=12, seed=3) == one
    assert game.to_dict() == before


@pytest.mark.parametrize("seed", range(12))
def test_a_play_out_ends_from_any_moment(seed: int) -> None:
    """Positions of random games in every phase (set-up, discards, the robber, an open offer,
    free roads) are played to a winner or to the turn cap, the win shared out exactly."""
    game = random_position(100 + seed, 40 + 90 * seed)
    shares = play_out(game.copy(), max_turns=250)
    assert sum(shares) == pytest.approx(1.0) and all(s >= 0 for s in shares)


def hidden_swapped(game: Game) -> Game:
    """The same game but for what Red cannot see: Blue's cards changed for others of the same
    number (taken from the bank) and the deck in another order."""
    doc: dict[str, Any] = game.to_dict()
    blue = doc["players"]["blue"]["hand"]
    count = sum(blue.values())
    bank = game.bank_counts()
    for r, n in blue.items():
        bank[r] += n
    new: dict[str, int] = {}
    for r in sorted(bank, key=lambda r: -bank[r]):
        take = min(bank[r], count - sum(new.values()))
        if take:
            new[r] = take
            bank[r] -= take
    doc["players"]["blue"]["hand"] = new
    doc["deck"] = list(reversed(doc["deck"]))
    return Game.from_dict(doc)


def test_what_the_viewer_cannot_see_does_not_change_its_chances() -> None:
    game = random_position(7, 500)
    assert sum(game.hand_of("blue").values()) >= 2
    other = hidden_swapped(game)
    assert other.to_dict() != game.to_dict()
    assert other.to_dict(view="red") == game.to_dict(view="red")
    assert win_chances(other, viewer="red", samples=10, seed=2) \
        == win_chances(game, viewer="red", samples=10, seed=2)
    # someone who sees everything is told apart (the deck is reshuffled, the hands are not)
    assert win_chances(other, samples=10, seed=2) != win_chances(game, samples=10, seed=2) \
        or game.hand_of("blue") == other.hand_of("blue")


def with_hand(game: Game, colour: str, hand: dict[str, int]) -> Game:
    """``game`` with ``colour`` holding ``hand`` (as far as the bank has the cards)."""
    doc: dict[str, Any] = game.to_dict()
    bank = game.bank_counts()
    for r, n in doc["players"][colour]["hand"].items():
        bank[r] += n
    doc["players"][colour]["hand"] = {r: min(n, bank[r]) for r, n in hand.items()}
    return Game.from_dict(doc)


def test_more_cards_and_more_points_raise_a_players_chance() -> None:
    game = random_position(11, 400)
    me = game.current_player
    poor = with_hand(game, me, {})
    rich = with_hand(game, me, {"grain": 5, "ore": 6, "wool": 3, "brick": 3, "lumber": 3})
    assert win_chances(rich, samples=24, seed=1)[me] > win_chances(poor, samples=24, seed=1)[me]


def test_the_player_a_city_from_winning_has_the_best_chance() -> None:
    """The first random position (of a fixed list) where the player to roll leads on points:
    one point more wins, and they hold a city's cards and more."""
    for seed in range(40):
        game = random_position(200 + seed, 300 + 20 * seed)
        me = game.seats.index(game.current_player)
        points = [game._victory_points_of(q) for q in range(4)]
        if game.phase == "roll" and points[me] == max(points) and game._settlements[me]:
            break
    else:
        raise AssertionError("no position where the player to roll leads")
    doc = with_hand(game, game.current_player, {"grain": 4, "ore": 5, "wool": 2, "brick": 2,
                                                "lumber": 2}).to_dict()
    doc["vp_to_win"] = points[me] + 1
    chances = win_chances(Game.from_dict(doc), samples=16, seed=1)
    assert max(chances, key=lambda c: chances[c]) == game.current_player
    assert chances[game.current_player] > 0.5


def test_a_finished_game_is_certain_and_the_calibration_keeps_order() -> None:
    game = random_position(3, 5000)
    if game.winner is not None:
        assert win_chances(game)[game.winner] == 1.0
    assert calibrate([0.6, 0.3, 0.1, 0.0], [0.25] * 4) == sorted(
        calibrate([0.6, 0.3, 0.1, 0.0], [0.25] * 4), reverse=True)
    assert points_shares(Game.new(seats=SEATS, seed=1)) == [0.25] * 4
