"""The tutorial's judge: the rules engine decides whether a reader's answer is right.

Each task of ``tutorial/lessons.yml`` has a ``check``: either an action the engine must accept
(``apply``, ``cards``, ``button``: the reader's click or cards fill the action, and the engine's
verdict is the answer), or a question whose answer the engine computes (``receivers``, ``gain``,
``rate``...). The same functions run in the browser's worker (``catan_web.call("tutorial.judge",
...)``) and in CPython for the tests and the site build, so the answer the page expects is the
one the tests checked.

>>> import json
>>> doc = {"seats": ["red", "blue", "white"], "board": "beginner"}
>>> expected(doc, {"type": "terrain_tiles", "resource": "wool"})
[1, 5, 15, 18]
>>> judge(doc, {"type": "terrain_tiles", "resource": "wool"}, 4)["correct"]
False
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable
from typing import Any

from catan_core import CatanError, Game, geometry
from catan_core.constants import RESOURCES, TERRAIN_RESOURCE
from catan_core.query import BUILD_KINDS

from . import faq as bridge

Doc = dict[str, Any]
#: What a place-type check fills in its action, and every value it can take.
PLACES: dict[str, list[Any]] = {
    "node": geometry.nodes(),
    "edge": geometry.edges(),
    "tile": geometry.tiles(),
}


class TutorialError(CatanError):
    """A check or a reply the tutorial does not understand (a bug in the data or the page)."""

    def __init__(self, message: str) -> None:
        super().__init__("bad_request", message)


# -- filling actions -------------------------------------------------------------------------

def _fill(template: Any, reply: Any) -> Any:
    """``template`` with every ``"$"`` string replaced by the reader's reply."""
    if template == "$":
        return reply
    if isinstance(template, dict):
        return {k: _fill(v, reply) for k, v in template.items()}
    if isinstance(template, list):
        return [_fill(v, reply) for v in template]
    return template


def _place_field(template: Doc) -> str:
    """Which field of an ``apply`` action takes the reader's click: node, edge or tile."""
    fields = [k for k, v in template.items() if v == "$"]
    if len(fields) != 1 or fields[0] not in PLACES:
        raise TutorialError(f"an apply check fills exactly one node, edge or tile: {template}")
    return fields[0]


def _try(position: Doc, action: Doc) -> Doc:
    """The bridge's verdict on one action: ``{position, events}`` or ``{error}``."""
    result: Doc = bridge.do_apply(position, action)
    return result


# -- checks the engine performs ------------------------------------------------------------------

def _apply_verdict(position: Doc, check: Doc, reply: Any) -> Doc:
    """Apply the filled action; then the optional conditions ``touches`` and ``then``."""
    template = check.get("action")
    if not isinstance(template, dict):
        raise TutorialError("an apply check needs an 'action'")
    result = _try(position, _fill(template, reply))
    if "error" in result:
        error = result["error"]
        return {"correct": False, "code": error["code"], "details": error.get("details", {})}
    touches = check.get("touches")
    if touches is not None and not _touches(_place_field(template), reply, int(touches)):
        return {"correct": False, "code": None}
    then = check.get("then") or {}
    for key, wanted in then.items():
        if _award(Game.from_dict(result["position"]), key) != wanted:
            return {"correct": False, "code": None}
    return {"correct": True, "position": result["position"], "events": result["events"]}


def _touches(field: str, reply: Any, tile: int) -> bool:
    if field == "node":
        return tile in geometry.node_tiles(reply)
    if field == "tile":
        return bool(reply == tile)
    return tile in geometry.edge_tiles(reply)


def _award(game: Game, key: str) -> Any:
    """``longest_road`` / ``largest_army``: the holder's colour or ``"nobody"``;
    ``winner``: the winner's colour or ``"nobody"``."""
    doc = game.to_dict()
    if key == "winner":
        return game.winner or "nobody"
    if key in ("longest_road", "largest_army"):
        return doc.get(key) or "nobody"
    raise TutorialError(f"unknown condition {key!r}")


def _apply_places(position: Doc, check: Doc) -> list[Any]:
    """Every node, edge or tile for which the ``apply`` check succeeds, in board order."""
    field = _place_field(check["action"])
    return [place for place in PLACES[field]
            if _apply_verdict(position, check, place)["correct"]]


def terrain_tiles(game: Game, check: Doc) -> list[int]:
    """Tiles whose terrain produces ``resource``."""
    wanted = RESOURCES.index(check["resource"])
    return [t for t, terrain in enumerate(game.board.terrains)
            if TERRAIN_RESOURCE[terrain] == wanted]


def robber_tile(game: Game, check: Doc) -> list[int]:
    """The tile the robber stands on (a list, for a tile click)."""
    return [game.robber]


def corner_nodes(game: Game, check: Doc) -> list[str]:
    """Intersections touching exactly ``tiles`` land hexes."""
    return [n for n in geometry.nodes() if len(geometry.node_tiles(n)) == check["tiles"]]


def received(game: Game, check: Doc) -> list[str]:
    """Resources the acting player receives from ``action`` (a second set-up settlement)."""
    result = _try(game.to_dict(), check["action"])
    if "error" in result:
        raise TutorialError(f"the action of a 'received' check is refused: {result['error']}")
    got: set[str] = set()
    for event in result["events"]:
        if event["type"] == "received":
            got.update(r for r, n in event.get("cards", {}).items() if n)
    return sorted(got, key=RESOURCES.index)


def _production(game: Game, total: int) -> Doc:
    answer: Doc = bridge.do_analyse(game.to_dict(), {"type": "production", "total": total})
    return answer


def receivers(game: Game, check: Doc) -> list[str]:
    """Colours that receive ``resource`` when ``total`` is rolled now (seat order)."""
    gains = _production(game, int(check["total"]))["gains"]
    return [c for c in game.seats if gains.get(c, {}).get(check["resource"], 0) > 0]


def gain(game: Game, check: Doc) -> int:
    """How many cards ``player`` receives when ``total`` is rolled now."""
    gains = _production(game, int(check["total"]))["gains"]
    return sum(gains.get(check["player"], {}).values())


def buildable(game: Game, check: Doc) -> list[str]:
    """What the active player can build or buy now: road, settlement, city, dev_card."""
    types = {a["type"] for a in bridge.do_legal_actions(game.to_dict())}
    return [kind for action, kind in BUILD_KINDS.items() if action in types]


def rate(game: Game, check: Doc) -> int:
    """``player``'s maritime rate for giving ``resource``."""
    rates = bridge.do_analyse(game.to_dict(), {"type": "trade_rates"})["rates"]
    return int(rates[check["player"]][check["resource"]])


def accepted(game: Game, check: Doc) -> list[int]:
    """Indices of ``options`` (actions) that the engine accepts now."""
    doc = game.to_dict()
    return [i for i, action in enumerate(check["options"]) if "error" not in _try(doc, action)]


def winning(game: Game, check: Doc) -> list[int]:
    """Indices of ``options`` (actions) after which the active player has won."""
    doc = game.to_dict()
    found = []
    for i, action in enumerate(check["options"]):
        result = _try(doc, action)
        if "error" not in result and result["position"].get("winner"):
            found.append(i)
    return found


def _discard_counts(game: Game) -> dict[str, int]:
    counts: dict[str, int] = bridge.do_analyse(game.to_dict(), {"type": "discard"})["counts"]
    return counts


def discarders(game: Game, check: Doc) -> list[str]:
    """Colours that must discard on a 7 now (or still owe cards), in seat order."""
    counts = _discard_counts(game)
    return [c for c in game.seats if counts.get(c, 0) > 0]


def discard_count(game: Game, check: Doc) -> int:
    """How many cards ``player`` must discard."""
    return int(_discard_counts(game).get(check["player"], 0))


def road_length(game: Game, check: Doc) -> int:
    """Length of ``player``'s longest road."""
    lengths = bridge.do_analyse(game.to_dict(), {"type": "longest_road"})["lengths"]
    return int(lengths[check["player"]])


def award_after(game: Game, check: Doc) -> str:
    """Holder of ``award`` (or ``winner``) after ``actions``: a colour or ``"nobody"``."""
    doc = game.to_dict()
    for action in check.get("actions") or []:
        result = _try(doc, action)
        if "error" in result:
            raise TutorialError(f"an 'award_after' action is refused: {result['error']}")
        doc = result["position"]
    value: str = _award(Game.from_dict(doc), check["award"])
    return value


def points(game: Game, check: Doc) -> int:
    """``player``'s victory points, hidden Victory Point cards included."""
    answer = bridge.do_analyse(game.to_dict(), {"type": "victory_points"})["points"]
    return int(answer[check["player"]])


def monopoly_best(game: Game, check: Doc) -> list[str]:
    """The resources a Monopoly would bring the most cards of (ties give several)."""
    doc = game.to_dict()
    me = game.current_player
    counts = {}
    for r in RESOURCES:
        result = _try(doc, {"type": "play_monopoly", "resource": r})
        if "error" in result:
            raise TutorialError(f"Monopoly refused: {result['error']}")
        counts[r] = result["position"]["players"][me]["hand"].get(r, 0)
    best = max(counts.values())
    return [r for r in RESOURCES if counts[r] == best]


ANSWERS: dict[str, Callable[[Game, Doc], Any]] = {
    "terrain_tiles": terrain_tiles,
    "robber_tile": robber_tile,
    "corner_nodes": corner_nodes,
    "received": received,
    "receivers": receivers,
    "gain": gain,
    "buildable": buildable,
    "rate": rate,
    "accepted": accepted,
    "winning": winning,
    "discarders": discarders,
    "discard_count": discard_count,
    "road_length": road_length,
    "award_after": award_after,
    "points": points,
    "monopoly_best": monopoly_best,
}
#: Checks whose verdict is the engine accepting an action filled with the reply.
ACTION_CHECKS = ("apply", "cards", "button")


# -- the functions the page calls ------------------------------------------------------------------

def expected(position: Doc, check: Doc) -> Any:
    """The answer the engine expects, or for ``apply`` every place it accepts.

    ``cards`` and ``button`` checks have no list of answers (``None``): the engine judges
    whatever the reader does.
    """
    kind = check.get("type") if isinstance(check, dict) else None
    if kind == "apply":
        return _apply_places(position, check)
    if kind in ("cards", "button"):
        return None
    if kind not in ANSWERS:
        raise TutorialError(f"unknown check type {kind!r}")
    return ANSWERS[kind](Game.from_dict(position), check)


def _same(reply: Any, answer: Any) -> bool:
    """A click is right when it is one of the answers; a choice when equal; a set when equal."""
    if isinstance(answer, list):
        if isinstance(reply, list):
            return sorted(map(json.dumps, reply)) == sorted(map(json.dumps, answer))
        return reply in answer
    return bool(reply == answer)


def judge(position: Doc, check: Doc, reply: Any) -> Doc:
    """``{correct, code?, details?, position?, events?}`` for the reader's ``reply``.

    For action checks ``code`` is the engine's error code when it refuses the action, or
    ``None`` when the action is legal but does not do what the task asked.
    """
    kind = check.get("type") if isinstance(check, dict) else None
    if kind in ("apply", "cards"):
        return _apply_verdict(position, check, reply)
    if kind == "button":
        return _apply_verdict(position, check, None)
    answer = expected(position, check)
    return {"correct": _same(reply, answer), "code": None}


def replay(position: Doc, actions: list[Doc]) -> Doc:
    """``{position, events}`` after ``actions`` in order, or ``{error, index}`` at the first
    refused one (the worked game's steps)."""
    events: list[Doc] = []
    for index, action in enumerate(actions):
        result = _try(position, action)
        if "error" in result:
            return {"error": result["error"], "index": index}
        position = result["position"]
        events += result["events"]
    return {"position": position, "events": events}


def render(position: Doc, marks: Doc | None = None, focus: list[int] | None = None,
           labels: dict[str, str] | None = None, title: str = "",
           terms: dict[str, str] | None = None) -> str:
    """The board as SVG, cropped around ``focus`` like the page's build-time picture;
    ``terms`` (the glossary's words) translate the harbours' tooltips."""
    from catan_core import svg

    marks = {k: v for k, v in (marks or {}).items() if v}
    return svg.render(Game.from_dict(position), marks, title=title, labels=labels or {},
                      focus=list(focus or []), terms=terms)


# -- the players' panel under the board -------------------------------------------------------

def _word(words: Doc, group: str, key: str) -> str:
    return html.escape(str((words.get(group) or {}).get(key, key)))


def _fill_text(template: str, **values: Any) -> str:
    for key, value in values.items():
        template = template.replace("{" + key + "}", str(value))
    return template


def _player_row(doc: Doc, colour: str, words: Doc, you: str | None, show_points: bool,
                points_of: dict[str, int]) -> str:
    player = doc["players"][colour]
    name = _word(words, "colours", colour)
    names = words.get("names") or {}
    if colour in names:
        name = f"{html.escape(names[colour])} ({name})"
    if colour == you:
        name += f" ({html.escape(str(words.get('you', 'you')))})"
    hand = player.get("hand") or {}
    chips = "".join(f'<span class="catan-res catan-res--{r}">{_word(words, "resources", r)}'
                    f" <b>{n}</b></span>" for r in RESOURCES if (n := hand.get(r, 0)))
    none = html.escape(str(words.get("no_cards", "")))
    cards = chips or f'<span class="catan-panel__none">{none}</span>'
    extra = []
    dev = [(c, False) for c in player.get("dev_cards") or []]
    dev += [(c, True) for c in player.get("new_dev_cards") or []]
    if dev:
        named = [_word(words, "dev_card_names", c)
                 + (f" ({html.escape(str(words.get('new_card', '')))})" if new else "")
                 for c, new in dev]
        extra.append(f'{html.escape(str(words.get("dev_cards", "")))}: {", ".join(named)}')
    if player.get("knights_played"):
        extra.append(html.escape(_fill_text(str(words.get("knights_played", "{count}")),
                                            count=player["knights_played"])))
    for award in ("longest_road", "largest_army"):
        if doc.get(award) == colour:
            extra.append(_word(words, "awards", award))
    if show_points:
        extra.append(html.escape(_fill_text(str(words.get("points", "{count}")),
                                            count=points_of[colour])))
    active = " is-active" if doc["turn"]["player"] == colour else ""
    details = f'<span class="catan-panel__extra">{" · ".join(extra)}</span>' if extra else ""
    return (f'<li class="catan-panel__player{active}" data-player="{colour}">'
            f'<span class="catan-panel__name"><span class="catan-panel__swatch '
            f'catan-panel__swatch--{colour}"></span>{name}</span>'
            f'<span class="catan-panel__cards">{cards}</span>{details}</li>')


def panel(position: Doc, words: Doc | None = None, you: str | None = "red",
          show_points: bool = False) -> str:
    """HTML listing whose turn it is and each player's cards, in the page's language.

    ``words`` holds the page's interface words (tutorial/ui.yml for one language, plus an
    optional ``names`` map of colours to people's names).
    """
    words = words or {}
    game = Game.from_dict(position)
    doc = game.to_dict()
    turn = doc["turn"]
    colour = turn["player"]
    who = _word(words, "colours", colour)
    names = words.get("names") or {}
    if colour in names:
        who = html.escape(names[colour])
    phase = _word(words, "phases", turn["phase"])
    if game.winner:
        line = _fill_text(str(words.get("winner", "{player}")), player=who)
    else:
        key = "setup_turn" if turn["phase"].startswith("setup") else "turn"
        line = _fill_text(str(words.get(key, "{player}")), number=turn["number"], player=who,
                          phase=phase)
    points_of = {c: game.victory_points(c) for c in game.seats}
    rows = "".join(_player_row(doc, c, words, you, show_points, points_of) for c in game.seats)
    return (f'<div class="catan-panel"><p class="catan-panel__turn">{line}</p>'
            f'<ul class="catan-panel__players">{rows}</ul></div>')


def view(position: Doc, options: Doc | None = None) -> Doc:
    """``{svg, panel}``: the board and the players' panel, what the page shows after a move.

    ``options``: ``marks``, ``focus``, ``labels``, ``title`` (the board) and ``words``,
    ``you``, ``points`` (the panel).
    """
    options = options or {}
    return {
        "svg": render(position, options.get("marks"), options.get("focus"),
                      options.get("labels"), str(options.get("title") or "")),
        "panel": panel(position, options.get("words"), options.get("you", "red"),
                       bool(options.get("points"))),
    }


BRIDGE: dict[str, Callable[..., Any]] = {
    "expected": expected,
    "judge": judge,
    "replay": replay,
    "render": render,
    "panel": panel,
    "view": view,
}
