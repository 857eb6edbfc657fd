"""``BoardWidget``: play, explore and edit a game with the mouse in Jupyter.

The board is an ipycanvas ``MultiCanvas`` of four layers (board, pieces,
overlays, selection; only the top one gets the mouse). A redraw builds the
scene first (``render.scene.build_scene``, pure Python), then sends every
layer that changed in ONE batched message (one ``hold_canvas``). Canvases
are drawn at 2x for sharp screens: the canvas is twice the CSS size.

Every rule and fact comes from the engine: a click is matched against
``game.legal_steps()`` (``dendria_widget.interaction``), a refused click
shows ``game.why_illegal()``, the details come from ``explain``.
"""

from __future__ import annotations

import contextlib
import functools
import json
import logging
import os
import time
import weakref
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable

import ipywidgets as widgets

from .. import explain
from ..explain.sentences import reword
from ..checks import brief
from ..errors import BadFile, DendriaError, IllegalStep
from ..game import BoardSpec, Game, RulesSpec
from ..interaction import (button_steps, click_steps, journey_cell, pixel_to_cell,
                           refusal_words, targets as legal_targets, turn_labels)
from ..render import scene as rscene
from ..render import theme as rtheme
from ..render import svg as rsvg
from . import text
from .panels import EditorPanel, RulesPanel
from .players_panel import PlayersPanel

if TYPE_CHECKING:  # for the type hints only
    import asyncio

    from ..interaction import Click
    from ..notation import Step
    from ..players import Player
    from ..render.theme import Theme

SCALE = 2  # canvas pixels per CSS pixel

#: where a failing command's traceback goes (the status line says it in words)
log = logging.getLogger("dendria_widget.widget")


def _command(method):
    """A command of the board (a click, a button, an edit...): when it fails
    with an unexpected error, the game goes back to what it was before the
    command, the status line says so in words, the traceback is logged, and
    the error is raised again to the caller (a widget callback's dispatcher
    logs it; code sees it). Nested commands are one command."""

    @functools.wraps(method)
    def run(self, *args, **kwargs):
        if getattr(self, "_in_command", False):
            return method(self, *args, **kwargs)
        before = self.game.copy()
        self._in_command = True
        try:
            return method(self, *args, **kwargs)
        except Exception as e:
            log.exception("the board's %s failed; the game is put back as it was",
                          method.__name__)
            self._recover(before, e)
            raise
        finally:
            self._in_command = False

    return run

#: The JupyterLab theme variables the page reports to the kernel (the board
#: follows the page's theme unless a ``theme=`` was given).
THEME_VARS = ("--jp-layout-color0", "--jp-layout-color1", "--jp-layout-color2",
              "--jp-ui-font-color0", "--jp-ui-font-color1", "--jp-ui-font-color2",
              "--jp-border-color1", "--jp-brand-color1", "--jp-error-color0",
              "--jp-success-color0", "--jp-warn-color0")

# The theme probe: a tiny image that fails to load in an HTML widget (whose
# content the page sets as innerHTML, where <script> never runs but an
# onerror handler does). Its handler reads the theme variables where the
# board is shown, writes them as JSON into the board's hidden Text widget
# and fires its input event, so the value reaches the kernel as any typed
# text does; it does so again whenever JupyterLab switches its theme. Where
# no kernel listens (a static HTML export) it changes nothing.
_PROBE_JS = """(function (img) {
  var names = %(names)s, tries = 0;
  function send() {
    var box = img.closest('.dendria-board-widget');
    var input = box && box.querySelector('.dendria-theme-probe input');
    if (!input) { if (++tries < 100) { setTimeout(send, 100); } return; }
    var cs = getComputedStyle(box), out = {};
    names.forEach(function (n) { out[n] = cs.getPropertyValue(n).trim(); });
    out['theme-light'] = document.body.getAttribute('data-jp-theme-light') || '';
    out['theme-name'] = document.body.getAttribute('data-jp-theme-name') || '';
    var v = JSON.stringify(out);
    if (input.value === v) { return; }
    input.value = v;
    input.dispatchEvent(new Event('input', {bubbles: true}));
  }
  send();
  new MutationObserver(function () { setTimeout(send, 50); setTimeout(send, 800); })
    .observe(document.body, {attributes: true,
                             attributeFilter: ['data-jp-theme-name', 'data-jp-theme-light']});
})(this)"""


def _probe_html():
    from html import escape as _esc

    js = _PROBE_JS % {"names": json.dumps(list(THEME_VARS)).replace('"', "'")}
    return (f'<img alt="" src="data:," style="display:none" '
            f'onerror="{_esc(js, quote=True)}">')

MODES = (("Play", "play"), ("Edit", "edit"), ("Mark", "mark"), ("Arrow", "arrow"))
LAYERS = ("board", "pieces", "overlays", "selection")


def _record_path(path):
    """A record file's path, checked: BadFile unless it is a file name."""
    if not isinstance(path, (str, os.PathLike)) or not os.fspath(path).strip():
        raise BadFile("a record file is named by a path like 'game.json'")
    if "\0" in os.fspath(path):
        raise BadFile("a file name cannot hold a NUL character")
    return path


def _file_problem(error):
    """What went wrong with a file, as words (no error numbers)."""
    if isinstance(error, OSError) and error.strerror:
        return error.strerror[0].lower() + error.strerror[1:]
    return str(error)


@contextlib.contextmanager
def _one_message():
    """``hold_canvas`` that never leaves the canvas manager caching when the
    drawing raises (ipycanvas's hold_canvas has no try/finally)."""
    from ipycanvas import canvas as ipc

    manager = ipc._CANVAS_MANAGER
    was = manager._caching
    try:
        with ipc.hold_canvas():
            yield
    except BaseException:
        manager._commands_cache = []
        manager._buffers_cache = []
        manager._caching = was
        raise


#: the words in the room under the board while no overlay is on
KEY_ROOM_WORDS = "Overlays (Explain tab) show why; each one's key appears here."


class BoardWidget(widgets.VBox):
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

    Computer players (the *Players* tab): ``dark=`` / ``light=`` (Hedu:
    ``black=`` / ``white=``) take a player of ``dendria_widget.players`` for
    the seat that starts with that colour, e.g.
    ``BoardWidget(game, light=MCTSPlayer(seconds=1))``; it thinks in the
    background (``players_panel``: Play, Stop, Hint).

    A game changed in code (``game.play(...)``) shows on the board once the
    notebook cell has run (``sync()``, called after every cell).
    """

    def __init__(self, game: Game | None = None, *, width: float = 540,
                 overlays: Iterable[str] = (), show_names: bool = True,
                 theme: str | Theme | None = None, last_turn: bool = True,
                 hover_interval: float = 0.04, auto_end: bool = True, animate: bool = True,
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
        self.width = int(width)
        #: "page": follow JupyterLab's theme (light, dark or high contrast), as
        #: the page reports it; a name or a Theme always wins
        self.follow_page = theme is None or theme == "page"
        self.page_theme: dict[str, str] = {}   # the theme variables the page reported
        self.theme = _resolve_theme(None if self.follow_page else theme)
        self.show_names = bool(show_names)
        self.last_turn = bool(last_turn)
        self.hover_interval = float(hover_interval)
        #: end the turn by itself when ``end`` is the only legal step
        self.auto_end = bool(auto_end)
        #: a short animation of the pieces a step changed (canvas only)
        self.animate = bool(animate)
        unknown = set(overlays) - set(rscene.OVERLAYS)
        if unknown:
            raise ValueError(f"unknown overlay {sorted(unknown)[0]!r} "
                             f"(overlays: {', '.join(rscene.OVERLAYS)})")
        self.overlays = set(overlays) | {"annotations"}
        self._game = game
        self.mode = "play"
        self.inspected: str | None = None    # the last clicked cell (details, roots)
        self.hover: str | None = None        # the cell under the mouse
        self.arrow_from: str | None = None   # first cell of an arrow being drawn
        self.pending: list[Step] = []        # several steps fit the last click: choose one
        self.status = ""
        self.status_kind = "info"
        self._legal: list[Step] | None = None
        self._legal_key: tuple[int, int] | None = None
        self._targets: list[str] = []
        self._drawn: dict[str, list] = {}    # layer -> shapes on the canvas now
        self._scene: rscene.Scene | None = None
        self._last_hover_t = 0.0
        self._hover_later: asyncio.TimerHandle | None = None
        self.redraws = 0           # canvas messages sent (a redraw is one)
        # games as they were before each edit, and what the edit was (Undo)
        self._before_edits: list[tuple[Game, str]] = []
        self.presenting = False
        self._line: list[str] = []   # a prepared line to step through (present)
        if (dark is not None and black is not None) or (light is not None and white is not None):
            raise DendriaError("give the first seat's player as dark= or black=, and the "
                               "second's as light= or white=, not both")
        self._seat_players = (dark if dark is not None else black,
                              light if light is not None else white)

        self._build()
        self._bind_game(game)
        self.refresh()
        _watch(self)

    # ------------------------------------------------------------ layout
    def _build(self):
        self.canvas = self._make_canvas()
        self.style = widgets.HTML(text.STYLE + _probe_html(),
                                  layout=widgets.Layout(height="0px", margin="0"))
        self.theme_probe = widgets.Text(value="", layout=widgets.Layout(display="none"))
        self.theme_probe.add_class("dendria-theme-probe")
        self.theme_probe.observe(lambda ch: self.page_reported(ch["new"]), "value")
        self.header = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.header.add_class("dendria-header-box")
        self.status_line = widgets.HTML(text.status_html(""))
        self.status_line.add_class("dendria-status-line")
        self.hint_line = widgets.HTML(text.hint_html(""))
        # a fixed height: offering a choice never moves the buttons below
        self.choices = widgets.HBox(layout=widgets.Layout(height="34px", overflow="hidden"))

        self.end_button = widgets.Button(description="End turn", button_style="success",
                                         layout=_auto(), tooltip="end the turn")
        self.pass_button = widgets.Button(description="Pass", layout=_auto(),
                                          tooltip="pass the turn (two passes in a row end the game)")
        self.swap_button = widgets.Button(description="Swap", layout=_auto(),
                                          tooltip="the pie rule: exchange colours")
        self.end_button.on_click(lambda _: self.press("end"))
        self.pass_button.on_click(lambda _: self.press("pass"))
        self.swap_button.on_click(lambda _: self.press("swap"))
        self.komi_value = widgets.BoundedIntText(value=0, min=0, max=1000, description="komi",
                                                 layout=widgets.Layout(width="150px"))
        self.komi_button = widgets.Button(description="Set komi", layout=_auto())
        self.komi_button.on_click(lambda _: self.press(f"komi {int(self.komi_value.value)}"))
        self.side_dark = widgets.Button(description="Play dark", layout=_auto())
        self.side_light = widgets.Button(description="Play light", layout=_auto())
        self.side_dark.on_click(lambda _: self.press("side dark"))
        self.side_light.on_click(lambda _: self.press("side light"))
        self.komi_box = widgets.HBox([self.komi_value, self.komi_button])
        self.side_box = widgets.HBox([self.side_dark, self.side_light])
        self.actions = widgets.HBox([self.end_button, self.pass_button, self.swap_button,
                                     self.komi_box, self.side_box])

        self.first_button = widgets.Button(icon="fast-backward", layout=_nav(), tooltip="the start")
        self.prev_button = widgets.Button(icon="step-backward", layout=_nav(),
                                          tooltip="one step back")
        self.next_button = widgets.Button(icon="step-forward", layout=_nav(),
                                          tooltip="one step forward")
        self.last_button = widgets.Button(icon="fast-forward", layout=_nav(),
                                          tooltip="the last step")
        self.undo_button = widgets.Button(description="Undo", icon="undo", layout=_auto(),
                                          tooltip="take back the last step")
        self.redo_button = widgets.Button(description="Redo", icon="repeat", layout=_auto(),
                                          tooltip="play again the step taken back")
        self.first_button.on_click(lambda _: self.first())
        self.prev_button.on_click(lambda _: self.previous())
        self.next_button.on_click(lambda _: self.next())
        self.last_button.on_click(lambda _: self.last())
        self.undo_button.on_click(lambda _: self.undo())
        self.redo_button.on_click(lambda _: self.redo())
        self.nav = widgets.HBox([self.first_button, self.prev_button, self.next_button,
                                 self.last_button, self.undo_button, self.redo_button])

        self.mode_buttons = widgets.ToggleButtons(
            options=MODES, value="play", description="Clicks:",
            style={"button_width": "62px", "description_width": "initial"},
            tooltips=["play by clicking", "put or remove pieces (Editor tab)",
                      "mark cells with a label", "draw an arrow: two clicks"])
        self.mode_buttons.observe(lambda ch: self.set_mode(ch["new"]), "value")

        # the move list
        self.moves = widgets.Select(options=[("start", 0)], value=0, rows=14,
                                    layout=widgets.Layout(width="98%"))
        self.moves.observe(self._move_selected, "value")
        moves_tab = widgets.VBox([
            widgets.HTML("Click a step to see the board after it (steps in docs/notation.md, "
                         "grouped by turn; <i>(redo)</i> steps were taken back)."),
            self.moves])

        # explain: overlay toggles and the details
        self.overlay_box = widgets.VBox()
        self.names_toggle = widgets.Checkbox(value=self.show_names, description="cell names",
                                             indent=False)
        self.last_turn_toggle = widgets.Checkbox(value=self.last_turn,
                                                 description="last turn", indent=False)
        self.notes_toggle = widgets.Checkbox(value=True, description="marks and arrows",
                                             indent=False)
        self.names_toggle.observe(lambda ch: self._set_flag("show_names", ch["new"]), "value")
        self.last_turn_toggle.observe(lambda ch: self._set_flag("last_turn", ch["new"]),
                                      "value")
        self.notes_toggle.observe(lambda ch: self.set_overlay("annotations", ch["new"]),
                                  "value")
        self.details = widgets.HTML(text.details_html(None, None, None))
        explain_tab = widgets.VBox([
            widgets.HTML("<b>Overlays</b>"), self.overlay_box,
            widgets.HBox([self.names_toggle, self.last_turn_toggle, self.notes_toggle]),
            widgets.HTML("<b>Details</b> of the cell under the mouse (or clicked)"),
            self.details])

        self.rules_panel = RulesPanel(self)
        self.editor_panel = EditorPanel(self)
        self.players_panel = PlayersPanel(self, *self._seat_players)
        self.tabs = widgets.Tab(children=[moves_tab, explain_tab, self.rules_panel.widget,
                                          self.editor_panel.widget, self.players_panel.widget],
                                # beside the board when the notebook is wide enough
                                layout=widgets.Layout(flex="1 1 320px", min_width="300px",
                                                      max_width="460px"))
        for k, title in enumerate(("Moves", "Explain", "Rules", "Editor", "Players")):
            self.tabs.set_title(k, title)

        self.present_button = widgets.ToggleButton(
            value=False, icon="desktop", layout=_nav(),
            tooltip="the presentation view: the board as large as the notebook allows, "
                    "large labels, the status line and the history buttons only")
        self.present_button.observe(lambda ch: self.present(ch["new"]), "value")
        self.step_button = widgets.Button(
            description="Next step", icon="play", button_style="primary", layout=_auto(),
            tooltip="play the next step of the game (or of the prepared line)")
        self.step_button.on_click(lambda _: self.present_step())
        self.step_button.layout.display = "none"
        self.nav.children = list(self.nav.children) + [self.step_button, self.present_button]
        self.actions.layout.height = "36px"
        self.actions.layout.overflow = "hidden"

        self.left = widgets.VBox([self.style, self.theme_probe, self.header, self.mode_buttons, self.canvas,
                                  self.status_line, self.hint_line, self.choices,
                                  self.actions, self.nav],
                                 layout=widgets.Layout(width=f"{self.width + 8}px",
                                                       max_width="100%",
                                                       margin="0 12px 0 0"))
        self.main = widgets.HBox([self.left, self.tabs],
                                 layout=widgets.Layout(flex_flow="row wrap",
                                                       align_items="flex-start"))
        self.children = [self.main]
        self.add_class("dendria-board-widget")

    def _make_canvas(self):
        from ipycanvas import MultiCanvas

        mc = MultiCanvas(len(LAYERS), width=2 * SCALE, height=2 * SCALE)
        mc.on_client_ready(lambda: self.redraw(force=True))
        mc.on_mouse_down(self._on_mouse_down)
        mc.on_mouse_move(self._on_mouse_move)
        mc.on_mouse_out(self._on_mouse_out)
        mc.add_class("dendria-board")
        return mc

    def _overlay_toggles(self, game):
        self.overlay_buttons = {}
        for ov in game.variant.overlays:
            name = ov.name
            tb = widgets.ToggleButton(value=name in self.overlays, description=ov.label,
                                      tooltip=ov.tooltip,
                                      layout=widgets.Layout(width="auto"))
            tb.observe(lambda ch, n=name: self.set_overlay(n, ch["new"]), "value")
            self.overlay_buttons[name] = tb
        self.overlay_box.children = [widgets.HBox(list(self.overlay_buttons.values()),
                                                  layout=widgets.Layout(flex_flow="row wrap"))]

    # ------------------------------------------------------------- games
    @property
    def game(self) -> Game:
        return self._game

    @game.setter
    def game(self, game: Game) -> None:
        if not isinstance(game, Game):
            raise TypeError(f"a BoardWidget shows a dendria_widget.Game, not {type(game).__name__}")
        self._bind_game(game)
        self.refresh()

    def _bind_game(self, game):
        old = getattr(self, "_bound_kind", None)
        self._game = game
        self.inspected = self.hover = self.arrow_from = None
        self.pending = []
        self._legal = None
        self._effects = []        # the last play's changes belong to the old game
        self._targets = []
        self._scene = None
        kind = (game.rules.ruleset, game.variant.overlay_names)
        if old != kind:
            self._overlay_toggles(game)
        self._bound_kind = kind
        self.rules_panel.show_game(game)
        self.editor_panel.show_game(game)

    @classmethod
    def from_record(cls, record: dict | str | bytes | bytearray | os.PathLike,
                    **kwargs: Any) -> BoardWidget:
        """A board showing the game of a record (a dict, its JSON text, or a
        path to a record file); keyword arguments as for BoardWidget."""
        if isinstance(record, os.PathLike) or (isinstance(record, str)
                                               and record.strip().endswith(".json")):
            record = Path(record).read_text(encoding="utf-8")
        return cls(Game.from_record(record), **kwargs)

    @_command
    def new_game(self, ruleset: RulesSpec = "dendria-classic", size: int | None = None,
                 board: BoardSpec | None = None,
                 options: dict | None = None) -> Game | None:
        """Start a new game with these rules (the Rules tab's *New game*)."""
        try:
            game = Game(ruleset, size=size, board=board, options=options or None)
        except DendriaError as e:
            self._set_status(f"No new game: {e}", "refused")
            self.rules_panel.message.value = text.status_html(str(e), "refused")
            self._update_panels()
            return None
        self.rules_panel.message.value = ""
        self._game_replace(game, f"A new game of {game.variant.title} on "
                                 f"{_board_words(game)}.")
        return self.game

    def _recover(self, before, error):
        """After an unexpected error in a command: the game as it was, its
        views rebuilt, and the status line saying what happened."""
        self._game._replace_with(before)
        self._bind_game(self._game)
        self._set_status(f"Something went wrong: {error}; the game is unchanged.",
                         "refused")
        try:
            self.refresh()
        except Exception:  # noqa: BLE001 - logged; the status line says it already
            log.exception("the board could not redraw after an error")

    # ------------------------------------------------------------ status
    def _set_status(self, message, kind="info"):
        self.status = message
        self.status_kind = kind
        html = text.status_html(message, kind)
        if self.status_line.value != html:
            self.status_line.value = html

    # ------------------------------------------------------------- steps
    def legal(self) -> list[Step]:
        """The legal steps now, asked of the engine once per position (kept
        until a step is played or taken back)."""
        key = self.game.version
        if self._legal is None or self._legal_key != key:
            self._legal = self.game.legal_steps()
            self._legal_key = key
        return self._legal

    @_command
    def play(self, *steps: Step | str) -> bool:
        """Play steps (strings or Steps) as the buttons do: a refused step
        changes nothing and its reason goes to the status line. Returns
        True when every step was played."""
        self.pending = []
        game = self.game
        backup = game.copy() if len(steps) > 1 else None
        movers, effects = [], []
        try:
            for step in steps:
                movers.append(game.to_move)
                game.play(step)
                effects.append(list(game.last_effects()))
        except IllegalStep as e:
            if backup is not None and len(movers) > 1:
                game._replace_with(backup)   # as it was, redo steps and comments too
            self._set_status(f"Not played: {e}", "refused")
            self._update_panels()
            return False
        played = game.steps[-len(steps):] if steps else []
        self._played(list(zip(played, movers, effects)))
        return True

    @_command
    def press(self, verb: str) -> bool:
        """A button (End turn, Pass, Swap; the komi and side choices take the
        step's text): the step is taken from the legal steps, so it is judged
        once; a step that is not legal now says why and changes nothing."""
        step = next((s for s in self.legal() if str(s) == verb), None)
        if step is None:
            reason = self.game.why_illegal(verb) or "it cannot be played now"
            self._set_status(f"Not played: {verb}: {reason}", "refused")
            self._update_panels()
            return False
        self._push(step)
        return True

    def _push(self, step):
        """Play a step taken from ``legal()`` (already judged legal: not
        checked again), then end the turn by itself when ``end`` is the only
        step left (``auto_end``)."""
        mover = self.game.to_move
        self.game.push(step)   # taken from legal(): judged once, not again
        self._played([(step, mover, list(self.game.last_effects()))])

    def _played(self, done):
        """After steps were played: the status says what they did (and what
        changed), the turn ends by itself when nothing else is legal, and
        every panel is refreshed."""
        self._legal = None
        self.pending = []
        words = [text.played_words(self.game, s, m, e) for s, m, e in done]
        self._effects = [e for _, _, effects in done for e in effects]
        legal = self.legal()
        if (self.auto_end and len(legal) == 1 and legal[0].verb == "end"
                and self.game.phase in ("plant", "move")):
            mover = self.game.to_move
            self.game.push(legal[0])
            self._legal = None
            words.append(f"The turn of {self.game.variant.colour_word(mover)} ended by "
                         "itself: nothing else could be played.")
        self._set_status(" ".join(words), "ok")
        self._animate_changes()
        self.refresh()

    # --------------------------------------------------------- animation
    #: the animation of changed pieces: (ring radius in hex radii, opacity)
    #: per frame, and the time between frames in seconds
    PULSE = ((1.35, 0.9), (1.15, 0.7), (0.95, 0.5), (0.8, 0.3))
    PULSE_INTERVAL = 0.07

    def changed_cells(self) -> list[str]:
        """The cells whose piece the last play changed (the engine's effects
        of its steps: appeared, went, or became another piece), each once."""
        return list(dict.fromkeys(e.cell for e in getattr(self, "_effects", ())))

    def pulse_shapes(self, cells: Iterable[str], frame: int) -> list[rscene.Circle]:
        """The shapes of one frame of the animation: a ring shrinking onto
        each changed cell (drawn on the top layer, over the new pieces)."""
        grow, alpha = self.PULSE[frame]
        layout = self.scene().layout
        colour = self.theme.selected
        out = []
        for c in cells:
            x, y = layout.center(self.game.board.cell(c))
            out.append(rscene.Circle(x, y, layout.radius * grow, None, colour,
                                     max(2.0, layout.radius / 8), alpha,
                                     tag=f"pulse:{c}"))
        return out

    def _animate_changes(self):
        """Pulse the changed pieces for a moment on the canvas, when an event
        loop runs (in a kernel); the scene (and so the SVG and PNG exports)
        marks them still, until the next play."""
        cells = self.changed_cells()
        if not (self.animate and cells):
            return
        import asyncio
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:   # headless, no loop: nothing to animate
            return
        token = object()
        self._pulse_token = token

        def frame(k):
            if self._pulse_token is not token:
                return   # a newer play took over
            if k >= len(self.PULSE):
                self._drawn.pop("selection", None)   # back to the plain top layer
                self.redraw()
                return
            shapes = self.scene().layers.get("selection", []) + self.pulse_shapes(cells, k)
            self._draw_layers({"selection": shapes})
            loop.call_later(self.PULSE_INTERVAL, frame, k + 1)

        loop.call_later(0.0, frame, 0)

    def _after_change(self, message, kind="ok"):
        self._effects = []
        self._legal = None
        self.pending = []
        self._set_status(message, kind)
        self.refresh()

    @_command
    def undo(self) -> Step | None:
        """Take back the last step; at the start of an edited game, take
        back the edit (the game as it was before, history included)."""
        if not self.game.can_undo() and self._before_edits:
            before, what = self._before_edits.pop()
            self._replace_game(before)
            self._after_change(f"Took back the edit ({what}): the game and its history "
                               "are as they were.", "info")
            return None
        st = self.game.undo()
        if st is None:
            self._set_status("Nothing to undo: this is the start.", "refused")
            self._update_panels()
            return None
        self._after_change(f"Took back {st}.", "info")
        return st

    def can_undo(self) -> bool:
        """Undo has something to take back: a step, or an edit."""
        return self.game.can_undo() or bool(self._before_edits)

    @_command
    def redo(self) -> Step | None:
        st = self.game.redo()
        if st is None:
            self._set_status("Nothing to redo.", "refused")
            self._update_panels()
            return None
        self._after_change(f"Played again {st}.", "info")
        return st

    @_command
    def go_to(self, index: int) -> None:
        """Show the game after ``index`` steps (undo or redo up to there)."""
        self.game.go_to(index)
        self._after_change(f"After step {self.game.step_count} of "
                           f"{self.game.step_count + len(self.game.future)}.", "info")

    def first(self) -> None:
        self.go_to(0)

    def previous(self) -> None:
        self.go_to(max(self.game.step_count - 1, 0))

    def next(self) -> None:
        self.go_to(self.game.step_count + (1 if self.game.future else 0))

    def last(self) -> None:
        self.go_to(self.game.step_count + len(self.game.future))

    # ------------------------------------------------------------ clicks
    def cell_at(self, x: float, y: float) -> str | None:
        """The cell name under CSS pixel (x, y) of the board, or None."""
        return pixel_to_cell(self.scene().layout, x, y)

    def cell_center(self, cell: str) -> tuple[float, float]:
        """The CSS pixel centre of a cell (for tests and tutorials)."""
        layout = self.scene().layout
        return layout.center(self.game.board.cell(cell))

    def click_pixel(self, x: float, y: float) -> Click | Game | dict | None:
        """A click at CSS pixel (x, y) of the board (what the mouse does)."""
        return self.click_cell(self.cell_at(x, y))

    def _canvas_cell(self, x, y):
        # ipycanvas reports canvas pixels; the scene is in CSS pixels
        try:
            return self.cell_at(x / SCALE, y / SCALE)
        except (TypeError, OverflowError):  # not a number, or beyond any float
            return None

    def _on_mouse_down(self, x, y):
        self.click_cell(self._canvas_cell(x, y))

    @_command
    def click_cell(self, cell: str | None) -> Click | Game | dict | None:
        """A click on ``cell`` (a name, or None off the board), in the current
        mode. In play mode: the step it means is played; several steps are
        offered as buttons; a refused click changes nothing and shows why."""
        if self.mode == "edit":
            return self._edit_click(cell)
        if self.mode == "mark":
            return self._mark_click(cell)
        if self.mode == "arrow":
            return self._arrow_click(cell)
        if self.players_panel.refuses_clicks():   # a computer player is thinking
            self._update_panels()
            return None
        if cell is None:
            self.pending = []
            self._set_status("That is not a cell of the board.", "refused")
            self._update_panels()
            return None
        self.inspected = cell
        res = click_steps(self.game, cell, legal=self.legal())
        if res.cancel:
            st = self.game.undo()
            self._after_change(f"Journey cancelled ({st} taken back).", "info")
            return res
        if len(res.steps) == 1:
            self._push(res.steps[0])
            return res
        if res.steps:
            self.pending = list(res.steps)
            self._set_status(f"Several steps fit {cell}: choose one below.", "info")
            self._update_panels()
            self.redraw()
            return res
        self.pending = []
        self._set_status(refusal_words(self.game, cell, res.reason), "refused")
        self._update_panels()
        self.redraw()
        return res

    @_command
    def choose(self, step: Step | str) -> bool:
        """Play one of the offered steps (the choice buttons)."""
        chosen = next((s for s in self.pending if str(s) == str(step)), None)
        if chosen is None:
            raise ValueError(f"{str(step)!r} is not one of the offered steps "
                             f"({', '.join(str(s) for s in self.pending) or 'none'})")
        self._push(chosen)
        return True

    # ------------------------------------------------------------ hover
    def _on_mouse_move(self, x, y):
        cell = self._canvas_cell(x, y)
        if cell == self.hover:
            return
        now = time.monotonic()
        if now - self._last_hover_t < self.hover_interval:
            self._hover_soon(cell)
            return
        self._last_hover_t = now
        self.set_hover(cell)

    def _hover_soon(self, cell):
        """Throttle: remember the cell, and handle it once the interval has
        passed (when an event loop runs, as in a kernel)."""
        self._pending_hover = cell
        if self._hover_later is not None:
            return
        import asyncio
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop here (headless): the next move will do
            return

        def later():
            self._hover_later = None
            self._last_hover_t = time.monotonic()
            if self._pending_hover != self.hover:
                self.set_hover(self._pending_hover)

        self._hover_later = loop.call_later(self.hover_interval, later)

    def _on_mouse_out(self, x, y):
        self.set_hover(None)

    @_command
    def set_hover(self, cell: str | None) -> None:
        """The cell under the mouse (None: none): details and hover drawings."""
        if cell == self.hover:
            return
        self.hover = cell
        self._update_details()
        self.redraw()

    # ---------------------------------------------------------- overlays
    @_command
    def set_overlay(self, name: str, on: bool = True) -> None:
        """Show (or hide) an overlay: one of render.scene.OVERLAYS."""
        if name not in rscene.OVERLAYS:
            raise ValueError(f"unknown overlay {name!r} (overlays: {', '.join(rscene.OVERLAYS)})")
        if on:
            self.overlays.add(name)
        else:
            self.overlays.discard(name)
        tb = getattr(self, "overlay_buttons", {}).get(name)
        if tb is not None and tb.value != bool(on):
            tb.value = bool(on)
        if name == "annotations" and self.notes_toggle.value != bool(on):
            self.notes_toggle.value = bool(on)
        self.redraw()

    def _set_flag(self, name, value):
        setattr(self, name, bool(value))
        self.redraw()

    @_command
    def set_mode(self, mode: str) -> None:
        """The mouse mode: play, edit, mark or arrow."""
        if mode not in dict((v, k) for k, v in MODES):
            raise ValueError(f"unknown mode {mode!r} (play, edit, mark, arrow)")
        self.mode = mode
        self.arrow_from = None
        self.pending = []
        if self.mode_buttons.value != mode:
            self.mode_buttons.value = mode
        if mode == "edit":
            self.tabs.selected_index = 3
            self._set_status("Editor: click a cell to put the chosen piece (Editor tab).", "info")
        elif mode == "mark":
            self._set_status("Mark: click a cell to label it (again to remove the mark).", "info")
        elif mode == "arrow":
            self._set_status("Arrow: click the cell it starts from, then where it points.",
                             "info")
        else:
            self._set_status("Play: click the board.", "info")
        self._update_panels()
        self.redraw()

    # ------------------------------------------------------------ themes
    @_command
    def page_reported(self, report: str) -> None:
        """The page's theme variables arrived (JSON from the theme probe):
        follow the page's theme, unless a theme was given."""
        try:
            values = json.loads(report) if report else {}
        except ValueError:
            return
        if not isinstance(values, dict):
            return
        self.page_theme = {str(k): str(v) for k, v in values.items()}
        if self.follow_page:
            self.set_theme(page_theme(self.page_theme), follow=True)

    def set_theme(self, theme: str | Theme, follow: bool = False) -> Theme:
        """Draw with ``theme``: a Theme, or a name ("light", "dark",
        "high-contrast"; "page": follow JupyterLab's theme)."""
        if theme == "page":
            self.follow_page = True
            theme = page_theme(self.page_theme)
        else:
            self.follow_page = follow
        theme = _resolve_theme(theme)
        if theme != self.theme:
            self.theme = theme
            self._drawn = {}
            self.redraw(force=True)
        return self.theme

    # ------------------------------------------------------ presentation
    #: the board's width in CSS pixels in the presentation view (the canvas
    #: then shrinks to the notebook's width: as large as the notebook allows)
    PRESENT_WIDTH = 1100

    @_command
    def present(self, on: bool = True,
                line: Iterable[Step | str] | None = None) -> BoardWidget:
        """The presentation view for a class: the board as large as the
        notebook allows, large labels, the status line and the history
        buttons only. ``line``: a prepared list of steps that *Next step*
        plays one by one from here (without it, *Next step* steps through
        the game's history). ``present(False)`` goes back."""
        on = bool(on)
        if line is not None:
            self._line = [str(s) for s in line]
        elif on and not self.presenting:
            self._line = []
        if on == self.presenting:
            self._update_panels()
            return self
        self.presenting = on
        if on:
            self._normal_width = self.width
            self.width = self.PRESENT_WIDTH
            self.add_class("dendria-present")
        else:
            self.width = getattr(self, "_normal_width", self.width)
            self.remove_class("dendria-present")
        hide = "none" if on else None
        for part in (self.tabs, self.mode_buttons, self.actions, self.choices, self.header,
                     self.hint_line):
            part.layout.display = hide
        self.step_button.layout.display = None if on else "none"
        if self.present_button.value != on:
            self.present_button.value = on
        self._set_status("Presentation: Next step plays the prepared line." if on and self._line
                         else "Presentation: Next step steps through the game." if on
                         else "Back to the full board.", "info")
        self.refresh()
        self._size_layout(self.canvas.width // SCALE, self.canvas.height // SCALE)
        return self

    @_command
    def present_step(self) -> Step | None:
        """*Next step*: the next step of the prepared line, or of the game
        (redo). Returns the Step played, or None at the end."""
        keep, self.auto_end = self.auto_end, False   # the steps as they are, exactly
        try:
            if self._line:
                if not self.play(self._line[0]):
                    return None
                self._line.pop(0)
                return self.game.steps[-1]
            if not self.game.can_redo():
                self._set_status("The end of the game: nothing more to show.", "info")
                self._update_panels()
                return None
            mover = self.game.to_move
            st = self.game.redo()
            self._played([(st, mover, list(self.game.last_effects()))])
            return st
        finally:
            self.auto_end = keep

    # ------------------------------------------------------------ scenes
    def focus(self) -> str | None:
        """The cell whose roots (Hedu: placement preview) are shown."""
        return self.hover or self.inspected

    def selected(self) -> str | None:
        """The selected cell: the journeying dendrid, or an arrow's start."""
        if self.arrow_from is not None:
            return self.arrow_from
        return journey_cell(self.game)

    def scene_kwargs(self, interactive: bool = True) -> dict[str, Any]:
        kw = dict(overlays=set(self.overlays), theme=self.theme, width=self.width,
                  show_names=self.show_names, annotations=self.game.annotations,
                  last_turn=self.last_turn, changes=list(getattr(self, "_effects", [])))
        if "annotations" not in self.overlays:
            kw["annotations"] = None
        if interactive:
            pend = [s.arg for s in self.pending if s.arg is not None]
            kw.update(focus=self.focus(), selected=self.selected(),
                      targets=list(dict.fromkeys(self._targets + pend)),
                      hover=self.hover)
        else:
            kw.update(focus=self.inspected)
        return kw

    def scene(self) -> rscene.Scene:
        """The scene drawn now (render.scene.Scene), built from the engine."""
        if self._scene is None:
            scene = self.players_panel.decorate(
                rscene.build_scene(self.game, **self.scene_kwargs()))
            if (not scene.key and not scene.captions and not self.presenting
                    and not scene.find("hint-key")):
                # the room kept for the keys, empty: say what it is for
                lines = rscene.wrap(KEY_ROOM_WORDS, rscene.KEY_TEXT,
                                    scene.width - 2 * rscene.KEY_PAD, 2)
                for k, line in enumerate(lines):
                    scene.layers.setdefault("overlays", []).append(rscene.Text(
                        rscene.KEY_PAD, scene.board_height + 22 + 16 * k, line,
                        rscene.KEY_TEXT, self.theme.coord, anchor="start", tag="key-room"))
            self._scene = scene
        return self._scene

    def redraw(self, force: bool = False) -> bool:
        """Build the scene, then draw every layer that changed (all of them
        when ``force``) in one batched canvas message."""
        self._scene = None
        scene = self.scene()
        w, h = int(round(scene.width)), self._canvas_height(scene)
        mc = self.canvas
        resized = (mc.width, mc.height) != (w * SCALE, h * SCALE)
        if resized:
            mc.width, mc.height = w * SCALE, h * SCALE
            self._size_layout(w, h)
            force = True
        todo = {name: scene.layers.get(name, []) for name in LAYERS
                if force or self._drawn.get(name) != scene.layers.get(name, [])}
        if not todo:
            return False
        self._draw_layers(todo)
        for name, shapes in todo.items():
            self._drawn[name] = list(shapes)
        return True

    #: the page's height kept, in the presentation view, for JupyterLab's
    #: bars, the status line and the buttons below the board (CSS pixels)
    PRESENT_CHROME = 230

    def _size_layout(self, w, h):
        """The canvas's size on the page: ``w`` x ``h`` CSS pixels at most,
        shrinking with the notebook's width; in the presentation view also
        with the window's height, so that the whole board, the status line
        and Next step fit on the screen (a 1280x720 projector)."""
        mc = self.canvas
        mc.layout.width = "100%"
        mc.layout.height = "auto"
        if self.presenting:
            mc.layout.max_width = (f"min({w}px, calc((100vh - {self.PRESENT_CHROME}px) * "
                                   f"{w / h:.4f}))")
            self.left.layout.width = "100%"
        else:
            mc.layout.max_width = f"{w}px"
            self.left.layout.width = f"{max(w, 360) + 8}px"

    def _canvas_height(self, scene):
        """The canvas's height in CSS pixels: the board and room for the key
        of the tallest single overlay, so that turning overlays on and off
        does not resize the canvas (and move what is below it); more room
        only when several overlays' keys need it."""
        key = (self.game.rules, round(scene.width), round(scene.board_height))
        if getattr(self, "_room", (None,))[0] != key:
            v = self.game.variant
            tallest = max((rscene.key_height(v, [o.name], scene.width) for o in v.overlays),
                          default=0.0)
            self._room = (key, int(round(scene.board_height + tallest)))
        if self.presenting:   # no overlay switches there: no room kept for keys
            return int(round(scene.height))
        return max(int(round(scene.height)), self._room[1])

    def _draw_layers(self, layers):
        """Draw ``{layer name: shapes}`` in ONE canvas message."""
        from ..render.canvas import draw_layer

        scene = self.scene()
        w, h = int(round(scene.width)), self._canvas_height(scene)
        font = {"font_family": scene.font} if getattr(scene, "font", None) else {}
        with _one_message():
            for k, name in enumerate(LAYERS):
                if name not in layers:
                    continue
                layer = self.canvas[k]
                layer.clear()
                if k == 0:  # the background under everything
                    layer.global_alpha = 1.0
                    layer.fill_style = scene.background
                    layer.fill_rect(0, 0, w * SCALE, h * SCALE)
                draw_layer(layer, layers[name], scale=SCALE, **font)
        self.redraws += 1

    # ------------------------------------------------------------ panels
    def _signature(self):
        g = self.game
        ann = g.annotations
        return (id(g), g.step_count, len(g.future), g.phase, g.position_string(),
                json.dumps(ann, sort_keys=True) if ann else "")

    @_command
    def sync(self) -> bool:
        """Refresh when the game changed behind the widget's back (e.g.
        ``game.play(...)`` in a cell); the notebook calls this after every
        cell. Returns True when it refreshed."""
        if self._signature() == self._seen:
            return False
        self._legal = None
        self.pending = []
        self._set_status("The game changed in code: " + text.hint(self.game, self.legal()),
                         "info")
        self.refresh()
        return True

    def refresh(self) -> None:
        """Update every panel and redraw (after the game changed)."""
        self._seen = self._signature()
        legal = self.legal()      # (asked again only if the position changed)
        self._targets = legal_targets(self.game, legal)
        self._update_panels()
        self._update_moves()
        self._update_details()
        self.redraw()
        self.players_panel.after_change()

    def _update_panels(self):
        game = self.game
        legal = self.legal()
        _set(self.header, "value", text.header_html(game))
        verbs = {s.verb for s in button_steps(game, legal)}
        choosing = game.phase in ("komi", "side")   # no turn yet: no End turn, no Pass
        hedu = game.variant.family == "hedu"          # a placement is a whole turn
        why_not = []
        mid_turn = game.phase in ("plant", "move")
        for btn, verb, shown, tip in (
                (self.end_button, "end", not (choosing or hedu), "end the turn"),
                (self.pass_button, "pass", not choosing,
                 "pass the turn (two passes in a row end the game)")):
            ok = verb in verbs
            _set(btn, "disabled", not ok)
            _set(btn.layout, "display", None if shown else "none")
            reason = None
            if not ok and shown and not game.is_over:
                reason = reword(game, game.why_illegal(verb))
                # the hint says why End turn is off during a turn (Pass is
                # off only where it goes without saying: its tooltip tells)
                if reason and verb == "end" and mid_turn:
                    why_not.append((btn.description, reason))
            _set(btn, "tooltip", f"{btn.description} is not possible now: {reason}"
                 if reason else tip)
        _set(self.hint_line, "value",
             text.hint_html(text.hint(game, legal, why_not)) if self.mode == "play"
             else text.hint_html(""))
        _set(self.swap_button.layout, "display", None if "swap" in verbs else "none")
        komis = [s.arg for s in legal if s.verb == "komi" and isinstance(s.arg, int)]
        _set(self.komi_box.layout, "display", None if komis else "none")
        if komis:
            _set(self.komi_value, "max", max(komis))
            _set(self.komi_value, "min", min(komis))
        _set(self.side_box.layout, "display", None if "side" in verbs else "none")
        can_undo, can_redo = game.can_undo(), game.can_redo()
        _set(self.undo_button, "tooltip", "take back the edit (the game before it, with its "
             "history)" if not can_undo and self._before_edits else "take back the last step")
        self.editor_panel.show_to_move(game)
        for btn, ok in ((self.first_button, can_undo), (self.prev_button, can_undo),
                        (self.undo_button, self.can_undo()), (self.next_button, can_redo),
                        (self.last_button, can_redo), (self.redo_button, can_redo)):
            _set(btn, "disabled", not ok)
        self._update_choices()

    def _update_choices(self):
        key = tuple(str(s) for s in self.pending)
        if getattr(self, "_choice_key", ()) == key:
            return
        self._choice_key = key
        buttons = []
        for s in self.pending:
            btn = widgets.Button(description=text.step_choice_label(s), button_style="info",
                                 layout=widgets.Layout(width="auto"))
            btn.on_click(lambda _, s=s: self.choose(s))
            buttons.append(btn)
        if buttons:
            cancel = widgets.Button(description="Cancel", layout=widgets.Layout(width="auto"))
            cancel.on_click(lambda _: self._cancel_choice())
            buttons.append(cancel)
        self.choices.children = buttons

    @_command
    def _cancel_choice(self):
        self.pending = []
        self._set_status("Nothing played.", "info")
        self._update_panels()
        self.redraw()

    def _update_moves(self):
        labels = turn_labels(self.game)
        opts = [(label, k) for k, label in labels]
        self._syncing_moves = True
        try:
            with self.moves.hold_sync():
                if list(self.moves.options) != opts:
                    self.moves.options = opts
                now = self.game.step_count
                if self.moves.value != now:
                    self.moves.value = now
        finally:
            self._syncing_moves = False

    def _move_selected(self, change):
        if getattr(self, "_syncing_moves", False) or change["new"] is None:
            return
        if change["new"] != self.game.step_count:
            self.go_to(change["new"])

    def _update_details(self):
        cell = self.focus()
        facts = None
        if cell is not None:
            try:
                facts = explain.explain_cell(self.game, cell)
            except ImportError:
                facts = {"cell": cell, "piece": self.game.pieces.get(cell)}
        slides = None
        if cell is not None and cell == journey_cell(self.game):
            slides = [s.arg for s in self.legal() if s.verb == "slide"]
        _set(self.details, "value", text.details_html(self.game, cell, facts, slides))

    # ------------------------------------------------------------- editor
    def _rebuild(self, pieces=None, to_move=None, message="", keep_history=False):
        """Make the game anew from a position (the editor's changes)."""
        try:
            new = self.game.edited(pieces=pieces, to_move=to_move)
        except DendriaError as e:
            self._set_status(f"Refused: {e}", "refused")
            self._update_panels()
            return None
        self._game_replace(new, message)
        return self.game

    def _game_replace(self, new, message, what=None):
        """The board's game takes over ``new`` in place (``board.game`` stays
        the object a notebook holds). When that wipes a history, the status
        says so, and Undo takes the change back."""
        old = self.game
        lost = old.step_count + len(old.future)
        self._before_edits.append((old.copy(), what or message.rstrip(".").lower()))
        del self._before_edits[:-20]
        if lost:
            message += (f" This cleared the history ({lost} step{'s' if lost != 1 else ''}); "
                        "Undo takes the change back.")
        self._replace_game(new)
        self._set_status(message, "ok")
        self.refresh()

    def _replace_game(self, new):
        keep_mode = self.mode
        self.game._replace_with(new)
        self._bind_game(self.game)
        self.mode = keep_mode

    @_command
    def put(self, cell: str, piece: str | None) -> Game | None:
        """Editor: put ``piece`` ('dark seed', 'white 2'; None to empty) on
        ``cell``. The game restarts from the edited position (in normal play)."""
        board = self.game.board
        if not board.has_name(cell):
            self._set_status(f"There is no cell {cell!r} on this board.", "refused")
            self._update_panels()
            return None
        cell = board.name(board.cell(cell))
        pieces: dict[str, str] = dict(self.game.pieces)
        if piece is None:
            pieces.pop(cell, None)
            words = f"{cell} emptied."
        else:
            pieces[cell] = piece
            words = f"{piece} put on {cell}."
        return self._rebuild(pieces=pieces, message=f"Editor: {words}")

    def _edit_click(self, cell):
        if cell is None:
            self._set_status("That is not a cell of the board.", "refused")
            self._update_panels()
            return None
        choice = self.editor_panel.palette.value
        if choice == "remove" or self.game.pieces.get(cell) == choice:
            return self.put(cell, None)
        return self.put(cell, choice)

    @_command
    def clear_board(self) -> Game | None:
        """Editor: remove every piece."""
        return self._rebuild(pieces={}, message="Editor: the board is cleared.")

    @_command
    def set_to_move(self, colour: str) -> Game | None:
        """Editor: set the side to move (the game restarts from this position)."""
        if colour == self.game.to_move and self.game.phase in ("turn",):
            return self.game
        return self._rebuild(to_move=colour, message=f"Editor: {colour} to move.")

    @_command
    def load_position(self, position: str | dict) -> Game | None:
        """Load a position string (or docs/notation.md position dict)."""
        try:
            game = Game.from_position(position.strip() if isinstance(position, str)
                                      else position)
        except DendriaError as e:
            self._set_status(f"Cannot load the position: {e}", "refused")
            self._update_panels()
            return None
        self._game_replace(game, "Position loaded.")
        return self.game

    def position_string(self) -> str:
        return self.game.position_string()

    def save_record(self, path: str | os.PathLike) -> str | None:
        """Write the game record (JSON: rules, turns, redo, annotations)."""
        try:
            Path(_record_path(path)).write_text(self.game.to_json(indent=1) + "\n",
                                                encoding="utf-8")
        except (OSError, BadFile) as e:
            self._set_status(f"Cannot save the record to {brief(path)}: "
                             f"{_file_problem(e)}", "refused")
            self._update_panels()
            return None
        self._set_status(f"Record saved to {path}.", "ok")
        self._update_panels()
        return str(path)

    def load_record(self, path: str | os.PathLike) -> Game | None:
        """Load a game record from a JSON file."""
        try:
            data = Path(_record_path(path)).read_bytes()
        except (OSError, BadFile) as e:
            self._set_status(f"Cannot read {brief(path)}: {_file_problem(e)}", "refused")
            self._update_panels()
            return None
        return self.load_record_text(data, source=os.fspath(path))

    @_command
    def load_record_text(self, data: dict | str | bytes | bytearray,
                         source: str = "the record") -> Game | None:
        try:
            game = Game.from_record(data)
        except DendriaError as e:
            self._set_status(f"Cannot load {source}: {e}", "refused")
            self._update_panels()
            return None
        self._game_replace(game, f"Loaded {source}.")
        return self.game

    # -------------------------------------------------------- annotations
    def _notes(self):
        ann = self.game.annotations
        return {"marks": dict(ann.get("marks", {})),
                "arrows": [list(a) for a in ann.get("arrows", [])]}

    @_command
    def mark(self, cell: str, label: str | None = None) -> dict | None:
        """Mark ``cell`` with a label (None: the Editor tab's label; an empty
        label removes the mark). Kept in the game record and in exports."""
        if label is None:
            label = self.editor_panel.mark_label.value
        notes = self._notes()
        if label:
            notes["marks"][cell] = label
        else:
            notes["marks"].pop(cell, None)
        return self._set_notes(notes, f"Mark {label!r} on {cell}." if label
                               else f"Mark on {cell} removed.")

    @_command
    def arrow(self, start: str, end: str) -> dict | None:
        """Draw an arrow from ``start`` to ``end`` (again: remove it)."""
        notes = self._notes()
        pair = [start, end]
        if pair in notes["arrows"]:
            notes["arrows"].remove(pair)
            words = f"Arrow {start} to {end} removed."
        else:
            notes["arrows"].append(pair)
            words = f"Arrow from {start} to {end}."
        return self._set_notes(notes, words)

    @_command
    def clear_annotations(self) -> dict | None:
        return self._set_notes({"marks": {}, "arrows": []}, "Marks and arrows cleared.")

    def _set_notes(self, notes, message):
        try:
            self.game.set_annotations(notes)
        except DendriaError as e:
            self._set_status(f"Refused: {e}", "refused")
            self._update_panels()
            return None
        self._set_status(message, "ok")
        self._update_panels()
        self.redraw()
        return self.game.annotations

    def _mark_click(self, cell):
        if cell is None:
            return None
        label = self.editor_panel.mark_label.value
        current = self.game.annotations.get("marks", {}).get(cell)
        return self.mark(cell, "" if current == label else label)

    def _arrow_click(self, cell):
        if cell is None:
            self.arrow_from = None
            self.redraw()
            return None
        if self.arrow_from is None:
            self.arrow_from = cell
            self._set_status(f"Arrow from {cell}: now click where it points.", "info")
            self._update_panels()
            self.redraw()
            return None
        start, self.arrow_from = self.arrow_from, None
        if start == cell:
            self._set_status("An arrow needs two different cells.", "refused")
            self._update_panels()
            self.redraw()
            return None
        return self.arrow(start, cell)

    # ------------------------------------------------------------ exports
    def export_scene(self) -> rscene.Scene:
        """The scene for exports: the board, the overlays on, the marks and
        arrows, the last turn, a hint shown; no hover and no selection."""
        return self.players_panel.decorate(
            rscene.build_scene(self.game, **self.scene_kwargs(interactive=False)))

    def to_svg(self) -> str:
        """The board as a standalone SVG document (headless)."""
        return rsvg.scene_to_svg(self.export_scene())

    def save_svg(self, path: str | os.PathLike) -> str:
        Path(path).write_text(self.to_svg())
        return str(path)

    def save_png(self, path: str | os.PathLike, scale: float = 2) -> str:
        """The board as a PNG file, drawn by Pillow (headless)."""
        from ..render.png import scene_to_png

        Path(path).write_bytes(scene_to_png(self.export_scene(), scale=scale))
        return str(path)

    def _repr_mimebundle_(self, **kwargs):
        data = super()._repr_mimebundle_(**kwargs)
        if data is None:
            data = {"text/plain": repr(self)}
        try:
            data["image/svg+xml"] = self.to_svg()
        except Exception:  # noqa: BLE001 - the widget view must show regardless
            pass
        return data

    def __repr__(self):
        return f"BoardWidget({self.game!r})"


_WATCHED: weakref.WeakSet[BoardWidget] = weakref.WeakSet()
_HOOKED = [False]


def _after_cell(*_args):
    for w in list(_WATCHED):
        try:
            w.sync()
        except Exception:  # noqa: BLE001 - a broken widget must not break the notebook
            # (sync put the game back and said so in the status line)
            log.exception("a board could not show the game changed in code")


def _watch(widget):
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


def _resolve_theme(theme):
    """A Theme from a Theme, a theme name, or None (the default)."""
    return rtheme.DEFAULT_THEME if theme is None else rtheme.resolve_theme(theme)


def page_theme(values: dict[str, str]) -> Theme:
    """The board theme for the page's JupyterLab theme variables
    (``{"--jp-layout-color0": "#111111", ...}``; {} for none)."""
    return rtheme.theme_from_css(values) if values else rtheme.DEFAULT_THEME


def _auto():
    # one Layout per widget: a shared Layout would hide them all at once
    return widgets.Layout(width="auto")


def _nav():
    return widgets.Layout(width="44px")


def _set(obj, name, value):
    """Set a trait only when it changes (each change is a comm message)."""
    if getattr(obj, name) != value:
        setattr(obj, name, value)


def _board_words(game):
    spec = game.board.spec
    if spec.get("shape") == "hexagon":
        return f"a hexagon of side {spec['size']}"
    return f"a modular board of {len(spec.get('modules', []))} modules"
