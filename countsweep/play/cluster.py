"""Games on a Dask cluster: batches sent to the workers, records streamed back as they finish.

A run of many games is embarrassingly parallel, and game ``i`` of seed ``S``
depends on ``(S, i)`` alone (:mod:`countsweep.play.runs`), so any machine may
play any game: the records are the same whoever plays them.  This module sends
games to a `Dask distributed <https://distributed.dask.org>`_ scheduler in
batches (one task per batch: the scheduler's cost per task, about a millisecond,
stays small beside a batch's seconds of play) and yields each batch's records as
soon as it completes.  A worker that dies mid-batch loses only that batch: the
scheduler gives it to another worker (the task is pure: replaying it gives the
same records), and a caller that writes records as they come (``play --out``)
never counts a game twice.

``ADDRESS`` is ``tcp://HOST:PORT`` for a running scheduler (``dask scheduler``
on one machine, ``dask worker tcp://HOST:8786`` on each of the others; workers
need only ``pip install countsweep``: no shared files), or ``local:N`` for a
:class:`~distributed.LocalCluster` of ``N`` worker processes on this machine.
Needs the ``[cluster]`` extra (``distributed``).

>>> batches([0, 1, 2, 3, 4, 5, 6], 3)
[[0, 1, 2], [3, 4, 5], [6]]
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import Any

from countsweep.errors import ParameterError

DEFAULT_BATCH = 50
"""Games per task unless told: at 5 to 40 expert games per second per core, a second or more
of play per task, against about a millisecond of scheduler work (``benchmarks/cluster.py``)."""


def batches(indices: list[int], size: int) -> list[list[int]]:
    """``indices`` cut into consecutive batches of at most ``size``."""
    return [indices[i:i + size] for i in range(0, len(indices), size)]


def batch_size(games: int, workers: int) -> int:
    """At most :data:`DEFAULT_BATCH` games a task, and at least four tasks per worker when the run
    is short, so that a slow batch does not leave the other workers idle at the end."""
    return max(1, min(DEFAULT_BATCH, games // (4 * max(workers, 1)) or 1))


def _distributed() -> Any:
    try:
        import distributed
    except ImportError:
        raise ParameterError("--cluster needs Dask distributed: pip install 'countsweep[cluster]'") from None
    return distributed


@contextlib.contextmanager
def connect(address: str) -> Iterator[Any]:
    """A client of the cluster ``address`` names (``tcp://HOST:PORT`` or ``local:N``), closed on exit.

    A ``local:N`` cluster is started here and shut down with the client.
    """
    distributed = _distributed()
    if address.startswith("local:"):
        try:
            n = int(address.partition(":")[2])
        except ValueError:
            n = 0
        if n < 1:
            raise ParameterError(f"--cluster {address!r}: local:N needs N, a number of worker processes >= 1")
        cluster = distributed.LocalCluster(n_workers=n, threads_per_worker=1, processes=True,
                                           dashboard_address=":0")  # any free port: never a clash
        with cluster, distributed.Client(cluster) as client:
            yield client
        return
    if "://" not in address:
        raise ParameterError(f"--cluster {address!r}: give tcp://HOST:PORT or local:N")
    try:
        # as long as Dask's own setting says (distributed.comm.timeouts.connect: 30 s unless the
        # user's Dask configuration or DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT says otherwise)
        client = distributed.Client(address)
    except OSError as err:
        raise ParameterError(f"--cluster {address!r}: no scheduler answers there ({err})") from None
    with client:
        yield client


def run_on(client: Any, task: Callable[[list[int]], list[dict]], indices: list[int],
           batch: int | None = None) -> Iterator[dict]:
    """Records of ``task(batch)`` for batches of ``indices`` on ``client``'s cluster, as each finishes.

    ``task`` must be importable by the workers (a module-level function, or a
    :func:`functools.partial` of one) and pure: played twice, a batch gives the
    same records, which is what lets the scheduler replay the batch of a worker
    that died.  The order is completion order, not game order; every batch comes
    exactly once.  Closing the generator (an early stop) cancels the batches not
    yet done.
    """
    distributed = _distributed()
    workers = len(client.scheduler_info().get("workers", {})) or 1
    size = batch or batch_size(len(indices), workers)
    # pure=False: two runs of the same games are two tasks (Dask would otherwise share their key)
    futures = [client.submit(task, b, pure=False, retries=3) for b in batches(list(indices), size)]
    try:
        for future in distributed.as_completed(futures):
            yield from future.result()
    finally:
        client.cancel([f for f in futures if not f.done()])
