"""The Play page online: three browsers (each person's own) are three people in one room with
one computer seat, from the new-game form's "Create an online room" to a winner, through the
page's own board, panels and dialogs over a WebSocket to ``python -m catan_rooms`` (which
serves the built site too, on one origin).

On the way: three languages in one room (the lobby and a quick-chat phrase in each reader's
words), a trade between two people (offer, accept, confirm), a reload of one person's tab
(the seat token kept by the browser takes the seat again), and a restart of the server (a new
process on the same SQLite file, the store ``nox -s serve`` uses: the pages reconnect and the
game goes on; the Redis store, which the page cannot tell apart, plays whole games with two
server processes in ``test_online_game.py``). Every frame each
seat's socket receives is checked for hidden information (``check_frame``), and at the end every
page shows the same winner and the trade.

It stays fast: the people make only the decisions the test is about (their set-up placements,
their rolls, the trade, an answer to an offer) and then each lets "the computer play this seat",
the Play page's own control (``auto`` in the protocol), which finishes the game with the
server's computers moving without a pause.
"""

from __future__ import annotations

import contextlib
import json
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from pagewatch import forget_site, open_profile
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from rooms_helpers import Server, free_port
from test_online_game import check_frame

from catan_core import RESOURCES

Doc = dict[str, Any]
WAIT = 15_000  # ms: a bound for one step; each takes far less on a quiet machine
#: Updates to one socket at most every 0.1 s (changes between them coalesced): the computers
#: play without a pause, and three pages drawing each of their moves would take most of the test.
FAST = {"CATAN_ROOMS_FRAME_INTERVAL": "0.1"}
VIEW = """() => {
  const app = document.querySelector('.catan-game')?.catanGame
  const v = app && app.game && app.view
  if (!v) return null
  return {decides: v.next.decides, can: v.can, pick: v.choice.pick, me: v.me,
          discard: v.discard, trade: v.trade, log: app.game.log.length,
          pieces: v.players.find((p) => p.colour === v.viewer)?.pieces_left,
          current: v.current, winner: v.winner, turn: v.turn,
          computer: v.seats[v.viewer] ? v.seats[v.viewer].computer : null,
          version: app.transport.taken,
          settled: !app.busy && !app.frame
            && app.transport.taken === app.transport.update.version,
          dialog: document.querySelector('dialog[open] .catan-dialog__actions [data-action]')
            ?.dataset.action || null}
}"""


class Person:
    """One person's browser on the Play page, and every frame its sockets received."""

    def __init__(self, context: Any, colour: str, name: str) -> None:
        self.colour, self.name = colour, name
        self.context = context
        self.page = self.context.new_page()
        self.frames: list[Doc] = []
        self.errors: list[str] = []
        self.page.on("websocket", self._socket)
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))

    def _socket(self, ws: Any) -> None:
        ws.on("framereceived", lambda payload: self.frames.append(json.loads(payload)))

    def view(self) -> Doc | None:
        return self.page.evaluate(VIEW)  # type: ignore[no-any-return]

    def sit(self) -> None:
        self.page.fill("[data-field=online-name]", self.name)
        self.page.click(f"[data-action=sit-{self.colour}]")
        self.page.wait_for_selector(
            f".catan-online li[data-colour={self.colour}] >> text={self.name}", timeout=WAIT)

    def choose_spot(self) -> None:
        """The board's first choosable spot, by keyboard (the board's one tab stop)."""
        spot = self.page.locator(".catan-game__svg [role=button]").first
        spot.focus()
        self.page.keyboard.press("Enter")

    def discard(self, view: Doc) -> None:
        owed = view["discard"][self.colour]
        for resource, count in view["me"]["hand"].items():
            for _ in range(min(count, owed)):
                self.page.click(f"dialog[open] .catan-stepper--{resource} button >> nth=1")
                owed -= 1
        self.page.click("dialog[open] [data-action=discard]")

    def hand_over(self, trade: dict[str, Any]) -> None:
        """Let the computer play this seat (the players panel's own button), once no dialog
        of a decision in progress covers the page."""
        give_up = time.monotonic() + 30
        while True:
            assert time.monotonic() < give_up
            if self.page.locator("dialog[open]").count():
                step(self, trade)
                continue
            try:
                self.page.click(f"[data-action=seat-{self.colour}]", timeout=2000)
                break
            except PlaywrightTimeout:  # a decision's dialog opened meanwhile
                continue
        self.page.wait_for_function(
            "(c) => document.querySelector('.catan-game').catanGame.view.seats[c].kind === 'bot'",
            arg=self.colour, timeout=WAIT)


def step(person: Person, trade: dict[str, Any]) -> bool:
    """Make the one decision ``person``'s page waits for, through the page; False if none."""
    view = person.view()
    if not view or not view["settled"] or not view["decides"] or view["winner"]:
        return False
    page, me = person.page, person.colour
    dialog = view["dialog"]
    if dialog == "discard":
        person.discard(view)
    elif page.locator(".catan-offer [data-action=reject]").count():
        # an offer, answered in its panel: the one of the test is accepted, others refused
        mine = trade.get("offered") and view["trade"] and view["trade"]["player"] == trade["from"]
        page.click(f".catan-offer [data-action={'accept' if mine else 'reject'}]")
        if mine:
            trade["accepted"] = True
    elif dialog and dialog.startswith("victim-"):
        page.click("dialog[open] [data-action^=victim-]")
    elif view["pick"]:
        person.choose_spot()
    elif view["can"].get("roll"):
        page.click("[data-action=roll]")
    elif view["can"].get("confirm_trade") or view["can"].get("cancel_trade"):
        confirm = page.locator(f"[data-action=confirm-{trade['to']}]")
        if not confirm.count():  # the other person has not answered yet
            return False
        confirm.click()
        trade["done"] = True
    elif view["can"].get("offer_trade") and me == trade["from"] and not trade.get("offered"):
        offer(person, view, trade)
    elif view["can"].get("end_turn"):
        page.click("[data-action=end-turn]")
    else:
        return False
    page.wait_for_function(f"() => ({VIEW})()?.version > {view['version'] or 0}"
                           " || document.querySelector('.catan-game__note--error,"
                           " dialog[open] [data-action^=victim-]')", timeout=WAIT)
    return True


def offer(person: Person, view: Doc, trade: dict[str, Any]) -> None:
    """One card the offerer has for one the other person has: the trade panel, offered to
    that person only."""
    hand, other = view["me"]["hand"], trade["hand"]()
    give, get = next((g, r) for g in hand for r in other if hand[g] and other[r] and g != r)
    page = person.page
    page.click("[data-key=trade-toggle]")
    grid = page.locator(".catan-trade .catan-tradegrid tbody")
    grid.locator(f"tr:has(.catan-chip--{give}) td").nth(0).locator("button").nth(1).click()
    grid.locator(f"tr:has(.catan-chip--{get}) td").nth(1).locator("button").nth(1).click()
    for box in page.locator(".catan-trade__to input[type=checkbox]").all():
        box.set_checked(box.get_attribute("data-key") == f"to-{trade['to']}")
    page.click("[data-action=offer]")
    trade["offered"], trade["give"], trade["get"] = True, give, get


#: ``arrive(colour, name)``: that person's browser opens a page (see the ``arrive`` fixture).
Arrive = Callable[[str, str], Person]


@pytest.fixture(scope="module")
def port() -> int:
    """The one address of the module's rooms servers (one at a time): a person's browser keeps
    the site's files and the engine's compiled WebAssembly from one test to the next only for
    the same address."""
    return free_port()


@pytest.fixture(scope="module")
def browsers(playwright: Any, browser_type_launch_args: dict[str, Any],
             tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[[str], Any]]:
    """``browsers(colour)``: that person's own browser (Chromium on an on-disk profile), opened
    at their first page and kept for the module: from a person's second test on, Pyodide comes
    out of that browser's caches instead of being downloaded and compiled again (a fresh context
    cost 4.5-6 s of CPU an engine, one kept 1.2-1.8 s; tests/conftest.py's ``profile``)."""
    opened: dict[str, Any] = {}

    def browser_of(colour: str) -> Any:
        if colour not in opened:
            opened[colour] = open_profile(playwright, browser_type_launch_args,
                                          tmp_path_factory.mktemp(f"browser-{colour}"))
        return opened[colour]

    yield browser_of
    for context in opened.values():
        context.close()


@pytest.fixture()
def arrive(browsers: Callable[[str], Any], port: int) -> Iterator[Arrive]:
    """``arrive(colour, name)``: a new page in that person's browser; when the test ends, the
    person's pages close and the room's address is forgotten (storage, seat tokens): the next
    test meets people who have never been to a room."""
    came: list[Person] = []

    def make(colour: str, name: str) -> Person:
        came.append(Person(browsers(colour), colour, name))
        return came[-1]

    yield make
    for person in came:
        forget_site(person.context, f"http://127.0.0.1:{port}")


def play_until(people: list[Person], done: Any, trade: dict[str, Any], limit: float = 90) -> None:
    give_up = time.monotonic() + limit
    while not done():
        assert time.monotonic() < give_up, [p.view() for p in people]
        moved = False
        for person in people:
                moved = step(person, trade) or moved
        if not moved:  # until the first page changes (or a moment passes: another may have)
            with contextlib.suppress(PlaywrightTimeout):
                people[0].page.wait_for_function(
                    f"(v) => ({VIEW})()?.version !== v", arg=people[0].view()["version"],
                    timeout=250)


@pytest.mark.browser
def test_three_people_online_to_a_winner(
        arrive: Arrive, port: int, site_dir: Path, sqlite_store: str,
        servers: list[Server]) -> None:
    server = Server(sqlite_store, port, env={"CATAN_ROOMS_SITE": str(site_dir), **FAST}).start()
    servers.append(server)
    ann, bob, cat = (arrive("red", "Ann"), arrive("blue", "Bob"),
                     arrive("white", "Cat <b>"))
    people = [ann, bob, cat]
    # Ann creates the room from the new-game form: three people and a computer (orange)
    page = ann.page
    page.goto(f"{server.base}/play/")
    page.wait_for_selector("[data-action=create-room]", timeout=WAIT)
    page.select_option("[data-field=count]", "4")
    for select, kind in zip(page.locator("[data-field=kind]").all(),
                            ("human", "human", "human", "bot"), strict=True):
        select.select_option(kind)
    page.check("input[value=quick]")
    page.check("input[value=beginner]")
    page.select_option("[data-field=timer]", "0")
    page.click("[data-action=create-room]")
    page.wait_for_selector("[data-key=invite]", timeout=WAIT)
    invite = page.input_value("[data-key=invite]")
    assert invite.startswith(f"{server.base}/play/#room=")
    ann.sit()
    # Bob reads French, Cat Dutch: the same room in their own words
    bob.page.goto(invite.replace("/play/", "/fr/play/"), wait_until="commit")
    bob.page.wait_for_selector("[data-field=online-name]", timeout=WAIT)
    bob.page.fill("[data-field=online-name]", "Bo")  # typing when Cat comes in: the lobby
    cat.page.goto(invite.replace("/play/", "/nl/play/"), wait_until="commit")  # is drawn again,
    cat.page.wait_for_selector("[data-field=online-name]", timeout=WAIT)
    bob.page.wait_for_selector(".catan-online >> text=Spectateurs : 2", timeout=WAIT)
    assert bob.page.input_value("[data-field=online-name]") == "Bo"  # the name typed so far
    assert bob.page.evaluate("document.activeElement.dataset.field") == "online-name"
    assert bob.page.inner_text("[data-action=sit-blue]") == "Prendre cette place"
    assert cat.page.inner_text("[data-action=sit-white]") == "Deze plaats nemen"
    for person in (bob, cat):
        person.sit()
    # the name is text, and everyone sees who is connected and the computer's seat
    bob.page.wait_for_selector(".catan-online li[data-colour=white] >> text=Cat <b>", timeout=WAIT)
    assert bob.page.locator(".catan-online b").count() == 0
    assert "ordinateur" in bob.page.inner_text(".catan-online li[data-colour=orange]").lower()
    # quick chat: a phrase by its code, shown in each reader's language
    page.select_option("[data-field=phrase]", "good_luck")
    page.click("[data-action=say]")
    bob.page.wait_for_selector(".catan-online__said li[data-phrase=good_luck] >> text=Bonne chance",
                               timeout=WAIT)
    cat.page.wait_for_selector(".catan-online__said li[data-phrase=good_luck] >> text=Succes",
                               timeout=WAIT)
    page.click("[data-action=start-room]")
    for person in people:
        person.page.wait_for_selector(".catan-game__svg svg.catan-board", timeout=WAIT)
    cat.hand_over({})  # Cat lets the computer play from the start
    trade: dict[str, Any] = {"from": "red", "to": "blue", "hand": lambda: bob.view()["me"]["hand"]}
    # the set-up by hand, through the board
    play_until([ann, bob], lambda: ann.view()["turn"] >= 1 and bob.view()["turn"] >= 1, trade)
    # Bob reloads his tab: the same seat, the same game
    before = bob.view()
    bob.page.reload()
    bob.page.wait_for_selector(".catan-game__svg svg.catan-board", timeout=WAIT)
    bob.page.wait_for_function("() => document.querySelector('.catan-game').catanGame.view?.me",
                               timeout=WAIT)
    # the whole log again (the room keeps it), as its pages arrive
    bob.page.wait_for_function(f"(n) => ({VIEW})()?.log >= n", arg=before["log"],
                               timeout=3 * WAIT)  # the whole log: slower than one step
    after = bob.view()
    assert after["me"]["colour"] == "blue" and after["pieces"] == before["pieces"]
    # the server restarts (killed: nothing flushed on the way out); the pages reconnect
    version = ann.view()["version"]
    server.kill()
    server.start()
    for person in people:
        person.page.wait_for_selector(".catan-online__state[data-state=connected]", timeout=WAIT)
    assert ann.view()["version"] >= version
    # Ann offers Bob a trade on her turn; Bob accepts it; Ann confirms it
    play_until([ann, bob], lambda: trade.get("done"), trade)
    for person in (ann, bob):
        person.page.wait_for_selector(".catan-game__log-list li[data-event=traded]", timeout=WAIT)
    # then the computer plays every seat to the end
    for person in (ann, bob):
        person.hand_over(trade)
    for person in people:
        person.page.wait_for_selector(".catan-dialog--end", timeout=60_000)
    for person in people:  # the statistics of a local game's end, for a room's too
        assert person.page.locator(".catan-dialog--end .catan-end__stats").count() == 1
    winner = ".catan-dialog--end .is-winner[data-colour]"
    winners = {p.page.locator(winner).first.get_attribute("data-colour") for p in people}
    assert len(winners) == 1
    for person in people:  # each page's panels count everyone's Victory Point cards at the end
        shown, totals = person.page.evaluate("""() => {
            const s = document.querySelector('.catan-game').catanGame
            const game = s.transport.update.game
            return [Object.fromEntries(s.view.players.map((p) => [p.colour, p.points])),
                    Object.fromEntries(game.summary.players.map((p) => [p.colour, p.total]))]
        }""")
        assert shown == totals, (person.colour, shown, totals)
    # nothing hidden reached any seat, in any frame, before or after the reload and restart
    for person in people:
        assert not person.errors, person.errors
        assert person.frames
        for frame in person.frames:
            check_frame(frame, person.colour if frame.get("t") != "update" or frame.get("you")
                        else None)
            page_view = (frame.get("game") or {}).get("page") if frame["t"] == "update" else None
            if page_view and frame.get("you"):
                assert page_view["viewer"] == person.colour
                assert page_view["me"] is None or page_view["me"]["colour"] == person.colour
        traded = [e for f in person.frames if f.get("t") == "update" for e in f["events"]
                  if e["type"] == "traded"]
        assert [(e["player"], e["with"]) for e in traded if e["player"] == "red"][:1] \
            == [("red", "blue")], (person.colour, traded)
    # Bob (in French) reviews the room's game: as Bob saw it, and as nobody else
    page = bob.page
    page.click("[data-action=end-review]")
    page.wait_for_url("**/fr/review/#room")
    page.wait_for_selector(".catan-review__slider", timeout=WAIT)
    assert "Bob" in page.locator(".catan-review__as").inner_text()
    assert page.locator(".catan-review__viewer").count() == 0
    steps = int(page.locator(".catan-review__slider").get_attribute("max") or 0)
    assert steps > 100
    page.locator("[data-action=review-last]").click()
    page.wait_for_function(
        f"document.querySelector('.catan-review__where').textContent.includes('{steps} sur')")
    rows = page.locator(".catan-review__players tbody tr")
    for i in range(rows.count()):
        if rows.nth(i).get_attribute("data-colour") != "blue":
            assert re.fullmatch(r"\d+", rows.nth(i).locator("td").nth(1).inner_text())


@pytest.mark.browser
def test_trade_before_build_in_a_room_offers_no_trade_once_built(
        arrive: Arrive, port: int, site_dir: Path, sqlite_store: str,
        servers: list[Server]) -> None:
    """A room with the trade-before-build rule: on the person's turn the page marks Offer and
    the bank trade available until they buy or build, then unavailable (the room's table
    refuses them then), and the room's frames say the same (``can_offer``)."""
    server = Server(sqlite_store, port, env={"CATAN_ROOMS_SITE": str(site_dir), **FAST}).start()
    servers.append(server)
    ann = arrive("red", "Ann")
    page = ann.page
    page.goto(f"{server.base}/play/")
    page.wait_for_selector("[data-action=create-room]", timeout=WAIT)
    page.select_option("[data-field=count]", "3")
    for select, kind in zip(page.locator("[data-field=kind]").all(), ("human", "bot", "bot"),
                            strict=True):
        select.select_option(kind)
    page.check("input[value=quick]")      # one card of each resource: a card can be bought
    page.check("input[value=beginner]")
    page.select_option("[data-field=timer]", "0")
    page.check("[data-field=trade_before_build]")
    page.click("[data-action=create-room]")
    page.wait_for_selector("[data-key=invite]", timeout=WAIT)
    ann.sit()
    page.click("[data-action=start-room]")
    page.wait_for_selector(".catan-game__svg svg.catan-board", timeout=WAIT)
    give_up = time.monotonic() + 240  # turns until her hand allows a build (a busy machine
    # plays them slowly)
    while True:   # the set-up and the roll by hand, until Ann may buy or build on her turn
        assert time.monotonic() < give_up, ann.view()
        view = ann.view()
        if view and view["settled"] and view["decides"] and view["can"].get("end_turn") and (
                view["can"].get("buy_dev_card") or view["can"].get("build_road")):
            break    # (else the robber or a discard took what she needs: step ends her turn)
        if view and view["settled"] and view["decides"] and view["can"].get("bank_trade") \
                and (swap := bank_swap(view["me"]["hand"], view["me"]["rates"])):
            # her island may never give her what a road or a card needs: the bank does
            page.click(f"[data-action=bank-give-{swap[0]}]")
            page.click(f"[data-action=bank-get-{swap[1]}]")
            page.wait_for_function(f"() => ({VIEW})()?.version > {view['version']}",
                                   timeout=WAIT)
            continue
        if not step(ann, {"from": None}):
            with contextlib.suppress(PlaywrightTimeout):
                page.wait_for_function(f"(v) => ({VIEW})()?.version !== v",
                                       arg=view and view["version"], timeout=250)
    page.click("[data-key=trade-toggle]")
    assert view["can"].get("offer_trade")
    assert "is-unavailable" not in (page.get_attribute("[data-action=offer]", "class") or "")
    buy = "[data-action=buy-card]"
    unavailable = "is-unavailable" in (page.get_attribute(buy, "class") or "")
    assert unavailable != bool(view["can"].get("buy_dev_card"))
    if not unavailable:
        page.click(buy)
    else:   # the robber took her wool, grain or ore: a road then
        page.click("[data-action=build-road]")
        page.wait_for_function(f"() => ({VIEW})()?.pick === 'edge'", timeout=WAIT)
        ann.choose_spot()
    page.wait_for_function(f"() => ({VIEW})()?.version > {view['version']}", timeout=WAIT)
    page.wait_for_selector("[data-action=offer].is-unavailable", timeout=WAIT)
    after = ann.view()
    assert after is not None and not after["can"].get("offer_trade")
    assert not after["can"].get("bank_trade") and after["can"].get("end_turn")
    frames = [f["game"] for f in ann.frames if f.get("t") == "update" and f.get("game")]
    assert frames and frames[-1]["can_offer"] is False
    assert not ann.errors, ann.errors


def bank_swap(hand: dict[str, int], rates: dict[str, int]) -> tuple[str, str] | None:
    """A bank trade that brings ``hand`` closer to a road or a development card: (the kind to
    give, the kind to take), or None. Cards a build needs are given only beyond its need.

    >>> bank_swap({"brick": 5, "ore": 2}, dict.fromkeys(RESOURCES, 3))
    ('brick', 'lumber')
    >>> bank_swap({"ore": 1, "wool": 1, "grain": 4}, dict.fromkeys(RESOURCES, 4)) is None
    True
    """
    for cost in ({"brick": 1, "lumber": 1}, {"wool": 1, "grain": 1, "ore": 1}):
        missing = [kind for kind in cost if hand.get(kind, 0) < cost[kind]]
        spare = [kind for kind in RESOURCES
                 if hand.get(kind, 0) - cost.get(kind, 0) >= rates[kind]]
        if len(missing) == 1 and spare:
            return spare[0], missing[0]
    return None


def create_room(person: Person, base: str, kinds: tuple[str, ...] | None = None,
                timer: str = "0") -> str:
    """``person`` creates a room from the new-game form (``kinds``: the seats' "played by",
    None: the form as it comes); returns the invitation link."""
    page = person.page
    page.goto(f"{base}/play/")
    page.wait_for_selector("[data-action=create-room]", timeout=WAIT)
    if kinds is not None:
        page.select_option("[data-field=count]", str(len(kinds)))
        for select, kind in zip(page.locator("[data-field=kind]").all(), kinds, strict=True):
            select.select_option(kind)
        page.check("input[value=beginner]")
        page.select_option("[data-field=timer]", timer)
    page.click("[data-action=create-room]")
    page.wait_for_selector("[data-key=invite]", timeout=WAIT)
    return page.input_value("[data-key=invite]")


def seat_kinds(person: Person) -> dict[str, str]:
    return person.page.evaluate("""() => Object.fromEntries([...document.querySelectorAll(
      '.catan-online li[data-colour]')].map((li) => [li.dataset.colour, li.dataset.kind]))""")


@pytest.mark.browser
def test_the_host_frees_and_gives_seats_in_the_lobby(
        arrive: Arrive, port: int, site_dir: Path, sqlite_store: str,
        servers: list[Server]) -> None:
    """A room made from the form as it comes (you and three computers) has free seats for
    friends: the computers the form chose take the seats still free at the start. Until then
    the host chooses each seat, free or a computer (level, personality); a friend sees the
    choice and has no such control, and a friend's seat cannot be taken from them."""
    server = Server(sqlite_store, port, env={"CATAN_ROOMS_SITE": str(site_dir), **FAST}).start()
    servers.append(server)
    ann, bob = arrive("red", "Ann"), arrive("blue", "Bob")
    invite = create_room(ann, server.base)
    page = ann.page
    page.wait_for_selector(".catan-online li[data-colour=orange]", timeout=WAIT)
    assert seat_kinds(ann) == {"red": "open", "blue": "open", "white": "open", "orange": "open"}
    ann.sit()
    # the host gives white to a hard merchant
    page.select_option("[data-field=seat-kind-white]", "computer")
    page.wait_for_selector(".catan-online li[data-colour=white][data-kind=computer]",
                           timeout=WAIT)
    page.select_option("[data-field=seat-level-white]", "hard")
    page.select_option("[data-field=seat-personality-white]", "merchant")
    page.wait_for_selector(".catan-online li[data-colour=white] >> text=hard, merchant",
                           timeout=WAIT)
    bob.page.goto(invite, wait_until="commit")
    bob.page.wait_for_selector("[data-field=online-name]", timeout=WAIT)
    assert bob.page.locator("[data-action=sit-white]").count() == 0
    assert "hard, merchant" in bob.page.inner_text(".catan-online li[data-colour=white]")
    bob.sit()
    assert bob.page.locator("[data-field^=seat-kind-]").count() == 0  # only the host's
    # Bob's seat is his: the host has no control over it
    page.wait_for_selector(".catan-online li[data-colour=blue] >> text=Bob", timeout=WAIT)
    assert page.locator("[data-field=seat-kind-blue]").count() == 0
    # white free again: Bob's page offers nothing (he is seated) but shows it free
    page.select_option("[data-field=seat-kind-white]", "open")
    bob.page.wait_for_selector(".catan-online li[data-colour=white][data-kind=open]",
                               timeout=WAIT)
    page.click("[data-action=start-room]")
    for person in (ann, bob):
        person.page.wait_for_selector(".catan-game__svg svg.catan-board", timeout=WAIT)
    lobby = [f for f in ann.frames if f.get("t") == "update"][-1]["lobby"]
    assert [(s["seat"], s["kind"]) for s in lobby["seats"]] == [
        ("red", "human"), ("blue", "human"), ("white", "computer"), ("orange", "computer")]
    assert not ann.errors and not bob.errors, (ann.errors, bob.errors)


@pytest.mark.browser
def test_the_host_changes_the_settings_and_people_write_their_own_words(
        arrive: Arrive, port: int, site_dir: Path, sqlite_store: str,
        servers: list[Server]) -> None:
    """In the lobby the host changes the room's settings (a friend reads them, and must say
    ready again); chat takes a message of one's own besides the quick phrases, shown to the
    others as the text typed, markup included, never as markup."""
    server = Server(sqlite_store, port, env={"CATAN_ROOMS_SITE": str(site_dir), **FAST}).start()
    servers.append(server)
    ann, bob = arrive("red", "Ann"), arrive("blue", "Bob")
    invite = create_room(ann, server.base)
    ann.page.wait_for_selector(".catan-online li[data-colour=red]", timeout=WAIT)
    ann.sit()
    bob.page.goto(invite, wait_until="commit")
    bob.page.wait_for_selector("[data-field=online-name]", timeout=WAIT)
    bob.sit()
    bob.page.click("[data-action=ready]")
    summary = "[data-key=room-settings]"
    bob.page.wait_for_selector(f"{summary} >> text=Classic (10 points)", timeout=WAIT)
    assert bob.page.locator("[data-field^=room-]").count() == 0  # only the host's
    ann.page.select_option("[data-field=room-timer]", "60")
    ann.page.select_option("[data-field=room-mode]", "quick")
    ann.page.select_option("[data-field=room-players]", "3")
    ann.page.check("[data-field=room-trade_before_build]")
    bob.page.wait_for_selector(f"{summary} >> text=Trade before build", timeout=WAIT)
    text = bob.page.inner_text(summary)
    assert "Number of players: 3\nMode: Quick (7 points" in text, text
    assert "Turn timer: 60 s per step" in text, text
    assert bob.page.locator(".catan-online li[data-colour=orange]").count() == 0
    assert bob.page.get_attribute("[data-action=ready]", "aria-pressed") == "false"
    # a message of one's own, then a quick phrase
    bob.page.fill("[data-field=chat-text]", "<b>good luck</b> & have fun")
    bob.page.press("[data-field=chat-text]", "Enter")
    said = ".catan-online__said li[data-text]"
    ann.page.wait_for_selector(said, timeout=WAIT)
    assert ann.page.inner_text(said) == "Blue Bob: <b>good luck</b> & have fun" \
        or ann.page.inner_text(said).endswith("Bob: <b>good luck</b> & have fun")
    assert ann.page.locator(".catan-online__said b").count() == 0
    bob.page.wait_for_function(  # sent: the field is empty again
        "() => document.querySelector('[data-field=chat-text]').value === ''", timeout=WAIT)
    ann.page.set_viewport_size({"width": 390, "height": 844})   # the host on a phone
    ann.page.click("[data-action=start-room]")
    for person in (ann, bob):
        person.page.wait_for_selector(".catan-game__svg svg.catan-board", timeout=WAIT)
        # the game screen comes under the header, though the lobby above it shrank
        person.page.wait_for_function("(() => { const top = document.querySelector("
                                      "'.catan-game__play').getBoundingClientRect().top;"
                                      " return top >= 0 && top < 60 })()", timeout=WAIT)
    started = [f for f in ann.frames if f.get("t") == "update"][-1]["lobby"]["settings"]
    assert (started["players"], started["mode"], started["timer"], started["rules"]) == \
        (3, "quick", 60, {"trade_before_build": True})
    assert not ann.errors and not bob.errors, (ann.errors, bob.errors)


@pytest.mark.browser
def test_a_new_room_brings_its_lobby_into_view(
        arrive: Arrive, port: int, site_dir: Path, sqlite_store: str,
        servers: list[Server]) -> None:
    """After "Create an online room" (the button at the foot of the form, on a phone) the
    lobby is in view and has the focus, so a screen reader reads it out."""
    server = Server(sqlite_store, port, env={"CATAN_ROOMS_SITE": str(site_dir), **FAST}).start()
    servers.append(server)
    ann = arrive("red", "Ann")
    ann.page.set_viewport_size({"width": 390, "height": 844})
    create_room(ann, server.base)
    page = ann.page
    page.wait_for_selector(".catan-online li[data-colour=red]", timeout=WAIT)
    box = page.evaluate("""() => {
      const r = document.querySelector('.catan-online').getBoundingClientRect()
      return {top: r.top, bottom: r.bottom, height: innerHeight}}""")
    assert 0 <= box["top"] < box["height"] / 2, box
    assert page.evaluate("document.querySelector('.catan-online')"
                         ".contains(document.activeElement)")
    assert not ann.errors, ann.errors


CLOCK = """() => {
  // the clock the page shows, and the server's (its last update's time left, counted down)
  const text = document.querySelector('.catan-game__clock:not([hidden])')?.textContent || ''
  const n = /(\\d+) s/.exec(text)
  const left = document.querySelector('.catan-game').catanGame.transport.clockLeft()
  return n ? [Number(n[1]), Math.ceil(left / 1000)] : null
}"""


@pytest.mark.browser
def test_every_page_shows_the_active_clock_with_its_bonus(
        arrive: Arrive, port: int, site_dir: Path, sqlite_store: str,
        servers: list[Server]) -> None:
    """A person's action adds 5 s to their clock, on every page of the room: the one who acted
    and the one who watches show the same time left (the server's)."""
    server = Server(sqlite_store, port, env={"CATAN_ROOMS_SITE": str(site_dir), **FAST}).start()
    servers.append(server)
    ann, bob = arrive("red", "Ann"), arrive("blue", "Bob")
    invite = create_room(ann, server.base, ("human", "human", "bot"), timer="60")
    ann.sit()
    bob.page.goto(invite, wait_until="commit")
    bob.page.wait_for_selector("[data-field=online-name]", timeout=WAIT)
    bob.sit()
    ann.page.click("[data-action=start-room]")
    for person in (ann, bob):
        person.page.wait_for_selector(".catan-game__svg svg.catan-board", timeout=WAIT)
        person.page.wait_for_function(f"() => ({CLOCK})() !== null", timeout=WAIT)
    # the first player is drawn from the room's seed: whoever of the two is asked first acts
    give_up = time.monotonic() + WAIT / 1000
    while not any((p.view() or {}).get("pick") == "node" for p in (ann, bob)):
        assert time.monotonic() < give_up, (ann.view(), bob.view())
        ann.page.wait_for_timeout(100)
    first = next(p for p in (ann, bob) if (p.view() or {}).get("pick") == "node")
    version = first.view()["version"]
    first.choose_spot()  # a first settlement: the set-up turn goes on (its road), +5 s
    for person in (ann, bob):
        person.page.wait_for_function(f"() => ({VIEW})()?.version > {version}", timeout=WAIT)
    for person in (ann, bob):
        shown, server_left = person.page.evaluate(CLOCK)
        assert abs(shown - server_left) <= 1, (person.name, shown, server_left)
    assert not ann.errors and not bob.errors, (ann.errors, bob.errors)
