"""Trading: with the bank and harbours (4:1, 3:1, 2:1) and with other players.

Domestic trades happen only with the active player, in the main phase: the active player makes
an offer, the others accept, reject or counter, and the active player confirms with one partner.
No gifts (both sides give something) and no like-for-like (a resource on both sides).
"""

from __future__ import annotations

from .constants import RESOURCE_INDEX, RESOURCES
from .devcards import DevCardRules
from .errors import IllegalAction
from .state import Action, Event, Trade, Vec, cards_dict, parse_cards


class TradingRules(DevCardRules):
    """Maritime and domestic trade."""

    __slots__ = ()

    def check_trade_time(self, p: int) -> None:
        self.require_phase("main")
        if self.rules.get("trade_before_build") and self.built:
            raise IllegalAction("trade_after_build",
                                "with trade-before-build, trading ends once you build")

    def parse_terms(self, action: Action) -> tuple[Vec, Vec]:
        give = parse_cards(action.get("give"), "give")
        get = parse_cards(action.get("get"), "get")
        if not any(give) or not any(get):
            raise IllegalAction("trade_gift", "both sides must give at least one card")
        for r in range(5):
            if give[r] and get[r]:
                raise IllegalAction("trade_same_resource", "a resource cannot be on both sides")
        return give, get

    def do_bank_trade(self, action: Action) -> list[Event]:
        done = self.quick_bank_trade(action)
        if done is not None:
            return done
        p = self.current  # the actor: apply checked the player named (active_actor)
        self.check_trade_time(p)
        self.require_no_offer()
        give, get = self.parse_terms(action)
        rates = self.rates[p]
        lots = 0
        for r in range(5):
            if give[r]:
                lots += give[r] // rates[r] if give[r] % rates[r] == 0 else -99
        if lots != sum(get):
            raise IllegalAction("trade_rate", "give 4, 3 or 2 of a kind (your rate) for each card",
                                rates={RESOURCES[r]: rates[r] for r in range(5)})
        self.require_cards(p, give)
        bank = self.bank
        if bank[0] < get[0] or bank[1] < get[1] or bank[2] < get[2] or bank[3] < get[3] \
                or bank[4] < get[4]:
            raise IllegalAction("bank_empty", "the bank does not have these cards",
                                get=cards_dict(get))
        self.pay(p, give)
        self.receive(p, get)
        return [{"type": "bank_traded", "player": self.seats[p], "give": cards_dict(give),
                 "get": cards_dict(get)}]

    def quick_bank_trade(self, action: Action) -> list[Event] | None:
        """The trade of one kind for one kind as ``legal_actions`` lists it, when every rule
        allows it; None for anything else, which ``do_bank_trade`` checks one rule at a time."""
        p = self.current
        give, get = action.get("give"), action.get("get")
        if type(give) is not dict or type(get) is not dict or len(give) != 1 or len(get) != 1 \
                or self.phase != "main" or self.trade is not None \
                or ("player" in action and action["player"] != self.seats[p]) \
                or (self.built and self.rules.get("trade_before_build")):
            return None
        (give_name, given), = give.items()
        (get_name, got), = get.items()
        g, r = RESOURCE_INDEX.get(give_name), RESOURCE_INDEX.get(get_name)
        if g is None or r is None or g == r or type(given) is not int or type(got) is not int \
                or not 0 < got <= 95 or given > 95 or given != self.rates[p][g] * got:
            return None
        hand, bank = self.hand[p], self.bank
        if hand[g] < given or bank[r] < got:
            return None
        hand[g] -= given
        bank[g] += given
        hand[r] += got
        bank[r] -= got
        return [{"type": "bank_traded", "player": self.seats[p], "give": {RESOURCES[g]: given},
                 "get": {RESOURCES[r]: got}}]

    def do_offer_trade(self, action: Action) -> list[Event]:
        p = self.current  # the actor: apply checked the player named (active_actor)
        self.check_trade_time(p)
        self.require_no_offer()
        give, get = self.parse_terms(action)
        self.require_cards(p, give)
        self.trade = Trade(tuple(give), tuple(get))
        return [{"type": "trade_offered", "player": self.seats[p], "give": cards_dict(give),
                 "get": cards_dict(get)}]

    def answering_player(self, action: Action) -> int:
        if self.trade is None:
            raise IllegalAction("no_open_offer", "there is no open trade offer")
        if "player" not in action:
            raise IllegalAction("malformed_action", "name the player who answers",
                                field="player")
        q = self.seat_index_or_refuse(action["player"])
        if q == self.current:
            raise IllegalAction("not_your_turn", "the other players answer an offer",
                                player=action["player"])
        return q

    def do_accept_trade(self, action: Action) -> list[Event]:
        q = self.answering_player(action)
        assert self.trade is not None
        self.require_cards(q, self.trade.get)
        self.trade.answers[q] = "accept"
        return [{"type": "trade_accepted", "player": self.seats[q]}]

    def do_reject_trade(self, action: Action) -> list[Event]:
        q = self.answering_player(action)
        assert self.trade is not None
        self.trade.answers[q] = "reject"
        return [{"type": "trade_rejected", "player": self.seats[q]}]

    def do_counter_trade(self, action: Action) -> list[Event]:
        q = self.answering_player(action)
        assert self.trade is not None
        give, get = self.parse_terms(action)
        self.require_cards(q, get)
        self.trade.answers[q] = (tuple(give), tuple(get))
        return [{"type": "trade_countered", "player": self.seats[q], "give": cards_dict(give),
                 "get": cards_dict(get)}]

    def do_confirm_trade(self, action: Action) -> list[Event]:
        p = self.current  # the actor: apply checked the player named (active_actor)
        if self.trade is None:
            raise IllegalAction("no_open_offer", "there is no open trade offer")
        partner = action.get("with")
        q = self.seats.index(partner) if isinstance(partner, str) and partner in self.seats \
            else -1
        terms = self.trade.terms_with(q)
        if terms is None:
            raise IllegalAction("trade_not_accepted", "that player did not accept or counter",
                                partner=partner)
        give, get = terms
        self.require_cards(p, give)
        self.require_cards(q, get)
        for r in range(5):
            self.hand[p][r] += get[r] - give[r]
            self.hand[q][r] += give[r] - get[r]
        self.trade = None
        return [{"type": "traded", "player": self.seats[p], "with": self.seats[q],
                 "give": cards_dict(give), "get": cards_dict(get)}]

    def do_cancel_trade(self, action: Action) -> list[Event]:
        p = self.current  # the actor: apply checked the player named (active_actor)
        if self.trade is None:
            raise IllegalAction("no_open_offer", "there is no open trade offer")
        self.trade = None
        return [{"type": "trade_cancelled", "player": self.seats[p]}]
