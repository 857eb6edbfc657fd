"""``Trainer``: the puzzle trainer on the board widget.

Above the board: the filter (edition and goal), the learner's rating (and
its last change), the streak and the puzzles solved; beside the board: the
goal in words, *Check*, *Hint* (the rule, then the region, then the move),
*Retry* and *Next*, and the verdict in the edition's words. Everything is
drawn from :class:`~.trainer.TrainerSession` (headless: ``t.session``), on
the board widget's own session; no threads, so it works in JupyterLite.
"""

from __future__ import annotations

import logging
from html import escape
from typing import Any, Callable

import ipywidgets as widgets

from ..errors import DendriaError
from ..widget import BoardWidget
from ..widget.still import LeavesPicture
from . import EDITIONS
from .goals import BY_NAME, GOALS
from .progress import PuzzleProgress
from .trainer import TrainerSession

log = logging.getLogger(__name__)

#: a verdict's tint and edge colour (readable on light and dark themes)
VERDICT_COLOURS = {True: ("rgba(46, 158, 79, 0.16)", "#2e9e4f"),
                   False: ("rgba(208, 70, 60, 0.16)", "#d0463c"),
                   None: ("rgba(61, 124, 201, 0.16)", "#3d7cc9")}
#: the height kept for the row above the board (CSS pixels)
TOP_ROW = 56
EDITION_TITLES = {"dendria-classic": "Dendria (classic)", "dendria-sprites": "Dendria (sprites)",
                  "hedu": "Hedu"}


def _button(description: str, tooltip: str, style: str = "", icon: str = "") -> Any:
    b = widgets.Button(description=description, tooltip=tooltip, button_style=style,
                       icon=icon, layout=widgets.Layout(width="auto"))
    return b


class Trainer(LeavesPicture, widgets.VBox):
    """The puzzle trainer (see the module).

    ``Trainer(*, editions=EDITIONS, goal=None, width=460, progress=None)``:
    ``editions`` and ``goal`` (a goal's name, or several) start the filter; ``progress`` a
    :class:`~.progress.PuzzleProgress` (default: the learner's file).
    From code: ``check()``, ``hint()``, ``retry()``, ``next()``,
    ``set_filter(editions, goal)``; ``session`` is the headless trainer,
    ``board`` the BoardWidget.
    """

    def __init__(self, *, editions: Any = EDITIONS, goal: Any = None,
                 width: float = 460, progress: PuzzleProgress | None = None) -> None:
        super().__init__()
        self.session = TrainerSession(editions=editions, goal=goal, progress=progress)
        self.board = BoardWidget(self.session.board.game, width=width, quiz=True)
        # the trainer plays on the board widget's own session from now on
        self.session.board = self.board.session
        self._busy = False
        self._build()
        self._update()

    # ------------------------------------------------------------ layout
    def _build(self) -> None:
        s = self.session
        self.edition_pick = widgets.Dropdown(
            options=[("every edition", "")] + [(EDITION_TITLES[e], e) for e in EDITIONS],
            value="" if len(s.editions) > 1 else s.editions[0], description="Edition",
            style={"description_width": "initial"}, layout=widgets.Layout(width="180px"))
        self.goal_pick = widgets.Dropdown(
            options=self._goal_options(), value=s.goal_filter or "", description="Goal",
            style={"description_width": "initial"}, layout=widgets.Layout(width="200px"))
        self.edition_pick.observe(lambda ch: self._safe(self._refilter), names="value")
        self.goal_pick.observe(lambda ch: self._safe(self._refilter), names="value")
        self.score_html = widgets.HTML()
        self.score_html.add_class("dendria-puzzles-score")
        # the title, the filter and the score in one row: on a projector
        # (1280x720, the file browser open) the whole trainer, this row and
        # the board, fits the notebook's room (the board keeps TOP_ROW pixels
        # of the window for it)
        title = widgets.HTML("<b style='font-size:1.15em;margin-right:8px'>Puzzles</b>")
        self.top = widgets.HBox([title, self.edition_pick, self.goal_pick, self.score_html],
                                layout=widgets.Layout(flex_flow="row wrap",
                                                      align_items="center"))
        self.top.add_class("dendria-puzzles-top")
        self.board.keep_room_above(TOP_ROW)
        self.goal_html = widgets.HTML(layout=widgets.Layout(max_width="420px"))
        self.check_button = _button("Check", "is the turn on the board right?", "success",
                                    "check")
        self.hint_button = _button("Hint", "a hint: the rule, then where to look, then "
                                   "the move", "", "lightbulb-o")
        self.retry_button = _button("Retry", "back to the puzzle's position", "warning",
                                    "refresh")
        self.next_button = _button("Next", "another puzzle near your rating", "primary",
                                   "arrow-right")
        self.check_button.on_click(lambda _: self._safe(self.check))
        self.hint_button.on_click(lambda _: self._safe(self.hint))
        self.retry_button.on_click(lambda _: self._safe(self.retry))
        self.next_button.on_click(lambda _: self._safe(self.next))
        self.buttons = widgets.HBox([self.check_button, self.hint_button, self.retry_button,
                                     self.next_button],
                                    layout=widgets.Layout(flex_flow="row wrap"))
        self.hints_html = widgets.HTML(layout=widgets.Layout(max_width="420px"))
        self.verdict_html = widgets.HTML(layout=widgets.Layout(max_width="420px"))
        self.board.place_beside([self.goal_html, self.buttons, self.hints_html,
                                 self.verdict_html])
        self.children = [self.top, self.board]
        self.add_class("dendria-puzzles")
        self._leave_picture()

    # ------------------------------------------- the picture left behind
    # (dendria_widget.widget.still: the live trainer, then its picture)
    def live_words(self) -> str:
        v = self.session.view()
        return (f"The puzzle trainer ({len(self.session.puzzles())} puzzles, the first: "
                f"{v.goal_words.rstrip('.')}): you solve them here, on the board, when this "
                "cell runs in Jupyter (Shift+Enter).")

    def still_words(self) -> str:
        return "The puzzle trainer: run this cell (Shift+Enter) to solve puzzles on the board."

    def still_html(self) -> str:
        """The puzzle's goal and its board, as the trainer shows them now."""
        return f"<div>{self.goal_html.value}</div>{self.board.still_html()}"

    def _goal_options(self) -> list[tuple[str, str]]:
        """The goals offered: those with puzzles in the editions chosen (a
        lesson's several goals first, as one choice)."""
        s = self.session
        have = {p.goal for p in s._pool(s.editions, None)}
        options = [("every goal", "")] + [(g.title, g.name) for g in GOALS if g.name in have]
        if s.goals is not None and len(s.goals) > 1:       # a lesson's goals
            options.insert(1, (" + ".join(BY_NAME[n].title for n in s.goals),
                               s.goal_filter or ""))
        return options

    def _safe(self, action: Callable[[], object]) -> None:
        """Run a button's action; a failure is told in words, the puzzle stays."""
        try:
            action()
        except DendriaError as e:
            self._say(f"{e}", False)
        except Exception as e:  # noqa: BLE001 - a button must never raise into the page
            log.exception("the puzzle trainer failed")
            self._say(f"Something went wrong ({type(e).__name__}); the puzzle is as it "
                      "was.", False)

    def _say(self, words: str, right: bool | None) -> None:
        bg, edge = VERDICT_COLOURS[right]
        self.verdict_html.value = (
            f"<div style='background:{bg};border-left:4px solid {edge};padding:6px 10px;"
            f"margin-top:6px'>{escape(words)}</div>") if words else ""

    def _update(self) -> None:
        v = self.session.view()
        change = ""
        if v.change:
            sign = "+" if v.change > 0 else "−"
            change = f" ({sign}{abs(v.change):.0f})"
        self.score_html.value = (
            f"<span style='margin:0 6px'>Your rating <b>{v.rating}</b>{change} · "
            f"streak <b>{v.streak}</b> · solved {v.solved} · {v.left} left</span>")
        self.goal_html.value = (
            f"<div><b>{escape(v.edition)}</b> · {escape(v.goal)} · puzzle rating "
            f"{v.puzzle_rating:.0f}</div><div style='font-size:1.1em;margin:6px 0'>"
            f"{escape(v.goal_words)}</div>")
        self.hints_html.value = "".join(
            f"<div style='margin:4px 0'>Hint {k + 1}: {escape(h)}</div>"
            for k, h in enumerate(v.hints))
        self._say(v.verdict or v.note, v.right if v.verdict else None)

    # ------------------------------------------------------------ commands
    def check(self) -> Any:
        verdict = self.session.check()
        self._update()
        return verdict

    def hint(self) -> str:
        words = self.session.hint()
        self._update()
        return words

    def retry(self) -> None:
        self.session.retry()
        self._update()

    def next(self) -> Any:
        p = self.session.next()
        self._update()
        return p

    def set_filter(self, editions: Any = None, goal: str | None = "") -> Any:
        p = self.session.set_filter(editions, goal)
        self._update()
        return p

    def _refilter(self) -> None:
        if self._busy:
            return
        eds = [self.edition_pick.value] if self.edition_pick.value else list(EDITIONS)
        goal = self.goal_pick.value or None
        try:
            self.set_filter(eds, goal)
            self._busy = True
            try:                       # the goals offered follow the editions
                self.goal_pick.options = self._goal_options()
                self.goal_pick.value = self.session.goal_filter or ""
            finally:
                self._busy = False
        except DendriaError as e:
            self._busy = True
            try:
                self.edition_pick.value = ("" if len(self.session.editions) > 1
                                           else self.session.editions[0])
                self.goal_pick.value = self.session.goal_filter or ""
            finally:
                self._busy = False
            self._say(f"{e}; the filter is back as it was.", False)
