"""Find positions for the lessons' drills with the engine.

For a kind of drill (``dendria_widget.lessons.drills.KINDS``) this plays
seeded random games of the kind's edition and, at each position along them,
asks how many of the mover's distinct whole turns the drill's check accepts
for each cell the drill may be about. A position is kept when the check
accepts at least one turn and at most ``--rate`` of them (30% by default),
and the turns are few enough to judge quickly. The positions found are
printed as Python data for ``dendria_widget/lessons/data/drill_positions.py``,
ordered from the most accepted turns (level 1) to the fewest (the last
level), each with its rate; the same seeds give the same positions.

    python scripts/find_drills.py sprout --count 5 --seed 1
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from dendria_widget.game import Game
from dendria_widget.lessons import drills
from dendria_widget.lessons.claims import whole_turns

#: Options a kind's positions are played with (a position string's tail).
OPTIONS = {"limit": " dendrid_move_limit=1"}


def random_turn(game: Game, rng: random.Random) -> None:
    """Play one random whole turn on ``game`` (a random legal step at a time)."""
    while True:
        steps = game.legal_steps()
        if not steps:
            return
        # a plant or a journey more often than a pass
        choices = [s for s in steps if s.verb not in ("pass", "swap")] or steps
        game.play(rng.choice(choices))
        if game.is_over or not game.turn_under_way:
            return


def judge_position(kind: drills.Kind, position: str, max_turns: int
                   ) -> list[tuple[float, int, int, str, tuple[str, ...]]]:
    """For each target of ``kind`` in ``position``: (rate, accepted, turns,
    target, the shortest accepted turn that uses only what the drill's
    lesson taught: ``Kind.fits``), for targets with such a turn."""
    game = Game.from_position(position)
    game.play(*kind.setup)
    try:
        turns = whole_turns(game, limit=max_turns)
    except Exception:      # (more turns than the drill should judge)
        return []
    if len(turns) < 4:
        return []
    out = []
    for target in kind.targets(game):
        ex = drills.drill_exercise(kind, position, target, (), with_wrong=False)
        accepted = []
        for turn in turns:
            g = game.copy()
            g.play(*turn)
            if ex.judge(g).ok:
                accepted.append(turn)
        fitting = [t for t in accepted if kind.fits(t)]
        if fitting:
            best = min(fitting, key=lambda t: (len(t), t))
            out.append((len(accepted) / len(turns), len(accepted), len(turns), target,
                        tuple(best)))
    return out


def mutations(position: str, rng: random.Random, n: int) -> list[str]:
    """``n`` positions near ``position``, each with one change a random game
    seldom makes: a piece of the side to move added on an empty cell (a
    dendrid, a seed or a tree), or a piece taken away. Positions the rules
    do not allow are left out."""
    game = Game.from_position(position)
    tail = position[len(game.position_string()):]
    cells = game.board.names(game.board.plots)
    out = []
    for _ in range(n):
        pieces = dict(game.pieces)
        empty = [c for c in cells if c not in pieces]
        if empty and (rng.random() < 0.7 or not pieces):
            kind = rng.choice(("dendrid", "dendrid", "seed", "tree"))
            pieces[rng.choice(empty)] = f"{rng.choice((game.to_move, game.to_move, 'dark', 'light'))} {kind}"
        elif pieces:
            pieces.pop(rng.choice(sorted(pieces)))
        try:
            out.append(game.edited(pieces=pieces).position_string() + tail)
        except Exception:     # (a position the rules refuse)
            continue
    return out


def find(name: str, count: int, seed: int, rate: float, max_turns: int,
         games: int, mutate: int = 0) -> list[tuple[float, int, int, str, str, tuple[str, ...]]]:
    kind = drills.KINDS[name]
    ruleset, size, (lo, hi) = kind.search
    rng = random.Random(seed)
    found: dict[str, tuple[float, int, int, str, str, tuple[str, ...]]] = {}
    for _ in range(games):
        board = size if isinstance(size, dict) else {"shape": "hexagon", "size": size}
        game = Game({"ruleset": ruleset, "board": board})
        for turn in range(hi):
            if game.is_over:
                break
            random_turn(game, rng)
            if turn < lo or game.is_over or game.choosing_sides:
                continue
            here = game.position_string() + OPTIONS.get(name, "")
            for position in [here] + mutations(here, rng, mutate):
                if position in found:
                    continue
                for r, acc, n, target, sol in judge_position(kind, position, max_turns):
                    if r <= rate and (position not in found or r < found[position][0]):
                        found[position] = (r, acc, n, position, target, sol)
        if len(found) >= 4 * count:
            break
    # spread over the rates: the easiest, the hardest and between
    # (one position per rate, so that each level accepts a smaller share)
    ranked = sorted({f[0]: f for f in sorted(found.values(), key=lambda f: f[1:3])}.values(),
                    key=lambda f: -f[0])
    if len(ranked) <= count:
        return ranked
    picks = [ranked[round(i * (len(ranked) - 1) / (count - 1))] for i in range(count)]
    return list(dict.fromkeys(picks))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("kinds", nargs="*", default=sorted(drills.KINDS))
    ap.add_argument("--count", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rate", type=float, default=0.3)
    ap.add_argument("--max-turns", type=int, default=300)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--mutate", type=int, default=0,
                    help="also judge this many changed copies of each position")
    args = ap.parse_args(argv)
    for name in args.kinds:
        t0 = time.time()
        picks = find(name, args.count, args.seed, args.rate, args.max_turns, args.games,
                     args.mutate)
        how = f", --mutate {args.mutate}" if args.mutate else ""
        print(f"    {name!r}: [   # seed {args.seed}{how}, {time.time() - t0:.0f} s")
        for r, acc, n, position, target, sol in picks:
            print(f"        ({position!r}, {target!r},\n         {sol!r}),   # {acc} of {n} "
                  f"({100 * r:.0f}%)")
        print("    ],", flush=True)
        if len(picks) < args.count:
            print(f"# {name}: only {len(picks)} positions found", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
