"""The rooms server serves the built site: an address it does not have gets the site's own 404
page (``create_app(site_dir)``)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("httpx2")

from starlette.testclient import TestClient

from catan_rooms.app import create_app


def test_an_unknown_address_gets_the_sites_404_page(tmp_path: Path) -> None:
    """Not a bare "Not Found": the site's own 404 page, in the language of the address (else
    the reader's, else English), still with status 404; the API's answers stay JSON."""
    site = tmp_path / "site"
    for lang in ("en", "fr", "es", "nl"):
        (site / lang).mkdir(parents=True)
        (site / lang / "404.html").write_text(f"<h1>404 {lang}</h1>")
    (site / "index.html").write_text("<h1>home</h1>")
    app = create_app(site, f"sqlite:///{tmp_path / 'rooms.sqlite3'}", bot_delay=0)
    with TestClient(app) as http:
        for path, headers, lang in (("/fr/no-such-page/", {}, "fr"),
                                    ("/nl/rules/missing.html", {}, "nl"),
                                    ("/missing", {"accept-language": "es-ES,es;q=0.9"}, "es"),
                                    ("/missing", {"accept-language": "de"}, "en")):
            answer = http.get(path, headers=headers)
            assert answer.status_code == 404, path
            assert answer.text == f"<h1>404 {lang}</h1>", (path, headers)
            assert answer.headers["content-type"].startswith("text/html")
        assert http.get("/api/rooms/" + "x" * 22).json()["error"]["code"] == "no_such_room"
        assert http.get("/fr/").status_code == 404  # no index there: the 404 page too
