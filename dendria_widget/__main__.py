"""Command line: ``dendria-widget`` (or ``python -m dendria_widget``).

Subcommands: ``analyze [FILE]`` (docs/notation.md), ``bench [--quick]``,
``tutorials [DIR]`` and ``lab`` (computer players play a rule variant; it
prints the lab's summary). Each subcommand is one ``add_parser`` in
:func:`build_parser` whose ``run`` default is the function that runs it.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import textwrap
from typing import Any, Sequence, TextIO

from .errors import BadFile, DendriaError
from .geometry import MAX_SIZE
from .tutorials import DEFAULT_DIR

PROG = "dendria-widget"
DESCRIPTION = ("Dendria and Hedu on hex boards: the tutorials, rule analysis and "
               "the engine benchmark.")

ANALYZE_HELP = """\
Read one JSON object from FILE (or standard input when FILE is missing or
'-') and print one JSON object: the analysis described in docs/notation.md.

Input keys (all optional; any other key is an error):
  rules     a rules dict, e.g.
            {"ruleset": "dendria-sprites", "board": {"shape": "hexagon", "size": 6},
             "options": {"superko": "off"}}
            When 'rules' is missing: {"ruleset": "dendria-classic"}, i.e.
            Dendria classic edition on the hexagon of side 7 with the
            edition's default options. 'board' and 'options' may be left out
            (the edition's defaults; boards: dendria-classic hexagon side 7,
            dendria-sprites side 6, hedu side 7).
  position  {"to_move": "dark", "pieces": {"g7": "dark seed"}, "komi": 0}
            (Hedu: "black"/"white", pieces like "white 2", and
            "prisoners": {"black": 0, "white": 0}). 'to_move' defaults to
            the first colour (dark, black), 'pieces' to an empty board.
            With a position the game is in normal play from that board (the
            only earlier board for repetition); without one it starts from
            its beginning, opening included.
  play      a list of step strings applied in order, e.g. ["plant e5", "end"].

Output (Dendria): to_move, phase, game_over, winner, position, legal_placements,
nourished, hungry, nourishers, fertilized, sprout_eligible, growable,
capturable, slides, score. (Hedu): to_move, phase, game_over, winner,
position, legal_placements, placement_heights, regions, score. Cell lists are
sorted by row, then index.

Exit status 0 with the analysis. Exit status 1 with {"error": {...}}:
  - a refused or unreadable step: {"error": {"index": i, "step": "...",
    "reason": "..."}}, i counting from 0 in 'play';
  - malformed input (bad JSON, unknown key, wrong type, unknown cell,
    piece, ruleset, option or value): {"error": {"reason": "..."}}.

Example:
  echo '{"play": ["plant g7", "end"]}' | dendria-widget analyze
"""

BENCH_HELP = """\
Time the engine on one core: random full-game playouts through the public
API (classic side 7, sprites side 6, a 13-module sprites board, Hedu side 7;
with --baseline PATH an older checkout too, side by side, and the ratios),
legal-step listing and all explanations on a mid-game side-9 position, and a
cProfile summary of the classic playout. Prints a table; not a test.
"""

TUTORIALS_HELP = f"""\
Copy the tutorial notebooks into DIR (default: ./{DEFAULT_DIR}), with the
rules and notation documents in DIR/docs, and say how to open them. A
notebook that is already in DIR is kept as it is, unless --overwrite.
"""


LAB_HELP = """\
Let two computer players play many games of a rule variant, or of several
side by side, and print the lab's table (docs/lab.md): win rates by colour,
seat and player with 95% Wilson intervals, draws, completion, timeouts, pie
swaps, balance, decisiveness, duration, board coverage, branching factor,
game-tree complexity, lead changes, stability and clarity of the lead,
repetition, score margin. With --variant, each variant's column stands
beside the base's (the rules of --ruleset, --size/--board and --option)
with the difference, its 95% interval and a test's p-value. Seats
alternate; every game's seed derives from --seed.

With --out FILE every game is written to FILE as it finishes (JSON lines,
the study's specification first): Ctrl-C, a failing game or a lost worker
keeps every finished game, and --resume FILE finishes the study with the
result an uninterrupted run gives. --shard K/N plays one machine's part;
--merge FILE FILE ... puts the parts together.

{players}

Examples:
  dendria-widget lab --ruleset dendria-classic --size 5 --option superko=off \\
      --players random,mcts:i100 --games 200 --seed 1 --workers 2 --out study.jsonl
  dendria-widget lab --size 5 --variant capture=unprotected --variant power_rule=true \\
      --games 200 --out variants.jsonl --plot variants.svg
  dendria-widget lab --resume study.jsonl
"""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG, description=DESCRIPTION,
        epilog=f"Run '{PROG} COMMAND --help' for a command's details. "
               f"The rules are in docs/rules.md; '{PROG} tutorials' copies them "
               "with the notebooks.")
    from . import __version__, accel
    parser.add_argument("--version", action="version",
                        version=f"{PROG} {__version__}; engine: {accel.describe()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    a = sub.add_parser("analyze", help="analyse a position given as JSON (docs/notation.md)",
                       description=ANALYZE_HELP,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    a.add_argument("file", nargs="?", metavar="FILE", default="-",
                   help="JSON input file (default: standard input)")
    a.add_argument("--pretty", action="store_true", help="indent the output JSON")
    a.set_defaults(run=lambda args: run_analyze(args.file, args.pretty))
    b = sub.add_parser("bench", help="benchmark the engine (prints figures)",
                       description=BENCH_HELP,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    b.add_argument("--quick", action="store_true", help="a short run (about 10 s)")
    b.add_argument("--no-profile", action="store_true", help="skip the cProfile section")
    b.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    b.add_argument("--baseline", metavar="PATH",
                   help="also time the package of an older checkout at PATH, side by side "
                        "(e.g. made with 'git worktree add /tmp/base 4d8fdf9')")
    b.add_argument("--reps", type=int, default=None,
                   help="repetitions of each playout series (default 5, quick 2)")
    b.set_defaults(run=run_bench)
    t = sub.add_parser("tutorials", help="copy the tutorial notebooks into a folder",
                       description=TUTORIALS_HELP,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    t.add_argument("dir", nargs="?", metavar="DIR", default=DEFAULT_DIR,
                   help=f"the folder to copy them into (default: {DEFAULT_DIR})")
    t.add_argument("--overwrite", action="store_true",
                   help="replace notebooks that are already in DIR")
    t.set_defaults(run=run_tutorials)
    from .players import names_help
    c = sub.add_parser("lab", help="computer players play rule variants (prints a table)",
                       description=LAB_HELP.format(players=textwrap.fill(
                           f"Players: {names_help()[4:]}.", 76)),
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    c.add_argument("--ruleset", default="dendria-classic",
                   help="dendria-classic (default), dendria-sprites or hedu")
    c.add_argument("--size", type=int, default=None,
                   help=f"hexagon board of this side (2 to {MAX_SIZE})")
    c.add_argument("--board", default=None, help="a board preset name (instead of --size)")
    c.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a rule option of the base, e.g. superko=off or dendrid_move_limit=5 "
                        "(repeat for several)")
    c.add_argument("--variant", action="append", default=[], metavar="NAME=VALUE[,...]",
                   help="a variant to compare with the base: its options changed, e.g. "
                        "capture=unprotected or power_rule=true,superko=off (repeat for "
                        "several)")
    c.add_argument("--players", default="random,greedy", metavar="A,B",
                   help="two players, e.g. random,mcts:i100 (default random,greedy)")
    c.add_argument("--games", type=int, default=20, help="games per variant (default 20)")
    c.add_argument("--seed", type=int, default=1, help="seed of the study (default 1)")
    c.add_argument("--workers", type=int, default=None,
                   help="local processes (default: the machine's cores)")
    c.add_argument("--dask", default=None, metavar="SCHEDULER",
                   help="run on a Dask cluster: its scheduler address, or 'local' for a "
                        "local cluster")
    c.add_argument("--max-steps", type=int, default=None,
                   help="the step cap: a game still going is cut (default 3000)")
    c.add_argument("--out", default=None, metavar="FILE",
                   help="the study file: every game written as it finishes (checked before "
                        "the first game; it must not exist yet)")
    c.add_argument("--resume", default=None, metavar="FILE",
                   help="finish the study in FILE (its rules, players and seed are read "
                        "from it)")
    c.add_argument("--merge", nargs="+", default=None, metavar="FILE",
                   help="put the parts of a study together (shards of several machines) "
                        "and print the table; with --out, write them as one study file")
    c.add_argument("--shard", default=None, metavar="K/N",
                   help="play only part K of N of the games (one machine's part)")
    c.add_argument("--window", type=int, default=None,
                   help="games in flight at once (default: four per worker)")
    c.add_argument("--plot", default=None, metavar="FILE",
                   help="also draw the comparison (.svg, .png or .pdf): the picture of "
                        "LabResult.plot()")
    c.add_argument("--save", default=None, metavar="DIR",
                   help="also write every game's record and the tables (CSV) in DIR")
    c.add_argument("--no-progress", action="store_true", help="no progress bar")
    c.add_argument("--backend", choices=("native", "python"), default=None,
                   help="the engine the players search with: native (the C++ kernel, "
                        "where built) or python (default: native where built)")
    c.set_defaults(run=run_lab)
    from .puzzles.cli import add_parser as add_puzzles_parser
    add_puzzles_parser(sub)     # puzzles mine / check / count
    return parser


def _read_input(path: str) -> bytes | str:
    if path == "-":
        stream = sys.stdin
        buf = getattr(stream, "buffer", None)
        return buf.read() if buf is not None else stream.read()
    from .files import read_bytes
    return read_bytes(path, what="the input")   # a FIFO or a device: refused at once


def run_analyze(path: str, pretty: bool = False, out: TextIO | None = None) -> int:
    """Run ``analyze`` on a file (or '-' for stdin); print; return the exit status."""
    from .analyze import analyze, dumps

    out = sys.stdout if out is None else out
    try:
        try:
            text = _read_input(path)
        except BadFile as e:
            result, status = {"error": {"reason": str(e)}}, 1
        except OSError as e:        # standard input
            result, status = {"error": {"reason": f"cannot read the standard input: "
                                                  f"{e.strerror or e}"}}, 1
        else:
            result, status = analyze(text)
        text = dumps(result, pretty)
    except Exception as e:  # noqa: BLE001 - never a traceback
        reason = f"internal error (a bug in dendria-widget): {type(e).__name__}: {e}"
        text = json.dumps({"error": {"reason": reason}})
        status = 1
    out.write(text + "\n")
    out.flush()
    return status


def run_bench(args: argparse.Namespace) -> int:
    from .bench import run
    return run(quick=args.quick, profile=not args.no_profile, seed=args.seed,
               baseline=args.baseline, reps=args.reps)


def run_tutorials(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """Copy the tutorials into args.dir and say how to open them."""
    from .tutorials import copy_tutorials, trust_own_tutorials

    out = sys.stdout if out is None else out
    try:
        copied = copy_tutorials(args.dir, overwrite=args.overwrite)
    except DendriaError as e:
        sys.stderr.write(f"error: {e}\n")
        return 1
    new = len(copied.notebooks) - sum(p.suffix == ".ipynb" for p in copied.kept)
    out.write(f"Copied {new} tutorial notebook{'s' if new != 1 else ''} into "
              f"{copied.folder}{os.sep} (the rules are in {copied.folder / 'docs'}).\n")
    for path in copied.kept:
        if path.suffix == ".ipynb":
            out.write(f"Kept {path}: it was there already (--overwrite replaces it).\n")
    kept = set(copied.kept)
    try:
        trusted = trust_own_tutorials([p for p in copied.notebooks if p not in kept])
        if trusted.signed:
            out.write("Marked them as trusted for your Jupyter, so that their saved "
                      "pictures follow its theme.\n")
        for path, why in trusted.refused:
            out.write(f"Left {path} untrusted: {why}.\n")
    except DendriaError as e:
        sys.stderr.write(f"warning: {e}; their saved pictures stay light until "
                         f"their cells run\n")
    # the package needs no Jupyter server (it runs in JupyterLite as well)
    out.write("Open them in JupyterLab (install it first with 'pip install jupyterlab' "
              f"if this Python has none):\n    jupyter lab {copied.first}\n")
    return 0


def _option_value(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return text


def _options(items: Sequence[str]) -> dict[str, Any]:
    """NAME=VALUE items (each may hold several, split by commas) as a dict."""
    options: dict[str, Any] = {}
    for item in items:
        for part in item.split(","):
            name, eq, value = part.partition("=")
            if not eq or not name.strip():
                raise DendriaError(f"an option is written NAME=VALUE, like superko=off, "
                                   f"not {part!r}")
            options[name.strip()] = _option_value(value.strip())
    return options


def _shard(text: str | None) -> tuple[int, int] | None:
    if text is None:
        return None
    k, slash, n = text.partition("/")
    try:
        part, parts = int(k), int(n)
    except ValueError:
        part = parts = 0
    if not slash or not 1 <= part <= parts:
        raise DendriaError(f"a shard is written K/N with 1 <= K <= N, like 1/2, not {text!r}")
    return (part - 1, parts)


def run_lab(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """The ``lab`` subcommand: run the study (or resume or merge one),
    print the table; returns the exit status (1 with a sentence on bad
    input or a failed game, 130 when interrupted)."""
    from . import lab

    out = sys.stdout if out is None else out
    try:
        if args.plot:
            lab.check_plot_path(args.plot)
        if args.merge:
            result = lab.LabResult.merge(*args.merge)
            if args.out:
                result.write(args.out)
        else:
            result = _lab_study(args)
    except lab.StudyIncomplete as e:
        out.write(f"error: {e}\n")
        out.flush()
        return 130 if e.interrupted else 1
    except DendriaError as e:
        out.write(f"error: {e}\n")
        return 1
    out.write(lab.summary_text(result) + "\n")
    try:
        if args.plot:
            out.write(f"plot written to {lab.write_plot(result, args.plot)}\n")
        if args.out and not args.merge:
            out.write(f"the study is in {args.out}\n")
        elif args.out:
            out.write(f"the merged study is in {args.out}\n")
        if args.save:
            out.write(f"records and tables written to {result.save(args.save)}\n")
    except DendriaError as e:
        out.write(f"error: {e}\n")
        return 1
    return 0


def _lab_study(args: argparse.Namespace) -> Any:
    from . import lab

    kwargs: dict[str, Any] = {"workers": args.workers, "progress": not args.no_progress,
                              "window": args.window}
    if args.resume:
        if args.out or args.variant or args.option or args.shard:
            raise DendriaError("--resume reads the study's rules, players and seed from its "
                               "file: give it alone (with --workers, --dask, --plot or --save)")
        study = None
    else:
        options = _options(args.option)
        board: dict[str, Any] | None = None
        if args.size is not None and args.board is not None:
            raise DendriaError("give --size or --board, not both")
        if args.size is not None:
            board = {"shape": "hexagon", "size": args.size}
        elif args.board is not None:
            from .rules import resolve_rules
            board = resolve_rules(args.ruleset, board=args.board).board.spec
        base: dict[str, Any] = {"ruleset": args.ruleset, "options": options}
        if board is not None:
            base["board"] = board
        variants = [base] + [dict(base, options={**options, **_options([v])})
                             for v in args.variant]
        players = [p.strip() for p in args.players.split(",")]
        if args.max_steps is not None:
            kwargs["max_steps"] = args.max_steps
        study = dict(variants=variants, players=players, games=args.games, seed=args.seed,
                     out=args.out, shard=_shard(args.shard), backend=args.backend)
    with lab.dask_executor(args.dask, args.workers) as executor:
        if executor is not None:
            kwargs["executor"] = executor
        if study is None:
            return lab.resume(args.resume, **kwargs)
        return lab.run(**study, **kwargs)


def main(argv: Sequence[str] | None = None) -> int:

    """Entry point; returns the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # --help, or a usage error (already printed)
        return e.code if isinstance(e.code, int) else 2
    try:
        if getattr(args, "run", None) is not None:
            return args.run(args)
    except BrokenPipeError:  # the reader went away (e.g. `| head`): stop quietly
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError, AttributeError):
            pass
        return 1
    except KeyboardInterrupt:
        sys.stderr.write("interrupted\n")
        return 130
    parser.print_help()
    return 2


if __name__ == "__main__":
    sys.exit(main())
