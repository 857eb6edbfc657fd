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
import time
from dataclasses import replace
from pathlib import Path
from typing import Any, Callable, Sequence

from ..errors import DendriaError
from ..game import Game
from ..lab import derive_seed
from ..players import SEATS, GreedyPlayer, RandomPlayer, play_game, player_from_name
from ..rules import resolve_rules
from .puzzle import Puzzle, candidates, initial_rating, trim

BANK_FORMAT = "dendria-widget-puzzles"
BANK_VERSION = 1
#: the players that rate a puzzle: how many tries each gets
RATING_TRIES = {"greedy": 2, "random": 8}

#: one game to mine: (rules dict, game index, game seed, player names, turn cap,
#: trimming trials per puzzle)
MineTask = tuple[dict[str, Any], int, int, tuple[str, str], int, int]


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
    rules_dict, index, seed, names, max_turns, trials = task
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
        for p in candidates(position, source=f"game {index} seed {seed} turn {k + 1}"):
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
         first_game: int = 0, trim_trials: int = 6) -> dict[str, Any]:
    """Mine ``games`` games (indexes ``first_game`` on) of ``rules`` between
    ``players`` (two names, as the lab takes them) from ``seed``; returns
    the bank (a dict: its header and ``puzzles``; ``trim_trials``: the
    trimming trials per puzzle) and, with ``out``, writes
    it there after every game (atomically). ``progress(done, total,
    puzzles, seconds)`` is called after each game. Stopped (Ctrl-C), it
    writes what was mined, marks the bank incomplete with the games not
    played, and raises KeyboardInterrupt again."""
    r = resolve_rules(rules)
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise DendriaError(f"games is a whole number >= 1, not {games!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise DendriaError(f"the seed is a whole number, not {seed!r}")
    if len(players) != 2:
        raise DendriaError("players are a pair, like greedy,random")
    names = tuple(player_from_name(p).name for p in players)
    tasks: list[MineTask] = [(r.to_dict(), g, derive_seed(seed, g), (names[0], names[1]),
                              max_turns, trim_trials)
                             for g in range(first_game, first_game + games)]
    header: dict[str, Any] = {
        "format": BANK_FORMAT, "version": BANK_VERSION, "ruleset": r.ruleset,
        "rules": r.to_dict(), "players": list(names), "seed": seed, "max_turns": max_turns,
        "trim_trials": trim_trials,
        "games": list(range(first_game, first_game + games)), "complete": False,
        "missing": []}
    per_game: dict[int, list[dict[str, Any]]] = {}
    path = Path(out) if out is not None else None
    start = time.monotonic()

    def done_one(index: int, found: list[dict[str, Any]]) -> None:
        per_game[index] = found
        bank = merge(per_game)
        if path is not None:
            _write_bank(path, dict(header, missing=[t[1] for t in tasks
                                                    if t[1] not in per_game]), bank)
        if progress is not None:
            progress(len(per_game), len(tasks), len(bank), time.monotonic() - start)

    own = None
    try:
        if executor is None and (workers or 1) == 1:
            for task in tasks:
                done_one(task[1], mine_one(task))
        else:
            if executor is None:
                own = executor = cf.ProcessPoolExecutor(max_workers=workers)
            futures = {executor.submit(mine_one, task): task[1] for task in tasks}
            for fut in cf.as_completed(futures):
                done_one(futures[fut], fut.result())
    except KeyboardInterrupt:
        missing = [t[1] for t in tasks if t[1] not in per_game]
        if path is not None:
            _write_bank(path, dict(header, missing=missing), merge(per_game))
        raise
    finally:
        if own is not None:
            own.shutdown(wait=False, cancel_futures=True)
    bank = dict(header, complete=True, missing=[], puzzles=merge(per_game))
    if path is not None:
        _write_bank(path, dict(header, complete=True, missing=[]), bank["puzzles"])
    return bank
