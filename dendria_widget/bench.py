"""Engine benchmark: ``python -m dendria_widget bench [--quick]``.

Prints figures; it is not a test. Everything is seeded, so the games played
are the same from run to run (only the times change).

1. Random full-game playouts: at every step a uniformly random legal step
   from ``state.legal()`` (``pass`` only when nothing else is legal), until
   the game ends. Classic side 7 twice: applying each step with the checked
   ``state.apply()`` (which asks ``refusal()`` again) and with the engine's
   unchecked ``state._do()`` (safe here: the step comes from ``legal()``);
   then sprites side 6, sprites on a 13-module board and Hedu side 7 (when
   the Hedu engine exists), with ``apply()``.
2. A mid-game classic side-9 position (a seeded random game of about 200
   steps): the time of ``legal()`` at the start of a turn and during a
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

from .game import Game
from .rules import engine_for, resolve_rules

STEP_CAP = 20000  # safety net: a playout longer than this is cut and reported as a failure


# ------------------------------------------------------------- helpers
def _module_exists(name):
    try:
        return importlib.util.find_spec(name) is not None
    except ImportError:
        return False


def pin_one_core():
    """Pin this process to one CPU; returns a description."""
    try:
        cpus = sorted(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpus[0]})
        return f"pinned to CPU {cpus[0]} (of {len(cpus)} available)"
    except (AttributeError, OSError):
        return "not pinned (no sched_setaffinity); Python runs on one core anyway"


def modular13(seed):
    """A 13-module board: the recommended preset of dendria_widget.boards
    ("flower-13"), else geometry.random_modular(13, seed)."""
    if _module_exists("dendria_widget.boards"):
        from . import boards
        name = getattr(boards, "RECOMMENDED", "flower-13")
        b = boards.preset(name)
        if len(b.spec.get("modules", ())) == 13:
            return b, f"preset {name!r}"
    from .geometry import random_modular
    return random_modular(13, seed=seed), f"random_modular(13, seed={seed})"


def playout(state, rng, unchecked=False):
    """Play one game to its end with uniformly random legal steps; returns
    the number of steps (capped at STEP_CAP)."""
    do = state._do if unchecked else state.apply
    n = 0
    while not state.over and n < STEP_CAP:
        legal = state.legal()
        k = len(legal)
        step = legal[rng.randrange(k)] if k > 1 else legal[0]
        while step[0] == "pass" and k > 1:  # uniform over the other steps
            step = legal[rng.randrange(k)]
        do(step)
        n += 1
    return n


def run_playouts(rules, games, seed, unchecked=False, budget=None):
    """Play up to ``games`` seeded games (stop early after ``budget`` seconds)."""
    engine = engine_for(rules)
    rng = random.Random(seed)
    steps = []
    turns = []
    ends = {}
    elapsed = 0.0
    finished = 0
    finished_secs = 0.0
    for _ in range(games):
        state = engine.State(rules)
        t0 = time.perf_counter()
        n = playout(state, rng, unchecked)
        dt = time.perf_counter() - t0
        elapsed += dt
        if state.over:
            finished += 1
            finished_secs += dt
        steps.append(n)
        turns.append(len(state.turns))
        reason = state.end_reason if state.over else f"cut at {STEP_CAP} steps"
        key = _end_kind(reason)
        ends[key] = ends.get(key, 0) + 1
        if budget is not None and elapsed > budget:
            break
    return {"games": len(steps), "seconds": elapsed, "steps": sum(steps),
            "turns": sum(turns), "ends": ends, "finished": finished,
            "finished_seconds": finished_secs}


def _end_kind(reason):
    if reason is None:
        return "?"
    reason = str(reason)
    if "move limit" in reason:
        return "move limit"
    if "pass" in reason:
        return "two passes"
    if "placement" in reason:
        return "no placement"
    return reason[:24]


def _time_calls(fn, args_list):
    """Per-call seconds of fn(*args) over the list (each timed alone)."""
    out = []
    for args in args_list:
        t0 = time.perf_counter()
        fn(*args)
        out.append(time.perf_counter() - t0)
    return out


def _ms(x):
    return f"{x * 1000:8.2f}"


def midgame_position(size, target_steps, seed):
    """A Game in normal play reached by a seeded random classic game of at
    least ``target_steps`` steps, stopped at the start of a turn with a
    dendrid of the mover on the board (tries further seeds until one is)."""
    rules = resolve_rules("dendria-classic", size=size)
    for k in range(100):
        game = Game(rules)
        st = game.state
        rng = random.Random(seed + 1000 * k)
        n = 0
        while not st.over:
            if (n >= target_steps and st.phase == "turn"
                    and st.pieces_of(st.to_move, 2)):
                return game, n, seed + 1000 * k
            legal = st.legal()
            choices = [s for s in legal if s[0] != "pass"] or [("pass", None)]
            st._do(choices[rng.randrange(len(choices))])
            n += 1
    raise RuntimeError("no mid-game position found")


# --------------------------------------------------------------- report
def run(quick=False, profile=True, seed=1, out=None):
    """Run the benchmark and print the table; returns 0, or 1 when a game
    reached the safety cap (a failure: every game should end)."""
    out = sys.stdout if out is None else out

    def say(line=""):
        out.write(line + "\n")
        out.flush()

    t_start = time.perf_counter()
    say(f"dendria-widget bench ({'quick' if quick else 'full'} run, seed {seed})")
    say(f"Python {platform.python_version()} ({platform.python_implementation()}), "
        f"{platform.machine()}; {pin_one_core()}")
    say()

    # ---- 1. playouts
    # (name, rules, games in a full run, in a quick run, how steps are applied, unchecked)
    classic7 = resolve_rules("dendria-classic", size=7)
    board13, board_desc = modular13(seed)
    configs = [
        ("classic side 7", classic7, 200, 30, "apply()", False),
        ("classic side 7", classic7, 200, 30, "_do() unchecked", True),
        ("sprites side 6", resolve_rules("dendria-sprites", size=6), 40, 4, "apply()", False),
        ("sprites 13 modules", resolve_rules("dendria-sprites", board=board13), 30, 3,
         "apply()", False),
    ]
    hedu = _module_exists("dendria_widget.rules.hedu")
    if hedu:
        configs.append(("hedu side 7", resolve_rules("hedu", size=7), 100, 10,
                        "apply()", False))
    budget = 1.5 if quick else 6.0

    say("1. Random full-game playouts (uniform over state.legal(), pass only when "
        "nothing else is legal)")
    say(f"   13-module board: {board_desc}, {board13.n_plots} plots")
    if not hedu:
        say("   Hedu: no engine yet (dendria_widget/rules/hedu.py), skipped")
    head = (f"   {'game':<20}{'steps by':<17}{'games':>6}{'secs':>7}{'games/s':>9}"
            f"{'steps/s':>9}{'steps/game':>11}{'turns/game':>11}  ends")
    say(head)
    say("   " + "-" * (len(head) - 3))
    cut = []
    for name, rules, full, short, how, unchecked in configs:
        r = run_playouts(rules, short if quick else full, seed, unchecked=unchecked,
                         budget=budget)
        g, s = r["games"], r["seconds"]
        ends = ", ".join(f"{k} {v}" for k, v in sorted(r["ends"].items()))
        say(f"   {name:<20}{how:<17}{g:>6}{s:>7.2f}{g / s:>9.2f}{r['steps'] / s:>9.0f}"
            f"{r['steps'] / g:>11.1f}{r['turns'] / g:>11.1f}  {ends}")
        if r["finished"] < g:
            cut.append(f"   FAILURE: {name} ({how.strip()}): {g - r['finished']} of {g} games "
                       f"were cut at the safety cap of {STEP_CAP} steps")
    for line in cut:
        say(line)
    if cut:
        say("   FAILURE: a game reached the safety cap without ending; the dendrid move "
            "limit (docs/rules.md 2.3) should end every classic game")
    say()

    # ---- 2. mid-game side 9
    from .explain.dendria import dendria_analysis, overview
    game, nsteps, used_seed = midgame_position(9, 200, seed)
    st = game.state
    reps = 15 if quick else 100
    say(f"2. Mid-game classic side 9 (seeded random game, {nsteps} steps, seed {used_seed}): "
        f"{len(st.pieces())} pieces, {game.to_move} to move")

    def fresh():  # the same game with its whole history (repetition table included)
        return game.copy()

    def journey():  # a journey in progress: the first legal move, then its first slide
        g = fresh()
        mv = next((s for s in g.state.legal() if s[0] == "move"), None)
        if mv is None:
            return None
        g.state.apply(mv)
        sl = next((s for s in g.state.legal() if s[0] == "slide"), None)
        if sl is not None:
            g.state.apply(sl)
        return g

    legal_now = st.legal()
    say(f"   legal steps at the turn's start: {len(legal_now)} "
        f"({sum(1 for s in legal_now if s[0] == 'plant')} plants, "
        f"{sum(1 for s in legal_now if s[0] == 'move')} moves, pass)")
    jg = journey()
    if jg is not None:
        say(f"   during the journey {' '.join(str(s) for s in jg.history[-1])}: "
            f"{len(jg.state.legal())} legal steps")
    say("   cold: each call on its own copy of the game (engine caches empty; the "
        "board's tables are shared);")
    say("   warm: the same call repeated on one state")
    say(f"   {'what':<44}{'cold ms':>9}{'warm ms':>9}   (median of {reps})")
    say("   " + "-" * 65)
    rows = [("state.legal(), start of a turn", lambda g: g.state.legal(), fresh)]
    if jg is not None:
        rows.append(("state.legal(), during a journey", lambda g: g.state.legal(), journey))
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
        runs = [("classic side 7", classic7, 10 if quick else 60, 14, True)]
        if not quick:
            runs.append(("sprites side 6", resolve_rules("dendria-sprites", size=6), 4, 10,
                         False))
        say("3. cProfile of playouts with apply() (profiling slows everything: read the "
            "shares, not the times)")
        for name, rules, games, top, cumulative in runs:
            prof = cProfile.Profile()
            prof.enable()
            games = run_playouts(rules, games, seed, budget=2 * budget)["games"]
            prof.disable()
            keys = (("tottime", "own time"),) + ((("cumulative", "time with callees"),)
                                                  if cumulative else ())
            for key, title in keys:
                stats = pstats.Stats(prof, stream=io.StringIO())
                total = stats.total_tt
                say(f"   {name}, {games} games: top functions by {title} "
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


def _where(fname, line, func):
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
