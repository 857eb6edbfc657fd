"""Drawing scene shapes on an ipycanvas ``Canvas`` with few commands.

:func:`draw_layer` turns a list of shapes into batched canvas calls
(``fill_polygons``, ``stroke_polygons``, ``stroke_line_segments``,
``fill_circles``, ``stroke_circles``, ``fill_text``) and sets a style
attribute (``fill_style``, ``stroke_style``, ``line_width``,
``global_alpha``, ``set_line_dash``, ``font``, ...) only when it changes.

Shapes are grouped by style without changing what is seen: a shape joins an
earlier batch of its style only when no batch drawn in between overlaps it
(bounding boxes, kept in a coarse grid). Consecutive outlined polygons of one stroke style (the hex
cells of the board) are taken as tiles: their fills are drawn before their
outlines.

Nothing is read back from the canvas (headless, there is no frontend), and
everything is computed before the first canvas call, so the caller may wrap
several ``draw_layer`` calls in one ``hold_canvas()``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Sequence

from .scene import Circle, Line, Point, Polygon, Scene, Shape, Text, arrow_parts

if TYPE_CHECKING:  # for the type hints only
    import numpy as np
    from ipycanvas import Canvas    # no stubs: Any

#: a bounding box (x0, y0, x1, y1)
Box = tuple[float, float, float, float]
#: one drawing operation: (style key, item, bounding box)
Op = tuple[tuple[Any, ...], Any, Box]

_ALIGN = {"start": "left", "middle": "center", "end": "right"}
_LOOKBACK = 48


def _bbox_pts(points: Sequence[Point], pad: float) -> Box:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _ops(shapes: Sequence[Shape], k: float) -> list[Op]:
    """(key, item, bbox) drawing operations, in order, scaled by k."""
    ops: list[Op] = []
    i = 0
    n = len(shapes)
    while i < n:
        s = shapes[i]
        if (isinstance(s, Polygon) and s.fill and s.stroke and s.width > 0 and s.alpha >= 1
                and s.dash is None):
            # a run of tiles: fills first, then outlines
            j = i
            while (j < n and isinstance(t := shapes[j], Polygon) and t.fill
                   and t.stroke == s.stroke and t.width == s.width
                   and t.alpha >= 1 and t.dash is None):
                j += 1
            run = [t for t in shapes[i:j] if isinstance(t, Polygon)]   # all of them
            for t in run:
                pts = [(x * k, y * k) for x, y in t.points]
                ops.append((("fp", t.fill, 1.0), pts, _bbox_pts(pts, 0)))
            for t in run:
                pts = [(x * k, y * k) for x, y in t.points]
                ops.append((("sp", t.stroke, t.width * k, 1.0, None), pts,
                            _bbox_pts(pts, t.width * k)))
            i = j
            continue
        ops.extend(_shape_ops(s, k))
        i += 1
    return ops


def _dash(dash: tuple[float, ...] | None, k: float) -> tuple[float, ...] | None:
    return tuple(d * k for d in dash) if dash else None


def _shape_ops(s: Shape, k: float) -> list[Op]:
    out: list[Op] = []
    if isinstance(s, Polygon):
        pts: Any = [(x * k, y * k) for x, y in s.points]
        if s.fill:
            out.append((("fp", s.fill, s.alpha), pts, _bbox_pts(pts, 0)))
        if s.stroke and s.width > 0:
            out.append((("sp", s.stroke, s.width * k, s.alpha, _dash(s.dash, k)), pts,
                        _bbox_pts(pts, s.width * k)))
    elif isinstance(s, Circle):
        cx, cy, r = s.cx * k, s.cy * k, s.r * k
        if s.fill:
            out.append((("fc", s.fill, s.alpha), (cx, cy, r), (cx - r, cy - r, cx + r, cy + r)))
        if s.stroke and s.width > 0:
            w = s.width * k
            out.append((("sc", s.stroke, w, s.alpha, _dash(s.dash, k)), (cx, cy, r),
                        (cx - r - w, cy - r - w, cx + r + w, cy + r + w)))
    elif isinstance(s, Line):
        pts = list(s.points)
        head = None
        if s.arrow and len(pts) >= 2:
            pts, head = arrow_parts(s)
        pts = [(x * k, y * k) for x, y in pts]
        w = s.width * k
        if len(pts) >= 2:
            out.append((("sl", s.stroke, w, s.alpha, _dash(s.dash, k)), pts, _bbox_pts(pts, w)))
        if head:
            hp = [(x * k, y * k) for x, y in head]
            out.append((("fp", s.stroke, s.alpha), hp, _bbox_pts(hp, 0)))
    elif isinstance(s, Text):
        size = s.size * k
        x, y = s.x * k, s.y * k
        half = 0.32 * size * max(1, len(s.text)) + (0.2 * size if s.halo else 0)
        if s.anchor == "start":
            box = (x, y - size, x + 2 * half, y + size)
        elif s.anchor == "end":
            box = (x - 2 * half, y - size, x, y + size)
        else:
            box = (x - half, y - size, x + half, y + size)
        out.append((("tx", s.fill, round(size, 2), s.weight, s.anchor, s.halo), (s.text, x, y),
                    box))
    else:
        raise TypeError(f"not a scene shape: {s!r}")
    return out


def _cells(box: Box, g: float) -> list[tuple[int, int]]:
    x0, y0, x1, y1 = int(box[0] // g), int(box[1] // g), int(box[2] // g), int(box[3] // g)
    return [(x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1)]


def plan(shapes: Iterable[Shape], scale: float = 2) -> list[tuple[tuple[Any, ...], list[Any]]]:
    """The batches that :func:`draw_layer` draws: a list of ``(key, items)``
    in draw order (exposed for tests and for measuring).

    Each batch keeps the boxes of its items in a coarse grid, so that "does
    anything drawn after that batch overlap this shape" is a few box tests."""
    g = 48.0 * scale
    batches: list[list] = []   # [key, items, {grid cell: [boxes]}]
    for key, item, box in _ops(list(shapes), scale):
        cells = _cells(box, g)
        target = None
        for b in reversed(batches[-_LOOKBACK:]):
            if b[0] == key:
                target = b
                break
            grid = b[2]
            if any(_overlap(o, box) for c in cells for o in grid.get(c, ())):
                break
        if target is None:
            target = [key, [], {}]
            batches.append(target)
        target[1].append(item)
        grid = target[2]
        for c in cells:
            grid.setdefault(c, []).append(box)
    return [(b[0], b[1]) for b in batches]


class _Style:
    """The canvas style as this module last set it (never read back)."""

    def __init__(self, canvas: Canvas, font_family: str) -> None:
        self.c = canvas
        self.family = font_family
        self.state: dict[str, Any] = {}

    def set(self, name: str, value: Any) -> None:
        if self.state.get(name, _UNSET) == value:
            return
        self.state[name] = value
        if name == "dash":
            self.c.set_line_dash(list(value) if value else [])
        else:
            setattr(self.c, name, value)


_UNSET = object()


def _arrays(polys: Iterable[Any]) -> list[np.ndarray]:
    import numpy as np
    return [np.asarray(p, dtype=float) for p in polys]


def draw_layer(canvas: Canvas, shapes: Iterable[Shape], scale: float = 2, clear: bool = False,
               font_family: str | None = None) -> int:
    """Draw ``shapes`` (one scene layer) on an ipycanvas ``Canvas`` whose
    pixels are ``scale`` x CSS pixels. ``clear``: clear the canvas first.
    Returns the number of batches drawn."""
    import numpy as np
    family = font_family or "DejaVu Sans, Verdana, Arial, sans-serif"
    batches = plan(shapes, scale)   # everything computed before the first call
    st = _Style(canvas, family)
    if clear:
        canvas.clear()
    st.set("line_join", "round")
    st.set("line_cap", "round")
    st.set("text_baseline", "middle")
    for key, items in batches:
        op = key[0]
        if op == "fp":
            st.set("fill_style", key[1])
            st.set("global_alpha", key[2])
            if len(items) == 1:
                canvas.fill_polygon(items[0])
            else:
                canvas.fill_polygons(_arrays(items))
        elif op in ("sp", "sl"):
            st.set("stroke_style", key[1])
            st.set("line_width", key[2])
            st.set("global_alpha", key[3])
            st.set("dash", key[4])
            if op == "sp":
                if len(items) == 1:
                    canvas.stroke_polygon(items[0])
                else:
                    canvas.stroke_polygons(_arrays(items))
            elif len(items) == 1:
                canvas.stroke_lines(items[0])
            else:
                canvas.stroke_line_segments(_arrays(items))
        elif op == "fc":
            st.set("fill_style", key[1])
            st.set("global_alpha", key[2])
            xs, ys, rs = (np.asarray(v, dtype=float) for v in zip(*items))
            canvas.fill_circles(xs, ys, rs)
        elif op == "sc":
            st.set("stroke_style", key[1])
            st.set("line_width", key[2])
            st.set("global_alpha", key[3])
            st.set("dash", key[4])
            xs, ys, rs = (np.asarray(v, dtype=float) for v in zip(*items))
            canvas.stroke_circles(xs, ys, rs)
        elif op == "tx":
            _, fill, size, weight, anchor, halo = key
            st.set("global_alpha", 1.0)
            st.set("font", f"{'bold ' if weight == 'bold' else ''}{size:g}px {family}")
            st.set("text_align", _ALIGN.get(anchor, "center"))
            if halo:
                st.set("stroke_style", halo)
                st.set("line_width", round(size * 0.22, 2))
                st.set("dash", None)
                for text, x, y in items:
                    canvas.stroke_text(text, x, y)
            st.set("fill_style", fill)
            for text, x, y in items:
                canvas.fill_text(text, x, y)
    return len(batches)


def draw_scene(canvas: Canvas, scene: Scene, scale: float = 2) -> int:

    """Draw every layer of a scene on one canvas (background first)."""
    canvas.clear()
    canvas.global_alpha = 1.0
    canvas.fill_style = scene.background
    canvas.fill_rect(0, 0, scene.width * scale, scene.height * scale)
    n = 0
    for shapes in scene.layers.values():
        n += draw_layer(canvas, shapes, scale, font_family=scene.font)
    return n


__all__ = ["draw_layer", "draw_scene", "plan"]
