"""Lesson 07: dendrid journeys: lines, what may be jumped, what blocks,
stopping to convert, several slides, no dead ends."""

from collections.abc import Sequence

from ...game import Game
from ...notation import Step
from .. import checks
from .. import claims as claim
from .. import statements as st
from ..framework import Exercise, Lesson, Page, Verdict, words
from ..drills import with_drills
from .drill_positions import drill

ALONE = "dendria-classic h4 4/5/6/3d3/6/5/4 dark"
JUMPS = "dendria-classic h4 4/3s1/2d3/1S1d1S1/2s3/5/4 dark"
BLOCKS = "dendria-classic h4 4/3S1/2D3/3d1T1/6/1t3/4 dark"
# d4 may sprout now (4 dark nourishers against 2), but not before a slide
READY = "dendria-classic h4 4/3t1/2D3/s2ssS1/6/1T3/3d dark"
# Light's seedbed a2-a3; dark dendrids on b3 and c6, trees on b1 and e3
WHICH = "dendria-classic h4 1SS1/t1d2/5d/2D4/2T3/5/2s1 dark"
TWO_BEDS = "dendria-classic h4 S3/4d/6/d5d/6/5/d2S dark"
FEED_G1 = "dendria-classic h4 4/5/6/D5d/6/5/S2t dark"
# Light's dendrid on g4 can only go to f5 and back
BOXED = "dendria-classic h4 d3/5/6/7/4tt/3t1/2tD dark"
BACK_AND_FORTH = ("move a1", "slide a2", "end", "move g4", "slide f5", "end",
                  "move a2", "slide a1", "end")


def _stop_of(steps: Sequence[Step], cell: str) -> int | None:
    """At which stop of the journey (counting slides) ``cell`` was grown, or None."""
    slides = 0
    for s in steps:
        if s.verb == "slide":
            slides += 1
        elif s.verb == "grow" and s.arg == cell:
            return slides
    return None


def check_both_beds(game: Game) -> Verdict:
    a, b = checks.grown("a1")(game), checks.grown("g4")(game)
    if a.ok and b.ok:
        stops = {_stop_of(game.steps, "a1"), _stop_of(game.steps, "g4")}
        how = "at two stops" if len(stops) == 2 else "at one stop"
        trees = [c for c in ("a1", "g4") if game.pieces.get(c) == f"{checks.learner(game)} tree"]
        return Verdict(True, f"Right: a journey, and the seedbeds grew {how}: "
                             f"{checks.learner(game)} trees on {words(trees)}.")
    if a.ok or b.ok:
        done, todo = ("a1", b) if a.ok else ("g4", a)
        why = todo.message[:1].lower() + todo.message[1:]
        return Verdict(False, f"{done} grew, but the other seedbed did not: {why} "
                              "Slide on along the same line before ending the turn.")
    return Verdict(False, a.message + " " + b.message)


LESSON = Lesson(
    name="07_journeys",
    title="Dendrid journeys",
    summary="Moving a dendrid: along a line, over seeds and friends, blocked by trees and "
            "enemies, converting at each stop.",
    pages=with_drills([
        Page(
            title="A journey",
            claims=(claim.piece("d4", "dark dendrid"), claim.legal_count("slide", 18),),
            text="Instead of planting, a player may **move** one of their dendrids: a "
                 "**journey** along **a straight line**. Here {to_move()|cap} has started to "
                 "move the dendrid on d4: the {legal_count(slide)} marked {soils} are where it "
                 "may go, on its {rule_number(directions)|word} lines.",
            start=ALONE,
            setup=("move d4",),
            rules_covered=("journey-line",),
        ),
        Page(
            title="Jumping over pieces",
            statements=(st.rule("stops only on an empty", "journey-stop", "2.3 A turn", ("dendria-classic",)),),
            text="A dendrid may pass over **empty soils**, over **seeds** of either colour "
                 "and over **its own side's dendrids**. But it **stops only on an empty "
                 "soil** (in the classic edition: lesson {lesson(sprites_boards)} shows the sprites edition's "
                 "exception): it can jump the {piece(d6)|piece} on d6 and land on d7, jump the "
                 "{piece(c3)|piece} on c3 to b2 or a1, but it may not stop on a piece.",
            start=JUMPS,
            setup=("move d4",),
            claims=(claim.legal("slide d7", at="start", mentions=("d7",)), claim.legal("slide b2", at="start", mentions=("b2",)), claim.legal("slide a1", at="start", mentions=("a1",)), claim.legal("slide d6", False, at="start", mentions=("d6",)),),
            rules_covered=("journey-jump", "journey-stop"),
        ),
        Page(
            title="What blocks a journey",
            text="**Trees** of either colour and **enemy dendrids** block the way. The "
                 "{piece(c3)|piece} on c3 closes the north-west line at once; the "
                 "{piece(d6)|piece} on d6 stops the journey east at d5; the {piece(f2)|piece} "
                 "on f2 stops the journey south-west at e3. The {piece(b4)|piece} on b4 can be "
                 "jumped: a4 is still in reach.",
            start=BLOCKS,
            setup=("move d4",),
            claims=(claim.legal("slide d5", at="start", mentions=("d5",)), claim.legal("slide d7", False, at="start"), claim.legal("slide e3", at="start", mentions=("e3",)), claim.legal("slide f2", False, at="start", mentions=("f2",)), claim.legal("slide a4", at="start", mentions=("a4",)),),
            rules_covered=("journey-block",),
        ),
        Page(
            title="Stopping to convert",
            statements=(st.rule("must slide first", "convert-at-start", "2.3 A turn", ("dendria-classic",)),),
            text="After each slide the dendrid stops, and the player may **sprout**, "
                 "**grow** and **capture**, judged with the dendrid where it stands. In the "
                 "classic edition nothing converts **before any slide**: as the board "
                 "stands, {to_move()|cap} {may_sprout(d4, dark)|may} sprout d4, but having "
                 "started a journey, {to_move()|cap} must slide first. Press **Play**: the "
                 "dendrid on g4 slides to f4, then {to_move()|cap} sprouts d4, a "
                 "{piece(d4)|piece@end} now.",
            start=READY,
            setup=("move g4",),
            play=("slide f4", "sprout d4", "end"),
            overlays=("nutrients",),
            claims=(claim.may_sprout("d4", "dark", at="start"), claim.piece("g4", "dark dendrid", at="start"), claim.piece("f4", "dark dendrid"), claim.legal("sprout d4", False, at="start", mentions=("d4",)), claim.piece("d4", "dark dendrid"),),
            rules_covered=("journey-convert", "convert-at-start"),
        ),
        Page(
            title="Several slides",
            text="After a stop, the journey may **go on** with another slide, **in the same "
                 "direction**. Press **Play**: the dendrid on d1 slides to d2, where it sees "
                 "{fertile_missed(a1, dark)}, the fertile soil of the {piece(a1)|piece} "
                 "on a1 that {to_move()|cap} did not fertilize yet: {to_move()|cap} grows it. "
                 "Then the dendrid slides on, east.",
            start=TWO_BEDS,
            play=("move d1", "slide d2", "grow a1", "slide d3", "end"),
            overlays=("fertile", "fertilization"),
            claims=(claim.piece("a1", "light seed", at="start"), claim.after(("move d1",), claim.not_fertilized("dark", "a2", at="start")), claim.after(("move d1", "slide d2"), claim.fertile_soils("a1", "a2", "b1", "b2", at="start", mentions=("a1", "a2"))), claim.after(("move d1", "slide d2"), claim.fertilizes("dark", "a2", "b1", "b2", at="start", mentions=("a2", "d2"))), claim.piece("a1", "dark tree"),),
            rules_covered=("journey-slides", "journey-convert"),
        ),
        Page(
            title="No dead ends",
            statements=(st.position("as the board stands"),),
            text="A step after which the turn **could not be finished** is refused at once. "
                 "The players have moved back and forth; now {to_move()|cap}'s dendrid on "
                 "f5 could slide to {slide_targets(f5)} and nowhere else, which would bring "
                 "back the board of the start. The **repetition rule** forbids that: no turn "
                 "may bring back a board seen before (lesson {lesson(ending)} tells more). So, "
                 "as the board stands, {to_move()|cap} {legal(move f5)|may} even start that "
                 "move: {to_move()|cap} must {verbs_now()|or}.",
            start=BOXED,
            setup=BACK_AND_FORTH,
            marks={"f5": "stuck"},
            claims=(claim.piece("f5", "light dendrid"), claim.to_move("light"), claim.legal("move f5", False, mentions=("f5",)),),
            rules_covered=("no-dead-ends",),
        ),
        Exercise(
            title="Feed and sprout",
            turn="move",
            text="The {piece(g1)|piece} on g1 is {hungry(g1)|hungry}: its root to the "
                 "{sees_edge(g1)|ways} is open, out to the edge. Its nourishers are the "
                 "{piece(g4)|piece} on g4 and the {piece(d1)|piece} on d1 "
                 "({nourisher_cells(g1)}).",
            prompt="Move your dendrid so that you may **sprout g1**, and sprout it.",
            start=FEED_G1,
            overlays=("nutrients",),
            check=checks.sprouted("g1"),
            hint="Land your dendrid on the open root of g1: it becomes a nourisher, "
                 "and {to_move()|cap}'s nourishers outnumber {not_to_move()|cap}'s.",
            hint_cells=("d4", "a4"),
            solution=("move d7", "slide d4", "sprout g1", "end"),
            wrong=(("move d7", "slide d5", "end"), ("move d7", "slide e6", "end")),
            auto_end=True,
            claims=(claim.piece("g4", "dark tree", at="start"), claim.piece("d1", "light dendrid", at="start"), claim.nourishers("g1", 1, 1, at="start", mentions=("g4", "d1")),
                    claim.hungry("g1", at="start"), claim.sees_edge("g1", "NE", at="start", mentions=("north-east",)),),
            rules_covered=("journey-convert",),
        ),
        Exercise(
            title="Which dendrid?",
            turn="move",
            text="{group_colour(a2)|cap}'s seedbed {group(a2)} has {fertile_count(a2)|word} "
                 "fertile soils (another {soil} next to it holds a {piece(b3)|piece}).",
            prompt="Make a move after which you grow the {group_colour(a2)} seedbed into a "
                   "{to_move()} forest.",
            start=WHICH,
            overlays=("fertile", "fertilization"),
            claims=(claim.fertile_soils("a2", "a1", "a4", "b2", "b4", at="start",
                                        mentions=("a2", "a3", "four")),),
            check=checks.grown("a2"),
            hint="A dendrid that moves away stops seeing what it saw. Count who sees each "
                 "fertile soil before and after.",
            hint_cells=("b3", "c6", "b1", "c3"),
            solution=("move b3", "slide b2", "grow a2", "end"),
            wrong=(("move c6", "slide c5", "end"), ("move b3", "slide c3", "end")),
            auto_end=True,
            rules_covered=("journey-line", "journey-convert"),
        ),
        Exercise(
            title="Seedbeds grown on a journey",
            turn="move",
            text="{count_of(light seed)|word|cap} {piece(a1)|colour} seeds, on {holding(light seed)}, each miss a "
                 "soil fertilized by {to_move()|cap}: {fertile_missed(a1, dark)} for a1, "
                 "{fertile_missed(g4, dark)} for g4.",
            prompt="In a move, grow the {piece(a1)|colour} seeds into {to_move()} trees.",
            start=TWO_BEDS,
            overlays=("fertile", "fertilization"),
            check=check_both_beds,
            hint="A journey may go on after a stop, in the same direction, and at every "
                 "stop you may grow what you now fertilize whole.",
            hint_cells=("d2", "d4"),
            solution=("move d1", "slide d2", "grow a1", "slide d4", "grow g4", "end"),
            wrong=(("move d1", "slide d2", "grow a1", "end"),
                   ("move d1", "slide d4", "grow g4", "end")),
            auto_end=True,
            claims=(claim.not_fertilized("dark", "a2", "f4", at="start"),),
            rules_covered=("journey-slides",),
        ),
    ], drill('journey')),
)
