"""Dealing the cards a seat cannot see: one sampler for computer players and shared views.

A seat sees ``game.to_dict(view=colour)``: other hands and development cards as counts, the
deck as a size, no generator. :func:`determinize` makes a whole ``Game`` consistent with that
view by dealing the unseen cards with a given generator (the table's count of the cards,
:class:`catan_core.tracking.CardCounter`, weights the deal when given). Computer players use it
to look ahead; :func:`deal_view` uses it to open a shared view as a game to play on. The real
hidden state is never read.

>>> from catan_core import Game
>>> view = Game.new(seats=["red", "blue", "white"], seed=1, start_cards=1).to_dict(view="red")
>>> doc = deal_view(view, 5)
>>> sum(doc["players"]["blue"]["hand"].values()), len(doc["deck"])
(5, 25)
>>> Game.from_dict(doc).hand_of("red") == view["players"]["red"]["hand"]
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .constants import BANK_PER_RESOURCE, DEV_CARDS, DEV_COUNTS, KNIGHT, RESOURCES
from .game import Game
from .rng import Rng, seed_state
from .tracking import CardCounter
from .views import guessed_view, hidden_in

Doc = dict[str, Any]


def deal_view(view: Doc, seed: int, bank: Mapping[str, int] | None = None) -> Doc:
    """A whole position from one seat's view (the seat whose hand shows; a spectator's shows
    none): every unseen card dealt by :func:`determinize` with a generator of ``seed``, and a
    generator seeded afresh, so the position predicts no roll or draw of the game it was taken
    from. ``bank``: the bank's cards as the table shows them, so the hands are dealt from the
    cards the bank does not hold."""
    return _dealt(view, seed, bank).to_dict()


def seen_game(view: Doc, seed: int, bank: Mapping[str, int] | None = None) -> Game:
    """A whole game from one seat's view, as :func:`deal_view` deals it, and, while the set-up
    hides the island, with an island guessed from ``seed`` (:func:`~catan_core.views.
    guessed_view`; a drawing hides it again): what a review or a page opens to show what one
    seat saw. The guessed island and the dealt cards are never the game's own."""
    hidden = hidden_in(view)
    return _dealt(guessed_view(view, hidden, seed) if hidden else view, seed, bank)


def _dealt(view: Doc, seed: int, bank: Mapping[str, int] | None) -> Game:
    players = view["players"]
    shown = [c for c in view["seats"]
             if not (isinstance(players[c].get("hand"), dict) and "hidden" in players[c]["hand"])]
    colour = shown[0] if shown else view["turn"]["player"]
    return determinize(view, colour, Rng(seed_state(seed)), bank=bank)


def _hidden(value: Any) -> int:
    return int(value["hidden"]) if isinstance(value, dict) and "hidden" in value else 0


def _draw(counts: list[int], k: int, rng: Rng) -> list[int]:
    """Draw ``k`` items at random from a multiset given as counts; returns counts drawn."""
    out = [0] * len(counts)
    left = sum(counts)
    for _ in range(min(k, left)):
        pick = rng.below(left)
        i = 0
        while pick >= counts[i]:
            pick -= counts[i]
            i += 1
        counts[i] -= 1
        out[i] += 1
        left -= 1
    return out


def _draw_like(counts: list[int], k: int, like: list[float], rng: Rng) -> list[int]:
    """Draw ``k`` items from the multiset ``counts``, each kind weighted by how many of it
    ``like`` still expects (plus a little for any kind, so no possible kind is ruled out)."""
    out = [0] * len(counts)
    for _ in range(min(k, sum(counts))):
        weights = [(max(0.0, like[i] - out[i]) + 0.15) if counts[i] else 0.0
                   for i in range(len(counts))]
        pick = rng.next64() / 2.0 ** 64 * sum(weights)
        i = 0
        while i < len(counts) - 1 and (pick >= weights[i] or not counts[i]):
            pick -= weights[i]
            i += 1
        counts[i] -= 1
        out[i] += 1
    return out


def determinize(view: Doc, colour: str, rng: Rng,
                counter: CardCounter | None = None, bank: Mapping[str, int] | None = None
                ) -> Game:
    """A whole game consistent with ``colour``'s view, hidden cards dealt by ``rng``: at
    random from the unseen cards, or, given the table's ``counter``, mostly the cards each
    player is expected to hold. Given the ``bank`` (as the table shows it), the hands are dealt
    from the cards it does not hold. A view in which ``colour``'s hand is hidden too (a
    spectator's) has every hand dealt."""
    players = view["players"]
    mine = players[colour].get("hand", {})
    spectator = "hidden" in mine
    if spectator:
        mine = {}
    res_pool = [BANK_PER_RESOURCE - int(mine.get(r, 0)) - (int(bank.get(r, 0)) if bank else 0)
                for r in RESOURCES]
    dev_pool = unseen_devs(view, colour)
    known = known_cards(view, None if spectator else colour)
    for cards in known.values():
        for r in range(5):
            res_pool[r] -= cards[r]
    if bank and min(res_pool) < 0:
        raise ValueError("the view holds more cards than the game has")
    dealt: dict[str, tuple[list[int], list[int], list[int]]] = {}
    for c, entry in players.items():
        if c != colour or spectator:
            held = known.get(c, [0] * 5)
            k = _hidden(entry.get("hand")) - sum(held)
            if counter is not None and c in counter.counts:
                like = [x - h for x, h in zip(counter.counts[c], held, strict=True)]
                hand = _draw_like(res_pool, k, like, rng)
            else:
                hand = _draw(res_pool, k, rng)
            dealt[c] = ([a + b for a, b in zip(hand, held, strict=True)],
                        _draw(dev_pool, _hidden(entry.get("dev_cards")), rng),
                        _draw(dev_pool, _hidden(entry.get("new_dev_cards")), rng))
    deck_size = view["deck"] if isinstance(view["deck"], int) else len(view["deck"])
    drawn = _draw(dev_pool, deck_size, rng)
    deck = [c for c in range(5) for _ in range(drawn[c])]
    rng.shuffle(deck)
    return _load(view, dealt, deck, rng.next64())


def known_cards(view: Doc, colour: str | None) -> dict[str, list[int]]:
    """Cards other players are known to hold from the open offer: the offerer what it gives,
    each player who accepted what it would give, each counter-offer its giver's side."""
    trade = view.get("pending", {}).get("trade")
    if not trade:
        return {}
    need: dict[str, list[int]] = {}

    def hold(c: str, cards: dict[str, int]) -> None:
        if c != colour:
            vec = need.setdefault(c, [0] * 5)
            for r, res in enumerate(RESOURCES):
                vec[r] = max(vec[r], int(cards.get(res, 0)))

    hold(view["turn"]["player"], trade["give"])
    for c, answer in trade.get("answers", {}).items():
        if answer == "accept":
            hold(c, trade["get"])
        elif isinstance(answer, dict):
            hold(c, answer["get"])
    return need


def _load(view: Doc, dealt: dict[str, tuple[list[int], list[int], list[int]]],
          deck: list[int], state: int) -> Game:
    """The determinization as a position, loaded by ``Game.from_dict`` (the one loader)."""
    doc = {k: v for k, v in view.items() if k != "players"}
    doc["players"] = {}
    for c, entry in view["players"].items():
        if c in dealt:
            entry = dict(entry)
            hand, dev, new = dealt[c]
            entry["hand"] = {RESOURCES[r]: n for r, n in enumerate(hand) if n}
            entry["dev_cards"] = [DEV_CARDS[d] for d in range(5) for _ in range(dev[d])]
            entry["new_dev_cards"] = [DEV_CARDS[d] for d in range(5) for _ in range(new[d])]
        doc["players"][c] = entry
    doc["deck"] = [DEV_CARDS[d] for d in reversed(deck)]
    doc["rng"] = f"{state:016x}"
    return Game.from_dict(doc)


def unseen_devs(view: Doc, colour: str) -> list[int]:
    """Development cards of each kind ``colour`` has not seen (deck, other hands, played)."""
    players = view["players"]
    used = [0] * 5
    for key in ("dev_cards", "new_dev_cards"):
        cards = players[colour].get(key, [])
        for card in cards if isinstance(cards, list) else ():  # a spectator sees counts only
            used[DEV_CARDS.index(card)] += 1
    used[KNIGHT] += sum(int(p.get("knights_played", 0)) for p in players.values())
    return [max(0, DEV_COUNTS[c] - used[c]) for c in range(5)]


__all__ = ["deal_view", "determinize", "known_cards", "seen_game", "unseen_devs"]
