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


# -- sharing: links, copy, paste -----------------------------------------------------------------

THESIS = "4x4x3\n1???\n????\n??2?\n????\n"


def status_starts(page, text: str) -> None:
    page.wait_for_function(f"document.getElementById('status').textContent.startsWith({text!r})")


def board_cells(page) -> list[tuple[str, str]]:
    """What each cell shows and its classes (the keyboard's cursor aside: it is the reader's, not the
    position's): enough to say two pages show the same thing."""
    return page.eval_on_selector_all(
        ".cell", "els => els.map(e => [e.textContent, e.className.replace(' cursor', '')])")


def test_a_link_opens_the_position_it_names(browser, server):
    from urllib.parse import quote

    page = browser.new_page()
    page.goto(server + "/#board=" + quote(THESIS))
    status_starts(page, "70 mine layouts")
    assert cell(page, 1, 1).inner_text() == "40" and cell(page, 0, 0).inner_text() == "1"
    page.close()


def test_the_address_follows_every_edit_and_opens_the_same_board_elsewhere(browser, server):
    page = browser.new_page()
    page.goto(server + "/#board=" + THESIS.replace("\n", "%0A"))
    status_starts(page, "70 mine layouts")
    cell(page, 3, 3).click()  # hidden -> 0
    status_starts(page, "28 mine layouts")
    link = page.url
    assert "board=" in link
    other = browser.new_page()
    other.goto(link)
    status_starts(other, "28 mine layouts")
    page.wait_for_selector(".cell.suggested")
    other.wait_for_selector(".cell.suggested")
    assert board_cells(other) == board_cells(page)
    page.close()
    other.close()


def test_a_link_opens_a_game_at_the_move_it_names(browser, server):
    page = dealt(browser, server)
    for n in range(2, 6):
        page.click("#next")
        status_starts(page, f"move {n} of")
    link = page.url
    assert "play=1" in link and "step=4" in link and "seed=3" in link
    page.wait_for_selector(".cell[data-p]")
    other = browser.new_page()
    other.goto(link)
    status_starts(other, "move 5 of")
    other.wait_for_selector(".cell[data-p]")
    assert other.inner_text("#status") == page.inner_text("#status")
    assert board_cells(other) == board_cells(page)
    page.close()
    other.close()


def test_copy_as_text_and_copy_link_put_them_on_the_clipboard(browser, server):
    context = browser.new_context(permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.goto(server + "/#board=" + THESIS.replace("\n", "%0A"))
    status_starts(page, "70 mine layouts")
    page.click("#copy-text")
    status_starts(page, "board text copied")
    assert page.evaluate("navigator.clipboard.readText()") == THESIS
    page.click("#copy-link")
    status_starts(page, "link copied")
    assert page.evaluate("navigator.clipboard.readText()") == page.url
    context.close()


def paste(page, text: str) -> None:
    page.evaluate("""(text) => {
        const data = new DataTransfer();
        data.setData('text/plain', text);
        document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
    }""", text)


def test_a_board_pasted_anywhere_on_the_page_is_analysed(browser, server):
    page = dealt(browser, server)  # even from play mode
    paste(page, THESIS)
    status_starts(page, "70 mine layouts")
    assert page.is_visible("#edit-panel") and cell(page, 1, 1).inner_text() == "40"
    paste(page, "3x1\n?9?\n")
    page.wait_for_selector("#status.error")
    page.close()


# -- records of countsweep play --out ------------------------------------------------------------

def recorded(tmp_path, agent: str, seed: int, games: int, name: str = "run.jsonl", board=("--level", "beginner")):
    """A records file written by ``countsweep play --out``, and its records."""
    from pathlib import Path

    from countsweep.play.records import read
    from tests.cli_helpers import run

    out = Path(tmp_path) / name
    r = run("play", *board, "--agent", agent, "--games", str(games), "--seed", str(seed), "--out", str(out))
    assert r.exit_code == 0, r.stderr
    return out, read(out)


def test_a_records_file_replays_every_game_exactly_as_recorded(browser, server, tmp_path):
    path, records = recorded(tmp_path, "greedy", 11, 6)
    page = browser.new_page()
    page.goto(server + "/")
    page.set_input_files("#records-file", str(path))
    page.wait_for_function("document.getElementById('advice').textContent.startsWith('Played again')")
    options = page.eval_on_selector_all("#record-game option", "os => os.map(o => o.textContent)")
    assert len(options) == len(records)
    assert page.input_value("#play-size") == "9x9x10" and page.is_disabled("#play-level")  # the record's size rules
    for i, rec in enumerate(records):
        page.select_option("#record-game", str(i))
        page.wait_for_function(f"document.getElementById('play-game').value === '{rec['game']}' && "
                               "document.getElementById('advice').textContent.startsWith('Played again')")
        advice = page.inner_text("#advice")
        assert advice.startswith("Played again exactly as recorded"), advice
        assert (("won" in advice.split("(")[1]) == rec["won"]) and f"{rec['moves']} moves" in advice
        page.click("#to-end")
        status_starts(page, "game over: " + ("won" if rec["won"] else "lost"))
    page.close()


@pytest.mark.parametrize("board, size", [
    (("--size", "5x4x3x12"), "5x4x3x12"),  # a 3D run's record keeps its layers' rows stacked (5x12)
    (("--size", "6x6x8", "--topology", "torus hex"), "6x6x8"),
])
def test_a_record_of_play_on_another_topology_replays_as_recorded(browser, server, tmp_path, board, size):
    path, records = recorded(tmp_path, "best", 21, 3, board=board)
    page = browser.new_page()
    page.goto(server + "/")
    page.set_input_files("#records-file", str(path))
    page.wait_for_function("document.getElementById('advice').textContent.startsWith('Played again') || "
                           "document.getElementById('status').classList.contains('error')")
    assert page.input_value("#play-size") == size, page.inner_text("#status")
    for i in range(len(records)):
        page.select_option("#record-game", str(i))
        page.wait_for_function(f"document.getElementById('play-game').value === '{records[i]['game']}' && "
                               "document.getElementById('advice').textContent.startsWith('Played again')")
        assert page.inner_text("#advice").startswith("Played again exactly as recorded")
    page.close()


def test_a_gzipped_records_file_dropped_on_the_page_is_read(browser, server, tmp_path):
    import gzip

    path, _ = recorded(tmp_path, "best", 12, 2)
    data = gzip.compress(path.read_bytes())
    page = browser.new_page()
    page.goto(server + "/")
    page.evaluate("""(bytes) => {
        const file = new File([new Uint8Array(bytes)], 'run.jsonl.gz');
        const data = new DataTransfer();
        data.items.add(file);
        document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true }));
    }""", list(data))
    page.wait_for_function("document.getElementById('advice').textContent.startsWith('Played again exactly')")
    assert "2 records from run.jsonl.gz" in page.inner_text("#status") or page.is_visible("#record-pick")
    page.close()


def test_a_record_of_other_play_is_told_apart(browser, server, tmp_path):
    _, records = recorded(tmp_path, "greedy", 11, 1)
    rec = dict(records[0], won=not records[0]["won"])
    bad = tmp_path / "edited.jsonl"
    import json

    bad.write_text(json.dumps(rec) + "\n")
    page = browser.new_page()
    page.goto(server + "/")
    page.set_input_files("#records-file", str(bad))
    page.wait_for_function("document.getElementById('advice').textContent.startsWith('Played again otherwise')")
    page.close()


@pytest.mark.parametrize("held_path", [
    # the page's first analysis, answered only after the file is refused: the older answer must be
    # dropped (it wrote over the refusal once, on a loaded machine)
    "**/api/analyze",
    # the start-up's question for the server's records, before it draws a board: the board it would
    # draw, and its analysis, must not replace the newer refusal (a CI run met it)
    "**/api/records",
])
def test_a_file_that_is_not_records_is_refused_naming_its_line(browser, server, tmp_path, held_path):
    bad = tmp_path / "notes.jsonl"
    bad.write_text('{"game": 0, "won": true}\n')
    page = browser.new_page()
    held = []
    page.route(held_path, lambda route: held.append(route))
    page.goto(server + "/")
    page.set_input_files("#records-file", str(bad))
    page.wait_for_selector("#status.error")
    for route in held:
        route.continue_()
    page.wait_for_load_state("networkidle")
    assert held and "notes.jsonl: line 1: not a countsweep play record" in page.inner_text("#status")
    page.close()


def test_a_records_file_read_before_the_start_up_ends_keeps_its_game(browser, server, tmp_path):
    # the start-up's question for the server's records answered while the file's game is being dealt:
    # the start-up must not read the play panel's address ("#play") as a link and deal the default
    # game over the record's (a CI run met it: the size field emptied)
    path, records = recorded(tmp_path, "best", 21, 1, board=("--size", "6x6x8", "--topology", "torus hex"))
    page = browser.new_page()
    held: dict[str, list] = {"records": [], "play": []}
    page.route("**/api/records", lambda route: held["records"].append(route))
    page.route("**/api/play", lambda route: held["play"].append(route))
    page.goto(server + "/")
    page.set_input_files("#records-file", str(path))
    page.wait_for_function("document.getElementById('status').textContent === 'dealing ...'")
    with page.expect_response("**/api/records"):
        held["records"][0].continue_()
    page.wait_for_timeout(300)  # what the start-up does with the answer: a second deal, once
    page.unroute("**/api/play")
    for route in held["play"]:
        route.continue_()
    page.wait_for_function("document.getElementById('advice').textContent.startsWith('Played again')")
    page.wait_for_load_state("networkidle")
    assert held["records"] and len(held["play"]) == 1 and page.input_value("#play-size") == "6x6x8"
    assert page.input_value("#play-game") == str(records[0]["game"])
    assert page.inner_text("#advice").startswith("Played again exactly as recorded")
    page.close()


def test_serve_records_opens_the_page_on_its_games(browser, tmp_path):
    import uvicorn

    from countsweep.serve import Config, create_app

    path, _ = recorded(tmp_path, "greedy", 13, 3)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(create_app(Config(timeout=10, records=str(path))), host="127.0.0.1",
                                        port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    while not srv.started:
        time.sleep(0.05)
    try:
        page = browser.new_page()
        page.goto(f"http://127.0.0.1:{port}/")
        page.wait_for_function("document.getElementById('advice').textContent.startsWith('Played again exactly')")
        assert page.is_visible("#play-panel")
        assert page.locator("#record-game option").count() == 3
        page.close()
    finally:
        srv.should_exit = True
        thread.join(10)


def test_the_screenshot_script_takes_every_mode_of_the_page(browser, tmp_path):
    """docs/screenshots.py regenerates the pictures of docs/serve.md; here into a scratch directory."""
    import importlib.util
    from pathlib import Path

    script = Path(__file__).resolve().parent.parent / "docs" / "screenshots.py"
    spec = importlib.util.spec_from_file_location("screenshots", script)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    written = module.shoot(tmp_path, browser=browser)
    assert [p.name for p in written] == ["analyser.png", "play.png", "game-over.png", "records.png", "hex.png",
                                         "rules.png"]
    assert all(p.stat().st_size > 10_000 for p in written)


def test_a_guess_shows_its_numbers_and_the_next_best_candidates_with_theirs(browser, server):
    from urllib.parse import quote

    page = browser.new_page()
    page.goto(server + "/#board=" + quote(THESIS))
    page.wait_for_function("document.getElementById('advice').textContent.includes('Next best')")
    advice = page.inner_text("#advice")
    assert "The agent guesses [0, 2]" in advice and "Next best: [0, 3] safety 90.0%" in advice
    assert page.locator(".cell.alternative").count() == 1 and cell(page, 0, 3).get_attribute("class").endswith(
        "alternative")
    assert "61/70" in page.get_attribute("#advice", "title")  # [0, 3]'s secondary safety, exactly
    # in play mode: the first guess of a game shows the played cell's numbers and what it was weighed against
    page.goto(server + "/#play=1&level=expert&rule=safe&first=corner&agent=best&seed=1&game=2&step=0")
    status_starts(page, "move 1 of")
    step = page.evaluate("state.frames.findIndex((f, i) => i > 0 && f.guess)")
    page.goto(server + f"/#play=1&level=expert&rule=safe&first=corner&agent=best&seed=1&game=2&step={step}")
    status_starts(page, f"move {step + 1} of")
    page.wait_for_function("document.getElementById('advice').textContent.includes('Its numbers: safety')")
    page.close()


def test_a_rules_payload_pasted_lists_every_named_cells_exact_probability(browser, server):
    import json

    from countsweep.serve.answers import rules_json

    payload = json.dumps({"rules": [{"num_mines": 1, "cells": ["a", "b"]}, {"num_mines": 1, "cells": ["b", "c"]}],
                          "total_cells": 6, "total_mines": 2})
    want = rules_json(payload)["probabilities"]
    page = browser.new_page()
    page.goto(server + "/")
    status_starts(page, "")
    paste(page, payload)
    page.wait_for_selector("#rules-result:not([hidden])")
    rows = page.eval_on_selector_all("#rules-result tbody tr",
                                     "trs => trs.map(tr => [...tr.children].map(td => td.textContent))")
    assert {name: exact for name, _, exact in rows} == want
    assert dict((name, p) for name, p, _ in rows)["b"] == "75.0%"
    assert "the pasted text: 2 rules over 3 named cells and 3 others; 4 layouts" in page.inner_text("#status")
    assert page.is_hidden("#board") and "rules=" in page.url
    other = browser.new_page()
    other.goto(page.url)  # the link lists the same cells
    other.wait_for_selector("#rules-result:not([hidden])")
    assert other.eval_on_selector_all("#rules-result tbody tr",
                                      "trs => trs.map(tr => [...tr.children].map(td => td.textContent))") == rows
    other.close()
    paste(page, '{"rules": [{"num_mines": 3, "cells": ["a"]}]}')  # more mines than cells
    page.wait_for_selector("#status.error")
    paste(page, THESIS)  # a board again: the table goes, the board comes back
    status_starts(page, "70 mine layouts")
    assert page.is_hidden("#rules-result") and page.is_visible("#board")
    page.close()


@pytest.mark.parametrize("answer", ["abort", "not json"])
def test_a_rules_payload_the_server_cannot_answer_is_an_error_not_a_wait(browser, server, answer):
    # a server gone (the request fails) or a proxy's page in place of JSON: the status says so, and
    # the board stays, rather than "counting the rules" for ever
    page = browser.new_page()
    page.goto(server + "/")
    status_starts(page, "")
    if answer == "abort":
        page.route("**/api/rules", lambda route: route.abort())
    else:
        page.route("**/api/rules", lambda route: route.fulfill(status=502, body="<html>bad gateway</html>"))
    paste(page, '{"rules": [{"num_mines": 1, "cells": ["a", "b"]}]}')
    page.wait_for_selector("#status.error")
    assert "the rules of the pasted text" in page.inner_text("#status")
    assert page.is_hidden("#rules-result") and page.is_visible("#board")
    page.close()


def test_an_analysis_answered_by_a_page_that_is_not_json_says_so(browser, server):
    page = browser.new_page()
    page.route("**/api/analyze", lambda route: route.fulfill(status=502, body="<html>bad gateway</html>"))
    page.goto(server + "/")
    page.wait_for_selector("#status.error")
    assert page.inner_text("#status") == "/api/analyze: the answer is not JSON (HTTP 502)"
    page.close()


# -- other topologies ------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "planes", "shape"), [
    ("6x4x5 hex\n?1????\n??????\n????2?\n??????\n", 1, "hex"),
    ("5x4x3 torus\n2????\n?????\n?????\n?????\n", 1, "torus"),
    ("torus hex 6x4x5\n?1????\n??????\n????2?\n??????\n", 1, "hex"),
    ("4x4x3x20\n" + "? ? ? ?\n" * 4 + "\n? ? ? ?\n? 13 ? ?\n? ? ? ?\n? ? ? ?\n\n" + "? ? ? ?\n" * 4, 3, "layers"),
])
def test_a_board_of_another_topology_is_drawn_as_such_and_counted_as_such(browser, server, text, planes, shape):
    from urllib.parse import quote

    from countsweep import Board, analyze

    want = analyze(Board.from_text(text))
    page = browser.new_page()
    page.goto(server + "/#board=" + quote(text))
    status_starts(page, f"{want.count} mine layout")
    assert page.locator("#board .plane").count() == planes
    assert shape in page.get_attribute("#board", "class").split()
    if shape == "hex":  # odd rows sit half a cell to the right
        assert page.locator("#board .row.odd").count() == 2
    # every hidden cell shows the exact probability the library gives it
    for (r, c), p in list(want.probabilities.items())[:12]:
        assert str(p) in cell(page, r, c).get_attribute("title"), (r, c)
    # the text the page sends back is the same board (its topology kept)
    assert Board.from_text(page.input_value("#board-text")) == Board.from_text(text)
    page.close()


def test_play_on_steps_through_the_moves_by_itself_at_the_chosen_speed_and_pauses(browser, server):
    page = dealt(browser, server)
    page.select_option("#speed", "150")
    page.click("#auto")
    assert page.get_attribute("#auto", "aria-pressed") == "true"
    status_starts(page, "move 3 of")  # moves on without a click
    page.click("#auto")  # pause
    assert page.get_attribute("#auto", "aria-pressed") == "false"
    held = page.inner_text("#status")
    page.wait_for_timeout(500)
    assert page.inner_text("#status") == held
    page.click("#auto")
    page.wait_for_function("document.getElementById('status').textContent.startsWith('game over')", timeout=60_000)
    assert page.is_disabled("#auto") and page.get_attribute("#auto", "aria-pressed") == "false"
    page.close()
