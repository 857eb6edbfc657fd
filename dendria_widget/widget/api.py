"""Today's public ``BoardWidget`` API, each method a call of the board's
:class:`~dendria_widget.session.BoardSession` (the widget itself only shows
the session's view state), and the board's exports.
"""

from __future__ import annotations

import logging
import os
from typing import TYPE_CHECKING, Any

from ..files import path_text, write_atomic
from ..render import scene as rscene
from ..render import svg as rsvg

if TYPE_CHECKING:  # for the type hints only
    from ..game import Game
    from ..notation import Step
    from ..session import BoardSession
    from .canvas import BoardCanvas

log = logging.getLogger("dendria_widget.widget")

#: the controls' widgets, reached as the board's attributes (``w.end_button``)
CONTROLS = ("header", "status_line", "hint_line", "choices", "actions", "nav", "end_button",
             "pass_button", "swap_button", "komi_value", "komi_button", "komi_box",
             "side_dark", "side_light", "side_box", "first_button", "prev_button",
             "next_button", "last_button", "undo_button", "redo_button", "step_button",
             "present_button", "mode_buttons", "export_button")

#: the attributes that live in the session (read and set through the board)
SESSION_ATTRS = ("mode", "inspected", "hover", "pending", "status", "status_kind",
                 "presenting", "show_names", "last_turn", "auto_end", "quiz", "arrow_from")


class SessionAPI:
    """The commands of the board, from code (``board.play("plant g7")``...)."""

    session: BoardSession
    board_canvas: BoardCanvas

    def legal(self) -> list[Step]:
        """The legal steps now (asked of the engine once per position)."""
        return self.session.legal()

    def focus(self) -> str | None:
        return self.session.focus()

    def selected(self) -> str | None:
        return self.session.selected()

    def can_undo(self) -> bool:
        return self.session.can_undo()

    def play(self, *steps: Step | str) -> bool:
        """Play steps as the buttons do: a refused step changes nothing and
        its reason goes to the status line. True when every step was played."""
        return self.session.play(*steps)

    def press(self, verb: str) -> bool:
        """A button: 'end', 'pass', 'swap', 'komi 3', 'side light'."""
        return self.session.press(verb)

    def choose(self, step: Step | str) -> bool:
        """Play one of the offered steps (the choice buttons)."""
        return self.session.choose(step)

    def undo(self) -> Step | None:
        """Take back the last step (at the start of an edited game: the edit)."""
        return self.session.undo()

    def redo(self) -> Step | None:
        return self.session.redo()

    def go_to(self, index: int) -> None:
        """Show the game after ``index`` steps (undo or redo up to there)."""
        self.session.go_to(index)

    def first(self) -> None:
        self.session.first()

    def previous(self) -> None:
        self.session.previous()

    def next(self) -> None:
        self.session.next()

    def last(self) -> None:
        self.session.last()

    def set_hover(self, cell: str | None) -> None:
        """The cell under the mouse (None: none): details and hover drawings."""
        self.session.set_hover(cell)

    def present_step(self) -> Step | None:
        """*Next step* of the presentation: the prepared line's, or the game's."""
        return self.session.present_step()

    def sync(self) -> bool:
        """Show a game changed in code (``game.play(...)`` in a cell); the
        notebook calls this after every cell. True when it had changed."""
        return self.session.sync()

    # ----------------------------------------------------- editor, notes
    def put(self, cell: str, piece: str | None) -> Game | None:
        """Editor: put ``piece`` ('dark seed', 'white 2'; None to empty) on
        ``cell``. The game restarts from the edited position."""
        return self.session.put(cell, piece)

    def clear_board(self) -> Game | None:
        return self.session.clear_board()

    def set_to_move(self, colour: str) -> Game | None:
        return self.session.set_to_move(colour)

    def load_position(self, position: str | dict) -> Game | None:
        """Load a position string (or docs/notation.md position dict)."""
        return self.session.load_position(position)

    def position_string(self) -> str:
        return self.session.game.position_string()

    def save_record(self, path: str | os.PathLike, overwrite: bool = False) -> str | None:
        """Write the game record (JSON: rules, turns, redo, annotations); a
        file already at ``path`` is replaced only with ``overwrite=True``
        (the status line says so)."""
        return self.session.save_record(path, overwrite=overwrite)

    def load_record(self, path: str | os.PathLike) -> Game | None:
        return self.session.load_record(path)

    def load_record_text(self, data: dict | str | bytes | bytearray,
                         source: str = "the record") -> Game | None:
        return self.session.load_record_text(data, source)

    def mark(self, cell: str, label: str | None = None) -> dict | None:
        """Mark ``cell`` with a label (None: the Editor tab's label; an empty
        label removes the mark). Kept in the game record and in exports."""
        return self.session.mark(cell, label)

    def arrow(self, start: str, end: str) -> dict | None:
        """Draw an arrow from ``start`` to ``end`` (again: remove it)."""
        return self.session.arrow(start, end)

    def clear_annotations(self) -> dict | None:
        return self.session.clear_annotations()

    # ------------------------------------------------------------ exports
    def export_scene(self) -> rscene.Scene:
        """The scene for exports: what the board shows (the overlays on, the
        marks and arrows, the last turn, the selection, a hint), but the
        mouse's hover."""
        return self.session.export_scene(self.board_canvas.theme, self.board_canvas.width)

    def to_svg(self) -> str:
        """The board as a standalone SVG document (headless)."""
        return rsvg.scene_to_svg(self.export_scene())

    def save_svg(self, path: str | os.PathLike) -> str:
        """The board as an SVG file (written through a temporary file moved
        into place: a failure leaves the old file as it was)."""
        write_atomic(path, self.to_svg(), what="the picture")
        return path_text(path)

    def save_png(self, path: str | os.PathLike, scale: float = 2) -> str:
        """The board as a PNG file, drawn by Pillow (headless)."""
        from ..render.png import scene_to_png

        write_atomic(path, scene_to_png(self.export_scene(), scale=scale), what="the picture")
        return path_text(path)

    def export(self, folder: str | os.PathLike = ".", stem: str | None = None,
               overwrite: bool = False) -> list[str]:
        """*Export*: the picture (SVG and PNG, as the board shows it) and the
        record (JSON) in ``folder`` (the notebook's folder by default); files
        of that ``stem`` already there are replaced only with ``overwrite``."""
        return self.session.export(folder, stem, self.board_canvas.theme,
                                   self.board_canvas.width, overwrite=overwrite)

    # the mouse, as ipycanvas reports it (canvas pixels: twice the CSS pixels)
    def _on_mouse_down(self, x: Any, y: Any) -> None:
        self.board_canvas.on_mouse_down(x, y)

    def _on_mouse_move(self, x: Any, y: Any) -> None:
        self.board_canvas.on_mouse_move(x, y)

    def _on_mouse_out(self, x: Any, y: Any) -> None:
        self.board_canvas.on_mouse_out(x, y)


def _session_property(name: str) -> property:
    def get(self: Any) -> Any:
        return getattr(self.session, name)

    def put(self: Any, value: Any) -> None:
        if name == "mode":
            self.set_mode(value)
        elif name == "inspected":
            self.session.inspect(value)
        elif name == "hover":
            self.session.set_hover(value)
        elif name in ("show_names", "last_turn", "auto_end", "quiz"):
            self.session.set_flag(name, value)
        else:
            raise AttributeError(f"{name} is the session's to set (board.session)")

    return property(get, put, doc=f"the session's ``{name}``")


for _name in SESSION_ATTRS:
    setattr(SessionAPI, _name, _session_property(_name))

