"""The side panels of the board widget: rules (new game) and the editor.

Each panel is a small ipywidgets composite that sends commands to the
board's :class:`~dendria_widget.session.BoardSession` (each callback
wrapped by the board's ``guard``, which reports a failure). Nothing here
knows a rule: the rules panel lists ``option_specs`` with the
edition's ``DEFAULTS``, and every game is made by ``Game``.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence, Union

import ipywidgets as widgets

from ..geometry import MAX_SIZE
from ..rules.options import DEFAULT_BOARDS, DEFAULTS, RULESETS, OptionSpec, option_specs
from ..rules.variant import variant_of

if TYPE_CHECKING:  # for the type hints only
    from ..game import Game
    from ..session import BoardSession
    from ..session.view import ViewState


def _preset_names() -> list[str]:
    """The named modular boards, when the package has them."""
    try:
        from ..boards import preset_names
    except ImportError:  # pragma: no cover - boards.py is part of the package
        return []
    return list(preset_names())


#: what the board hands the panels to wrap their callbacks (``BoardWidget.guard``)
Guard = Callable[[Callable[..., Any]], Callable[..., Any]]
#: the value of one rules option: a choice, true/false, a whole number or null
OptionValue = Union[str, bool, int, None]

HEXAGON = "hexagon"
_NULL_WORDS = {"dendrid_move_limit": "no limit", "komi_max": "number of plots"}


def _fmt(value: object) -> str:
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    return str(value)


class OptionEditor:
    """One widget for one option (choice, true/false, whole number or null)."""

    def __init__(self, spec: OptionSpec, value: object, default: object,
                 doc: str | None = None) -> None:
        self.spec = spec
        self.default = default
        # the default goes to the help line below: the choice keeps its width
        label = spec.name
        doc = spec.doc if doc is None else doc
        style = {"description_width": "initial"}
        if spec.kind == "bool":
            self.widget = widgets.Checkbox(value=bool(value), description=label,
                                           indent=False, style=style)
        elif spec.kind.startswith("int"):
            low = 1 if spec.kind == "int>=1|null" else 0
            self.number = widgets.BoundedIntText(
                value=low if value is None else value, min=low, max=10**6,
                description=spec.name, style=style,
                layout=widgets.Layout(width="200px"))
            self.null = widgets.Checkbox(
                value=value is None, indent=False,
                description=f"null ({_NULL_WORDS.get(spec.name, 'none')})",
                layout=widgets.Layout(width="auto"))
            self.number.disabled = value is None
            self.null.observe(lambda ch: setattr(self.number, "disabled", ch["new"]), "value")
            self.widget = _row([self.number, self.null])
        else:
            self.widget = widgets.Dropdown(options=list(spec.values or ()), value=value,
                                           description=label, style=style,
                                           layout=widgets.Layout(width="auto"))
        if spec.kind.startswith("int"):
            # (a Box has no tooltip of its own in the browser)
            self.number.tooltip = doc
        else:
            self.widget.tooltip = doc
        self.help = widgets.HTML(
            f"<div class='dendria-help' style='font-size:0.85em;margin:-2px 0 4px 4px'>"
            f"{html.escape(doc)} (default: {html.escape(_fmt(default))})</div>")

    @property
    def value(self) -> OptionValue:
        if self.spec.kind == "bool":
            return self.widget.value
        if self.spec.kind.startswith("int"):
            return None if self.null.value else int(self.number.value)
        return self.widget.value

    @value.setter
    def value(self, v: object) -> None:
        if self.spec.kind == "bool":
            self.widget.value = bool(v)
        elif self.spec.kind.startswith("int"):
            self.null.value = v is None
            if v is not None:
                self.number.value = v
        else:
            self.widget.value = v


class RulesPanel:
    """Ruleset, board (hexagon side or modular preset) and every option with
    its default; *New game* starts a game with them."""

    def __init__(self, session: BoardSession, guard: Guard = lambda fn: fn) -> None:
        self.session = session
        presets = list(_preset_names())
        self.ruleset = widgets.Dropdown(options=list(RULESETS), description="ruleset",
                                        layout=widgets.Layout(width="auto"))
        self.board_kind = widgets.Dropdown(options=[HEXAGON] + presets, description="board")
        self.size = widgets.BoundedIntText(value=7, min=2, max=MAX_SIZE, description="side",
                                           layout=widgets.Layout(width="160px"))
        self.options_box = widgets.VBox()
        self.defaults_button = widgets.Button(description="Edition defaults",
                                              tooltip="every option back to the edition's default")
        self.new_button = widgets.Button(description="New game", button_style="primary",
                                         tooltip="start a new game with these rules")
        self.message = widgets.HTML()
        self.editors: dict[str, OptionEditor] = {}
        self.ruleset.observe(guard(self._ruleset_changed), "value")
        self.board_kind.observe(lambda ch: setattr(self.size, "disabled", ch["new"] != HEXAGON),
                                "value")
        self.defaults_button.on_click(guard(
            lambda _: self.set_options(DEFAULTS[self.ruleset.value])))
        self.new_button.on_click(guard(lambda _: self.new_game()))
        self.widget = widgets.VBox([
            self.ruleset, _row([self.board_kind, self.size]),
            widgets.HTML("<b>Options</b> (docs/rules.md section 5)"), self.options_box,
            _row([self.defaults_button, self.new_button]), self.message])
        self._building = False

    def _ruleset_changed(self, change: Mapping[str, Any]) -> None:
        if self._building:
            return
        rs = change["new"]
        self._build_options(rs, DEFAULTS[rs])
        default_board = DEFAULT_BOARDS[rs]
        if default_board.get("shape") == "hexagon":
            self.board_kind.value = HEXAGON
            self.size.value = default_board["size"]

    def _build_options(self, ruleset: str, values: Mapping[str, object]) -> None:
        specs = option_specs(ruleset)
        variant = variant_of(ruleset)      # the option texts in its edition's words
        self.editors = {name: OptionEditor(spec, values[name], DEFAULTS[ruleset][name],
                                           variant.option_doc(name))
                        for name, spec in specs.items()}
        children: list[widgets.Widget] = []
        for ed in self.editors.values():
            children += [ed.widget, ed.help]
        self.options_box.children = children

    def new_game(self) -> Game | None:
        """*New game*: a game with the rules chosen here (a refusal is said
        here and in the board's status line)."""
        game = self.session.new_game(**self.values())
        self.message.value = ("" if game is not None else
                              _refusal_html(self.session.status))
        return game

    def set_options(self, values: Mapping[str, object]) -> None:
        for name, ed in self.editors.items():
            if name in values:
                ed.value = values[name]

    def show_game(self, game: Game) -> None:
        """Fill the panel with a game's rules."""
        self._building = True
        try:
            rules = game.rules
            self.ruleset.value = rules.ruleset
            spec = rules.board.spec
            if spec.get("shape") == "hexagon":
                self.board_kind.value = HEXAGON
                self.size.value = spec["size"]
                self.size.disabled = False
            else:
                name = _preset_of(spec)
                if name is not None:
                    self.board_kind.value = name
                self.size.disabled = True
            self._build_options(rules.ruleset, rules.options)
        finally:
            self._building = False

    def values(self) -> dict[str, Any]:
        """The chosen rules as keyword arguments of ``BoardWidget.new_game``."""
        out: dict[str, Any] = {"ruleset": self.ruleset.value}
        if self.board_kind.value == HEXAGON:
            out["size"] = int(self.size.value)
        else:
            out["board"] = self.board_kind.value
        defaults = DEFAULTS[self.ruleset.value]
        out["options"] = {n: ed.value for n, ed in self.editors.items()
                          if ed.value != defaults[n]}
        return out


def _refusal_html(words: str) -> str:
    from html import escape

    return (f"<div class='dendria-status dendria-status-refused'>\u2716 "
            f"{escape(words)}</div>")


def _preset_of(spec: Mapping[str, Any]) -> str | None:
    try:
        from ..boards import PRESETS
    except ImportError:  # pragma: no cover
        return None
    mods = sorted(map(tuple, spec.get("modules", [])))
    for name, centres in PRESETS.items():
        if sorted(map(tuple, centres)) == mods:
            return name
    return None


def palette_options(game: Game) -> list[tuple[str, str]]:
    """The editor's pieces for this game, ``(label, piece)`` pairs: remove,
    then every piece, in the edition's words."""
    return [(label, value) for value, label in game.variant.palette]


class EditorPanel:
    """Put or remove pieces, the side to move, clear the board, the position
    string, game records (JSON files), and the teacher's annotations."""

    def __init__(self, session: BoardSession, guard: Guard = lambda fn: fn) -> None:
        self.session = session
        self.palette = widgets.ToggleButtons(options=["remove"], description="piece",
                                             style={"button_width": "106px"})
        self.to_move = widgets.ToggleButtons(options=["dark", "light"], description="to move",
                                             style={"button_width": "70px"})
        self.clear_button = widgets.Button(description="Clear board", icon="eraser")
        self.position = widgets.Textarea(placeholder="a position string", rows=2,
                                         layout=widgets.Layout(width="98%"))
        self.copy_button = widgets.Button(description="Show position", layout=_auto(),
                                          tooltip="put the position string in the box, to copy")
        self.load_button = widgets.Button(description="Load position", layout=_auto())
        self.path = widgets.Text(value="game.json", description="record file",
                                 layout=widgets.Layout(width="auto", max_width="300px"))
        self.save_record_button = widgets.Button(description="Save record", icon="save",
                                                 layout=_auto())
        self.load_record_button = widgets.Button(description="Load record", icon="folder-open",
                                                 layout=_auto())
        self.upload = widgets.FileUpload(accept=".json", multiple=False,
                                         description="Upload")
        self.mark_label = widgets.Text(value="A", description="mark label",
                                       layout=widgets.Layout(width="200px"))
        self.clear_notes_button = widgets.Button(description="Clear marks and arrows",
                                                 layout=_auto())
        self.message = widgets.HTML()

        s = session
        self.to_move.observe(guard(self._to_move_changed), "value")
        self.palette.observe(guard(self._palette_changed), "value")
        self.mark_label.observe(guard(lambda ch: s.set_mark_label(ch["new"])), "value")
        self.clear_button.on_click(guard(lambda _: s.clear_board()))
        self.copy_button.on_click(guard(lambda _: self._show_position()))
        self.load_button.on_click(guard(lambda _: s.load_position(self.position.value)))
        # a second click on a file that is there replaces it (the first one asks)
        self.save_record_button.on_click(guard(lambda _: s.save_record(
            self.path.value, overwrite=s.asked_to_replace(self.path.value))))
        self.load_record_button.on_click(guard(lambda _: s.load_record(self.path.value)))
        self.upload.observe(guard(self._uploaded), "value")
        self.clear_notes_button.on_click(guard(lambda _: s.clear_annotations()))
        self._syncing = False
        self.widget = widgets.VBox([
            widgets.HTML("<b>Editor</b>: choose <i>Edit</i> above the board, a piece here, "
                         "then click cells (clicking a cell that holds that piece empties it)."),
            self.palette, self.to_move, self.clear_button,
            widgets.HTML("<b>Position string</b>"), self.position,
            _row([self.copy_button, self.load_button]),
            widgets.HTML("<b>Game record</b> (JSON, with history and annotations)"),
            self.path, _row([self.save_record_button, self.load_record_button,
                                     self.upload]),
            widgets.HTML("<b>Annotations</b>: choose <i>Mark</i> or <i>Arrow</i> above the "
                         "board; a mark takes the label below, an arrow two clicks."),
            self.mark_label, self.clear_notes_button, self.message])

    def show_game(self, game: Game) -> None:
        self._syncing = True
        try:
            opts = palette_options(game)
            if tuple(self.palette.options) != tuple(opts):
                self.palette.options = opts
            piece = self.session.palette_piece()
            if self.palette.value != piece:
                self.palette.value = piece
            colours = list(game.variant.colours)
            if tuple(self.to_move.options) != tuple(colours):
                self.to_move.options = colours
        finally:
            self._syncing = False
        self.show_to_move(game)

    def show_view(self, view: ViewState) -> None:
        """The side to move now (after every step, not only when loaded)."""
        if view.to_move in self.to_move.options and self.to_move.value != view.to_move:
            self._syncing = True
            try:
                self.to_move.value = view.to_move
            finally:
                self._syncing = False

    def show_to_move(self, game: Game) -> None:
        if game.to_move in self.to_move.options and self.to_move.value != game.to_move:
            self._syncing = True
            try:
                self.to_move.value = game.to_move
            finally:
                self._syncing = False

    def _to_move_changed(self, change: Mapping[str, Any]) -> None:
        if self._syncing or change["new"] is None:
            return
        self.session.set_to_move(change["new"])

    def _palette_changed(self, change: Mapping[str, Any]) -> None:
        if self._syncing or change["new"] is None:
            return
        self.session.set_palette(change["new"])

    def _show_position(self) -> None:
        self.position.value = self.session.game.position_string()

    def _uploaded(self, change: Mapping[str, Any]) -> None:
        files = change["new"]
        if not files:
            return
        item = files[0] if isinstance(files, (list, tuple)) else next(iter(files.values()))
        content = item["content"]
        data = bytes(content) if not isinstance(content, bytes) else content
        # the record's own reading says it when the bytes are not UTF-8 text
        self.session.load_record_text(data, source=item.get("name", "upload"))


def _auto() -> widgets.Layout:
    # a Layout per widget: a Layout shared by several widgets hides or
    # resizes them all at once
    return widgets.Layout(width="auto")


def _row(children: Sequence[widgets.Widget]) -> widgets.HBox:

    """A row of widgets that wraps when the column is narrow (nothing cut)."""
    return widgets.HBox(children, layout=widgets.Layout(flex_flow="row wrap",
                                                        align_items="center"))
