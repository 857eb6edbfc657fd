"""Drills: practice right after an idea, the way lichess's learn does it.

A drill is a few exercises on one idea (a rule id of
:data:`~dendria_widget.lessons.framework.RULE_IDS`), each a position found
by the engine (``scripts/find_drills.py`` plays seeded random games and
keeps positions where the idea's check accepts few of the whole turns),
given in rising difficulty: level 1 accepts the most turns, the last level
the fewest. A learner who shows a solution is offered another position of
the same drill (:meth:`Lesson.another`).

Each kind of drill (:data:`KINDS`) says what the learner must reach, as a
check built from the target cell and the mover; its hint states the rule
(never a cell); the second stage of help marks the part of the board; the
third shows the move. The target cell is the goal the prompt names; the
piece standing there is a claim the engine checks.

    >>> from dendria_widget.lessons import drills
    >>> ex = drills.drill("sprout", [("dendria-classic h4 4/5/6/7/6/5/4 dark", "d4",
    ...                               ("plant d4", "end"))])   # doctest: +SKIP
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..explain import dendria as explain
from ..explain import hedu as explain_hedu
from ..game import Game
from . import checks
from . import claims as claim
from . import statements as st
from ..errors import DendriaError
from .framework import Exercise, Page

#: A found position: (position string, target cell, a solution).
Found = tuple[str, str, tuple[str, ...]]


@dataclass(frozen=True)
class Kind:
    """A kind of drill: its ``idea`` (rule id), the ``turn`` it asks for,
    a ``title``, a ``text`` (the idea, as a rule, no fact of the board),
    a ``prompt`` and a ``hint`` (the rule to use: never a cell), written
    once with the edition's fields and ``{cell}`` / ``{mover}``; the cells a
    position may be about (``targets``), the ``check`` for a target and
    the mover; ``needs``: the other rules a learner must know first (the
    drill comes after the pages that teach them too); ``statements``: what
    its sentences with a rule word state (:mod:`.statements`: a hint's
    "must" is the goal the check judges)."""

    idea: str
    turn: str
    title: str
    text: str
    prompt: str
    hint: str
    targets: Callable[[Game], list[str]]
    check: Callable[[str, str], checks.Check]
    needs: tuple[str, ...] = ()
    statements: tuple[st.Statement, ...] = ()


def _other(colour: str) -> str:
    return "light" if colour == "dark" else "dark"


def _hungry_seeds(game: Game) -> list[str]:
    return sorted(c for c, f in explain.seeds(game).items() if f["hungry"])


def _seeds(game: Game) -> list[str]:
    return sorted(c for c, p in game.pieces.items() if p.endswith("seed"))


def _seedbeds(game: Game) -> list[str]:
    return sorted(g["cells"][0] for g in explain.groups(game)
                  if g["kind"] == "seedbed" and g["fertile_soils"])


def _enemy_forests(game: Game) -> list[str]:
    enemy = _other(game.to_move)
    return sorted(g["cells"][0] for g in explain.groups(game)
                  if g["kind"] == "forest" and g["colour"] == enemy and g["fertile_soils"])


def _enemy_fertilized(game: Game) -> list[str]:
    enemy = _other(game.to_move)
    return sorted(explain.fertilization(game)[enemy])


def _enemy_sprites(game: Game) -> list[str]:
    enemy = _other(game.to_move)
    return sorted(c for c, p in game.pieces.items() if p == f"{enemy} dendrid")


def _heights(game: Game) -> list[str]:
    """Hedu: the heights a placement may have now, as words ("1", "2"...)."""
    return sorted({str(h) for h in explain_hedu.placement_heights(game).values() if h > 0})


def _grown(cell: str, mover: str) -> checks.Check:
    return checks.grown(cell, mover)


KINDS: dict[str, Kind] = {
    "nourish": Kind(
        idea="nourished", turn="plant", title="Feed a seed",
        text="A seed is **nourished** when every one of its roots ends on a piece; "
             "a root that runs to the edge leaves it **hungry**.",
        prompt="{Plant} **one seed** so that the seed on **{cell}** is nourished.",
        hint="A seed you {plant} stops every root of {cell} it stands on: find the "
             "roots of {cell} that still run to the edge.",
        targets=_hungry_seeds,
        check=lambda cell, mover: checks.nourished(cell),
        needs=("hungry", "plant-hungry")),
    "sprout": Kind(
        idea="sprout-majority", turn="plant", title="Sprout a seed",
        text="A nourished seed sprouts into the mover's {dendrid} when **more of its "
             "nourishers are the mover's** than the opponent's; a seed you {plant} is "
             "a nourisher too.",
        prompt="You play **{Mover}**. {Plant} one seed, then **sprout the seed on "
               "{cell}**.",
        hint="Count the nourishers of {cell}, one on each root: your new seed must "
             "close its last open root or tip the count your way.",
        targets=_seeds,
        check=lambda cell, mover: checks.sprouted(cell, mover),
        needs=("plant-sprout", "sprout-hungry-never"),
        statements=(st.goal("your new seed must close"),)),
    "unfertilize": Kind(
        idea="fertilized-blocked", turn="plant", title="Block the sight",
        text="A {dendrid} fertilizes the empty {soils} it sees, and its sight **stops at "
             "the first piece** on each line.",
        prompt="You play **{Mover}**. {Plant} one seed so that **{Other} no longer "
               "fertilizes {cell}** (and {cell} stays empty).",
        hint="Find the {dendrids} of {Other} that see {cell}: a seed on the line "
             "between stops that sight.",
        targets=_enemy_fertilized,
        check=lambda cell, mover: checks.not_fertilized(cell, _other(mover))),
    "grow": Kind(
        idea="grow-after-plant", turn="plant", title="Grow a seedbed",
        text="Right after {planting}, the new seed's seedbed may **grow** into the "
             "mover's forest when the mover fertilizes **every one of its fertile "
             "soils**.",
        prompt="You play **{Mover}**. {Plant} one seed so that the seedbed on **{cell}** "
               "grows into your forest, and grow it.",
        hint="A seedbed grows whole: join {cell}'s seedbed with your seed, and see that "
             "you fertilize every fertile {soil} of the bigger seedbed.",
        targets=_seedbeds,
        check=_grown),
    "capture": Kind(
        idea="capture-fertilized", turn="move", title="Capture a forest",
        text="An enemy forest changes hands when the mover fertilizes **every fertile "
             "soil** of it and its owner misses one.",
        prompt="You play **{Mover}**. Move one of your {dendrids} and **capture the "
               "forest on {cell}**.",
        hint="List the fertile {soils} of the forest on {cell}: your {dendrids} must see "
             "all of them, and its owner must miss one, when your {dendrid} stops.",
        targets=_enemy_forests,
        check=_grown,
        statements=(st.goal("must see all of them"),)),
    "journey": Kind(
        idea="journey-convert", turn="move", title="Sprout on the way",
        text="At every stop of a journey the mover may sprout, grow and capture, judged "
             "with the {dendrid} where it stands.",
        prompt="You play **{Mover}**. Move one of your {dendrids} so that you may **sprout "
               "the seed on {cell}**, and sprout it.",
        hint="A {dendrid} that stops on a root of {cell} becomes one of its nourishers: "
             "find a stop that closes an open root or tips the count your way.",
        targets=_seeds,
        check=lambda cell, mover: checks.sprouted(cell, mover)),
    "sprite-capture": Kind(
        idea="sprite-capture", turn="move", title="Take a sprite",
        text="A sprite may stop on the **first enemy sprite** on its line and remove it, "
             "if the journey ends on a cell of lower power (or wins a tree).",
        prompt="You play **{Mover}**. Move one of your sprites and **take the enemy sprite "
               "on {cell}**.",
        hint="Which of your sprites see {cell} first on one of their lines? Then compare "
             "the power of where it starts and where it would end.",
        targets=_enemy_sprites,
        check=lambda cell, mover: checks.sprite_taken(cell, mover)),
    "sprites-capture": Kind(
        idea="capture-unprotected", turn="move", title="Capture an unprotected forest",
        text="An enemy forest is **protected** while its owner fertilizes every fertile "
             "plot of it; one that is not may be captured.",
        prompt="You play **{Mover}**. Move one of your sprites and **capture the forest "
               "on {cell}**.",
        hint="Capture needs an unprotected forest: its owner must miss one of its "
             "fertile plots, and you must see every one of them when you stop.",
        targets=_enemy_forests,
        check=_grown,
        statements=(st.goal("its owner must miss one of its fertile plots"),)),
    "height": Kind(
        idea="hedu-place-height", turn="place", title="A stack of the right height",
        text="A new stack gets **one piece for each region** next to it, counted once it "
             "stands there.",
        prompt="You play **{Mover}**. Place a stack that gets **{cell} pieces**.",
        hint="A placement can cut a region apart: count the regions next to the cell "
             "once the stack stands there.",
        targets=_heights,
        check=lambda cell, mover: checks.stack_height(int(cell))),
    "prisoner": Kind(
        idea="hedu-prisoners", turn="place", title="Take prisoners",
        text="After a placement, enemy stacks shrink to the number of regions next to "
             "them; the pieces they lose are the mover's **prisoners**.",
        prompt="You play **{Mover}**. Place a stack that takes **at least {cell} "
               "prisoners**.",
        hint="An enemy stack shrinks to its count of regions: look for a placement that "
             "leaves a tall enemy stack next to fewer regions.",
        targets=lambda game: ["1", "2", "3"],
        check=lambda cell, mover: checks.prisoners_taken(int(cell), mover)),
}


def _fields(game: Game, kind: Kind, cell: str) -> dict[str, str]:
    """The words a drill's sentences are written with: the edition's words,
    the target ``{cell}`` (the goal the prompt names), and the players as
    fact fields the engine fills on the exercise's board (``{Mover}`` is
    ``{to_move()|cap}``, ``{Other}`` ``{not_to_move()|cap}``: see
    :mod:`.facts`)."""
    from .framework import edition_fields

    words = dict(edition_fields(game))
    words.update(Mover="{to_move()|cap}", Other="{not_to_move()|cap}", cell=cell)
    return words


def a_wrong_turn(ex: Exercise, game: Game) -> tuple[str, ...]:
    """A plausible wrong answer to ``ex`` from ``game``: the first whole
    turn of the exercise's kind, in the engine's order of legal steps, that
    its check refuses (steps: a first one, then slides, up to four steps
    and the end); () when none of those is refused."""
    verbs = {"plant": ("plant", "sow"), "move": ("move",), "place": ("place",)}.get(
        ex.turn, ())

    def walk(g: Game, turn: tuple[str, ...]) -> tuple[str, ...]:
        if not g.turn_under_way:
            return turn if not ex.judge(g).ok else ()
        if len(turn) >= 4:
            return ()
        for step in g.legal_steps():
            if step.verb not in ("slide", "end"):
                continue
            h = g.copy()
            h.play(step)
            found = walk(h, turn + (str(step),))
            if found:
                return found
        return ()

    for first in game.legal_steps():
        if verbs and first.verb not in verbs:
            continue
        g = game.copy()
        g.play(first)
        found = walk(g, (str(first),))
        if found:
            return found
    for turn in claim.whole_turns(game):      # (longer journeys: ask every whole turn)
        g = game.copy()
        g.play(*turn)
        if turn[0].split()[0] in (verbs or (turn[0].split()[0],)) and not ex.judge(g).ok:
            return tuple(turn)
    return ()


def drill_exercise(kind: Kind, position: str, cell: str, solution: Sequence[str],
                   level: int = 1, levels: int = 1) -> Exercise:
    """One exercise of a drill of ``kind``: the position, the target cell
    (Hedu's height drill: the height), a solution, its level of ``levels``."""
    game = Game.from_position(position)
    words = _fields(game, kind, cell)
    claims: tuple[claim.Claim, ...] = (claim.to_move(game.to_move, at="start"),)
    if game.variant.family != "hedu":
        claims += (claim.piece(cell, game.pieces.get(cell), at="start", mentions=(cell,)),)
    ex = Exercise(
        title=f"{kind.title}, level {level} of {levels}",
        text=kind.text.format(**words),
        prompt=kind.prompt.format(**words),
        start=position,
        check=kind.check(cell, game.to_move),
        hint=kind.hint.format(**words),
        solution=tuple(solution),
        turn=kind.turn,
        idea=kind.idea,
        level=level,
        claims=claims,
        statements=kind.statements,
        rules_covered=(kind.idea, *kind.needs),
    )
    wrong = a_wrong_turn(ex, game)
    if wrong:
        ex.wrong = (wrong,)
    return ex


def drill(name: str, found: Sequence[Found]) -> list[Exercise]:
    """The exercises of a drill of the kind ``name``, one per found
    position, in the order given (rising difficulty: levels 1, 2, ...)."""
    kind = KINDS[name]
    return [drill_exercise(kind, position, cell, solution, level, len(found))
            for level, (position, cell, solution) in enumerate(found, 1)]




def with_drills(pages: list[Page], *drill_pages: list[Exercise]) -> list[Page]:
    """``pages`` with each drill placed right after its idea: after the
    last page (not an exercise) that teaches the drill's idea or a rule it
    needs, and after the
    pages that continue that page's game (so that none of them continues
    from a drill's position). A drill whose idea no page teaches is a
    DendriaError."""
    out = list(pages)
    for one in drill_pages:
        if not one:
            continue
        idea = one[0].idea
        needs = set(one[0].rules_covered)
        teach = [k for k, p in enumerate(out)
                 if not isinstance(p, Exercise) and needs & set(p.rules_covered)]
        if not teach:
            raise DendriaError(f"no page teaches {idea!r}, the idea of the drill "
                               f"{one[0].title!r}")
        at = teach[-1] + 1
        while at < len(out) and out[at].start is None and out[at].rules is None:
            at += 1
        out[at:at] = one
    return out


__all__ = ["KINDS", "Found", "Kind", "a_wrong_turn", "drill", "drill_exercise", "with_drills"]
