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

    def _check_trade_time(self, p: int) -> None:
        self._require_phase("main")
        if self.rules.get("trade_before_build") and self._built:
            raise IllegalAction("trade_after_build",
                                "with trade-before-build, trading ends once you build")

    def _parse_terms(self, action: Action) -> tuple[Vec, Vec]:
        give = parse_cards(action.get("give"), "give")
        get = parse_cards(action.get("get"), "get")
        if not any(give) or not any(get):
            raise IllegalAction("trade_gift", "both sides must give at least one card")
        for r in range(5):
            if give[r] and get[r]:
                raise IllegalAction("trade_same_resource", "a resource cannot be on both sides")
        return give, get

    def _do_bank_trade(self, action: Action) -> list[Event]:
        done = self._quick_bank_trade(action)
        if done is not None:
            return done
        p = self._current  # the actor: apply checked the player named (_active_actor)
        self._check_trade_time(p)
        self._require_no_offer()
        give, get = self._parse_terms(action)
        rates = self._rates[p]
        lots = 0
        for r in range(5):
            if give[r]:
                lots += give[r] // rates[r] if give[r] % rates[r] == 0 else -99
        if lots != sum(get):
            raise IllegalAction("trade_rate", "give 4, 3 or 2 of a kind (your rate) for each card",
                                rates={RESOURCES[r]: rates[r] for r in range(5)})
        self._require_cards(p, give)
        bank = self._bank
        if bank[0] < get[0] or bank[1] < get[1] or bank[2] < get[2] or bank[3] < get[3] \
                or bank[4] < get[4]:
            raise IllegalAction("bank_empty", "the bank does not have these cards",
                                get=cards_dict(get))
        self._pay(p, give)
        self._receive(p, get)
        return [{"type": "bank_traded", "player": self.seats[p], "give": cards_dict(give),
                 "get": cards_dict(get)}]

    def _quick_bank_trade(self, action: Action) -> list[Event] | None:
        """The trade of one kind for one kind as ``legal_actions`` lists it, when every rule
        allows it; None for anything else, which ``_do_bank_trade`` checks one rule at a time."""
        p = self._current
        give, get = action.get("give"), action.get("get")
        if type(give) is not dict or type(get) is not dict or len(give) != 1 or len(get) != 1 \
                or self.phase != "main" or self._trade is not None \
                or ("player" in action and action["player"] != self.seats[p]) \
                or (self._built and self.rules.get("trade_before_build")):
            return None
        (give_name, given), = give.items()
        (get_name, got), = get.items()
        g, r = RESOURCE_INDEX.get(give_name), RESOURCE_INDEX.get(get_name)
        if g is None or r is None or g == r or type(given) is not int or type(got) is not int \
                or not 0 < got <= 95 or given > 95 or given != self._rates[p][g] * got:
            return None
        hand, bank = self._hand[p], self._bank
        if hand[g] < given or bank[r] < got:
            return None
        hand[g] -= given
        bank[g] += given
        hand[r] += got
        bank[r] -= got
        return [{"type": "bank_traded", "player": self.seats[p], "give": {RESOURCES[g]: given},
                 "get": {RESOURCES[r]: got}}]

    def _do_offer_trade(self, action: Action) -> list[Event]:
        p = self._current  # the actor: apply checked the player named (_active_actor)
        self._check_trade_time(p)
        self._require_no_offer()
        give, get = self._parse_terms(action)
        self._require_cards(p, give)
        self._trade = Trade(tuple(give), tuple(get))
        return [{"type": "trade_offered", "player": self.seats[p], "give": cards_dict(give),
                 "get": cards_dict(get)}]

    def _answering_player(self, action: Action) -> int:
        if self._trade is None:
            raise IllegalAction("no_open_offer", "there is no open trade offer")
        if "player" not in action:
            raise IllegalAction("malformed_action", "name the player who answers",
                                field="player")
        q = self._seat_index_or_refuse(action["player"])
        if q == self._current:
            raise IllegalAction("not_your_turn", "the other players answer an offer",
                                player=action["player"])
        return q

    def _do_accept_trade(self, action: Action) -> list[Event]:
        q = self._answering_player(action)
        assert self._trade is not None
        self._require_cards(q, self._trade.get)
        self._trade.answers[q] = "accept"
        return [{"type": "trade_accepted", "player": self.seats[q]}]

    def _do_reject_trade(self, action: Action) -> list[Event]:
        q = self._answering_player(action)
        assert self._trade is not None
        self._trade.answers[q] = "reject"
        return [{"type": "trade_rejected", "player": self.seats[q]}]

    def _do_counter_trade(self, action: Action) -> list[Event]:
        q = self._answering_player(action)
        assert self._trade is not None
        give, get = self._parse_terms(action)
        self._require_cards(q, get)
        self._trade.answers[q] = (tuple(give), tuple(get))
        return [{"type": "trade_countered", "player": self.seats[q], "give": cards_dict(give),
                 "get": cards_dict(get)}]

    def _do_confirm_trade(self, action: Action) -> list[Event]:
        p = self._current  # the actor: apply checked the player named (_active_actor)
        if self._trade is None:
            raise IllegalAction("no_open_offer", "there is no open trade offer")
        partner = action.get("with")
        q = self.seats.index(partner) if isinstance(partner, str) and partner in self.seats \
            else -1
        terms = self._trade.terms_with(q)
        if terms is None:
            raise IllegalAction("trade_not_accepted", "that player did not accept or counter",
                                partner=partner)
        give, get = terms
        self._require_cards(p, give)
        self._require_cards(q, get)
        for r in range(5):
            self._hand[p][r] += get[r] - give[r]
            self._hand[q][r] += give[r] - get[r]
        self._trade = None
        return [{"type": "traded", "player": self.seats[p], "with": self.seats[q],
                 "give": cards_dict(give), "get": cards_dict(get)}]

    def _do_cancel_trade(self, action: Action) -> list[Event]:
        p = self._current  # the actor: apply checked the player named (_active_actor)
        if self._trade is None:
            raise IllegalAction("no_open_offer", "there is no open trade offer")
        self._trade = None
        return [{"type": "trade_cancelled", "player": self.seats[p]}]
