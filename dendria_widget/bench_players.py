"""How strong the computer players are: win rates with 95% Wilson intervals.

``python -m dendria_widget.bench_players`` plays, through the lab (seats
alternating), MCTS against random, MCTS against greedy and greedy against
random on classic side 5, sprites side 5 and Hedu side 5, and prints each
pairing's win rate with its interval next to the issue's target (MCTS at
1 s a turn: >= 90% against random, >= 70% against greedy; greedy >= 80%
against random, over at least 100 games). A benchmark, not a test: the
figures depend on the machine (a time budget thinks as far as it lets it).

    python -m dendria_widget.bench_players --games 100 --seconds 1 --workers 2
    python -m dendria_widget.bench_players --games 20 --seconds 0.2 --rulesets classic
    python -m dendria_widget.bench_players --skill-trace --rulesets classic --games 20

``--skill-trace`` instead runs :func:`dendria_widget.lab.skill_trace`: MCTS at
1, 2, 4, ... times the iterations against its double.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Sequence, TextIO

from . import lab

RULESETS = {"classic": "dendria-classic", "sprites": "dendria-sprites", "hedu": "hedu"}
# (player A, player B, the target win rate of A)
PAIRS = {"mcts-random": ("mcts", "random", 0.90), "mcts-greedy": ("mcts", "greedy", 0.70),
         "greedy-random": ("greedy", "random", 0.80)}


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m dendria_widget.bench_players",
                                description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=100, help="games per pairing (default 100)")
    p.add_argument("--seconds", type=float, default=1.0, help="MCTS seconds a turn (default 1)")
    p.add_argument("--iterations", type=int, default=None,
                   help="MCTS iterations a turn instead of seconds (reproducible)")
    p.add_argument("--size", type=int, default=5, help="hexagon side (default 5)")
    p.add_argument("--rulesets", default="classic,sprites,hedu",
                   help="comma-separated: classic, sprites, hedu")
    p.add_argument("--pairs", default=",".join(PAIRS),
                   help=f"comma-separated pairings (default {','.join(PAIRS)})")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=int, default=1, help="local processes (default 1)")
    p.add_argument("--no-progress", action="store_true")
    p.add_argument("--skill-trace", action="store_true",
                   help="instead: the skill trace, MCTS at --iterations (default 1) x 1, 2, "
                        "4, ... a turn against its double, on the first of --rulesets")
    p.add_argument("--doublings", type=int, default=4,
                   help="levels of the skill trace (default 4)")
    return p


def run_skill_trace(args: argparse.Namespace, out: TextIO) -> int:
    """The skill trace: does skill matter, and how deep does it go?"""
    ruleset = RULESETS[args.rulesets.split(",")[0].strip()]
    base = args.iterations or 1
    out.write(f"skill trace: {ruleset}, hexagon side {args.size}, MCTS at {base} x 1, 2, 4, "
              f"... iterations a turn against its double, {args.games} games a level, "
              f"seats alternating, seed {args.seed}, {args.workers} worker(s)\n\n")
    for level in range(args.doublings):      # each level printed as soon as it is played
        t0 = time.perf_counter()
        trace = lab.skill_trace({"ruleset": ruleset,
                                 "board": {"shape": "hexagon", "size": args.size}},
                                iterations=base * 2 ** level, doublings=1, games=args.games,
                                seed=args.seed, workers=args.workers,
                                progress=not args.no_progress)
        lines = lab.skill_trace_text(trace).splitlines()
        out.write((lines[0] + f"{'secs':>7}\n" if level == 0 else "")
                  + lines[1] + f"{time.perf_counter() - t0:>7.0f}\n")
        out.flush()
    return 0


def run(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    out = sys.stdout if out is None else out
    args = build_parser().parse_args(argv)
    if args.skill_trace:
        return run_skill_trace(args, out)
    from .players import player_kind
    budget = f"i{args.iterations}" if args.iterations else f"{args.seconds:g}"
    mcts = player_kind("mcts").make(args.seed, budget).name     # the registry's name
    out.write(f"players' strength: {args.games} games per pairing, seats alternating, "
              f"hexagon side {args.size}, seed {args.seed}, {args.workers} worker(s), "
              f"MCTS as {mcts}\n")
    out.write(f"command: python -m dendria_widget.bench_players {' '.join(argv or sys.argv[1:])}"
              "\n\n")
    out.write(f"{'ruleset':<17}{'A against B':<26}{'A wins':>8}{'95% interval':>17}"
              f"{'draws':>7}{'target':>8}  verdict{'':>22}secs\n")
    for a, b, _target in PAIRS.values():     # the pairings name players of the registry
        player_kind(a), player_kind(b)
    for key in args.rulesets.split(","):
        ruleset = RULESETS[key.strip()]
        for pair in args.pairs.split(","):
            a, b, target = PAIRS[pair.strip()]
            names = [mcts if x == "mcts" else x for x in (a, b)]
            t0 = time.perf_counter()
            result = lab.run({"ruleset": ruleset,
                              "board": {"shape": "hexagon", "size": args.size}},
                             names, games=args.games, seed=args.seed, workers=args.workers,
                             progress=not args.no_progress)
            secs = time.perf_counter() - t0
            s = result.summary().iloc[0]
            rate, low, high = s["a_win_rate"], s["a_win_rate_low"], s["a_win_rate_high"]
            if low >= target:
                verdict = "meets the target"
            elif high < target:
                verdict = "below the target"
            else:
                verdict = "undecided (interval)"
            out.write(f"{ruleset:<17}{names[0] + ' vs ' + names[1]:<26}{rate:>8.2f}"
                      f"{f'[{low:.2f}, {high:.2f}]':>17}{s['draw_rate']:>7.2f}{target:>8.2f}"
                      f"  {verdict:<29}{secs:>5.0f}\n")
            out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(run())
