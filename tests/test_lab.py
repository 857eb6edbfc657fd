"""The variant lab: the games table, the same seeds giving the same table
whatever runs the games (in process, local processes, a Dask cluster),
summaries with Wilson intervals, plots, saved records, the command line."""

import json
import pickle

import pandas as pd
import pytest

from dendria_widget import DendriaError, Game, lab
from dendria_widget.__main__ import main
from dendria_widget.players import MCTSPlayer, RandomPlayer

TINY = {"ruleset": "dendria-classic", "board": {"shape": "hexagon", "size": 3}}
VARIANTS = [TINY, dict(TINY, options={"capture": "unprotected"}),
            {"ruleset": "hedu", "board": {"shape": "hexagon", "size": 3}}]
PLAYERS = ["random", MCTSPlayer(iterations=4)]


@pytest.fixture(scope="module")
def serial():
    return lab.run(VARIANTS, PLAYERS, games=4, seed=7, workers=1, progress=False)


def test_the_games_table(serial):
    games = serial.games
    assert list(games.columns[:15]) == ["variant", "game", "seed", "first", "second", "dark",
                                        "light", "winner", "winner_seat", "score_dark",
                                        "score_light", "margin", "turns", "steps", "end"]
    assert len(games) == 12 and list(games["variant"]) == [0] * 4 + [1] * 4 + [2] * 4
    # seats alternate: player A is first in even games
    assert list(games["first"][:4]) == ["random", "mcts:i4", "random", "mcts:i4"]
    assert set(games["end"]) <= set(lab.ENDS) and games["winner"].notna().all()
    for row, rec in zip(games.itertuples(), serial.records):
        game = Game.from_record(rec)              # every game replays from its record
        assert game.is_over and len(game.history) == row.turns
        assert game.state.step_count == row.steps
        held = {"dark": row.dark, "light": row.light}
        assert sorted(held.values()) == ["first", "second"]
        colours = game.engine.State.COLOURS
        total = {c: s["total"] for c, s in game.score().items()}
        assert (row.score_dark, row.score_light) == (total[colours[0]], total[colours[1]])
        assert row.margin == row.score_dark - row.score_light
        if row.winner == "draw":
            assert pd.isna(row.winner_seat)           # None (pandas shows it as NaN)
        else:
            assert row.winner_seat == held[row.winner]
            assert game.winner == colours[("dark", "light").index(row.winner)]
    # the seeds derive from the study's seed, the variant and the game
    assert games["seed"].nunique() == 12
    assert serial.games["seed"][0] == lab.derive_seed(7, 0, 0)


def test_every_game_says_how_many_iterations_a_turn_each_player_searched(serial):
    # player A (random) does not search; B (mcts:i4) did exactly its budget
    games = serial.games
    assert games["iterations_a"].isna().all()
    assert (games["iterations_b"] == 4.0).all()


def test_a_player_reports_the_iterations_it_did():
    game = Game("dendria-classic", size=4)
    budget = MCTSPlayer(iterations=7, seed=1)
    timed = MCTSPlayer(seconds=0.05, seed=1)
    done = 0
    for _ in range(3):
        for p in (budget, timed):
            game.play(*p.choose_turn(game))
        assert budget.last_iterations == 7 and timed.last_iterations >= 1
        done += timed.last_iterations
    assert (budget.turns_chosen, budget.iterations_done) == (3, 21)
    assert (timed.turns_chosen, timed.iterations_done) == (3, done)
    row = lab.play_one((TINY, 0, 0, 1, [budget, timed], ["a", "b"], 3000))["row"]
    assert row["iterations_a"] == 7.0 and row["iterations_b"] >= 1
    assert budget.turns_chosen == 3       # the lab plays copies


def test_same_seeds_same_table_in_local_processes(serial):
    again = lab.run(VARIANTS, PLAYERS, games=4, seed=7, workers=2, progress=False)
    assert again.games.equals(serial.games) and again.records == serial.records
    other = lab.run(VARIANTS, PLAYERS, games=4, seed=8, workers=1, progress=False)
    assert not other.games.equals(serial.games)


def test_same_seeds_same_table_on_a_local_dask_cluster(serial):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        result = lab.run(VARIANTS, PLAYERS, games=4, seed=7, executor=client.get_executor(),
                         progress=False)
        # the games really ran on the cluster's workers
        assert len(client.scheduler_info()["workers"]) == 2
    assert result.games.equals(serial.games) and result.records == serial.records


def test_results_pickle_and_summary(serial):
    back = pickle.loads(pickle.dumps(serial))
    assert back.games.equals(serial.games)
    s = serial.summary()
    assert list(s.index) == [0, 1, 2] and s.loc[0, "games"] == 4
    d = serial.games[serial.games["variant"] == 2]
    dark = int((d["winner"] == "dark").sum())
    assert s.loc[2, "dark_win_rate"] == dark / 4
    assert (s.loc[2, "dark_win_rate_low"], s.loc[2, "dark_win_rate_high"]) == lab.wilson(dark, 4)
    assert s.loc[2, "balance"] == 1 - abs(s.loc[2, "dark_win_rate"] - s.loc[2, "light_win_rate"])
    a_wins = sum(1 for r in d.itertuples() if r.winner_seat == r.player_a_seat)
    assert s.loc[2, "a_win_rate"] == a_wins / 4
    assert s.loc[2, "completion"] + s.loc[2, "draw_rate"] + s.loc[2, "timeouts"] == 1
    assert s.loc[2, "turns_mean"] == d["turns"].mean()
    # every mean with its interval round it, and the balance's holds it
    for col in ("turns_mean", "steps_mean", "board_coverage", "branching_factor",
                "lead_changes", "margin_abs_mean", "balance"):
        assert s.loc[2, col + "_low"] <= s.loc[2, col] <= s.loc[2, col + "_high"], col
    assert 0 <= s.loc[2, "balance_low"] and s.loc[2, "balance_high"] <= 1
    assert 0 < s.loc[0, "board_coverage"] <= 1 and s.loc[0, "branching_factor"] > 1
    assert s.loc[0, "label"] == "dendria-classic side 3"
    assert s.loc[1, "label"] == "dendria-classic side 3 capture=unprotected"


def test_mean_and_balance_intervals():
    m, low, high = lab.mean_interval([2, 4, 4, 4, 5, 5, 7, 9])
    sd = (32 / 7) ** 0.5                                   # the sample sd
    assert m == 5 and abs(high - (5 + 1.959964 * sd / 8 ** 0.5)) < 1e-4
    assert abs((m - low) - (high - m)) < 1e-12
    assert lab.mean_interval([0, 0, 1], high=1.0)[0] == 1 / 3
    assert lab.mean_interval([0.0, 0.0, 3.0])[1] == 0.0     # kept at the values' floor
    assert lab.mean_interval([float("nan"), 3.0]) == (3.0, 3.0, 3.0)
    # balance: even wins give an interval reaching 1; lopsided ones do not
    b, lo, hi = lab.balance_interval(50, 50, 100)
    assert b == 1 and hi == 1 and 0.7 < lo < 0.9
    b, lo, hi = lab.balance_interval(90, 10, 100)
    assert abs(b - 0.2) < 1e-12 and lo < 0.2 < hi < 1


def test_wilson_interval():
    low, high = lab.wilson(9, 10)
    assert 0.59 < low < 0.6 and 0.98 < high < 0.99       # the textbook 0.596, 0.982
    assert lab.wilson(0, 10)[0] == 0 and lab.wilson(10, 10)[1] == 1


def test_step_cap_counts_as_a_timeout():
    result = lab.run(TINY, ["random", "random"], games=2, seed=1, max_steps=12, workers=1,
                     progress=False)
    g = result.games
    assert list(g["end"]) == ["step-cap"] * 2 and g["winner"].isna().all()
    assert result.summary().loc[0, "timeouts"] == 1


def test_plot_and_save(serial, tmp_path):
    from matplotlib.figure import Figure

    from dendria_widget import BoardWidget

    fig = serial.plot()
    assert isinstance(fig, Figure) and len(fig.axes) == 4
    assert fig.axes[0].get_title().startswith("win rates")
    assert fig.axes[3].get_title() == "against the base (95% intervals)"
    path = serial.save(tmp_path / "study")
    files = sorted(p.name for p in (path / "records").iterdir())
    assert len(files) == 12 and "v2-g3.json" in files
    board = BoardWidget.from_record(path / "records" / "v2-g3.json")
    assert board.game == serial.game(2, 3)
    assert "lab game 3 of variant 2" in board.game.comments[0]
    csv = (path / "games.csv").read_text().splitlines()
    assert csv[0].startswith("variant,game,seed,first,second,dark,light,winner")
    assert len(csv) == 13
    assert (path / "summary.csv").exists()
    assert json.loads((path / "study.json").read_text())["players"] == ["random", "mcts:i4"]


def test_a_failed_save_leaves_no_partial_file_and_keeps_what_was_written(serial, tmp_path):
    # the summary table cannot be written (a folder stands where it goes):
    # the records and the games table written before it are whole, no
    # temporary file is left, and the error names the file in words
    from dendria_widget.errors import BadFile

    path = tmp_path / "study"
    (path / "summary.csv").mkdir(parents=True)
    with pytest.raises(BadFile) as e:
        serial.save(path)
    assert "summary" in str(e.value) and "PosixPath" not in str(e.value)
    assert len(list((path / "records").iterdir())) == 12
    assert len((path / "games.csv").read_text().splitlines()) == 13
    assert not [p for p in path.rglob("*") if p.name.endswith(".tmp")]
    assert not (path / "study.json").exists()


def test_bad_input_is_a_sentence():
    for args, words in (((TINY, ["random"]), "pair"),
                        ((TINY, ["random", "chess"]), "unknown player"),
                        (([], ["random", "random"]), "at least one"),
                        (({"ruleset": "go"}, ["random", "random"]), "ruleset"),
                        ((TINY, ["random", "random"], 0), "games")):
        with pytest.raises(DendriaError, match=words):
            lab.run(*args, workers=1, progress=False)
    with pytest.raises(DendriaError, match="no game 9"):
        lab.run(TINY, ["random", "random"], games=1, workers=1, progress=False).record(0, 9)


def test_same_names_are_told_apart():
    result = lab.run(TINY, [RandomPlayer(), "random"], games=2, seed=1, workers=1,
                     progress=False)
    assert result.players == ["random (A)", "random (B)"]
    assert set(result.games["first"]) == {"random (A)", "random (B)"}
    text = lab.summary_text(result)
    assert text.startswith("player A: random, player B: random;")
    assert "A wins (random)" in text and "(A) (A)" not in text and "(B) (B)" not in text


def test_cli_prints_the_summary(tmp_path, capsys):
    out = tmp_path / "out"
    status = main(["lab", "--ruleset", "dendria-classic", "--size", "3", "--option",
                   "superko=off", "--option", "dendrid_move_limit=3", "--players",
                   "random,mcts:i3", "--games", "4", "--seed", "1", "--workers", "1",
                   "--no-progress", "--save", str(out)])
    text = capsys.readouterr().out
    assert status == 0
    assert "variant 0: dendria-classic side 3 dendrid_move_limit=3 superko=off" in text
    assert "A wins (random)" in text and "B wins (mcts:i3)" in text and "balance" in text
    assert len(list((out / "records").iterdir())) == 4
    status = main(["lab", "--option", "superko", "--no-progress"])
    assert status == 1 and "NAME=VALUE" in capsys.readouterr().out
    status = main(["lab", "--option", "colour=red", "--games", "1", "--no-progress"])
    assert status == 1 and "unknown option" in capsys.readouterr().out


def test_cli_on_a_local_dask_cluster(capsys):
    pytest.importorskip("distributed")
    status = main(["lab", "--ruleset", "hedu", "--size", "3", "--players", "random,greedy",
                   "--games", "2", "--workers", "1", "--dask", "local", "--no-progress"])
    text = capsys.readouterr().out
    assert status == 0 and "hedu side 3" in text
    # the same report as the API's, run in this process
    result = lab.run({"ruleset": "hedu", "board": {"shape": "hexagon", "size": 3}},
                     ["random", "greedy"], games=2, seed=1, workers=1, progress=False)
    assert text == lab.summary_text(result) + "\n"
