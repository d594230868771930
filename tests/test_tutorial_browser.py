"""The tutorial in Chromium: every lesson's tasks answered, wrong then right, as a reader would.

The complete walk-through runs in English: one tab opens the tutorial's index, then follows the
"next lesson" links with Material's instant navigation (the sitemap is served), so one Pyodide
serves the whole tutorial. It answers each task with the right answer of
``tutorial/lessons.yml`` (clicks on the board, buttons, check boxes, card steppers), after one
wrong answer of each kind (each control, told by a rule, by the lesson's words or plainly; the
engine's verdict on every wrong answer is checked in tests/test_tutorial_data.py), steps
through the worked game to its end and back, and checks that the progress shown on the index
survives a reload and that reset clears it.

French takes one whole lesson from its translated index (with rule-breaking wrong answers),
reached by a whole page load with its own Pyodide, as on a site built without ``site_url``: the
verdicts, rule messages and FAQ links are in the page's language, and the index counts the
finished lesson. The sentences of every lesson and of the worked game, and each language's
catalog, are checked in four languages without a browser (tests/test_tutorial_data.py,
tests/test_frontend.py)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pagewatch import ROOT, forget_site, serve_sitemap, watch

from catan_core.topology import EDGE_ALIASES, EDGE_NAMES, NODE_ALIASES, NODE_NAMES
from catan_site import languages
from catan_site.catalog import parse_yaml

pytestmark = pytest.mark.browser

LESSONS = parse_yaml((ROOT / "tutorial" / "lessons.yml").read_text("utf-8"))["lessons"]
ERRORS = parse_yaml((ROOT / "i18n" / "errors.yml").read_text("utf-8"))
WORKED = parse_yaml((ROOT / "tutorial" / "worked_game.yml").read_text("utf-8"))
UI = parse_yaml((ROOT / "tutorial" / "ui.yml").read_text("utf-8"))
ENGINE_TIMEOUT = 120_000  # the first answer waits for Pyodide (cold start on a busy machine)
#: The language of the complete walk-through (instant navigation, one Pyodide).
WHOLE = "en"
#: The lesson another language takes (loaded whole); its wrong answers break the distance rule.
ONE_LESSON = {"fr": "setup"}


@pytest.fixture(scope="module")
def context(profile: Any, base_url: str) -> Iterator[Any]:
    """conftest's on-disk profile (an engine start compiles no WebAssembly again); the site's
    storage is emptied before a test that needs no progress and after the module."""
    yield profile
    forget_site(profile, base_url)


def fresh_page(context: Any, base_url: str) -> Any:
    """A desktop page of ``context`` with no progress kept (the site's storage emptied)."""
    forget_site(context, base_url)
    page = context.new_page()
    page.set_viewport_size({"width": 1280, "height": 900})
    return page


def task_box(page: Any, task: dict[str, Any]) -> Any:
    return page.locator(f".catan-task#task-{task['id']}")


def click_board(page: Any, box: Any, ui: str, place: Any) -> None:
    """A real click at the middle of a hex, an intersection or a side: the browser decides
    what it hits, as for a reader (a vertical side has no width for Playwright's own click)."""
    if ui == "tile":
        target = box.locator(f"svg g.tile[data-tile='{place}'] polygon")
    elif ui == "node":
        target = box.locator(f"svg g.node[data-node='{NODE_NAMES[NODE_ALIASES[place]]}'] circle")
    else:
        target = box.locator(f"svg line.edge[data-edge='{EDGE_NAMES[EDGE_ALIASES[place]]}']")
    target.scroll_into_view_if_needed()
    rect = target.bounding_box()
    assert rect, f"{ui} {place} is not on the board"
    page.mouse.click(rect["x"] + rect["width"] / 2, rect["y"] + rect["height"] / 2)


def submit(page: Any, box: Any, task: dict[str, Any], answer: Any) -> dict[str, Any]:
    """Answer like a reader; return the task's status once the engine has judged."""
    before = int(box.get_attribute("data-verdicts") or 0)
    ui = task["ui"]
    if ui in ("tile", "node", "edge"):
        click_board(page, box, ui, answer)
    elif ui == "choice":
        values = [json.loads(v) for v in
                  box.locator("button.catan-task__option").evaluate_all(
                      "els => els.map(e => e.dataset.value)")]
        box.locator("button.catan-task__option").nth(values.index(answer)).click()
    elif ui == "multi":
        boxes = box.locator("input[type=checkbox]")
        for i in range(boxes.count()):
            boxes.nth(i).set_checked(json.loads(boxes.nth(i).get_attribute("data-value"))
                                     in answer)
        box.locator(".catan-task__check").click()
    elif ui == "cards":
        for stepper in box.locator(".catan-stepper").all():
            resource = stepper.get_attribute("data-resource")
            delta = answer.get(resource, 0) - int(stepper.locator("output").inner_text())
            button = stepper.locator(f"button[data-step='{1 if delta > 0 else -1}']")
            for _ in range(abs(delta)):
                button.click()
        box.locator(".catan-task__check").click()
    else:
        box.locator(".catan-task__do").click()
    page.wait_for_function(
        "([el, n]) => Number(el.dataset.verdicts || 0) > n",
        arg=[box.element_handle(), before], timeout=ENGINE_TIMEOUT)
    status = box.locator(".catan-task__status")
    return {"class": status.get_attribute("class"), "text": status.inner_text(),
            "html": status.inner_html()}


def wrong_kind(task: dict[str, Any], wrong: dict[str, Any]) -> tuple[str, str]:
    """How a wrong answer is given and told: the task's control, and a rule of the engine, the
    lesson's own "miss" words, or neither."""
    told = "rule" if wrong.get("code") else "miss" if "code" in wrong else "plain"
    return task["ui"], told


def do_lesson(page: Any, lesson: dict[str, Any], lang: str,
              shown: set[tuple[str, str]] | None = None) -> None:
    """Answer every task of a lesson right, after its wrong answers. With ``shown``, a wrong
    answer is given only when its kind (``wrong_kind``) has not been shown yet: the engine's
    verdict on every wrong answer is checked without a browser (tests/test_tutorial_data.py),
    the browser shows each way of answering and of being told."""
    for task in lesson["tasks"]:
        box = task_box(page, task)
        box.scroll_into_view_if_needed()
        for wrong in task.get("wrong") or []:
            if shown is not None:
                if wrong_kind(task, wrong) in shown:
                    continue
                shown.add(wrong_kind(task, wrong))
            status = submit(page, box, task, wrong["answer"])
            assert "is-wrong" in status["class"], (lang, task["id"], wrong, status)
            code = wrong.get("code")
            if code:  # the engine's rule, in the page's language, with its FAQ answer
                anchor = ERRORS[code]["faq"].split("#")[1]
                assert f"#{anchor}" in status["html"], (lang, task["id"], status)
                assert re.search(rule(code, lang), status["text"]), (lang, task["id"], status)
            elif code is None and "code" in wrong:
                miss = (task.get("miss") or UI["miss"])[lang]
                assert miss in status["text"], (lang, task["id"], status)
            assert box.locator(".catan-task__hint").evaluate("d => d.open")
        status = submit(page, box, task, task.get("right"))
        assert "is-right" in status["class"], (lang, task["id"], status)
        assert status["text"] == UI["right"][lang]
        assert box.locator(".catan-task__answer").evaluate("d => d.open")
        assert box.locator(".catan-task__done").is_visible()
        faq = task["faq"].split("#")[1]
        assert box.locator(f".catan-task__answer a[href*='#{faq}']").count() == 1


def rule(code: str, lang: str) -> str:
    """A pattern of the engine's rule message in ``lang`` (its ``{placeholders}`` filled)."""
    parts = re.split(r"\{\w+\}", ERRORS[code][lang])
    return f"^{re.escape(UI['wrong'][lang])} " + ".+?".join(re.escape(p) for p in parts)


def follow(page: Any, href_end: str, ready: str) -> None:
    """Click a link in the page's content, as a reader goes from lesson to lesson.

    With Material's instant navigation this keeps the page (and its Pyodide); without it, it
    loads the next page.
    """
    links = page.locator(".md-content a")
    index = links.evaluate_all("(els, end) => els.findIndex((a) => a.href.endsWith(end))",
                               href_end)
    assert index >= 0, f"no link to {href_end} on {page.url}"
    links.nth(index).click()
    page.wait_for_function(f"location.pathname.endsWith({json.dumps(href_end)})")
    page.wait_for_selector(f"{ready}[data-catan-bound]")


def first_task(lesson: dict[str, Any]) -> str:
    return f".catan-task#task-{lesson['tasks'][0]['id']}"


def step_through_worked_game(page: Any, lang: str) -> None:
    game = page.locator(".catan-worked")
    total = len(WORKED["steps"])
    counter = game.locator(".catan-worked__counter")
    now = game.locator(".catan-worked__now")
    intro = " ".join(WORKED["intro"][lang].split())
    assert now.inner_text() == intro
    for n in range(1, total + 1):
        game.locator(".catan-worked__next").click()
        expected = UI["step"][lang].replace("{n}", str(n)).replace("{total}", str(total))
        page.wait_for_function("([el, text]) => el.textContent === text",
                               arg=[counter.element_handle(), expected], timeout=ENGINE_TIMEOUT)
        assert now.inner_text() == " ".join(WORKED["steps"][n - 1]["text"][lang].split())
    assert game.locator(".catan-worked__next").is_disabled()
    winner = UI["winner"][lang].replace("{player}", WORKED["names"]["red"])
    assert game.locator(".catan-panel__turn").inner_text() == winner
    # and back: one step, then to the start
    game.locator(".catan-worked__previous").click()
    back = UI["step"][lang].replace("{n}", str(total - 1)).replace("{total}", str(total))
    page.wait_for_function("([el, text]) => el.textContent === text",
                           arg=[counter.element_handle(), back])
    assert game.locator(".catan-panel__turn").inner_text() != winner
    game.locator(".catan-worked__first").click()
    start = UI["step"][lang].replace("{n}", "0").replace("{total}", str(total))
    page.wait_for_function("([el, text]) => el.textContent === text",
                           arg=[counter.element_handle(), start])
    assert now.inner_text() == intro
    assert game.locator(".catan-worked__previous").is_disabled()


def lessons_summary(page: Any, lang: str, done: int) -> str:
    return UI["lessons_done"][lang].replace("{done}", str(done)).replace("{total}",
                                                                        str(len(LESSONS)))


def test_whole_tutorial(context: Any, site_dir: Path, base_url: str) -> None:
    lang = WHOLE
    page = fresh_page(context, base_url)
    seen = watch(page, base_url)
    serve_sitemap(page, site_dir, base_url, lang)
    page.goto(f"{base_url}/{languages.root(lang)}tutorial/")
    summary = page.locator(".catan-lessons__summary")
    page.wait_for_selector(".catan-lessons[data-catan-bound]")
    assert summary.inner_text() == lessons_summary(page, lang, 0)
    assert not [u for u in seen.requests if "pyodide" in u], "the index must not start Pyodide"

    follow(page, f"tutorial/{LESSONS[0]['page']}/", first_task(LESSONS[0]))
    shown: set[tuple[str, str]] = set()
    for i, lesson in enumerate(LESSONS):
        do_lesson(page, lesson, lang, shown)
        assert page.locator(".catan-lesson-done").is_visible()
        if i + 1 < len(LESSONS):
            follow(page, f"tutorial/{LESSONS[i + 1]['page']}/", first_task(LESSONS[i + 1]))
    follow(page, "tutorial/example-game/", ".catan-worked")
    step_through_worked_game(page, lang)

    follow(page, "tutorial/", ".catan-lessons")
    assert summary.inner_text() == lessons_summary(page, lang, len(LESSONS))
    assert page.locator(".catan-lessons__example").is_visible()
    page.reload()  # progress is kept in the browser
    page.wait_for_selector(".catan-lessons[data-catan-bound]")
    assert summary.inner_text() == lessons_summary(page, lang, len(LESSONS))
    states = page.locator(".catan-lessons__item.is-complete").count()
    assert states == len(LESSONS)

    page.locator(".catan-lessons__reset").click()
    assert summary.inner_text().startswith(lessons_summary(page, lang, 0))
    page.reload()
    page.wait_for_selector(".catan-lessons[data-catan-bound]")
    assert summary.inner_text() == lessons_summary(page, lang, 0)

    every = {wrong_kind(t, w) for x in LESSONS for t in x["tasks"] for w in t.get("wrong") or []}
    assert shown == every
    # the whole tutorial on one page: Pyodide started once
    workers = sum(u.endswith("/worker.mjs") for u in seen.requests)
    assert workers == 1, workers
    assert not [u for u in seen.requests if u.endswith(".py")], "Python comes in the wheel only"
    seen.assert_clean()
    page.close()


@pytest.mark.parametrize(("lang", "slug"), ONE_LESSON.items())
def test_one_lesson_in_each_other_language(context: Any, base_url: str, lang: str,
                                           slug: str) -> None:
    page = fresh_page(context, base_url)  # no progress yet
    seen = watch(page, base_url)
    lesson = next(x for x in LESSONS if x["page"] == slug)
    page.goto(f"{base_url}/{languages.root(lang)}tutorial/")
    page.wait_for_selector(".catan-lessons[data-catan-bound]")
    summary = page.locator(".catan-lessons__summary")
    assert summary.inner_text() == lessons_summary(page, lang, 0)
    follow(page, f"tutorial/{slug}/", first_task(lesson))  # a whole page load: no sitemap
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.locator(".md-content h1").inner_text().startswith(lesson["title"][lang])
    do_lesson(page, lesson, lang)
    assert page.locator(".catan-lesson-done").inner_text().startswith(
        f"✓ {UI['lesson_done'][lang]}")

    page.goto(f"{base_url}/{languages.root(lang)}tutorial/")
    page.wait_for_selector(".catan-lessons[data-catan-bound]")
    assert summary.inner_text() == lessons_summary(page, lang, 1)
    done = page.locator(".catan-lessons__item.is-complete a")
    assert done.count() == 1 and done.inner_text() == lesson["title"][lang]
    assert sum(u.endswith("/worker.mjs") for u in seen.requests) == 1  # the lesson page's
    seen.assert_clean()
    page.close()


def test_boards_show_without_javascript(browser: Any, base_url: str) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{base_url}/tutorial/production/")
    boards = page.locator(".catan-task svg.catan-board")
    assert boards.count() == len(LESSONS[2]["tasks"])
    assert page.locator(".catan-task .catan-panel").first.is_visible()
    page.locator(".catan-task__answer summary").first.click()
    assert page.locator(".catan-task__answer a[href*='/faq/']").first.is_visible()
    page.goto(f"{base_url}/tutorial/example-game/")
    assert page.locator(".catan-worked__steps li").count() == len(WORKED["steps"])
    context.close()


def test_board_answers_with_the_keyboard(context: Any, base_url: str) -> None:
    page = fresh_page(context, base_url)
    seen = watch(page, base_url)
    page.goto(f"{base_url}/tutorial/island/")
    page.wait_for_selector(".catan-task[data-catan-bound]")
    boards = page.locator(".catan-task.is-clickable svg.catan-board")
    assert boards.count() >= 1
    for board in boards.all():  # one tab stop per board, every spot a named button
        assert board.get_attribute("role") == "group"
        assert board.locator("[tabindex='0']").count() == 1
    assert page.locator(".catan-worked svg [tabindex], .catan-diagram svg [tabindex='0']").count() \
        == boards.count()
    corner = page.locator("#task-corner svg g.node[data-node='4.S']")
    assert corner.get_attribute("aria-label") == "corner of hills 6, forest 11, and desert"
    assert corner.get_attribute("role") == "button"
    coast = page.locator("#task-corner svg g.node[data-node='0.N']")
    assert coast.get_attribute("aria-label") == "corner of mountains 10 and sea, north"
    box = page.locator("#task-corner")
    before = int(box.get_attribute("data-verdicts") or 0)
    corner.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("([el, n]) => Number(el.dataset.verdicts || 0) > n",
                           arg=[box.element_handle(), before], timeout=ENGINE_TIMEOUT)
    assert "is-right" in (box.locator(".catan-task__status").get_attribute("class") or "")
    seen.assert_clean()
    page.close()
