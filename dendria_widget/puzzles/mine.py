"""Mining puzzles from play: the lab's computer players play games, and every
position at the start of a turn is searched for puzzles (every whole turn
listed, each goal measured: :func:`.puzzle.candidates`); each one found is
trimmed (:func:`.puzzle.trim`) and given a first rating.

Games run in local processes (``workers=``) or on any
``concurrent.futures.Executor`` (a Dask cluster's); each game's seed is
derived from the seed and the game's index (``lab.derive_seed``) and the
puzzles are gathered in the order of the games, so the same seed mines the
same bank on any executor. The bank file is written as it grows (a temp
file moved into place), so a mining run stopped with Ctrl-C keeps what it
found and says which games were not played.
"""

from __future__ import annotations

import concurrent.futures as cf
import json
import os
import signal
import time
from dataclasses import replace
from pathlib import Path
from typing import Any, Callable, Sequence

from ..errors import DendriaError
from ..game import Game
from ..lab import derive_seed
from ..players import SEATS, GreedyPlayer, RandomPlayer, play_game, player_from_name
from ..rules import resolve_rules
from .goals import goals_for
from .puzzle import Puzzle, candidates, initial_rating, trim

BANK_FORMAT = "dendria-widget-puzzles"
BANK_VERSION = 1
#: the players that rate a puzzle: how many tries each gets
RATING_TRIES = {"greedy": 2, "random": 8}

#: one game to mine: (rules dict, game index, game seed, player names, turn cap,
#: trimming trials per puzzle, the goals kept (None: every goal))
MineTask = tuple[dict[str, Any], int, int, tuple[str, str], int, int, tuple[str, ...] | None]


def found_shares(p: Puzzle) -> dict[str, float]:
    """How often the greedy and the random players find an answer (shares)."""
    game = p.game()
    out = {}
    for name, tries in RATING_TRIES.items():
        hits = 0
        for k in range(tries):
            player = GreedyPlayer(seed=k) if name == "greedy" else RandomPlayer(seed=k)
            turn = [str(s) for s in player.choose_turn(game)]
            hits += p.judge_turn(turn).right
        out[name] = hits / tries
    return out


def rated(p: Puzzle) -> Puzzle:
    """The puzzle with its first rating (see :func:`.puzzle.initial_rating`)."""
    found = found_shares(p)
    return replace(p, found=found, rating=initial_rating(p, found["greedy"], found["random"]))


def mine_one(task: MineTask) -> list[dict[str, Any]]:
    """Play one game and return the puzzles found in it (plain data, in the
    order found). A top-level function so that any executor can run it."""
    rules_dict, index, seed, names, max_turns, trials, goals = task
    a_first = index % 2 == 0
    order = (0, 1) if a_first else (1, 0)
    first, second = (player_from_name(names[i], derive_seed(seed, SEATS[k]))
                     for k, i in enumerate(order))
    game = Game(resolve_rules(rules_dict))
    positions: list[str] = []

    def on_turn(g: Game, turn: list) -> None:
        if not g.is_over and not g.choosing_sides and g.phase == "turn":
            positions.append(g.position_string())

    play_game(game, first, second, max_steps=max_turns * 12, on_turn=on_turn)
    out: list[dict[str, Any]] = []
    seen: set[str] = set()         # found in this game (before trimming)
    kept: set[str] = set()         # kept (after trimming)
    for k, position in enumerate(positions[:max_turns]):
        for p in candidates(position, source=f"game {index} seed {seed} turn {k + 1}",
                            goals=goals):
            if p.id in seen:
                continue
            seen.add(p.id)
            p = rated(trim(p, trials))
            if p.id not in kept:
                kept.add(p.id)
                out.append(p.to_dict())
    return out


def _write_bank(path: Path, header: dict[str, Any], puzzles: list[dict[str, Any]]) -> None:
    """Write the bank atomically: a temp file beside it, moved into place."""
    data = dict(header, puzzles=puzzles)
    tmp = path.with_name(path.name + ".tmp")
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def merge(per_game: dict[int, list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """The bank's puzzles: the games' puzzles in the order of the games,
    each id once (the first game that found it keeps it)."""
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    for index in sorted(per_game):
        for d in per_game[index]:
            if d["id"] not in seen:
                seen.add(d["id"])
                out.append(d)
    return out


def mine(rules: dict[str, Any] | str, games: int, players: Sequence[str], seed: int,
         out: str | os.PathLike[str] | None = None, workers: int | None = None,
         executor: cf.Executor | None = None, max_turns: int = 60,
         progress: Callable[[int, int, int, float], object] | None = None,
         first_game: int = 0, trim_trials: int = 6, goals: Sequence[str] | None = None,
         more: bool = False) -> dict[str, Any]:
    """Mine ``games`` games (indexes ``first_game`` on) of ``rules`` between
    ``players`` (two names, as the lab takes them) from ``seed``; returns
    the bank (a dict: its header and ``puzzles``; ``trim_trials``: the
    trimming trials per puzzle) and, with ``out``, writes
    it there after every game (atomically). ``progress(done, total,
    puzzles, seconds)`` is called after each game. Stopped (Ctrl-C), it
    writes what was mined, marks the bank incomplete with the games not
    played, and raises KeyboardInterrupt again.

    ``goals``: keep only the puzzles of these goals (a run aimed at rare
    goals). ``more``: add this run to the bank already in ``out`` (of the
    same rules): the run is listed under the bank's ``more`` and its
    puzzles not already there follow the bank's, so the bank is what its
    runs mine, in order."""
    r = resolve_rules(rules)
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise DendriaError(f"games is a whole number >= 1, not {games!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise DendriaError(f"the seed is a whole number, not {seed!r}")
    if len(players) != 2:
        raise DendriaError("players are a pair, like greedy,random")
    names = tuple(player_from_name(p).name for p in players)
    chosen = _goals(r, goals)
    tasks: list[MineTask] = [(r.to_dict(), g, derive_seed(seed, g), (names[0], names[1]),
                              max_turns, trim_trials, chosen)
                             for g in range(first_game, first_game + games)]
    run: dict[str, Any] = {
        "players": list(names), "seed": seed, "max_turns": max_turns,
        "trim_trials": trim_trials,
        "games": list(range(first_game, first_game + games)), "complete": False,
        "missing": []}
    if chosen is not None:
        run["goals"] = list(chosen)
    path = Path(out) if out is not None else None
    base: dict[str, Any] | None = None
    if more:
        if path is None or not path.is_file():
            raise DendriaError("--more adds a run to a bank file: give --out FILE of a "
                               "bank that is there")
        base = json.loads(path.read_text(encoding="utf-8"))
        if base.get("format") != BANK_FORMAT or base.get("rules") != r.to_dict():
            raise DendriaError(f"{path} is not a bank of these rules: a run is added "
                               "only to a bank of the same rules")
        mine_games = set(run["games"])
        if any(x.get("seed") == seed and mine_games & set(x.get("games", []))
               for x in [base, *base.get("more", [])]):
            raise DendriaError(f"{path} has a run of seed {seed} over some of these games "
                               "already: give the new run another seed, or other games "
                               "(--first-game)")
    header: dict[str, Any] = (
        {"format": BANK_FORMAT, "version": BANK_VERSION, "ruleset": r.ruleset,
         "rules": r.to_dict(), **run} if base is None else
        {k: v for k, v in base.items() if k != "puzzles"})

    def with_run(state: dict[str, Any]) -> dict[str, Any]:
        if base is None:
            return dict(header, **state)
        return dict(header, more=[*base.get("more", []), dict(run, **state)])

    def bank_of(found: list[dict[str, Any]]) -> list[dict[str, Any]]:
        if base is None:
            return found
        have = {d["id"] for d in base["puzzles"]}
        return base["puzzles"] + [d for d in found if d["id"] not in have]

    per_game: dict[int, list[dict[str, Any]]] = {}
    start = time.monotonic()

    def done_one(index: int, found: list[dict[str, Any]]) -> None:
        per_game[index] = found
        bank = merge(per_game)
        if path is not None:
            _write_bank(path, with_run({"missing": [t[1] for t in tasks
                                                    if t[1] not in per_game]}),
                        bank_of(bank))
        if progress is not None:
            progress(len(per_game), len(tasks), len(bank), time.monotonic() - start)

    own = None
    try:
        if executor is None and (workers or 1) == 1:
            for task in tasks:
                done_one(task[1], mine_one(task))
        else:
            if executor is None:
                own = executor = cf.ProcessPoolExecutor(max_workers=workers,
                                                        initializer=_worker_signals)
            futures = {executor.submit(mine_one, task): task[1] for task in tasks}
            for fut in cf.as_completed(futures):
                done_one(futures[fut], fut.result())
    except KeyboardInterrupt:
        if own is not None:
            _end_workers(own)
        missing = [t[1] for t in tasks if t[1] not in per_game]
        if path is not None:
            _write_bank(path, with_run({"missing": missing}), bank_of(merge(per_game)))
        raise
    finally:
        if own is not None:
            own.shutdown(wait=False, cancel_futures=True)
    found = merge(per_game)
    done = with_run({"complete": True, "missing": []})
    if path is not None:
        _write_bank(path, done, bank_of(found))
    every = bank_of(found)
    return dict(done, puzzles=every,
                added=len(every) - (0 if base is None else len(base["puzzles"])))


def _worker_signals() -> None:
    """A local worker's signals: SIGTERM ends it (not the handler of the
    process that started it, which a forked worker inherits), and a Ctrl-C
    is left to the mining process, which then ends its workers."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _end_workers(pool: cf.ProcessPoolExecutor) -> None:
    """End a stopped run's local workers now: the games they play are not
    wanted, and a worker left alone plays its game to the end."""
    processes = list((pool._processes or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for p in processes:
        p.terminate()
    for p in processes:
        p.join(timeout=30)
        if p.is_alive():
            p.kill()
            p.join()


def _goals(r: Any, goals: Sequence[str] | None) -> tuple[str, ...] | None:
    """The goals a run keeps, checked against the edition's (None: every goal)."""
    if goals is None:
        return None
    offered = [g.name for g in goals_for(Game(r))]
    unknown = [g for g in goals if g not in offered]
    if unknown or not goals:
        raise DendriaError(f"the goals of {r.ruleset} are {', '.join(offered)}; not "
                           f"{', '.join(unknown) or 'none'}")
    return tuple(goals)


def runs(bank: dict[str, Any]) -> list[dict[str, Any]]:
    """The mining runs a bank file lists: the first (its header), then the
    ones added with ``--more``, in order."""
    first = {k: bank[k] for k in ("players", "seed", "max_turns", "trim_trials", "games",
                                  "complete", "missing", "goals") if k in bank}
    return [first, *bank.get("more", [])]
