"""Levels (how well a bot looks ahead and evaluates) and personalities (what it prefers).

Levels never cheat: they differ in the features of the evaluation and in how far they plan.
Personalities scale the evaluation and the trading and robber habits, so they show in play.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Level:
    """What a level knows how to do.

    ``heuristic``: simple rules with randomness, no evaluation (Easy). ``foresight``: see
    settlement spots one and two roads away and the awards within reach. ``scarcity``: weigh
    resources by their rarity on the island and the stage of the game. ``ports``: value
    harbours. ``macros``: plan bank trades that enable a build this turn. ``lookahead``: add
    the best follow-up build of the turn to each plan. ``dice``: value hands by the expectation
    over the coming rolls and a card bought by the expectation over the unseen deck.
    ``threat``: aim the robber and trades at the leader. ``pairing``: plan both set-up
    settlements together. ``noise``: how imprecise the evaluation is (a random error, in
    victory points, added to each plan's value and each set-up spot's score). ``produce`` and
    ``expand`` scale the evaluation's weights of production and of the settlement spots within
    reach (the Expert's are tuned against Hard in games without search).

    The search (:mod:`.search`): ``counting``: deal hidden hands from the table's count of the
    cards (:mod:`catan_core.tracking`) instead of at random. ``samples``: deals on which the closest
    plans of the turn are played out (0: no search). ``breadth``: at most that many plans, each
    valued at most ``margin`` below the best. ``depth``: the bot's own turns played out after
    this one. ``contest``: share of the best opponent's value taken from the bot's at the end
    of a play-out. ``prior``: weight of the planner's own value beside the play-outs'.
    ``robber_margin``: the robber's best placements within that score are searched too
    (negative: never). ``setup_samples``: deals on which the ``setup_breadth`` best set-up
    corners are played out, through the set-up and ``setup_rounds`` rounds. Trading:
    ``trade_need`` scales the gain a trade must bring.
    """

    name: str
    heuristic: bool = False
    foresight: bool = False
    scarcity: bool = False
    ports: bool = False
    macros: bool = False
    lookahead: bool = False
    dice: bool = False
    threat: bool = False
    pairing: bool = False
    noise: float = 0.0
    produce: float = 1.0
    expand: float = 1.0
    counting: bool = False
    samples: int = 0
    breadth: int = 1
    margin: float = 0.0
    prior: float = 0.0
    contest: float = 0.0
    robber_margin: float = -1.0
    depth: int = 0
    trade_need: float = 1.0
    setup_samples: int = 0
    setup_breadth: int = 5
    setup_rounds: int = 6


@dataclass(frozen=True)
class Style:
    """A personality: multipliers on the evaluation and trading habits.

    ``city``/``settle``/``road``/``dev`` scale the value of those builds; ``knight`` the wish to
    play knights; ``leader`` how much the robber prefers the leader (0 ignores the score);
    ``steal`` the weight of the card stolen; ``trade`` the eagerness to trade (lower threshold
    to accept and to counter); ``counter`` the chance of looking for a counter-offer when an
    offer does not suit as it stands (a counter is made only if one suits); ``offers`` the
    offers made per turn; ``horizon`` the weight of future production against points and
    cards now.
    """

    name: str
    city: float = 1.0
    settle: float = 1.0
    road: float = 1.0
    dev: float = 1.0
    knight: float = 1.0
    leader: float = 1.0
    steal: float = 1.0
    trade: float = 1.0
    counter: float = 0.25
    offers: int = 1
    horizon: float = 1.0


LEVELS: dict[str, Level] = {
    "easy": Level("easy", heuristic=True),
    "normal": Level("normal", ports=True, noise=1.3),
    "hard": Level("hard", foresight=True, scarcity=True, ports=True, macros=True, noise=0.5),
    "expert": Level("expert", foresight=True, scarcity=True, ports=True, macros=True,
                    lookahead=True, dice=True, threat=True, pairing=True, counting=True,
                    produce=1.33, expand=0.5, samples=16, breadth=4, margin=0.5, contest=0.3,
                    robber_margin=3.0, trade_need=0.3, setup_samples=12),
}

STYLES: dict[str, Style] = {
    "merchant": Style("merchant", trade=0.85, offers=2, counter=0.4, dev=0.8, city=0.9),
    "aggressive": Style("aggressive", knight=1.6, leader=2.5, dev=1.1, steal=1.2,
                        counter=0.12),
    "builder": Style("builder", city=1.3, dev=1.4, road=0.7, settle=1.0),
    "expansionist": Style("expansionist", road=1.15, settle=1.15, city=1.15, dev=1.0,
                          counter=0.4),
    "opportunist": Style("opportunist", horizon=0.7, steal=2.5, leader=0.0, offers=1,
                         trade=1.4, counter=0.6),
}
