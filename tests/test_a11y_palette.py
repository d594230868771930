"""The site's palette reads: contrast of every colour pair the pages use, in both schemes.

The pairs are computed from ``overrides/assets/stylesheets/catan.css`` itself: the ``--catan-*``
tokens and the Material variables set from them, resolved the way the browser resolves them on
``<body>`` in each scheme. WCAG 2.2 asks 4.5:1 for text and 3:1 for large text, controls and
focus rings (success criteria 1.4.3 and 1.4.11). tests/test_a11y_browser.py checks the rendered
pages with axe-core; this test names the role that broke when a colour changes.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from catan_core import svg
from catan_core.svg import RGB

CSS = Path(__file__).resolve().parent.parent / "overrides/assets/stylesheets/catan.css"

#: Rule sets that apply on <body> in each scheme, weakest first (mkdocs.yml: primary and accent
#: ``custom``; Material puts the scheme, primary and accent on <body>).
SCOPES = {
    "light": [":root", '[data-md-color-primary="custom"]', '[data-md-color-accent="custom"]',
              '[data-md-color-scheme="default"]'],
    "dark": [":root", '[data-md-color-primary="custom"]', '[data-md-color-accent="custom"]',
             '[data-md-color-scheme="slate"]',
             '[data-md-color-scheme="slate"][data-md-color-primary="custom"]',
             '[data-md-color-scheme="slate"][data-md-color-accent="custom"]'],
}
FOOTER = ".md-footer-meta"

TEXT, CONTROL = 4.5, 3.0
#: (role, foreground, background, minimum); a background "a over b" is a translucent a on b.
PAIRS = [
    ("body text", "--md-default-fg-color", "--md-default-bg-color", TEXT),
    ("body text on panels", "--md-default-fg-color", "--md-code-bg-color", TEXT),
    ("secondary text", "--md-default-fg-color--light", "--md-default-bg-color", TEXT),
    ("secondary text on widget, tutorial and game panels", "--md-default-fg-color--light",
     "--md-code-bg-color", TEXT),
    ("secondary text on the active player's row", "--md-default-fg-color--light",
     "--md-accent-fg-color--transparent over --md-code-bg-color", TEXT),
    ("links and active navigation", "--md-typeset-a-color", "--md-default-bg-color", TEXT),
    ("links on panels", "--md-typeset-a-color", "--md-code-bg-color", TEXT),
    ("hovered links, current language", "--md-accent-fg-color", "--md-default-bg-color", TEXT),
    ("focus rings", "--md-accent-fg-color", "--md-default-bg-color", CONTROL),
    ("header title, tab labels", "--md-primary-bg-color", "--md-primary-fg-color", TEXT),
    ("search placeholder in the header", "--md-primary-bg-color--light",
     "--md-primary-fg-color", TEXT),
    ("filled buttons", "--md-primary-bg-color", "--md-primary-fg-color", TEXT),
    ("hovered buttons", "--md-accent-bg-color", "--md-accent-fg-color", TEXT),
    ("focus rings on the header", "--catan-amber", "--md-primary-fg-color", CONTROL),
    ("footer small print", "--md-footer-fg-color--lighter", "--catan-footer-bg", TEXT),
    ("verdicts: right, done", "--catan-good-fg", "--md-default-bg-color", TEXT),
    ("verdicts on panels: right, done", "--catan-good-fg", "--md-code-bg-color", TEXT),
    ("verdicts: wrong, refused", "--catan-bad-fg", "--md-default-bg-color", TEXT),
    ("verdicts on panels: wrong, refused", "--catan-bad-fg", "--md-code-bg-color", TEXT),
]
#: Outlined buttons: the brick in the light scheme, the link colour in the dark one.
BUTTON_TEXT = {"light": "--md-primary-fg-color", "dark": "--md-typeset-a-color"}



@cache
def rule_sets(css: str) -> dict[str, dict[str, str]]:
    """Top-level rule sets (``@media`` blocks skipped): selector -> {property: value}."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    css = re.sub(r"@media[^{]*\{(?:[^{}]*\{[^{}]*\})*\s*\}", "", css)
    found: dict[str, dict[str, str]] = {}
    for selector, body in re.findall(r"([^{}]+)\{([^{}]*)\}", css):
        declarations = found.setdefault(" ".join(selector.split()), {})
        for name, value in re.findall(r"([\w-]+)\s*:\s*([^;]+);", body):
            declarations[name] = value.strip()
    return found


def variables(scheme: str, extra: tuple[str, ...] = ()) -> dict[str, str]:
    """The custom properties on <body> in ``scheme`` (later scopes override earlier ones)."""
    sets = rule_sets(CSS.read_text())
    merged: dict[str, str] = {}
    for scope in [*SCOPES[scheme], *extra]:
        merged.update({k: v for k, v in sets.get(scope, {}).items() if k.startswith("--")})
    return merged


def colour(name: str, env: dict[str, str]) -> tuple[RGB, float]:
    """A variable resolved through ``var()`` to its sRGB channels (0-1) and alpha."""
    value = env[name]
    while value.startswith("var("):
        value = env[value[4:-1].strip()]
    match = re.fullmatch(r"#([0-9a-fA-F]{6})([0-9a-fA-F]{2})?", value)
    assert match, f"{name} is {value!r}: the palette is written in hex"
    rgb = tuple(int(match.group(1)[i:i + 2], 16) / 255 for i in (0, 2, 4))
    alpha = int(match.group(2), 16) / 255 if match.group(2) else 1.0
    return (rgb[0], rgb[1], rgb[2]), alpha


def over(top: tuple[RGB, float], under: RGB) -> RGB:
    (r, g, b), a = top
    return (r * a + under[0] * (1 - a), g * a + under[1] * (1 - a), b * a + under[2] * (1 - a))


def background(spec: str, env: dict[str, str]) -> RGB:
    layers = spec.split(" over ")
    rgb, alpha = colour(layers[-1], env)
    assert alpha == 1, f"{layers[-1]} must be opaque to be a background"
    for layer in reversed(layers[:-1]):
        rgb = over(colour(layer, env), rgb)
    return rgb


def contrast(scheme: str, fg: str, bg: str) -> float:
    env = variables(scheme, (FOOTER,) if "footer" in fg else ())
    under = background(bg, env)
    return svg.contrast(over(colour(fg, env), under), under)


def tab_opacity() -> float:
    return float(rule_sets(CSS.read_text())[".md-tabs__link"]["opacity"])


@pytest.mark.parametrize("scheme", list(SCOPES))
@pytest.mark.parametrize(("role", "fg", "bg", "minimum"), PAIRS, ids=[p[0] for p in PAIRS])
def test_pair_reads(scheme: str, role: str, fg: str, bg: str, minimum: float) -> None:
    value = contrast(scheme, fg, bg)
    assert value >= minimum, f"{role} ({scheme}): {value:.2f}:1 < {minimum}:1"


@pytest.mark.parametrize("scheme", list(SCOPES))
def test_outlined_buttons_read(scheme: str) -> None:
    value = contrast(scheme, BUTTON_TEXT[scheme], "--md-default-bg-color")
    assert value >= TEXT, f"outlined buttons ({scheme}): {value:.2f}:1"


@pytest.mark.parametrize("scheme", list(SCOPES))
def test_inactive_tabs_read(scheme: str) -> None:
    """Material dims the tabs that are not the current section with ``opacity``."""
    env = variables(scheme)
    brick = background("--md-primary-fg-color", env)
    (white, _), alpha = colour("--md-primary-bg-color", env), tab_opacity()
    value = svg.contrast(over((white, alpha), brick), brick)
    assert value >= TEXT, f"inactive tabs ({scheme}): {value:.2f}:1"


def test_the_site_still_looks_warm() -> None:
    """The brand colours stay on the red-orange-yellow side of the wheel."""
    import colorsys

    env = variables("light")
    for token in ("--catan-brick", "--catan-ochre", "--catan-amber", "--catan-apricot"):
        (r, g, b), _ = colour(token, env)
        hue = colorsys.rgb_to_hsv(r, g, b)[0] * 360
        assert 0 <= hue <= 60, f"{token}: hue {hue:.0f}°"
