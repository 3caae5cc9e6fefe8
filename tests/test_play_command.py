"""``countsweep play`` as its user reads it: the summary's words and numbers, the progress line, ``--show``, Ctrl-C.

The records behind every number are replayed here with :func:`countsweep.play.runs.play_one`,
so each figure the command prints is checked against the games it says it played.
"""

from __future__ import annotations

import importlib
import io
import json
import os
import re
import signal
import time
from typing import ClassVar

import pytest

from countsweep.intervals import wilson
from countsweep.play.agents import make_agent, play_game
from countsweep.play.game import Settings
from countsweep.play.runs import deal, play_one
from countsweep.render import percent
from tests.cli_helpers import run

SMALL = ("--size", "4x4x3", "--rule", "unsafe", "--agent", "greedy", "--seed", "4")
SETTINGS = Settings(4, 4, 3, "unsafe", "corner")


def records(n: int, settings: Settings = SETTINGS, agent: str = "greedy", seed: int = 4) -> list[dict]:
    return [play_one(settings, agent, seed, i) for i in range(n)]


def summary_line(recs: list[dict]) -> str:
    wins = sum(r["won"] for r in recs)
    lo, hi = wilson(wins, len(recs))
    return (f"games {len(recs)}  wins {wins}  win rate {wins / len(recs):.1%}  95% CI [{lo:.1%}, {hi:.1%}]")


def test_the_text_summary_states_the_settings_the_games_wins_interval_and_guesses():
    r = run("play", *SMALL, "--games", "30")
    recs = records(30)
    lines = r.stdout.splitlines()
    assert r.exit_code == 0 and len(lines) == 3
    assert lines[0] == "4x4x3, rule unsafe, first click corner, agent greedy, seed 4"
    assert lines[1] == summary_line(recs)
    guesses = sum(rec["guesses"] for rec in recs) / 30
    assert re.fullmatch(rf"guesses per game {guesses:.2f}  games per second \d+\.\d \(1 worker\)", lines[2])


def test_the_summary_counts_workers_in_the_plural_and_names_the_file_it_resumed_from(tmp_path):
    out = tmp_path / "runs.jsonl"
    assert run("play", *SMALL, "--games", "5", "--out", str(out)).exit_code == 0
    r = run("play", *SMALL, "--games", "8", "--workers", "2", "--out", str(out))
    lines = r.stdout.splitlines()
    assert lines[1] == summary_line(records(8))
    assert lines[2].endswith(f"(2 workers, 5 resumed from {out})")


def test_records_are_not_appended_to_a_gzip_file_and_one_already_there_is_left_as_it_is(tmp_path):
    """serve --records and the page read a .gz file as gzip: play's plain lines there were refused later."""
    import gzip

    plain = tmp_path / "run.jsonl"
    assert run("play", "--level", "beginner", "--games", "3", "--out", str(plain)).exit_code == 0
    packed = tmp_path / "run.jsonl.gz"
    packed.write_bytes(gzip.compress(plain.read_bytes()))
    before = packed.read_bytes()
    for out in (packed, tmp_path / "new.jsonl.gz"):
        r = run("play", "--level", "beginner", "--games", "5", "--out", str(out))
        assert r.exit_code == 2 and r.stderr == (
            f"countsweep: error: {out}: records are appended a game at a time, which a gzip file cannot take "
            "safely; write them to a .jsonl file and compress it once the run is done\n")
    assert packed.read_bytes() == before and not (tmp_path / "new.jsonl.gz").exists()


def test_asking_for_fewer_games_than_a_file_holds_reports_only_those(tmp_path):
    out = tmp_path / "runs.jsonl"
    run("play", *SMALL, "--games", "6", "--out", str(out))
    summary = run("play", *SMALL, "--games", "4", "--json", "--out", str(out)).json()
    recs = records(4)
    assert summary["games"] == 4 and summary["wins"] == sum(r["won"] for r in recs)
    assert summary["resumed"] == 4 and summary["games_per_second"] == 0.0  # nothing new was played


def test_games_per_second_counts_only_the_games_played_now(tmp_path):
    out = tmp_path / "runs.jsonl"
    run("play", *SMALL, "--games", "4", "--out", str(out))
    before = time.perf_counter()
    summary = run("play", *SMALL, "--games", "10", "--json", "--out", str(out)).json()
    took = time.perf_counter() - before
    assert 0 < summary["seconds"] <= took
    assert summary["games_per_second"] == pytest.approx(6 / summary["seconds"])


def test_the_workers_cluster_and_batch_asked_for_reach_the_runner(monkeypatch):
    command = importlib.import_module("countsweep.cli.play")  # the package's attribute is the command
    from countsweep.play import runs

    seen = []

    def spy(settings, agent, seed, indices, workers=1, client=None, batch=None):
        seen.append((workers, client, batch))
        return runs.run(settings, agent, seed, indices, workers)  # the same records wherever they are played

    monkeypatch.setattr(command, "run", spy)
    assert run("play", *SMALL, "--games", "3", "--workers", "2", "--json").json()["games"] == 3
    assert seen == [(2, None, None)]
    client = object()
    records_ = []
    command._play(SETTINGS, "greedy", 4, 2, 1, True, None, {}, None, records_, client=client, batch=7)
    assert seen[-1] == (1, client, 7)


class _Bar:
    """The progress line, kept in a string and drawn at every update."""

    drawn: ClassVar[list[_Bar]] = []

    def __init__(self, total, label):
        from countsweep.cli.progress import Progress

        self.stream = io.StringIO()
        self.bar = Progress(total, label, stream=self.stream, enabled=True, every=0)
        _Bar.drawn.append(self)

    def update(self, done, wins):
        self.bar.update(done, wins)

    def close(self):
        self.bar.close()


def test_the_progress_line_shows_games_done_of_the_total_and_the_win_rate_so_far(monkeypatch):
    command = importlib.import_module("countsweep.cli.play")  # the package's attribute is the command

    _Bar.drawn = []
    monkeypatch.setattr(command, "Progress", _Bar)
    run("play", *SMALL, "--games", "12")
    recs = records(12)
    text = _Bar.drawn[0].stream.getvalue()
    frames = text.split("\r")[1:]
    assert len(frames) == 12 and text.endswith(" \n")
    for i, frame in enumerate(frames, start=1):
        wins = sum(r["won"] for r in recs[:i])
        assert frame.startswith(f"4x4x3 unsafe: {i}/12 games, win {wins / i:.1%}, ")


def _interrupting(after: int, how: str):
    """A runner that plays real games and is interrupted after ``after`` of them."""
    from countsweep.play import runs

    def interrupted(settings, agent, seed, indices, workers=1, client=None, batch=None):
        for n, rec in enumerate(runs.run(settings, agent, seed, indices)):
            if n == after:
                if how == "ctrl-c":
                    os.kill(os.getpid(), signal.SIGINT)  # the command's handler only asks to stop
                else:
                    raise KeyboardInterrupt  # as a worker's interruption comes back
            yield rec

    return interrupted


@pytest.mark.parametrize(("how", "kept"), [("ctrl-c", 4), ("worker", 3)])
def test_an_interrupted_run_reports_the_games_it_finished_and_exits_130(monkeypatch, tmp_path, how, kept):
    command = importlib.import_module("countsweep.cli.play")  # the package's attribute is the command

    monkeypatch.setattr(command, "run", _interrupting(3, how))
    out = tmp_path / "runs.jsonl"
    before = signal.getsignal(signal.SIGINT)
    r = run("play", *SMALL, "--games", "20", "--out", str(out))
    lines = r.stdout.splitlines()
    assert r.exit_code == 130
    assert lines[0] == "4x4x3, rule unsafe, first click corner, agent greedy, seed 4 (interrupted)"
    assert lines[1] == summary_line(records(kept))
    assert [json.loads(line) for line in out.read_text().splitlines()] == [
        {**rec, "seconds": json.loads(line)["seconds"], "run": json.loads(line)["run"]}
        for rec, line in zip(records(kept), out.read_text().splitlines(), strict=True)]
    # the handler the command installed is gone with it
    assert signal.getsignal(signal.SIGINT) is before


def test_an_interrupted_json_run_says_so_and_exits_130(monkeypatch):
    command = importlib.import_module("countsweep.cli.play")  # the package's attribute is the command

    monkeypatch.setattr(command, "run", _interrupting(2, "worker"))
    r = run("play", *SMALL, "--games", "20", "--json")
    assert r.exit_code == 130 and r.json()["interrupted"] is True and r.json()["games"] == 2


@pytest.mark.parametrize(("size", "first", "clues", "seed"), [("12x7x14", "2,5", "exact", 4),
                                                            ("8x8x10", "3,3", "withheld:0.7", 1),
                                                            ("8x8x10", "3,3", "under", 1)])
def test_show_prints_game_0_of_the_seed_guess_by_guess(size, first, clues, seed):
    w, h, m = map(int, size.split("x"))
    settings = Settings(w, h, m, "safe", first, clues)
    agent = "best" if clues == "exact" else "greedy"
    r = run("play", "--size", size, "--first", first, "--clues", clues, "--seed", str(seed), "--show")
    game, cell, agent_seed = deal(settings, seed, 0)
    boards, guesses = [], []

    def trace(board, move):
        if move.guess:
            boards.append(board.to_text(header=False))
            guesses.append(move)

    rec = play_game(game, make_agent(agent, settings.clue_model), first=cell, seed=agent_seed, trace=trace)
    expected = [f"{settings.describe()}: first click [{cell[0]}, {cell[1]}]"]
    for board, move in zip(boards, guesses, strict=True):
        expected += [*board.splitlines(), f"guess [{move.cell[0]}, {move.cell[1]}] with mine probability "
                     f"{move.probability} ({percent(move.probability)}%), rule: {move.rule}", ""]
    expected += [*game.view().to_text(header=False).splitlines(),
                 f"{'won' if rec.won else 'lost'} after {rec.moves} moves and {rec.guesses} guesses"]
    assert r.exit_code == 0 and guesses
    assert r.stdout.splitlines() == expected
    assert play_one(settings, agent, seed, 0)["guesses"] == rec.guesses


def test_show_says_won_or_lost_as_the_game_ended():
    ended = {}
    for seed in range(12):
        rec = play_one(Settings(4, 4, 3, "safe", "corner"), "best", seed, 0)
        ended.setdefault(rec["won"], (seed, rec))
    assert set(ended) == {True, False}
    for won, (seed, rec) in ended.items():
        last = run("play", "--size", "4x4x3", "--seed", str(seed), "--show").stdout.splitlines()[-1]
        assert last == f"{'won' if won else 'lost'} after {rec['moves']} moves and {rec['guesses']} guesses"


class _Clock:
    """``time.perf_counter`` for the progress line, moved by hand."""

    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def _progress(monkeypatch, start: float = 10.0, **kwargs):
    from countsweep.cli import progress

    clock = _Clock(start)
    monkeypatch.setattr(progress.time, "perf_counter", clock)
    stream = kwargs.pop("stream", None) or io.StringIO()
    bar = progress.Progress(stream=stream, **{"enabled": True, **kwargs})
    return bar, clock, stream


def test_the_progress_line_is_drawn_on_a_terminal_and_nowhere_else(monkeypatch):
    for stream, drawn in ((_Terminal(), True), (io.StringIO(), False)):
        bar, clock, _ = _progress(monkeypatch, stream=stream, total=5, label="x", enabled=None)
        clock.now += 1
        bar.update(1, 1)
        bar.close()
        assert (stream.getvalue() != "") is drawn


def test_the_progress_line_shows_the_rate_of_games_played_in_this_run_only(monkeypatch):
    bar, clock, out = _progress(monkeypatch, total=30, label="9x9x10 safe")
    clock.now = 10.5
    bar.update(13, 6)  # 12 games resumed from a file, one played
    clock.now = 12.0
    bar.update(17, 8)
    assert out.getvalue().split("\r")[1:] == ["9x9x10 safe: 13/30 games, win 46.2%, 2.0 games/s ",
                                              "9x9x10 safe: 17/30 games, win 47.1%, 2.5 games/s "]


def test_the_progress_line_is_redrawn_at_most_every_fifth_of_a_second_but_always_at_the_end(monkeypatch):
    bar, clock, out = _progress(monkeypatch, total=4, label="t")
    assert bar.every == 0.2
    for now, done in ((10.25, 1), (10.375, 2), (10.5, 3), (10.5, 4)):
        clock.now = now
        bar.update(done, 0)
    # 10.375 is within a fifth of a second of 10.25; 10.5 is a quarter after it; the last game always shows
    assert [frame.split(":")[1].split(",")[0] for frame in out.getvalue().split("\r")[1:]] == [
        " 1/4 games", " 3/4 games", " 4/4 games"]


def test_a_redraw_exactly_one_interval_after_the_last_is_drawn(monkeypatch):
    bar, clock, out = _progress(monkeypatch, total=9, label="t", every=0.25)
    clock.now = 10.25
    bar.update(1, 0)
    clock.now = 10.5
    bar.update(2, 0)
    assert out.getvalue().count("\r") == 2


def test_the_progress_line_at_its_start_shows_no_rate_and_no_win_rate_before_a_game(monkeypatch):
    bar, _, out = _progress(monkeypatch, start=0.0, total=3, label="t")  # drawn at once, even at the clock's origin
    bar.update(0, 0)
    assert out.getvalue() == "\rt: 0/3 games, win -, 0.0 games/s "


def test_closing_the_progress_line_ends_it_with_one_newline_only_if_it_was_drawn(monkeypatch):
    bar, clock, out = _progress(monkeypatch, total=3, label="t")
    bar.close()
    assert out.getvalue() == ""
    clock.now += 1
    bar.update(1, 1)
    bar.close()
    assert out.getvalue().endswith("games/s \n") and out.getvalue().count("\n") == 1
