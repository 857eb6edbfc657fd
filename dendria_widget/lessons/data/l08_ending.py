"""Lesson 08: how a Dendria game ends (two passes, repetition, the dendrid
move limit, which a pass does not reset)."""

from ...game import Game
from .. import checks
from .. import claims as claim
from .. import statements as st
from ..facts import ORDINAL_WORDS
from ..framework import Exercise, Lesson, Page, Verdict, words
from ..drills import with_drills
from .drill_positions import drill

# A quiet end of game: Dark has a forest of 3, Light a forest of 2.
QUIET = "dendria-classic h4 tt2/t4/1s4/3d3/2S3/3D1/2TT light"
# The same board, Dark to move, for the repetition story.
HOME = "dendria-classic h4 tt2/t4/1s4/3d3/2S3/3D1/2TT dark"
# The same board with a dendrid move limit of 2, to see the limit in 4 turns.
SHORT = "dendria-classic h4 tt2/t4/1s4/3d3/2S3/3D1/2TT light dendrid_move_limit=2"
# A crowded board with the same limit, where a seed may be planted on few
# soils (found by a seeded search: plants are 11 of Dark's 80 whole turns).
CROWDED = ("dendria-classic h4 tts1/t3S/1s3s/3d3/sSS1ss/3D1/SSTT light "
           "dendrid_move_limit=2")
# For the repetition exercise: a dark tree on c1, so that a dark dendrid on
# d4 fertilizes every fertile soil of the dark seedbed c2 (and may grow it,
# once it has slid there). Dark's dendrid has gone to d3 and Light passed.
AWAY = "dendria-classic h4 tt2/t4/ts4/3d3/2S3/3D1/2TT dark"
AWAY_SETUP = ("move d4", "slide d3", "end", "pass")


def _check_keep_going(game: Game) -> Verdict:
    unfinished = checks.turn_not_played(game, 3)
    if unfinished is not None:
        return unfinished
    if game.is_over:
        return Verdict(False, f"The game is over: {game.end_reason}. Only a plant starts "
                              "the count again; a pass counts like a dendrid move.")
    return Verdict(True, "The game goes on: your turn held a plant, so the count of "
                         "turns without a plant starts again.")


def _check_end_by_limit(game: Game) -> Verdict:
    unfinished = checks.turn_not_played(game, 3)
    if unfinished is not None:
        return unfinished
    if game.history[3][0].verb == "pass":
        return Verdict(False, "Your pass ended the game: a pass counts towards the limit "
                              "like a dendrid move. This exercise asks for a turn that is "
                              "not a pass.")
    if not game.is_over:
        return Verdict(False, "The game goes on: your turn held a plant, and a plant starts "
                              "the count of turns without a plant again.")
    return Verdict(True, f"Right: the game is over, because {game.end_reason}. Your "
                         f"dendrid move was the {ORDINAL_WORDS[game.turns_without_plant]} "
                         "turn in a row without a plant.")


def _home_refused(game: Game) -> str | None:
    """What the engine says to the learner's dendrid going straight back to
    d4 and ending the turn there, asked on the board the learner's turn
    started from."""
    before = game.copy().go_to(len(game.steps) - len(game.history[-1]))
    mine = checks.learner(game)
    for cell in [c for c, p in before.pieces.items() if p == f"{mine} dendrid"]:
        trial = before.copy()
        if trial.is_legal(f"move {cell}"):
            trial.play(f"move {cell}")
            if trial.is_legal("slide d4"):
                trial.play("slide d4")
                return trial.why_illegal("end")
    return None


def _check_home(game: Game) -> Verdict:
    if game.turn_under_way:
        refused = game.why_illegal("end")
        if refused is not None:
            return Verdict(False, f"The engine refuses to end the turn here: {refused}. "
                                  "Go on with your turn, or press Retry.")
    unfinished = checks.turn_not_played(game, 2)
    if unfinished is not None:
        return unfinished
    mine = checks.learner(game)
    if game.pieces.get("d4") == f"{mine} dendrid":
        grew = [str(s.arg) for s in game.history[-1]
                if s.verb == "grow" and game.pieces.get(str(s.arg)) == f"{mine} tree"]
        how = (f"It grew the seedbed on {words(grew)} on the way: the" if grew else "The")
        return Verdict(True, f"Right: your dendrid is home on d4. {how} board is not one "
                             "seen before, so the turn could end there.")
    where = [c for c, p in game.pieces.items() if p == f"{mine} dendrid"]
    refused = _home_refused(game)
    why = f" The straight way back is refused: \"{refused}\"." if refused else ""
    return Verdict(False, f"Your dendrid is on {words(where)}, not on d4.{why} What could "
                          "make the board at d4 a new one?")


LESSON = Lesson(
    name="08_ending",
    title="Ending the game",
    summary="Passes in a row, no board seen again, and the dendrid move limit.",
    pages=with_drills([
        Page(
            title="How a game ends",
            text=(
                "A game of Dendria ends in one of these ways:\n\n"
                "- {rule_number(passes_to_end)|word|cap} passes come in a row, or\n"
                "- for a long time nobody **plants** a seed (the **dendrid move limit**).\n\n"
                "Then the forests are counted (lesson {lesson(scoring)}). Another rule keeps the game "
                "from going round in circles: no turn may bring back a board that was "
                "seen before.\n\n"
                "Here Dark has a forest of {forest_sizes(dark)|first|word} trees (top "
                "left), Light a forest of {forest_sizes(light)|first|word} (bottom right). "
                "{to_move()|cap} is to move."),
            start=QUIET,
            marks={"a2": "{group_size(a2)}", "g4": "{group_size(g4)}"},
            claims=(claim.to_move("light"), claim.forests("dark", 3), claim.forests("light", 2),),
        ),
        Page(
            title="{rule_number(passes_to_end)|word|cap} passes in a row",
            text=(
                "Press **Play**: {to_move()|cap} passes, then {not_to_move()|cap} passes "
                "too. {rule_number(passes_to_end)|word|cap} passes in a row end the game at once: the game {over()|is@end} "
                "over. Then the forests are counted (lesson {lesson(scoring)}): here Dark scores "
                "{score(dark)@end} and Light {score(light)@end}, so {winner()|cap@end} "
                "wins.\n\n"
                "In the middle of a game a player may pass instead of planting or "
                "moving, as {to_move()|cap} and then {not_to_move()|cap} did here. Pass when nothing useful is "
                "left to do, but remember: if your opponent has just passed, your pass "
                "ends the game."),
            start=QUIET,
            play=("pass", "pass"),
            claims=(claim.legal("pass", at="start"), claim.over(), claim.winner("dark")),
            rules_covered=("pass-end",),
        ),
        Page(
            title="No board again",
            text=(
                "A turn may not end with the same pieces on the same {soils} as at the "
                "start, or as at the end of any earlier turn (the **repetition** rule).\n\n"
                "Press **Play**: {to_move()|cap}'s dendrid goes from d4 to d3, "
                "{not_to_move()|cap}'s from f4 to f3, and {to_move()|cap}'s comes back to "
                "d4. Now {not_to_move()|cap} starts back towards f4. Ending there would "
                "bring back the board the game started from: **End** is {legal(end)|allowed@end} by "
                "the engine, so {to_move()|cap@end}'s dendrid has to slide on (the arrow)."),
            start=HOME,
            play=("move d4", "slide d3", "end",
                  "move f4", "slide f3", "end",
                  "move d3", "slide d4", "end",
                  "move f3", "slide f4"),
            arrows=(("f4", "f5"),),
            claims=(claim.legal("end", False, mentions=()),),
            rules_covered=("superko",),
        ),
        Page(
            title="Slide on, then end",
            text=(
                "Press **Play**: {to_move()|cap}'s dendrid slides on to f5, and that board "
                "is new, so the turn may end there (a {piece(f5)|piece@end} on f5 now).\n\n"
                "This rule does not apply to a pass: a pass leaves the board as it was, "
                "and that is allowed."),
            play=("slide f5", "end"),
            claims=(claim.piece("f5", "light dendrid"),),
            rules_covered=("superko",),
        ),
        Page(
            title="The dendrid move limit",
            statements=(st.rule("When the players only move dendrids", "move-limit", "2.3 A turn", ("dendria-classic",)), st.rule("only a plant does", "move-limit", "2.3 A turn", ("dendria-classic",)),),
            text=(
                "When the players only move dendrids (or pass) and nobody plants, the "
                "game could go on for ever. So it ends when the latest **L** turns of each "
                "player held no plant: **{rule_number(players)} x L** turns in a row. A **pass counts too**: passing does "
                "not start the count again, only a plant does.\n\n"
                "In the classic edition L is {default_option(dendrid_move_limit)}, so "
                "{default_option(dendrid_move_limit)|times(2)} turns without a plant end the "
                "game. Here L is set to {option(dendrid_move_limit)}, so you see it in "
                "{option(dendrid_move_limit)|times(2)|word} turns. Press **Play**: "
                "{to_move()|cap} moves, {not_to_move()|cap} moves, {to_move()|cap} passes, "
                "{not_to_move()|cap} moves. That is {quiet_turns()|word@end} turns "
                "without a plant, and the game {over()|is@end} over. (From a set-up "
                "position the count starts afresh.)"),
            start=SHORT,
            play=("move f4", "slide f3", "end",
                  "move d4", "slide d3", "end",
                  "pass",
                  "move d3", "slide d2", "end"),
            claims=(claim.over(), claim.option("dendrid_move_limit", 2, mentions=("2",))),
            rules_covered=("move-limit",),
        ),
        Exercise(
            title="The {quiet_turns()|plus(1)|ordinal} turn",
            text=(
                "The dendrid move limit is {option(dendrid_move_limit)} here. "
                "{not_to_move()|cap} moved, {to_move()|cap} moved, {not_to_move()|cap} "
                "moved: {quiet_turns()|word} turns without a plant."),
            prompt=("You play **{to_move()|cap}**. End the game with **any legal** turn of "
                    "yours, **without passing**."),
            start=SHORT,
            setup=("move f4", "slide f3", "end",
                   "move d4", "slide d3", "end",
                   "move f3", "slide f2", "end"),
            claims=(claim.option("dendrid_move_limit", 2, at="start", mentions=("2",)), claim.to_move("dark", at="start"), claim.over(False, at="start"),),
            check=_check_end_by_limit,
            hint="Which turns count towards the limit, and which one starts it again?",
            hint_cells=("d3",),
            solution=("move d3", "slide d2", "end"),
            wrong=(("plant c4", "end"),),
            rules_covered=("move-limit",),
        ),
        Exercise(
            title="Keep the game going",
            text=(
                "The dendrid move limit is {option(dendrid_move_limit)} here. "
                "{not_to_move()|cap} moved, {to_move()|cap} moved, {not_to_move()|cap} "
                "moved: {quiet_turns()|word} turns without a plant. You want the game to go "
                "on, on a crowded board."),
            prompt=("You play **{to_move()|cap}**. Play a turn after which the game is **not** over."),
            start=CROWDED,
            setup=("move f4", "slide f3", "end",
                   "move d4", "slide d3", "end",
                   "move f3", "slide f2", "end"),
            check=_check_keep_going,
            hint="A dendrid move or a pass would be the {quiet_turns()|plus(1)|ordinal} turn "
                 "without a plant. "
                 "What does the count not include?",
            solution=("plant c4", "end"),
            wrong=(("pass",), ("move d3", "slide d4", "end")),
            claims=(claim.option("dendrid_move_limit", 2, mentions=("2",)), claim.over(False, at="start"),),
            rules_covered=("move-limit",),
        ),
        Exercise(
            title="Home again",
            turn="move",
            text=(
                "In the previous turn {to_move()|cap}'s dendrid went from d4 to d3, and then "
                "{not_to_move()|cap} passed. So if {to_move()|cap}'s dendrid simply went "
                "back, the board would be the one the game "
                "started with."),
            prompt=("You play **{to_move()|cap}**. End your turn with your dendrid back on **d4**. "
                    "Try the straight way first, and read why the engine refuses it."),
            start=AWAY,
            setup=AWAY_SETUP,
            overlays=("fertilization",),
            check=_check_home,
            hint="The rule compares the pieces on the board, not where the dendrid went. "
                 "At d4, can your dendrid change something before it ends the turn?",
            hint_cells=("c2", "d4"),
            solution=("move d3", "slide d4", "grow c2", "end"),
            wrong=(("move d3", "slide d4"),
                   ("move d3", "slide d4", "slide d5", "end"),
                   ("pass",)),
            claims=(claim.holding("dark dendrid", "d3", at="start"),),
            rules_covered=("superko",),
        ),
    ], drill('limit')),
)
