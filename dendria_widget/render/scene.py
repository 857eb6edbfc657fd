"""The picture of a game as plain shapes: no SVG, no canvas, no IPython here.

:func:`build_scene` turns a :class:`~dendria_widget.Game` (and the overlays the
viewer asked for) into a :class:`Scene`: four layers of :class:`Polygon`,
:class:`Circle`, :class:`Line` and :class:`Text` in CSS pixels, which
``render.svg``, ``render.png`` and ``render.canvas`` draw. Every fact drawn
comes from :mod:`dendria_widget.explain` (or, for the pieces, ``game.pieces``):
no rule is computed here.

Each shape has a ``tag`` saying what it is, so tests and tools can ask what is
drawn where (``scene.find("piece:g7")``). Tags are ``:``-separated words,
the first naming the kind of mark, the second (almost always) the cell:

=====================  ======================================================
``cell:g7``            the hex of a plot (board layer)
``lagoon:q,r``         a lagoon hex (water), ``wave:q,r`` its wave line
``border``             the outline of the board
``name:row:g``         a row letter; ``name:index:7`` an index along the edge;
                       ``name:g7`` a name written inside a cell (``cell_names="inside"``,
                       the default on modular boards), over the piece
``last:g7``            a cell touched by the last turn (pieces layer, under the piece;
                       Hedu: the new stack and every stack it changed)
``changed:g7:became``  a piece the last step changed (``appeared``, ``left``: with a
                       faint ghost of the piece that left)
``piece:g7:dark:seed`` a piece (``tree``, ``dendrid``); Hedu ``piece:g7:black:2``;
                       ``piece-detail:g7`` an extra mark of the same piece;
                       ``height:g7:2`` the height written on a Hedu stack
``<overlay's tags>``   each overlay unit's own (``render/overlays/<unit>.py``
                       lists them in its docstring)
``mark:g7``            a teacher mark (``mark-label:g7``); ``arrow:g7:e5`` an arrow
``hover:g7``           selection layer: hover, ``selected:g7``, ``target:g7``
``caption:<overlay>``  the key below the board: an overlay's caption;
                       ``key:<overlay>:<entry>`` the sample of a key entry,
                       ``key-text:<overlay>:<entry>`` its phrase
=====================  ======================================================

This module knows no overlay by name: each is one registered unit
(:mod:`dendria_widget.render.overlays`) that asks for its facts and
appends its shapes to the builder's layers. Every shape an overlay draws
also carries ``legend="overlay:entry"``, the key entry it stands for
(:func:`legend_entries`); the key lists exactly the entries drawn
(``scene.key``, ``scene.legends()``). Overlay shapes that explain a piece
lie *under* it (lines, tints, outlines: in the pieces layer before the
pieces); rings and outlines lie over the board, and the badges (counts
and letters on discs) over every ring and outline; the
teacher's marks lie under every overlay mark and the arrows over
everything. No text is smaller than :data:`MIN_TEXT` CSS px.

Geometry that depends only on the board and the hex size (cell polygons,
centres, outlines, the names along the border) is computed once and cached
per (board, radius).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence, Union, overload

from ..errors import DendriaError
from ..geometry import DIRECTIONS, Board, Layout
from ..rules.variant import Variant
from . import overlays as _overlays
from .theme import DEFAULT_THEME, Theme, readable_on, resolve_theme

if TYPE_CHECKING:  # for the type hints only
    from ..explain.sentences import Change
    from ..game import Game

#: every overlay name ``build_scene`` takes (the registered overlays, then
#: ``annotations``; read when asked, so an overlay registered later is in it);
#: which ones a game offers (and their labels and tooltips):
#: ``render.overlays.offered(game.variant)``
OVERLAYS = _overlays.NAMES
LAYERS = ("board", "pieces", "overlays", "selection")

DEFAULT_RADIUS = 24.0
MIN_TEXT = 11.0     # no text in a scene is smaller (CSS px)
MIN_RADIUS = 15.0   # the smallest hex radius radius_for gives (texts of 11 px fit)
KEY_TEXT = 12.0     # the key's phrases and captions
MARGIN = 1.15   # space round the board, in hex radii (room for the names)
SQRT3 = math.sqrt(3.0)

#: A point in CSS pixels, and a run of them (a polygon's corners, a line).
Point = tuple[float, float]
Points = tuple[Point, ...]


# ---------------------------------------------------------------- shapes
@dataclass(slots=True)
class Polygon:
    """A closed polygon. ``fill``/``stroke`` None: not filled / not stroked.
    ``dash``: a tuple of dash and gap lengths in CSS px."""
    points: Points
    fill: str | None
    stroke: str | None
    width: float
    alpha: float = 1.0
    dash: tuple[float, ...] | None = None
    tag: str | None = None
    legend: str | None = None


@dataclass(slots=True)
class Circle:
    """A disc or ring centred on (cx, cy). ``dash`` dashes its stroke."""
    cx: float
    cy: float
    r: float
    fill: str | None
    stroke: str | None
    width: float
    alpha: float = 1.0
    tag: str | None = None
    dash: tuple[float, ...] | None = None
    legend: str | None = None


@dataclass(slots=True)
class Line:
    """An open polyline; ``arrow``: an arrowhead at the last point (see
    :func:`arrow_parts`)."""
    points: Points
    stroke: str
    width: float
    alpha: float = 1.0
    dash: tuple[float, ...] | None = None
    arrow: bool = False
    tag: str | None = None
    legend: str | None = None


@dataclass(slots=True)
class Text:
    """Text centred vertically on y; ``anchor`` is start, middle or end (x is
    the left end, the middle or the right end). ``halo``: a colour drawn
    round the letters so they stay readable on any background."""
    x: float
    y: float
    text: str
    size: float
    fill: str
    anchor: str = "middle"
    weight: str = "normal"
    tag: str | None = None
    halo: str | None = None
    legend: str | None = None


def arrow_parts(line: Line) -> tuple[Points, Points]:
    """(shaft points, arrowhead triangle) of a Line with ``arrow=True``: the
    shaft stops at the base of the head so the tip stays sharp. Every backend
    draws arrows with this, so they all look the same."""
    pts = line.points
    (x0, y0), (x1, y1) = pts[-2], pts[-1]
    dx, dy = x1 - x0, y1 - y0
    n = math.hypot(dx, dy) or 1.0
    ux, uy = dx / n, dy / n
    head = max(3.0 * line.width, 6.0)
    half = head * 0.6
    bx, by = x1 - ux * head, y1 - uy * head
    tri = ((x1, y1), (bx - uy * half, by + ux * half), (bx + uy * half, by - ux * half))
    shaft = tuple(pts[:-1]) + ((x1 - ux * head * 0.8, y1 - uy * head * 0.8),)
    return shaft, tri


#: One drawn shape of a scene's layers.
Shape = Union[Polygon, Circle, Line, Text]


@dataclass
class Scene:
    """What to draw: ``layers`` maps a layer name to its shapes, in draw
    order (board, pieces, overlays, selection). ``layout`` is the
    :class:`~dendria_widget.geometry.Layout` (pixel <-> cell) and
    ``background`` the colour under everything.

    The board fills the top ``board_height`` pixels; below it, the key of
    the overlays shown: ``key`` lists its entries as ``(overlay, entry,
    phrase)`` and ``captions`` maps each overlay shown to its sentence.
    ``changed`` names the cells whose pieces the last step changed (drawn
    as changed; the widget may animate them)."""
    width: float
    height: float
    layers: dict[str, list[Shape]]
    layout: Layout
    background: str = "#ffffff"
    game_kind: str = "dendria"
    font: str = "DejaVu Sans, Verdana, Arial, sans-serif"
    board_height: float = 0.0
    key: list[tuple[str, str, str]] = field(default_factory=list)
    captions: dict[str, str] = field(default_factory=dict)
    changed: list[str] = field(default_factory=list)

    def legends(self, layer: str | None = None) -> set[str]:
        """The key entries (``overlay:entry``) the drawn shapes stand for."""
        return {s.legend for s in self.shapes(layer) if s.legend is not None}

    def shapes(self, layer: str | None = None) -> list[Shape]:
        """Every shape (of one layer, or of all layers in draw order)."""
        if layer is not None:
            return list(self.layers[layer])
        return [s for shapes in self.layers.values() for s in shapes]

    def find(self, prefix: str, layer: str | None = None) -> list[Shape]:
        """Shapes whose tag is ``prefix`` or starts with ``prefix + ':'``."""
        p2 = prefix + ":"
        return [s for s in self.shapes(layer)
                if s.tag is not None and (s.tag == prefix or s.tag.startswith(p2))]

    def tags(self, layer: str | None = None) -> list[str]:
        return [s.tag for s in self.shapes(layer) if s.tag is not None]

    def cell_at(self, x: float, y: float) -> str | None:
        """The name of the plot under CSS pixel (x, y), or None."""
        i = self.layout.cell_at(x, y)
        return None if i is None else self.layout.board.name(i)

    def center(self, cell: str) -> Point:
        """The CSS pixel centre of a cell (by name)."""
        b = self.layout.board
        return self.layout.center(b.cell(cell))


# ------------------------------------------------------ cached geometry
# corners k = 0..5 of a pointy-top hex sit at 60k - 30 degrees (y down): 0 upper
# right, 1 lower right, 2 bottom, 3 lower left, 4 upper left, 5 top. The edge
# towards direction d runs from corner EDGE[d][0] to EDGE[d][1] (clockwise).
EDGE = ((0, 1), (5, 0), (4, 5), (3, 4), (2, 3), (1, 2))
_COS = tuple(math.cos(math.radians(60 * k - 30)) for k in range(6))
_SIN = tuple(math.sin(math.radians(60 * k - 30)) for k in range(6))


def _star(points: int, outer: float, inner: float, rot: float = -90.0) -> Points:
    out = []
    for k in range(2 * points):
        a = math.radians(rot + 180.0 * k / points)
        rad = outer if k % 2 == 0 else inner
        out.append((rad * math.cos(a), rad * math.sin(a)))
    return tuple(out)


def _ngon(n: int, rad: float, rot: float) -> Points:
    return tuple((rad * math.cos(math.radians(rot + 360.0 * k / n)),
                  rad * math.sin(math.radians(rot + 360.0 * k / n))) for k in range(n))


def _chain(segments: Sequence[tuple[Point, Point]], layout: Layout) -> list[Points]:
    """Join directed segments (a, b) of hex edges into closed loops of points.

    Corners are matched by their place on the exact corner lattice (x in
    steps of sqrt(3)/2 R, y in steps of R/2 from the layout's origin), never
    by rounded floats, so a loop can never break and be closed by a chord."""
    ux = layout.radius * math.sqrt(3.0) / 2.0
    uy = layout.radius / 2.0
    ox, oy = layout.ox, layout.oy

    def key(p: Point) -> tuple[int, int]:
        return (round((p[0] - ox) / ux), round((p[1] - oy) / uy))
    nxt: dict[tuple[int, int], tuple[Point, Point]] = {}
    for a, b in segments:
        nxt[key(a)] = (a, b)
    loops: list[Points] = []
    seen: set[tuple[int, int]] = set()
    for a, b in segments:
        k0 = key(a)
        if k0 in seen:
            continue
        loop: list[Point] = []
        k = k0
        while k not in seen and k in nxt:
            seen.add(k)
            p, q = nxt[k]
            loop.append(p)
            k = key(q)
        loop.append(loop[0])
        loops.append(tuple(loop))
    return loops


class BoardGeometry:
    """Pixel geometry of one board at one hex radius (cached: see
    :func:`board_geometry`)."""

    def __init__(self, board: Board, radius: float) -> None:
        R = self.radius = float(radius)
        lay = self.layout = Layout(board, R, margin=MARGIN * R)
        self.board = board
        self.width, self.height = lay.width, lay.height
        self.names: dict[int, str] = {i: board.name(i) for i in board.plots}
        self.ids: dict[str, int] = {n: i for i, n in self.names.items()}
        self.center: dict[int, Point] = {}
        self.hex: dict[int, Points] = {}
        self.inner: dict[int, Points] = {}
        self.inner2: dict[int, Points] = {}
        for i in board.plots:
            cx, cy = lay.center(i)
            self.center[i] = (cx, cy)
            self.hex[i] = tuple((cx + R * c, cy + R * s) for c, s in zip(_COS, _SIN))
            self.inner[i] = tuple((cx + 0.84 * R * c, cy + 0.84 * R * s)
                                  for c, s in zip(_COS, _SIN))
            self.inner2[i] = tuple((cx + 0.93 * R * c, cy + 0.93 * R * s)
                                   for c, s in zip(_COS, _SIN))
        self.lagoons: list[tuple[str, Points, Points]] = []
        for i in board.lagoons:
            q, r = board.axial(i)
            cx, cy = lay.center(i)
            poly = tuple((cx + R * c, cy + R * s) for c, s in zip(_COS, _SIN))
            w = 0.45 * R
            wave = tuple((cx + w * (k / 3.0 - 1), cy + 0.12 * R * (1 if k % 2 else -1))
                         for k in range(7))
            self.lagoons.append((f"{q},{r}", poly, wave))
        # outline of the board (outer border and the shores of lagoons)
        segs: list[tuple[Point, Point]] = []
        for i in board.plots:
            h = self.hex[i]
            for d in range(6):
                if board.nbr_dir[i][d] < 0:
                    a, b = EDGE[d]
                    segs.append((h[a], h[b]))
        self.outline = _chain(segs, lay)
        self.glyphs = _glyphs()
        self.coords = self._coords(board, lay, R)

    def _coords(self, board: Board, lay: Layout, R: float) -> list[tuple[float, float, str, str]]:
        """(x, y, text, tag) of the names along the border (see the module doc)."""
        out: list[tuple[float, float, str, str]] = []
        for row in board.rows:
            first = row[0]
            cx, cy = self.center[first]
            letters = self.names[first].rstrip("0123456789")
            out.append((cx - 0.92 * SQRT3 * R, cy, letters, f"name:row:{letters}"))
        if board.spec.get("shape") == "hexagon":
            # the cells of one index form a line from the top (or upper right)
            # edge to the centre row, then on to the bottom (or lower right)
            # edge: write the index beyond both ends of its line
            for i in board.plots:
                q, r = board.axial(i)
                idx = self.names[i].lstrip("abcdefghijklmnopqrstuvwxyz")
                cx, cy = self.center[i]
                for d, k in ((1, 0.82), (5, 0.82)):
                    dq, dr = DIRECTIONS[d]
                    if board.id_at(q + dq, r + dr) is None:
                        nx, ny = lay.hex_to_pixel(q + dq, r + dr)
                        out.append((cx + (nx - cx) * k, cy + (ny - cy) * k, idx,
                                    f"name:index:{idx}"))
        return out


def _glyphs() -> dict[str, Points]:
    """Unit point offsets of the piece glyphs (scaled by the theme's sizes)."""
    return {
        "tree": _ngon(6, 1.0, 0.0),      # a flat-top hexagon in the pointy-top cell
        "star": _star(5, 1.0, 0.45),     # the dendrid
    }


@lru_cache(maxsize=64)
def board_geometry(board: Board, radius: float) -> BoardGeometry:
    """The cached :class:`BoardGeometry` of a board at a hex radius."""
    return BoardGeometry(board, radius)


@lru_cache(maxsize=64)
def _unit_size(board: Board) -> tuple[float, float]:
    lay = Layout(board, 1.0, margin=MARGIN)
    return lay.width, lay.height


def radius_for(board: Board, width: float | None = None, height: float | None = None) -> float:
    """The hex radius that makes the board fit in ``width`` (and ``height``)
    CSS px, never below :data:`MIN_RADIUS` (the smallest hex in which the
    11 px texts fit: a narrower space gets a wider picture, to scroll or
    scale, rather than unreadable text)."""
    uw, uh = _unit_size(board)
    cands: list[float] = []
    if width is not None:
        cands.append(width / uw)
    if height is not None:
        cands.append(height / uh)
    if not cands:
        return DEFAULT_RADIUS
    return max(MIN_RADIUS, math.floor(min(cands) * 100) / 100.0)


# ------------------------------------------------------------- helpers
def _scaled(offsets: Points, s: float, cx: float, cy: float) -> Points:
    return tuple((cx + s * x, cy + s * y) for x, y in offsets)


def _colour_index(word: str) -> int:
    return 0 if word in ("dark", "black") else 1


@overload
def _cell_id(geo: BoardGeometry, name: str, what: str) -> int: ...
@overload
def _cell_id(geo: BoardGeometry, name: str | None, what: str) -> int | None: ...
def _cell_id(geo: BoardGeometry, name: str | None, what: str) -> int | None:
    if name is None:
        return None
    if not isinstance(name, str):
        raise DendriaError(f"{what} must be a cell name like 'g7', not {name!r}")
    i = geo.ids.get(name.strip().lower())
    if i is None:
        b = geo.board
        raise DendriaError(f"{what}: there is no cell {name!r} on this board "
                           f"(cells run from {b.name(b.plots[0])} to {b.name(b.plots[-1])})")
    return i


CHAR_WIDTH = 0.6   # a generous average advance of DejaVu Sans, in font sizes


def text_width(text: str, size: float) -> float:
    """The width a text takes, estimated (no font metrics in a pure scene)."""
    return CHAR_WIDTH * size * len(text)


def wrap(text: str, size: float, width: float) -> list[str]:
    """Word-wrap ``text`` into lines of ``width`` px, as many as it takes:
    nothing is ever cut (a single word wider than ``width`` has a line of
    its own)."""
    lines: list[str] = []
    cur = ""
    for w in text.split():
        trial = f"{cur} {w}" if cur else w
        if text_width(trial, size) <= width or not cur:
            cur = trial
        else:
            lines.append(cur)
            cur = w
    if cur:
        lines.append(cur)
    return lines


# ------------------------------------------------------------- the key
def legend_entries(variant: Variant) -> dict[str, tuple[tuple[str, str], ...]]:
    """Every key entry of every overlay this variant offers, in key order:
    ``{overlay: ((entry, phrase), ...)}``. Each shape an overlay draws
    carries ``legend="overlay:entry"`` naming one of these."""
    return {u.name: u.entries(variant) for u in _overlays.units(variant)}


KEY_PAD = 8.0
KEY_LINE = 16.0        # a caption line
KEY_ROW = 26.0         # a row of entries
KEY_SAMPLE = 11.0      # the hex radius the key's samples are drawn at
KEY_MIN_WIDTH = 320.0  # the narrowest picture with a key


@lru_cache(maxsize=256)
def caption_lines(width: float, overlay: str | None = None) -> int:
    """Lines the key keeps for ``overlay``'s caption at this picture width
    (more on a narrow picture; fixed per width and overlay): those of a
    sentence of the overlay's ``caption_room`` characters, its label included."""
    room = (_overlays.unit(overlay).caption_room if overlay else 100) + 16
    sample = " ".join(["words"] * (room // 6))
    usable = max(width, KEY_MIN_WIDTH) - 2 * KEY_PAD
    return max(2, len(wrap(sample, KEY_TEXT, usable)))


def _flow(entries: Sequence[tuple[str, str]], width: float) -> list[tuple[float, int]]:
    """(x, row) of each (entry, phrase) laid out left to right, wrapping."""
    x, row = KEY_PAD, 0
    out: list[tuple[float, int]] = []
    for _, phrase in entries:
        w = 2 * KEY_SAMPLE + 6 + text_width(phrase, KEY_TEXT)
        if x > KEY_PAD and x + w > width - KEY_PAD:
            x, row = KEY_PAD, row + 1
        out.append((x, row))
        x += w + 14
    return out


def key_height(variant: Variant, overlays: Iterable[str], width: float) -> float:
    """The height of the key of ``overlays`` at ``width``: it depends only
    on the rules and the overlays shown, never on the position, so the
    picture keeps its size while the game is played (unless a caption is
    longer than the room kept for it (its overlay's ``caption_room``); then the key
    grows by the lines it takes, and cuts nothing)."""
    entries = legend_entries(variant)
    width = max(width, KEY_MIN_WIDTH)
    h = 0.0
    for name in overlays:
        if name not in entries:
            continue
        rows = _flow(entries[name], width)[-1][1] + 1
        h += caption_lines(width, name) * KEY_LINE + rows * KEY_ROW + 6
    return h + (KEY_PAD if h else 0.0)


# ------------------------------------------------------------ the scene
def build_scene(game: Game, overlays: str | Iterable[str] | None = (), focus: str | None = None,
                selected: str | None = None, targets: str | Iterable[str] | None = (),
                hover: str | None = None, theme: Theme | str = DEFAULT_THEME,
                radius: float | None = None, width: float | None = None,
                show_names: bool = True, annotations: Mapping[str, Any] | None = None,
                last_turn: bool = True, cell_names: str | None = None,
                key: bool | str = True, changes: bool | Iterable[Change] = True) -> Scene:
    """The picture of ``game`` as a :class:`Scene`.

    - ``overlays``: names among :data:`OVERLAYS`; each is drawn only when the
      game's rules offer it (``render.overlays.offered(game.variant)``:
      each unit says under which rules and in which edition); and
      ``annotations``. An unknown name is an error.
    - ``focus``: the cell the overlays of scope "focus" or "both" explain
      (the hovered or clicked cell); ``selected``: the selected
      cell; ``targets``: cells to mark as legal targets; ``hover``: the cell
      under the pointer.
    - ``radius`` (hex circumradius in CSS px) or ``width`` (CSS px the board
      must fit in) sets the size (radius first when both are given); default
      radius 24; ``width`` never makes the hexes smaller than
      :data:`MIN_RADIUS`, and no text is smaller than :data:`MIN_TEXT`.
    - ``theme``: a :class:`~dendria_widget.render.theme.Theme` or a name
      ("light", "dark", "high-contrast").
    - ``cell_names``: "border" (row letters and indexes round the board),
      "inside" (each name inside its cell, above the pieces) or "none";
      default "inside" on modular boards, else "border"; ``show_names=False``
      is "none".
    - ``annotations``: a dict ``{"marks": {cell: label}, "arrows": [[from,
      to], ...]}`` drawn instead of ``game.annotations`` (giving it draws it
      even without the ``"annotations"`` overlay); ``last_turn``: highlight
      the cells the last turn touched.
    - ``changes``: mark the pieces the last step changed (True: from
      ``game.last_effects()``; or a list of ``(cell, before, after)``
      effects, e.g. those of a step and the automatic end after it; False:
      none): a ring round each changed piece, and a faint ghost of a piece
      that left the board. ``Scene.changed`` lists those cells.
    - ``key``: draw the key of the overlays shown below the board (each
      symbol with its phrase, and each overlay's caption in words): True
      keeps room for every symbol an overlay may draw, so the picture keeps
      its height while the game is played (the widget); ``"compact"`` takes
      only the rows of the symbols drawn now (exports); False: no key.
    """
    if isinstance(overlays, str):
        overlays = (overlays,)
    wanted = set(overlays or ())
    bad = wanted - set(OVERLAYS)
    if bad:
        raise DendriaError(f"unknown overlay {sorted(bad)[0]!r} "
                           f"(overlays: {', '.join(OVERLAYS)})")
    th = resolve_theme(theme)
    board = game.board
    if radius is None:
        radius = radius_for(board, width) if width is not None else DEFAULT_RADIUS
    if not isinstance(radius, (int, float)) or isinstance(radius, bool) or radius <= 0:
        raise DendriaError(f"radius must be a positive number of pixels, not {radius!r}")
    if cell_names is None:
        cell_names = ("none" if not show_names else
                      "border" if board.spec.get("shape") == "hexagon" else "inside")
    if cell_names not in ("border", "inside", "none"):
        raise DendriaError(f"cell_names is 'border', 'inside' or 'none', not {cell_names!r}")
    geo = board_geometry(board, float(radius))
    variant = game.variant
    hedu = variant.family == "hedu"
    focus_id = _cell_id(geo, focus, "focus")
    selected_id = _cell_id(geo, selected, "selected")
    hover_id = _cell_id(geo, hover, "hover")
    if isinstance(targets, str):
        targets = (targets,)
    target_ids = [_cell_id(geo, t, "targets") for t in (targets or ())]

    pieces = game.pieces
    b = _Builder(geo, th, variant, pieces)
    b.board_layer(cell_names)
    if last_turn:
        b.last_turn([geo.ids[n] for n in game.last_turn_cells()])
    changed: dict[str, tuple[str | None, str | None]] = {}
    if changes:
        from ..explain.sentences import net_changes
        changed = net_changes(game.last_effects() if changes is True else changes)
        b.changes(changed, hedu)
    # an overlay the rules do not offer (see its unit's ``offered``) draws nothing
    drawn = [u for u in _overlays.units(variant) if u.name in wanted]
    shown = [u.name for u in drawn]
    focus_name = None if focus_id is None else geo.names[focus_id]
    for u in sorted(drawn, key=lambda u: u.draw_order):
        b.captions[u.name] = u.draw(b, game, focus_name, shown)
    b.pieces(pieces, hedu)
    if cell_names == "inside":
        b.inside_names()
    if annotations is not None or "annotations" in wanted:
        b.annotations(annotations if annotations is not None
                      else game.annotations)
    b.selection(hover_id, selected_id, target_ids, pieces)
    height, width_ = geo.height, geo.width
    if key and shown:
        # a board narrower than KEY_MIN_WIDTH gets a wider picture (the board
        # at its left), so that the key's phrases fit
        width_ = max(geo.width, KEY_MIN_WIDTH)
        height += b.key(shown, width_, compact=key == "compact")
    return Scene(width_, height, b.layers(), geo.layout, th.background,
                 variant.family, th.font, board_height=geo.height, key=b.key_list,
                 captions=dict(b.captions), changed=list(changed))


class _Builder:
    """Appends shapes to the layers of one scene (one per build).

    The pieces layer holds, in order: the last-turn tints, the overlay
    shapes that lie *under* the pieces they explain (root lines, tints,
    outlines), the pieces, and the names written inside cells. The overlays
    layer holds the teacher's marks, the overlay marks drawn over the board
    (rings round pieces, outlines), then every badge (numbers and letters on
    discs, over every ring and outline, so none hides a count), the key, and
    the teacher's arrows last, so no arrow head is ever hidden."""

    def __init__(self, geo: BoardGeometry, theme: Theme, variant: Variant,
                 pieces: Mapping[str, str]) -> None:
        self.geo = geo
        self.t = theme
        self.v = variant
        self.R = geo.radius
        self.lw = theme.line * geo.radius / 20.0
        self.occupied = pieces
        self.board_l: list[Shape] = []
        self.last_l: list[Shape] = []
        self.under_l: list[Shape] = []
        self.pieces_l: list[Shape] = []
        self.names_l: list[Shape] = []
        self.marks_l: list[Shape] = []
        self.over_l: list[Shape] = []
        self.badges_l: list[Shape] = []   # numbers on discs: over every outline
        self.key_l: list[Shape] = []
        self.arrows_l: list[Shape] = []
        self.sel_l: list[Shape] = []
        self.captions: dict[str, str] = {}
        self.key_list: list[tuple[str, str, str]] = []

    def layers(self) -> dict[str, list[Shape]]:
        return {"board": self.board_l,
                "pieces": self.last_l + self.under_l + self.pieces_l + self.names_l,
                "overlays": (self.marks_l + self.over_l + self.badges_l + self.key_l
                             + self.arrows_l),
                "selection": self.sel_l}

    def ts(self, k: float, R: float | None = None) -> float:
        """A text size: ``k`` hex radii, never under MIN_TEXT."""
        return max(MIN_TEXT, k * (self.R if R is None else R))

    def rim(self, name: str, R: float | None = None) -> float:
        """How far the piece on ``name`` reaches from its centre (0: empty)."""
        piece = self.occupied.get(name)
        R = self.R if R is None else R
        if piece is None:
            return 0.0
        kind = piece.split()[1]
        t = self.t
        scale = {"seed": t.seed_scale, "tree": t.tree_scale,
                 "dendrid": t.dendrid_scale}.get(kind, t.stack_scale)
        return scale * R

    # ------------------------------------------------------------ board
    def board_layer(self, cell_names: str) -> None:
        geo, t, out = self.geo, self.t, self.board_l
        lw = self.lw
        for i, poly in geo.hex.items():
            out.append(Polygon(poly, t.cell, t.cell_stroke, lw, tag="cell:" + geo.names[i]))
        for key, poly, wave in geo.lagoons:
            out.append(Polygon(poly, t.lagoon, t.lagoon_stroke, lw * 0.6, tag="lagoon:" + key))
            out.append(Line(wave, t.lagoon_wave, max(1.0, lw), tag="wave:" + key))
        for loop in geo.outline:
            out.append(Line(loop, t.cell_stroke, lw * 2.2, tag="border"))
        if cell_names == "none":
            return
        size = self.ts(0.46)
        hexagon = geo.board.spec.get("shape") == "hexagon"
        for x, y, text, tag in geo.coords:
            if cell_names == "border" or (not hexagon and tag.startswith("name:row")):
                out.append(Text(x, y, text, size, t.coord, tag=tag))

    def inside_names(self) -> None:
        """Each cell's name inside it, low in the cell, above the piece
        (with a halo of the cell's colour, so a piece never hides it)."""
        geo, t, R = self.geo, self.t, self.R
        size = self.ts(0.3)
        for i, (cx, cy) in geo.center.items():
            nm = geo.names[i]
            self.names_l.append(Text(cx, cy + 0.56 * R, nm, size, t.coord, tag="name:" + nm,
                                     halo=t.cell))

    def last_turn(self, cells: Iterable[int]) -> None:
        geo, t = self.geo, self.t
        for i in cells:
            self.last_l.append(Polygon(geo.inner2[i], t.last_turn, None, 0,
                                       alpha=t.last_turn_alpha, tag="last:" + geo.names[i]))

    def changes(self, net: Mapping[str, tuple[str | None, str | None]], hedu: bool) -> None:
        """A ring round each piece the last step changed (dashed round a
        place a piece left, with a faint ghost of that piece)."""
        geo, t, R = self.geo, self.t, self.R
        lw = max(2.0, self.lw * 2.4)
        for name, (before, after) in net.items():
            i = _cell_id(geo, name, "a changed cell")
            cx, cy = geo.center[i]
            what = "appeared" if before is None else "left" if after is None else "became"
            tag = f"changed:{name}:{what}"
            if what == "left" and before is not None:
                # the piece that left, faint and dashed, without its number
                # and inner ring: not to be taken for a piece (nor for the one
                # just placed beside it)
                ghost: list[Shape] = []
                self.piece(ghost, cx, cy, R, before, hedu, name)
                body = ghost[0]        # a stack's disc, a seed's, a tree's or a star
                if isinstance(body, (Circle, Polygon)):
                    # its colour, faintly; its outline, dashed
                    self.last_l.append(replace(body, stroke=None, width=0, tag=tag,
                                               alpha=t.ghost_alpha / 2))
                    self.last_l.append(replace(body, fill=None, tag=tag, alpha=t.ghost_alpha,
                                               dash=(0.16 * R, 0.12 * R)))
            self.over_l.append(Circle(cx, cy, 0.9 * R, None, t.changed, lw, tag=tag,
                                      dash=(0.3 * R, 0.2 * R) if what == "left" else None))

    # ----------------------------------------------------------- pieces
    def pieces(self, pieces: Mapping[str, str], hedu: bool) -> None:
        geo, R, out = self.geo, self.R, self.pieces_l
        ids = geo.ids
        for name, piece in pieces.items():
            cx, cy = geo.center[ids[name]]
            self.piece(out, cx, cy, R, piece, hedu, name)

    def piece(self, out: list[Shape], cx: float, cy: float, R: float, piece: str, hedu: bool,
              name: str) -> None:
        t, glyph = self.t, self.geo.glyphs
        lw = max(1.0, self.lw * 1.1)
        colour, what = piece.split()
        ci = _colour_index(colour)
        fill, stroke = t.piece_fill[ci], t.piece_stroke[ci]
        tag = f"piece:{name}:{colour}:{what}"
        if hedu:
            out.append(Circle(cx, cy, t.stack_scale * R, fill, stroke, lw * 1.3, tag=tag))
            out.append(Circle(cx, cy, t.stack_scale * R * 0.78, None, t.piece_detail[ci],
                              lw * 0.8, tag="piece-detail:" + name))
            size = self.ts(0.62 if len(what) < 2 else 0.5, R)
            out.append(Text(cx, cy, what, size, t.piece_text[ci], weight="bold",
                            tag=f"height:{name}:{what}"))
        elif what == "seed":
            out.append(Circle(cx, cy, t.seed_scale * R, fill, stroke, lw * 1.2, tag=tag))
        elif what == "tree":
            s = t.tree_scale * R
            out.append(Polygon(_scaled(glyph["tree"], s, cx, cy), fill, stroke, lw * 1.3,
                               tag=tag))
            out.append(Polygon(_scaled(glyph["tree"], s * 0.5, cx, cy), None,
                               t.piece_detail[ci], lw, tag="piece-detail:" + name))
        else:
            s = t.dendrid_scale * R
            out.append(Polygon(_scaled(glyph["star"], s, cx, cy + 0.04 * R), fill, stroke,
                               lw * 1.2, tag=tag))

    # ----------------------------------------------------------- stamps
    # Small drawings shared by the board and the key (so a key's sample is
    # the very symbol drawn on the board).
    def badge(self, out: list[Shape], x: float, y: float, R: float, fill: str, stroke: str,
              ink: str, text: str, tag: str | None, legend: str | None, k: float = 0.4) -> float:
        """A number on a disc; its text never under MIN_TEXT. On the board
        (``out`` is the overlay marks) it goes over every overlay's outlines
        and rings, whichever overlay drew them later: a count stays readable."""
        if out is self.over_l:
            out = self.badges_l
        size = self.ts(k, R)
        r = max(0.3 * R, 0.62 * size + 0.2 * size * max(0, len(text) - 1))
        out.append(Circle(x, y, r, fill, stroke, max(1.0, self.lw * 1.2), tag=tag,
                          legend=legend))
        out.append(Text(x, y, text, size, ink, weight="bold", tag=tag, legend=legend))
        return r

    def diamond(self, out: list[Shape], x: float, y: float, R: float, ci: int, tag: str | None,
                legend: str | None) -> None:
        t = self.t
        s = max(0.2 * R, 5.0)
        out.append(Polygon(((x, y - s), (x + s * 0.8, y), (x, y + s), (x - s * 0.8, y)),
                           t.piece_fill[ci], t.piece_stroke[ci], max(0.8, self.lw * 0.8),
                           tag=tag, legend=legend))

    def letter(self, out: list[Shape], x: float, y: float, R: float, text: str, colour: str,
               tag: str | None, legend: str | None) -> None:
        """A white letter on a coloured chip (S, G, C)."""
        self.badge(out, x, y, R, colour, self.t.chip, readable_on(colour), text, tag, legend,
                   k=0.36)

    def colour_diamonds(self, name: str, colours: Iterable[str], tag: str, legend: str) -> None:
        """Diamonds low in the plot ``name``, one per colour: dark's on the
        left, light's on the right (tags ``tag:colour:name``, legends
        ``legend:colour``)."""
        geo, R = self.geo, self.R
        cx, cy = geo.center[geo.ids[name]]
        for colour in colours:
            ci = _colour_index(colour)
            x = cx - 0.3 * R if ci == 0 else cx + 0.3 * R
            self.diamond(self.over_l, x, cy + 0.36 * R, R, ci, f"{tag}:{colour}:{name}",
                         f"{legend}:{colour}")

    def cross(self, out: list[Shape], x: float, y: float, R: float, colour: str, lw: float,
              tag: str | None, legend: str | None) -> None:
        h = 0.3 * R
        out.append(Line(((x - h, y - h), (x + h, y + h)), colour, lw, tag=tag, legend=legend))
        out.append(Line(((x - h, y + h), (x + h, y - h)), colour, lw, tag=tag, legend=legend))


    # ------------------------------------------------------------- key
    def key(self, shown: Sequence[str], W: float, compact: bool = False) -> float:
        """The key below the board: for each overlay shown, its caption (a
        sentence, wrapped into as many lines as it takes, in the room of
        :func:`caption_lines` lines at least) and the symbols it draws now,
        each with its phrase. Returns the height it takes (fixed for the
        overlays shown, unless a caption outgrows its room: see
        :func:`key_height`)."""
        geo, t = self.geo, self.t
        entries = legend_entries(self.v)
        drawn = {s.legend for layer in (self.under_l, self.over_l, self.badges_l)
                 for s in layer if s.legend is not None}
        y = geo.height
        labels = {o.name: o.label for o in _overlays.offered(self.v)}
        for name in shown:
            lines = wrap(f"{labels[name]} \u2014 {self.captions.get(name, '')}", KEY_TEXT,
                         W - 2 * KEY_PAD)
            n = len(lines) if compact else max(caption_lines(W, name), len(lines))
            for k, line in enumerate(lines):
                self.key_l.append(Text(KEY_PAD, y + (k + 0.5) * KEY_LINE, line, KEY_TEXT,
                                       t.key_text, anchor="start", tag="caption:" + name))
            y += n * KEY_LINE
            mine = entries[name]
            now = [(e, p) for e, p in mine if f"{name}:{e}" in drawn]
            rows = _flow(now if compact else mine, W)[-1][1] + 1 if (now or not compact) else 0
            for (entry, phrase), (x, row) in zip(now, _flow(now, W)):
                cy = y + (row + 0.5) * KEY_ROW
                self.sample(name, entry, x + KEY_SAMPLE, cy)
                self.key_l.append(Text(x + 2 * KEY_SAMPLE + 6, cy, phrase, KEY_TEXT,
                                       t.key_text, anchor="start",
                                       tag=f"key-text:{name}:{entry}"))
                self.key_list.append((name, entry, phrase))
            y += rows * KEY_ROW + 6
        return y + KEY_PAD - geo.height

    def sample(self, overlay: str, entry: str, x: float, y: float) -> None:
        """The key's sample of one entry: the board's own symbol, drawn at
        KEY_SAMPLE radius on a little plot."""
        t, R = self.t, KEY_SAMPLE
        out: list[Shape] = []
        tag = f"key:{overlay}:{entry}"
        plot = _ngon_at(6, R, 30.0, x, y)
        out.append(Polygon(plot, t.cell, t.cell_stroke, max(0.8, self.lw * 0.6)))
        _overlays.unit(overlay).sample(self, entry, x, y, out)
        for s in out:
            s.tag, s.legend = tag, None
        self.key_l.extend(out)

    # ------------------------------------------------------ annotations
    def annotations(self, ann: Mapping[str, Any] | None) -> None:
        geo, t, R = self.geo, self.t, self.R
        if not ann:
            return
        lw = max(2.0, self.lw * 3.2)
        for a in ann.get("arrows", ()):
            i0 = _cell_id(geo, a[0], "an arrow's start")
            i1 = _cell_id(geo, a[1], "an arrow's end")
            x0, y0 = geo.center[i0]
            x1, y1 = geo.center[i1]
            if i0 == i1:
                continue
            sx, sy = _toward(x0, y0, x1, y1, 0.35 * R)
            ex, ey = _toward(x1, y1, x0, y0, 0.35 * R)
            self.arrows_l.append(Line(((sx, sy), (ex, ey)), t.arrow, lw, alpha=t.arrow_alpha,
                                      arrow=True, tag=f"arrow:{geo.names[i0]}:{geo.names[i1]}"))
        marks = ann.get("marks", {})
        out = self.marks_l
        for name in sorted(marks, key=lambda n: geo.board.order[_cell_id(geo, n, "a mark")]):
            i = _cell_id(geo, name, "a mark")
            nm = geo.names[i]
            label = str(marks[name])
            # a yellow outline edged in black: visible on any cell or piece,
            # under every overlay mark and arrow
            out.append(Polygon(geo.inner[i], None, t.mark_stroke, lw * 0.8 + 2.2,
                               tag="mark:" + nm))
            out.append(Polygon(geo.inner[i], None, t.mark, lw * 0.8, tag="mark:" + nm))
            if label:
                cx, cy = geo.center[i]
                size = self.ts(0.46)
                w = max(0.6 * R, 0.6 * size * len(label) + 0.32 * R)
                h = max(0.62 * R, size + 4)
                y = cy - 0.66 * R
                out.append(Polygon(((cx - w / 2, y - h / 2), (cx + w / 2, y - h / 2),
                                    (cx + w / 2, y + h / 2), (cx - w / 2, y + h / 2)),
                                   t.mark, t.mark_stroke, max(0.8, self.lw * 0.7),
                                   tag="mark-label:" + nm))
                out.append(Text(cx, y, label, size, t.mark_text, weight="bold",
                                tag="mark-label:" + nm))

    # --------------------------------------------------------- selection
    def selection(self, hover: int | None, selected: int | None, targets: Iterable[int],
                  pieces: Mapping[str, str]) -> None:
        geo, t, R, out = self.geo, self.t, self.R, self.sel_l
        lw = max(1.5, self.lw * 2.0)
        if hover is not None:
            out.append(Polygon(geo.inner2[hover], None, t.hover, lw,
                               tag="hover:" + geo.names[hover]))
        if selected is not None:
            cx, cy = geo.center[selected]
            out.append(Circle(cx, cy, 0.86 * R, None, t.selected, lw * 1.4,
                              tag="selected:" + geo.names[selected]))
        for i in targets:
            cx, cy = geo.center[i]
            nm = geo.names[i]
            if nm in pieces:
                out.append(Circle(cx, cy, 0.8 * R, None, t.target, lw * 1.2, alpha=0.9,
                                  tag="target:" + nm))
            else:
                out.append(Circle(cx, cy, 0.22 * R, t.target, None, 0, alpha=0.9,
                                  tag="target:" + nm))


def _unit(dx: float, dy: float) -> Point:
    n = math.hypot(dx, dy) or 1.0
    return dx / n, dy / n


def _toward(x0: float, y0: float, x1: float, y1: float, dist: float) -> Point:
    ux, uy = _unit(x1 - x0, y1 - y0)
    return x0 + ux * dist, y0 + uy * dist


def _along(x0: float, y0: float, d: int, R: float, steps: float) -> Point:
    """The point ``steps`` cells from (x0, y0) in direction d."""
    dq, dr = DIRECTIONS[d]
    return (x0 + R * SQRT3 * (dq + dr / 2.0) * steps, y0 + R * 1.5 * dr * steps)


def _ngon_at(n: int, rad: float, rot: float, x: float, y: float) -> Points:

    return tuple((x + rad * math.cos(math.radians(rot + 360.0 * k / n)),
                  y + rad * math.sin(math.radians(rot + 360.0 * k / n))) for k in range(n))


__all__ = ["OVERLAYS", "LAYERS", "Polygon", "Circle", "Line", "Text", "Scene", "build_scene",
           "board_geometry", "radius_for", "arrow_parts", "BoardGeometry", "DEFAULT_RADIUS",
           "MIN_TEXT", "MIN_RADIUS", "legend_entries", "key_height", "wrap", "text_width"]


# the built-in units register themselves (they use this module's shapes)
from .overlays import dendria as _dendria_units  # noqa: E402,F401
from .overlays import hedu as _hedu_units  # noqa: E402,F401
