"""Puzzles mined from play (dendria_widget/puzzles): goals judged by the
engine, every puzzle proved over every whole turn, mining deterministic on
any executor, Glicko-2 against Glickman's worked example, the shipped banks,
and the trainer played headless."""

import concurrent.futures as cf
import json
import os
import pathlib
import signal
import subprocess
import sys
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from dendria_widget import Game, puzzles
from dendria_widget.__main__ import main
from dendria_widget.errors import DendriaError
from dendria_widget.lessons.claims import whole_turns
from dendria_widget.puzzles import glicko, links
from dendria_widget.puzzles.goals import GOALS, goal
from dendria_widget.puzzles.mine import mine
from dendria_widget.puzzles.progress import PuzzleProgress
from dendria_widget.puzzles.puzzle import (MAX_SHARE, Puzzle, candidates, survey,
                                           trim, verify)
from dendria_widget.puzzles.trainer import TrainerSession

# ------------------------------------------------------------------ Glicko-2


def test_glicko2_matches_the_worked_example_of_glickmans_paper():
    # "Example of the Glicko-2 system": a 1500/200/0.06 player beats 1400/30
    # and loses to 1550/100 and 1700/300; tau 0.5 -> 1464.06, 151.52, 0.05999
    r = glicko.update(glicko.Rating(1500, 200, 0.06),
                      [(glicko.Rating(1400, 30), 1.0), (glicko.Rating(1550, 100), 0.0),
                       (glicko.Rating(1700, 300), 0.0)], tau=0.5)
    assert r.rating == pytest.approx(1464.06, abs=0.02)
    assert r.rd == pytest.approx(151.52, abs=0.01)
    assert r.volatility == pytest.approx(0.05999, abs=0.00001)


def test_an_attempt_moves_learner_and_puzzle_the_opposite_ways():
    learner, puzzle = glicko.Rating(1500, 200), glicko.Rating(1600, 100)
    won = glicko.attempt(learner, puzzle, True)
    lost = glicko.attempt(learner, puzzle, False)
    assert won[0].rating > 1500 > lost[0].rating
    assert won[1].rating < 1600 < lost[1].rating
    # a surprise moves more than what was expected
    easy = glicko.attempt(learner, glicko.Rating(1000, 100), True)[0].rating - 1500
    assert 0 < easy < won[0].rating - 1500


# --------------------------------------------------------------------- goals
HEDU = "hedu h4 1w12/b12b11/5w1/w16/3b12/5/2b11 white prisoners=0,0"


def test_each_edition_has_at_least_eight_goals_each_tied_to_a_lesson():
    from dendria_widget.lessons import catalog
    lessons = {lesson.name for lesson in catalog()}
    for ruleset in puzzles.EDITIONS:
        family = Game(ruleset).variant.family
        mine_ = [g for g in GOALS if family in g.families]
        assert len(mine_) >= 8, ruleset
        # a goal names its lesson without the lesson's number
        assert all(links.lesson_of(g).name in lessons for g in mine_)


def test_a_survey_measures_every_whole_turn_by_asking_the_engine():
    s = survey(HEDU)
    game = Game.from_position(HEDU)
    assert sorted(map(tuple, s.turns)) == sorted(map(tuple, whole_turns(game.copy())))
    # the measure of a turn is what the engine says after it
    for turn, taken in zip(s.turns, s.measures["prisoners"]):
        after = game.copy().play(*turn)
        assert taken == after.position()["prisoners"]["white"]


def test_a_hand_made_position_makes_puzzles_the_engine_proves():
    found = candidates(HEDU)
    assert found, "no puzzle in the position"
    for p in found:
        assert verify(p) == [], p
        assert len(p.solutions) <= MAX_SHARE * p.turns
        for sol in p.solutions:
            assert p.judge_turn(sol).right


def test_judge_names_why_a_wrong_turn_fails_in_the_editions_words():
    p = next(q for q in puzzles.bank("dendria-sprites") if q.wrong)
    turn, words = p.wrong[0]
    verdict = p.judge_turn(turn)
    assert not verdict.right and verdict.words == words
    # the edition's words: the sprites edition sows and has sprites
    assert "plant " not in verdict.words and "dendrid" not in verdict.words
    game = p.game()
    game.play(*p.solutions[0])
    assert p.judge(game).right
    assert "Right" in p.judge(game).words
    # half a turn is not judged as an answer
    half = p.game()
    if len(p.solutions[0]) > 1:
        half.play(p.solutions[0][0])
        v = p.judge(half)
        assert not v.right and "Finish" in v.words
    # an illegal step is refused with the engine's reason
    bad = p.judge_turn(["move a1"] if p.game().variant.family != "hedu" else ["pass", "pass"])
    assert not bad.right and "not allowed" in bad.words


def test_verify_names_what_is_wrong_with_a_broken_puzzle():
    p = puzzles.bank("hedu")[0]
    assert verify(p) == []
    fewer = replace(p, solutions=p.solutions[1:] or (("pass",),))
    assert verify(fewer)
    higher = replace(p, target=p.target + 1)
    assert any("best turn" in x or "no puzzle" in x for x in verify(higher))
    liar = replace(p, wrong=((p.solutions[0], "wrong"),))
    assert any("meets the goal" in x for x in verify(liar))


def test_trim_drops_a_piece_that_changes_no_answer():
    from dendria_widget.puzzles.puzzle import _same_answer
    for p in puzzles.bank("dendria-classic")[:20]:
        game = p.game()
        colour = game.variant.colours[1]
        for cell in game.board.names(game.board.plots):
            if cell in game.pieces:
                continue
            try:
                bigger = game.edited(pieces=dict(game.pieces, **{cell: f"{colour} tree"}))
            except DendriaError:
                continue
            moved = _same_answer(p, bigger.position_string())
            if moved is None:
                continue          # this piece changes the answer: not one to drop
            trimmed = trim(moved)
            assert cell not in trimmed.game().pieces or trimmed.game().board != game.board
            assert len(trimmed.game().pieces) <= len(game.pieces)
            assert verify(trimmed) == []
            return
    raise AssertionError("no piece was found that changes no answer")


# --------------------------------------------------------------------- mining
RULES = {"ruleset": "hedu", "board": {"shape": "hexagon", "size": 4}}


def test_the_same_seed_mines_the_same_bank_on_any_executor(tmp_path):
    one = mine(RULES, 2, ["greedy", "random"], seed=5, out=tmp_path / "a.json", max_turns=10)
    with cf.ProcessPoolExecutor(max_workers=2) as ex:
        two = mine(RULES, 2, ["greedy", "random"], seed=5, out=tmp_path / "b.json",
                   executor=ex, max_turns=10)
    assert one["puzzles"] and one["puzzles"] == two["puzzles"]
    a = json.loads((tmp_path / "a.json").read_text())
    assert a["complete"] and a["missing"] == [] and a["puzzles"] == one["puzzles"]
    other = mine(RULES, 2, ["greedy", "random"], seed=6, max_turns=10)
    assert other["puzzles"] != one["puzzles"]
    for d in one["puzzles"]:
        assert verify(Puzzle.from_dict(d)) == []


def test_the_same_seed_mines_the_same_bank_on_a_dask_cluster():
    import distributed
    alone = mine(RULES, 2, ["greedy", "random"], seed=5, max_turns=10)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        on_dask = mine(RULES, 2, ["greedy", "random"], seed=5, max_turns=10,
                       executor=client.get_executor())
    assert alone["puzzles"] and on_dask["puzzles"] == alone["puzzles"]


def test_a_stopped_mining_keeps_what_it_found(tmp_path):
    out = tmp_path / "bank.json"

    def stop_after_first(done, total, found, seconds):
        if done == 1:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        mine(RULES, 3, ["greedy", "random"], seed=5, out=out, max_turns=10,
             progress=stop_after_first)
    data = json.loads(out.read_text())
    assert not data["complete"] and data["missing"] == [1, 2]
    assert data["puzzles"] and not list(tmp_path.glob("*.tmp"))


def _process(pid: int) -> tuple[str, int, str] | None:
    """(state, parent pid, start time) of a process from /proc, or None
    when there is none of that pid."""
    try:
        stat = (Path("/proc") / str(pid) / "stat").read_text()
    except OSError:
        return None
    fields = stat[stat.rindex(")") + 2:].split()
    return fields[0], int(fields[1]), fields[19]


def _children(pid: int) -> set[tuple[int, str]]:
    """The processes whose parent is ``pid``, each as (pid, start time): a
    pid alone may be given to another process later."""
    out = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            info = _process(int(entry))
            if info is not None and info[1] == pid:
                out.add((int(entry), info[2]))
    return out


def _alive(proc: tuple[int, str]) -> bool:
    info = _process(proc[0])
    return info is not None and info[2] == proc[1] and info[0] not in "ZX"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads the processes in /proc")
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_stops_a_mining_run_and_its_workers(tmp_path, signum):
    # each turn may think for 600 s: a worker left alone would play on long
    # after the run has stopped
    out = tmp_path / "bank.json"
    run = subprocess.Popen(
        [sys.executable, "-m", "dendria_widget", "puzzles", "mine", "--ruleset", "hedu",
         "--size", "4", "--games", "4", "--players", "mcts:600,mcts:600", "--max-turns", "10",
         "--workers", "2", "--out", str(out)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path,
        # Ctrl-C as a terminal gives it, even where this test's runner ignores it
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        workers: set[tuple[int, str]] = set()
        deadline = time.monotonic() + 300
        while len(workers) < 2 and run.poll() is None and time.monotonic() < deadline:
            workers = _children(run.pid)
            time.sleep(0.05)
        assert len(workers) >= 2, ("the run started no two workers", run.poll())
        run.send_signal(signum)
        _, err = run.communicate(timeout=300)
    finally:
        if run.poll() is None:
            run.kill()
            run.wait()
    deadline = time.monotonic() + 120
    while any(_alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not [w for w in workers if _alive(w)]
    assert run.returncode == 130, err
    assert f"stopped: what was mined is in {out}" in err
    data = json.loads(out.read_text())
    assert not data["complete"] and data["missing"] == [0, 1, 2, 3]
    assert not list(tmp_path.glob("*.tmp"))


def test_the_cli_mines_and_checks_and_names_a_failing_puzzle(tmp_path, capsys):
    out = tmp_path / "bank.json"
    assert main(["puzzles", "mine", "--ruleset", "hedu", "--size", "4", "--games", "1",
                 "--players", "greedy,random", "--seed", "3", "--max-turns", "10",
                 "--out", str(out)]) == 0
    assert "puzzles from 1 games written" in capsys.readouterr().out
    assert main(["puzzles", "check", str(out)]) == 0
    data = json.loads(out.read_text())
    data["puzzles"][0]["target"] += 5
    out.write_text(json.dumps(data))
    assert main(["puzzles", "check", str(out)]) == 1
    text = capsys.readouterr().out
    assert f"{data['puzzles'][0]['id']} fails" in text
    assert main(["puzzles", "check", str(tmp_path / "none.json")]) == 1
    assert "error: cannot read" in capsys.readouterr().out


def test_the_cli_counts_a_bank_and_names_a_file_it_cannot_read(tmp_path, capsys):
    path = Path(puzzles.__file__).parent / "data" / "hedu.json"
    bank = puzzles.load(path)
    assert main(["puzzles", "count", str(path)]) == 0
    text = capsys.readouterr().out
    goals = Counter(p.goal for p in bank)
    assert text.startswith(f"{len(bank)} puzzles over {len(goals)} goals\n")
    assert all(f"  {name}: {n} (ratings" in text for name, n in goals.items())
    assert main(["puzzles", "count", str(tmp_path / "none.json")]) == 1
    assert "error: cannot read" in capsys.readouterr().out


# ----------------------------------------------------------- the shipped bank
@pytest.mark.parametrize("ruleset", puzzles.EDITIONS)
def test_the_shipped_bank_holds_300_puzzles_over_8_goals(ruleset):
    bank = puzzles.bank(ruleset)
    goals = Counter(p.goal for p in bank)
    assert len(bank) >= 300, (ruleset, len(bank))
    assert len(goals) >= 8, (ruleset, goals)
    assert len({p.id for p in bank}) == len(bank)
    assert all(p.ruleset == ruleset and p.solutions for p in bank)
    # spread over difficulty
    ratings = sorted(p.rating for p in bank)
    assert ratings[len(ratings) // 10] < ratings[9 * len(ratings) // 10]


def test_the_shipped_hedu_bank_is_mined_again_the_same():
    # the first game of each run of the shipped bank, mined again from its seed
    from importlib import resources

    from dendria_widget.lab import derive_seed
    from dendria_widget.puzzles.mine import runs
    data = json.loads(resources.files("dendria_widget.puzzles").joinpath("data").joinpath(
        "hedu.json").read_text())
    assert len(runs(data)) >= 2 and all(r["complete"] for r in runs(data))
    for run in runs(data):
        first = run["games"][0]
        again = mine(data["rules"], 1, run["players"], run["seed"],
                     max_turns=run["max_turns"], first_game=first,
                     trim_trials=run["trim_trials"], goals=run.get("goals"))
        game_seed = derive_seed(run["seed"], first)
        shipped = [d for d in data["puzzles"]
                   if d["source"].startswith(f"game {first} seed {game_seed} ")]
        kept = [d for d in again["puzzles"] if d["id"] in {x["id"] for x in shipped}]
        assert shipped and kept == shipped, run
        # what the run found and the bank does not hold was there already
        earlier = {d["id"] for d in data["puzzles"]} - {d["id"] for d in shipped}
        assert all(d["id"] in earlier for d in again["puzzles"] if d not in shipped)


def test_a_run_aimed_at_goals_is_added_to_a_bank(tmp_path, capsys):
    out = tmp_path / "bank.json"
    base = mine(RULES, 1, ["greedy", "random"], seed=5, out=out, max_turns=10)
    assert main(["puzzles", "mine", "--ruleset", "hedu", "--size", "4", "--games", "2",
                 "--players", "greedy,random", "--seed", "6", "--max-turns", "12",
                 "--goals", "bonus,remove", "--more", "--out", str(out)]) == 0
    assert "added to" in capsys.readouterr().out
    data = json.loads(out.read_text())
    assert data["more"][0]["goals"] == ["bonus", "remove"] and data["more"][0]["complete"]
    assert data["puzzles"][:len(base["puzzles"])] == base["puzzles"]
    added = data["puzzles"][len(base["puzzles"]):]
    assert added and {d["goal"] for d in added} <= {"bonus", "remove"}
    alone = mine(RULES, 2, ["greedy", "random"], seed=6, max_turns=12,
                 goals=["bonus", "remove"])
    assert [d for d in alone["puzzles"] if d["id"] not in
            {x["id"] for x in base["puzzles"]}] == added
    assert main(["puzzles", "check", str(out)]) == 0
    # the same seed over the same games, another edition's goal, other rules: refused
    with pytest.raises(DendriaError, match="seed 6"):
        mine(RULES, 1, ["greedy", "random"], seed=6, out=out, more=True)
    with pytest.raises(DendriaError, match="capture"):
        mine(RULES, 1, ["greedy", "random"], seed=7, out=out, more=True, goals=["capture"])
    with pytest.raises(DendriaError, match="same rules"):
        mine("dendria-classic", 1, ["greedy", "random"], seed=7, out=out, more=True)


@pytest.mark.parametrize("ruleset", puzzles.EDITIONS)
def test_a_sample_of_the_shipped_bank_checks_from_scratch(ruleset, capsys):
    # the whole check: dendria-widget puzzles check dendria_widget/puzzles/data/<edition>.json
    from importlib import resources
    path = resources.files("dendria_widget.puzzles").joinpath("data", f"{ruleset}.json")
    assert main(["puzzles", "check", str(path), "--sample", "12", "--seed", "1"]) == 0
    assert "12 of 12 puzzles hold" in capsys.readouterr().out


# ----------------------------------------------------------------- trainer
def _session(tmp_path, **kw):
    return TrainerSession(progress=PuzzleProgress(tmp_path / "puzzles.json"), **kw)


def test_the_trainer_rates_a_right_and_a_wrong_answer(tmp_path):
    t = _session(tmp_path, editions=["dendria-classic"])
    p = t.puzzle
    v0 = t.view()
    assert v0.goal_words == p.goal_words and v0.rating == 1500 and v0.streak == 0
    assert t.board.play(*p.solutions[0])
    verdict = t.check()
    v1 = t.view()
    assert verdict.right and v1.streak == 1 and v1.rating > 1500 and v1.change > 0
    assert p.id in t.store.solved()
    # the next puzzle is another one, and a wrong turn lowers the rating
    q = t.next()
    assert q.id != p.id
    wrong = q.wrong[0][0] if q.wrong else None
    assert wrong is not None
    assert t.board.play(*wrong)
    verdict = t.check()
    v2 = t.view()
    assert not verdict.right and v2.streak == 0 and v2.rating < v1.rating and v2.change < 0
    assert verdict.words == q.wrong[0][1] and v2.verdict == verdict.words
    # a second check of the same puzzle is not rated again
    t.retry()
    t.board.play(*q.solutions[0])
    assert t.check().right and t.view().rating == v2.rating


def test_the_trainer_gives_hints_in_stages_and_filters(tmp_path):
    t = _session(tmp_path, editions=["hedu"], goal="prisoners")
    assert t.puzzle.goal == "prisoners"
    rule = t.hint()
    region = t.hint()
    move = t.hint()
    assert rule == goal("prisoners").rule_words(t.puzzle.game())
    assert all(c in region for c in t.puzzle.hint_cells())
    assert t.board.game.annotations["marks"]
    assert t.puzzle.solutions[0][0].split()[1] in move
    p = t.set_filter(["dendria-sprites"], None)
    assert p.ruleset == "dendria-sprites"
    with pytest.raises(DendriaError, match="no puzzle goal"):
        t.set_filter(None, "nonsense")


def test_progress_survives_a_new_process(tmp_path):
    t = _session(tmp_path, editions=["hedu"])
    t.board.play(*t.puzzle.solutions[0])
    t.check()
    rating = t.view().rating
    code = ("import sys; from dendria_widget.puzzles.progress import PuzzleProgress;"
            "p = PuzzleProgress(sys.argv[1]);"
            "print(round(p.rating().rating), p.streak(), ' '.join(p.solved()))")
    out = subprocess.run([sys.executable, "-c", code, str(tmp_path / "puzzles.json")],
                         capture_output=True, text=True, check=True).stdout.split()
    assert out == [str(rating), "1", t.puzzle.id]
    # a second trainer (another notebook) starts from it
    again = _session(tmp_path, editions=["hedu"])
    assert again.view().rating == rating and again.puzzle.id != t.puzzle.id


def test_two_notebooks_add_to_one_progress_file(tmp_path):
    a = PuzzleProgress(tmp_path / "puzzles.json")
    b = PuzzleProgress(tmp_path / "puzzles.json")
    r = glicko.Rating()
    a.record("x", True, r, r)
    b.record("y", True, r, r)
    assert a.solved() == ["x", "y"] and a.streak() == 2
    assert sorted(x.name for x in tmp_path.iterdir()) == ["puzzles.json"]


RECORDER = """
import os, sys, time
from dendria_widget.puzzles.glicko import Rating
from dendria_widget.puzzles.progress import PuzzleProgress
path, who, go = sys.argv[1], sys.argv[2], sys.argv[3]
p = PuzzleProgress(path)
open(f"{go}.ready-{who}", "w").close()     # started: now both wait for the go
while not os.path.exists(go):
    time.sleep(0.001)
for k in range(150):
    p.record(f"{who}-{k}", True, Rating(1500 + k), Rating())
print(p.kept, p.note)
"""


def test_two_kernels_recording_at_once_lose_no_attempt(tmp_path):
    # two writers at once, each a read-merge-write under the store's lock
    path = tmp_path / "home" / "puzzles.json"
    go = tmp_path / "go"
    procs = [subprocess.Popen([sys.executable, "-c", RECORDER, str(path), who, str(go)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for who in ("a", "b")]
    ready = [pathlib.Path(f"{go}.ready-{who}") for who in ("a", "b")]
    deadline = time.monotonic() + 120
    while (time.monotonic() < deadline and all(p.poll() is None for p in procs)
           and not all(r.exists() for r in ready)):
        time.sleep(0.01)                 # until both have started and wait
    assert all(r.exists() for r in ready), [p.communicate() for p in procs]
    go.write_text("")
    outs = [p.communicate(timeout=300) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], outs
    assert all(out.startswith("True") for out, _ in outs), outs
    progress = PuzzleProgress(path)
    solved = progress.solved()
    assert len(solved) == 300 and len(set(solved)) == 300
    assert len(progress.attempts()) == 300 and progress.streak() == 300
    assert sorted(x.name for x in path.parent.iterdir()) == ["puzzles.json"]


# a progress file as the trainer wrote it before it used the store (its own lock file)
OLD_FILE = """{
 "attempts": [
  {
   "id": "hedu-prisoners-0a1b2c3d",
   "rating": 1662.3,
   "solved": true
  }
 ],
 "best_streak": 1,
 "puzzles": {
  "hedu-prisoners-0a1b2c3d": [
   1337.7,
   290.3,
   0.06
  ]
 },
 "rating": [
  1662.3,
  290.3,
  0.059999
 ],
 "solved": [
  "hedu-prisoners-0a1b2c3d"
 ],
 "streak": 1,
 "version": 1
}
"""


def test_an_older_progress_file_reads_and_grows(tmp_path):
    path = tmp_path / "puzzles.json"
    path.write_text(OLD_FILE)
    p = PuzzleProgress(path)
    assert p.kept and round(p.rating().rating, 1) == 1662.3 and p.streak() == 1
    assert p.solved() == ["hedu-prisoners-0a1b2c3d"]
    p.record("hedu-tall-00000000", True, glicko.Rating(1700), glicko.Rating(1400))
    again = PuzzleProgress(path)
    assert again.kept and again.streak() == 2
    assert again.solved() == ["hedu-prisoners-0a1b2c3d", "hedu-tall-00000000"]


@pytest.mark.parametrize("content,words", [
    (b'{"version": 2, "rating": [1500, 350, 0.06]}', "newer version"),
    (b"\x80\x81", "not UTF-8"),
    (b'{"version": 1, "solved": "all"}', "'solved' is not a list"),
])
def test_a_newer_or_bad_progress_file_is_left_byte_for_byte(tmp_path, content, words):
    path = tmp_path / "puzzles.json"
    path.write_bytes(content)
    p = PuzzleProgress(path)
    r = glicko.Rating()
    p.record("x", True, r, r)
    assert not p.kept and words in p.note and p.solved() == ["x"]
    assert path.read_bytes() == content


def test_the_trainer_widget_shows_the_session(tmp_path):
    w = puzzles.Trainer(editions=["hedu"], progress=PuzzleProgress(tmp_path / "p.json"))
    p = w.session.puzzle
    assert w.board.session is w.session.board and w.board.game.position_string() == p.position
    assert p.goal_words in w.goal_html.value and "Your rating <b>1500</b>" in w.score_html.value
    w.board.session.play(*p.solutions[0])
    assert w.check().right
    assert "Right!" in w.verdict_html.value and "streak <b>1</b>" in w.score_html.value
    w.hint()
    assert "Hint 1" in w.hints_html.value
    q = w.next()
    assert q.id != p.id and w.board.game.position_string() == q.position
    assert w.hints_html.value == "" and w.verdict_html.value == ""
    # only the goals with puzzles in the editions chosen are offered
    offered = {value for _, value in w.goal_pick.options}
    assert "capture" not in offered and {"prisoners", "bonus"} <= offered
    w.edition_pick.value = "dendria-classic"
    assert "capture" in {value for _, value in w.goal_pick.options}
    assert w.session.puzzle.ruleset == "dendria-classic"
    # a filter with no puzzle says so in words, and the filter stays as it was
    w.goal_pick.value = "capture"
    w.edition_pick.value = "hedu"            # no Hedu puzzle captures
    assert "no puzzle has the goal" in w.verdict_html.value
    assert w.goal_pick.value == "capture" and w.session.editions == ("dendria-classic",)
    assert w.edition_pick.value == "dendria-classic"


def test_undo_never_leaves_the_puzzle_served(tmp_path):
    """Next and Retry serve a puzzle with no way back: the board's Undo
    stops at the served position, never the previous puzzle's (issue 26)."""
    w = puzzles.Trainer(editions=["dendria-classic"], progress=PuzzleProgress(tmp_path / "p.json"))
    board = w.board

    def at_start(puzzle) -> bool:
        game = board.game
        return game.position_string() == puzzle.position and game.step_count == 0

    def undo_all() -> int:
        pressed = 0
        while not board.undo_button.disabled and pressed < 50:
            board.undo_button.click()
            pressed += 1
        return pressed

    p = w.session.puzzle
    assert board.session.play(*p.solutions[0]) and not at_start(p)
    q = w.next()
    assert q.id != p.id and at_start(q)
    assert undo_all() == 0 and not board.session.can_undo() and at_start(q)
    board.session.undo()                       # from code too: nothing to take back
    assert at_start(q) and "Nothing to undo" in board.status
    # a turn on the new puzzle, then Retry: Undo stays on this puzzle
    assert board.session.play(*q.solutions[0]) and not at_start(q)
    w.retry()
    assert at_start(q) and undo_all() == 0 and at_start(q)
    # within a puzzle Undo takes the learner's steps back, down to its start
    assert board.session.play(*q.solutions[0])
    assert undo_all() == len(q.solutions[0]) and at_start(q)
    # a filter serves a puzzle the same way
    board.session.play(*q.solutions[0])
    r = w.set_filter(["hedu"], None)
    assert undo_all() == 0 and at_start(r)


def test_a_game_shown_anew_takes_no_edit_of_the_old_one_back():
    """board.game = g (a lesson's next page) drops the old game's edits:
    Undo at the start of g does not bring the old game back."""
    from dendria_widget.widget import BoardWidget
    w = BoardWidget(Game("dendria-classic", size=5))
    w.mode = "edit"
    w.put("e5", "dark tree")
    assert w.session.can_undo()
    fresh = Game("hedu", size=3)
    w.game = fresh
    assert not w.session.can_undo() and w.undo_button.disabled
    w.session.undo()
    assert w.game is fresh and w.game.variant.family == "hedu"


def test_in_the_browser_puzzle_progress_is_kept_on_the_sites_drive(tmp_path, monkeypatch):
    # JupyterLite's kernel: the progress file is on the site's drive, kept
    # across reloads (store.on_drive answers where that is)
    from dendria_widget import store
    drive = tmp_path / "drive"
    drive.mkdir()
    monkeypatch.setattr(store, "DRIVE", drive)
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.delenv(store.HOME_VARIABLE, raising=False)
    p = PuzzleProgress()
    assert p.path == drive / ".dendria-widget" / "puzzles.json" and p.kept and not p.note
    r = glicko.Rating()
    p.record("x", True, r, r)
    assert PuzzleProgress().solved() == ["x"]
    drive.rename(tmp_path / "gone")                     # no drive: this session only
    alone = PuzzleProgress()
    assert not alone.kept and "browser" in alone.note


# ------------------------------------------------------ from a lesson to its puzzles
def test_each_lesson_leads_to_puzzles_of_its_goals_and_edition():
    from dendria_widget.lessons import catalog
    for lesson in catalog():
        editions, goals = links.for_lesson(lesson)
        assert editions and all(e in puzzles.EDITIONS for e in editions)
        pool = [p for e in editions for p in puzzles.bank(e)
                if goals is None or p.goal in goals]
        assert pool, lesson.name
        for name in goals or ():
            assert links.lesson_of(goal(name)).name == lesson.name
    assert links.for_lesson("06_capture") == (("dendria-classic",), ("capture", "save"))
    assert links.for_lesson("17_hedu_score")[1] == ("control", "value", "bonus")


def test_a_renumbered_lesson_keeps_its_puzzles():
    # the link is keyed on the lesson's name without its number
    from dendria_widget.lessons import load
    lesson = load("06_capture")
    renamed = replace(lesson, name="21_capture")
    assert links.for_lesson(renamed) == links.for_lesson(lesson)
    assert "06" not in links.trainer_code(lesson) and "capture" in links.trainer_code(lesson)


def test_a_trainer_on_a_lessons_several_goals(tmp_path):
    t = _session(tmp_path, editions=["dendria-classic"], goal=["fertilize", "cut", "both"])
    assert t.goal_filter == "fertilize,cut,both"
    assert {p.goal for p in t.puzzles()} == {"fertilize", "cut", "both"}
    seen = {t.puzzle.goal}
    for _ in range(6):
        seen.add(t.next().goal)
    assert seen <= {"fertilize", "cut", "both"}
    assert _session(tmp_path, goal="cut,both").goals == ("cut", "both")


def test_the_lessons_last_page_opens_its_puzzles(tmp_path, monkeypatch):
    monkeypatch.setenv("DENDRIA_WIDGET_HOME", str(tmp_path))
    from dendria_widget.lessons import LessonWidget
    w = LessonWidget("06_capture")
    assert w.puzzles_box.layout.display == "none"          # not before the last page
    w.go(len(w.lesson) - 1)
    assert w.puzzles_box.layout.display is None
    assert "Capture and Save your forest" in w.puzzles_html.value
    w.puzzles_button.click()
    trainer = w.trainer
    assert trainer is not None and trainer in w.children
    assert trainer.session.goals == ("capture", "save")
    assert trainer.session.editions == ("dendria-classic",)
    assert trainer.session.puzzle.goal in ("capture", "save")
    w.puzzles_button.click()                                # once
    assert list(w.children).count(trainer) == 1


def test_the_build_writes_a_lessons_puzzles_before_its_last_link(tmp_path, monkeypatch):
    monkeypatch.setenv("DENDRIA_WIDGET_HOME", str(tmp_path))
    import importlib.util
    import nbformat
    from pathlib import Path
    spec = importlib.util.spec_from_file_location(
        "build_tutorials", Path(__file__).parent.parent / "scripts" / "build_tutorials.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    nb = nbformat.v4.new_notebook()
    md, code = nbformat.v4.new_markdown_cell, nbformat.v4.new_code_cell
    nb.cells = [md("# Lesson"), code('lessons.LessonWidget("06_capture")'),
                md("Next: [lesson 07](07_journeys.ipynb).")]
    build.with_puzzles(nb, "06_capture")
    build.with_puzzles(nb, "06_capture")                    # written afresh, once
    assert len(nb.cells) == 5 and nb.cells[-1].source.startswith("Next:")
    assert nb.cells[3].source == links.trainer_code("06_capture")
    assert "Capture and Save your forest" in nb.cells[2].source
    assert "nbval-ignore-output" in nb.cells[3].metadata["tags"]
    # the cell runs: the trainer on the lesson's goals
    space: dict = {}
    exec(nb.cells[3].source.replace("puzzles.Trainer(", "t = puzzles.TrainerSession("), space)
    assert space["t"].goals == ("capture", "save")
    other = nbformat.v4.new_notebook()
    other.cells = [md("# not a lesson")]
    assert len(build.with_puzzles(other, "20_puzzles").cells) == 1


def test_the_trainers_board_is_a_quiz_naming_no_cell_of_the_answer(tmp_path):
    """The trainer's board (headless and in the widget) is a quiz: before
    and during the learner's turn the advice and the status line name no
    cell of the answer's steps still to play, and the board highlights no
    seed, seedbed or forest to convert (only where a journey may slide)."""
    import re

    from dendria_widget.notation import Step
    from dendria_widget.puzzles import EDITIONS, bank

    checked = converting = 0
    for edition in EDITIONS:
        t = TrainerSession(editions=[edition], progress=PuzzleProgress(tmp_path / "p.json"),
                           puzzles=[p for p in bank(edition)
                                    if any(s.split()[0] in ("sprout", "grow", "capture")
                                           for s in p.solutions[0])][:8] or bank(edition)[:8])
        assert t.board.quiz
        for p in t.puzzles():
            t._show(p)
            steps = [Step.parse(s, t.board.game.board) for s in p.solutions[0]]
            for n, step in enumerate(steps):
                ahead = {s.arg for s in steps[n:] if isinstance(s.arg, str)}
                done = {s.arg for s in steps[:n] if isinstance(s.arg, str)}
                view = t.board.view()
                said = view.advice + " " + view.status
                named = {c for c in ahead - done if re.search(rf"\b{c}\b", said)}
                assert not named, (p.id, n, said)
                legal = t.board.legal()
                assert set(view.scene.targets) <= {s.arg for s in legal if s.verb == "slide"}
                converting += any(s.verb in ("sprout", "grow", "capture") for s in legal)
                if step.verb == "end" and not t.board.game.turn_under_way:
                    break                  # the board ended the turn by itself
                assert t.board.play(str(step)), (p.id, step)
            checked += 1
    assert checked >= 20 and converting >= 8, (checked, converting)
    w = puzzles.Trainer(editions=["hedu"], progress=PuzzleProgress(tmp_path / "w.json"))
    assert w.board.quiz and w.session.board.quiz
