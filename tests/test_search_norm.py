"""The search normaliser: what readers type meets what the pages say.

The same algorithm exists in Python (catan_site/search_norm.py, for the index) and in JavaScript
(catan-normalise.js, for the query); the equality test runs both on every word of the site.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from catan_site import languages
from catan_site.search_norm import load_lexicon, normalise

ROOT = Path(__file__).resolve().parent.parent
NORMALISE_JS = ROOT / "overrides/assets/javascripts/workers/catan-normalise.js"
LANGUAGES = languages.codes()  # mkdocs.yml (i18n plugin)

#: Groups of forms a reader may type that must meet at the same tokens.
SAME = {
    "en": [["discard", "discards", "discarded", "discarding", "Discard"],
           ["trade", "trades", "traded", "trading"],
           ["city", "cities"], ["road", "roads"], ["knight", "knights"]],
    "fr": [["défausser", "defausser", "défaussez", "défausse", "défaussé", "défaussées",
            "défaussent", "DÉFAUSSER"],
           ["carte", "cartes"], ["colonie", "colonies"], ["échanger", "echange", "échangez"],
           ["route", "routes"], ["construire", "construisez", "construit"]],
    "es": [["descartar", "descarto", "descartas", "descarta", "descartan", "descartado",
            "descartes"],
           ["comerciar", "comercio", "comerciando"], ["ladrón", "ladron", "ladrones"],
           ["ciudad", "ciudades"], ["carta", "cartas"]],
    "nl": [["afleggen", "afgelegd", "afgelegde", "afleg"], ["kaart", "kaarten"],
           ["straat", "straten"], ["ruilen", "geruild"], ["dobbelsteen", "dobbelstenen"],
           ["bouwen", "gebouwd"]],
}

#: Synonym -> the official term its tokens must include.
SYNONYMS = {
    "en": [("thief", "robber"), ("sheep", "wool"), ("wheat", "grain")],
    "fr": [("brigand", "voleur"), ("mouton", "laine")],
    "es": [("bandido", "ladrón"), ("trigo", "cereales")],
    "nl": [("struikrover", "rover"), ("dief", "rover")],
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_inflections_meet(lang: str) -> None:
    lex = load_lexicon(lang)
    for group in SAME[lang]:
        tokens = {tuple(normalise(word, lex)) for word in group}
        assert len(tokens) == 1, f"{lang}: {group} -> {tokens}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_synonyms_add_official_term(lang: str) -> None:
    lex = load_lexicon(lang)
    for synonym, official in SYNONYMS[lang]:
        assert set(normalise(official, lex)) <= set(normalise(synonym, lex)), synonym


@pytest.mark.parametrize(("lang", "question", "expected"), [
    ("fr", "Est-ce que je dois défausser mes cartes ?", ["defauss", "cart", "oblig"]),
    ("es", "¿Puedo comerciar fuera de mi turno?", ["comerci", "fuer", "turn"]),
    ("nl", "Hoeveel kaarten moet ik afleggen?", ["kart", "afleg", "verplicht"]),
    ("en", "Can I trade when it is not my turn?", ["trad", "turn"]),
])
def test_questions_keep_content_words(lang: str, question: str, expected: list[str]) -> None:
    assert normalise(question, load_lexicon(lang)) == expected


def test_stop_word_check_sees_accents() -> None:
    lex = load_lexicon("fr")
    assert normalise("des dés", lex) == ["des"]  # the article goes, the dice stay


#: Players' wordings that must meet the site's (i18n/glossary.yml ``phrasings``, number words,
#: ratios in words): (typed, a token the page's wording also yields).
PHRASINGS = {
    "en": [("what's the price", "cost"), ("settlements next to each other", "distanc"),
           ("ran out of roads", "run"), ("I have used all 5 settlements", "run"),
           ("two players", "2"), ("trade 2 for 1", "2to1"), ("as many Knights", "tie"),
           ("turn my settlement into a city", "upgrad")],
    "fr": [("prix ville", "cout"), ("colonies côte à côte", "distanc"), ("deux joueurs", "2"),
           ("échange 4 contre 1", "4to1"), ("donner 3 blés contre 1 bois", "3to1"),
           ("2 argiles pour 1 carte", "2to1"), ("4 cartes identiques contre 1", "banqu")],
    "es": [("precio poblado", "cost"), ("poblados pegados", "distanci"),
           ("se acabaron los poblados", "agot"), ("cambiar 3 por 1", "3to1"),
           ("me arrepentí del cambio", "deshac"), ("quiero mis cartas de vuelta", "recuper")],
    "nl": [("prijs dorp", "kost"), ("dorpen naast elkaar", "afstandsregel"),
           ("ruil 2 voor 1", "2to1"), ("twee spelers", "2"), ("breid er één uit", "vervang")],
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_phrasings_meet_the_sites_wording(lang: str) -> None:
    lex = load_lexicon(lang)
    for typed, token in PHRASINGS[lang]:
        assert token in normalise(typed, lex), (typed, normalise(typed, lex))


def test_phrasings_need_their_words_in_a_row() -> None:
    lex = load_lexicon("en")
    assert "distanc" not in normalise("next to the robber", lex)  # "next to" alone is not one
    assert normalise("costa", load_lexicon("es")) != normalise("coste", load_lexicon("es"))


def site_words(lang: str) -> list[str]:
    """Every distinct whitespace-separated word of a language's pages, plus tricky forms."""
    text = " ".join(p.read_text(encoding="utf-8") for p in (ROOT / "docs" / lang).rglob("*.md"))
    extra = "ŒUVRE Æther straße ĳs İstanbul e\u0301te\u0301 ①②③ x² 3:1 2e l’argile ¿qué?"
    return sorted(set(re.findall(r"\S+", text + " " + extra)))


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_python_and_javascript_agree(lang: str, tmp_path: Path) -> None:
    lex = load_lexicon(lang)
    words = site_words(lang)
    # whole lines too: phrasings and ratios in words span several words
    faq = (ROOT / "docs" / lang / "faq").glob("*.md")
    words += sorted({line for path in faq for line in path.read_text(encoding="utf-8").splitlines()
                     if line.strip()})
    case = tmp_path / "case.json"
    case.write_text(json.dumps({"lex": lex.to_json(), "words": words}), encoding="utf-8")
    script = (f"const N = require({json.dumps(str(NORMALISE_JS))});"
              f"const c = JSON.parse(require('fs').readFileSync({json.dumps(str(case))}, 'utf8'));"
              "const lex = N.prepare(c.lex);"
              "process.stdout.write(JSON.stringify(c.words.map(w => N.normalise(w, lex))));")
    out = subprocess.run(["node", "-e", script], capture_output=True, check=True, text=True)
    javascript = json.loads(out.stdout)
    python = [normalise(word, lex) for word in words]
    differ = [(w, p, j) for w, p, j in zip(words, python, javascript, strict=True) if p != j]
    assert not differ, f"{len(differ)} of {len(words)} words differ, e.g. {differ[:5]}"
