"""Lesson 06: forests changing hands: capture when every fertile soil is
fertilized by the mover and one of them not by the owner; enclosed groups;
each conversion judged on the board the previous one left."""

from .. import checks
from .. import claims as claim
from .. import statements as st
from ..framework import Exercise, Lesson, Page
from ..drills import with_drills
from .drill_positions import drill

GUARDED = "dendria-classic h4 T2d/4d/6/D2DD2/6/5/4 dark"
ENCLOSED = "dendria-classic h4 tS1D/SS3/6/D6/6/5/4 dark"
CHAIN = "dendria-classic h4 S2s/4d/6/d6/6/5/4 dark"
BOTTOM = "dendria-classic h4 4/5/6/3D1d1/6/5/TT1d dark"
# Light's forest b3-b4 guarded by its dendrid on c4; dark dendrids on b1 and d5
ONE_WAY = "dendria-classic h4 4/d1TT1/3D2/4d2/2S3/5/4 dark"
LAST_SOIL = "dendria-classic h4 4/5/6/5d1/6/sSt2/TT2 light"

LESSON = Lesson(
    name="06_capture",
    title="Forests changing hands",
    summary="Capturing an enemy forest: every fertile soil yours, not all the owner's; "
            "enclosed groups.",
    pages=with_drills([
        Page(
            title="An enemy forest",
            statements=(st.position("as the board stands"),),
            text="A forest can change hands: the mover may **capture** an enemy forest, "
                 "which becomes the mover's (the next page gives the rule). "
                 "{piece(a1)|colour|cap}'s tree on a1 has {fertile_count(a1)|word} fertile "
                 "{soils}: {fertile_soils(a1)}. {to_move()|cap}'s {dendrids} fertilize "
                 "{fertile_by(a1, dark)}. But **{piece(a1)|colour|cap} fertilizes "
                 "{fertile_by(a1, light)} too**: **as the board stands**, {to_move()|cap} "
                 "{may_capture(a1, dark)|can} capture the forest. That is a fact of this "
                 "board alone: a move changes it, and the next page captures this very forest.",
            start=GUARDED,
            overlays=("fertile", "conversions"),
            claims=(claim.piece("a1", "light tree"), claim.fertilizes("dark", "a2", "b1", "b2"), claim.fertilizes("light", "a2", "b1", "b2"), claim.fertile_soils("a1", "a2", "b1", "b2"), claim.may_capture("a1", "dark", False)),
            rules_covered=("capture-fertilized",),
        ),
        Page(
            title="Capture",
            text="During a move, the player may **capture** an enemy forest when **every** "
                 "fertile soil of it is fertilized by the player **and** its owner does "
                 "**not** fertilize all of them. Press **Play**: the "
                 "{piece(a4)|piece} on a4 slides to c4. There it still sees "
                 "{fertile_missed(a1, light)@2}, and it blocks the line of the "
                 "{piece(d5)|piece} on d5. Now {piece(d5)|colour|cap} misses "
                 "{fertile_missed(a1, light)@2}: {to_move()|cap} captures the forest, which "
                 "becomes {piece(a1)|colour|cap@end}'s.",
            start=GUARDED,
            play=("move a4", "slide c4", "capture a1", "end"),
            overlays=("fertile", "fertilization"),
            claims=(claim.piece("c4", "dark dendrid"), claim.piece("d5", "light dendrid"), claim.fertilizes("dark", "a2"), claim.not_fertilized("light", "a2"), claim.fertilizes("light", "a2", at="start"), claim.piece("a1", "dark tree", mentions=()),),
            rules_covered=("capture-fertilized",),
        ),
        Page(
            title="Enclosed groups",
            statements=(st.position("whatever Dark and then Light", "whatever the mover does", "a1", 2), st.rule("It is safe only while its neighbours stay", "enclosed-never", "2.2 Conversions", ("dendria-classic",)),),
            text="A group with **no fertile soil** at all (every soil round it holds a "
                 "piece, or is off the board) is **enclosed**. In the classic edition an "
                 "enclosed group can neither grow nor be captured **while** it has no "
                 "fertile soil. {piece(a1)|colour|cap}'s tree on a1 is enclosed ({fertile_count(a1)|word} fertile soils): whatever {to_move()|cap} and "
                 "then {not_to_move()|cap} play on this turn and the next, {not_to_move()|cap} "
                 "cannot capture it.\n\n"
                 "It is safe only while its neighbours stay. A light seed next to it, on "
                 "{next_to(a1, light)|or}, could sprout into a dendrid and move away: then that soil "
                 "is empty, a fertile soil of the forest again, and the forest can be "
                 "captured like any other.",
            start=ENCLOSED,
            overlays=("fertile", "conversions"),
            claims=(claim.piece("a2", "light seed"), claim.piece("b1", "light seed"), claim.piece("a1", "dark tree"), claim.fertile_soils("a1", mentions=("a1",)),
                    claim.may_capture("a1", "light", False),
                    claim.stays("a1", 2)),
            rules_covered=("enclosed-never",),
        ),
        Page(
            title="Step after step",
            text="Each step of a turn changes the board, and the next step is judged on "
                 "the **new** board. Press **Play**: the {piece(d1)|piece} on d1 slides to d4. "
                 "Now the seed on a4 is nourished by {nourisher_count(a4, dark)|word@2} dark "
                 "pieces against {nourisher_count(a4, light)|word@2} light: {to_move()|cap} "
                 "sprouts it. The new dendrid on a4 sees a2, so the {piece(a1)|piece} on a1 "
                 "has every fertile soil fertilized by Dark ({fertile_by(a1, dark)@3}): "
                 "{to_move()|cap} grows it into a {piece(a1)|piece@end}.",
            start=CHAIN,
            play=("move d1", "slide d4", "sprout a4", "grow a1", "end"),
            overlays=("nutrients", "fertile"),
            claims=(claim.after(("move d1", "slide d4"), claim.nourishers("a4", 2, 1, at="start")), claim.fertilizes("dark", "a2"), claim.piece("a1", "light seed", at="start"), claim.piece("a4", "dark dendrid"), claim.piece("a1", "dark tree")),
            rules_covered=("judged-anew",),
        ),
        Exercise(
            title="Capture the pair",
            turn="move",
            text="{group_colour(g1)|cap}'s forest {group(g1)} has {fertile_count(g1)|word} "
                 "fertile soils: {fertile_soils(g1)}. {piece(d4)|colour|cap}'s dendrid on d4 "
                 "fertilizes {fertile_by(g1, light)}.",
            prompt="Make a move with a {to_move()} dendrid so that you fertilize all "
                   "{fertile_count(g1)|word} fertile soils, and **capture** the forest (click the dendrid, then where "
                   "it goes, then a tree of the forest).",
            start=BOTTOM,
            overlays=("fertile", "fertilization"),
            check=checks.grown("g1"),
            hint="A dendrid sees along a whole row: which row holds most of "
                 "{fertile_soils(g1)}, and from where on it does a dendrid see the rest too?",
            hint_cells=("f4", "f5"),
            solution=("move d6", "slide f4", "capture g1", "end"),
            wrong=(("move d6", "slide e5", "end"), ("move g4", "slide g3", "end")),
            auto_end=True,
            claims=(claim.fertilizes("light", "f2", at="start"),
                    claim.fertile_soils("g1", "f1", "f2", "f3", "g3", at="start"),),
            rules_covered=("capture-fertilized",),
        ),
        Exercise(
            title="Seal the forest",
            statements=(st.position("whatever Dark does on the next turn", "whatever the mover does", "g1", 1), st.rule("A forest cannot be captured while it has no fertile soil", "enclosed-never", "2.2 Conversions", ("dendria-classic",)),),
            turn="plant",
            text="{to_move()|cap} to play. {group_colour(g1)|cap}'s forest {group(g1)} has "
                 "{fertile_count(g1)|word} fertile soil left, and {piece(d6)|colour|cap}'s "
                 "dendrid on d6 fertilizes {fertile_by(g1, dark)|n|word} of them: "
                 "{piece(d6)|colour|cap} threatens to capture the forest.",
            prompt="Plant a seed so that the forest has **no fertile soil** left: "
                   "then, whatever {not_to_move()|cap} does on the next turn, "
                   "{not_to_move()|cap} cannot capture it.",
            start=LAST_SOIL,
            overlays=("fertile",),
            check=checks.enclosed("g1"),
            claims=(claim.fertilizes("dark", "g3", at="start", mentions=("d6", "fertilizes")),
                    claim.fertile_soils("g1", "g3", at="start", mentions=("g1", "one")),
                    claim.fertile_soils("g1", mentions=("g1",)), claim.stays("g1", 2)),
            hint="A forest cannot be captured while it has no fertile soil. Which soil "
                 "still touches the forest?",
            hint_cells=("g3",),
            solution=("plant g3", "end"),
            wrong=(("plant f4",), ("plant e4",)),
            auto_end=True,
            rules_covered=("enclosed-never",),
        ),
        Exercise(
            title="The way in",
            statements=(st.goal("still sees what it must"), st.position("as the board stands")),
            turn="move",
            text="{group_colour(b3)|cap}'s forest {group(b3)} is guarded by the "
                 "{piece(c4)|piece} on c4. {to_move()|cap} has dendrids on "
                 "{holding(dark dendrid)}: as the board stands, {to_move()|cap} "
                 "{may_capture(b3, dark)|can} capture it.",
            prompt="Make a move that captures the forest.",
            start=ONE_WAY,
            overlays=("fertile", "fertilization"),
            claims=(claim.holding("dark dendrid", "b1", "d5", at="start"), claim.holding("light dendrid", "c4", at="start"), claim.group("b3", "b4", at="start"),
                    claim.may_capture("b3", "dark", False, at="start"),),
            check=checks.grown("b3"),
            hint="Capture needs every fertile soil yours and some the owner misses. Where "
                 "can a {to_move()} dendrid stand that cuts a line of {not_to_move()|cap}'s "
                 "dendrid and still "
                 "sees what it must?",
            hint_cells=("a1", "a2", "b2", "c2", "c3"),
            solution=("move b1", "slide a1", "capture b3", "end"),
            wrong=(("move b1", "slide b2", "end"), ("move d5", "slide d4", "end")),
            auto_end=True,
            rules_covered=("capture-fertilized",),
        ),
    ], drill('capture'), drill('seal'), drill('chain')),
)
