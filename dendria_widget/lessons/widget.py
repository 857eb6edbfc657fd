"""``LessonWidget``: a lesson on the board widget, one page at a time.

Above the board, in one row: the lesson's title, *Previous* / *Next* /
*Restart*, "step 3 of 9" with a progress bar and how many of the lesson's
exercises the learner has solved (kept between sessions: :mod:`.progress`).
Beside the board (a compact layout: one 1280x720 screen holds it all): the
page's title and text, *Play* for the steps the page plays, and then the
board's status line and turn buttons. On an exercise: the
prompt, *Check* and *Retry*, and help in stages: *Hint* first gives a
sentence, pressed again it marks the part of the board to look at, and only
then *Show solution* appears (it plays the solution step by step, in the
edition's words). No keyboard needed; everything works headless too
(``lw.next()``, ``lw.check()``, ...), for tests and notebooks.

``LessonsProgress()`` is the index's table: every lesson and how many of its
exercises are solved, with *Refresh* and *Reset progress*.
"""

from __future__ import annotations

import logging
from html import escape
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ..errors import DendriaError
from ..notation import Step
from ..widget import BoardWidget
from ..widget.still import LeavesPicture
from .framework import Exercise, Lesson, Verdict, catalog, load, teacher_action
from .progress import Progress

log = logging.getLogger(__name__)

if TYPE_CHECKING:  # for the type hints only
    import asyncio

    from ..game import Game
    from .framework import Page

#: A verdict's tint (a see-through background, readable on light and dark
#: themes alike) and the colour of its edge: right, wrong, and a hint.
VERDICT_COLOURS = {True: ("rgba(46, 158, 79, 0.16)", "#2e9e4f"),
                   False: ("rgba(208, 70, 60, 0.16)", "#d0463c"),
                   None: ("rgba(61, 124, 201, 0.16)", "#3d7cc9")}
SOLUTION_DELAY = 0.7   # seconds between the steps of "Show solution" in a notebook
#: the most room a page's text and an exercise's prompt take beside the board
#: (a longer one scrolls in its box): what a 1280x720 screen leaves
TEXT_HEIGHT = "min(26vh, 300px)"
PROMPT_HEIGHT = "min(12vh, 140px)"

def _markdown(out: Any, text: str) -> None:
    """Show markdown in an Output widget (rendered by the notebook)."""
    out.outputs = ({"output_type": "display_data",
                    "data": {"text/markdown": text, "text/plain": text},
                    "metadata": {}},) if text else ()


def _button(description: str, tooltip: str, style: str = "") -> Any:
    return widgets.Button(description=description, tooltip=tooltip, button_style=style,
                          layout=widgets.Layout(width="auto"))


class LessonWidget(LeavesPicture, widgets.VBox):
    """A lesson shown page by page on a :class:`~dendria_widget.BoardWidget`.

    ``LessonWidget(lesson_or_name, *, width=460, page=0, progress=None)``:
    a :class:`~dendria_widget.lessons.Lesson` or its name or number
    (``"02_roots"``, ``"02"``). ``width``: the board's width in CSS pixels;
    ``progress``: where solved exercises are kept (a
    :class:`~dendria_widget.lessons.progress.Progress`, then ``store``;
    default the learner's progress file).

    From code: ``page_index``, ``next()``, ``previous()``, ``go(k)``,
    ``restart()`` (back to the first page), ``play()`` (the page's next
    step), and on an exercise ``check()`` -> Verdict, ``hint()`` (the next
    stage of help), ``show_solution()``, ``retry()``; ``board`` is the
    BoardWidget.
    """

    def __init__(self, lesson: Lesson | str | int, *, width: float = 460, page: int = 0,
                 progress: Progress | None = None) -> None:
        super().__init__()
        if not isinstance(lesson, Lesson):
            lesson = load(lesson)
        self.lesson = lesson
        self.store = progress if progress is not None else Progress()
        self._hint_marks: list[str] = []   # cells the hint marked (not the learner)
        self.page_index = 0
        self.played = 0            # play steps of this page played so far
        self.hints = 0             # hint stages shown on this exercise
        self.verdict: Verdict | None = None   # the last Verdict shown
        self._shown_verdict: Verdict | None = None   # the verdict of Show solution
        self.solved: set[int] = set()   # exercises (page indexes) solved in this widget
        self.solution_shown = False
        self.shown_solutions: set[int] = set()   # exercises whose solution was shown
        self._timer: asyncio.TimerHandle | None = None
        self.lesson.page(page)         # a DendriaError names the pages there are
        self._build(width, self.lesson.game(page, 0))
        self.go(page, _game=self.board.game)

    # ------------------------------------------------------------ layout
    def _build(self, width: float, game: Game) -> None:
        lesson = self.lesson
        self.heading = widgets.HTML(f"<h3 class='dendria-lesson-title' style='margin:0 12px "
                                    f"0 0;font-size:1.15em'>Lesson {lesson.number}: "
                                    f"{escape(lesson.title)}</h3>",
                                    layout=widgets.Layout(width="auto"))
        self.prev_button = _button("Previous", "the page before", "")
        self.next_button = _button("Next", "the next page", "primary")
        self.restart_button = _button("Restart", "back to the first page of the lesson")
        self.prev_button.icon, self.next_button.icon = "arrow-left", "arrow-right"
        self.restart_button.icon = "refresh"
        self.prev_button.on_click(lambda _: self.previous())
        self.next_button.on_click(lambda _: self.next())
        self.restart_button.on_click(lambda _: self.restart())
        self.step_label = widgets.HTML()
        self.progress = widgets.IntProgress(min=0, max=len(lesson), value=1,
                                            bar_style="info",
                                            layout=widgets.Layout(width="120px"))
        self.solved_label = widgets.HTML()
        # one row: the lesson's title and its navigation
        self.nav = widgets.HBox([self.heading, self.prev_button, self.next_button,
                                 self.restart_button, self.step_label, self.progress,
                                 self.solved_label],
                                layout=widgets.Layout(flex_flow="row wrap",
                                                      align_items="center"))
        self.title_html = widgets.HTML()
        # the page's words beside the board; a long text scrolls in its box
        # (room for the board's turn buttons and the verdict below it)
        self.text_out = widgets.Output(layout=widgets.Layout(
            max_height=TEXT_HEIGHT, overflow="auto"))
        self.text_out.add_class("dendria-lesson-text")

        self.play_button = _button("Play", "play the page's next step on the board", "info")
        self.play_button.icon = "play"
        self.play_button.on_click(lambda _: self.play())
        self.play_label = widgets.HTML()
        self.play_box = widgets.HBox([self.play_button, self.play_label],
                                     layout=widgets.Layout(align_items="center"))

        self.prompt_out = widgets.Output(layout=widgets.Layout(max_height=PROMPT_HEIGHT,
                                                               overflow="auto"))
        self.prompt_out.add_class("dendria-lesson-prompt")
        self.check_button = _button("Check", "is the position on the board right?", "success")
        self.hint_button = _button("Hint", "a hint: first a sentence, then where to look", "")
        self.solution_button = _button("Show solution", "play a solution step by step", "")
        self.retry_button = _button("Retry", "start the exercise again", "warning")
        self.another_button = _button("Another position",
                                      "another exercise on the same idea", "info")
        self.another_button.on_click(lambda _: self.another_position())
        self.check_button.on_click(lambda _: self.check())
        self.hint_button.on_click(lambda _: self.hint())
        self.solution_button.on_click(lambda _: self.show_solution())
        self.retry_button.on_click(lambda _: self.retry())
        self.verdict_html = widgets.HTML()
        self.hint_button.icon = "lightbulb-o"
        self.exercise_box = widgets.VBox([
            self.prompt_out,
            widgets.HBox([self.check_button, self.hint_button, self.solution_button,
                          self.retry_button, self.another_button], layout=widgets.Layout(flex_flow="row wrap")),
            self.verdict_html])

        self.board = BoardWidget(game, width=width)
        # the page's title and words, its Play, the exercise and its verdict
        # beside the board, then the board's status line and turn buttons: on
        # a projector (1280x720) one screen holds the lesson's navigation,
        # the words, the board, the turn buttons and the verdict; a verdict
        # or a hint that appears never moves the board
        # the last page ends with the lesson's puzzles: a button opens the
        # trainer on its goals below the lesson
        self.puzzles_html = widgets.HTML()
        self.puzzles_button = _button("Puzzles", "open the puzzle trainer on this lesson's "
                                      "goals, below", "info")
        self.puzzles_button.icon = "puzzle-piece"
        self.puzzles_button.on_click(lambda _: self._puzzles_clicked())
        self.puzzles_box = widgets.VBox([self.puzzles_html, self.puzzles_button])
        self.puzzles_box.add_class("dendria-lesson-puzzles")
        self.trainer: widgets.Widget | None = None
        self.board.place_beside([self.title_html, self.text_out, self.play_box,
                                 self.exercise_box, self.puzzles_box], compact=True)
        self.children = [self.nav, self.board]
        self.add_class("dendria-lesson")
        self._leave_picture()

    # ------------------------------------------------------------- pages
    @property
    def page(self) -> Page:
        return self.lesson.page(self.page_index)

    def go(self, k: int, _game: Game | None = None) -> Page:
        """Show page ``k`` (from its start: the learner's clicks are undone)."""
        self.lesson.page(k)            # a DendriaError names the pages there are
        self._cancel_timer()
        self.page_index = k
        self.played = 0
        self.hints = 0
        self._hint_marks = []
        self.verdict = None
        self.solution_shown = False
        self._show_game(_game if _game is not None else self.lesson.game(k, 0))
        self._update()
        return self.page

    def next(self) -> Page | None:
        if self.page_index + 1 < len(self.lesson):
            return self.go(self.page_index + 1)
        return None

    def previous(self) -> Page | None:
        if self.page_index > 0:
            return self.go(self.page_index - 1)
        return None

    def restart(self) -> Page:
        """Back to the first page (what was solved stays solved)."""
        return self.go(0)

    def _show_game(self, game: Game) -> None:
        page = self.page
        board = self.board
        if board.game is not game:     # (the board was just built with it)
            board.game = game
        wanted = set(page.overlays) | {"annotations"}
        for name in sorted(board.overlays - wanted):
            board.set_overlay(name, False)
        for name in sorted(wanted - board.overlays):
            board.set_overlay(name, True)
        # an exercise says whether the board ends turns by itself; other pages
        # leave the board's default (on)
        board.auto_end = bool(page.auto_end) if isinstance(page, Exercise) else True
        # an exercise is a quiz: the board's advice and highlights name no cell
        # of the answer (the learner finds the move)
        board.quiz = isinstance(page, Exercise)
        board.inspected = page.focus    # the board shows it by itself

    def _update(self) -> None:
        lesson, k, page = self.lesson, self.page_index, self.page
        n = len(lesson)
        self.step_label.value = f"<span style='margin:0 8px'>step {k + 1} of {n}</span>"
        self.progress.value = k + 1
        self._update_solved()
        self.prev_button.disabled = k == 0
        self.next_button.disabled = k + 1 >= n
        kind = "Exercise: " if isinstance(page, Exercise) else ""
        done = (isinstance(page, Exercise)
                and page.title in self.store.solved(lesson))
        mark = (" <span class='dendria-solved' style='font-weight:normal;font-size:0.85em;"
                "opacity:0.75'>(solved)</span>" if done else "")
        self.title_html.value = (f"<h4 style='margin:0 0 2px'>{kind}{escape(page.title)}"
                                 f"{mark}</h4>")
        _markdown(self.text_out, page.text)
        self._update_play()
        if isinstance(page, Exercise):
            self.exercise_box.layout.display = None
            _markdown(self.prompt_out, page.prompt)
            self._update_help()
        else:
            self.exercise_box.layout.display = "none"
        self._update_puzzles(k + 1 == n)
        self._show_verdict()

    def _update_puzzles(self, last: bool) -> None:
        """On the last page: the lesson's puzzles, in words, and their button."""
        self.puzzles_box.layout.display = None if last else "none"
        if not last or self.puzzles_html.value:
            return
        try:
            from ..puzzles.links import describe
            what = describe(self.lesson)
        except DendriaError as e:
            log.warning("no puzzles for %s: %s", self.lesson.name, e)
            self.puzzles_box.layout.display = "none"
            return
        self.puzzles_html.value = (f"<div style='margin-top:8px'><b>Puzzles on this "
                                   f"lesson</b>: {escape(what)}.</div>")

    def _puzzles_clicked(self) -> None:
        try:
            self.open_puzzles()
        except DendriaError:
            pass                       # said in words above the button
        except Exception as e:  # noqa: BLE001 - a button must never raise into the page
            log.exception("the puzzles of %s cannot open", self.lesson.name)
            self.puzzles_html.value = (f"<div style='margin-top:8px'>The puzzles cannot "
                                       f"open ({escape(type(e).__name__)}); the lesson is "
                                       f"as it was.</div>")

    def open_puzzles(self) -> widgets.Widget:
        """Open the puzzle trainer on this lesson's goals, below the lesson
        (once; pressed again, the same trainer)."""
        if self.trainer is None:
            from ..puzzles.links import trainer_for
            try:
                self.trainer = trainer_for(self.lesson)
            except DendriaError as e:
                self.puzzles_html.value = (f"<div style='margin-top:8px'>"
                                           f"{escape(str(e))}</div>")
                raise
            self.children = [*self.children, self.trainer]
        return self.trainer

    def _update_solved(self) -> None:
        done, total = self.store.count(self.lesson)
        if not total:
            self.solved_label.value = ""
            return
        note = self.store.note
        where = (f" <span title='{escape(note, quote=True)}'>(kept for this session "
                 f"only)</span>" if note else "")
        self.solved_label.value = (f"<span class='dendria-progress' style='margin-left:8px;"
                                   f"opacity:0.8'>exercises solved: {done} of "
                                   f"{total}{where}</span>")

    def _update_play(self) -> None:
        steps = self.page.play
        self.play_box.layout.display = None if steps else "none"
        if not steps:
            return
        if self.played < len(steps):
            nxt = self._step_words(steps[self.played])
            self.play_label.value = (f"<span style='margin-left:8px'>next: <code>"
                                     f"{escape(nxt)}</code> ({self.played + 1} of "
                                     f"{len(steps)})</span>")
            self.play_button.disabled = False
        else:
            self.play_label.value = ("<span class='dendria-help' style='margin-left:8px'>all played "
                                     "(Restart or Previous / Next to see it again)</span>")
            self.play_button.disabled = True

    def _step_words(self, step: str) -> str:
        """A step of the lesson as the board's edition writes it ('sow c3')."""
        game = self.board.game
        try:
            return game.variant.step_text(Step.parse(step, game.board))
        except DendriaError:
            return step     # (not a step of this board: the page says why when played)

    def play(self) -> str | None:
        """Play the page's next ``play`` step on the board; returns it (None
        when they are all played)."""
        steps = self.page.play
        if self.played >= len(steps):
            return None
        step = steps[self.played]
        if not self._scripted(step):
            # the board moved on from the page's position (the learner clicked):
            # start the page's steps again from its start
            self._show_game(self.lesson.game(self.page_index, self.played))
            if not self._scripted(step):
                raise DendriaError(f"the page {self.page.title!r} cannot play {step!r}")
        self.played += 1
        self._update_play()
        return step

    def _scripted(self, step: str) -> bool:
        """Play one of the lesson's own steps exactly as written (the board
        does not end the turn by itself in between)."""
        board = self.board
        keep, board.auto_end = board.auto_end, False
        try:
            return board.play(step)
        finally:
            board.auto_end = keep

    def _answer(self, item: str) -> bool:
        """One item of an exercise's answer on the board: a game step, or a
        teacher's action done with the board's own Editor and marks."""
        action = teacher_action(item)
        if action is None:
            return self._scripted(item)
        verb, args = action
        board = self.board
        if verb == "put":
            return board.put(args[0], " ".join(args[1:])) is not None
        if verb == "remove":
            return board.put(args[0], None) is not None
        if verb == "mark":
            return board.mark(args[0], " ".join(args[1:])) is not None
        return board.arrow(args[0], args[1]) is not None

    # --------------------------------------------------------- exercises
    def _exercise(self) -> Exercise:
        page = self.page
        if not isinstance(page, Exercise):
            raise DendriaError(f"page {self.page_index + 1} of {self.lesson.name} "
                               "is not an exercise")
        return page

    def check(self) -> Verdict:
        """Judge the board's position: the Verdict, also shown in colour. An
        exercise solved counts in the progress, unless its solution was shown
        in this widget."""
        ex = self._exercise()
        verdict = ex.judge(self._judged_game())
        self.verdict = verdict
        if verdict.ok and self.page_index not in self.shown_solutions:
            self.solved.add(self.page_index)
            self.store.mark_solved(self.lesson, ex.title)
        self._update()
        return verdict

    def _judged_game(self) -> Game:
        """The board's game without the hint's marks (they are help, not the
        learner's answer: a check of marks must not see them)."""
        game = self.board.game
        marks = game.annotations.get("marks", {})
        ours = [c for c in self._hint_marks if marks.get(c) == ""]
        if not ours:
            return game
        game = game.copy()
        notes = game.annotations
        game.set_annotations({"marks": {c: v for c, v in notes.get("marks", {}).items()
                                        if c not in ours},
                              "arrows": notes.get("arrows", [])})
        return game

    # ------------------------------------------------------ help, in stages
    def hint_stages(self) -> int:
        """How many stages of help this exercise has before *Show solution*:
        its sentence, and the region to look at when the solution names cells."""
        ex = self._exercise()
        return 1 + bool(ex.hint_region(self.board.game))

    def _update_help(self) -> None:
        ex = self._exercise()
        stages = self.hint_stages()
        self.hint_button.disabled = self.hints >= stages or not ex.hint
        second = self.hints >= 1 and stages >= 2
        self.hint_button.description = "Where to look" if second else "Hint"
        self.hint_button.tooltip = ("mark the part of the board to look at" if second
                                    else "a hint: first a sentence, then where to look"
                                    if stages >= 2 else "a hint")
        ready = bool(ex.solution) and (self.hints >= stages or not ex.hint)
        self.solution_button.layout.display = None if ready else "none"
        self.solution_button.disabled = not ready
        # after the solution was shown: another position of the same idea
        other = self.lesson.another(self.page_index) if self.solution_shown else None
        self.another_button.layout.display = None if other is not None else "none"
        self.another_button.disabled = other is None

    def hint(self) -> str:
        """The next stage of help: first the hint's sentence (the rule); then
        the part of the board to look at, marked (never just the answer's
        cells), in words of its own; after that *Show solution* is offered
        (the move). Returns the hint's sentence."""
        ex = self._exercise()
        stages = self.hint_stages()
        if self.hints < stages:
            self.hints += 1
        text = "Hint: " + ex.hint
        if self.hints >= 2:
            # the second stage is the region alone (the rule was the first stage's),
            # said once: in the verdict, not again in the board's status line
            region = self._mark_region()
            text = (f"Where to look: the answer is among the {len(region)} cells marked "
                    "on the board. After that, Show solution plays the move.")
        self.verdict = Verdict(None, text)
        self._update_help()
        self._show_verdict()
        return ex.hint

    def _mark_region(self) -> list[str]:
        """Mark the hint's region on the board (outlines, no labels)."""
        region = self._exercise().hint_region(self.board.game)
        game = self.board.game
        notes = game.annotations
        marks = dict(notes.get("marks", {}))
        for c in region:
            if c not in marks:
                marks[c] = ""
                self._hint_marks.append(c)
        game.set_annotations({"marks": marks, "arrows": notes.get("arrows", [])})
        board = self.board
        said = (board.session.status, board.session.status_kind)
        board.sync()                   # the board takes in the marks...
        board.session.say(*said)       # (its status line stays what it was: the
        board.redraw()                 # verdict names the region) ...and draws them
        return region

    def retry(self) -> Page:
        """Start the exercise again (from its start position)."""
        self._exercise()
        hints = self.hints
        page = self.go(self.page_index)
        self.hints = hints             # the help already seen stays offered
        if hints >= 2:
            self._mark_region()
        self._update_help()
        return page

    def solution_words(self) -> list[str]:
        """The exercise's solution in the edition's words (``sow c3``)."""
        return self._exercise().solution_words(self.lesson.start_game(self.page_index))

    def show_solution(self, delay: float | None = None) -> list[str]:
        """Start the exercise again and play its solution, one step every
        ``delay`` seconds (default: 0.7 in a notebook, at once elsewhere).
        Returns the steps (as the notation writes them)."""
        ex = self._exercise()
        self.retry()
        self.solution_shown = True
        self.shown_solutions.add(self.page_index)   # solving it now would not count
        steps = list(ex.solution)
        said = ", ".join(self.solution_words())
        loop = _running_loop()
        if delay is None:
            delay = SOLUTION_DELAY if loop is not None else 0
        if delay <= 0 or loop is None:
            for s in steps:
                self._answer(s)
            self._solution_done()
            return list(ex.solution)
        k = self.page_index

        def one() -> None:
            self._timer = None
            if self.page_index != k or not steps:
                return
            self._answer(steps.pop(0))
            if steps:
                self._timer = loop.call_later(delay, one)
            else:
                self._solution_done()

        self.verdict = Verdict(None, f"The solution, step by step: {said}.")
        self._show_verdict()
        self._timer = loop.call_later(delay, one)
        return list(ex.solution)

    def another_position(self) -> Page | None:
        """Another exercise on the same idea (the next position of this
        exercise's drill), offered once the solution was shown; None when
        the drill has no other position."""
        other = self.lesson.another(self._exercise_index())
        if other is None:
            return None
        return self.go(other)

    def _exercise_index(self) -> int:
        self._exercise()
        return self.page_index

    def _solution_done(self) -> None:
        ex = self._exercise()
        game = self.board.game
        if game.turn_under_way and game.is_legal("end"):
            self._scripted("end")      # the solution as a whole turn
        v = ex.judge(self._judged_game())
        said = ", ".join(self.solution_words())
        self.verdict = Verdict(v.ok, f"A solution: {said}. {v.message}")
        self._shown_verdict = self.verdict   # the board's doing, not the learner's
        self._update_help()
        self._show_verdict()

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _show_verdict(self) -> None:
        v = self.verdict
        if v is None:
            self.verdict_html.value = ""
            return
        bg, fg = VERDICT_COLOURS[v.ok if v.ok in (True, False) else None]
        words: dict[bool | None, str] = {True: "Well done. ", False: "Not yet. "}
        # the solution shown is no praise of the learner: it is said as it is
        word = "" if v is self._shown_verdict else words.get(v.ok, "")
        self.verdict_html.value = (f"<div class='dendria-verdict' style='background:{bg};"
                                   "color:var(--jp-content-font-color1, #1a1a1a);"
                                   f"border-left:4px solid {fg};padding:6px 10px;"
                                   f"margin:4px 0'><b>{word}</b>"
                                   f"{escape(v.message)}</div>")

    # ------------------------------------------------------------- output
    # ------------------------------------------- the picture left behind
    # (dendria_widget.widget.still: the live lesson, then its picture)
    def live_words(self) -> str:
        lesson = self.lesson
        return (f"Lesson {lesson.number}: {lesson.title}. The lesson plays here, on the "
                "board, when this cell runs in Jupyter (Shift+Enter). Its pages follow as "
                "pictures.")

    def still_words(self) -> str:
        lesson = self.lesson
        return (f"Lesson {lesson.number}: {lesson.title}. Run this cell (Shift+Enter) "
                "to play the lesson on the board.")

    def still_html(self) -> str:
        """The board's picture as the lesson shows it now (light and dark)."""
        return self.lesson.picture(self.page_index, self.played)["text/html"]

    def __repr__(self) -> str:
        return (f"LessonWidget({self.lesson.name!r}, page {self.page_index + 1} of "
                f"{len(self.lesson)})")


def _running_loop() -> asyncio.AbstractEventLoop | None:
    import asyncio

    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class LessonsProgress(LeavesPicture, widgets.VBox):
    """Every lesson and how many of its exercises the learner solved (from
    the progress file), with *Refresh* (read it again: lessons solved in
    other notebooks) and *Reset progress* (forget everything solved: the
    first click asks, a second one forgets).
    ``LessonsProgress(progress=None)``; ``rows()`` gives the table as
    (lesson name, title, solved, exercises)."""

    def __init__(self, progress: Progress | None = None) -> None:
        super().__init__()
        self.progress = progress if progress is not None else Progress()
        self.lessons = catalog()
        self.table = widgets.HTML()
        self.refresh_button = _button("Refresh", "read the progress again")
        self.refresh_button.icon = "refresh"
        self.reset_button = _button("Reset progress", "forget every exercise solved", "warning")
        self.refresh_button.on_click(lambda _: self.refresh())
        self.reset_button.on_click(lambda _: self._reset_clicked())
        self._asking = False
        self.note = widgets.HTML()
        self.children = [self.table, widgets.HBox([self.refresh_button, self.reset_button]),
                         self.note]
        self.add_class("dendria-progress-table")
        self._leave_picture()
        self.refresh()

    def rows(self) -> list[tuple[str, str, int, int]]:
        return [(lesson.name, lesson.title, *self.progress.count(lesson))
                for lesson in self.lessons]

    def html(self) -> str:
        """The table as HTML (also what a saved notebook shows)."""
        head = ("<tr><th style='text-align:left'>Lesson</th>"
                "<th style='text-align:left'>Exercises solved</th></tr>")
        body = []
        for name, title, done, total in self.rows():
            solved = f"{done} of {total}" if total else "no exercises"
            tick = " ✓" if total and done == total else ""
            body.append(f"<tr><td style='text-align:left;padding-right:16px'>"
                        f"{escape(name[:2])} {escape(title)}</td>"
                        f"<td style='text-align:left'>{solved}{tick}</td></tr>")
        return f"<table class='dendria-progress'>{head}{''.join(body)}</table>"

    def refresh(self) -> None:
        self._asking = False
        self.reset_button.description = "Reset progress"
        self.table.value = self.html()
        where = (self.progress.note if self.progress.note
                 else f"Kept between sessions in {self.progress.place}.")
        self.note.value = f"<span style='opacity:0.75'>{escape(where)}</span>"

    def _reset_clicked(self) -> None:
        """*Reset progress*: the first click asks (nothing is forgotten), the
        second forgets; *Refresh* takes the question back."""
        if self._asking:
            self.reset()
            return
        solved = sum(done for _n, _t, done, _total in self.rows())
        self.refresh()
        if not solved:
            return
        self._asking = True
        self.reset_button.description = "Yes, forget them"
        self.note.value = (f"<span>{solved} exercise{'s' if solved != 1 else ''} solved "
                           f"would be forgotten in every lesson. Click <i>Yes, forget "
                           f"them</i> to forget {'them' if solved != 1 else 'it'}, or "
                           f"<i>Refresh</i> to keep {'them' if solved != 1 else 'it'}."
                           f"</span>")

    def reset(self) -> None:
        """Forget every exercise solved, in every lesson."""
        self.progress.reset()
        self.refresh()

    # ------------------------------------------- the picture left behind
    # (dendria_widget.widget.still: the live table, then the table as saved)
    def live_words(self) -> str:
        return ("Your progress in the lessons: it shows here when this cell runs in Jupyter "
                "(Shift+Enter).")

    def still_words(self) -> str:
        return "Your progress as it was saved: run this cell (Shift+Enter) to see it now."

    def still_html(self) -> str:
        return self.html()
