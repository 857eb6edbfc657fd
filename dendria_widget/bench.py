"""Engine benchmark: ``python -m dendria_widget bench [--quick] [--baseline PATH]``.

Prints figures; it is not a test. Everything is seeded, so the games played
are the same from run to run (only the times change).

1. Random full-game playouts through the public API, the loop a computer
   player or the lab runs: ``game.legal_steps()``, a uniformly random step
   of it (``pass`` only when nothing else is legal), then ``game.play(step)``
   (the step came from ``legal_steps()``, so it is not judged again) or the
   unchecked ``game.push(step)``, until the game ends. Classic side 7,
   sprites side 6, sprites on the 13-module ``flower-13`` board, Hedu side 7.
   With ``--baseline PATH`` (a checkout of an older version, e.g. ``git
   worktree add /tmp/base 4d8fdf9``) the same loop runs through THAT
   package's public API (``legal_steps()`` + ``play()``), imported under
   another name, with the same seeds, game by game interleaved with this
   one, several repetitions each (CPU seconds of this process). Every game has its own seed, so where the two
   versions' rules agree they play the very same games: the ratio of
   games/s over those games ("same games", compared like for like) is
   printed, and over all games the ratios of games/s and steps/s. With
   ``open_spiel`` importable, OpenSpiel's Havannah side 7 runs the same
   kind of loop (``legal_actions()`` + ``apply_action()``) in the same run.
   When this package's engine runs compiled (dendria_widget/accel.py), the
   same loop also runs through this package again with its engine from the
   Python source ("source"), as an install without a C compiler plays; the
   baseline always runs from its source.
   Every classic game must end (the dendrid move limit counts passes): a
   game reaching the safety cap of STEP_CAP steps is reported as a failure.
2. A mid-game classic side-9 position (a seeded random game of about 200
   steps): the time of ``legal_steps()`` at the start of a turn and during a
   journey, and of every explanation (``explain.dendria.overview``) and the
   ``analyze`` object; "cold" on a fresh state each call (no cache), "warm"
   repeated on one state.
3. cProfile of classic side-7 playouts: where the time goes.

Run on one core (the process is pinned to one CPU when the OS allows it).
"""

from __future__ import annotations

import cProfile
import importlib.util
import io
import os
import platform
import pstats
import random
import statistics
import sys
import time
import types
from importlib.machinery import ModuleSpec
from typing import Any, Callable, Iterable, Sequence, TextIO

from .game import Game
from .rules import resolve_rules
from .rules.options import Rules

#: a Game of this version or of another one (the baseline's, the source's):
#: only the methods every version has are used
AnyGame = Any
#: what one series of playouts gives (see :func:`run_series`)
Series = dict[str, Any]

STEP_CAP = 20000  # safety net: a playout longer than this is cut and reported as a failure

#: (name, ruleset, Game keywords, games in a full run, in a quick run)
PLAYOUTS = (
    ("classic side 7", "dendria-classic", {"size": 7}, 40, 12),
    ("sprites side 6", "dendria-sprites", {"size": 6}, 8, 3),
    ("sprites flower-13", "dendria-sprites", {"board": "flower-13"}, 6, 2),
    ("hedu side 7", "hedu", {"size": 7}, 60, 20),
)


# ------------------------------------------------------------- helpers
def _module_exists(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ImportError:
        return False


def pin_one_core() -> str:
    """Pin this process to one CPU; returns a description."""
    try:
        cpus = sorted(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpus[0]})
        return f"pinned to CPU {cpus[0]} (of {len(cpus)} available)"
    except (AttributeError, OSError):
        return "not pinned (no sched_setaffinity); Python runs on one core anyway"


class _SourceTree:
    """A meta path finder: the modules of package ``name`` from the ``.py``
    files under ``root`` only (never a compiled module found there)."""

    def __init__(self, name: str, root: str) -> None:
        self.name, self.root = name, root

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: types.ModuleType | None = None) -> ModuleSpec | None:
        if not fullname.startswith(self.name + "."):
            return None
        base = os.path.join(self.root, *fullname.split(".")[1:])
        if os.path.exists(os.path.join(base, "__init__.py")):
            return importlib.util.spec_from_file_location(
                fullname, os.path.join(base, "__init__.py"), submodule_search_locations=[base])
        if os.path.exists(base + ".py"):
            return importlib.util.spec_from_file_location(fullname, base + ".py")
        return None


def load_baseline(path: str, name: str = "dendria_widget_baseline") -> types.ModuleType:
    """The ``dendria_widget`` package of the checkout at ``path``, imported
    from its Python source under another module name (so both versions run
    in one process; a compiled engine built in that checkout is not used)."""
    root = os.path.join(os.path.abspath(path), "dendria_widget")
    init = os.path.join(root, "__init__.py")
    if not os.path.exists(init):
        raise FileNotFoundError(f"no dendria_widget package in {os.fspath(path)}")
    if name in sys.modules:
        return sys.modules[name]
    sys.meta_path.insert(0, _SourceTree(name, root))
    spec = importlib.util.spec_from_file_location(name, init,
                                                  submodule_search_locations=[root])
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load the package in {os.fspath(path)}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def this_source() -> types.ModuleType | None:
    """This package again, from its Python source, when its engine runs
    compiled (see dendria_widget/accel.py); None when it runs the source."""
    from . import accel
    if not any(how == "compiled" for how in accel.install().values()):
        return None
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    return load_baseline(here, "dendria_widget_source")


def playout(game: AnyGame, rng: random.Random, push: bool = False) -> int:
    """Play one game to its end with uniformly random legal steps through
    the public API; returns the number of steps (capped at STEP_CAP)."""
    do = game.push if push else game.play
    legal_steps = game.legal_steps
    n = 0
    while n < STEP_CAP:
        legal = legal_steps()
        k = len(legal)
        if not k:
            break
        step = legal[rng.randrange(k)] if k > 1 else legal[0]
        while step[0] == "pass" and k > 1:  # uniform over the other steps
            step = legal[rng.randrange(k)]
        do(step)
        n += 1
    return n


def game_rng(seed: int, k: int) -> random.Random:
    """The random source of game ``k`` of a series: every game has its own
    seed, so one game that differs (e.g. in another version's rules) leaves
    the others the same."""
    return random.Random(seed * 1_000_003 + k)


#: The playouts' clock: the CPU time of this process (one thread), so that
#: other programs running on the machine do not count, only the cache and
#: memory they share with it.
CLOCK = time.process_time


def run_playouts(rules: Rules, games: int, seed: int, push: bool = False,
                 budget: float | None = None,
                 make: Callable[[], AnyGame] | None = None) -> Series:
    """Play up to ``games`` seeded games (stop early after ``budget``
    seconds): new games from ``make()`` (default ``Game(rules)``). Game k
    draws its steps from ``game_rng(seed, k)``. ``per_game`` holds each
    game's (steps, seconds, how it ended, a fingerprint of its steps)."""
    if make is None:
        def make() -> Game:
            return Game(rules)
    return run_series([(make, push)], games, seed, budget)[0]


def run_series(variants: Sequence[tuple[Callable[[], AnyGame], bool]], games: int, seed: int,
               budget: float | None = None) -> list[Series]:
    """:func:`run_playouts` for several ``(make, push)`` variants at once,
    interleaved: game k of every variant is played before game k + 1 of
    any (the order turning from game to game), so that a change in the
    machine's speed while the series run touches every variant alike.
    Returns one result per variant; ``budget`` counts the first's seconds."""
    acc: list[dict[str, Any]] = [{"steps": [], "ends": {}, "per_game": [], "elapsed": 0.0, "ended": 0,
            "ended_seconds": 0.0} for _ in variants]
    for k in range(games):
        turn = k % len(variants)
        for v in list(range(turn, len(variants))) + list(range(turn)):
            make, push = variants[v]
            a = acc[v]
            game = make()
            rng = game_rng(seed, k)
            t0 = CLOCK()
            n = playout(game, rng, push)
            dt = CLOCK() - t0
            a["elapsed"] += dt
            if game.is_over:
                a["ended"] += 1
                a["ended_seconds"] += dt
            a["steps"].append(n)
            key = _end_kind(game)
            a["ends"][key] = a["ends"].get(key, 0) + 1
            # how it ended, in terms every version's Game has
            a["per_game"].append((n, dt, (game.is_over, game.winner), _fingerprint(game)))
        if budget is not None and acc[0]["elapsed"] > budget:
            break
    return [{"games": len(a["steps"]), "seconds": a["elapsed"], "steps": sum(a["steps"]),
             "ends": a["ends"], "cut": sum(1 for n in a["steps"] if n >= STEP_CAP),
             "ended": a["ended"], "ended_seconds": a["ended_seconds"],
             "per_game": a["per_game"]} for a in acc]


def _fingerprint(game: AnyGame) -> int:
    """A hash of the steps a game played, in notation (any version's Game)."""
    return hash(tuple(str(s) for turn in game.history for s in turn))


def same_games(this: Series, old: Series) -> tuple[int, float, float]:
    """Seconds of the games two series played identically (same steps, same
    end, neither cut): (count, this version's seconds, the other's)."""
    n, t_this, t_old = 0, 0.0, 0.0
    for a, b in zip(this["per_game"], old["per_game"]):
        if a[0] == b[0] and a[2] == b[2] and a[3] == b[3] and a[0] < STEP_CAP:
            n += 1
            t_this += a[1]
            t_old += b[1]
    return n, t_this, t_old


def havannah_playouts(size: int, games: int, seed: int) -> dict[str, float]:
    """OpenSpiel's Havannah (C++), random playouts through its Python API."""
    import pyspiel
    game = pyspiel.load_game(f"havannah(board_size={size})")
    rng = random.Random(seed)
    n = 0
    t0 = CLOCK()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply_action(actions[rng.randrange(len(actions))])
            n += 1
    return {"games": games, "seconds": CLOCK() - t0, "steps": n}


def _ratios(this: Sequence[Series], pushed: Sequence[Series] | None,
            old: Sequence[Series]) -> dict[str, Any]:
    """this / baseline figures from paired repetitions (lists of run_playouts
    results): medians of the per-repetition ratios (``pushed`` None: no
    push loop was timed)."""
    def med(values: Iterable[float | None]) -> float | None:
        known = [v for v in values if v is not None]
        return statistics.median(known) if known else None

    def same_ratio(mine: Series, theirs: Series) -> float | None:
        n, t_mine, t_theirs = same_games(mine, theirs)
        return t_theirs / t_mine if n and t_mine else None

    return {
        "games": this[0]["games"],
        "same": same_games(this[0], old[0])[0],
        "same_play": med(same_ratio(t, o) for t, o in zip(this, old)),
        "same_push": med(same_ratio(t, o) for t, o in zip(pushed, old)) if pushed else None,
        "games_play": med(o["seconds"] * t["games"] / (t["seconds"] * o["games"])
                          for t, o in zip(this, old)),
        "steps_play": med((t["steps"] / t["seconds"]) / (o["steps"] / o["seconds"])
                          for t, o in zip(this, old)),
        "old_cut": old[0]["cut"],
    }


#: the bench's words for each Termination value
_END_WORDS = {"passes": "two passes", "move-limit": "move limit", "no-placement": "no placement"}


def _end_kind(game: AnyGame) -> str:
    """How a playout ended, in the bench's words: the game's
    ``outcome.termination``; 'cut' when it was stopped first; 'ended' for a
    version's Game that tells its end in words only (no ``outcome``)."""
    if not game.is_over:
        return f"cut at {STEP_CAP} steps"
    outcome = getattr(game, "outcome", None)
    if outcome is None:
        return "ended"
    return _END_WORDS[outcome.termination.value]


def _time_calls(fn: Callable[..., Any], args_list: Iterable[tuple[Any, ...]]) -> list[float]:
    """Per-call seconds of fn(*args) over the list (each timed alone)."""
    out: list[float] = []
    for args in args_list:
        t0 = time.perf_counter()
        fn(*args)
        out.append(time.perf_counter() - t0)
    return out


def _ms(x: float) -> str:
    return f"{x * 1000:8.2f}"


def midgame_position(size: int, target_steps: int, seed: int) -> tuple[Game, int, int]:
    """A Game in normal play reached by a seeded random classic game of at
    least ``target_steps`` steps, stopped at the start of a turn with a
    dendrid of the mover on the board (tries further seeds until one is)."""
    rules = resolve_rules("dendria-classic", size=size)
    for k in range(100):
        game = Game(rules)
        rng = random.Random(seed + 1000 * k)
        n = 0
        while not game.is_over:
            if (n >= target_steps and game.phase == "turn"
                    and game.piece_count(game.to_move, "dendrid")):
                return game, n, seed + 1000 * k
            legal = game.legal_steps()
            choices = [s for s in legal if s[0] != "pass"] or legal
            game.push(choices[rng.randrange(len(choices))])
            n += 1
    raise RuntimeError("no mid-game position found")


# --------------------------------------------------------------- report
def compare_playouts(say: Callable[[str], None], quick: bool, seed: int, baseline: str | None,
                     reps: int | None) -> list[str]:
    """Section 1: this package's public loop (play and push), the baseline's
    (play) when given, their games interleaved, ``reps`` times each; returns
    the failures."""
    from . import accel
    base = load_baseline(baseline) if baseline else None
    source = this_source()
    reps = reps or (2 if quick else 5)
    say("1. Random full-game playouts through the public API: legal_steps(), a uniformly "
        "random step")
    say(f"   (pass only when nothing else is legal), then play() or push(); seed {seed}, "
        f"median of {reps} repetitions, the versions' games interleaved;")
    say("   times are this process's CPU seconds (other programs on the machine do not count)")
    say(f"   this version's engine: {accel.describe()}")
    if source:
        say("   'source': this version again, its engine run from the same Python source "
            "(as without a C compiler)")
    if base:
        say(f"   baseline: the checkout at {baseline} (imported as {base.__name__}, from its "
            "Python source), its legal_steps() + play()")
    head = (f"   {'game':<19}{'code':<10}{'loop':<6}{'games':>6}{'games/s':>9}{'steps/s':>9}"
            f"{'steps/game':>11}  ends")
    say(head)
    say("   " + "-" * (len(head) - 3 + 12))
    failures: list[str] = []
    ratios: list[tuple[str, dict[str, Any]]] = []
    for name, ruleset, kwargs, full, short in PLAYOUTS:
        n = short if quick else full
        runs: dict = {}
        variants = ([("this", False), ("this", True)] + ([("source", False)] if source else [])
                    + ([("baseline", False)] if base else []))
        # the Game class of each version (None: that version is not run)
        games_of: dict[str, Any] = {"this": Game, "source": source and source.Game, "baseline": base and base.Game}
        makers: list[tuple[Callable[[], AnyGame], bool]] = []
        for who, push in variants:
            def make(g: Callable[..., AnyGame] = games_of[who]) -> AnyGame:
                return g(ruleset, **kwargs)
            makers.append((make, push))
        for _ in range(reps):
            for (who, push), r in zip(variants, run_series(makers, n, seed)):
                runs.setdefault((who, push), []).append(r)
        for (who, push), rs in runs.items():
            secs = statistics.median(r["seconds"] for r in rs)
            r = rs[0]
            ends = ", ".join(f"{k} {v}" for k, v in sorted(r["ends"].items()))
            say(f"   {name:<19}{who:<10}{'push' if push else 'play':<6}{r['games']:>6}"
                f"{r['games'] / secs:>9.1f}{r['steps'] / secs:>9.0f}"
                f"{r['steps'] / r['games']:>11.1f}  {ends}")
            if r["cut"] and who == "this":
                failures.append(f"   FAILURE: {name}: {r['cut']} of {r['games']} games were "
                                f"cut at the safety cap of {STEP_CAP} steps")
        if base:
            ratios.append((name, _ratios(runs[("this", False)], runs[("this", True)],
                                         runs[("baseline", False)])))
            if source:
                ratios.append((f"{name}, source", _ratios(
                    runs[("source", False)], None, runs[("baseline", False)])))
    if _module_exists("pyspiel"):
        r = havannah_playouts(7, 20 if quick else 100, seed)
        say(f"   {'havannah side 7':<19}{'openspiel':<10}{'apply':<6}{r['games']:>6}"
            f"{r['games'] / r['seconds']:>9.1f}{r['steps'] / r['seconds']:>9.0f}"
            f"{r['steps'] / r['games']:>11.1f}  (C++ engine, Python loop)")
    else:
        say("   (open_spiel is not installed: no Havannah figure)")
    if ratios:
        say("   this / baseline ('..., source': this version's Python source / baseline), "
            "same seeds (median over")
        say("   the repetitions). 'same games': the games both versions")
        say("   played step for step alike (same seed, same steps, same end), the like-for-like "
            "figure; 'all games'")
        say("   also counts games the rules changes made different (e.g. docs/rules.md 2.3's "
            "move limit):")
        for name, r in ratios:
            pushed = "" if r["same_push"] is None else f", {r['same_push']:5.2f}x (push)"
            same = (f"same games {r['same']} of {r['games']}: {r['same_play']:5.2f}x "
                    f"games/s (play){pushed}" if r["same"] else "no game played alike")
            say(f"     {name:<27} {same}")
            say(f"     {'':<27} all games: {r['games_play']:5.2f}x games/s, "
                f"{r['steps_play']:5.2f}x steps/s (play)")
            if r["old_cut"]:
                say(f"     {'':<27}the baseline's games cut at the {STEP_CAP}-step cap "
                    f"(endless under its rules): {r['old_cut']}, counted in 'all games'")
    for line in failures:
        say(line)
    return failures


def run(quick: bool = False, profile: bool = True, seed: int = 1, out: TextIO | None = None,
        baseline: str | None = None, reps: int | None = None) -> int:
    """Run the benchmark and print the table; returns 0, or 1 when a game
    reached the safety cap (a failure: every game should end).
    ``baseline``: the path of an older checkout to time side by side."""
    stream = sys.stdout if out is None else out

    def say(line: str = "") -> None:
        stream.write(line + "\n")
        stream.flush()

    t_start = time.perf_counter()
    say(f"dendria-widget bench ({'quick' if quick else 'full'} run, seed {seed})")
    say(f"Python {platform.python_version()} ({platform.python_implementation()}), "
        f"{platform.machine()}; {pin_one_core()}")
    say()

    # ---- 1. playouts
    cut = compare_playouts(say, quick, seed, baseline, reps)
    say()

    # ---- 2. mid-game side 9
    from .explain.dendria import dendria_analysis, overview
    game, nsteps, used_seed = midgame_position(9, 200, seed)
    reps = 15 if quick else 100
    say(f"2. Mid-game classic side 9 (seeded random game, {nsteps} steps, seed {used_seed}): "
        f"{len(game.pieces)} pieces, {game.to_move} to move")

    def fresh() -> Game:  # the same game with its whole history (repetition table included)
        return game.copy()

    def journey() -> Game | None:  # a journey in progress: the first legal move, then its first slide
        g = fresh()
        mv = next((s for s in g.legal_steps() if s[0] == "move"), None)
        if mv is None:
            return None
        g.play(mv)
        sl = next((s for s in g.legal_steps() if s[0] == "slide"), None)
        if sl is not None:
            g.play(sl)
        return g

    legal_now = game.legal_steps()
    say(f"   legal steps at the turn's start: {len(legal_now)} "
        f"({sum(1 for s in legal_now if s[0] == 'plant')} plants, "
        f"{sum(1 for s in legal_now if s[0] == 'move')} moves, pass)")
    jg = journey()
    if jg is not None:
        say(f"   during the journey {' '.join(str(s) for s in jg.history[-1])}: "
            f"{len(jg.legal_steps())} legal steps")
    say("   cold: each call on its own copy of the game (engine caches empty; the "
        "board's tables are shared);")
    say("   warm: the same call repeated on one state")
    say(f"   {'what':<44}{'cold ms':>9}{'warm ms':>9}   (median of {reps})")
    say("   " + "-" * 65)
    rows: list[tuple[str, Callable[..., Any], Callable[[], Any]]] = [
        ("legal_steps(), start of a turn", Game.legal_steps, fresh)]
    if jg is not None:
        rows.append(("legal_steps(), during a journey", Game.legal_steps, journey))
    rows += [("explain.dendria.overview (all explanations)", overview, fresh),
             ("explain.dendria.dendria_analysis", dendria_analysis, fresh)]
    for label, fn, make in rows:
        games = [make() for _ in range(reps)]
        cold = _time_calls(fn, [(g,) for g in games])
        warm_game = make()
        fn(warm_game)
        warm = _time_calls(fn, [(warm_game,)] * reps)
        say(f"   {label:<44}{_ms(statistics.median(cold)):>9}{_ms(statistics.median(warm)):>9}")
    say()

    # ---- 3. profile
    if profile:
        budget = 3.0 if quick else 10.0
        runs = [("classic side 7", resolve_rules("dendria-classic", size=7),
                 10 if quick else 40, 14, True)]
        if not quick:
            runs.append(("sprites side 6", resolve_rules("dendria-sprites", size=6), 4, 10,
                         False))
        say("3. cProfile of the public playout loop with play() (profiling slows "
            "everything: read the shares, not the times)")
        for name, rules, n_games, top, cumulative in runs:
            prof = cProfile.Profile()
            prof.enable()
            played = run_playouts(rules, n_games, seed, budget=budget)["games"]
            prof.disable()
            keys = (("tottime", "own time"),) + ((("cumulative", "time with callees"),)
                                                  if cumulative else ())
            for key, title in keys:
                # total_tt and stats: pstats's own tables (not in its stubs)
                stats: Any = pstats.Stats(prof, stream=io.StringIO())
                total = stats.total_tt
                say(f"   {name}, {played} games: top functions by {title} "
                    f"(total {total:.2f} s)")
                say(f"   {'own s':>7}{'own %':>7}{'cum s':>8}{'cum %':>7}{'calls':>10}  function")
                entries = []
                for (fname, line, func), (cc, nc, tt, ct, _callers) in stats.stats.items():
                    entries.append((tt if key == "tottime" else ct, tt, ct, nc,
                                    _where(fname, line, func)))
                entries.sort(reverse=True)
                for _, tt, ct, nc, where in entries[:top]:
                    say(f"   {tt:>7.2f}{100 * tt / total:>6.1f}%{ct:>8.2f}"
                        f"{100 * ct / total:>6.1f}%{nc:>10}  {where}")
                say()

    say(f"total bench time {time.perf_counter() - t_start:.1f} s")
    return 1 if cut else 0


def _where(fname: str, line: int, func: str) -> str:

    if fname == "~":
        return func
    base = fname.replace("\\", "/")
    if "/dendria_widget/" in base:
        base = "dendria_widget/" + base.split("/dendria_widget/", 1)[1]
    else:
        base = os.path.basename(base)
    return f"{func} ({base}:{line})"


if __name__ == "__main__":  # pragma: no cover
    sys.exit(run(quick="--quick" in sys.argv))
