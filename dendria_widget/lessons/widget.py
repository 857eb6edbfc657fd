"""``LessonWidget``: a lesson on the board widget, one page at a time.

Above the board: the lesson's title, *Previous* / *Next* / *Restart*,
"step 3 of 9" with a progress bar, the page's title and text, and *Play*
for the steps the page plays. On an exercise: the prompt and *Check*,
*Hint* (first the sentence, then the cells on the board), *Show solution*
(played step by step) and *Retry*. No keyboard needed; everything works
headless too (``lw.next()``, ``lw.check()``, ...), for tests and notebooks.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

import ipywidgets as widgets

from ..errors import DendriaError
from ..widget import BoardWidget
from .framework import Exercise, Lesson, Verdict, load, teacher_action

if TYPE_CHECKING:  # for the type hints only
    import asyncio

    from ..game import Game
    from .framework import Page

VERDICT_COLOURS = {True: ("#e6f4ea", "#1e7b34"), False: ("#fdecea", "#b3261e"),
                   None: ("#eef3fb", "#1f4e8c")}
SOLUTION_DELAY = 0.7   # seconds between the steps of "Show solution" in a notebook


def _markdown(out, text):
    """Show markdown in an Output widget (rendered by the notebook)."""
    out.outputs = ({"output_type": "display_data",
                    "data": {"text/markdown": text, "text/plain": text},
                    "metadata": {}},) if text else ()


def _button(description, tooltip, style=""):
    return widgets.Button(description=description, tooltip=tooltip, button_style=style,
                          layout=widgets.Layout(width="auto"))


class LessonWidget(widgets.VBox):
    """A lesson shown page by page on a :class:`~dendria_widget.BoardWidget`.

    ``LessonWidget(lesson_or_name, *, width=460, page=0)``: a
    :class:`~dendria_widget.lessons.Lesson` or its name or number
    (``"02_roots"``, ``"02"``). ``width``: the board's width in CSS pixels.

    From code: ``page_index``, ``next()``, ``previous()``, ``go(k)``,
    ``restart()`` (back to the first page), ``play()`` (the page's next
    step), and on an exercise ``check()`` -> Verdict, ``hint()``,
    ``show_solution()``, ``retry()``; ``board`` is the BoardWidget.
    """

    def __init__(self, lesson: Lesson | str | int, *, width: float = 460, page: int = 0) -> None:
        super().__init__()
        if not isinstance(lesson, Lesson):
            lesson = load(lesson)
        self.lesson = lesson
        self.page_index = 0
        self.played = 0            # play steps of this page played so far
        self.hints = 0             # hint presses on this exercise
        self.verdict: Verdict | None = None   # the last Verdict shown
        self.solved: set[int] = set()   # page indexes of exercises solved by the learner
        self.solution_shown = False
        self._timer: asyncio.TimerHandle | None = None
        self.lesson.page(page)         # a DendriaError names the pages there are
        self._build(width, self.lesson.game(page, 0))
        self.go(page, _game=self.board.game)

    # ------------------------------------------------------------ layout
    def _build(self, width, game):
        lesson = self.lesson
        self.heading = widgets.HTML(f"<h3 style='margin:4px 0'>Lesson {lesson.number}: "
                                    f"{escape(lesson.title)}</h3>")
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
                                            layout=widgets.Layout(width="160px"))
        self.solved_label = widgets.HTML()
        self.nav = widgets.HBox([self.prev_button, self.next_button, self.restart_button,
                                 self.step_label, self.progress, self.solved_label],
                                layout=widgets.Layout(flex_flow="row wrap",
                                                      align_items="center"))
        self.title_html = widgets.HTML()
        self.text_out = widgets.Output(layout=widgets.Layout(max_width="720px"))

        self.play_button = _button("Play", "play the page's next step on the board", "info")
        self.play_button.icon = "play"
        self.play_button.on_click(lambda _: self.play())
        self.play_label = widgets.HTML()
        self.play_box = widgets.HBox([self.play_button, self.play_label],
                                     layout=widgets.Layout(align_items="center"))

        self.prompt_out = widgets.Output(layout=widgets.Layout(max_width="720px"))
        self.check_button = _button("Check", "is the position on the board right?", "success")
        self.hint_button = _button("Hint", "a hint (press again: cells on the board)", "")
        self.solution_button = _button("Show solution", "play a solution step by step", "")
        self.retry_button = _button("Retry", "start the exercise again", "warning")
        self.check_button.on_click(lambda _: self.check())
        self.hint_button.on_click(lambda _: self.hint())
        self.solution_button.on_click(lambda _: self.show_solution())
        self.retry_button.on_click(lambda _: self.retry())
        self.verdict_html = widgets.HTML()
        self.exercise_box = widgets.VBox([
            self.prompt_out,
            widgets.HBox([self.check_button, self.hint_button, self.solution_button,
                          self.retry_button], layout=widgets.Layout(flex_flow="row wrap")),
            self.verdict_html])

        self.board = BoardWidget(game, width=width)
        self.children = [self.heading, self.nav, self.title_html, self.text_out,
                         self.play_box, self.exercise_box, self.board]
        self.add_class("dendria-lesson")

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
        """Back to the first page; the exercises count as not solved yet."""
        self.solved = set()
        return self.go(0)

    def _show_game(self, game):
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
        board.inspected = page.focus    # the board shows it by itself

    def _update(self):
        lesson, k, page = self.lesson, self.page_index, self.page
        n = len(lesson)
        self.step_label.value = f"<span style='margin:0 8px'>step {k + 1} of {n}</span>"
        self.progress.value = k + 1
        exercises = [i for i, p in enumerate(lesson.pages) if isinstance(p, Exercise)]
        done = len(self.solved & set(exercises))
        self.solved_label.value = (f"<span style='margin-left:8px;color:#555'>exercises "
                                   f"solved: {done} of {len(exercises)}</span>"
                                   if exercises else "")
        self.prev_button.disabled = k == 0
        self.next_button.disabled = k + 1 >= n
        kind = "Exercise: " if isinstance(page, Exercise) else ""
        self.title_html.value = f"<h4 style='margin:6px 0 2px'>{kind}{escape(page.title)}</h4>"
        _markdown(self.text_out, page.text)
        self._update_play()
        if isinstance(page, Exercise):
            self.exercise_box.layout.display = None
            _markdown(self.prompt_out, page.prompt)
            self.solution_button.disabled = not page.solution
            self.hint_button.disabled = not (page.hint or page.hint_cells)
        else:
            self.exercise_box.layout.display = "none"
        self._show_verdict()

    def _update_play(self):
        steps = self.page.play
        self.play_box.layout.display = None if steps else "none"
        if not steps:
            return
        if self.played < len(steps):
            nxt = steps[self.played]
            self.play_label.value = (f"<span style='margin-left:8px'>next: <code>"
                                     f"{escape(nxt)}</code> ({self.played + 1} of "
                                     f"{len(steps)})</span>")
            self.play_button.disabled = False
        else:
            self.play_label.value = ("<span style='margin-left:8px;color:#555'>all played "
                                     "(Restart or Previous / Next to see it again)</span>")
            self.play_button.disabled = True

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

    def _scripted(self, step):
        """Play one of the lesson's own steps exactly as written (the board
        does not end the turn by itself in between)."""
        board = self.board
        keep, board.auto_end = board.auto_end, False
        try:
            return board.play(step)
        finally:
            board.auto_end = keep

    def _answer(self, item):
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
        """Judge the board's position: the Verdict, also shown in colour."""
        ex = self._exercise()
        verdict = ex.judge(self.board.game)
        self.verdict = verdict
        if verdict.ok and not self.solution_shown:
            self.solved.add(self.page_index)
        self._update()
        return verdict

    def hint(self) -> str:
        """First press: the hint's sentence; second press: its cells are
        highlighted on the board too. Returns the sentence."""
        ex = self._exercise()
        self.hints += 1
        if self.hints >= 2 and ex.hint_cells:
            game = self.board.game
            notes = game.annotations
            marks = dict(notes.get("marks", {}))
            for c in ex.hint_cells:
                marks.setdefault(c, "")
            game.set_annotations({"marks": marks, "arrows": notes.get("arrows", [])})
            self.board.refresh()
        self.verdict = Verdict(None, "Hint: " + (ex.hint or "look at the cells marked."))
        self._show_verdict()
        return ex.hint

    def retry(self) -> Page:
        """Start the exercise again (from its start position)."""
        self._exercise()
        return self.go(self.page_index)

    def show_solution(self, delay: float | None = None) -> list[str]:
        """Start the exercise again and play its solution, one step every
        ``delay`` seconds (default: 0.7 in a notebook, at once elsewhere)."""
        ex = self._exercise()
        self.retry()
        self.solution_shown = True
        steps = list(ex.solution)
        loop = _running_loop()
        if delay is None:
            delay = SOLUTION_DELAY if loop is not None else 0
        if delay <= 0 or loop is None:
            for s in steps:
                self._answer(s)
            self._solution_done()
            return steps
        k = self.page_index

        def one():
            self._timer = None
            if self.page_index != k or not steps:
                return
            self._answer(steps.pop(0))
            if steps:
                self._timer = loop.call_later(delay, one)
            else:
                self._solution_done()

        self.verdict = Verdict(None, "The solution, step by step: "
                                     + ", ".join(ex.solution) + ".")
        self._show_verdict()
        self._timer = loop.call_later(delay, one)
        return list(ex.solution)

    def _solution_done(self):
        ex = self._exercise()
        v = ex.judge(self.board.game)
        self.verdict = Verdict(v.ok, f"A solution: {', '.join(ex.solution)}. {v.message}")
        self._show_verdict()

    def _cancel_timer(self):
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _show_verdict(self):
        v = self.verdict
        if v is None:
            self.verdict_html.value = ""
            return
        bg, fg = VERDICT_COLOURS[v.ok if v.ok in (True, False) else None]
        words: dict[bool | None, str] = {True: "Well done. ", False: "Not yet. "}
        word = words.get(v.ok, "")
        self.verdict_html.value = (f"<div class='dendria-verdict' style='background:{bg};"
                                   f"color:{fg};border-left:4px solid {fg};padding:6px 10px;"
                                   f"margin:4px 0;max-width:700px'><b>{word}</b>"
                                   f"{escape(v.message)}</div>")

    # ------------------------------------------------------------- output
    def _repr_mimebundle_(self, **kwargs):
        data = super()._repr_mimebundle_(**kwargs)
        if data is None:
            data = {"text/plain": repr(self)}
        try:
            data.update(self.board.still_pictures())   # shown when the page cannot draw it live
        except Exception:  # noqa: BLE001 - the widget view must show regardless
            pass
        return data

    def __repr__(self):
        return (f"LessonWidget({self.lesson.name!r}, page {self.page_index + 1} of "
                f"{len(self.lesson)})")


def _running_loop():
    import asyncio

    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None
