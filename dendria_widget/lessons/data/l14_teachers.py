"""Lesson 14: for teachers: setting up positions, marks and arrows, a lesson
of your own, pictures for slides and handouts, a lesson full-width in class."""

from ...explain import dendria as explain
from ..framework import Exercise, Lesson, Page, Verdict, words
from ..sentences import cap

# A small classic position to annotate: the dark seed on d3 sees the edge
# only to the west; a dark seed on d1 or d2 would nourish it.
CLASS = "dendria-classic h4 4/5/1Ss3/2sd3/1sS3/5/4 dark"


def _check_sprout_d3(game):
    sprouted = [s.arg for s in game.steps if s.verb == "sprout"]
    if game.pieces.get("d3") == "dark dendrid":
        return Verdict(True, "Right: your seed closed the last open root of d3, and its "
                             "nourishers hold more dark pieces than light ones, so it "
                             "sprouted into a dark dendrid.")
    if sprouted:
        return Verdict(False, f"You sprouted {words(sprouted)}, not d3.")
    why = explain.conversions(game, "dark")["sprout"].get("d3")
    if why is None:
        return Verdict(False, "The seed on d3 could sprout now, but it did not: after "
                              "planting, click it to sprout it before you end the turn.")
    return Verdict(False, f"{cap(why)}.")


LESSON = Lesson(
    name="14_teachers",
    title="For teachers",
    summary="Set up positions, mark them, write a lesson of your own, export pictures, "
            "show a lesson in class.",
    pages=[
        Page(
            title="Set up a position",
            text=(
                "In the board's **Editor** tab, choose a piece and click cells to put it "
                "there; choose *remove* to empty a cell, and set who is to move. From "
                "code, `board.put(\"d4\", \"dark dendrid\")` does the same.\n\n"
                "Every position has a one-line **position string**: copy it from the "
                "Editor tab (or `board.position_string()`) and paste it back later with "
                "`board.load_position(...)`. This lesson's boards are such strings."),
            start=CLASS,
        ),
        Page(
            title="Marks and arrows",
            text=(
                "The **Mark** and **Arrow** modes draw a teacher's notes on the board: a "
                "label on a cell, an arrow from one cell to another. From code: "
                "`board.mark(\"d3\", \"A\")`, `board.arrow(\"d4\", \"d1\")`.\n\n"
                "Here A marks a seed, and the arrows show the line to the west where it "
                "still sees the edge, and one of its dark nourishers. Marks and arrows are saved in the game record and "
                "drawn in every picture you export."),
            start=CLASS,
            marks={"d3": "A"},
            arrows=(("d3", "d1"), ("d3", "d4")),
        ),
        Page(
            title="A lesson of your own",
            text=(
                "A lesson is data: a `Lesson` with a list of `Page`s, each a position, a "
                "text, the overlays to show and the steps it plays. An `Exercise` adds a "
                "prompt, a `check` that asks the engine about the position reached, a "
                "hint and a solution. The notebook of this lesson writes one in a few "
                "lines.\n\n"
                "Press **Play** to see this page's steps: Dark plants on d1, which "
                "nourishes d3 from the west, sprouts d3 and ends the turn."),
            start=CLASS,
            play=("plant d1", "sprout d3", "end"),
            overlays=("nutrients",),
        ),
        Exercise(
            title="A sample exercise",
            text="This is the kind of exercise you can write yourself.",
            prompt=("You play **Dark**. Plant a seed so that the seed on d3 may sprout, "
                    "sprout it, and end your turn."),
            start=CLASS,
            overlays=("nutrients",),
            check=_check_sprout_d3,
            hint="d3 still sees the edge to the west. After planting, click d3 to "
                 "sprout it.",
            hint_cells=("d1", "d2"),
            solution=("plant d2", "sprout d3", "end"),
            wrong=(("plant a2", "end"), ("plant d2", "end")),
        ),
        Page(
            title="Pictures for slides and handouts",
            text=(
                "`board.save_svg(\"position.svg\")` and `board.save_png(\"position.png\")` "
                "write the board as you see it (overlays, marks and arrows included), "
                "without a browser. `lesson.svg(k)` gives any page of a lesson as SVG.\n\n"
                "SVG stays sharp at any size on slides; PNG goes anywhere, also into a "
                "word processor."),
            start=CLASS,
            marks={"d3": "A"},
            overlays=("fertilization",),
        ),
        Page(
            title="A lesson full-width in class",
            text=(
                "On a projector, make the board large: `board.present()` shows only the "
                "board, big, with large labels and a *Next step* button that plays a "
                "prepared line (`board.present(line=[...])`); `board.present(False)` goes "
                "back. A lesson takes a wider board with `LessonWidget(lesson, width=900)`."),
            start=CLASS,
            rules_covered=(),
        ),
    ],
)
