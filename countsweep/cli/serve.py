"""``countsweep serve``: the analyser page and the HTTP API (see :mod:`countsweep.serve`)."""

from __future__ import annotations

import os
import socket
from pathlib import Path

import click

from countsweep.cli.common import Seconds, handles_errors
from countsweep.errors import ParameterError


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on; the default answers this machine only.")
@click.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True)
@click.option("--workers", type=click.IntRange(min=1, max=256), default=1, show_default=True,
              help="Server processes (one per core serves most).")
@click.option("--timeout", type=Seconds(positive=True), default=5.0, show_default=True,
              help="Seconds of work per request; past it the answer is HTTP 503.")
@click.option("--max-body", type=click.IntRange(min=1, max=2**30), default=1_000_000, show_default=True,
              help="Bytes per request body; past it the answer is HTTP 413.")
@click.option("--records", "records", type=click.Path(dir_okay=False), default=None,
              help="A play --out file (.jsonl or .jsonl.gz) the page opens on, to step through its games.")
@handles_errors
def serve(host: str, port: int, workers: int, timeout: float, max_body: int, records: str | None) -> None:
    """Serve the analyser page at / and the JSON API at /api (OpenAPI schema at /docs)."""
    try:
        import fastapi  # noqa: F401  (present?)
        import uvicorn
    except ImportError:
        raise ParameterError("serve needs FastAPI and uvicorn: pip install 'countsweep[serve]'") from None
    try:  # a port in use or not ours is the user's to fix: one line, before anything starts
        with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except OSError as err:
        raise ParameterError(f"--host {host} --port {port}: cannot listen there ({err.strerror or err})") from None
    if records is not None:  # a file that is not a run's records is refused now, in one line (exit 3)
        from countsweep.play.records import read

        read(Path(records))
        records = str(Path(records).resolve())
    # the worker processes build their app from the environment
    os.environ["COUNTSWEEP_SERVE_RECORDS"] = records or ""
    os.environ["COUNTSWEEP_SERVE_TIMEOUT"] = str(timeout)
    os.environ["COUNTSWEEP_SERVE_MAX_BODY"] = str(max_body)
    click.echo(f"countsweep: serving http://{host}:{port}/ (API at /api, schema at /docs); Ctrl-C stops", err=True)
    from countsweep.serve.protocol import NoDelayProtocol

    uvicorn.run("countsweep.serve:create_app", factory=True, host=host, port=port, workers=workers,
                log_level="warning", http=NoDelayProtocol, timeout_keep_alive=5,
                h11_max_incomplete_event_size=max_body + 64 * 1024)
