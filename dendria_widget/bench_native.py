"""The native kernel's benchmark: ``python -m dendria_widget.bench_native
[--quick] [--repeat N] [--no-speed] [--check N] [--search N] [--project N]
[--ladder N [--ladder-size S] [--ladder-file FILE] [--candidates lazy,reuse,study]]
[--greedy N]``.

Prints figures; it is not a test. Everything is seeded; times are this
process's CPU seconds (other programs on the machine do not count), and
every speed is a ratio of two figures measured side by side in this run.

1. Random full-game playouts: the native kernel's own loop
   (:func:`dendria_widget.native.random_playouts`) against this package's
   public Python loop (``Game.legal_steps()`` + ``play()``, the bench's
   ``playout``), and OpenSpiel's Havannah side 7 (C++, its Python loop)
   when ``open_spiel`` is importable. Classic side 7, sprites side 6,
   sprites flower-13, Hedu side 7.
2. MCTS iterations per second, native against Python (the same
   ``MCTSPlayer``, ``backend="native"`` and ``"python"``) on a seeded
   mid-game position of classic side 7, sprites side 6 and Hedu side 7,
   both at the same iteration budget (60, or 200 in a full run), each
   search repeated until it has taken at least 2 s (python) and 1 s
   (native) of CPU (8 s and 4 s in a full run), and whether both chose the
   same turn.
3. With ``--check N``: N more seeded random games on both engines, compared
   step by step (the differential test of tests/test_native.py, longer).
4. With ``--search N``: N fixed positions (seeded random games of the three
   editions, small boards, at the start of a turn): the native and the
   Python MCTS at the same seed and budget (40 iterations, full and lazy
   expansion in turn) must choose the same turn with the same visit shares
   (tests/test_native.py checks 324 positions at 1 to 9 iterations).
5. With ``--project N``: N games against itself on classic side 7 on the
   native kernel, timed (CPU seconds of the players' turns), projected to
   1,000 games on 2 cores, with the first seat's score and its 95%
   interval: today's MCTS at 100 iterations a turn and the study's player
   (:data:`STUDY_PLAYER`) side by side in one run.
6. With ``--ladder N``: N games (seats alternating) of each candidate
   search against today's MCTS (100 iterations a turn, full expansion, a
   fresh tree each turn) on classic side ``--ladder-size`` (default 5):
   lazy expansion with its iterations set so that its CPU per turn matches
   (measured here), the kept tree at equal iterations, and the study's
   player as it is (``--candidates`` picks some); the CPU a turn of each
   side is printed beside the score. With ``--ladder-file FILE`` every game
   is kept in FILE as it finishes and a second run with the same file plays
   only the games it lacks (a ladder in chunks).
7. With ``--greedy N``: N games of the study's player against the greedy
   player on classic side 7 (seats alternating): does it beat greedy?

Sections 1 and 2 (left out with ``--no-speed``) run ``--repeat N`` times
(default once: the machine may be loaded, so each ratio is printed per round with its median); then the
Done-when lines of issue 27: native classic side 7 random playouts at least
1/4 of OpenSpiel Havannah 7's games/s (sprites and Hedu beside), and MCTS
native / python at least 30x on classic side 7, sprites side 6 and Hedu
side 7, each median against its target.
"""

from __future__ import annotations

import json
import math
import os
import random
import sys
import time
from typing import Any, Callable, TextIO

from . import native
from .bench import (CLOCK, PLAYOUTS, _module_exists, game_rng, havannah_playouts, pin_one_core,
                    playout)
from .game import Game
from .players import GreedyPlayer, MCTSPlayer, Player, play_game, player_from_name


def _python_playouts(ruleset: str, kwargs: dict[str, Any], games: int, seed: int,
                     budget: float) -> tuple[int, int, float]:
    """(games, steps, CPU seconds) of the public Python loop."""
    n = steps = 0
    t0 = CLOCK()
    for k in range(games):
        steps += playout(Game(ruleset, **kwargs), game_rng(seed, k), push=False)
        n += 1
        if CLOCK() - t0 > budget:
            break
    return n, steps, CLOCK() - t0


def _native_playouts(ruleset: str, kwargs: dict[str, Any], games: int,
                     seed: int) -> tuple[int, int, float]:
    st = native.State.from_game(Game(ruleset, **kwargs))
    t0 = CLOCK()
    out = st.random_playouts(games, seed)
    return len(out), sum(n for n, _ in out), CLOCK() - t0


def midgame(ruleset: str, size: int, steps: int, seed: int) -> Game:
    """A seeded random game stopped at the start of a turn after about
    ``steps`` steps (never mid-turn, never over)."""
    game = Game(ruleset, size=size)
    rng = random.Random(seed)
    n = 0
    while n < steps or game.turn_under_way:
        legal = [s for s in game.legal_steps() if s[0] != "pass"] or game.legal_steps()
        game.play(legal[rng.randrange(len(legal))])
        n += 1
        if game.is_over:
            raise RuntimeError("the game ended before the position was reached")
    return game


def _mcts_rate(game: Game, backend: str, iterations: int, seed: int,
               min_seconds: float = 0.0) -> tuple[float, list[str], int]:
    """MCTSPlayer's iterations/s at this budget, its search repeated (the
    same seed: the same search) until it has taken at least ``min_seconds``
    of CPU, so that a slow engine is not timed over a few iterations only;
    the turn it chose and how many searches were timed."""
    runs, dt = 0, 0.0
    t0 = CLOCK()
    while runs == 0 or dt < min_seconds:
        player = MCTSPlayer(seed=seed, iterations=iterations, backend=backend)
        turn = player.choose_turn(game)
        dt = CLOCK() - t0
        runs += 1
        assert player.last_backend == backend and player.last_iterations == iterations
    return runs * iterations / dt, [str(s) for s in turn], runs


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


#: the Done-when figures of the native kernel (issue 27), each a ratio in one run
PLAYOUT_TARGET = 0.25   # native classic side 7 games/s over OpenSpiel Havannah 7's
MCTS_TARGET = 30.0      # native / python MCTS iterations/s, each of the three editions
MCTS_GAMES = (("dendria-classic", 7), ("dendria-sprites", 6), ("hedu", 7))

#: the ladder's candidates (``--candidates``): lazy expansion at equal CPU,
#: the kept tree at equal iterations, and the study's player as it is
LADDER_CANDIDATES = ("lazy", "reuse", "study")


def _playout_round(quick: bool, seed: int, say: Callable[[str], None]) -> dict[str, float]:
    """Section 1 once: each game's native games/s over Python's, and over
    OpenSpiel Havannah 7's (``"<game> / havannah"``) when it is installed."""
    say("1. Random full-game playouts (uniform over the legal steps, a pass only when "
        "drawn with nothing else);")
    say("   native: the kernel's own loop; python: Game.legal_steps() + play(); CPU seconds")
    say(f"   {'game':<19}{'engine':<11}{'games':>6}{'games/s':>10}{'steps/s':>11}"
        f"{'steps/game':>11}")
    rates: dict[str, float] = {}
    out: dict[str, float] = {}
    for name, ruleset, kwargs, full, short in PLAYOUTS:
        n_py = short if quick else full
        g, s, t = _python_playouts(ruleset, kwargs, n_py, seed, 10.0 if quick else 40.0)
        py_rate = g / t
        say(f"   {name:<19}{'python':<11}{g:>6}{py_rate:>10.1f}{s / t:>11.0f}{s / g:>11.1f}")
        n_nat = max(20, 20 * n_py if quick else 50 * n_py)
        g, s, t = _native_playouts(ruleset, kwargs, n_nat, seed)
        rates[name] = g / t
        out[name] = g / t / py_rate
        say(f"   {name:<19}{'native':<11}{g:>6}{g / t:>10.1f}{s / t:>11.0f}{s / g:>11.1f}"
            f"   {g / t / py_rate:6.1f}x python")
    if _module_exists("pyspiel"):
        r = havannah_playouts(7, 200 if quick else 1000, seed)
        hv = r["games"] / r["seconds"]
        say(f"   {'havannah side 7':<19}{'openspiel':<11}{r['games']:>6}{hv:>10.1f}"
            f"{r['steps'] / r['seconds']:>11.0f}{r['steps'] / r['games']:>11.1f}"
            "   (OpenSpiel's C++ engine, its Python loop)")
        for name, rate in rates.items():
            out[f"{name} / havannah"] = rate / hv
            say(f"   native {name} / OpenSpiel havannah 7: {rate / hv:.3f} of its games/s")
    else:
        say("   (open_spiel is not installed: no Havannah figure)")
    say("")
    return out


def _mcts_round(quick: bool, seed: int, say: Callable[[str], None]) -> dict[str, float]:
    """Section 2 once: native / python MCTS iterations/s per edition."""
    say("2. MCTS iterations/s, native / python (MCTSPlayer on the same position, at the same "
        "seed and iteration budget, each search repeated until it has taken the CPU time "
        "given; the turn each chose)")
    budget, py_min, nat_min = (60, 2.0, 1.0) if quick else (200, 8.0, 4.0)
    out: dict[str, float] = {}
    for ruleset, size in MCTS_GAMES:
        game = midgame(ruleset, size, 24, seed)
        py_rate, py_turn, py_runs = _mcts_rate(game, "python", budget, seed, py_min)
        nat_rate, nat_turn, nat_runs = _mcts_rate(game, "native", budget, seed, nat_min)
        out[f"{ruleset} side {size}"] = nat_rate / py_rate
        say(f"   {ruleset} side {size}, {budget} iterations: python {py_rate:8.1f} it/s "
            f"({py_runs} search{'es' if py_runs > 1 else ''}), native {nat_rate:9.1f} it/s "
            f"({nat_runs} searches): {nat_rate / py_rate:6.1f}x; "
            f"the same turn: {'yes' if nat_turn == py_turn else 'NO'}")
    say(f"   lowest ratio: {min(out.values()):.1f}x")
    say("")
    return out


def _median(xs: list[float]) -> float:
    ys = sorted(xs)
    k = len(ys) // 2
    return ys[k] if len(ys) % 2 else (ys[k - 1] + ys[k]) / 2


def done_when(rounds: list[dict[str, float]], say: Callable[[str], None]) -> bool:
    """The Done-when lines of issue 27 from the rounds' ratios: each figure
    per round and its median, against its target. True when every median
    meets its target (False also when a figure could not be measured)."""
    say(f"Done when (issue 27), ratios measured side by side in this run, {len(rounds)} "
        f"round{'s' if len(rounds) > 1 else ''} (per round; median):")
    ok = True

    def line(label: str, key: str, target: float | None, unit: str) -> None:
        nonlocal ok
        xs = [r[key] for r in rounds if key in r]
        if not xs:
            say(f"   {label}: not measured (open_spiel is not installed)")
            ok = ok and target is None
            return
        per = ", ".join(f"{x:.3f}" if unit == "" else f"{x:.1f}{unit}" for x in xs)
        med = _median(xs)
        shown = f"{med:.3f}" if unit == "" else f"{med:.1f}{unit}"
        if target is None:
            say(f"   {label}: {per}; median {shown}")
            return
        met = med >= target
        ok = ok and met
        want = f"{target:.2f}" if unit == "" else f"{target:.0f}{unit}"
        say(f"   {label}: {per}; median {shown} (target at least {want}: "
            f"{'met' if met else 'NOT met'})")

    line("random playouts, native classic side 7 / OpenSpiel Havannah 7 games/s",
         "classic side 7 / havannah", PLAYOUT_TARGET, "")
    for name in ("sprites side 6", "sprites flower-13", "hedu side 7"):
        line(f"   beside: native {name} / OpenSpiel Havannah 7 games/s",
             f"{name} / havannah", None, "")
    for ruleset, size in MCTS_GAMES:
        line(f"MCTS iterations/s native / python, {ruleset} side {size}",
             f"{ruleset} side {size}", MCTS_TARGET, "x")
    say("")
    return ok


def run(quick: bool = False, check: int = 0, project: int = 0, seed: int = 1,
        out: TextIO | None = None, search: int = 0, ladder_games: int = 0,
        ladder_size: int = 5, greedy: int = 0, repeat: int = 1, speed: bool = True,
        ladder_file: str | None = None, candidates: tuple[str, ...] = LADDER_CANDIDATES) -> int:
    stream = sys.stdout if out is None else out

    def say(line: str = "") -> None:
        stream.write(line + "\n")
        stream.flush()

    say(f"dendria-widget native bench ({'quick' if quick else 'full'} run, seed {seed}); "
        f"{pin_one_core()}")
    say(f"   {native.describe()}")
    if not native.available():
        say("   nothing to measure")
        return 1
    say()
    rounds: list[dict[str, float]] = []
    for k in range(max(1, repeat) if speed else 0):
        if repeat > 1:
            say(f"--- round {k + 1} of {repeat}")
        figures = _playout_round(quick, seed, say)
        figures.update(_mcts_round(quick, seed, say))
        rounds.append(figures)
    if speed:
        done_when(rounds, say)
    failures = 0
    if check:
        failures += differential(check, seed, say)
    if search:
        failures += search_check(search, seed, say)
    if project:
        projection(project, seed, say)
    if ladder_games:
        ladder(ladder_games, ladder_size, seed, say, file=ladder_file, candidates=candidates)
    if greedy:
        against_greedy(greedy, seed, say)
    return 1 if failures else 0


def search_check(count: int, seed: int, say: Callable[[str], None]) -> int:
    """The same MCTS turn on both engines at the same seed and budget."""
    budget = 40
    say(f"4. Search check: {count} positions, MCTS at {budget} iterations (full and lazy "
        "expansion in turn), native against python")
    rng = random.Random(seed)
    editions = (("dendria-classic", 4), ("dendria-sprites", 3), ("hedu", 4))
    same = differ = 0
    game = None
    k = 0
    while same + differ < count:
        ruleset, size = editions[k % 3]
        if game is None or game.is_over or game.ruleset != ruleset:
            game = Game(ruleset, size=size)
        for _ in range(rng.randint(1, 5)):
            if not game.is_over:
                game.play(rng.choice(game.legal_steps()))
        while game.turn_under_way and not game.is_over:
            game.play(rng.choice(game.legal_steps()))
        if game.is_over:
            continue
        k += 1
        lazy = k % 2 == 1
        py = MCTSPlayer(seed=k, iterations=budget, backend="python", lazy=lazy)
        nat = MCTSPlayer(seed=k, iterations=budget, backend="native", lazy=lazy)
        if py.choose_turn(game) == nat.choose_turn(game) and py.last_search == nat.last_search:
            same += 1
        else:
            differ += 1
            say(f"   DIFFERENT at {game.position_string()}")
    say(f"   {same} of {same + differ} positions: the same turn and the same visit shares")
    say("")
    return differ


def differential(games: int, seed: int, say: Callable[[str], None]) -> int:
    """Seeded random games on both engines, compared after every step."""
    say(f"3. Differential check: {games} seeded random games on both engines")
    rng0 = random.Random(seed)
    bad = steps = 0
    for k in range(games):
        rng = random.Random(rng0.random())
        ruleset = rng.choice(["dendria-classic", "dendria-sprites", "hedu"])
        game = Game(ruleset, size=rng.choice([3, 4, 5, 6]))
        st = native.State.from_game(game)
        while not game.is_over:
            legal = [str(s) for s in game.legal_steps()]
            if st.legal() != legal or st.position() != game.position_string():
                say(f"   DIFFERENT: {ruleset} game {k} at {game.position_string()}")
                bad += 1
                break
            step = rng.choice(legal)
            game.play(step)
            st.play(step)
            steps += 1
    say(f"   {games} games, {steps} steps compared, {bad} different")
    say("")
    return bad


class _Timed:
    """A player whose turns are timed (this process's CPU seconds) and whose
    iterations are counted."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.cpu = 0.0
        self.turns = 0
        self.iterations = 0

    def choose_turn(self, game: Game, stop: Any = None) -> list[Any]:
        t0 = CLOCK()
        turn = self.player.choose_turn(game, stop)
        self.cpu += CLOCK() - t0
        self.turns += 1
        self.iterations += getattr(self.player, "last_iterations", 0)
        return turn


def match(a: Player, b: Player, games: int, size: int, seed: int,
          say: Callable[[str], None] | None = None, first_game: int = 0) -> dict[str, Any]:
    """``games`` games of ``a`` against ``b`` on classic side ``size``,
    seats alternating (a first in the even games), every game seeded:
    a's score (a draw counts a half), the first seat's score, and the CPU
    seconds of the games (``cpu``: the players' turns and the game's own
    steps) and of each player's turns, and each player's iterations."""
    score = first = whole = 0.0
    timed = {"a": [0.0, 0, 0], "b": [0.0, 0, 0]}
    for k in range(first_game, first_game + games):
        pa = _Timed(a.with_seed(seed * 100003 + 2 * k))
        pb = _Timed(b.with_seed(seed * 100003 + 2 * k + 1))
        seats = (pa, pb) if k % 2 == 0 else (pb, pa)
        game = Game("dendria-classic", size=size)
        t0 = CLOCK()
        play_game(game, seats[0], seats[1])  # type: ignore[arg-type]
        whole += CLOCK() - t0
        w = game.outcome.winner if game.outcome else "draw"
        held = game.seats
        first_won = 1.0 if w == held["first"] else 0.5 if w == "draw" else 0.0
        first += first_won
        a_won = first_won if k % 2 == 0 else 1.0 - first_won
        score += a_won
        for key, p in (("a", pa), ("b", pb)):
            timed[key][0] += p.cpu
            timed[key][1] += p.turns
            timed[key][2] += p.iterations
        if say is not None:
            say(f"   game {k}: {a.name if k % 2 == 0 else b.name} first, a scores {a_won}, "
                f"CPU a {pa.cpu:.2f} s ({pa.turns} turns), b {pb.cpu:.2f} s ({pb.turns} turns)")
    return {"games": games, "a": score, "first": first, "cpu": whole, "cpu_a": timed["a"][0],
            "cpu_b": timed["b"][0], "turns_a": timed["a"][1], "turns_b": timed["b"][1],
            "iterations_a": timed["a"][2], "iterations_b": timed["b"][2]}


def cost_per_iteration(player: Player, size: int, seed: int, positions: int = 3) -> float:
    """CPU seconds per iteration of an MCTS player on seeded mid-game
    positions of classic side ``size`` (from the start of the game to well
    into it)."""
    total = iters = 0.0
    for k in range(positions):
        game = midgame("dendria-classic", size, 6 + 14 * k, seed + k)
        p = player.with_seed(seed + k)
        t0 = CLOCK()
        p.choose_turn(game)
        total += CLOCK() - t0
        iters += getattr(p, "last_iterations", 1)
    return total / iters


#: the player of the designers' study (1,000 games on classic side 7): the
#: MCTS that beats greedy there (``--greedy``) within the hour on 2 cores
STUDY_PLAYER = "mcts:i50+reuse"


def _ladder_player(label: str, base_iterations: int, size: int, seed: int) -> MCTSPlayer:
    """The candidate called ``label``: ``lazy`` with its iterations set so
    that its CPU a turn matches today's (measured here, on the same
    positions), ``reuse`` at equal iterations (a kept tree costs nothing an
    iteration), ``study`` the study's player (:data:`STUDY_PLAYER`) as it is."""
    if label == "reuse":
        return MCTSPlayer(iterations=base_iterations, backend="native", reuse=True)
    if label == "study":
        study = player_from_name(STUDY_PLAYER).with_backend("native")
        assert isinstance(study, MCTSPlayer)
        return study
    if label != "lazy":
        raise SystemExit(f"unknown ladder candidate {label!r}: give some of "
                         f"{', '.join(LADDER_CANDIDATES)}")
    full = cost_per_iteration(MCTSPlayer(iterations=base_iterations, backend="native"),
                              size, seed)
    cost = cost_per_iteration(MCTSPlayer(iterations=base_iterations, backend="native",
                                         lazy=True), size, seed)
    return MCTSPlayer(iterations=max(1, round(base_iterations * full / cost)),
                      backend="native", lazy=True)


def _read_ladder(path: str, head: dict[str, Any]) -> list[dict[str, Any]]:
    """The games a ladder file holds (none when it does not exist); a file
    of another ladder (board, seed or base player) is refused in words."""
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as f:
        lines = [json.loads(line) for line in f if line.strip()]
    if not lines or lines[0].get("ladder") != head:
        raise SystemExit(f"{path} holds another ladder (not {head}): give another file")
    return [line["game"] for line in lines[1:]]


def _write_ladder(path: str, head: dict[str, Any], games: list[dict[str, Any]]) -> None:
    """The whole ladder file, written beside it and moved into place."""
    tmp = f"{path}.tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(json.dumps({"ladder": head}) + "\n")
        for g in games:
            f.write(json.dumps({"game": g}) + "\n")
    os.replace(tmp, path)


def ladder_summary(games: list[dict[str, Any]], say: Callable[[str], None]) -> None:
    """Each candidate's games, score with its 95% interval, and CPU a turn
    of both sides, from the ladder's game records."""
    for label in dict.fromkeys(g["candidate"] for g in games):
        mine = [g for g in games if g["candidate"] == label]
        n = len(mine)
        a = sum(g["a"] for g in mine)
        lo, hi = wilson(a, n)
        turns_a = max(1, sum(g["turns_a"] for g in mine))
        turns_b = max(1, sum(g["turns_b"] for g in mine))
        say(f"   {label:<6} {mine[0]['player']:<20} {n:>4} game{'s' if n != 1 else ''}: "
            f"scores {a:.1f}/{n} = "
            f"{a / n:.2f} [{lo:.2f}, {hi:.2f}]; CPU a turn "
            f"{sum(g['cpu_a'] for g in mine) / turns_a:.4f} s against "
            f"{sum(g['cpu_b'] for g in mine) / turns_b:.4f} s; first seat "
            f"{sum(g['first'] for g in mine) / n:.2f}")


def ladder(games: int, size: int, seed: int, say: Callable[[str], None],
           base_iterations: int = 100, file: str | None = None,
           candidates: tuple[str, ...] = LADDER_CANDIDATES) -> list[dict[str, Any]]:
    """Today's MCTS (full expansion, a fresh tree each turn) at
    ``base_iterations`` a turn against each candidate
    (:func:`_ladder_player`), ``games`` games a pairing, seats alternating.
    The candidates take turns two games at a time (one in each seat), so a
    ladder cut short has about as many games of each. With ``file`` every
    game is written as it finishes (the whole file written beside it and
    moved into place) and a second run with the same file plays only the
    games it lacks: the same games an uninterrupted run plays, since every
    game's seeds derive from the ladder's seed and its index. Returns the
    game records."""
    base = MCTSPlayer(iterations=base_iterations, backend="native")
    head = {"size": size, "seed": seed, "base": base.name}
    done = _read_ladder(file, head) if file else []
    where = f"; {len(done)} games already in {file}" if file else ""
    say(f"6. Ladder: classic side {size}, {games} games a pairing, seats alternating, "
        f"against today's MCTS ({base.name}, full expansion){where}")
    players: dict[str, MCTSPlayer] = {}
    for label in candidates:
        held = [g["player"] for g in done if g["candidate"] == label]
        players[label] = (player_from_name(held[0]).with_backend("native")  # type: ignore
                          if held else _ladder_player(label, base_iterations, size, seed))
        say(f"   {label}: {players[label].name}")
    have = {(g["candidate"], g["k"]) for g in done}
    t0 = CLOCK()
    for k0 in range(0, games, 2):
        played = False
        for label, cand in players.items():
            for k in range(k0, min(k0 + 2, games)):
                if (label, k) in have:
                    continue
                played = True
                r = match(cand, base, 1, size, seed, first_game=k)
                done.append({"candidate": label, "player": cand.name, "k": k, "a": r["a"],
                             "first": r["first"], "cpu_a": r["cpu_a"], "cpu_b": r["cpu_b"],
                             "turns_a": r["turns_a"], "turns_b": r["turns_b"],
                             "iterations_a": r["iterations_a"],
                             "iterations_b": r["iterations_b"]})
                if file:
                    _write_ladder(file, head, done)
        if k0 + 2 >= games or (played and (k0 + 2) % 10 == 0):
            say(f"   after {min(k0 + 2, games)} games a pairing ({CLOCK() - t0:.0f} CPU s "
                "in this run):")
            ladder_summary(done, say)
    say("")
    return done


def projection(games: int, seed: int, say: Callable[[str], None],
               players: tuple[Player, ...] = ()) -> None:
    """Each player against itself on classic side 7, ``games`` games timed:
    1,000 games projected on 2 cores, and the first seat's score."""
    players = players or (player_from_name(STUDY_PLAYER).with_backend("native"),
                          MCTSPlayer(iterations=100, backend="native"))
    say(f"5. {games} games of MCTS against itself, classic side 7, native, side by side")
    for p in players:
        say(f"   {_label(p)}:")
        r = match(p, p, games, 7, seed, say)
        dt = r["cpu"]
        lo, hi = wilson(r["first"], games)
        say(f"   {_label(p):<34} {games} games in {dt:7.1f} CPU s ({dt / games:6.2f} s a "
            f"game): 1,000 games projected at {1000 * dt / games / 7200:5.2f} h on 2 cores; "
            f"first seat {r['first'] / games:.3f} [{lo:.3f}, {hi:.3f}]")
    say("")


def against_greedy(games: int, seed: int, say: Callable[[str], None]) -> None:
    """The study's player against greedy on classic side 7."""
    study = player_from_name(STUDY_PLAYER).with_backend("native")
    say(f"7. {_label(study)} against greedy, classic side 7, {games} games, seats alternating")
    r = match(study, GreedyPlayer(backend="native"), games, 7, seed, say)
    lo, hi = wilson(r["a"], games)
    say(f"   {study.name} scores {r['a']:.1f} of {games}: {r['a'] / games:.2f} "
        f"[{lo:.2f}, {hi:.2f}]")
    say("")


def _label(p: Player) -> str:
    extra = [k for k in ("lazy", "reuse") if getattr(p, k, False)]
    return f"{p.name} ({', '.join(extra) or 'full'})"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv

    def number(flag: str) -> int:
        if flag not in args:
            return 0
        k = args.index(flag)
        try:
            return int(args[k + 1])
        except (IndexError, ValueError):
            raise SystemExit(f"{flag} takes a whole number") from None

    def text(flag: str) -> str | None:
        if flag not in args:
            return None
        k = args.index(flag)
        if k + 1 >= len(args) or args[k + 1].startswith("-"):
            raise SystemExit(f"{flag} takes a value")
        return args[k + 1]

    flags = ("--quick", "--check", "--project", "--search", "--ladder", "--ladder-size",
             "--greedy", "--repeat", "--no-speed", "--ladder-file", "--candidates")
    unknown = [a for a in args if a.startswith("-") and a not in flags]
    if unknown or "--help" in args:
        print(__doc__)
        return 0 if not unknown else 2
    t0 = time.perf_counter()
    rc = run(quick="--quick" in args, check=number("--check"), project=number("--project"),
             search=number("--search"), ladder_games=number("--ladder"),
             ladder_size=number("--ladder-size") or 5, greedy=number("--greedy"),
             repeat=number("--repeat") or 1, speed="--no-speed" not in args,
             ladder_file=text("--ladder-file"),
             candidates=tuple((text("--candidates") or ",".join(LADDER_CANDIDATES)).split(",")))
    print(f"total {time.perf_counter() - t0:.1f} s")
    return rc


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
