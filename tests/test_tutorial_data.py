"""The tutorial's data checked by the engine: positions, answers, the worked game, translations.

Every task's expected answer must be what the engine computes, its right answer must be judged
right and its wrong answers wrong (with the rule the engine names); the worked game must replay
step by step and state true facts; every sentence exists in the four languages, and each lesson
page in each language shows exactly its lesson's tasks.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from catan_core import Game
from catan_site import languages
from catan_site import tutorial as hook
from catan_site.catalog import parse_yaml

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = languages.codes()  # mkdocs.yml (i18n plugin)
TEXT_KEYS = ("prompt", "hint", "explain", "miss", "button")
FENCE = re.compile(r"^```catan-lesson\n(?P<body>.*?)^```$", re.MULTILINE | re.DOTALL)
#: Interface words frontend/tutorial.js and catan_web.tutorial.panel use.
UI_KEYS = ("check", "hint", "answer", "right", "wrong", "miss", "checking", "loading", "failed",
           "done", "again", "lesson_done", "lessons_done", "tasks_done", "reset", "reset_done",
           "selected", "click_node", "click_edge", "click_tile", "faq", "first", "previous",
           "next", "step", "example_done", "you", "no_cards", "dev_cards", "new_card",
           "knights_played", "points", "turn", "setup_turn", "winner", "phases", "colours",
           "resources", "builds", "dev_card_names", "awards")

DATA = hook.load()
bridge = hook.bridge()
TASKS = list(DATA["tasks"])
WORKED = DATA["worked"]


def task(key: str) -> dict[str, Any]:
    return DATA["tasks"][key]


def start(key: str) -> dict[str, Any]:
    return DATA["positions"][key]


def test_every_lesson_has_tasks_and_the_course_is_complete() -> None:
    ids = [lesson["id"] for lesson in DATA["lessons"]]
    assert len(ids) == 10 and len(set(ids)) == 10
    assert all(len(lesson["tasks"]) >= 2 for lesson in DATA["lessons"])
    assert len(TASKS) == len(set(TASKS))


@pytest.mark.parametrize("key", TASKS)
def test_position_loads_and_round_trips(key: str) -> None:
    doc = start(key)
    assert Game.from_dict(doc).to_dict() == doc


@pytest.mark.parametrize("key", TASKS)
def test_expected_answer_is_what_the_engine_computes(key: str) -> None:
    t = task(key)
    computed = bridge.expected(start(key), t["check"])
    if t["check"]["type"] in ("cards", "button"):
        assert computed is None and "expect" not in t
    else:
        assert computed == t["expect"]


@pytest.mark.parametrize("key", TASKS)
def test_right_answer_is_right(key: str) -> None:
    t = task(key)
    verdict = bridge.judge(start(key), t["check"], t.get("right"))
    assert verdict["correct"], verdict
    if t["check"]["type"] in ("apply", "cards", "button"):
        Game.from_dict(verdict["position"])  # the engine's new position is valid


@pytest.mark.parametrize("key", TASKS)
def test_wrong_answers_are_wrong_for_the_stated_reason(key: str) -> None:
    t = task(key)
    if t["ui"] == "button":
        assert not t.get("wrong")
        return
    assert t.get("wrong"), f"{key}: give at least one wrong answer (the browser test uses it)"
    for wrong in t["wrong"]:
        verdict = bridge.judge(start(key), t["check"], wrong["answer"])
        assert not verdict["correct"], wrong
        if "code" in wrong:
            assert verdict["code"] == wrong["code"], (wrong, verdict)


@pytest.mark.parametrize("key", TASKS)
def test_options_offer_the_answers(key: str) -> None:
    t = task(key)
    if t["ui"] not in ("choice", "multi"):
        assert "options" not in t
        return
    options = t["options"]
    answers = [t["right"]] if t["ui"] == "choice" else list(t["right"])
    answers += [a for w in t["wrong"] for a in
                ([w["answer"]] if t["ui"] == "choice" else w["answer"])]
    assert all(a in options for a in answers), key
    if "option_labels" in t:
        assert len(t["option_labels"]) == len(options)


@pytest.mark.parametrize("key", TASKS)
def test_every_sentence_in_four_languages(key: str) -> None:
    t = task(key)
    for field in ("prompt", "hint", "explain"):
        assert field in t, f"{key}: no {field}"
    for field in (*TEXT_KEYS, "option_labels"):
        entries = t.get(field)
        if entries is None:
            continue
        for entry in entries if isinstance(entries, list) else [entries]:
            assert set(entry) == set(LANGUAGES), (key, field)
            assert all(isinstance(entry[lang], str) and entry[lang].strip()
                       for lang in LANGUAGES), (key, field)
    if t["ui"] == "button":
        assert "button" in t


@pytest.mark.parametrize("lang", LANGUAGES)
def test_faq_links_exist_in_every_language(lang: str) -> None:
    for key in TASKS:
        hook.faq_link(lang, task(key)["faq"])  # raises on a missing page or anchor


def test_lesson_titles_in_four_languages() -> None:
    for lesson in DATA["lessons"]:
        assert set(lesson["title"]) == set(LANGUAGES)


def test_interface_words_in_four_languages() -> None:
    ui = DATA["ui"]
    assert set(UI_KEYS) <= set(ui)
    for key, entry in ui.items():
        entries = entry.values() if set(entry) - set(LANGUAGES) else [entry]
        for words in entries:
            assert set(words) == set(LANGUAGES), key
            assert all(str(words[lang]).strip() for lang in LANGUAGES), key
    placeholders = re.compile(r"\{\w+\}")
    for key, entry in ui.items():
        if set(entry) == set(LANGUAGES):
            found = {lang: sorted(placeholders.findall(entry[lang])) for lang in LANGUAGES}
            assert len({tuple(v) for v in found.values()}) == 1, (key, found)


# -- the pages ----------------------------------------------------------------------------------

def page_fences(lang: str, page: str) -> list[dict[str, Any]]:
    text = (ROOT / "docs" / lang / "tutorial" / f"{page}.md").read_text(encoding="utf-8")
    return [parse_yaml(m["body"]) for m in FENCE.finditer(text)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_lesson_page_shows_its_tasks_in_order(lang: str) -> None:
    for lesson in DATA["lessons"]:
        wanted = [{"task": f"{lesson['id']}/{t['id']}"} for t in lesson["tasks"]]
        assert page_fences(lang, lesson["page"]) == wanted, (lang, lesson["page"])
        text = (ROOT / "docs" / lang / "tutorial" / f"{lesson['page']}.md").read_text("utf-8")
        assert text.splitlines()[0] == f"# {lesson['title'][lang]}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_index_and_example_pages(lang: str) -> None:
    assert page_fences(lang, "index") == [{"lessons": "all"}]
    assert page_fences(lang, "example-game") == [{"worked_game": "all"}]
    pages = {p.stem for p in (ROOT / "docs" / lang / "tutorial").glob("*.md")}
    assert pages == {"index", "example-game"} | {lesson["page"] for lesson in DATA["lessons"]}


def test_tutorial_pages_are_in_the_navigation() -> None:
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    for page in ["index", "example-game", *(lesson["page"] for lesson in DATA["lessons"])]:
        assert f"- tutorial/{page}.md" in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_task_renders_with_board_and_faq_link(lang: str) -> None:
    for key in TASKS:
        out = hook.render_task(key, lang)
        assert "<svg" in out and 'class="catan-task"' in out
        assert f'href="{hook.ROOT_MARK}faq/' in out
    assert hook.render_lessons(lang).count("catan-lessons__item") == len(DATA["lessons"])


# -- the worked game -------------------------------------------------------------------------------

def replayed() -> list[dict[str, Any]]:
    """Positions after each step (index 0: the start), and the events of each step."""
    from catan_site.diagrams import diagram_game

    doc = diagram_game(WORKED["start"]).to_dict()
    out = [{"position": doc, "events": []}]
    for step in WORKED["steps"]:
        result = bridge.replay(out[-1]["position"], step["actions"])
        assert "error" not in result, (step, result)
        out.append(result)
    return out


def test_worked_game_sentences_in_four_languages() -> None:
    assert set(WORKED["intro"]) == set(LANGUAGES)
    for step in WORKED["steps"]:
        assert set(step["text"]) == set(LANGUAGES)
        assert all(step["text"][lang].strip() for lang in LANGUAGES)
    assert set(WORKED["names"]) == {"red", "blue", "white"}


def test_worked_game_replays_and_states_true_facts() -> None:
    steps = replayed()

    def event(n: int, kind: str) -> dict[str, Any]:
        return next(e for e in steps[n]["events"] if e["type"] == kind)

    def points(n: int) -> dict[str, int]:
        game = Game.from_dict(steps[n]["position"])
        return {c: game.victory_points(c) for c in game.seats}

    def hand_size(n: int, colour: str) -> int:
        return sum(steps[n]["position"]["players"][colour]["hand"].values())

    assert points(0)["red"] == 7
    assert event(1, "produced")["gains"] == {"red": {"lumber": 1}, "blue": {"lumber": 2}}
    assert event(2, "built_road")["player"] == "white"
    assert event(3, "produced")["gains"] == {"blue": {"ore": 2}}
    assert event(5, "traded")["give"] == {"lumber": 1}
    assert event(6, "built_settlement")["player"] == "red" and points(6)["red"] == 8
    assert event(7, "must_discard")["counts"] == {"white": 4}
    assert hand_size(7, "white") == 9 and hand_size(7, "red") == hand_size(7, "blue") == 7
    assert event(9, "stole") == {"type": "stole", "player": "blue", "victim": "red",
                                 "card": "ore"}
    assert steps[9]["position"]["board"]["robber"] == 12
    assert event(10, "produced")["gains"] == {}
    last = steps[-1]["position"]
    assert last["winner"] == "red" and last["largest_army"] == "red" and points(11)["red"] == 10
    assert len(steps) == len(WORKED["steps"]) + 1 == 12
