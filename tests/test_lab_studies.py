"""Studies that survive: the study file written as games finish, Ctrl-C, a
failing game and a lost Dask worker keeping every finished game, --resume
giving the uninterrupted result, bounded submission (memory with a million
games), loading and merging; and variants compared in one table, with
their differences, intervals, tests and a plot."""

import concurrent.futures as cf
import json
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time

import pytest

from dendria_widget import DendriaError, lab
from dendria_widget.__main__ import main

TINY = {"ruleset": "dendria-classic", "board": {"shape": "hexagon", "size": 3}}
SMALL = {"ruleset": "dendria-classic", "board": {"shape": "hexagon", "size": 4}}
PLAYERS = ["random", "mcts:i3"]


def game_lines(path):
    """The finished games' lines of a study file."""
    with open(path, encoding="utf-8") as f:
        return [json.loads(x) for x in f if x.startswith('{"row":')]


def same(a, b):
    assert a.games.equals(b.games)
    assert list(a.records) == list(b.records)
    assert lab.summary_text(a) == lab.summary_text(b)


class _Failing:
    """play_one, except that one game raises."""

    def __init__(self, bad):
        self.bad = bad
        self.real = lab.play_one

    def __call__(self, task):
        if (task[1], task[2]) == self.bad:
            raise RuntimeError("the engine fell over")
        return self.real(task)


@pytest.fixture(scope="module")
def whole(tmp_path_factory):
    """The uninterrupted study, written to its file."""
    path = tmp_path_factory.mktemp("whole") / "whole.jsonl"
    result = lab.run([TINY, dict(TINY, options={"capture": "unprotected"})], PLAYERS, games=6,
                     seed=3, workers=1, progress=False, out=path)
    return path, result


def test_the_study_file_is_its_specification_then_one_line_per_game(whole):
    path, result = whole
    with open(path, encoding="utf-8") as f:
        head = json.loads(f.readline())["study"]
    assert head["format"] == lab.STUDY_FORMAT and head["seed"] == 3 and head["games"] == 6
    assert head["variants"][1]["options"]["capture"] == "unprotected"
    assert head["players"] == ["random", "mcts:i3"]
    assert head["player_specs"][1]["kind"] == "mcts"
    assert head["player_specs"][1]["params"]["iterations"] == 3
    assert head["executor"] == "this process"
    lines = game_lines(path)
    assert len(lines) == 12 and len(result.games) == 12
    # the same games as a run that keeps them in memory
    memory = lab.run([TINY, dict(TINY, options={"capture": "unprotected"})], PLAYERS, games=6,
                     seed=3, workers=1, progress=False)
    same(result, memory)
    same(lab.LabResult.load(path), memory)


def test_a_failing_game_keeps_the_finished_ones_and_resume_finishes(whole, tmp_path,
                                                                    monkeypatch):
    path, result = whole
    part = tmp_path / "part.jsonl"
    monkeypatch.setattr(lab, "play_one", _Failing((1, 2)))
    with pytest.raises(lab.StudyIncomplete) as caught:
        lab.run(result.variants, PLAYERS, games=6, seed=3, workers=1, progress=False, out=part)
    e = caught.value
    assert "game 2 of variant 1 failed: RuntimeError: the engine fell over" in str(e)
    assert "8 of 12 games are finished" in str(e) and f"--resume {part}" in str(e)
    assert e.failures == [{"variant": 1, "game": 2, "error": "RuntimeError: the engine fell over"}]
    kept = game_lines(part)
    assert [(x["row"]["variant"], x["row"]["game"]) for x in kept] == (
        [(0, g) for g in range(6)] + [(1, 0), (1, 1)])
    assert len(e.partial.games) == 8
    monkeypatch.undo()
    same(lab.resume(part, workers=1, progress=False), result)
    assert len(game_lines(part)) == 12


def test_a_failing_game_on_an_executor_keeps_the_games_in_flight(whole, tmp_path,
                                                                 monkeypatch):
    path, result = whole
    part = tmp_path / "part.jsonl"
    monkeypatch.setattr(lab, "play_one", _Failing((0, 1)))
    with cf.ThreadPoolExecutor(2) as pool, pytest.raises(lab.StudyIncomplete) as caught:
        lab.run(result.variants, PLAYERS, games=6, seed=3, executor=pool, window=3,
                progress=False, out=part)
    assert caught.value.failures[0]["game"] == 1
    kept = {(x["row"]["variant"], x["row"]["game"]) for x in game_lines(part)}
    assert (0, 0) in kept and (0, 1) not in kept and len(kept) <= 4   # the window: 3 in flight
    monkeypatch.undo()
    with cf.ThreadPoolExecutor(2) as pool:
        same(lab.resume(part, executor=pool, progress=False), result)


# 24 games: the study is interrupted once 3 are kept, with 21 still to play
# (about 0.25 s of processor time each)
CTRL_C = ["lab", "--size", "4", "--players", "random,greedy", "--games", "24", "--seed", "5",
          "--no-progress"]


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory):
    path = tmp_path_factory.mktemp("ctrl-c") / "whole.jsonl"
    assert main([*CTRL_C, "--workers", "1", "--out", str(path)]) == 0
    return lab.LabResult.load(path)


@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_keeps_every_finished_game_and_resume_gives_the_same_result(
        tmp_path, uninterrupted, workers):
    part = tmp_path / "part.jsonl"
    # Ctrl-C as a terminal sends it (a shell's background job would ignore it)
    proc = subprocess.Popen([sys.executable, "-m", "dendria_widget", *CTRL_C, "--workers",
                             workers, "--out", str(part)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 600       # a bound for a starved machine, not a measure
    while time.monotonic() < deadline and proc.poll() is None:
        if part.exists() and len(game_lines(part)) >= 3:
            break
        time.sleep(0.05)
    assert proc.poll() is None, "the study ended before it could be interrupted"
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=300)
    assert proc.returncode == 130, (out, err)
    assert "Traceback" not in out + err
    kept = len(game_lines(part))
    assert 3 <= kept < 24
    assert f"{kept} of 24 games are finished and kept in {part}" in out
    assert f"--resume {part}" in out
    assert main(["lab", "--resume", str(part), "--workers", "1", "--no-progress"]) == 0
    same(lab.LabResult.load(part), uninterrupted)


def test_a_cut_last_line_is_dropped_on_resume(whole, tmp_path):
    path, result = whole
    part = tmp_path / "cut.jsonl"
    data = path.read_bytes()
    lines = data.splitlines(keepends=True)
    part.write_bytes(b"".join(lines[:5]) + lines[5][:40])     # killed mid-write
    assert len(lab.LabResult.load(part).games) == 4
    same(lab.resume(part, workers=1, progress=False), result)


def test_a_killed_dask_worker_keeps_the_finished_games(tmp_path):
    distributed = pytest.importorskip("distributed")
    import dask

    part = tmp_path / "dask.jsonl"
    variants = [SMALL]
    with dask.config.set({"distributed.scheduler.allowed-failures": 0}), \
            distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                     dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        pids = client.run(os.getpid)          # worker address -> process id
        box = {}

        def study():
            try:
                box["result"] = lab.run(variants, ["greedy", "mcts:i6"], games=24, seed=2,
                                        executor=client.get_executor(), window=2,
                                        progress=False, out=part)
            except lab.StudyIncomplete as e:
                box["error"] = e

        thread = threading.Thread(target=study)
        thread.start()
        deadline = time.monotonic() + 600   # a bound for a starved machine, not a measure
        while time.monotonic() < deadline and len(game_lines(part) if part.exists() else []) < 2:
            time.sleep(0.05)
        # Kill every worker while a game runs on one: a worker killed between two games
        # holds no game, and its finished results are simply recomputed elsewhere.
        while time.monotonic() < deadline and not any(client.processing().values()):
            time.sleep(0.01)
        for pid in pids.values():
            os.kill(pid, signal.SIGKILL)
        thread.join(600)
        assert not thread.is_alive()
    e = box.get("error")
    assert e is not None, "the study did not notice the lost worker"
    assert "failed" in str(e) and "KilledWorker" in str(e) and f"--resume {part}" in str(e)
    kept = game_lines(part)
    assert 2 <= len(kept) < 24 and len(e.partial.games) == len(kept)
    # every kept game is the game a single process plays
    for line in kept[:2]:
        row = line["row"]
        task = (SMALL, 0, row["game"], lab.derive_seed(2, 0, row["game"]),
                [lab.player_from_name("greedy"), lab.player_from_name("mcts:i6")],
                ["greedy", "mcts:i6"], lab.DEFAULT_MAX_STEPS)
        assert lab._plain(lab.play_one(task)["row"]) == row


MEMORY_SCRIPT = textwrap.dedent("""
    import concurrent.futures as cf, os, sys
    from dendria_widget import lab

    class Now(cf.Executor):
        # runs each game when submitted: the study's own submission path
        def submit(self, fn, *args, **kwargs):
            fut = cf.Future()
            fut.set_result(fn(*args, **kwargs))
            return fut

    ROW = dict.fromkeys(lab.GAME_COLUMNS, 0)

    def fake(task):
        return {"row": dict(ROW, variant=task[1], game=task[2], seed=task[3]), "record": {}}

    def rss():
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20

    lab.play_one = fake
    small = lab.run({"ruleset": "dendria-classic"}, ["random", "random"], games=10**4,
                    executor=Now(), progress=False, out=sys.argv[1] + ".small")
    before = rss()
    result = lab.run({"ruleset": "dendria-classic"}, ["random", "random"], games=10**6,
                     executor=Now(), window=64, progress=False, out=sys.argv[1])
    after = rss()
    # the high-water mark of this process's own memory (VmHWM): getrusage's
    # ru_maxrss would count the pytest process this one was forked from
    with open("/proc/self/status") as f:
        peak = next(int(line.split()[1]) for line in f if line.startswith("VmHWM:")) / 1024
    print(before, after, peak)
""")


def test_a_million_games_keep_memory_flat(tmp_path):
    path = tmp_path / "million.jsonl"
    script = tmp_path / "million.py"
    script.write_text(MEMORY_SCRIPT)
    done = subprocess.run([sys.executable, str(script), str(path)], capture_output=True,
                          text=True, timeout=900)
    assert done.returncode == 0, done.stderr
    before, after, peak = map(float, done.stdout.split())
    print(f"RSS after 10^4 games {before:.0f} MB, after 10^6 {after:.0f} MB, peak {peak:.0f} MB")
    assert peak < 300 and after - before < 30
    with open(path, "rb") as f:
        assert sum(1 for _ in f) == 10**6 + 1


def test_out_is_checked_before_the_first_game(tmp_path, capsys, monkeypatch):
    played = []                    # every study's games are played by _play_study
    monkeypatch.setattr(lab, "_play_study", lambda *a, **k: played.append(a))
    for target, words in ((tmp_path / "no" / "such" / "s.jsonl", "does not exist"),
                          (tmp_path, "is a folder")):
        status = main(["lab", "--games", "1000", "--players", "greedy,greedy",
                       "--no-progress", "--out", str(target)])
        text = capsys.readouterr().out
        assert status == 1 and words in text and "Traceback" not in text
        assert "PosixPath" not in text
    (tmp_path / "old.jsonl").write_text("{}\n")
    status = main(["lab", "--games", "1000", "--no-progress", "--out",
                   str(tmp_path / "old.jsonl")])
    assert status == 1 and "already exists" in capsys.readouterr().out
    assert (tmp_path / "old.jsonl").read_text() == "{}\n"
    assert played == []                           # refused at once, no game played
    monkeypatch.undo()
    with pytest.raises(DendriaError, match="not a study file"):
        lab.LabResult.load(tmp_path / "old.jsonl")
    os.mkfifo(tmp_path / "fifo")
    with pytest.raises(DendriaError, match="not a regular file"):
        lab.LabResult.load(tmp_path / "fifo")


def test_shards_of_two_machines_merge_into_the_whole_study(whole, tmp_path, capsys):
    path, result = whole
    parts = []
    for k in (0, 1):
        p = tmp_path / f"shard{k}.jsonl"
        lab.run(result.variants, PLAYERS, games=6, seed=3, workers=1, progress=False, out=p,
                shard=(k, 2))
        parts.append(p)
        assert {x["row"]["game"] % 2 for x in game_lines(p)} == {k}
    merged = lab.LabResult.merge(*parts)
    assert merged.games.equals(result.games) and list(merged.records) == list(result.records)
    status = main(["lab", "--merge", str(parts[0]), str(parts[1]), "--out",
                   str(tmp_path / "merged.jsonl")])
    assert status == 0
    assert capsys.readouterr().out.startswith(lab.summary_text(result))
    same(lab.LabResult.load(tmp_path / "merged.jsonl"), result)
    other = tmp_path / "other.jsonl"
    lab.run(result.variants, PLAYERS, games=6, seed=4, workers=1, progress=False, out=other,
            shard=(1, 2))
    with pytest.raises(DendriaError, match="differ in their seed"):
        lab.LabResult.merge(parts[0], other)


def test_three_variants_in_one_table_with_differences_and_a_plot(tmp_path, capsys):
    svg = tmp_path / "variants.svg"
    out = tmp_path / "variants.jsonl"
    status = main(["lab", "--size", "3", "--variant", "capture=unprotected", "--variant",
                   "superko=off,dendrid_move_limit=3", "--players", "random,greedy",
                   "--games", "12", "--seed", "2", "--workers", "1", "--no-progress",
                   "--out", str(out), "--plot", str(svg)])
    text = capsys.readouterr().out
    assert status == 0, text
    assert "variant 0 (the base): dendria-classic side 3" in text
    assert "variant 1: dendria-classic side 3 capture=unprotected" in text
    assert "variant 2: dendria-classic side 3 dendrid_move_limit=3 superko=off" in text
    header = next(x for x in text.splitlines() if "1 - 0 [95%] test" in x)
    assert "2 - 0 [95%] test" in header
    result = lab.LabResult.load(out)
    comp = result.compare()
    s = result.summary()
    line = next(x for x in text.splitlines() if x.startswith("first seat wins"))
    for v in (1, 2):
        r = comp.loc[("first_win_rate", v)]
        assert abs(r["diff"] - (s.loc[v, "first_win_rate"] - s.loc[0, "first_win_rate"])) < 1e-12
        assert r["diff_low"] <= r["diff"] <= r["diff_high"] and 0 <= r["p"] <= 1
        assert f"{r['diff']:+.2f} [{r['diff_low']:+.2f}, {r['diff_high']:+.2f}]" in line
    for metric in ("stability", "clarity", "repetition", "game-tree complexity", "pie swaps"):
        assert metric in text
    picture = svg.read_text()
    assert picture.lstrip().startswith("<?xml") and "<svg" in picture
    assert "against the base" in picture


def test_differences_and_their_intervals():
    d, lo, hi, p = lab.rate_difference(56, 70, 48, 80)
    assert abs(d - 0.2) < 1e-12 and 0.005 < p < 0.01                      # z = 2.68
    assert abs(lo - 0.0524) < 1e-4 and abs(hi - 0.3339) < 1e-4      # Newcombe (1998), method 10
    assert lab.rate_difference(0, 10, 0, 10)[3] == 1.0
    d, lo, hi, p = lab.mean_difference([1, 2, 3, 4], [1, 2, 3, 4])
    assert d == 0 and p == 1.0 and lo < 0 < hi
    d, lo, hi, p = lab.mean_difference([5.0] * 3 + [6.0], [1.0, 2.0, 1.0, 2.0])
    assert d == 3.75 and p < 1e-6


def test_the_skill_trace_doubles_the_iterations():
    trace = lab.skill_trace(TINY, iterations=1, doublings=2, games=2, seed=1, workers=1)
    assert list(trace["iterations"]) == [1, 2] and list(trace["against"]) == [2, 4]
    assert (trace["games"] == 2).all()
    assert ((trace["low"] <= trace["doubled_win_rate"])
            & (trace["doubled_win_rate"] <= trace["high"])).all()
    assert "double wins" in lab.skill_trace_text(trace)


def test_a_player_outside_the_registry_plays_but_not_into_a_study_file(tmp_path):
    from dendria_widget.players import RandomPlayer

    class Mine(RandomPlayer):
        label = "mine"

    result = lab.run(TINY, [Mine(), "random"], games=2, seed=1, workers=1, progress=False)
    assert result.players == ["mine", "random"] and len(result.games) == 2
    with pytest.raises(DendriaError, match="registry's players"):
        lab.run(TINY, [Mine(), "random"], games=2, workers=1, progress=False,
                out=tmp_path / "s.jsonl")
    assert not (tmp_path / "s.jsonl").exists()
