"""Search normaliser: lower-case, stop words, accent folding, light stemming and synonyms.

The rules live in one :class:`Lexicon`, loaded from ``i18n/search.yml`` and the synonyms of
``i18n/glossary.yml``; :meth:`Lexicon.to_json` goes into each language's search index, and the
search worker applies them to the pages and to the query with the browser's copy of the
algorithm (``overrides/assets/javascripts/workers/catan-normalise.js``). This module is the
reference implementation: tests/test_search_norm.py requires both to give the same tokens for
every word of the site, and documents what readers' words meet.

>>> lex = load_lexicon("fr")
>>> normalise("Je dois défausser 4 cartes", lex)  # "dois": an obligation (glossary phrasings)
['defauss', '4', 'cart', 'oblig']
>>> normalise("defaussez", lex) == normalise("Défaussées", lex)
True
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from catan_site.catalog import I18N, read

RULES_FILE = I18N / "search.yml"
GLOSSARY_FILE = I18N / "glossary.yml"

_WORD = re.compile(r"[^\W_]+")
_COMBINING = re.compile("[\u0300-\u036f]")
_LIGATURES = str.maketrans({"œ": "oe", "æ": "ae", "ß": "ss", "ĳ": "ij"})
_VOWEL_PAIRS = re.compile(r"(aa|ee|oo|uu)")
_VOWELS = set("aeiouy")
_DIGITS = re.compile(r"[0-9]+")
_RATIO = re.compile(r"([0-9]+)\s*:\s*([0-9]+)")

#: A gap in a phrasing ("turn ... into"): one to GAP_WORDS words.
GAP = "*"
GAP_WORDS = 3

Rule = tuple[str, str]
Phrase = tuple[str, ...]


@dataclass(frozen=True)
class Lexicon:
    """The normalisation rules of one language (see ``i18n/search.yml``)."""

    lang: str
    min_stem: int
    stopwords: frozenset[str]
    plural: tuple[Rule, ...]
    suffixes: tuple[Rule, ...]
    participle_prefixes: tuple[str, ...] = ()
    undouble_vowels: bool = False
    undouble_final: bool = False
    synonyms: tuple[tuple[Phrase, Phrase], ...] = ()  # (synonym, official term), normalised
    exact_words: tuple[str, ...] = ()  # query side only (see i18n/search.yml)
    #: folded word -> its token, unstemmed: number words ("two" -> "2") and exceptions
    fixed: tuple[tuple[str, str], ...] = ()
    ratio_words: tuple[str, ...] = ()  # "3 for 1" -> "3to1", like "3:1"
    #: (phrase as stemmed words, stop words kept) -> the tokens of the site's wording
    phrasings: tuple[tuple[Phrase, Phrase], ...] = ()
    #: word -> stem, filled as words are met (an index repeats the same words many times)
    cache: dict[str, str] = field(default_factory=dict, init=False, repr=False, compare=False)

    def to_json(self) -> dict[str, Any]:
        """The rules as plain JSON, for the browser's copy of the normaliser."""
        return {
            "lang": self.lang,
            "minStem": self.min_stem,
            "stopwords": sorted(self.stopwords),
            "plural": [list(rule) for rule in self.plural],
            "suffixes": [list(rule) for rule in self.suffixes],
            "participlePrefixes": list(self.participle_prefixes),
            "undoubleVowels": self.undouble_vowels,
            "undoubleFinal": self.undouble_final,
            "synonyms": [[list(k), list(v)] for k, v in self.synonyms],
            "exactWords": list(self.exact_words),
            "fixed": [list(pair) for pair in self.fixed],
            "ratioWords": list(self.ratio_words),
            "phrasings": [[list(k), list(v)] for k, v in self.phrasings],
        }


def words(text: str) -> list[str]:
    """Split text into lower-case words (letters and digits), accents kept.

    >>> words("L'argile, c'est 2:1 ?")
    ['l', 'argile', 'c', 'est', '2to1']
    """
    return _WORD.findall(_RATIO.sub(r"\1to\2", unicodedata.normalize("NFC", text).lower()))


def fold(word: str) -> str:
    """Remove accents and expand ligatures: ``"Défaussée"`` -> ``"defaussee"``."""
    decomposed = unicodedata.normalize("NFD", word.lower().translate(_LIGATURES))
    return unicodedata.normalize("NFC", _COMBINING.sub("", decomposed))


def _strip(word: str, rules: tuple[Rule, ...], min_stem: int) -> str:
    """Apply the first (longest) rule whose suffix matches and leaves a long enough stem."""
    for suffix, replacement in rules:
        if word.endswith(suffix) and len(word) - len(suffix) >= min_stem:
            return word[: len(word) - len(suffix)] + replacement
    return word


def _participle(word: str, lex: Lexicon) -> str:
    """Dutch past participles: ``afgelegd(e)`` -> ``afleg``, ``gebouwd`` -> ``bouw``."""
    ending = next((e for e in ("de", "te", "d", "t") if word.endswith(e)), "")
    if not ending:
        return word
    for prefix in lex.participle_prefixes:
        head = prefix + "ge"
        if word.startswith(head) and len(word) - len(head) - len(ending) >= lex.min_stem:
            return prefix + word[len(head) : -len(ending)]
    return word


def stem(word: str, lex: Lexicon) -> str:
    """Stem one folded word with the language's rules (see ``i18n/search.yml``)."""
    if _DIGITS.fullmatch(word):
        return word
    for known, token in lex.fixed:
        if word == known:
            return token
    word = _participle(word, lex)
    word = _strip(word, lex.plural, lex.min_stem)
    word = _strip(word, lex.suffixes, lex.min_stem)
    if lex.undouble_vowels:
        word = _VOWEL_PAIRS.sub(lambda m: m.group(0)[0], word)
    doubled = len(word) > lex.min_stem and word[-1] == word[-2] and word[-1] not in _VOWELS
    if lex.undouble_final and doubled:
        word = word[:-1]
    return word


def is_stopword(word: str, lex: Lexicon) -> bool:
    """True if a lower-case, unfolded word is dropped: a stop word or a single letter."""
    return word in lex.stopwords or (len(word) < 2 and not _DIGITS.fullmatch(word))


def ratios(found: list[str], lex: Lexicon) -> list[str]:
    """``["3", "for", "1"]`` -> ``["3to1"]``: a ratio in words is one token, as ``3:1`` is.

    >>> ratios(["trade", "3", "for", "1"], load_lexicon("en"))
    ['trade', '3to1']
    """
    out: list[str] = []
    i = 0
    while i < len(found):
        three = found[i : i + 3]
        if (len(three) == 3 and three[1] in lex.ratio_words
                and _DIGITS.fullmatch(three[0]) and _DIGITS.fullmatch(three[2])):
            out.append(f"{three[0]}to{three[2]}")
            i += 3
        else:
            out.append(found[i])
            i += 1
    return out


def _stems(text: str, lex: Lexicon) -> list[str]:
    """Words of ``text`` without stop words and single letters, folded and stemmed."""
    out = []
    for word in ratios(words(text), lex):
        if word not in lex.cache:
            lex.cache[word] = "" if is_stopword(word, lex) else stem(fold(word), lex)
        if lex.cache[word]:
            out.append(lex.cache[word])
    return out


def _expand_synonyms(tokens: list[str], lex: Lexicon) -> list[str]:
    """After each synonym phrase, insert the tokens of its official term it lacks.

    Phrases are matched longest first, and multi-word official terms map to themselves, so
    ``point de victoire`` stays whole instead of expanding its synonym ``point`` again.
    """
    table = dict(lex.synonyms)
    longest = max((len(k) for k in table), default=0)
    out: list[str] = []
    i = 0
    while i < len(tokens):
        for size in range(min(longest, len(tokens) - i), 0, -1):
            phrase = tuple(tokens[i : i + size])
            if phrase in table:
                out.extend(phrase)
                out.extend(t for t in table[phrase] if t not in phrase)
                i += size
                break
        else:
            out.append(tokens[i])
            i += 1
    return out


def phrasing_tokens(found: list[str], lex: Lexicon) -> list[tuple[str, int]]:
    """The site's wording of the phrasings in ``found`` (words): [(token, index of word)].

    Phrasings (``i18n/glossary.yml``) are matched on every word stemmed, stop words included
    ("as many", "next to each other"), longest first; then those with a gap ("turn ... into",
    where ``...`` is one to three words).

    >>> [t for t, _ in phrasing_tokens(words("what's the price?"), load_lexicon("en"))]
    ['cost']
    >>> [t for t, _ in phrasing_tokens(words("turn my settlement into"), load_lexicon("en"))]
    ['upgrad']
    """
    table = {k: v for k, v in lex.phrasings if GAP not in k}
    longest = max((len(k) for k in table), default=0)
    full = [stem(fold(w), lex) for w in found]
    out: list[tuple[str, int]] = []
    i = 0
    while i < len(full):
        for size in range(min(longest, len(full) - i), 0, -1):
            phrase = tuple(full[i : i + size])
            if phrase in table:
                out.extend((t, i) for t in table[phrase] if t not in phrase)
                i += size
                break
        else:
            i += 1
    for key, target in lex.phrasings:
        if GAP in key:
            head, tail = key[: key.index(GAP)], key[key.index(GAP) + 1 :]
            out.extend((t, i) for i in range(len(full)) if _gap_match(full, i, head, tail)
                       for t in target)
    return out


def _gap_match(full: list[str], i: int, head: Phrase, tail: Phrase) -> bool:
    """True if ``head``, one to ``GAP_WORDS`` words, then ``tail`` start at ``full[i]``."""
    if tuple(full[i : i + len(head)]) != head:
        return False
    start = i + len(head)
    return any(tuple(full[start + gap : start + gap + len(tail)]) == tail
               for gap in range(1, GAP_WORDS + 1))


def normalise(text: str, lex: Lexicon) -> list[str]:
    """The search tokens of a text: stems, with official terms added after synonyms, then
    the site's wording of the player phrasings found."""
    extra = [t for t, _ in phrasing_tokens(ratios(words(text), lex), lex)] if lex.phrasings else []
    return _expand_synonyms(_stems(text, lex), lex) + extra


def _rules(items: list[str]) -> tuple[Rule, ...]:
    """Parse ``"suffix"`` / ``"suffix>replacement"`` rules, longest suffix first."""
    pairs = [(item.partition(">")[0], item.partition(">")[2]) for item in items]
    return tuple(sorted(pairs, key=lambda p: -len(p[0])))


Synonyms = tuple[tuple[Phrase, Phrase], ...]


def _synonyms(lang: str, glossary: dict[str, Any], base: Lexicon) -> Synonyms:
    """Synonym phrases of one language, normalised, mapped to their official term."""
    table: dict[Phrase, Phrase] = {}
    for official, others in ((glossary.get("synonyms") or {}).get(lang) or {}).items():
        target = tuple(_stems(str(official), base))
        for other in others or []:
            key = tuple(_stems(str(other), base))
            if key and target and key != target:
                table[key] = target
    for target in set(table.values()):
        if len(target) > 1:
            table[target] = target
    return tuple(sorted(table.items()))


def _phrasings(lang: str, glossary: dict[str, Any], base: Lexicon) -> Synonyms:
    """Player phrasings of one language: each group's other phrases -> its first one's tokens."""
    table: dict[Phrase, Phrase] = {}
    for group in ((glossary.get("phrasings") or {}).get(lang) or []):
        target = tuple(_stems(str(group[0]), base))
        for other in group[1:]:
            parts = [tuple(stem(fold(w), base) for w in ratios(words(part), base))
                     for part in str(other).split("...")]
            key = parts[0] + ((GAP,) + parts[1] if len(parts) == 2 else ())
            if key and target and key != target:
                table[key] = target
    return tuple(sorted(table.items()))


def player_names(spec: dict[str, Any]) -> list[str]:
    """First names a reader gives the other players ("does Lisa have to show ..."), dropped
    like stop words: each name, lower-case, and its possessive without an apostrophe
    (``possessive``: "marks city", Dutch "brams stad") where the language writes one.

    >>> player_names({"names": ["Lisa", "Mark"], "possessive": "s"})
    ['lisa', 'mark', 'lisas', 'marks']
    """
    names = [str(n).lower() for n in spec.get("names", [])]
    ending = str(spec.get("possessive", ""))
    return names + ([n + ending for n in names if not n.endswith(ending)] if ending else [])


def load_lexicon(lang: str, rules_file: Path = RULES_FILE,
                 glossary_file: Path = GLOSSARY_FILE) -> Lexicon:
    """Load one language's rules from ``i18n/search.yml`` and synonyms from the glossary."""
    data = read(rules_file)
    spec = data["languages"][lang]
    listed = [str(w).lower() for w in spec.get("stopwords", [])] + player_names(spec)
    fixed = {**(spec.get("numbers") or {}), **(spec.get("exceptions") or {})}
    base = Lexicon(
        lang=lang,
        min_stem=int(data.get("min_stem", 3)),
        stopwords=frozenset(listed + [fold(w) for w in listed]),
        plural=_rules(spec.get("plural", [])),
        suffixes=_rules(spec.get("suffixes", [])),
        participle_prefixes=tuple(sorted(spec.get("participle_prefixes", []), key=len)[::-1]),
        undouble_vowels=bool(spec.get("undouble_vowels", False)),
        undouble_final=bool(spec.get("undouble_final", False)),
        exact_words=tuple(str(w).lower() for w in spec.get("exact_words", [])),
        fixed=tuple(sorted((fold(str(k)), str(v)) for k, v in fixed.items())),
        ratio_words=tuple(str(w) for w in spec.get("ratio_words", [])),
    )
    glossary = read(glossary_file) if glossary_file.exists() else {}
    return replace(base, synonyms=_synonyms(lang, glossary or {}, base),
                   phrasings=_phrasings(lang, glossary or {}, base))
