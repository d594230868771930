"""A language's spacing around punctuation, set in the built pages.

French puts a no-break space before a colon, a narrow no-break space before ``;``, ``!`` and
``?``, and no-break spaces inside guillemets (the Imprimerie nationale's rules; the catalogs of
``i18n/`` are written so, ``tests/test_i18n_typography.py``). The pages' sources are written
with ordinary spaces, where a browser may break a line and leave a question mark or a colon
alone at the start of the next one. The plugin passes every page of the language through
:func:`apply` once it is written (``on_post_page``): its body, its title, the navigation and
the table of contents. Text inside code, scripts, styles and attributes is left as it is.

>>> apply("fr", "<h2>Qui joue ?</h2><p>Règle : « une route » ; <code>a ?</code></p>")
'<h2>Qui joue\\u202f?</h2><p>Règle\\xa0: «\\xa0une route\\xa0»\\u202f; <code>a ?</code></p>'
>>> apply("en", "<p>Who plays ?</p>")
'<p>Who plays ?</p>'
"""

from __future__ import annotations

import re
from collections.abc import Callable

NBSP = "\u00a0"
NARROW_NBSP = "\u202f"
#: The space before each mark in French.
FRENCH_BEFORE = {":": NBSP, ";": NARROW_NBSP, "!": NARROW_NBSP, "?": NARROW_NBSP}

# elements whose text is not prose: kept whole (a <pre> with its <code>)
_RAW = re.compile(r"<(script|style|pre|code|textarea|kbd|samp)\b.*?</\1\s*>",
                  re.DOTALL | re.IGNORECASE)
_TAG = re.compile(r"<!--.*?-->|<[^>]*>", re.DOTALL)
# ordinary spaces before a mark that ends a word's sentence (not "://" or "::")
_BEFORE_MARK = re.compile(r"[ \t\r\n]+([:;!?])(?![\w:/])")
_AFTER_OPENING = re.compile(r"«[ \t\r\n]+")
_BEFORE_CLOSING = re.compile(r"[ \t\r\n]+»")


def _french(text: str) -> str:
    text = _BEFORE_MARK.sub(lambda m: FRENCH_BEFORE[m[1]] + m[1], text)
    text = _AFTER_OPENING.sub("«" + NBSP, text)
    return _BEFORE_CLOSING.sub(NBSP + "»", text)


#: The text rules of each language that has some.
RULES: dict[str, Callable[[str], str]] = {"fr": _french}


def apply(lang: str, html: str) -> str:
    """``html`` with ``lang``'s spacing in its text (unchanged for a language without rules)."""
    rule = RULES.get(lang)
    if rule is None:
        return html
    out: list[str] = []
    at = 0
    for raw in _RAW.finditer(html):
        out.append(_in_text(html[at:raw.start()], rule))
        out.append(raw[0])
        at = raw.end()
    out.append(_in_text(html[at:], rule))
    return "".join(out)


def _in_text(html: str, rule: Callable[[str], str]) -> str:
    """``rule`` applied to the text between the tags of ``html`` (tags and comments kept)."""
    out: list[str] = []
    at = 0
    for tag in _TAG.finditer(html):
        out.append(rule(html[at:tag.start()]))
        out.append(tag[0])
        at = tag.end()
    out.append(rule(html[at:]))
    return "".join(out)


__all__ = ["FRENCH_BEFORE", "RULES", "apply"]
