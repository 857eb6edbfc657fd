"""The board's canvas: a view of a :class:`~dendria_widget.session.BoardSession`'s
scene on an ipycanvas ``MultiCanvas`` of four layers (board, pieces,
overlays, selection; only the top one gets the mouse).

A redraw builds the scene (``session.scene``, pure Python), then sends every
layer that changed in ONE batched message (one ``hold_canvas``). Canvases
are drawn at 2x for sharp screens: the canvas is twice the CSS size. Mouse
events become session commands (a click, the cell under the mouse, throttled).
"""

from __future__ import annotations

import contextlib
import time
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator

from ..interaction import pixel_to_cell
from ..render import scene as rscene
from ..render.overlays import offered

if TYPE_CHECKING:  # for the type hints only
    import asyncio

    from ..render.theme import Theme
    from ..session import BoardSession

SCALE = 2  # canvas pixels per CSS pixel
LAYERS = ("board", "pieces", "overlays", "selection")

#: the page's height kept for JupyterLab's bars above and below the notebook
#: (CSS pixels): the canvas is never taller than the window less these
CHROME = 140
#: the same in the presentation view, where the status line and the buttons
#: stand under the board
PRESENT_CHROME = 230


@contextlib.contextmanager
def one_message() -> Iterator[None]:
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


class BoardCanvas:
    """The canvas view: ``theme`` and ``width`` (CSS pixels) are the view's;
    everything else comes from the session. ``guard(fn)`` wraps the mouse
    callbacks (the board reports a failure in words)."""

    #: the animation of changed pieces: (ring radius in hex radii, opacity)
    #: per frame, and the time between frames in seconds
    PULSE = ((1.35, 0.9), (1.15, 0.7), (0.95, 0.5), (0.8, 0.3))
    PULSE_INTERVAL = 0.07

    def __init__(self, session: BoardSession, theme: Theme, width: int,
                 guard: Callable[[Callable], Callable], hover_interval: float = 0.04,
                 animate: bool = True) -> None:
        from ipycanvas import MultiCanvas

        self.session = session
        self.theme = theme
        self.width = width
        self.hover_interval = float(hover_interval)
        self.animate = bool(animate)
        self.redraws = 0           # canvas messages sent (a redraw is one)
        self.drawn: dict[str, list] = {}    # layer -> shapes on the canvas now
        self._scene: rscene.Scene | None = None
        self._room: tuple[Any, int] | None = None
        self._grown: dict[frozenset, int] = {}   # overlays shown -> the height reached
        self._last_hover_t = 0.0
        self._hover_later: asyncio.TimerHandle | None = None
        self._pending_hover: str | None = None
        self._pulse_token: object | None = None
        #: CSS pixels of the page kept for what stands above the board (a
        #: trainer's filter row): the canvas leaves them room in the window
        self.room_above = 0
        mc = MultiCanvas(len(LAYERS), width=2 * SCALE, height=2 * SCALE)
        mc.on_client_ready(guard(lambda: self.redraw(force=True)))
        mc.on_mouse_down(guard(self.on_mouse_down))
        mc.on_mouse_move(guard(self.on_mouse_move))
        mc.on_mouse_out(guard(self.on_mouse_out))
        mc.add_class("dendria-board")
        self.widget = mc
        #: called with (w, h) when the canvas's size changes (the page layout)
        self.on_resize: Callable[[int, int], None] = lambda w, h: None

    # ----------------------------------------------------------- scenes
    def scene(self) -> rscene.Scene:
        """The scene drawn now, built from the session."""
        if self._scene is None:
            self._scene = self.session.scene(self.theme, self.width)
        return self._scene

    def forget(self) -> None:
        """The next redraw builds the scene again."""
        self._scene = None

    def cell_at(self, x: float, y: float) -> str | None:
        """The cell name under CSS pixel (x, y) of the board, or None."""
        return pixel_to_cell(self.scene().layout, x, y)

    def _canvas_cell(self, x: Any, y: Any) -> str | None:
        # ipycanvas reports canvas pixels; the scene is in CSS pixels
        try:
            return self.cell_at(x / SCALE, y / SCALE)
        except (TypeError, OverflowError):  # not a number, or beyond any float
            return None

    # ------------------------------------------------------------ mouse
    def on_mouse_down(self, x: Any, y: Any) -> None:
        self.session.click(self._canvas_cell(x, y))

    def on_mouse_move(self, x: Any, y: Any) -> None:
        cell = self._canvas_cell(x, y)
        if cell == self.session.hover:
            return
        now = time.monotonic()
        if now - self._last_hover_t < self.hover_interval:
            self._hover_soon(cell)
            return
        self._last_hover_t = now
        self.session.set_hover(cell)

    def on_mouse_out(self, x: Any, y: Any) -> None:
        self.session.set_hover(None)

    def _hover_soon(self, cell: str | None) -> None:
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

        def later() -> None:
            self._hover_later = None
            self._last_hover_t = time.monotonic()
            if self._pending_hover != self.session.hover:
                self.session.set_hover(self._pending_hover)

        self._hover_later = loop.call_later(self.hover_interval, later)

    # ---------------------------------------------------------- drawing
    def redraw(self, force: bool = False) -> bool:
        """Build the scene, then draw every layer that changed (all of them
        when ``force``) in one batched canvas message."""
        self._scene = None
        scene = self.scene()
        w, h = int(round(scene.width)), self.canvas_height(scene)
        mc = self.widget
        if (mc.width, mc.height) != (w * SCALE, h * SCALE):
            mc.width, mc.height = w * SCALE, h * SCALE
            self.on_resize(w, h)
            force = True
        todo = {name: scene.layers.get(name, []) for name in LAYERS
                if force or self.drawn.get(name) != scene.layers.get(name, [])}
        if not todo:
            return False
        self.draw_layers(todo)
        for name, shapes in todo.items():
            self.drawn[name] = list(shapes)
        return True

    def canvas_height(self, scene: rscene.Scene) -> int:
        """The canvas's height in CSS pixels: the board and room for the key
        of the tallest single overlay, so that turning overlays on and off
        does not resize the canvas; more only when what is shown needs it
        (several overlays' keys, a caption longer than its room, a hint's
        key), and then it keeps that height while the same overlays are
        shown (a hover does not make it grow and shrink). The board keeps its
        size and place on the page all the while (:meth:`size_layout`)."""
        game = self.session.game
        key = (game.rules, round(scene.width), round(scene.board_height))
        if self._room is None or self._room[0] != key:
            v = game.variant
            tallest = max((rscene.key_height(v, [o.name], scene.width)
                           for o in offered(v)), default=0.0)
            self._room = (key, int(round(scene.board_height + tallest)))
            self._grown = {}
        if self.session.presenting:   # no overlay switches there: no room kept for keys
            return int(round(scene.height))
        shown = frozenset(self.session.overlays)
        h = max(int(round(scene.height)), self._room[1], self._grown.get(shown, 0))
        self._grown[shown] = h
        return h

    def room_height(self, h: int) -> int:
        """The height the board's place on the page is reckoned with: the
        room kept for the keys (not what grows below it), so that nothing
        drawn below the board moves or shrinks it."""
        if self.session.presenting or self._room is None:
            return h
        return self._room[1]

    def draw_layers(self, layers: dict[str, list]) -> None:
        """Draw ``{layer name: shapes}`` in ONE canvas message."""
        from ..render.canvas import draw_layer

        scene = self.scene()
        w, h = int(round(scene.width)), self.canvas_height(scene)
        with one_message():
            for k, name in enumerate(LAYERS):
                if name not in layers:
                    continue
                layer = self.widget[k]
                layer.clear()
                if k == 0:  # the background under everything
                    layer.global_alpha = 1.0
                    layer.fill_style = scene.background
                    layer.fill_rect(0, 0, w * SCALE, h * SCALE)
                draw_layer(layer, layers[name], scale=SCALE, font_family=scene.font or None)
        self.redraws += 1

    # -------------------------------------------------------- animation
    def pulse_shapes(self, cells: Iterable[str], frame: int) -> list[rscene.Circle]:
        """The shapes of one frame of the animation: a ring shrinking onto
        each changed cell (drawn on the top layer, over the new pieces)."""
        grow, alpha = self.PULSE[frame]
        layout = self.scene().layout
        colour = self.theme.selected
        board = self.session.game.board
        out = []
        for c in cells:
            x, y = layout.center(board.cell(c))
            out.append(rscene.Circle(x, y, layout.radius * grow, None, colour,
                                     max(2.0, layout.radius / 8), alpha, tag=f"pulse:{c}"))
        return out

    def animate_changes(self, cells: list[str]) -> None:
        """Pulse the changed pieces for a moment, when an event loop runs (in
        a kernel); the scene (and so the exports) marks them still."""
        if not (self.animate and cells):
            return
        import asyncio
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:   # headless, no loop: nothing to animate
            return
        token = object()
        self._pulse_token = token

        def frame(k: int) -> None:
            if self._pulse_token is not token:
                return   # a newer play took over
            if k >= len(self.PULSE):
                self.drawn.pop("selection", None)   # back to the plain top layer
                self.redraw()
                return
            shapes = self.scene().layers.get("selection", []) + self.pulse_shapes(cells, k)
            self.draw_layers({"selection": shapes})
            loop.call_later(self.PULSE_INTERVAL, frame, k + 1)

        loop.call_later(0.0, frame, 0)

    # ----------------------------------------------------------- layout
    def size_layout(self, w: int, h: int, grow: float = 1.0) -> str:
        """The canvas's size on the page: ``w`` x ``h`` CSS pixels at most
        (``grow`` times that for a lesson on a large screen: the canvas is
        drawn at twice its CSS size, so up to 2 it stays sharp on a screen of
        device scale 1), shrinking with the notebook's width and with the
        window's height, so that the whole board shows on a 1280x720
        projector once scrolled to the top. Returns the CSS width it is
        shown at."""
        chrome = (PRESENT_CHROME if self.session.presenting else CHROME) + self.room_above
        # the width follows the room kept for the keys, not the canvas's
        # height: a canvas grown for a long key or a hint's key grows
        # downwards, and the board above keeps its size and place
        h = self.room_height(h)
        most = round(w * grow)
        shown = f"min({most}px, 100%, calc((100vh - {chrome}px) * {w / h:.4f}))"
        mc = self.widget
        mc.layout.width = "100%"
        mc.layout.height = "auto"
        mc.layout.max_width = shown
        return f"min({most}px, calc((100vh - {chrome}px) * {w / h:.4f}))"
