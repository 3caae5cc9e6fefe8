"""``countsweep play``: seeded games with an agent, the win rate with its 95% interval."""

from __future__ import annotations

import contextlib
import json
import signal
import sys
import time
from types import FrameType

import click

from countsweep.cli.common import handles_errors
from countsweep.cli.progress import Progress
from countsweep.clues import EXACT
from countsweep.files import output_path
from countsweep.interrupts import raise_or_hold
from countsweep.play.agents import AGENTS, Move, make_agent, play_game
from countsweep.play.cluster import connect
from countsweep.play.game import FIRST_CLICK_RULES, LEVELS, Settings
from countsweep.play.records import Writer, open_run
from countsweep.play.runs import deal, fingerprint, run, summarize
from countsweep.render import percent


@click.command()
@click.option("--level", type=click.Choice(tuple(LEVELS)), default=None, help="Standard level (default expert).")
@click.option("--size", default=None, help="Custom board WIDTHxHEIGHTxMINES (3D: WIDTHxHEIGHTxDEPTHxMINES).")
@click.option("--topology", default="square", show_default=True,
              help="The board's topology: square, torus, hex, 'torus hex', 3d:DEPTH (or a 3D --size), "
                   "'neighbourhood knight|cross|offsets:dr,dc;...', 'graph FILE.json' (docs/board-format.md).")
@click.option("--rule", type=click.Choice(FIRST_CLICK_RULES), default="safe", show_default=True,
              help="First-click rule.")
@click.option("--first", default="corner", show_default=True, help="First click: corner, center, random or R,C.")
@click.option("--games", type=click.IntRange(min=1, max=10**9), default=100, show_default=True)
@click.option("--seed", type=click.IntRange(min=0, max=2**63 - 1), default=0, show_default=True,
              help="Game i of seed S is the same game in every run, on every machine.")
@click.option("--workers", type=click.IntRange(min=1, max=256), default=1, show_default=True,
              help="Processes; results do not depend on it.")
@click.option("--cluster", default=None, metavar="ADDRESS",
              help="Play on a Dask cluster: tcp://HOST:PORT (a running scheduler) or local:N (N worker "
                   "processes here); needs the [cluster] extra. Results do not depend on it.")
@click.option("--batch", type=click.IntRange(min=1, max=10**9), default=None,
              help="Games per cluster task (default: up to 50, at least four tasks per worker).")
@click.option("--agent", "agent_name", type=click.Choice(AGENTS), default=None,
              help="best (the default under exact clues): guess rules and endgame search; greedy (the default "
                   "under noisy clues): safest cell; greedy-nototal: ignores the total.")
@click.option("--clues", default="exact", show_default=True,
              help="Clues the games deal: exact, under, over, withheld:Q (each number shown with probability Q, "
                   "else '-') or a FILE.json likelihood table; the agent counts under the same model.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object with the summary.")
@click.option("--show", is_flag=True, help="Play one game move by move, printing each guess.")
@click.option("--out", default=None, help="Append per-game JSONL records here; rerun to resume.")
@handles_errors
def play(level: str | None, size: str | None, topology: str, rule: str, first: str, games: int, seed: int,
         workers: int, cluster: str | None, batch: int | None, agent_name: str | None, clues: str, as_json: bool,
         show: bool, out: str | None) -> None:
    """Play seeded games with an agent and report the win rate with its 95% interval.

    Any topology: the best agent switches off its square-grid rules elsewhere
    (docs/agents.md); the greedy agent plays the same everywhere.
    """
    if level and size:
        raise click.UsageError("give --level or --size, not both")
    settings = Settings.parse(level, size, rule, first, clues, topology)
    if agent_name is None:
        agent_name = "best" if settings.clue_model is EXACT else "greedy"
    make_agent(agent_name, settings.clue_model)  # refuses an agent the clues do not suit, before any game
    if show:
        _show_game(settings, agent_name, seed)
        return
    fp = fingerprint(settings, agent_name, seed)
    stop: list[bool] = []

    def ask_stop(signum: int, frame: FrameType | None) -> None:
        # the first Ctrl-C only asks: a KeyboardInterrupt raised at an arbitrary point
        # can land where Python swallows it (a finalizer) and the run goes on for ever
        if stop:
            raise_or_hold(KeyboardInterrupt())
        stop.append(True)

    with contextlib.ExitStack() as stack:
        # in place before the output file exists, so an early Ctrl-C still gets its summary
        stack.callback(signal.signal, signal.SIGINT, signal.getsignal(signal.SIGINT))
        signal.signal(signal.SIGINT, ask_stop)
        done, writer = stack.enter_context(open_run(output_path(out), fp)) if out else ({}, None)
        client = stack.enter_context(connect(cluster)) if cluster else None
        if client is not None:
            workers = len(client.scheduler_info().get("workers", {}))
        _play(settings, agent_name, seed, games, workers, as_json, out, done, writer, stop, client, batch)


def _play(settings: Settings, agent_name: str, seed: int, games: int, workers: int, as_json: bool, out: str | None,
          done: dict[int, dict], writer: Writer | None, stop: list[bool], client: object = None,
          batch: int | None = None) -> None:
    todo = [i for i in range(games) if i not in done]
    records = [done[i] for i in sorted(done) if i < games]  # a file may hold more games than asked for
    resumed = len(records)
    start = time.perf_counter()
    bar = Progress(games, f"{settings.width}x{settings.height}x{settings.mines} {settings.rule}")
    with contextlib.ExitStack() as stack:
        stack.callback(bar.close)
        try:
            wins = sum(r["won"] for r in records)
            for rec in run(settings, agent_name, seed, todo, workers, client=client, batch=batch):
                records.append(rec)
                if writer is not None:
                    writer.add(rec)  # one flushed line per game: an interrupted run loses nothing
                wins += rec["won"]
                bar.update(len(records), wins)
                if stop:
                    break
        except KeyboardInterrupt:
            stop.append(True)
    interrupted = bool(stop)
    elapsed = time.perf_counter() - start
    new = len(records) - resumed
    summary = summarize(settings, records, elapsed, agent=agent_name, seed=seed, workers=workers,
                        interrupted=interrupted, resumed=resumed)
    summary["games_per_second"] = new / elapsed if elapsed > 0 else 0.0
    if as_json:
        click.echo(json.dumps(summary))
    else:
        click.echo(
            f"{settings.describe()}, agent {agent_name}, seed {seed}"
            + (" (interrupted)" if interrupted else "") + "\n"
            f"games {summary['games']}  wins {summary['wins']}  win rate {summary['win_rate']:.1%}"
            f"  95% CI [{summary['ci_low']:.1%}, {summary['ci_high']:.1%}]\n"
            f"guesses per game {summary['guesses_per_game']:.2f}  "
            f"games per second {summary['games_per_second']:.1f} ({workers} worker"
            f"{'s' * (workers != 1)}" + (f", {resumed} resumed from {out}" if resumed else "") + ")")
    if interrupted:
        sys.exit(130)


def _show_game(settings: Settings, agent_name: str, seed: int) -> None:
    game, first, agent_seed = deal(settings, seed, 0)
    click.echo(f"{settings.describe()}: first click [{first[0]}, {first[1]}]")

    def trace(board: object, move: Move) -> None:
        if move.guess:
            click.echo(board.to_text(header=False))  # type: ignore[attr-defined]
            click.echo(f"guess [{move.cell[0]}, {move.cell[1]}] with mine probability "
                       f"{move.probability} ({percent(move.probability)}%), rule: {move.rule}\n")

    rec = play_game(game, make_agent(agent_name, settings.clue_model), first=first, seed=agent_seed, trace=trace)
    click.echo(game.view().to_text(header=False))
    click.echo(f"{'won' if rec.won else 'lost'} after {rec.moves} moves and {rec.guesses} guesses")
