"""The native kernel (dendria_widget/native.py, C++17) held to the Python
engine step by step: seeded random games on both engines for every option
of every edition (each value of each option, and mixes) on several boards
(hexagons of more than 64 and more than 128 cells, modular boards with
lagoons); after every step the legal steps and the position string must be
the same, and at the end the outcome.

Where the kernel is not built these tests cannot run: in CI, on a machine
with a C++ compiler, that is a failure (the build lost the kernel); elsewhere
they are skipped with the reason, and everything else runs on Python."""

import os
import random
import shutil

import pytest

from dendria_widget import Game, native
from dendria_widget.errors import DendriaError, IllegalStep
from dendria_widget.geometry import Board, random_modular


def _require_kernel():
    if native.available():
        return
    compiler = shutil.which(os.environ.get("CXX", "c++")) or shutil.which("g++")
    if os.environ.get("CI") == "true" and compiler and not os.environ.get("DENDRIA_WIDGET_PURE"):
        pytest.fail(f"the native kernel is not built although a C++ compiler is here "
                    f"({compiler}): {native.describe()}")
    pytest.skip(native.describe())


@pytest.fixture
def kernel():
    _require_kernel()


#: every value of every option, one at a time, on each edition
DENDRIA_VALUES = {
    "edge_sight": ["literal", "touching"], "sowing": ["any", "non-touching"],
    "grow_after_plant": ["planted", "none"], "sprout_on_move": [True, False],
    "convert_at_start": [True, False], "capture": ["fertilized", "unprotected"],
    "enclosed_groups": ["never", "sight"], "sprite_capture": [True, False],
    "power_rule": [True, False], "superko": ["positional", "off"],
    "dendrid_move_limit": [None, 1, 3], "opening": ["pie", "komi-pie", "none"],
    "komi_max": [None, 0, 4], "scoring": ["distinct-sizes", "leafiness"]}
HEDU_VALUES = {"superko": ["positional", "off"], "opening": ["pie", "none"],
               "end_on_double_pass": [True, False]}


def _mixes(ruleset, values, extra, seed):
    """The edition's defaults, then each other value of each option alone,
    then ``extra`` random mixes of all options."""
    defaults = Game(ruleset, size=3).options
    out = [{}]
    for name, vals in values.items():
        out += [{name: v} for v in vals if v != defaults[name]]
    rng = random.Random(seed)
    for _ in range(extra):
        out.append({name: rng.choice(vals) for name, vals in values.items()})
    return out


def _same(game, st, where):
    # the same steps in the same order (the players' searches rely on it)
    py_legal = [str(s) for s in game.legal_steps()]
    assert st.legal() == py_legal, where
    assert st.position() == game.position_string(), where
    assert st.is_over() == game.is_over, where
    # the playouts' draw (random_playouts) gives exactly the legal steps
    # other than a pass and a swap, where it draws
    drawn = st.drawable()
    if drawn is not None:
        assert sorted(drawn) == sorted(s for s in py_legal if s not in ("pass", "swap")), where
    return py_legal


def _play_both(game, st, rng, steps, where):
    """Random steps on both engines (drawn from the Python engine's legal
    steps; a pass only when drawn twice), compared after each. Returns the
    number of steps played."""
    n = 0
    for n in range(steps):
        legal = _same(game, st, f"{where}, step {n}")
        if not legal:
            break
        step = rng.choice(legal)
        if step == "pass":
            step = rng.choice(legal)
        game.play(step)
        st.play(step)
    else:
        _same(game, st, f"{where}, step {steps}")
    if game.is_over:
        out = st.outcome()
        want = game.outcome
        assert (out.termination, out.winner, out.scores, out.facts) == (
            want.termination, want.winner, want.scores, want.facts), where
    else:
        assert st.outcome() is None
    assert st.scores() == {c: game.score()[c]["total"] for c in game.variant.colours}, where
    return n


def _differential(ruleset, board, mixes, games, steps, seed):
    total = 0
    for k, opts in enumerate(mixes):
        for g in range(games):
            rng = random.Random(f"{seed}|{k}|{g}")
            game = Game(ruleset, board=board, **opts)
            st = native.State.from_game(game)
            where = f"{ruleset} {board} {opts} game {g}"
            total += _play_both(game, st, rng, steps, where)
            if not game.is_over:
                # the same game again from its position string (normal play,
                # the position the only earlier board), on with new draws
                pos = game.position_string()
                again = Game.from_position(pos)
                st2 = native.State.from_position(pos, again.options)
                total += _play_both(again, st2, rng, steps // 2, where + " from its position")
    return total


def test_dendria_classic_every_option_small_boards(kernel):
    n = _differential("dendria-classic", {"shape": "hexagon", "size": 3},
                      _mixes("dendria-classic", DENDRIA_VALUES, 6, 1), 2, 60, 1)
    assert n > 1000


def test_dendria_sprites_every_option_small_boards(kernel):
    n = _differential("dendria-sprites", {"shape": "hexagon", "size": 3},
                      _mixes("dendria-sprites", DENDRIA_VALUES, 6, 2), 2, 60, 2)
    assert n > 1000


def test_dendria_on_boards_of_more_than_64_and_128_cells(kernel):
    # side 6: 91 plots (ids past 128 on the padded grid), side 8: 169 plots
    for ruleset in ("dendria-classic", "dendria-sprites"):
        for size in (6, 8):
            assert len(Board.hexagon(size)) > (64 if size == 6 else 128)
            _differential(ruleset, {"shape": "hexagon", "size": size}, [{}], 1, 50, size)


def test_dendria_on_modular_boards_with_lagoons(kernel):
    for count, seed in ((7, 1), (13, 2)):
        board = random_modular(count, seed)
        assert board.lagoons      # the rays pass lagoon hexes
        for ruleset in ("dendria-sprites", "dendria-classic"):
            _differential(ruleset, board.spec, [{}, {"opening": "none", "superko": "off"}],
                          1, 60, seed)


def test_hedu_every_option(kernel):
    n = _differential("hedu", {"shape": "hexagon", "size": 3},
                      _mixes("hedu", HEDU_VALUES, 3, 3), 3, 80, 3)
    assert n > 300
    _differential("hedu", {"shape": "hexagon", "size": 8}, [{}], 1, 60, 4)
    _differential("hedu", random_modular(7, 1).spec, [{}], 1, 60, 5)


def test_games_to_their_end_agree(kernel):
    # whole games (the ends: two passes, the move limit, no placement left)
    for ruleset, opts in (("dendria-classic", {"dendrid_move_limit": 1}),
                          ("dendria-sprites", {"komi_max": 3}), ("hedu", {})):
        for g in range(3):
            rng = random.Random(g)
            game = Game(ruleset, size=3, **opts)
            st = native.State.from_game(game)
            _play_both(game, st, rng, 400, f"{ruleset} whole game {g}")
            assert game.is_over


def test_a_position_with_repetitions_carries_its_history(kernel):
    # from_game replays the history: the earlier boards bind the kernel too
    game = Game("dendria-classic", size=3, opening="none")
    rng = random.Random(5)
    for _ in range(40):
        legal = [str(s) for s in game.legal_steps()]
        game.play(rng.choice(legal))
        if game.is_over:
            break
    st = native.State.from_game(game)
    assert sorted(st.legal()) == sorted(str(s) for s in game.legal_steps())


def test_bad_input_gets_clear_errors(kernel):
    st = native.State.from_position("dendria-classic h3 3/4/5/4/3 dark")
    with pytest.raises(IllegalStep, match="not legal"):
        st.play("move a1")
    with pytest.raises(IllegalStep, match="no cell z9"):
        st.play("plant z9")
    with pytest.raises(IllegalStep):
        st.play(3)
    with pytest.raises(DendriaError):
        native.State.from_position("dendria-classic h3 9/4/5/4/3 dark")
    with pytest.raises(DendriaError, match="games"):
        native.random_playouts("hedu h3 3/4/5/4/3 black", None, -1, 0)


def test_random_playouts_are_seeded_and_end(kernel):
    pos = Game("dendria-classic", size=4).position_string()
    a = native.random_playouts(pos, None, 5, seed=3)
    b = native.random_playouts(pos, None, 5, seed=3)
    c = native.random_playouts(pos, None, 5, seed=4)
    assert a == b and a != c
    assert all(0 < n < native.STEP_CAP and w in ("dark", "light", "draw") for n, w in a)


def test_without_the_kernel_native_says_so(monkeypatch):
    # runs everywhere: a machine without the kernel gets words, not a traceback
    monkeypatch.setattr(native, "_KERNEL", None)
    assert not native.available()
    assert "not built" in native.describe()
    assert native.refusal(Game("hedu", size=3)) == "the native kernel is not built here"
    with pytest.raises(DendriaError, match="not built"):
        native.State.from_position("hedu h3 3/4/5/4/3 black")


# ------------------------------------------------------------ the search
def _positions(ruleset, size, count, seed):
    """Seeded random games stopped at the start of a turn, every few steps."""
    out = []
    rng = random.Random(seed)
    game = Game(ruleset, size=size)
    while len(out) < count:
        for _ in range(rng.randint(1, 6)):
            if game.is_over:
                break
            game.play(rng.choice(game.legal_steps()))
        while game.turn_under_way and not game.is_over:
            game.play(rng.choice(game.legal_steps()))
        if game.is_over:
            game = Game(ruleset, size=size)     # the next game
        else:
            out.append(game.copy())
    return out


def test_native_and_python_searches_choose_the_same_turns(kernel):
    # the same algorithm with the same random source: at the same seed and
    # budget the same turn, and the very same visit shares
    from dendria_widget.players import GreedyPlayer, MCTSPlayer
    checked = 0
    for ruleset, size in (("dendria-classic", 4), ("dendria-sprites", 3), ("hedu", 4)):
        for k, game in enumerate(_positions(ruleset, size, 15, size)):
            for iterations in (1, 12):
                py = MCTSPlayer(seed=k, iterations=iterations, backend="python")
                nat = MCTSPlayer(seed=k, iterations=iterations, backend="native")
                want = py.choose_turn(game)
                assert nat.choose_turn(game) == want, (game.position_string(), iterations)
                assert nat.last_search == py.last_search
                assert (py.last_backend, nat.last_backend) == ("python", "native")
                assert py.last_iterations == nat.last_iterations == iterations
            assert (GreedyPlayer(seed=k, backend="native").choose_turn(game)
                    == GreedyPlayer(seed=k, backend="python").choose_turn(game))
            checked += 1
    assert checked == 45


def test_a_stop_takes_effect_within_a_fifth_of_a_second(kernel):
    import threading
    import time
    from dendria_widget.players import MCTSPlayer
    for size in (7, 20):
        game = Game("dendria-classic", size=size, opening="none")
        game.play(*[s for s in game.legal_steps() if str(s) != "pass"][:1], "end")
        stop = threading.Event()
        player = MCTSPlayer(seconds=60, backend="native")
        timer = threading.Timer(0.5, stop.set)
        timer.start()
        t0 = time.perf_counter()
        turn = player.choose_turn(game, stop)
        late = time.perf_counter() - t0 - 0.5
        timer.join()
        assert turn and player.last_iterations >= 1
        assert late < 0.2, f"side {size}: the stop came {late:.2f} s late"


def test_players_fall_back_to_python_for_what_native_does_not_hold(kernel):
    from dendria_widget.players import MCTSPlayer
    game = Game("dendria-classic", size=3)
    # weighted playouts after the expansion are the Python search's only
    player = MCTSPlayer(iterations=3, playout_turns=1, backend="native")
    player.choose_turn(game)
    assert player.last_backend == "python"
    default = MCTSPlayer(iterations=3)
    default.choose_turn(game)
    assert default.last_backend == "native"
    assert MCTSPlayer(iterations=3).with_backend("python").backend == "python"
    with pytest.raises(DendriaError, match="backend"):
        MCTSPlayer(iterations=3, backend="fast")
