"""``BoardWidget``: play, explore and edit a game with the mouse in Jupyter.

The widget is a thin view over a :class:`~dendria_widget.session.BoardSession`
(the headless model: the game, the mode, the overlays, the status...): the
canvas (:mod:`.canvas`), the lines and buttons round it (:mod:`.controls`)
and the tabs (moves, explain, rules, editor, players) send the session
commands and show its view state, which the session publishes once per
command.

Every rule and fact comes from the engine: a click is matched against
``game.legal_steps()`` (``dendria_widget.interaction``), a refused click
shows ``game.why_illegal()``, the details come from ``explain``. A command
that fails unexpectedly leaves the game as it was and says so in the status
line; the traceback goes to the log (logger ``dendria_widget``).
"""

from __future__ import annotations

import functools
import logging
import os
import weakref
from typing import TYPE_CHECKING, Any, Callable, Iterable

import ipywidgets as widgets

from ..errors import DendriaError
from ..game import BoardSpec, Game, RulesSpec
from ..render import scene as rscene
from ..session import BoardSession
from . import text
from .canvas import LAYERS, SCALE, BoardCanvas
from .controls import ExplainTab, MovesTab, TurnControls
from .panels import EditorPanel, RulesPanel
from .players_panel import PlayersPanel
from .api import CONTROLS, SessionAPI
from .still import LeavesPicture
from .probe import THEME_VARS, ThemeFollower, _resolve_theme, page_theme, probe_html

if TYPE_CHECKING:  # for the type hints only
    from ..interaction import Click
    from ..notation import Step
    from ..players import Player
    from ..render.theme import Theme
    from ..session.view import ViewState

__all__ = ["BoardWidget", "page_theme", "SCALE", "LAYERS", "THEME_VARS"]

log = logging.getLogger("dendria_widget.widget")

#: beside a lesson's words (a compact layout): how much larger than its width
#: the board may grow on a large screen (a window at least COMPACT_WIDE
#: pixels wide), the fewest pixels it gives way to on a narrow one, and the
#: narrowest the words' column gets
COMPACT_GROW = 1.6
COMPACT_WIDE = 1600
COMPACT_MIN = 320
COMPACT_SIDE = 230



class BoardWidget(LeavesPicture, SessionAPI, ThemeFollower, widgets.VBox):
    """A board you can play, explore and edit with the mouse.

    ``BoardWidget(game=None, *, width=540, overlays=(), show_names=True,
    theme=None, **game_kwargs)``: ``game`` is a :class:`~dendria_widget.Game`
    (or made with ``Game(**game_kwargs)``); ``width`` is the board's width
    in CSS pixels (it shrinks to fit a narrow notebook); ``overlays`` names
    the overlays shown at first (see ``render.scene.OVERLAYS``).

    The same actions as the mouse, from code (handy in tutorials and tests):
    ``click_cell("g7")``, ``click_pixel(x, y)``, ``play("plant g7")``,
    ``undo()``, ``redo()``, ``go_to(k)``, ``first()`` / ``previous()`` /
    ``next()`` / ``last()``, ``set_overlay("roots")``, ``mode = "edit"``,
    ``put("g7", "dark seed")``, ``new_game(...)``. Exports: ``to_svg()``,
    ``save_svg(path)``, ``save_png(path)`` (headless, no browser).
    ``session`` is the headless model (:class:`~dendria_widget.session.BoardSession`).

    Computer players (the *Players* tab): ``dark=`` / ``light=`` (Hedu:
    ``black=`` / ``white=``) take a player of ``dendria_widget.players`` for
    the seat that starts with that colour, e.g.
    ``BoardWidget(game, light=MCTSPlayer(seconds=1))``; it thinks in the
    background (``players_panel``: Play, Stop, Hint).

    A game changed in code (``game.play(...)``) shows on the board once the
    notebook cell has run (``sync()``, called after every cell).
    """

    PULSE = BoardCanvas.PULSE
    #: the board's width in CSS pixels in the presentation view (the canvas
    #: then shrinks to the notebook's width: as large as the notebook allows)
    PRESENT_WIDTH = 1100

    def __init__(self, game: Game | None = None, *, width: float = 540,
                 overlays: Iterable[str] = (), show_names: bool = True,
                 theme: str | Theme | None = None, last_turn: bool = True,
                 hover_interval: float = 0.04, auto_end: bool = True, quiz: bool = False,
                 animate: bool = True,
                 dark: Player | None = None, light: Player | None = None,
                 black: Player | None = None, white: Player | None = None,
                 **game_kwargs: Any) -> None:
        super().__init__()
        if game is None:
            game = Game(**game_kwargs)
        elif game_kwargs:
            raise TypeError("give either a game or the keyword arguments of Game, not both")
        if not isinstance(game, Game):
            raise TypeError(f"BoardWidget needs a dendria_widget.Game, not {type(game).__name__}")
        if isinstance(width, bool) or not isinstance(width, (int, float)) or width < 120:
            raise ValueError(f"width is the board's width in CSS pixels (>= 120), not {width!r}")
        if (dark is not None and black is not None) or (light is not None and white is not None):
            raise DendriaError("give the first seat's player as dark= or black=, and the "
                               "second's as light= or white=, not both")
        self.session = BoardSession(game, overlays=overlays, show_names=show_names,
                                    last_turn=last_turn, auto_end=auto_end, quiz=quiz)
        self._normal_width = int(width)
        #: "page": follow JupyterLab's theme (light, dark or high contrast), as
        #: the page reports it; a name or a Theme always wins
        self.follow_page = theme is None or theme == "page"
        self.page_theme: dict[str, str] = {}   # the theme variables the page reported
        self.board_canvas = BoardCanvas(self.session, _resolve_theme(
            None if self.follow_page else theme), int(width), self.guard,
            hover_interval=hover_interval, animate=animate)
        self.canvas = self.board_canvas.widget
        self.board_canvas.on_resize = lambda w, h: self._size_layout(w, h)
        self._game_key: Any = None
        self._build(dark if dark is not None else black, light if light is not None else white)
        self.session.subscribe(self._changed)
        self._changed(frozenset(["all"]), self.session.view())
        _watch(self)

    # ------------------------------------------------------------ layout
    def _build(self, first: Player | None, second: Player | None) -> None:
        s = self.session
        self.style = widgets.HTML(text.STYLE + probe_html(),
                                  layout=widgets.Layout(height="0px", margin="0"))
        self.theme_probe = widgets.Text(value="", layout=widgets.Layout(display="none"))
        self.theme_probe.add_class("dendria-theme-probe")
        self.theme_probe.observe(self.guard(lambda ch: self.page_reported(ch["new"])), "value")
        self.controls = TurnControls(s, self.guard, export=self.export)
        self.moves_tab = MovesTab(s, self.guard)
        self.explain_tab = ExplainTab(s, self.guard)
        self.rules_panel = RulesPanel(s, self.guard)
        self.editor_panel = EditorPanel(s, self.guard)
        self.players_panel = PlayersPanel(self.session, first, second)
        self.tabs = widgets.Tab(children=[self.moves_tab.widget, self.explain_tab.widget,
                                          self.rules_panel.widget, self.editor_panel.widget,
                                          self.players_panel.widget])
        for k, title in enumerate(("Moves", "Explain", "Rules", "Editor", "Players")):
            self.tabs.set_title(k, title)
        c = self.controls
        # the board has a column of its own (nothing above or below it moves
        # it); the lines, the buttons and the tabs stand beside it on a wide
        # page, below it on a narrow one
        # the size rules only a style sheet can say (see _size_layout)
        self.size_style = widgets.HTML("", layout=widgets.Layout(height="0px", margin="0"))
        self.left = widgets.VBox([self.style, self.size_style, self.theme_probe, self.canvas],
                                 layout=widgets.Layout(width=f"{self.width + 8}px",
                                                       max_width="100%", flex="0 0 auto",
                                                       margin="0 12px 0 0"))
        self.side = widgets.VBox([c.header, c.status_line, c.hint_line, c.choices, c.actions,
                                  c.nav, c.mode_buttons, self.tabs],
                                 layout=widgets.Layout(flex="1 1 280px", min_width="280px",
                                                       max_width="480px"))
        self.side.add_class("dendria-side")
        self.tabs.layout = widgets.Layout(width="100%", margin="6px 0 0 0")
        self.main = widgets.HBox([self.left, self.side],
                                 layout=widgets.Layout(flex_flow="row wrap",
                                                       align_items="flex-start"))
        self.children = [self.main]
        self.add_class("dendria-board-widget")
        self._leave_picture()

    def place_beside(self, parts: Iterable[widgets.Widget], compact: bool = False) -> None:
        """Put ``parts`` (e.g. a lesson's exercise and verdict) at the top of
        the column beside the board: what appears there never moves it.
        ``compact`` (a lesson on a projector): the status line and the turn
        buttons come right after them, then the rest, so one screen holds
        the parts, the board and its turn buttons."""
        c = self.controls
        if compact:
            self.side.children = [*parts, c.status_line, c.over_line, c.actions, c.choices,
                                  c.hint_line, c.header, c.nav, c.mode_buttons, self.tabs]
            self._compact = c.compact = True
            c.show(self.session.view(), frozenset({"all"}))
            self.side.layout.min_width = f"{COMPACT_SIDE}px"
            self.side.layout.flex = f"1 1 {COMPACT_SIDE}px"
            self._size_layout(self.canvas.width // SCALE, self.canvas.height // SCALE)
        else:
            self.side.children = [*parts, c.header, c.status_line, c.hint_line, c.choices,
                                  c.actions, c.nav, c.mode_buttons, self.tabs]

    def keep_room_above(self, px: int) -> None:
        """Keep ``px`` CSS pixels of the window for what stands above the
        board (a trainer's filter row): the canvas shrinks with the window's
        height so that they, the board and its keys' room fit one screen."""
        self.board_canvas.room_above = max(0, int(px))
        self._size_layout(self.canvas.width // SCALE, self.canvas.height // SCALE)

    def __getattr__(self, name: str) -> Any:
        # the controls' and tabs' widgets as the board's own attributes
        if name in CONTROLS:
            return getattr(self.__dict__["controls"], name)
        if name in ("moves",):
            return self.__dict__["moves_tab"].moves
        if name in ("overlay_buttons", "names_toggle", "last_turn_toggle", "notes_toggle",
                    "details", "overlay_box"):
            return getattr(self.__dict__["explain_tab"], name)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    # -------------------------------------------------------- the views
    def guard(self, fn: Callable) -> Callable:
        """A widget callback that never fails silently: the session has put
        the game back and said so in the status line; the traceback is
        logged here (the callback's dispatcher gets nothing to swallow)."""

        @functools.wraps(fn)
        def run(*args: Any, **kwargs: Any) -> Any:
            try:
                return fn(*args, **kwargs)
            except Exception as e:  # noqa: BLE001 - said in the status line, logged
                log.exception("a board callback failed")
                if not self.session.status.startswith("Something went wrong"):
                    self.session.say(f"Something went wrong: {e}; the game is unchanged.",
                                     "refused")
                return None

        return run

    def _changed(self, changed: frozenset, view: ViewState) -> None:
        """The session's view state changed: show what did."""
        game = self.session.game
        if view.game_key != self._game_key:
            self._game_key = view.game_key
            self.explain_tab.show_game(game)
            self.rules_panel.show_game(game)
            self.editor_panel.show_game(game)
        self.controls.show(view, changed)
        self.moves_tab.show(view)
        self.explain_tab.show(view)
        self.editor_panel.show_view(view)
        if "presenting" in changed:
            self._show_presenting(view.presenting)
        if changed & {"scene", "version", "all", "presenting"}:
            self.redraw()
        if "version" in changed and view.scene.changes:
            self.board_canvas.animate_changes(self.changed_cells())
        if changed & {"version", "mode", "all"}:
            self.players_panel.after_change()

    def _show_presenting(self, on: bool) -> None:
        c = self.controls
        self.width = self.PRESENT_WIDTH if on else self._normal_width
        (self.add_class if on else self.remove_class)("dendria-present")
        for part in (self.tabs, c.mode_buttons, c.actions, c.choices, c.header, c.hint_line):
            part.layout.display = "none" if on else None
        c.step_button.layout.display = None if on else "none"
        # presenting: the status line and the buttons under the board, the
        # board as large as the window leaves room for them
        side = COMPACT_SIDE if getattr(self, "_compact", False) else 280
        self.side.layout.flex = "1 1 100%" if on else f"1 1 {side}px"
        self.side.layout.max_width = "none" if on else "480px"
        self.board_canvas.forget()
        self._size_layout(self.canvas.width // SCALE, self.canvas.height // SCALE)

    def _size_layout(self, w: int, h: int) -> None:
        """The board's column is as wide as its canvas shows (see
        ``BoardCanvas.size_layout``: it shrinks to fit the window's height).
        Beside a lesson's words (``place_beside(compact=True)``): on a narrow
        page the board gives way to the words down to COMPACT_MIN pixels, so
        that they stay beside it; in a window wider than COMPACT_WIDE pixels
        at device scale 1 it grows with the window, up to COMPACT_GROW times
        its width (its canvas is drawn at twice its CSS size, so it stays
        sharp; at device scale 2 and more it keeps its width, never scaled
        up). Both are rules of a style sheet of its own (``size_style``)."""
        compact = getattr(self, "_compact", False) and not self.session.presenting
        big = self.board_canvas.size_layout(w, h, COMPACT_GROW) if compact else ""
        shown = self.board_canvas.size_layout(w, h)
        width = f"calc({shown} + 8px)"
        rule = ""
        if compact:
            room = f"max({COMPACT_MIN}px, calc(100% - {COMPACT_SIDE + 40}px))"
            width = f"min({width}, {room})"
            uid = f"dendria-b{id(self):x}"
            self.left.add_class(uid)
            rule = (f"<style>@media (min-width: {COMPACT_WIDE}px) and "
                    "(max-resolution: 1.49dppx) {"
                    f".{uid} {{ width: min(calc({big} + 8px), {room}) !important }}"
                    f".{uid} .dendria-board {{ max-width: min({big}, 100%) !important }}"
                    "}</style>")
        self.left.layout.width = width
        if getattr(self, "size_style", None) is not None and self.size_style.value != rule:
            self.size_style.value = rule

    # ---------------------------------------------- the session's state
    @property
    def game(self) -> Game:
        return self.session.game

    @game.setter
    def game(self, game: Game) -> None:
        self.session.replace_game(game)

    @property
    def overlays(self) -> set[str]:
        return self.session.overlays

    @overlays.setter
    def overlays(self, names: Iterable[str]) -> None:
        names = set(names) | {"annotations"}
        for name in sorted(self.session.overlays - names):
            self.session.set_overlay(name, False)
        for name in sorted(names - self.session.overlays):
            self.session.set_overlay(name, True)

    @property
    def width(self) -> int:
        return self.board_canvas.width

    @width.setter
    def width(self, value: int) -> None:
        self.board_canvas.width = int(value)
        self.board_canvas.forget()

    @property
    def hover_interval(self) -> float:
        """Seconds between two hover updates (the mouse moves are throttled)."""
        return self.board_canvas.hover_interval

    @hover_interval.setter
    def hover_interval(self, value: float) -> None:
        self.board_canvas.hover_interval = float(value)

    @property
    def animate(self) -> bool:
        """Pulse the pieces a step changed (canvas only)."""
        return self.board_canvas.animate

    @animate.setter
    def animate(self, value: bool) -> None:
        self.board_canvas.animate = bool(value)

    @property
    def theme(self) -> Theme:
        return self.board_canvas.theme

    @property
    def redraws(self) -> int:
        return self.board_canvas.redraws

    def changed_cells(self) -> list[str]:
        """The cells whose piece the last play changed, each once."""
        return list(dict.fromkeys(e.cell for e in self.session.effects))

    def pulse_shapes(self, cells: Iterable[str], frame: int) -> list[rscene.Circle]:
        """The shapes of one frame of the changed pieces' animation."""
        return self.board_canvas.pulse_shapes(cells, frame)

    def _update_details(self) -> None:
        """(Kept for callers from before the session: the details follow the
        session by themselves.)"""
        self.redraw()

    @classmethod
    def from_record(cls, record: dict | str | bytes | bytearray | os.PathLike,
                    **kwargs: Any) -> BoardWidget:
        """A board showing the game of a record (a dict, its JSON text, or a
        path to a record file); keyword arguments as for BoardWidget."""
        if isinstance(record, os.PathLike) or (isinstance(record, str)
                                               and record.strip().endswith(".json")):
            return cls(Game.load(record), **kwargs)
        return cls(Game.from_record(record), **kwargs)

    # --------------------------------------------------------- commands
    def click_cell(self, cell: str | None) -> Click | Game | dict | None:
        """A click on ``cell`` (a name, or None off the board), in the current
        mode. In play mode: the step it means is played; several steps are
        offered as buttons; a refused click changes nothing and shows why."""
        return self.session.click(cell)

    def click_pixel(self, x: float, y: float) -> Click | Game | dict | None:
        """A click at CSS pixel (x, y) of the board (what the mouse does)."""
        return self.session.click(self.cell_at(x, y))

    def cell_at(self, x: float, y: float) -> str | None:
        """The cell name under CSS pixel (x, y) of the board, or None."""
        return self.board_canvas.cell_at(x, y)

    def cell_center(self, cell: str) -> tuple[float, float]:
        """The CSS pixel centre of a cell (for tests and tutorials)."""
        return self.scene().layout.center(self.game.board.cell(cell))

    def new_game(self, ruleset: RulesSpec = "dendria-classic", size: int | None = None,
                 board: BoardSpec | None = None, options: dict | None = None) -> Game | None:
        """Start a new game with these rules (the Rules tab's *New game*)."""
        return self.session.new_game(ruleset, size=size, board=board, options=options)

    def set_mode(self, mode: str) -> None:
        """The mouse mode: play, edit, mark or arrow."""
        self.session.set_mode(mode)
        if mode == "edit":
            self.tabs.selected_index = 3

    def set_flag(self, name: str, value: bool) -> None:
        self.session.set_flag(name, value)

    def present(self, on: bool = True,
                line: Iterable[Step | str] | None = None) -> BoardWidget:
        """The presentation view for a class: the board as large as the
        notebook allows, large labels, the status line and the history
        buttons only. ``line``: a prepared list of steps that *Next step*
        plays one by one from here (without it, *Next step* steps through
        the game's history). ``present(False)`` goes back."""
        self.session.present(on, line)
        return self

    def set_overlay(self, name: str, on: bool = True) -> None:
        """Show (or hide) an overlay: one of render.scene.OVERLAYS."""
        self.session.set_overlay(name, on)

    # ------------------------------------------------------------ scenes
    def scene_kwargs(self, interactive: bool = True) -> dict[str, Any]:
        """The arguments of ``render.scene.build_scene`` the board draws with."""
        req = self.session.scene_request()
        kw: dict[str, Any] = dict(
            overlays=set(req.overlays), theme=self.theme, width=self.width,
            show_names=req.show_names, last_turn=req.last_turn, changes=list(req.changes),
            annotations=self.game.annotations if req.annotations else None)
        if interactive:
            kw.update(focus=req.focus, selected=req.selected, targets=list(req.targets),
                      hover=req.hover)
        else:
            kw.update(focus=req.inspected)
        return kw

    def scene(self) -> rscene.Scene:
        """The scene drawn now (render.scene.Scene), built from the engine."""
        return self.board_canvas.scene()

    def redraw(self, force: bool = False) -> bool:
        """Draw every layer that changed (all when ``force``) in one message."""
        return self.board_canvas.redraw(force)

    def refresh(self) -> None:
        """Show the game again (after it changed behind the board's back)."""
        if not self.sync():
            self.redraw()

    # ------------------------------------------- the picture left behind
    def live_words(self) -> str:
        return (f"A board of {self.game.variant.title}: you play on it here when this "
                "cell runs in Jupyter (Shift+Enter).")

    def still_words(self) -> str:
        return "A picture of the board: run this cell (Shift+Enter) to play on it again."

    def still_html(self) -> str:
        """The board as it shows now (see :meth:`export_scene`), in the
        light and the dark theme when it follows the page's, else in its own."""
        from ..render.svg import scene_to_svg, themed_picture

        width = self.board_canvas.width
        if self.follow_page:
            light, dark = (scene_to_svg(self.session.export_scene(t, width))
                           for t in ("light", "dark"))
        else:
            light = dark = self.to_svg()
        return themed_picture(light, dark, f"The board of a game of {self.game.variant.title}")

    def __repr__(self) -> str:
        return f"BoardWidget({self.game!r})"


_WATCHED: weakref.WeakSet[BoardWidget] = weakref.WeakSet()
_HOOKED = [False]


def _after_cell(*_args: Any) -> None:
    for w in list(_WATCHED):
        try:
            w.sync()
        except Exception:  # noqa: BLE001 - a broken widget must not break the notebook
            # (the session put the game back and said so in the status line)
            log.exception("a board could not show the game changed in code")


def _watch(widget: BoardWidget) -> None:
    """After every notebook cell, boards whose game changed in code redraw."""
    _WATCHED.add(widget)
    if _HOOKED[0]:
        return
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - ipywidgets needs IPython
        return
    ip = get_ipython()
    if ip is None:
        return
    ip.events.register("post_run_cell", _after_cell)
    _HOOKED[0] = True
