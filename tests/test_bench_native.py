"""The native bench's Done-when lines (dendria_widget/bench_native.py): each
figure per round, its median, and whether the median meets its target. The
figures themselves are measured by the bench, never by a test."""

import json
import os

import pytest

from dendria_widget import native
from dendria_widget.bench_native import (MCTS_TARGET, PLAYOUT_TARGET, done_when, ladder,
                                         ladder_summary)


def _round(playout: float, mcts: float, hedu: float) -> dict[str, float]:
    return {"classic side 7 / havannah": playout, "sprites side 6 / havannah": 0.05,
            "hedu side 7 / havannah": 0.4, "dendria-classic side 7": mcts,
            "dendria-sprites side 6": mcts, "hedu side 7": hedu}


def test_done_when_takes_each_median_against_its_target():
    lines: list[str] = []
    ok = done_when([_round(0.3, 40.0, 35.0), _round(0.2, 41.0, 29.0),
                    _round(0.27, 39.0, 31.0)], lines.append)
    text = "\n".join(lines)
    assert ok
    assert "0.300, 0.200, 0.270; median 0.270" in text
    assert "hedu side 7: 35.0x, 29.0x, 31.0x; median 31.0x" in text
    assert "NOT met" not in text and text.count("met)") == 4
    assert "sprites flower-13 / OpenSpiel Havannah 7 games/s: not measured" in text


def test_done_when_says_which_target_is_not_met():
    lines: list[str] = []
    assert not done_when([_round(PLAYOUT_TARGET - 0.01, 50.0, MCTS_TARGET - 1)], lines.append)
    bad = [line for line in lines if "NOT met" in line]
    assert len(bad) == 2
    assert "Havannah" in bad[0] and "hedu side 7" in bad[1]


def test_done_when_without_openspiel_is_not_done():
    rounds = [{k: v for k, v in _round(0.9, 50.0, 50.0).items() if "havannah" not in k}]
    lines: list[str] = []
    assert not done_when(rounds, lines.append)
    assert any("not measured (open_spiel is not installed)" in line for line in lines)


def _games(records: list[dict]) -> list[tuple]:
    return [(g["candidate"], g["player"], g["k"], g["a"], g["first"], g["turns_a"],
             g["turns_b"], g["iterations_a"], g["iterations_b"]) for g in records]


@pytest.mark.skipif(not native.available(), reason="the native kernel is not built here")
def test_a_ladder_in_chunks_plays_the_games_of_one_run(tmp_path):
    """A ladder cut after 2 games a pairing and run again with its file
    plays only the games the file lacks: the same games as one run."""
    lines: list[str] = []
    whole = ladder(4, 3, 7, lines.append, base_iterations=4, candidates=("reuse",))
    path = str(tmp_path / "ladder.jsonl")
    first = ladder(2, 3, 7, lines.append, base_iterations=4, file=path,
                   candidates=("reuse",))
    assert _games(first) == _games(whole[:2])
    again = ladder(4, 3, 7, lines.append, base_iterations=4, file=path,
                   candidates=("reuse",))
    assert "2 games already in" in "\n".join(lines)
    assert _games(again) == _games(whole)
    with open(path, encoding="utf-8") as f:
        kept = [json.loads(line) for line in f]
    assert kept[0] == {"ladder": {"size": 3, "seed": 7, "base": "mcts:i4"}}
    assert [g["game"]["k"] for g in kept[1:]] == [0, 1, 2, 3]
    assert not os.path.exists(path + ".tmp")
    summary = [line for line in lines if line.strip().startswith("reuse")]
    assert " 4 games: scores " in summary[-1]
    with pytest.raises(SystemExit, match="holds another ladder"):
        ladder(4, 3, 8, lines.append, base_iterations=4, file=path, candidates=("reuse",))


def test_ladder_summary_counts_each_candidates_games():
    lines: list[str] = []
    rec = {"player": "mcts:i9", "first": 1.0, "cpu_a": 1.0, "cpu_b": 3.0, "turns_a": 10,
           "turns_b": 10}
    ladder_summary([{**rec, "candidate": "lazy", "k": 0, "a": 1.0},
                    {**rec, "candidate": "reuse", "k": 0, "a": 0.5},
                    {**rec, "candidate": "lazy", "k": 1, "a": 0.0}], lines.append)
    assert len(lines) == 2
    assert "lazy" in lines[0] and "2 games: scores 1.0/2 = 0.50" in lines[0]
    assert "CPU a turn 0.1000 s against 0.3000 s" in lines[0]
    assert "reuse" in lines[1] and "1 game: scores 0.5/1 = 0.50" in lines[1]
