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
                       ``name:g7`` a name written inside a cell (modular boards)
``last:g7``            a cell touched by the last turn (pieces layer, under the piece;
                       Hedu: the new stack and every stack it changed)
``piece:g7:dark:seed`` a piece (``tree``, ``dendrid``); Hedu ``piece:g7:black:2``;
                       ``piece-detail:g7`` an extra mark of the same piece;
                       ``height:g7:2`` the height written on a Hedu stack
``root:g7:E``          a root of the focus cell g7 towards E (dashed: nutrientless);
                       ``root-count:g7:E`` the number of empty plots between;
                       ``nourisher:e5`` the ring round a nourisher;
                       ``edge:g7:E`` where a nutrientless root meets the edge
``hungry:e5`` /        the ring round a seed; ``nourishers:e5:dark`` and
``nourished:e5``       ``nourishers:e5:light`` its nourishers counted by colour
``fert:dark:e5``       a soil fertilized by dark (``fert:light:e5``);
                       ``sight:d4:E`` a dendrid's line of sight
``fertile:e5``         a fertile soil of some seedbed or forest;
                       ``group:seedbed:dark:c3`` the outline of a group (first cell)
``sprout:e5``          a seed the side to move may sprout (``grow:e5``,
                       ``capture:e5`` a cell of a group it may grow / capture);
                       ``conv-label:e5`` the letter S, G or C
``power:g7``           the power of a cell
``region:g7:black``    Hedu: a cell of a region tinted by its controller
                       (``none`` when nobody controls it); ``region-value:g7``
                       the value, written once per region
``placement-height:g7``  Hedu: the height a new stack would get on g7
``preview:place:g7``   Hedu placement preview of the focus cell (``preview:shrink:e5``,
                       ``preview:grow:e5``, ``preview:leave:e5``,
                       ``preview-label:e5``, ``preview:prisoners``;
                       ``preview:none:g7`` when no stack can stand there)
``mark:g7``            a teacher mark (``mark-label:g7``); ``arrow:g7:e5`` an arrow
``hover:g7``           selection layer: hover, ``selected:g7``, ``target:g7``
=====================  ======================================================

Geometry that depends only on the board and the hex size (cell polygons,
centres, outlines, the names along the border) is computed once and cached
per (board, radius).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from ..errors import DendriaError
from ..geometry import DIRECTION_NAMES, DIRECTIONS, Layout, iter_bits
from ..rules.variant import OVERLAY_NAMES, VARIANTS
from .theme import DEFAULT_THEME

#: every overlay name ``build_scene`` takes; which ones a game offers (and
#: their labels and tooltips) is its variant's: ``game.variant.overlays``
OVERLAYS = OVERLAY_NAMES
# the overlays of each game family (old names, derived from the variants)
DENDRIA_OVERLAYS = frozenset(t[0] for t in VARIANTS["dendria-sprites"].overlay_texts)
HEDU_OVERLAYS = frozenset(t[0] for t in VARIANTS["hedu"].overlay_texts)
LAYERS = ("board", "pieces", "overlays", "selection")

DEFAULT_RADIUS = 24.0
MARGIN = 1.15   # space round the board, in hex radii (room for the names)
SQRT3 = math.sqrt(3.0)


# ---------------------------------------------------------------- shapes
@dataclass(slots=True)
class Polygon:
    """A closed polygon. ``fill``/``stroke`` None: not filled / not stroked.
    ``dash``: a tuple of dash and gap lengths in CSS px."""
    points: tuple
    fill: str | None
    stroke: str | None
    width: float
    alpha: float = 1.0
    dash: tuple | None = None
    tag: str | None = None


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
    dash: tuple | None = None


@dataclass(slots=True)
class Line:
    """An open polyline; ``arrow``: an arrowhead at the last point (see
    :func:`arrow_parts`)."""
    points: tuple
    stroke: str
    width: float
    alpha: float = 1.0
    dash: tuple | None = None
    arrow: bool = False
    tag: str | None = None


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


def arrow_parts(line):
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


@dataclass
class Scene:
    """What to draw: ``layers`` maps a layer name to its shapes, in draw
    order (board, pieces, overlays, selection). ``layout`` is the
    :class:`~dendria_widget.geometry.Layout` (pixel <-> cell) and
    ``background`` the colour under everything."""
    width: float
    height: float
    layers: dict
    layout: Layout = None
    background: str = "#ffffff"
    game_kind: str = "dendria"
    font: str = "DejaVu Sans, Verdana, Arial, sans-serif"

    def shapes(self, layer=None):
        """Every shape (of one layer, or of all layers in draw order)."""
        if layer is not None:
            return list(self.layers[layer])
        return [s for shapes in self.layers.values() for s in shapes]

    def find(self, prefix, layer=None):
        """Shapes whose tag is ``prefix`` or starts with ``prefix + ':'``."""
        p2 = prefix + ":"
        return [s for s in self.shapes(layer)
                if s.tag is not None and (s.tag == prefix or s.tag.startswith(p2))]

    def tags(self, layer=None):
        return [s.tag for s in self.shapes(layer) if s.tag is not None]

    def cell_at(self, x, y):
        """The name of the plot under CSS pixel (x, y), or None."""
        i = self.layout.cell_at(x, y)
        return None if i is None else self.layout.board.name(i)

    def center(self, cell):
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


def _star(points, outer, inner, rot=-90.0):
    out = []
    for k in range(2 * points):
        a = math.radians(rot + 180.0 * k / points)
        rad = outer if k % 2 == 0 else inner
        out.append((rad * math.cos(a), rad * math.sin(a)))
    return tuple(out)


def _ngon(n, rad, rot):
    return tuple((rad * math.cos(math.radians(rot + 360.0 * k / n)),
                  rad * math.sin(math.radians(rot + 360.0 * k / n))) for k in range(n))


def _chain(segments, layout):
    """Join directed segments (a, b) of hex edges into closed loops of points.

    Corners are matched by their place on the exact corner lattice (x in
    steps of sqrt(3)/2 R, y in steps of R/2 from the layout's origin), never
    by rounded floats, so a loop can never break and be closed by a chord."""
    ux = layout.radius * math.sqrt(3.0) / 2.0
    uy = layout.radius / 2.0
    ox, oy = layout.ox, layout.oy

    def key(p):
        return (round((p[0] - ox) / ux), round((p[1] - oy) / uy))
    nxt = {}
    for a, b in segments:
        nxt[key(a)] = (a, b)
    loops = []
    seen = set()
    for a, b in segments:
        k0 = key(a)
        if k0 in seen:
            continue
        loop = []
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

    def __init__(self, board, radius):
        R = self.radius = float(radius)
        lay = self.layout = Layout(board, R, margin=MARGIN * R)
        self.board = board
        self.width, self.height = lay.width, lay.height
        self.names = {i: board.name(i) for i in board.plots}
        self.ids = {n: i for i, n in self.names.items()}
        self.center = {}
        self.hex = {}
        self.inner = {}
        self.inner2 = {}
        for i in board.plots:
            cx, cy = lay.center(i)
            self.center[i] = (cx, cy)
            self.hex[i] = tuple((cx + R * c, cy + R * s) for c, s in zip(_COS, _SIN))
            self.inner[i] = tuple((cx + 0.84 * R * c, cy + 0.84 * R * s)
                                  for c, s in zip(_COS, _SIN))
            self.inner2[i] = tuple((cx + 0.93 * R * c, cy + 0.93 * R * s)
                                   for c, s in zip(_COS, _SIN))
        self.lagoons = []
        for i in board.lagoons:
            q, r = board.axial(i)
            cx, cy = lay.center(i)
            poly = tuple((cx + R * c, cy + R * s) for c, s in zip(_COS, _SIN))
            w = 0.45 * R
            wave = tuple((cx + w * (k / 3.0 - 1), cy + 0.12 * R * (1 if k % 2 else -1))
                         for k in range(7))
            self.lagoons.append((f"{q},{r}", poly, wave))
        # outline of the board (outer border and the shores of lagoons)
        segs = []
        for i in board.plots:
            h = self.hex[i]
            for d in range(6):
                if board.nbr_dir[i][d] < 0:
                    a, b = EDGE[d]
                    segs.append((h[a], h[b]))
        self.outline = _chain(segs, lay)
        self.glyphs = _glyphs()
        self.coords = self._coords(board, lay, R)

    def _coords(self, board, lay, R):
        """(x, y, text, tag) of the names along the border (see the module doc)."""
        out = []
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


def _glyphs():
    """Unit point offsets of the piece glyphs (scaled by the theme's sizes)."""
    return {
        "tree": _ngon(6, 1.0, 0.0),      # a flat-top hexagon in the pointy-top cell
        "star": _star(5, 1.0, 0.45),     # the dendrid
    }


@lru_cache(maxsize=64)
def board_geometry(board, radius):
    """The cached :class:`BoardGeometry` of a board at a hex radius."""
    return BoardGeometry(board, radius)


@lru_cache(maxsize=64)
def _unit_size(board):
    lay = Layout(board, 1.0, margin=MARGIN)
    return lay.width, lay.height


def radius_for(board, width=None, height=None):
    """The hex radius that makes the board fit in ``width`` (and ``height``) CSS px."""
    uw, uh = _unit_size(board)
    cands = []
    if width is not None:
        cands.append(width / uw)
    if height is not None:
        cands.append(height / uh)
    if not cands:
        return DEFAULT_RADIUS
    return math.floor(min(cands) * 100) / 100.0


# ------------------------------------------------------------- helpers
def _scaled(offsets, s, cx, cy):
    return tuple((cx + s * x, cy + s * y) for x, y in offsets)


def _colour_index(word):
    return 0 if word in ("dark", "black") else 1


def _cell_id(geo, name, what):
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


def _last_turn_cells(game):
    """Ids of the cells the last turn's steps touched (the turn in progress
    if there is one), with whole groups for grow and capture, and for Hedu
    every stack the placement changed."""
    st = game.state
    turn = getattr(st, "current", None) or (st.turns[-1] if getattr(st, "turns", None) else None)
    if not turn:
        return []
    b = game.board
    cells = []
    for verb, arg in turn:
        if isinstance(arg, int) and not isinstance(arg, bool) and arg in b and verb not in (
                "komi", "side"):
            if verb in ("grow", "capture") and hasattr(st, "group_at"):
                cells.extend(iter_bits(st.group_at(arg)))
            else:
                cells.append(arg)
    effects = getattr(st, "last_effects", None)
    if effects is not None:   # Hedu: the stacks the placement changed
        cells.extend(e[0] for e in (effects() or ()))
    seen = set()
    out = []
    for i in cells:
        if i not in seen:
            seen.add(i)
            out.append(i)
    return out


# ------------------------------------------------------------ the scene
def build_scene(game, overlays=(), focus=None, selected=None, targets=(), hover=None,
                theme=DEFAULT_THEME, radius=None, width=None, show_names=True,
                annotations=None, last_turn=True):
    """The picture of ``game`` as a :class:`Scene`.

    - ``overlays``: names among :data:`OVERLAYS`; each is drawn only when it
      applies to the game (Dendria: roots, nutrients, fertilization, fertile,
      conversions, power; Hedu: regions, heights, preview; both: annotations).
      An unknown name is an error.
    - ``focus``: the cell whose roots (Dendria) or placement preview (Hedu)
      is shown; ``selected``: the selected cell; ``targets``: cells to mark as
      legal targets; ``hover``: the cell under the pointer.
    - ``radius`` (hex circumradius in CSS px) or ``width`` (CSS px the board
      must fit in) sets the size (radius first when both are given); default
      radius 24.
    - ``show_names``: cell names along the border; ``annotations``: a dict
      ``{"marks": {cell: label}, "arrows": [[from, to], ...]}`` drawn instead
      of ``game.annotations`` (giving it draws it even without the
      ``"annotations"`` overlay); ``last_turn``: highlight the cells the last
      turn touched.
    """
    if isinstance(overlays, str):
        overlays = (overlays,)
    overlays = set(overlays or ())
    bad = overlays - set(OVERLAYS)
    if bad:
        raise DendriaError(f"unknown overlay {sorted(bad)[0]!r} "
                           f"(overlays: {', '.join(OVERLAYS)})")
    board = game.board
    if radius is None:
        radius = radius_for(board, width) if width is not None else DEFAULT_RADIUS
    if not isinstance(radius, (int, float)) or isinstance(radius, bool) or radius <= 0:
        raise DendriaError(f"radius must be a positive number of pixels, not {radius!r}")
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
    b = _Builder(geo, theme)
    b.board_layer(show_names)
    if last_turn:
        b.last_turn(_last_turn_cells(game))
    b.pieces(pieces, hedu)
    # an overlay the rules do not offer (power without the power rule, the
    # regions of a Dendria game) draws nothing
    offered = overlays & variant.overlay_names
    if offered:
        if hedu:
            b.hedu_overlays(game, offered, focus_id)
        else:
            b.dendria_overlays(game, offered, focus_id)
    if annotations is not None or "annotations" in overlays:
        b.annotations(annotations if annotations is not None
                      else getattr(game, "annotations", None))
    b.selection(hover_id, selected_id, target_ids, pieces)
    return Scene(geo.width, geo.height, b.layers, geo.layout, theme.background,
                 variant.family, theme.font)


class _Builder:
    """Appends shapes to the four layers (one per build)."""

    def __init__(self, geo, theme):
        self.geo = geo
        self.t = theme
        self.R = geo.radius
        self.lw = theme.line * geo.radius / 20.0
        self.board_l = []
        self.pieces_l = []
        self.over_l = []
        self.sel_l = []
        self.occupied = {}
        self.layers = {"board": self.board_l, "pieces": self.pieces_l,
                       "overlays": self.over_l, "selection": self.sel_l}

    # ------------------------------------------------------------ board
    def board_layer(self, show_names):
        geo, t, out = self.geo, self.t, self.board_l
        lw = self.lw
        for i, poly in geo.hex.items():
            out.append(Polygon(poly, t.cell, t.cell_stroke, lw, tag="cell:" + geo.names[i]))
        for key, poly, wave in geo.lagoons:
            out.append(Polygon(poly, t.lagoon, t.lagoon_stroke, lw * 0.6, tag="lagoon:" + key))
            out.append(Line(wave, t.lagoon_wave, max(1.0, lw), tag="wave:" + key))
        for loop in geo.outline:
            out.append(Line(loop, t.cell_stroke, lw * 2.2, tag="border"))
        if show_names:
            size = 0.46 * self.R
            for x, y, text, tag in geo.coords:
                out.append(Text(x, y, text, size, t.coord, tag=tag))
            if geo.board.spec.get("shape") != "hexagon":
                # modular boards: rows run over lagoons and gaps, so the
                # index of each plot is written in its top corner
                small = 0.3 * self.R
                for i, (cx, cy) in geo.center.items():
                    nm = geo.names[i]
                    out.append(Text(cx, cy - 0.66 * self.R, nm, small, t.coord,
                                    tag="name:" + nm))

    def last_turn(self, cells):
        geo, t = self.geo, self.t
        for i in cells:
            self.pieces_l.append(Polygon(geo.inner2[i], t.last_turn, None, 0,
                                         alpha=t.last_turn_alpha,
                                         tag="last:" + geo.names[i]))

    # ----------------------------------------------------------- pieces
    def pieces(self, pieces, hedu):
        geo, t, R, out = self.geo, self.t, self.R, self.pieces_l
        ids = geo.ids
        glyph = geo.glyphs
        lw = max(1.0, self.lw * 1.1)
        self.occupied = pieces
        for name, piece in pieces.items():
            i = ids[name]
            cx, cy = geo.center[i]
            colour, what = piece.split()
            ci = _colour_index(colour)
            fill, stroke = t.piece_fill[ci], t.piece_stroke[ci]
            tag = f"piece:{name}:{colour}:{what}"
            if hedu:
                out.append(Circle(cx, cy, t.stack_scale * R, fill, stroke, lw * 1.3, tag=tag))
                out.append(Circle(cx, cy, t.stack_scale * R * 0.78, None, t.piece_detail[ci],
                                  lw * 0.8, tag="piece-detail:" + name))
                size = 0.62 * R if len(what) < 2 else 0.5 * R
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

    # ------------------------------------------------- Dendria overlays
    def dendria_overlays(self, game, overlays, focus_id):
        from ..explain import dendria as ex
        if "power" in overlays:
            self.power(ex.power(game))
        if "fertile" in overlays:
            self.fertile(ex.groups(game), draw_who="fertilization" not in overlays)
        if "fertilization" in overlays:
            self.fertilization(ex.fertilization(game))
        if "conversions" in overlays:
            self.conversions(ex.conversions(game))
        if "nutrients" in overlays:
            self.nutrients(ex.seeds(game))
        if "roots" in overlays and focus_id is not None:
            name = self.geo.names[focus_id]
            self.roots(name, ex.roots(game, name))

    def power(self, power):
        """The power of every plot: large in the middle of an empty plot,
        small in the upper left corner of an occupied one."""
        geo, t, R, out = self.geo, self.t, self.R, self.over_l
        occupied = self.occupied
        for name, p in power.items():
            cx, cy = geo.center[geo.ids[name]]
            if name in occupied:
                out.append(Text(cx - 0.5 * R, cy - 0.45 * R, str(p), 0.3 * R, t.power,
                                weight="bold", tag="power:" + name, halo=t.cell))
            else:
                out.append(Text(cx, cy, str(p), 0.42 * R, t.power, tag="power:" + name))

    def _who_marks(self, name, who):
        """Small diamonds low in the soil: dark's on the left, light's on the right."""
        geo, t, R, out = self.geo, self.t, self.R, self.over_l
        cx, cy = geo.center[geo.ids[name]]
        s = 0.2 * R
        lw = max(0.8, self.lw * 0.8)
        cy += 0.36 * R
        for colour in who:
            ci = _colour_index(colour)
            x = cx - 0.3 * R if ci == 0 else cx + 0.3 * R
            out.append(Polygon(((x, cy - s), (x + s * 0.8, cy), (x, cy + s), (x - s * 0.8, cy)),
                               t.piece_fill[ci], t.piece_stroke[ci], lw,
                               tag=f"fert:{colour}:{name}"))

    def fertilization(self, fert):
        geo, t, out = self.geo, self.t, self.over_l
        board = geo.board
        lw = max(1.0, self.lw * 1.3)
        # faint lines of sight: from each dendrid to the farthest soil it sees
        # in each direction (directions told by the geometry of the cells)
        for dname, seen in fert["lines"].items():
            p = geo.ids[dname]
            pq, pr = board.axial(p)
            far = {}
            for sname in seen:
                j = geo.ids[sname]
                q, r = board.axial(j)
                dq, dr = q - pq, r - pr
                n = max(abs(dq), abs(dr), abs(dq + dr))
                d = DIRECTIONS.index((dq // n, dr // n)) if n else -1
                if d >= 0 and n > far.get(d, (0, -1))[0]:
                    far[d] = (n, j)
            x0, y0 = geo.center[p]
            for d in sorted(far):
                x1, y1 = geo.center[far[d][1]]
                out.append(Line(((x0, y0), (x1, y1)), t.sight, lw, alpha=t.sight_alpha,
                                tag=f"sight:{dname}:{DIRECTION_NAMES[d]}"))
        both = {}
        for colour in ("dark", "light"):
            for soil in fert[colour]:
                both.setdefault(soil, []).append(colour)
        for soil in sorted(both, key=lambda n: geo.board.order[geo.ids[n]]):
            self._who_marks(soil, both[soil])

    def fertile(self, groups, draw_who):
        geo, t, out = self.geo, self.t, self.over_l
        board = geo.board
        soils = {}
        lw = max(1.0, self.lw * 1.4)
        for g in groups:
            members = {geo.ids[n] for n in g["cells"]}
            segs = []
            for i in members:
                h = geo.hex[i]
                for d in range(6):
                    if board.nbr_dir[i][d] not in members:
                        a, bb = EDGE[d]
                        segs.append((h[a], h[bb]))
            tag = f"group:{g['kind']}:{g['colour']}:{g['cells'][0]}"
            for loop in _chain(segs, geo.layout):
                out.append(Line(loop, t.fertile, lw, tag=tag))
            for soil, who in g["fertile_soils"].items():
                soils[soil] = who
        for soil in sorted(soils, key=lambda n: board.order[geo.ids[n]]):
            i = geo.ids[soil]
            out.append(Polygon(geo.inner2[i], t.fertile_tint, None, 0, alpha=t.fertile_alpha,
                               tag="fertile:" + soil))
            if draw_who:
                self._who_marks(soil, soils[soil])

    def conversions(self, conv):
        geo, t, R, out = self.geo, self.t, self.R, self.over_l
        lw = max(1.5, self.lw * 2.2)
        size = 0.36 * R

        def label(name, letter, colour):
            # S in the upper right corner, G and C at the top (a seed may
            # both sprout and grow)
            cx, cy = geo.center[geo.ids[name]]
            x, y = (cx + 0.5 * R, cy - 0.4 * R) if letter == "S" else (cx, cy - 0.6 * R)
            out.append(Circle(x, y, 0.25 * R, colour, t.chip, max(0.8, self.lw * 0.7),
                              tag="conv-label:" + name))
            out.append(Text(x, y, letter, size, "#ffffff", weight="bold",
                            tag="conv-label:" + name))

        for e in conv["grow"]:
            if e["ok"]:
                for name in e["cells"]:
                    out.append(Polygon(geo.inner[geo.ids[name]], None, t.grow, lw,
                                       tag="grow:" + name))
                    label(name, "G", t.grow)
        for e in conv["capture"]:
            if e["ok"]:
                for name in e["cells"]:
                    out.append(Polygon(geo.inner[geo.ids[name]], None, t.capture, lw,
                                       dash=(0.34 * R, 0.2 * R), tag="capture:" + name))
                    label(name, "C", t.capture)
        for name, reason in conv["sprout"].items():
            if reason is None:
                cx, cy = geo.center[geo.ids[name]]
                out.append(Circle(cx, cy, 0.55 * R, None, t.sprout, lw, tag="sprout:" + name))
                label(name, "S", t.sprout)

    def nutrients(self, seeds):
        geo, t, R, out = self.geo, self.t, self.R, self.over_l
        lw = max(1.5, self.lw * 1.8)
        size = 0.34 * R
        for name, s in seeds.items():
            cx, cy = geo.center[geo.ids[name]]
            if s["hungry"]:
                out.append(Circle(cx, cy, 0.45 * R, None, t.hungry, lw, tag="hungry:" + name,
                                  dash=(0.3 * R, 0.19 * R)))
            else:
                out.append(Circle(cx, cy, 0.45 * R, None, t.nourished, lw,
                                  tag="nourished:" + name))
            for colour, dx in (("dark", -0.4), ("light", 0.4)):
                ci = _colour_index(colour)
                x, y = cx + dx * R, cy + 0.56 * R
                out.append(Circle(x, y, 0.24 * R, t.piece_fill[ci], t.piece_stroke[ci],
                                  max(0.6, self.lw * 0.6), tag=f"nourishers:{name}:{colour}"))
                out.append(Text(x, y, str(s["by_colour"][colour]), size, t.piece_text[ci],
                                weight="bold", tag=f"nourishers:{name}:{colour}"))

    def roots(self, focus, roots):
        geo, t, R, out = self.geo, self.t, self.R, self.over_l
        board = geo.board
        fi = geo.ids[focus]
        x0, y0 = geo.center[fi]
        lw = max(1.5, self.lw * 2.2)
        for root in roots:
            d = DIRECTION_NAMES.index(root["direction"])
            tag = f"{focus}:{root['direction']}"
            if root["sees_edge"]:
                # to the edge: just past the last plot of the ray (or of the
                # focus cell itself when the ray is empty, edge_sight touching)
                last = geo.ids[root["cells"][-1]] if root["cells"] else fi
                lx, ly = geo.center[last]
                dq, dr = DIRECTIONS[d]
                q, r = board.axial(last)
                nx, ny = geo.layout.hex_to_pixel(q + dq, r + dr)
                ex, ey = lx + (nx - lx) * 0.5, ly + (ny - ly) * 0.5
                sx, sy = _toward(x0, y0, ex, ey, 0.32 * R)
                out.append(Line(((sx, sy), (ex, ey)), t.root_edge, lw,
                                dash=(0.3 * R, 0.18 * R), tag="root:" + tag))
                # a bar across the line where it meets the edge
                ux, uy = _unit(ex - sx, ey - sy)
                h = 0.3 * R
                out.append(Line(((ex - uy * h, ey + ux * h), (ex + uy * h, ey - ux * h)),
                                t.root_edge, lw * 1.3, tag="edge:" + tag))
            else:
                ni = geo.ids[root["nourisher"]]
                nx, ny = geo.center[ni]
                sx, sy = _toward(x0, y0, nx, ny, 0.32 * R)
                ex, ey = _toward(nx, ny, x0, y0, 0.62 * R)
                out.append(Line(((sx, sy), (ex, ey)), t.root, lw, tag="root:" + tag))
                out.append(Circle(nx, ny, 0.62 * R, None, t.nourisher_ring, lw,
                                  tag="nourisher:" + root["nourisher"]))
            n = root["empty_between"]
            # the count: in the middle of the empty stretch it counts
            cx, cy = _along(x0, y0, d, R, (n + 1) / 2.0)
            colour = t.root_edge if root["sees_edge"] else t.root
            out.append(Circle(cx, cy, 0.3 * R, t.chip, colour, max(1.2, self.lw * 1.4),
                              tag="root-count:" + tag))
            out.append(Text(cx, cy, str(n), 0.4 * R, t.chip_text, weight="bold",
                            tag="root-count:" + tag))

    # ---------------------------------------------------- Hedu overlays
    def hedu_overlays(self, game, overlays, focus_id):
        from ..explain import hedu as ex
        if "regions" in overlays:
            self.regions(ex.regions(game))
        if "heights" in overlays:
            self.placement_heights(ex.placement_heights(game))
        if "preview" in overlays and focus_id is not None:
            name = self.geo.names[focus_id]
            if name not in self.occupied:
                self.preview(name, ex.placement(game, name))

    def regions(self, regions):
        geo, t, R, out = self.geo, self.t, self.R, self.over_l
        for reg in regions:
            ctrl = reg["controller"]
            if ctrl:
                ci = _colour_index(ctrl)
                fill, alpha = t.region_tint[ci], t.region_alpha[ci]
            else:
                fill, alpha = t.region_neutral, t.region_neutral_alpha
            word = ctrl or "none"
            for name in reg["cells"]:
                out.append(Polygon(geo.inner2[geo.ids[name]], fill, None, 0,
                                   alpha=alpha, tag=f"region:{name}:{word}"))
        for reg in regions:
            ctrl = reg["controller"]
            if not ctrl:
                continue
            # the value, once, on the region's cell nearest to its middle
            cells = reg["cells"]
            pts = [geo.center[geo.ids[n]] for n in cells]
            mx = sum(p[0] for p in pts) / len(pts)
            my = sum(p[1] for p in pts) / len(pts)
            best = min(cells, key=lambda n: ((geo.center[geo.ids[n]][0] - mx) ** 2
                                             + (geo.center[geo.ids[n]][1] - my) ** 2,
                                             geo.board.order[geo.ids[n]]))
            x, y = geo.center[geo.ids[best]]
            ci = _colour_index(ctrl)
            out.append(Polygon(_ngon_at(6, 0.4 * R, 0.0, x, y), t.piece_fill[ci],
                               t.piece_stroke[ci], max(1.0, self.lw),
                               tag=f"region-value:{best}"))
            out.append(Text(x, y, str(reg["value"]), 0.42 * R, t.piece_text[ci],
                            weight="bold", tag=f"region-value:{best}"))

    def placement_heights(self, heights):
        geo, t, R, out = self.geo, self.t, self.R, self.over_l
        for name, h in heights.items():
            cx, cy = geo.center[geo.ids[name]]
            out.append(Text(cx, cy, str(h), 0.55 * R, t.placement, weight="bold",
                            tag=f"placement-height:{name}", halo=t.chip))

    def preview(self, focus, pl):
        """The placement preview of the focus cell (explain.hedu.placement)."""
        geo, t, R, out = self.geo, self.t, self.R, self.over_l
        lw = max(1.5, self.lw * 2)
        cx, cy = geo.center[geo.ids[focus]]
        pv = pl["preview"]
        if pv is None:
            # no stack can stand here: a cross
            h = 0.3 * R
            out.append(Line(((cx - h, cy - h), (cx + h, cy + h)), t.preview_shrink, lw * 1.3,
                            tag=f"preview:none:{focus}"))
            out.append(Line(((cx - h, cy + h), (cx + h, cy - h)), t.preview_shrink, lw * 1.3,
                            tag=f"preview:none:{focus}"))
            return
        colour, height = pv["placed"].split()
        ci = _colour_index(colour)
        ring = t.preview_place if pl["legal"] else t.preview_shrink
        out.append(Circle(cx, cy, t.stack_scale * R, t.piece_fill[ci], ring, lw * 1.2,
                          alpha=0.6, dash=(0.22 * R, 0.14 * R), tag=f"preview:place:{focus}"))
        out.append(Text(cx, cy, height, 0.58 * R, t.piece_text[ci], weight="bold",
                        tag=f"preview-label:{focus}"))
        for kind, colour_ in (("shrink", t.preview_shrink), ("grow", t.preview_grow),
                              ("leave", t.preview_leave)):
            for e in pv[kind]:
                name = e["cell"]
                x, y = geo.center[geo.ids[name]]
                after = e["to"].split()[1] if e["to"] else "0"
                out.append(Circle(x, y, 0.84 * R, None, colour_, lw,
                                  dash=(0.18 * R, 0.12 * R) if kind == "leave" else None,
                                  tag=f"preview:{kind}:{name}"))
                if kind == "leave":
                    h = 0.42 * R
                    out.append(Line(((x - h, y - h), (x + h, y + h)), colour_, lw,
                                    tag=f"preview:{kind}:{name}"))
                    out.append(Line(((x - h, y + h), (x + h, y - h)), colour_, lw,
                                    tag=f"preview:{kind}:{name}"))
                # the height it will have, on a chip at its upper right
                hx, hy = x + 0.56 * R, y - 0.5 * R
                out.append(Circle(hx, hy, 0.27 * R, colour_, t.chip, max(1.0, self.lw),
                                  tag=f"preview-label:{name}"))
                out.append(Text(hx, hy, after if e["to"] else "0", 0.38 * R, "#ffffff",
                                weight="bold", tag=f"preview-label:{name}"))
        taken = [(c, n) for c, n in pv["prisoners"].items() if n]
        if taken:
            txt = "; ".join(f"{c} takes {n} prisoner{'s' if n != 1 else ''}" for c, n in taken)
            out.append(Text(0.3 * R, 0.45 * R, txt, 0.42 * R, t.chip_text, anchor="start",
                            weight="bold", tag="preview:prisoners", halo=t.chip))

    # ------------------------------------------------------ annotations
    def annotations(self, ann):
        geo, t, R, out = self.geo, self.t, self.R, self.over_l
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
            out.append(Line(((sx, sy), (ex, ey)), t.arrow, lw, alpha=t.arrow_alpha, arrow=True,
                            tag=f"arrow:{geo.names[i0]}:{geo.names[i1]}"))
        marks = ann.get("marks", {})
        for name in sorted(marks, key=lambda n: geo.board.order[_cell_id(geo, n, "a mark")]):
            i = _cell_id(geo, name, "a mark")
            nm = geo.names[i]
            label = str(marks[name])
            # a yellow outline edged in black: visible on any cell or piece
            out.append(Polygon(geo.inner[i], None, t.mark_stroke, lw * 0.8 + 2.2,
                               tag="mark:" + nm))
            out.append(Polygon(geo.inner[i], None, t.mark, lw * 0.8, tag="mark:" + nm))
            if label:
                cx, cy = geo.center[i]
                size = 0.46 * R
                w = max(0.6 * R, 0.6 * size * len(label) + 0.32 * R)
                h = 0.62 * R
                y = cy - 0.66 * R
                out.append(Polygon(((cx - w / 2, y - h / 2), (cx + w / 2, y - h / 2),
                                    (cx + w / 2, y + h / 2), (cx - w / 2, y + h / 2)),
                                   t.mark, t.mark_stroke, max(0.8, self.lw * 0.7),
                                   tag="mark-label:" + nm))
                out.append(Text(cx, y, label, size, t.mark_text, weight="bold",
                                tag="mark-label:" + nm))

    # --------------------------------------------------------- selection
    def selection(self, hover, selected, targets, pieces):
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


def _unit(dx, dy):
    n = math.hypot(dx, dy) or 1.0
    return dx / n, dy / n


def _toward(x0, y0, x1, y1, dist):
    ux, uy = _unit(x1 - x0, y1 - y0)
    return x0 + ux * dist, y0 + uy * dist


def _along(x0, y0, d, R, steps):
    """The point ``steps`` cells from (x0, y0) in direction d."""
    dq, dr = DIRECTIONS[d]
    return (x0 + R * SQRT3 * (dq + dr / 2.0) * steps, y0 + R * 1.5 * dr * steps)


def _ngon_at(n, rad, rot, x, y):
    return tuple((x + rad * math.cos(math.radians(rot + 360.0 * k / n)),
                  y + rad * math.sin(math.radians(rot + 360.0 * k / n))) for k in range(n))


__all__ = ["OVERLAYS", "LAYERS", "Polygon", "Circle", "Line", "Text", "Scene", "build_scene",
           "board_geometry", "radius_for", "arrow_parts", "BoardGeometry", "DEFAULT_RADIUS"]
