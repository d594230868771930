"""Every error code the engine can raise has a message in all four languages and a FAQ link."""

from __future__ import annotations

import re
from pathlib import Path

from catan_core.validate import REASONS
from catan_site import catalog, languages

ROOT = Path(__file__).resolve().parent.parent
LANGS = languages.codes()  # mkdocs.yml (i18n plugin)


def _catalog() -> dict[str, dict[str, str]]:
    data = catalog.load("errors.yml")
    assert isinstance(data, dict)
    return data


def _raised_codes() -> set[str]:
    """Every code the engine raises: IllegalAction, InvalidArgument and InvalidPosition."""
    codes = {"invalid_position"}
    for path in (ROOT / "catan_core").rglob("*.py"):
        codes |= set(re.findall(r'(?:IllegalAction|InvalidArgument)\(\s*"([a-z_]+)"',
                                path.read_text()))
    return codes


def test_the_codes_are_found() -> None:
    """The scan sees both kinds of error (a regex that matched nothing would prove nothing)."""
    assert {"distance_rule", "invalid_seats", "nothing_to_decide"} <= _raised_codes()


def test_every_raised_code_has_a_message() -> None:
    missing = sorted(_raised_codes() - set(_catalog()))
    assert not missing, f"codes without a message: {missing}"


def test_every_position_reason_has_a_message() -> None:
    """Each rule a position can break (catan_core.validate.REASONS) reads as its own message;
    no message for a reason the engine does not give."""
    reasons = {f"invalid_position.{reason}" for reason in REASONS}
    written = {code for code in _catalog() if code.startswith("invalid_position.")}
    assert reasons == written


def test_every_share_code_reason_has_a_message() -> None:
    """A link that cannot be opened says why (catan_core.share.InvalidShareCode's reasons)."""
    source = (ROOT / "catan_core" / "share.py").read_text()
    found = re.findall(r'InvalidShareCode\(\s*"([a-z_]+)"', source)
    reasons = {f"invalid_share_code.{r}" for r in found}
    assert len(reasons) >= 3
    written = {code for code in _catalog() if code.startswith("invalid_share_code.")}
    assert reasons == written


def test_every_message_in_every_language_with_same_placeholders() -> None:
    for code, entry in _catalog().items():
        placeholders = {lang: set(re.findall(r"\{(\w+)\}", entry[lang])) for lang in LANGS}
        assert len({frozenset(v) for v in placeholders.values()}) == 1, code


def test_every_message_links_an_existing_faq_answer() -> None:
    for code, entry in _catalog().items():
        page, anchor = entry["faq"].split("#")
        for lang in LANGS:
            text = (ROOT / "docs" / lang / page).read_text(encoding="utf-8")
            assert "{ #" + anchor + " }" in text, f"{code}: {lang}/{page}#{anchor} missing"
