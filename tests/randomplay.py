"""People at one table playing random legal moves (for tests that follow a game move by move)."""

from __future__ import annotations

import random
from typing import Any

from catan_core.referee import waiting_for
from catan_core.table import Table


def random_step(table: Table, rng: random.Random) -> None:
    """The player the game waits for makes a random legal move: no trade offer (it would wait
    for answers) and no bank trade; a discard gives up cards from the largest piles."""
    colour = waiting_for(table.game)[0]
    legal = table.legal_for(colour)
    action: Any
    if legal[0]["type"] == "discard" and "count" in legal[0]:
        hand = table.game.hand_of(colour)
        cards: dict[str, int] = {}
        for _ in range(int(legal[0]["count"])):
            pile = max(hand, key=lambda r: hand[r] - cards.get(r, 0))
            cards[pile] = cards.get(pile, 0) + 1
        action = {"type": "discard", "player": colour, "cards": cards}
    else:
        action = rng.choice([a for a in legal if a["type"] not in ("bank_trade", "offer_trade")]
                            or legal)
    table.step(colour, action)
