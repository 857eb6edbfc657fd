"""``dendria-widget puzzles``: mine a puzzle bank from play, check a bank
from scratch, count what a bank holds.

    dendria-widget puzzles mine --ruleset hedu --size 5 --games 20 \\
        --players greedy,random --seed 1 --workers 2 --out hedu.json
    dendria-widget puzzles check hedu.json
    dendria-widget puzzles count hedu.json
    dendria-widget puzzles bench              # puzzles mined per minute, 1 and 2 workers
"""

from __future__ import annotations

import argparse
import random
import signal
import sys
import threading
from collections import Counter
from typing import TYPE_CHECKING, Any, TextIO

from ..errors import DendriaError

if TYPE_CHECKING:
    from .puzzle import Puzzle

MINE_HELP = """\
Play GAMES games of a ruleset between two of the lab's players and keep the
positions where a goal is met by few whole turns of the side to move (each
proved by listing every whole turn). The bank is written to FILE after
every game (a temp file moved into place): Ctrl-C keeps what was mined and
the file names the games not played. The same seed mines the same bank on
any executor (--workers, --dask).
"""

CHECK_HELP = """\
Re-verify a bank from scratch: for every puzzle, list every whole turn from
its position and check that its solutions are exactly the turns that meet
its goal, that at most 10% of the whole turns do, and that each listed
wrong turn fails with the words the bank gives. Names each puzzle that
fails; exit status 1 when one does.
"""


def add_parser(sub: Any) -> None:
    """Add the ``puzzles`` subcommand to the main parser's subparsers."""
    p = sub.add_parser("puzzles", help="mine, check and count puzzle banks",
                       description=__doc__,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    psub = p.add_subparsers(dest="puzzles_command", metavar="ACTION")
    m = psub.add_parser("mine", help="mine puzzles from computer play", description=MINE_HELP,
                        formatter_class=argparse.RawDescriptionHelpFormatter)
    m.add_argument("--ruleset", default="dendria-classic",
                   help="dendria-classic (default), dendria-sprites or hedu")
    m.add_argument("--size", type=int, default=None, help="hexagon board of this side")
    m.add_argument("--board", default=None, help="a board preset name (instead of --size)")
    m.add_argument("--games", type=int, default=10, help="games to play (default 10)")
    m.add_argument("--first-game", type=int, default=0,
                   help="the index of the first game (to mine more games of one seed)")
    m.add_argument("--players", default="greedy,random", metavar="P,Q",
                   help="two players, e.g. greedy,random (default) or greedy,mcts:i50")
    m.add_argument("--seed", type=int, default=1, help="seed of the mining (default 1)")
    m.add_argument("--max-turns", type=int, default=60,
                   help="positions searched per game (default 60)")
    m.add_argument("--trim-trials", type=int, default=6,
                   help="trimming trials per puzzle (default 6)")
    m.add_argument("--goals", default=None, metavar="G,H",
                   help="keep only the puzzles of these goals (a run aimed at rare goals)")
    m.add_argument("--more", action="store_true",
                   help="add this run to the bank in FILE (same rules, another seed): its "
                        "new puzzles follow the bank's, and the run is listed in it")
    m.add_argument("--workers", type=int, default=None, help="local processes (default 1)")
    m.add_argument("--dask", default=None, metavar="SCHEDULER",
                   help="run on a Dask cluster: its scheduler address, or 'local'")
    m.add_argument("--out", required=True, metavar="FILE", help="the bank file to write")
    m.set_defaults(run=run_mine)
    c = psub.add_parser("check", help="re-verify a bank from scratch", description=CHECK_HELP,
                        formatter_class=argparse.RawDescriptionHelpFormatter)
    c.add_argument("file", metavar="FILE", help="a bank file (JSON)")
    c.add_argument("--sample", type=int, default=None,
                   help="check only this many puzzles, drawn with --seed")
    c.add_argument("--seed", type=int, default=0, help="the sample's seed")
    c.set_defaults(run=run_check)
    n = psub.add_parser("count", help="how many puzzles a bank holds, per goal")
    n.add_argument("file", metavar="FILE", help="a bank file (JSON)")
    n.set_defaults(run=run_count)
    b = psub.add_parser("bench", help="puzzles mined per minute on 1 and 2 workers")
    b.add_argument("--ruleset", default="hedu", help="the edition (default hedu)")
    b.add_argument("--size", type=int, default=4, help="hexagon side (default 4)")
    b.add_argument("--games", type=int, default=4, help="games mined (default 4)")
    b.add_argument("--max-turns", type=int, default=20,
                   help="positions searched per game (default 20)")
    b.set_defaults(run=run_bench)
    p.set_defaults(run=lambda args: (p.print_help(), 2)[1])


def run_mine(args: argparse.Namespace, out: TextIO | None = None) -> int:
    from ..lab import dask_executor
    from ..rules import resolve_rules
    from .mine import mine

    out = sys.stdout if out is None else out
    err = sys.stderr
    try:
        if args.size is not None and args.board is not None:
            raise DendriaError("give --size or --board, not both")
        rules = resolve_rules(args.ruleset, board=args.board, size=args.size).to_dict()
        players = [x.strip() for x in args.players.split(",")]
        goals = ([x.strip() for x in args.goals.split(",") if x.strip()]
                 if args.goals is not None else None)

        def progress(done: int, total: int, found: int, seconds: float) -> None:
            rate = found / seconds * 60 if seconds > 0 else 0.0
            err.write(f"\rgame {done} of {total}: {found} puzzles "
                      f"({rate:.1f} a minute)   ")
            err.flush()

        def stop(signum: int, frame: object) -> None:
            raise KeyboardInterrupt
        main = threading.current_thread() is threading.main_thread()
        with dask_executor(args.dask, args.workers) as executor:
            kwargs: dict[str, Any] = {} if executor is None else {"executor": executor}
            # stopped by SIGTERM as by Ctrl-C: what was mined is kept
            before = signal.signal(signal.SIGTERM, stop) if main else None
            try:
                bank = mine(rules, args.games, players, args.seed, out=args.out,
                            workers=args.workers, max_turns=args.max_turns,
                            progress=progress, first_game=args.first_game,
                            trim_trials=args.trim_trials, goals=goals, more=args.more,
                            **kwargs)
            except KeyboardInterrupt:
                err.write(f"\nstopped: what was mined is in {args.out} (the games not "
                          "played are listed under 'missing')\n")
                return 130
            finally:
                if main:
                    signal.signal(signal.SIGTERM, before)
    except DendriaError as e:
        out.write(f"error: {e}\n")
        return 1
    err.write("\n")
    if args.more:
        out.write(f"{bank['added']} puzzles from {args.games} "
                  f"games added to {args.out} ({len(bank['puzzles'])} in all)\n")
    else:
        out.write(f"{len(bank['puzzles'])} puzzles from {args.games} games written to "
                  f"{args.out}\n")
    return 0


def run_bench(args: argparse.Namespace) -> int:
    from .bench import run

    run(args.ruleset, args.size, args.games, max_turns=args.max_turns)
    return 0


def _bank(args: argparse.Namespace, out: TextIO) -> list[Puzzle] | None:
    """The puzzles of the bank ``args.file``, or None when it cannot be
    read (said on ``out``)."""
    from . import load

    try:
        return load(args.file)
    except DendriaError as e:
        out.write(f"error: {e}\n")
        return None


def run_check(args: argparse.Namespace, out: TextIO | None = None) -> int:
    from .puzzle import verify

    out = sys.stdout if out is None else out
    puzzles = _bank(args, out)
    if puzzles is None:
        return 1
    if args.sample is not None and args.sample < len(puzzles):
        puzzles = random.Random(args.seed).sample(puzzles, args.sample)
    failed = 0
    for p in puzzles:
        problems = verify(p)
        if problems:
            failed += 1
            out.write(f"{p.id} fails: {'; '.join(problems)}\n")
    out.write(f"{len(puzzles) - failed} of {len(puzzles)} puzzles hold"
              f"{'' if not failed else f'; {failed} fail'}\n")
    return 1 if failed else 0


def run_count(args: argparse.Namespace, out: TextIO | None = None) -> int:
    out = sys.stdout if out is None else out
    puzzles = _bank(args, out)
    if puzzles is None:
        return 1
    goals = Counter(p.goal for p in puzzles)
    out.write(f"{len(puzzles)} puzzles over {len(goals)} goals\n")
    for name, n in sorted(goals.items()):
        ratings = sorted(p.rating for p in puzzles if p.goal == name)
        out.write(f"  {name}: {n} (ratings {ratings[0]:.0f} to {ratings[-1]:.0f})\n")
    return 0
