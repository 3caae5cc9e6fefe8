"""Each endpoint's answer, computed without HTTP, against the library call it stands for.

The endpoints pass their arguments on (mines, clue model, seed, time limit):
each is checked to arrive, by an answer that would differ without it.
"""

from __future__ import annotations

import json
import random
from itertools import pairwise

import pytest

pytest.importorskip("fastapi", reason="the [serve] extra is not installed")

from fastapi.testclient import TestClient

from countsweep import Board, InconsistentError, LimitExceeded, ParameterError
from countsweep.check import check
from countsweep.play.agents import BestAgent
from countsweep.play.generators import lattice
from countsweep.serve import Config, create_app
from countsweep.serve.answers import analyze_json, check_json, move_json, play_json, rules_json

THESIS = "4x4x3\n1???\n????\n??2?\n????\n"
UNTOTALLED = "4x4\n1???\n????\n??2?\n????\n"
HARD = lattice(61, 61, 0.2, seed=1).to_text()  # neither counted nor decided in a hundredth of a second


def test_the_mines_given_stand_for_the_headers_total_everywhere():
    assert analyze_json(UNTOTALLED, mines=3) == analyze_json(THESIS)
    assert check_json(UNTOTALLED, mines=3, unique=True) == check_json(THESIS, unique=True)
    assert move_json(UNTOTALLED, mines=3) == move_json(THESIS)
    assert analyze_json(UNTOTALLED, mines=3) != analyze_json(UNTOTALLED)


def test_the_clue_model_named_is_the_one_counted_under():
    for name in ("under", "over", "withheld:1/2"):
        assert analyze_json(THESIS, clues=name)["clue_model"] == name
        assert check_json(THESIS, clues=name)["clue_model"] == name
    with pytest.raises(ParameterError, match=r"unknown clue model 'file\.json'"):
        analyze_json(THESIS, clues="file.json")  # the server reads no file a request names


def test_check_answers_uniqueness_only_when_asked():
    assert "unique" not in check_json(THESIS) and check_json(THESIS, unique=True)["unique"] is False


def test_an_inconsistent_check_says_why_in_the_checkers_words():
    board = "3x2\n1?1\n000"
    with pytest.raises(InconsistentError) as caught:
        check_json(board)
    assert str(caught.value) == f"board: {check(Board.from_text(board)).reason}"


def test_every_answer_stops_at_its_time_limit():
    with pytest.raises(LimitExceeded):
        analyze_json(HARD, timeout=0.01)
    with pytest.raises(LimitExceeded):
        check_json(HARD, timeout=0.01)
    payload = json.dumps({"rules": [{"num_mines": 1, "cells": [f"c{i}", f"c{i + 1}", f"c{i + 2}"]}
                                    for i in range(0, 3000, 2)], "total_cells": 5000, "total_mines": 900})
    with pytest.raises(LimitExceeded):
        rules_json(payload, timeout=0.001)


def test_a_density_is_named_when_it_is_wrong():
    with pytest.raises(ParameterError, match=r"^density"):
        analyze_json(UNTOTALLED, density="2")
    with pytest.raises(ParameterError, match=r"^density is a prior for a board without a mine total; this board"):
        analyze_json(THESIS, density="1/2")


def test_a_bad_payload_is_named_payload():
    with pytest.raises(Exception, match="payload"):
        rules_json('{"rules": 5}')


def test_an_unknown_backend_for_a_payload_is_named_backend_not_payload():
    with pytest.raises(ParameterError, match=r"^backend: unknown backend 'zzz'"):
        rules_json('{"rules": []}', backend="zzz")


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_the_move_is_the_agents_with_the_seed_given(seed):
    # an untouched board: every cell alike, so the seed's tie-break picks the cell
    board = "9x9x10\n" + "?????????\n" * 9
    moves = BestAgent().moves(Board.from_text(board), random.Random(seed))
    expected = next(m for m in moves if m.action == "open")
    out = move_json(board, seed=seed)
    assert (out["cell"], out["action"], out["rule"]) == (list(expected.cell), "open", expected.rule)


def test_the_seed_breaks_ties_between_equal_guesses_as_the_agents_own_generator_does():
    # four cells around the two 1s are equally good guesses: the seed picks one, always the same
    # (79 cells hidden: past the sampled endgame's 60, whose draws the position seeds, not the seed)
    board = "9x9x10\n" + "?????????\n" * 4 + "???11????\n" + "?????????\n" * 4
    picked = set()
    for seed in range(12):
        moves = BestAgent().moves(Board.from_text(board), random.Random(seed))
        expected = next(m for m in moves if m.action == "open")
        assert move_json(board, seed=seed)["cell"] == list(expected.cell)
        picked.add(expected.cell)
    assert len(picked) > 1


def test_nothing_left_to_open_has_every_key_of_a_move():
    done, move = move_json("3x1x1\n?1-"), move_json(THESIS)
    assert set(done) == set(move) | {"reason"}
    assert (done["cell"], done["action"], done["rule"], done["guess"], done["mine_probability"], done["certain"],
            done["outlook"]) == (None, None, None, False, None, [], None)


def test_play_defaults_are_the_command_lines():
    assert play_json(level="beginner") == play_json(level="beginner", size=None, rule="safe", first="corner",
                                                    seed=0, game=0)
    assert play_json(size="9x9x10", seed=2, game=1) == play_json(level="beginner", seed=2, game=1)
    frame = play_json(level="beginner")["frames"][0]
    assert set(frame) == {"board", "cell", "action", "rule", "guess", "mine_probability"}
    assert frame["action"] in ("open", "flag") and isinstance(frame["rule"], str)
    assert play_json(level="beginner", seed=0, game=1) != play_json(level="beginner", seed=0, game=0)
    assert play_json(level="beginner", seed=1) != play_json(level="beginner", seed=0)


def test_the_limits_come_from_the_environment(monkeypatch):
    monkeypatch.setenv("COUNTSWEEP_SERVE_TIMEOUT", "2.5")
    monkeypatch.setenv("COUNTSWEEP_SERVE_MAX_BODY", "1234")
    assert Config.from_env() == Config(timeout=2.5, max_body=1234)
    monkeypatch.delenv("COUNTSWEEP_SERVE_TIMEOUT")
    monkeypatch.delenv("COUNTSWEEP_SERVE_MAX_BODY")
    assert Config.from_env() == Config()


def test_a_body_of_exactly_the_limit_is_read_and_one_byte_more_is_not():
    body = json.dumps({"board": THESIS}).encode()
    client = TestClient(create_app(Config(timeout=3, max_body=len(body))))

    def chunks(data: bytes):
        yield from (data[i:i + 7] for i in range(0, len(data), 7))

    headers = {"content-type": "application/json"}
    assert client.post("/api/analyze", content=chunks(body), headers=headers).status_code == 200
    assert client.post("/api/analyze", content=chunks(body + b" "), headers=headers).status_code == 413
    assert client.post("/api/analyze", content=body, headers=headers).status_code == 200
    assert client.post("/api/analyze", content=body + b" ", headers=headers).status_code == 413


def test_a_new_app_serves_its_page_its_files_and_its_schema():
    client = TestClient(create_app(Config()))
    assert client.get("/static/app.js").status_code == 200 and client.get("/static/style.css").status_code == 200
    schema = client.get("/openapi.json").json()
    assert schema["info"]["title"] == "countsweep" and schema["info"]["description"]
    assert "/api/rules" in schema["paths"]


def test_the_move_is_the_first_cell_to_open_after_the_certain_flags():
    out = move_json("4x1x2\n1???")  # [0, 1] is a mine for certain, then a 50/50
    assert out["action"] == "open" and out["cell"] in ([0, 2], [0, 3]) and out["guess"]
    assert out["certain"] == [{"cell": [0, 1], "action": "flag"}]
    # the first cell the agent opens, of two certain ones, not its last move
    moves = BestAgent().moves(Board.from_text("4x1x1\n1???"), random.Random(0))
    assert [(m.cell, m.action) for m in moves] == [((0, 1), "flag"), ((0, 2), "open"), ((0, 3), "open")]
    assert move_json("4x1x1\n1???")["cell"] == [0, 2]


def test_nothing_left_to_open_says_so():
    assert move_json("3x1x1\n?1-")["reason"] == "nothing left to open: every hidden cell is a mine (or none is hidden)"


def test_serve_without_its_extra_says_what_to_install(monkeypatch):
    import sys

    from countsweep.serve import create_app as make

    # an import of them now fails, as without the extra
    monkeypatch.setitem(sys.modules, "fastapi", None)
    monkeypatch.setitem(sys.modules, "countsweep.serve.app", None)
    with pytest.raises(ParameterError, match=r"^serve needs FastAPI and uvicorn: pip install 'countsweep\[serve\]'$"):
        make(Config())


def test_a_body_sent_in_many_pieces_is_counted_whole():
    import asyncio

    body = json.dumps({"board": THESIS}).encode()
    app = create_app(Config(timeout=3, max_body=len(body) + 5))

    async def send_in_pieces(data: bytes) -> int:
        pieces = [data[i:i + 10] for i in range(0, len(data), 10)]
        messages = [{"type": "http.request", "body": p, "more_body": i + 1 < len(pieces)}
                    for i, p in enumerate(pieces)]
        sent: list[dict] = []

        async def receive() -> dict:
            return messages.pop(0) if messages else {"type": "http.disconnect"}

        async def send(message: dict) -> None:
            sent.append(message)

        scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST",
                 "scheme": "http", "path": "/api/analyze", "raw_path": b"/api/analyze", "query_string": b"",
                 "root_path": "", "headers": [(b"content-type", b"application/json")],
                 "client": ("127.0.0.1", 1), "server": ("127.0.0.1", 80)}
        await app(scope, receive, send)
        return next(m["status"] for m in sent if m["type"] == "http.response.start")

    assert asyncio.run(send_in_pieces(body)) == 200
    assert asyncio.run(send_in_pieces(body + b" " * 6)) == 413  # every piece under the limit, the whole over it


@pytest.mark.parametrize(("agent", "rule", "seed"), [("greedy", "safe", 9), ("greedy-nototal", "opening", 4),
                                                      ("best", "safe", 2)])
def test_play_deals_the_agent_named_and_answers_the_record_play_writes(agent, rule, seed):
    from countsweep.play.game import Settings
    from countsweep.play.runs import play_one

    settings = Settings.parse("beginner", None, rule, "corner")
    for game in range(4):
        g = play_json(level="beginner", rule=rule, seed=seed, game=game, agent=agent)
        rec = play_one(settings, agent, seed, game)
        assert (g["won"], g["guesses"], g["moves"]) == (rec["won"], rec["guesses"], rec["moves"])
        assert len(g["frames"]) == g["moves"] - 1  # the first click is dealt, not chosen


def test_play_refuses_an_unknown_agent_and_a_clue_model_file():
    with pytest.raises(ParameterError, match="unknown agent 'random'"):
        play_json(level="beginner", agent="random")
    with pytest.raises(ParameterError, match=r"unknown clue model 'table\.json'"):
        play_json(level="beginner", agent="greedy", clues="table.json")
    with pytest.raises(ParameterError, match="assumes exact clues"):
        play_json(level="beginner", agent="best", clues="under")


def test_play_deals_on_the_clue_model_and_topology_named():
    plain = play_json(size="8x8x10", agent="greedy", seed=1)
    assert play_json(size="8x8x10", agent="greedy", seed=1, clues="withheld:1/2") != plain
    assert play_json(size="8x8x10", agent="greedy", seed=1, topology="hex") != plain


def test_records_are_served_as_play_wrote_them(tmp_path):
    from countsweep.play.game import Settings
    from countsweep.play.records import open_run
    from countsweep.play.runs import fingerprint, play_one
    from countsweep.serve.answers import records_json

    settings = Settings.parse("beginner", None, "safe", "corner")
    path = tmp_path / "run.jsonl"
    with open_run(path, fingerprint(settings, "greedy", 5)) as (_, writer):
        for game in (2, 0, 1):
            writer.add(play_one(settings, "greedy", 5, game))
    served = records_json(str(path))
    assert served["name"] == "run.jsonl" and [r["game"] for r in served["records"]] == [0, 1, 2]
    assert all(r["run"]["seed"] == 5 and r["run"]["agent"] == "greedy" for r in served["records"])
    assert records_json(None) == {"name": None, "records": []}
    client = TestClient(create_app(Config(records=str(path))))
    assert client.get("/api/records").json() == served
    assert TestClient(create_app(Config())).get("/api/records").json() == {"name": None, "records": []}
    body = {"size": "9x9x10", "rule": "safe", "first": "corner", "agent": "greedy", "seed": 5, "game": 1}
    g = client.post("/api/play", json=body).json()
    assert (g["won"], g["guesses"], g["moves"]) == tuple(served["records"][1][k] for k in ("won", "guesses", "moves"))


def test_a_records_file_reads_alike_plain_or_gzipped_and_a_cut_last_line_is_left_out(tmp_path):
    import gzip

    from countsweep.errors import InputError
    from countsweep.play.game import Settings
    from countsweep.play.records import read
    from countsweep.play.runs import fingerprint, play_one

    settings = Settings.parse("beginner", None, "safe", "corner")
    run = fingerprint(settings, "greedy", 3)
    lines = [json.dumps({**play_one(settings, "greedy", 3, g), "run": run}) for g in (1, 0)]
    plain = tmp_path / "run.jsonl"
    plain.write_text("\n".join(lines) + "\n")
    packed = tmp_path / "run.jsonl.gz"
    packed.write_bytes(gzip.compress(plain.read_bytes()))
    assert [r["game"] for r in read(plain)] == [0, 1] and read(packed) == read(plain)
    cut = tmp_path / "cut.jsonl"
    cut.write_text(lines[0] + "\n" + lines[1][:20])  # a run killed mid-line
    assert [r["game"] for r in read(cut)] == [1]
    other = tmp_path / "mixed.jsonl"
    other.write_text(lines[0] + "\n" + json.dumps({**json.loads(lines[1]), "run": {**run, "seed": 4}}) + "\n")
    with pytest.raises(InputError, match=r"mixed\.jsonl: line 2: records of another run \(different seed\)"):
        read(other)
    with pytest.raises(InputError, match=r"nowhere\.jsonl\.gz: no such file"):
        read(tmp_path / "nowhere.jsonl.gz")


def _expected_alternatives(text: str, k: int) -> tuple[list[list[int]], int]:
    """The agent's candidates other than its guess: living before dead, best score first, then row-major."""
    from countsweep.oracle import analyze

    board = Board.from_text(text)
    agent = BestAgent()
    a = analyze(board)
    chosen = tuple(move_json(text)["cell"])
    weight = agent.weight_on(board)
    ranked = sorted((o.dead, -o.score(weight), c) for c in agent.candidates(a) if c != chosen
                    for o in [agent.outlook(a, c)])
    ties = sum(1 for x, y in pairwise(ranked) if x[:2] == y[:2])
    return [list(c) for _, _, c in ranked[:k]], ties


@pytest.mark.long
def test_the_alternatives_are_the_next_best_candidates_living_first_then_by_score_then_row_major():
    from countsweep.play.game import Game

    # seeded positions, and symmetric ones whose equal candidates are told apart by row-major order
    symmetric = ["5x5x3\n?????\n?????\n??1??\n?????\n?????", "7x3x4\n???????\n???1???\n???????",
                 "6x6x5\n??????\n??????\n??11??\n??????\n??????\n??????"]
    guesses = ties = 0
    for s in range(120 + len(symmetric)):
        if s < len(symmetric):
            text = symmetric[s]
        else:
            game = Game(6, 5, 6, "safe", seed=s)
            game.open((0, 0))
            text = game.view().to_text()
        out = move_json(text, alternatives=10)
        if not out["guess"]:
            assert out["alternatives"] == []  # a certain move is weighed against nothing
            continue
        want, tied = _expected_alternatives(text, 10)
        assert [alt["cell"] for alt in out["alternatives"]] == want
        assert len(move_json(text)["alternatives"]) == min(3, len(want))  # three by default
        guesses += 1
        ties += tied
    assert guesses > 20 and ties > 0


def test_the_records_file_comes_from_the_environment(monkeypatch):
    monkeypatch.setenv("COUNTSWEEP_SERVE_RECORDS", "games.jsonl")
    assert Config.from_env().records == "games.jsonl"
    monkeypatch.setenv("COUNTSWEEP_SERVE_RECORDS", "")
    assert Config.from_env().records is None
    monkeypatch.delenv("COUNTSWEEP_SERVE_RECORDS")
    assert Config.from_env().records is None


@pytest.mark.parametrize("cell", [5, "a1", (1, 2, 3), [9, 9]])
def test_a_cell_asked_about_that_is_not_a_cell_of_the_board_is_refused_by_name(cell):
    from countsweep.errors import CountsweepError

    with pytest.raises(CountsweepError, match="cell"):
        move_json(THESIS, cell=cell)


DEAD_LAST = """30x16x99
000012????????????????????????
00002F??3?????????????????????
22102F32FF????????????????????
FF2121113?????????????????????
?43F32112?????????????????????
?F22FF11F3????????????????????
?22343124F????????????????????
?12FF211FF????????????????????
????4F114F????????????????????
????21102F????????????????????
???2211122????????????????????
??????????????????????????????
??????????????????????????????
??????????????????????????????
??????????????????????????????
??????????????????????????????"""


def test_cells_that_teach_nothing_come_last_among_the_alternatives_whatever_their_score():
    """(4, 0) and (6, 0) can show one number only (dead); (6, 0) scores above living candidates, and
    still comes after every one of them, as the agent itself ranks them."""
    from fractions import Fraction

    from countsweep import analyze

    a = analyze(Board.from_text(DEAD_LAST))
    agent = BestAgent()
    alternatives = move_json(DEAD_LAST, alternatives=20)["alternatives"]
    dead = [agent.outlook(a, tuple(x["cell"])).dead for x in alternatives]
    assert dead == sorted(dead) and dead.count(True) == 2 and {tuple(x["cell"]) for x in alternatives[-2:]} == {(4, 0),
                                                                                                              (6, 0)}
    scores = [Fraction(x["score"]) for x in alternatives]
    living = scores[:-2]
    assert living == sorted(living, reverse=True) and scores[-1] > min(living)  # not the scores' order
