"""The built site in a real browser: pages load cleanly, the language switcher, and search.

Search is tested the way a reader uses it: type into the search box and read the result list.
"Top 3" means the three results with the highest score (``data-md-score``, the order the Enter
key follows). Queries cover what readers really type: no accents (``defausser``), other
inflections (``défaussez``, ``descarto``, ``afgelegd``), synonyms (``brigand``, ``bandido``,
``struikrover``, ``thief``) and short questions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from conftest import watch

from catan_site import languages

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = languages.codes()  # i18n/languages.yml


def page_path(markdown: Path) -> str:
    """Site path of a page: ``faq/robber.md`` -> ``faq/robber/``, ``index.md`` -> ``""``."""
    parts = list(markdown.with_suffix("").parts)
    if parts[-1] == "index":
        parts.pop()
    return "".join(f"{part}/" for part in parts)


PAGES = sorted(page_path(p.relative_to(ROOT / "docs/en")) for p in (ROOT / "docs/en").rglob("*.md"))

R, T, B, D = "faq/robber/#", "faq/trading/#", "faq/building/#", "faq/development-cards/#"
W, S, A = "faq/winning/#", "faq/setup/#", "faq/awards/#"
#: Questions with several right answers (the FAQ repeats a few across topics).
DISCARD = (R + "who-discards-on-seven", R + "discard-half-rounded-down",
           R + "exactly-seven-cards-no-discard")
NEXT_TO_ROBBER = (R + "robber-hex-building-allowed", B + "building-next-to-robber-allowed")
KNIGHT_BEFORE_ROLL = (D + "knight-card-before-roll", R + "knight-before-roll-frees-hex")
CITY_POINTS = (B + "city-worth-two-points", W + "win-city-value")

SEARCHES: dict[str, list[tuple[str, str | tuple[str, ...]]]] = {
    "en": [
        ("who has to discard", R + "who-discards-on-seven"),
        ("discarding with exactly 7 cards", R + "exactly-seven-cards-no-discard"),
        ("how many cards discarded on a 7", R + "discard-half-rounded-down"),
        ("7 cards discard", DISCARD),
        ("discarded", DISCARD),
        ("thief on the desert", R + "robber-on-desert-steal"),
        ("build next to the thief", NEXT_TO_ROBBER),
        ("bandit blocks harbours", R + "robber-and-harbours"),
        ("can I rob myself", R + "no-stealing-from-yourself"),
        ("robbed player has no cards", R + "victim-without-cards"),
        ("trade when it's not my turn", T + "trade-on-others-turn"),
        ("trading with the bank", T + "bank-four-to-one"),
        ("3:1 harbor", T + "generic-harbour-three-to-one"),
        ("play a knight before rolling", KNIGHT_BEFORE_ROLL),
        ("dev card bought this turn", D + "dev-card-bought-this-turn"),
        ("year of plenty bank empty", D + "year-of-plenty-card-bank-short"),
        ("win on another player's turn", W + "win-only-own-turn"),
        ("is a city worth 3 points", CITY_POINTS),
        ("hidden victory point cards", W + "win-hidden-vp-cards"),
        ("distance rule", B + "distance-rule-meaning"),
        ("roads along the coast", B + "coastal-roads"),
        ("largest army same number of knights", A + "largest-army-equal-knights"),
        ("who goes first", S + "who-goes-first"),
        ("starting resources", S + "second-settlement-resources"),
    ],
    "fr": [
        ("defausser", DISCARD),
        ("défaussez", DISCARD),
        ("qui doit defausser", R + "who-discards-on-seven"),
        ("défaussez avec 7 cartes exactement", R + "exactly-seven-cards-no-discard"),
        ("combien de cartes défaussées", R + "discard-half-rounded-down"),
        ("7 cartes défausse", DISCARD),
        ("brigand sur le désert", R + "robber-on-desert-steal"),
        ("construire à côté du brigand", NEXT_TO_ROBBER),
        ("brigand bloque les ports", R + "robber-and-harbours"),
        ("me voler moi-même", R + "no-stealing-from-yourself"),
        ("le joueur volé n'a aucune carte", R + "victim-without-cards"),
        ("echanger quand ce n'est pas mon tour", T + "trade-on-others-turn"),
        ("échanges avec la banque", T + "bank-four-to-one"),
        ("port 3:1", T + "generic-harbour-three-to-one"),
        ("contre-proposition", T + "counter-offers"),
        ("chevalier avant de lancer les dés", KNIGHT_BEFORE_ROLL),
        ("carte développement achetée ce tour", D + "dev-card-bought-this-turn"),
        ("gagner pendant le tour d'un autre", W + "win-only-own-turn"),
        ("une ville vaut combien de points", CITY_POINTS),
        ("points de victoire caches", W + "win-hidden-vp-cards"),
        ("regle de distance", B + "distance-rule-meaning"),
        ("routes le long de la côte", B + "coastal-roads"),
        ("armee la plus puissante autant de chevaliers", A + "largest-army-equal-knights"),
        ("ressources de départ", S + "second-settlement-resources"),
    ],
    "es": [
        ("puedo comerciar fuera de mi turno", T + "trade-on-others-turn"),
        ("descarto", DISCARD),
        ("quien tiene que descartar", R + "who-discards-on-seven"),
        ("descarto con 7 cartas", R + "exactly-seven-cards-no-discard"),
        ("cuantas cartas descartar con un 7", R + "discard-half-rounded-down"),
        ("7 cartas descartar", DISCARD),
        ("bandido en el desierto", R + "robber-on-desert-steal"),
        ("construir al lado del ladron", NEXT_TO_ROBBER),
        ("bandido bloquea puertos", R + "robber-and-harbours"),
        ("robo a un jugador que no tiene cartas", R + "victim-without-cards"),
        ("cambiar con la banca", T + "bank-four-to-one"),
        ("puerto 3:1", T + "generic-harbour-three-to-one"),
        ("contraoferta", T + "counter-offers"),
        ("regalar cartas", T + "no-gifts"),
        ("caballero antes de tirar", KNIGHT_BEFORE_ROLL),
        ("carta de desarrollo comprada este turno", D + "dev-card-bought-this-turn"),
        ("descubrimiento sin cartas en la banca", D + "year-of-plenty-card-bank-short"),
        ("ganar en el turno de otro jugador", W + "win-only-own-turn"),
        ("ciudad vale 3 puntos", CITY_POINTS),
        ("puntos de victoria ocultos", W + "win-hidden-vp-cards"),
        ("regla de la distancia", B + "distance-rule-meaning"),
        ("carreteras por la costa", B + "coastal-roads"),
        ("quien empieza", S + "who-goes-first"),
        ("materias primas iniciales", S + "second-settlement-resources"),
    ],
    "nl": [
        ("hoeveel kaarten afgelegd bij 7", R + "discard-half-rounded-down"),
        ("wie moet afleggen", R + "who-discards-on-seven"),
        ("precies 7 kaarten inleveren", R + "exactly-seven-cards-no-discard"),
        ("7 kaarten afleggen", DISCARD),
        ("struikrover op de woestijn", R + "robber-on-desert-steal"),
        ("bouwen naast de dief", NEXT_TO_ROBBER),
        ("struikrover blokkeert havens", R + "robber-and-harbours"),
        ("speler zonder kaarten bestelen", R + "victim-without-cards"),
        ("handelen als ik niet aan de beurt ben", T + "trade-on-others-turn"),
        ("handel met de bank", T + "bank-four-to-one"),
        ("3:1 haven", T + "generic-harbour-three-to-one"),
        ("tegenbod", T + "counter-offers"),
        ("kaarten weggeven", T + "no-gifts"),
        ("ridder spelen voor het dobbelen", KNIGHT_BEFORE_ROLL),
        ("ontwikkelingskaart gekocht deze beurt", D + "dev-card-bought-this-turn"),
        ("uitvinding bank leeg", D + "year-of-plenty-card-bank-short"),
        ("winnen tijdens de beurt van een ander", W + "win-only-own-turn"),
        ("stad 3 punten waard", CITY_POINTS),
        ("verborgen overwinningspunten", W + "win-hidden-vp-cards"),
        ("afstandsregel", B + "distance-rule-meaning"),
        ("straten langs de kust", B + "coastal-roads"),
        ("evenveel ridders grootste riddermacht", A + "largest-army-equal-knights"),
        ("wie begint", S + "who-goes-first"),
        ("grondstoffen bij de start", S + "second-settlement-resources"),
    ],
}

RESULTS_JS = """links => links.map(a => [a.href, +a.querySelector('article').dataset.mdScore])"""


def open_switcher_link(page: Any, lang: str) -> None:
    """Open the language menu in the header and pick a language."""
    page.hover(".md-header__option .md-select")
    page.click(f"a.md-select__link[hreflang={lang}]")


def search(page: Any, query: str, lang: str) -> list[str]:
    """Type ``query`` in the search box; the results as ``page/#anchor``, best score first."""
    box = page.locator("input.md-search__input")
    box.fill("")
    box.press("End")  # Material reads the box on key events
    page.wait_for_function("!document.querySelector('.md-search-result__list li')")
    box.fill(query)
    box.press("End")
    page.wait_for_selector(".md-search-result__list li", timeout=10_000)
    links = page.eval_on_selector_all("a.md-search-result__link", RESULTS_JS)
    ranked = sorted(links, key=lambda link: -link[1])  # stable: ties keep the page order
    return [site_path(href, lang) for href, _ in ranked]


def site_path(url: str, lang: str) -> str:
    """``http://host/fr/faq/robber/?h=x#a`` -> ``faq/robber/#a`` (must stay in ``lang``)."""
    parts = urlsplit(url)
    assert parts.path.startswith(f"/{lang}/"), f"result outside /{lang}/: {url}"
    return parts.path[len(lang) + 2 :] + (f"#{parts.fragment}" if parts.fragment else "")


#: The page's language and its number of main headings, read in one call per page: two
#: Playwright selector queries per page made this test take 1.5 times as long.
LANG_AND_H1S = """() => [document.documentElement.lang,
                        document.querySelectorAll('.md-content h1').length]"""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_loads_cleanly(page: Any, base_url: str, lang: str) -> None:
    seen = watch(page, base_url)
    for path in [*PAGES[1:], PAGES[0]]:  # the home page last: its wait for idle is short
        response = page.goto(f"{base_url}/{lang}/{path}")
        assert response is not None and response.ok, f"{lang}/{path}: {response}"
        assert page.evaluate(LANG_AND_H1S) == [lang, 1], f"{lang}/{path}: lang or single h1"
    page.wait_for_load_state("networkidle")
    seen.assert_clean()


def test_root_picks_the_browser_language(browser: Any, base_url: str) -> None:
    for locale, lang in (("fr-FR", "fr"), ("nl-BE", "nl"), ("de-DE", "en")):
        context = browser.new_context(locale=locale)
        page = context.new_page()
        page.goto(f"{base_url}/")
        page.wait_for_url(f"{base_url}/{lang}/")
        context.close()


def test_language_switcher_keeps_the_page(page: Any, base_url: str) -> None:
    seen = watch(page, base_url)
    page.goto(f"{base_url}/en/faq/robber/")
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


@pytest.fixture(scope="module")
def search_pages(browser: Any, base_url: str) -> Iterator[Callable[[str], Any]]:
    """One open page per language, reused by every search (the index loads once)."""
    context = browser.new_context()
    pages: dict[str, Any] = {}

    def get(lang: str) -> Any:
        if lang not in pages:
            pages[lang] = context.new_page()
            pages[lang].goto(f"{base_url}/{lang}/")
        return pages[lang]

    yield get
    context.close()


CASES = [(lang, query, expected) for lang, cases in SEARCHES.items()
         for query, expected in cases]


@pytest.mark.parametrize(("lang", "query", "expected"), CASES,
                         ids=[f"{lang}-{query}" for lang, query, _ in CASES])
def test_search_finds_the_faq_entry(search_pages: Any, lang: str, query: str,
                                    expected: str | tuple[str, ...]) -> None:
    wanted = {expected} if isinstance(expected, str) else set(expected)
    top = search(search_pages(lang), query, lang)[:3]
    assert wanted & set(top), f"{query!r}: expected {sorted(wanted)} in top 3, got {top}"


def test_search_is_clean_and_stays_home(page: Any, base_url: str) -> None:
    seen = watch(page, base_url)
    page.goto(f"{base_url}/fr/")
    results = search(page, "brigand désert", "fr")
    assert results and results[0] == R + "robber-on-desert-steal"
    page.keyboard.press("Enter")  # Enter opens the best result
    page.wait_for_url(f"{base_url}/fr/faq/robber/**#robber-on-desert-steal")
    seen.assert_clean()
