"""MkDocs hook: add normalised tokens to the search index (see catan_site/search_norm.py).

Material's search (lunr) matches words as written: no accent folding, no stemming, no synonyms.
After the index is written, every document gets two more fields, ``ntitle`` and ``ntext``: the
normalised tokens of its title and text. The index's config gets ``catan``: the normalisation
rules of the language, which the search worker (catan-search.js) applies to each query, so that
``defausser``, ``défaussez`` and ``défaussées`` all meet at ``defauss``.

Normalised tokens carry a ``_`` prefix (``_defauss``), which no word a reader types can have: the
worker adds the same prefix to the query's normalised tokens, so the words as typed only meet the
words as written (title, text) and stems only meet stems. Without it, the prefix search that
Material applies to every term lets "haven*" also match the stem "havenkoers" and counts twice.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

from mkdocs.plugins import event_priority

from catan_site.search_norm import Lexicon, load_lexicon, normalise

_TAG = re.compile(r"<[^>]+>")
MARK = "_"  # prefix of normalised tokens, also in catan-search.js

#: lunr field boosts. Material's own: title 1000, text 1. The normalised title weighs less than
#: the title as written, so an exact match of the question outranks a stemmed one.
FIELDS = {"ntitle": {"boost": 500.0}, "ntext": {"boost": 1.0}}
#: Document boosts by location prefix: a question answered in the FAQ is what most searches want,
#: so its entries come before rules, mistakes and editions sections of equal relevance.
DOC_BOOSTS = {"faq/": 1.5}


def plain(markup: str) -> str:
    """Text of an HTML fragment (the index stores HTML for its previews)."""
    return html.unescape(_TAG.sub(" ", markup))


def tokens(markup: str, lex: Lexicon) -> str:
    """The marked normalised tokens of an HTML fragment, space-separated."""
    return " ".join(MARK + token for token in normalise(plain(markup), lex))


def boost(location: str) -> float:
    """Boost of a section (``page/#anchor``) from DOC_BOOSTS; pages themselves keep 1."""
    if "#" not in location:
        return 1.0
    return next((b for prefix, b in DOC_BOOSTS.items() if location.startswith(prefix)), 1.0)


def augment(index: dict[str, Any], lex: Lexicon) -> dict[str, Any]:
    """Add the normalised fields to every document and the rules to the config."""
    for doc in index["docs"]:
        doc["ntitle"] = tokens(doc.get("title", ""), lex)
        doc["ntext"] = tokens(doc.get("text", ""), lex)
        doc_boost = boost(doc["location"])
        if doc_boost != 1:
            doc["boost"] = doc.get("boost", 1) * doc_boost
    index["config"]["fields"].update(FIELDS)
    index["config"]["catan"] = lex.to_json()
    return index


@event_priority(-200)  # after static-i18n (-100), which rewrites the index in its post-build
def on_post_build(config: Any) -> None:
    """Rewrite ``search/search_index.json`` with the normalised fields."""
    path = Path(config.site_dir) / "search" / "search_index.json"
    if not path.exists():
        return
    index = json.loads(path.read_text(encoding="utf-8"))
    lex = load_lexicon(config.theme["language"])
    data = json.dumps(augment(index, lex), ensure_ascii=False, separators=(",", ":"))
    path.write_text(data, encoding="utf-8")
