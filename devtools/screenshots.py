"""Screenshots of the site: ``python -m devtools.screenshots [--site-dir DIR] [--out DIR]``.

For each language: the home page, a rules page, an FAQ page, the glossary (the widest table), the
language menu and an open search, on a desktop (1280×800) and a phone (390×844) viewport. The
PNGs go to ``screenshots/`` (git-ignored) for a person to look at; nothing is compared
automatically.
"""

from __future__ import annotations

import argparse
import threading
from pathlib import Path
from typing import Any

from catan_site import languages
from devtools.chromium import launch_args
from devtools.serve import ROOT, make_server

PAGES = {"home": "", "rules": "rules/robber/", "faq": "faq/robber/", "glossary": "glossary/"}
DEVICES: dict[str, dict[str, Any]] = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
              "is_mobile": True, "has_touch": True},
}
SEARCHES = {"en": "thief desert", "fr": "defausser 7 cartes",
            "es": "puedo comerciar fuera de mi turno", "nl": "afgelegd"}


def shoot_search(page: Any, url: str, query: str, path: Path) -> None:
    """Open the search on ``url``, type ``query`` and capture the results."""
    page.goto(url)
    toggle = "label.md-header__button[for=__search]"  # phones: the search hides behind it
    page.click(toggle if page.is_visible(toggle) else "input.md-search__input")
    page.fill("input.md-search__input", query)
    page.keyboard.press("End")
    page.wait_for_selector(".md-search-result__list > li", timeout=10_000)
    page.screenshot(path=str(path))


def shoot_switcher(page: Any, url: str, path: Path) -> None:
    """Open the language menu on ``url`` and capture it."""
    page.goto(url)
    page.click(".md-header__option .md-select button")
    page.wait_for_selector(".md-select__list a[hreflang]", state="visible")
    page.screenshot(path=str(path))


def shoot_language(browser: Any, base: str, lang: str, out: Path) -> list[Path]:
    """Every page, the language menu and the search of one language, on every device."""
    shots = []
    for device, options in DEVICES.items():
        context = browser.new_context(**options)
        page = context.new_page()
        for name, path in PAGES.items():
            page.goto(f"{base}/{languages.root(lang)}{path}")
            page.wait_for_load_state("networkidle")
            shots.append(out / f"{lang}-{name}-{device}.png")
            page.screenshot(path=str(shots[-1]))
        shots.append(out / f"{lang}-languages-{device}.png")
        shoot_switcher(page, f"{base}/{languages.root(lang)}faq/robber/", shots[-1])
        shots.append(out / f"{lang}-search-{device}.png")
        shoot_search(page, f"{base}/{languages.root(lang)}", SEARCHES[lang], shots[-1])
        context.close()
    return shots


def main(argv: list[str] | None = None) -> None:
    """Serve the site on a free port and take every screenshot."""
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site-dir", type=Path, default=ROOT / "site")
    parser.add_argument("--out", type=Path, default=ROOT / "screenshots")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    server = make_server(0, args.site_dir, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(**launch_args())
        shots = [s for lang in languages.codes()
                 for s in shoot_language(browser, base, lang, args.out)]
        browser.close()
    server.shutdown()
    print(f"{len(shots)} screenshots in {args.out}")


if __name__ == "__main__":
    main()
