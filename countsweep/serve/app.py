"""The FastAPI app behind :func:`countsweep.serve.create_app` (imported only with the ``[serve]`` extra).

No ``from __future__ import annotations`` here: FastAPI reads the request
models from the endpoints' annotations at run time.
"""

import asyncio
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException

from countsweep.errors import CountsweepError, LimitExceeded
from countsweep.serve import answers
from countsweep.serve.answers import STATIC, STATUS, Config, analyze_json, check_json, move_json, play_json, rules_json

SEEDS = 2**63 - 1
"""The largest seed (as ``play --seed``)."""


class Request_(BaseModel):
    """What every request body shares: no field it does not know (a misspelt ``mine`` is an error, not
    silently left out) and no conversion (``true`` is not the number 1, ``"3"`` is not 3)."""

    model_config = ConfigDict(extra="forbid", strict=True)


class AnalyzeRequest(Request_):
    board: str = Field(description="Board text (the format of countsweep count).")
    mines: int | None = Field(default=None, ge=0, description="Mine total, overriding the header's.")
    backend: str | None = Field(default=None, description="dpll (default), sdd or brute.")
    clues: str | None = Field(default=None, description="exact (default), under, over or withheld:Q.")
    density: str | None = Field(default=None, description="A prior instead of the mine total, 0 < P < 1.")


class CheckRequest(Request_):
    board: str = Field(description="Board text.")
    mines: int | None = Field(default=None, ge=0)
    clues: str | None = None
    unique: bool = Field(default=False, description="Also decide whether exactly one layout fits; "
                                                    "if not, name two that differ (check --unique).")


class MoveRequest(Request_):
    board: str = Field(description="Board text.")
    mines: int | None = Field(default=None, ge=0)
    seed: int = Field(default=0, ge=0, le=SEEDS, description="Seed of the agent's tie-breaks.")
    cell: list[int] | None = Field(default=None, description="A [row, column] whose outlook to give as well "
                                                             "(cell_outlook): a move played in a game.")
    alternatives: int = Field(default=3, ge=0, le=20, description="How many other candidates of a guess to "
                                                                    "give, best first, with their outlooks.")


class PlayRequest(Request_):
    level: str | None = Field(default=None, description="beginner, intermediate or expert (default).")
    size: str | None = Field(default=None, description="WIDTHxHEIGHTxMINES instead of a level.")
    rule: str = "safe"
    first: str = "corner"
    seed: int = Field(default=0, ge=0, le=SEEDS)
    game: int = Field(default=0, ge=0, le=10**9)
    agent: str = Field(default="best", description="best (default), greedy or greedy-nototal.")
    clues: str = Field(default="exact", description="The clue model the game is dealt with (play --clues).")
    topology: str = Field(default="square", description="Which cells a number counts (play --topology).")


PARSE_ERRORS = {"There was an error parsing the body":
                "body: not JSON that can be read (malformed, or a number of more than 4300 digits)"}
"""FastAPI's wording of a refusal, where countsweep's says more."""


def error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


class BodyTooLarge(Exception):
    pass


async def read_body(request: Request, limit: int) -> bytes:
    """The request's body, read chunk by chunk and refused past ``limit`` bytes (kept for the endpoint)."""
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise BodyTooLarge
        chunks.append(chunk)
    body = b"".join(chunks)
    request._body = body  # what request.body() returns downstream: read once, here
    return body


def build(cfg: Config) -> FastAPI:
    app = FastAPI(title="countsweep", description="Exact Minesweeper probabilities over HTTP.", version="0.2")

    @app.middleware("http")
    async def limit_body(request: Request, call_next: Any) -> Any:
        # every body is read here, against both limits, whatever its framing: a declared length, chunks
        # (no length), compressed or not (the limit is on the bytes sent), fast or dribbled
        length = request.headers.get("content-length")
        if length is not None and not (length.isascii() and length.isdigit()):
            return error(400, f"Content-Length {length[:20]!r} is not a number of bytes")
        if length is not None and int(length) > cfg.max_body:
            return error(413, f"request body of {length} bytes is over the limit of {cfg.max_body}")
        if request.method in ("POST", "PUT", "PATCH"):
            try:
                await asyncio.wait_for(read_body(request, cfg.max_body), timeout=cfg.timeout)
            except BodyTooLarge:
                return error(413, f"request body over the limit of {cfg.max_body} bytes")
            except TimeoutError:
                return error(408, f"request body not received within {cfg.timeout:g} s")
        return await call_next(request)

    @app.exception_handler(RequestValidationError)
    async def malformed(request: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(x) for x in first.get("loc", ()) if isinstance(x, str) and x != "body") or "body"
        return error(400, f"{where}: {first.get('msg', 'malformed request')}")

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
        # FastAPI's own refusals (no such path, wrong method, a body it cannot parse) in the one error shape
        message = PARSE_ERRORS.get(str(exc.detail), str(exc.detail))
        return JSONResponse({"error": message}, status_code=exc.status_code, headers=exc.headers)

    @app.exception_handler(CountsweepError)
    async def refused(request: Request, exc: CountsweepError) -> JSONResponse:
        return error(STATUS.get(exc.exit_code, 400), str(exc))

    async def within_limit(work: Any, *args: Any) -> Any:
        # the work stops at its own deadline too (its counts are made under it); this answers on
        # time whatever phase the work is in
        try:
            return await asyncio.wait_for(asyncio.to_thread(work, *args), timeout=cfg.timeout)
        except TimeoutError:
            raise LimitExceeded(f"time limit of {cfg.timeout:g} s per request reached") from None

    @app.post("/api/analyze", summary="Counts and exact probabilities (count --json --exact)")
    async def api_analyze(req: AnalyzeRequest) -> dict:
        return await within_limit(analyze_json, req.board, req.mines, req.backend, req.clues, req.density,
                                  cfg.timeout)

    @app.post("/api/rules", summary="A rules payload's counts and exact probabilities (count FILE.json --json --exact)")
    async def api_rules(request: Request, backend: str | None = None) -> dict:
        # the raw body: mine_prob is read exactly, as written (0.2 is 1/5), not through a float
        body = await request.body()
        try:
            text = body.decode("utf-8-sig")  # a byte order mark read past, as the command line does
        except UnicodeDecodeError:
            return error(400, "payload: not UTF-8 text")  # type: ignore[return-value]
        return await within_limit(rules_json, text, backend, cfg.timeout)

    @app.post("/api/check", summary="Consistency and forced cells (check --json)")
    async def api_check(req: CheckRequest) -> dict:
        return await within_limit(check_json, req.board, req.mines, req.clues, req.unique, cfg.timeout)

    @app.post("/api/move", summary="The best agent's move, its rule and outlook")
    async def api_move(req: MoveRequest) -> dict:
        return await within_limit(move_json, req.board, req.mines, req.seed, req.cell, req.alternatives,
                                  cfg.timeout)

    @app.post("/api/play", summary="A seeded game played by an agent (the best by default), frame by frame")
    async def api_play(req: PlayRequest) -> dict:
        return await within_limit(play_json, req.level, req.size, req.rule, req.first, req.seed, req.game,
                                  req.agent, req.clues, req.topology, cfg.timeout)

    records = answers.records_json(cfg.records)  # read once: the file was checked when the server started

    @app.get("/api/records", summary="The play --out records the server was started with (serve --records)")
    async def api_records() -> dict:
        return records

    @app.get("/", include_in_schema=False)
    async def page() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app
