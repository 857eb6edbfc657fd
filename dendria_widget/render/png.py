"""PNG output with Pillow: headless, no browser.

The scene is drawn at ``scale`` x its CSS size times a supersampling factor,
then shrunk with a Lanczos filter (anti-aliasing). Text uses Pillow's own
default font (``ImageFont.load_default(size=...)``); bold is drawn with a
thin stroke of the text's colour, a halo with a wider stroke behind it.
Pillow has no dashed lines: dashes are cut here (circles as 64-gons).
"""

from __future__ import annotations

import io
import math
import os
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Iterable, Sequence, Union

from ..files import write_atomic
from .scene import Circle, Line, Point, Points, Polygon, Scene, Shape, Text, arrow_parts, build_scene

if TYPE_CHECKING:  # for the type hints only
    from PIL import Image, ImageDraw, ImageFont

    from ..game import Game

#: a file's path, as ``open`` takes it
PathLike = Union[str, "os.PathLike[str]"]

SUPERSAMPLE = 2
# glyphs the default font lacks
_TEXT_SUBS = {"\u2192": ">", "\u00d7": "x", "\u2013": "-", "\u2014": "-"}


def _rgb(colour: str) -> tuple[int, int, int]:
    c = colour.lstrip("#")
    if len(c) == 3:
        c = "".join(ch * 2 for ch in c)
    return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)


@lru_cache(maxsize=None)
def _rgba(colour: str, alpha: float) -> tuple[int, int, int, int]:
    r, g, b = _rgb(colour)
    return (r, g, b, max(0, min(255, round(alpha * 255))))


@lru_cache(maxsize=64)
def _font(px: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    from PIL import ImageFont
    try:
        return ImageFont.load_default(size=px)
    except TypeError:  # Pillow < 10.1: a fixed bitmap font
        return ImageFont.load_default()


def _dashes(points: Iterable[Point], dash: Sequence[float],
            closed: bool = False) -> list[list[Point]]:
    """Cut a polyline into dash segments (lists of points)."""
    pts = list(points)
    if closed and pts and pts[0] != pts[-1]:
        pts.append(pts[0])
    pattern = [d for d in dash if d > 0] or [1.0]
    if len(pattern) % 2:
        pattern = pattern * 2
    out: list[list[Point]] = []
    k = 0
    left = pattern[0]
    on = True
    cur = [pts[0]] if pts else []
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        seg = math.hypot(x1 - x0, y1 - y0)
        pos = 0.0
        while seg - pos > left:
            pos += left
            t = pos / seg
            p = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
            if on:
                cur.append(p)
                out.append(cur)
                cur = []
            else:
                cur = [p]
            on = not on
            k = (k + 1) % len(pattern)
            left = pattern[k]
        left -= seg - pos
        if on:
            cur.append((x1, y1))
    if on and len(cur) >= 2:
        out.append(cur)
    return out


def _circle_points(cx: float, cy: float, r: float, n: int = 64) -> list[Point]:
    return [(cx + r * math.cos(2 * math.pi * k / n), cy + r * math.sin(2 * math.pi * k / n))
            for k in range(n + 1)]


def _stroke(draw: ImageDraw.ImageDraw, pts: Sequence[Point], colour: tuple[int, int, int, int],
            width: float) -> None:
    if len(pts) < 2:
        return
    w = max(1, round(width))
    draw.line(pts, fill=colour, width=w, joint="curve")
    if w > 3:  # round caps
        r = w / 2.0
        for x, y in (pts[0], pts[-1]):
            draw.ellipse((x - r, y - r, x + r, y + r), fill=colour)


def _draw_shape(draw: ImageDraw.ImageDraw, s: Shape, k: float) -> None:
    if isinstance(s, Polygon):
        pts = [(x * k, y * k) for x, y in s.points]
        if s.fill:
            draw.polygon(pts, fill=_rgba(s.fill, s.alpha))
        if s.stroke and s.width > 0:
            col = _rgba(s.stroke, s.alpha)
            if s.dash:
                for part in _dashes(pts, [d * k for d in s.dash], closed=True):
                    _stroke(draw, part, col, s.width * k)
            else:
                _stroke(draw, pts + pts[:1], col, s.width * k)
    elif isinstance(s, Circle):
        cx, cy, r = s.cx * k, s.cy * k, s.r * k
        if s.fill:
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=_rgba(s.fill, s.alpha))
        if s.stroke and s.width > 0:
            col = _rgba(s.stroke, s.alpha)
            w = s.width * k
            if s.dash:
                for part in _dashes(_circle_points(cx, cy, r), [d * k for d in s.dash]):
                    _stroke(draw, part, col, w)
            else:
                h = w / 2.0
                draw.ellipse((cx - r - h, cy - r - h, cx + r + h, cy + r + h), outline=col,
                             width=max(1, round(w)))
    elif isinstance(s, Line):
        col = _rgba(s.stroke, s.alpha)
        pts = list(s.points)
        head: Points | None = None
        if s.arrow and len(pts) >= 2:
            shaft, head = arrow_parts(s)
            pts = list(shaft)
        pts = [(x * k, y * k) for x, y in pts]
        if s.dash:
            for part in _dashes(pts, [d * k for d in s.dash]):
                _stroke(draw, part, col, s.width * k)
        else:
            _stroke(draw, pts, col, s.width * k)
        if head:
            draw.polygon([(x * k, y * k) for x, y in head], fill=col)
    elif isinstance(s, Text):
        text = "".join(_TEXT_SUBS.get(ch, ch) for ch in s.text)
        px = max(4, round(s.size * k))
        font = _font(px)
        anchor = {"start": "lm", "end": "rm"}.get(s.anchor, "mm")
        xy = (s.x * k, s.y * k)
        fill = _rgba(s.fill, 1.0)
        if s.halo:
            hw = max(1, round(s.size * k * 0.14))
            draw.text(xy, text, font=font, fill=_rgba(s.halo, 1.0), anchor=anchor,
                      stroke_width=hw, stroke_fill=_rgba(s.halo, 1.0))
        bold = max(1, round(px / 22)) if s.weight == "bold" else 0
        draw.text(xy, text, font=font, fill=fill, anchor=anchor,
                  stroke_width=bold, stroke_fill=fill if bold else None)
    else:
        raise TypeError(f"not a scene shape: {s!r}")


def scene_to_image(scene: Scene, scale: float = 2, supersample: int = SUPERSAMPLE) -> Image.Image:
    """A Pillow RGB image of the scene, ``scale`` device pixels per CSS pixel."""
    from PIL import Image, ImageDraw
    if not scale > 0:
        raise ValueError(f"scale must be positive, not {scale!r}")
    w = max(1, round(scene.width * scale))
    h = max(1, round(scene.height * scale))
    ss = max(1, int(supersample))
    k = scale * ss
    big = Image.new("RGB", (w * ss, h * ss), _rgb(scene.background))
    draw = ImageDraw.Draw(big, "RGBA")
    for shapes in scene.layers.values():
        for s in shapes:
            _draw_shape(draw, s, k)
    if ss > 1:
        big = big.resize((w, h), Image.Resampling.LANCZOS)
    return big


def scene_to_png(scene: Scene, scale: float = 2, supersample: int = SUPERSAMPLE) -> bytes:
    """PNG bytes of the scene at ``scale`` x its CSS size (2: for high-DPI screens)."""
    buf = io.BytesIO()
    scene_to_image(scene, scale, supersample).save(buf, format="PNG", optimize=False)
    return buf.getvalue()


def game_png(game: Game, scale: float = 2, **kw: Any) -> bytes:
    """PNG bytes of a game (keyword arguments go to ``build_scene``)."""
    kw.setdefault("overlays", ("annotations",))
    kw.setdefault("key", "compact")
    return scene_to_png(build_scene(game, **kw), scale=scale)


def save_png(game: Game, path: PathLike, scale: float = 2, **kw: Any) -> PathLike:
    """Write a game's picture as a PNG file; returns the path."""
    write_atomic(path, game_png(game, scale=scale, **kw), what="the picture")
    return path


def save_svg(game: Game, path: PathLike, **kw: Any) -> PathLike:

    """Write a game's picture as an SVG file; returns the path."""
    from .svg import game_svg
    write_atomic(path, game_svg(game, **kw), what="the picture")
    return path


__all__ = ["scene_to_png", "scene_to_image", "game_png", "save_png", "save_svg"]
