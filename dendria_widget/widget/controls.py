"""The board's controls: thin ipywidgets views of a session's view state.

- :class:`TurnControls`: the header, the mouse mode, the status line, the
  advice, the choice buttons, the turn buttons (End turn, Pass, Swap, komi,
  side) and the history buttons;
- :class:`MovesTab` and :class:`ExplainTab`: the move list; the overlay
  switches and the details of the cell in focus.

Each button sends a session command; ``show(view)`` sets only the traits
that changed (each change is a comm message).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import ipywidgets as widgets

from ..render.overlays import offered
from . import text

if TYPE_CHECKING:  # for the type hints only
    from ..game import Game
    from ..session import BoardSession
    from ..session.view import ViewState

MODES = (("Play", "play"), ("Edit", "edit"), ("Mark", "mark"), ("Arrow", "arrow"))
Guard = Callable[[Callable], Callable]


def set_trait(obj: Any, name: str, value: Any) -> None:
    """Set a trait only when it changes (each change is a comm message)."""
    if getattr(obj, name) != value:
        setattr(obj, name, value)


def _auto() -> widgets.Layout:
    # one Layout per widget: a shared Layout would hide them all at once
    return widgets.Layout(width="auto")


def _nav() -> widgets.Layout:
    return widgets.Layout(width="44px")


class TurnControls:
    """The lines and buttons round the board."""

    def __init__(self, session: BoardSession, guard: Guard,
                 export: Callable[[], Any] | None = None) -> None:
        s = self.session = session
        # its margins inside the column (100% and the margins were wider
        # than the column, which cut the end of a long line)
        self.header = widgets.HTML(layout=widgets.Layout(width="calc(100% - 4px)"))
        self.header.add_class("dendria-header-box")
        self.status_line = widgets.HTML(text.status_html(""))
        self.status_line.add_class("dendria-status-line")
        self.hint_line = widgets.HTML(text.hint_html(""))
        # beside a lesson (compact): the game-over banner right under the
        # status line, in the place of the turn buttons (nothing to press
        # then), so that a projector's screen shows it (see place_beside)
        self.compact = False
        self.over_line = widgets.HTML(layout=widgets.Layout(display="none"))
        self.over_line.add_class("dendria-over-line")
        # the steps a click fits, when it fits several (beside the board: they
        # never move it)
        self.choices = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self._choice_key: tuple = ()

        def button(name: str, label: str, layout: widgets.Layout, action: Callable,
                   **kw: Any) -> widgets.Button:
            b = widgets.Button(description=label, layout=layout, **kw)
            b.on_click(guard(lambda _: action()))
            self.buttons[name] = b
            return b

        self.buttons: dict[str, widgets.Button] = {}
        self.end_button = button("end", "End turn", _auto(), lambda: s.press("end"),
                                 button_style="success")
        self.pass_button = button("pass", "Pass", _auto(), lambda: s.press("pass"))
        self.swap_button = button("swap", "Swap", _auto(), lambda: s.press("swap"))
        self.komi_value = widgets.BoundedIntText(value=0, min=0, max=1000, description="komi",
                                                 layout=widgets.Layout(width="150px"))
        self.komi_button = button("komi", "Set komi", _auto(),
                                  lambda: s.press(f"komi {int(self.komi_value.value)}"))
        self.side_dark = button("side_first", "Play dark", _auto(),
                                lambda: s.press(f"side {list(s.game.variant.colours)[0]}"))
        self.side_light = button("side_second", "Play light", _auto(),
                                 lambda: s.press(f"side {list(s.game.variant.colours)[-1]}"))
        self.komi_box = widgets.HBox([self.komi_value, self.komi_button])
        self.side_box = widgets.HBox([self.side_dark, self.side_light])
        self.actions = widgets.HBox([self.end_button, self.pass_button, self.swap_button,
                                     self.komi_box, self.side_box],
                                    layout=widgets.Layout(flex_flow="row wrap",
                                                          min_height="36px"))
        self.actions.add_class("dendria-turn-buttons")
        self.first_button = button("first", "", _nav(), s.first, icon="fast-backward")
        self.prev_button = button("previous", "", _nav(), s.previous, icon="step-backward")
        self.next_button = button("next", "", _nav(), s.next, icon="step-forward")
        self.last_button = button("last", "", _nav(), s.last, icon="fast-forward")
        self.undo_button = button("undo", "Undo", _auto(), s.undo, icon="undo")
        self.redo_button = button("redo", "Redo", _auto(), s.redo, icon="repeat")
        self.export_button = button("export", "Export", _auto(), export or (lambda: s.export()),
                                    icon="download",
                                    tooltip="save the picture (SVG and PNG) and the record "
                                            "(JSON) in the notebook's folder")
        self.step_button = button("next_step", "Next step", _auto(), s.present_step,
                                  icon="play", button_style="primary")
        self.step_button.layout.display = "none"
        self.present_button = widgets.ToggleButton(
            value=False, icon="desktop", layout=_nav(),
            tooltip="the presentation view: the board as large as the notebook allows, "
                    "large labels, the status line and the history buttons only")
        self.present_button.observe(guard(lambda ch: s.present(ch["new"])), "value")
        self.nav = widgets.HBox([self.first_button, self.prev_button, self.next_button,
                                 self.last_button, self.undo_button, self.redo_button,
                                 self.step_button, self.export_button, self.present_button],
                                layout=widgets.Layout(flex_flow="row wrap"))
        self.mode_buttons = widgets.ToggleButtons(
            options=MODES, value="play", description="Clicks:",
            style={"button_width": "62px", "description_width": "initial"},
            tooltips=["play by clicking", "put or remove pieces (Editor tab)",
                      "mark cells with a label", "draw an arrow: two clicks"])
        self.mode_buttons.observe(guard(lambda ch: s.set_mode(ch["new"])), "value")
        self._guard = guard

    def show(self, view: ViewState, changed: frozenset) -> None:
        set_trait(self.header, "value", text.header_view_html(view.header))
        set_trait(self.status_line, "value", text.status_html(view.status, view.status_kind))
        set_trait(self.hint_line, "value", text.hint_html(view.advice))
        sides = [b for b in view.buttons if b.name.startswith("side_")]
        by_name = {b.name: b for b in view.buttons}
        if len(sides) == 2:
            by_name["side_first"], by_name["side_second"] = sides
        for name, btn in self.buttons.items():
            state = by_name.get(name)
            if state is None:
                continue
            if state.label and name.startswith("side_"):
                set_trait(btn, "description", state.label)
            set_trait(btn, "disabled", not state.enabled)
            set_trait(btn, "tooltip", state.tooltip)
            if name not in ("komi", "side_first", "side_second"):
                set_trait(btn.layout, "display", None if state.shown else "none")
        set_trait(self.komi_box.layout, "display", None if view.komi else "none")
        if view.komi:
            low, high = view.komi
            set_trait(self.komi_value, "max", high)
            set_trait(self.komi_value, "min", low)
        set_trait(self.side_box.layout, "display",
                  None if by_name["side_first"].shown else "none")
        set_trait(self.mode_buttons, "value", view.mode)
        set_trait(self.present_button, "value", view.presenting)
        self._show_choices(view)
        if self.compact:       # who won and the score, the reason as its tooltip
            over = view.header.over
            set_trait(self.over_line, "value",
                      text.banner_html(view.header.result or over, over) if over else "")
            set_trait(self.over_line.layout, "display",
                      None if over and not view.presenting else "none")
            set_trait(self.actions.layout, "display",
                      "none" if over or view.presenting else None)

    def _show_choices(self, view: ViewState) -> None:
        key = tuple(c.step for c in view.choices)
        if self._choice_key == key:
            return
        self._choice_key = key
        s = self.session
        buttons = []
        for c in view.choices:
            btn = widgets.Button(description=c.label, button_style="info", layout=_auto())
            btn.on_click(self._guard(lambda _, step=c.step: s.choose(step)))
            buttons.append(btn)
        if buttons:
            cancel = widgets.Button(description="Cancel", layout=_auto())
            cancel.on_click(self._guard(lambda _: s.cancel_choice()))
            buttons.append(cancel)
        self.choices.children = buttons


class MovesTab:
    """The move list: a click on a step shows the board after it."""

    def __init__(self, session: BoardSession, guard: Guard) -> None:
        self.session = session
        self.moves = widgets.Select(options=[("start", 0)], value=0, rows=14,
                                    layout=widgets.Layout(width="98%"))
        self._syncing = False
        self.moves.observe(guard(self._selected), "value")
        self.widget = widgets.VBox([
            widgets.HTML("Click a step to see the board after it (steps in docs/notation.md, "
                         "grouped by turn; <i>(redo)</i> steps were taken back)."),
            self.moves])

    def show(self, view: ViewState) -> None:
        opts = [(label, k) for k, label in view.moves]
        self._syncing = True
        try:
            with self.moves.hold_sync():
                if list(self.moves.options) != opts:
                    self.moves.options = opts
                if self.moves.value != view.move_index:
                    self.moves.value = view.move_index
        finally:
            self._syncing = False

    def _selected(self, change: dict) -> None:
        if self._syncing or change["new"] is None:
            return
        if change["new"] != self.session.game.step_count:
            self.session.go_to(change["new"])


class ExplainTab:
    """The overlay switches (the edition's overlays, cell names, the last
    turn, marks and arrows) and the details of the cell in focus."""

    def __init__(self, session: BoardSession, guard: Guard) -> None:
        s = self.session = session
        self._guard = guard
        self.overlay_box = widgets.VBox()
        self.overlay_buttons: dict[str, widgets.ToggleButton] = {}
        self.names_toggle = widgets.Checkbox(value=s.show_names, description="cell names",
                                             indent=False)
        self.last_turn_toggle = widgets.Checkbox(value=s.last_turn, description="last turn",
                                                 indent=False)
        self.notes_toggle = widgets.Checkbox(value=True, description="marks and arrows",
                                             indent=False)
        self.names_toggle.observe(guard(lambda ch: s.set_flag("show_names", ch["new"])),
                                  "value")
        self.last_turn_toggle.observe(guard(lambda ch: s.set_flag("last_turn", ch["new"])),
                                      "value")
        self.notes_toggle.observe(guard(lambda ch: s.set_overlay("annotations", ch["new"])),
                                  "value")
        self.details = widgets.HTML(text.details_view_html(None))
        self.widget = widgets.VBox([
            widgets.HTML("<b>Overlays</b>"), self.overlay_box,
            widgets.HBox([self.names_toggle, self.last_turn_toggle, self.notes_toggle],
                         layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HTML("<b>Details</b> of the cell under the mouse (or clicked)"),
            self.details])

    def show_game(self, game: Game) -> None:
        """The switches of this edition's overlays."""
        self.overlay_buttons = {}
        for ov in offered(game.variant):
            tb = widgets.ToggleButton(value=ov.name in self.session.overlays,
                                      description=ov.label, tooltip=ov.tooltip,
                                      layout=_auto())
            tb.observe(self._guard(lambda ch, n=ov.name: self.session.set_overlay(n, ch["new"])),
                       "value")
            self.overlay_buttons[ov.name] = tb
        self.overlay_box.children = [widgets.HBox(list(self.overlay_buttons.values()),
                                                  layout=widgets.Layout(flex_flow="row wrap"))]

    def show(self, view: ViewState) -> None:
        req = view.scene
        for name, tb in self.overlay_buttons.items():
            set_trait(tb, "value", name in req.overlays)
        set_trait(self.names_toggle, "value", req.show_names)
        set_trait(self.last_turn_toggle, "value", req.last_turn)
        set_trait(self.notes_toggle, "value", req.annotations)
        set_trait(self.details, "value", text.details_view_html(view.details))
