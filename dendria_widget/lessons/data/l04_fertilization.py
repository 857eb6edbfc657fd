"""Lesson 04: fertilization: what a dendrid fertilizes, what blocks its lines."""

from .. import checks
from .. import claims as claim
from .. import statements as st
from ..framework import Exercise, Lesson, Page
from ..drills import with_drills
from .drill_positions import drill

ALONE = "dendria-classic h4 4/5/6/3d3/6/5/4 dark"
BLOCKED = "dendria-classic h4 4/3t1/6/3d1S1/2S3/5/4 dark"
TWO = "dendria-classic h4 D3/5/6/3d3/6/5/4 dark"
CROSS = "dendria-classic h4 2D1/5/6/d6/6/5/4 dark"

LESSON = Lesson(
    name="04_fertilization",
    title="Fertilization",
    summary="What a dendrid fertilizes along its lines, and what blocks them.",
    pages=with_drills([
        Page(
            title="A dendrid sees along its lines",
            text="A **dendrid** looks along its {rule_number(directions)|word} lines. Every **empty soil** it sees is "
                 "**fertilized** by its colour. This {piece(d4)|piece} on d4 stands alone, so "
                 "it sees to the edge in all {rule_number(directions)|word} directions: it fertilizes the "
                 "{fertilized(dark)|n} soils marked.",
            start=ALONE,
            overlays=("fertilization",),
            claims=(claim.fertilized("dark", "a1", "a4", "b2", "b4", "c3", "c4", "d1", "d2",
                                     "d3", "d5", "d6", "d7", "e3", "e4", "f2", "f4", "g1",
                                     "g4", mentions=()),),
            rules_covered=("fertilized",),
        ),
        Page(
            title="Pieces block the sight",
            statements=(st.rule("only empty soils are", "fertilized", "2.1 Roots, hunger and fertilization"),),
            text="A dendrid's sight stops at the **nearest piece** on each line, of any colour "
                 "or kind. The seed on d6, the tree on b4 and the seed on e3 block "
                 "lines: {not_fertilized_among(dark, d7 a4 f2 g1)} (behind d6, the tree and "
                 "e3) are not fertilized. The pieces themselves are not fertilized either: "
                 "only empty soils are. {piece(d4)|colour|cap} fertilizes "
                 "{fertilized(dark)|n} soils here.",
            start=BLOCKED,
            overlays=("fertilization",),
            claims=(claim.fertilized("dark", "a1", "b2", "c3", "c4", "d1", "d2", "d3", "d5",
                                     "e4", "f4", "g4", mentions=()),
                    claim.not_fertilized("dark", "d7", "a4", "f2", "g1")),
            rules_covered=("fertilized-blocked",),
        ),
        Page(
            title="Dark and Light",
            text="Each colour fertilizes the soils its own dendrids see. A soil may be "
                 "fertilized by Dark, by Light, by Dark and Light together ({fertilized_by_both()} here, where the "
                 "lines of the dendrids cross) or by nobody.",
            start=TWO,
            overlays=("fertilization",),
            claims=(claim.fertilized_by_both("a4", "b2", "c3", "d1"),),
            rules_covered=("fertilized",),
        ),
        Page(
            title="A new seed cuts a line",
            text="Press **Play**: {to_move()|cap} plants a seed on d6. The dark dendrid's "
                 "line to the east now stops at d6, so d7 is no longer fertilized by "
                 "{piece(d4)|colour|cap} (of d6 and d7, {piece(d4)|colour|cap} fertilizes now: "
                 "{fertilized_among(dark, d6 d7)@end}).",
            start="dendria-classic h4 4/5/6/3d3/6/5/4 light",
            play=("plant d6", "end"),
            overlays=("fertilization",),
            claims=(claim.fertilizes("dark", "d7", at="start"), claim.not_fertilized("dark", "d7"),),
            rules_covered=("fertilized-blocked",),
        ),
        Exercise(
            title="Cut the line",
            turn="plant",
            text="{to_move()|cap} to play. The {piece(d4)|piece} on d4 fertilizes "
                 "{fertilized_among(dark, d7)}, at the east edge.",
            prompt="Plant a seed so that {piece(d4)|colour|cap} **no longer fertilizes "
                   "d7**.",
            start="dendria-classic h4 4/5/6/3d3/6/5/4 light",
            overlays=("fertilization",),
            check=checks.fertilized_by("d7", ()),
            hint="The dendrid sees d7 along the row. Anything on that row between d4 and "
                 "d7 stops its sight.",
            hint_cells=("d5", "d6"),
            solution=("plant d6", "end"),
            wrong=(("plant c4",), ("plant e4",)),
            auto_end=True,
            claims=(claim.fertilizes("dark", "d7", at="start"),),
            rules_covered=("fertilized-blocked",),
        ),
        Exercise(
            title="Nobody's soil",
            statements=(st.rule("Only empty soils are fertilized", "fertilized", "2.1 Roots, hunger and fertilization"),),
            turn="plant",
            text="The {piece(d1)|piece} on d1 and the {piece(a3)|piece} on a3 each see d3: "
                 "it is fertilized by {fertilized_by(d3)}.",
            prompt="Plant a seed so that **nobody** fertilizes **d3**.",
            start=CROSS,
            overlays=("fertilization",),
            check=checks.fertilized_by("d3", ()),
            hint="A seed cuts the lines that pass through its own {soil}: where do their "
                 "lines cross? Only empty soils are fertilized.",
            hint_cells=("d3",),
            solution=("plant d3", "end"),
            wrong=(("plant d2",), ("plant c3",)),
            auto_end=True,
            claims=(claim.fertilized_by_both("a1", "d3", "d6", "f1", at="start", mentions=("d3",)),),
            rules_covered=("fertilized", "fertilized-blocked"),
        ),
        Exercise(
            title="{to_move()|cap}'s only",
            statements=(st.goal("is fertilized by **"),),
            turn="plant",
            text="The same dendrids: d3 is fertilized by {fertilized_by(d3)}.",
            prompt="Plant a seed so that d3 is fertilized by **{to_move()|cap} only**.",
            start=CROSS,
            overlays=("fertilization",),
            claims=(claim.fertilized_by_both("a1", "d3", "d6", "f1", at="start",
                                             mentions=("d3",)),),
            check=checks.fertilized_by("d3", (None,)),
            hint="Keep {to_move()|cap}'s line to d3 open, and cut {not_to_move()|cap}'s.",
            hint_cells=("a3", "b3", "c3"),
            solution=("plant c3", "end"),
            wrong=(("plant d2",), ("plant d3",), ("plant e3",)),
            auto_end=True,
            rules_covered=("fertilized-blocked",),
        ),
    ], drill('unfertilize')),
)
