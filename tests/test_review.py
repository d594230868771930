"""A game played again from its record (catan_core.review): every step is the engine's position
after that many actions, a bad record is refused with the index of the action, and what a
reviewer reads (log, card flows) holds no card they could not see."""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest

from catan_core import Game
from catan_core.errors import InvalidArgument
from catan_core.review import CAUSES, Replay
from catan_core.selfplay import play_bot_game

SEATS = ["red", "blue", "white", "orange"]


def random_game(seed: int, actions: int = 2000) -> tuple[dict[str, Any], list[dict[str, Any]],
                                                           list[dict[str, Any]]]:
    """(start, actions, the position after each action) of a random game."""
    game = Game.new(seats=SEATS, seed=seed)
    start, chooser = game.to_dict(), random.Random(seed)
    done, positions = [], []
    for _ in range(actions):
        legal = game.legal_actions()
        if not legal or game.winner is not None:
            break
        action = chooser.choice(legal)
        game.apply(action)
        done.append(action)
        positions.append(game.to_dict())
    return start, done, positions


@pytest.mark.parametrize("seed", range(4))
def test_every_step_is_the_engines_position_after_that_many_actions(seed: int) -> None:
    start, actions, positions = random_game(seed)
    replay = Replay(start, actions)
    assert len(replay) == len(actions)
    assert replay.position(0).to_dict() == start
    for k in sorted({1, 2, 24, 25, 26, 49, 50, 51, len(actions) // 2, len(actions)}):
        assert replay.position(k).to_dict() == positions[k - 1], k
    assert replay.end.to_dict() == positions[-1]
    turns = replay.turns()
    assert [t for t, _ in turns] == sorted({t for t, _ in turns})
    assert all(a < b for (_, a), (_, b) in itertools.pairwise(turns))


def test_a_bad_record_is_refused_with_the_action_that_breaks_it() -> None:
    start, actions, _ = random_game(9, 300)
    with pytest.raises(InvalidArgument) as refused:
        Replay(start, [*actions[:120], {"type": "roll", "player": "green"}, *actions[121:]])
    assert refused.value.code == "invalid_record" and refused.value.details["index"] == 120
    for bad in ({"seats": 3}, "not a position"):
        with pytest.raises(InvalidArgument):
            Replay(bad, actions)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgument):
        Replay(start, "not a list")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgument):
        Replay(start, actions).position(len(actions) + 1)


def hand_size(doc: dict[str, Any], colour: str) -> int:
    return sum(doc["players"][colour]["hand"].values())


@pytest.mark.parametrize("seed", [3, 4])
def test_each_players_own_flows_add_up_to_their_hand(seed: int) -> None:
    """What a player saw come and go, by cause, is exactly how their hand changed (production,
    set-up, trades, steals, discards, Monopoly, Year of Plenty, building)."""
    result = play_bot_game([("hard", "merchant"), ("hard", "aggressive"),
                            ("normal", "builder"), ("easy", "opportunist")], 500 + seed,
                           max_turns=200)
    game = result.game
    assert result.winner is not None
    record = result.record["start"], result.record["actions"]
    replay = Replay(*record)
    assert replay.end.to_dict() == game.to_dict()
    for k in (len(replay) // 3, len(replay)):
        position = replay.position(k).to_dict()
        for colour in game.seats:
            flows = replay.flows(k, colour)[colour]
            assert set(flows) == set(CAUSES)
            gained = sum(n for cause in flows.values() for n in cause["in"].values())
            lost = sum(n for cause in flows.values() for n in cause["out"].values())
            assert "unknown" not in str(flows)  # a player knows every card of their own
            assert gained - lost == hand_size(position, colour) - hand_size(record[0], colour)


def test_a_reviewer_never_reads_a_card_they_could_not_see() -> None:
    start, actions, _ = random_game(21, 3000)
    replay = Replay(start, actions)
    hidden_seen = {"stole": 0, "bought_dev_card": 0}
    for colour in SEATS:
        for entry in replay.log(len(replay), colour):
            e = entry["e"]
            if e["type"] == "stole" and colour not in (e["player"], e["victim"]):
                assert "card" not in e
                hidden_seen["stole"] += 1
            if e["type"] == "bought_dev_card" and colour != e["player"]:
                assert "card" not in e
                hidden_seen["bought_dev_card"] += 1
        others = [c for c in SEATS if c != colour]
        for other in others:
            steal = replay.flows(None, colour)[other]["steal"]
            for way in ("in", "out"):
                # a steal between two others is a card of unknown kind to this reviewer
                assert set(steal[way]) <= {"unknown", *_known_kinds(replay, colour, other)}
        view = replay.view(len(replay), colour)
        for other in others:
            assert set(view["players"][other]["hand"]) == {"hidden"}
    assert all(hidden_seen.values()), hidden_seen


def _known_kinds(replay: Replay, viewer: str, colour: str) -> set[str]:
    """Resources of steals ``viewer`` took part in with ``colour``."""
    kinds = set()
    for entry in replay.log(len(replay), viewer):
        e = entry["e"]
        if e["type"] == "stole" and "card" in e and colour in (e["player"], e["victim"]):
            kinds.add(e["card"])
    return kinds


def test_dice_counted_against_their_expected_frequency() -> None:
    start, actions, _ = random_game(5, 3000)
    replay = Replay(start, actions)
    dice = replay.dice()
    rolls = sum(1 for a in replay.entries for entry in a if entry["e"]["type"] == "rolled")
    assert sum(d["rolled"] for d in dice.values()) == rolls > 50
    assert sum(d["expected"] for d in dice.values()) == pytest.approx(rolls)
    assert dice[7]["expected"] == pytest.approx(rolls / 6)
    assert replay.dice(0)[7]["rolled"] == 0


def test_the_experts_suggestions_are_legal_and_seen_from_the_reviewer() -> None:
    """The review's bridge asks the Expert about each of the reviewer's decisions: its choice is
    legal where the reviewer chose, the same hidden cards give the same advice (it decides from
    the reviewer's view), and in a game of easy computers it finds choices worth showing."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from reviewgame import finished_save

    from catan_web import review as bridge

    save = finished_save(11)
    opened = bridge.do_open(save["record"], "red")
    steps = opened["decisions"]
    replay = Replay(save["record"]["start"], save["record"]["actions"])
    assert steps and all(replay.actions[k - 1]["player"] == "red" for k in steps)
    worth = []
    for k in steps[14:28]:  # Ann's decisions of turns 30 to 64 (each asks the Expert: 0.1 s)
        answer = bridge.do_advice(opened["session"], k, "red")
        if answer["expert"] is not None:
            replay.position(k - 1).apply(answer["expert"])  # legal where Ann chose
            assert answer["expert"] != answer["actual"]
            assert answer["worth"] == (answer["gain"] >= bridge.ADVICE_MARGIN)
        if answer["worth"]:
            worth.append(answer)
    assert worth, "no decision of an easy computer where the Expert gains 5 points"
    again = bridge.do_advice(opened["session"], worth[0]["step"], "red")
    assert again == worth[0]
    with pytest.raises(Exception, match="not a decision"):
        bridge.do_advice(opened["session"], min(set(range(1, len(replay) + 1)) - set(steps)),
                         "red")
    # asked in parts (as the page does): the Expert first, then a few play-outs of each choice
    # a call, the whole answer at the last; in parts as big as the whole, the very same answer
    k = worth[0]["step"]
    answers = [bridge.do_advice(opened["session"], k, "red", 16, 0, 4)]
    while not answers[-1]["done"]:
        answers.append(bridge.do_advice(opened["session"], k, "red", 16, 0, 4))
    assert [a["samples"] for a in answers] == [0, 4, 8, 12, 16]
    assert all(a["expert"] == worth[0]["expert"] for a in answers)
    assert "gain" not in answers[-2] and 0 <= answers[-1]["after_expert"] <= 1
    whole = [bridge.do_advice(opened["session"], k, "red", 16, 0, 16)]
    whole.append(bridge.do_advice(opened["session"], k, "red", 16, 0, 16))
    assert whole[-1] == worth[0] and whole[-1]["done"]
    for bad in (0, 257, True, "4"):
        with pytest.raises(Exception, match="part must be"):
            bridge.do_advice(opened["session"], k, "red", 16, 0, bad)
        with pytest.raises(Exception, match="samples must be"):
            bridge.do_advice(opened["session"], k, "red", bad, 0, 4)


# -- a review shared as a link: only what its reviewer saw ---------------------------------------

def _doc_events(doc: dict[str, Any]) -> list[dict[str, Any]]:
    return [e for step in doc["events"] for e in step]


@pytest.mark.parametrize("viewer", ["red", "white", None])
def test_a_shared_review_answers_as_the_record_does_for_its_reviewer(viewer: str | None) -> None:
    """A review's share code read back gives, at every step, the reviewer's view, log, dice and
    card flows the record gives, and whole positions that agree with the view and the bank."""
    from catan_core import share
    from catan_core.review import Seen

    start, actions, _ = random_game(21, 3000)
    replay = Replay(start, actions)
    code = share.encode_review(replay.seen(viewer))
    seen = share.decode_review(code)
    assert isinstance(seen, Seen) and len(seen) == len(replay) and seen.viewer == viewer
    assert seen.turns() == replay.turns() and seen.winner == replay.end.winner
    assert seen.log(len(seen), viewer) == replay.log(len(replay), viewer)
    assert seen.dice() == replay.dice()
    for k in sorted({0, 1, 7, 8, 60, 61, 333, len(replay) // 2, len(replay)}):
        assert seen.view(k, viewer) == replay.view(k, viewer), k
        assert seen.flows(k, viewer) == replay.flows(k, viewer), k
        game = seen.position(k)  # the unseen cards dealt afresh
        assert game.to_dict(view=viewer or "spectator") == replay.view(k, viewer), k
        assert game.bank_counts() == replay.position(k).bank_counts(), k
    # shared again from the link, it is the same review
    assert share.decode_review(share.encode_review(seen.seen(viewer))).views == seen.views


def test_a_share_code_holds_no_card_its_reviewer_could_not_see() -> None:
    """The code's document has no start, generator, deck order or another player's hidden card:
    steals between two others and cards others bought stay of unknown kind, other hands are
    counts; its own cards and its own actions are whole."""
    from catan_core import share

    start, actions, _ = random_game(21, 3000)
    replay = Replay(start, actions)
    doc = share.read_document(share.encode_review(replay.seen("red")), share.REVIEW_VERSION)
    assert set(doc) == {"format", "viewer", "visibility", "seats", "views", "events", "turns",
                        "actions", "names"} - {"names"}
    text = json.dumps(doc)
    assert '"rng"' not in text and '"start"' not in text
    hidden = {"stole": 0, "bought_dev_card": 0}
    for e in _doc_events(doc):
        if e["type"] == "stole" and "red" not in (e["player"], e["victim"]):
            assert "card" not in e
            hidden["stole"] += 1
        if e["type"] == "bought_dev_card" and e["player"] != "red":
            assert "card" not in e
            hidden["bought_dev_card"] += 1
    assert all(hidden.values()), hidden
    seen = share.decode_review(share.encode_review(replay.seen("red")))
    for k, view in enumerate(seen.views):
        assert isinstance(view["deck"], int), k
        for colour in ("blue", "white", "orange"):
            entry = view["players"][colour]
            assert set(entry["hand"]) == {"hidden"} and set(entry["dev_cards"]) == {"hidden"}, k
    for own, other in zip(doc["actions"], actions, strict=True):
        if other.get("player") == "red":
            assert own == other
        else:
            assert set(own) <= {"type", "player"}


def test_a_fog_game_shared_during_set_up_hides_the_island() -> None:
    """Shared while Fog still hides the island, the link holds no terrain of a hidden tile, and
    the review draws the island as the sharer saw it (the same drawing as at the table)."""
    from catan_core import share
    from catan_core.referee import Referee
    from catan_core.table import Table
    from catan_web import review as bridge
    from catan_web.game_view import view_of

    game = Game.new(seats=SEATS, seed=8)
    start, chooser, done = game.to_dict(), random.Random(8), []
    while game.phase in ("setup_settlement", "setup_road") and len(done) < 5:
        action = chooser.choice(game.legal_actions())
        game.apply(action)
        done.append(action)
    opened = bridge.do_open({"start": start, "actions": done}, "red")
    code = bridge.do_share(opened["session"], "red", {"red": "Ann"}, "fog")
    doc = share.read_document(code, share.REVIEW_VERSION)
    terrains = {t.split()[0] for t in start["board"]["tiles"]} - {"desert"}
    assert not any(f'"{t} ' in json.dumps(doc["views"]) for t in terrains)
    shared = bridge.do_open_shared(code)
    replay = Replay(start, done)
    for k in range(len(done) + 1):
        real = replay.position(k)
        events = [e.get("full", e["e"]) for e in replay.entries[k - 1]] if k else []
        last = {"nodes": [e["node"] for e in events if e.get("node")],
                "edges": [e["edge"] for e in events if e.get("edge")]}
        at_table = view_of(Table(real, Referee.new(real.seats, seed=0), "fog"), "red",
                           {"last": last}, fixed=True)
        assert bridge.do_step(shared["session"], k, "red")["view"]["board"] == at_table["board"]


def test_bad_review_codes_are_refused_with_their_reason() -> None:
    from catan_core import share
    from catan_web import review as bridge

    start, actions, _ = random_game(4, 200)
    doc = Replay(start, actions).seen("red")
    code = share.encode_review(doc)
    for bad, reason in ((code[:-40], "damaged"), ("r2." + code[3:], "unknown_version"),
                        ("r1." + "A" * share.REVIEW_MAX_LENGTH, "too_long"),
                        (share.encode(Game.new(seats=SEATS, seed=1)), "unknown_version"),
                        (share.encode_review({**doc, "turns": doc["turns"][1:]}), "bad_position"),
                        (share.encode_review({**doc, "seats": ["red", "green", "blue"]}),
                         "bad_position"),
                        (share.encode_review({**doc, "views": [doc["views"][0], {"deck": 3},
                                                               *doc["views"][2:]]}),
                         "bad_position")):
        with pytest.raises(share.InvalidShareCode) as refused:
            share.decode_review(bad)
        assert refused.value.reason == reason, (reason, refused.value)
    # a view whose changes cannot be made is refused at once; one that is no position is
    # refused when its step is asked, with a code
    views = list(doc["views"])
    views[5] = {**views[5], "players": [{"red": {"hidden": 99}}]}  # later changes need blue
    with pytest.raises(share.InvalidShareCode, match="change"):
        bridge.do_open_shared(share.encode_review({**doc, "views": views}))
    views[5] = {**doc["views"][5], "turn": [{"player": "green"}]}
    opened = bridge.do_open_shared(share.encode_review({**doc, "views": views}))
    with pytest.raises(InvalidArgument) as refused:
        bridge.do_step(opened["session"], 5, "red")
    assert refused.value.code == "invalid_record" and refused.value.details["index"] == 5
    assert bridge.do_step(opened["session"], 4, "red")["step"] == 4
    with pytest.raises(Exception, match="as the one who shared it"):
        bridge.do_step(opened["session"], 4, "blue")


def test_a_shared_review_gets_win_chances_and_the_experts_advice() -> None:
    """The reviewer of a link gets the same kind of answers: chances from what the sharer knew,
    and the Expert's suggestions on the sharer's decisions (legal where they chose)."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from reviewgame import finished_save

    from catan_web import review as bridge

    save = finished_save(11)
    opened = bridge.do_open(save["record"], "red")
    shared = bridge.do_open_shared(bridge.do_share(opened["session"], "red", {"red": "Ann"}))
    assert shared["decisions"] == opened["decisions"] and shared["names"] == {"red": "Ann"}
    assert shared["winner"] == opened["winner"] and shared["turns"] == opened["turns"]
    chances = bridge.do_chances(shared["session"], 100, "red", samples=4)
    assert chances["samples"] == 4 and sum(chances["seats"].values()) == pytest.approx(1)
    end = bridge.do_chances(shared["session"], shared["steps"], "red", samples=1)
    assert end["seats"][opened["winner"]] == 1.0
    asked = 0
    for k in shared["decisions"][14:20]:
        answer = bridge.do_advice(shared["session"], k, "red", samples=2)
        asked += 1
        assert answer["actual"] == save["record"]["actions"][k - 1]
        if answer["expert"] is not None:
            assert answer["expert"] != answer["actual"] and 0 <= answer["after_expert"] <= 1
    assert asked == 6
