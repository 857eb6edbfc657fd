"""The variant lab: computer players play many games of rule variants, and
the lab reports what each variant does.

>>> from dendria_widget import lab
>>> result = lab.run([{"ruleset": "dendria-classic", "board": {"shape": "hexagon", "size": 4}},
...                   {"ruleset": "dendria-classic", "board": {"shape": "hexagon", "size": 4},
...                    "options": {"capture": "unprotected"}}],
...                  ["random", "greedy"], games=20, seed=1)      # doctest: +SKIP
>>> result.games          # one row per game (pandas DataFrame)       # doctest: +SKIP
>>> result.summary()      # one row per variant, with 95% intervals    # doctest: +SKIP
>>> result.plot()         # matplotlib figure, variants side by side   # doctest: +SKIP
>>> result.compare()      # each metric beside the base's: difference, interval, test  # doctest: +SKIP
>>> result.save("study")  # every game as a record, and the tables as CSV  # doctest: +SKIP

With ``out="study.jsonl"`` a study is a file, written as its games finish:
``lab.resume(file)`` finishes an interrupted one, ``LabResult.load(file)``
reads one and ``LabResult.merge(...)`` puts parts played apart together.
Every metric is defined in docs/lab.md. Games run in local processes
(``workers=``) or on any ``concurrent.futures.Executor`` (``executor=``),
e.g. a Dask cluster's ``distributed.Client(...).get_executor()``. Each game's
seed is derived from ``seed``, the variant's index and the game's index, so
the same seeds give the same ``games`` table whatever the executor and the
number of workers (with iteration budgets: a player with a time budget
thinks as far as the machine lets it).
"""

from __future__ import annotations

import concurrent.futures as cf
import contextlib
import hashlib
import json
import math
import os
from pathlib import Path
from typing import (IO, TYPE_CHECKING, Any, Callable, Iterable, Iterator, Protocol, Sequence,
                    Union, cast, overload)

from .errors import DendriaError
from .game import Game, RulesSpec
from .notation import Step
from .players import (SEATS, Player, player_from_name, player_from_spec, player_spec,
                      play_game, seats)
from .rules import resolve_rules
from .rules.options import Rules

if TYPE_CHECKING:  # for the type hints only
    import pandas as pd
    from matplotlib.figure import Figure

#: one lab game to play (what ``play_one`` takes): the rules as a dict, the
#: variant's index, the game's index, its seed, the two players (A, B),
#: their labels and the step cap
LabTask = tuple[dict[str, Any], int, int, int, Sequence[Player], Sequence[str], Union[int, None]]

Z95 = 1.959963984540054
DEFAULT_MAX_STEPS = 3000
GAME_COLUMNS = ["variant", "game", "seed", "first", "second", "dark", "light", "winner",
                "winner_seat", "score_dark", "score_light", "margin", "turns", "steps", "end",
                "player_a_seat", "coverage", "branching", "lead_changes", "decided_at",
                "swapped", "stability", "clarity", "tree_log10", "repetition", "iterations_a",
                "iterations_b"]
ENDS = ("passes", "move-limit", "no-placement", "step-cap")
FLOAT_COLUMNS = ("coverage", "branching", "decided_at", "stability", "clarity", "tree_log10",
                 "repetition", "iterations_a", "iterations_b")
#: the first line of a study file names its format
STUDY_FORMAT = "dendria-widget study"
STUDY_VERSION = 1


# ------------------------------------------------------------- helpers
def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval (low, high) of a proportion; (nan, nan)
    when n is 0."""
    if n == 0:
        return (math.nan, math.nan)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return (low, high)


@contextlib.contextmanager
def dask_executor(address: str | None, workers: int | None = None) -> Iterator[cf.Executor | None]:
    """The executor of a Dask cluster, for as long as the ``with`` lasts:
    ``address`` its scheduler's address, or ``"local"`` for a local cluster
    of ``workers`` processes (default 2), one thread each; None (no
    address): no executor. The client (and the local cluster) are closed
    at the end. The one way the command line's ``lab`` and ``puzzles mine``
    reach Dask."""
    if not address:
        yield None
        return
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise DendriaError("--dask needs the 'distributed' package (pip install "
                           "distributed)") from None
    cluster = client = None
    try:
        if address == "local":
            cluster = LocalCluster(n_workers=workers or 2, threads_per_worker=1)
            client = Client(cluster)
        else:
            client = Client(address)
        yield client.get_executor()
    finally:
        if client is not None:
            client.close()
        if cluster is not None:
            cluster.close()


def derive_seed(seed: int, *parts: object) -> int:
    """A 32-bit seed from a seed and labels (the same on every machine)."""
    text = "/".join(str(p) for p in (seed,) + parts)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:4], "little")


def end_kind(game: Game, cut: bool) -> str:
    """How a game ended: passes, move-limit, no-placement (the value of its
    ``outcome.termination``) or step-cap (``cut``: stopped before its end)."""
    outcome = game.outcome
    if cut or outcome is None:
        return "step-cap"
    return outcome.termination.value


def variant_label(rules: RulesSpec) -> str:
    """A short name of a variant (a rules dict or Rules): ruleset, board and
    the changed options, e.g. 'dendria-classic side 5 superko=off'."""
    d = resolve_rules(rules).to_dict()
    board = d["board"]
    if board.get("shape") == "hexagon":
        where = f"side {board['size']}"
    else:
        where = f"{len(board.get('modules', ()))} modules"
    opts = " ".join(f"{k}={json.dumps(v) if not isinstance(v, str) else v}"
                    for k, v in sorted(d["options"].items()))
    return " ".join(x for x in (d["ruleset"], where, opts) if x)


def _rules_list(variants: RulesSpec | Iterable[RulesSpec]) -> list[Rules]:
    if isinstance(variants, (dict, str)) or hasattr(variants, "ruleset"):
        variants = [cast(RulesSpec, variants)]    # one variant
    try:
        variants = list(variants)
    except TypeError:
        raise DendriaError("variants are a rules dict or a list of them, like "
                           "[{'ruleset': 'dendria-classic', 'board': {'shape': 'hexagon', "
                           "'size': 5}}]") from None
    if not variants:
        raise DendriaError("give at least one variant to play")
    return [resolve_rules(v) for v in variants]


def _labels(players: Sequence[str | Player]) -> tuple[list[Player], list[str]]:
    if isinstance(players, (str, bytes)) or len(players) != 2:
        raise DendriaError("players are a pair, like ['random', 'mcts:0.2']")
    made = [player_from_name(p) for p in players]
    names = [p.name for p in made]
    if names[0] == names[1]:
        names = [f"{names[0]} (A)", f"{names[1]} (B)"]
    return made, names


# ------------------------------------------------------------ one game
def _per_turn(player: Player) -> float | None:
    """The search iterations a turn a player did in its game (None for a
    player that does not search)."""
    if not player.turns_chosen or not player.iterations_done:
        return None
    return player.iterations_done / player.turns_chosen


def play_one(task: LabTask) -> dict[str, dict[str, Any]]:
    """Play one lab game; returns {"row": ..., "record": ...} (plain data).
    A top-level function so that any executor can run it."""
    rules_dict, v, g, game_seed, players, names, max_steps = task
    a_first = g % 2 == 0                         # seats alternate
    order = (0, 1) if a_first else (1, 0)
    first, second = (players[i].with_seed(derive_seed(game_seed, SEATS[k]))
                     for k, i in enumerate(order))
    game = Game(resolve_rules(rules_dict))
    colours = game.variant.colours
    plots = game.board.n_plots
    covered: set[str] = set()
    leaders: list[int | None] = []
    margins: list[float] = []
    branching = [len(game.legal_steps())]
    seen: set[tuple[str, frozenset[tuple[str, str]]]] = set()
    repeats = 0
    swapped = False

    def on_turn(game: Game, turn: list[Step]) -> None:
        nonlocal repeats, swapped
        pieces = game.pieces
        covered.update(pieces)
        lead = game.leader
        leaders.append(None if lead == "draw" else colours.index(lead))
        score = game.score()
        margins.append(score[colours[0]]["total"] - score[colours[1]]["total"])
        where = (game.to_move, frozenset(pieces.items()))
        repeats += where in seen
        seen.add(where)
        swapped = swapped or any(st[0] == "swap" for st in turn)
        if not game.is_over:
            branching.append(len(game.legal_steps()))

    play_game(game, first, second, max_steps=max_steps, on_turn=on_turn)
    outcome = game.outcome
    cut = outcome is None
    held = seats(game)
    seat_of = {held[s]: s for s in SEATS}
    w = None if outcome is None else outcome.winner
    winner = None if w is None else ("draw" if w == "draw" else ("dark", "light")[colours.index(w)])
    score = game.score()
    sd, sl = (score[c]["total"] for c in colours)
    turns = len(game.history)
    decided: float | None = None
    if winner in ("dark", "light"):
        wi = ("dark", "light").index(winner)
        lost = [k for k, who in enumerate(leaders) if who != wi]
        decided = (lost[-1] + 1 if lost else 0) / max(turns, 1)
    strict = [x for x in leaders if x is not None]
    changes = sum(1 for x, y in zip(strict, strict[1:]) if x != y)
    mean_margin = sum(margins) / len(margins) if margins else 0.0
    row = {
        "variant": v, "game": g, "seed": game_seed,
        "first": names[order[0]], "second": names[order[1]],
        "dark": seat_of[colours[0]], "light": seat_of[colours[1]],
        "winner": winner,
        "winner_seat": None if w is None or w == "draw" else seat_of[w],
        "score_dark": sd, "score_light": sl, "margin": sd - sl,
        "turns": turns, "steps": game.step_count, "end": end_kind(game, cut),
        "player_a_seat": "first" if a_first else "second",
        "coverage": len(covered) / plots,
        "branching": sum(branching) / len(branching),
        "lead_changes": changes,
        "decided_at": decided,
        "swapped": swapped,
        "stability": (sum((x - mean_margin) ** 2 for x in margins) / (len(margins) - 1)
                      if len(margins) > 1 else 0.0),
        "clarity": (sum(abs(x) for x in margins) / len(margins) / plots) if margins else 0.0,
        "tree_log10": sum(math.log10(b) for b in branching if b > 0),
        "repetition": repeats / max(turns, 1),
        # the search iterations a turn each player did (None: no search)
        "iterations_a": _per_turn(first if a_first else second),
        "iterations_b": _per_turn(second if a_first else first),
    }
    game.comment(f"lab game {g} of variant {v} ({variant_label(game.rules)}): "
                 f"{row['first']} (first) against {row['second']} (second), seed {game_seed}", 0)
    return {"row": row, "record": game.to_record()}


# ------------------------------------------------------------ studies
class StudyIncomplete(DendriaError):
    """A study stopped before its last game (interrupted, or a game
    failed): every finished game is kept (in ``path`` when the study has a
    file, and in ``partial``, a :class:`LabResult`), ``failures`` says which
    games failed and why, and ``missing`` how many were not played."""

    def __init__(self, message: str, partial: LabResult, path: Path | None,
                 failures: list[dict[str, Any]], missing: int, interrupted: bool) -> None:
        super().__init__(message)
        self.partial = partial
        self.path = path
        self.failures = failures
        self.missing = missing
        self.interrupted = interrupted


def _spec(rules: list[Rules], made: Sequence[Player], names: Sequence[str], games: int,
          seed: int, max_steps: int | None, shard: tuple[int, int] | None,
          executor: str) -> dict[str, Any]:
    """The head line of a study file: everything that decides its games."""
    from . import __version__
    return {"format": STUDY_FORMAT, "version": STUDY_VERSION,
            "variants": [r.to_dict() for r in rules], "players": list(names),
            "player_specs": [_spec_or_none(p) for p in made], "games": games, "seed": seed,
            "max_steps": max_steps, "shard": list(shard) if shard else None,
            "executor": executor, "package": __version__}


def _spec_or_none(player: Player) -> dict[str, Any] | None:
    """A registry player as data; None for a player of another class (a
    study with one can run, but not be resumed from its file)."""
    try:
        return player_spec(player)
    except DendriaError:
        return None


def _check_out(out: str | os.PathLike[str], new: bool) -> Path:
    """The study file's path, checked before the first game: a regular file
    that can be written (``new``: that does not exist yet)."""
    if isinstance(out, bool) or not isinstance(out, (str, os.PathLike)):
        raise DendriaError(f"the study file is a path, not {out!r}")
    path = Path(out)
    text = os.fspath(path)
    if path.is_dir():
        raise DendriaError(f"{text} is a folder: the study file is one file (e.g. study.jsonl)")
    if new and path.exists():
        raise DendriaError(f"{text} already exists: finish that study with --resume {text} "
                           "(lab.resume), or choose another file name")
    if not new and not path.is_file():
        raise DendriaError(f"{text} is not a study file" if path.exists()
                           else f"there is no study file {text}")
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise DendriaError(f"the folder {os.fspath(parent)} does not exist: {text} cannot "
                           "be written")
    if not os.access(parent, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise DendriaError(f"{text} cannot be written here (no permission)")
    return path


def _readable(path: str | os.PathLike[str]) -> Path:
    """A study file to read: a regular file (a FIFO or a device is refused
    at once)."""
    if isinstance(path, bool) or not isinstance(path, (str, os.PathLike)):
        raise DendriaError(f"a study file is a path, not {path!r}")
    file = Path(path)
    if not file.exists():
        raise DendriaError(f"there is no study file {os.fspath(file)}")
    if not file.is_file():
        raise DendriaError(f"{os.fspath(file)} is not a regular file: it holds no study")
    return file


def _check_games(games: int, seed: int, max_steps: int | None, workers: int | None,
                 shard: tuple[int, int] | None, window: int | None) -> None:
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise DendriaError(f"games is a whole number >= 1, not {games!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise DendriaError(f"the seed is a whole number, not {seed!r}")
    if max_steps is not None and (isinstance(max_steps, bool) or not isinstance(max_steps, int)
                                  or max_steps < 1):
        raise DendriaError(f"max_steps is a whole number >= 1 or None, not {max_steps!r}")
    for label, x in (("workers", workers), ("window", window)):
        if x is not None and (isinstance(x, bool) or not isinstance(x, int) or x < 1):
            raise DendriaError(f"{label} is a whole number >= 1, not {x!r}")
    if shard is not None:
        ok = (isinstance(shard, (tuple, list)) and len(shard) == 2
              and all(isinstance(x, int) and not isinstance(x, bool) for x in shard)
              and 0 <= shard[0] < shard[1])
        if not ok:
            raise DendriaError(f"a shard is (part, parts) with 0 <= part < parts, like (0, 2), "
                               f"not {shard!r}")


def _executor_words(executor: cf.Executor | None, workers: int | None) -> str:
    if executor is not None:
        return f"an executor ({type(executor).__module__}.{type(executor).__name__})"
    n = workers or os.cpu_count() or 1
    return "this process" if n == 1 else f"{n} local processes"


def run(variants: RulesSpec | Iterable[RulesSpec], players: Sequence[str | Player],
        games: int = 10, seed: int = 0, executor: cf.Executor | None = None,
        workers: int | None = None, max_steps: int | None = DEFAULT_MAX_STEPS,
        progress: bool = True, out: str | os.PathLike[str] | None = None,
        shard: tuple[int, int] | None = None, window: int | None = None,
        backend: str | None = None) -> LabResult:
    """Play ``games`` games of every variant between two players, seats
    alternating (player A is first in even games), and return a
    :class:`LabResult`.

    ``variants``: a docs/notation.md rules dict or a list of them (the first
    is the base that the others are compared with); ``players``: two Player
    objects or names (:func:`dendria_widget.players.names_help`).
    ``executor``: any ``concurrent.futures.Executor``; without one,
    ``workers`` local processes (default: the machine's cores; 1 plays in
    this process). At most ``window`` games are in flight at once (default:
    four per worker), so memory stays flat however many games a study has.
    ``max_steps``: the step cap (a game still going then is cut and counted
    as a timeout). ``progress``: a progress bar (games done, rate, time
    left).

    ``out``: the study file (JSON lines, docs/lab.md): its specification
    first, then one line per game as it finishes, flushed; checked before
    the first game. :func:`resume` finishes an interrupted study and
    :meth:`LabResult.load` reads one. ``shard=(k, n)`` plays only the games
    whose index is k modulo n (one machine's part; :meth:`LabResult.merge`
    puts the parts together). ``backend``: the engine the players search
    with, ``"native"`` (the C++ kernel, dendria_widget/native.py) or
    ``"python"``; None: native where it is built and holds the game.

    Ctrl-C or a failing game stops the study: the finished games are kept
    (in ``out``) and a :class:`StudyIncomplete` says what failed and what is
    missing."""
    rules = _rules_list(variants)
    made, names = _labels(players)
    if backend is not None:
        made = [p.with_backend(backend) for p in made]
    _check_games(games, seed, max_steps, workers, shard, window)
    path = None if out is None else _check_out(out, new=True)
    spec = _spec(rules, made, names, games, seed, max_steps,
                 (shard[0], shard[1]) if shard else None, _executor_words(executor, workers))
    if path is not None and None in spec["player_specs"]:
        raise DendriaError("a study written to a file is played by the registry's players "
                           "(random, greedy, mcts and their options), so that it can be "
                           "resumed: use those, or no out file")
    return _play_study(spec, made, path, set(), executor, workers, progress, window)


def resume(path: str | os.PathLike[str], executor: cf.Executor | None = None,
           workers: int | None = None, progress: bool = True,
           window: int | None = None) -> LabResult:
    """Finish the study in the file ``path`` (written by :func:`run` with
    ``out=``): the games it lacks are played and appended. The result is
    the one an uninterrupted run with the same seed gives."""
    file = _check_out(path, new=False)
    spec, done, _failed, end = _scan(file)
    _check_games(spec["games"], spec["seed"], spec["max_steps"], workers,
                 tuple(spec["shard"]) if spec.get("shard") else None, window)
    if end is not None:            # a line cut half-way (the process was killed)
        with open(file, "r+b") as f:
            f.truncate(end)
    made = [player_from_spec(p) for p in spec["player_specs"]]
    return _play_study(spec, made, file, done, executor, workers, progress, window)


def _wanted(spec: dict[str, Any]) -> Iterator[tuple[int, int]]:
    shard = spec.get("shard")
    for v in range(len(spec["variants"])):
        for g in range(spec["games"]):
            if shard is None or g % shard[1] == shard[0]:
                yield v, g


def _play_study(spec: dict[str, Any], made: Sequence[Player], path: Path | None,
                done: set[tuple[int, int]], executor: cf.Executor | None, workers: int | None,
                progress: bool, window: int | None) -> LabResult:
    names = spec["players"]
    seed, max_steps = spec["seed"], spec["max_steps"]
    total = sum(1 for _ in _wanted(spec))
    todo = ((v, g) for v, g in _wanted(spec) if (v, g) not in done)

    def task(v: int, g: int) -> LabTask:
        return (spec["variants"][v], v, g, derive_seed(seed, v, g), made, names, max_steps)

    sink = _Sink(spec, path)
    bar = _bar(total, progress, initial=len(done))
    failures: list[dict[str, Any]] = []
    interrupted = False
    own: cf.Executor | None = None
    try:
        try:
            if executor is None and (workers or os.cpu_count() or 1) == 1:
                for v, g in todo:
                    try:
                        sink.add(play_one(task(v, g)))
                    except Exception as e:  # noqa: BLE001 - said in words, the study stops
                        failures.append(sink.failed(v, g, e))
                        break
                    bar.update(1)
            else:
                if executor is None:       # Ctrl-C is the study's to handle, not a worker's
                    own = executor = cf.ProcessPoolExecutor(max_workers=workers,
                                                            initializer=_ignore_interrupts)
                limit = window or 4 * (workers or os.cpu_count() or 1)
                pending: dict[cf.Future[dict[str, dict[str, Any]]], tuple[int, int]] = {}
                stopping = False
                while True:
                    while not stopping and len(pending) < limit:
                        nxt = next(todo, None)
                        if nxt is None:
                            break
                        pending[executor.submit(play_one, task(*nxt))] = nxt
                    if not pending:
                        break
                    finished, _ = cf.wait(pending, return_when=cf.FIRST_COMPLETED)
                    for fut in finished:
                        v, g = pending.pop(fut)
                        try:
                            played = fut.result()
                        except Exception as e:  # noqa: BLE001 - said in words, the study stops
                            failures.append(sink.failed(v, g, e))
                            stopping = True       # the games in flight may still finish
                            continue
                        sink.add(played)
                        bar.update(1)
                    del finished
        except KeyboardInterrupt:
            interrupted = True
    finally:
        bar.close()
        if own is not None:
            if interrupted:     # the games in flight are dropped (said below): stop at once
                procs: dict[int, Any] = getattr(own, "_processes", None) or {}
                for proc in list(procs.values()):
                    proc.terminate()
            own.shutdown(wait=not interrupted, cancel_futures=True)
        sink.close()
    result = sink.result()
    if failures or interrupted:
        kept = len(done) + sink.count
        missing = total - kept
        where = "" if path is None else f" in {os.fspath(path)}"
        why = "interrupted" if interrupted else "stopped"
        words = [f"the study was {why}: {kept} of {total} games are finished and kept{where}, "
                 f"{missing} not played"]
        for f in failures[:3]:
            words.append(f"game {f['game']} of variant {f['variant']} failed: {f['error']}")
        if len(failures) > 3:
            words.append(f"and {len(failures) - 3} more games failed")
        if path is not None:
            words.append(f"finish it with: dendria-widget lab --resume {os.fspath(path)} "
                         f"(or lab.resume)")
        raise StudyIncomplete("; ".join(words), result, path, failures, missing, interrupted)
    return result


def _ignore_interrupts() -> None:
    """A local worker process leaves Ctrl-C to the study (which keeps what
    finished and says what did not) instead of printing a traceback."""
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class _Sink:
    """Where finished games go: the study file (one flushed line each, the
    specification first) or, without one, this process's memory."""

    def __init__(self, spec: dict[str, Any], path: Path | None) -> None:
        self.spec = spec
        self.path = path
        self.count = 0
        self.rows: list[dict[str, Any]] = []
        self.records: list[dict[str, Any]] = []
        self.file: IO[str] | None = None
        if path is not None:
            try:
                if path.exists():
                    self.file = open(path, "a", encoding="utf-8")
                else:
                    self.file = open(path, "x", encoding="utf-8")
                    self._write({"study": spec})
            except OSError as e:
                raise DendriaError(f"{os.fspath(path)} cannot be written: "
                                   f"{e.strerror or e}") from None

    def _write(self, obj: dict[str, Any]) -> None:
        assert self.file is not None
        self.file.write(json.dumps(obj, separators=(",", ":"), allow_nan=False) + "\n")
        self.file.flush()

    def add(self, result: dict[str, dict[str, Any]]) -> None:
        row = _plain(result["row"])
        self.count += 1
        if self.file is not None:
            # the row first, on its own, so that a reader may stop after it
            self.file.write('{"row":' + json.dumps(row, separators=(",", ":"), allow_nan=False)
                            + ',"record":' + json.dumps(result["record"],
                                                        separators=(",", ":")) + "}\n")
            self.file.flush()
        else:
            self.rows.append(row)
            self.records.append(result["record"])

    def failed(self, v: int, g: int, error: BaseException) -> dict[str, Any]:
        words = str(error) or type(error).__name__
        if not isinstance(error, DendriaError):
            words = f"{type(error).__name__}: {words}"
        failure = {"variant": v, "game": g, "error": words}
        if self.file is not None:
            self._write({"failed": failure})
        return failure

    def close(self) -> None:
        if self.file is not None:
            self.file.close()

    def result(self) -> LabResult:
        if self.path is not None:
            return LabResult.load(self.path)
        order = sorted(range(len(self.rows)),
                       key=lambda k: (self.rows[k]["variant"], self.rows[k]["game"]))
        return LabResult(self.spec["variants"], self.spec["players"],
                         [self.rows[k] for k in order], [self.records[k] for k in order],
                         _settings(self.spec))


def _plain(row: dict[str, Any]) -> dict[str, Any]:
    """A row as JSON keeps it: NaN as None (the row itself when it has no
    NaN: a study's every game passes here)."""
    for x in row.values():
        if isinstance(x, float) and x != x:
            return {k: (None if isinstance(x, float) and x != x else x) for k, x in row.items()}
    return row


def _settings(spec: dict[str, Any]) -> dict[str, Any]:
    return {"games": spec["games"], "seed": spec["seed"], "max_steps": spec["max_steps"],
            "shard": spec.get("shard"), "player_specs": spec.get("player_specs"),
            "executor": spec.get("executor")}


_ROW_AT = len('{"row":')


def _scan(path: Path, rows: list[dict[str, Any]] | None = None,
          offsets: list[int] | None = None) -> tuple[dict[str, Any], set[tuple[int, int]],
                                                     list[dict[str, Any]], int | None]:
    """Read a study file: (specification, the (variant, game) pairs finished,
    the failures noted, the offset where a cut last line starts or None).
    The rows (and each game line's offset) go to ``rows`` and ``offsets``
    when given; the records are not parsed."""
    decoder = json.JSONDecoder()
    done: set[tuple[int, int]] = set()
    failed: list[dict[str, Any]] = []
    spec: dict[str, Any] | None = None
    cut: int | None = None
    where = os.fspath(path)
    try:
        f = open(path, "rb")
    except OSError as e:
        raise DendriaError(f"{where} cannot be read: {e.strerror or e}") from None
    with f:
        pos = 0
        for number, raw in enumerate(f, 1):
            start, pos = pos, pos + len(raw)
            if not raw.endswith(b"\n"):
                cut = start             # the last line, cut half-way: not a game
                break
            try:
                line = raw.decode("utf-8")
                if spec is None:
                    spec = json.loads(line)["study"]
                    if spec.get("format") != STUDY_FORMAT:
                        raise ValueError("not a study")
                    if spec.get("version", 0) > STUDY_VERSION:
                        raise DendriaError(f"{where} was written by a newer dendria-widget "
                                           f"(study format {spec['version']})")
                    continue
                if line.startswith('{"row":'):
                    row, _end = decoder.raw_decode(line, _ROW_AT)
                    key = (row["variant"], row["game"])
                    if key in done:
                        continue             # a game written twice (merged files)
                    done.add(key)
                    if rows is not None:
                        rows.append(row)
                    if offsets is not None:
                        offsets.append(start)
                else:
                    failed.append(json.loads(line)["failed"])
            except DendriaError:
                raise
            except (ValueError, KeyError, TypeError, UnicodeDecodeError):
                if spec is None:
                    raise DendriaError(f"{where} is not a study file of the lab (its first "
                                       "line is not a study's specification)") from None
                raise DendriaError(f"{where}, line {number}, cannot be read: the study "
                                   "file is damaged there") from None
    if spec is None:
        raise DendriaError(f"{where} is empty: it holds no study")
    return spec, done, failed, cut


def _head(path: Path) -> dict[str, Any]:
    """The specification at the head of a study file."""
    where = os.fspath(path)
    try:
        with open(path, "rb") as f:
            first = f.readline(1 << 20)
    except OSError as e:
        raise DendriaError(f"{where} cannot be read: {e.strerror or e}") from None
    if not first:
        raise DendriaError(f"{where} is empty: it holds no study")
    try:
        spec = json.loads(first.decode("utf-8"))["study"]
        if spec.get("format") != STUDY_FORMAT:
            raise ValueError("not a study")
    except (ValueError, KeyError, TypeError, AttributeError, UnicodeDecodeError):
        raise DendriaError(f"{where} is not a study file of the lab (its first line is not "
                           "a study's specification)") from None
    if spec.get("version", 0) > STUDY_VERSION:
        raise DendriaError(f"{where} was written by a newer dendria-widget (study format "
                           f"{spec['version']})")
    return cast(dict[str, Any], spec)


class _Records(Sequence[dict[str, Any]]):
    """The games' records of a study file, each read from the file when
    asked for (a study of a million games does not fit in memory)."""

    def __init__(self, path: Path, offsets: list[int]) -> None:
        self.path = path
        self.offsets = offsets

    def __len__(self) -> int:
        return len(self.offsets)

    @overload
    def __getitem__(self, k: int) -> dict[str, Any]: ...

    @overload
    def __getitem__(self, k: slice) -> list[dict[str, Any]]: ...

    def __getitem__(self, k: int | slice) -> dict[str, Any] | list[dict[str, Any]]:
        if isinstance(k, slice):
            return [self[i] for i in range(*k.indices(len(self)))]
        with open(self.path, "rb") as f:
            f.seek(self.offsets[k])
            line = f.readline().decode("utf-8")
        record: dict[str, Any] = json.loads(line)["record"]
        return record

    def __iter__(self) -> Iterator[dict[str, Any]]:
        with open(self.path, "rb") as f:
            for offset in self.offsets:
                f.seek(offset)
                yield json.loads(f.readline().decode("utf-8"))["record"]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or len(other) != len(self):
            return False
        return all(a == b for a, b in zip(self, other))

    __hash__ = None  # type: ignore[assignment]


class _Progress(Protocol):
    """A progress bar: tqdm's, or none."""

    def update(self, n: int) -> object: ...

    def close(self) -> object: ...


class _NoBar:
    def update(self, n: int) -> None:
        pass

    def close(self) -> None:
        pass


def _bar(total: int, progress: bool, initial: int = 0) -> _Progress:
    """Games done of the study's total, their rate and the time left."""
    if not progress:
        return _NoBar()
    from tqdm.auto import tqdm
    return tqdm(total=total, initial=initial, desc="lab games", unit="game",
                smoothing=0.05)


# --------------------------------------------------------------- result
class LabResult:
    """What ``lab.run`` returns: plain data that pickles.

    ``variants`` (rules dicts), ``players`` (the two players' labels, A then
    B), ``games`` (a pandas DataFrame, one row per game, in the order
    (variant, game)), ``records`` (one game record per row, in the same
    order), ``settings``; ``summary()``, ``compare()``, ``plot()``,
    ``save(dir)``, ``game(variant, index)``; ``LabResult.load(file)`` reads a
    study file and ``LabResult.merge(...)`` puts studies' parts together."""

    def __init__(self, variants: list[dict[str, Any]], players: Sequence[str],
                 rows: list[dict[str, Any]], records: Sequence[dict[str, Any]],
                 settings: dict[str, Any]) -> None:
        self.variants = variants
        self.players = list(players)
        self._rows: list[dict[str, Any]] | None = rows
        self._games: pd.DataFrame | None = None
        self._records: Sequence[dict[str, Any]] | None = records
        self._source: Path | None = None
        self.settings = dict(settings)

    def _read(self) -> None:
        """Read the games of the study file this result stands for."""
        if self._source is not None and self._rows is None and self._games is None:
            rows: list[dict[str, Any]] = []
            offsets: list[int] = []
            _scan(self._source, rows, offsets)
            order = sorted(range(len(rows)),
                           key=lambda k: (rows[k]["variant"], rows[k]["game"]))
            self._rows = [rows[k] for k in order]
            self._records = _Records(self._source, [offsets[k] for k in order])

    @property
    def games(self) -> pd.DataFrame:
        """One row per game (built when first asked for)."""
        if self._games is None:
            import pandas as pd
            self._read()
            games = pd.DataFrame(self._rows or [], columns=GAME_COLUMNS)
            for col in FLOAT_COLUMNS:       # None (JSON's null) is NaN there
                games[col] = games[col].astype(float)
            self._games = games
            self._rows = None
        return self._games

    @property
    def records(self) -> Sequence[dict[str, Any]]:
        """One game record per row of ``games``, in the same order."""
        self._read()
        assert self._records is not None
        return self._records

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state["_games"], state["_rows"] = None, self.rows()
        state["_records"], state["_source"] = self.records, None
        return state

    def rows(self) -> list[dict[str, Any]]:
        """The games as plain dicts (NaN as None), in the table's order."""
        self._read()
        if self._rows is not None:
            return list(self._rows)
        return [_plain(r) for r in self.games.to_dict("records")]

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> LabResult:
        """A study file (written by ``lab.run(..., out=)`` or the command
        line's ``--out``), finished or not: its games, in the order
        (variant, game). The file is read when the games are first asked
        for, and each record when it is asked for."""
        file = _readable(path)
        spec = _head(file)
        result = cls(spec["variants"], spec["players"], [], [], _settings(spec))
        result._rows = result._records = None
        result._source = file
        result.settings["path"] = os.fspath(file)
        return result

    @classmethod
    def merge(cls, *parts: LabResult | str | os.PathLike[str]) -> LabResult:
        """One result from the parts of a study played apart (files or
        results): the same variants, players, seed and step cap, e.g. the
        shards ``shard=(0, 2)`` and ``shard=(1, 2)`` of two machines, or an
        interrupted file and its copy finished elsewhere. A game found in
        two parts must be the same game. The merged table is the one a
        single run would give."""
        results = [p if isinstance(p, LabResult) else cls.load(p) for p in parts]
        if not results:
            raise DendriaError("give at least one study to merge")
        first = results[0]
        keys = ("games", "seed", "max_steps")
        for other in results[1:]:
            for what, a, b in (("variants", first.variants, other.variants),
                               ("players", first.players, other.players),
                               *((k, first.settings.get(k), other.settings.get(k))
                                 for k in keys)):
                if a != b:
                    raise DendriaError(f"these studies differ in their {what}, so they are "
                                       "not parts of one study")
        by_key: dict[tuple[int, int], tuple[dict[str, Any], dict[str, Any]]] = {}
        for res in results:
            for row, rec in zip(res.rows(), res.records):
                key = (row["variant"], row["game"])
                if key in by_key and by_key[key][0] != row:
                    raise DendriaError(f"game {key[1]} of variant {key[0]} differs between "
                                       "the parts: they are not the same study")
                by_key.setdefault(key, (row, rec))
        keys_sorted = sorted(by_key)
        settings = {k: first.settings.get(k) for k in ("games", "seed", "max_steps",
                                                       "player_specs", "executor")}
        every = len(first.variants) * int(first.settings["games"])
        settings["shard"] = None if len(keys_sorted) == every else "merged parts"
        return cls(first.variants, first.players, [by_key[k][0] for k in keys_sorted],
                   [by_key[k][1] for k in keys_sorted], settings)

    def write(self, path: str | os.PathLike[str]) -> Path:
        """Write the result as a study file (as ``lab.run(..., out=)``
        does), through a temporary file beside it moved into place."""
        file = _check_out(path, new=False) if Path(path).exists() else _check_out(path, True)
        shard = self.settings.get("shard")
        spec = {"format": STUDY_FORMAT, "version": STUDY_VERSION, "variants": self.variants,
                "players": self.players, "player_specs": self.settings.get("player_specs"),
                "games": self.settings["games"], "seed": self.settings["seed"],
                "max_steps": self.settings["max_steps"],
                "shard": shard if isinstance(shard, list) else None,
                "executor": self.settings.get("executor")}
        tmp = file.with_name(f".{file.name}.{os.getpid()}.tmp")
        try:
            with open(tmp, "w", encoding="utf-8") as f:
                f.write(json.dumps({"study": spec}, separators=(",", ":")) + "\n")
                for row, rec in zip(self.rows(), self.records):
                    f.write('{"row":' + json.dumps(row, separators=(",", ":"))
                            + ',"record":' + json.dumps(rec, separators=(",", ":")) + "}\n")
            os.replace(tmp, file)
        except OSError as e:
            tmp.unlink(missing_ok=True)
            raise DendriaError(f"{os.fspath(file)} could not be written ({e.strerror or e}); "
                               "nothing was changed") from None
        return file

    def labels(self) -> list[str]:
        """A short name for every variant."""
        return [variant_label(v) for v in self.variants]

    def record(self, variant: int, index: int) -> dict[str, Any]:
        """The record of one game (a dict that ``Game.from_record`` and
        ``BoardWidget.from_record`` open)."""
        rows = self.games
        hit = rows.index[(rows["variant"] == variant) & (rows["game"] == index)]
        if not len(hit):
            raise DendriaError(f"there is no game {index} of variant {variant} in this result")
        return self.records[int(hit[0])]

    def game(self, variant: int, index: int) -> Game:
        """One game of the study, replayed (a Game)."""
        return Game.from_record(self.record(variant, index))

    def summary(self) -> pd.DataFrame:
        """One row per variant: the metrics of docs/lab.md with 95% Wilson
        intervals for the rates."""
        import pandas as pd
        rows = []
        labels = self.labels()
        for v, label in enumerate(labels):
            d = self.games[self.games["variant"] == v]
            rows.append(_summarize(d, v, label, self.players))
        return pd.DataFrame(rows).set_index("variant")

    def compare(self, base: int = 0) -> pd.DataFrame:
        """Every metric of every variant beside the base variant's: one row
        per (metric, variant) with the value and its 95% interval, the
        difference from the base with its 95% interval, and the two-sided
        p-value of a test that they are equal (docs/lab.md, "Comparing
        variants")."""
        return _compare(self, base)

    def plot(self) -> Figure:
        """A matplotlib figure comparing the variants side by side: win
        rates with their 95% intervals (by colour, by seat, by player), the
        distribution of the games' lengths, how the games ended, and every
        variant's differences from the base with their intervals."""
        return _plot(self)

    def save(self, directory: str | os.PathLike[str]) -> Path:
        """Write every game as a record (``records/v{variant}-g{game}.json``)
        and the tables as ``games.csv`` and ``summary.csv``; returns the
        directory as a Path. Each file is written through a temporary file
        moved into place (:func:`dendria_widget.files.write_atomic`): a
        failure leaves no partial file, keeps the files already written, and
        says which file failed."""
        from .files import write_atomic
        path = Path(directory)
        (path / "records").mkdir(parents=True, exist_ok=True)
        for row, rec in zip(self.games.itertuples(index=False), self.records):
            name = f"v{row.variant}-g{row.game}.json"
            write_atomic(path / "records" / name, json.dumps(rec, indent=1),
                         what="a game's record")
        write_atomic(path / "games.csv", self.games.to_csv(index=False), what="the games table")
        write_atomic(path / "summary.csv", self.summary().to_csv(), what="the summary table")
        write_atomic(path / "study.json", json.dumps(
            {"variants": self.variants, "players": self.players,
             "settings": {k: x for k, x in self.settings.items() if k != "failed"}},
            indent=1), what="the study's description")
        return path

    def __repr__(self) -> str:
        return (f"<LabResult: {len(self.variants)} variant(s), {len(self.games)} games, "
                f"{self.players[0]} against {self.players[1]}>")


def mean_interval(values: Iterable[float], z: float = Z95, low: float = 0.0,
                  high: float = math.inf) -> tuple[float, float, float]:
    """(mean, low, high): the mean of ``values`` (NaNs left out) with its
    95% interval by the normal approximation, mean +- z * sd / sqrt(n),
    kept inside what the values can be [``low``, ``high``]; (nan, nan, nan)
    for no value, and the mean itself as both ends for one."""
    xs = [float(x) for x in values if x is not None and x == x]
    n = len(xs)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    m = sum(xs) / n
    if n == 1:
        return (m, m, m)
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1))
    half = z * sd / math.sqrt(n)
    return (m, max(low, m - half), min(high, m + half))


def balance_interval(dark: int, light: int, n: int,
                     z: float = Z95) -> tuple[float, float, float]:
    """(balance, low, high): balance = 1 - |dark - light| for ``dark`` and
    ``light`` wins in ``n`` games, its interval from the normal interval of
    the difference of the two shares (a multinomial's: var = (pd + pl -
    (pd - pl)^2) / n), kept inside [0, 1]."""
    if n == 0:
        return (math.nan, math.nan, math.nan)
    pd, pl = dark / n, light / n
    d = pd - pl
    half = z * math.sqrt(max(pd + pl - d * d, 0.0) / n)
    lo, hi = max(-1.0, d - half), min(1.0, d + half)
    far = max(abs(lo), abs(hi))
    near = 0.0 if lo <= 0.0 <= hi else min(abs(lo), abs(hi))
    return (1 - abs(d), 1 - far, 1 - near)


#: the summary's means, each with its 95% interval: (column, games column,
#: the largest value it can have)
MEANS = (("decisiveness", "decided_at", 1.0), ("turns_mean", "turns", math.inf),
         ("steps_mean", "steps", math.inf), ("board_coverage", "coverage", 1.0),
         ("branching_factor", "branching", math.inf),
         ("lead_changes", "lead_changes", math.inf), ("margin_abs_mean", None, math.inf),
         ("tree_complexity", "tree_log10", math.inf), ("stability", "stability", math.inf),
         ("clarity", "clarity", math.inf), ("repetition", "repetition", 1.0))


def _rate(k: int, n: int) -> tuple[float, float, float]:
    low, high = wilson(k, n)
    return (k / n if n else math.nan), low, high


def _summarize(d: pd.DataFrame, v: int, label: str, players: Sequence[str]) -> dict[str, Any]:
    n = len(d)
    out: dict[str, Any] = {"variant": v, "label": label, "games": n}
    won = d["winner"]

    def put(prefix: str, k: int) -> None:
        out[prefix], out[prefix + "_low"], out[prefix + "_high"] = _rate(k, n)

    put("dark_win_rate", int((won == "dark").sum()))
    put("light_win_rate", int((won == "light").sum()))
    put("first_win_rate", int((d["winner_seat"] == "first").sum()))
    put("second_win_rate", int((d["winner_seat"] == "second").sum()))
    a_won = ((d["winner_seat"] == d["player_a_seat"]) & d["winner_seat"].notna())
    b_won = ((d["winner_seat"] != d["player_a_seat"]) & d["winner_seat"].notna())
    out["player_a"], out["player_b"] = players
    put("a_win_rate", int(a_won.sum()))
    put("b_win_rate", int(b_won.sum()))
    put("draw_rate", int((won == "draw").sum()))
    decided = int(won.isin(["dark", "light"]).sum())
    put("completion", decided)
    put("timeouts", int((d["end"] == "step-cap").sum()))
    put("swap_rate", int((d["swapped"] == True).sum()))  # noqa: E712 - booleans
    out["balance"], out["balance_low"], out["balance_high"] = balance_interval(
        int((won == "dark").sum()), int((won == "light").sum()), n)
    out["advantage_first"] = out["first_win_rate"]
    out["advantage_first_low"] = out["first_win_rate_low"]
    out["advantage_first_high"] = out["first_win_rate_high"]
    for col, source, top in MEANS:
        values = d["margin"].abs() if source is None else d[source]
        out[col], out[col + "_low"], out[col + "_high"] = mean_interval(values, high=top)
    out["turns_std"] = float(d["turns"].std(ddof=1)) if n > 1 else math.nan
    out["lead_change"] = float((d["lead_changes"] / d["turns"].clip(lower=1)).mean())
    for kind in ENDS:
        out[f"end_{kind}"] = int((d["end"] == kind).sum())
    return out


# ------------------------------------------------------------ comparing
def p_value(z: float) -> float:
    """The two-sided p-value of a standard normal statistic ``z``."""
    if z != z:
        return math.nan
    return math.erfc(abs(z) / math.sqrt(2))


def rate_difference(k1: int, n1: int, k0: int, n0: int,
                    z: float = Z95) -> tuple[float, float, float, float]:
    """(difference, low, high, p) of two rates k1/n1 - k0/n0: Newcombe's
    hybrid score interval (from the two Wilson intervals) and the p-value of
    the pooled two-proportion z-test (1 when neither or both always happen)."""
    if n1 == 0 or n0 == 0:
        return (math.nan, math.nan, math.nan, math.nan)
    p1, p0 = k1 / n1, k0 / n0
    l1, u1 = wilson(k1, n1, z)
    l0, u0 = wilson(k0, n0, z)
    d = p1 - p0
    low = d - math.sqrt((p1 - l1) ** 2 + (u0 - p0) ** 2)
    high = d + math.sqrt((u1 - p1) ** 2 + (p0 - l0) ** 2)
    pooled = (k1 + k0) / (n1 + n0)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n0))
    p = 1.0 if se == 0 else p_value(d / se)
    return (d, max(-1.0, low), min(1.0, high), p)


def mean_difference(xs: Iterable[float], ys: Iterable[float],
                    z: float = Z95) -> tuple[float, float, float, float]:
    """(difference, low, high, p) of two means, mean(xs) - mean(ys) (NaNs
    left out): Welch's standard error, the normal interval and the two-sided
    z-test (1 when both samples are constant and equal)."""
    a = [float(x) for x in xs if x == x]
    b = [float(y) for y in ys if y == y]
    if len(a) < 2 or len(b) < 2:
        return (math.nan, math.nan, math.nan, math.nan)
    ma, mb = sum(a) / len(a), sum(b) / len(b)
    va = sum((x - ma) ** 2 for x in a) / (len(a) - 1)
    vb = sum((y - mb) ** 2 for y in b) / (len(b) - 1)
    se = math.sqrt(va / len(a) + vb / len(b))
    d = ma - mb
    if se == 0:
        return (d, d, d, 1.0 if d == 0 else 0.0)
    return (d, d - z * se, d + z * se, p_value(d / se))


def _balance_se(dark: int, light: int, n: int) -> float:
    pd_, pl = dark / n, light / n
    return math.sqrt(max(pd_ + pl - (pd_ - pl) ** 2, 0.0) / n)


#: the metrics that the comparison and the table show: (column of the
#: summary, words, kind): "rate" (a share of the games: Wilson, Newcombe),
#: "mean" (of a games column: normal, Welch), "balance"
METRICS: tuple[tuple[str, str, str], ...] = (
    ("dark_win_rate", "dark wins", "rate"), ("light_win_rate", "light wins", "rate"),
    ("first_win_rate", "first seat wins (advantage)", "rate"),
    ("a_win_rate", "A wins", "rate"), ("b_win_rate", "B wins", "rate"),
    ("draw_rate", "draws (drawishness)", "rate"), ("completion", "completion", "rate"),
    ("timeouts", "timeouts (step cap)", "rate"), ("swap_rate", "pie swaps", "rate"),
    ("balance", "balance", "balance"), ("decisiveness", "decisiveness", "mean"),
    ("turns_mean", "turns, mean", "mean"), ("steps_mean", "steps, mean", "mean"),
    ("board_coverage", "board coverage", "mean"),
    ("branching_factor", "branching factor", "mean"),
    ("tree_complexity", "game-tree complexity (log10)", "mean"),
    ("lead_changes", "lead changes per game", "mean"),
    ("stability", "stability (margin variance)", "mean"),
    ("clarity", "clarity of the lead", "mean"),
    ("repetition", "repetition", "mean"),
    ("margin_abs_mean", "score margin, mean", "mean"),
)

#: what each rate counts in a variant's games, and the games column of each mean
_COUNTS: dict[str, Callable[[pd.DataFrame], Any]] = {
    "dark_win_rate": lambda d: d["winner"] == "dark",
    "light_win_rate": lambda d: d["winner"] == "light",
    "first_win_rate": lambda d: d["winner_seat"] == "first",
    "a_win_rate": lambda d: (d["winner_seat"] == d["player_a_seat"]) & d["winner_seat"].notna(),
    "b_win_rate": lambda d: (d["winner_seat"] != d["player_a_seat"]) & d["winner_seat"].notna(),
    "draw_rate": lambda d: d["winner"] == "draw",
    "completion": lambda d: d["winner"].isin(["dark", "light"]),
    "timeouts": lambda d: d["end"] == "step-cap",
    "swap_rate": lambda d: d["swapped"] == True,  # noqa: E712 - a column of booleans
}
_SOURCES: dict[str, Callable[[pd.DataFrame], Any]] = {
    "decisiveness": lambda d: d["decided_at"], "turns_mean": lambda d: d["turns"],
    "steps_mean": lambda d: d["steps"], "board_coverage": lambda d: d["coverage"],
    "branching_factor": lambda d: d["branching"], "tree_complexity": lambda d: d["tree_log10"],
    "lead_changes": lambda d: d["lead_changes"], "stability": lambda d: d["stability"],
    "clarity": lambda d: d["clarity"], "repetition": lambda d: d["repetition"],
    "margin_abs_mean": lambda d: d["margin"].abs(),
}


def _compare(result: LabResult, base: int) -> pd.DataFrame:
    import pandas as pd
    s = result.summary()
    if base not in s.index:
        raise DendriaError(f"there is no variant {base} to compare with")
    games = result.games
    parts = {v: games[games["variant"] == v] for v in s.index}
    rows = []
    for col, words, kind in METRICS:
        if col not in s.columns:
            continue
        for v in s.index:
            d, d0 = parts[v], parts[base]
            row: dict[str, Any] = {"metric": col, "words": words, "variant": v,
                                   "value": s.loc[v, col], "low": s.loc[v, col + "_low"],
                                   "high": s.loc[v, col + "_high"]}
            if v == base:
                diff = (math.nan,) * 4
            elif kind == "rate":
                diff = rate_difference(int(_COUNTS[col](d).sum()), len(d),
                                       int(_COUNTS[col](d0).sum()), len(d0))
            elif kind == "mean":
                diff = mean_difference(_SOURCES[col](d), _SOURCES[col](d0))
            else:
                n1, n0 = len(d), len(d0)
                se = math.hypot(_balance_se(int((d["winner"] == "dark").sum()),
                                            int((d["winner"] == "light").sum()), n1),
                                _balance_se(int((d0["winner"] == "dark").sum()),
                                            int((d0["winner"] == "light").sum()), n0))
                dd = float(s.loc[v, col] - s.loc[base, col])
                diff = (dd, dd - Z95 * se, dd + Z95 * se,
                        (1.0 if dd == 0 else 0.0) if se == 0 else p_value(dd / se))
            row["diff"], row["diff_low"], row["diff_high"], row["p"] = diff
            rows.append(row)
    return pd.DataFrame(rows).set_index(["metric", "variant"])


# ---------------------------------------------------------- skill trace
def skill_trace(variant: RulesSpec, iterations: int = 1, doublings: int = 4, games: int = 20,
                seed: int = 0, workers: int | None = None, executor: cf.Executor | None = None,
                max_steps: int | None = DEFAULT_MAX_STEPS,
                progress: bool = False) -> pd.DataFrame:
    """Does skill matter in this variant, and how deep does it go? MCTS at
    ``iterations`` x 1, 2, 4, ... (``doublings`` levels) a turn plays its
    double (``games`` games each, seats alternating). One row per level:
    the iterations of the two players, the games, and the doubled player's
    win rate with its 95% Wilson interval (0.5: the extra thinking bought
    nothing)."""
    import pandas as pd
    for label, x in (("iterations", iterations), ("doublings", doublings)):
        if isinstance(x, bool) or not isinstance(x, int) or x < 1:
            raise DendriaError(f"{label} is a whole number >= 1, not {x!r}")
    rows = []
    for level in range(doublings):
        k = iterations * 2 ** level
        res = run(variant, [f"mcts:i{2 * k}", f"mcts:i{k}"], games=games, seed=seed,
                  workers=workers, executor=executor, max_steps=max_steps, progress=progress)
        s = res.summary().iloc[0]
        rows.append({"iterations": k, "against": 2 * k, "games": int(s["games"]),
                     "doubled_win_rate": s["a_win_rate"], "low": s["a_win_rate_low"],
                     "high": s["a_win_rate_high"], "draw_rate": s["draw_rate"]})
    return pd.DataFrame(rows)


def skill_trace_text(trace: pd.DataFrame) -> str:
    """The skill trace as a plain-text table."""
    lines = [f"{'MCTS iterations':>16}{'against':>9}{'games':>7}{'double wins':>13}"
             f"{'95% interval':>16}{'draws':>7}"]
    for r in trace.itertuples(index=False):
        lines.append(f"{r.iterations:>16}{r.against:>9}{r.games:>7}{r.doubled_win_rate:>13.2f}"
                     f"{f'[{r.low:.2f}, {r.high:.2f}]':>16}{r.draw_rate:>7.2f}")
    return "\n".join(lines)


def _plot(result: LabResult) -> Figure:
    import matplotlib
    from matplotlib.figure import Figure

    s = result.summary()
    labels = [f"{v}: {lab}" for v, lab in zip(s.index, s["label"])]
    several = len(s) > 1
    fig = Figure(figsize=(16 if several else 12, 4 + 0.25 * len(labels)), layout="constrained")
    axes = fig.subplots(1, 4 if several else 3)
    ax_win, ax_len, ax_end = axes[:3]
    if several:
        _plot_differences(result, axes[3])
    groups = [("dark_win_rate", "dark wins"), ("light_win_rate", "light wins"),
              ("first_win_rate", "first seat wins"), ("a_win_rate", f"{result.players[0]} wins"),
              ("b_win_rate", f"{result.players[1]} wins"), ("draw_rate", "draws")]
    width = 0.8 / len(groups)
    tab10 = matplotlib.colormaps["tab10"]
    colours = [tab10(i) for i in range(tab10.N)]
    for k, (col, name) in enumerate(groups):
        xs = [i + (k - (len(groups) - 1) / 2) * width for i in range(len(s))]
        vals = s[col].to_numpy()
        err = [(vals - s[col + "_low"].to_numpy()).clip(0),
               (s[col + "_high"].to_numpy() - vals).clip(0)]
        ax_win.bar(xs, vals, width, yerr=err, capsize=2, label=name, color=colours[k])
    ax_win.axhline(0.5, color="grey", lw=0.8, ls="--")
    ax_win.set_ylim(0, 1)
    ax_win.set_xticks(range(len(s)), [str(v) for v in s.index])
    ax_win.set_xlabel("variant")
    ax_win.set_title("win rates (95% Wilson intervals)")
    ax_win.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.15), ncol=2)
    data = [result.games[result.games["variant"] == v]["turns"].to_numpy() for v in s.index]
    ax_len.boxplot(data)
    ax_len.set_xticks(range(1, len(s) + 1), [str(v) for v in s.index])
    ax_len.set_xlabel("variant")
    ax_len.set_title("game length (turns)")
    bottom = [0] * len(s)
    for k, kind in enumerate(ENDS):
        vals = (s[f"end_{kind}"] / s["games"]).to_numpy()
        ax_end.bar(range(len(s)), vals, bottom=bottom, label=kind, color=colours[k + 6])
        bottom = [b + x for b, x in zip(bottom, vals)]
    ax_end.set_xticks(range(len(s)), [str(v) for v in s.index])
    ax_end.set_ylim(0, 1)
    ax_end.set_xlabel("variant")
    ax_end.set_title("how the games ended")
    ax_end.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.15), ncol=2)
    fig.suptitle("; ".join(labels), fontsize=8)
    return fig


#: the differences the plot shows, from the base variant
PLOTTED = (("first_win_rate", "first seat wins"), ("dark_win_rate", "dark wins"),
           ("draw_rate", "draws"), ("swap_rate", "pie swaps"), ("completion", "completion"),
           ("repetition", "repetition"))


def _plot_differences(result: LabResult, ax: Any) -> None:
    """Each variant's difference from the base, with its 95% interval."""
    comp = result.compare(0)
    others = [v for v in range(len(result.variants)) if v != 0]
    height = 0.8 / len(others)
    for k, v in enumerate(others):
        ys = [i + (k - (len(others) - 1) / 2) * height for i in range(len(PLOTTED))]
        rows = [comp.loc[(col, v)] for col, _w in PLOTTED]
        xs = [float(r["diff"]) for r in rows]
        err = [[max(0.0, x - float(r["diff_low"])) if r["diff_low"] == r["diff_low"] else 0.0
                for x, r in zip(xs, rows)],
               [max(0.0, float(r["diff_high"]) - x) if r["diff_high"] == r["diff_high"] else 0.0
                for x, r in zip(xs, rows)]]
        ax.barh(ys, xs, height, xerr=err, capsize=2, label=f"variant {v}")
    ax.axvline(0, color="grey", lw=0.8)
    ax.set_yticks(range(len(PLOTTED)), [w for _c, w in PLOTTED])
    ax.invert_yaxis()
    ax.set_xlabel("difference from variant 0")
    ax.set_title("against the base (95% intervals)")
    ax.legend(fontsize=7)


def write_plot(result: LabResult, path: str | os.PathLike[str]) -> Path:
    """Write ``result.plot()`` to ``path`` (.svg, .png or .pdf), through a
    temporary file beside it moved into place."""
    file = Path(path)
    check_plot_path(file)
    fig = result.plot()
    tmp = file.with_name(f".{file.stem}.{os.getpid()}.tmp{file.suffix}")
    try:
        fig.savefig(tmp)
        os.replace(tmp, file)
    except OSError as e:
        tmp.unlink(missing_ok=True)
        raise DendriaError(f"the plot could not be written to {os.fspath(file)}: "
                           f"{e.strerror or e}") from None
    return file


def check_plot_path(path: str | os.PathLike[str]) -> None:
    """Refuse in words, before any game, a plot file that cannot be written."""
    file = Path(path)
    if file.suffix.lower() not in (".svg", ".png", ".pdf"):
        raise DendriaError(f"the plot is written as .svg, .png or .pdf, not {os.fspath(file)}")
    if file.is_dir():
        raise DendriaError(f"{os.fspath(file)} is a folder, not a file name for the plot")
    parent = file.parent if str(file.parent) else Path(".")
    if not parent.is_dir() or not os.access(parent, os.W_OK):
        raise DendriaError(f"the plot cannot be written in {os.fspath(parent)}")
    try:
        import matplotlib  # noqa: F401 - the plot's library (the [lab] extra)
    except ImportError:
        raise DendriaError("the plot needs matplotlib: pip install 'dendria-widget[lab]'") from None


# ----------------------------------------------------------------- text
def _bare(name: str, letter: str) -> str:
    """A player's label without the ' (A)' that tells two of a name apart."""
    tail = f" ({letter})"
    return name[:-len(tail)] if name.endswith(tail) else name


def _cell(x: float, lo: float, hi: float, digits: int = 2) -> str:
    if x != x:
        return "-"
    if lo != lo or (lo == x == hi):
        return f"{x:.{digits}f}"
    return f"{x:.{digits}f} [{lo:.{digits}f}, {hi:.{digits}f}]"


def _signed(x: float, lo: float, hi: float, p: float, digits: int = 2) -> str:
    if x != x:
        return "-"
    if lo != lo:
        return f"{x:+.{digits}f}"
    return f"{x:+.{digits}f} [{lo:+.{digits}f}, {hi:+.{digits}f}] p={p:.2g}"


def summary_text(result: LabResult, base: int = 0) -> str:
    """The summary as a plain-text table: one column per variant and,
    beside each variant but the base, its difference from the base with the
    difference's 95% interval and the test's p-value (docs/lab.md)."""
    s = result.summary()
    comp = result.compare(base)
    a, b = _bare(result.players[0], "A"), _bare(result.players[1], "B")
    shard = result.settings.get("shard")
    part = f", part {shard[0] + 1} of {shard[1]}" if isinstance(shard, list) else ""
    lines = [f"player A: {a}, player B: {b}; {result.settings['games']} games per variant"
             f"{part}, seed {result.settings['seed']}"]
    for v, lab in zip(s.index, s["label"]):
        lines.append(f"variant {v}{' (the base)' if v == base and len(s) > 1 else ''}: {lab}")
    names = {"a_win_rate": f"A wins ({a})", "b_win_rate": f"B wins ({b})"}
    table: list[list[str]] = []
    header = [""]
    for v in s.index:
        header.append(f"variant {v}")
        if v != base:
            header.append(f"{v} - {base} [95%] test")
    table.append(header)
    table.append(["games"] + sum(([f"{int(s.loc[v, 'games'])}"] + ([""] if v != base else [])
                                  for v in s.index), []))
    for col, words, _kind in METRICS:
        line = [names.get(col, words)]
        for v in s.index:
            r = comp.loc[(col, v)]
            line.append(_cell(r["value"], r["low"], r["high"]))
            if v != base:
                line.append(_signed(r["diff"], r["diff_low"], r["diff_high"], r["p"]))
        table.append(line)
    line = ["turns, spread (sd)"]
    for v in s.index:
        line.append(_cell(s.loc[v, "turns_std"], math.nan, math.nan))
        if v != base:
            line.append("")
    table.append(line)
    for kind in ENDS:
        line = [f"ended by {kind}"]
        for v in s.index:
            line.append(f"{int(s.loc[v, f'end_{kind}'])}")
            if v != base:
                line.append("")
        table.append(line)
    widths = [max(len(row[k]) for row in table) for k in range(len(header))]
    for row in table:
        lines.append(row[0].ljust(widths[0] + 2)
                     + "".join(c.rjust(w + 3) for c, w in zip(row[1:], widths[1:])).rstrip())
    return "\n".join(lines)
