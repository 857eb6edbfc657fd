"""Lesson 12: the sprites edition: a move converts as it starts (it may
sprout, grow and capture before any slide, the sprite still where it
stood), and a game has no move limit. Power is lesson 11; sowing is
lesson 13."""

from ...game import Game
from .. import checks
from .. import claims as claim
from ..framework import Exercise, Lesson, Page, Verdict
from ..drills import with_drills
from .drill_positions import drill

# Dark's sprite on c4 nourishes the light seed on c3 (4 dark, 2 light); once
# it leaves, c5 is the nourisher that way (3 against 3)
BEFORE = "dendria-sprites h4 4/1tt2/1SSdS1/2Ss3/6/5/1D2 dark"


def _check_sprout_first(game: Game) -> Verdict:
    verdict = checks.sprouted("c3")(game)
    if verdict.ok or not str(game.pieces.get("c3", "")).endswith(" seed"):
        return verdict
    moved = next((st.arg for st in game.steps if st.verb == "move"), None)
    if moved is not None and "slide" in [st.verb for st in game.steps]:
        return Verdict(False, verdict.message + f" Your sprite left {moved} before the seed "
                                                "sprouted: in this edition you may sprout "
                                                "as soon as the move starts, before "
                                                "any slide.")
    return verdict


LESSON = Lesson(
    name="12_sprites_converting",
    title="The sprites edition: converting as the move starts",
    summary="A move may sprout, grow and capture as soon as it starts, before any "
            "slide; and a game has no move limit.",
    pages=with_drills([
        Page(
            title="Converting as the move starts",
            text=(
                "In this edition a move may **sprout, grow and capture as soon as it "
                "starts**, before any slide (the classic edition waits for a "
                "stop). Then the sprite still stands where it was: here "
                "{piece(c4)|colour|cap}'s sprite on c4 is one of the nourishers of the "
                "{piece(c3)|piece} on c3 ({nourisher_cells(c3)}), which has "
                "{nourisher_count(c3, dark)} dark nourishers against "
                "{nourisher_count(c3, light)} light."),
            start=BEFORE,
            overlays=("nutrients",),
            focus="c3",
            claims=(claim.nourishers("c3", 4, 2), claim.legal("move c4")),
            rules_covered=("convert-at-start", "journey-convert"),
        ),
        Exercise(
            title="Sprout before you slide",
            turn="move",
            text=("The {piece(c3)|piece} on c3 is {hungry(c3)|hungry}, "
                  "{nourisher_count(c3, dark)} dark against {nourisher_count(c3, light)} "
                  "light, while your sprite stands on {holding(dark dendrid)}."),
            prompt="Move your sprite, and sprout the seed on **c3** into a {to_move()} sprite.",
            start=BEFORE,
            overlays=("nutrients",),
            claims=(claim.may_sprout("c3", "dark", at="start"),),
            check=_check_sprout_first,
            hint="Once your sprite has left c4, what nourishes c3 from the east?",
            hint_cells=("c4", "c5"),
            solution=("move c4", "sprout c3", "slide c6", "end"),
            wrong=(("move c4", "slide c6", "end"), ("move c4", "slide b4", "end")),
            rules_covered=("convert-at-start", "sprout-majority"),
        ),
        Page(
            title="No move limit",
            text=(
                "The classic edition ends a game after "
                "{default_option_of(dendria-classic, dendrid_move_limit)|word} turns by each "
                "player without a plant (lesson {lesson(ending)}). The sprites edition has **no "
                "such limit**: you may move turn after turn without sowing, and a game "
                "ends after {rule_number(passes_to_end)|word} passes in a "
                "row. The repetition rule still holds: no turn "
                "may bring back a board seen before."),
            start=BEFORE,
            claims=(claim.option("dendrid_move_limit", None),
                    claim.option("superko", "positional")),
            rules_covered=("no-move-limit", "pass-end", "superko"),
        ),
    ], drill('sprout-first')),
)
