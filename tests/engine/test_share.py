"""Share codes (catan_core.share): any position goes into a link and comes back exactly; a code
that is damaged, forged, of another version or holding a position the engine refuses is refused
with ``invalid_share_code`` and its reason, never half-read."""

from __future__ import annotations

import base64
import json
import random
import zlib

import pytest
from engine_helpers import sample
from hypothesis import given, settings
from hypothesis import strategies as st

from catan_core import Game
from catan_core.share import MAX_LENGTH, InvalidShareCode, decode, encode, read_document


def random_position(seed: int, steps: int, players: int, board: str) -> Game:
    """A position reached by random legal actions (any phase: set-up, discard, robber, over)."""
    game = Game.new(seats=["red", "blue", "white", "orange"][:players], seed=seed, board=board)
    rng = random.Random(seed)
    for _ in range(steps):
        actions = game.legal_actions()
        if not actions:
            break
        game.apply(rng.choice(actions))
    return game


@settings(max_examples=sample(150), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 900), players=st.sampled_from([3, 4]),
       board=st.sampled_from(["standard", "beginner"]))
def test_property_codes_round_trip_exactly(seed: int, steps: int, players: int, board: str) -> None:
    game = random_position(seed, steps, players, board)
    code = encode(game)
    assert code.startswith("1.") and len(code) < 1200
    assert set(code[2:]) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    again = decode(code)
    assert again.to_dict() == game.to_dict()
    assert encode(again) == code  # one position, one code
    assert again.legal_actions() == game.legal_actions()


def _code_of(doc: object) -> str:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(json.dumps(doc).encode()) + packer.flush()
    return "1." + base64.urlsafe_b64encode(packed).decode().rstrip("=")


@pytest.mark.parametrize(("code", "reason"), [
    ("", "damaged"), (None, "damaged"), (17, "damaged"), ("abc", "damaged"),
    ("1.", "damaged"), ("1.%%%", "damaged"), ("1.AAAA", "damaged"),
    ("2.eJwrSS0u0c3MS0nNS1XILFZIzs8tKEotLs7Mz1NIzUvOT0nVyy9KAQA", "unknown_version"),
    ("0." + "A" * 40, "unknown_version"), ("1." + "A" * MAX_LENGTH, "too_long"),
])
def test_unreadable_codes_are_refused_by_reason(code: object, reason: str) -> None:
    with pytest.raises(InvalidShareCode) as caught:
        decode(code)
    assert caught.value.code == "invalid_share_code"
    assert caught.value.details["reason"] == reason


def test_a_truncated_or_altered_code_never_loads_another_position() -> None:
    game = random_position(5, 300, 4, "standard")
    code = encode(game)
    rng = random.Random(1)
    for cut in range(3, len(code), 37):
        with pytest.raises(InvalidShareCode):
            decode(code[:cut])
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    loaded = 0
    for _ in range(300):
        i = rng.randrange(2, len(code))
        forged = code[:i] + rng.choice(alphabet.replace(code[i], "")) + code[i + 1:]
        try:
            decode(forged)
        except InvalidShareCode:
            continue
        loaded += 1
    # DEFLATE has no checksum, but an altered letter almost always breaks the stream, the JSON
    # or the engine's checks (measured: 1 in 500 still loads, as a position the engine accepts).
    assert loaded <= 6


def test_a_forged_position_is_refused_with_the_engines_reason() -> None:
    doc = Game.new(seats=["red", "blue", "white"], board="beginner").to_dict()
    doc["players"]["red"]["settlements"] = ["9.N", "9.NE"]  # two corners side by side
    with pytest.raises(InvalidShareCode) as caught:
        decode(_code_of(doc))
    assert caught.value.details["reason"] == "bad_position"
    assert "players" in caught.value.details["position"]
    assert read_document(_code_of(doc)) == doc  # readable, refused only by the engine


def test_a_code_holding_a_huge_document_is_refused() -> None:
    with pytest.raises(InvalidShareCode) as caught:
        decode(_code_of({"x": "a" * (2 << 20)}))
    assert caught.value.details["reason"] == "damaged"
