"""The review page in Chromium: a finished game played again step by step, as its person saw it.

The board at each step is the engine's position after that many actions; the other players'
cards never show; an exported file opens in another language; a save without a record, or a
file that is not a game, is refused with words and nothing breaks; the win chances fill in
while the page answers."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from pagewatch import watch
from reviewgame import KEY, PAGE_PIECES, engine_pieces, finished_save

from catan_site import languages

ENGINE = 120_000
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("review")]


@pytest.fixture(autouse=True)
def _one_engine(request: pytest.FixtureRequest) -> None:
    """The pages share one engine (conftest.shared_engine)."""
    request.getfixturevalue("shared_engine")


def normalised(pieces: dict[str, Any]) -> dict[str, Any]:
    return {key: sorted(tuple(x) if isinstance(x, list) else x for x in value)
            for key, value in pieces.items()}


def open_review(page: Any, base_url: str, save: dict[str, Any] | None, lang: str = "en") -> None:
    page.goto(f"{base_url}/{languages.root(lang)}")
    if save is None:
        page.evaluate(f"localStorage.removeItem({KEY!r})")
    else:
        page.evaluate("([key, text]) => localStorage.setItem(key, text)", [KEY, json.dumps(save)])
    page.goto(f"{base_url}/{languages.root(lang)}review/")


def shown_step(page: Any) -> int:
    return int(page.locator(".catan-review__slider").input_value())


def go_to(page: Any, step: int) -> None:
    """Move the slider to ``step`` as a person would (keyboard), and wait for that board."""
    slider = page.locator(".catan-review__slider")
    slider.focus()
    page.keyboard.press("Home")
    page.wait_for_function("document.querySelector('.catan-review__slider').value === '0'")
    for _ in range(step):
        page.keyboard.press("ArrowRight")
    page.wait_for_function(
        f"document.querySelector('.catan-review__where').textContent.includes(' {step} ')")


def test_a_finished_game_step_by_step_is_the_engines_game(page: Any, base_url: str) -> None:
    save = finished_save()
    steps = len(save["record"]["actions"])
    seen = watch(page, base_url)
    open_review(page, base_url, save)
    page.wait_for_selector(".catan-review__slider", timeout=ENGINE)
    assert page.locator(".catan-review__slider").get_attribute("max") == str(steps)
    assert "Ann" in page.locator(".catan-review__as").inner_text()
    # the first points of the graph come while the page answers the keyboard
    page.wait_for_function("document.querySelector('.catan-review__line')?.getAttribute('points')"
                           "?.split(' ').length >= 2", timeout=ENGINE)
    go_to(page, 0)  # the legend: each seat's chance where the marker stands (set-up: turn 1's)
    first = page.evaluate("""[...document.querySelectorAll('.catan-review__line')].map((line) =>
        Math.round(100 * (152 - Number(line.getAttribute('points').split(' ')[0].split(',')[1]))
                   / 124))""")  # y = H - PAD - (H - 2 PAD) * chance, review.js
    legend = page.locator(".catan-review__legend li").all_inner_texts()
    assert [int(re.findall(r"(\d+)\s*%", text)[0]) for text in legend] == first
    for step in (0, 1, 9, 26, 61):
        go_to(page, step)
        board = normalised(page.evaluate(PAGE_PIECES, ".catan-review__board svg"))
        assert board == normalised(engine_pieces(save, step, "red")), step
        # the dice: a sentence during the set-up (no roll yet), the bars once a roll is made
        bars = page.locator(".catan-review__dice li").count()
        said = page.locator(".catan-review__dice p").all_inner_texts()
        if step == 0:
            assert (bars, said) == (0, ["No dice rolled yet at this point of the game."]), step
        elif step == 61:
            assert bars == 11 and not said, step
    page.keyboard.press("End")
    page.wait_for_function(
        f"document.querySelector('.catan-review__where').textContent.includes('{steps} of')")
    board = normalised(page.evaluate(PAGE_PIECES, ".catan-review__board svg"))
    assert board == normalised(engine_pieces(save, steps, "red"))
    # Page Up goes back to the start of a turn; the turn list goes to a turn
    page.keyboard.press("PageUp")
    page.wait_for_function(f"document.querySelector('.catan-review__slider').value !== '{steps}'")
    assert shown_step(page) < steps
    seen.assert_clean()


def test_other_players_cards_never_show(page: Any, base_url: str) -> None:
    save = finished_save()
    open_review(page, base_url, save)
    page.wait_for_selector(".catan-review__slider", timeout=ENGINE)
    page.locator("[data-action=review-last]").click()
    steps = len(save["record"]["actions"])
    page.wait_for_function(
        f"document.querySelector('.catan-review__where').textContent.includes('{steps} of')")
    rows = page.locator(".catan-review__players tbody tr")
    for i in range(rows.count()):
        colour = rows.nth(i).get_attribute("data-colour")
        hand = rows.nth(i).locator("td").nth(1).inner_text()
        if colour != "red":
            assert re.fullmatch(r"\d+", hand), (colour, hand)  # a count, never the cards
        else:
            assert not re.fullmatch(r"\d+", hand) or hand == "0"
    steals = [line for line in page.locator(".catan-review__log li").all_inner_texts()
              if " stole " in line]
    for line in steals:
        if "Ann" not in line:
            assert re.search(r"stole a card from|stole nothing from", line), line
    # a steal between two others is a card of unknown kind in the cards gained and lost
    flows = page.locator(".catan-review__flows").inner_text()
    red_hand = save["position"]["players"]["red"]["hand"]
    assert red_hand is not None and flows
    log = [entry.get("full", entry["e"]) for entry in save["log"]]
    others_stole = any(e["type"] == "stole" and e.get("card") and "red" not in
                       (e["player"], e["victim"]) for e in log)
    assert ("?" in flows) == others_stole


def test_an_exported_file_in_french_and_bad_sources_refused_in_words(page: Any, base_url: str,
                                                                      tmp_path: Path) -> None:
    seen = watch(page, base_url)
    open_review(page, base_url, None, lang="fr")
    page.wait_for_selector(".catan-review__source button", timeout=ENGINE)
    assert "Aucune partie" in page.locator(".catan-review__status").inner_text()
    bad = tmp_path / "not-a-game.json"
    bad.write_text('{"hello": 1}', encoding="utf-8")
    page.set_input_files(".catan-review__source input[type=file]", str(bad))
    page.wait_for_function("document.querySelector('.catan-review__status').textContent"
                           ".includes('pas une partie')")
    old = dict(finished_save())
    del old["record"]
    no_record = tmp_path / "old-save.json"
    no_record.write_text(json.dumps(old), encoding="utf-8")
    page.set_input_files(".catan-review__source input[type=file]", str(no_record))
    page.wait_for_function("document.querySelector('.catan-review__status').textContent"
                           ".includes('sans la liste de ses coups')")
    tampered = dict(finished_save())
    actions = list(tampered["record"]["actions"])
    actions[40] = {"type": "roll", "player": "green"}
    tampered["record"] = {**tampered["record"], "actions": actions}
    broken = tmp_path / "tampered.json"
    broken.write_text(json.dumps(tampered), encoding="utf-8")
    page.set_input_files(".catan-review__source input[type=file]", str(broken))
    page.wait_for_function("document.querySelector('.catan-review__status').textContent"
                           ".includes('ne se rejouent pas')", timeout=ENGINE)
    good = tmp_path / "game.json"
    good.write_text(json.dumps(finished_save()), encoding="utf-8")
    page.set_input_files(".catan-review__source input[type=file]", str(good))
    page.wait_for_selector(".catan-review__slider", timeout=ENGINE)
    page.locator("[data-action=review-next-turn]").click()
    page.wait_for_function("document.querySelector('.catan-review__where').textContent"
                           ".includes('Tour 1')")
    assert page.locator(".catan-review__now li").count() >= 1
    go_to_fr = page.locator("[data-action=review-next]")
    go_to_fr.click()
    board = normalised(page.evaluate(PAGE_PIECES, ".catan-review__board svg"))
    step = shown_step(page)
    assert board == normalised(engine_pieces(finished_save(), step, "red"))
    seen.assert_clean()


def test_a_phone_shows_the_review_without_sideways_scrolling(page: Any, base_url: str) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    open_review(page, base_url, finished_save(), lang="es")
    page.wait_for_selector(".catan-review__slider", timeout=ENGINE)
    page.locator("[data-action=review-last]").click()
    page.wait_for_function("document.querySelector('.catan-review__chances svg') !== null",
                           timeout=ENGINE)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    for selector in ("[data-action=review-next]", ".catan-review__slider", ".catan-review__jump"):
        box = page.locator(selector).bounding_box()
        assert box["height"] >= 44, selector


def test_a_share_link_reviews_the_game_as_its_sharer_saw_it(page: Any, base_url: str) -> None:
    """Ann shares her review; the link, opened on a page with no saved game and in another
    language, reviews the same game as Ann: the same steps, the engine's board at each step,
    the other players' cards as counts. The link holds no start, generator or hidden card; a
    damaged link is refused in words."""
    from catan_core import share

    save = finished_save()
    steps = len(save["record"]["actions"])
    seen = watch(page, base_url)
    open_review(page, base_url, save)
    page.wait_for_selector(".catan-review__slider", timeout=ENGINE)
    page.locator("[data-action=review-share]").click()
    page.wait_for_function("document.querySelector('.catan-review__share-link').value"
                           ".includes('#r=')", timeout=ENGINE)
    link = page.locator(".catan-review__share-link").input_value()
    assert "only as Ann saw it" in page.locator(".catan-review__share-status").inner_text()
    code = link.partition("#r=")[2]
    doc = share.read_document(code, share.REVIEW_VERSION)
    assert doc["viewer"] == "red" and doc["names"] == {"red": "Ann"}
    assert '"rng"' not in json.dumps(doc) and "start" not in doc
    # opened in Spanish, on a device with no saved game: the link alone
    page.evaluate(f"localStorage.removeItem({KEY!r})")
    page.goto(f"{base_url}/{languages.root('es')}review/#r={code}")
    page.wait_for_selector(".catan-review__slider", timeout=ENGINE)
    assert page.locator(".catan-review__slider").get_attribute("max") == str(steps)
    assert "Ann" in page.locator(".catan-review__as").inner_text()
    assert page.locator(".catan-review__viewer").count() == 0  # seen as Ann only
    for step in (0, 9, 61):
        go_to(page, step)
        board = normalised(page.evaluate(PAGE_PIECES, ".catan-review__board svg"))
        assert board == normalised(engine_pieces(save, step, "red")), step
    rows = page.locator(".catan-review__players tbody tr")
    for i in range(rows.count()):
        hand = rows.nth(i).locator("td").nth(1).inner_text()
        if rows.nth(i).get_attribute("data-colour") != "red":
            assert re.fullmatch(r"\d+", hand), hand
    page.wait_for_function("document.querySelector('.catan-review__line')?.getAttribute('points')"
                           "?.split(' ').length >= 2", timeout=ENGINE)
    page.goto(f"{base_url}/{languages.root('es')}review/#r={code[:-60]}")
    page.wait_for_function("document.querySelector('.catan-review__status').textContent"
                           ".includes('no se puede abrir')", timeout=ENGINE)
    seen.assert_clean()
