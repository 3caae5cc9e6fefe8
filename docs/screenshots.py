"""The analyser page's screenshots in docs/serve.md, taken again: ``python docs/screenshots.py``.

Starts the server in this process, opens each mode of the page in headless Chromium (Playwright,
the ``test`` extra; Debian's ``chromium`` or ``--chromium PATH``) and writes one PNG per mode:

* ``analyser.png``: the editor on a position of seeded expert play, every hidden cell's probability;
* ``play.png``: the best agent's game at a guess, with the step's probabilities;
* ``game-over.png``: the same game's end, every mine shown and the guesses listed;
* ``records.png``: a ``play --out`` file's game played again and checked against its record;
* ``hex.png``: a hex board drawn as hexagons, with the agent's move and the next best;
* ``rules.png``: a rules payload's named cells and their exact probabilities.

Positions and games are seeded, so the pictures change only when the page or the answers do.
"""

from __future__ import annotations

import argparse
import contextlib
import shutil
import socket
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

IMAGES = Path(__file__).resolve().parent / "images"
HEX = "8x6x10 hex\n?1??????\n??????2?\n???1????\n????????\n??2?????\n????????\n"
RULES = ('{"rules": [{"num_mines": 1, "cells": ["a", "b", "c"]}, {"num_mines": 2, "cells": ["b", "c", "d", "e"]}, '
         '{"num_mines": 1, "cells": ["e", "f"]}], "total_cells": 20, "total_mines": 5}')
SIZE = {"width": 1100, "height": 760}


@contextlib.contextmanager
def serving(records: Path | None = None) -> Iterator[str]:
    """The page's server on a free local port, for the duration of the block."""
    import uvicorn

    from countsweep.serve import Config, create_app

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    config = Config(timeout=30, records=None if records is None else str(records))
    server = uvicorn.Server(uvicorn.Config(create_app(config), host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if time.monotonic() > deadline:
            raise SystemExit("the server did not start")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)


def expert_position() -> str:
    """A position met in seeded expert play, some moves in: a board worth reading."""
    from countsweep.play.game import LEVELS, Settings
    from countsweep.play.generators import from_play

    boards = from_play(Settings(*LEVELS["expert"], "safe", "corner"), 1, seed=7)
    return boards[len(boards) // 3].to_text()


def wait_status(page, start: str) -> None:
    page.wait_for_function(f"document.getElementById('status').textContent.startsWith({start!r})", timeout=60_000)


def shoot(out: Path, chromium: str | None = None, browser: Any = None) -> list[Path]:
    """Every screenshot, written to ``out``; the paths written. Drives ``browser`` (a Playwright
    browser) when given, else launches ``chromium``."""
    from playwright.sync_api import sync_playwright

    if browser is not None:
        return _shoot(out, browser)
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=chromium, headless=True, args=["--no-sandbox"])
        try:
            return _shoot(out, launched)
        finally:
            launched.close()


def _shoot(out: Path, browser: Any) -> list[Path]:
    from countsweep.play.game import Settings
    from countsweep.play.records import open_run
    from countsweep.play.runs import fingerprint, play_one

    out.mkdir(parents=True, exist_ok=True)
    written = []
    with tempfile.TemporaryDirectory() as scratch:
        records = Path(scratch) / "run.jsonl"
        settings = Settings.parse("intermediate", None, "safe", "corner")
        with open_run(records, fingerprint(settings, "best", 4)) as (_, writer):
            for game in range(5):
                writer.add(play_one(settings, "best", 4, game))
        with serving() as url, serving(records) as records_url:
            page = browser.new_page(viewport=SIZE)
            page.goto(url + "/#board=" + quote(expert_position()))
            page.wait_for_function("document.getElementById('status').textContent.includes('mine layouts')",
                                   timeout=60_000)
            page.wait_for_selector(".cell.suggested", timeout=60_000)
            written.append(_save(page, out / "analyser.png"))
            # the best agent's game 2 of seed 1 on expert: its first guess, then its end
            game = url + "/#play=1&level=expert&rule=safe&first=corner&agent=best&seed=1&game=2"
            page.goto(game + "&step=0")
            wait_status(page, "move 1 of")
            frames = page.evaluate("state.frames")
            step = next((i for i, f in enumerate(frames) if f["guess"] and i > 0), 0)
            page.goto(game + f"&step={step}")
            wait_status(page, f"move {step + 1} of")
            page.wait_for_selector(".cell[data-p]", timeout=60_000)
            written.append(_save(page, out / "play.png"))
            page.click("#to-end")
            wait_status(page, "game over")
            written.append(_save(page, out / "game-over.png"))
            page.goto(records_url + "/")
            page.wait_for_function("document.getElementById('advice').textContent.startsWith('Played again')",
                                   timeout=60_000)
            page.select_option("#record-game", "3")
            page.wait_for_function("document.getElementById('play-game').value === '3' && "
                                   "document.getElementById('advice').textContent.startsWith('Played again')",
                                   timeout=60_000)
            written.append(_save(page, out / "records.png"))
            page.goto(url + "/#board=" + quote(HEX))
            page.wait_for_selector(".cell.suggested", timeout=60_000)
            written.append(_save(page, out / "hex.png"))
            page.goto(url + "/#rules=" + quote(RULES))
            page.wait_for_selector("#rules-result:not([hidden])", timeout=60_000)
            written.append(_save(page, out / "rules.png"))
            page.close()
    return written


def _save(page, path: Path) -> Path:
    page.screenshot(path=str(path), full_page=True)
    return path


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=IMAGES, help="where the PNGs go (default: docs/images)")
    ap.add_argument("--chromium", default=shutil.which("chromium") or shutil.which("chromium-browser"),
                    help="the Chromium to drive (default: the one on PATH)")
    args = ap.parse_args(argv)
    if not args.chromium:
        raise SystemExit("no Chromium found: install Debian's chromium or pass --chromium PATH")
    for path in shoot(args.out, args.chromium):
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
