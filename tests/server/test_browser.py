"""Issue 31: a real browser plays both games on the reference server.

Headless Chromium (Debian's ``chromium`` and ``chromium-driver``) driven by Selenium opens
the lobby, creates a game of each game with one human seat against bots (bot delay 0),
then plays the whole game by clicking the seat page's moves, found by their
``data-action``, until the game is over; the record the server keeps then replays to a
finished game. Karibou Camp is played in real time (KC-13): the human seat acts whenever
it has a move, and a move the bots overtook is refused as stale (KC-17) and offered again.
A JavaScript error in the console fails the test; screenshots of the start, the middle and
the end are saved under ``tests/server/screenshots/``. A second test kills the server
mid-game (SIGKILL), restarts it on the same database and checks that the page reconnects
at the last acknowledged move and plays on.

The tests skip where the browser, its driver, Selenium or the server extra is missing,
except under ``CAMP_RULES_ALL_EXTRAS=1`` (``tasks.py check``, which installs them; then
``conftest.py`` makes a missing one a usage error).
"""

from __future__ import annotations

import json
import random
import shutil
import tempfile
import time
import urllib.request
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import campers_rules as uc
import conftest
import karibou_rules as kc

from .live import LiveServer

_absent = conftest.missing(("selenium", "starlette", "uvicorn"))
_absent += conftest.missing_programs(conftest.PROGRAMS_THE_CHECK_INSTALLS)
if _absent:
    pytest.skip(f"the browser test needs {', '.join(_absent)}", allow_module_level=True)

from selenium import webdriver  # noqa: E402
from selenium.common.exceptions import (  # noqa: E402
    ElementClickInterceptedException,
    ElementNotInteractableException,
    NoSuchElementException,
    StaleElementReferenceException,
    TimeoutException,
)
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
CHROMIUM_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                  "--no-first-run", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--window-size=1200,1400")
GAME_SECONDS = 240.0
"""A whole game must end within this (it takes well under a minute here): a bound, so a
stuck page fails the test instead of hanging it, not a timing assertion."""
STEP_SECONDS = 30.0
MISSED_CLICK_SECONDS = 3.0
"""A click that sent nothing (the page was redrawn between Selenium finding the button and
clicking it) is taken as missed after this, and the page read again."""
CLICK_PAUSE = 0.05
"""Seconds the player waits before a click: a quick person, well inside the server's rate
limit of 20 moves a second."""

GAMES = {
    # game: (players, seed, the click after which the middle screenshot is taken); the
    # human sits at seat 0, heuristic bots elsewhere (Karibou Camp's bots, acting at once in
    # real time, leave the human a few moves a game)
    "campers": (3, 2, 12),
    "karibou": (4, 3, 2),
}
REPLAY: dict[str, Callable[[str], Any]] = {
    "campers": lambda text: uc.replay(uc.loads_record(text)),
    "karibou": lambda text: kc.replay(kc.loads_record(text)),
}
RESTART_ERRORS = ("ERR_CONNECTION_REFUSED", "ERR_CONNECTION_RESET", "ERR_EMPTY_RESPONSE",
                  "WebSocket connection to")
"""What the browser logs while the server is down: the page's reconnection attempts."""

Driver = webdriver.Chrome


@pytest.fixture(scope="module")
def driver() -> Iterator[Driver]:
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "chromium"
    for flag in CHROMIUM_FLAGS:
        options.add_argument(flag)
    with tempfile.TemporaryDirectory(prefix="camp-rules-chromium-") as profile:
        options.add_argument(f"--user-data-dir={profile}")
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        browser = webdriver.Chrome(options=options,
                                   service=Service(shutil.which("chromedriver")))
        try:
            yield browser
        finally:
            browser.quit()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path / "games.db", tmp_path / "server.log")
    live.start()
    try:
        yield live
    finally:
        live.stop()
    assert live.errors() == []


def console_errors(browser: Driver, allowed: tuple[str, ...] = ()) -> list[str]:
    """The browser's SEVERE log lines since the last call, but a stale move's 409 (which
    real-time play meets, KC-17) and the network errors named in ``allowed``."""
    found = []
    read_log: Callable[[str], list[dict[str, Any]]] = browser.get_log  # selenium: untyped
    for entry in read_log("browser"):
        if entry["level"] != "SEVERE":
            continue
        message = entry["message"]
        expected = "status of 409" in message or any(words in message for words in allowed)
        if entry["source"] == "network" and expected:
            continue
        found.append(f"{entry['source']}: {message}")
    return found


def page_state(browser: Driver) -> dict[str, Any]:
    state: dict[str, Any] = browser.execute_script(
        "const page = document.body.dataset;"
        "return {version: page.version, drawn: page.drawn, pictured: page.pictured,"
        " busy: page.busy, sent: page.sent,"
        " over: page.over, connected: page.connected,"
        " moves: [...document.querySelectorAll('#moves button[data-action]')]"
        "   .map((button) => button.dataset.action)};")
    return state


def wait_for(browser: Driver, condition: Callable[[dict[str, Any]], bool], what: str,
             seconds: float = STEP_SECONDS) -> dict[str, Any]:
    """Wait until the page's state meets ``condition``; return that state."""
    seen: dict[str, Any] = {}

    def met(_: Driver) -> bool:
        seen.update(page_state(browser))
        return condition(seen)

    try:
        WebDriverWait(browser, seconds, poll_frequency=0.02).until(met)
    except TimeoutException:
        said = [browser.find_element(By.ID, name).text for name in ("status", "message")]
        raise AssertionError(f"waited {seconds} s for {what}: the page is at {seen}, "
                             f"it says {said}") from None
    return seen


def screenshot(browser: Driver, name: str) -> Path:
    """Save the page once its picture shows the version on screen."""
    wait_for(browser, lambda page: page["pictured"] == page["drawn"], "the table's picture")
    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    assert browser.save_screenshot(str(path))
    return path


def create_game(browser: Driver, server: LiveServer, game: str, players: int,
                seed: int) -> str:
    """Fill in the lobby (the human at seat 0, heuristic bots elsewhere), create the game
    and open the human seat's page from the lobby's link (a new tab, where the browser
    stays); return that page's address."""
    browser.get(server.url + "/")
    browser.find_element(By.CSS_SELECTOR, f'input[name="game"][value="{game}"]').click()
    count = browser.find_element(By.ID, "players")
    count.clear()
    count.send_keys(str(players))
    browser.find_element(By.ID, "seed").send_keys(str(seed))  # a change: the seats redraw
    seats = browser.find_elements(By.CSS_SELECTOR, "#seats select")
    assert len(seats) == players
    for seat, select in enumerate(seats):
        Select(select).select_by_value("human" if seat == 0 else "bot:heuristic")
    browser.find_element(By.ID, "create").click()
    link = WebDriverWait(browser, STEP_SECONDS).until(
        lambda b: b.find_element(By.CSS_SELECTOR, 'a[data-seat="0"]'))
    assert browser.find_elements(By.CSS_SELECTOR, "#seat-links a") == [link]
    lobby = browser.current_window_handle
    link.click()
    WebDriverWait(browser, STEP_SECONDS).until(lambda b: len(b.window_handles) == 2)
    browser.close()
    browser.switch_to.window(next(tab for tab in browser.window_handles if tab != lobby))
    WebDriverWait(browser, STEP_SECONDS).until(lambda b: "/play/" in b.current_url)
    href: str = browser.current_url
    assert "token=" in href
    return href


def click_a_move(browser: Driver, rng: random.Random) -> str:
    """Click one of the page's moves, chosen at random by its ``data-action``, and wait
    until the page shows the table after it (every move sent changes the offer: accepted,
    or refused as stale and the table read again). Returns ``"sent"``, ``"none"`` when the
    page had no move (the test then waits for the table to move on) or ``"missed"`` when
    the click sent nothing."""
    page = wait_for(browser, lambda page: page["busy"] == "false" and bool(page["version"]),
                    "an offer")
    if page["over"] == "true":
        return "none"
    drawn = page["drawn"]
    if not page["moves"]:
        wait_for(browser, lambda now: now["drawn"] != drawn, "the other seats")
        return "none"
    move = rng.choice(sorted(page["moves"]))
    time.sleep(CLICK_PAUSE)
    try:
        browser.find_element(By.CSS_SELECTOR, f"#moves button[data-action={json.dumps(move)}]"
                             ).click()
    except (StaleElementReferenceException, NoSuchElementException,
            ElementClickInterceptedException, ElementNotInteractableException):
        return "missed"  # the table moved on under the pointer: read the page again
    clicked = time.monotonic()

    def answered(now: dict[str, Any]) -> bool:
        if now["sent"] == page["sent"]:  # the page was redrawn under the pointer: no move
            return bool(now["drawn"] != drawn
                        or time.monotonic() > clicked + MISSED_CLICK_SECONDS)
        return bool(now["busy"] == "false" and now["drawn"] != drawn)

    now = wait_for(browser, answered, f"the answer to {move}")
    return "sent" if now["sent"] != page["sent"] else "missed"


def send_moves(browser: Driver, rng: random.Random, count: int) -> None:
    """Click until ``count`` moves were sent (in a game that is not over)."""
    clicks: Counter[str] = Counter()
    while clicks["sent"] < count:
        assert page_state(browser)["over"] != "true"
        clicks[click_a_move(browser, rng)] += 1
    assert clicks["missed"] <= 3


def token_of(href: str) -> str:
    return href.split("token=", 1)[1]


def fetch_record(server: LiveServer, href: str) -> str:
    game_id = href.split("/play/", 1)[1].split("?", 1)[0]
    request = urllib.request.Request(f"{server.url}/api/games/{game_id}/record",
                                     headers={"Authorization": f"Bearer {token_of(href)}"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        text: str = answer.read().decode()
        return text


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_whole_game_is_played_in_the_browser(driver: Driver, server: LiveServer,
                                               game: str) -> None:
    """Issue 31 (UC-32, KC-13, KC-17): one human seat against heuristic bots plays a whole
    game by clicking the offered moves; no console error; the record replays to the end."""
    players, seed, middle = GAMES[game]
    console_errors(driver)  # what an earlier test left in the log
    href = create_game(driver, server, game, players, seed)
    rng = random.Random(seed)
    screenshot(driver, f"{game}-start")
    clicks: Counter[str] = Counter()
    deadline = time.monotonic() + GAME_SECONDS
    while page_state(driver)["over"] != "true":
        assert time.monotonic() < deadline, f"the {game} game did not end in {GAME_SECONDS} s"
        outcome = click_a_move(driver, rng)
        clicks[outcome] += 1
        if outcome == "sent" and clicks["sent"] == middle:
            screenshot(driver, f"{game}-middle")
    screenshot(driver, f"{game}-end")
    assert driver.find_elements(By.CSS_SELECTOR, "#log .event-over")
    assert driver.find_elements(By.CSS_SELECTOR, "#score-list li")
    assert page_state(driver)["moves"] == []
    assert console_errors(driver) == []
    text = fetch_record(server, href)
    assert REPLAY[game](text).is_over
    record = json.loads(text)["record"]
    # a click may miss when the table changes under the pointer (real time), not often
    assert clicks["sent"] > middle and clicks["missed"] <= 3 + clicks["sent"], clicks
    assert sum(move.startswith("p0 ") for move in record["moves"]) >= clicks["sent"] // 2


def test_the_page_recovers_after_the_server_is_killed(driver: Driver,
                                                       server: LiveServer) -> None:
    """Issue 31: SIGKILL the server mid-game, restart it on the same database: the page
    reconnects by itself, shows the table at the last acknowledged move and plays on."""
    console_errors(driver)
    create_game(driver, server, "campers", 3, 7)
    rng = random.Random(7)
    send_moves(driver, rng, 5)
    acknowledged = int(page_state(driver)["version"])
    assert console_errors(driver) == []
    server.stop(kill=True)
    wait_for(driver, lambda page: page["connected"] == "false", "the page to see the loss")
    server.start()
    page = wait_for(driver, lambda page: page["connected"] == "true", "the reconnection")
    assert int(page["version"]) >= acknowledged
    screenshot(driver, "campers-reconnected")
    send_moves(driver, rng, 5)
    assert int(page_state(driver)["version"]) > acknowledged
    assert console_errors(driver, allowed=RESTART_ERRORS) == []
