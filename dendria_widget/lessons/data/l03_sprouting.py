"""Lesson 03: sprouting dendrids: nourishers counted by colour, the strict
majority, sprouting either colour's seeds, one nourisher per root."""

from .. import checks
from .. import claims as claim
from .. import statements as st
from ..framework import Exercise, Lesson, Page
from ..drills import with_drills
from .drill_positions import drill

# d4: six nourishers, three dark and three light
TIE = "dendria-classic h4 4/3t1/2D3/s2s1S1/6/1T3/3d dark"
# a light seed on d4, hungry to the south-west; four dark nourishers, one light
HUNGRY_LIGHT = "dendria-classic h4 4/3t1/2D3/s2S1s1/6/5/3d dark"
CROSSING = "dendria-classic h4 S2T/5/6/s6/6/5/s3 dark"

LESSON = Lesson(
    name="03_sprouting",
    title="Sprouting dendrids",
    summary="Seeds sprout into dendrids: nourishers counted by colour, the strict majority, "
            "either colour's seeds.",
    pages=with_drills([
        Page(
            title="Counting nourishers",
            text="A nourished seed can **sprout**: it becomes a **dendrid** of the player "
                 "whose turn it is. To see who may sprout it, count its nourishers by "
                 "colour (the small numbers under the seed: dark, then light). The seed "
                 "on d4 has {nourisher_count(d4, dark)} dark and {nourisher_count(d4, light)} "
                 "light nourishers.",
            start=TIE,
            overlays=("nutrients", "roots"),
            focus="d4",
            claims=(claim.piece("d4", "dark seed"), claim.nourishers("d4", 3, 3),),
            rules_covered=("sprout-majority",),
        ),
        Page(
            title="A strict majority",
            statements=(st.rule("may sprout a seed only with **strictly more**", "sprout-majority", "2.2 Conversions"),),
            text="The player to move may sprout a seed only with **strictly more** of "
                 "their own pieces among its nourishers than the opponent's. "
                 "{nourisher_count(d4, dark)|word|cap} against "
                 "{nourisher_count(d4, light)|word} is not enough, for Dark or for Light: "
                 "{to_move()|cap} {may_sprout(d4, dark)|may} sprout d4, and Light "
                 "{may_sprout(d4, light)|may} either. The *Conversions* overlay marks the "
                 "seeds the player to move may sprout; here it marks {sproutable()}.",
            start=TIE,
            overlays=("nutrients", "conversions"),
            claims=(claim.to_move("dark"), *(claim.may_sprout(c, who, False, mentions=()) for c in ("d1", "d6") for who in ("dark", "light")), claim.may_sprout("d4", "dark", False), claim.may_sprout("d4", "light", False)),
            rules_covered=("sprout-majority",),
        ),
        Page(
            title="A nourisher per root",
            text="Each root gives a nourisher, no more: the nearest piece on it. Press "
                 "**Play**: {to_move()|cap} plants on d3, between d4 and the {piece(d1)|piece} "
                 "on d1. Now d3 is the nourisher on that root, and d1 no longer counts: "
                 "{nourisher_cells(d4)@end} are the nourishers. Still "
                 "{nourisher_count(d4, dark)|word@end} against "
                 "{nourisher_count(d4, light)|word@end}.",
            start=TIE,
            play=("plant d3", "end"),
            overlays=("nutrients", "roots"),
            focus="d4",
            claims=(claim.piece("d3", "dark seed"), claim.piece("d1", "dark seed"), claim.nourishers("d4", 3, 3),),
            rules_covered=("sprout-one-per-root",),
        ),
        Page(
            title="Hungry seeds do not sprout",
            text="The {piece(d4)|piece} on d4 has {nourisher_count(d4, dark)|word} dark "
                 "nourishers and {nourisher_count(d4, light)|word} light, but it is "
                 "**{hungry(d4)|hungry}**: it sees the edge to the {sees_edge(d4)|ways}. "
                 "{to_move()|cap} {may_sprout(d4, dark)|may} sprout it. A hungry seed may not "
                 "sprout, whatever the count.",
            start=HUNGRY_LIGHT,
            claims=(claim.piece("d4", "light seed"), claim.sees_edge("d4", "SW"), claim.hungry("d4"), claim.nourishers("d4", 4, 1),
                    claim.may_sprout("d4", "dark", False),
                    claim.may_sprout("d4", "light", False)),
            overlays=("nutrients", "roots"),
            focus="d4",
            rules_covered=("sprout-hungry-never",),
        ),
        Page(
            title="Plant, then sprout",
            text="Sprouting happens during a turn, for example right after planting. "
                 "Press **Play**: {to_move()|cap} plants on f2, on the open root of d4. The "
                 "seed on d4 is {hungry(d4)|hungry@1} now, with "
                 "{nourisher_count(d4, dark)|word@1} dark nourishers against "
                 "{nourisher_count(d4, light)|word@1} light. {to_move()|cap} sprouts it, "
                 "**although it is a {piece(d4)|colour} seed**: it becomes a "
                 "**{piece(d4)|piece@end}**. Then {to_move()|cap} ends the turn.",
            start=HUNGRY_LIGHT,
            play=("plant f2", "sprout d4", "end"),
            overlays=("nutrients", "conversions"),
            claims=(claim.piece("d4", "dark dendrid"), claim.nourishers("d4", 4, 1, at="start", mentions=())),
            rules_covered=("sprout-either-colour", "plant-sprout"),
        ),
        Exercise(
            title="Take a1",
            turn="plant",
            text="The {piece(a1)|piece} on a1 is {hungry(a1)|hungry}: its root to the "
                 "{sees_edge(a1)|ways} is open. It has {nourisher_count(a1, dark)|word} dark "
                 "nourisher and {nourisher_count(a1, light)|word} light one "
                 "({nourisher_cells(a1)}).",
            prompt="Plant a seed, then sprout the {piece(a1)|piece} on **a1** into **your** "
                   "({to_move()|cap}'s) dendrid: click the {soil} to plant, then click a1.",
            start=CROSSING,
            overlays=("nutrients", "conversions"),
            check=checks.sprouted("a1"),
            hint="A {to_move()} seed anywhere on the open root of a1 feeds it and adds a "
                 "{to_move()} nourisher, which tips the count to {to_move()|cap}.",
            hint_cells=("b2", "c3", "d4", "e4", "f4", "g4"),
            solution=("plant d4", "sprout a1", "end"),
            wrong=(("plant a2", "end"), ("plant g4", "end")),
            auto_end=True,
            claims=(claim.sees_edge("a1", "SE", at="start"), claim.piece("d1", "dark seed", at="start"), claim.piece("a4", "light tree", at="start"), claim.hungry("a1", at="start"), claim.nourishers("a1", 1, 1, at="start", mentions=("a1", "d1", "a4")),),
            rules_covered=("sprout-majority", "plant-sprout"),
        ),
        Exercise(
            title="Break the tie",
            turn="plant",
            text="Back to the tie: {nourisher_count(d4, dark)|word} dark and "
                 "{nourisher_count(d4, light)|word} light nourishers round d4.",
            prompt="Plant a seed so that you may sprout the seed on **d4**, and "
                   "sprout it.",
            start=TIE,
            overlays=("nutrients", "roots"),
            focus="d4",
            check=checks.sprouted("d4"),
            hint="Put your seed in front of a {not_to_move()} nourisher, on the same root: "
                 "then the {not_to_move()} piece no longer counts, yours does.",
            hint_cells=("d5", "e3"),
            solution=("plant d5", "sprout d4", "end"),
            wrong=(("plant d3", "end"), ("plant c4", "end")),
            auto_end=True,
            claims=(claim.nourishers("d4", 3, 3, at="start"),),
            rules_covered=("sprout-one-per-root", "sprout-majority"),
        ),
        Exercise(
            title="{most_sprouts()|word|cap} at once",
            statements=(st.goal("Your seed must close"),),
            turn="plant",
            text="Back to the seeds of the exercise *Take a1*: a {piece(a1)|piece} on a1, "
                 "{piece(d1)|colour} seeds on {holding(dark seed)}, a {piece(a4)|piece} on a4. "
                 "The seeds that are hungry: {hungry_seeds()}.",
            prompt="Plant a seed, then sprout **{most_sprouts()|word}** seeds "
                   "into {to_move()} dendrids.",
            start=CROSSING,
            overlays=("nutrients", "conversions"),
            claims=(claim.holding("dark seed", "d1", "g1", at="start"), claim.holding("light seed", "a1", at="start"), claim.holding("light tree", "a4", at="start"),
                    claim.hungry("a1", at="start"), claim.hungry("d1", at="start"),
                    claim.hungry("g1", at="start")),
            check=checks.sprouted_many(),
            hint="Your seed must close the open roots left to {most_sprouts()|word} "
                 "seeds at once, and bring "
                 "each of them more {to_move()} nourishers than {not_to_move()}.",
            hint_cells=("c3", "d3", "e4", "f4"),
            solution=("plant d4", "sprout a1", "sprout d1", "end"),
            wrong=(("plant d4", "sprout a1", "end"), ("plant g4", "sprout a1", "end")),
            auto_end=True,
            rules_covered=("sprout-majority", "sprout-either-colour", "plant-sprout"),
        ),
    # (two drills after the same page: the one given later comes first)
    ], drill('sprout-theirs'), drill('sprout')),
)
