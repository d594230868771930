"""MkDocs hook: mark the one-line answer under each FAQ question, for styling.

The FAQ format (notes/site-layout.md) puts the answer in a paragraph that is all bold, right
after the question's ``<h2>``. CSS cannot tell "only bold" from "bold inside a sentence", so the
paragraph gets ``class="catan-answer"`` here.
"""

from __future__ import annotations

import re
from typing import Any

ANSWER = re.compile(r"(</h2>\s*)<p>(<strong>(?:(?!</strong>).)*</strong>)</p>", re.DOTALL)


def mark_answers(html: str) -> str:
    """Add ``class="catan-answer"`` to bold-only paragraphs that follow an ``<h2>``.

    >>> mark_answers('<h2 id="q">Q?</h2>\\n<p><strong>Yes.</strong></p>')
    '<h2 id="q">Q?</h2>\\n<p class="catan-answer"><strong>Yes.</strong></p>'
    >>> mark_answers('<h2>Q</h2><p>Some <strong>bold</strong> words.</p>')
    '<h2>Q</h2><p>Some <strong>bold</strong> words.</p>'
    """
    return ANSWER.sub(r'\1<p class="catan-answer">\2</p>', html)


def on_page_content(html: str, page: Any, config: Any, files: Any) -> str:
    """Mark the answers on FAQ pages."""
    return mark_answers(html) if page.file.url.startswith("faq/") else html
