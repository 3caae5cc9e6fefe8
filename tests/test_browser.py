"""The analyser page in a real browser: headless Chromium enters the thesis' position and reads it back.

Needs Playwright for Python (the test extra) and a Chromium: Debian's ``chromium``
(``.ci/run`` installs it) or ``COUNTSWEEP_CHROMIUM=/path``.  Outside CI the test
is skipped, with the reason, when no browser is found; in CI (``CI`` set) a
missing browser fails it.
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time

import pytest

pytest.importorskip("fastapi", reason="the [serve] extra is not installed")
playwright = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")


def chromium_path() -> str | None:
    for candidate in (os.environ.get("COUNTSWEEP_CHROMIUM"), shutil.which("chromium"),
                      shutil.which("chromium-browser"), shutil.which("google-chrome")):
        if candidate and os.path.exists(candidate):
            return candidate
    return None


@pytest.fixture(scope="module")
def browser():
    path = chromium_path()
    if path is None:
        if os.environ.get("CI"):
            pytest.fail("no Chromium found in CI: .ci/run installs Debian's chromium")
        pytest.skip("no Chromium found (install Debian's chromium or set COUNTSWEEP_CHROMIUM)")
    args = ["--no-sandbox"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []
    with playwright.sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=args, headless=True)
        yield b
        b.close()


@pytest.fixture(scope="module")
def server():
    import uvicorn

    from countsweep.serve import Config, create_app

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(create_app(Config(timeout=10)), host="127.0.0.1", port=port,
                                        log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not srv.started:
        if time.monotonic() > deadline:
            pytest.fail("the server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(10)


def cell(page, r: int, c: int):
    return page.locator(f'.cell[data-r="{r}"][data-c="{c}"]')


def test_the_thesis_position_entered_by_clicks_and_keys_reads_40_and_10(browser, server):
    page = browser.new_page()
    page.goto(server + "/")
    page.fill("#width", "4")
    page.fill("#height", "4")
    page.fill("#mines", "3")
    page.click("#new-board")
    page.wait_for_function("document.querySelectorAll('.cell').length === 16")
    # [0, 0]: two clicks cycle hidden -> 0 -> 1
    cell(page, 0, 0).click()
    cell(page, 0, 0).click()
    # [2, 2]: arrows from [0, 0] to it, then the key 2
    for key in ("ArrowDown", "ArrowDown", "ArrowRight", "ArrowRight"):
        page.keyboard.press(key)
    page.keyboard.press("2")
    page.wait_for_function("document.getElementById('status').textContent.startsWith('70 mine layouts')")
    assert cell(page, 0, 0).inner_text() == "1" and cell(page, 2, 2).inner_text() == "2"
    assert cell(page, 1, 1).inner_text() == "40"
    assert cell(page, 0, 3).inner_text() == "10" and cell(page, 3, 0).inner_text() == "10"
    assert "2/5" in cell(page, 1, 1).get_attribute("title")  # hovering shows the exact fraction
    # the agent's suggestion is on the board, with its reason
    page.wait_for_selector(".cell.suggested")
    assert "rule endgame" in page.inner_text("#advice")
    page.close()


def dealt(browser, server):
    """A page in play mode on game 0 of seed 3, beginner, at its first move."""
    page = browser.new_page()
    page.goto(server + "/")
    page.click("#mode-play")
    page.select_option("#play-level", "beginner")
    page.fill("#play-seed", "3")
    page.click("#deal")
    page.wait_for_function("document.getElementById('status').textContent.startsWith('move 1 of')")
    return page


def test_play_mode_deals_a_game_and_steps_through_the_agents_moves(browser, server):
    page = dealt(browser, server)
    first = page.inner_text("#status")
    page.click("#next")
    page.wait_for_function("document.getElementById('status').textContent.startsWith('move 2 of')")
    assert page.inner_text("#status") != first
    page.click("#to-end")
    page.wait_for_function("document.getElementById('status').textContent.startsWith('game over')")
    page.close()


def test_play_mode_shows_each_steps_probabilities_in_percent_and_ends_with_the_mines_shown(browser, server):
    page = dealt(browser, server)
    page.click("#next")
    page.wait_for_function("document.getElementById('status').textContent.startsWith('move 2 of')")
    # the heatmap is drawn on the step: hidden cells carry their exact probability
    page.wait_for_selector(".cell[data-p]")
    hover = page.locator(".cell[data-p]").first.get_attribute("title")
    assert "mine probability" in hover and "%" in hover
    page.uncheck("#show-probs")
    page.wait_for_function("document.querySelectorAll('.cell[data-p]').length === 0")
    page.click("#prev")
    page.wait_for_function("document.getElementById('status').textContent.startsWith('move 1 of')")
    page.click("#to-end")
    page.wait_for_function("document.getElementById('status').textContent.startsWith('game over')")
    # every mine is accounted for: flagged, shown, or the one that ended the game
    shown = page.locator(".cell.mine-shown, .cell.fatal, .cell.flag").count()
    assert shown == 10
    lost = "lost" in page.inner_text("#status")
    assert (page.locator(".cell.fatal").count() == 1) == lost
    advice = page.inner_text("#advice")
    assert (advice.startswith("Guesses: [") and "%" in advice) or advice == "No guess was needed."
    page.close()


def test_big_counts_read_as_powers_of_ten_with_the_exact_integer_on_hover(browser, server):
    page = browser.new_page()
    page.goto(server + "/")
    page.select_option("#level", "expert")
    page.wait_for_function("document.getElementById('status').textContent.includes('× 10^')")
    assert page.get_attribute("#status", "title").split()[0].isdigit()
    assert len(page.get_attribute("#status", "title").split()[0]) > 100
    page.close()


def test_the_page_analyses_its_starting_board_on_load(browser, server, tmp_path):
    page = browser.new_page(viewport={"width": 900, "height": 700})
    page.goto(server + "/")
    page.wait_for_function("document.getElementById('status').textContent.includes('mine layouts')")
    shot = tmp_path / "page.png"
    page.screenshot(path=str(shot))
    assert shot.stat().st_size > 5000
    page.close()
