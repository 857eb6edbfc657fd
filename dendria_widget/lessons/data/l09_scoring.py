"""Lesson 09: scoring in the classic edition, with worked examples
(distinct sizes, a point for more forests of a size, the half point)."""

from ...game import Game
from .. import checks
from .. import claims as claim
from .. import statements as st
from ..framework import Exercise, Lesson, Page, Verdict
from ..drills import with_drills
from .drill_positions import drill

# Dark: forests of 3, 3 and 2; Light: one forest of 4.
WORKED = "dendria-classic h5 ttt2/6/5tt/3d4/t4s3/t4D2/t1S4/6/1TTTT dark"
# The same board, with a komi of 2 points for Light.
KOMI = WORKED + " komi=2"
# Dark (a forest of 3) may capture one of Light's forests of 3, 2 and 1.
CAPTURE = "dendria-classic h5 TTT2/6/7/8/T2d5/7t/5tt/6/3TT dark"
# Dark: two forests of 1 and a seed on e4; Light: forests of 2 and 1
SIZES = "dendria-classic h4 3d/5/6/tD3d1/2Ts2/1tT2/3T dark"
# Dark (a forest of 2) may plant and grow the new seed's seedbed.
GROW = "dendria-classic h5 s1s2/3d2/7/8/T8/8/5tt/6/3TT dark"


def _check_ahead(game: Game) -> Verdict:
    """The learner (the colour that played the last turn, asked of the game)
    leads after the turn: the drill's check, with the rule it missed."""
    unfinished = checks.turn_not_played(game, 0)
    if unfinished is not None:
        return unfinished
    return checks.leads(checks.learner(game))(game)


LESSON = Lesson(
    name="09_scoring",
    title="Scoring",
    summary="Worked examples: distinct forest sizes, a point for more forests of a size, "
            "the half point.",
    pages=with_drills([
        Page(
            title="Only forests count",
            statements=(st.rule("only **forests** score", "score-distinct", "2.5 Scoring", ("dendria-classic",)),),
            text=(
                "At the end of the game only **forests** score: trees standing together. "
                "Seeds and dendrids score nothing.\n\n"
                "Here Dark has {forest_sizes(dark)|n|word} forests: {group(a1)} "
                "({group_size(a1)} trees), {group(e1)} ({group_size(e1)} trees) and "
                "{group(c6)} ({group_size(c6)} trees). Light has {forest_sizes(light)|n|word} "
                "forest of {forest_sizes(light)|first} trees, at the bottom. "
                "The numbers give each forest's size."),
            start=WORKED,
            marks={c: "{group_size(%s)}" % c for c in ("a2", "f1", "c7", "i3")},
            claims=(claim.forests("dark", 3, 3, 2), claim.forests("light", 4),
                    claim.group("a1", "a2", "a3"), claim.group("e1", "f1", "g1"), claim.group("c6", "c7"),),
        ),
        Page(
            title="Each size counts, not each forest",
            statements=(st.rule("a size repeated adds nothing", "score-distinct", "2.5 Scoring", ("dendria-classic",)),),
            text=(
                "Add up the **different** sizes of your forests. Dark's sizes are "
                "{forest_sizes(dark)}; a size repeated adds nothing, so Dark gets "
                "{distinct_sizes(dark)|sum} = **{score_part(dark, distinct_sizes)}**. Light "
                "gets **{score_part(light, distinct_sizes)}**.\n\n"
                "Another forest of a size you already have adds nothing here."),
            claims=(claim.score_part("dark", "distinct_sizes", 5), claim.score_part("light", "distinct_sizes", 4), claim.score("dark", 7, mentions=("5",)), claim.score("light", 5.5, mentions=("4",))),
            rules_covered=("score-distinct",),
            keep_marks=True,
        ),
        Page(
            title="A point for more forests of a size",
            claims=(claim.score_part("dark", "majorities", [3, 2], mentions=("3", "2")), claim.score_part("light", "majorities", [4], mentions=("4",)), claim.score_part("dark", "distinct_sizes", 5), claim.score_part("light", "distinct_sizes", 4), claim.forests("dark", 3, 3, 2), claim.forests("light", 4),),
            text=(
                "For every size, the player who has **more** forests of that size gets "
                "{rule_number(majority_point)} point.\n\n"
                "Size {forest_sizes(dark)|first}: Dark has {forests_of(dark, 3)|none}, "
                "Light {forests_of(light, 3)|none}: {rule_number(majority_point)} for "
                "{majority(3)|cap}. Size {forest_sizes(dark)|last}: Dark "
                "{forests_of(dark, 2)|none}, Light {forests_of(light, 2)|none}: "
                "{rule_number(majority_point)} for {majority(2)|cap}. Size "
                "{forest_sizes(light)|first}: Light {forests_of(light, 4)|none}, Dark "
                "{forests_of(dark, 4)|none}: {rule_number(majority_point)} for "
                "{majority(4)|cap}.\n\n"
                "So far: Dark {score_part(dark, distinct_sizes)} + "
                "{score_part(dark, majorities)|n} = **{dark_so_far()}**, Light "
                "{score_part(light, distinct_sizes)} + {score_part(light, majorities)|n} = "
                "**{light_so_far()}**."),
            rules_covered=("score-majority",),
            keep_marks=True,
        ),
        Page(
            title="The half point",
            text=(
                "Write each player's forest sizes from the largest: Dark "
                "{forest_sizes(dark)} and Light {forest_sizes(light)}. Compare them from the "
                "left, like words in a dictionary: the leftmost difference decides, and a "
                "missing size counts as none. Here {half_point()|cap} has the larger "
                "leftmost size, so {half_point()|cap} gets **half a point**. When the lists are "
                "the same, nobody gets it.\n\n"
                "Final score: Dark **{score(dark)}**, Light **{score(light)}**. "
                "{leader()|cap} would win if the game ended now. (With equal "
                "scores the game is a draw.)"),
            claims=(claim.score_part("light", "largest_forests_bonus", 0.5, mentions=()), claim.score_part("dark", "largest_forests_bonus", 0, mentions=()), claim.forests("dark", 3, 3, 2), claim.forests("light", 4), claim.score("dark", 7), claim.score("light", 5.5), claim.leader("dark")),
            rules_covered=("score-half",),
            keep_marks=True,
        ),
        Page(
            title="The end: the score stands",
            text=(
                "Press **Play**: each player passes and the game ends. The score you "
                "worked out is the result: {winner()|cap@end} wins, {score(dark)@end} to "
                "{score(light)@end}."),
            play=("pass", "pass"),
            claims=(claim.over(), claim.winner("dark"), claim.score("dark", 7), claim.score("light", 5.5)),
            rules_covered=("pass-end",),
            keep_marks=True,
        ),
        Page(
            title="Komi",
            text=(
                "Players may agree on a **komi**: points that Light adds to its score at "
                "the end, to make up for not moving first. (The sprites edition chooses it "
                "another way: lesson {lesson(sprites_boards)}.)\n\n"
                "The same board with a komi of {score_part(light, komi)}: Light gets "
                "{score_part(light, distinct_sizes)} + {score_part(light, majorities)|n} + "
                "{score_part(light, largest_forests_bonus)} + {score_part(light, komi)} = "
                "**{score(light)}**, Dark still {score(dark)}. Now {leader()|cap} leads: "
                "{leader()|cap} would win if the game ended here."),
            start=KOMI,
            claims=(claim.score_part("light", "komi", 2), claim.score("dark", 7), claim.score("light", 7.5), claim.leader("light")),
            rules_covered=("komi",),
        ),
        Exercise(
            title="The right capture",
            turn="move",
            text=(
                "{to_move()|cap} has a forest of {forest_sizes(dark)}. {not_to_move()|cap} has "
                "forests of {forest_sizes(light)} (top, bottom and left). {piece(e4)|colour|cap}'s "
                "dendrid on e4 can reach a {soil} from which it captures any "
                "one of them."),
            prompt=("You play **{to_move()|cap}**. Make a dendrid move that captures a forest so "
                    "that {to_move()|cap} is ahead. The biggest forest need not be the best "
                    "one."),
            start=CAPTURE,
            marks={c: "{group_size(%s)}" % c for c in ("a2", "i4", "e1", "g6")},
            check=_check_ahead,
            hint="Another forest of {forest_sizes(dark)|first} adds nothing to the distinct "
                 "sizes. Which forest "
                 "gives {to_move()|cap} a new size?",
            hint_cells=("i4", "i5", "h4"),
            solution=("move e4", "slide h4", "capture i4", "end"),
            wrong=(("move e4", "slide b4", "capture a1", "end"),
                   ("move e4", "slide e2", "capture e1", "end")),
            claims=(claim.piece("e4", "dark dendrid", at="start"), claim.forests("dark", 3, at="start"), claim.forests("light", 3, 2, 1, at="start"),),
            rules_covered=("score-distinct", "score-majority"),
        ),
        Exercise(
            title="Plant a winning forest",
            turn="plant",
            text=(
                "In the classic edition, right after planting you may grow the seedbed "
                "of the new seed, if your dendrids fertilize all its fertile soils. "
                "{not_to_move()|cap} has forests of {forest_sizes(light)}, {to_move()|cap} one of "
                "{forest_sizes(dark)}."),
            prompt=("You play **{to_move()|cap}**. Plant a seed and grow its seedbed, so that "
                    "{to_move()|cap} is ahead."),
            start=GROW,
            overlays=("fertilization",),
            check=_check_ahead,
            hint="A forest of {forest_sizes(light)|last} makes the lists of sizes the same: "
                 "a draw. A bigger "
                 "forest makes a new size.",
            hint_cells=("a1", "a2", "a3"),
            solution=("plant a2", "grow a2", "end"),
            wrong=(("plant a5", "grow a5", "end"), ("plant a2", "end")),
            claims=(claim.forests("dark", 2, at="start"), claim.forests("light", 2, 1, at="start"),),
            rules_covered=("score-half", "grow-after-plant"),
        ),
        Exercise(
            title="A size of your own",
            turn="plant",
            text=(
                "{to_move()|cap} has {forest_sizes(dark)|n|word} forests of "
                "{forest_sizes(dark)|first|word} tree; {not_to_move()|cap} has forests of "
                "{forest_sizes(light)} trees. {leader()|cap} "
                "leads, {score(light)} to {score(dark)}."),
            prompt=("You play **{to_move()|cap}**. Plant a seed and grow its seedbed, so that "
                    "{to_move()|cap} is ahead."),
            start=SIZES,
            overlays=("fertile", "fertilization"),
            claims=(claim.forests("dark", 1, 1, at="start"), claim.forests("light", 2, 1, at="start"),
                    claim.holding("dark tree", "d1", "f2", at="start", mentions=()),
                    claim.score("dark", 2, at="start"), claim.score("light", 4.5, at="start"),
                    claim.leader("light", at="start")),
            check=_check_ahead,
            hint="A forest of {forest_sizes(light)|first} gives {to_move()|cap} a size it does "
                 "not have yet, and the larger forests. Which of your seeds can you join?",
            hint_cells=("e4", "d5", "e5"),
            solution=("plant d5", "grow d5", "end"),
            wrong=(("plant d5", "end"), ("plant e5", "end"), ("move d6", "slide d7", "end")),
            rules_covered=("score-distinct", "score-half", "grow-after-plant"),
        ),
    ], drill('lead')),
)
