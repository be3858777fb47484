"""The browser client's files (issue 31): served by the server itself, plain files with no
build step, and nothing fetched from another host (a game night may have no internet)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient

from camp_server import create_app

STATIC = Path(__file__).resolve().parents[2] / "camp_server" / "static"
FILES = {"index.html": "text/html", "play.html": "text/html", "lobby.js": "javascript",
         "client.js": "javascript", "style.css": "text/css"}


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app()) as client:
        yield client


def test_the_client_is_these_files_and_nothing_else() -> None:
    """Issue 31: HTML, CSS and JavaScript only, no bundle or source map of a build step."""
    assert sorted(path.name for path in STATIC.iterdir()) == sorted(FILES)


@pytest.mark.parametrize("name", sorted(FILES))
def test_each_file_is_served_as_it_is(client: TestClient, name: str) -> None:
    """Issue 31: ``/static/NAME`` answers the file, with its type."""
    answer = client.get(f"/static/{name}")
    assert answer.status_code == 200
    assert FILES[name] in answer.headers["content-type"]
    assert answer.content == (STATIC / name).read_bytes()


@pytest.mark.parametrize("path, name", [("/", "index.html"), ("/play/abc?token=x", "play.html")])
def test_the_lobby_and_a_seats_page(client: TestClient, path: str, name: str) -> None:
    """Issue 31: ``/`` is the lobby, ``/play/{id}`` a seat's page (its own id and token are
    read by the page's script)."""
    answer = client.get(path)
    assert answer.status_code == 200 and answer.content == (STATIC / name).read_bytes()


@pytest.mark.parametrize("name", sorted(FILES))
def test_nothing_is_fetched_from_another_host(name: str) -> None:
    """Issue 31: no absolute URL, protocol-relative URL or CDN: every address the pages
    use is the server's own (``/static/...``, ``/api/...``, ``/ws/...``)."""
    text = (STATIC / name).read_text()
    assert not re.search(r"(https?:)?//[\w.-]+\.\w+", text.replace("http://www.w3.org", ""))
    for address in re.findall(r'(?:src|href)="([^"]*)"', text):
        assert address.startswith(("/", "data:")), address
