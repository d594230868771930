"""The Play page: a whole game in Chromium, the saved game, the timer, trading, refusals.

The browser tests drive the built site like a player: the new-game form, clicks (or Tab and
Enter) on the board's marked spots, the dialogs. Games are short: Quick mode (7 points) on the
beginner island with a fixed seed, and computer players with no pause between moves. Every
test also checks that the page never asked anything from outside its origin.

The first tests need no browser: the strings of the page and the Python the page calls.
"""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path
from typing import Any

import pytest
from pagewatch import forget_site, watch
from sources import package_dir
from test_game_bridge import trading_position

from benchmarks import click as click_benchmark
from catan_core import Game
from catan_core.review import Replay
from catan_core.topology import NODE_ALIASES, NODE_NAMES, NODE_NEIGHBOURS
from catan_site import catalog, languages

ROOT = Path(__file__).resolve().parent.parent
LANGS = languages.codes()  # mkdocs.yml (i18n plugin)
KEY = "catan-companion/game"
BACKUP_KEY = "catan-companion/game-previous"
ENGINE = 180_000  # ms: Pyodide starts in a few seconds, far slower on a busy 2-core machine
GAME = 900_000
SCRIPTS = [ROOT / "frontend" / "game.js", *sorted((ROOT / "frontend" / "game").glob("*.js"))]


def _catalog() -> dict[str, dict[str, str]]:
    data = catalog.load("game.yml")
    assert isinstance(data, dict)
    return data


# -- without a browser ---------------------------------------------------------------------------

def test_every_string_in_four_languages_with_the_same_placeholders() -> None:
    for key, entry in _catalog().items():
        assert set(entry) == set(LANGS), key
        placeholders = {frozenset(re.findall(r"\{(\w+)\}", str(entry[lang]))) for lang in LANGS}
        assert len(placeholders) == 1, key


def test_every_string_the_page_uses_exists() -> None:
    strings = _catalog()
    board = catalog.load("board.yml")
    used: set[str] = set()
    prefixes: set[str] = set()
    for path in SCRIPTS:
        source = path.read_text(encoding="utf-8")
        used |= set(re.findall(r'\bt\("([a-z0-9_]+)"', source))
        used |= set(re.findall(r'"((?:log|prompt|save|import)_[a-z_]+)"', source))
        prefixes |= set(re.findall(r'\bt\("([a-z_]+_)" \+', source))
        prefixes |= set(re.findall(r"t\(`([a-z_]+_)\$\{", source))
    # addresses of other pages are the build's (catan_site/frontend.py), not words
    injector = (ROOT / "packages" / "catan-site" / "catan_site" / "frontend.py").read_text()
    links = {k for k in used if k.endswith("_href") and f'"{k}"' in injector}
    missing = sorted(k for k in used - prefixes - links if k not in strings and k not in board)
    assert not missing, f"strings the game's scripts use but i18n/game.yml lacks: {missing}"
    for prefix in prefixes:
        assert any(k.startswith(prefix) for k in strings), prefix
    from catan_web import game as bridge

    for kind in ("setup_settlement", "setup_road", "robber", "roll", "discard", "main",
                 *bridge.BUILD_MODES, "trade_wait", "answer"):
        assert f"prompt_{kind}" in strings


def test_every_string_of_the_catalog_is_used() -> None:
    """No dead words: each key of i18n/game.yml is named by the page's scripts, the bridge that
    writes prompts and log lines (catan_web), the plugin or the theme, whole or as the start of
    a key built in code (`online_error_${code}`, f"prompt_{kind}")."""
    sources = [*SCRIPTS, *sorted((ROOT / "catan_web").glob("*.py")),
               *sorted(package_dir("catan_site").glob("*.py")),
               *sorted((ROOT / "overrides").rglob("*.html"))]
    text = "\n".join(path.read_text(encoding="utf-8") for path in sources)
    built = {*re.findall(r"([a-z_]+_)(?:\$\{|\{)", text), *re.findall(r'"([a-z_]+_)" \+', text)}
    unused = [key for key in _catalog()
              if not re.search(rf"\b{key}\b", text) and not key.startswith(tuple(built))]
    assert not unused, f"strings of i18n/game.yml nothing uses: {unused}"


def test_names_and_imported_data_are_never_parsed_as_html() -> None:
    for path in SCRIPTS:
        source = path.read_text(encoding="utf-8")
        for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write"):
            assert sink not in source, f"{path.name} uses {sink}"


def test_no_game_rule_is_written_in_the_page_scripts() -> None:
    """Costs, caps, seeds and who acts come from the referee (catan_web.game), not from JS."""
    rules = {
        "a building cost": r"(brick|lumber|wool|grain|ore)\s*:\s*[1-9]",
        "a cap of the referee": r"MAX_[A-Z_]+|STAND_IN",
        "a bot seed": r"seed\s*\*\s*16",
        "a dev-card timing rule": r"new_dev_cards|dev_card_played",
        "a who-acts decision": r"\.actors\b|discard_owed|\.answers\)\.length",
        "a phase decision": r"phase\s*===",
    }
    for path in SCRIPTS:
        source = path.read_text(encoding="utf-8")
        for what, pattern in rules.items():
            assert not re.search(pattern, source), f"{path.name} holds {what} ({pattern})"


# -- in the browser ------------------------------------------------------------------------------

@pytest.fixture(autouse=True)
def _one_engine(request: pytest.FixtureRequest) -> None:
    """The browser tests' pages share one engine (conftest.shared_engine): how the engine
    starts is tested elsewhere (test_runtime_browser, test_offline, the widgets)."""
    if request.node.get_closest_marker("browser"):
        request.getfixturevalue("shared_engine")


@pytest.fixture()
def play(context: Any, base_url: str) -> Any:
    """A page of the on-disk profile (conftest: compiled WebAssembly is kept, storage is not),
    on the site's home page, so that a test can write the site's localStorage first."""
    page = context.new_page()
    home_with_no_game(page, base_url)
    return page


def home_with_no_game(page: Any, base_url: str) -> None:
    """The site's home page, the site's storage emptied from it: a Play page saves its game as
    it closes, and that write can reach the browser's storage after conftest's ``context``
    (or ``forget_site``) emptied it."""
    page.goto(f"{base_url}/")
    page.evaluate("localStorage.clear()")


def open_play(page: Any, base_url: str, lang: str = "en", hash_: str = "") -> None:
    page.goto(f"{base_url}/{languages.root(lang)}play/{hash_}")
    page.wait_for_selector(".catan-setup, .catan-game__svg", timeout=ENGINE)


def start(page: Any, *, kinds: tuple[str, ...] = ("human", "bot", "bot", "bot"),
          level: str = "easy", timer: int = 0, seed: int = 7, speed: str = "instant") -> None:
    """Fill the new-game form: Quick mode, beginner island, no pause between computer moves."""
    page.select_option("[data-field=count]", str(len(kinds)))
    for select, kind in zip(page.locator("[data-field=kind]").all(), kinds, strict=True):
        select.select_option(kind)
    for select in page.locator("[data-field=level]").all():
        select.select_option(level)
    page.check("input[value=quick]")
    page.check("input[value=beginner]")
    page.fill("input[type=number]", str(seed))
    page.select_option("[data-field=speed]", speed)
    page.select_option("[data-field=timer]", str(timer))
    page.click("[data-action=start]")
    page.wait_for_selector(".catan-game__svg svg.catan-board", timeout=ENGINE)


def saved(page: Any) -> dict[str, Any]:
    """The saved game, once the save that follows a drawn answer is done (a person's move is
    saved just after it is painted: a frame, then a task)."""
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)))")
    return json.loads(page.evaluate(f"localStorage.getItem({KEY!r})"))


MARKS = {"node": "circle.mark-ok[data-node]", "edge": "line.mark-ok-edge[data-edge]"}
SPOTS = {"node": "g.node[data-node='{}']", "edge": "line.edge[data-edge='{}']"}


def legal_spot(page: Any, kind: str) -> Any:
    """The first spot of ``kind`` the board marks legal, once the game waits for a person to
    choose one (after pressing "I am ..." if the pass-the-device screen shows first)."""
    mark = f".catan-game__svg {MARKS[kind]}"
    page.wait_for_selector(f"[data-action=pass-ready], {mark}", state="attached", timeout=GAME)
    if page.locator("[data-action=pass-ready]").count():
        page.click("[data-action=pass-ready]")
        page.wait_for_selector(mark, state="attached", timeout=GAME)
    name = page.locator(mark).first.get_attribute(f"data-{kind}")
    return page.locator(".catan-game__svg " + SPOTS[kind].format(name))


def link_to(data: dict[str, Any]) -> str:
    text = base64.urlsafe_b64encode(json.dumps(data).encode()).decode().rstrip("=")
    return f"#pos={text}"


@pytest.mark.browser
def test_a_whole_game_against_three_computers(play: Any, base_url: str) -> None:
    page = play
    seen = watch(page, base_url)
    open_play(page, base_url)
    start(page)
    legal_spot(page, "node").click()               # the first settlement, placed by hand
    legal_spot(page, "edge").click()               # and its road
    page.click("[data-action=seat-red]")           # then the computer plays our seat too
    page.wait_for_selector(".catan-dialog--end", timeout=GAME)
    game = saved(page)
    winner = game["position"]["winner"]
    assert winner and game["position"]["turn"]["phase"] == "game_over"
    end = page.locator(".catan-dialog--end")
    assert end.locator("table").first.locator("thead th").count() == 4  # one column per player
    assert end.locator(".catan-end__stats .catan-end__stack").count() == 4  # cards received
    total = end.locator(f'tbody tr.is-total td[data-colour="{winner}"]').inner_text()
    assert int(total) >= game["position"]["vp_to_win"] == 7
    assert end.locator(".catan-end__bar").count() == 11
    rolls = [e for e in game["log"] if e["e"]["type"] == "rolled"]
    counts = [int(x) for x in end.locator(".catan-end__count").all_inner_texts()]
    assert sum(counts) == len(rolls) > 0
    assert page.locator(".catan-game__log-list li").count() > 50
    # the save holds the game's record: played again, it ends on the saved position
    record = game["record"]
    assert len(record["actions"]) > 100
    assert Replay(record["start"], record["actions"]).end.to_dict() == game["position"]
    # "Review this game" opens the review of this game
    page.click("[data-action=end-review]")
    page.wait_for_url(f"{base_url}/review/")
    page.wait_for_selector(".catan-review__slider", timeout=ENGINE)
    assert page.locator(".catan-review__slider").get_attribute("max") == str(len(record["actions"]))
    seen.assert_clean()


@pytest.mark.browser
def test_reload_resumes_the_same_position_on_a_phone(page: Any, base_url: str) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    seen = watch(page, base_url)
    open_play(page, base_url)
    start(page, kinds=("human", "human", "human"))
    for _ in range(2):                             # two players' set-up moves, by keyboard
        spot = legal_spot(page, "node")
        spot.focus()
        page.keyboard.press("Enter")
        spot = legal_spot(page, "edge")
        spot.focus()
        page.keyboard.press("Enter")
    page.wait_for_selector("[data-action=pass-ready]")
    before = saved(page)
    status = page.locator(".catan-game__status").inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.locator(".catan-game__svg").bounding_box()["width"] > 300
    page.reload()
    page.wait_for_selector("[data-action=pass-ready]", timeout=ENGINE)
    after = saved(page)
    assert after["position"] == before["position"]
    assert after["log"] == before["log"]
    assert after["record"] == before["record"] and len(after["record"]["actions"]) == 4
    assert page.locator(".catan-game__status").inner_text() == status
    assert page.locator(".catan-game__svg .settlement").count() == 2
    assert page.locator(".catan-game__svg .road").count() == 2
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    seen.assert_clean()


FOCUS_ON_BOARD = "document.activeElement?.closest('.catan-game__svg') != null"
FOCUSED_LEGAL = """() => {
  const el = document.activeElement
  const id = el && (el.dataset.node || el.dataset.edge)
  const marks = `.mark-ok[data-node="${id}"], .mark-ok-edge[data-edge="${id}"]`
  return Boolean(id) && document.querySelector(".catan-game__svg").querySelector(marks) !== null
}"""
ROADS = "n => document.querySelectorAll('.catan-game__svg .road').length >= n"


def keyboard_choice(page: Any, kind: str) -> None:
    """Reach the board with Tab, walk to a legal spot with the arrow keys, choose it with
    Enter; the board is a single tab stop."""
    page.wait_for_selector(f"[data-action=pass-ready], .catan-game__svg {MARKS[kind]}",
                           state="attached", timeout=GAME)
    if page.locator("[data-action=pass-ready]").count():
        page.focus("[data-action=pass-ready]")
        page.keyboard.press("Enter")                # the dialog's button, by keyboard too
        page.wait_for_selector(f".catan-game__svg {MARKS[kind]}", state="attached", timeout=GAME)
    page.focus("[data-action=new]")                 # from the tools below the game, go back
    for _ in range(60):
        if page.evaluate(FOCUS_ON_BOARD):
            break
        page.keyboard.press("Shift+Tab")
    assert page.evaluate(FOCUS_ON_BOARD)
    assert page.locator(".catan-game__svg [tabindex='0']").count() == 1
    page.keyboard.press("Shift+Tab")                # one more step leaves the board
    assert not page.evaluate(FOCUS_ON_BOARD)
    page.keyboard.press("Tab")
    assert page.evaluate(FOCUSED_LEGAL)             # the tab stop starts on a legal spot
    for key in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"):   # arrows: legal spots only
        page.keyboard.press(key)
        assert page.evaluate(FOCUSED_LEGAL)
    name = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert name and ("corner of" in name or "side between" in name)
    page.keyboard.press("Enter")


@pytest.mark.browser
def test_a_whole_set_up_by_keyboard_with_one_tab_stop_per_board(play: Any, base_url: str) -> None:
    page = play
    seen = watch(page, base_url)
    open_play(page, base_url)
    start(page, kinds=("human", "human", "human"))
    for placed in range(1, 7):                     # three players, two settlements and roads each
        keyboard_choice(page, "node")
        keyboard_choice(page, "edge")
        page.wait_for_function(ROADS, arg=placed, timeout=GAME)
    page.wait_for_selector("[data-action=pass-ready], [data-action=roll]", timeout=GAME)
    game = saved(page)
    assert game["position"]["turn"]["phase"] == "roll"
    assert sum(len(p.get("settlements", [])) for p in game["position"]["players"].values()) == 6
    seen.assert_clean()


@pytest.mark.browser
def test_the_computer_takes_over_when_time_runs_out(page: Any, base_url: str) -> None:
    seen = watch(page, base_url)
    page.clock.install()
    open_play(page, base_url)
    start(page, kinds=("human", "bot", "bot"), timer=20)
    for idle in (1, 2):                            # two idle set-up turns
        legal_spot(page, "node")
        page.wait_for_selector(".catan-game__clock:not([hidden])")
        page.clock.fast_forward("00:22")
        page.wait_for_function("n => document.querySelectorAll('[data-event=timeout]').length >= n",
                               arg=idle, timeout=GAME)
    page.wait_for_selector("[data-action=back-red]", timeout=GAME)
    assert saved(page)["referee"]["seats"]["red"]["away"] is True
    page.eval_on_selector("[data-action=back-red]", "b => { b.dataset.first = 'yes' }")
    page.wait_for_function("document.querySelectorAll('.catan-game__svg .settlement').length >= 6",
                           timeout=GAME)           # the computer placed red's pieces
    moves = page.locator("[data-event]").count()
    page.wait_for_function("n => document.querySelectorAll('[data-event]').length >= n + 2",
                           arg=moves, timeout=GAME)
    # the button stayed the same element through the computer's moves (one replaced at
    # every move could swallow a click that lands between two of them)
    assert page.get_attribute("[data-action=back-red]", "data-first") == "yes"
    page.click("[data-action=back-red]")
    page.wait_for_selector("[data-action=back-red]", state="detached")
    # the seat is the person's again in the saved game (the save follows the paint, and a
    # computer's move answered meanwhile may be saved first)
    page.wait_for_function(f"""() => {{
      const seat = JSON.parse(localStorage.getItem({KEY!r})).referee.seats.red
      return !seat.away && seat.idle === 0 }}""", timeout=GAME)
    seat = saved(page)["referee"]["seats"]["red"]
    assert (seat["idle"], seat["away"], seat["auto"], seat["kind"]) == (0, False, None, "human")
    seen.assert_clean()


def main_phase_position() -> dict[str, Any]:
    """Red to trade after rolling a 5, with known hands (beginner island, set-up done)."""
    game = Game.new(seats=["red", "blue", "white"], seed=3, board="beginner")
    while game.phase in ("setup_settlement", "setup_road"):
        game.apply(game.legal_actions()[0])
    game.apply({"type": "roll", "dice": [2, 3]})
    doc = game.to_dict()
    doc["players"]["red"]["hand"] = {"brick": 2, "wool": 2}
    doc["players"]["blue"]["hand"] = {"ore": 3, "grain": 1}
    doc["players"]["white"]["hand"] = {"ore": 1}
    return Game.from_dict(doc).to_dict()


@pytest.mark.browser
def test_a_trade_with_a_counter_offer_between_two_people(play: Any, base_url: str) -> None:
    page = play
    seen = watch(page, base_url)
    settings = {"seats": [{"colour": "red", "kind": "human", "name": "Ann"},
                          {"colour": "blue", "kind": "human", "name": "<b>Bob</b>"},
                          {"colour": "white", "kind": "bot", "level": "easy"}],
                "speed": "instant"}
    link = link_to({"format": "catan-game-page/1", "settings": settings,
                    "position": main_phase_position()})
    open_play(page, base_url, hash_=link)
    page.wait_for_selector("[data-action=pass-ready]", timeout=ENGINE)
    assert "Ann" in page.locator(".catan-dialog").inner_text()
    page.click("[data-action=pass-ready]")
    page.click("[data-key=trade-toggle]")
    page.get_by_role("button", name="One brick more").first.click()    # Ann gives 1 brick
    page.get_by_role("button", name="One ore more").nth(1).click()     # and wants 1 ore
    page.uncheck("[data-key=to-white]")                                # from Bob only
    page.click("[data-action=offer]")
    page.wait_for_selector("[data-action=pass-ready]")
    assert "<b>Bob</b>" in page.locator(".catan-dialog").inner_text()  # a name is text, not HTML
    page.click("[data-action=pass-ready]")
    page.click("[data-action=counter]")                               # Bob wants 2 bricks
    page.locator(".catan-counter").get_by_role("button", name="One brick more").nth(1).click()
    page.click("[data-action=send-counter]")
    page.wait_for_selector("[data-action=pass-ready]")
    page.click("[data-action=pass-ready]")
    answers = page.locator(".catan-answers")
    assert "counter-offer" in answers.inner_text()
    page.click("[data-action=confirm-blue]")
    page.wait_for_function("!document.querySelector('.catan-answers')")
    hands = {c: p.get("hand", {}) for c, p in saved(page)["position"]["players"].items()}
    assert hands["red"] == {"wool": 2, "ore": 1}
    assert hands["blue"] == {"brick": 2, "ore": 2, "grain": 1}
    log = page.locator(".catan-game__log-list").inner_text()
    assert "declines" not in log                         # White was not asked: no news
    assert "for 1 × ore to <b>Bob</b>" in log              # the offer names whom it asks
    assert "counter-offers" in log and "gave 2 × brick to <b>Bob</b> for 1 × ore" in log
    assert page.locator(".catan-game b").count() == 0
    seen.assert_clean()


def trading_link(active: str) -> str:
    """A link to a game where ``active`` trades after rolling a 5: Ann (red) in person holds
    2 ore and 1 wool; Blue, a normal merchant computer, needs one ore for a city and holds no
    brick; White is an easy computer. With ``active`` blue, Blue offers Ann 1 ore for 1 wool."""
    doc = trading_position(active)   # the bridge tests' position (tests/test_game_bridge.py)
    if active == "blue":
        doc["pending"] = {"trade": {"give": {"ore": 1}, "get": {"wool": 1}, "answers": {}}}
    seats = [{"colour": "red", "kind": "human", "name": "Ann"},
             {"colour": "blue", "kind": "bot", "level": "normal", "personality": "merchant"},
             {"colour": "white", "kind": "bot", "level": "easy", "personality": "builder"}]
    referee = {"seed": 0, "seats": {s["colour"]: {k: v for k, v in s.items() if k != "name"}
                                    for s in seats},
               "to_people": 1, "people_turn": doc["turn"]["number"]}   # Blue's offer of the turn
    return link_to({"format": "catan-game-page/2", "settings": {"seats": seats, "speed": "instant"},
                    "position": Game.from_dict(doc).to_dict(), "referee": referee})


def hands(page: Any) -> dict[str, dict[str, int]]:
    return {c: p.get("hand", {}) for c, p in saved(page)["position"]["players"].items()}


@pytest.mark.browser
def test_a_computer_counters_the_persons_offer_in_the_panel(play: Any, base_url: str) -> None:
    page = play
    seen = watch(page, base_url)
    open_play(page, base_url, hash_=trading_link("red"))
    page.wait_for_selector("[data-key=trade-toggle]", timeout=ENGINE)

    page.click("[data-key=trade-toggle]")
    page.get_by_role("button", name="One ore more").first.click()      # Ann gives 1 ore
    page.get_by_role("button", name="One brick more").nth(1).click()   # for 1 brick
    page.uncheck("[data-key=to-white]")                                # from Blue only

    def offer() -> Any:
        page.click("[data-action=offer]")
        counter = page.locator(".catan-answers .catan-offer--counter[data-colour=blue]")
        counter.wait_for(timeout=GAME)
        return counter

    counter = offer()                             # Blue holds no brick: it offers wool instead
    assert counter.get_by_role("heading").inner_text().strip() == "Blue makes a counter-offer"
    terms = " ".join(counter.inner_text().split())
    assert "You would give: 1 × ore You would get: 1 × wool Accept Decline" in terms
    page.get_by_role("button", name="Decline Blue's counter-offer").click()
    page.wait_for_selector(".catan-answers", state="detached")
    assert hands(page)["red"] == {"ore": 2, "wool": 1}
    offer()                                       # the same offer again (the panel kept it)
    page.get_by_role("button", name="Accept Blue's counter-offer").click()
    page.wait_for_selector(".catan-answers", state="detached")
    assert hands(page)["red"] == {"ore": 1, "wool": 2}
    assert hands(page)["blue"] == {"grain": 2, "ore": 3, "wool": 1}
    log = page.locator(".catan-game__log-list").inner_text()
    assert "Blue counter-offers: gives 1 × wool for 1 × ore." in log
    assert "Ann declines Blue's counter-offer; the offer ends." in log
    assert "Ann gave 1 × ore to Blue for 1 × wool." in log
    assert "declines." not in log and "withdrew" not in log   # White was not asked: no news
    seen.assert_clean()


@pytest.mark.browser
def test_a_computer_offer_left_unanswered_is_declined_and_play_goes_on(
        page: Any, base_url: str) -> None:
    seen = watch(page, base_url)
    page.clock.install()
    open_play(page, base_url, hash_=trading_link("blue"))
    panel = page.locator(".catan-offer")
    panel.wait_for(timeout=ENGINE)                 # Blue's offer, in the page, not a dialog
    assert page.locator("dialog[open]").count() == 0
    assert "Without an answer" in panel.inner_text()
    page.wait_for_selector(".catan-game__clock:not([hidden])")
    page.clock.fast_forward("00:16")
    log = page.locator(".catan-game__log-list")
    log.get_by_text("Ann did not answer in time: declines.").wait_for(timeout=GAME)
    assert page.locator(".catan-offer").count() == 0
    page.wait_for_function(f"JSON.parse(localStorage.getItem({KEY!r})).position.turn.player"
                           " !== 'blue'", timeout=GAME)    # the computers played on
    seat = saved(page)["referee"]["seats"]["red"]
    assert (seat["kind"], seat["idle"], seat["away"], seat["auto"]) == ("human", 0, False, None)
    seen.assert_clean()


@pytest.mark.browser
def test_an_illegal_move_names_the_rule_in_french(play: Any, base_url: str) -> None:
    page = play
    seen = watch(page, base_url)
    open_play(page, base_url, "fr")
    start(page, kinds=("human", "human", "human"))
    first = legal_spot(page, "node")
    node = first.get_attribute("data-node")
    first.click()
    legal_spot(page, "edge").click()
    legal_spot(page, "node")
    neighbour = NODE_NAMES[NODE_NEIGHBOURS[NODE_ALIASES[node]][0]]
    page.locator(f'.catan-game__svg g.node[data-node="{neighbour}"]').click()
    message = page.locator(".catan-game__message")
    errors = catalog.load("errors.yml")
    message.get_by_text(errors["distance_rule"]["fr"]).wait_for()
    link = message.locator("a")
    assert link.inner_text() == _catalog()["why_faq"]["fr"]
    assert link.get_attribute("href") == f"{base_url}/fr/faq/building/#distance-rule-meaning"
    seen.assert_clean()


@pytest.mark.browser
def test_a_corrupt_save_gives_a_message_and_a_fresh_start(play: Any, base_url: str) -> None:
    page = play
    seen = watch(page, base_url)
    doc = Game.new(seats=["red", "blue", "white"], seed=1, board="beginner").to_dict()
    doc["players"]["red"]["hand"] = {"brick": 25}  # more bricks than the game has
    bad = json.dumps({"format": "catan-game-page/1", "position": doc})
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [KEY, bad])
    open_play(page, base_url, "es")
    page.wait_for_selector(".catan-setup", timeout=ENGINE)
    errors = catalog.load("errors.yml")
    message = page.locator(".catan-game__message").inner_text()
    assert _catalog()["save_corrupt"]["es"] in message
    assert errors["invalid_position"]["es"].split("{")[0] in message  # the engine's reason
    assert "brick" in message
    assert page.evaluate(f"localStorage.getItem({BACKUP_KEY!r})") == bad
    assert page.evaluate(f"localStorage.getItem({KEY!r})") is None
    seen.assert_clean()


def import_file(page: Any, name: str, data: bytes) -> None:
    page.click("[data-action=import]")
    page.set_input_files(".catan-dialog input[type=file]",
                         files=[{"name": name, "mimeType": "application/json", "buffer": data}])
    page.click("[data-action=import-load]")


LOG_LENGTH = "document.querySelector('.catan-game').catanGame.game.log.length"


def moves_after(page: Any, count: int) -> None:
    """Wait until the game's log grew past ``count`` entries: the computers still play."""
    page.wait_for_function(f"n => {LOG_LENGTH} > n", arg=count, timeout=GAME)


@pytest.mark.browser
def test_a_bad_or_huge_import_never_loses_the_game(play: Any, base_url: str) -> None:
    page = play
    seen = watch(page, base_url)
    open_play(page, base_url)
    start(page, kinds=("bot", "bot", "bot"), speed="fast")       # the computers play meanwhile
    message = page.locator(".catan-game__message")
    bad = Game.new(seats=["red", "blue", "white"], seed=1, board="beginner").to_dict()
    bad["players"]["red"]["hand"] = {"brick": 25}                  # more bricks than the game has
    import_file(page, "bad.json", json.dumps({"position": bad}).encode())
    message.get_by_text(_catalog()["import_failed"]["en"]).wait_for(timeout=ENGINE)
    assert "brick" in message.inner_text()
    moves_after(page, page.evaluate(LOG_LENGTH))
    import_file(page, "huge.json", b" " * 2_000_001)
    message.get_by_text("larger than 2 MB").wait_for(timeout=ENGINE)
    moves_after(page, page.evaluate(LOG_LENGTH))
    assert saved(page)["settings"]["seed"] == 7 and not page.evaluate(
        f"localStorage.getItem({BACKUP_KEY!r})")                  # nothing was set aside
    page.reload()
    page.wait_for_selector(".catan-game__svg svg.catan-board", timeout=ENGINE)
    assert saved(page)["settings"]["seed"] == 7
    moves_after(page, page.evaluate(LOG_LENGTH))                                # and it still plays
    import_file(page, "bad.json", json.dumps({"position": bad}).encode())
    message.get_by_text(_catalog()["import_failed"]["en"]).wait_for(timeout=ENGINE)
    people = [{"colour": c, "kind": "human"} for c in ("red", "blue", "white")]
    good = {"format": "catan-game-page/2", "position": main_phase_position(),
            "settings": {"seats": people}}
    import_file(page, "good.json", json.dumps(good).encode())
    page.wait_for_function("document.querySelector('.catan-game__message').childElementCount === 0",
                           timeout=ENGINE)
    page.wait_for_function(f"(n) => JSON.parse(localStorage.getItem({KEY!r}) || 'null')"
                           "?.position?.turn?.number === n",    # the imported game, saved
                           arg=main_phase_position()["turn"]["number"], timeout=ENGINE)
    kept = json.loads(page.evaluate(f"localStorage.getItem({BACKUP_KEY!r})"))
    assert kept["settings"]["seed"] == 7                            # the old game kept aside
    seen.assert_clean()


@pytest.mark.browser
def test_a_share_link_holds_only_what_the_sharer_sees(play: Any, base_url: str) -> None:
    page = play
    seen = watch(page, base_url)
    doc = main_phase_position()
    doc["players"]["blue"]["hand"] = {"ore": 6, "grain": 5}
    doc["players"]["white"]["hand"] = {"wool": 7}
    doc["players"]["blue"]["dev_cards"] = ["monopoly"]
    del doc["deck"]                                           # the rest, shuffled
    full = Game.from_dict(doc).to_dict()
    settings = {"seats": [{"colour": "red", "kind": "human"},
                          {"colour": "blue", "kind": "bot", "level": "easy"},
                          {"colour": "white", "kind": "bot", "level": "easy"}], "seed": 4}
    open_play(page, base_url, hash_=link_to({"format": "catan-game-page/2", "settings": settings,
                                             "position": full}))
    page.wait_for_selector("[data-action=share]:not([hidden])", timeout=ENGINE)
    page.click("[data-action=share]")
    link = page.locator(".catan-share__link").input_value()
    payload = json.loads(base64.urlsafe_b64decode(link.split("#pos=")[1] + "==").decode())
    position = payload["position"]
    assert position["players"]["red"]["hand"] == full["players"]["red"]["hand"]
    for other in ("blue", "white"):
        assert set(position["players"][other]["hand"]) == {"hidden"}
        assert set(position["players"][other]["dev_cards"]) == {"hidden"}
    assert position["deck"] == len(full["deck"]) and "rng" not in position
    assert payload["settings"]["seed"] is None and "seed" not in payload["referee"]
    seen.assert_clean()
    # another person's browser: the sharer's tab closed, the site's storage emptied (the
    # compiled engine kept)
    context = page.context
    page.close()
    forget_site(context, base_url)
    other = context.new_page()
    seen = watch(other, base_url)
    home_with_no_game(other, base_url)
    other.goto(link)
    other.wait_for_selector(".catan-game__svg svg.catan-board", timeout=ENGINE)
    stored = saved(other)
    hands = {c: p.get("hand", {}) for c, p in stored["position"]["players"].items()}
    assert hands["red"] == full["players"]["red"]["hand"]
    assert hands["blue"] != full["players"]["blue"]["hand"]      # dealt again: 11 cards
    assert hands["white"] != full["players"]["white"]["hand"]    # of the 87 nobody showed
    assert stored["position"]["deck"] != full["deck"] and stored["position"]["rng"] != full["rng"]
    assert "#pos=" not in other.url and stored["settings"]["seed"] is None
    seen.assert_clean()


@pytest.mark.browser
@pytest.mark.parametrize("lang", LANGS)
def test_the_page_is_translated(page: Any, base_url: str, lang: str) -> None:
    seen = watch(page, base_url)
    open_play(page, base_url, lang)
    assert page.evaluate("""() => [document.documentElement.lang,
                                   document.querySelectorAll('.md-content h1').length]""") \
        == [lang, 1]
    catalog = _catalog()
    assert page.locator("[data-action=start]").inner_text() == catalog["start_game"][lang]
    assert catalog["mode_quick"][lang] in page.locator(".catan-setup").inner_text()
    seen.assert_clean()


def trade_before_build_link() -> str:
    """Ann (red, in person) to build after rolling a 5 with the trade-before-build rule: she
    holds a road's cards and four grain (a bank trade); two computers."""
    doc = main_phase_position()
    doc["players"]["red"]["hand"] = {"brick": 1, "lumber": 1, "grain": 4, "wool": 1}
    doc["rules"] = {"trade_before_build": True}
    seats = [{"colour": "red", "kind": "human", "name": "Ann"},
             {"colour": "blue", "kind": "bot", "level": "easy"},
             {"colour": "white", "kind": "bot", "level": "easy"}]
    settings = {"seats": seats, "speed": "instant", "rules": {"trade_before_build": True}}
    return link_to({"format": "catan-game-page/2", "settings": settings,
                    "position": Game.from_dict(doc).to_dict()})


def unavailable(page: Any, action: str) -> bool:
    return "is-unavailable" in (page.get_attribute(f"[data-action={action}]", "class") or "")


@pytest.mark.browser
def test_trade_before_build_offers_no_trade_once_built(play: Any, base_url: str) -> None:
    """With trade-before-build, the page marks Offer and the bank trade available before
    building and unavailable after, as the engine decides (it refuses them then)."""
    page = play
    seen = watch(page, base_url)
    open_play(page, base_url, hash_=trade_before_build_link())
    page.wait_for_selector("[data-action=build-road]", timeout=ENGINE)
    page.click("[data-key=trade-toggle]")
    assert not unavailable(page, "offer") and not unavailable(page, "bank-trade")
    page.click("[data-action=build-road]")
    legal_spot(page, "edge").click()
    page.wait_for_function("() => document.querySelector('.catan-game').catanGame.view"
                           ".players.find((p) => p.colour === 'red').pieces_left.roads === 12",
                           timeout=GAME)
    page.wait_for_selector("[data-action=offer].is-unavailable", timeout=GAME)
    assert unavailable(page, "bank-trade")
    can = page.evaluate("document.querySelector('.catan-game').catanGame.view.can")
    assert not can.get("offer_trade") and not can.get("bank_trade") and can.get("end_turn")
    page.click("[data-action=offer]")   # the rule's reason, never a trade
    page.wait_for_selector(".catan-game__note--error", timeout=GAME)
    assert "trading ends once you have built" in page.inner_text(".catan-game__note--error")
    assert saved(page)["position"]["pending"].get("trade") is None
    seen.assert_clean()


#: The saved game's seed (undefined while a new game replaces the saved one).
SAVED_SEED = f"JSON.parse(localStorage.getItem({KEY!r}) || 'null')?.settings?.seed"


@pytest.mark.browser
def test_a_new_game_gets_a_new_seed_unless_one_is_typed(play: Any, base_url: str) -> None:
    page = play
    seen = watch(page, base_url)
    open_play(page, base_url)
    start(page, kinds=("human", "bot", "bot"))              # seed 7, typed
    first = saved(page)
    assert first["settings"]["seed"] == 7
    page.click("[data-action=new]")
    seed = page.locator(".catan-setup input[type=number]")
    assert seed.input_value() == ""                         # the last game's seed is not kept
    page.click("[data-action=start]")
    page.wait_for_function(f"({SAVED_SEED} ?? 7) !== 7", timeout=ENGINE)
    again = saved(page)
    assert again["position"]["rng"] != first["position"]["rng"]   # other dice
    page.click("[data-action=new]")
    page.fill(".catan-setup input[type=number]", "7")       # a seed typed again: that game
    page.click("[data-action=start]")
    page.wait_for_function(SAVED_SEED + " === 7", timeout=ENGINE)
    assert saved(page)["position"]["board"] == first["position"]["board"]
    seen.assert_clean()


def cards_link(name: str) -> str:
    """``name`` (red, in person) after rolling, holding a Knight and a Monopoly."""
    doc = main_phase_position()
    doc["players"]["red"]["dev_cards"] = ["knight", "monopoly"]
    for card in ("knight", "monopoly"):
        doc["deck"].remove(card)
    seats = [{"colour": "red", "kind": "human", "name": name},
             {"colour": "blue", "kind": "bot", "level": "easy"},
             {"colour": "white", "kind": "bot", "level": "easy"}]
    return link_to({"format": "catan-game-page/2", "settings": {"seats": seats, "speed": "instant"},
                    "position": Game.from_dict(doc).to_dict()})


@pytest.mark.browser
@pytest.mark.parametrize(("lang", "knight"), [("en", "Play Knight"), ("fr", "Jouer Chevalier")])
def test_each_card_button_names_its_card(play: Any, base_url: str, lang: str,
                                         knight: str) -> None:
    page = play
    seen = watch(page, base_url)
    open_play(page, base_url, lang, hash_=cards_link("Ann"))
    page.wait_for_selector(".catan-game__hand .catan-devcards", timeout=ENGINE)
    assert page.get_by_role("button", name=knight, exact=True).count() == 1
    names = page.locator(".catan-devcards button").evaluate_all(
        "els => els.map((el) => el.getAttribute('aria-label'))")
    assert len(set(names)) == 2 and None not in names
    seen.assert_clean()


@pytest.mark.browser
def test_french_elides_de_before_a_name_with_a_vowel(play: Any, base_url: str) -> None:
    page = play
    seen = watch(page, base_url)
    open_play(page, base_url, "fr", hash_=cards_link("Invitée"))
    page.wait_for_selector(".catan-game__hand .catan-devcards", timeout=ENGINE)
    assert page.locator(".catan-game__hand h2").inner_text() == "Main d'Invitée"
    assert "de Invitée" not in page.locator(".catan-game").inner_text()
    seen.assert_clean()


@pytest.mark.browser
def test_an_import_that_is_not_a_game_says_so_in_words(play: Any, base_url: str) -> None:
    page = play
    seen = watch(page, base_url)
    open_play(page, base_url)
    import_file(page, "notes.json", b"{not json at all")
    message = page.locator(".catan-game__message")
    message.get_by_text(_catalog()["import_failed"]["en"]).wait_for(timeout=ENGINE)
    shown = message.inner_text()
    assert "This file is not a saved game." in shown
    assert "JSON" not in shown and "position" not in shown   # the parser's words out of view
    details = message.locator("details")
    details.locator("summary").click()
    assert "JSON" in details.inner_text()                    # and there for who asks
    seen.assert_clean()


def won_link() -> str:
    """A game Red (Ann, in person) has just won with a city: 7 points in Quick mode."""
    doc = main_phase_position()
    doc["players"]["red"]["dev_cards"] = ["victory_point"] * 4
    for _ in range(4):
        doc["deck"].remove("victory_point")
    doc["players"]["red"]["hand"] = {"grain": 2, "ore": 3}
    doc["vp_to_win"] = 7
    game = Game.from_dict(doc)
    game.apply({"type": "build_city", "player": "red", "node": "0.N"})
    assert game.winner == "red"
    seats = [{"colour": "red", "kind": "human", "name": "Ann"},
             {"colour": "blue", "kind": "human", "name": "Bob"},
             {"colour": "white", "kind": "bot", "level": "easy"}]
    return link_to({"format": "catan-game-page/2", "settings": {"seats": seats},
                    "position": game.to_dict()})


@pytest.mark.browser
def test_a_won_game_shows_no_turn_and_no_seat_controls(play: Any, base_url: str) -> None:
    page = play
    seen = watch(page, base_url)
    open_play(page, base_url, hash_=won_link())
    page.wait_for_selector("[data-action=results]", timeout=ENGINE)
    players = page.locator(".catan-game__players")
    assert players.locator("li.catan-player").count() == 3
    assert _catalog()["current_turn"]["en"] not in players.inner_text()
    assert players.locator("li.is-current").count() == 0
    assert players.locator("button").count() == 0          # no seat to hand to a computer
    seen.assert_clean()


def roads_link() -> str:
    """Ann (red) to build after rolling a 5 on the beginner island, with 15 brick and 15
    lumber; two easy computers: the click benchmark's game."""
    return click_benchmark.link()


#: The board on the page and the engine's last drawing of it, each without what the page adds
#: (names, tab stops, the harbours' translated titles, the pointer's class): equal when the page
#: drew the engine's.
SAME_AS_ENGINE = """() => {
  const bare = (svg) => {
    const copy = svg.cloneNode(true)
    copy.classList.remove("is-over-spot")
    for (const el of [copy, ...copy.querySelectorAll("*")]) {
      for (const name of ["role", "tabindex", "aria-label"]) el.removeAttribute(name)
    }
    for (const title of copy.querySelectorAll(".port title")) title.textContent = ""
    return copy.outerHTML
  }
  const template = document.createElement("template")
  template.innerHTML = document.querySelector(".catan-game").catanGame.view.board
  return bare(document.querySelector(".catan-game__svg svg.catan-board"))
    === bare(template.content.firstElementChild)
}"""


@pytest.mark.browser
def test_a_new_board_changes_only_what_changed(play: Any, base_url: str) -> None:
    """After each move the page shows exactly the board the engine drew, but the elements that
    did not change (the hexes) are the ones already on the page: only the rest is put in."""
    page = play
    seen = watch(page, base_url)
    open_play(page, base_url, hash_=roads_link())
    page.wait_for_selector("[data-action=build-road]", timeout=ENGINE)
    page.evaluate("() => { for (const t of document.querySelectorAll("
                  "'.catan-game__svg g.tile')) t.catanOld = true }")
    for built in range(1, 4):
        page.click("[data-action=build-road]")
        mark = page.locator(MARKS["edge"]).first
        mark.wait_for(state="attached", timeout=GAME)   # (a vertical side has no width)
        assert page.get_attribute("[data-action=build-road]", "aria-pressed") == "true"
        assert page.evaluate(SAME_AS_ENGINE)
        edge = mark.get_attribute("data-edge")
        page.locator(SPOTS["edge"].format(edge)).click(force=True)
        page.wait_for_function(f"document.querySelectorAll('.catan-game__svg g.road"
                               f"[data-player=red]').length >= {2 + built}", timeout=GAME)
        assert page.evaluate(SAME_AS_ENGINE)
        assert page.get_attribute("[data-action=build-road]", "aria-pressed") == "false"
    assert page.evaluate("() => [...document.querySelectorAll('.catan-game__svg g.tile')]"
                         ".every((t) => t.catanOld)")
    seen.assert_clean()


def link_with_hand(hand: dict[str, int]) -> str:
    """The click benchmark's game, Ann (red) holding ``hand``."""
    text = click_benchmark.link()[len("#pos="):]
    data = json.loads(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))
    data["position"]["players"]["red"]["hand"] = hand
    return link_to(data)


@pytest.mark.browser
def test_a_build_the_hand_cannot_pay_names_the_missing_cards(play: Any, base_url: str) -> None:
    """Road pressed with one brick and no lumber, then a side the road could take: the rule
    (not enough resource cards) and the cards still missing, in the page's language."""
    page = play
    seen = watch(page, base_url)
    open_play(page, base_url, "fr", link_with_hand({"brick": 1}))
    road = page.locator("[data-action=build-road]")
    road.wait_for()
    assert "is-unavailable" in (road.get_attribute("class") or "")
    # the button shows the cost, a dot per card, hollow for the lumber the hand lacks
    assert road.locator(".catan-dot").count() == 2
    assert road.locator(".catan-dot.is-missing").count() == 1
    assert road.locator(".catan-dot.is-missing.catan-chip--lumber").count() == 1
    assert "null" not in page.locator(".catan-game__actions").inner_text()
    road.click()
    page.wait_for_selector("[data-action=build-road][aria-pressed=true]")
    side = page.evaluate("""() => {
      const choice = document.querySelector(".catan-game").catanGame.view.choice
      return Object.entries(choice.illegal)
        .find(([, why]) => why.code === "insufficient_resources")[0]
    }""")
    page.locator(f".catan-game__svg line.edge[data-edge='{side}']").click(force=True)
    message = page.locator(".catan-game__message")
    errors = catalog.load("errors.yml")
    board = catalog.load("board.yml")
    glossary = catalog.load("glossary.yml")
    message.get_by_text(errors["insufficient_resources"]["fr"], exact=False).wait_for()
    lumber = next(term["fr"] for term in glossary["terms"] if term["key"] == "lumber")
    missing = board["board_missing"]["fr"].replace("{cards}", f"{lumber} ×1")
    assert missing in message.inner_text()
    assert missing in (road.get_attribute("aria-label") or "")  # heard on the button too
    assert "argile" not in message.inner_text()  # the brick is there
    seen.assert_clean()


@pytest.mark.browser
def test_every_player_at_a_glance_in_the_bar(play: Any, base_url: str) -> None:
    """The bar that stays in view lists every player: colour, name, points, resource cards,
    whose turn; a screen reader hears each as one sentence (issue 33: opponents with points,
    card counts and the turn, instead of only the long list of the side panel)."""
    page = play
    seen = watch(page, base_url)
    open_play(page, base_url, "en", roads_link())
    scores = page.locator(".catan-game__bar ul.catan-game__scores > li")
    scores.first.wait_for()
    view = page.evaluate("document.querySelector('.catan-game').catanGame.view")
    catalog = _catalog()
    assert scores.count() == len(view["players"]) == 3
    for item, player in zip(scores.all(), view["players"], strict=True):
        assert item.get_attribute("data-colour") == player["colour"]
        said = item.get_attribute("aria-label")
        points = catalog["points_public"]["en"].format(n=player["points"], total=view["vp_to_win"])
        cards = catalog["score_cards"]["en"].format(n=player["cards"])
        assert points in said and cards in said
        shown = item.inner_text()
        assert catalog["score_points_short"]["en"].format(n=player["points"]) in shown
        assert catalog["score_cards_short"]["en"].format(n=player["cards"]) in shown
        current = player["colour"] == view["current"]
        assert ("is-current" in (item.get_attribute("class") or "")) == current
        assert (catalog["current_turn"]["en"] in said) == current
    assert scores.first.locator(".catan-score__name").inner_text() == "Ann"
    # the turn moves on (the computers may play theirs and give it back at once): the mark
    # always follows the view's player to act
    page.locator("[data-action=end-turn]").click()
    page.wait_for_function(f"document.querySelector('.catan-game').catanGame.view.turn"
                           f" > {view['turn']}", timeout=GAME)
    page.wait_for_function("""() => {
      const view = document.querySelector(".catan-game").catanGame.view
      const mark = document.querySelector(".catan-game__scores li.is-current")
      return mark && mark.dataset.colour === view.current
    }""")
    seen.assert_clean()


@pytest.mark.browser
def test_a_maritime_trade_in_two_taps(play: Any, base_url: str) -> None:
    """The cards the hand can give at its rate are buttons in view (no form to open): a tap on
    what to give, a tap on what to take, and the bank trade is made at the engine's rate."""
    page = play
    seen = watch(page, base_url)
    open_play(page, base_url, "en", link_with_hand({"brick": 4, "lumber": 1}))
    give = page.locator("[data-action=bank-give-brick]")
    give.wait_for()
    assert not page.locator("[data-action=bank-give-lumber]").count()  # 1 lumber: not enough
    view = page.evaluate("document.querySelector('.catan-game').catanGame.view")
    rate = view["me"]["rates"]["brick"]
    assert give.inner_text() == _catalog()["bank_give"]["en"].format(n=rate, what="brick")
    give.click()
    page.wait_for_selector("[data-action=bank-give-brick][aria-pressed=true]")
    page.locator("[data-action=bank-get-wool]").click()
    hand_js = "document.querySelector('.catan-game').catanGame.view.me.hand"
    page.wait_for_function(f"{hand_js}.wool === 1")
    hand = page.evaluate(hand_js)
    assert hand["brick"] == 4 - rate and hand["lumber"] == 1
    assert not page.locator("[data-action^=bank-get-]").count()  # the choice is over
    seen.assert_clean()


def before_the_roll_link(hand: dict[str, int]) -> str:
    """Four players, set-up done (beginner island), Ann (Red) to roll with ``hand``."""
    game = Game.new(seats=["red", "blue", "white", "orange"], seed=3, board="beginner")
    while game.phase in ("setup_settlement", "setup_road"):
        game.apply(game.legal_actions()[0])
    doc = game.to_dict()
    for colour in doc["players"]:
        doc["players"][colour]["hand"] = {}
    doc["players"]["red"]["hand"] = hand
    seats = [{"colour": "red", "kind": "human", "name": "Ann"}] + [
        {"colour": c, "kind": "bot", "level": "easy"} for c in ("blue", "white", "orange")]
    return link_to({"format": "catan-game-page/2",
                    "settings": {"seats": seats, "speed": "instant", "timer": 0},
                    "position": Game.from_dict(doc).to_dict(),
                    "referee": {"seed": 1,  # the site rolls a 5 first: no robber
 "seats": {s["colour"]: {"kind": s["kind"]}
                                                     for s in seats}}})


IN_VIEW = """(sel) => {
  const el = document.querySelector(sel)
  if (!el) return null
  const r = el.getBoundingClientRect()
  const [x, y] = [r.left + r.width / 2, r.top + r.height / 2]
  const shown = r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth
  // and not scrolled out of its panel's column: what a pointer there would touch (on the
  // board, the board itself: its marks take no pointer, the nearest spot is chosen)
  const hit = shown && document.elementFromPoint(x, y)
  const scope = el.closest(".catan-game__svg") || el
  return hit && (scope.contains(hit) || hit.contains(el)) ? [x, y] : null
}"""


@pytest.mark.browser
@pytest.mark.parametrize(("lang", "size"), [("en", (1366, 768)), ("fr", (390, 844))])
def test_a_whole_turn_is_played_without_scrolling(context: Any, base_url: str, lang: str,
                                                  size: tuple[int, int]) -> None:
    """The game is a screen: once it is in view, a whole turn (roll, a maritime trade, a road,
    end of turn: six taps) is played with every control in the window when it is needed, the
    page never moving (the panels' column may bring what comes next into view by itself).
    Each tap is a pointer at the control's place, so nothing scrolls for the test either."""
    width, height = size
    page = context.new_page()
    page.set_viewport_size({"width": width, "height": height})
    seen = watch(page, base_url)
    open_play(page, base_url, lang, before_the_roll_link({"brick": 1, "lumber": 1, "ore": 4}))
    page.wait_for_selector("[data-action=roll]", timeout=ENGINE)
    # the page brings the game screen under the header once the game is on the table
    page.wait_for_function("document.querySelector('.catan-game__play')"
                           ".getBoundingClientRect().top < 60", timeout=GAME)
    top = page.evaluate("scrollY")
    view_js = "document.querySelector('.catan-game').catanGame.view"
    # the whole island shows, below the bar (which never covers its top)
    board, bar = (page.locator(sel).bounding_box() for sel in
                  (".catan-game__svg svg.catan-board", ".catan-game__bar"))
    assert board and bar and bar["y"] + bar["height"] <= board["y"] + 1
    assert board["y"] + board["height"] <= height + 1, (board, height)

    def tap(selector: str) -> None:
        page.wait_for_selector(selector, timeout=GAME)
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done()))")
        at = page.evaluate(IN_VIEW, selector)
        assert at, f"{selector} is out of the {width}×{height} window"
        page.mouse.click(*at)

    tap("[data-action=roll]")
    page.wait_for_function(f"{view_js}.phase === 'main'", timeout=GAME)
    assert sum(page.evaluate(f"{view_js}.dice")) != 7
    tap("[data-action=bank-give-ore]")
    tap("[data-action=bank-get-wool]")
    page.wait_for_function(f"{view_js}.me.hand.wool === 1", timeout=GAME)
    # the hand as five cards, each with its count, the card just gained marked
    hand = page.evaluate(f"{view_js}.me.hand")
    cards = page.locator(".catan-game__hand .catan-hand > li")
    page.wait_for_selector(".catan-hand [data-resource=wool].is-gained")
    assert cards.count() == 5
    assert {c.get_attribute("data-resource"): int(c.locator(".catan-card__n").inner_text())
            for c in cards.all()} == {r: hand.get(r, 0) for r in
                                     ("brick", "lumber", "wool", "grain", "ore")}
    tap("[data-action=build-road]")
    tap(".catan-game__svg line.mark-ok-edge")
    page.wait_for_function(f"!{view_js}.me.hand.brick", timeout=GAME)  # the road was built
    turn = page.evaluate(f"{view_js}.turn")
    tap("[data-action=end-turn]")  # (the computers may play theirs and give it back at once)
    page.wait_for_function(f"{view_js}.turn > {turn}", timeout=GAME)
    assert page.evaluate("scrollY") == top
    seen.assert_clean()
    page.close()


COUNT_CHIMES = """
window.__tones = 0
const real = window.AudioContext && window.AudioContext.prototype.createOscillator
if (real) {
  window.AudioContext.prototype.createOscillator = function () {
    window.__tones++
    return real.call(this)
  }
}
"""


@pytest.mark.browser
def test_a_sound_on_my_turn_only_when_asked(context: Any, base_url: str) -> None:
    """The sound is off unless the player turns it on (a pressed switch under the game, kept
    in this browser); then the start of their turn plays a short chime (two tones), once."""
    page = context.new_page()
    page.add_init_script(COUNT_CHIMES)
    link = before_the_roll_link({"brick": 1})
    open_play(page, base_url, "en", link)
    page.wait_for_selector("[data-action=roll]", timeout=ENGINE)
    switch = page.locator("[data-action=sound]")
    assert switch.get_attribute("aria-pressed") == "false"
    assert page.evaluate("window.__tones") == 0      # Ann's turn began: silence
    switch.click()
    assert switch.get_attribute("aria-pressed") == "true"
    assert page.evaluate("window.__tones") == 2      # turned on: heard once
    page.reload()
    page.wait_for_selector("[data-action=roll]", timeout=ENGINE)
    assert page.locator("[data-action=sound]").get_attribute("aria-pressed") == "true"
    page.wait_for_function("window.__tones === 2")   # her turn, on: one chime
    page.wait_for_timeout(300)
    assert page.evaluate("window.__tones") == 2
    page.locator("[data-action=sound]").click()
    page.close()


@pytest.mark.browser
def test_an_offer_made_by_tapping_cards(play: Any, base_url: str) -> None:
    """While Ann may trade, a tap on a card of her hand gives one more of it (never more than
    she holds) and a tap on a card of the row to ask for asks one more: the trade panel opens
    with the offer in it, − takes one back, and the offer made is the one tapped."""
    page = play
    seen = watch(page, base_url)
    open_play(page, base_url, hash_=trading_link("red"))   # Ann: 2 ore, 1 wool
    page.wait_for_selector("[data-action=give-card-ore]", timeout=ENGINE)
    assert not page.locator("[data-action=give-card-brick]").count()   # none to give
    for _ in range(3):                                                # the third is refused
        page.get_by_role("button", name="Give one ore card").click()
    page.get_by_role("button", name="Ask for one brick card").click()
    page.get_by_role("button", name="Ask for one grain card").click()
    page.get_by_role("button", name="One grain less").nth(1).click()   # the grid's "get" side
    grid = page.locator(".catan-trade .catan-tradegrid tbody")
    row = "tr:has(.catan-chip--{}) output"
    counts = {r: [int(x) for x in grid.locator(row.format(r)).all_inner_texts()]
              for r in ("ore", "brick", "grain")}
    assert counts == {"ore": [2, 0], "brick": [0, 1], "grain": [0, 0]}
    page.uncheck("[data-key=to-white]")
    page.click("[data-action=offer]")
    page.wait_for_function("document.querySelector('.catan-game').catanGame.view.trade",
                           timeout=GAME)
    trade = page.evaluate("document.querySelector('.catan-game').catanGame.view.trade")
    assert (trade["give"], trade["get"]) == ({"ore": 2}, {"brick": 1})
    seen.assert_clean()


def tab_to(page: Any, selector: str, back: bool = False) -> None:
    """Press Tab (Shift+Tab with ``back``) until the focus is on ``selector``."""
    for _ in range(80):
        if page.evaluate("(sel) => document.activeElement?.matches(sel)", selector):
            return
        page.keyboard.press("Shift+Tab" if back else "Tab")
    raise AssertionError(f"Tab never reached {selector}")


@pytest.mark.browser
def test_a_whole_turn_by_keyboard(context: Any, base_url: str) -> None:
    """The same turn with the keyboard alone, on the game screen: Tab to a control, Enter; the
    board is one tab stop that starts on a legal side."""
    page = context.new_page()
    page.set_viewport_size({"width": 1366, "height": 768})
    open_play(page, base_url, "en", before_the_roll_link({"brick": 1, "lumber": 1, "ore": 4}))
    page.wait_for_selector("[data-action=roll]", timeout=ENGINE)
    view_js = "document.querySelector('.catan-game').catanGame.view"
    page.focus("[data-action=new]")                     # the tools under the game
    tab_to(page, "[data-action=roll]", back=True)
    page.keyboard.press("Enter")
    page.wait_for_function(f"{view_js}.phase === 'main'", timeout=GAME)
    page.wait_for_selector("[data-action=bank-give-ore]", timeout=GAME)
    page.focus("[data-action=new]")
    tab_to(page, "[data-action=bank-give-ore]", back=True)
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-action=bank-get-wool]", timeout=GAME)
    tab_to(page, "[data-action=bank-get-wool]")
    page.keyboard.press("Enter")
    page.wait_for_function(f"{view_js}.me.hand.wool === 1", timeout=GAME)
    page.focus("[data-action=new]")
    tab_to(page, "[data-action=build-road]", back=True)
    page.keyboard.press("Enter")
    page.wait_for_selector(".catan-game__svg line.mark-ok-edge", state="attached", timeout=GAME)
    tab_to(page, ".catan-game__svg [tabindex='0']", back=True)
    assert page.evaluate(FOCUSED_LEGAL)
    page.keyboard.press("Enter")
    page.wait_for_function(f"!{view_js}.me.hand.brick", timeout=GAME)
    turn = page.evaluate(f"{view_js}.turn")
    page.focus("[data-action=new]")
    tab_to(page, "[data-action=end-turn]", back=True)
    page.keyboard.press("Enter")
    page.wait_for_function(f"{view_js}.turn > {turn}", timeout=GAME)
    page.close()
