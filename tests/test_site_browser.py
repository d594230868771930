"""The built site in a real browser: pages load cleanly and the language switcher works.

Search has its own tests: tests/test_search_browser.py.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from builtsite import lang_dir
from pagewatch import watch

from catan_site import languages

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = languages.codes()  # mkdocs.yml (i18n plugin)


def page_path(markdown: Path) -> str:
    """Site path of a page: ``faq/robber.md`` -> ``faq/robber/``, ``index.md`` -> ``""``."""
    parts = list(markdown.with_suffix("").parts)
    if parts[-1] == "index":
        parts.pop()
    return "".join(f"{part}/" for part in parts)


PAGES = sorted(page_path(p.relative_to(ROOT / "docs/en")) for p in (ROOT / "docs/en").rglob("*.md"))


def open_switcher_link(page: Any, lang: str) -> None:
    """Open the language menu in the header and pick a language."""
    page.hover(".md-header__option .md-select")
    page.click(f"a.md-select__link[hreflang={lang}]")


#: The page's language and its number of main headings, read in one call per page: two
#: Playwright selector queries per page made this test take 1.5 times as long.
LANG_AND_H1S = """() => [document.documentElement.lang,
                        document.querySelectorAll('.md-content h1').length]"""


SCRIPT = re.compile(r'<script[^>]*\ssrc="[^"]*?([\w.-]+\.m?js)"')
PART = re.compile(r'class="((?:catan|cw)-[a-z-]+)')


def kinds_of_page(site_dir: Path, lang: str) -> list[str]:
    """One page of each kind: pages that load the same scripts and hold the same kinds of
    parts (widgets, tutorial tasks, the game...) run the same code, only their words differ."""
    chosen: dict[tuple[frozenset[str], frozenset[str]], str] = {}
    for path in PAGES:
        html = (lang_dir(site_dir, lang) / path / "index.html").read_text(encoding="utf-8")
        kind = (frozenset(SCRIPT.findall(html)), frozenset(PART.findall(html)))
        chosen.setdefault(kind, path)
    return sorted(chosen.values())


def load_cleanly(page: Any, base_url: str, lang: str, paths: list[str]) -> None:
    seen = watch(page, base_url)
    for path in sorted(paths, key=lambda p: p == ""):  # the home page last: short idle wait
        response = page.goto(f"{base_url}/{languages.root(lang)}{path}")
        assert response is not None and response.ok, f"{lang}/{path}: {response}"
        assert page.evaluate(LANG_AND_H1S) == [lang, 1], f"{lang}/{path}: lang or single h1"
    page.wait_for_load_state("networkidle")
    seen.assert_clean()


#: Parts that start the engine as their page loads (a tutorial board on screen, the Play page).
STARTS_ENGINE = re.compile(r'class="catan-(?:task|worked|game)\b')


def engine_pages(site_dir: Path, lang: str, paths: list[str]) -> list[str]:
    return [path for path in paths if STARTS_ENGINE.search(
        (lang_dir(site_dir, lang) / path / "index.html").read_text(encoding="utf-8"))]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_kind_of_page_loads_cleanly(page: Any, base_url: str, site_dir: Path,
                                         lang: str) -> None:
    """One page of each kind (tests/test_build.py reads every page of every language from disk;
    the widgets, the tutorial and the Play page have tests of their own). The pages that start
    the engine as they load (tutorial lessons) are loaded in English and, in turn, one or two in
    each other language, so that every kind also loads in another language: their code is the
    same in every language, and starting the engine is most of what loading them costs. The Play
    page is loaded cleanly in every language by tests/test_game_browser.py
    (``test_the_page_is_translated``), so it is left out here."""
    paths = kinds_of_page(site_dir, lang)
    assert {"", "play/", "tutorial/"} <= set(paths) and len(paths) >= 8, paths
    paths.remove("play/")
    starting = engine_pages(site_dir, lang, paths)
    assert len(starting) >= 3, starting  # lessons, with tasks, a stepper, the example game
    if lang != "en":
        others = [code for code in LANGUAGES if code != "en"]
        turn = set(starting[others.index(lang)::len(others)])
        paths = [path for path in paths if path not in starting or path in turn]
    load_cleanly(page, base_url, lang, paths)


def test_root_picks_the_browser_language(browser: Any, base_url: str) -> None:
    for locale, lang in (("fr-FR", "fr"), ("nl-BE", "nl"), ("de-DE", "en")):
        context = browser.new_context(locale=locale)
        page = context.new_page()
        page.goto(f"{base_url}/")
        page.wait_for_url(f"{base_url}/{languages.root(lang)}")
        context.close()


def test_language_switcher_keeps_the_page(page: Any, base_url: str) -> None:
    seen = watch(page, base_url)
    page.goto(f"{base_url}/faq/robber/")
    open_switcher_link(page, "fr")
    page.wait_for_url(f"{base_url}/fr/faq/robber/")
    assert page.get_attribute("html", "lang") == "fr"
    seen.assert_clean()


def test_language_switcher_follows_navigation_and_anchor(page: Any, base_url: str) -> None:
    seen = watch(page, base_url)
    page.goto(f"{base_url}/es/faq/robber/")
    page.locator("a[href$='/es/faq/trading/']:visible").first.click()
    page.wait_for_url(f"{base_url}/es/faq/trading/")
    page.locator("a[href$='#trade-on-others-turn']:visible").first.click()
    page.wait_for_url("**#trade-on-others-turn")
    open_switcher_link(page, "nl")
    page.wait_for_url(f"{base_url}/nl/faq/trading/#trade-on-others-turn")
    seen.assert_clean()


#: The top of an element, in the window, once scrolling has settled.
TOP_OF = "id => new Promise(done => requestAnimationFrame(() => " \
         "done(document.getElementById(id).getBoundingClientRect().top)))"


def test_old_faq_anchors_land_on_the_answer_kept(page: Any, base_url: str) -> None:
    """A merged question's old anchor (tests/data/faq-anchors.txt) still lands on the answer
    kept, which the page does not show as a list: on its own page the anchor is in the kept
    question's heading; on another page the page's script follows it, on a full load and after
    an instant navigation."""
    seen = watch(page, base_url)
    page.goto(f"{base_url}/faq/robber/#everyone-discards-not-just-roller")
    assert page.evaluate("document.getElementById('everyone-discards-not-just-roller')"
                         ".closest('h2').id") == "who-discards-on-seven"
    assert 0 <= page.evaluate(TOP_OF, "who-discards-on-seven") < 200
    text = page.inner_text(".md-content")
    assert "Merged questions" not in text and "Does only the player who rolled" not in text
    page.goto(f"{base_url}/faq/robber/#knight-before-roll-frees-hex")
    page.wait_for_url(f"{base_url}/faq/development-cards/#knight-card-before-roll")
    assert 0 <= page.evaluate(TOP_OF, "knight-card-before-roll") < 200
    page.goto(f"{base_url}/fr/faq/trading/")
    page.evaluate("""() => {
        const link = document.createElement('a')
        link.href = '../development-cards/#knight-card-steal-victim'
        link.textContent = 'old'
        document.querySelector('.md-content article').append(link)
        link.click()
    }""")
    page.wait_for_url(f"{base_url}/fr/faq/robber/#choose-robber-victim")
    assert 0 <= page.evaluate(TOP_OF, "choose-robber-victim") < 200
    seen.assert_clean()


#: Each example figure of the page: [its height, its board's height].
FIGURES = """() => [...document.querySelectorAll('figure.catan-diagram--ratio')].map((f) =>
  [f.getBoundingClientRect().height, f.querySelector('svg').getBoundingClientRect().height])"""


def test_faq_boards_are_drawn_near_the_screen_and_hold_their_place(page: Any,
                                                                    base_url: str) -> None:
    """An answer's board is drawn only near the screen (content-visibility), its place held at
    the board's proportions meanwhile: a jump to the last answer lands on it and stays there
    while the boards on the way are drawn; printed, every board is drawn."""
    seen = watch(page, base_url)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{base_url}/faq/robber/#buy-back-stolen-card")
    figures = page.evaluate(FIGURES)
    assert len(figures) > 20
    assert all(height >= board > 150 for height, board in figures), figures  # none collapsed
    landed = page.evaluate(TOP_OF, "buy-back-stolen-card")
    assert 0 <= landed < 200
    page.wait_for_timeout(300)  # the boards near the answer drawn: nothing moved
    assert page.evaluate(TOP_OF, "buy-back-stolen-card") == landed
    assert page.evaluate("getComputedStyle(document.querySelector("
                         "'figure.catan-diagram--ratio')).contentVisibility") == "auto"
    page.emulate_media(media="print")
    assert page.evaluate("getComputedStyle(document.querySelector("
                         "'figure.catan-diagram--ratio')).contentVisibility") == "visible"
    seen.assert_clean()
