"""The native bench's Done-when lines (dendria_widget/bench_native.py): each
figure per round, its median, and whether the median meets its target. The
figures themselves are measured by the bench, never by a test."""

from dendria_widget.bench_native import MCTS_TARGET, PLAYOUT_TARGET, done_when


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
