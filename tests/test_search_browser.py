"""Search in Chromium: the labelled query set per language, and the real search box.

The queries (``tests/search/queries/<lang>.yml``) were written the way players type them, with
the anchors of the answering FAQ questions, before any engine was tried. Each language's set is
asked of the site's own search worker (``catan-search.js``, the one Material's box talks to, with
Material's messages), in one page: the results' first three (the highest scores, the order the
Enter key follows; the page title shown above a question is a header, scored 0, not a result).
The box itself (typing, drawing, Enter, the page kinds, a phone) is tested once below.

The target (issue 14) is 95% of a language's queries with an answer in the first three (the test
fails below it, listing the misses), and the queries marked ``first`` (a typo, a query without
accents, a synonym; at least one of each per language) finding theirs first: a first place
missed fails the test, with the query and what came first.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from pagewatch import watch

from catan_site import languages
from catan_site.catalog import parse_yaml

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
QUERIES = ROOT / "tests" / "search" / "queries"
LANGUAGES = ("en", "fr", "es", "nl")
TARGET = 0.95

#: The result links and their scores, in page order.
RESULTS_JS = """() => [...document.querySelectorAll(
  '.md-search-result__list a.md-search-result__link')]
  .map(a => [a.getAttribute('href'), +a.querySelector('article').dataset.mdScore])"""


#: A merged FAQ question keeps its anchor as a link to the answer kept (notes/site-layout.md).
MOVED = re.compile(r"\]\(([\w./-]+)\.md#([\w-]+)\)\{ #([\w-]+) \.catan-moved \}")


def moved(lang: str) -> dict[str, str]:
    """Anchors of merged questions -> the anchor of the answer kept (``page#anchor``)."""
    out = {}
    for path in (ROOT / "docs" / lang / "faq").glob("*.md"):
        for target, new, old in MOVED.findall(path.read_text(encoding="utf-8")):
            page = posixpath.normpath(posixpath.join("faq", target))
            out[f"faq/{path.stem}#{old}"] = f"{page}#{new}"
    return out


def load(lang: str) -> list[dict[str, Any]]:
    """The labelled queries of a language, anchors of merged questions followed."""
    data = parse_yaml((QUERIES / f"{lang}.yml").read_text(encoding="utf-8"))
    assert data["lang"] == lang
    aliases = moved(lang)
    return [{**item, "a": [aliases.get(a, a) for a in item["a"]]} for item in data["queries"]]


def anchor(href: str) -> str:
    """``../faq/robber/?h=x#a`` or ``/fr/faq/robber/#a`` -> ``faq/robber#a``."""
    parts = urlsplit(href)
    path = parts.path.strip("/").split("/")
    if path and path[0] in LANGUAGES:
        path = path[1:]
    page = "/".join(p for p in path if p not in ("", ".", ".."))
    return page + (f"#{parts.fragment}" if parts.fragment else "")


#: The first result shown, remembered before a query; the results of the query are drawn once
#: the list's first item is another element (Material draws every answer anew).
REMEMBER_JS = "() => { window.__before = document.querySelector('.md-search-result__list li') }"
REDRAWN_JS = """() => {
  const first = document.querySelector('.md-search-result__list li')
  return first && first !== window.__before
}"""


def search(page: Any, query: str) -> list[str]:
    """Type ``query`` into the search box; the results' anchors, best score first."""
    box = page.locator("input.md-search__input")
    assert box.input_value() != query, "the same query twice draws nothing new"
    page.evaluate(REMEMBER_JS)
    box.fill(query)  # one input event, then one key event: Material sends one query
    box.press("End")  # Material reads the box on key events
    page.wait_for_function(REDRAWN_JS, timeout=10_000)
    links = page.evaluate(RESULTS_JS)
    ranked = sorted((link for link in links if link[1] > 0), key=lambda link: -link[1])
    return [anchor(href) for href, _ in ranked]


@pytest.fixture(scope="module")
def search_page(profile: Any) -> Any:
    """The on-disk profile of conftest (no service worker; compiled WebAssembly kept for the
    pages that start the engine); a page per language is opened by the test."""
    return profile


#: Material's messages to its search worker (SETUP, then a QUERY per query, each answered by a
#: RESULT): the answers' locations per query, best score first, headers (score 0) left out.
ASK_WORKER_JS = """async (queries) => {
  const config = JSON.parse(document.getElementById("__config").textContent)
  const worker = new Worker(new URL(config.search, location.href))
  const reply = () => new Promise((resolve) =>
    worker.addEventListener("message", ({ data }) => resolve(data), { once: true }))
  let answer = reply()
  worker.postMessage({ type: 0, data: { config: {}, docs: [], options: { suggest: true } } })
  await answer
  const ranked = []
  for (const query of queries) {
    answer = reply()
    worker.postMessage({ type: 2, data: query })
    const { data } = await answer
    ranked.push(data.items.flat().filter((item) => item.score > 0)
      .sort((a, b) => b.score - a.score).map((item) => item.location))
  }
  worker.terminate()
  return ranked
}"""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_labelled_queries_find_the_answer_in_the_top_three(search_page: Any, base_url: str,
                                                           lang: str) -> None:
    page = search_page.new_page()
    seen = watch(page, base_url)
    page.goto(f"{base_url}/{languages.root(lang)}")
    queries = load(lang)
    answers = page.evaluate(ASK_WORKER_JS, [item["q"] for item in queries])
    assert any("search/catan-index.json" in url for url in seen.requests)
    misses, not_first = [], []
    for item, ranked in zip(queries, answers, strict=True):
        top = [anchor(location) for location in ranked[:3]]
        wanted = set(item["a"])
        if not wanted & set(top):
            misses.append(f"{item['q']!r} -> {top}")
        if item.get("first") and not (top and top[0] in wanted):
            not_first.append(f"{item['q']!r} ({item['kind']}) -> {top[:1]}")
    page.close()
    score = 1 - len(misses) / len(queries)
    report = f"{lang}: {score:.1%} in the top 3; misses:\n" + "\n".join(misses)
    assert score >= TARGET, report
    kinds = {item["kind"] for item in queries if item.get("first")}
    assert {"typo", "accents", "synonym"} <= kinds, f"{lang}: first-place checks {kinds}"
    assert not not_first, f"{lang}: not first:\n" + "\n".join(not_first)
    seen.assert_clean()


def test_index_loads_on_first_focus_and_enter_opens_the_best_answer(page: Any,
                                                                    base_url: str) -> None:
    seen = watch(page, base_url)
    page.goto(f"{base_url}/fr/faq/robber/")
    page.wait_for_load_state("networkidle")
    lazy = ("search/catan-index.json", "workers/minisearch.js", "workers/catan-rank.js")
    assert not [url for url in seen.requests if url.endswith(lazy)]
    page.locator("input.md-search__input").focus()
    results = search(page, "brigand désert")
    assert {name for name in lazy for url in seen.requests if url.endswith(name)} == set(lazy)
    answers = {"faq/robber#robber-on-desert-steal",
               "faq/development-cards#knight-card-robber-desert"}
    assert results and results[0] in answers
    page.keyboard.press("Enter")  # Enter opens the best result
    target, fragment = results[0].split("#")
    page.wait_for_url(f"{base_url}/fr/{target}/**#{fragment}")
    seen.assert_clean()


def test_result_shows_the_question_and_its_answer_with_the_words_found(page: Any,
                                                                        base_url: str) -> None:
    page.goto(f"{base_url}/")
    search(page, "thief desert")
    first = page.locator(".md-search-result__list li").first
    question = first.locator("article h2").first
    assert "desert" in question.inner_text().lower()
    assert question.locator("mark").count() >= 1  # "desert" (and "robber" for thief)
    answer = first.locator("article p").first.inner_text()
    assert answer.strip()  # the one-line answer


def test_no_match_offers_the_closest_questions(page: Any, base_url: str) -> None:
    page.goto(f"{base_url}/nl/")
    top = search(page, "monopoolie")  # two typos: no word within one edit
    assert top and top[0].startswith("faq/development-cards#monopoly")


#: One page of each kind, each language in turn, and the query typed there (issue 14: the box
#: works the same on every page). The results must be those of the language's home page.
PAGE_KINDS = [("en", "rules/robber/"), ("fr", "tutorial/setup/"), ("es", "play/"),
              ("nl", "glossary/"), ("en", "editions/"), ("fr", "mistakes/"),
              ("es", "strategy/"), ("nl", "faq/trading/")]
KIND_QUERY = {"en": "thief desert", "fr": "brigand désert", "es": "ladron desierto",
              "nl": "dief woestijn"}


def test_search_box_answers_the_same_on_every_kind_of_page(search_page: Any,
                                                           base_url: str) -> None:
    def results(path: str, lang: str) -> list[str]:
        page = search_page.new_page()
        seen = watch(page, base_url)
        page.goto(f"{base_url}/{languages.root(lang)}{path}")
        page.locator("input.md-search__input").focus()
        top = search(page, KIND_QUERY[lang])[:5]
        seen.assert_clean()
        page.close()
        return top

    home = {lang: results("", lang) for lang in KIND_QUERY}
    assert all(home.values()), home
    differ = [(lang, path, top) for lang, path in PAGE_KINDS
              if (top := results(path, lang)) != home[lang]]
    assert not differ, f"home: {home}; differ: {differ}"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_search_on_a_phone_in_both_colour_schemes(browser: Any, base_url: str,
                                                  scheme: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True, color_scheme=scheme)
    page = context.new_page()
    seen = watch(page, base_url)
    page.goto(f"{base_url}/es/faq/trading/")
    page.locator("label.md-header__button[for=__search]").click()  # the header's search icon
    box = page.locator("input.md-search__input")
    assert box.is_visible()
    top = search(page, "ladron desierto")
    assert top[0] in {"faq/robber#robber-on-desert-steal",
                      "faq/development-cards#knight-card-robber-desert"}
    first = page.locator(".md-search-result__list li").first
    assert first.is_visible() and first.locator("mark").count() >= 2
    page.keyboard.press("Enter")
    page.wait_for_url(f"{base_url}/es/{top[0].replace('#', '/**#')}")
    seen.assert_clean()
    context.close()
