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
import pickle
import random
import shutil

import pytest
from conftest import stop_after_thinking

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


def test_every_edition_on_boards_past_the_ray_bitsets_width(kernel):
    # the kernel keeps rays as bitsets on boards up to 512 plots and walks
    # them beyond: side 13 (469 plots) takes the first path, side 14 (547)
    # the second, and both must agree with the engine step by step
    for size in (13, 14):
        assert (len(Board.hexagon(size)) > 512) == (size == 14)
        for ruleset in ("dendria-classic", "dendria-sprites", "hedu"):
            _differential(ruleset, {"shape": "hexagon", "size": size}, [{}], 1, 24, size)


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
    # a verb without its cell: the kernel says what the Python engine says,
    # in the verb typed ('sow' in the sprites edition), never "one cell"
    sprites = native.State.from_position("dendria-sprites h3 3/4/5/4/3 dark")
    python = Game.from_position("dendria-sprites h3 3/4/5/4/3 dark")
    for text in ("plant", "sow", "move", "sow c3 c4"):
        with pytest.raises(IllegalStep) as by_kernel:
            sprites.play(text)
        with pytest.raises(IllegalStep) as by_python:
            python.play(text)
        assert str(by_kernel.value) == str(by_python.value), text
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


def test_native_and_python_greedy_choose_the_same_turns(kernel):
    # the same whole turns, evaluation and random source: the same turn
    # (the MCTS on both engines: the search check below)
    from dendria_widget.players import GreedyPlayer
    checked = 0
    for ruleset, size in (("dendria-classic", 4), ("dendria-sprites", 3), ("hedu", 4)):
        for k, game in enumerate(_positions(ruleset, size, 15, size)):
            assert (GreedyPlayer(seed=k, backend="native").choose_turn(game)
                    == GreedyPlayer(seed=k, backend="python").choose_turn(game))
            checked += 1
    assert checked == 45


def _phases(ruleset, board, options, seed, count):
    """``count`` positions at the start of a turn, spread over one seeded
    random game (from its first turn to its last)."""
    rng = random.Random(seed)
    game = Game(ruleset, board=board, **options)
    starts = [game.copy()]
    while not game.is_over and game.step_count < 400:
        legal = game.legal_steps()
        plain = [s for s in legal if s[0] != "pass"]
        game.play(rng.choice(plain or legal))
        if not game.is_over and not game.turn_under_way:
            starts.append(game.copy())
    if len(starts) <= count:
        return starts
    return [starts[round(i * (len(starts) - 1) / (count - 1))] for i in range(count)]


def search_positions():
    """The search check's fixed positions: the three editions, three boards
    (hexagons of side 3 and 4, a modular board with lagoons), each with its
    defaults and three seeded mixes of its options, nine positions spread
    over a seeded random game of each (324 in all)."""
    out = []
    boards = ({"shape": "hexagon", "size": 3}, {"shape": "hexagon", "size": 4},
              random_modular(7, 1).spec)
    for e, (ruleset, values) in enumerate((("dendria-classic", DENDRIA_VALUES),
                                           ("dendria-sprites", DENDRIA_VALUES),
                                           ("hedu", HEDU_VALUES))):
        mixes = _mixes(ruleset, values, 0, 0)[:1]
        rng = random.Random(f"mixes {e}")
        mixes += [{name: rng.choice(vals) for name, vals in values.items()} for _ in range(3)]
        for b, board in enumerate(boards):
            for m, opts in enumerate(mixes):
                out += _phases(ruleset, board, opts, f"{e}|{b}|{m}", 9)
    return out


@pytest.fixture(scope="module")
def checked_positions():
    return search_positions()


@pytest.mark.parametrize("lazy", [False, True])
def test_search_check_the_same_turn_on_324_positions(kernel, checked_positions, lazy):
    # the search check: at the same seed and iteration budget the native
    # MCTS (full or lazy expansion) chooses the turn the Python MCTS, the
    # reference, chooses, with the very same visit counts
    from dendria_widget.players import MCTSPlayer
    positions = checked_positions
    assert len(positions) >= 300
    assert {g.ruleset for g in positions} == {"dendria-classic", "dendria-sprites", "hedu"}
    budgets = (1, 2, 5, 9)
    for k, game in enumerate(positions):
        if lazy and k % 2:
            continue              # lazy expansion: every other position (162)
        iterations = budgets[k % len(budgets)]
        py = MCTSPlayer(seed=k, iterations=iterations, backend="python", lazy=lazy)
        nat = MCTSPlayer(seed=k, iterations=iterations, backend="native", lazy=lazy)
        where = (k, game.position_string(), game.options, iterations)
        assert nat.choose_turn(game) == py.choose_turn(game), where
        assert nat.last_search == py.last_search, where
        assert (py.last_backend, nat.last_backend) == ("python", "native")
        assert py.last_iterations == nat.last_iterations == iterations


def test_a_stop_takes_effect_within_a_fifth_of_a_second(kernel):
    # Timed from the press of Stop in the processor time of the thread that
    # thinks (its own clock), so a busy machine, which delays the thread but
    # does not make it do more, cannot make the test fail.
    from dendria_widget.players import MCTSPlayer
    for size in (7, 20):
        game = Game("dendria-classic", size=size, opening="none")
        game.play(*[s for s in game.legal_steps() if str(s) != "pass"][:1], "end")
        player = MCTSPlayer(seconds=60, backend="native")
        turn, late = stop_after_thinking(lambda stop: player.choose_turn(game, stop),
                                         f"side {size}")
        print(f"side {size}: stopped after {late:.3f} s of thinking after Stop")
        assert turn and player.last_iterations >= 1
        assert late < 0.2, f"side {size}: the stop came after {late:.2f} s of thinking"


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


@pytest.mark.parametrize("lazy", [False, True])
def test_a_kept_tree_gives_the_same_turns_on_both_engines(kernel, lazy):
    # reuse: each player's tree moves down the turns played since its last
    # search; on both engines the same turns, the same visit counts (the
    # kept visits included), and the tree is really kept
    from dendria_widget.players import MCTSPlayer
    total = 0
    for ruleset in ("dendria-classic", "dendria-sprites", "hedu"):
        games = [Game(ruleset, size=4), Game(ruleset, size=4)]
        players = [[MCTSPlayer(seed=s, iterations=12, backend=b, lazy=lazy, reuse=True)
                    for s in (1, 2)] for b in ("python", "native")]
        kept = 0
        for t in range(16):
            if games[0].is_over:
                break
            turns = [p[t % 2].choose_turn(g) for p, g in zip(players, games)]
            py, nat = players[0][t % 2], players[1][t % 2]
            assert turns[0] == turns[1], (ruleset, t)
            assert py.last_search == nat.last_search, (ruleset, t)
            assert py.last_iterations == nat.last_iterations == 12
            kept += py.last_search["visits"] > 12
            for g, turn in zip(games, turns):
                g.play(*turn)
        assert kept >= 1, ruleset
        total += kept
    assert total >= 4


def test_a_kept_tree_is_dropped_for_another_game(kernel):
    from dendria_widget.players import MCTSPlayer
    for backend in ("python", "native"):
        player = MCTSPlayer(seed=3, iterations=10, backend=backend, reuse=True)
        game = Game("hedu", size=4)
        game.play(*player.choose_turn(game))
        game.play(*player.choose_turn(game))
        player.choose_turn(game)
        assert player.last_search["visits"] > 10        # its own tree, two turns on
        other = Game("hedu", size=4)                     # not that game: afresh
        player.choose_turn(other)
        assert player.last_search["visits"] == 10
        # the same position again (no turn since): afresh, as a new player
        fresh = MCTSPlayer(seed=3, iterations=10, backend=backend)
        assert player.choose_turn(other) == fresh.choose_turn(other)
        assert player.last_search == fresh.last_search
        copy = player.with_seed(4)                       # a copy keeps no tree
        assert copy._kept is None and copy.turns_chosen == 0
        sent = pickle.loads(pickle.dumps(player))        # nor a pickled one
        assert sent._kept is None and sent._state is None and sent.reuse


def test_search_options_are_written_in_the_players_name():
    from dendria_widget.players import player_from_name, player_from_spec, player_spec
    p = player_from_name("mcts:i50+reuse")
    assert (p.iterations, p.reuse, p.lazy, p.name) == (50, True, False, "mcts:i50+reuse")
    q = player_from_name("mcts:0.5+lazy+reuse")
    assert (q.seconds, q.lazy, q.reuse, q.name) == (0.5, True, True, "mcts:0.5+lazy+reuse")
    assert player_from_name(q.name).name == q.name
    assert player_from_spec(player_spec(p)).name == "mcts:i50+reuse"
    with pytest.raises(DendriaError, match="unknown player"):
        player_from_name("mcts:i50+fast")
