"""The review page's bridge: a game's record played again, one step at a time, for one reviewer.

The page opens a record (the Play page's save or an exported file: ``{start, actions}``, see
:meth:`catan_core.table.Table.record`) for a ``viewer``: the colour whose cards the reviewer
saw (None: a spectator, who sees no hand). Every answer shows only what that viewer could see
at that moment: the board and the hands as :func:`catan_web.game_view.view_of` draws them for
the Play page, the log with private parts hidden, the cards each player gained and lost as the
viewer knows them, and win chances dealt from the viewer's knowledge
(:func:`catan_core.bots.chances.win_chances`).

>>> import json, random
>>> from catan_core import Game
>>> game = Game.new(seats=["red", "blue", "white"], seed=3)
>>> start, actions, chooser = game.to_dict(), [], random.Random(3)
>>> for _ in range(40):
...     action = chooser.choice(game.legal_actions())
...     _ = game.apply(action)
...     actions.append(action)
>>> opened = do_open({"start": start, "actions": actions}, "red")
>>> opened["steps"], opened["seats"]
(40, ['red', 'blue', 'white'])
>>> shown = do_step(opened["session"], 40, "red")
>>> shown["view"]["board"].startswith("<svg"), shown["step"]
(True, 40)

A review is shared as a link holding only what its reviewer saw (:func:`do_share`); the page
that opens the link reviews that game as them (:func:`do_open_shared`):

>>> code = do_share(opened["session"], "red", {"red": "Ann"})
>>> shared = do_open_shared(code)
>>> shared["viewer"], shared["names"], shared["steps"], shared["log"] == opened["log"]
('red', {'red': 'Ann'}, 40, True)
>>> do_step(shared["session"], 40, "red")["view"] == shown["view"]
True
"""

from __future__ import annotations

import json
import secrets
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from catan_core import CatanError, Game, share
from catan_core.bots import make_bot
from catan_core.bots.chances import calibrate, points_shares, progress_of, win_chances
from catan_core.referee import Referee
from catan_core.review import Replay, Seen
from catan_core.table import Table
from catan_core.views import VISIBILITIES

from .errors import bad_request
from .game_view import view_of

Doc = dict[str, Any]

#: Games under review kept between calls, by session (the oldest is dropped past the limit): a
#: record played again, or a game as the one who shared it saw it.
_REPLAYS: OrderedDict[str, Replay | Seen] = OrderedDict()
MAX_SESSIONS = 4
#: Play-outs so far of each moment asked (``(session, step, viewer, seed)``: how many, and
#: the wins of each seat), the oldest dropped past :data:`MAX_MOMENTS`.
_PLAYED: dict[tuple[str, int, str | None, int], tuple[int, list[float]]] = {}
MAX_MOMENTS = 2048


def _replay(session: Any) -> Replay | Seen:
    replay = _REPLAYS.get(session) if isinstance(session, str) else None
    if replay is None:
        raise CatanError("no_session", "this review is no longer open here: open it again",
                         session=str(session)[:40])
    _REPLAYS.move_to_end(session)
    return replay


def _viewer(replay: Replay | Seen, viewer: Any) -> str | None:
    if viewer is not None and viewer not in replay.seats:
        raise bad_request(f"viewer {viewer!r} is not a seat of this game")
    if isinstance(replay, Seen) and viewer != replay.viewer:
        raise bad_request("a shared review is seen only as the one who shared it saw the game")
    return viewer  # type: ignore[no-any-return]


def _step(replay: Replay | Seen, step: Any) -> int:
    if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= len(replay):
        raise bad_request(f"step must be a whole number from 0 to {len(replay)}")
    return step


def do_open(record: Doc, viewer: str | None = None) -> Doc:
    """Check ``record`` (``invalid_record`` with the index of the first action the engine
    refuses) and keep it: ``{session, steps, seats, turns: [[turn, step], ...], winner,
    log}``, the log being every event of the game as ``viewer`` may see it, each with its
    ``step`` (from 1) and ``turn``; ``decisions``, the steps the Expert reviews
    (:func:`do_advice`) and ``advice_margin``, the least gain it shows."""
    if not isinstance(record, dict):
        raise bad_request("a record is an object {start, actions}")
    replay = Replay(record.get("start") or {}, record.get("actions") or [])
    return _opened(replay, _viewer(replay, viewer))


def do_open_shared(code: str) -> Doc:
    """Open a review's share link (:func:`do_share`): as :func:`do_open` answers, with the
    ``viewer`` the game is seen as (the one who shared it), the seats' ``names`` and
    ``island``, the board to name tiles by. Refused with ``invalid_share_code`` and its reason
    (a link cut or changed on the way, of another version, or not a game)."""
    seen = share.decode_review(code)
    return {**_opened(seen, seen.viewer), "viewer": seen.viewer, "names": dict(seen.names),
            "island": {"board": seen.views[-1]["board"]}}


def _opened(replay: Replay | Seen, viewer: str | None) -> Doc:
    session = secrets.token_hex(8)
    _REPLAYS[session] = replay
    while len(_REPLAYS) > MAX_SESSIONS:
        _REPLAYS.popitem(last=False)
    return {"session": session, "steps": len(replay), "seats": list(replay.seats),
            "turns": [list(t) for t in replay.turns()], "winner": replay.winner,
            "log": replay.log(len(replay), viewer), "decisions": decisions(replay, viewer),
            "advice_margin": ADVICE_MARGIN}


def do_share(session: str, viewer: str | None = None, names: Doc | None = None,
             visibility: str | None = None) -> str:
    """The share code of the review open in ``session`` as ``viewer`` saw it
    (:meth:`catan_core.review.Replay.seen`: their views, the events as they saw them, no start,
    generator or card they could not see), with the seats' ``names``; the island hidden during
    set-up as ``visibility`` hid it. The page's link is ``review/#r=<code>``."""
    replay = _replay(session)
    viewer = _viewer(replay, viewer)
    if visibility is not None and visibility not in VISIBILITIES:
        raise bad_request(f"visibility must be one of {', '.join(VISIBILITIES)}")
    doc = replay.seen(viewer, visibility or replay.visibility)
    names = names if isinstance(names, dict) else {}
    doc["names"] = {c: n[:40] for c, n in names.items() if c in replay.seats
                    and isinstance(n, str) and n.strip()}
    return share.encode_review(doc)


def do_step(session: str, step: int, viewer: str | None = None, options: Doc | None = None
            ) -> Doc:
    """The game after ``step`` actions as ``viewer`` saw it: ``{step, turn, action, view,
    dice, flows}`` (``view`` as the Play page's; the last action's corners and sides marked;
    ``action`` the step's action with its player, None at the start). ``options["hint"]``:
    ``{nodes, edges}`` marked as the corners and sides just played are (the Expert's choice
    shown on the board before the reviewer's)."""
    replay = _replay(session)
    viewer = _viewer(replay, viewer)
    k = _step(replay, step)
    game = replay.position(k)
    table = Table(game, Referee.new(game.seats, seed=0), replay.visibility)
    events = [e.get("full", e["e"]) for e in replay.entries[k - 1]] if k else []
    last = {"nodes": [e["node"] for e in events if e.get("node")],
            "edges": [e["edge"] for e in events if e.get("edge")]}
    hint = (options or {}).get("hint")
    if isinstance(hint, dict):
        last = {"nodes": [str(n) for n in hint.get("nodes", [])][:4],
                "edges": [str(e) for e in hint.get("edges", [])][:4]}
    rest = {key: value for key, value in (options or {}).items() if key != "hint"}
    view = view_of(table, viewer, {**rest, "last": last}, fixed=True)
    action = replay.actions[k - 1] if k else None
    return {"step": k, "turn": game.turn_number,
            "action": {"type": action["type"], "player": action.get("player")} if action else None,
            "view": view, "dice": replay.dice(k), "flows": replay.flows(k, viewer)}


def do_chances(session: str, step: int, viewer: str | None = None, samples: int = 8,
               seed: int = 0) -> Doc:
    """Each seat's chance to win after ``step`` actions, from what ``viewer`` knew then:
    ``{step, samples, seats: {colour: chance}}``. Each call plays ``samples`` more play-outs
    of that moment and answers from all of them so far (``samples`` in the answer), so the
    page asks in small parts and a step it asks meanwhile waits for one part only."""
    replay = _replay(session)
    viewer = _viewer(replay, viewer)
    k = _step(replay, step)
    if isinstance(samples, bool) or not isinstance(samples, int) or not 1 <= samples <= 256:
        raise bad_request("samples must be from 1 to 256")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise bad_request("seed must be an integer")
    game = replay.position(k)
    done, wins = _PLAYED.setdefault((session, k, viewer, seed), (0, [0.0] * len(game.seats)))
    shares = win_chances(game, viewer=viewer, samples=samples, seed=seed * 100_003 + k * 1_009
                         + done, calibration=None)
    wins = [w + shares[c] * samples for w, c in zip(wins, game.seats, strict=True)]
    done += samples
    _PLAYED[(session, k, viewer, seed)] = (done, wins)
    while len(_PLAYED) > MAX_MOMENTS:
        del _PLAYED[next(iter(_PLAYED))]
    return {"step": k, "samples": done,
            "seats": dict(zip(game.seats, game_chances(game, wins, done), strict=True))}


#: The reviewer's decisions the Expert is asked about: placing, building, buying, playing a
#: card, the robber and bank trades (not rolls, turn ends, discards or answers to offers).
ADVISED = frozenset({"place_settlement", "place_road", "build_road", "build_settlement",
                     "build_city", "buy_dev_card", "play_knight", "play_road_building",
                     "play_year_of_plenty", "play_monopoly", "move_robber", "bank_trade"})
#: The least gain in win chance (0 to 1) worth showing the Expert's choice for.
ADVICE_MARGIN = 0.05


def decisions(replay: Replay | Seen, viewer: str | None) -> list[int]:
    """The steps (from 1) whose action was ``viewer``'s own choice among several."""
    if viewer is None:
        return []
    return [k + 1 for k, action in enumerate(replay.actions)
            if action.get("player") == viewer and action["type"] in ADVISED]


def _key(action: Doc) -> str:
    return json.dumps(action, sort_keys=True)


@dataclass
class _Advising:
    """A decision asked about in parts: the answer so far (the Expert's choice), the games after
    the reviewer's action and after the Expert's, the play-outs done of each and their raw wins
    per seat."""

    answer: Doc
    games: list[Game]
    done: int = 0
    wins: list[list[float]] = field(default_factory=list)


#: The decisions asked about in parts, by ``(session, step, viewer, seed)``, the oldest dropped
#: past :data:`MAX_MOMENTS`.
_ADVISING: dict[tuple[str, int, str, int], _Advising] = {}


def do_advice(session: str, step: int, viewer: str | None, samples: int = 16, seed: int = 0,
              part: int | None = None) -> Doc:
    """What the Expert would have done instead of ``viewer``'s action at ``step`` (from 1),
    deciding from ``viewer``'s view then, and each choice's win chance for ``viewer`` after it
    (``samples`` play-outs of each, the same deals and dice for both): ``{step, actual, expert,
    after_actual, after_expert, gain, worth, samples, done}`` (``worth``: the Expert's choice
    gains at least :data:`ADVICE_MARGIN`); ``expert`` None when it chose the same.

    With ``part``, the work is asked for in parts, as the win chances are (a step of the review
    asked meanwhile waits for one part only): the first call asks the Expert, each next one
    plays ``part`` more play-outs of each choice; ``samples`` in the answer counts those done,
    and ``done`` is true once the answer is whole. Without it, one call does everything."""
    replay = _replay(session)
    viewer = _viewer(replay, viewer)
    k = _step(replay, step)
    if viewer is None or k == 0 or k not in decisions(replay, viewer):
        raise bad_request(f"step {step} is not a decision of {viewer!r} the Expert reviews")
    for name, value in (("samples", samples), ("part", 1 if part is None else part)):
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 256:
            raise bad_request(f"{name} must be from 1 to 256")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise bad_request("seed must be an integer")
    key = (session, k, viewer, seed)
    known = _ADVISING.get(key)
    if known is None:
        before = replay.position(k - 1)
        actual = dict(replay.actions[k - 1])
        bot = make_bot("expert", "builder", seed=seed * 7919 + k)
        expert = dict(bot.choose(before.to_dict(view=viewer), before.legal_actions_of(viewer),
                                 allow_offers=False))
        out: Doc = {"step": k, "actual": actual, "expert": None, "worth": False, "samples": 0,
                    "done": True}
        if expert.get("type") == "offer_trade" or _key(expert) == _key(actual) \
                or expert["type"] not in ADVISED:
            return out
        games = []
        for action in (actual, expert):
            game = before.copy()
            game.apply(dict(action))
            games.append(game)
        out.update(expert=expert, done=False)
        known = _ADVISING[key] = _Advising(out, games,
                                           wins=[[0.0] * len(before.seats) for _ in games])
        while len(_ADVISING) > MAX_MOMENTS:
            del _ADVISING[next(iter(_ADVISING))]
        if part is not None:
            return dict(out)
    while known.done < samples:
        more = min(part or samples, samples - known.done)
        for game, won in zip(known.games, known.wins, strict=True):  # same seed: same deals, dice
            shares = win_chances(game, viewer=viewer, samples=more,
                                 seed=seed * 100_003 + k * 1_009 + known.done, calibration=None)
            for q, colour in enumerate(game.seats):
                won[q] += shares[colour] * more
        known.done += more
        if part is not None:
            break
    out = {**known.answer, "samples": known.done, "done": known.done >= samples}
    if out["done"]:
        me = known.games[0].seats.index(viewer)
        chances = [game_chances(game, won, known.done)[me]
                   for game, won in zip(known.games, known.wins, strict=True)]
        gain = chances[1] - chances[0]
        out.update(after_actual=chances[0], after_expert=chances[1], gain=gain,
                   worth=gain >= ADVICE_MARGIN)
        del _ADVISING[key]
    return out


def game_chances(game: Game, wins: list[float], samples: int) -> list[float]:
    """Each seat's chance from the play-outs' raw ``wins`` over ``samples`` (calibrated; 1 or 0
    once the game is won)."""
    if game.winner is not None:
        return [float(c == game.winner) for c in game.seats]
    return calibrate([w / samples for w in wins], points_shares(game), progress_of(game))


BRIDGE: dict[str, Callable[..., Any]] = {
    "open": do_open,
    "open_shared": do_open_shared,
    "share": do_share,
    "step": do_step,
    "chances": do_chances,
    "advice": do_advice,
}

__all__ = ["ADVICE_MARGIN", "ADVISED", "BRIDGE", "MAX_SESSIONS", "decisions"]
