"""The ``catan`` plugin's options (catan_site/plugin.py): every part is on unless mkdocs.yml
turns it off, as Material's plugins do, and an unknown option is reported."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from catan_site.plugin import PARTS, CatanPlugin

ROOT = Path(__file__).resolve().parent.parent


def test_every_part_is_on_by_default_and_has_an_option() -> None:
    plugin = CatanPlugin()
    errors, warnings = plugin.load_config({})
    assert not errors and not warnings
    assert all(plugin.config[name] is True for name in PARTS)
    assert plugin.config.old_default_root == "en"


def test_an_unknown_option_is_reported() -> None:
    _, warnings = CatanPlugin().load_config({"serach": False})
    assert any("serach" in str(w) for w in warnings), warnings  # strict: the build fails


def test_parts_turned_off_are_left_out_of_the_build(tmp_path: Path) -> None:
    """The same site without the site's search index, the offline files, the runtime and the
    old English addresses: the pages are built, those files are not."""
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8").replace(
        "  - catan\n", "  - catan:\n      search: false\n      offline: false\n"
        "      runtime: false\n      old_default_root: ''\n")
    # English and French only: what the options leave out does not depend on the language,
    # and two languages still check a language at the root and one in its folder (half the time)
    config, dropped = re.subn(r"(?m)^        - locale: (?:es|nl)\n(?:          .*\n)+", "", config)
    assert "search: false" in config and dropped == 2
    variant = ROOT / f".mkdocs-options-{os.getpid()}.yml"  # beside mkdocs.yml: same docs_dir
    variant.write_text(config, encoding="utf-8")
    site = tmp_path / "site"
    try:
        result = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(variant),
                                 "-d", str(site)], cwd=ROOT, capture_output=True, text=True,
                                env={**os.environ, "NO_MKDOCS_2_WARNING": "1"}, check=False)
    finally:
        variant.unlink()
    assert result.returncode == 0, result.stderr[-2000:]
    assert (site / "fr" / "faq" / "robber" / "index.html").is_file()
    assert (site / "fr" / "sitemap.xml").is_file()  # still on
    for path in ("search/catan-index.json", "fr/search/catan-index.json", "sw.js",
                 "assets/pyodide", "assets/wheels", "en"):
        assert not (site / path).exists(), path
    page = (site / "faq" / "robber" / "index.html").read_text(encoding="utf-8")
    assert "catan-search.js" not in page  # Material's own search worker
    assert 'rel="manifest"' not in page


@pytest.mark.parametrize("name", sorted(PARTS))
def test_each_part_option_is_a_boolean(name: str) -> None:
    errors, _ = CatanPlugin().load_config({name: "yes please"})
    assert errors, name
