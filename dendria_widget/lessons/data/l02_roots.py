"""Lesson 02: roots and nutrients: a seed's roots, nourishers of any colour,
hungry and nourished seeds, and why you may plant only where a seed would be
hungry."""

from .. import checks
from .. import claims as claim
from .. import statements as st
from ..framework import Exercise, Lesson, Page
from ..drills import with_drills
from .drill_positions import drill

ALONE = "dendria-classic h4 4/5/6/3s3/6/5/4 dark"
# d4 with a piece at the end of each of its six roots: of both colours, every kind
FED = "dendria-classic h4 4/3t1/2D3/s2s1S1/6/1T3/3d dark"
# the same without the light tree on f2: d4 sees the edge to the south-west
ONE_WAY_OUT = "dendria-classic h4 4/3t1/2D3/s2s1S1/6/5/3d light"
# d4 empty, its six lines end on pieces: a seed there would be nourished
NO_ROOM = "dendria-classic h4 4/3t1/2D3/s4S1/6/1T3/3d dark"
# d4 with pieces on four roots; the roots to the north-east and south-west are open
ONE_LEFT = "dendria-classic h4 4/5/2S3/1S1s1S1/3T2/5/4 dark"
CROSSING = "dendria-classic h4 S2T/5/6/s6/6/5/s3 dark"

LESSON = Lesson(
    name="02_roots",
    title="Roots and nutrients",
    summary="A seed's roots and nourishers; hungry and nourished seeds; where you may plant.",
    pages=with_drills([
        Page(
            title="A seed's roots",
            claims=(claim.piece("d4", "dark seed"), claim.pieces(1), claim.sees_edge("d4", "E", "NE", "NW", "W", "SW", "SE"),),
            text="The lines of a seed are its **roots**. This {piece(d4)|piece} on d4 stands "
                 "alone: each of its {roots(d4)|word} roots runs out to the edge of the "
                 "board ({sees_edge(d4)|n|word} see the edge). The numbers "
                 "count the empty soils along each root.",
            start=ALONE,
            overlays=("roots",),
            focus="d4",
            rules_covered=("roots",),
        ),
        Page(
            title="Nourishers",
            text="When a root meets a piece, that nearest piece is a **nourisher** of the "
                 "seed, however far away it is. Any piece counts: a seed, a tree or a "
                 "dendrid, **dark or light**. Here each root of d4 ends on a piece: "
                 "{nourisher_count(d4, dark)|word} dark and {nourisher_count(d4, light)|word} "
                 "light nourishers.",
            start=FED,
            overlays=("roots",),
            focus="d4",
            claims=(claim.hungry("d4", False),),
            rules_covered=("nourishers",),
        ),
        Page(
            title="Nourished seeds",
            claims=(claim.hungry("d4", False), claim.sees_edge("d4"),),
            text="A seed whose every root ends on a nourisher is **nourished**: it does "
                 "not see the edge anywhere, like the seed on d4 here, which is "
                 "{hungry(d4)|hungry}. The *Nutrients* overlay draws a solid ring round a "
                 "nourished seed.",
            start=FED,
            overlays=("roots", "nutrients"),
            focus="d4",
            rules_covered=("nourished",),
        ),
        Page(
            title="Hungry seeds",
            text="Take the tree on f2 away: now the root of d4 to the {sees_edge(d4)|ways} runs "
                 "out to the edge. A seed that **sees the edge** along some root is "
                 "**hungry** (dashed ring): d4 is {hungry(d4)|hungry}. The lone seed on d1 is "
                 "{hungry(d1)|hungry} too, and so is the one on d6 ({hungry(d6)|hungry}).",
            start=ONE_WAY_OUT,
            overlays=("roots", "nutrients"),
            focus="d4",
            claims=(claim.hungry("d4"), claim.hungry("d1"), claim.hungry("d6")),
            rules_covered=("hungry",),
        ),
        Page(
            title="Feeding a seed",
            text="Press **Play**: {to_move()|cap} plants a seed on f2, on the open root of "
                 "d4, and ends the turn. The new seed is a nourisher of d4 (whatever its "
                 "colour): d4 sees the edge along {sees_edge(d4)|n|word@end} roots now, so it is "
                 "{hungry(d4)|hungry@end} again.",
            start=ONE_WAY_OUT,
            play=("plant f2", "end"),
            overlays=("roots", "nutrients"),
            focus="d4",
            claims=(claim.piece("f2", "light seed"), claim.sees_edge("d4"), claim.hungry("d4", False),),
            rules_covered=("nourishers", "turns"),
        ),
        Page(
            title="Where you may plant",
            statements=(st.rule("You may plant only on an empty soil", "plant-hungry", "2.3 A turn", ("dendria-classic",)),),
            text="A turn is one of these: **plant** a seed, **move** a dendrid, or "
                 "**pass**. You may plant only on an empty soil where the new seed would be "
                 "**hungry**: some root of it must reach the edge. Here d4 is empty, but "
                 "every line from it ends on a piece (on {root_ends(d4)}): a seed there "
                 "would be nourished, so {to_move()|cap} {legal(plant d4)|may} plant on d4.",
            start=NO_ROOM,
            overlays=("roots",),
            focus="d4",
            claims=(claim.piece("d4", None), claim.sees_edge("d4"), claim.legal("plant d4", False, mentions=("d4",)),),
            rules_covered=("plant-hungry", "turns"),
        ),
        Exercise(
            title="A way out",
            statements=(st.goal("line only"),),
            turn="plant",
            text="The {piece(d4)|piece} on d4 has {root_ends(d4)|n|word} roots that end on "
                 "pieces. {sees_edge(d4)|n|word|cap} more run out to the edge: to the "
                 "{sees_edge(d4)|ways}.",
            prompt="Plant a seed so that d4 sees the edge along **{sees_edge(d4)|n|word@end}** line only.",
            start=ONE_LEFT,
            overlays=("roots",),
            focus="d4",
            claims=(claim.roots("d4", 6, at="start"),),
            check=checks.edge_lines("d4", 1),
            hint="A seed stops a root when it stands on it. Follow one of the roots "
                 "that still reach the edge.",
            hint_cells=("c4", "e3"),
            solution=("plant b4", "end"),
            wrong=(("plant d7", "end"), ("plant a1", "end")),
            auto_end=True,
            rules_covered=("roots", "hungry"),
        ),
        Exercise(
            title="Feed the seed",
            turn="plant",
            text="The {piece(d4)|piece} on d4 is {hungry(d4)|hungry}: it sees the edge to "
                 "the {sees_edge(d4)|ways}, and nowhere else.",
            prompt="Plant a seed so that the seed on **d4** becomes **nourished**.",
            start="dendria-classic h4 4/3t1/2D3/s2s1S1/6/5/3d dark",
            overlays=("roots", "nutrients"),
            focus="d4",
            check=checks.nourished("d4"),
            hint="Follow the root of d4 that reaches the edge: any seed on it becomes "
                 "its nourisher.",
            hint_cells=("e3", "f2"),
            solution=("plant f2", "end"),
            wrong=(("plant e1", "end"), ("plant c2", "end")),
            auto_end=True,
            claims=(claim.sees_edge("d4", "SW", at="start", mentions=("d4",)),),
            rules_covered=("nourishers", "hungry"),
        ),
        Exercise(
            title="Nourish a1 and g1 together",
            turn="plant",
            text="The {piece(a1)|piece} on a1 is {hungry(a1)|hungry}, along "
                 "{sees_edge(a1)|n|of(root)}; the {piece(g1)|piece} on g1 is "
                 "{hungry(g1)|hungry} too, along {sees_edge(g1)|n|of(root)}.",
            prompt="With a seed, make a1 and g1 nourished, together.",
            start=CROSSING,
            overlays=("nutrients",),
            check=checks.nourished("a1", "g1"),
            hint="Find the {soil} where the open root of a1 and the open root of g1 cross.",
            hint_cells=("g4",),
            solution=("plant g4", "end"),
            wrong=(("plant d4", "end"), ("plant g2", "end")),
            auto_end=True,
            claims=(claim.sees_edge("a1", "SE", at="start"), claim.sees_edge("g1", "E", at="start"), claim.piece("a1", "light seed", at="start"), claim.piece("g1", "dark seed", at="start"), claim.hungry("a1", at="start"), claim.hungry("g1", at="start"),),
            rules_covered=("nourished", "plant-hungry"),
        ),
    ], drill('nourish')),
)
