"""The catan-diagram and catan-widget fences: YAML checked, engine SVG, errors stop builds."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator

import markdown
import pytest
from pymdownx.superfences import SuperFencesException

from catan_site import fences
from catan_site.plugin import fence_config

SVG = '<svg xmlns="http://www.w3.org/2000/svg" data-lang="{lang}"><title>board</title></svg>'


def convert(text: str, lang: str = "fr") -> str:
    """Markdown to HTML with the fences the plugin configures for a page in ``lang``."""
    custom = [fence for fence in fence_config(lang) if fence["name"] != "catan-lesson"]
    md = markdown.Markdown(extensions=["pymdownx.superfences"],
                           extension_configs={"pymdownx.superfences": {"custom_fences": custom}})
    return md.convert(text)


@pytest.fixture
def engine(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[dict[str, object]]]:
    """A stand-in for the engine's renderer that records the specs it is asked to draw."""
    calls: list[dict[str, object]] = []

    def render_diagram(spec: dict[str, object], lang: str, terms: dict[str, str]) -> str:
        calls.append(spec)
        return SVG.format(lang=lang)

    monkeypatch.setattr(fences, "render_diagram", render_diagram)
    yield calls


def test_diagram_renders_engine_svg_and_caption(engine: list[dict[str, object]]) -> None:
    out = convert("```catan-diagram\nboard: beginner\nrobber: 9\ncaption: Le voleur\n```\n")
    assert '<figure class="catan-diagram">' in out
    assert 'data-lang="fr"' in out
    assert "<figcaption>Le voleur</figcaption>" in out
    assert engine == [{"board": "beginner", "robber": 9, "caption": "Le voleur"}]


def test_widget_carries_its_spec(engine: list[dict[str, object]]) -> None:
    out = convert("```catan-widget\nkind: longest-road\nboard: beginner\nprompt: \"l'a\"\n```\n")
    assert '<div class="catan-widget" data-kind="longest-road"' in out
    spec = out.split('data-spec="', 1)[1].split('"', 1)[0]
    assert json.loads(html.unescape(spec)) == {
        "kind": "longest-road", "board": "beginner", "prompt": "l'a"}
    assert "<svg" in out


@pytest.mark.parametrize(("src", "message"), [
    ("```catan-diagram\nboard: beginner\ncolour: red\n```\n", "unknown key(s) colour"),
    ("```catan-diagram\n- not a mapping\n```\n", "expected a YAML mapping"),
    ("```catan-diagram\nboard: [unclosed\n```\n", "invalid YAML"),
    ("```catan-widget\nboard: beginner\n```\n", "'kind'"),
    ("```catan-diagram wide=\"1\"\nboard: beginner\n```\n", "not in the fence header"),
])
def test_bad_fences_stop_the_build(engine: list[dict[str, object]], src: str,
                                   message: str) -> None:
    with pytest.raises(SuperFencesException, match=re.escape(message)):
        convert(src)


def test_engine_errors_are_reported() -> None:
    with pytest.raises(SuperFencesException, match="robber: 42 is out of range"):
        convert("```catan-diagram\nrobber: 42\n```\n")
