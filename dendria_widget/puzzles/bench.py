"""Mining benchmark: ``dendria-widget puzzles bench [--games N] [--ruleset R]``.

Prints figures; it is not a test. Mines the same seeded games on one local
process and on two, side by side in one run, and prints the puzzles mined
per minute of wall time for each and their ratio (the same bank both
times: the mining is deterministic, only the times change).
"""

from __future__ import annotations

import sys
import time
from typing import TextIO

from .mine import mine


def run(ruleset: str = "hedu", size: int = 4, games: int = 4, seed: int = 1,
        players: tuple[str, str] = ("greedy", "random"), max_turns: int = 20,
        out: TextIO | None = None) -> dict[int, float]:
    """Mine ``games`` games on 1 and on 2 workers; print and return the
    puzzles mined per minute for each number of workers."""
    out = sys.stdout if out is None else out
    rules = {"ruleset": ruleset, "board": {"shape": "hexagon", "size": size}}
    rates: dict[int, float] = {}
    banks = {}
    for workers in (1, 2):
        start = time.perf_counter()
        bank = mine(rules, games, list(players), seed, workers=workers, max_turns=max_turns)
        seconds = time.perf_counter() - start
        banks[workers] = bank["puzzles"]
        rates[workers] = len(bank["puzzles"]) / seconds * 60
        out.write(f"{ruleset} side {size}, {games} games ({players[0]} against "
                  f"{players[1]}, {max_turns} positions each), {workers} worker"
                  f"{'s' if workers > 1 else ''}: {len(bank['puzzles'])} puzzles in "
                  f"{seconds:.1f} s = {rates[workers]:.1f} puzzles mined per minute\n")
    same = "the same bank" if banks[1] == banks[2] else "DIFFERENT banks (a bug)"
    out.write(f"2 workers / 1 worker: {rates[2] / rates[1]:.2f}x ({same})\n")
    return rates
