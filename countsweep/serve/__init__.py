"""``countsweep serve``: the analyser page and an HTTP oracle for bots in any language.

An ASGI app (`FastAPI <https://fastapi.tiangolo.com>`_, served by uvicorn) with
three JSON endpoints and one page; the OpenAPI schema is at ``/docs``:

* ``POST /api/analyze`` ``{"board": TEXT, "mines": N?, "backend": ?, "clues": ?, "density": ?}``:
  exactly what ``countsweep count --json --exact`` prints for that board;
* ``POST /api/check`` ``{"board": TEXT, "mines": N?, "clues": ?}``: what ``check --json`` prints;
* ``POST /api/move`` ``{"board": TEXT, "mines": N?, "seed": S?}``: the best agent's move, the
  rule that chose it, and the chosen cell's outlook (safety, secondary safety,
  progress) as exact fractions;
* ``POST /api/play`` ``{"level"|"size", "rule"?, "first"?, "seed"?, "game"?, "agent"?, "clues"?, "topology"?}``:
  game ``game`` of seed ``seed`` as ``countsweep play`` deals it, played by the
  agent (the best by default), frame by frame (the board before each move, and
  the move), with the game's record;
* ``GET /api/records``: the ``play --out`` records ``serve --records FILE`` opens the page on;
* ``GET /``: the analyser page (plain HTML, CSS and JavaScript served from the
  package: no build step, nothing fetched from elsewhere).

Errors are the command line's one-line messages as ``{"error": MESSAGE}``:
400 for malformed input or a parameter outside its domain, 422 for an
inconsistent position, 503 when the per-request time limit is hit, 413 for a
body over the size limit. Clue models are the built-in ones only, and a game's
topology is never a graph (read from a file): a request never names a file on
the server.

>>> from fastapi.testclient import TestClient
>>> client = TestClient(create_app())
>>> r = client.post("/api/analyze", json={"board": "4x4x3\\n1???\\n????\\n??2?\\n????"})
>>> r.status_code, r.json()["count"], r.json()["exact"][1][1]
(200, '70', '2/5')
>>> client.post("/api/analyze", json={"board": "3x1\\n?9?"}).status_code
400
"""

from __future__ import annotations

from typing import Any

from countsweep.errors import ParameterError
from countsweep.serve.answers import STATIC, STATUS, Config, analyze_json, check_json, move_json, play_json


def create_app(config: Config | None = None) -> Any:
    """The ASGI app; ``config`` defaults to :meth:`Config.from_env` (what ``countsweep serve`` sets)."""
    try:
        from countsweep.serve.app import build
    except ImportError:
        raise ParameterError("serve needs FastAPI and uvicorn: pip install 'countsweep[serve]'") from None
    return build(config or Config.from_env())


__all__ = ["STATIC", "STATUS", "Config", "analyze_json", "check_json", "create_app", "move_json", "play_json"]
