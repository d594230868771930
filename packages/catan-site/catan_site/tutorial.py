"""The tutorial: ```catan-lesson fences rendered at build time from ``tutorial/*.yml``.

A fence names what it shows; the rest comes from the data, so the four languages' pages stay
identical but for their prose::

    ```catan-lesson
    task: production/wool-on-5
    ```
    ```catan-lesson
    lessons: all
    ```
    ```catan-lesson
    worked_game: all
    ```

Each task becomes a board drawn by the engine (visible without JavaScript), the players' panel,
the prompt, controls, a hint and the explanation with its FAQ link. ``frontend/tutorial.js``
makes it interactive and asks the engine, in the page's worker, to judge every answer.

The ``catan`` plugin (catan_site/plugin.py) uses this module twice: ``format_lesson`` is the
superfences formatter, and ``on_page_content`` turns the ``@@catan-root@@<page.md>`` placeholders
into links through MkDocs' files. The tutorial's catalog, style sheet and ``tutorial.js`` come
from the one front-end injector, ``catan_site/frontend.py``.
"""

from __future__ import annotations

import functools
import html
import json
import re
from typing import Any

import yaml
from pymdownx.superfences import SuperFencesException

from catan_core import Game, share
from catan_site import catalog, languages
from catan_site.catalog import headings, parse_yaml, terms
from catan_site.fences import open_line
from catan_site.links import page_href
from catan_site.paths import ROOT

DATA = ROOT / "tutorial"
ROOT_MARK = "@@catan-root@@"
#: A placeholder link: ROOT_MARK, a page of docs/<lang>/ and an optional #anchor.
MARKED_LINK = re.compile(re.escape(ROOT_MARK) + r"([\w./-]+\.md)(#[\w.:-]+)?")
FENCE_KEYS = ("task", "lessons", "worked_game")
UIS = ("tile", "node", "edge", "choice", "multi", "cards", "button")


class TutorialError(SuperFencesException):
    """Bad tutorial data or fence; the message names the lesson, task or fence."""


# -- data ---------------------------------------------------------------------------------------

def bridge() -> Any:
    """``catan_web.tutorial``: the same judge the browser runs."""
    from catan_web import tutorial

    return tutorial


def load() -> dict[str, Any]:
    """Lessons, worked game and interface words, with every task's starting position.

    ``positions[key]`` is the full position document a task starts from (``from: previous``
    chains the previous task's position after its right answer). Read again when a data file
    changes (``mkdocs serve``), otherwise computed once per process.
    """
    stamps = tuple(p.stat().st_mtime_ns for p in sorted(DATA.glob("*.yml")))
    return _load(stamps)


@functools.lru_cache(maxsize=1)
def _load(stamps: tuple[int, ...]) -> dict[str, Any]:
    from catan_site.diagrams import diagram_game

    lessons = catalog.read(DATA / "lessons.yml")["lessons"]
    ui = catalog.read(DATA / "ui.yml")
    worked = catalog.read(DATA / "worked_game.yml")
    positions: dict[str, dict[str, Any]] = {}
    tasks: dict[str, dict[str, Any]] = {}
    for lesson in lessons:
        previous: dict[str, Any] | None = None
        for task in lesson["tasks"]:
            key = f"{lesson['id']}/{task['id']}"
            if task.get("ui") not in UIS:
                raise TutorialError(f"tutorial task {key}: ui must be one of {', '.join(UIS)}")
            try:
                if task.get("from") == "previous":
                    if previous is None:
                        raise ValueError("'from: previous' on a lesson's first task")
                    verdict = bridge().judge(positions[previous["key"]], previous["check"],
                                             previous.get("right"))
                    if not verdict.get("position"):
                        raise ValueError(f"the right answer of {previous['key']} moves nothing")
                    doc = verdict["position"]
                else:
                    doc = diagram_game(task["position"]).to_dict()
            except (ValueError, KeyError) as exc:
                raise TutorialError(f"tutorial task {key}: bad position: {exc}") from exc
            positions[key] = doc
            tasks[key] = {**task, "key": key, "lesson": lesson["id"]}
            previous = tasks[key]
    return {"lessons": lessons, "ui": ui, "worked": worked, "positions": positions,
            "tasks": tasks}


def words(lang: str) -> dict[str, Any]:
    """The interface words of one language (tutorial/ui.yml), groups included."""
    out: dict[str, Any] = {}
    for key, value in load()["ui"].items():
        if isinstance(value, dict) and lang in value:
            out[key] = value[lang]
        elif isinstance(value, dict):
            out[key] = {k: v[lang] for k, v in value.items()}
    return out


def page_url(doc_path: str) -> str:
    """``faq/robber.md#x`` -> ``@@catan-root@@faq/robber.md#x``, a link ``on_page_content``
    resolves through MkDocs' files."""
    return ROOT_MARK + doc_path


def faq_link(lang: str, target: str) -> str:
    """A link to an FAQ answer, titled with the question; fails on a missing anchor."""
    path, _, anchor = target.partition("#")
    title = headings(lang, path).get(anchor)
    if title is None:
        raise TutorialError(f"tutorial: FAQ link {target} does not exist in docs/{lang}/")
    return f'<a href="{html.escape(page_url(target))}">{html.escape(title)}</a>'


# -- rendering ----------------------------------------------------------------------------------

def _esc(text: Any) -> str:
    return html.escape(str(text))


def _json_attr(value: Any) -> str:
    return html.escape(json.dumps(value, ensure_ascii=False, separators=(",", ":")), quote=True)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def option_label(task: dict[str, Any], index: int, value: Any, lang: str) -> str:
    """The text of a choice or multi option in ``lang``."""
    labels = task.get("option_labels")
    if labels:
        return str(labels[index][lang])
    w = words(lang)
    for group in ("colours", "resources", "builds"):
        if isinstance(value, str) and value in w[group]:
            return _capital(str(w[group][value]))
    return str(value)


def _controls(task: dict[str, Any], lang: str) -> str:
    w = words(lang)
    ui = task["ui"]
    if ui in ("tile", "node", "edge"):
        return f'<p class="catan-task__how">{_esc(w["click_" + ui])}</p>'
    if ui == "button":
        return (f'<div class="catan-task__options"><button type="button" disabled '
                f'class="md-button md-button--primary catan-task__do">'
                f'{_esc(task["button"][lang])}</button></div>')
    check = (f'<button type="button" disabled class="md-button md-button--primary '
             f'catan-task__check">{_esc(w["check"])}</button>')
    if ui == "cards":
        steppers = "".join(
            f'<div class="catan-stepper" data-resource="{r}">'
            f'<span class="catan-res catan-res--{r}">{name}</span>'
            f'<button type="button" disabled data-step="-1" aria-label="− {name}">−</button>'
            f'<output aria-live="polite">0</output><button type="button" disabled '
            f'data-step="1" aria-label="+ {name}">+</button></div>'
            for r in ("brick", "lumber", "wool", "grain", "ore")
            for name in [_esc(w["resources"][r])])
        return (f'<div class="catan-task__cards">{steppers}</div>'
                f'<div class="catan-task__options"><span class="catan-task__count"></span>'
                f"{check}</div>")
    items = []
    for i, value in enumerate(task["options"]):
        label = _esc(option_label(task, i, value, lang))
        data = _json_attr(value)
        if ui == "choice":
            items.append(f'<button type="button" disabled class="md-button catan-task__option" '
                         f'data-value="{data}">{label}</button>')
        else:
            items.append(f'<label class="catan-task__option"><input type="checkbox" disabled '
                         f'data-value="{data}"> {label}</label>')
    if ui == "multi":
        items.append(check)
    return f'<div class="catan-task__options" role="group">{"".join(items)}</div>'


def render_task(key: str, lang: str) -> str:
    """One task: board, panel, prompt, controls, status, hint, explanation."""
    data = load()
    if key not in data["tasks"]:
        raise TutorialError(f"catan-lesson: unknown task {key!r}")
    task = data["tasks"][key]
    position = data["positions"][key]
    w = words(lang)
    prompt = task["prompt"][lang]
    board = {"marks": task.get("marks") or {}, "focus": task.get("focus") or [],
             "labels": task.get("labels") or {}}
    svg = bridge().render(position, board["marks"], board["focus"], board["labels"], prompt,
                          terms(lang))
    panel = bridge().panel(position, w) if task.get("panel", True) else ""
    spec = {"key": key, "lesson": task["lesson"], "ui": task["ui"], "check": task["check"],
            "position": position, "hand": task.get("hand"), "from": task.get("from"),
            "options": task.get("options"), **board}
    miss = task.get("miss", {}).get(lang) or w["miss"]
    number = [t["key"] for t in data["tasks"].values()
              if t["lesson"] == task["lesson"]].index(key) + 1
    return (
        f'<div class="catan-task" id="task-{_esc(task["id"])}" data-ui="{task["ui"]}" '
        f'data-spec="{_json_attr(spec)}" data-miss="{_esc(miss)}">'
        f'<p class="catan-task__prompt"><span class="catan-task__number">{number}</span> '
        f'{_esc(prompt)}<span class="catan-task__done" hidden>✓ {_esc(w["done"])}</span></p>'
        f'<figure class="catan-diagram catan-task__board">{svg}</figure>{panel}'
        f'{open_line(share.encode(Game.from_dict(position)), lang)}'
        f'<div class="catan-task__body">{_controls(task, lang)}'
        f'<p class="catan-task__status" role="status" aria-live="polite"></p>'
        f'<details class="catan-task__hint"><summary>{_esc(w["hint"])}</summary>'
        f'<p>{_esc(task["hint"][lang])}</p></details>'
        f'<details class="catan-task__answer"><summary>{_esc(w["answer"])}</summary>'
        f'<p>{_esc(task["explain"][lang])}</p>'
        f'<p class="catan-task__faq">{_esc(w["faq"])} {faq_link(lang, task["faq"])}</p>'
        f'</details><p class="catan-task__again" hidden><button type="button" '
        f'class="md-button">{_esc(w["again"])}</button></p></div></div>'
    )


def render_lessons(lang: str) -> str:
    """The lesson list of the tutorial's index, with room for each lesson's progress."""
    data = load()
    items = []
    for lesson in data["lessons"]:
        tasks = [f"{lesson['id']}/{t['id']}" for t in lesson["tasks"]]
        items.append(
            f'<li class="catan-lessons__item" data-lesson="{_esc(lesson["id"])}" '
            f'data-tasks="{_json_attr(tasks)}"><a href="{ROOT_MARK}tutorial/{lesson["page"]}.md">'
            f'{_esc(lesson["title"][lang])}</a> <span class="catan-lessons__state"></span></li>')
    w = words(lang)
    return (f'<div class="catan-lessons"><ol class="catan-lessons__list">{"".join(items)}</ol>'
            f'<p class="catan-lessons__summary" role="status" aria-live="polite"></p>'
            f'<p class="catan-lessons__example" hidden>✓ {_esc(w["example_done"])}</p>'
            f'<p><button type="button" class="md-button catan-lessons__reset" hidden>'
            f'{_esc(w["reset"])}</button></p></div>')


def render_worked_game(lang: str) -> str:
    """The worked game: the starting board, the sentences, and buttons to step through."""
    from catan_site.diagrams import diagram_game

    worked = load()["worked"]
    start = diagram_game(worked["start"]).to_dict()
    w = {**words(lang), "names": worked["names"]}
    svg = bridge().render(start, {}, [], {}, worked["intro"][lang], terms(lang))
    panel = bridge().panel(start, w, None, True)
    steps = [{"actions": s["actions"], "marks": s.get("marks") or {}} for s in worked["steps"]]
    spec = {"start": start, "steps": steps, "names": worked["names"]}
    sentences = "".join(f'<li data-step="{i + 1}">{_esc(s["text"][lang])}</li>'
                        for i, s in enumerate(worked["steps"]))
    total = len(steps)
    counter = w["step"].replace("{n}", "0").replace("{total}", str(total))
    buttons = "".join(
        f'<button type="button" disabled class="md-button catan-worked__{name}">'
        f"{_esc(w[label])}</button>"
        for name, label in (("first", "first"), ("previous", "previous"), ("next", "next")))
    return (
        f'<div class="catan-worked" data-spec="{_json_attr(spec)}">'
        f'<p class="catan-worked__now" role="status" aria-live="polite">'
        f'{_esc(worked["intro"][lang])}</p>'
        f'<figure class="catan-diagram catan-worked__board">{svg}</figure>'
        f'<div class="catan-worked__controls">{buttons}'
        f'<span class="catan-worked__counter" aria-live="polite">{_esc(counter)}</span></div>'
        f'{panel}<ol class="catan-worked__steps">{sentences}</ol></div>')


# -- superfences ----------------------------------------------------------------------------------

def validate(language: str, inputs: dict[str, str], options: dict[str, Any],
             attrs: dict[str, Any], md: Any) -> bool:
    """The fence header takes no options: everything is in the YAML body."""
    if inputs:
        raise TutorialError(f"{language}: put options in the YAML body, not the fence header")
    return True


def format_lesson(src: str, language: str, class_name: str, options: dict[str, Any],
                  md: Any, lang: str | None = None, **kwargs: Any) -> str:
    """Superfences formatter for ``catan-lesson``; the plugin binds ``lang`` (the page's)."""
    try:
        spec = parse_yaml(src) or {}
    except yaml.YAMLError as exc:
        raise TutorialError(f"catan-lesson: invalid YAML: {exc}\n{src}") from exc
    if not isinstance(spec, dict) or len(spec) != 1 or next(iter(spec)) not in FENCE_KEYS:
        raise TutorialError(f"catan-lesson: write exactly one of {', '.join(FENCE_KEYS)}\n{src}")
    lang = lang or languages.default()
    if "task" in spec:
        return render_task(str(spec["task"]), lang)
    if "lessons" in spec:
        return render_lessons(lang)
    return render_worked_game(lang)


# -- hook ---------------------------------------------------------------------------------------

def on_page_content(html_text: str, page: Any, config: Any, files: Any) -> str:
    """Turn the ``@@catan-root@@`` placeholders into links relative to the page.

    The tutorial's catalog, style sheet and ``tutorial.js`` come from the one front-end
    injector, ``catan_site/frontend.py``.
    """
    if ROOT_MARK not in html_text:
        return html_text
    return MARKED_LINK.sub(lambda m: page_href(m[1] + (m[2] or ""), page, files), html_text)
